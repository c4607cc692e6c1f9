"""The translators' own term list (their repository's scripts/translatedterms.json): the Chinese
they have settled on for terms the official glossary does not translate yet ("Enter" is 进场), as
term pairs for the termbase, like a study note's.

    {"mainGlossary": [{"English": "Enter", "Chinese": "进场"}, ...], "<another list>": [...]}

A Chinese name may carry a usage note in brackets (押注（用作动词）/赌注（用作名词）) and give forms
apart with a slash, as the English may (Lock/Locked: 上锁/已上锁): each form is a pair, the notes
dropped.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace

from ...rules.model import ParsedSource, Provenance, SourceSpec, TermPair
from ..decoding import SourceText
from ..ledger import Ledger

FORMAT = "term-list"
NOTE = re.compile(r"[（(][^）)]*[）)]")


def sniff(source: SourceText) -> bool:
    head = "\n".join(source.lines[:5]).lstrip()
    return head.startswith("{") and '"English"' in "\n".join(source.lines[:40])


def parse(source: SourceText, spec: SourceSpec) -> tuple[ParsedSource, Ledger]:
    parsed = ParsedSource(replace(spec, role="terms", languages=("en", "zh")))
    ledger = Ledger(source.path, source.lines)
    for number, _ in source.numbered():
        ledger.consume(number)  # the file is read whole, as JSON
    try:
        data = json.loads("\n".join(source.lines))
    except json.JSONDecodeError as error:
        parsed.error(f"not valid JSON: {error.msg}", Provenance(source.path, error.lineno))
        return parsed, ledger
    lists = [entries for entries in data.values() if isinstance(entries, list)] if isinstance(data, dict) else []
    if not lists:
        parsed.error('expected {"mainGlossary": [{"English": ..., "Chinese": ...}, ...]}', Provenance(source.path, 1))
        return parsed, ledger
    lines = _entry_lines(source)
    for entry in (e for entries in lists for e in entries):
        line = next(lines, 0)
        if not isinstance(entry, dict) or not isinstance(entry.get("English"), str) or not isinstance(entry.get("Chinese"), str):
            parsed.error(f"expected an entry with English and Chinese, got {json.dumps(entry, ensure_ascii=False)[:80]}",
                         Provenance(source.path, line))
            continue
        english = [e.strip() for e in entry["English"].split("/") if e.strip()]
        chinese = [NOTE.sub("", z).strip() for z in entry["Chinese"].split("/") if NOTE.sub("", z).strip()]
        pairs = zip(english, chinese) if len(english) == len(chinese) else [(english[0], chinese[0])] if english and chinese else []
        for en, zh in pairs:
            parsed.terms.append(TermPair(zh, en, "", Provenance(source.path, line)))
    if not parsed.terms:
        parsed.warn("no term pairs found in the term list")
    return parsed, ledger


def _entry_lines(source: SourceText):
    """The line of each entry's "English", in order (for the pairs' provenance)."""
    for number, line in source.numbered():
        if '"English"' in line:
            yield number
