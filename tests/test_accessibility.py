"""axe-core (from the npm registry, installed by `make test` into node_modules) on the five pages a
reader uses most, on a desktop and on a phone, with what opens on them open: no violation (the
issue asks for none serious or critical; there are none of any impact)."""
import json
from pathlib import Path

import pytest

from sitekit import hover

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ["", "cr/3/", "cr/glossary/", "cr/status/", "go/#999.1"]


def violations(page):
    """axe's findings on the page as it stands. Blocks of rules off screen are
    laid out first: until they come near, the browser gives them an estimated height (cr.css), and
    axe would read the colours of whatever the estimate puts behind them."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` installs axe-core (npm ci)")
    page.add_style_tag(content=".rules, .cr-glossary { content-visibility: visible !important; }")
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))""")


@pytest.mark.parametrize("device", ["page", "phone"])
@pytest.mark.parametrize("address", PAGES)
def test_no_violations(device, address, request, seed_url):
    page = request.getfixturevalue(device)
    page.goto(seed_url + address)
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
