"""The Chinese translation carried forward to the newest English edition, rule by rule, through the
lineage of the English texts.

The translation trails the official text by a release or more. For each rule of the newest
edition, its ancestor in the newest edition that has both the English and the Chinese (the
translation's own English says what it translated) is found through the chain of lineages:
  - English unchanged since, or changed only in the numbers it cites: the translation is current;
    the numbers it cites are rewritten to where those rules went;
  - English edited since (its text or its examples): the translation is carried sentence by sentence
    (sentence_carry.py): the Chinese of each unchanged English sentence is current, that of a
    changed one stale, a new sentence has none; a rule is stale while any part is, and keeps the
    English it translated (for a word diff);
  - a rule added since: no translation (untranslated).
Numbers alone never pair: a rule with no ancestor gets nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules.model import Chapter, Edition, GlossaryPair, Issue, Passage, Rule, RuleText, Section
from ..rules.numbers import RuleNumber
from .lineage import Lineage
from .sentence_carry import TRANSLATED, Memory, carry_part, chinese_of, untranslated_part


@dataclass(frozen=True)
class Carried:
    translates: str  # the edition whose English the Chinese was made for
    number: RuleNumber | None  # the rule's number in that edition (None for a glossary term)
    stale: bool  # the English changed since (beyond cited numbers)
    english: str  # the English the Chinese translates (its text, then its examples; a term's paragraphs)
    # an edited rule's text and examples in today's English, each as sentence_carry.Segments, or None
    # where a part's sentences could not be told apart (then carried whole)
    parts: tuple | None = None


FETCH_IT = "python -m generator fetch --rules-page <the address of its .txt>"  # an edition's English, by hand

def carry_translation(editions: list[Edition], lineages: dict[tuple[str, str], Lineage],
                      current: Edition) -> tuple[list[Edition], list[Issue]]:
    """The editions, newest first, `current` given the Chinese of the newest translated edition
    before it."""
    if "zh" in current.languages or "en" not in current.languages:
        return editions, []
    translated = next((e for e in editions if e.date < current.date and "zh" in e.languages), None)
    if translated is None:
        return editions, []
    if "en" not in translated.languages:
        return editions, [Issue("warning", f"the translation of {translated.date} has no English of its edition in "
                                "this build, which alone tells which rules changed since: its Chinese is not "
                                f"carried to {current.date} (add the English {translated.date} to carry it: {FETCH_IT})")]
    chain = [e for e in editions if translated.date <= e.date <= current.date and "en" in e.languages][::-1]
    steps = [lineages.get((a.date, b.date)) for a, b in zip(chain, chain[1:])]
    if None in steps:  # an excerpt between them: no lineage through it
        return editions, [Issue("warning", f"the editions from {translated.date} to {current.date} are not all "
                                "complete official texts: the translation is not carried (add the official "
                                f"English of {translated.date} to carry it: {FETCH_IT})")]
    old_rules = {rule.number: rule for rule in translated.rules()}
    carried: dict[RuleNumber, Carried] = {}

    def forward(text: str) -> str:
        return _forward(text, steps)
    memory = Memory(_bilingual_parts(old_rules.values()), forward)
    suggested: dict[RuleNumber, tuple] = {}

    def carry(rule: Rule) -> Rule:
        number, stale = rule.number, False
        for step in reversed(steps):
            link = step.of_new(number)
            if link is None or link.old is None:
                return untranslated(rule)
            stale = stale or link.text_changed or link.examples_changed
            number = link.old
        ancestor = old_rules.get(number)
        if ancestor is None or "zh" not in ancestor.texts:
            return untranslated(rule)
        zh, en = ancestor.texts["zh"], ancestor.texts.get("en")
        english = "\n".join([en.text] + [e.text for e in en.examples]) if en else ""
        parts = _by_sentence(en, zh, rule.texts.get("en"), forward, memory) if stale else None
        if parts is not None:
            stale = any(part is None or any(s.state != TRANSLATED for s in part) for part in parts) \
                or len(zh.examples) > len(parts) - 1
        carried[rule.number] = Carried(translated.date, number, stale, english, parts if stale else None)

        def chinese(index: int, text: str) -> str:
            part = parts[index] if parts and index < len(parts) else None
            return (chinese_of(part) if part else "") or forward(text)
        moved = RuleText(chinese(0, zh.text), zh.source,
                         [Passage(chinese(i + 1, e.text), e.source) for i, e in enumerate(zh.examples)], zh.incomplete)
        return Rule(rule.number, {**rule.texts, "zh": moved})

    def untranslated(rule: Rule) -> Rule:
        """A rule with no Chinese: what the memory suggests for its sentences (for translators)."""
        if "en" in rule.texts and "zh" not in rule.texts:
            en = rule.texts["en"]
            suggested[rule.number] = tuple(untranslated_part(t, memory) for t in [en.text, *(e.text for e in en.examples)])
        return rule

    # a title's Chinese is that of the same English title, wherever it stood (a section moves when
    # one is inserted before it: 719 "Case Cards" in 2024 made 719 "Copiable Values" 720)
    old_titles = {t["en"].text: t["zh"] for t in [c.titles for c in translated.chapters]
                  + [s.titles for c in translated.chapters for s in c.sections] if "en" in t and "zh" in t}
    chapters = [Chapter(c.number, _titles(c.titles, old_titles),
                        [Section(s.number, _titles(s.titles, old_titles), [carry(r) for r in s.rules])
                         for s in c.sections])
                for c in current.chapters]
    glossary, carried_terms = _carry_glossary(current, translated, steps)
    newest = replace(current, chapters=chapters, glossary=glossary, carried=carried, carried_terms=carried_terms,
                     suggested=suggested, memory=memory, fingerprint=None)
    return [newest if e is current else e for e in editions], []


def _bilingual_parts(rules):
    """(English, Chinese) of each text and example of the rules that have both."""
    for rule in rules:
        en, zh = rule.texts.get("en"), rule.texts.get("zh")
        if en is not None and zh is not None:
            yield en.text, zh.text
            yield from ((e.text, z.text) for e, z in zip(en.examples, zh.examples))


def _by_sentence(en: RuleText | None, zh: RuleText, now: RuleText | None, forward, memory: Memory) -> tuple | None:
    """An edited rule's parts (today's text, then each of today's examples) carried sentence by
    sentence; a part with no older counterpart in both languages is new, sentence by sentence."""
    if en is None or now is None:
        return None
    older = [(en.text, zh.text), *((e.text, z.text) for e, z in zip(en.examples, zh.examples))]
    today = [now.text, *(e.text for e in now.examples)]
    return tuple(carry_part(*older[i], text, forward, memory) if i < len(older) else untranslated_part(text, memory)
                 for i, text in enumerate(today))


def _carry_glossary(current: Edition, translated: Edition, steps: list[Lineage]):
    """The glossary with the Chinese of each English term's ancestor (followed by name through
    the lineages: a term made obsolete or renamed is the same term), the rule numbers it cites
    rewritten to where those rules went (Day: "rule 726" became "rule 727" when a section was
    inserted); stale where its English changed otherwise, or its name did."""
    old_pairs = {pair.en.term: pair for pair in translated.glossary if pair.en and pair.zh}
    pairs, carried = [], {}
    for pair in current.glossary:
        if pair.zh is not None or pair.en is None:
            pairs.append(pair)
            continue
        name = pair.en.term
        for step in reversed(steps):
            link = next((t for t in step.glossary if t.new == name), None)
            if link is None or link.old is None:
                name = None
                break
            name = link.old
        old = old_pairs.get(name) if name else None
        if old is None:
            pairs.append(pair)
            continue
        english = [_forward(paragraph, steps) for paragraph in old.en.definition]
        stale = english != pair.en.definition or old.en.term != pair.en.term
        carried[pair.en.term] = Carried(translated.date, None, stale, "\n".join(english))
        chinese = replace(old.zh, definition=[_forward(paragraph, steps) for paragraph in old.zh.definition])
        pairs.append(GlossaryPair(pair.en, chinese, old.verified, f"carried from {translated.date}: {old.evidence}"))
    return pairs, carried


def _forward(text: str, steps: list[Lineage]) -> str:
    for step in steps:
        text = step.rewrite(text)
    return text


def _titles(titles: dict, chinese: dict) -> dict:
    """A chapter's or section's titles, with the Chinese of the same English title before."""
    if "zh" in titles or "en" not in titles or titles["en"].text not in chinese:
        return titles
    return {**titles, "zh": chinese[titles["en"].text]}
