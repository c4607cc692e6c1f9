"""Sentences of a rule's text, in English and in Chinese, and which Chinese sentences translate
which English ones.

Both languages are split the same way, by the marks that end a sentence wherever they stand
(inside quotations and parentheses too): 702.62a's quoted ability "... N time counters on it. This
action doesn't use the stack," is two sentences in the English and two in the Chinese ("…计时指示物。
此动作不使用堆叠"). A general splitter (pysbd, tried on the corpus) keeps quoted sentences whole in
English and splits them in Chinese, which breaks that correspondence; the CR's own punctuation is
regular enough for the two patterns below.

Alignment within one rule: where both languages have as many sentences, sentence n translates
sentence n (checked by the rule numbers they cite); otherwise a dynamic programme pairs them one to
one, two to one or one to two, by length (a Chinese sentence runs about a third of its English in
characters) and by the numbers they cite, and the pairs it is unsure of are not kept.
"""
from __future__ import annotations

import re
from typing import NamedTuple

# an English sentence ends at . ? or ! (and the quotes and parentheses closing on it), before a space
# and what starts a sentence; not after "e.g." or "i.e."
_EN_END = re.compile(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<=[.?!])[”’\")\]]*(?=\s+[“‘\"(\[]*[A-Z0-9{])")
# a Chinese sentence ends at 。？！ (full width), with the quotes and brackets closing on it, unless the
# sentence goes on after a quotation (具有“……。”的结界)
_ZH_END = re.compile(r"[。？！][”’」』）)]*(?![”’」』）)的，、；：])")
_NUMBER = re.compile(r"\d+(?:\.\d+[a-z]?)?")
CHARS_PER_ZH = 3.2  # English characters per Chinese character, over the whole corpus


def _split(text: str, ends: re.Pattern) -> list[str]:
    sentences, start = [], 0
    for match in ends.finditer(text):
        sentences.append(text[start:match.end()].strip())
        start = match.end()
    return [s for s in sentences + [text[start:].strip()] if s]


def split_en(text: str) -> list[str]:
    """The sentences of an English text, each without the space before it."""
    return _split(text, _EN_END)


def split_zh(text: str) -> list[str]:
    """The sentences of a Chinese text."""
    return _split(text, _ZH_END)


def split(text: str, lang: str) -> list[str]:
    return split_zh(text) if lang == "zh" else split_en(text)


class Pair(NamedTuple):
    """English sentences [en_start, en_end) translated by Chinese sentences [zh_start, zh_end)."""
    en: tuple[int, int]
    zh: tuple[int, int]


def numbers(sentence: str) -> tuple[str, ...]:
    return tuple(_NUMBER.findall(sentence))


def align(en: list[str], zh: list[str]) -> list[Pair]:
    """The sentence pairs of a rule's English and Chinese, in order; sentences that no sure pair
    covers are left out."""
    if not en or not zh:
        return []
    if len(en) == len(zh) and all(_numbers_agree(e, z) for e, z in zip(en, zh)):
        return [Pair((i, i + 1), (i, i + 1)) for i in range(len(en))]
    return _by_length(en, zh)


def _numbers_agree(en: str, zh: str) -> bool:
    """The rule numbers and figures an English sentence cites appear in its Chinese (a figure spelt
    out in one language, "two" for 2, is no disagreement: only what both write as digits counts)."""
    return set(numbers(zh)) <= set(numbers(en)) or set(numbers(en)) <= set(numbers(zh))


_STEPS = ((1, 1), (1, 2), (2, 1), (1, 0), (0, 1))
_SKIP = 4.0  # the cost of a sentence left without a partner


def _cost(en: list[str], zh: list[str]) -> float:
    e, z = " ".join(en), "".join(zh)
    if not e or not z:
        return _SKIP
    ratio = len(e) / (len(z) * CHARS_PER_ZH)
    cost = abs(ratio - 1) * 2 if ratio > 1 else abs(1 / ratio - 1) * 2
    return cost + (0 if set(numbers(z)) == set(numbers(e)) else 1.5) + (0.5 if len(en) + len(zh) > 2 else 0)


def _by_length(en: list[str], zh: list[str]) -> list[Pair]:
    """Gale and Church's alignment by length, with cited numbers as anchors."""
    inf = float("inf")
    best = [[inf] * (len(zh) + 1) for _ in range(len(en) + 1)]
    back: dict[tuple[int, int], tuple[int, int]] = {}
    best[0][0] = 0.0
    for i in range(len(en) + 1):
        for j in range(len(zh) + 1):
            if best[i][j] == inf:
                continue
            for di, dj in _STEPS:
                if i + di > len(en) or j + dj > len(zh):
                    continue
                cost = best[i][j] + (_SKIP if not (di and dj) else _cost(en[i:i + di], zh[j:j + dj]))
                if cost < best[i + di][j + dj]:
                    best[i + di][j + dj] = cost
                    back[(i + di, j + dj)] = (i, j)
    pairs, at = [], (len(en), len(zh))
    while at != (0, 0):
        before = back[at]
        if before[0] != at[0] and before[1] != at[1] and _cost(en[before[0]:at[0]], zh[before[1]:at[1]]) < _SKIP / 2:
            pairs.append(Pair((before[0], at[0]), (before[1], at[1])))
        at = before
    return pairs[::-1]
