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
