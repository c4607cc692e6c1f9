"""Drafts for the sentences the translators must write: the older Chinese of a changed sentence
with the English edit carried over, and a new sentence from its closest parallel in the memory.

A changed sentence: the word diff of the English it translated and today's English, edit by edit.
The Chinese of the English an edit removed or replaced is found in the older Chinese (the
translation's own renderings of the phrase, the termbase, the cited number itself, the items of a
list in order), and replaced by the Chinese of the new English: the same sources, and composition
the translation uses (non-X is 非X). An edit of function words alone (“as long as” to “for as long
as”) leaves the Chinese as it is. Where the Chinese of an edit cannot be found or made, the draft
shows its English in brackets where it goes, `[…]`, or at the end of the sentence where that
place is not known, `[− …]` for English removed whose Chinese it could not find: never a guess
dressed as a translation.

A new sentence: the memory's Chinese of the same English; else the sentence of the memory whose
English is most alike (a keyword rule's parallel: the same English but for the keyword, a name or a
number), repaired as a changed sentence is, where it covers as much of the English as translating
the sentence phrase by phrase does; else that translation (Translator: the phrase pairs of the
memory's word alignment, joined in the order that reads most like its Chinese), the English it has
no rendering for in brackets where it stands.
A keyword with no Chinese yet (a new rule's) stays English, in brackets, everywhere the same, until
the translators name it (in a release, or in their term list before one).

A draft is offered (`offered`) only where it gives translators more than the work list has: a
changed sentence's where an edit found its place, a new sentence's where some of it is covered.

Each draft says how much of its English it covers (`quality`: the share of today's English words
whose Chinese it has, at most 99, since a draft is never an exact match). A new keyword's name
kept in English is not covered: the translators have still to name it. A sentence translated
phrase by phrase reads in an order no translator chose: its quality is scaled below any repair's
(at most PIECED_AT_MOST), so that a tool listing suggestions by quality puts it last.
"""
from __future__ import annotations

from collections import defaultdict
from difflib import SequenceMatcher
from typing import Iterable

from ...cache import kept_for
from ..polarity import shortfalls
from .lexicon import Lexicon
from .repairer import Repairer
from .words import MARK_CLOSE, MARK_OPEN, MOST, Draft, content_words, tokens

ALIKE = 0.6  # word similarity of a memory sentence to a new one before it is its parallel
ENOUGH = 50  # the quality a new sentence's draft from a parallel must have
PIECED = 50  # the share of a sentence's English words a draft translated phrase by phrase must cover
PIECED_AT_MOST = 59  # the quality of a sentence translated phrase by phrase, at best


class Parallels:
    """The memory's sentences, found by the English words they share with a new one."""

    def __init__(self, pairs: list[tuple[str, str]]):
        self.pairs = pairs
        self.having: dict[str, list[int]] = defaultdict(list)
        self.words = [[w.lower() for w in tokens(en)] for en, _ in pairs]
        for i, found in enumerate(self.words):
            for word in sorted(set(found)):
                if word[:1].isalpha():
                    self.having[word].append(i)

    def closest(self, en: str, count: int = 3) -> list[tuple[int, float]]:
        """The indexes of the most alike sentences and their similarity (at least ALIKE), best first."""
        words = [w.lower() for w in tokens(en)]
        votes: dict[int, float] = defaultdict(float)
        for word in sorted(set(words)):  # in one order, so that the sums are the same on every run
            if word[:1].isalpha() and word in self.having and len(self.having[word]) < 400:
                for i in self.having[word]:
                    votes[i] += 1 / len(self.having[word])
        scored = [(SequenceMatcher(None, self.words[i], words, autojunk=False).ratio(), i)
                  for i in sorted(votes, key=lambda i: (-votes[i], i))[:40]]
        return [(i, score) for score, i in sorted(scored, key=lambda x: (-x[0], x[1]))[:count] if score >= ALIKE]


