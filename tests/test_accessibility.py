"""axe-core (from the npm registry, installed by `make test` into node_modules) on the pages a
reader uses most, on a desktop and on a phone, with what opens on them open, and on every page of
an edition's current rules in light and dark: no violation (the issue asks for none serious or
critical; there are none of any impact)."""
import json
from pathlib import Path

import pytest

from sitekit import hover, share_changed, shown, site_search

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# the pages a reader uses most, of the seed build, and of the full build a chapter whose end is its
# last block, and the glossary's last block (axe over the whole full glossary takes 16 s)
PAGES = [("seed", ""), ("seed", "cr/3/"), ("seed", "cr/glossary/"), ("full", "cr/9/"), ("seed", "cr/status/"),
         ("seed", "go/#999.1"), ("full", "cr/review/"), ("full", "sources/")]

# the right edge of the furthest element that is not inside something that scrolls sideways
FURTHEST = """() => Math.max(...[...document.querySelectorAll('.md-content *')].filter(e => {
    for (let a = e.parentElement; a; a = a.parentElement) { if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false; }
    return true; }).map(e => e.getBoundingClientRect().right))"""


# One element of each look: the elements holding text whose own and whose ancestors' computed colours,
# backgrounds, opacity, size, weight, decoration and visibility are the same read the same to a
# contrast checker, wherever they stand (chapter 7's 10,000 elements have 60 looks). A link counts as a
# look of its own where its block holds other text (what link-in-text-block reads). Where text lies
# over another block (a layout fault, not a colour) is read by the glossary's last-block test.
ONE_OF_EACH_LOOK = """() => {
  const looks = new Map(), firsts = new Map();  /* look -> its first element */
  function look(e) {
    if (!e || e.nodeType !== 1) { return ""; }
    let key = looks.get(e);
    if (key === undefined) {
      const s = getComputedStyle(e);
      key = look(e.parentElement) + "|" + [e.tagName, s.color, s.backgroundColor, s.backgroundImage, s.opacity, s.fontSize,
        s.fontWeight, s.textDecorationLine, s.textShadow, s.filter, s.mixBlendMode, s.visibility, s.display, s.position,
        s.clip, s.clipPath].join();
      looks.set(e, key);
    }
    return key;
  }
  for (const e of document.body.querySelectorAll("*")) {
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.data.trim())) { continue; }
    const key = look(e) + (e.tagName === "A" && e.parentElement.textContent.trim() !== e.textContent.trim() ? "|in text" : "");
    if (!firsts.has(key)) { firsts.set(key, e); }
  }
  if (firsts.size < 5) { throw new Error("only " + firsts.size + " looks on " + location.href); }
  return [...firsts.values()];
}"""


def violations(page, *include: str, rules: list[str] | None = None, looks: str | None = None):
    """axe's findings on the page as it stands, as it loaded: blocks of rules off screen keep the
    generator's estimated height until they come near (cr.css), and axe reads the colours of
    whatever lies behind their text, as a reader scrolling there before they are laid out would
    (the glossary's last block once lay over the footer). With selectors, only what they match:
    what opened on a long page, whose whole the other tests read. With rules, only those rules;
    with looks, only the elements take_looks kept under that name, for the colour rules."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` installs axe-core (npm ci)")
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""([include, rules, looks]) => axe.run(looks ? window.crLooks[looks]
        : include.length ? {include: include.map(s => [s])} : document,
        Object.assign({resultTypes: ['violations']}, rules ? {runOnly: {type: 'rule', values: rules}} : {})).then(r => r.violations
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + ((n.any[0] || {}).message || ""))})))""",
                         [list(include), rules, looks])


def take_looks(page, name: str) -> None:
    """Keep one element of each look of the page as it stands (ONE_OF_EACH_LOOK) under a name."""
    page.evaluate("name => { (window.crLooks = window.crLooks || {})[name] = (" + ONE_OF_EACH_LOOK + ")(); }", name)


