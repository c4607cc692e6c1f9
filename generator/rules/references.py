"""Find references to rules in running text, English or Chinese.

A dotted number (`702.6`, `601.2f`) is a reference wherever it stands. A bare section number
(`614`) is one only after `rule(s)`/`规则`, or after `see`/`参见` when a quoted title follows
(`See 718, “Prototype Cards.”`), so `exactly 100 cards`, `PO Box 707` and years stay text.
From a reference, a run continues through lists (`, and`, `和`, `、` ...), titles (`, “Commander,”`),
ranges (`601.2f–h`, `119.7–8`, `903.6-11`, `601.2e至g`) and letter lists (`608.3a and b`), and
every written item becomes its own link. A title quoted right after an item (`506, “General.”`) is
part of that item's link: it names the rule, it is not running text with terms in it.
`section 8` and `第8章` refer to chapters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .numbers import SUBRULE_LETTERS, RuleNumber

# a number ends where no digit follows, or, after its letter, where the next number starts at once
# (a translation's "103.2c607.2p", with the 和 between them missing)
ITEM = re.compile(r"(?<![\d.])(?P<sec>\d{3})(?:\.(?P<rule>\d{1,3})(?P<sub>[a-z](?![a-z]))?)?"
                  r"(?:(?<=[a-z])(?=\d{3}\.\d)|(?!\d)(?!\.\d))")
STRONG = re.compile(r"(?:\b[Rr]ules?|规则|規則)\s*$")
WEAK = re.compile(r"(?:\b[Ss]ee|\bexception to|\blisted in|参见|參見|见|見)\s*$")
TITLE = re.compile(r"\s*[,，]?\s*[“\"「][^”\"」\n]{1,80}[”\"」][,，]?")
JOINER = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,\s*|\s+(?:and|or)\s+|以及|和|与|與|及|或|、|，)\s*(?:[Rr]ules?\s+|规则|規則)?")
RANGE = re.compile(r"\s*(?:–|-|至|\bto\b)\s*")
LETTER = re.compile(r"[a-z](?![A-Za-z0-9’'])")
DIGITS = re.compile(r"\d{1,3}(?![\d.]|\.\d)")
CHAPTER = re.compile(r"\b[Ss]ections? (?P<a>[1-9])(?![\d.])|第(?P<b>[1-9])章")


@dataclass(frozen=True)
class Ref:
    start: int
    end: int
    target: RuleNumber | int | str  # a rule number, a chapter (1-9), or a glossary anchor
    group: tuple[RuleNumber, ...] = ()  # every rule of the range or list item this link belongs to

    @property
    def is_chapter(self) -> bool:
        return isinstance(self.target, int)


def _number(m: re.Match) -> RuleNumber:
    return RuleNumber(int(m.group("sec")), int(m.group("rule") or 0), m.group("sub") or "")


@lru_cache(maxsize=1 << 15)
def find_references(text: str) -> tuple[Ref, ...]:
    """The references in a text, in order. Kept for the process: `mkdocs serve` builds again after
    every edit of a source, and then reads the edited texts alone."""
    refs: list[Ref] = []
    position = 0
    for m in ITEM.finditer(text):
        if m.start() < position:
            continue
        before = text[max(0, m.start() - 16): m.start()]
        dotted = m.group("rule") is not None
        if not (dotted or STRONG.search(before) or (WEAK.search(before) and TITLE.match(text, m.end()))):
            continue
        run, position = _run(text, m)
        refs.extend(run)
    refs.extend(Ref(m.start(), m.end(), int(m.group("a") or m.group("b"))) for m in CHAPTER.finditer(text))
    return tuple(sorted(refs, key=lambda r: r.start))


def cited_rules(text: str) -> list[RuleNumber]:
    """The rules a text cites, each written item of a list or range in order (601.2f–h: 601.2f and
    601.2h), chapters and glossary entries aside."""
    return [r.target for r in find_references(text) if isinstance(r.target, RuleNumber)]


def cited_apart(en: str, zh: str) -> tuple[list[RuleNumber], list[RuleNumber]] | None:
    """Where the Chinese cites a rule the English does not and the English one the Chinese does not
    (a citation pointing elsewhere: 613.3 for 613.4c), (the English's, the Chinese's); else None.
    A citation one text adds or leaves out alone is not one: the Chinese often adds a "see rule"."""
    en_cites, zh_cites = set(cited_rules(en)), set(cited_rules(zh))
    en_only, zh_only = en_cites - zh_cites, zh_cites - en_cites
    return (sorted(en_only), sorted(zh_only)) if en_only and zh_only else None


def swapped_texts(texts: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Of named texts, name -> (English, Chinese), the pairs written under each other's names: each
    one's Chinese cites what the other's English does and none of what its own does, and the other's
    Chinese what its English does (Provoke's Chinese definition is Prowess's, and Prowess's is
    Provoke's, in the 2023-11-17 glossary); name -> the other's name."""
    cited: dict[str, tuple[frozenset, frozenset]] = {}
    named: dict[tuple[frozenset, frozenset], list[str]] = {}
    for name, (en, zh) in texts.items():
        en_cites, zh_cites = frozenset(cited_rules(en)), frozenset(cited_rules(zh))
        if en_cites and zh_cites and not en_cites & zh_cites:
            cited[name] = (en_cites, zh_cites)
            named.setdefault((en_cites, zh_cites), []).append(name)
    found = {}
    for name, (en_cites, zh_cites) in cited.items():
        others = [other for other in named.get((zh_cites, en_cites), []) if other != name]
        if len(others) == 1:
            found[name] = others[0]
    return found


