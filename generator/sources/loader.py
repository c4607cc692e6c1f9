"""Load one source: decode, detect its format, parse it, and check what the parse produced.

The checks here are format-independent: text a parser did not account for, rule-number sequence
problems, one-language rules in a bilingual source, section titles that disagree with the
contents, and what a source must have (an edition, some rules).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from ..cache import cached
from ..errors import SourceError
from ..rules.model import LANGUAGES, Issue, ParsedSource, Provenance, SourceSpec
from ..rules.numbers import sequence_problems
from .decoding import CHINESE_HINT, SourceText, from_bytes, read_source
from .ledger import Ledger
from .parsers import PARSERS, detect


@dataclass
class SourceReport:
    spec: SourceSpec
    counts: dict
    lines: dict
    issues: list[Issue]
    skipped: list

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.level == "error"]

    @property
    def warnings(self) -> list[Issue]:
        return [i for i in self.issues if i.level == "warning"]

    def as_json(self) -> dict:
        return {
            "path": self.spec.path,
            "format": self.spec.format,
            "edition": self.spec.edition,
            "language": "+".join(self.spec.languages),
            "languages": list(self.spec.languages),
            "script": self.spec.script,
            "role": self.spec.role,
            **self.counts,
            "lines": self.lines,
            "errors": [i.as_json() for i in self.errors],
            "warnings": [i.as_json() for i in self.warnings],
            "skipped": [s.as_json() for s in self.skipped],
        }


@dataclass
class LoadedSource:
    parsed: ParsedSource
    report: SourceReport
    sha256: str = ""  # of the file's bytes (hex)


def load(spec: SourceSpec) -> LoadedSource:
    """Raises SourceError for input that cannot be read as text at all. The file is read once; a
    file read before with the same bytes and the same manifest entry comes from the cache."""
    try:
        data = spec.file.read_bytes()
    except OSError:
        return load_text(read_source(spec.file, spec.path, spec.encoding, spec.bad_bytes), spec)  # says what is wrong
    digest = hashlib.sha256(data)
    key = digest.digest() + repr(spec).encode()
    loaded = cached("source", key, lambda: load_text(from_bytes(data, spec.path, spec.encoding, spec.bad_bytes), spec))
    loaded.parsed.content_key = key
    loaded.sha256 = digest.hexdigest()
    return loaded


def load_text(source: SourceText, declared: SourceSpec) -> LoadedSource:
    """Parse one source. `declared` (the manifest's entry) is never changed: the parsed source
    gets a copy completed with what was detected (format, edition, languages)."""
    fmt = declared.format or detect(source)
    if fmt is None:
        first = next((n for n, line in source.numbered() if line.strip()), 1)
        guessed = source.encoding == "cp1252" and not declared.encoding  # not UTF-8: read as Windows-1252
        raise SourceError(declared.path, first, "not a rules text in any known format "
                          f"({', '.join(PARSERS)}): no numbered rules, contents or glossary found" +
                          (f"; it is not UTF-8 and, read as Windows-1252, holds no rules: {CHINESE_HINT}" if guessed else ""))
    parsed, ledger = PARSERS[fmt].parse(source, replace(declared, format=fmt))
    for line, note in source.notes:
        parsed.warn(note, Provenance(declared.path, line or 0))
    present = [lang for lang in LANGUAGES if any(lang in texts for texts in parsed.rules.values())
               or parsed.glossary.get(lang)]
    parsed.spec = replace(parsed.spec, edition=declared.edition or parsed.detected_edition,
                          languages=declared.languages or tuple(present) or (("zh",) if parsed.page else ()))
    if declared.languages and present and set(declared.languages) != set(present):
        parsed.warn(f"the manifest gives the languages {'+'.join(declared.languages)}, the text has "
                    f"{'+'.join(present)}: check 'languages:'")
    if declared.edition and parsed.detected_edition and declared.edition != parsed.detected_edition:
        parsed.warn(f"the manifest gives the edition {declared.edition}, the text says {parsed.detected_edition}")
    _check(parsed, ledger)
    return LoadedSource(parsed, _report(parsed, ledger))


def _check(parsed: ParsedSource, ledger: Ledger) -> None:
    spec = parsed.spec
    for lost in ledger.unaccounted():
        parsed.error(f"text not read into the model: {lost.text[:80]!r}", lost.source)
    if spec.role in ("primer", "terms"):
        return
    if not parsed.rules:
        parsed.error("no numbered rules found; expected lines such as '100.1. text'")
    if not spec.edition:
        parsed.error("the edition (effective date) is not in the text; give it as 'edition:' in the manifest")
    for lang in spec.languages:
        ordered = [n for n, texts in parsed.rules.items() if lang in texts]
        for index, problem in sequence_problems(ordered):
            parsed.warn(f"{lang}: {problem}", parsed.rules[ordered[index]][lang].source)
    if len(spec.languages) > 1:
        for number, texts in parsed.rules.items():
            missing = [lang for lang in spec.languages if lang not in texts]
            if missing:
                given = next(iter(texts.values()))
                parsed.warn(f"{number} has no {'/'.join(missing)} text", given.source)
            elif len({len(t.examples) for t in texts.values()}) > 1:
                counts = ", ".join(f"{lang} {len(t.examples)}" for lang, t in texts.items())
                parsed.warn(f"{number} has examples in unequal numbers ({counts})", texts["en"].source)
    sections_with_rules = {n.section for n in parsed.rules}
    for number, titles in parsed.section_titles.items():
        if number not in sections_with_rules:
            title = next(iter(titles.values()))
            parsed.warn(f"section {number} {title.text!r} has no rules", title.source)
    for number, by_lang in parsed.contents.items():
        titles = (parsed.chapter_titles if number < 10 else parsed.section_titles).get(number, {})
        for lang, entry in by_lang.items():
            if lang in titles and titles[lang].text != entry.text:
                parsed.warn(f"title of {number} is {titles[lang].text!r} but the contents say {entry.text!r}",
                            titles[lang].source)
            elif lang not in titles:
                parsed.warn(f"{number} {entry.text!r} is in the contents but not in the rules", entry.source)


def _report(parsed: ParsedSource, ledger: Ledger) -> SourceReport:
    by_lang = {lang: sum(1 for n, t in parsed.rules.items() if lang in t and n.rule) for lang in LANGUAGES}
    numbers = {n.section for n in parsed.rules} | set(n for n in parsed.section_titles)
    counts = {
        "chapters": len({n // 100 for n in numbers} | set(parsed.chapter_titles)),
        "sections": len(numbers),
        "rules": sum(1 for n in parsed.rules if n.rule),
        "rules_by_language": by_lang,
        "examples": sum(max(len(t.examples) for t in texts.values()) for texts in parsed.rules.values()),
        "examples_by_language": {lang: sum(len(t[lang].examples) for t in parsed.rules.values() if lang in t)
                                 for lang in LANGUAGES},
        "glossary": max((len(entries) for entries in parsed.glossary.values()), default=0),
        "terms": len(parsed.terms),
    }
    return SourceReport(parsed.spec, counts, ledger.line_counts(), parsed.issues, ledger.skipped())
