"""Check a translation: every rule and glossary entry of an edition with both languages, ranked by
how likely the Chinese needs a fix, each with the reasons, in both languages.

What proofreaders fix is mostly visible with both texts side by side: a term rendered unlike the
glossary (替代式效应 for 替代性效应), a term in one language only (防止性效应 where the English
names no prevention effect; 生物 where the English says permanent), a sentence one language lacks,
a cited number that differs, a doubled character (的的), a name left in English brackets, and,
given an older edition, an English edit the Chinese did not follow.

What translators spend their passes on is harmonisation, seen only across the document: a recurring
English phrase rendered otherwise in one rule (renderings.py), a sentence unlike its parallel
sentences in other rules (families.py), a wording a later release replaced in several rules and
not in this one (replacements.py), and mechanical slips (punctuation.py).

What every word of which is right and yet says something else is seen by counting and comparing:
a term put for another (term_counts.py), a negation lost (polarity.py), a character typed for
another of the same sound (typing_slips.py), a qualifier of a term dropped (qualifiers.py).

Evidence is weighed by how specific it is, learnt from the document itself: a term the translation
renders with its glossary Chinese in nearly every rule whose English names it is missing somewhere
for a reason; a term it often renders otherwise is not. Given the previous release of the
translation, what an edit since brought weighs more (marked_new). A rule's score is its strongest
reason's weight, plus half the next, a quarter of the one after; the list is read from the top.
"""
from __future__ import annotations

import copy
import functools
import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import NamedTuple

from ..cache import kept_for
from ..history.rule_histories import english_chain
from ..rules.model import Edition, Rule
from ..rules.numbers import RuleNumber
from ..rules.references import swapped_texts
from ..rules.sentences import align, split_en, split_zh
from ..rules.term_marker import TermMarker
from . import families, glossary_texts, polarity, punctuation, qualifiers
from .history_reasons import NEW_FLOOR, Before, History, added_since, history_reasons, marked_new, replaced_reasons, replacements
from .reason import Reason
from .renderings import Odd, Renderings, Unit, phrases_of
from .term_counts import Swaps
from .term_reasons import (FUNCTION_WORDS, STYLE_RULES, Facts, Glossary, overlapping_terms, term_reasons, unlike_reasons,
                           usage_of)
from .text_reasons import HAN, cited_said, cited_titles, full_text, without_notes
from .typing_slips import Model as TypingModel

DOUBLED = re.compile(r"([的了是在和与或将被把对为之其该则])\1")  # characters no Chinese word doubles
NEGATION = 1.8  # a sentence with fewer negations in the Chinese
FAMILIES = {"length": "sentences"}  # kinds that count as one: a missing sentence makes a short text too
BOUND = 20  # texts writing a pair of characters before a near miss inside it is part of another word
WORD_SHARE = 0.5  # the share of a character's texts that write it before another where the two are a word
FRAGMENT_START, FRAGMENT_END = set("个中的了之着们地得"), set("的了在是为个一")  # never begin or end a rendering
LEAST = 0.2  # a reason weighing less is not listed
TYPING, GAIN_FLOOR = 1.2, 4.0  # a typing slip: its weight at the least gain the model reports
QUALIFIER = 1.8  # a qualifier dropped, where no rule of the document drops it
LENGTH_Z = 2.5  # standard deviations of the length ratio before a rule's length is evidence


