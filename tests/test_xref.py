from pathlib import Path

import pytest
import yaml

from generator.rules.references import find_references

CASES = yaml.safe_load((Path(__file__).parent / "fixtures" / "xref_cases.yml").read_text(encoding="utf-8"))


def _shown(text, ref):
    target = f"chapter {ref.target}" if ref.is_chapter else str(ref.target)
    return f"{text[ref.start:ref.end]} -> {target}"


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:40] for c in CASES])
def test_tricky_sentences(case):
    refs = find_references(case["text"])
    assert [_shown(case["text"], r) for r in refs] == case["links"]


def test_range_group_lists_every_member():
    text = "see rules 601.2f–h"
    refs = find_references(text)
    assert [str(n) for n in refs[0].group] == ["601.2f", "601.2g", "601.2h"] == [str(n) for n in refs[1].group]


def test_a_chinese_citation_pointing_elsewhere_is_told_apart_from_one_added_or_written_otherwise():
    from generator.rules.references import cited_apart

    def apart(en, zh):
        found = cited_apart(en, zh)
        return found and tuple([str(n) for n in numbers] for numbers in found)
    assert apart("See rule 613.4c.", "参见规则613.3。") == (["613.4c"], ["613.3"])  # a number left from an older edition
    assert apart("following the steps in rules 601.2a–i", "按照规则601.2a-h中的步骤") == (["601.2i"], ["601.2h"])
    assert apart("If a Magic subgame (see rule 724) is restarted", "如果一个万智牌子游戏（参见规则725）被重新开始") \
        == (["724"], ["725"])
    assert apart("it’s put into its owner’s graveyard.", "它被置入其拥有者的坟墓场。参见规则310，“战役”。") is None  # added
    assert apart("See rule 613.", "") is None  # left out
    assert apart("in rules 601.2b and 601.2f–h", "需依照规则601.2b与规则601.2f至h之规范") is None  # the same rules
