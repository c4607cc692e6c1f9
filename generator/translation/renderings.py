"""The translation's own renderings, learnt from its sentence pairs: the recurring English phrases
(word n-grams, glossary terms or not) and the Chinese each is usually rendered as, and the rules
that render one otherwise.

The statistic is co-occurrence, not a trained aligner: a phrase's rendering is the Chinese string
(two to six Han characters) whose sentences best coincide with the phrase's (Dice's coefficient over
the sentence pairs). Measured on the development sets against eflomal's alignments (docs/
editions-and-translation.md), it finds the same renderings for the phrases that recur, and needs
nothing but the pairs.

A phrase rendered otherwise is no slip where its English means something else: a longer phrase
around it (counter target spell, not +1/+1 counter) that is never rendered the usual way explains
it, and so does a second rendering that is itself common (a word's two senses).
"""
from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from typing import NamedTuple

WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*|\S")
HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
STOP = frozenset("""a an the of to in on at by for from with as is are be been was were it its this that these those
and or but if then than so not no any each all one two three some such other another which who whom whose
what when where while may can must would could should has have had do does did you your they their them he
she his her we our i my there here onto into upon up out only also more most less many much both either
neither s""".split())
MIN_RULES = 5  # rules whose English has a phrase before its renderings are evidence
USUAL = 0.7  # the share of those rules the usual rendering must hold
SPECIFIC = 0.5  # the share of a rendering's sentence pairs that must have its phrase
COMMON = 0.3
USUAL_CONTEXT = 0.9  # a longer phrase in this share of the usual rendering's pairs is its context  # another rendering in more of the phrase's rules than this share is a sense of its own
MAX_WORDS = 3
LENGTHS = range(2, 7)  # the Han characters of a rendering


class Unit(NamedTuple):
    """One sentence pair: the rule it belongs to, the English and the Chinese."""
    rule: str
    en: str
    zh: str


class Odd(NamedTuple):
    """A rule that renders `phrase` otherwise than the usual `usual`."""
    rule: str
    phrase: str
    usual: str
    usual_rules: int  # rules with the phrase and the usual rendering
    rules: int  # rules with the phrase
    found: str | None  # the rendering this rule has instead, where one is found
    found_rules: int  # rules with the phrase and that rendering


def phrases_of(en: str) -> set[str]:
    """The English phrases of a sentence: one to three words, lower case, neither starting nor ending
    with a function word; a capitalised word inside the sentence (a name) is in none of them."""
    tokens = WORD.findall(en)
    words: list[str | None] = []
    for i, token in enumerate(tokens):
        name = token[:1].isupper() and i > 0 and tokens[i - 1] not in {".", "“", "\"", "(", "—"}
        words.append(None if name or not token[:1].isalpha() else token.lower().replace("’", "'"))
    found = set()
    for start in range(len(words)):
        for size in range(1, MAX_WORDS + 1):
            piece = words[start:start + size]
            if len(piece) < size or None in piece:
                break
            if piece[0] not in STOP and piece[-1] not in STOP:
                found.add(" ".join(piece))
    return found


@functools.lru_cache(maxsize=1 << 16)
def _phrases(en: str) -> frozenset[str]:
    return frozenset(phrases_of(en))


@functools.lru_cache(maxsize=1 << 16)
def _strings_of(zh: str) -> frozenset[str]:
    """Every run of two to six Han characters of a text; kept for the process by the text, as a
    rebuild after an edit reads the same sentences again."""
    return frozenset(run[i:i + n] for run in HAN_RUN.findall(zh) for n in LENGTHS for i in range(len(run) - n + 1))


