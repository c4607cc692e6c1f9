"""Load every source of a build (the manifest's and any extra ones) and assemble the editions."""
from __future__ import annotations

import calendar
from dataclasses import dataclass, field
from pathlib import Path

from .editions import assemble
from .errors import SourceError
from .gcpause import paused_gc
from .loader import LoadedSource, load
from .manifest import read_manifest, spec_from_path
from .model import Edition, Issue

DEFAULT_MANIFEST = Path(__file__).resolve().parent.parent / "docs_src" / "sources.yml"


@dataclass
class Corpus:
    loaded: list[LoadedSource] = field(default_factory=list)
    failures: list[SourceError] = field(default_factory=list)  # sources that could not be read at all
    editions: list[Edition] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)  # found while assembling editions

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
    corpus.editions, corpus.issues = assemble([s.parsed for s in corpus.loaded])
    return corpus


def source_date_epoch(editions: list[Edition]) -> int:
    """The build's date for reproducible output: midnight UTC of the newest edition's effective
    date (a year alone counts as its first of January), or 1980-01-01 when there is none."""
    date = editions[0].date if editions else "1980"
    year, month, day = ([int(part) for part in date.split("-")] + [1, 1])[:3]
    return calendar.timegm((year, month, day, 0, 0, 0))
