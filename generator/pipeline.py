"""Load every source of a build (the manifest's and any extra ones) and assemble the editions."""
from __future__ import annotations

import calendar
from dataclasses import dataclass, field
from pathlib import Path

from .editions import assemble
from .carry import carry_translation
from .keywords import match_keywords
from .lineage import Lineage, trace_lineage
from .errors import SourceError
from .gcpause import paused_gc
from .loader import LoadedSource, load
from .manifest import read_manifest, spec_from_path
from .model import Edition, Issue
from .numbers import RuleNumber
from .termbase import Termbase

DEFAULT_MANIFEST = Path(__file__).resolve().parent.parent / "docs_src" / "sources.yml"


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
    def primers(self):
        return [s.parsed for s in self.loaded if s.parsed.spec.role == "primer"]


@paused_gc
def load_corpus(manifest: Path | None = DEFAULT_MANIFEST, extra: list[str] = ()) -> Corpus:
    corpus = Corpus()
    specs = []
    if manifest is not None:
        try:
            specs = read_manifest(manifest)
        except SourceError as exc:
            corpus.failures.append(exc)
    specs += [spec_from_path(path) for path in extra]
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
    corpus.editions, issues = carry_translation(corpus.editions, corpus.lineages)
    corpus.issues += issues
    corpus.termbase = Termbase.build(corpus.editions, corpus.primers)
    corpus.issues += corpus.termbase.issues
    for older in corpus.editions[1:]:
        corpus.keywords[older.date], issues = match_keywords(older, corpus.editions[0])
        corpus.issues += issues
    return corpus


def lineages_of(editions: list[Edition]) -> dict[tuple[str, str], Lineage]:
    """The lineage between each pair of consecutive editions (oldest first) that share a language."""
    lineages = {}
    for lang in ("en", "zh"):
        having = sorted((e for e in editions if lang in {l for s in e.sources for l in s.languages}), key=lambda e: e.date)
        for old, new in zip(having, having[1:]):
            if (old.date, new.date) not in lineages:
                lineages[(old.date, new.date)] = trace_lineage(old, new, lang)
    return lineages


def source_date_epoch(date: str | None) -> int:
    """The build's date for reproducible output: midnight UTC of the newest edition's effective
    date (a year alone counts as its first of January), or 1980-01-01 when there is none."""
    date = date or "1980"
    year, month, day = ([int(part) for part in date.split("-")] + [1, 1])[:3]
    return calendar.timegm((year, month, day, 0, 0, 0))
