"""The termbase, term marking and the glossary page (no browser)."""
import json
import re
from collections import Counter

import pytest

from generator.history.corpus import load_corpus
from generator.site.pages import site_files
from generator.site.model import SiteModel
from generator.rules.term_marker import ASCII_LOWER, TOO_COMMON, TermMarker
from generator.rules.termbase import chinese_forms, english_forms


@pytest.fixture(scope="module")
def seed_terms():
    return load_corpus().termbase


def test_sources_of_the_seed_termbase(seed_terms):
    terms = seed_terms.terms
    assert (terms["equipment"].en, terms["equipment"].zh, str(terms["equipment"].rule)) == ("Equipment", "武具", "301.5")
    assert terms["artifact"].zh == "神器" and {w for w, _ in terms["artifact"].sources} == {
        "rule title (2023-11-17)", "study note"}
    banding = terms["banding"]  # a 2009 keyword title, Traditional in the source
    assert banding.zh == "结合" and "結合" in banding.zh_forms and banding.edition.date == "2009-07-08"
    assert terms["destroy"].definitions["zh"].startswith("受到消灭效应")
    conflicts = [i.message for i in seed_terms.issues]
    assert any("'Free-for-All Variant'" in m and "自由竞赛模式" in m and "自由竞赛玩法" in m for m in conflicts)


def test_a_section_titles_term_is_named_in_good_english_at_its_old_address(corpus_loaded):
    """A term made from a section's title is named by the title made singular where it is a plain noun
    phrase (Planeswalkers: Planeswalker), and by the title itself where singular would make it wrong
    ("Handling Triggered Ability", a Traditional reader's review); its anchor stays what it was."""
    termbase = load_corpus(extra=[str(s.report.spec.file) for s in corpus_loaded]).termbase
    names = {t.anchor: t.en for t in termbase.terms.values()}
    assert names["g-handling-triggered-ability"] == "Handling Triggered Abilities"
    assert names["g-casting-spell"] == "Casting Spells" and names["g-merging-with-permanent"] == "Merging with Permanents"
    assert names["g-interaction-of-continuous-effect"] == "Interaction of Continuous Effects"
    assert names["g-planeswalker"] == "Planeswalker" and names["g-mana-ability"] == "Mana Ability"
    assert names["g-transforming-double-faced-cards"] == "Transforming Double-Faced Cards"  # the glossary's own


def test_forms():
    assert english_forms("Tap", verb=True) >= {"tap", "taps", "tapped", "tapping"}
    assert english_forms("Sorcery") == {"sorcery", "sorceries"}
    assert english_forms("Exile", verb=True) >= {"exiled", "exiling"}
    bare, forms = chinese_forms("鹏洛客（旧译旅法师）")
    assert bare == "鹏洛客" and {"鹏洛客", "鵬洛客", "旅法师"} <= forms
    assert chinese_forms("结合，“与…结合”")[1] >= {"结合", "結合"}
    # the running text's forms of a glossary name built on 的 (a scholar found 510.1c's "blocked
    # creature", 被阻挡生物 in its Chinese, unmarked)
    assert {"攻击生物", "被阻挡生物", "未被阻挡生物"} <= chinese_forms("进行攻击的生物")[1] | \
        chinese_forms("被阻挡的生物")[1] | chinese_forms("未被阻挡的生物")[1]
    assert "异能来源" not in chinese_forms("异能的来源")[1]  # 的 alone is kept: 异能的来源 is written so 12 times


def test_full_termbase_has_every_glossary_entry(corpus_loaded):
    corpus = load_corpus(extra=[str(s.report.spec.file) for s in corpus_loaded])
    termbase = corpus.termbase
    from_glossary = [t for t in termbase.terms.values() if t.glossary]
    assert len(from_glossary) == 668
    assert all(t.glossary.verified for t in from_glossary)
    exile = termbase.terms["exile"]
    assert exile.zh == "放逐" and "放逐区" in exile.variants  # the section title's wording, reported
    assert any("'Exile'" in i.message and "放逐区" in i.message for i in termbase.issues)


def test_too_common_is_explicit():
    assert {"if", "you", "deal", "x", "y"} <= TOO_COMMON and {"你", "如果", "造成"} <= TOO_COMMON
    assert not TermMarker.usable("地", "zh") and not TermMarker.usable("If", "en") and TermMarker.usable("武具", "zh")


