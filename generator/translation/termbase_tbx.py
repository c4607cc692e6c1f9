"""The termbase as TBX (the TBX-Basic dialect that OmegaT, Trados and memoQ import), written with
translate-toolkit: each term with both names, the glossary's definitions, the rule that defines
it, obsolete terms marked deprecated, and where the pair comes from (the glossary, a keyword or
action name, a study note, the translators' own term list, whose names are provisional).
"""
from __future__ import annotations

from lxml import etree

from ..rules.termbase import Termbase

TARGET_LANGUAGE = "zh-Hans"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _origin(term) -> str:
    """Where the pair comes from, as a translator would want to know it."""
    kinds = {what for what, _ in term.sources}
    if term.glossary is not None and term.glossary.zh is not None:
        return "the official glossary"
    if any("term list" in kind for kind in kinds):
        return "the translators' term list (provisional)"
    if any("note" in kind for kind in kinds):
        return "a study note"
    return "a keyword or section name of the rules"


def termbase_tbx(termbase: Termbase) -> bytes:
    """terms.tbx: every term the termbase has in both languages, in its order."""
    from translate.storage import tbx
    store = tbx.tbxfile(sourcelanguage="en", targetlanguage=TARGET_LANGUAGE)
    for term in termbase.ordered():
        if not term.en or not term.zh:
            continue
        unit = store.addsourceunit(term.en)
        unit.target = term.zh
        entry = unit.xmlelement
        entry.set("id", f"t{term.id}")
        for lang_set in entry.findall("langSet"):
            lang = "en" if lang_set.get(XML_LANG) == "en" else "zh"
            definition = term.definitions.get(lang)
            if definition:
                descrip = etree.Element("descrip", type="definition")
                descrip.text = definition
                lang_set.insert(0, descrip)
            if term.obsolete:
                note = etree.SubElement(lang_set.find("tig"), "termNote", type="administrativeStatus")
                note.text = "deprecatedTerm-admn-sts"
        notes = [f"source: {_origin(term)}"] + ([f"rule: {term.rule}"] if term.rule else [])
        for text in notes:
            etree.SubElement(entry, "note").text = text
    root = store.document.getroot()
    root.set("type", "TBX-Basic")
    root.find("martifHeader/fileDesc/sourceDesc/p").text = "cr-generator: the Comprehensive Rules' termbase"
    return bytes(store)