@dataclass
class Finding:
    """A rule, or a glossary entry (`term`, its English name; no number), with its reasons."""
    number: RuleNumber | None
    line: int  # of the rule's (the entry's) Chinese in its source
    path: str  # that source
    en: str
    zh: str
    reasons: list[Reason] = field(default_factory=list)
    term: str = ""

    @property
    def key(self) -> str:
        """What the work list and the command line name it by: the rule's number, or the entry's term."""
        return self.term or str(self.number)

    @property
    def score(self) -> float:
        """The strongest reason counts whole, the next half, the next a quarter...: a long rule
        gathers many weak reasons, which together say less than one strong one. Reasons of one
        family count as one, their strongest (FAMILIES)."""
        strongest: dict[str, float] = {}
        for reason in self.reasons:
            family = FAMILIES.get(reason.kind, reason.kind)
            strongest[family] = max(strongest.get(family, 0.0), reason.weight)
        weights = sorted(strongest.values(), reverse=True)
        return round(sum(w / 2 ** i for i, w in enumerate(weights)), 2)

    def as_json(self) -> dict:
        return {"rule": "" if self.term else str(self.number), "term": self.term, "score": self.score,
                "reasons": [r.text for r in self.reasons], "kinds": [r.kind for r in self.reasons], "path": self.path, "line": self.line,
                "en": self.en, "zh": self.zh}


def check_translation(edition: Edition, marker: TermMarker, history: History | None = None) -> list[Finding]:
    """Every rule of `edition` with both languages, most likely to need a fix first; `marker` finds
    its termbase's terms (the pages' own, SiteModel.marker)."""
    rules = [r for r in edition.rules() if "en" in r.texts and "zh" in r.texts]
    document = _Document(rules, marker, edition, history)
    replaced = replacements(history, edition) if history else []
    units = _units(rules)
    odd = _odd_renderings(units)
    parallel = _family_reasons(rules, units)
    chinese = {t.id: sorted((f for f in t.zh_forms if len(f) >= 2), key=lambda f: (-len(f), f))
               for t in document.terms.values() if t.zh and not t.obsolete}
    texts = [(str(r.number), r.texts["en"].text, without_notes(r.texts["zh"].text)) for r in rules]
    known = qualifiers.learn(texts, document.glossary.counter.term_at, chinese)
    dropped = _qualifier_reasons(known, texts, chinese)
    findings = []
    for rule in rules:
        en, zh, fact = rule.texts["en"].text, rule.texts["zh"].text, document.facts[rule.number]
        finding = Finding(rule.number, rule.texts["zh"].source.line, rule.texts["zh"].source.path, en, zh)
        finding.reasons += document.own_reasons(rule.texts["en"], rule.texts["zh"], fact, document.marks[rule.number],
                                                document.slips_of[zh])
        finding.reasons += history_reasons(rule, edition, history)
        finding.reasons += replaced_reasons(str(rule.number), en, zh, replaced)
        named = [piece for _, piece in fact.near] + [piece for piece, _, _ in fact.pieces]
        finding.reasons += _odd_reasons(odd.get(str(rule.number), []), named)
        finding.reasons += parallel.get(str(rule.number), [])
        finding.reasons += dropped.get(str(rule.number), [])
        before = document.before(rule)
        finding.reasons = marked_new(finding.reasons, before) + _removed_reasons(known, texts, rule, before)
        finding.reasons = cited_said(finding.reasons, en, zh, document.titles)
        finding.reasons = [replace(r, text=" ".join(r.text.split())) for r in finding.reasons  # one line each
                           if r.weight >= LEAST]
        if finding.reasons:
            finding.reasons.sort(key=lambda reason: -reason.weight)
            findings.append(finding)
    findings += _glossary_findings(document)
    findings.sort(key=lambda f: (-f.score, f.term, f.line) if f.term else (-f.score, "", f.number))
    return findings


def _glossary_findings(document: "_Document") -> list[Finding]:
    """Each glossary entry with both languages, read as a rule's texts are read by themselves, and
    what its last edit brought as a rule's; not for its renderings or its parallels (renderings
    found few slips in definitions that the rest did not, for a quarter more of the check's time)."""
    findings, read = [], document.with_entries()
    swapped = _swapped_definitions(document.entries)
    for entry in document.entries:
        marks = punctuation.slips(entry.zh.text, entry.en.text)
        found = marked_new(read.own_reasons(entry.en, entry.zh, entry.fact, marks, read.slips_of[entry.zh.text]),
                           read.entry_before(entry))
        found = cited_said(found, entry.en.text, entry.zh.text, document.titles) + swapped.get(entry.pair.en.name, [])
        reasons = [replace(r, text=" ".join(r.text.split())) for r in found if r.weight >= LEAST]
        if reasons:
            en, zh = entry.pair.en, entry.pair.zh
            findings.append(Finding(None, zh.source.line, zh.source.path, "\n".join(en.definition), "\n".join(zh.definition),
                                    sorted(reasons, key=lambda r: -r.weight), en.name))
    return findings