# axe measures every element of the page before it reads one (its grid of what lies over what): 2 to
# 4 s a run on chapter 7 and the glossary. The blocks of rules that hold none of the elements read add
# nothing to what it reads of their colours, and are set aside first where the colours are the question.
SET_ASIDE_OTHER_BLOCKS = """kept => {
  for (const block of document.querySelectorAll('.rules, .cr-glossary')) {
    if (!kept.some(e => block.contains(e))) { block.remove(); }
  }
}"""


def set_aside_blocks_without(page, elements: str) -> None:
    """SET_ASIDE_OTHER_BLOCKS, keeping the blocks that hold the elements of this expression."""
    page.evaluate(f"() => ({SET_ASIDE_OTHER_BLOCKS})({elements})")


@pytest.mark.parametrize("site,address", PAGES)
def test_no_violations_on_a_phone(site, address, phone, request):
    """On a phone, in light; these pages of a desktop are read in both schemes below (of another
    build: the same templates, other texts). Nothing is wider than the phone: what lies past its
    right edge is out of reach (the status page's bars once were)."""
    phone.goto(request.getfixturevalue(f"{site}_url") + address)
    phone.wait_for_load_state("load")
    if address.startswith("go/"):
        phone.wait_for_selector(".cr-go-status:has-text('999.1')")
    assert violations(phone) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.evaluate(FURTHEST) <= 390  # the page hides what is wider: the sources table was 604 px


# every page of the current rules of another edition's build (2024-02-02, its Chinese carried from
# 2023-11-17: stale labels, stale sentences, rules without Chinese), with the changes since 2023-11-17,
# and the go page
EVERY_PAGE = [""] + [f"cr/{n}/" for n in range(1, 10)] + ["cr/glossary/", "cr/status/", "cr/changes/", "cr/review/",
                                                          "go/#999.1", "sources/"]
# what depends on the colours (the rest of axe's rules read the same page in either scheme; they read
# the desktop's whole chapter 9 below, with its panel, a preview and the search open)
COLOURS = ["color-contrast", "link-in-text-block"]


def test_every_page_of_an_edition_has_no_violations_in_either_scheme(page, carried_url):
    """Each page on a light system, then as it turns dark when the system does (the theme's colour
    transitions off: blocks not yet laid out keep theirs paused, and axe would read a moment of the
    change). The pages the phone reads in light above (of the 2023-11-17 builds, every rule) are
    read here as a dark system opens them. axe reads one element of each look (ONE_OF_EACH_LOOK) of
    each scheme, both taken before the blocks holding neither are set aside (SET_ASIDE_OTHER_BLOCKS;
    where text lies over another block is the glossary's last-block test's): the whole of chapter 7
    and of the glossary took it 7-10 s a scheme. Checked to fail on a dark colour given to the term
    marks of one rule deep in chapter 7."""
    found = {}
    for address in EVERY_PAGE:
        light = address.split("#")[0] not in {site_address.split("#")[0] for _, site_address in PAGES}
        page.emulate_media(color_scheme="light" if light else "dark")
        page.goto(carried_url + address)
        page.wait_for_load_state("load")
        if address.startswith("go/"):
            page.wait_for_selector(".cr-go-status:has-text('999.1')")
        if light:
            assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
            take_looks(page, "light")
            page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
            page.emulate_media(color_scheme="dark")
        page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
        take_looks(page, "dark")
        set_aside_blocks_without(page, "Object.values(window.crLooks).flat()")
        found[address + " dark"] = violations(page, rules=COLOURS, looks="dark")
        if light:
            page.emulate_media(color_scheme="light")
            page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
            found[address + " light"] = violations(page, rules=COLOURS, looks="light")
    assert len(found) == 2 * len(EVERY_PAGE) - len(PAGES)
    assert found == {key: [] for key in found}, json.dumps(found, ensure_ascii=False, indent=1)


