"""Typing slips: a character or word typed for another of the same sound, which a pinyin input method
offers beside the right one (操控着 for 操控者, 在这此交换中 for 这次, 登记 for 等级). Every character
is a real one, so only the translation's own usage tells the slip: the string as written stands
nowhere else in the translation, in any edition given, while the same string with a character of
the same pinyin (pypinyin, tones aside) stands in many texts.

The model is the translation's own text, not a general dictionary: the character strings of every
distinct Chinese text of every edition (a text unchanged across editions counts once), each text
counting a string once. The text under check is left out of the counts it is judged by.

A pair of characters the document uses both ways in many places (和 and 或, 他 and 它) is a choice
of wording, not a slip: each slip's weight falls with the number of places in the document that
look like the same slip.
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from typing import Iterable, NamedTuple

from pypinyin import Style, pinyin

HAN = re.compile(r"[\u4e00-\u9fff]")
RARE = 0  # other texts with the string as written, with a character either side: a slip stands nowhere else
USUAL = 3  # texts that write the usual string beside each of the characters around it
SEEN_ONCE = 1  # a slip makes a pair of characters with a neighbour that at most this many other texts have
COMMON = 10  # texts with a character before it is one a slip puts in (a rare one is a rare word's: 递增, 奖惩)
USUAL_WORD = 5  # texts with a word of two characters before another of its sound is a slip for it
GAIN = 4.0  # how much likelier (natural log) the text is with the other string
READINGS = 2  # the readings of a character that count (的 and 地 share de, 地's second)
SECOND = 2.0  # the more gain two characters alike only by a second reading need (其 read ji, for 既)


class Slip(NamedTuple):
    start: int  # where the slip is in the text
    written: str  # the character or word as written
    usual: str  # as the translation usually writes it here
    around: str  # the text around it, as written
    corrected: str  # the same with the usual string
    gain: float  # how much likelier the text is with the usual string (natural log)


@functools.lru_cache(maxsize=1 << 14)
def _readings(char: str) -> tuple[str, ...]:
    """A character's two commonest readings without tones (pypinyin lists the commonest first; the
    rarer ones are literary or dialectal: 于 as wei, 还 as fu, which nobody types for 为 or 不)."""
    return tuple(dict.fromkeys(pinyin(char, style=Style.NORMAL, heteronym=True)[0]))[:READINGS]


class Model:
    """String counts of a translation's texts, and its characters and words by their sound."""

    def __init__(self, texts: Iterable[str]):
        self.counts: Counter = Counter()
        texts = sorted(set(texts))
        self.texts = len(texts)
        for text in texts:
            self.counts.update(_strings(text))
        chars = sorted({s for s in self.counts if len(s) == 1 and HAN.match(s)})
        by_sound: dict[str, set[str]] = defaultdict(set)
        for char in chars:
            for reading in _readings(char):
                by_sound[reading].add(char)
        self.homophones = {char: sorted(set().union(*(by_sound[r] for r in _readings(char))) - {char}) for char in chars}
        # pairs that sound alike only by a second reading (的 de and 地 di, de) need more of the model
        self.second = {(a, b) for a in chars for b in self.homophones[a] if _readings(a)[0] not in _readings(b)[:1]
                       and _readings(b)[0] not in _readings(a)[:1]}
        words: dict[tuple[str, str], set[str]] = defaultdict(set)
        for string, count in self.counts.items():
            if len(string) == 2 and count >= USUAL_WORD and HAN.match(string[0]) and HAN.match(string[1]):
                for a in _readings(string[0]):
                    for b in _readings(string[1]):
                        words[(a, b)].add(string)
        self.words = words

    def others(self, string: str, own: set[str]) -> int:
        """Texts other than the one under check (whose strings are `own`) that have the string."""
        return max(0, self.counts[string] - (string in own))

    def _logp(self, text: str, start: int, end: int, own: set[str]) -> float:
        """The log-probability of the characters text[start:end] after the two before them, under
        an interpolated model of three, two and one characters of the other texts."""
        total = 0.0
        for i in range(max(start, 2), min(end, len(text))):
            a, b, c = text[i - 2], text[i - 1], text[i]
            three = self.others(a + b + c, own) / max(self.others(a + b, own), 1)
            two = self.others(b + c, own) / max(self.others(b, own), 1)
            one = (self.others(c, own) + 1) / self.texts
            total += math.log(0.6 * three + 0.3 * two + 0.1 * one)
        return total

    def slips(self, text: str) -> list[Slip]:
        """The places of a text where a character or a two-character word is written as no other
        text writes it there, and a string of the same sound is written so by other texts beside
        the same characters and makes the text far likelier; the likeliest where two overlap."""
        own = _strings(text)
        found: list[Slip] = []
        for i in range(2, len(text) - 1):
            if text[i] not in self.homophones:
                continue
            best = None
            for size in (1, 2):
                written, before, after = text[i:i + size], text[i - 1], text[i + size:i + size + 1]
                if len(written) < size or not after or self.others(before + written + after, own) > RARE or \
                        min(self.others(before + written[0], own), self.others(written[-1] + after, own)) > SEEN_ONCE or \
                        size == 1 and self.others(written, own) < COMMON:
                    continue
                others = self.homophones[written] if size == 1 else self._words_like(written, own)
                usual = [other for other in others if self._attested(before, other, after, own)]
                if not usual:
                    continue
                base = self._logp(text, i, i + size + 2, own)
                for other in usual:
                    gain = self._logp(text[:i] + other + text[i + size:], i, i + size + 2, own) - base
                    needed = GAIN + SECOND * any((w, o) in self.second for w, o in zip(written, other) if w != o)
                    if gain >= needed and (best is None or gain > best.gain):
                        best = Slip(i, written, other, text[max(0, i - 4):i + size + 4],
                                    text[max(0, i - 4):i] + other + text[i + size:i + size + 4], round(gain, 1))
            if best is None:
                continue
            if found and found[-1].start + len(found[-1].written) > best.start:  # one slip, seen from two places
                if _better(best, found[-1]):
                    found[-1] = best
                continue
            found.append(best)
        return found

    def _attested(self, before: str, other: str, after: str, own: set[str]) -> bool:
        """Whether other texts write `other` after `before` and before `after`: each pair of
        characters at its edges in USUAL texts."""
        return self.others(before + other[0], own) >= USUAL and self.others(other[-1] + after, own) >= USUAL

    def _words_like(self, word: str, own: set[str]) -> list[str]:
        """The common two-character words of the same sound as a word no other text has."""
        if not HAN.match(word[1]) or self.others(word, own) > RARE:
            return []
        return sorted({other for a in _readings(word[0]) for b in _readings(word[1]) for other in self.words.get((a, b), ())}
                      - {word})


def _better(slip: Slip, than: Slip) -> bool:
    """Of two slips over the same characters, the one that changes fewer of them, unless the other
    makes the text far likelier (于释放 is 释 for 施, not 于释 for 为施)."""
    if len(slip.written) != len(than.written):
        fewer, more = (slip, than) if len(slip.written) < len(than.written) else (than, slip)
        return (fewer is slip) == (fewer.gain * 1.5 >= more.gain)
    return slip.gain > than.gain


def _strings(text: str) -> set[str]:
    """The strings of one to three characters of a text."""
    return {text[i:i + n] for n in (1, 2, 3) for i in range(len(text) - n + 1)}
