"""Every seed parses; counts are pinned (derived by reading the seeds), and nothing is lost."""
import pytest

from conftest import MANIFEST, seed
from generator.sources.manifest import read_manifest
from generator.sources.loader import load
from generator.rules.numbers import parse_number as n

EXPECTED = {
    # name part: (format, edition, chapters, sections, rules, examples en, examples zh, skipped lines)
    "ch3": ("line-pairs", "2023-11-17", 1, 16, 162, 2, 2, 9),
    "ch9": ("line-pairs", "2023-11-17", 1, 6, 124, 8, 0, 0),
    "2012": ("flat-table", "2012", 1, 2, 18, 1, 1, 0),
    "2009": ("forum-post", "2009-07-08", 1, 1, 95, 6, 6, 4),
}


@pytest.mark.parametrize("name", EXPECTED)
def test_seed_counts(name):
    fmt, edition, chapters, sections, rules, ex_en, ex_zh, skipped_lines = EXPECTED[name]
    loaded = seed(name)
    report = loaded.report
    assert (report.spec.format, report.spec.edition) == (fmt, edition)
    c = report.counts
    assert (c["chapters"], c["sections"], c["rules"]) == (chapters, sections, rules)
    assert c["rules_by_language"] == {"en": rules, "zh": rules}
    assert c["examples_by_language"] == {"en": ex_en, "zh": ex_zh}
    assert report.errors == []
    assert report.lines["skipped"] == skipped_lines


@pytest.mark.parametrize("spec", read_manifest(MANIFEST), ids=lambda s: s.path)
def test_nothing_lost(spec):
    """Lines consumed + lines skipped with a reason = all non-blank lines, and no stray text."""
    loaded = load(spec)
    lines = loaded.report.lines
    assert lines["consumed"] + lines["skipped"] + lines["mixed"] == lines["nonblank"] > 0
    assert not any("not read into the model" in e.message for e in loaded.report.errors)
    assert all(s.reason for s in loaded.report.skipped)


def test_line_pairs_titles_texts_and_chrome():
    parsed = seed("ch3").parsed
    assert parsed.chapter_titles[3]["zh"].text == "牌类别" and parsed.chapter_titles[3]["en"].text == "Card Types"
    assert parsed.section_titles[301]["zh"].text == "神器"
    equipment = parsed.rules[n("301.5")]
    assert "Equipment" in equipment["en"].text and "武具" in equipment["zh"].text
    creature = parsed.rules[n("302.3")]
    assert creature["en"].examples[0].text.startswith("“Creature — Goblin Wizard”")
    assert creature["zh"].examples[0].text.startswith("“生物~鬼怪/法术师”")
    skipped = seed("ch3").report.skipped
    assert {s.reason for s in skipped} == {"page header of the source site, before the rules",
                                           "navigation line of the source site"}
    assert any(s.text.startswith("返回完整规则目录") for s in skipped)


def test_english_examples_without_chinese_are_kept_and_reported():
    loaded = seed("ch9")
    rule = loaded.parsed.rules[n("903.4")]
    assert rule["en"].examples[0].text.startswith("Bosh, Iron Golem")
    assert rule["zh"].examples == []
    assert any("903.4 has examples in unequal numbers" in w.message for w in loaded.report.warnings)


def test_flat_table_recovers_rows_and_marks_the_cut():
    loaded = seed("2012")
    rules = loaded.parsed.rules
    assert rules[n("100.1")]["zh"].text.startswith("这些万智牌规则适用于")
    assert rules[n("100.1")]["en"].text.startswith("These Magic rules apply")
    # Chinese paragraph whose number was missing: recovered as 100.2, and said so.
    assert rules[n("100.2")]["zh"].text.startswith("每位牌手需要准备自己的万智牌套牌")
    assert any("without its number read as 100.2" in w.message for w in loaded.report.warnings)
    # text kept as it is, damage reported
    assert "doesnt include" in rules[n("100.4b")]["en"].text
    assert any("lost apostrophe" in w.message and "doesnt" in w.message for w in loaded.report.warnings)
    assert any("Seesection" in w.message for w in loaded.report.warnings)
    # the last rule is cut off: kept and marked incomplete
    last = rules[n("101.2")]
    assert last["en"].incomplete and last["en"].examples[0].text.endswith("You cant play l")
    assert not last["zh"].incomplete and last["zh"].examples[0].text.startswith("如果某效应为")
    assert loaded.parsed.section_titles[101]["en"].text == "The Magic Golden Rules"
    assert loaded.parsed.section_titles[101]["zh"].text == "万智牌的最高原则"
    assert rules[n("100.1")]["en"].source.offset is not None  # provenance is a character offset


def test_forum_post_split_unwrap_and_examples():
    loaded = seed("2009")
    rules = loaded.parsed.rules
    assert (rules[n("702.19")]["zh"].text, rules[n("702.19")]["en"].text) == ("結合", "Banding")
    b = rules[n("702.19b")]
    assert b["en"].text.startswith('"Bands with other" is a special form of banding.')
    # a wrap space was inside 結合 異能 in the post
    assert "失去結合異能" in b["zh"].text and " " not in b["zh"].text
    c = rules[n("702.19c")]
    assert c["zh"].text.endswith("見規則702.19j)") and c["en"].text.startswith("As a player declares attackers")
    upkeep = rules[n("702.21b")]
    assert upkeep["zh"].examples[0].text.startswith("某生物具有兩個相同的異能")
    assert upkeep["en"].examples[0].text.startswith("A creature has two instances")
    assert rules[n("702.59b")]["en"].text.startswith('A card is "suspended"')
    reasons = {s.reason for s in loaded.report.skipped}
    assert {"forum post header", "forum post footer", "forum post preface (not rule text)",
            "forum post signature"} <= reasons
    assert sum("[略]" in w.message for w in loaded.report.warnings) == 3


def test_study_note_kept_whole_and_term_pairs_extracted():
    loaded = seed("primer")
    parsed = loaded.parsed
    assert parsed.page.startswith("Magic: The Gathering") and "# 最高原则" in parsed.page
    pairs = {(t.zh, t.en) for t in parsed.terms}
    assert {("消灭", "Destroy"), ("开始阶段", "Beginning Phase"), ("结界", "Enchantment"),
            ("回合动作", "turn-based action"), ("施放", "Cast")} <= pairs
    destroy = next(t for t in parsed.terms if t.en == "Destroy")
    assert destroy.definition.startswith("受到消灭效应") and destroy.source.line > 1
    # prose where the Chinese term has no clear edge is not mined
    assert not any(t.zh.endswith("优先权") and t.zh != "优先权" for t in parsed.terms)
    assert len(parsed.terms) == 37
