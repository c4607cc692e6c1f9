"""Rule numbers: parsing, ordering and sequence checks.

Sections are three digits (702), rules add a number (702.19), subrules a letter (702.19c).
Subrule letters skip l and o, so the letter after k is m.
"""
from __future__ import annotations

import re
from typing import NamedTuple

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
NUMBER = re.compile(r"(\d{3})(?:\.(\d{1,3})([a-z]?))?")


class RuleNumber(NamedTuple):
    """Ordered and hashed as the tuple (section, rule, sub, copy): a NamedTuple, because the
    generator hashes rule numbers some millions of times in a build of many editions."""

    section: int
    rule: int = 0  # 0: the section itself
    sub: str = ""
    copy: int = 0  # 1, 2...: a number the text really gives twice (212.4 in 2003-10-01), kept apart

    @property
    def chapter(self) -> int:
        return self.section // 100

    @property
    def kind(self) -> str:
        return "subrule" if self.sub else ("rule" if self.rule else "section")

    @property
    def parent(self) -> "RuleNumber":
        return RuleNumber(self.section, self.rule) if self.sub else RuleNumber(self.section)

    def __str__(self) -> str:
        """As the text prints it (a second 212.4 is 212.4 too)."""
        if not self.rule:
            return str(self.section)
        return f"{self.section}.{self.rule}{self.sub}"

    @property
    def slug(self) -> str:
        """The anchor form: 702.19c -> 702-19c (dots are awkward in CSS selectors); the second
        copy of a number given twice is 212-4--2."""
        return str(self).replace(".", "-") + (f"--{self.copy + 1}" if self.copy else "")


def parse_number(text: str) -> RuleNumber | None:
    m = NUMBER.fullmatch(text)
    if not m:
        return None
    return RuleNumber(int(m.group(1)), int(m.group(2) or 0), m.group(3) or "")


def next_letter(letter: str) -> str | None:
    i = SUBRULE_LETTERS.find(letter)
    return SUBRULE_LETTERS[i + 1] if 0 <= i < len(SUBRULE_LETTERS) - 1 else None


def sequence_problems(numbers: list[RuleNumber]) -> list[tuple[int, str]]:
    """Problems in a list of rule numbers in source order: (index in the list, message).

    Reports duplicates, numbers out of order, gaps between consecutive rules of a section and
    between consecutive subrules, and subrule letters l and o. The first number of each section
    may start anywhere: excerpts begin mid-section.
    """
    problems: list[tuple[int, str]] = []
    seen: set[RuleNumber] = set()
    previous: RuleNumber | None = None
    for i, number in enumerate(numbers):
        if number.copy:  # a number given twice: reported when it was read
            continue
        if number in seen:
            problems.append((i, f"duplicate rule number {number}"))
            continue
        seen.add(number)
        if number.sub and number.sub not in SUBRULE_LETTERS:
            problems.append((i, f"subrule letter {number.sub!r} in {number} (letters l and o are not used)"))
        if previous is not None:
            if number < previous:
                problems.append((i, f"{number} comes after {previous}: out of order"))
            elif number.section == previous.section:
                expected = _expected_after(previous, number)
                if expected:
                    problems.append((i, f"gap: {number} follows {previous}, expected {expected}"))
        previous = number
    return problems


def _expected_after(previous: RuleNumber, number: RuleNumber) -> str | None:
    if number.rule == previous.rule:
        if number.sub and previous.sub and number.sub != next_letter(previous.sub):
            return f"{number.section}.{number.rule}{next_letter(previous.sub)}"
        if number.sub and not previous.sub and number.sub != "a":
            return f"{number.section}.{number.rule}a"
        return None
    if number.rule != previous.rule + 1 and previous.rule:
        return f"{number.section}.{previous.rule + 1}"
    if number.sub and number.sub != "a":
        return f"{number.section}.{number.rule} or {number.section}.{number.rule}a"
    return None
