"""The full 2023-11-17 CR in both languages: zero errors, every numbered line a rule, every
glossary entry present and paired with a verified partner."""
import re

from generator.sources.editions import assemble
from generator.rules.numbers import parse_number as n
from generator.sources.decoding import read_source

NUMBERED = re.compile(r"\s*(\d{3}\.\d+[a-z]?)")


def _numbered_lines(path):
    """Every line of the rules part that starts with a rule number, found without the parser."""
    lines = read_source(path, str(path)).lines
    glossary = max(i for i, line in enumerate(lines) if line.strip() in ("Glossary", "词汇表"))
    return {NUMBERED.match(line).group(1) for line in lines[:glossary] if NUMBERED.match(line)}


def test_zero_errors_and_pinned_counts(corpus_loaded):
    for loaded in corpus_loaded:
        r = loaded.report
        assert r.errors == [], r.errors[:3]
        assert (r.counts["chapters"], r.counts["sections"], r.counts["rules"]) == (9, 142, 2899)
        assert r.counts["examples"] == 276 and r.counts["glossary"] == 668
        assert r.spec.edition == "2023-11-17" and r.spec.format == "official"
        assert r.lines["consumed"] == r.lines["nonblank"]


def test_every_numbered_line_is_a_rule(corpus_files, corpus_loaded):
    for path, loaded in zip(corpus_files, corpus_loaded):
        assert {str(k) for k in loaded.parsed.rules} == _numbered_lines(path)


def test_english_and_chinese_rule_sets_identical(corpus_loaded):
    en, zh = corpus_loaded
    assert set(en.parsed.rules) == set(zh.parsed.rules)


def test_known_typos_read_and_reported(corpus_loaded):
    en = corpus_loaded[0]
    messages = [w.message for w in en.report.warnings]
    assert any("subrule 119.1d is followed by a period" in m for m in messages)
    assert any("rule 606.5 has no period" in m for m in messages)
    assert any("no space after the number 901.4." in m for m in messages)
    rules = en.parsed.rules
    assert rules[n("901.4")]["en"].text.startswith("All plane and phenomenon cards")
    assert rules[n("119.1d")]["en"].text.startswith("In a two-player Brawl game")


def test_structure_details(corpus_loaded):
    en, zh = corpus_loaded
    assert en.parsed.rules[n("205.4c")]["en"].text.count("\n") == 1  # indented continuation kept
    assert len(en.parsed.rules[n("704.5")]) == 1
    letters = [k.sub for k in en.parsed.rules if k.section == 704 and k.rule == 5 and k.sub]
    assert len(letters) == 23 and "l" not in letters and "o" not in letters
    assert zh.parsed.rules[n("100.1")]["zh"].text.startswith("这些万智牌规则")
    assert zh.parsed.introduction["zh"] and en.parsed.credits["en"]
    glossary = {e.term: e for e in en.parsed.glossary["en"]}
    assert len(glossary["Ability"].senses) == 2
    assert glossary["Bury (Obsolete)"].obsolete and glossary["Bury (Obsolete)"].name == "Bury"
    assert glossary["Deal"].redirect == "Damage"
    assert "Active Player, Nonactive Player Order" in glossary


def test_every_glossary_pair_verified(corpus_loaded):
    editions, issues = assemble([loaded.parsed for loaded in corpus_loaded])
    (edition,) = editions
    pairs = edition.glossary
    assert len(pairs) == 668
    assert all(p.en and p.zh and p.verified for p in pairs), [p.en.term for p in pairs if not p.verified][:5]
    partner = {p.en.name: p.zh.name for p in pairs}
    assert partner["Color Identity"] == "标识色" and partner["Colorless"] == "无色"
    assert (partner["Renown"], partner["Renowned"], partner["Replacement Effect"]) == ("铭勇", "已铭勇", "替代性效应")
    # The translation swaps the definitions of Provoke and Prowess: names pair by the rules' titles,
    # and the mismatch in cited rules is reported.
    assert (partner["Provoke"], partner["Prowess"]) == ("挑拨", "灵技")
    assert any("'Provoke' and '挑拨' cite different rules" in i.message for i in issues)
    assert any("'Two-Headed Giant Variant' and '双头巨人玩法' cite different rules: 810 / 801" in i.message
               for i in issues)
