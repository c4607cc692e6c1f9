"""How the translation writes: a model of its Chinese, token by token (a character, a number, a
mark), from the tokens before (up to ORDER - 1), learnt from its sentences.

Witten-Bell interpolation: the chance of a token after a context is mixed with its chance after the
context one token shorter, the more so the more different tokens the context has been followed by.
The drafts' decoder asks it which of the ways of joining phrases reads like the translation
(由你操控的生物, not 生物你操控).
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Iterable, Sequence

ORDER = 5
START, END = "<s>", "</s>"


class ChineseModel:
    def __init__(self, sentences: Iterable[Sequence[str]]):
        """`sentences`: each as its tokens."""
        self.order = ORDER
        self.counts: dict[tuple, Counter] = defaultdict(Counter)
        for tokens in sentences:
            padded = [START] * (ORDER - 1) + list(tokens) + [END]
            for at in range(ORDER - 1, len(padded)):
                for size in range(ORDER):
                    self.counts[tuple(padded[at - size:at])][padded[at]] += 1
        self.totals = {context: sum(found.values()) for context, found in self.counts.items()}
        self.kinds = {context: len(found) for context, found in self.counts.items()}
        self.vocabulary = len(self.counts[()]) + 1
        self._seen: dict[tuple, float] = {}
        self._read: dict[tuple, tuple] = {}

    def log_chance(self, context: Sequence[str], token: str) -> float:
        """log P(token | the ORDER - 1 tokens before it)."""
        key = (tuple(context[-(ORDER - 1):]), token)
        if key not in self._seen:
            self._seen[key] = math.log(self._chance(key[0], token))
        return self._seen[key]

    def _chance(self, context: tuple, token: str) -> float:
        if not context:  # add-one over the tokens seen, and one for any unseen
            return (self.counts[()].get(token, 0) + 1) / (self.totals.get((), 0) + self.vocabulary)
        shorter = self._chance(context[1:], token)
        total = self.totals.get(context)
        if not total:
            return shorter
        kinds = self.kinds[context]
        return (self.counts[context].get(token, 0) + kinds * shorter) / (total + kinds)

    def read(self, state: tuple, tokens: tuple) -> tuple[float, tuple]:
        """The log chance of `tokens` after the state, and the state after them."""
        key = (state, tokens)
        found = self._read.get(key)
        if found is None:
            total, context = 0.0, state
            for token in tokens:
                total += self.log_chance(context, token)
                context = self.state(context + (token,))
            found = self._read[key] = (total, context)
        return found

    def state(self, context: Sequence[str]) -> tuple:
        """What of the tokens written so far the next token's chance depends on."""
        return tuple(context[-(ORDER - 1):])
