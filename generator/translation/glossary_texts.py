"""The glossary's definitions as the translation check reads them (check.py): each entry with both
languages, its definitions without the numbers of their senses ("1. ", "2. ": layout, not sentences
or spaces), and the facts of its texts with the term the entry defines taken as named on both
sides (主动队伍指…: the Chinese names the term it defines, where the English need not)."""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..rules.model import NUMBERED_SENSE, Edition, GlossaryPair, RuleText
from ..rules.term_marker import TermMarker
from .term_reasons import Facts, Glossary


class Entry(NamedTuple):
    """A glossary entry with both languages, as the check reads it."""
    pair: GlossaryPair
    en: RuleText
    zh: RuleText
    fact: Facts


def definitions(pair: GlossaryPair) -> tuple[RuleText, RuleText]:
    """An entry's English and Chinese definitions as texts to check."""
    return tuple(RuleText("\n".join(NUMBERED_SENSE.sub("", p) for p in entry.definition), entry.source) for entry in (pair.en, pair.zh))


def entries(edition: Edition, marker: TermMarker, glossary: Glossary) -> list[Entry]:
    """The edition's glossary entries with both languages, in order."""
    own = {t.glossary.en.name: t.id for t in marker.termbase.terms.values() if t.glossary and t.glossary.en}
    found = []
    for pair in edition.glossary:
        if pair.en is None or pair.zh is None:
            continue
        en, zh = definitions(pair)
        fact = glossary.facts(marker, en, zh)
        if pair.en.name in own:
            named = Counter({own[pair.en.name]: 1})
            fact = fact._replace(en_terms=fact.en_terms | set(named), zh_terms=fact.zh_terms | set(named),
                                 en_counts=fact.en_counts + named, zh_counts=fact.zh_counts + named)
        found.append(Entry(pair, en, zh, fact))
    return found
