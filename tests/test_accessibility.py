"""axe-core (from the npm registry, installed by `make test` into node_modules) on the pages a
reader uses most, on a desktop and on a phone, with what opens on them open: no violation (the
issue asks for none serious or critical; there are none of any impact)."""
import json
from pathlib import Path

import pytest

from sitekit import hover

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# the pages a reader uses most, of the seed build, and the full build's glossary and the end of a chapter
PAGES = [("seed", ""), ("seed", "cr/3/"), ("full", "cr/glossary/"), ("full", "cr/9/"), ("seed", "cr/status/"),
         ("seed", "go/#999.1")]


def violations(page):
    """axe's findings on the page as it stands, as it loaded: blocks of rules off screen keep the
    generator's estimated height until they come near (cr.css), and axe reads the colours of
    whatever lies behind their text, as a reader scrolling there before they are laid out would
    (the glossary's last block once lay over the footer). """
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` installs axe-core (npm ci)")
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))""")


@pytest.mark.parametrize("device", ["page", "phone"])
@pytest.mark.parametrize("site,address", PAGES)
def test_no_violations(device, site, address, request):
    page = request.getfixturevalue(device)
    page.goto(request.getfixturevalue(f"{site}_url") + address)
    page.wait_for_load_state("load")
    if address.startswith("go/"):
        page.wait_for_selector(".cr-go-status:has-text('999.1')")
    found = violations(page)
    assert found == [], json.dumps(found, ensure_ascii=False, indent=1)


def test_open_pop_up_panel_and_search_have_no_violations(page, seed_url):
    page.goto(seed_url + "cr/9/")
    page.locator("h3#cr903-4d a").click()  # the rule's panel
    page.locator("h3#cr903-4d ~ .cr-panel").first.wait_for()
    link = page.locator("h3#cr903-4d ~ [lang=en] a[href*='#cr']").first
    hover(page, link)  # a hovered link, and its preview
    page.locator("#cr-pop").wait_for(state="visible")
    assert violations(page) == []
    page.keyboard.press("Escape")
    page.click(".cr-search-button")
    page.fill(".cr-search__input", "commander")
    page.locator(".cr-search__result").first.wait_for()
    assert violations(page) == []


def test_the_phone_display_settings_have_no_violations(phone, seed_url):
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(seed_url + "cr/3/")
    phone.locator(".cr-display__toggle").tap()
    phone.locator(".cr-display__panel").wait_for(state="visible")
    assert violations(phone) == []
