"""Check a translation: every rule of an edition with both languages, ranked by how likely the
Chinese needs a fix, each with the reasons, in both languages.

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
translation, what an edit since brought weighs more (_marked_new). A rule's score is its strongest
reason's weight, plus half the next, a quarter of the one after; the list is read from the top.
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import NamedTuple

from ..cache import kept_for
from ..history.lineage import Lineage
from ..history.rule_histories import english_chain
from ..rules.model import Edition, Rule
from ..rules.numbers import RuleNumber
from ..rules.sentences import align, split_en, split_zh
from ..rules.term_marker import TermMarker
from ..rules.termbase import Term
from ..rules.word_diff import words
from . import families, polarity, punctuation, qualifiers
from .renderings import Odd, Renderings, Unit, phrases_of
from .replacements import Replacement, made
from .term_counts import Swap, Swaps, TermCounter, overlapping
from .typing_slips import Model as TypingModel

CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d])")  # 702.19c, 903
# a number of three digits alone is a rule only where the text says so: "rule 903", "rules 613 and",
# 规则903, 参见903 (not "exactly 100 cards", 一百张)
SHORT_RANGE = re.compile(r"(?<![\d.])(\d{3})\.\d{1,3}[-–](\d{1,3})(?![\d.])")  # 903.6-11
CITES_BARE = re.compile(r"(?:\b(?:rules?|sections?|see|and|or)\s+|[、，,]\s*|规则|参见|和|与|及|或)$", re.I)
DOUBLED = re.compile(r"([的了是在和与或将被把对为之其该则])\1")  # characters no Chinese word doubles
BRACKETED = re.compile(r"[\[［【]([A-Za-z][A-Za-z ,.’'-]{1,60})[\]］】]")
HAN = re.compile(r"[\u4e00-\u9fff]")
HAN_ONLY = re.compile(r"[\u4e00-\u9fff]+$")
MIN_USES = 4  # rules naming a term before its rendering is evidence
STYLE_RULES = 4  # other rules writing a term's near miss so before it is the translation's own form, not a slip
SWAP_FROM, SWAP_SLOPE, SWAP_MAX = 7.5, 0.8, 1.8  # a term put for another: surprise (natural log) to weight
PUT_FOR = 1.5  # a term missing and another over, in one rule
NEGATION = 1.8  # a sentence with fewer negations in the Chinese
FAMILIES = {"length": "sentences"}  # kinds that count as one: a missing sentence makes a short text too
NEW_WEIGHT = 1.6  # a reason the rule's Chinese of the last release did not give
NEW_FLOOR = 2.4  # the least a sharp reason weighs that an edit brought where the English stayed the same
BOUND = 20  # texts writing a pair of characters before a near miss inside it is part of another word
WORD_SHARE = 0.5  # the share of a character's texts that write it before another where the two are a word
FRAGMENT_START, FRAGMENT_END = set("个中的了之着们地得"), set("的了在是为个一")  # never begin or end a rendering
LEAST = 0.2  # a reason weighing less is not listed
SHARP_KINDS = {"variant", "unlike", "swapped", "missing", "numbers", "sentences", "doubled", "negation", "typing", "qualifier",
               "unpaired", "comma-end", "stop-after-quote", "doubled-stop", "half-width", "space"}
OWN_KINDS = {"variant", "unlike", "missing", "extra", "swapped", "numbers", "sentences", "doubled", "bracketed", "length",
             "negation", "typing", "qualifier", *punctuation.NAMES}  # the kinds a rule's own two texts give
TYPING, GAIN_FLOOR = 1.2, 4.0  # a typing slip: its weight at the least gain the model reports
QUALIFIER = 1.8  # a qualifier dropped, where no rule of the document drops it
MAX_BRACKETED = 4
FUNCTION_WORDS = set("或和与及该某此其由的之于了在为")
LENGTH_Z = 2.5  # standard deviations of the length ratio before a rule's length is evidence


@dataclass(frozen=True)
class Reason:
    # variant, unlike, missing, extra, swapped, changed, numbers, sentences, doubled, bracketed, length, negation,
    # typing, rendering, family, replaced, and the mechanical slips' kinds (punctuation.py)
    kind: str
    weight: float
    text: str  # what to look at, in both languages


@dataclass
class Finding:
    number: RuleNumber
    line: int  # of the rule's Chinese in its source
    path: str  # that source
    en: str
    zh: str
    reasons: list[Reason] = field(default_factory=list)

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
        return {"rule": str(self.number), "score": self.score, "reasons": [r.text for r in self.reasons],
                "kinds": [r.kind for r in self.reasons], "path": self.path, "line": self.line,
                "en": self.en, "zh": self.zh}


@dataclass
class History:
    """The editions with English up to the checked one, oldest first, the lineage into each, and
    their rules by number (history.english_chain)."""
    chain: list[Edition]
    steps: list[Lineage | None]
    rules: dict[str, dict[RuleNumber, Rule]] = field(default_factory=dict)

    def __post_init__(self):
        self.rules = {e.date: {r.number: r for r in e.rules()} for e in self.chain}


def check_translation(edition: Edition, marker: TermMarker, history: History | None = None) -> list[Finding]:
    """Every rule of `edition` with both languages, most likely to need a fix first; `marker` finds
    its termbase's terms (the pages' own, SiteModel.marker)."""
    rules = [r for r in edition.rules() if "en" in r.texts and "zh" in r.texts]
    document = _Document(rules, marker, edition, history)
    replaced = _replacements(history, edition) if history else []
    units = _units(rules)
    odd = _odd_renderings(units)
    parallel = _family_reasons(rules, units)
    dropped = _qualifier_reasons(rules, document.glossary.counter, document.terms)
    findings = []
    for rule in rules:
        en, zh, fact = rule.texts["en"].text, rule.texts["zh"].text, document.facts[rule.number]
        finding = Finding(rule.number, rule.texts["zh"].source.line, rule.texts["zh"].source.path, en, zh)
        finding.reasons += document.own_reasons(rule.texts["en"], rule.texts["zh"], fact, document.marks[rule.number],
                                                document.slips[rule.number])
        finding.reasons += _history_reasons(rule, edition, history)
        finding.reasons += _replaced_reasons(str(rule.number), en, zh, replaced)
        named = [piece for _, piece in fact.near] + [piece for piece, _, _ in fact.pieces]
        finding.reasons += _odd_reasons(odd.get(str(rule.number), []), named)
        finding.reasons += parallel.get(str(rule.number), [])
        finding.reasons += dropped.get(str(rule.number), [])
        finding.reasons = _marked_new(finding.reasons, document.before(rule))
        finding.reasons = [replace(r, text=" ".join(r.text.split())) for r in finding.reasons  # one line each
                           if r.weight >= LEAST]
        if finding.reasons:
            finding.reasons.sort(key=lambda reason: -reason.weight)
            findings.append(finding)
    findings.sort(key=lambda f: (-f.score, f.number))
    return findings


class _Document:
    """What the check learns from the whole document before it reads a rule: the facts of every
    rule's texts, how consistently the document names each term, its usual length ratio, its
    punctuation, the model of its characters (typing slips); and, given a history, the Chinese each
    rule had in the last release before this one."""

    def __init__(self, rules: list[Rule], marker: TermMarker, edition: Edition, history: History | None):
        self.marker = marker
        self.glossary = _Glossary(marker)
        self.facts = {r.number: self.glossary.facts(marker, r.texts["en"], r.texts["zh"]) for r in rules}
        self.usage = _usage(self.facts.values())
        chapters = {t.id: t.rule.chapter for t in marker.termbase.terms.values() if t.rule is not None}
        self.swaps = Swaps([(f.en_counts, f.zh_counts) for f in self.facts.values()], _overlapping(marker), chapters)
        self.terms = {term.id: term for term in marker.termbase.terms.values()}
        self.pieces = Counter(piece for f in self.facts.values() for piece, _, _ in f.pieces)
        self.usual = Counter(v for f in self.facts.values() for v in f.near)
        self.lengths = _length_scale(rules)
        self.marks = {r.number: punctuation.slips(_full(r.texts["zh"]), _full(r.texts["en"])) for r in rules}
        self.marks_seen = punctuation.usage(self.marks, *_added_since(history))
        self.typing = TypingModel(_chinese_texts(edition, history))
        self.slips = {r.number: self.typing.slips(r.texts["zh"].text) for r in rules}
        self.slip_pairs = Counter((slip.written, slip.usual) for found in self.slips.values() for slip in found)
        self.history, self.edition = history, edition
        self.chinese = [r.texts["zh"].text for r in rules]
        self._spellings: dict[str, int] = {}

    def own_reasons(self, en_text, zh_text, fact: _Facts, marks: list[punctuation.Slip], slips=None) -> list[Reason]:
        """The reasons a rule's two texts give by themselves, weighed by what the document does."""
        en, zh = en_text.text, zh_text.text
        fact = fact._replace(near={k: form for k, form in fact.near.items() if self._whole(k[1], form, zh)
                                   and not self._own_spelling(k[1], form)},
                             pieces=tuple(p for p in fact.pieces if self._whole(p[0], p[1], zh)))
        reasons = _term_reasons(fact, self.usage, self.terms, self.usual, self.swaps.best(fact.en_counts, fact.zh_counts))
        reasons += _unlike_reasons(fact.pieces, self.pieces, self.terms)
        reasons += fact.text
        reasons += self._doubled(_full(zh_text))
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

    def before(self, rule: Rule) -> "_Before | None":
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
                return _Before(translated[-1], [], False) if translated else None
            number, english_same = link.old, english_same and not link.text_changed
            was = history.rules[older.date].get(number)
            if was is None or "zh" not in was.texts or "en" not in was.texts:
                continue
            if was.texts["zh"].text == rule.texts["zh"].text:
                return None
            fact = self.glossary.facts(self.marker, was.texts["en"], was.texts["zh"])
            marks = punctuation.slips(_full(was.texts["zh"]), _full(was.texts["en"]))
            return _Before(older.date, self.own_reasons(was.texts["en"], was.texts["zh"], fact, marks), english_same)
        return None