def _swapped_definitions(entries) -> dict[str, list[Reason]]:
    """Two glossary entries whose definitions are written under each other's names (swapped_texts)."""
    pairs = {entry.pair.en.name: entry.pair for entry in entries}
    swapped = swapped_texts({entry.pair.en.name: (entry.en.text, without_notes(entry.zh.text)) for entry in entries})
    return {name: [Reason("definitions", 4.0, f"its Chinese definition is that of {other} "
                                           f"({pairs[other].zh.name if pairs[other].zh else ''}), and {other}'s is its: "
                                           "written under each other's names")]
            for name, other in swapped.items()}


def _near_misses(facts) -> tuple[Counter, Counter]:
    """How many texts write each piece one character off a term (unlike), each variant of a term's Chinese."""
    facts = list(facts)
    return (Counter(piece for f in facts for piece, _, _ in f.pieces), Counter(v for f in facts for v in f.near))


class _Document:
    """What the check learns from the whole document before it reads a rule: the facts of every
    rule's texts (and of the glossary's definitions, glossary_texts.py), how consistently the
    document names each term, its usual length ratio, its punctuation, the model of its characters
    (typing slips); and, given a history, the Chinese each rule and entry had in the last release
    before this one."""

    def __init__(self, rules: list[Rule], marker: TermMarker, edition: Edition, history: History | None):
        self.marker = marker
        self.glossary = Glossary(marker)
        self.facts = {r.number: self.glossary.facts(marker, r.texts["en"], r.texts["zh"]) for r in rules}
        self.usage = usage_of(self.facts.values())
        chapters = {t.id: t.rule.chapter for t in marker.termbase.terms.values() if t.rule is not None}
        self.swaps = Swaps([(f.en_counts, f.zh_counts) for f in self.facts.values()], overlapping_terms(marker), chapters)
        self.terms = {term.id: term for term in marker.termbase.terms.values()}
        self.entries = glossary_texts.entries(edition, marker, self.glossary)
        self.pieces, self.usual = _near_misses(self.facts.values())
        self.lengths = _length_scale(rules)
        self.marks = {r.number: punctuation.slips(full_text(r.texts["zh"]), full_text(r.texts["en"])) for r in rules}
        self.marks_seen = punctuation.usage(self.marks, *added_since(history))
        self.typing, self.slips_of = _typing(_chinese_texts(edition, history),
                                             [r.texts["zh"].text for r in rules] + [e.zh.text for e in self.entries])
        self.slip_pairs = Counter((slip.written, slip.usual) for r in rules for slip in self.slips_of[r.texts["zh"].text])
        self.history, self.edition = history, edition
        self.titles = cited_titles(edition)
        self.chinese = [r.texts["zh"].text for r in rules]
        self._spellings: dict[str, int] = {}

    def with_entries(self) -> "_Document":
        """The document as a glossary entry is read: its near misses counted in the rules and the
        entries (a rule is read against the rules' alone, as before the entries were checked)."""
        read = copy.copy(self)
        read.pieces, read.usual = _near_misses([*self.facts.values(), *(entry.fact for entry in self.entries)])
        return read

    def own_reasons(self, en_text, zh_text, fact: Facts, marks: list[punctuation.Slip], slips=None) -> list[Reason]:
        """The reasons a rule's (a glossary entry's) two texts give by themselves, weighed by what the document does."""
        en, zh = en_text.text, zh_text.text
        fact = fact._replace(near={k: form for k, form in fact.near.items() if self._whole(k[1], form, zh)
                                   and not self._own_spelling(k[1], form)},
                             pieces=tuple(p for p in fact.pieces if self._whole(p[0], p[1], zh)))
        reasons = term_reasons(fact, self.usage, self.terms, self.usual, self.swaps.best(fact.en_counts, fact.zh_counts))
        reasons += unlike_reasons(fact.pieces, self.pieces, self.terms)
        reasons += fact.text
        reasons += self._doubled(full_text(zh_text))
        reasons += _length_reasons(en, zh, self.lengths)
        reasons += _slip_reasons(marks, self.marks_seen)
        reasons += _negation_reasons(en, zh)
        reasons += _typing_reasons(self.typing.slips(zh) if slips is None else slips, self.slip_pairs)
        return reasons

    def _own_spelling(self, piece: str, form: str) -> bool:
        """Whether the characters where a near miss differs from the glossary's form are written
        the near miss's way in more rules than the form's way, and in STYLE_RULES or more: the
        translation's own spelling (非瑞克西亚 in 27 rules, where one glossary heading has 希)."""
        start = next((i for i, (a, b) in enumerate(zip(piece, form)) if a != b), min(len(piece), len(form)))
        mine, theirs = piece[max(0, start - 2):start + 3], form[max(0, start - 2):start + 3]
        if mine == theirs:
            return False
        kept, other = self._rules_writing(mine), self._rules_writing(theirs)
        return kept >= STYLE_RULES and kept > other

    def _rules_writing(self, string: str) -> int:
        if string not in self._spellings:
            self._spellings[string] = sum(string in text for text in self.chinese)
        return self._spellings[string]

    def _doubled(self, zh: str) -> list[Reason]:
        """A character no Chinese word doubles, doubled (的的, 或或), unless the first ends a word: the
        character before it is nearly always followed by it in the translation (存在在: 存 is 存在)."""
        reasons = []
        for match in DOUBLED.finditer(zh):
            before = zh[match.start() - 1] if match.start() else ""
            counts = self.typing.counts
            if not before or counts[before + match.group(1)] < WORD_SHARE * counts[before]:
                around = zh[max(0, match.start() - 8):match.end() + 8].replace("\n", " ")
                reasons.append(Reason("doubled", 3.0, f"a doubled character: {match.group(0)} (…{around}…)"))
        return reasons

    def _whole(self, piece: str, form: str, zh: str) -> bool:
        """Whether a near miss of a term's form, shorter than the form, stands as a word of its own
        in the text: not where a character beside it makes with it a pair the translation writes
        everywhere (进战场 in 放进战场, 状态发 in 状态发生)."""
        if len(piece) >= len(form):
            return True
        for match in re.finditer(re.escape(piece), zh):
            start, end = match.start(), match.end()
            left = zh[start - 1] + piece[0] if start else ""
            right = piece[-1] + zh[end] if end < len(zh) else ""
            if max(self.typing.counts[left] if left else 0, self.typing.counts[right] if right else 0) < BOUND:
                return True
        return False

    def before(self, rule: Rule) -> "Before | None":
        """What the rule's Chinese was in the last release before this one, where it differs (the
        reasons it gave against its own English: none for a rule added since); None where there is
        no history or the Chinese is unchanged since."""
        history = self.history
        if history is None or rule.number in self.edition.carried:
            return None
        number, english_same = rule.number, True
        for older, step in zip(reversed(history.chain[:-1]), reversed(history.steps)):
            link = step.of_new(number) if step else None
            if link is None or link.old is None:  # added since: all its Chinese is new, if an older release is given
                translated = [e.date for e in history.chain[:-1] if any("zh" in r.texts for r in history.rules[e.date].values())]
                return Before(translated[-1], [], False) if translated else None
            number, english_same = link.old, english_same and not link.text_changed
            was = history.rules[older.date].get(number)
            if was is None or "zh" not in was.texts or "en" not in was.texts:
                continue
            if was.texts["zh"].text == rule.texts["zh"].text:
                return None
            fact = self.glossary.facts(self.marker, was.texts["en"], was.texts["zh"])
            marks = punctuation.slips(full_text(was.texts["zh"]), full_text(was.texts["en"]))
            return Before(older.date, self.own_reasons(was.texts["en"], was.texts["zh"], fact, marks), english_same,
                          was.texts["zh"].text)
        return None

    def entry_before(self, entry: glossary_texts.Entry) -> "Before | None":
        """What a glossary entry's Chinese was in the last translated release before this one, where
        it differs, as `before` finds a rule's: an entry is the same entry by its English name."""
        if self.history is None:
            return None
        translated = [e for e in self.history.chain[:-1] if any(p.zh for p in e.glossary)]
        if not translated:
            return None
        older, name = translated[-1], entry.pair.en.name
        was = next((p for p in older.glossary if p.en and p.zh and p.en.name == name), None)
        if was is None:  # added since: all its Chinese is new
            return Before(older.date, [], False)
        if was.zh.definition == entry.pair.zh.definition:
            return None
        en, zh = glossary_texts.definitions(was)
        reasons = self.own_reasons(en, zh, self.glossary.facts(self.marker, en, zh), punctuation.slips(zh.text, en.text))
        return Before(older.date, reasons, was.en.definition == entry.pair.en.definition, zh.text)