class Drafter:
    """Drafts for the sentences of one carried translation (its memory in today's numbers)."""

    def __init__(self, memory: dict[str, str], terms: dict[str, str], unnamed: Iterable[str] = ()):
        """`unnamed`: the keywords with no Chinese yet, written in brackets wherever they stand."""
        self.memory = memory
        self.pairs = sorted(memory.items())
        self.lexicon = Lexicon(self.pairs, terms)
        for keyword in sorted(unnamed):
            self.lexicon.name(keyword)
        self.repairer = Repairer(self.lexicon)
        self.parallels = Parallels(self.pairs)
        self.translator = self.repairer.translator
        self._drafts: dict[tuple, Draft] = {}  # each sentence's, for the next build of the same memory

    def changed(self, was: str, zh: str, en: str) -> Draft:
        """A changed sentence: its older Chinese, repaired."""
        key = (was, zh, en)
        if key not in self._drafts:
            self._drafts[key] = self._unnamed_uncovered(self.repairer.repair(was, zh, en), en)
        return self._drafts[key]

    def new(self, en: str) -> Draft:
        """A new sentence: the memory's Chinese of the same English, else its closest parallel
        whose every English removed or replaced was found in its Chinese, repaired, where it covers
        as much of the English as the sentence translated phrase by phrase; else that translation,
        where it covers enough; else the English in brackets."""
        if en not in self._drafts:
            self._drafts[en] = self._unnamed_uncovered(self._new(en), en)
        return self._drafts[en]

    def _unnamed_uncovered(self, draft: Draft, en: str) -> Draft:
        """The draft's quality less the English words of the new keywords' names it keeps in English."""
        named = sum(draft.text.count(name) * len(content_words(tokens(name[1:-1])))
                    for name in set(self.lexicon.names.values()))
        if not named or not draft.quality:
            return draft
        share = max(0, len(content_words(tokens(en))) - named) / max(1, len(content_words(tokens(en))))
        return draft._replace(quality=round(draft.quality * share))

    def _new(self, en: str) -> Draft:
        if en in self.memory:
            return Draft(self.memory[en], MOST, source=en)
        best = None
        for index, _ in self.parallels.closest(en):
            was, zh = self.pairs[index]
            draft = self.repairer.repair(was, zh, en)._replace(source=was)
            if draft.lost == 0 and draft.quality >= ENOUGH and (best is None or draft.quality > best.quality):
                best = draft
        composed = self.translator.compose(en)
        if best is not None and best.quality >= composed.quality:
            return best
        if composed.quality < PIECED:
            return Draft(f"{MARK_OPEN}{en}{MARK_CLOSE}", 0, kept=(en,))
        return composed._replace(quality=round(composed.quality * PIECED_AT_MOST / MOST))


def terms_of(translated, settled: Iterable = ()) -> dict[str, str]:
    """English names and their Chinese in the translated edition: its glossary, and the titles of
    its keyword rules (702.19 Trample, 践踏); then the names the translators settled on in their
    term list (`settled`: its TermPairs) for terms no release has translated yet."""
    from ...rules.model import is_title_text
    from ...rules.termbase import chinese_forms
    terms = {}
    for pair in translated.glossary:
        if pair.en is not None and pair.zh is not None:
            terms.setdefault(pair.en.name, chinese_forms(pair.zh.name)[0])
    for rule in translated.rules():
        en, zh = rule.texts.get("en"), rule.texts.get("zh")
        if en is not None and zh is not None and is_title_text(en.text) and len(zh.text) <= 12 \
                and not zh.text.endswith("。"):
            terms[en.text] = zh.text.strip()
    for pair in settled:
        terms.setdefault(pair.en, pair.zh)
    return terms


def keyword_of(rule, rules: dict):
    """The keyword a rule is about (its parent's title, 702.27a's is Buyback) and whether the
    translation has no name for it yet."""
    from ...rules.model import is_title_text
    parent = rules.get(rule.number.parent) if rule.number.parent else rule
    if parent is None or "en" not in parent.texts or not is_title_text(parent.texts["en"].text):
        return None, False
    return parent.texts["en"].text, "zh" not in parent.texts


def translated_edition(edition, editions):
    """The edition whose translation `edition` carries (None where it carries none)."""
    dates = {carried.translates for carried in edition.carried.values()}
    return next((e for e in editions if e.date in dates and e is not edition), None)


def with_drafts(parts, drafts) -> tuple:
    """A rule's parts (each a tuple of Segments, or None) with each segment's draft (edition_drafts)."""
    if not drafts:
        return tuple(parts)
    return tuple(
        part if part is None or index >= len(drafts) or drafts[index] is None else tuple(
            segment if draft is None else segment._replace(draft=draft.text, draft_quality=draft.quality)
            for segment, draft in zip(part, drafts[index]))
        for index, part in enumerate(parts))


def edition_drafts(edition, translated, settled: Iterable = ()) -> dict:
    """Per rule of `edition` that translators must write (stale or untranslated) and with a draft
    for some sentence: its parts (text, examples), each a tuple with a Draft for each segment that
    has one (None for a carried one, or one with no draft), or None for a part carried whole.
    `settled`: the translators' term list's pairs."""
    from ...history.sentence_carry import TRANSLATED
    if edition.memory is None or translated is None:
        return {}
    written = _written(edition)
    drafter = _drafter(edition, translated, settled, written)

    def draft_of(s) -> Draft | None:
        if s.state == TRANSLATED:
            return None
        if s.zh is not None and s.was is not None:  # a changed sentence, from its older Chinese
            return negations_kept(offered(drafter.changed(s.was, s.zh, s.en), s.zh), s.en, s.was, s.zh)
        draft = offered(drafter.new(s.en))  # a new one, from its parallel (or phrase by phrase: no source)
        return negations_kept(draft, s.en, draft.source, drafter.memory.get(draft.source)) if draft else None
    drafts = {number: tuple(None if part is None else tuple(draft_of(s) for s in part) for part in parts)
              for number, parts in written.items()}
    # a rule none of whose sentences has a draft has none: its older Chinese is no draft (a
    # maintainer's review: 702.16f's, which lacked the English's edit, was offered as one)
    return {number: parts for number, parts in drafts.items() if any(d for part in parts if part for d in part)}


