"""One parser per input format, all with the same interface:

    FORMAT: str                       the name used in the manifest
    sniff(source) -> bool             whether a decoded text looks like this format
    parse(source, spec) -> (ParsedSource, Ledger)

Detection tries them in the order below, most specific first.
"""
from __future__ import annotations

from . import flat_table, forum_post, line_pairs, official, study_note, term_list

PARSERS = {module.FORMAT: module for module in (official, line_pairs, flat_table, forum_post, study_note, term_list)}


def detect(source) -> str | None:
    for name, module in PARSERS.items():
        if module.sniff(source):
            return name
    return None