def _typing(texts: list[str], checked_texts: list[str]) -> tuple[TypingModel, dict[str, list]]:
    """The model of the translation's characters and the typing slips of each text checked (a rule's
    Chinese, a definition's), kept for the process while the Chinese texts are the same (an edit of
    the English, in `mkdocs serve`, reads none again)."""
    kept = kept_for("typing slips", tuple(texts))
    model = kept.get("model") or kept.setdefault("model", TypingModel(texts))
    slips = kept.setdefault("slips", {})
    for text in checked_texts:
        if text not in slips:
            slips[text] = model.slips(text)
    return model, slips


def _chinese_texts(edition: Edition, history: History | None) -> list[str]:
    """Every Chinese text (rule and example) of the checked edition and of its history's editions."""
    editions = [list(edition.rules())] + ([list(history.rules[e.date].values()) for e in history.chain] if history else [])
    return [t.text for rules in editions for r in rules if "zh" in r.texts for t in (r.texts["zh"], *r.texts["zh"].examples)]


class Preferred(NamedTuple):
    """A rule with the wording a translator decided against, where the English is its phrase."""
    number: RuleNumber
    path: str
    line: int
    phrase: str  # the English phrase the wording renders here
    zh: str


PREFER = re.compile(r"^\s*(\S+)\s+over\s+(\S+)\s*$")


