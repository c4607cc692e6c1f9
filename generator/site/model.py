"""What every page is made from: the corpus, the addresses, and the facts several pages share
(the term marker, which rules exist, which terms a rule defines, translation status). Built once
per build; the page builders (generator/pages) read it and never change it."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

from ..cache import cached
from ..gcpause import paused_gc
from ..history.corpus import Corpus, edition_fingerprint
from ..history.lineage import Lineage, shared_language, trace_lineage
from ..history.rule_histories import english_chain, renumbering
from ..history.translation_status import EditionStatus, edition_status
from ..rules.model import Edition
from ..rules.numbers import RuleNumber
from ..rules.references import Ref
from ..rules.term_marker import TermMarker
from .addresses import Addresses
from .render import Resolver


@dataclass
class SiteModel:
    corpus: Corpus
    addresses: Addresses
    # URL template for references to rules of the newest edition that are not in the build, with
    # {number} (702.19c), {slug} (702-19c) or {compact} (70219c); None leaves them as marked text
    missing_rule_url: str | None = None
    hand_written: dict[str, str] = field(default_factory=dict)  # docs_src/pages: file name -> Markdown
    synonyms: dict[str, str] = field(default_factory=dict)  # docs_src/synonyms.yml: typed form -> rules' words
    marker: TermMarker = field(init=False)
    status: dict[str, EditionStatus] = field(init=False)  # edition -> its translation status
    present: dict[str, set[RuleNumber]] = field(init=False)  # edition -> its rule and section numbers
    defined: dict[tuple[str, int, int], set[int]] = field(init=False)  # (edition, section, rule) -> terms

    @paused_gc
    def __post_init__(self):
        self.marker = TermMarker(self.termbase, [{lang: t.text.split("\n") for lang, t in rule.texts.items()}
                                                 for rule in (self.current.rules() if self.current else ())])
        parsed = [loaded.parsed for loaded in self.corpus.loaded]
        self.status = {e.date: edition_status(e, parsed) for e in self.editions}
        self.present = {e.date: {r.number for r in e.rules()} | {RuleNumber(s.number) for c in e.chapters
                                                                  for s in c.sections} for e in self.editions}
        self.defined = {}
        for term in self.termbase.terms.values():
            if term.rule is not None and term.edition is not None:
                self.defined.setdefault((term.edition.date, term.rule.section, term.rule.rule), set()).add(term.id)

    @classmethod
    def build(cls, corpus: Corpus, dir_urls: bool = True, missing_rule_url: str | None = None,
              hand_written: dict[str, str] | None = None, synonyms: dict[str, str] | None = None) -> "SiteModel":
        current = corpus.shown[0].date if corpus.shown else None
        return cls(corpus, Addresses(current, dir_urls), missing_rule_url, hand_written or {}, synonyms or {})

    @property
    def editions(self) -> list[Edition]:
        """The editions that get pages, newest first."""
        return self.corpus.shown

    @property
    def current(self) -> Edition | None:
        return self.editions[0] if self.editions else None

    @property
    def termbase(self):
        return self.corpus.termbase

    @cached_property
    def history(self) -> tuple[list[Edition], list]:
        """The editions with English up to the current one, oldest first, and the lineage into
        each: what rule histories and old numbers are followed through (empty with one edition)."""
        if self.current is None:
            return [], []
        chain, steps = english_chain(self.corpus.editions, self.corpus.lineages, self.current.date)
        return (chain, steps) if len(chain) > 1 and chain[-1].date == self.current.date else ([], [])

    @cached_property
    def renumbered(self) -> dict:
        """For each older edition of the history, where each of its numbers is today
        (rule_histories.renumbering: the go page's data, the search's folding, the older pages' lines)."""
        chain, steps = self.history
        return renumbering(chain, steps) if chain else {}

    @cached_property
    def previous(self) -> Edition | None:
        """The previous edition of the official text, which the changes page compares the current one
        with; None where there is none, and no changes page."""
        def official(edition) -> bool:
            return any(s.format == "official" for s in edition.sources)
        new = self.current
        if new is None or not official(new):
            return None
        earlier = [e for e in self.corpus.editions if e.date < new.date and official(e) and shared_language(e, new)]
        return max(earlier, key=lambda e: e.date) if earlier else None

    @cached_property
    def changes(self) -> Lineage | None:
        """The lineage of every rule from the previous edition to the current one: the changes page's
        lists, and the line under each rule they call new or changed."""
        old = self.previous
        return None if old is None else trace_lineage(old, self.current, shared_language(old, self.current))

    @cached_property
    def review(self) -> list:
        """The check of the current edition's translation (translation/check.Finding, most likely
        to need a fix first); empty where it has no Chinese."""
        from ..translation.check import History, check_translation
        if self.current is None or "zh" not in self.current.languages or "en" not in self.current.languages:
            return []
        chain, steps = self.history
        return self.cached("review", lambda: check_translation(
            self.current, self.marker, History(chain, steps) if chain else None))

    def cached(self, kind: str, make):
        """What a whole build makes from all its sources (the check, the translation memory), from
        the cache (generator/cache.py) when every source came from a file."""
        return make() if self.sources_key is None else cached(kind, self.sources_key, make)

    @cached_property
    def sources_key(self) -> bytes | None:
        """A hash of every source's bytes and manifest entry, which all the corpus is made from;
        None where a source did not come from a file."""
        keys = [s.parsed.content_key for s in self.corpus.loaded]
        return None if not keys or None in keys else hashlib.sha256(b"\0".join(sorted(keys))).digest()

    def fingerprint(self, edition: Edition) -> bytes:
        """A hash of everything an edition says (its rules, its glossary, the Chinese carried to it)."""
        return edition_fingerprint(edition) + repr(sorted(edition.carried.items())).encode()

    def is_current(self, edition: Edition) -> bool:
        return edition is self.current

    def defined_in(self, edition: Edition, number: RuleNumber) -> set[int]:
        """The terms a rule defines (its own, and its section's), which are not marked in it."""
        return (self.defined.get((edition.date, number.section, number.rule), set())
                | self.defined.get((edition.date, number.section, 0), set()))

    def resolver(self, edition: Edition, from_src: str) -> Resolver:
        """Where a reference in a text of this edition, on this page, points."""
        present, at = self.present[edition.date], self.addresses
        chapters = {c.number for c in edition.chapters}
        template = self.missing_rule_url if self.is_current(edition) else None

        def resolve(ref: Ref) -> tuple[str, bool] | None:
            if isinstance(ref.target, str):  # a glossary entry
                return at.href(from_src, at.page(edition.date, "glossary"), ref.target), True
            if ref.is_chapter:
                if ref.target in chapters:
                    return at.href(from_src, at.page(edition.date, ref.target)), True
            elif ref.target in present:
                return at.rule_href(from_src, edition.date, ref.target), True
            if template and not ref.is_chapter:
                number = ref.target
                return template.format(number=number, slug=number.slug,
                                       compact=str(number).replace(".", "")), False
            return None
        return resolve


def script_of(edition: Edition) -> str:
    """Hant when the edition's Chinese is all Traditional, else Hans."""
    scripts = {s.script for s in edition.sources if "zh" in s.languages and s.script}
    return "Hant" if scripts == {"Hant"} else "Hans"


def lang_tags(edition: Edition) -> dict[str, str]:
    """Language -> HTML lang tag of its cells: the script is part of a Chinese tag (zh-Hans,
    zh-Hant), for screen readers, fonts and the search's Chinese."""
    return {"en": "en", "zh": "zh-Hant" if script_of(edition) == "Hant" else "zh-Hans"}
