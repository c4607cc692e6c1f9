"""Load every source of a build (the manifest's and any extra ones) and assemble the editions."""
from __future__ import annotations

import calendar
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..cache import cached
from ..errors import SourceError
from ..gcpause import paused_gc
from ..rules.keywords import match_keywords
from ..rules.model import Edition, Issue
from ..rules.numbers import RuleNumber
from ..rules.references import cited_rules
from ..rules.termbase import Termbase
from ..sources.editions import assemble
from ..sources.loader import LoadedSource, load
from ..sources.manifest import read_manifest, specs_from_path
from .carry import carry_translation
from .lineage import Lineage, trace_lineage

DEFAULT_MANIFEST = Path(__file__).resolve().parents[2] / "docs_src" / "sources.yml"


@dataclass
class Corpus:
    loaded: list[LoadedSource] = field(default_factory=list)
    failures: list[SourceError] = field(default_factory=list)  # sources that could not be read at all
    editions: list[Edition] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)  # found while assembling editions and terms
    termbase: Termbase = field(default_factory=Termbase)
    # older edition -> [(its rule number, the current number)] of each keyword rule both define alike
    keywords: dict[str, list[tuple[RuleNumber, RuleNumber]]] = field(default_factory=dict)
    # (older date, newer date) -> the lineage of the rules, for consecutive editions in one language
    lineages: dict[tuple[str, str], Lineage] = field(default_factory=dict)

    @property
    def error_count(self) -> int:
        return len(self.failures) + sum(len(s.report.errors) for s in self.loaded) + \
            sum(1 for i in self.issues if i.level == "error")

    @property
    def warnings(self) -> list[str]:
        """Every warning of the sources and of their assembly, each naming its file and line: what a
        build goes on with, but a maintainer must see (a line read into the rule above it, a rule
        number missing, a translation that cannot be carried)."""
        warnings = [i for i in self.issues if i.level == "warning"]
        # the newest edition's sources first: a new official file's warnings are not behind a
        # demo excerpt's (a maintainer's review found 702.17c given twice only with `check`)
        newest_first = sorted(self.loaded, key=lambda s: s.parsed.spec.edition or "", reverse=True)
        return [str(i) for i in warnings if i.source is None] + \
            [str(w) for s in newest_first for w in s.report.warnings] + \
            [str(i) for i in warnings if i.source is not None]  # first what concerns the whole build

    @property
    def shown(self) -> list[Edition]:
        """The editions that get pages (the others serve lineage and histories), newest first."""
        return [e for e in self.editions if any(s.role == "rules" for s in e.sources)]

    @property
    def primers(self):
        return [s.parsed for s in self.loaded if s.parsed.spec.role == "primer"]

    @property
    def term_lists(self):
        """The translators' own term lists (parsers/term_list.py): term pairs for the termbase."""
        return [s.parsed for s in self.loaded if s.parsed.spec.role == "terms"]


def warnings_told(corpus: Corpus, limit: int = 5) -> list[str]:
    """A build's word on the sources' warnings: how many, the first few, and where the rest are."""
    found = corpus.warnings
    if not found:
        return []
    return [f"{len(found)} warnings in the sources (`python -m generator check --all` lists them all):"] + \
        [f"  {line}" for line in found[:limit]] + ([f"  ... {len(found) - limit} more"] if len(found) > limit else [])


@paused_gc
def load_corpus(manifest: Path | None = DEFAULT_MANIFEST, extra: list[str] = (), history: list[str] = ()) -> Corpus:
    """Every source of the manifest and the extra ones (paths, folders or globs); `history` ones
    are editions for lineage and rule histories, without pages of their own."""
    corpus = Corpus()
    specs = []
    try:
        if manifest is not None:
            specs = read_manifest(manifest)
        specs += [spec for path in extra for spec in specs_from_path(path)]
        specs += [spec for path in history for spec in specs_from_path(path, "history")]
    except SourceError as exc:
        corpus.failures.append(exc)
    for spec in specs:
        try:
            corpus.loaded.append(load(spec))
        except SourceError as exc:
            corpus.failures.append(exc)
    return assemble_corpus(corpus)