def test_the_last_block_of_the_full_glossary_lies_on_the_page_not_the_footer(phone, full_url):
    """The pinyin index, skipped until the reader comes near, once kept an estimated height short of
    its text, and its links lay over the footer (18 serious contrast violations on a desktop, 8 on a
    phone)."""
    page = phone
    page.goto(full_url + "cr/glossary/")
    page.wait_for_load_state("load")
    assert violations(page, ".md-content__inner > :last-child") == []


def test_open_pop_up_panel_and_search_have_no_violations(page, seed_url):
    page.goto(seed_url + "cr/9/")
    page.locator("h3#cr903-4d a").click()  # the rule's panel
    page.locator("h3#cr903-4d ~ .cr-panel").first.wait_for()
    link = page.locator("h3#cr903-4d ~ [lang=en] a[href*='#cr']").first
    hover(page, link)  # a hovered link, and its preview
    shown(page.locator("#cr-pop"))
    assert violations(page) == []
    page.keyboard.press("Escape")
    page.click(".cr-search-button")
    page.fill(".cr-search__input", "commander")
    page.locator(".cr-search__result").first.wait_for()
    assert violations(page, ".cr-search") == []  # (the page beneath was read whole just above)


def test_the_phone_display_settings_have_no_violations(phone, seed_url):
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(seed_url + "cr/3/")
    phone.locator(".cr-display__toggle").tap()
    phone.locator(".cr-display__panel").wait_for(state="visible")
    assert violations(phone, ".md-header") == []  # the settings open in the header; the page is read whole above


def test_the_keyboards_focus_shows_wherever_it_is(page, seed_url):
    """A focused control looks otherwise than unfocused: the selected mode and script buttons
    (their white ring on their white face), a search result (a 1.1:1 tint), the go page's box."""
    def seen(locator, focus) -> bytes:
        focus()
        page.wait_for_timeout(50)
        return locator.screenshot(animations="disabled")

    def blur():
        page.evaluate("document.activeElement && document.activeElement.blur()")

    page.goto(seed_url + "cr/9/")
    page.keyboard.press("Tab")  # the keyboard, not a pointer: :focus-visible
    for selected in (".cr-modes button[data-mode='both']", ".cr-scripts button[data-script='hans']"):
        button = page.locator(selected)
        assert button.get_attribute("aria-pressed") == "true"
        assert seen(button, blur) != seen(button, button.focus), selected
    assert site_search(page, "commander damage")
    result = page.locator(".cr-search__result").first
    unfocused = result.screenshot(animations="disabled")
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(50)
    assert result.screenshot(animations="disabled") != unfocused
    page.keyboard.press("Escape")
    page.goto(seed_url + "go/")
    box = page.locator("#cr-go input")
    page.keyboard.press("Tab")
    assert seen(box, blur) != seen(box, box.focus)


def test_the_changes_say_what_was_deleted_and_inserted_to_a_screen_reader(page, full_url):
    """The changes page showed an edit by colour and strike only ("See rule 719720"), in tables
    whose columns had no names."""
    page.goto(full_url + "cr/changes/")
    table = page.locator("#changes-glossary ~ * table.cr-changes, table.cr-changes").last
    assert table.locator("thead th").count() == 3
    deleted = page.locator(".cr-changes del").first
    said = deleted.evaluate("d => getComputedStyle(d, '::before').content + d.textContent + getComputedStyle(d, '::after').content")
    assert said.startswith('" [删去 deleted: "') and said.endswith('"] "'), said
    assert deleted.evaluate("d => getComputedStyle(d, '::before').width") == "1px"  # heard, not seen


# text twice as large, as a phone's text-size setting makes it (the theme sizes everything in rem)
LARGE_TEXT = ("document.addEventListener('DOMContentLoaded', () => document.head.appendChild("
              "Object.assign(document.createElement('style'), {textContent: 'html { font-size: 200% !important }'})))")