class Renderings:
    """The phrases of a set of sentence pairs, each with the pairs it is in, and how many pairs each
    Chinese string is in. Sets and counts, not a string-by-pair table: a phrase's pairs are few,
    and whether a string is in one is a lookup in that pair's strings."""

    def __init__(self, units: list[Unit]):
        self.units = units
        self.unit_phrases = [_phrases(unit.en) for unit in units]
        self.unit_strings = [_strings_of(unit.zh) for unit in units]
        self.phrases: dict[str, list[int]] = defaultdict(list)
        for i, found in enumerate(self.unit_phrases):
            for phrase in found:
                self.phrases[phrase].append(i)
        self.pairs_with = Counter()  # string -> the pairs that have it
        for found in self.unit_strings:
            self.pairs_with.update(found)

    def rules(self, pairs) -> set[str]:
        return {self.units[i].rule for i in pairs}

    def _having(self, pairs, string: str) -> list[int]:
        return [i for i in pairs if string in self.unit_strings[i]]

    def usual(self, phrase: str) -> str | None:
        """The Chinese string whose pairs best coincide with the phrase's (Dice), among those in
        most of its first pairs; None where no string is in USUAL of them, or it is said mostly
        elsewhere."""
        pairs = self.phrases[phrase]
        first = [self.unit_strings[i] for i in pairs[:6]]
        need = max(2, len(first) // 2)
        in_two = set().union(*(a & b for k, a in enumerate(first) for b in first[k + 1:]))
        best, best_score, best_both = None, 0.0, 0
        for string in sorted(in_two):
            said = self.pairs_with[string]
            if not USUAL * len(pairs) <= said <= len(pairs) / SPECIFIC or \
                    2 * min(said, len(pairs)) / (said + len(pairs)) < best_score:
                continue  # in too few pairs, or too many elsewhere, or unable to beat the best so far
            if sum(string in found for found in first) < need:
                continue
            both = len(self._having(pairs, string))
            if both < USUAL * len(pairs):
                continue
            score = 2 * both / (len(pairs) + said)
            if score > best_score or (score == best_score and best is not None and len(string) > len(best)):
                best, best_score, best_both = string, score, both
        if best is None or best_both < SPECIFIC * self.pairs_with[best]:
            return None
        return best

    def rendered_by(self, wording: str) -> list[str]:
        """The English phrases `wording` renders: those whose pairs best coincide with its pairs
        (Dice), the best first; none where the wording is in no pair or coincides with no phrase."""
        pairs = [i for i, unit in enumerate(self.units) if wording in unit.zh]
        if not pairs:
            return []
        seen = Counter(p for i in pairs for p in self.unit_phrases[i])
        scored = [(2 * count / (len(pairs) + len(self.phrases[phrase])), phrase)
                  for phrase, count in seen.items() if count >= max(1, len(pairs) // 2)]
        scored.sort(key=lambda item: (-item[0], -len(item[1].split()), item[1]))  # the longest of equals
        return [phrase for score, phrase in scored if score >= scored[0][0] * 0.8][:3] if scored else []

    def odd(self) -> list[Odd]:
        """Every rule that renders a recurring phrase otherwise than the rest of the document."""
        found = []
        for phrase, pairs in sorted(self.phrases.items()):
            if len(pairs) < MIN_RULES:
                continue
            rules = self.rules(pairs)
            if len(rules) < MIN_RULES:
                continue
            usual = self.usual(phrase)
            if usual is None:
                continue
            rendered = self._having(pairs, usual)
            missing = sorted(set(pairs) - set(rendered))
            if not missing:
                continue
            usual_rules = self.rules(rendered)
            odd_rules = self.rules(missing) - usual_rules  # a rule with the usual rendering in one sentence renders it so
            if not odd_rules or len(odd_rules) > (1 - USUAL) * len(rules):
                continue
            strings_of_rule: dict[str, set[str]] = defaultdict(set)
            for i in missing:
                strings_of_rule[self.units[i].rule] |= self.unit_strings[i]
            missing_rules_with = Counter()  # string -> the rules with the phrase, without the usual rendering, with it
            for found_strings in strings_of_rule.values():
                missing_rules_with.update(found_strings)
            for i in missing:
                unit = self.units[i]
                if unit.rule not in odd_rules or self._other_sense(phrase, rendered, i):
                    continue
                instead, instead_rules = self._instead(phrase, usual, missing_rules_with, i)
                if instead is None or instead_rules > COMMON * len(rules):
                    continue
                found.append(Odd(unit.rule, phrase, usual, len(usual_rules), len(rules), instead, instead_rules))
        return found

    def _other_sense(self, phrase: str, rendered: list[int], i: int) -> bool:
        """Whether the English says something else here: a longer phrase around this one, in this
        pair, is never rendered the usual way (counter target spell), or the pairs with the usual
        rendering nearly all have a longer phrase this one lacks (lower right corner, not upper)."""
        usual_pairs = set(rendered)
        for longer in self.unit_phrases[i]:
            if longer != phrase and f" {phrase} " in f" {longer} ":
                pairs = self.phrases[longer]
                if len(pairs) >= 2 and not usual_pairs.intersection(pairs):
                    return True
        for longer in self.unit_phrases[rendered[0]]:
            if longer != phrase and f" {phrase} " in f" {longer} " and longer not in self.unit_phrases[i] and \
                    len(usual_pairs.intersection(self.phrases[longer])) >= USUAL_CONTEXT * len(usual_pairs):
                return True
        return False

    def _instead(self, phrase: str, usual: str, missing_rules_with: Counter, i: int) -> tuple[str | None, int]:
        """The string this pair has in the usual rendering's place: about as long as it, mostly said
        where the phrase is, and found in three or more of the phrase's rules without the usual
        rendering, or one character off it (持续式效应 for 持续性效应), and seldom beside the usual
        rendering; with its rules."""
        pairs = self.phrases[phrase]
        best, best_key = None, (False, 0, 0)
        for string in sorted(self.unit_strings[i]):
            if abs(len(string) - len(usual)) > 1 or string in usual or usual in string:
                continue
            near = _one_off(string, usual)
            if not near and self.pairs_with[string] < 3:
                continue
            count = missing_rules_with[string]
            if not (count >= 3 or near) or (near, count, len(string)) <= best_key:
                continue
            with_phrase = self._having(pairs, string)
            if len(with_phrase) < SPECIFIC * self.pairs_with[string] or \
                    sum(1 for k in with_phrase if usual in self.unit_strings[k]) > (1 - SPECIFIC) * len(with_phrase):
                continue  # said elsewhere than the phrase, or beside the usual rendering rather than for it
            best, best_key = string, (near, count, len(string))
        if best is None:
            return None, 0
        return best, len(self.rules(self._having(pairs, best)))


def _one_off(a: str, b: str) -> bool:
    """One character changed, added or dropped, the first and last kept."""
    if a[0] != b[0] or a[-1] != b[-1] or abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))
