"""Qualifiers of a term dropped in the Chinese: the English says "each player", "other players", "an
additional cost", "target creature", and the Chinese has the term (牌手, 费用, 生物) without the word
that narrows it (每位, 其他, 额外, 目标), which changes what the rule says while every term is still
there.

Learnt from the document, not listed: every English word standing right before a glossary term
(not itself the start of one: "attacking creature" is a term of its own, which the term checks
read) in enough rules, and the Chinese those rules nearly all write right before the term's Chinese
(每位 before 牌手 for "each player"). A rule with the English pair whose Chinese has the term but
nowhere that qualifier is named.
"""
from __future__ import annotations

import re
from collections import defaultdict
from typing import Callable, NamedTuple

from ..cache import kept_for

WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
TAIL = re.compile(r"[\u4e00-\u9fff]+$")
MIN_RULES = 5  # rules with a word before a term before their Chinese is evidence
USUAL = 0.75  # the share of the word's rules with one of its ways
ELSEWHERE = 0.1  # the share of the rules whose English lacks the word that may have one of its ways
WAY = 0.1  # the share of the word's rules a way of writing it must be in
GRAMMAR = frozenset("""a an the of to in on at by for from with as and or nor but if its their your his her my our
that this these those it is are be been was were has have had do does did can may must will would""".split())
LONGEST = 4  # characters of a qualifier


class Dropped(NamedTuple):
    rule: str
    word: str  # "each"
    qualifier: str  # 每位, the commonest way the document writes it
    term: str  # 牌手, the term's Chinese, which the rule has
    covered: int  # rules with the word before a term and one of the ways the document writes it
    rules: int  # rules with the word before a term
    dropped: int  # rules with the word before a term and none of its ways


class Learnt(NamedTuple):
    """What the document says of a word that stands before terms: where (rule, term), the rules
    whose English has it anywhere, and the ways it writes the word (with their rules)."""
    pairs: list[tuple[int, int]]
    said: set[int]
    ways: list[tuple[str, int]]

    @property
    def rules(self) -> list[int]:
        return sorted({index for index, _ in self.pairs})

    def covered(self, rules: list[tuple[str, str, str]]) -> list[int]:
        """The word's rules whose Chinese has one of its ways."""
        return [index for index in self.rules if any(way in rules[index][2] for way, _ in self.ways)]


def learn(rules: list[tuple[str, str, str]], term_at: Callable[[list[str], int], int | None],
          chinese: dict[int, list[str]]) -> dict[str, Learnt]:
    """Every word the document's English puts right before a glossary term in MIN_RULES rules or
    more (number, English, Chinese each), with the ways its Chinese writes it there. `term_at(words,
    i)` is the term starting at word i, if any; `chinese` the Chinese forms of each term."""
    uses: dict[str, list[tuple[int, int]]] = defaultdict(list)  # word -> (rule, term) where it stands before the term
    said: dict[str, set[int]] = defaultdict(set)  # word -> rules whose English has it
    for index, (_, en, _) in enumerate(rules):
        words = [w.lower() for w in WORD.findall(en)]
        for word in words:
            said[word].add(index)
        for i in range(len(words) - 1):
            term = term_at(words, i + 1)
            if term is not None and term in chinese and term_at(words, i) is None and words[i] not in GRAMMAR:
                uses[words[i]].append((index, term))
    # what a word's ways depend on, kept for the process while the Chinese is the same: after an
    # edit of the English (`mkdocs serve`) only the words whose rules it touched are learnt again
    kept = kept_for("qualifier ways", (tuple(zh for _, _, zh in rules), tuple(sorted((k, tuple(v)) for k, v in chinese.items()))))
    learnt = {}
    for word, pairs in sorted(uses.items()):
        if len({index for index, _ in pairs}) >= MIN_RULES:
            key = (word, tuple(pairs), frozenset(said[word]))
            if key not in kept:
                kept[key] = _ways(word, pairs, rules, chinese, said[word])
            ways = kept[key]
            if ways:
                learnt[word] = Learnt(pairs, said[word], ways)
    return learnt


def dropped(learnt: dict[str, Learnt], rules: list[tuple[str, str, str]], chinese: dict[int, list[str]]) -> list[Dropped]:
    """Every rule whose Chinese has a term and none of the ways the document writes the word the
    English has right before it, for the words written those ways in USUAL of their rules."""
    found = []
    for word, known in learnt.items():
        covered = known.covered(rules)
        if len(covered) < USUAL * len(known.rules):
            continue
        lacking = []
        for index, term in dict(known.pairs).items():
            number, _, zh = rules[index]
            if not any(way in zh for way, _ in known.ways):
                lacking.append((number, next((f for f in chinese[term] if f in zh), None)))
        for number, form in lacking:
            if form is not None:
                found.append(Dropped(number, word, known.ways[0][0], form, len(covered), len(known.rules), len(lacking)))
    return found


def removed(learnt: dict[str, Learnt], rules: list[tuple[str, str, str]], en: str, old_zh: str,
            new_zh: str) -> list[tuple[str, str]]:
    """(word, way): the words of an English text unchanged since an older Chinese, whose ways the
    Chinese wrote more often then than now (an edit dropped 每 where the English still says each),
    for words the document writes those ways in half their rules or more."""
    words = {w.lower() for w in WORD.findall(en)}
    found = []
    for word in sorted(words & learnt.keys()):
        if len(learnt[word].covered(rules)) < 0.5 * len(learnt[word].rules):
            continue
        for way, _ in learnt[word].ways:
            if old_zh.count(way) > new_zh.count(way):
                found.append((word, way))
                break
    return found


def _ways(word: str, pairs: list[tuple[int, int]], rules: list[tuple[str, str, str]], chinese: dict[int, list[str]],
          said: set[int]) -> list[tuple[str, int]]:
    """The strings the document writes for `word` right before the term it qualifies, each with its
    rules, commonest first: each in a share of the word's rules, and in few rules whose English
    does not say the word (每 for "each", not 位)."""
    having = sorted({index for index, _ in pairs})
    before: dict[str, set[int]] = defaultdict(set)
    for index, term in pairs:
        for string in _before(rules[index][2], chinese[term]):
            before[string].add(index)
    others = [zh for index, (_, _, zh) in enumerate(rules) if index not in said]
    joined, most = "\n".join(others), ELSEWHERE * len(others)
    ways = []
    for string, found in sorted(before.items(), key=lambda item: (-len(item[1]), -len(item[0]), item[0])):
        if len(found) < WAY * len(having) or any(way in string or string in way for way, _ in ways):
            continue
        # as many rules as times in all of them, at most: counted rule by rule only where that is over
        if joined.count(string) <= most or sum(string in zh for zh in others) <= most:
            ways.append((string, len(found)))
    return ways


def _before(zh: str, forms: list[str]) -> set[str]:
    """The strings within the LONGEST Han characters right before a form of the term in a text."""
    found = set()
    for form in forms:
        for match in re.finditer(re.escape(form), zh):
            tail = TAIL.search(zh[max(0, match.start() - LONGEST):match.start()])
            if tail:  # 每 as well as 每个 of 每个牌手
                text = tail.group(0)
                found |= {text[i:j] for i in range(len(text)) for j in range(i + 1, len(text) + 1)}
    return found
