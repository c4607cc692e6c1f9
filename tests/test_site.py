"""The built site, without a browser: strict build, anchors, links, safety, determinism."""
import re

from conftest import ROOT
from sitekit import RULE_ID, broken_links, build, ids_of, project_config, seed_manifest


def test_seed_site_has_every_page(seed_site):
    for page in ["index.html", "cr/index.html", "cr/3/index.html", "cr/9/index.html", "go/index.html",
                 "primer/index.html", "sources/index.html", "editions/index.html",
                 "editions/2012/1/index.html", "editions/2009-07-08/7/index.html"]:
        assert (seed_site / page).exists(), page
    assert not (seed_site / "cr" / "1" / "index.html").exists()  # the 2012 text is not the current edition


def test_no_broken_links_seed_site(seed_site):
    assert broken_links(seed_site) == []


def test_no_broken_links_full_site(full_site):
    assert broken_links(full_site) == []


def test_every_rule_of_both_full_files_has_its_anchor(full_site, corpus_loaded):
    for loaded in corpus_loaded:
        for number in loaded.parsed.rules:
            page = full_site / "cr" / str(number.chapter) / "index.html"
            assert f"cr{number.slug}" in ids_of(page), number
    anchors = set().union(*(ids_of(full_site / "cr" / str(c) / "index.html") for c in range(1, 10)))
    in_html = {a for a in anchors if RULE_ID.match(a)}
    assert len(in_html) == 2899 == len(corpus_loaded[0].parsed.rules)


