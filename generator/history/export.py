"""The model as JSON: one document per edition, versioned, described by schema/cr-model-1.schema.json.

Deterministic (sorted where the model has no order of its own, no timestamps), so the same sources
give the same bytes. Provenance is kept for every text: the file, the line, the character offset.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..rules.model import Edition, GlossaryEntry, Passage, Provenance, RuleText

SCHEMA_VERSION = 1
SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / f"cr-model-{SCHEMA_VERSION}.schema.json"


def _where(source: Provenance) -> dict:
    return {"path": source.path, "line": source.line or None, "offset": source.offset}


def _passage(passage: Passage) -> dict:
    return {"text": passage.text, "source": _where(passage.source)}


def _text(text: RuleText) -> dict:
    return {"text": text.text, "examples": [_passage(e) for e in text.examples], "incomplete": text.incomplete,
            "source": _where(text.source)}


def _entry(entry: GlossaryEntry | None) -> dict | None:
    if entry is None:
        return None
    return {"term": entry.term, "name": entry.name, "definition": entry.definition, "obsolete": entry.obsolete,
            "redirect": entry.redirect, "cited": list(entry.cited), "source": _where(entry.source)}


def edition_document(edition: Edition) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "edition": edition.date,
        "languages": list(edition.languages),
        "sources": [{"path": s.path, "format": s.format, "languages": list(s.languages), "script": s.script,
                     "role": s.role, "title": s.title} for s in edition.sources],
        "introduction": {lang: [_passage(p) for p in ps] for lang, ps in sorted(edition.introduction.items())},
        "chapters": [{
            "number": chapter.number,
            "titles": {lang: _passage(t) for lang, t in sorted(chapter.titles.items())},
            "sections": [{
                "number": section.number,
                "titles": {lang: _passage(t) for lang, t in sorted(section.titles.items())},
                "rules": [{"number": str(rule.number), "texts": {lang: _text(t) for lang, t in sorted(rule.texts.items())}}
                          for rule in section.rules],
            } for section in chapter.sections],
        } for chapter in edition.chapters],
        "glossary": [{"en": _entry(p.en), "zh": _entry(p.zh), "verified": p.verified, "evidence": p.evidence}
                     for p in edition.glossary],
        "credits": {lang: [_passage(p) for p in ps] for lang, ps in sorted(edition.credits.items())},
    }


def to_json(edition: Edition) -> str:
    return json.dumps(edition_document(edition), ensure_ascii=False, separators=(",", ":")) + "\n"
