"""The translation memory of every edition the sources hold in both languages, as TMX 1.4b (the
memory format every CAT tool reads), written with translate-toolkit.

A pair is a sentence and its Chinese (rules/sentences.py aligns them), or a whole part of a rule (its
text, an example) where the sentences do not pair one for one; or a glossary definition's paragraph
and its Chinese, as the work list's units hold them (x-rule glossary/<term>). The same pair is kept once, with
the rule numbers and the editions it holds for as properties (x-rule, x-editions); an English
a newer edition pairs keeps only the newer Chinese. The current edition's Chinese carried from an
older one counts where its English did not change (a whole rule, or the sentences of an edited one
that did not): those pairs are what a CAT tool fills the work list's units with (OmegaT: the
memory in tm/auto, of the English with one Chinese; the others offered, not filled).
"""
from __future__ import annotations

import copy
from collections import Counter

from lxml import etree

from ..history.sentence_carry import TRANSLATED, part_pairs
from ..rules.model import Edition, GlossaryPair, Rule

TARGET_LANGUAGE = "zh-Hans"


def memory_pairs(editions: list[Edition]) -> dict[tuple[str, str], tuple[list[str], list[str]]]:
    """(English, Chinese) -> (rule numbers, edition dates), each once, in the editions' order
    (newest first). An English a newer edition pairs is not paired again with an older edition's
    Chinese: the newer Chinese is the one to fill (the translators' revision, or a citation the
    English left as it was though the rule it cites moved: 801.17 of 2024-02-02 still cites 723,
    whose Chinese carried says 724, and 2023-11-17's 723 would be an exact match too)."""
    pairs: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    newer: set[str] = set()  # the English the newer editions pair
    for edition in editions:
        own = set()
        texts = [(str(rule.number), rule_pairs(rule, edition)) for rule in edition.rules()]
        texts += [(f"glossary/{entry.en.name}", glossary_pairs(entry, edition)) for entry in edition.glossary if entry.en]
        for where, found in texts:
            for en, zh in found:
                if en in newer and (en, zh) not in pairs:  # the same pair counts this edition too
                    continue
                own.add(en)
                numbers, dates = pairs.setdefault((en, zh), ([], []))
                if where not in numbers:
                    numbers.append(where)
                if edition.date not in dates:
                    dates.append(edition.date)
        newer |= own
    return pairs


def rule_pairs(rule: Rule, edition: Edition) -> list[tuple[str, str]]:
    """A rule's sentence pairs (its text, then each example), where both languages are its own,
    or carried to it unchanged."""
    en, zh = rule.texts.get("en"), rule.texts.get("zh")
    carried = edition.carried.get(rule.number)
    if carried is not None and carried.stale:  # its sentences that did not change
        return [(s.en, s.zh) for part in carried.parts or () if part for s in part if s.state == TRANSLATED and s.zh]
    if en is None or zh is None:
        return []
    parts = zip([en.text, *(e.text for e in en.examples)], [zh.text, *(e.text for e in zh.examples)])
    return [(e, z) for en_part, zh_part in parts for e, z in part_pairs(en_part, zh_part) if e.strip() and z.strip()]


def glossary_pairs(entry: GlossaryPair, edition: Edition) -> list[tuple[str, str]]:
    """A glossary entry's definition paired as the work list's units pair it (paragraph_pairs),
    where its Chinese translates its English: of an entry whose English changed since, the
    paragraphs that did not change."""
    en, zh = entry.en, entry.zh
    if en is None or zh is None:
        return []
    carried = edition.carried_terms.get(en.term)
    if carried is not None and carried.stale:
        then = carried.english.split("\n")
        if not len(then) == len(zh.definition) == len(en.definition):
            return []
        return [(e, z) for e, was, z in zip(en.definition, then, zh.definition) if e == was and e.strip() and z.strip()]
    return [(e, z) for e, z in paragraph_pairs(en.definition, zh.definition) if e.strip() and z.strip()]


def paragraph_pairs(english, chinese) -> list[tuple[str, str]]:
    """A definition's paragraphs with their Chinese, one for one; the whole of each, one pair,
    where their counts differ (the paragraphs cannot be told apart)."""
    english, chinese = list(english), list(chinese)
    if len(english) != len(chinese):
        return [("\n".join(english), "\n".join(chinese))]
    return list(zip(english, chinese))


def memory_tmxs(editions: list[Edition]) -> list[bytes]:
    """memory.tmx of the editions with both languages, then its pairs whose English has one Chinese,
    then those whose English has several (by_chinese_count)."""
    pairs = memory_pairs(editions)
    return [memory_tmx(found) for found in (pairs, *by_chinese_count(pairs))]


def by_chinese_count(pairs: dict) -> tuple[dict, dict]:
    """The pairs whose English has one Chinese, and those whose English has several (the same
    sentence rendered otherwise in another rule). A tool that fills exact matches by itself must
    not have the second: OmegaT, given both in tm/auto, filled 712.2a's 正面 with another rule's
    背面 and 701.28f with a Chinese that drops a sentence, and the import took them as translated."""
    chinese = Counter(en for en, _ in pairs)
    return ({pair: found for pair, found in pairs.items() if chinese[pair[0]] == 1},
            {pair: found for pair, found in pairs.items() if chinese[pair[0]] > 1})


# each <tu> of the last memories written (the whole, and its two parts for OmegaT), as
# translate-toolkit made it: `mkdocs serve` writes them again after every edit of a source, and then
# makes the units of the edited pairs alone
_units: list[dict[tuple[str, str, str, str], etree._Element]] = []
KEPT_WRITES = 3


def memory_tmx(pairs: dict[tuple[str, str], tuple[list[str], list[str]]]) -> bytes:
    """memory.tmx of the pairs (memory_pairs)."""
    from translate.storage import tmx
    global _units
    store = tmx.tmxfile(sourcelanguage="en", targetlanguage=TARGET_LANGUAGE)
    store.addheader()
    units = {}
    kept = {key: unit for written in _units for key, unit in written.items()}
    for (en, zh), (numbers, dates) in pairs.items():
        key = (en, zh, " ".join(numbers), " ".join(dates))
        if key in kept:  # a copy goes into the document, whose writing below indents it
            units[key] = kept[key]
            store.body.append(copy.deepcopy(units[key]))
            continue
        store.addtranslation(en, "en", zh, TARGET_LANGUAGE)
        unit = store.units[-1].xmlelement
        for at, (kind, value) in enumerate((("x-rule", key[2]), ("x-editions", key[3]))):
            prop = etree.Element("prop", type=kind)  # TMX wants a tu's props before its tuvs
            prop.text = value
            unit.insert(at, prop)
        units[key] = copy.deepcopy(unit)
    _units = [units, *_units][:KEPT_WRITES]
    header = store.document.getroot().find("header")
    for key in ("creationdate",):  # the same sources give the same bytes on any day
        header.attrib.pop(key, None)
    header.set("creationtool", "cr-generator")
    header.set("creationtoolversion", "1")
    return bytes(store)