class _Before(NamedTuple):
    """A rule's Chinese in the last release in which it differs: when, the reasons it gave, and
    whether the English text stayed the same since (then the translators edited unprompted)."""
    date: str
    reasons: list[Reason]
    english_same: bool


def _chinese_texts(edition: Edition, history: History | None) -> list[str]:
    """Every Chinese text (rule and example) of the checked edition and of its history's editions."""
    editions = [list(edition.rules())] + ([list(history.rules[e.date].values()) for e in history.chain] if history else [])
    return [t.text for rules in editions for r in rules if "zh" in r.texts for t in (r.texts["zh"], *r.texts["zh"].examples)]


def _marked_new(reasons: list[Reason], before: _Before | None) -> list[Reason]:
    """A reason the rule's Chinese of the last release did not give (the same kind saying the same,
    counts aside) weighs more, and says so: the Chinese was edited since, and the edit brought it
    (a slip is made as text is written; one that stood through releases has been read more often).
    Where the English stayed the same, the edit was the translators' own, and a sharp reason it
    brought weighs at least NEW_FLOOR, however little it weighs in a text of its own (a qualifier,
    a negation dropped in an edit that had nothing to follow)."""
    if before is None:
        return reasons
    had = {_gist(r) for r in before.reasons}
    marked = []
    for r in reasons:
        if r.kind in OWN_KINDS and _gist(r) not in had:
            weight = r.weight * NEW_WEIGHT
            if before.english_same and r.kind in SHARP_KINDS:
                weight = max(weight, NEW_FLOOR)
            r = replace(r, weight=round(weight, 2), text=f"{r.text} (new since {before.date})")
        marked.append(r)
    return marked