def test_large_text_on_a_small_phone_keeps_the_search_close_and_a_reports_columns_in_reach(phone, seed_url):
    """A 320 px phone with text at 200%: the search's close button was pushed past the screen's edge
    (the input's width in characters won), in a panel that covers the screen and hides what is wider;
    the status table's last two columns lay past the edge of a page that does not scroll sideways."""
    phone.set_viewport_size({"width": 320, "height": 640})
    phone.add_init_script(LARGE_TEXT)
    phone.goto(seed_url + "cr/9/")
    phone.locator(".cr-search-button").tap()
    phone.fill(".cr-search__input", "commander")
    phone.locator(".cr-search__result").first.wait_for()
    close = phone.locator(".cr-search__close").bounding_box()
    assert close["x"] >= 0 and close["x"] + close["width"] <= 320, close
    phone.locator(".cr-search__close").tap()
    phone.locator(".cr-search").wait_for(state="hidden")
    phone.goto(seed_url + "cr/status/")
    last = phone.locator("table.cr-status").first.locator("tr").first.locator("th").last  # its last column's head
    assert last.bounding_box()["x"] + last.bounding_box()["width"] > 320  # wider than the phone at this size,
    assert phone.evaluate(FURTHEST) <= 320  # but in a box that scrolls sideways (the page does not)
    # the display settings: every button's label whole ("English" was drawn as "Englis") and on screen
    phone.locator(".cr-display__toggle").tap()
    clipped = phone.evaluate("""() => [...document.querySelectorAll('.cr-display__panel button')].filter(b => {
        const r = b.getBoundingClientRect(); return b.scrollWidth > b.clientWidth + 1 || r.left < 0 || r.right > 320;
    }).map(b => b.textContent)""")
    assert clipped == [], clipped


def test_the_addressed_rule_and_the_chosen_settings_show_in_forced_colours(browser, seed_url):
    """Windows' high contrast drops backgrounds: the addressed rule's tint (1.1:1 anyway) and the
    chosen display button's white face were gone, so the rule a link sent the reader to looked like
    the others, and 双语 like English but for its weight."""
    from conftest import Page
    opened = Page(browser, forced_colors="active")
    page = opened.page
    try:
        page.goto(seed_url + "cr/9/#cr903-4d")
        heading = page.locator("h3#cr903-4d")
        addressed = heading.screenshot(animations="disabled")
        page.goto("about:blank")
        page.goto(seed_url + "cr/9/#cr903-4c")
        assert share_changed(page, addressed, heading.screenshot(animations="disabled")) > 0.05
        # the chosen button looks otherwise than when it is not chosen, its weight aside
        page.add_style_tag(content=".cr-modes button { font-weight: 400 !important }")
        both = page.locator(".cr-modes button[data-mode='both']")
        assert both.get_attribute("aria-pressed") == "true"
        chosen = both.screenshot(animations="disabled")
        both.evaluate("b => b.setAttribute('aria-pressed', 'false')")
        assert share_changed(page, chosen, both.screenshot(animations="disabled")) > 0.3
    finally:
        opened.close()
    assert opened.errors == []


def test_the_skip_link_takes_a_keyboard_back_to_the_rule_being_read(page, full_url):
    """An accessibility review: after the header (a display mode chosen), it took 57 Tabs to reach
    the rules again, at 700.1, 58,000 px from 702.19b. The skip link (Shift+Tab from the header)
    now focuses the rule on screen and leaves the page where it is; its name in both languages."""
    from sitekit import settled
    page.goto(full_url + "cr/7/#cr702-19b")
    settled(page)
    page.locator(".cr-modes button[data-mode='en']").focus()  # in the header: English alone chosen
    page.keyboard.press("Enter")
    for _ in range(12):  # back to the skip link, before the header
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.classList.contains('md-skip')"):
            break
    skip = page.locator(".md-skip")
    assert page.evaluate("document.activeElement.classList.contains('md-skip')")
    assert skip.inner_text().strip() == "跳到正文 Skip to the text"
    before = page.evaluate("scrollY")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('h3') && document.activeElement.closest('h3').id") == "cr702-19b"
    assert abs(page.evaluate("scrollY") - before) < 2
    assert "Back to top" in page.locator(".md-top").evaluate("e => e.textContent")
    page.locator(".cr-modes button[data-mode='both']").click()  # as the other tests read the page
