"""One reason a rule of a translation may need a fix: its kind, how much it weighs, and what to
look at, in one line (translation/check.py ranks the rules by their reasons)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    # variant, unlike, missing, extra, swapped, changed, numbers, sentences, doubled, bracketed, length, negation,
    # typing, rendering, family, replaced, definitions (two entries' exchanged), and the mechanical slips' kinds (punctuation.py)
    kind: str
    weight: float
    text: str  # what to look at, in both languages
