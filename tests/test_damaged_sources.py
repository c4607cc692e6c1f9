"""Damaged copies of the real 2023-11-17 text (one bad byte, mixed line endings, a missing blank
line, a disagreeing same-date copy), made at test time from ../shared/corpus: each defect is
either read as the publisher meant or reported with file and line, never lost in silence."""
from __future__ import annotations

import re

import pytest

from conftest import CORPUS_EN
from generator.errors import SourceError
from generator.sources.loader import load
from generator.sources.manifest import spec_from_path
from generator.history.corpus import load_corpus


@pytest.fixture(scope="module")
def original(corpus_files):
    return CORPUS_EN.read_bytes()


def _load(tmp_path, data: bytes, name="damaged.txt", **fields):
    path = tmp_path / name
    path.write_bytes(data)
    spec = spec_from_path(str(path))
    for key, value in fields.items():
        setattr(spec, key, value)
    return load(spec)


def _line_of(data: bytes, offset: int) -> int:
    return len(re.split(rb"\r\n|\r|\n", data[:offset]))


def test_one_changed_byte_is_an_error_naming_line_and_column(tmp_path, original):
    at = original.index("’".encode(), 200_000)  # a curly apostrophe somewhere in chapter 7
    damaged = original[:at] + b"\xe9" + original[at + 3:]
    with pytest.raises(SourceError) as caught:
        _load(tmp_path, damaged)
    line_start = max(damaged.rfind(b"\r", 0, at), damaged.rfind(b"\n", 0, at)) + 1
    column = len(damaged[line_start:at].decode("utf-8")) + 1
    assert caught.value.line == _line_of(damaged, at)
    assert f"column {column}" in caught.value.message and "bad_bytes: replace" in caught.value.message

    loaded = _load(tmp_path, damaged, bad_bytes="replace")
    assert loaded.report.errors == [] and loaded.report.counts["rules"] == 2899
    damaged_lines = [w for w in loaded.report.warnings if "U+FFFD" in w.message]
    assert [w.source.line for w in damaged_lines] == [_line_of(damaged, at)]
    rules_with_mojibake = [n for n, t in loaded.parsed.rules.items() if "â€" in t["en"].text]
    assert rules_with_mojibake == []


def test_mixed_line_endings_keep_every_glossary_entry(tmp_path, original):
    """Lines ending alternately in CR and LF: where a CR line is followed by an empty LF line, the
    file holds CR LF, which must still be a line and a blank line, not one break."""
    lines = re.split(rb"\r\n|\r|\n", original)
    mixed = b"".join(line + (b"\r" if i % 2 else b"\n") for i, line in enumerate(lines))
    assert b"\r\n" in mixed
    before = _load(tmp_path, original, "original.txt")
    after = _load(tmp_path, mixed)
    assert after.report.errors == []
    assert after.report.counts == before.report.counts  # 2899 rules, 276 examples, 668 glossary entries
    assert [e.definition for e in after.parsed.glossary["en"]] == [e.definition for e in before.parsed.glossary["en"]]


def test_a_missing_blank_line_between_glossary_entries_is_read_and_reported(tmp_path, original):
    at = original.index(b"\r\rAbility\r")
    damaged = original[:at] + b"\r" + original[at + 2:]
    loaded = _load(tmp_path, damaged)
    assert loaded.report.counts["glossary"] == 668
    names = [e.name for e in loaded.parsed.glossary["en"]]
    assert names[:3] == ["Abandon", "Ability", "Ability Word"]
    warning = next(w for w in loaded.report.warnings if "no blank line" in w.message)
    assert "'Ability'" in warning.message and warning.source.line == _line_of(damaged, at + 1)


@pytest.mark.parametrize("part,change", [
    ("glossary", (b"To turn a face-up ongoing scheme card face down", b"To turn a face-down ongoing scheme card")),
    ("introduction", (b"This document is the ultimate authority", b"This document is the only authority")),
    ("credits", (b"Original Game Design", b"First Game Design")),
    ("rules", (b"Absorb is a static ability", b"Absorb is a static keyword ability")),
    ("keyword title", (b"\r702.64. Absorb\r", b"\r702.64. Absorption\r")),
])
def test_same_date_copies_that_disagree_are_reported_with_both_places(tmp_path, original, part, change):
    old, new = change
    assert original.count(old) >= 1, old
    changed = original.replace(old, new, 1)
    (tmp_path / "a.txt").write_bytes(original)
    (tmp_path / "b.txt").write_bytes(changed)
    corpus = load_corpus(None, [str(tmp_path / "a.txt"), str(tmp_path / "b.txt")])
    assert len(corpus.editions) == 1
    found = [i for i in corpus.issues if "b.txt" in str(i) and "a.txt" in str(i)]
    line = _line_of(changed, changed.index(new) + len(new) // 2)
    # the changed line, or the term line of the changed glossary entry just above it
    assert any(i.source.path.endswith("b.txt") and line - 1 <= i.source.line <= line for i in found), \
        [str(i) for i in corpus.issues[:5]]