def _run(text: str, first: re.Match) -> tuple[list[Ref], int]:
    """The first item and everything that continues it; returns the refs and where the run ends."""
    previous = _number(first)
    refs = [Ref(first.start(), first.end(), previous)]
    at = first.end()
    while True:
        ranged = _range_end(text, at, previous)
        if ranged:
            end_ref, group = ranged
            start_ref = refs[-1]
            refs[-1] = Ref(start_ref.start, start_ref.end, start_ref.target, group)
            refs.append(Ref(end_ref.start, end_ref.end, end_ref.target, group))
            previous, at = end_ref.target, end_ref.end
            continue
        title = TITLE.match(text, at)
        after_title = title.end() if title else at
        if title:  # the link ends with the closing quote, not with the comma after it
            end = title.end() - 1 if text[title.end() - 1] in ",，" else title.end()
            refs[-1] = Ref(refs[-1].start, end, refs[-1].target, refs[-1].group)
        joiner = JOINER.match(text, after_title)
        if not joiner:
            break
        nxt = ITEM.match(text, joiner.end())
        if nxt:
            previous = _number(nxt)
            refs.append(Ref(nxt.start(), nxt.end(), previous))
            at = nxt.end()
            continue
        letter = LETTER.match(text, joiner.end())
        if letter and previous.sub and letter.group(0) > previous.sub:
            previous = RuleNumber(previous.section, previous.rule, letter.group(0))
            refs.append(Ref(letter.start(), letter.end(), previous))
            at = letter.end()
            continue
        break
    return refs, at


def _range_end(text: str, at: int, start: RuleNumber) -> tuple[Ref, tuple[RuleNumber, ...]] | None:
    dash = RANGE.match(text, at)
    if not dash:
        return None
    i = dash.end()
    if start.sub:
        letter = LETTER.match(text, i)
        if letter and letter.group(0) > start.sub and letter.group(0) in SUBRULE_LETTERS:
            end = RuleNumber(start.section, start.rule, letter.group(0))
            return Ref(letter.start(), letter.end(), end), _between(start, end)
    full = ITEM.match(text, i)
    if full and _number(full) > start:
        end = _number(full)
        return Ref(full.start(), full.end(), end), _between(start, end)
    digits = DIGITS.match(text, i)
    if digits and start.rule and not start.sub and int(digits.group(0)) > start.rule:
        end = RuleNumber(start.section, int(digits.group(0)))
        return Ref(digits.start(), digits.end(), end), _between(start, end)
    return None


def _between(start: RuleNumber, end: RuleNumber) -> tuple[RuleNumber, ...]:
    if start.section == end.section and start.rule == end.rule and start.sub and end.sub:
        letters = SUBRULE_LETTERS[SUBRULE_LETTERS.index(start.sub): SUBRULE_LETTERS.index(end.sub) + 1]
        return tuple(RuleNumber(start.section, start.rule, s) for s in letters)
    if start.section == end.section and not start.sub and not end.sub and start.rule and end.rule:
        return tuple(RuleNumber(start.section, r) for r in range(start.rule, end.rule + 1))
    return (start, end)