def read_preference(text: str) -> tuple[str, str]:
    """(the wording wanted, the wording replaced) of "Y over X"; ValueError naming what was expected."""
    match = PREFER.match(text)
    if not match or match.group(1) == match.group(2):
        raise ValueError(f"--prefer {text!r}: expected two different wordings as \"Y over X\" (the Chinese wanted, "
                         "then the Chinese it replaces), for example \"输掉 over 输去\"")
    return match.group(1), match.group(2)


def preferred(edition: Edition, wanted: str, replaced: str) -> tuple[list[Preferred], list[RuleNumber]]:
    """Every rule whose Chinese has `replaced` where its English has the phrase `replaced` renders
    (learnt from the edition's sentence pairs: the phrase whose pairs best coincide with the
    wording's), with its line; and the rules that have it where the English says something else."""
    rules = [r for r in edition.rules() if "en" in r.texts and "zh" in r.texts]
    renderings = Renderings(_units(rules))
    phrases = renderings.rendered_by(wanted) or renderings.rendered_by(replaced)  # the wanted wording is the commoner
    listed, other = [], []
    for rule in rules:
        zh = rule.texts["zh"]
        for text in (zh, *zh.examples):
            if replaced not in text.text:
                continue
            english = phrases_of(full_text(rule.texts["en"]))
            phrase = next((p for p in phrases if p in english), None)  # as words: “loses” is not in “closes”
            if phrase is None:
                other.append(rule.number)
            else:
                listed.append(Preferred(rule.number, text.source.path, text.source.line, phrase, text.text))
    return listed, other


