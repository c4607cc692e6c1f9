"""The best way to join a sentence's phrase renderings: a beam search from the left over the
English, each step one phrase rendered (or two neighbouring phrases rendered in the other order,
as Chinese puts a modifier before what it modifies), scored by the renderings' own chances and by
how like the translation's Chinese the result reads (chinese_model.py).

Every score is a sum in one order and every tie is broken by the text, so the same sentence gives
the same Chinese on every run.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from .chinese_model import END, ChineseModel

BEAM = 12
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


class Weights(NamedTuple):
    model: float = 1.0  # the Chinese model's log chance
    own: float = 1.0  # the rendering's own log score
    length: float = 0.6  # per Chinese token written (the model alone prefers short output)
    unknown: float = -4.0  # per English word left in English
    swap: float = -2.0  # per pair of phrases written in the other order


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


def decode(options: Sequence[Sequence[Option]], model: ChineseModel, weights: Weights = Weights(),
           swaps: bool = True) -> Decoded:
    """The best rendering of a sentence of len(options) words, options[i] those starting at word i."""
    size = len(options)
    stacks: list[dict[tuple, _Hypothesis]] = [{} for _ in range(size + 1)]
    stacks[0][()] = _Hypothesis(0.0, "", model.state(["<s>"] * 4), 0, 0)
    for start in range(size):
        beam = sorted(stacks[start].values(), key=lambda h: (-h.score, h.text))[:BEAM]
        for hypothesis in beam:
            for option in options[start]:
                _extend(stacks, hypothesis, [option], option.end, model, weights, 0)
            if not swaps:
                continue
            for first in options[start]:  # first .. second written second .. first
                if first.unknown or first.end >= size:
                    continue
                for second in options[first.end][:4]:
                    if not second.unknown:
                        _extend(stacks, hypothesis, [second, first], second.end, model, weights, 1)
    finals = [h._replace(score=h.score + weights.model * model.log_chance(h.state, END)) for h in stacks[size].values()]
    if not finals:
        return Decoded("", size, 0)
    best = max(finals, key=lambda h: (h.score, h.text))
    return Decoded(best.text, best.unknown, best.covered)


def _extend(stacks, hypothesis: _Hypothesis, written: list[Option], end: int, model: ChineseModel,
            weights: Weights, swapped: int) -> None:
    score, state, text = hypothesis.score, hypothesis.state, hypothesis.text
    unknown, covered = hypothesis.unknown, hypothesis.covered
    for option in written:
        read = model.read(state, option.tokens)
        score += weights.model * read[0] + weights.length * len(option.tokens)
        state = read[1]
        score += weights.own * option.score + weights.unknown * option.unknown
        text += option.text
        unknown += option.unknown
        covered += option.covered
    score += weights.swap * swapped
    made = _Hypothesis(score, text, state, unknown, covered)
    was = stacks[end].get(state)
    if was is None or (made.score, made.text) > (was.score, was.text):
        stacks[end][state] = made
