"""How current the Chinese of an edition is: counts per chapter, rules without a translation,
stale translations, the chapter and section titles without a translation, and the glossary
entries whose English is new or changed since the Chinese.

A translation is stale when the source it comes from translated other English than the English
shown beside it: a bilingual source whose own English for the rule differs from the edition's
(the official text won), or a source of an older edition than the English.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.model import Edition, ParsedSource
from ..rules.numbers import RuleNumber


@dataclass(frozen=True)
class Stale:
    number: RuleNumber
    translates: str  # the edition the Chinese was made for
    reason: str
    english: str | None = None  # the English the Chinese translates, where known (for a word diff)


@dataclass
class ChapterStatus:
    number: int
    rules: int = 0
    translated: int = 0
    examples: int = 0
    examples_translated: int = 0
    missing: list[RuleNumber] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.translated / self.rules if self.rules else 0.0


@dataclass(frozen=True)
class TermWork:
    """A glossary entry to translate: its English is new (`translates` None) or changed since the
    edition its carried Chinese was made for."""
    term: str  # the English term as printed, with any "(Obsolete)" mark
    name: str  # without the mark
    definition: tuple[str, ...]  # the English paragraphs now
    translates: str | None = None
    english_then: tuple[str, ...] = ()  # the English paragraphs the carried Chinese translates
    zh_name: str | None = None  # the carried Chinese, where there is one
    zh_definition: tuple[str, ...] = ()


@dataclass
class EditionStatus:
    edition: str
    chapters: list[ChapterStatus]
    stale: list[Stale]
    glossary: list[TermWork] = field(default_factory=list)
    titles: list[tuple[int, str]] = field(default_factory=list)  # chapter or section number, English title

    @property
    def rules(self) -> int:
        return sum(c.rules for c in self.chapters)

    @property
    def translated(self) -> int:
        return sum(c.translated for c in self.chapters)

    @property
    def share(self) -> float:
        return self.translated / self.rules if self.rules else 0.0


def edition_status(edition: Edition, parsed_sources: list[ParsedSource]) -> EditionStatus:
    by_path = {p.spec.path: p for p in parsed_sources}
    chapters, stale = [], []
    for chapter in edition.chapters:
        status = ChapterStatus(chapter.number)
        for section in chapter.sections:
            for rule in section.rules:
                status.rules += 1
                zh, en = rule.texts.get("zh"), rule.texts.get("en")
                status.examples += max((len(t.examples) for t in rule.texts.values()), default=0)
                if zh is None:
                    status.missing.append(rule.number)
                    continue
                status.translated += 1
                status.examples_translated += len(zh.examples)
                carried = edition.carried.get(rule.number)
                if carried is not None:
                    since = carried.translates
                    finding = Stale(rule.number, since, f"英文自 {since} 后已改 the English changed since {since}",
                                    carried.english) if carried.stale else None
                else:
                    finding = _stale(rule.number, zh, en, by_path.get(zh.source.path), edition)
                if finding:
                    stale.append(finding)
        chapters.append(status)
    titles = [(part.number, part.titles["en"].text) for c in edition.chapters for part in (c, *c.sections)
              if "en" in part.titles and "zh" not in part.titles]
    return EditionStatus(edition.date, chapters, stale, _glossary_work(edition), titles)


def _glossary_work(edition: Edition) -> list[TermWork]:
    """The glossary entries with no Chinese, and those whose carried Chinese translates older English."""
    work = []
    for pair in edition.glossary:
        en, zh = pair.en, pair.zh
        if en is None:
            continue
        carried = edition.carried_terms.get(en.term)
        if zh is None:
            work.append(TermWork(en.term, en.name, tuple(en.definition)))
        elif carried is not None and carried.stale:
            work.append(TermWork(en.term, en.name, tuple(en.definition), carried.translates,
                                 tuple(carried.english.split("\n")), zh.name, tuple(zh.definition)))
    return work


def _stale(number, zh, en, source: ParsedSource | None, edition: Edition) -> Stale | None:
    if source is None or en is None:
        return None
    made_for = source.spec.edition or edition.date
    if made_for < edition.date:
        return Stale(number, made_for, f"译自 {made_for} 版 translated from the {made_for} edition")
    own = source.rules.get(number, {}).get("en")
    if own is not None and own.text != en.text:
        return Stale(number, made_for, f"{source.spec.path} 所译英文不同 translates other English: {own.text[:80]!r}", own.text)
    return None