def checked(edition: Edition) -> int:
    """How many texts the check reads: the rules and the glossary entries with both languages (a
    share of them is how far down its list a reader goes)."""
    return (sum(1 for r in edition.rules() if "en" in r.texts and "zh" in r.texts)
            + sum(1 for p in edition.glossary if p.en and p.zh))


def check_corpus(corpus) -> list[Finding]:
    """The check of a loaded corpus's newest edition, its older editions as history."""
    edition = corpus.shown[0]
    chain, steps = english_chain(corpus.editions, corpus.lineages, edition.date)
    history = History(chain, steps) if len(chain) > 1 and chain[-1] is edition else None
    return check_translation(edition, TermMarker(corpus.termbase), history)


def _slip_reasons(found: list[punctuation.Slip], seen: punctuation.Usage) -> list[Reason]:
    """One reason per kind of mechanical slip in the rule, its heaviest."""
    heaviest: dict[str, tuple[float, punctuation.Slip]] = {}
    for slip in found:
        weight = punctuation.weight(slip, seen)
        if weight > heaviest.get(slip.kind, (0.0, None))[0]:
            heaviest[slip.kind] = (weight, slip)
    return [Reason(kind, weight, punctuation.describe(slip, seen)) for kind, (weight, slip) in sorted(heaviest.items())]


@functools.lru_cache(maxsize=4)
def _odd_renderings_of(units: tuple[Unit, ...]) -> tuple[Odd, ...]:
    """renderings.Renderings(units).odd(), kept for the process: builds of the same sources in one
    process (the tests, a rebuild that changed no rule) read a document's renderings once."""
    return tuple(Renderings(list(units)).odd())


def _odd_renderings(units: list[Unit]) -> dict[str, list[Odd]]:
    """Per rule: the recurring English phrases it renders otherwise than the rest of the document
    (renderings.Renderings)."""
    found: dict[str, list[Odd]] = {}
    for odd in _odd_renderings_of(tuple(units)):
        found.setdefault(odd.rule, []).append(odd)
    return found


def _qualifier_reasons(known: dict[str, qualifiers.Learnt], texts: list[tuple[str, str, str]],
                       chinese: dict[int, list[str]]) -> dict[str, list[Reason]]:
    """Per rule: the strongest qualifier of a term its Chinese drops (qualifiers.py)."""
    found: dict[str, list[Reason]] = {}
    for d in qualifiers.dropped(known, texts, chinese):
        share = (d.covered / d.rules - qualifiers.USUAL) / (1 - qualifiers.USUAL)  # how consistently the word is written
        weight = QUALIFIER * share ** 2 / max(1, d.dropped) ** 0.5  # weak alone; kept for an edit that brought it
        if weight > 0:
            found.setdefault(d.rule, []).append(Reason(
                "qualifier", round(weight, 2),
                f"the English says “{d.word}” before the term {d.term}, which the Chinese has without {d.qualifier} or another "
                f"way the translation writes “{d.word}” ({d.covered} of {d.rules} rules write it): a qualifier may be missing"))
    return {rule: sorted(reasons, key=lambda r: -r.weight)[:1] for rule, reasons in found.items()}


