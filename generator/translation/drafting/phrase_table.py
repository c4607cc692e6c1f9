"""The translation's phrase pairs: for an English phrase, the Chinese runs its sentence pairs render
it by (the word alignment's: aligner.py), and how often.

A phrase pair is an English phrase (up to LONGEST words) and a run of Chinese tokens no token of
which is linked outside the phrase, nor any word of the phrase outside the run (the usual
consistency of phrase-based translation); the run may take in characters linked to nothing at its
ends (的, 个). A pair holds the order the translation gives the phrase's words inside it: “a
creature you control” is 由你操控的生物 as one pair, not 生物 … 你 … 操控 piece by piece.

Read on demand, phrase by phrase: the sentence pairs that may hold a phrase are found through its
rarest word, so only the phrases of the sentences drafted are ever extracted.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import NamedTuple, Sequence

from ...cache import cached
from .aligner import align

LONGEST = 6  # English words of a phrase
WIDEST = 16  # Chinese tokens of its rendering
LOOSE = 2  # unlinked Chinese tokens a run may take in at each end
KEEP = 8  # renderings kept per phrase, the commonest
CHINESE_TOKEN = re.compile(r"[\u4e00-\u9fff]|[0-9A-Za-z]+(?:[./+\-][0-9A-Za-z]+)*|\S")
AFTER_NAME = frozenset({".", "“", "\"", "(", "—", ":", "‘"})


def english_key(words: Sequence[str]) -> list[str]:
    """The words as the table knows them: lower case, but for a name (a capitalised word inside
    the sentence, not after a stop or an opening quote): Case, the enchantment type, is not the
    case of “in that case”."""
    keyed = []
    for at, word in enumerate(words):
        name = word[:1].isupper() and at > 0 and words[at - 1] not in AFTER_NAME
        keyed.append(word.replace("’", "'") if name else word.lower().replace("’", "'"))
    return keyed


def chinese_tokens(text: str) -> list[str]:
    return CHINESE_TOKEN.findall(text)


class Rendering(NamedTuple):
    """A Chinese run for an English phrase: the log chance of the run given the phrase, and of the
    phrase given the run (how much of what the run renders elsewhere is this phrase)."""
    zh: str
    forward: float
    backward: float
    count: int


class PhraseTable:
    def __init__(self, pairs: Sequence[tuple[Sequence[str], str]]):
        """`pairs`: each sentence pair as its English tokens and its Chinese text."""
        self.english = [english_key(list(en)) for en, _ in pairs]
        self.chinese = [chinese_tokens(zh) for _, zh in pairs]
        self.texts = ["".join(tokens) for tokens in self.chinese]
        aligned = list(zip(self.english, self.chinese))
        key = "\n".join(" ".join(e) + "\t" + " ".join(z) for e, z in aligned).encode()
        self.links = cached("alignment", key, lambda: align(aligned))  # the memory's, the same on each build
        self.at: dict[str, list[tuple[int, int]]] = defaultdict(list)  # a word -> where it stands
        for n, words in enumerate(self.english):
            for at, word in enumerate(words):
                self.at[word].append((n, at))
        self.said_in: dict[str, list[int]] = defaultdict(list)  # a Chinese token -> the pairs that have it
        for n, found in enumerate(self.chinese):
            for token in sorted(set(found)):
                self.said_in[token].append(n)
        self._found: dict[tuple, list[Rendering]] = {}
        self._index: dict[tuple, int] | None = None
        self._said: dict[str, int] = {}
        self._silent: dict[str, float] = {}
        self._orient: dict[tuple, tuple[float, float]] = {}

    def occurrences(self, phrase: Sequence[str]) -> list[tuple[int, int]]:
        """Where the phrase (keyed words) stands: (pair, first word), in order."""
        phrase = list(phrase)
        offset = min(range(len(phrase)), key=lambda k: (len(self.at.get(phrase[k], ())), k))
        size = len(phrase)
        return [(n, at - offset) for n, at in self.at.get(phrase[offset], ())
                if at >= offset and self.english[n][at - offset:at - offset + size] == phrase]

    def renderings(self, phrase: Sequence[str]) -> list[Rendering]:
        """The Chinese runs the phrase (keyed words) is rendered by, the likeliest first."""
        key = tuple(phrase)
        if key not in self._found:
            self._found[key] = self._read(key)
        return self._found[key]

    def orientation(self, phrase: Sequence[str]) -> tuple[float, float]:
        """How the translation orders the phrase against its neighbours, in its sentence pairs: the
        log odds that its Chinese is not wholly after that of the nearest English word before it
        with any Chinese (由你操控的 of “you control” is ahead of 生物), and that the Chinese of the
        nearest such word after it is not wholly after its own."""
        key = tuple(phrase)
        if key not in self._orient:
            counts = Counter()
            for n, at in self.occurrences(key):
                run = self.rendering_of(n, at, at + len(key))
                if run is None:
                    continue
                by_word = defaultdict(list)
                for i, j in self.links[n]:
                    by_word[i].append(j)
                before = next((by_word[i] for i in range(at - 1, -1, -1) if by_word[i]), None)
                after = next((by_word[i] for i in range(at + len(key), len(self.english[n])) if by_word[i]), None)
                if before is not None:
                    counts["before", max(before) < run[0]] += 1
                if after is not None:
                    counts["after", min(after) >= run[1]] += 1
            self._orient[key] = tuple(math.log((counts[side, False] + 0.5) / (counts[side, True] + 0.5))
                                      for side in ("before", "after"))
        return self._orient[key]

    def _read(self, phrase: tuple) -> list[Rendering]:
        counts: Counter = Counter()
        seen = 0
        for n, at in self.occurrences(phrase):
            seen += 1
            for run in self._runs(n, at, at + len(phrase)):
                counts[run] += 1
        if not counts:
            return []
        best = sorted(counts.items(), key=lambda item: (-item[1], -len(item[0]), item[0]))[:KEEP]
        return [Rendering(zh, math.log(count / seen), math.log(min(1.0, count / max(count, self.said(zh)))), count)
                for zh, count in best]

    def said(self, zh: str) -> int:
        """The sentence pairs whose Chinese has this run."""
        if zh not in self._said:
            rarest = min((self.said_in.get(token, []) for token in chinese_tokens(zh)), key=len)
            self._said[zh] = sum(1 for n in rarest if zh in self.texts[n])
        return self._said[zh]

    def _runs(self, n: int, start: int, end: int) -> list[str]:
        """The Chinese runs consistent with English words start..end of pair n."""
        run = self.rendering_of(n, start, end)
        if run is None or run[1] - run[0] > WIDEST:
            return []
        low, high = run[0], run[1] - 1
        linked = {j for _, j in self.links[n]}
        tokens = self.chinese[n]
        runs = []
        for left in range(LOOSE + 1):
            if left and (low - left < 0 or low - left in linked):
                break
            for right in range(LOOSE + 1):
                if right and (high + right >= len(tokens) or high + right in linked):
                    break
                runs.append("".join(tokens[low - left:high + right + 1]))
        return runs

    def pair(self, words: Sequence[str], zh: str) -> int | None:
        """The index of the sentence pair of these English tokens and this Chinese, or None."""
        if self._index is None:
            self._index = {(tuple(e), t): n for n, (e, t) in enumerate(zip(self.english, self.texts))}
        return self._index.get((tuple(english_key(list(words))), "".join(chinese_tokens(zh))))

    def rendering_of(self, n: int, start: int, end: int) -> tuple[int, int] | None:
        """The Chinese tokens (first, past the last) of pair n that render its English words
        start..end and nothing else of it (consistent, as a phrase pair is), or None."""
        links = self.links[n]
        inside = [j for i, j in links if start <= i < end]
        if not inside:
            return None
        low, high = min(inside), max(inside)
        if any(not start <= i < end for i, j in links if low <= j <= high):
            return None
        return low, high + 1

    def silent(self, word: str) -> float:
        """The share of a word's occurrences linked to no Chinese (the, of: most of them)."""
        if word not in self._silent:
            found = self.occurrences([word])
            unlinked = sum(1 for n, at in found if not any(i == at for i, _ in self.links[n]))
            self._silent[word] = unlinked / len(found) if found else 0.0
        return self._silent[word]
