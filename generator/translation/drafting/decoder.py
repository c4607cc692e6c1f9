"""The best way to join a sentence's phrase renderings: a beam search from the left over the
English, each step one phrase rendered (or two neighbouring phrases rendered in the other order,
as Chinese puts a modifier before what it modifies), scored by the renderings' own chances, by
how often the translation orders each phrase so against its neighbours (由你操控的生物: “you control”
goes ahead of “creature”; phrase_table.py's orientation), and by how like the translation's Chinese
the result reads (chinese_model.py).

Every score is a sum in one order and every tie is broken by the text, so the same sentence gives
the same Chinese on every run.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from .chinese_model import END, START, ChineseModel

BEAM = 12
SWAPPED = 8  # of the likeliest options at a word, those tried in the other order with a neighbour's
SWAP_ODDS = -1.0  # of a phrase whose order against its neighbours the translation does not say
UNKNOWN_TOKEN = "<unk>"  # what the Chinese model reads for English kept in brackets: a token it has never seen


class Option(NamedTuple):
    """A rendering of English words start..end: its text, its tokens (for the Chinese model), its
    own score, and how many English words it leaves unknown and covers."""
    end: int
    text: str
    tokens: tuple
    score: float
    unknown: int
    covered: int
    ahead: float = SWAP_ODDS  # log odds that the translation writes it before the phrase before it
    behind: float = SWAP_ODDS  # log odds that it writes the phrase after it before this one


class Weights(NamedTuple):
    model: float = 1.0  # the Chinese model's log chance
    own: float = 1.0  # the rendering's own log score
    length: float = 0.6  # per Chinese token written (the model alone prefers short output)
    unknown: float = -4.0  # per English word left in English
    order: float = 3.0  # the log chance that the translation orders a phrase so against its neighbours


class Decoded(NamedTuple):
    text: str
    unknown: int
    covered: int


class _Hypothesis(NamedTuple):
    score: float
    text: str
    state: tuple
    unknown: int
    covered: int


WEIGHTS = Weights()


def decode(options: Sequence[Sequence[Option]], model: ChineseModel, swaps: bool = True) -> Decoded:
    """The best rendering of a sentence of len(options) words, options[i] those starting at word i
    (`swaps`: neighbouring phrases tried in the other order too)."""
    return _Search(model).run(options, swaps)


class _Search:
    def __init__(self, model: ChineseModel):
        self.model, self.weights = model, WEIGHTS

    def run(self, options: Sequence[Sequence[Option]], swaps: bool) -> Decoded:
        size, model = len(options), self.model
        self.stacks: list[dict[tuple, _Hypothesis]] = [{} for _ in range(size + 1)]
        self.stacks[0][()] = _Hypothesis(0.0, "", model.state([START] * model.order), 0, 0)
        for start in range(size):
            beam = sorted(self.stacks[start].values(), key=lambda h: (-h.score, h.text))[:BEAM]
            for hypothesis in beam:
                for option in options[start]:
                    self._extend(hypothesis, [option], False)
                if not swaps:
                    continue
                for first in options[start][:SWAPPED]:  # first .. second written second .. first
                    if first.unknown or first.end >= size:
                        continue
                    for second in options[first.end][:SWAPPED]:
                        if not second.unknown:
                            self._extend(hypothesis, [second, first], True)
        finals = [h._replace(score=h.score + self.weights.model * model.log_chance(h.state, END))
                  for h in self.stacks[size].values()]
        if not finals:
            return Decoded("", size, 0)
        best = max(finals, key=lambda h: (h.score, h.text))
        return Decoded(best.text, best.unknown, best.covered)

    def _extend(self, hypothesis: _Hypothesis, written: list[Option], swapped: bool) -> None:
        """The hypothesis with the options written after it, in the stack of the words it then covers."""
        weights = self.weights
        score, state, text = hypothesis.score, hypothesis.state, hypothesis.text
        unknown, covered = hypothesis.unknown, hypothesis.covered
        for option in written:
            logp, state = self.model.read(state, option.tokens)
            score += weights.model * logp + weights.length * len(option.tokens)
            score += weights.own * option.score + weights.unknown * option.unknown
            text += option.text
            unknown += option.unknown
            covered += option.covered
        if swapped:  # the second phrase written ahead of the first
            score += weights.order * (_log_chance(written[0].ahead) + _log_chance(written[1].behind))
        else:
            score += weights.order * _log_chance(-written[0].ahead)
        made = _Hypothesis(score, text, state, unknown, covered)
        end = max(option.end for option in written)
        was = self.stacks[end].get(state)
        if was is None or (made.score, made.text) > (was.score, was.text):
            self.stacks[end][state] = made


def _log_chance(log_odds: float) -> float:
    """The log of the chance whose log odds these are."""
    return -math.log1p(math.exp(-log_odds))
