"""What the translation says for an English phrase: the termbase's names, its own usual renderings,
a new keyword's name in brackets, a name's dictionary lead."""
from __future__ import annotations

import functools
from collections import Counter, defaultdict
from typing import Iterable

from ..renderings import Renderings, Unit
from .dictionary import chinese_name
from .words import HAN, MARK_CLOSE, MARK_OPEN, listed_forms, phrase_key, tokens

SHARE = 0.3  # of a phrase's sentence pairs that must have its rendering


class Lexicon:
    """What the translation says for English phrases: the termbase's names, its own renderings
    (renderings.py: the Chinese whose sentence pairs best coincide with the phrase's), and its
    keywords' names (a keyword with no Chinese yet as its English, in brackets)."""

    def __init__(self, pairs: list[tuple[str, str]], terms: dict[str, str]):
        self.pairs = pairs
        self.renderings = Renderings([Unit(str(i), en, zh) for i, (en, zh) in enumerate(pairs)])
        self.lower = [" " + phrase_key(tokens(en)) + " " for en, _ in pairs]
        self.terms = {phrase_key(tokens(en)): zh for en, zh in terms.items() if en and zh}
        self.names: dict[str, str] = {}  # a new keyword's English forms -> its bracketed name
        self._seen: dict[str, list[str]] = {}
        self._pairs: dict[str, list[int]] = {}
        self._with: dict[str, list[int]] = defaultdict(list)  # a word (as phrase_key writes it) -> the pairs that have it
        for i, (en, _) in enumerate(pairs):
            for word in sorted({phrase_key([w]) for w in tokens(en)}):
                self._with[word].append(i)

    def name(self, keyword: str) -> None:
        """A keyword with no Chinese in the release: each of its forms is written as its name in
        brackets, unless the termbase has its name (the translators' term list)."""
        if phrase_key(tokens(keyword)) in self.terms:
            return
        self.names[keyword.lower()] = f"{MARK_OPEN}{keyword}{MARK_CLOSE}"
        self._seen.clear()

    def chinese(self, words: list[str]) -> list[str]:
        """The Chinese the translation has for these English words, the likeliest first."""
        key = phrase_key(words)
        if key not in self._seen:
            self._seen[key] = list(dict.fromkeys(self._chinese(key)))
        return self._seen[key]

    def named(self, words: list[str]) -> list[str]:
        """The Chinese of a name: the termbase's, or a new keyword's in brackets (a name is no
        phrase the renderings learn: Case, the enchantment type, is not “in that case”), else the
        dictionary's lead with the name in brackets, as the translation writes a name it has no
        official Chinese for (水豚[Capybara])."""
        forms = listed_forms(phrase_key(words))
        found = [table[form] for table in (self.names, self.terms) for form in forms if form in table][:1]
        lead = None if found else chinese_name(" ".join(words), self.sentences_with)
        return found or ([f"{lead}{MARK_OPEN}{' '.join(words)}{MARK_CLOSE}"] if lead else [])

    @functools.cached_property
    def sentences_with(self) -> Counter:
        """How many of the memory's sentences write each character."""
        return Counter(char for _, zh in self.pairs for char in set(zh))

    def _chinese(self, key: str) -> Iterable[str]:
        forms = listed_forms(key)
        for form in forms:
            if form in self.names:
                yield self.names[form]
        for form in forms:
            if form in self.terms:
                yield self.terms[form]
        for form in forms[:3]:
            usual = self._usual(form)
            if usual:
                yield usual
        if " " not in key and key.startswith("non") and len(key) > 5:  # nontoken: 非衍生物
            yield from ("非" + zh for zh in self.chinese([key[3:].lstrip("-")]) if HAN.match(zh))

    def _usual(self, phrase: str) -> str | None:
        """The Chinese (two to six characters) whose sentence pairs best coincide with the
        phrase's (Dice), in a third of them at least, two at least: the translation's usual
        rendering, where it has more than one (一个或更多, 一个或多个) the commonest."""
        found = self._pairs.get(phrase)
        if found is None:
            needle, words = f" {phrase} ", phrase.split(" ")
            rarest = min((self._with.get(word, []) for word in words), key=len)  # the pairs that may have it
            found = self._pairs[phrase] = [i for i in rarest if needle in self.lower[i]]
        if len(found) < 2:
            return None
        strings = self.renderings.unit_strings
        counts = Counter(string for i in found[:200] for string in strings[i])
        seen, least = min(len(found), 200), max(2, SHARE * min(len(found), 200))
        best, best_score = None, 0.0
        for string, count in sorted(counts.items()):
            if count < least:
                continue
            score = 2 * count / (seen + self.renderings.pairs_with[string] * seen / len(found))
            if score > best_score + 1e-9 or (abs(score - best_score) <= 1e-9 and best and len(string) > len(best)):
                best, best_score = string, score
        while best is not None:  # a rendering cut short (一个或 of 一个或更多): its commonest longer form
            longer = [(count, string) for string, count in counts.items() if len(string) == len(best) + 1
                      and best in string and count >= 0.6 * counts[best]]
            if not longer:
                break
            best = max(longer)[1]
        return best
