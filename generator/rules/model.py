"""The bilingual model of the Comprehensive Rules, and what one parsed source contributes to it.

Languages are "en" and "zh"; the script of a Chinese text ("Hans" or "Hant") belongs to its
source. Every element keeps its provenance: the file and line (and character offset for sources
flattened onto one line) it was read from.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from .numbers import RuleNumber

LANGUAGES = ("en", "zh")


class Provenance(NamedTuple):
    """Where a piece of text came from: file, line (0: the file as a whole), character. A NamedTuple,
    not a dataclass: a build of many editions unpickles some 300,000 of them from its cache, in
    half the time."""

    path: str
    line: int
    offset: int | None = None

    def __str__(self) -> str:
        if not self.line:  # the file as a whole
            return self.path
        return f"{self.path}:{self.line}" + (f" (character {self.offset + 1})" if self.offset is not None else "")


@dataclass
class Passage:
    """A piece of text and where it came from: titles, examples, introduction and credits paragraphs."""

    text: str
    source: Provenance


@dataclass
class RuleText:
    """One language's wording of a rule."""

    text: str
    source: Provenance
    examples: list[Passage] = field(default_factory=list)
    incomplete: bool = False  # the source breaks off inside this rule


@dataclass
class Rule:
    number: RuleNumber
    texts: dict[str, RuleText] = field(default_factory=dict)


@dataclass
class Section:
    number: int
    titles: dict[str, Passage] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)


@dataclass
class Chapter:
    number: int
    titles: dict[str, Passage] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)


# a glossary definition's numbered sense: "1. A zone. ...", "2. To put an object into the exile zone ..."
NUMBERED_SENSE = re.compile(r"^\d+\.\s*")

@dataclass
class GlossaryEntry:
    term: str  # as printed, with any "(Obsolete)" mark
    name: str  # without the obsolete mark
    definition: list[str]  # paragraphs; numbered senses are the paragraphs "1. ...", "2. ..."
    source: Provenance
    obsolete: bool = False
    redirect: str | None = None  # "See Typecycling." -> "Typecycling"
    cited: tuple[str, ...] = ()  # rule numbers the definition cites, in order

    @property
    def senses(self) -> list[str]:
        return [p for p in self.definition if p[:1].isdigit() and p[1:3] == ". "]


@dataclass
class GlossaryPair:
    """An English glossary entry and its Chinese partner; either may be missing."""

    en: GlossaryEntry | None
    zh: GlossaryEntry | None
    verified: bool
    evidence: str


@dataclass
class TermPair:
    """A bilingual term read from a note or a title, for the termbase."""

    zh: str
    en: str
    definition: str
    source: Provenance


# How the glossary marks an obsolete term, per language: "Bury (Obsolete)", "埋葬（已废止）"
OBSOLETE_MARK = {"en": re.compile(r"\s*\(Obsolete\)$"), "zh": re.compile(r"\s*[（(]已废止[)）]$")}


def without_obsolete_mark(name: str) -> str:
    for mark in OBSOLETE_MARK.values():
        name = mark.sub("", name)
    return name


def is_title_text(text: str) -> bool:
    """A rule whose whole text is a name, as a keyword rule's is ("702.19. Trample", "702.171.
    More Than Meets the Eye"): a few words, capitalised, no sentence or colon at the end."""
    return (len(text.split()) <= 5 and text[:1].isupper()
            and not text.endswith((".", "。", ":", "：")))


def title_names(rule: "Rule") -> tuple[str, str | None] | None:
    """A rule whose text is a name (a keyword's, 702.19 Trample): its English name and its Chinese
    one (None where it has none); None for a rule that states something. A Chinese title is known
    by its English."""
    en, zh = rule.texts.get("en"), rule.texts.get("zh")
    if en is None or not is_title_text(en.text):
        return None
    return en.text, zh.text if zh is not None else None


@dataclass(frozen=True)
class Fetched:
    """Where and when `generator fetch` got a source: its address, the day (UTC) and the SHA-256 of its bytes."""

    url: str
    date: str
    sha256: str


@dataclass
class SourceSpec:
    """One source as the manifest (or the command line) names it."""

    path: str  # as shown in reports
    file: Path
    format: str | None = None
    languages: tuple[str, ...] = ()
    script: str | None = None  # Hans or Hant, for Chinese
    edition: str | None = None  # ISO 8601 date, reduced precision allowed ("2012")
    role: str = "rules"  # rules | primer | history
    title: str | None = None
    encoding: str | None = None
    bad_bytes: str = "error"  # or "replace": invalid UTF-8 bytes become U+FFFD, reported per line
    fetched: Fetched | None = None  # set by `generator fetch`