def _removed_reasons(known: dict[str, qualifiers.Learnt], texts: list[tuple[str, str, str]], rule: Rule,
                     before: Before | None) -> list[Reason]:
    """A way of writing an English word that the Chinese's last edit dropped, where the English
    stayed the same (每 gone, "each" still there)."""
    if before is None or not before.english_same or before.zh is None:
        return []
    return [Reason("qualifier", NEW_FLOOR, f"the edit since {before.date} dropped {way}, the translation's way of writing "
                                           f"“{word}”, which the English still says: a word may be missing")
            for word, way in qualifiers.removed(known, texts, rule.texts["en"].text, before.zh, rule.texts["zh"].text)[:1]]


def _odd_reasons(found: list[Odd], named: list[str]) -> list[Reason]:
    """The strongest two, leaving out a rendering that a glossary reason of the rule already names
    (持续式效应 is a variant of the glossary's 持续性效应 before it is an odd rendering)."""
    longest: dict[tuple[str, str], Odd] = {}  # “loses” and “loses the game”, both 输掉 for 输去: one reason
    for odd in found:
        key = (odd.usual, odd.found)
        if key not in longest or len(odd.phrase.split()) > len(longest[key].phrase.split()):
            longest[key] = odd
    reasons = [_odd_reason(odd) for odd in longest.values()
               if not any(odd.found in piece or piece in odd.found for piece in named)
               and odd.found[0] not in FRAGMENT_START and odd.found[-1] not in FRAGMENT_END]
    return sorted(reasons, key=lambda r: -r.weight)[:2]


def _family_reasons(rules: list[Rule], units: list[Unit]) -> dict[str, list[Reason]]:
    """Per rule: the sentences it writes otherwise than most of their family of parallel sentences
    (families.odd_members), the keyword of a rule being its parent's title (702.27a's is Buyback)."""
    by_number = {rule.number: rule for rule in rules}
    by_name = {str(rule.number): rule for rule in rules}
    sentences = []
    for unit in units:
        rule = by_name[unit.rule]
        parent = by_number.get(rule.number.parent) if rule.number.parent else None
        title = parent is not None and len(parent.texts["en"].text.split()) <= 4 and not parent.texts["en"].text.endswith(".")
        keyword = (parent.texts["en"].text, parent.texts["zh"].text) if title else ("", "")
        sentences.append(families.Sentence(unit.rule, unit.en, unit.zh, *keyword))
    reasons: dict[str, list[Reason]] = {}
    for odd in families.odd_members(sentences):
        share = len(odd.family) / odd.size
        weight = round(1.75 * share * min(1.0, len(odd.family) / 4), 2)
        usual, here = _difference(odd.usual, odd.here)
        named = ", ".join(odd.family[:4]) + ("…" if len(odd.family) > 4 else "")
        reasons.setdefault(odd.rule, []).append(Reason(
            "family", weight, f"{len(odd.family)} of {odd.size} rules whose English says the same but for their keyword "
                              f"({named}) write “{usual}”; this rule writes “{here}”"))
    return {rule: sorted(found, key=lambda r: -r.weight)[:1] for rule, found in reasons.items()}


