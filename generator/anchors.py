"""The anchor scheme, and reading rule addresses in the forms other sites use.

Our anchors are those of the Chinese judge wiki: `#cr702-19c` for a rule or subrule, `#cr702` for
a section. They are valid CSS identifiers (no dots) and never change with rebuilds.
Other forms resolved to ours: Yawgatog `#R70219c`, Academy Ruins `702.19c`, mtg.wtf
`#section-702-19c`, `rule-702-19c`, and a bare `702.19c` / `702-19c`.
"""
from __future__ import annotations

import re

from .numbers import RuleNumber, parse_number


def rule_id(number: RuleNumber) -> str:
    return "cr" + number.slug


def example_id(number: RuleNumber, index: int) -> str:
    return f"cr{number.slug}-ex{index}"


FOREIGN = (
    re.compile(r"R(?P<section>\d{3})(?P<rule>\d{1,3})(?P<sub>[a-z]?)"),  # Yawgatog, dots dropped
    re.compile(r"(?:cr|section-|rule-|r)?(?P<section>\d{3})(?:[.-](?P<rule>\d{1,3})(?P<sub>[a-z]?))?\.?",
               re.IGNORECASE),
)


def parse_address(text: str) -> RuleNumber | None:
    """A rule number from any address form, or None."""
    text = text.strip().lstrip("#/")
    for pattern in FOREIGN:
        m = pattern.fullmatch(text)
        if m:
            return parse_number(f"{m.group('section')}" + (f".{m.group('rule')}{m.group('sub') or ''}"
                                                             if m.group("rule") else ""))
    return None
