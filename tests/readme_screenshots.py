"""The README's screenshots: chapter 3 of the embedded sources on a 390 px touch phone, in the
light and the dark scheme, with the definition of a term (Equipment) open; and on a 1280 px
desktop in both schemes, with a rule's preview open.

`python tests/readme_screenshots.py` builds the site into a temporary folder and writes
.github/readme/phone-chapter-{light,dark}.png and desktop-chapter-{light,dark}.png."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from sitekit import Served, build, hover, settled, tap  # noqa: E402

OUT = ROOT / ".github" / "readme"


def main() -> None:
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        result = build(site)
        if result.returncode:
            sys.exit(result.stderr)
        served = Served(site)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for scheme in ("light", "dark"):
                context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                              device_scale_factor=2, color_scheme=scheme, service_workers="block")
                page = context.new_page()
                page.goto(served.url + "cr/3/#cr301-6")
                settled(page)
                tap(page, page.locator("h3#cr301-6 + [lang=en] u", has_text="Equipment").first)
                page.locator("#cr-pop").wait_for(state="visible")
                page.screenshot(path=str(OUT / f"phone-chapter-{scheme}.png"))
                context.close()
                context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme,
                                              service_workers="block")
                page = context.new_page()
                page.goto(served.url + "cr/3/#cr301-6")
                settled(page)
                hover(page, page.locator("h3#cr301-6 + [lang=en] a[href*='cr301-5c']").first)
                page.locator("#cr-pop").wait_for(state="visible")
                page.screenshot(path=str(OUT / f"desktop-chapter-{scheme}.png"))
                context.close()
            browser.close()
        served.close()


if __name__ == "__main__":
    main()