def _blocks(html):
    """(anchor, the cells after the rule's heading up to the next heading)."""
    return re.findall(r'<h3 id="(cr[\w-]+)"[^>]*><a [^>]*>[^<]*</a></h3>(.*?)(?=<h3 |\n</div>)', html, re.S)


def _forms(site):
    """terms.js's map from each marked form to its term: marks on a page are bare <u>."""
    script = (site / "assets" / "data" / "terms.js").read_text(encoding="utf-8")
    return json.loads("[" + script[len("CR.terms("):-len(");\n")] + "]")[1]


def _terms(html, forms):
    """The term of each mark, found by its text as the browser finds it (English in lower case)."""
    return [forms[text.translate(ASCII_LOWER)] for text in re.findall(r"<u>([^<]*)</u>", html)]


def test_marked_in_both_languages_and_not_where_excluded(seed_site):
    html = (seed_site / "cr" / "3" / "index.html").read_text(encoding="utf-8")
    blocks = dict(_blocks(html))
    forms = _forms(seed_site)
    equipment = forms["武具"]
    assert forms["equipment"] == equipment and "<u>Equipment</u>" in html and "<u>武具</u>" in html
    # not in the rule that defines it (301.5 and its subrules)
    for rule in ("cr301-5", "cr301-5a", "cr301-5b", "cr301-5c"):
        assert equipment not in _terms(blocks[rule], forms)
    # not in headings or links
    assert not re.search(r"<h[1-6][^>]*>[^<]*<u>", html)
    assert not re.search(r"<a [^>]*>[^<]*<u>", html)
    # nothing too common
    for word in re.findall(r"<u>([^<]*)</u>", html):
        assert word.casefold() not in TOO_COMMON and len(word) > 1
    # at most once in a numbered rule and its subrules (301.5, 301.5a, ...), in each language,
    # rule texts and examples together
    families = {}
    for rule, block in blocks.items():
        family = families.setdefault(re.match(r"cr\d+(?:-\d+)?", rule).group(0), {"en": [], "zh": []})
        for lang in family:
            family[lang] += re.findall(rf"<p lang={lang}[^>]*>(.*?)(?=<p |<div|$)", block, re.S)
    for family, cells in families.items():
        for lang_cells in cells.values():
            ids = Counter(_terms("".join(lang_cells), forms))
            assert max(ids.values(), default=1) == 1, family


def test_traditional_text_of_2009_is_marked(seed_site):
    html = (seed_site / "editions" / "2009-07-08" / "7" / "index.html").read_text(encoding="utf-8")
    forms = _forms(seed_site)
    for word in ("犧牲", "宣告阻擋者步驟"):  # the keyword action Sacrifice, and a step, in Traditional script
        assert f"<u>{word}</u>" in html and word in forms


def test_definitions_are_stored_once_per_site(seed_site):
    script = (seed_site / "assets" / "data" / "terms.js").read_text(encoding="utf-8")
    assert script.startswith("CR.terms({") and '"武具"' in script
    page = (seed_site / "cr" / "3" / "index.html").read_text(encoding="utf-8")
    marks = re.findall(r"<u(?=[\s>])[^>]*>", page)
    assert len(marks) > 100 and set(marks) == {"<u>"}  # no id, no class: the text says which term
    assert len(_terms(page, _forms(seed_site))) == len(marks)  # and every mark's text is a known form
    destroy = re.search(r'"(\d+)":\["Destroy","消灭",[^,]*,"([^"]+)"', script)
    assert destroy and destroy.group(2).startswith("受到消灭效应") and destroy.group(2) not in page


