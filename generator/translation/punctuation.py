"""Mechanical slips in Chinese running text, each its own kind of reason: a space beside Chinese, a
half-width comma or full stop among Chinese, a half-width bracket around it, a doubled mark, a full
stop after a quotation that closed on one (。”。), a text that ends on a comma, brackets or quotation
marks that do not pair up where the English's do, and the dash of a range of rules (601.2f-h)
written otherwise than the document mostly writes it.

A slip weighs by how consistent the rest of the document is: a space that 42 of 2,700 rules have is
a slip the translators fix; a mark half the rules write one way and half the other is a choice not
yet made, and weighs little, unless the rules added most recently (known from the history) have
made it: the translators harmonise on what the newest rules do (2022-06-10: the 16 ranges of rules
added since 2019 are all written 601.2f-h, the older ones half 601.2f–h; the next release wrote
every range with the hyphen).
"""
from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

HAN = "\u4e00-\u9fff"
WIDE = "，。、：；！？（）“”‘’《》【】"  # full-width marks that stand among Chinese
SPACE = re.compile(rf"(?<=[{HAN}{WIDE}]) +(?=\S)|(?<=\S) +(?=[{HAN}{WIDE}])")
HALF_WIDTH = re.compile(rf"(?<=[{HAN}）\]])[,;:?!]|[,;:?!](?=[{HAN}（“\[])|(?<=[{HAN}])\.(?=[{HAN}“]|$)")
HALF_BRACKET = re.compile(rf"(?<=[{HAN}。，])\(|\((?=[{HAN}])|(?<=[{HAN}。])\)|\)(?=[{HAN}，。])")
DOUBLED_STOP = re.compile(r"([。，、；：！？])\1")
STOP_AFTER_QUOTE = re.compile(r"[。！？]”[。！？]")
COMMA_END = re.compile(r"[，、；]\s*$")
EN_STOP_END = re.compile(r"[.?!][”’)]*\s*$")
PAIRS = {"（": "）", "“": "”", "「": "」", "《": "》", "【": "】", "(": ")", "[": "]"}
EN_PAIRS = {"（": "(", "“": "“", "「": "“", "《": "“", "【": "[", "(": "(", "[": "["}  # the English's mark for each
RANGE = re.compile(r"(?<=\d)[a-z]?([–-])(?=\d|[a-z]\b)|(?<=\d[a-z])([–-])(?=[a-z])")
STRONG = 2.5  # the weight of a slip the rest of the document never makes
# What the translators fixed, on the development sets: spaces beside Chinese in 38 rules of 61; a
# half-width comma, colon or full stop in 3 of 11; a half-width bracket around Chinese in none of 13.
# Those weigh less.
LESS = {"half-width": 0.6, "half-width-bracket": 0.4}
NEWEST_RULES, NEWEST_SHARE = 5, 0.9  # the newest rules have chosen a mark when this many write it, and this share
NAMES = {"space": "a space beside Chinese text", "half-width": "a half-width mark in Chinese text",
         "half-width-bracket": "a half-width bracket around Chinese text",
         "doubled-stop": "a doubled punctuation mark", "range-dash": "the dash of a range of rules",
         "stop-after-quote": "a full stop after a quotation that ends on one",
         "comma-end": "the text ends on a comma, not a full stop",
         "unpaired": "a bracket or quotation mark without its partner"}


class Slip(NamedTuple):
    kind: str  # space, half-width, half-width-bracket, doubled-stop, stop-after-quote, comma-end, unpaired, range-dash
    mark: str  # what is written
    around: str  # a little of the text around it


def slips(zh: str, en: str = "") -> list[Slip]:
    """The marks of one Chinese text (its paragraphs one per line) that may be slips, its English
    beside it; which of them are depends on the document."""
    found = []
    for kind, pattern in (("space", SPACE), ("half-width", HALF_WIDTH), ("half-width-bracket", HALF_BRACKET),
                          ("doubled-stop", DOUBLED_STOP), ("stop-after-quote", STOP_AFTER_QUOTE)):
        for match in pattern.finditer(zh):
            found.append(Slip(kind, match.group(0), _around(zh, match)))
    en_lines = en.split("\n")
    for index, line in enumerate(zh.split("\n")):
        match = COMMA_END.search(line)
        if match and index < len(en_lines) and EN_STOP_END.search(en_lines[index]):
            found.append(Slip("comma-end", match.group(0).strip(), _around(line, match)))
    found += _unpaired(zh, en)
    for match in RANGE.finditer(zh):
        dash = match.group(1) or match.group(2)
        found.append(Slip("range-dash", dash, _around(zh, match)))
    return found