def _gist(reason: Reason) -> tuple[str, str]:
    """What a reason says, without the counts that change with the rest of the document."""
    return reason.kind, re.sub(r"\d+|once|twice|nowhere", "", reason.text)


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
            english = phrases_of(_full(rule.texts["en"]))
            phrase = next((p for p in phrases if p in english), None)  # as words: “loses” is not in “closes”
            if phrase is None:
                other.append(rule.number)
            else:
                listed.append(Preferred(rule.number, text.source.path, text.source.line, phrase, text.text))
    return listed, other


def check_corpus(corpus) -> list[Finding]:
    """The check of a loaded corpus's newest edition, its older editions as history."""
    edition = corpus.shown[0]
    chain, steps = english_chain(corpus.editions, corpus.lineages, edition.date)
    history = History(chain, steps) if len(chain) > 1 and chain[-1] is edition else None
    return check_translation(edition, TermMarker(corpus.termbase), history)


class _Facts(NamedTuple):
    """What one rule's own texts say, whatever the other rules say: the terms each language names
    (where a reader sees them, the longest match), how often each names every term (the loose way,
    term_counts.py), its near misses of the terms the English names (variants), its pieces one
    character off a glossary term (unlike), and the reasons in its text alone: finding them is most
    of the check's time."""
    en_terms: frozenset[int]
    zh_terms: frozenset[int]
    en_counts: Counter
    zh_counts: Counter
    near: dict[tuple[int, str], str]  # (term, the Chinese found) -> the glossary's Chinese
    pieces: tuple[tuple[str, str, int], ...]  # (piece, the glossary's form, term)
    text: tuple[Reason, ...]


