"""The translators' work list as XLIFF 1.2, which the common CAT tools (OmegaT, Trados, memoQ) read,
written with translate-toolkit's XLIFF store.

One <file> for the current edition (original "cr-<date>": the English edition it is for); a <group>
per rule of the work list (id and resname its number, 702.19b), a <trans-unit> per sentence, or per
run of sentences the translation renders together (id 702.19b/1, 702.19b/ex1/2 for an example's;
resname the rule's number). Then a <group> per chapter or section title without Chinese (restype
"x-cr-title", id "title/<number>", its unit "title/<number>/1"), and one per glossary entry whose English is new or changed
(restype "x-cr-glossary-entry", id "glossary/<term>", resname the English term): a unit for the
term's name (id "glossary/<term>/term") and one per paragraph of its definition ("glossary/<term>/1").

Every unit's <target> holds its English, state "needs-translation": the text to translate in place,
as OmegaT's XLIFF filter reads it (it offers a unit's target as the segment, and no unit without
one); a CAT tool puts the translation there, and `python -m generator import-xliff` reads a target
other than the English as translated. What the translation has for a unit comes as <alt-trans>,
and in memory.tmx beside the work list, from which OmegaT fills the exact matches (tm/auto):
  - carried: the Chinese, match-quality 100, origin "translation-<edition it translates>" (the
    release it comes from: a rule to review carried from 2023-11-17 says 2023-11-17);
  - changed: the Chinese of the English it replaced, with that English as its source (a CAT tool
    shows it as a fuzzy match, with the difference);
  - new: nothing;
  - a rule the check of the translation puts first: its Chinese (match-quality 100), the check's
    reasons as notes of the rule's group and of each of its units (OmegaT shows a unit's notes,
    not its group's; on a unit, all but "the English changed since", which its own note says of its
    sentence);
  - a sentence of the translation memory (the same English elsewhere in the translated edition):
    an <alt-trans> of origin "translation-memory", never a target;
  - a changed or new sentence's draft (translation/drafting/drafts.py: the older Chinese with the English
    edit carried over, or a new sentence from its closest parallel; English it could not render in
    brackets): an <alt-trans> of origin "draft" whose match-quality is the share of the English it
    covers (at most 99; at most 59 translated phrase by phrase), never a target. The import never takes a draft a tool put in a target
    unconfirmed (import_xliff.py).
A part whose sentences could not be told apart is one unit, with its whole older Chinese as an
<alt-trans>.
"""
from __future__ import annotations

from ..history.sentence_carry import NEW, STALE, TRANSLATED, Segment, part_pairs, untranslated_part
from .drafting.drafts import with_drafts
from .memory_tmx import paragraph_pairs

NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2"
REVIEW = "review"  # a unit of a rule the check of the translation puts first: its Chinese, to review
GLOSSARY_ENTRY = "x-cr-glossary-entry"  # the restype of a glossary entry's group
TITLE = "x-cr-title"  # of a chapter's or a section's title
TARGET_LANGUAGE = "zh-Hans"
DRAFT = "draft"  # the origin of a sentence's draft (an <alt-trans>)


def _store():
    """An empty XLIFF 1.2 store (translate-toolkit writes 1.1 unless told)."""
    from translate.storage import xliff

    class Unit(xliff.xliffunit):
        namespace = NAMESPACE

    class Store(xliff.xlifffile):
        UnitClass = Unit
        namespace = NAMESPACE
        XMLskeleton = xliff.xlifffile.XMLskeleton.replace("1.1", "1.2")
    return Store(sourcelanguage="en", targetlanguage=TARGET_LANGUAGE)


