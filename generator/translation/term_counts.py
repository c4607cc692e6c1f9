"""How many times each glossary term is named in each language of a text, counted the loose way:
an English form through its inflections (countered, creature's, characteristic: word stems, by
Snowball's English stemmer), a Chinese form wherever it stands, inside a longer term too (施放咒语
holds 咒语, 进入战场 holds 战场).

The term marker (rules/term_marker.py) finds a term where a reader sees it, the longest match;
a translation check asking "does the Chinese have this term at all" must see it inside the longer
one, or it calls missing what is there. Counting, not only presence, finds a term put for another
where both stand in the rule: "attacking creature" twice and "blocking creature" once in the
English, 攻击 once and 阻挡 twice in the Chinese.
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from typing import Iterable, NamedTuple

import ahocorasick
import snowballstemmer

from ..rules.termbase import Term, before_object

WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
KIN = 1.0  # the surprise added for two terms the same chapter of the rules defines


@functools.lru_cache(maxsize=1)
def _stemmer():
    return snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    return _stemmer().stemWord(word.lower())


def stems(text: str) -> tuple[str, ...]:
    """The stems of a text's words, lower case, a possessive's 's dropped (WORD stops at the
    apostrophe); each word stemmed once for the process (the stemmer is pure Python)."""
    return tuple(_stem(w) for w in WORD.findall(text))


class TermCounter:
    """The termbase's forms in both languages, ready to count."""

    def __init__(self, terms: Iterable[Term]):
        self.english: dict[str, list[tuple[tuple[str, ...], int]]] = defaultdict(list)  # first stem -> (stems, term)
        chinese: dict[str, set[int]] = defaultdict(set)
        self.words: dict[int, set[str]] = defaultdict(set)  # term -> the stems of its English forms
        self.surface: dict[int, set[str]] = defaultdict(set)  # term -> its English forms' words as written
        self.plain_verbs: set[int] = set()  # keyword abilities whose name before an object is the everyday verb
        for term in terms:
            if term.obsolete or term.redirect is not None:
                continue
            if term.plain_verb:
                self.plain_verbs.add(term.id)
            for form in term.en_forms:
                self.words[term.id] |= set(stems(form))
                self.surface[term.id].add(" ".join(w.lower() for w in WORD.findall(form)))
            for form in term.en_forms:
                form_stems = stems(form)
                if form_stems and (form_stems, term.id) not in self.english[form_stems[0]]:
                    self.english[form_stems[0]].append((form_stems, term.id))
            for form in term.zh_forms:
                if len(form) >= 2:
                    chinese[form].add(term.id)
        for found in self.english.values():
            found.sort()
        self.automaton = ahocorasick.Automaton()
        for form, ids in sorted(chinese.items()):
            self.automaton.add_word(form, (len(form), tuple(sorted(ids))))
        if len(self.automaton):
            self.automaton.make_automaton()

    def term_at(self, words: list[str], i: int) -> int | None:
        """The English term (its longest form) starting at word i of a text's words, if any."""
        if i >= len(words):
            return None
        matches = [(len(form), term) for form, term in self.english.get(_stem(words[i]), ())
                   if tuple(_stem(w) for w in words[i:i + len(form)]) == form]
        return max(matches)[1] if matches else None

    def counts(self, text: str, lang: str) -> Counter:
        """Term id -> how many separate places of the text name it."""
        return self._english(text) if lang == "en" else self._chinese(text)

    def _english(self, text: str) -> Counter:
        """Forms through their stems; where two terms' forms match the same words, the one whose
        form is the words as written ("untapped" is Untapped, not Untap, though both stem to untap).
        A keyword that is only a noun is not its name as written before an object ("reach the
        battlefield" is not Reach; "protect the permanent" is still read as Protection)."""
        found_words = list(WORD.finditer(text))
        surface = [w.group().lower() for w in found_words]
        words = stems(text)
        at: dict[tuple[int, int], set[int]] = defaultdict(set)
        for i, stem in enumerate(words):
            for form, term in self.english.get(stem, ()):
                if words[i:i + len(form)] == form:
                    at[(i, i + len(form))].add(term)
        spans: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for (i, j), terms in at.items():
            exact = {t for t in terms if " ".join(surface[i:j]) in self.surface.get(t, ())}
            verb = before_object(text, found_words[j - 1].end())
            for term in exact or terms:
                if verb and term in self.plain_verbs and term in exact:
                    continue
                spans[term].append((i, j))
        return Counter({term: _separate(found) for term, found in spans.items()})

    def _chinese(self, text: str) -> Counter:
        """A form inside a longer term's form counts where the longer term's English names it too
        (咒语 in 施放咒语, "casting spells"), not where it does not (横置 in 未横置, "untapped", is
        no tap), as the English is counted."""
        matches = [(end - length + 1, end + 1, ids) for end, (length, ids) in
                   (self.automaton.iter(text) if len(self.automaton) else ())]
        spans: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for start, end, ids in matches:
            around = [other for s, e, other in matches if s <= start and end <= e and (s, e) != (start, end)]
            for term in ids:
                words = self.words.get(term, set())
                if all(any(words and words <= self.words.get(o, set()) for o in other) for other in around):
                    spans[term].append((start, end))
        return Counter({term: _separate(found) for term, found in spans.items()})