class _Glossary:
    """The termbase's Chinese forms as the check looks for them, and the facts of each rule text
    found with them, kept for as long as the forms are the same (cache.kept_for): only strings and
    numbers, never a build's termbase or editions."""

    def __init__(self, marker: TermMarker):
        terms = marker.termbase.terms.values()
        # _variants: a term's forms of three or more characters, and all its forms
        self.variant_forms = {term.id: (tuple(sorted(f for f in term.zh_forms if len(f) >= 3)), frozenset(term.zh_forms))
                              for term in terms if term.zh}
        # _unlike_pieces: the forms of four or more Han characters, and every form of every term
        self.forms = tuple(sorted({(form, term.id) for term in terms if term.zh and not term.obsolete
                                   for form in term.zh_forms if len(form) >= 4 and HAN.match(form)}))
        self.all_forms = frozenset(form for term in terms for form in term.zh_forms)
        self.by_end: dict[str, set[tuple[str, int]]] = {}  # a near miss keeps two characters of the form at one end
        for form, term_id in self.forms:
            self.by_end.setdefault(form[:2], set()).add((form, term_id))
            self.by_end.setdefault(form[-2:], set()).add((form, term_id))
        self.counter = TermCounter(terms)
        key = (marker.key, tuple(sorted(self.variant_forms.items())), self.forms, self.all_forms)
        self.memo: dict[tuple[str, str, str, str], _Facts] = kept_for("check facts", key)

    def facts(self, marker: TermMarker, en_text, zh_text) -> _Facts:
        en, zh, en_all, zh_all = en_text.text, zh_text.text, _full(en_text), _full(zh_text)
        key = (en, zh, en_all, zh_all)
        if key not in self.memo:
            en_terms, zh_terms = frozenset(marker.terms_in(en, "en")), frozenset(marker.terms_in(zh, "zh"))
            en_counts, zh_counts = self.counter.counts(en, "en"), self.counter.counts(without_notes(zh), "zh")
            near = self._variants(zh, frozenset(t for t in en_terms if not zh_counts[t]))
            self.memo[key] = _Facts(en_terms, zh_terms, en_counts, zh_counts, near, self._unlike_pieces(zh, zh_terms, near),
                                    tuple(_text_reasons(en, zh, en_all, zh_all)))
        return self.memo[key]

    def _variants(self, zh: str, unmatched: frozenset[int]) -> dict[tuple[int, str], str]:
        """(term, the Chinese found) -> the glossary's Chinese, where the English names the term,
        the Chinese lacks its forms and holds a near miss of one (替代式效应 for 替代性效应)."""
        near = {}
        for term_id in sorted(unmatched):
            if term_id not in self.variant_forms:
                continue
            forms, all_forms = self.variant_forms[term_id]
            for form in forms:
                miss = _near_miss(zh, form, all_forms)
                if miss:
                    near[(term_id, miss)] = form
                    break
        return near

    def _unlike_pieces(self, zh: str, zh_terms: frozenset[int], near) -> tuple[tuple[str, str, int], ...]:
        """Pieces of a Chinese text one character off a glossary term's Chinese of four or more
        characters (替代费用 for 替代性费用), whatever the English says, where the text lacks the
        term itself, and that are not a variant already found or part of another form."""
        candidates = set().union(*(self.by_end.get(zh[i:i + 2], ()) for i in range(len(zh) - 1)))
        known = {piece for (_, piece) in near}
        pieces = []
        for form, term_id in sorted(candidates):
            if term_id in zh_terms:
                continue
            piece = _near_miss(zh, form, self.all_forms, inserted=False)
            if piece and not any(piece in k for k in known) and not any(piece in other for other in self.all_forms if other != form):
                pieces.append((piece, form, term_id))
        return tuple(pieces)


# ---- terms ---------------------------------------------------------------------------------------
@dataclass
class _Usage:
    en: Counter  # term -> rules whose English names it (where a reader sees it)
    zh: Counter
    in_zh: Counter  # term -> rules whose English names it and whose Chinese has it anywhere
    in_en: Counter  # term -> rules whose Chinese names it and whose English has it in any form
    rules: int = 0


def _usage(facts) -> _Usage:
    usage = _Usage(Counter(), Counter(), Counter(), Counter())
    for fact in facts:
        usage.rules += 1
        usage.en.update(fact.en_terms)
        usage.zh.update(fact.zh_terms)
        usage.in_zh.update(t for t in fact.en_terms if fact.zh_counts[t])
        usage.in_en.update(t for t in fact.zh_terms if fact.en_counts[t])
    return usage


def _surprise(both: int, total: int, rules: int) -> float:
    """How surprising it is that a rule lacks what `both` of the `total` rules naming a term have:
    0 below 70%, rising to 1 where every other rule has it (a term rendered one way everywhere),
    and less for the game's everyday words (a rule may say "it" for the player or the ability)."""
    if total - 1 < MIN_USES:
        return 0.0
    share = both / (total - 1)  # among the other rules (this one is counted in total, not in both)
    rare = min(1.0, math.log(rules / total) / math.log(rules / MIN_USES)) if rules > total else 0.0
    return max(0.0, (share - 0.7) / 0.3) ** 2 * rare


