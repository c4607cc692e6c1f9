"""Find termbase terms in running text: longest match, left to right (Aho–Corasick), because
Chinese has no spaces to split words on. English matches must also start and end at word edges.

Not matched, and kept explicit: terms and words too common to help (TOO_COMMON_TERMS, TOO_COMMON),
one-character Chinese
forms (地, 牌: parts of countless words), and forms that belong to more than one term (循环 is
both the Cycling ability and the cycle action).
"""
from __future__ import annotations

from dataclasses import dataclass

import ahocorasick

from .termbase import Termbase, english_forms, lemma, script_variants

# Terms too common to help: the game's most basic words (every other rule has one; marking them
# would bury the useful marks and grow chapter 7 by a third), and the field notes' over-links.
TOO_COMMON_TERMS = frozenset({
    "ability", "player", "card", "permanent", "creature", "spell", "effect", "object",
    "control, controller", "can’t", "becomes", "status", "unless", "you, your", "deal", "if",
})
TOO_COMMON_LEMMAS = frozenset(lemma(name) for name in TOO_COMMON_TERMS)  # "becomes" is keyed "become"
# Forms never matched whatever term they belong to: short English words and generic Chinese ones.
TOO_COMMON = frozenset({
    "x", "y", "a", "an", "it", "its", "is", "be", "or", "and", "the", "to", "of", "in", "on", "for", "with",
    "as", "at", "by", "this", "that", "each", "any", "may", "you", "your", "if", "deal", "deals", "dealt",
    "你", "你的", "如果", "造成",
})
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


@dataclass
class TermMarker:
    termbase: Termbase

    def __post_init__(self):
        self.automata = {}
        for lang in ("en", "zh"):
            owners: dict[str, set[int]] = {}
            primary: dict[str, set[int]] = {}  # forms that are a term's own name, not an alias
            for term in self.termbase.terms.values():
                target = term.redirect or term
                if lemma(target.en or "") in TOO_COMMON_LEMMAS:
                    continue
                names = _own_names(term, lang)
                for form in (term.en_forms if lang == "en" else term.zh_forms):
                    if self.usable(form, lang):
                        owners.setdefault(form, set()).add(target.id)
                        if form in names:
                            primary.setdefault(form, set()).add(target.id)
            automaton = ahocorasick.Automaton()
            for form, ids in sorted(owners.items()):
                if len(ids) > 1 and len(primary.get(form, ())) == 1:
                    ids = primary[form]
                if len(ids) == 1:  # a form of several terms is not marked
                    automaton.add_word(form, (len(form), next(iter(ids))))
            if len(automaton):
                automaton.make_automaton()
                self.automata[lang] = automaton

    def forms(self) -> dict[str, int]:
        """Every form marked, as matched (English lower-cased), with its term: a page's marks carry
        no id, the browser finds the term by the marked text."""
        return {form: term_id for automaton in self.automata.values() for form, (_, term_id) in automaton.items()}

    @staticmethod
    def usable(form: str, lang: str) -> bool:
        if form.casefold() in TOO_COMMON or form in TOO_COMMON:
            return False
        return len(form) > 2 if lang == "en" else len(form) > 1

    def find(self, text: str, lang: str) -> list[tuple[int, int, int]]:
        """(start, end, term id) of each match, left to right, not overlapping."""
        automaton = self.automata.get(lang)
        if automaton is None:
            return []
        subject = text.translate(ASCII_LOWER) if lang == "en" else text
        found = []
        for end, (length, term_id) in automaton.iter_long(subject):
            start, stop = end - length + 1, end + 1
            if lang == "en" and (_wordy(subject, start - 1) or _wordy(subject, stop)):
                continue
            found.append((start, stop, term_id))
        return found


def _wordy(text: str, index: int) -> bool:
    return 0 <= index < len(text) and (text[index].isalnum() or text[index] in "-’'")


def _own_names(term, lang: str) -> set[str]:
    """The forms of a term's own name (not of its aliases), in both scripts for Chinese."""
    if lang == "en":
        return english_forms(term.en, term.verb) if term.en else set()
    return script_variants(term.zh) if term.zh else set()