def _separate(spans: list[tuple[int, int]]) -> int:
    """How many places a term's matches stand in: overlapping matches (进行攻击的生物 and 攻击生物
    are both forms of one term) are one place."""
    count, reach = 0, -1
    for start, end in sorted(spans):
        if start >= reach:
            count += 1
        reach = max(reach, end)
    return count


class Swap(NamedTuple):
    """A term the Chinese names less often than the English (`fewer`) where it names another more
    often (`more`): one may have been put for the other."""
    fewer: int
    more: int
    counts: tuple[int, int, int, int]  # the English's and the Chinese's count of `fewer`, then of `more`
    surprise: float  # how unlikely the two together are in this document (natural log)


class Swaps:
    """How often the Chinese names each term less often than the English, or more often, across a
    document's rules: the Chinese repeats a noun the English says once ("it"), or says 其 for one
    the English repeats, far more often for some terms than for others; a rule where one term falls
    short and another is over, each in a way the document seldom has, is a term put for another.
    Falling short to none and being over from none are counted apart: a term wholly missing is
    rarer than a term said once less."""

    def __init__(self, rules: list[tuple[Counter, Counter]], overlapping: set[tuple[int, int]], chapters: dict[int, int]):
        self.named: Counter = Counter()
        self.seen: Counter = Counter()  # (term, how) -> rules
        for en, zh in rules:
            for term in set(en) | set(zh):
                self.named[term] += 1
                self.seen[(term, _fewer(en[term], zh[term]))] += 1
                self.seen[(term, _more(en[term], zh[term]))] += 1
        self.overlapping = overlapping  # pairs of terms one of whose forms holds the other's
        self.chapters = chapters  # term -> the chapter of the rule that defines it

    def _p(self, term: int, how: str) -> float:
        """How often the other rules naming a term have it `how` (this rule's own counts left out)."""
        return (max(self.seen[(term, how)] - 1, 0) + 0.5) / (max(self.named[term] - 1, 0) + 1)

    def best(self, en: Counter, zh: Counter) -> Swap | None:
        """The least likely pair of a term short and a term over in one rule of the document."""
        best = None
        short = [(t, _fewer(en[t], zh[t])) for t in sorted(en) if _fewer(en[t], zh[t])]
        over = [(t, _more(en[t], zh[t])) for t in sorted(zh) if _more(en[t], zh[t])]
        for a, how_a in short:
            for b, how_b in over:
                if a == b or (a, b) in self.overlapping:
                    continue
                surprise = -math.log(self._p(a, how_a)) - math.log(self._p(b, how_b))
                if self.chapters.get(a) is not None and self.chapters.get(a) == self.chapters.get(b):
                    surprise += KIN  # terms of one chapter (artifact and creature, attack and block) are put for each other
                if best is None or surprise > best.surprise:
                    best = Swap(a, b, (en[a], zh[a], en[b], zh[b]), round(surprise, 2))
        return best


def _fewer(en: int, zh: int) -> str | None:
    return None if zh >= en else "none" if zh == 0 else "fewer"


def _more(en: int, zh: int) -> str | None:
    return None if zh <= en else "new" if en == 0 else "more"


def overlapping(terms: Iterable[Term]) -> set[tuple[int, int]]:
    """The pairs of terms (both ways) one of whose forms holds a form of the other, in either
    language (进行攻击的生物 holds 攻击 and 生物): counting one counts the other."""
    terms = [t for t in terms if not t.obsolete and t.redirect is None]
    pairs = set()
    for lang, forms_of in (("zh", lambda t: [f for f in t.zh_forms if len(f) >= 2]),
                           ("en", lambda t: [" ".join(stems(f)) for f in t.en_forms])):
        owners: dict[str, set[int]] = defaultdict(set)
        for term in terms:
            for form in forms_of(term):
                owners[form].add(term.id)
        forms = sorted(owners)
        for longer in forms:
            for shorter in forms:
                if shorter != longer and (shorter in longer if lang == "zh" else f" {shorter} " in f" {longer} "):
                    for a in owners[longer]:
                        for b in owners[shorter]:
                            pairs |= {(a, b), (b, a)}
    return pairs