def _overlapping(marker: TermMarker) -> set[tuple[int, int]]:
    """term_counts.overlapping of the marker's terms, kept for as long as its forms are the same."""
    kept = kept_for("term overlaps", marker.key)
    if "pairs" not in kept:
        kept["pairs"] = overlapping(marker.termbase.terms.values())
    return kept["pairs"]


def _names(term: Term) -> str:
    return f"“{term.en}” ({term.zh})" if term.zh else f"“{term.en}”"


def _unlike_reasons(pieces: tuple[tuple[str, str, int], ...], counts: Counter, terms: dict[int, Term]) -> list[Reason]:
    """A rule's pieces one character off a glossary term (_Glossary._unlike_pieces), rarer the more
    rules write them so; none where the translation writes it so in many rules (a wording of its own)."""
    return [Reason("unlike", round(2.0 / counts[piece] ** 0.75, 2),
                   f"the Chinese has {piece}, one character off the glossary's {form} ({terms[term_id].en})" +
                   (f"; {counts[piece] - 1} other rules write it so" if counts[piece] > 1 else ""))
            for piece, form, term_id in pieces if counts[piece] - 1 < STYLE_RULES]


def _near_miss(text: str, form: str, forms: set[str], inserted: bool = True) -> str | None:
    """A piece of `text` one character away from `form` (changed, dropped or, if `inserted`, added
    inside it, its first and last characters kept), that is not itself a form of the term; a
    function word put in or for a character (或, 该, 的: 咒语或异能, 牌的类别) is not a term's near miss."""
    n = len(form)
    starts = _places(text).get(form[0], ())  # a near miss keeps the first character
    for size in (n, n - 1, n + 1) if inserted else (n, n - 1):
        for start in starts:
            piece = text[start:start + size]
            if len(piece) < size or piece[-1] != form[-1] or piece in forms or form in piece or not HAN_ONLY.match(piece):
                continue
            if _one_edit(piece, form) and not (set(piece) - set(form)) & FUNCTION_WORDS:
                return piece
    return None


@functools.lru_cache(maxsize=256)
def _places(text: str) -> dict[str, list[int]]:
    """Where each character of a text is: the near misses of every term are looked for in the same
    rule's text (some 100,000 searches in an edition)."""
    places: dict[str, list[int]] = {}
    for i, ch in enumerate(text):
        places.setdefault(ch, []).append(i)
    return places


