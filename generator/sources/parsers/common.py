"""Patterns shared by the parsers: rule lines, scripts, examples, cited rule numbers."""
from __future__ import annotations

import re

# "702.19c text", "100.1. text", "119.1d. text" (typo), "606.5 text" (typo), "901.4.All" (typo)
RULE_LINE = re.compile(r"(?P<num>\d{3}\.\d{1,3}[a-z]?)(?![0-9a-z])(?P<dot>\.?)(?P<space>\s*)(?P<text>.*)")
# what starts like a rule number but is none: 100.1000, 999.999zz
NUMBER_LIKE = re.compile(r"\d{3}\.\d+[a-z]*")
SECTION_LINE = re.compile(r"(?P<num>\d{3})\.\s+(?P<text>\S.*)")
CHAPTER_LINE = re.compile(r"(?P<num>[1-9])\.\s+(?P<text>\S.*)")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
EXAMPLE_EN = re.compile(r"Example:\s*")
EXAMPLE_ZH = re.compile(r"(?:例如|例)\s*[:：]\s*")
CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d])")
MONTHS = {m: i for i, m in enumerate(
    "January February March April May June July August September October November December".split(), 1)}


def has_han(text: str) -> bool:
    return HAN.search(text) is not None


def language_of(text: str) -> str:
    return "zh" if has_han(text) else "en"


def cited_rules(text: str) -> tuple[str, ...]:
    """Rule and section numbers a text mentions, in order, without repeats."""
    seen: dict[str, None] = {}
    for m in CITED.finditer(text):
        seen.setdefault(m.group(0), None)
    return tuple(seen)


def split_bilingual_title(text: str) -> tuple[str, str] | None:
    """"休闲式玩法 Casual Variants" -> ("休闲式玩法", "Casual Variants"); None if not both scripts."""
    m = re.fullmatch(r"(.*[\u3400-\u9fff\uf900-\ufaff][^A-Za-z]*?)\s*([A-Za-z].*)", text)
    if not m or has_han(m.group(2)):
        return None
    return m.group(1).strip(), m.group(2).strip()


def malformed_number(line: str) -> str | None:
    """The number a line that is not a rule line (RULE_LINE did not match it) starts with, when
    it looks like a rule number."""
    m = NUMBER_LIKE.match(line)
    return m.group() if m else None


MALFORMED = "expected a rule number of three digits, a dot, one to three digits and at most one letter"


def rule_line_warnings(match: re.Match) -> list[str]:
    """Known typos in the official numbering: read them, and say so."""
    num, dot, space = match.group("num"), match.group("dot"), match.group("space")
    problems = []
    is_subrule = num[-1].isalpha()
    if is_subrule and dot:
        problems.append(f"subrule {num} is followed by a period")
    if not is_subrule and not dot:
        problems.append(f"rule {num} has no period after its number")
    if not space and match.group("text"):
        problems.append(f"no space after the number {num}{dot}")
    return problems