def assemble_corpus(corpus: Corpus) -> Corpus:
    """The editions, the termbase and the keyword links of the loaded sources, and their issues."""
    corpus.editions, corpus.issues = assemble([s.parsed for s in corpus.loaded])
    corpus.lineages = lineages_of(corpus.editions)
    if corpus.shown:
        corpus.editions, issues = carry_translation(corpus.editions, corpus.lineages, corpus.shown[0])
        corpus.issues += issues
    corpus.issues += [issue for e in corpus.editions for lang in ("en", "zh") if complete(e, lang)
                      for issue in unknown_citations(e, lang)]
    shown = corpus.shown
    corpus.termbase = Termbase.build(shown, corpus.primers + corpus.term_lists)
    corpus.issues += corpus.termbase.issues
    for older in shown[1:]:
        corpus.keywords[older.date], issues = match_keywords(older, shown[0])
        corpus.issues += issues
    return corpus


def lineages_of(editions: list[Edition]) -> dict[tuple[str, str], Lineage]:
    """The lineage between each pair of consecutive complete editions (official texts, oldest
    first) in a language: an excerpt would make every rule it lacks look added or removed."""
    lineages = {}
    for lang in ("en", "zh"):
        having = sorted((e for e in editions if complete(e, lang)), key=lambda e: e.date)
        for old, new in zip(having, having[1:]):
            if (old.date, new.date) not in lineages:
                key = b"\0".join((edition_fingerprint(old), edition_fingerprint(new), lang.encode()))
                lineages[(old.date, new.date)] = cached("lineage", key, lambda: trace_lineage(old, new, lang))
    return lineages


def unknown_citations(edition: Edition, lang: str) -> list[Issue]:
    """Each citation of a rule or section a whole edition does not have, where the text cites it: a
    slip of the text itself (602.1i in 401.6 of 2009-07-11, 903.11a in 702.123d of 2016-11 to 2017-09;
    17 in the corpus's 90 English texts), which the page can only show as plain text."""
    have = {r.number for r in edition.rules()} | {RuleNumber(s.number, 0, "") for c in edition.chapters
                                                   for s in c.sections}
    issues = []
    for rule in edition.rules():
        text = rule.texts.get(lang)
        for passage in [text, *text.examples] if text else []:
            for cited in dict.fromkeys(cited_rules(passage.text)):
                if cited not in have:
                    issues.append(Issue("warning", f"rule {rule.number} cites {cited}, which the {edition.date} "
                                        "edition does not have", passage.source))
    return issues


def complete(edition: Edition, lang: str) -> bool:
    """The edition has the whole official text in this language (not an excerpt or a post)."""
    return any(s.format == "official" and lang in s.languages for s in edition.sources)


def edition_fingerprint(edition: Edition) -> bytes:
    """A hash of what lineages and histories depend on: every rule's texts and the glossary
    (kept on the edition: it is asked for several times)."""
    if edition.fingerprint is None:
        parts = []
        for rule in edition.rules():
            number = rule.number
            parts.append(f"{number.section}.{number.rule}{number.sub}/{number.copy}")
            for lang, text in rule.texts.items():
                parts.append(lang)
                parts.append(text.text)
                parts.extend(e.text for e in text.examples)
        for pair in edition.glossary:
            for entry in (pair.en, pair.zh):
                if entry is not None:
                    parts.append(f"{entry.term}|{entry.obsolete}")
                    parts.extend(entry.definition)
        edition.fingerprint = hashlib.sha256("\n".join(parts).encode()).digest()
    return edition.fingerprint


def source_date_epoch(date: str | None) -> int:
    """The build's date for reproducible output: midnight UTC of the newest edition's effective
    date (a year alone counts as its first of January), or 1980-01-01 when there is none."""
    date = date or "1980"
    year, month, day = ([int(part) for part in date.split("-")] + [1, 1])[:3]
    return calendar.timegm((year, month, day, 0, 0, 0))
