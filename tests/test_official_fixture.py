"""A small hand-written text in the official layout, both languages, CR line endings in English."""
from conftest import FIXTURES
from generator.sources.editions import assemble
from generator.sources.loader import load
from generator.sources.manifest import spec_from_path
from generator.rules.numbers import parse_number as n


def _load(name):
    return load(spec_from_path(str(FIXTURES / name)))


def test_layout_and_typos():
    en = _load("mini-official.en.txt")
    parsed, report = en.parsed, en.report
    assert report.errors == [] and parsed.spec.edition == "2031-03-03" and parsed.spec.format == "official"
    assert report.counts["rules"] == 11 and report.counts["examples"] == 2 and report.counts["glossary"] == 4
    assert parsed.introduction["en"][0].text == "Widget Rules Test Document"  # stray line kept, not lost
    assert [e.text for e in parsed.rules[n("100.2")]["en"].examples] == [
        "A deck of sixty widgets is a deck.", "A deck of forty widgets is also a deck."]
    assert parsed.rules[n("101.1")]["en"].text.endswith("\nWidgets printed before the first set have no frame.")
    warnings = " | ".join(w.message for w in report.warnings)
    assert "rule 101.2 has no period" in warnings and "subrule 101.2a is followed by a period" in warnings
    assert "no space after the number 702.2b." in warnings
    glossary = {e.name: e for e in parsed.glossary["en"]}
    assert len(glossary["Widget"].senses) == 2 and glossary["Whirl"].redirect == "Spinning"
    assert glossary["Twirl"].obsolete and glossary["Spinning"].cited == ("702.2",)


def test_pairs_with_chinese_in_another_order():
    en, zh = _load("mini-official.en.txt"), _load("mini-official.zh.txt")
    assert zh.report.errors == [] and zh.parsed.spec.edition == "2031-03-03"
    assert set(en.parsed.rules) == set(zh.parsed.rules)
    (edition,), issues = assemble([en.parsed, zh.parsed])
    partner = {p.en.name: p.zh.name for p in edition.glossary}
    assert partner == {"Spinning": "旋转", "Twirl": "回旋", "Widget": "小物件", "Whirl": "盘旋"}
    assert all(p.verified for p in edition.glossary)
    assert edition.chapters[0].titles["zh"].text == "基础"


def test_a_glossary_without_its_heading_is_an_error_at_the_credits(tmp_path):
    """The Glossary heading after the rules left out (or misspelt): the glossary was read as rules
    and the credits dropped, with exit 0 (a maintainer's review). Now an error names the line of
    the Credits heading, which came with no Glossary before it."""
    text = (FIXTURES / "mini-official.en.txt").read_bytes().decode("utf-8-sig")
    lines = text.split("\r")
    glossary = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    credits = next(i for i, line in enumerate(lines) if line.strip() == "Credits" and i > glossary[-1])
    lines[glossary[-1]] = "Glosary"
    (tmp_path / "cut.txt").write_text("\r".join(lines), encoding="utf-8")
    report = load(spec_from_path(str(tmp_path / "cut.txt"))).report
    assert [e.message.split(":")[0] for e in report.errors] == [
        "the 'Credits' heading comes after the rules with no 'Glossary' heading before it"]
    assert report.errors[0].source.line == credits + 1


def test_a_builds_warnings_begin_with_the_newest_editions_sources():
    """The build shows its first five warnings: a new official file's came after the manifest's demo
    excerpts' (902.4's unequal examples, five times), so a rule given twice in the new file was seen
    only with `check` (a maintainer's review)."""
    from conftest import ROOT
    from generator.history.corpus import load_corpus, warnings_told
    demo = ROOT / "docs_src" / "sources" / "cr-2023-11-17-ch9-casual-variants.en-zh.txt"
    corpus = load_corpus(None, [str(demo), str(FIXTURES / "mini-official.en.txt")])
    told = warnings_told(corpus)
    assert any("cr-2023-11-17-ch9" in w for w in corpus.warnings)  # the demo's are there, after
    assert "mini-official.en.txt" in told[1], told
