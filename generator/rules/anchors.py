"""The anchor scheme: those of the Chinese judge wiki, `#cr702-19c` for a rule or subrule, `#cr702`
for a section, `#cr702-19c-ex1` for an example. They are valid CSS identifiers (no dots) and never
change with rebuilds. Addresses in other sites' forms (Yawgatog `#R70219c`, Academy Ruins
`702.19c`, mtg.wtf `#section-702-19c`) are resolved in the browser (overrides/assets/cr.js reads them, cr-place.js follows them).
"""
from __future__ import annotations

import re

from .numbers import RuleNumber


def rule_id(number: RuleNumber) -> str:
    return "cr" + number.slug


def example_id(number: RuleNumber, index: int) -> str:
    return f"cr{number.slug}-ex{index}"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
