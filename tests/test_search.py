"""Search in both languages and by rule number (Material's search with jieba, in Chromium)."""
import json
import re

import pytest


def search(page, query, rule_first=False):
    """Type a query as a reader would and return the result links, best first; with rule_first,
    wait for the rule asked for by number (it arrives after its chapter's data loads)."""
    box = page.locator("input.md-search__input")
    box.click()
    page.wait_for_timeout(200)
    box.fill("")
    box.press_sequentially(query, delay=20)
    page.keyboard.press("End")  # CJK text arrives without key events; Material searches on keys
    # the meta line says how many results (结果) once the worker has answered this query
    # (a query in Traditional script is turned into Simplified character for character)
    page.wait_for_function("q => document.querySelector('.md-search-result__meta').textContent.includes('结果') && "
                           "document.querySelector('.md-search__input').value.length === q.length", arg=query,
                           timeout=60000)
    page.wait_for_timeout(600)
    if rule_first:
        page.wait_for_selector(".md-search-result__list .cr-rule-hit", timeout=30000)
    return page.eval_on_selector_all(".md-search-result__list a.md-search-result__link, "
                                     ".md-search-result__list a.md-search-result__link ~ details a",
                                     "els => els.map(e => e.href)")


@pytest.mark.parametrize("query,anchor", [
    ("301.5", "/cr/3/#cr301-5"), ("903.4d", "/cr/9/#cr903-4d"), ("R9034d", "/cr/9/#cr903-4d"),
    ("cr301-5", "/cr/3/#cr301-5"), ("702.19c", "/editions/2009-07-08/7/#cr702-19c"),
    ("702.19", "/editions/2009-07-08/7/#cr702-19"), ("R70219c", "/editions/2009-07-08/7/#cr702-19c"),
])
def test_rule_number_first(page, seed_url, query, anchor):
    page.goto(seed_url + "cr/9/")
    links = search(page, query, rule_first=True)
    assert links and links[0].endswith(anchor), links[:3]


@pytest.mark.parametrize("query,expected", [
    ("banding", "/editions/2009-07-08/7/?h=banding#cr702-19"),  # the 2009 keyword, English
    ("結合", "#cr702-19"),  # Traditional, as written in the 2009 post
    ("结合", "/editions/2009-07-08/7/?h=%E7%BB%93%E5%90%88#cr702-19"),  # Simplified finds the Traditional text
    ("武具", "/cr/3/?h=%E6%AD%A6%E5%85%B7#cr301-5"),  # a term kept whole by jieba's user dictionary
    ("鹏洛客", "/cr/3/?h=%E9%B9%8F%E6%B4%9B%E5%AE%A2#cr306"),
])
def test_words_find_their_rules_seed(page, seed_url, query, expected):
    page.goto(seed_url)
    links = search(page, query)
    assert any(expected in link for link in links), links[:8]


@pytest.mark.parametrize("query,rule", [("trample", "#cr702-19"), ("banding", "#cr702-22"),
                                        ("702.19c", "/cr/7/#cr702-19c")])  # 践踏, R70219c: test_builders.py
def test_full_corpus_search(page, full_url, query, rule):
    page.goto(full_url)
    by_number = query[0].isdigit() or query.startswith("R")
    links = search(page, query, rule_first=by_number)
    if by_number:
        assert links[0].endswith(rule), links[:3]
    else:
        first = next(i for i, link in enumerate(links) if rule in link)
        older = [i for i, link in enumerate(links) if "/editions/" in link]
        assert first < 12 and all(first < i for i in older), links[:12]  # today's rules before older ones