@dataclass
class Issue:
    level: str  # error | warning
    message: str
    source: Provenance | None = None

    def __str__(self) -> str:
        return f"{self.source}: {self.level}: {self.message}" if self.source else f"{self.level}: {self.message}"

    def as_json(self) -> dict:
        where = {"line": self.source.line or None, "offset": self.source.offset} if self.source else {}
        return {"message": self.message, **where}


@dataclass
class ParsedSource:
    """Everything one source contributes, in source order, before editions are assembled.
    `spec` is what the manifest declared, completed by the loader with what was detected."""

    spec: SourceSpec
    detected_edition: str | None = None  # the effective date the text itself gives
    content_key: bytes | None = None  # a hash of the file's bytes and its manifest entry (loader.load)
    chapter_titles: dict[int, dict[str, Passage]] = field(default_factory=dict)
    section_titles: dict[int, dict[str, Passage]] = field(default_factory=dict)
    contents: dict[int, dict[str, Passage]] = field(default_factory=dict)  # table of contents, keyed like titles
    rules: dict[RuleNumber, dict[str, RuleText]] = field(default_factory=dict)
    glossary: dict[str, list[GlossaryEntry]] = field(default_factory=dict)
    introduction: dict[str, list[Passage]] = field(default_factory=dict)
    credits: dict[str, list[Passage]] = field(default_factory=dict)
    page: str | None = None  # a note kept whole as a page of the site
    terms: list[TermPair] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)

    def warn(self, message: str, source: Provenance | None = None) -> None:
        self.issues.append(Issue("warning", message, source or Provenance(self.spec.path, 0)))

    def error(self, message: str, source: Provenance | None = None) -> None:
        self.issues.append(Issue("error", message, source or Provenance(self.spec.path, 0)))

    def add_title(self, number: int, lang: str, text: str, source: Provenance) -> None:
        """Chapter (1 digit) or section (3 digits) title; a differing repeat is reported."""
        table = self.chapter_titles if number < 10 else self.section_titles
        known = table.setdefault(number, {}).get(lang)
        if known is None:
            table[number][lang] = Passage(text, source)
        elif known.text != text:
            self.warn(f"title of {number} given twice in {lang}: {known.text!r} and {text!r}; kept the first", source)

    def add_rule(self, number: RuleNumber, lang: str, text: RuleText) -> bool:
        """Add a rule's text; a number the text gives twice is kept twice (the official texts
        really do this), the second as a copy with its own anchor, and reported."""
        first = self.rules.get(number, {}).get(lang)
        while lang in self.rules.get(number, {}):
            number = number._replace(copy=number.copy + 1)
        if first is not None:
            self.warn(f"rule {number} appears twice in {lang} (first at line {first.source.line}); both kept, "
                      f"the second with the anchor cr{number.slug}", text.source)
        self.rules.setdefault(number, {})[lang] = text
        return True


@dataclass
class Edition:
    """One edition of the CR (an effective date), with every language its sources give."""

    date: str
    chapters: list[Chapter]
    glossary: list[GlossaryPair]
    introduction: dict[str, list[Passage]]
    credits: dict[str, list[Passage]]
    sources: list[SourceSpec]
    carried: dict = field(default_factory=dict)  # rule number -> carry.Carried: Chinese from an older edition
    carried_terms: dict = field(default_factory=dict)  # English glossary term -> carry.Carried
    # rule number -> its parts as sentence_carry.Segments, for a rule with no Chinese: the memory's suggestions
    suggested: dict = field(default_factory=dict)
    # the translation memory of the carried translation (sentence_carry.Memory), for drafts
    memory: object = field(default=None, compare=False, repr=False)
    fingerprint: bytes | None = field(default=None, compare=False, repr=False)  # history/corpus.edition_fingerprint

    def rules(self):
        for chapter in self.chapters:
            for section in chapter.sections:
                yield from section.rules

    @property
    def languages(self) -> tuple[str, ...]:
        own = {spec_lang for spec in self.sources for spec_lang in spec.languages}
        return tuple(sorted(own | ({"zh"} if self.carried else set())))