def _unpaired(zh: str, en: str) -> list[Slip]:
    """Per paragraph, an opening mark without its closing one or the other way round, where the
    English's paragraph has as many of each (the English has unpaired quotation marks of its own)."""
    found = []
    en_lines = en.split("\n")
    for index, line in enumerate(zh.split("\n")):
        english = en_lines[index] if index < len(en_lines) else ""
        for opening, closing in PAIRS.items():
            opened, closed = line.count(opening), line.count(closing)
            if opened == closed:
                continue
            en_open = EN_PAIRS[opening]
            en_close = {"(": ")", "[": "]", "“": "”"}[en_open]
            if english.count(en_open) != english.count(en_close):
                continue
            mark = opening if opened > closed else closing
            at = line.rfind(mark) if opened > closed else line.find(mark)
            found.append(Slip("unpaired", mark, line[max(0, at - 8):at + 9]))
    return found


def _around(text: str, match: re.Match, size: int = 8) -> str:
    return text[max(0, match.start() - size):match.end() + size].replace("\n", " ")


class Usage(NamedTuple):
    """How the document writes: rules per (kind, mark), and rules in all; and how the rules added
    since the oldest edition of the history (`since`) write, where there is a history."""
    rules_with: Counter
    rules: int
    newest: Counter = Counter()
    since: str | None = None


def usage(found: dict, newest: set = frozenset(), since: str | None = None) -> Usage:
    """`found`: each rule's slips by its number; `newest`: the numbers of the rules added since `since`."""
    counted, counted_new = Counter(), Counter()
    for number, rule_slips in found.items():
        marks = {(s.kind, s.mark) for s in rule_slips}
        counted.update(marks)
        if number in newest:
            counted_new.update(marks)
    return Usage(counted, len(found), counted_new, since)


def _newest_choice(slip: Slip, seen: Usage) -> tuple[str, int] | None:
    """The mark the newest rules write for this kind, and in how many of them, where they nearly
    all write one (the translators harmonise on what the newest rules do)."""
    marks = Counter({mark: n for (kind, mark), n in seen.newest.items() if kind == slip.kind})
    if not marks:
        return None
    mark, count = marks.most_common(1)[0]
    return (mark, count) if count >= NEWEST_RULES and count >= NEWEST_SHARE * sum(marks.values()) else None


def weight(slip: Slip, seen: Usage) -> float:
    """A range dash: none where the newest rules (or, without them, most rules) write it so; where
    the newest rules nearly all write another, a slip; otherwise, how lopsided the document is. A
    space or a half-width mark: how rare it is among the rules (they have the full-width form)."""
    if slip.kind == "range-dash":
        newest = _newest_choice(slip, seen)
        if newest is not None:
            return 0.0 if newest[0] == slip.mark else STRONG
        this = seen.rules_with[(slip.kind, slip.mark)]
        other = sum(n for (kind, mark), n in seen.rules_with.items() if kind == slip.kind and mark != slip.mark)
        if this >= other:
            return 0.0
        share = other / (this + other)  # of the rules with a range, those that write it the other way
        return round(0.5 + (STRONG - 0.5) * ((share - 0.5) / 0.5) ** 2, 2)
    rules_with = sum(n for (kind, _), n in seen.rules_with.items() if kind == slip.kind)
    rare = 1 - rules_with / max(seen.rules, 1)
    return round(max(0.0, STRONG * (rare - 0.8) / 0.2) * LESS.get(slip.kind, 1.0), 2)


def describe(slip: Slip, seen: Usage) -> str:
    if slip.kind == "range-dash" and _newest_choice(slip, seen):
        mark, count = _newest_choice(slip, seen)
        return (f"{NAMES[slip.kind]} is {slip.mark!r} (…{slip.around}…), where the rules added since {seen.since} write "
                f"{mark!r} ({count} rules)")
    if slip.kind == "range-dash":
        other = max(((mark, n) for (kind, mark), n in seen.rules_with.items() if kind == slip.kind and mark != slip.mark),
                    key=lambda item: item[1])
        return (f"{NAMES[slip.kind]} is {slip.mark!r} (…{slip.around}…), where {other[1]} rules write {other[0]!r} "
                f"and {seen.rules_with[(slip.kind, slip.mark)]} write {slip.mark!r}")
    return f"{NAMES[slip.kind]}: {slip.mark!r} (…{slip.around}…)"