def test_glossary_intro_credits_pages(full_site):
    glossary = (full_site / "cr" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert glossary.count("<div class=g>") >= 668  # every official entry, and terms from other sources
    assert 'id="g-active-player-nonactive-player-order"' in glossary
    # "See Typecycling." links to the entry, in both languages
    assert 'See <a href="#g-typecycling">Typecycling</a>.' in glossary
    assert '参见<a href="#g-typecycling">类别循环</a>。' in glossary
    assert "前言" in (full_site / "cr" / "intro" / "index.html").read_text(encoding="utf-8")
    assert "Richard Garfield" in (full_site / "cr" / "credits" / "index.html").read_text(encoding="utf-8")


def test_the_translation_check_page_lists_glossary_entries_linked_to_their_place(full_site):
    """The check's page reads glossary definitions with the rules: Provoke's, whose Chinese is
    Prowess's, is listed with its reason and both texts, its name linking to its entry (every link
    of the page lands: test_no_broken_links_full_site)."""
    html = (full_site / "cr" / "review" / "index.html").read_text(encoding="utf-8")
    items = re.findall(r'<li class=cr-review(?: id="[^"]+")?>(.*?)</ul><p lang=en>(.*?)</p><p lang=zh-Hans>(.*?)</p></li>',
                       html, re.S)
    entries = {m.group(2): (m.group(1), m.group(3), reasons, en, zh) for reasons, en, zh in items
               if (m := re.search(r'词汇表 Glossary <a href="([^"]+)">([^<]+)</a> <span lang=zh-Hans>([^<]*)</span>', reasons))}
    href, name, reasons, en, zh = entries["Provoke"]
    assert href == "../glossary/#g-provoke" and name == "挑拨"
    assert en.startswith("A keyword ability that can force a creature to block")
    assert "cited numbers differ: 702.39 in the English, 702.108 in the Chinese" in reasons and "702.108" in zh
    assert 5 <= len(entries) < len(items) / 2  # among the rules, by the same measure
    # the list's entries named first, each a jump to its item
    jumps = re.search(r"<p>其中的词汇表条目 Glossary entries in this list \((\d+)\): (.*?)</p>", html)
    assert jumps and int(jumps.group(1)) == len(entries), jumps
    assert '<a href="#check-g-provoke">Provoke</a> <span lang=zh-Hans>挑拨</span>' in jumps.group(2)
    assert '<li class=cr-review id="check-g-provoke">' in html


def test_range_items_are_each_linked(full_site):
    html = (full_site / "cr" / "1" / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<a href="../6/#cr601-2f" data-g="601.2f 601.2g 601.2h">601.2f</a>–'
                  r'<a href="../6/#cr601-2h" data-g="601.2f 601.2g 601.2h">h</a>', html)
    assert m, "601.2f–h should be two links, with the range's members for the preview"


def test_a_rule_or_entry_whose_chinese_cites_other_rules_says_so_under_it_with_both_linked(full_site):
    """The 2023-11-17 translation cites other rules than its English in five rules and seven
    glossary entries: older numbers (613.3 for 613.4c, 725 for 726, a range that ends a letter
    early) and slips."""
    told = {}
    for chapter in range(1, 10):
        html = (full_site / "cr" / str(chapter) / "index.html").read_text(encoding="utf-8")
        for rule, note in re.findall(r'<h3 id="cr([^"]+)"[^>]*>(?:(?!<h3).)*?<div class=cites>(.*?)</div>', html):
            told[rule.replace("-", ".")] = (re.sub(r"<[^>]+>", "", note), re.findall(r'href="([^"]+)"', note))
    assert sorted(told) == ["115.3", "122.1a", "506.1", "608.2g", "702.145b"]
    text, hrefs = told["122.1a"]
    assert text == "中文引用 613.3，英文引用 613.4c。 The Chinese cites rule 613.3 where the English cites rule 613.4c."
    assert hrefs == ["../6/#cr613-3", "../6/#cr613-4c"] * 2
    assert told["608.2g"][0].startswith("中文引用 601.2h，英文引用 601.2i。")
    assert told["702.145b"][1][:2] == ["#cr725", "#cr726"]
    # the glossary's entries too: Provoke and Prowess cite each other's rule in the Chinese
    glossary = (full_site / "cr" / "glossary" / "index.html").read_text(encoding="utf-8")
    entries = dict(re.findall(r'<div class=g><h3 id="([^"]+)">(?:(?!<div class=g>).)*?<div class=cites>(.*?)</div>',
                              glossary))
    assert sorted(entries) == ["g-becomes", "g-last-known-information", "g-map", "g-merged-permanent",
                               "g-two-headed-giant-variant"]
    assert re.sub(r"<[^>]+>", "", entries["g-map"]).startswith("中文引用 ")
    # Provoke and Prowess cite each other's rule: each's Chinese definition is the other's, which it says
    swapped = dict(re.findall(r'<div class=g><h3 id="([^"]+)">(?:(?!<div class=g>).)*?<div class="cites swapped">(.*?)</div>',
                              glossary))
    assert sorted(swapped) == ["g-provoke", "g-prowess"]
    assert re.sub(r"<[^>]+>", "", swapped["g-provoke"]).startswith("这里的中文释义是灵技（Prowess）的：")
    assert re.findall(r'href="([^"]+)"', swapped["g-provoke"]) == ["#g-prowess"] * 2


def test_older_editions_are_labelled_and_apart(seed_site):
    html = (seed_site / "editions" / "2009-07-08" / "7" / "index.html").read_text(encoding="utf-8")
    assert '<p class="admonition-title"><span class=cr-zh-half>旧版规则</span><span class=cr-en-half lang=en> Older edition</span></p>' in html and 'id="cr702-19c">' in html and 'lang=zh-Hant>' in html
    # the edition first in the page's title, which the header shows over a rule far below the notice
    assert "<title>2009-07-08 旧版 · 7." in html and re.search(r"<h1[^>]*>2009-07-08 旧版 · 7\.", html)
    # "see rule 702.19j" links inside the 2009 edition; rules of 2009 not in the post stay text
    assert 'href="#cr702-19j"' in html
    assert '<span class=xm>601.2b</span>' in html
    current = (seed_site / "cr" / "3" / "index.html").read_text(encoding="utf-8")
    assert 'admonition-title">旧版规则' not in current and '<p lang=zh-Hans>' in current
    assert "<span class=cr-zh-half>生效日期</span><span class=cr-en-half lang=en> Effective</span>" in current and "2023-11-17" in current


def test_build_reports_references_not_in_the_build(tmp_path):
    result = build(tmp_path / "site")
    assert result.returncode == 0
    line = next(l for l in result.stderr.splitlines() if l.startswith("2023-11-17: "))
    counted = int(re.search(r"(\d+) references to rules not in this build", line).group(1))
    pages = [p.read_text(encoding="utf-8") for p in (tmp_path / "site" / "cr").rglob("index.html")]
    assert counted == sum(page.count("<span class=xm>") for page in pages) > 0  # chapters and glossary


def test_missing_rules_marked_and_counted(seed_site):
    html = (seed_site / "cr" / "9" / "index.html").read_text(encoding="utf-8")
    assert '<span class=xm>103.7</span>' in html
    assert 'href="../3/#cr311"' in html  # chapter 9 links into chapter 3, which is in the build


def test_missing_rules_to_external_address(tmp_path):
    """The plugin's missing_rule_url option, as a configuration that inherits the project's gives it."""
    config = project_config(tmp_path, manifest=seed_manifest(tmp_path),
                            missing_rule_url="https://rules.example/cr#R{compact}")
    result = build(tmp_path / "site", config=config)
    assert result.returncode == 0, result.stderr[-2000:]
    html = (tmp_path / "site" / "cr" / "9" / "index.html").read_text(encoding="utf-8")
    assert '<a class=xe href="https://rules.example/cr#R1037" rel=noopener>103.7</a>' in html
    older = (tmp_path / "site" / "editions" / "2009-07-08" / "7" / "index.html").read_text(encoding="utf-8")
    assert "rules.example" not in older  # never link an older edition's numbers to another edition


HOSTILE = """3. 测试 Tests

3. Tests
3. 测试

300. 危险 <script>alert("title")</script> *Danger* {{ config.site_name }}

300. <script>alert("title")</script> *Danger* {{ config.site_name }}
300. 危险

300.1. <script>alert(1)</script> **bold** _under_ [x](javascript:alert(2)) {{ config.extra }} <img src=x onerror=alert(3)> & done.
300.1. 中文<b>粗</b> `code` [链接](javascript:alert(4)) {% raw %} &amp; 完

300.2. See rule 300.1 and | table | cell |
300.2. 参见规则300.1
Example: <iframe src="https://evil.example"></iframe>
例如：<svg onload=alert(5)>
"""


def test_hostile_source_reaches_the_page_as_text(tmp_path):
    source = tmp_path / "hostile.txt"
    source.write_text(HOSTILE, encoding="utf-8")
    manifest = tmp_path / "sources.yml"
    manifest.write_text(f"sources:\n  - path: {source}\n    edition: 2031-01-01\n    format: line-pairs\n",
                        encoding="utf-8")
    site = tmp_path / "site"
    result = build(site, manifest=manifest)
    assert result.returncode == 0, result.stderr[-2000:]
    html = (site / "cr" / "3" / "index.html").read_text(encoding="utf-8")
    for dangerous in ("<script>alert", "<img src=x", "<b>粗</b>", "<iframe", "<svg onload", 'href="javascript:'):
        assert dangerous not in html, dangerous
    assert "&lt;script&gt;alert(1)&lt;/script&gt; **bold** _under_ [x](javascript:alert(2))" in html
    assert "{{ config.extra }}" in html and "{% raw %}" in html
    assert "&lt;img src=x onerror=alert(3)&gt; &amp;amp; done" not in html  # escaped once, not twice
    assert "&lt;img src=x onerror=alert(3)&gt; &amp; done" in html
    heading = re.search(r'<h2 id="cr300">(.*?)</h2>', html).group(1)
    assert "<script" not in heading and "script&gt;alert" in heading and "&lt;" in heading
    assert "*Danger*" in heading and "<em>" not in heading
    assert '<a href="#cr300-1">300.1</a>' in html


def test_markdown_and_site_are_deterministic_across_processes(tmp_path):
    """Two builds in two processes with other hash seeds (a set's order differs between them) and
    no shared cache: the same pages, data, worker and site, byte for byte."""
    from sitekit import files_of, generator_run
    runs = [generator_run(tmp_path, seed, "build", "--site-dir", "{run}/site", "--out", "{run}/build") for seed in (1, 2)]
    pages = [files_of(run / "build" / "docs") for run in runs]
    assert len(pages[0]) > 20 and "sw.js" in pages[0] and "assets/data/search.js" in pages[0]
    assert pages[0].keys() == pages[1].keys()
    assert [name for name in pages[0] if pages[0][name] != pages[1][name]] == []
    sites = [files_of(run / "site") for run in runs]
    assert sites[0].keys() == sites[1].keys()
    assert [name for name in sites[0] if sites[0][name] != sites[1][name]] == []


def test_generating_again_touches_only_what_changed_and_removes_stale_pages(tmp_path):
    from generator.site.generate import Options, generate
    out = tmp_path / "build"
    first = generate(Options.from_config(), out)
    assert first.written > 10
    (out / "docs" / "stale.md").write_text("old page", encoding="utf-8")
    again = generate(Options.from_config(), out)
    assert again.written == 0
    assert not (out / "docs" / "stale.md").exists() and (out / "docs" / "cr" / "3" / "index.md").exists()


def test_the_primer_has_a_title_and_its_sections_are_in_its_table_of_contents(seed_site):
    """A new player's review: the primer began with its source line, no title, and its contents were
    empty (the note's sections are # headings, the page's own level)."""
    html = (seed_site / "primer" / "index.html").read_text(encoding="utf-8")
    assert '<h1 id="primer">入门笔记 Primer</h1>' in html and html.count("<h1") == 1
    assert "A study note, not official: where it differs from the Comprehensive Rules, the rules prevail." in html
    toc = html[html.index('class="md-sidebar md-sidebar--secondary"'):]
    assert "目录 Contents" in toc  # named in both languages, as every other label is (it said 目录 alone)
    assert re.findall(r'<a href="#[^"]+" class="md-nav__link">\s*<span class="md-ellipsis">\s*([^<]+?)\s*</span>', toc)[:5] == [
        "最高原则", "回合", "卡牌种类", "行动与结算", "关键字"]


def test_hostile_study_note_is_rendered_harmless(tmp_path):
    note = tmp_path / "note.md"
    note.write_text("# 笔记\n\n<script>alert(1)</script>\n\n[点我](javascript:alert(2)) and [ok](https://example.org)\n\n"
                    "<img src=x onerror=alert(3)>\n\n- **消灭**（Destroy）：*进入*坟墓\n\n> 引用 {{ config }}\n", encoding="utf-8")
    manifest = tmp_path / "sources.yml"
    manifest.write_text(f"sources:\n  - path: {note}\n    format: study-note\n    role: primer\n", encoding="utf-8")
    result = build(tmp_path / "site", manifest=manifest)
    assert result.returncode == 0, result.stderr[-2000:]
    html = (tmp_path / "site" / "primer" / "index.html").read_text(encoding="utf-8")
    body = html[html.index('<article'):html.index('</article>')]
    assert "<script>alert" not in body and "<img src=x" not in body and "javascript:" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body and 'href="https://example.org"' in body
    assert "<strong><u>消灭</u></strong>" in body and "<blockquote>" in body and "{{ config }}" in body  # a term, marked


def test_build_from_extra_sources_only(tmp_path):
    result = build(tmp_path / "site", ROOT / "tests" / "fixtures" / "mini-official.en.txt", no_manifest=True)
    assert result.returncode == 0, result.stderr[-2000:]
    html = (tmp_path / "site" / "cr" / "1" / "index.html").read_text(encoding="utf-8")
    assert '<h3 id="cr100-1">' in html and not (tmp_path / "site" / "editions").exists()
    # a source outside the project is named by its file, not by where it lies on the building machine
    sources = (tmp_path / "site" / "sources" / "index.html").read_text(encoding="utf-8")
    assert "<code>mini-official.en.txt</code>" in sources and str(ROOT) not in sources




def test_a_keywords_heading_is_named_by_its_title(seed_site):
    """Every rule's heading was its number alone: a screen reader's list of headings could not find
    a keyword. A rule that is a title (702.19 Banding, 903.12 Brawl Option) is named by it too."""
    post = (seed_site / "editions" / "2009-07-08" / "7" / "index.html").read_text(encoding="utf-8")
    assert '<h3 id="cr702-19" aria-label="702.19 Banding 結合">' in post
    chapter = (seed_site / "cr" / "9" / "index.html").read_text(encoding="utf-8")
    assert '<h3 id="cr903-12" aria-label="903.12 Brawl Option 争锋模式">' in chapter
    assert '<h3 id="cr903-12a"><a' in chapter  # a rule of text is named by its text's heading, its number


def test_the_home_page_links_the_changes_page_where_there_is_one(full_site, seed_site):
    """A judge's review: on a new release's evening the changes page was found only at the foot of a
    menu on a phone, the home page's "6 rules await an update" plain text."""
    home = (full_site / "index.html").read_text(encoding="utf-8")
    assert ('<a href="cr/changes/"><span class=cr-zh-half>2023-04-14 以来的变更</span><span class=cr-en-half lang=en>'
            ' Changes since 2023-04-14</span></a>') in home and (full_site / "cr/changes/index.html").exists()
    assert "<code>go/#2023-11-17:702.19c</code>" in home  # its own edition's link as the example (it showed 2024-02-02's)
    assert ("cr/changes/" in (seed_site / "index.html").read_text(encoding="utf-8")) == (seed_site / "cr/changes").exists()