def _one_edit(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _term_reasons(fact: _Facts, usage: _Usage, terms: dict[int, Term], usual: Counter, swap: Swap | None) -> list[Reason]:
    """Variants of the glossary's Chinese, a term in one language only (looked for the loose way
    in the other: inside a longer term, through inflections), and a term put for another."""
    reasons = []
    said = set()
    for (term_id, piece), form in sorted(fact.near.items()):
        term = terms.get(term_id)
        others = max(usual[(term_id, piece)] - 1, 0)
        if (piece, form) in said or others >= STYLE_RULES:  # two names of one term; the translation's own form
            continue
        said.add((piece, form))
        also = f"; {others} other rules write it so" if others else ""
        reasons.append(Reason("variant", round(4.0 / (1 + others) ** 0.75, 2),
                              f"the English says {_names(term)} and the Chinese has {piece}: write the glossary's {form}{also}"))
    swapped = {swap.fewer, swap.more} if swap and _swap_weight(swap) > 0 else set()
    near_terms = {term_id for term_id, _ in fact.near}
    missing = [terms[t] for t in sorted(fact.en_terms) if not fact.zh_counts[t] and t not in near_terms | swapped
               and t in terms and terms[t].zh]
    extra = [terms[t] for t in sorted(fact.zh_terms) if not fact.en_counts[t] and t not in swapped and t in terms and terms[t].en]
    for kind, found_terms, counted, having in (("missing", missing, usage.en, usage.in_zh), ("extra", extra, usage.zh, usage.in_en)):
        for term in found_terms:
            weight = 2.25 * _surprise(having[term.id], counted[term.id], usage.rules)
            if weight < 0.2:
                continue
            share = f"({having[term.id]} of {counted[term.id]} rules {'naming it have it' if kind == 'missing' else 'with it name it'})"
            text = (f"the English says {_names(term)} and the Chinese has no {term.zh} {share}" if kind == "missing" else
                    f"the Chinese says {term.zh} and the English names no {_names(term)} {share}")
            reasons.append(Reason(kind, round(weight, 2), text))
    if swapped:
        reasons.append(_swap_reason(swap, terms))
    else:
        short = max((r for r in reasons if r.kind in ("missing", "variant")), key=lambda r: r.weight, default=None)
        over = max((r for r in reasons if r.kind == "extra"), key=lambda r: r.weight, default=None)
        if short and over:  # one term put for another (生物 for permanent), the counts not telling which
            reasons.append(Reason("swapped", PUT_FOR, f"{_said(over)} where the English has {_said(short, 'en')}: "
                                                      "one may have been put for the other"))
    return reasons


def _said(reason: Reason, lang: str = "zh") -> str:
    """The Chinese (or English) term a missing, extra or variant reason is about, as the reason says it."""
    if lang == "zh":
        return reason.text.split("the Chinese says ", 1)[-1].split(" and the English", 1)[0]
    return reason.text.split("the English says ", 1)[-1].split(" and the Chinese", 1)[0]


def _swap_weight(swap: Swap) -> float:
    """How strongly a term short and another over in one rule say one was put for the other:
    nothing below a surprise the document's rules often reach by themselves."""
    return round(min(SWAP_MAX, max(0.0, swap.surprise - SWAP_FROM) * SWAP_SLOPE), 2)


def _swap_reason(swap: Swap, terms: dict[int, Term]) -> Reason:
    fewer, more = terms[swap.fewer], terms[swap.more]
    en_a, zh_a, en_b, zh_b = swap.counts
    return Reason("swapped", _swap_weight(swap),
                  f"the English names {_names(fewer)} {_times(en_a)} and {_names(more)} {_times(en_b)}; the Chinese has "
                  f"{_chinese(fewer)} {_times(zh_a)} and {_chinese(more)} {_times(zh_b)}: "
                  f"{_chinese(more)} may stand where {_chinese(fewer)} belongs")


def _times(n: int) -> str:
    return {0: "nowhere", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _chinese(term: Term) -> str:
    return term.zh.split("/")[0].split("，")[0] if term.zh else f"“{term.en}”"


# ---- the text itself ---------------------------------------------------------------------------
NOTE = re.compile(r"(?:^|(?<=[。！？”]))\s*[（(](?:中文版)?译注[:：]")


def without_notes(zh: str) -> str:
    """A Chinese text without the translators' notes that stand as sentences of their own
    (“……。（译注：……）”), which no English sentence translates. A note inside a sentence stays: it is
    part of that sentence, often in place of the English's words (311.3's on planar subtypes)."""
    out, i = [], 0
    for match in NOTE.finditer(zh):
        if match.start() < i:
            continue
        out.append(zh[i:match.start()])
        depth, k = 0, match.start() + len(match.group(0)) - len(match.group(0).lstrip())
        while k < len(zh):
            depth += 1 if zh[k] in "（(" else -1 if zh[k] in "）)" else 0
            k += 1
            if depth == 0:
                break
        i = k
    return ("".join(out) + zh[i:]).strip()


def _text_reasons(en: str, zh: str, en_all: str, zh_all: str) -> list[Reason]:
    """Cited numbers and sentences of the rule's text, its translators' notes aside; English left
    in brackets in its examples too (`*_all`)."""
    reasons = []
    zh = without_notes(zh)
    cited_en, cited_zh = Counter(_cited(en)), Counter(_cited(zh))
    if cited_en != cited_zh:
        only_en, only_zh = sorted((cited_en - cited_zh).elements()), sorted((cited_zh - cited_en).elements())
        if only_en or only_zh:
            reasons.append(Reason("numbers", 3.0, "cited numbers differ: "
                                  f"{', '.join(only_en) or 'none'} in the English, {', '.join(only_zh) or 'none'} in the Chinese"))
    bracketed = [m.group(0) for m in BRACKETED.finditer(zh_all) if m.group(0) not in en_all and not _named_after(zh_all, m, en_all)]
    if 0 < len(bracketed) <= MAX_BRACKETED:  # more: a list that keeps untranslated names so on purpose
        reasons.append(Reason("bracketed", 2.5, f"English left in brackets in the Chinese: {', '.join(bracketed)}"))
    en_sentences, zh_sentences = split_en(en), split_zh(zh)
    if len(en_sentences) != len(zh_sentences):
        pairs = align(en_sentences, zh_sentences)
        covered = {i for p in pairs for i in range(*p.en)}
        alone = _missing_first(en_sentences, [s for i, s in enumerate(en_sentences) if i not in covered], zh)
        covered_zh = {i for p in pairs for i in range(*p.zh)}
        alone_zh = [s for i, s in enumerate(zh_sentences) if i not in covered_zh]
        if pairs and alone and (len(en_sentences) > len(zh_sentences) or not alone_zh):  # the longer, the surer
            reasons.append(Reason("sentences", round(1 + min(2.0, len(alone[0]) / 80), 2),
                                  f"the English has {len(en_sentences)} sentences and the Chinese {len(zh_sentences)}; "
                                  f"translate “{alone[0]}”"))
        elif pairs and alone_zh:
            reasons.append(Reason("sentences", round(1 + min(2.0, len(alone_zh[0]) / 25), 2),
                                  f"the Chinese has {len(zh_sentences)} sentences and the English {len(en_sentences)}; "
                                  f"no English sentence says “{alone_zh[0]}”"))
    return reasons


def _named_after(zh: str, match: re.Match, en: str) -> bool:
    """Whether English in brackets follows the Chinese name it gives (维苏瓦化妖[Vesuvan Doppelganger]),
    a name the English has: the translation's own way of naming cards, not a name left untranslated."""
    return match.start() > 0 and bool(HAN.match(zh[match.start() - 1])) and match.group(1) in en


def _missing_first(sentences: list[str], alone: list[str], zh: str) -> list[str]:
    """The English sentences without a counterpart: a sentence citing a number the Chinese nowhere
    cites, if there is one ("See rule 613." missing is known by its number, where an alignment by
    length may pair it and leave another alone), else those the alignment left alone."""
    cited = set(_cited(zh))
    return [s for s in sentences if set(_cited(s)) - cited] or alone


def _cited(text: str) -> list[str]:
    """The rule numbers a text cites: every number with a subrule (702.19c), a number of three
    digits alone where the words before it say it is a rule (CITES_BARE), and the end of a range
    written short (903.6-11 is 903.6 to 903.11)."""
    found = [m.group(0) for m in CITED.finditer(text)
             if "." in m.group(0) or CITES_BARE.search(text, max(0, m.start() - 12), m.start())]
    return found + [f"{m.group(1)}.{m.group(2)}" for m in SHORT_RANGE.finditer(text)]


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


def _qualifier_reasons(rules: list[Rule], counter: TermCounter, terms: dict[int, Term]) -> dict[str, list[Reason]]:
    """Per rule: the strongest qualifier of a term its Chinese drops (qualifiers.py)."""
    chinese = {t.id: sorted((f for f in t.zh_forms if len(f) >= 2), key=lambda f: (-len(f), f)) for t in terms.values()
               if t.zh and not t.obsolete}
    texts = [(str(r.number), r.texts["en"].text, without_notes(r.texts["zh"].text)) for r in rules]
    found: dict[str, list[Reason]] = {}
    for d in qualifiers.dropped(texts, counter.term_at, chinese):
        share = (d.covered / d.rules - qualifiers.USUAL) / (1 - qualifiers.USUAL)  # how consistently the word is written
        weight = QUALIFIER * share ** 2 / max(1, d.dropped) ** 0.5  # weak alone; kept for an edit that brought it
        if weight > 0:
            found.setdefault(d.rule, []).append(Reason(
                "qualifier", round(weight, 2),
                f"the English says “{d.word}” before the term {d.term}, which the Chinese has without {d.qualifier} or another "
                f"way the translation writes “{d.word}” ({d.covered} of {d.rules} rules write it): a qualifier may be missing"))
    return {rule: sorted(reasons, key=lambda r: -r.weight)[:1] for rule, reasons in found.items()}


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


# ---- history -----------------------------------------------------------------------------------
def _history_reasons(rule: Rule, edition: Edition, history: History | None) -> list[Reason]:
    """The English changed since an older edition whose Chinese this rule still has (followed back
    through the lineage of the English), or since the edition a carried Chinese translates. Like
    is compared with like: the rule's text where its English text changed and its Chinese text is
    that edition's word for word, its examples where the English examples changed and the Chinese
    examples are that edition's; where the Chinese followed, nothing is said."""
    carried = edition.carried.get(rule.number)
    if carried is not None:
        return [Reason("changed", 4.0, f"the English changed since {carried.translates}, the edition the Chinese "
                                       f"translates")] if carried.stale else []
    if history is None:
        return []
    number, text_changed, examples_changed = rule.number, False, False
    for older, step in zip(reversed(history.chain[:-1]), reversed(history.steps)):
        link = step.of_new(number) if step else None
        if link is None or link.old is None:
            return []
        text_changed, examples_changed = text_changed or link.text_changed, examples_changed or link.examples_changed
        number = link.old
        before = history.rules[older.date].get(number)
        if before is None or "zh" not in before.texts:
            continue
        en_then, en_now, zh_then, zh_now = before.texts["en"], rule.texts["en"], before.texts["zh"], rule.texts["zh"]
        if zh_then.text == zh_now.text and [e.text for e in zh_then.examples] == [e.text for e in zh_now.examples] \
                and not text_changed and not examples_changed:
            continue  # the same in both languages since then: look further back
        reasons = []
        if text_changed and zh_then.text == zh_now.text and en_then.text != en_now.text:
            edit, size = _edit(en_then.text, en_now.text)
            reasons.append(Reason("changed", round(1.0 + min(4.0, size / 2), 2),
                                  f"the English changed since {older.date} ({edit}); the Chinese is still that edition's"))
        examples_then, examples_now = [e.text for e in en_then.examples], [e.text for e in en_now.examples]
        if examples_changed and examples_then != examples_now and zh_now.examples and \
                [e.text for e in zh_then.examples] == [e.text for e in zh_now.examples]:
            edit, size = _edit("\n".join(examples_then), "\n".join(examples_now))
            reasons.append(Reason("changed", round(1.0 + min(2.0, size / 4), 2),
                                  f"the English examples changed since {older.date} ({edit}); the Chinese examples are "
                                  f"still that edition's"))
        return reasons
    return []


def _edit(old: str, new: str, most: int = 2) -> tuple[str, int]:
    """The first edits from one English text to the other, said in words (“a few” became “some”,
    added “by a defending player”, dropped “transforming”), and how many words changed."""
    a, b = words(old), words(new)
    said, size = [], 0
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        gone, came = _phrase(a[i1:i2]), _phrase(b[j1:j2])
        size += sum(1 for w in a[i1:i2] + b[j1:j2] if w.isalnum())
        if not gone and not came:
            continue
        said.append(f"“{gone}” became “{came}”" if gone and came else f"added “{came}”" if came else f"dropped “{gone}”")
    more = f", and {len(said) - most} more" if len(said) > most else ""
    return "; ".join(said[:most]) + more, size


def _phrase(tokens: list[str], longest: int = 8) -> str:
    """Words of a diff as text, punctuation kept where it stands, cut after `longest` words."""
    text = " ".join(tokens[:longest]).replace(" ,", ",").replace(" .", ".").strip()
    return text + ("…" if len(tokens) > longest else "")


def _replacements(history: History, edition: Edition) -> list[Replacement]:
    """The replacements each release of the translation in the history made, the checked one too,
    against the release before it, in the rules whose English text stayed the same between them."""
    found, older = [], None
    for index, release in enumerate(history.chain):
        if not any("zh" in r.texts for r in history.rules[release.date].values()):
            continue
        if older is not None:
            pairs = []
            for number, rule in history.rules[release.date].items():
                before = _back(history, number, older, index)
                if before is not None and "zh" in rule.texts and "zh" in before.texts and number not in release.carried:
                    pairs.append((str(number), rule.texts["en"].text, before.texts["zh"].text, rule.texts["zh"].text))
            found += made(release.date, pairs)
        older = index
    return found


def _added_since(history: History | None) -> tuple[set[RuleNumber], str | None]:
    """The rules of the checked edition that its oldest history edition lacks (followed through
    the lineage), and that edition's date."""
    if history is None or len(history.chain) < 2:
        return set(), None
    added = set()
    for number in history.rules[history.chain[-1].date]:
        old = number
        for step in reversed(history.steps):
            link = step.of_new(old) if step else None
            if link is None or link.old is None:
                added.add(number)
                break
            old = link.old
    return added, history.chain[0].date


def _back(history: History, number: RuleNumber, older: int, newer: int) -> Rule | None:
    """The rule of edition `older` that rule `number` of edition `newer` was, if its English text
    did not change on the way."""
    for step in reversed(history.steps[older:newer]):
        link = step.of_new(number) if step else None
        if link is None or link.old is None or link.text_changed:
            return None
        number = link.old
    return history.rules[history.chain[older].date].get(number)


def _replaced_reasons(rule: str, en: str, zh: str, replaced: list[Replacement]) -> list[Reason]:
    """The old wording of a replacement the translators made in several rules, still in this one
    where its English has what the wording rendered; surer the fewer rules of that release kept it."""
    reasons = []
    for r in replaced:
        if rule not in r.rules and r.applies(en, zh):
            share = len(r.rules) / (len(r.rules) + max(r.kept, 1))
            weight = round(4.5 * share ** 2 * min(1.0, len(r.rules) / 6), 2)
            if weight >= 0.2:
                reasons.append(Reason("replaced", weight, f"in {r.release} the translators changed {r.old} to {r.new} in "
                                                          f"{len(r.rules)} rules ({', '.join(r.rules[:4])}{'…' if len(r.rules) > 4 else ''}); "
                                                          f"this rule still has {r.old}"))
    return sorted(reasons, key=lambda reason: -reason.weight)[:2]


def _full(text) -> str:
    """A rule's text and its examples, one paragraph each."""
    return "\n".join([text.text, *(e.text for e in text.examples)])