def _written(edition) -> dict:
    """The parts of each rule translators must write: a stale rule's carried ones, a new rule's."""
    written = {}
    for rule in edition.rules():
        carried = edition.carried.get(rule.number)
        parts = carried.parts if carried is not None and carried.stale else edition.suggested.get(rule.number)
        if parts:
            written[rule.number] = parts
    return written


def _drafter(edition, translated, settled, written: dict) -> Drafter:
    """The drafter of the edition's memory: the translated edition's names and those the
    translators settled on in their term list; a keyword of a rule to write that the release has
    not named is unnamed (in brackets where the term list has no name for it either)."""
    rules = {rule.number: rule for rule in edition.rules()}
    terms = terms_of(translated, settled)
    unnamed = {keyword for number in written for keyword, no_name in [keyword_of(rules[number], rules)] if no_name}
    inputs = (tuple(sorted(edition.memory.sentences.items())), tuple(sorted(terms.items())), tuple(sorted(unnamed)))
    kept = kept_for("drafter", inputs)  # `mkdocs serve`: after an edit, only the sentences it touched are drafted
    return kept.get("drafter") or kept.setdefault("drafter", Drafter(edition.memory.sentences, terms, unnamed))


def negations_kept(draft: Draft | None, en: str, was: str | None = None, older: str | None = None) -> Draft | None:
    """The draft, unless it says fewer negations than its English (not, no, unless: polarity.py)
    where the Chinese it was made from did not (a changed sentence's older Chinese, a new one's
    parallel; a sentence translated phrase by phrase has none): such a draft says the opposite
    (“Stickers … are not retained” drafted 会保留, “has no additional rules meaning” without its 没有,
    26 of the held-out pair's 662 drafts). Not offered."""
    if draft is None or not shortfalls([(en, draft.text)]):
        return draft
    return draft if was is not None and older is not None and shortfalls([(was, older)]) else None


def offered(draft: Draft, older: str | None = None) -> Draft | None:
    """The draft where it gives translators more than they have: a changed sentence's where it
    carried an edit over in its place (else it is the older Chinese, which the work list offers as
    a fuzzy match, with English at its end), a new sentence's where it covers some of the English
    (else it is the English, which the work list shows anyway). One with an edit translated phrase
    by phrase is offered at the quality of a sentence so translated at most: its words are in an
    order no translator chose, and a tool that lists by quality must not put it above the older
    Chinese (a translator's review: 702.124g's garbled “or combination of partner abilities” had 93)."""
    if draft.pieced:
        draft = draft._replace(quality=min(draft.quality, PIECED_AT_MOST))
    if older is not None:
        return draft if draft.placed and draft.text != older else None
    return draft if draft.quality > 0 else None


def drafts_tmx(pairs: list[tuple[str, str, int]]) -> bytes:
    """The drafts as a TMX 1.4b memory (English, draft, quality as the property x-draft-quality),
    each pair once, in the order given: for a CAT tool that takes suggestions from a memory (the
    OmegaT project keeps it where OmegaT offers its matches with a penalty, never filling a segment
    from them)."""
    from lxml import etree
    from translate.storage import tmx
    store = tmx.tmxfile(sourcelanguage="en", targetlanguage="zh-Hans")
    store.addheader()
    for en, zh, quality in dict.fromkeys(pairs):
        store.addtranslation(en, "en", zh, "zh-Hans")
        prop = etree.Element("prop", type="x-draft-quality")
        prop.text = str(quality)
        store.units[-1].xmlelement.insert(0, prop)
    header = store.document.getroot().find("header")
    header.attrib.pop("creationdate", None)
    header.set("creationtool", "cr-generator")
    header.set("creationtoolversion", "1")
    return bytes(store)


def draft_pairs(parts_by_rule) -> list[tuple[str, str, int]]:
    """(English, draft, quality) of every segment with a draft, rule by rule (parts with_drafts)."""
    return [(s.en, s.draft, s.draft_quality or 0) for parts in parts_by_rule for part in parts if part
            for s in part if s.draft]


def rule_draft(parts) -> str:
    """A rule's text as drafted (parts with_drafts), where some sentence of it has a draft: else
    none, its carried Chinese being no draft."""
    text = parts[0] if parts else None
    return drafted(text) if text and any(s.draft for s in text) else ""


def drafted(part) -> str:
    """A part's Chinese as drafted: each segment's draft, else its carried Chinese."""
    return "".join(s.draft or (s.zh if s.draft is None and s.state != "new" else "") or "" for s in part or ())
