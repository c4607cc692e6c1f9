"""The translation's own renderings, learnt from its sentence pairs: the recurring English phrases
(word n-grams, glossary terms or not) and the Chinese each is usually rendered as, and the rules
that render one otherwise.

The statistic is co-occurrence, not a trained aligner: a phrase's rendering is the Chinese string
(two to six Han characters) whose sentences best coincide with the phrase's (Dice's coefficient over
the sentence pairs). Measured on the development sets against eflomal's alignments (docs/
editions-and-translation.md), it finds the same renderings for the phrases that recur, and needs
nothing but the pairs. Sets of sentences are bit masks (an int per phrase and per string), so an
edition's thousands of phrases are compared in about a second.

A phrase rendered otherwise is no slip where its English means something else: a longer phrase
around it (counter target spell, not +1/+1 counter) that is never rendered the usual way explains
it, and so does a second rendering that is itself common (a word's two senses).
"""
from __future__ import annotations

import re
from collections import Counter
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


def _strings_of(zh: str) -> set[str]:
    return {run[i:i + n] for run in HAN_RUN.findall(zh) for n in LENGTHS for i in range(len(run) - n + 1)}


class Renderings:
    """The phrases and strings of a set of sentence pairs, each with the mask of the pairs it is in."""

    def __init__(self, units: list[Unit]):
        self.units = units
        self.phrases: dict[str, int] = {}
        self.strings: dict[str, int] = {}
        self.unit_phrases: list[set[str]] = []
        self.unit_strings: list[set[str]] = []
        for i, unit in enumerate(units):
            bit = 1 << i
            found_phrases, found_strings = phrases_of(unit.en), _strings_of(unit.zh)
            self.unit_phrases.append(found_phrases)
            self.unit_strings.append(found_strings)
            for phrase in found_phrases:
                self.phrases[phrase] = self.phrases.get(phrase, 0) | bit
            for string in found_strings:
                self.strings[string] = self.strings.get(string, 0) | bit

    def rules(self, mask: int) -> set[str]:
        return {self.units[i].rule for i in _bits(mask)}

    def usual(self, phrase: str) -> str | None:
        """The Chinese string whose pairs best coincide with the phrase's (Dice), among those in
        most of its first pairs; None where no string is in USUAL of them."""
        mask = self.phrases[phrase]
        first = list(_bits(mask))[:6]
        seen = Counter(s for i in first for s in self.unit_strings[i])
        size = mask.bit_count()
        best, best_score = None, 0.0
        for string, count in seen.items():
            if count < max(2, len(first) // 2):
                continue
            both = (mask & self.strings[string]).bit_count()
            if both < USUAL * size:
                continue
            score = 2 * both / (size + self.strings[string].bit_count())
            if score > best_score or (score == best_score and best is not None and len(string) > len(best)):
                best, best_score = string, score
        if best is None or (mask & self.strings[best]).bit_count() < SPECIFIC * self.strings[best].bit_count():
            return None
        return best

    def rendered_by(self, wording: str) -> list[str]:
        """The English phrases `wording` renders: those whose pairs best coincide with its pairs
        (Dice), the best first; none where the wording is in no pair or coincides with no phrase."""
        mask = self.strings.get(wording) or sum(1 << i for i, unit in enumerate(self.units) if wording in unit.zh)
        if not mask:
            return []
        size, scored = mask.bit_count(), []
        seen = Counter(p for i in _bits(mask) for p in self.unit_phrases[i])
        for phrase, count in seen.items():
            if count >= max(1, size // 2):
                scored.append((2 * count / (size + self.phrases[phrase].bit_count()), phrase))
        scored.sort(key=lambda item: (-item[0], -len(item[1].split()), item[1]))  # the longest of equals
        return [phrase for score, phrase in scored if score >= scored[0][0] * 0.8][:3] if scored else []

    def odd(self) -> list[Odd]:
        """Every rule that renders a recurring phrase otherwise than the rest of the document."""
        found = []
        for phrase, mask in sorted(self.phrases.items()):
            rules = self.rules(mask)
            if len(rules) < MIN_RULES:
                continue
            usual = self.usual(phrase)
            if usual is None:
                continue
            missing = mask & ~self.strings[usual]
            if not missing:
                continue
            usual_rules = self.rules(mask & self.strings[usual])
            odd_rules = self.rules(missing) - usual_rules  # a rule with the usual rendering in one sentence renders it so
            if not odd_rules or len(odd_rules) > (1 - USUAL) * len(rules):
                continue
            for i in _bits(missing):
                unit = self.units[i]
                if unit.rule not in odd_rules or self._other_sense(phrase, usual, i):
                    continue
                instead, instead_rules = self._instead(phrase, usual, missing, i)
                if instead is None or instead_rules > COMMON * len(rules):
                    continue
                found.append(Odd(unit.rule, phrase, usual, len(usual_rules), len(rules), instead, instead_rules))
        return found

    def _other_sense(self, phrase: str, usual: str, i: int) -> bool:
        """Whether the English says something else here: a longer phrase around this one, in this
        pair, is never rendered the usual way (counter target spell), or the pairs with the usual
        rendering nearly all have a longer phrase this one lacks (lower right corner, not upper)."""
        for longer in self.unit_phrases[i]:
            if longer != phrase and f" {phrase} " in f" {longer} ":
                mask = self.phrases[longer]
                if mask.bit_count() >= 2 and not mask & self.strings[usual]:
                    return True
        rendered = self.phrases[phrase] & self.strings[usual]
        first = next(_bits(rendered))
        for longer in self.unit_phrases[first]:
            if longer != phrase and f" {phrase} " in f" {longer} " and longer not in self.unit_phrases[i] and \
                    (self.phrases[longer] & rendered).bit_count() >= USUAL_CONTEXT * rendered.bit_count():
                return True
        return False

    def _instead(self, phrase: str, usual: str, missing: int, i: int) -> tuple[str | None, int]:
        """The string this pair has in the usual rendering's place: about as long as it, mostly said
        where the phrase is, and found in three or more of the phrase's rules without the usual
        rendering, or one character off it (持续式效应 for 持续性效应), and seldom beside the usual
        rendering; with its rules."""
        best, best_key = None, (0, 0)
        for string in sorted(self.unit_strings[i]):
            if abs(len(string) - len(usual)) > 1 or string in usual or usual in string:
                continue
            with_phrase = self.phrases[phrase] & self.strings[string]
            if with_phrase.bit_count() < SPECIFIC * self.strings[string].bit_count() or \
                    (with_phrase & self.strings[usual]).bit_count() > (1 - SPECIFIC) * with_phrase.bit_count():
                continue  # said elsewhere than the phrase, or beside the usual rendering rather than for it
            count = len(self.rules(missing & self.strings[string]))
            near = _one_off(string, usual)
            if (count >= 3 or near) and (near, count, len(string)) > best_key:
                best, best_key = string, (near, count, len(string))
        if best is None:
            return None, 0
        return best, len(self.rules(self.phrases[phrase] & self.strings[best]))


def _one_off(a: str, b: str) -> bool:
    """One character changed, added or dropped, the first and last kept."""
    if a[0] != b[0] or a[-1] != b[-1] or abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))


def _bits(mask: int):
    """The positions of a mask's set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