def test_index_is_compact_and_segmented(seed_site, full_site):
    for site in (seed_site, full_site):
        raw = (site / "search" / "search_index.json").read_text(encoding="utf-8")
        docs = raw[raw.index('"docs":'):]
        assert not re.search(r"\\u[0-9a-f]{4}", docs) and "鹏洛客" in docs  # UTF-8, not \u escapes
        index = json.loads(raw)
        assert index["config"]["pipeline"] == ["stopWordFilter"]  # no stemmer, no trimmer
        assert index["config"]["separator"].startswith("[\\s\\u200b\\-、。，")  # Chinese punctuation splits too
        rule_entries = [d for d in index["docs"] if re.search(r"#cr\d{3}-\d+[a-z]?$", d["location"])]
        assert all(re.fullmatch(r"\d{3}\.\d+[a-z]?", d["title"]) for d in rule_entries)  # one entry per rule
    text = " ".join(d["text"] for d in json.loads((seed_site / "search" / "search_index.json")
                                                  .read_text(encoding="utf-8"))["docs"])
    assert "\u200b鹏洛客\u200b" in text and "“武具”" in text  # whole, thanks to the termbase
    assert "\u200b。" not in text and "“\u200b" not in text  # no separator where punctuation splits anyway


def test_rule_entries_are_the_ones_materials_parser_makes():
    """Blocks of rules and glossary entries skip Material's HTML parser (the plugin sets them
    aside); the entries made for them directly must be the ones that parser makes, but for
    paragraph tags, which become spaces (one between words is enough)."""
    from types import SimpleNamespace

    from material.plugins.search.plugin import SearchIndex

    from conftest import MANIFEST
    from generator.mkdocs_plugin import RULE_BLOCK
    from generator.pipeline import load_corpus
    from generator.search_index import Segmenter, rule_entries
    from generator.pages import site_files
    from generator.site_model import SiteModel

    pages = site_files(SiteModel.build(load_corpus(MANIFEST))).pages
    blocks = [block for page in pages for block in RULE_BLOCK.findall(page.markdown)]
    assert len(blocks) > 20 and any('class="cr-glossary"' in block for block in blocks)
    segment = Segmenter()
    for block in blocks:
        material = SearchIndex()
        material.add_entry_from_context(SimpleNamespace(content=block, toc=[], url="cr/9/", meta={}, title="9."))
        assert material.entries[0]["text"] == ""  # the part before the first heading: nothing
        ours = rule_entries("cr/9/", block, segment)
        for entry in ours + material.entries:  # U+200B next to a space is dropped in the index anyway
            words = " ".join(re.sub("</?p>", " ", entry["text"]).split())
            entry["text"] = re.sub("\u200b*( )\u200b*", " ", words).strip("\u200b")
        assert ours == material.entries[1:]


def test_blocks_set_aside_come_back_whole_and_keep_their_anchors():
    """The plugin takes rule blocks out of the Markdown and puts them back into the page's HTML;
    MkDocs still knows their anchors, so a hand-written page may link to a rule with Markdown."""
    from types import SimpleNamespace

    from conftest import MANIFEST
    from generator.mkdocs_plugin import GeneratorPlugin
    from generator.pipeline import load_corpus
    from generator.search_index import Segmenter
    from generator.pages import site_files
    from generator.site_model import SiteModel

    chapter = next(p for p in site_files(SiteModel.build(load_corpus(MANIFEST))).pages if p.src == "cr/9.md")
    plugin = GeneratorPlugin()
    plugin.segment = Segmenter()
    page = SimpleNamespace(file=SimpleNamespace(src_uri=chapter.src), url="cr/9/", meta={}, present_anchor_ids=set())
    markdown = plugin.on_page_markdown(chapter.markdown, page=page, config=None, files=None)
    assert "<h4" not in markdown and "<!--cr-rules-0-->" in markdown
    plugin.on_page_content("", page=page, config=None, files=None)
    assert {"cr903-4d", "cr903-4-ex1"} <= page.present_anchor_ids
    page.content = markdown  # as if Markdown had passed everything through
    plugin.on_page_context({}, page=page, config=None, nav=None)
    assert page.content == chapter.markdown
    assert [e["location"] for e in plugin.entries["cr/9/"]][:2] == ["cr/9/#cr900-1", "cr/9/#cr900-2"]