def worklist_xliff(edition, status, rules: dict, findings: list = (), drafts: dict | None = None) -> bytes:
    """The work list of `edition` (its stale and untranslated rules, as translation_status.edition_status
    found them; `rules` by number) as an XLIFF 1.2 document, with the drafts of their sentences
    (drafts.edition_drafts); then the rules and glossary entries the check of the translation
    (`findings`, check.Finding) puts first, their Chinese to review. Their check reasons are notes of
    their groups."""
    drafts = drafts or {}
    document = _Document(_store(), f"cr-{edition.date}", {f.key: f.reasons for f in findings})
    listed = {s.number for s in status.stale} | {n for c in status.chapters for n in c.missing}
    for stale in status.stale:
        rule = rules[stale.number]
        carried = edition.carried.get(stale.number)
        en, zh = rule.texts.get("en"), rule.texts.get("zh")
        if en is None:
            continue
        texts = [en.text, *(e.text for e in en.examples)]
        chinese = [zh.text, *(e.text for e in zh.examples)] if zh else []
        parts = list(carried.parts) if carried is not None and carried.parts else [None] * len(texts)
        for index, text in enumerate(texts):
            if index >= len(parts) or parts[index] is None:  # carried whole: the older Chinese of the part
                older = chinese[index] if index < len(chinese) else None
                parts[index:index + 1] = [(Segment(text, older, STALE),) if older else untranslated_part(text, None)]
        document.rule(stale.number, with_drafts(parts, drafts.get(stale.number)), stale.translates)
    for number in (n for c in status.chapters for n in c.missing):
        en = rules[number].texts.get("en")
        if en is not None:
            document.rule(number, with_drafts(edition.suggested.get(number)
                          or [untranslated_part(t, None) for t in [en.text, *(e.text for e in en.examples)]],
                          drafts.get(number)), None)
    for number, title in status.titles:
        document.title(number, title)
    for work in status.glossary:
        document.term(work)
    entries, listed_terms = {p.en.name: p for p in edition.glossary if p.en and p.zh}, {work.name for work in status.glossary}
    for finding in findings:
        if finding.term:
            if finding.term in entries and finding.term not in listed_terms:
                carried = edition.carried_terms.get(entries[finding.term].en.term)
                document.term_review(entries[finding.term], carried.translates if carried else edition.date)
            continue
        rule = rules.get(finding.number)
        if finding.number in listed or rule is None or "en" not in rule.texts or "zh" not in rule.texts:
            continue
        en, zh = rule.texts["en"], rule.texts["zh"]
        chinese = [zh.text, *(e.text for e in zh.examples)]
        carried = edition.carried.get(finding.number)
        document.rule(finding.number, [review_part(text, chinese[i] if i < len(chinese) else None)
                                       for i, text in enumerate([en.text, *(e.text for e in en.examples)])], None,
                      carried.translates if carried else edition.date)
    return bytes(document.store)


def review_part(en: str, zh: str | None) -> tuple[Segment, ...]:
    """A part of a rule to review, a unit per sentence pair as memory.tmx pairs them (so that its
    Chinese is an exact match there)."""
    return tuple(Segment(e, z, REVIEW) for e, z in part_pairs(en, zh)) if zh else (Segment(en, zh, REVIEW),)


