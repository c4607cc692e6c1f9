"""The Chinese of an edited rule carried sentence by sentence, and a translation memory of the
translated edition.

Most edits change one sentence of a rule. Each part of the rule (its text, each example) is split
into sentences; the translated edition's English and Chinese of the part are aligned (rules/sentences.py);
today's English sentences are matched in order with the translated edition's, rewritten to today's
rule numbers (difflib). Then, in today's order:
  - translated: English sentences unchanged since, whose Chinese translates exactly them: that Chinese;
  - stale: an English sentence that replaced another much like it: the Chinese of that other, to be
    revised;
  - new: an English sentence with nothing like it before: no Chinese (the memory may suggest one).
A part whose older English and Chinese do not align sentence for sentence is not split (None): it
is carried whole, as a rule is when its sentences cannot be told apart.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple

from ..rules.sentences import Pair, align, split_en, split_zh
from ..rules.word_diff import words

TRANSLATED, STALE, NEW = "translated", "stale", "new"
ALIKE = 0.5  # word similarity of a changed sentence to the one it replaced (less: a new sentence)


class Segment(NamedTuple):
    """One or more of today's English sentences and what the translation has for them."""
    en: str
    zh: str | None  # translated: its Chinese; stale: the Chinese of the English it replaced; new: None
    state: str
    suggestion: str | None = None  # new or stale: the Chinese of the same English elsewhere (memory)
    was: str | None = None  # stale: the English its Chinese translates (the older edition's, in today's numbers)
    draft: str | None = None  # stale or new: a draft of its Chinese (translation/drafting/drafts.py), for translators
    draft_quality: int | None = None  # how much of its English the draft covers (0-99)


@lru_cache(maxsize=1 << 15)
def aligned(en: str, zh: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[Pair, ...]] | None:
    """A part's sentences in both languages and their pairs, where the pairs cover every sentence.
    Kept for the process: each build aligns every part for its memory, its work list and what it
    carries, and `mkdocs serve` builds again after every edit of a source."""
    if "\n" in en or "\n" in zh:  # lines of a list: not sentences
        return None
    en_sentences, zh_sentences = split_en(en), split_zh(zh)
    pairs = align(en_sentences, zh_sentences)
    if sum(p.en[1] - p.en[0] for p in pairs) != len(en_sentences) or \
            sum(p.zh[1] - p.zh[0] for p in pairs) != len(zh_sentences):
        return None
    return tuple(en_sentences), tuple(zh_sentences), tuple(pairs)


def part_pairs(en: str, zh: str) -> list[tuple[str, str]]:
    """A part's English and Chinese as sentence pairs (runs of sentences translated together), or
    the whole part as one pair where its sentences do not pair."""
    sentences = aligned(en, zh)
    if sentences is None:
        return [(en, zh)]
    en_sentences, zh_sentences, pairs = sentences
    return [(" ".join(en_sentences[p.en[0]:p.en[1]]), "".join(zh_sentences[p.zh[0]:p.zh[1]])) for p in pairs]


class Memory:
    """The Chinese of each English sentence (or run of sentences translated together) of the
    translated edition, in today's rule numbers: where one English has several Chinese, the most
    frequent, then the first."""

    def __init__(self, parts: Iterable[tuple[str, str]], forward: Callable[[str], str]):
        seen: dict[str, Counter] = defaultdict(Counter)
        for en, zh in parts:
            found = aligned(en, zh)
            if found is None:
                continue
            en_sentences, zh_sentences, pairs = found
            for pair in pairs:
                english = forward(" ".join(en_sentences[slice(*pair.en)]))
                seen[english][forward("".join(zh_sentences[slice(*pair.zh)]))] += 1
        self._best = {en: counts.most_common(1)[0][0] for en, counts in seen.items()}
        self.forward = forward

    @property
    def sentences(self) -> dict[str, str]:
        """Each English sentence (or run) and its Chinese, in today's rule numbers."""
        return self._best

    def suggest(self, english: str) -> str | None:
        """The Chinese of this English, or of each of its sentences where all have one."""
        if english in self._best:
            return self._best[english]
        found = [self._best.get(s) for s in split_en(english)]
        return "".join(found) if len(found) > 1 and all(found) else None


def _alike(a: str, b: str) -> float:
    return SequenceMatcher(None, words(a), words(b), autojunk=False).ratio()


def carry_part(old_en: str, old_zh: str, new_en: str, forward: Callable[[str], str],
               memory: Memory | None = None) -> tuple[Segment, ...] | None:
    """Today's English of a part with the Chinese of the translated edition's, sentence by sentence;
    `forward` rewrites the older edition's cited rule numbers to today's."""
    found = aligned(old_en, old_zh)
    if found is None or "\n" in new_en:
        return None
    old_sentences, zh_sentences, pairs = found
    new_sentences = split_en(new_en)
    group_of = {i: g for g, pair in enumerate(pairs) for i in range(*pair.en)}
    # a sentence today's English left word for word is the same sentence, even where a rule it cites
    # moved (the English did not renumber the citation; the Chinese keeps pointing at the rule meant)
    kept = set(old_sentences) & set(new_sentences)
    before = [s if s in kept else forward(s) for s in old_sentences]
    now_of: dict[int, int] = {}  # old sentence -> the same sentence today
    groups: list[set[int]] = [set() for _ in new_sentences]  # today's sentence -> the pairs it comes from
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, before, new_sentences, autojunk=False).get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                now_of[i1 + k] = j1 + k
                groups[j1 + k] = {group_of[i1 + k]}
        elif tag == "replace":  # each new sentence replaces the most alike of the old ones, if any is
            for j in range(j1, j2):
                alike = max(range(i1, i2), key=lambda i: _alike(before[i], new_sentences[j]))
                if _alike(before[alike], new_sentences[j]) >= ALIKE:
                    groups[j] = {group_of[alike]}
    spans: list[list] = []  # [first, end, pairs] of today's sentences read together
    for j, own in enumerate(groups):
        if spans and own & spans[-1][2]:
            spans[-1][1], spans[-1][2] = j + 1, spans[-1][2] | own
        else:
            spans.append([j, j + 1, set(own)])
    segments, used = [], set()
    for first, end, own in spans:
        english = " ".join(new_sentences[first:end])
        own = sorted(own - used)
        used.update(own)
        if not own:
            segments.append(Segment(english, None, NEW, memory.suggest(english) if memory else None))
            continue
        chinese = forward("".join(zh_sentences[k] for g in own for k in range(*pairs[g].zh)))
        same = all(first <= now_of.get(i, -1) < end for g in own for i in range(*pairs[g].en)) and \
            all(j in now_of.values() for j in range(first, end))
        if same:
            segments.append(Segment(english, chinese, TRANSLATED))
        else:
            was = " ".join(before[i] for g in own for i in range(*pairs[g].en))
            segments.append(Segment(english, chinese, STALE, memory.suggest(english) if memory else None, was))
    return tuple(segments)


def untranslated_part(en: str, memory: Memory | None) -> tuple[Segment, ...]:
    """A part with no Chinese: each sentence new, with the memory's suggestion."""
    return tuple(Segment(s, None, NEW, memory.suggest(s) if memory else None) for s in split_en(en))


def chinese_of(segments: tuple[Segment, ...]) -> str:
    """The Chinese a reader is shown for a part: what is translated, and what is stale."""
    return "".join(s.zh for s in segments if s.zh is not None)