def test_glossary_page_every_term_with_pinyin_index(seed_site, seed_terms):
    html = (seed_site / "cr" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert html.count("<div class=g>") == len(seed_terms.terms)
    assert 'id="g-equipment"' in html and "<span lang=zh-Hans>武具</span>" in html
    assert 'href="../3/#cr301-5"' in html  # the defining rule is linked
    index = html[html.index('id="g--pinyin"'):]
    assert '<a href="#g-equipment" title="wu ju">武具</a>' in index
    banding = html[html.index('id="g-banding"'):][:1500]
    assert "异体 Variants: 結合" in banding and "<span lang=zh-Hans>结合</span>" in banding  # Traditional variant listed


def test_full_glossary_page(full_site):
    html = (full_site / "cr" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert html.count("<div class=g>") >= 668
    for anchor, zh in (("g-color-identity", "标识色"), ("g-provoke", "挑拨"), ("g-active-player-nonactive-player-order",
                                                                            "主动牌手先决定的顺序")):
        entry = html[html.index(f'id="{anchor}"'):][:400]
        assert f"<span lang=zh-Hans>{zh}</span>" in entry
    assert "已废止 Obsolete" in html[html.index('id="g-bury"'):][:300]
    # anchors from the first alias ("Banding, “Bands with Other”"), the whole name when that is taken
    assert 'id="g-banding"' in html and 'id="g-kicker"' in html and 'id="g-active-player"' in html
    # the pinyin index: its letters in order (APNAP顺序 among the A's, not ahead of them), the game's
    # readings of 重 and 还, and a name two entries share told apart by their English
    index = html[html.index('id="g--pinyin"'):]
    letters = re.findall(r"<p><b>(\w)</b>", index)
    assert letters == sorted(letters) and len(letters) >= 20, letters
    assert '<a href="#g-reconfigure" title="chong pei">重配</a>' in index and 'title="fu huan">复还</a>' in index
    assert ('<a href="#g-cycling" title="xun huan">循环 <span lang=en>Cycling</span></a>' in index
            and '<a href="#g-loop" title="xun huan">循环 <span lang=en>Loop</span></a>' in index)
    names = re.findall(r'title="[^"]*">([^<]+(?:<span lang=en>[^<]+</span>)?)</a>', index)
    assert len(names) == len(set(names)) >= 668


def test_terms_marked_per_chapter_are_counted(corpus_loaded):
    corpus = load_corpus(extra=[str(s.report.spec.file) for s in corpus_loaded])
    report = site_files(SiteModel.build(corpus))
    assert set(report.terms_marked) >= {f"2023-11-17/{c}" for c in range(1, 10)}
    assert report.terms_marked["2023-11-17/7"] > 1000


def test_basic_vocabulary_is_learnt_from_the_rules_and_never_marked(corpus_loaded):
    """The terms in more than 3% of the rules are not marked; the rest are, and the learning
    needs no list: an edition of other rules would learn its own."""
    corpus = load_corpus(extra=[str(s.report.spec.file) for s in corpus_loaded])
    rules = [{lang: t.text.split("\n") for lang, t in rule.texts.items()} for rule in corpus.editions[0].rules()]
    marker = TermMarker(corpus.termbase, rules)
    names = {t.id: t.en for t in corpus.termbase.terms.values()}
    basic = {names[i] for i in marker.basic}
    assert {"Battlefield", "Cast", "Stack", "Ability", "Player", "Creature", "Card"} <= basic
    assert not {"Trample", "Equipment", "Sacrifice", "Commander Tax", "Phasing"} & basic
    for rule in rules:
        for lang, lines in rule.items():
            assert not marker.basic & {term for line in lines for _, _, term in marker.find(line, lang)}
    # without the rules to learn from, nothing is basic
    assert TermMarker(corpus.termbase).basic == set()


def test_a_keyword_only_named_is_not_marked_where_it_is_the_everyday_verb(corpus_loaded):
    """The rules only name Reach, so "two cards reach the battlefield" (the glossary's Partner) is the
    everyday verb, unmarked even on a page of English alone; Champion the rules also use as a verb
    ("Champion an [object]" means ...), so there it is the keyword."""
    corpus = load_corpus(extra=[str(s.report.spec.file) for s in corpus_loaded])
    terms = {t.en: t for t in corpus.termbase.terms.values()}
    reach, champion = terms["Reach"], terms["Champion, Championed"]
    assert reach.plain_verb and not champion.plain_verb
    marker = TermMarker(corpus.termbase)
    assert reach.id not in marker.terms_in("to help two cards reach the battlefield together", "en")
    assert reach.id in marker.terms_in("blocked except by creatures with flying and/or reach. A creature", "en")
    assert reach.id in marker.terms_in("a creature with reach that blocks", "en")  # "that" opens a clause here
    assert champion.id in marker.terms_in("you may champion another creature you control", "en")