class _Document:
    """The one <file> of a work list, written rule by rule."""

    def __init__(self, store, name: str, reasons: dict | None = None):
        self.store, self.name, self.reasons = store, name, reasons or {}
        store.switchfile(name, createifmissing=True)

    def rule(self, number, parts, translates: str | None, reviewed: str | None = None) -> None:
        """A rule's group: its parts (text, examples) as sequences of Segments; `translates`: the
        edition its Chinese was made for (None: untranslated); `reviewed`: that of a rule to review."""
        from lxml import etree
        group = self.store.creategroup(filename=self.name, restype="x-cr-rule")
        group.set("id", str(number))
        group.set("resname", str(number))
        review = parts and parts[0] and parts[0][0].state == REVIEW
        note = (f"stale: translates the English of {translates}" if translates else
                "check: the translation's check puts it first" if review else "untranslated")
        etree.SubElement(group, f"{{{NAMESPACE}}}note", {"from": "cr-generator"}).text = note
        reasons = self.reasons.get(str(number), ())
        for reason in reasons:
            etree.SubElement(group, f"{{{NAMESPACE}}}note", {"from": "cr-check"}).text = f"check: {reason.text}"
        # on each unit, all but the rule's "the English changed since": the unit's own note says whether
        # its sentence changed (a translator's review: "carried: the English is unchanged" stood beside it)
        on_units = [reason for reason in reasons if reason.kind != "changed"]
        for index, part in enumerate(parts):
            where = f"{number}/" + (f"ex{index}/" if index else "")
            for k, segment in enumerate(part, 1):
                unit = self._unit(segment, translates or reviewed, on_units)
                unit.setid(f"{where}{k}")
                unit.xmlelement.set("resname", str(number))
                group.append(unit.xmlelement)

    def title(self, number: int, title: str) -> None:
        """A chapter's or section's title with no Chinese: one unit."""
        group = self.store.creategroup(filename=self.name, restype=TITLE)
        group.set("id", f"title/{number}")
        group.set("resname", str(number))
        unit = self._unit(Segment(title, None, NEW), None)
        unit.setid(f"title/{number}/1")
        unit.xmlelement.set("resname", str(number))
        group.append(unit.xmlelement)

    def term(self, work) -> None:
        """A glossary entry's group (status.TermWork): its name, then each paragraph of its definition,
        with the carried Chinese of each where there is one (the same English: an exact match)."""
        then, chinese = list(work.english_then), list(work.zh_definition)
        if len(then) != len(chinese) or len(then) != len(work.definition):  # paragraphs not told apart: whole
            then, chinese = ["\n".join(then)] if then else [], ["\n".join(chinese)] if chinese else []
        pieces = [("term", work.name, work.zh_name, work.name)]
        pieces += [(str(k), text, chinese[k - 1] if k <= len(chinese) else None, then[k - 1] if k <= len(then) else None)
                   for k, text in enumerate(work.definition, 1)]
        note = f"stale: translates the English of {work.translates}" if work.translates else "untranslated"
        segments = []
        for key, en, zh, was in pieces:
            state = NEW if zh is None else TRANSLATED if en == was else STALE
            segments.append((key, Segment(en, zh, state, was=was if state == STALE else None)))
        self._term_group(work.name, note, segments, work.translates)

    def term_review(self, pair, reviewed: str) -> None:
        """A glossary entry the check of the translation puts first (a GlossaryPair): each paragraph
        of its definition with its Chinese to review, the check's reasons as notes. Not its name,
        which the check does not read: a tool would fill a lone word from any rule of the memory
        (Play is 使用 in one, 使用/场上 the entry's name)."""
        segments = [(str(k), Segment(en, zh, REVIEW))
                    for k, (en, zh) in enumerate(paragraph_pairs(pair.en.definition, pair.zh.definition), 1)]
        self._term_group(pair.en.name, "check: the translation's check puts it first", segments, reviewed)

    def _term_group(self, name: str, note: str, segments: list, translates: str | None) -> None:
        from lxml import etree
        group = self.store.creategroup(filename=self.name, restype=GLOSSARY_ENTRY)
        group.set("id", f"glossary/{name}")
        group.set("resname", name)
        etree.SubElement(group, f"{{{NAMESPACE}}}note", {"from": "cr-generator"}).text = f"glossary entry, {note}"
        reasons = self.reasons.get(name, ())
        for reason in reasons:
            etree.SubElement(group, f"{{{NAMESPACE}}}note", {"from": "cr-check"}).text = f"check: {reason.text}"
        for key, segment in segments:
            unit = self._unit(segment, translates, reasons)
            unit.setid(f"glossary/{name}/{key}")
            unit.xmlelement.set("resname", name)
            group.append(unit.xmlelement)

    def _unit(self, segment: Segment, translates: str | None, reasons=()):
        unit = self.store.addsourceunit(segment.en, filename=self.name)
        unit.target = segment.en  # translated in place: OmegaT's filter reads a unit's target as its text
        unit.xmlelement.find(f"{{{NAMESPACE}}}target").set("state", "needs-translation")
        unit.markapproved(False)
        if segment.state in (TRANSLATED, REVIEW) and segment.zh:  # memory.tmx holds it too, as an exact match
            unit.addalttrans(segment.zh, origin=f"translation-{translates}", lang=TARGET_LANGUAGE)
            unit.getalttrans()[-1].xmlelement.set("match-quality", "100")
        elif segment.state == STALE and segment.zh:
            unit.addalttrans(segment.zh, origin=f"translation-{translates}", lang=TARGET_LANGUAGE,
                             sourcetxt=segment.was or None)
        if segment.draft and segment.state in (STALE, NEW) and segment.draft != segment.suggestion:
            unit.addalttrans(segment.draft, origin=DRAFT, lang=TARGET_LANGUAGE)
            unit.getalttrans()[-1].xmlelement.set("match-quality", str(segment.draft_quality or 0))
        if segment.state != TRANSLATED and segment.suggestion:
            unit.addalttrans(segment.suggestion, origin="translation-memory", lang=TARGET_LANGUAGE)
        unit.addnote({TRANSLATED: "carried: the English is unchanged",
                      STALE: f"changed: the English changed since {translates}",
                      NEW: "new: no translation yet",
                      REVIEW: "check: the Chinese may need a fix"}[segment.state], origin="cr-generator")
        for reason in reasons:
            unit.addnote(f"check: {reason.text}", origin="cr-check")
        return unit
