"""Every corpus file, 90 official English editions from 2003 and four translations, loads without
errors, with its effective date, every numbered line a rule, and its real oddities kept."""
import re

import pytest

from conftest import CORPUS
from generator.loader import load
from generator.manifest import spec_from_path
from generator.textio import read_source

FILES = sorted(CORPUS.glob("en/*.txt")) + sorted(CORPUS.glob("zh/*.txt"))
NUMBERED = re.compile(r"\s*(\d{3}\.\d+[a-z]?)")


@pytest.fixture(scope="module")
def loaded():
    if len(FILES) < 94:
        pytest.skip(f"full corpus not found at {CORPUS} (CI has it)")
    return {path.name: load(spec_from_path(str(path))) for path in FILES}


def test_every_file_loads_with_its_date_and_every_numbered_line(loaded):
    for name, source in loaded.items():
        report = source.report
        assert report.errors == [], (name, [str(e) for e in report.errors[:3]])
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", report.spec.edition or ""), name
        lines = read_source(source.parsed.spec.file, name).lines
        end = max(i for i, line in enumerate(lines) if line.strip() in ("Glossary", "词汇表"))
        numbered = sum(1 for line in lines[:end] if NUMBERED.match(line))
        rules = sum(len(texts) for texts in source.parsed.rules.values())
        assert rules >= report.counts["rules"] > 0, name
        assert report.lines["consumed"] + report.lines["skipped"] == report.lines["nonblank"], name
        assert numbered >= report.counts["rules"] - 5, name  # the contents list sections only


def test_pre_2010_dates_and_the_2009_restructure(loaded):
    assert loaded["MagicCompRules-20030701.txt"].parsed.spec.edition == "2003-07-01"  # "current as of"
    restructured = loaded["MagicCompRules-20090711.txt"]
    assert restructured.report.counts["rules"] > 1400 and restructured.report.counts["glossary"] > 400


@pytest.mark.parametrize("name,number,anchor", [
    ("MagicCompRules-20031001.txt", "212.4", "cr212-4--2"),
    ("MagicCompRules-20090904.txt", "702.30d", "cr702-30d--2"),
    ("MagicCompRules-zh-20220610.txt", "701.42a", "cr701-42a--2"),
])
def test_a_number_given_twice_is_kept_twice_with_its_own_anchor(loaded, name, number, anchor):
    source = loaded[name]
    copies = [n for n in source.parsed.rules if str(n) == number]
    assert len(copies) == 2 and "cr" + copies[1].slug == anchor
    texts = [next(iter(source.parsed.rules[n].values())).text for n in copies]
    assert texts[0] != texts[1] and all(texts)
    assert any(f"rule {number} appears twice" in str(w) for w in source.report.warnings)


def test_a_file_cut_short_says_so(loaded):
    cut = loaded["MagicCompRules-20130201.txt"]
    assert any("without the credits" in str(w) for w in cut.report.warnings)
