"""Bilingual line pairs, as copied from a translation site: each rule's English line, then its
Chinese line with the same number.

Titles come three times (`9. 休闲式玩法 Casual Variants`, `9. Casual Variants`, `9. 休闲式玩法`).
Examples are `Example:` lines, sometimes followed by a `例如:` line. Lines of the site's page
chrome (header, "返回完整规则目录 | ..." navigation) are skipped with the reason.
"""
from __future__ import annotations

import re

from ...rules.model import ParsedSource, Passage, Provenance, RuleText, SourceSpec
from ...rules.numbers import RuleNumber, parse_number
from ..decoding import SourceText
from ..ledger import Ledger
from .common import (CHAPTER_LINE, EXAMPLE_EN, EXAMPLE_ZH, MALFORMED, RULE_LINE, SECTION_LINE, language_of,
                     malformed_number, rule_line_warnings, split_bilingual_title)

FORMAT = "line-pairs"
NAVIGATION = re.compile(r".*(返回|\s\|\s|上一[页章]|下一[页章]).*")


def _numbered(source: SourceText) -> list[tuple[int, str]]:
    found = []
    for number, raw in source.numbered():
        m = RULE_LINE.fullmatch(raw.strip())
        if m and m.group("text"):
            found.append((number, m.group("num")))
    return found


def sniff(source: SourceText) -> bool:
    numbered = _numbered(source)
    if len(numbered) < 4:
        return False
    pairs = sum(1 for (_, a), (_, b) in zip(numbered, numbered[1:]) if a == b)
    return pairs * 2 >= len(numbered) * 0.6


def parse(source: SourceText, spec: SourceSpec) -> tuple[ParsedSource, Ledger]:
    parsed = ParsedSource(spec)
    ledger = Ledger(source.path, source.lines)
    current: RuleNumber | None = None
    started = False
    for number, raw in source.numbered():
        line = raw.strip()
        if not line:
            continue
        here = Provenance(source.path, number)
        rule = RULE_LINE.fullmatch(line)
        title = SECTION_LINE.fullmatch(line) or CHAPTER_LINE.fullmatch(line)
        if not rule and (bad := malformed_number(line)):
            ledger.skip(number, "malformed rule number")
            parsed.error(f"malformed rule number {bad!r}: {MALFORMED}", here)
            current = None
        elif rule and rule.group("text"):
            started = True
            for problem in rule_line_warnings(rule):
                parsed.warn(problem, here)
            current = parse_number(rule.group("num"))
            parsed.add_rule(current, language_of(rule.group("text")),
                            RuleText(rule.group("text").strip(), ledger.consume(number)))
        elif title and not NAVIGATION.fullmatch(line):
            started = True
            current = None
            _add_title(parsed, int(title.group("num")), title.group("text"), ledger.consume(number))
        elif EXAMPLE_EN.match(line) or EXAMPLE_ZH.match(line):
            lang = "en" if EXAMPLE_EN.match(line) else "zh"
            prefix = (EXAMPLE_EN if lang == "en" else EXAMPLE_ZH).match(line)
            target = parsed.rules.get(current, {}).get(lang) if current else None
            if target is None:
                ledger.skip(number, f"{lang} example with no {lang} rule text above it")
                parsed.error(f"{lang} example with no {lang} rule above it", here)
            else:
                target.examples.append(Passage(line[prefix.end():].strip(), ledger.consume(number)))
        elif not started:
            ledger.skip(number, "page header of the source site, before the rules")
        elif NAVIGATION.fullmatch(line):
            ledger.skip(number, "navigation line of the source site")
        elif current is not None:
            lang = language_of(line)
            target = parsed.rules[current].get(lang)
            if target is None:
                ledger.skip(number, f"unnumbered {lang} line with no {lang} rule to continue")
                parsed.error(f"unnumbered line that continues no rule: {line[:60]!r}", here)
            else:
                parsed.warn(f"unnumbered line read as a continuation of {current}", here)
                ledger.consume(number)
                block = target.examples[-1] if target.examples else target
                block.text += "\n" + line
        else:
            ledger.skip(number, "text between a title and the first rule")
            parsed.warn(f"text outside any rule: {line[:60]!r}", here)
    return parsed, ledger


def _add_title(parsed: ParsedSource, number: int, text: str, where: Provenance) -> None:
    both = split_bilingual_title(text)
    if both:
        parsed.add_title(number, "zh", both[0], where)
        parsed.add_title(number, "en", both[1], where)
    else:
        parsed.add_title(number, language_of(text), text, where)
