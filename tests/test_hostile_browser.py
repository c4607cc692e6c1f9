"""Sources carrying script attacks in every place text can go, built and opened in Chromium: no
script runs (no dialog on any page, with every link hovered and focused), and the attack shows
as text."""
from __future__ import annotations

import pytest

from conftest import FIXTURES, Page
from sitekit import Served, build, site_search

ATTACKS = {
    "chapter": "<img src=x onerror=alert('chapter')>",
    "section": "<script>alert('section')</script>",
    "rule": "<svg onload=alert('rule')>",
    "glossary": "<img src=y onerror=alert('glossary')>",
    "definition": "<iframe srcdoc=\"<script>parent.alert('definition')</script>\"></iframe>",
    "intro": "<img src=z onerror=alert('intro')>",
}
FORMULA = "+cmd|' /C calc'!A0"  # what a spreadsheet runs, opening the work list's CSV
NOTE = """# 笔记 { onmouseover=alert('heading') }

[点我](#x){ onclick=alert('attr') } ![图](x.png){ onerror=alert('image') }

[参考][evil] [t](<javascript:alert('angle')>) [u](java\tscript:alert('tab')) [v](&#106;avascript:alert('entity'))

<script>alert('raw')</script> <img src=q onerror=alert('raw-img')>

[evil]: javascript:alert('reference')

- **消灭**（Destroy）：移到坟墓场
"""


def _hostile_official() -> str:
    text = (FIXTURES / "mini-official.en.txt").read_text(encoding="utf-8")
    for old, new in (("1. Basics\n", f"1. Basics {ATTACKS['chapter']}\n"),
                     ("100. General\n", f"100. General {ATTACKS['section']}\n"),
                     ("702.2. Spinning\n", f"702.2. Spinning {ATTACKS['rule']}\n"),
                     ("\nWidget\n", f"\nWidget {ATTACKS['glossary']}\n"),
                     ("An old word for spinning.", f"An old word for spinning. {ATTACKS['definition']}"),
                     ("This is a small hand-written document", f"This is a small {ATTACKS['intro']} document"),
                     ("702.1. Some widgets", f"702.1. {FORMULA} Some widgets")):
        assert old in text, old
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    work = tmp_path_factory.mktemp("hostile")
    (work / "rules.txt").write_text(_hostile_official(), encoding="utf-8")
    (work / "note.md").write_text(NOTE, encoding="utf-8")
    (work / "sources.yml").write_text("sources:\n  - path: rules.txt\n  - path: note.md\n    format: study-note\n"
                                      "    role: primer\n", encoding="utf-8")
    result = build(work / "site", manifest=work / "sources.yml")
    assert result.returncode == 0, result.stderr[-3000:]
    served = Served(work / "site")
    yield work / "site", served.url
    served.close()


def test_no_script_runs_on_any_page_and_attacks_show_as_text(browser, hostile_site):
    site, url = hostile_site
    # (a shared rule's page goes on to the rule at once: read below as text)
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if not p.relative_to(site).parts[0] == "r")
    assert len(pages) >= 8
    for shared in site.glob("r/*/*.html"):
        assert "<svg" not in shared.read_text(encoding="utf-8") and "<script" not in shared.read_text(encoding="utf-8")
    assert "702.2 (2031-03-03) · Spinning &lt;svg onload=alert(&#x27;rule&#x27;)&gt;</title>" in \
        (site / "r" / "2031-03-03" / "702.2.html").read_text(encoding="utf-8")
    opened = Page(browser, has_touch=False)
    dialogs: list[str] = []
    opened.page.on("dialog", lambda d: (dialogs.append(f"{d.message}"), d.dismiss()))
    try:
        for path in pages:
            page = opened.page
            page.goto(url + path)
            page.wait_for_load_state("load")
            # every link and every term mark: hovered, focused and pointed at, as a reader would
            page.evaluate("""() => {
                for (const el of document.querySelectorAll('a, u, h1, h2, h3, h4')) {
                    for (const type of ['mouseover', 'mouseenter', 'pointerover', 'focusin'])
                        el.dispatchEvent(new MouseEvent(type, {bubbles: true}));
                    if (el.focus) el.focus();
                }
            }""")
            for link in page.locator(".md-content a").all()[:5]:  # and a real pointer on the first links
                if link.is_visible():
                    link.hover()
            page.wait_for_timeout(100)
        assert dialogs == []
        page = opened.page
        page.goto(url + "cr/1/")
        assert ATTACKS["chapter"] in page.locator("h1").inner_text()
        assert ATTACKS["chapter"] in page.title()
        assert ATTACKS["chapter"] in page.locator(".md-nav").first.inner_text()
        assert ATTACKS["section"] in page.locator("h2#cr100").inner_text()
        page.goto(url + "cr/7/")
        assert ATTACKS["rule"] in page.locator(".md-content").inner_text()
        page.goto(url + "cr/glossary/")
        glossary = page.locator(".md-content").inner_text()
        assert ATTACKS["glossary"] in glossary and ATTACKS["definition"] in glossary
        page.goto(url + "primer/")
        primer = page.locator(".md-content").inner_text()
        assert "<script>alert('raw')</script>" in primer and "{ onclick=alert('attr') }" in primer
        hrefs = page.eval_on_selector_all(".md-content a[href]", "els => els.map(e => e.getAttribute('href'))")
        assert not [h for h in hrefs if "script" in h.lower() or h.lower().startswith("data:")]
        handlers = page.evaluate("""() => [...document.querySelectorAll('*')].flatMap(
            el => [...el.attributes].filter(a => a.name.startsWith('on')).map(a => el.tagName + ' ' + a.name))""")
        assert handlers == []
        # search finds the attacks and shows them as text, in titles and snippets
        for query, attack in (("spinning", ATTACKS["rule"]), ("onerror", ATTACKS["glossary"]),
                              ("srcdoc", ATTACKS["definition"]), ("script", ATTACKS["section"])):
            site_search(page, query)
            shown = page.locator(".cr-search__results").inner_text()
            assert attack in shown or attack[:30] in shown, (query, shown[:300])
            assert page.locator(".cr-search__results img, .cr-search__results svg, .cr-search__results iframe, "
                                ".cr-search__results script").count() == 0
        page.wait_for_timeout(200)
        assert dialogs == []
    finally:
        opened.close()
    assert opened.errors == [], opened.errors


def test_the_work_lists_csv_runs_no_formula(hostile_site):
    """A rule starting "+cmd|' /C calc'!A0" was written as it is into worklist.csv, which carries a
    byte order mark so that Excel opens it by a double click (a hostile-input review)."""
    import csv
    site, _ = hostile_site
    with (site / "assets" / "data" / "2031-03-03" / "worklist.csv").open(encoding="utf-8-sig", newline="") as file:
        rows = {row["rule"]: row for row in csv.DictReader(file)}
    assert rows["702.1"]["english"] == "'" + FORMULA + " Some widgets have keyword abilities."
    assert rows["702.2a"]["english"].startswith("Spinning")  # a cell starting with a word is as it was
    starts = {cell[:1] for row in rows.values() for cell in row.values() if cell}
    assert not starts & set("=+-@\t\r")
