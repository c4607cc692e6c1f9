"""Find termbase terms in running text: longest match, left to right (Aho–Corasick), because
Chinese has no spaces to split words on. English matches must also start and end at word edges.

A mark says "this word is the game term", so a term is marked only where it is used as one:
- not a term the glossary calls obsolete, or says is not game terminology ("During");
- not inside a card's or another proper name ("Power Play", "Witness Protection", "Event Locator");
- not a keyword ability's name used as the everyday verb ("two cards reach the battlefield"), where
  the rules never use it as a verb (Termbase: plain_verb);
- the longest term wins: a zone is one term with its word "zone" ("command zone");
- in a rule with both languages, only where both use it (`agreeing`): the translator's choice of
  the term's Chinese name is the evidence that the English word is the term, and the other way
  round ("in that case" is not the Case type; 使用 in "use" is not Play);
- a term the rules write capitalised as a name, only where so written (Role, not "the role of");
Also not marked: the game's basic vocabulary, learnt from the rules (BASIC_SHARE). Never matched:
short and generic words (TOO_COMMON), one-character Chinese forms (地, 牌: parts of countless
words), and forms that belong to more than one term (循环 is both the Cycling ability and the
cycle action).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import InitVar, dataclass

import ahocorasick

from ..cache import kept_for
from .termbase import Term, Termbase, before_object, chinese_forms, english_forms

# Forms never matched whatever term they belong to: short English words and generic Chinese ones.
TOO_COMMON = frozenset({
    "x", "y", "a", "an", "it", "its", "is", "be", "or", "and", "the", "to", "of", "in", "on", "for", "with",
    "as", "at", "by", "this", "that", "each", "any", "may", "you", "your", "if", "deal", "deals", "dealt",
    "你", "你的", "如果", "造成",
})
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
AMBIGUOUS = 0  # the "term" of a form that names several (term ids start at 1)
PLACEHOLDER = re.compile(r"\[[^\]\n]{1,40}\]")  # "devotion to [color]": a blank, not a word of the text
NOT_GAME_TERMINOLOGY = re.compile(r"\bnot (?:as |a )?game term", re.I)
# the capitalised word just before or after a match (a name goes on: "Power Play", "Circle of
# Protection", "Exchange of Words"), unless it opens a sentence
NAME_BEFORE = re.compile(r"[^.:!?;“\"(\s]\s+[A-Z][\w’'-]*(?: of| the| and)*[ -]$")
NAME_AFTER = re.compile(r"(?: of| the| and)*[ -][A-Z]")
# a word inside a sentence: after a word and a space or a comma, not at a line's or a sentence's or a quotation's start
INSIDE_A_SENTENCE = re.compile(r"[\w,)]\s+$")
# a term its rules write capitalised inside a sentence this many times as often as not is a name there
NAME_SHARE = 3
# A term in more of the rules than this is the game's basic vocabulary ("battlefield", "cast"): every
# reader knows it, and its marks, on every other line, would hide the ones that help.
BASIC_SHARE = 0.03


@dataclass
class TermMarker:
    termbase: Termbase
    # the texts of every rule of the edition the pages show (language -> its lines, per rule), from
    # which the basic vocabulary is learnt (read once, not kept)
    rules: InitVar[list[dict[str, list[str]]] | None] = None

    def __post_init__(self, rules):
        self.automata = {}
        self.basic: set[int] = set()
        # language -> the terms with a name in it (even one too short or shared to look for)
        self.named: dict[str, set[int]] = {"en": set(), "zh": set()}
        for lang in ("en", "zh"):
            owners: dict[str, set[int]] = {}
            primary: dict[str, set[int]] = {}  # forms that are a term's own name, not an alias
            for term in self.termbase.terms.values():
                target = term.redirect or term
                if not _marked(target):
                    continue
                names = _own_names(term, lang)
                for form in _forms(term, lang):
                    self.named[lang].add(target.id)
                    if self.usable(form, lang):
                        owners.setdefault(form, set()).add(target.id)
                        if form in names:
                            primary.setdefault(form, set()).add(target.id)
            automaton = ahocorasick.Automaton()
            for form, ids in sorted(owners.items()):
                if len(ids) > 1 and len(primary.get(form, ())) == 1:
                    ids = primary[form]
                # a form of several terms is not marked, but as the longest match it still keeps
                # its words from shorter terms (限制影响范围模式 is not 影响范围)
                automaton.add_word(form, (len(form), next(iter(ids)) if len(ids) == 1 else AMBIGUOUS))
            if len(automaton):
                automaton.make_automaton()
                self.automata[lang] = automaton
        # keyword abilities whose name before an object is the everyday verb ("reach the battlefield")
        self.plain_verbs = frozenset(t.id for t in self.termbase.terms.values() if t.plain_verb)
        rules = rules or []
        self.capitalised = self._named_capitalised(rules)
        # what the matches depend on: every form matched, with its length and term
        self.key = (tuple((lang, tuple(sorted(a.items()))) for lang, a in sorted(self.automata.items())),
                    tuple(sorted(self.plain_verbs)), tuple(sorted(self.capitalised)))
        self._seen: dict[tuple[str, str], list[tuple[int, int, int]]] = kept_for("term matches", self.key)
        used = Counter(term for texts in rules for term in {t for lang, lines in texts.items() for line in lines
                                                             for _, _, t in self.find(line, lang)})
        # a few chapters say little about what the whole game uses everywhere
        self.basic = {term for term, count in used.items() if count > BASIC_SHARE * max(len(rules), 1000)}

    def _named_capitalised(self, rules: list[dict[str, list[str]]]) -> frozenset[int]:
        """The terms the rules write capitalised inside a sentence, as a name, marked only so written,
        not as the everyday word: those with no Chinese name (none to tell the term from the word by,
        `agreeing`) written so once ("Case (see rule 719)": not "in that case"), the others written so
        NAME_SHARE times as often as not ("a Role token", 5 to 1: not "play the role of"). Card
        names aside ("Aether Storm")."""
        automaton = self.automata.get("en")
        unnamed = {t.id for t in self.termbase.terms.values() if t.id not in self.named["zh"]}
        if automaton is None or not unnamed:
            return frozenset()
        upper, lower = Counter(), Counter()
        for texts in rules:
            for line in texts.get("en", ()):
                lowered = line.translate(ASCII_LOWER)
                for end, (length, term_id) in automaton.iter_long(lowered):
                    start = end - length + 1
                    if _wordy(lowered, start - 1) or _wordy(lowered, end + 1) or not INSIDE_A_SENTENCE.search(line, 0, start) \
                            or _in_name(line, start, end + 1):  # a card's name: Aether Storm, Bruna, the Fading Light
                        continue
                    (upper if line[start].isupper() else lower)[term_id] += 1
        return frozenset(t for t in upper if t in unnamed or upper[t] > NAME_SHARE * lower[t])

    def forms(self) -> dict[str, int]:
        """Every form marked, as matched (English lower-cased), with its term: a page's marks carry
        no id, the browser finds the term by the marked text."""
        return {form: term_id for automaton in self.automata.values() for form, (_, term_id) in automaton.items()
                if term_id != AMBIGUOUS and term_id not in self.basic}

    @staticmethod
    def usable(form: str, lang: str) -> bool:
        if form.casefold() in TOO_COMMON or form in TOO_COMMON:
            return False
        return len(form) > 2 if lang == "en" else len(form) > 1

    def find(self, text: str, lang: str) -> list[tuple[int, int, int]]:
        """(start, end, term id) of each match, left to right, not overlapping."""
        return [match for match in self._matches(text, lang) if match[2] not in self.basic]

    def terms_in(self, text: str, lang: str) -> set[int]:
        """Every term a text names, the basic vocabulary included (a translation check weighs them)."""
        return {term for _, _, term in self._matches(text, lang)}

    def _matches(self, text: str, lang: str) -> list[tuple[int, int, int]]:
        """Every match, basic vocabulary included; kept, since a rule's text is read three times
        (to learn the basic vocabulary, to compare its languages, to mark it), and by the next
        build of the same forms (cache.kept_for)."""
        key = (text, lang)
        if key in self._seen:
            return self._seen[key]
        automaton = self.automata.get(lang)
        found = []
        subject = text.translate(ASCII_LOWER) if lang == "en" else text
        placeholders = [m.span() for m in PLACEHOLDER.finditer(text)] if "[" in text else []
        for end, (length, term_id) in (automaton.iter_long(subject) if automaton is not None else ()):
            start, stop = end - length + 1, end + 1
            if term_id == AMBIGUOUS or any(a <= start < b for a, b in placeholders) or \
                    lang == "en" and (_wordy(subject, start - 1) or _wordy(subject, stop) or _in_name(text, start, stop)
                                      or term_id in self.plain_verbs and before_object(text, stop)
                                      or term_id in self.capitalised and not text[start].isupper()):
                continue
            found.append((start, stop, term_id))
        self._seen[key] = found
        return found

    def agreeing(self, texts: dict[str, list[str]]) -> dict[str, set[int]] | None:
        """The terms that may be marked in each language of one bilingual rule: those both
        languages use (or that have no name to look for in the other). A name shared by two terms
        is evidence for neither (模式 is Mode and the multiplayer Option, so "options" in the rule
        on modes is not marked). None: one language only."""
        if len(texts) < 2:
            return None
        found = {lang: {term for part in parts for _, _, term in self.find(part, lang)} for lang, parts in texts.items()}
        return {lang: {term for term in found[lang]
                       if all(term in found[other] or term not in self.named.get(other, ()) for other in texts if other != lang)}
                for lang in texts}


def _wordy(text: str, index: int) -> bool:
    return 0 <= index < len(text) and (text[index].isalnum() or text[index] in "-’'")


def _marked(term: Term) -> bool:
    """Whether a term is marked at all: not obsolete, not "not game terminology"."""
    if term.obsolete:
        return False
    entry = term.glossary.en if term.glossary else None
    return not (entry and any(NOT_GAME_TERMINOLOGY.search(p) for p in entry.definition))


def _forms(term: Term, lang: str) -> set[str]:
    """A term's forms to match; a zone's English forms also with the word zone ("command zone")."""
    if lang != "en":
        return term.zh_forms
    zone = (term.definitions.get("en") or "").startswith("A zone")
    return term.en_forms | ({f"{form} zone" for form in term.en_forms if not form.endswith("s")} if zone else set())


def _in_name(text: str, start: int, stop: int) -> bool:
    """A capitalised match is part of a name when a capitalised word goes on right after it, or
    stands right before it without opening a sentence ("named Drain Power", "Power Play")."""
    if not text[start].isupper():
        return False
    return bool(NAME_AFTER.match(text, stop) or NAME_BEFORE.search(text, max(0, start - 40), start))


def _own_names(term, lang: str) -> set[str]:
    """The forms of a term's own name (not of its aliases), in both scripts for Chinese, where a
    name's parts are all its own (具有模式的，模式: Modal, Mode)."""
    if lang == "en":
        return english_forms(term.en, term.verb) if term.en else set()
    return set(chinese_forms(term.zh)[1]) if term.zh else set()