def _difference(a: str, b: str, context: int = 6) -> tuple[str, str]:
    """Where two texts differ, with a little of what they share around it, each side."""
    ops = [op for op in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not ops:
        return a, b
    i1, j1, i2, j2 = ops[0][1], ops[0][3], ops[-1][2], ops[-1][4]

    def cut(text: str, start: int, end: int) -> str:
        return ("…" if start > context else "") + text[max(0, start - context):end + context] + \
            ("…" if end + context < len(text) else "")
    return cut(a, i1, i2), cut(b, j1, j2)


def _units(rules: list[Rule]) -> list[Unit]:
    """The sentence pairs of the rules' texts (sentences.align)."""
    return [Unit(str(rule.number), en, zh) for rule in rules
            for en, zh in _sentence_pairs(rule.texts["en"].text, rule.texts["zh"].text)]


@functools.lru_cache(maxsize=1 << 14)
def _sentence_pairs(en_text: str, zh_text: str) -> tuple[tuple[str, str], ...]:
    """A rule's aligned sentences, its translators' notes aside; kept for the process by the texts."""
    en, zh = split_en(en_text), split_zh(without_notes(zh_text))
    return tuple((" ".join(en[slice(*pair.en)]), "".join(zh[slice(*pair.zh)])) for pair in align(en, zh))


def _odd_reason(odd: Odd) -> Reason:
    """Surer the more of the phrase's rules have the usual rendering, the fewer rules have the one
    here (one rule's wording is a slip, nineteen rules' a sense of its own), and where it shares a
    character with the usual one beyond a function word (公共区域 for 公开区域, not 新目标 for 新的目标)."""
    share = (odd.usual_rules / odd.rules - 0.7) / 0.3
    alike = 1.0 if set(odd.found) & set(odd.usual) else 0.5
    if set(odd.found) ^ set(odd.usual) <= FUNCTION_WORDS:  # 新目标 for 新的目标: a style, seldom fixed
        alike = 0.5
    weight = round(2.5 * max(0.0, share) * alike / odd.found_rules ** 0.75, 2)
    return Reason("rendering", weight, f"the English says “{odd.phrase}”, which {odd.usual_rules} of {odd.rules} rules render "
                                       f"{odd.usual}; this rule has {odd.found} ({odd.found_rules} rules)")


# ---- negations and typing slips ---------------------------------------------------------------
def _negation_reasons(en: str, zh: str) -> list[Reason]:
    """The sentences of the rule whose Chinese has fewer negations than their English (polarity.py),
    the first of them named."""
    found = polarity.shortfalls(list(_sentence_pairs(en, zh)))
    return [Reason("negation", NEGATION, polarity.describe(found[0]))] if found else []


def _typing_reasons(slips: list, pairs: Counter) -> list[Reason]:
    """A rule's likeliest typing slip (typing_slips.py); a slip the document makes in many rules
    is a wording of its own, and weighs less (和 for 或)."""
    if not slips:
        return []
    slip = max(slips, key=lambda s: s.gain / max(pairs[(s.written, s.usual)], 1))
    rules = max(pairs[(slip.written, slip.usual)], 1)
    weight = (TYPING + min(0.6, (slip.gain - GAIN_FLOOR) / 10)) / rules ** 0.75
    also = f"; {rules - 1} other rules write {slip.written} there too" if rules > 1 else ""
    return [Reason("typing", round(weight, 2), f"{slip.written} in “…{slip.around}…” may be a typing slip for "
                                                f"{slip.usual} (“…{slip.corrected}…”: the translation writes {slip.usual} beside "
                                                f"these characters elsewhere){also}")]


# ---- length ------------------------------------------------------------------------------------
def _log_ratio(en: str, zh: str) -> float:
    """English characters over Chinese ones (a Han character weighs more than a digit or a quote)."""
    return math.log(max(len(en), 1) / max(len(HAN.findall(zh)) + len(zh) / 4, 1))


def _length_scale(rules: list[Rule]) -> tuple[float, float]:
    """The mean and spread of English length over Chinese length across the document's longer rules."""
    ratios = [_log_ratio(r.texts["en"].text, r.texts["zh"].text) for r in rules if len(r.texts["en"].text) > 80]
    mean = sum(ratios) / max(len(ratios), 1)
    spread = math.sqrt(sum((x - mean) ** 2 for x in ratios) / max(len(ratios) - 1, 1)) or 1.0
    return mean, spread


def _length_reasons(en: str, zh: str, scale: tuple[float, float]) -> list[Reason]:
    """A Chinese text much longer or shorter than the English, for this document's usual ratio."""
    if len(en) <= 80:
        return []
    zh = without_notes(zh)
    z = (_log_ratio(en, zh) - scale[0]) / scale[1]
    if abs(z) < LENGTH_Z:
        return []
    side = "shorter" if z > 0 else "longer"
    return [Reason("length", round(min(3.0, abs(z) - LENGTH_Z + 1), 2),
                   f"the Chinese is {side} than its English by far more than usual: a part may be missing or left over")]


