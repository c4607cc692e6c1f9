"""The translators' work list back into the next release of the translation: the plain text they
keep (`plain_text/<yyyymmdd>_Zh.txt`, the official layout), written in the layout of the release
it follows (its encoding, line endings, title, introduction and credits) with the effective date
of the new English edition.

Every rule of the new English edition, in its order: its Chinese is the work list's, part by part
(its text, each example), where a unit of the part has a target other than its English (OmegaT
keeps a unit's state and puts its translation in the target; a unit translated as empty joins its
neighbour's, a part whose targets are all empty is not translated; a tool's inline codes are not
text); a carried sentence nobody changed keeps its Chinese; a part no unit translates keeps
the carried Chinese of the rule (renumbered as on the site), reported where its English changed
since (the release would otherwise carry older Chinese unnoticed), and a rule with none is left out
and reported. A glossary entry of the work list is written from its units likewise (its name, each
paragraph of its definition), any other keeps its carried Chinese, all in the order of the release
it follows, a new entry after the one the English glossary puts before it. Chapter and section
titles, the introduction and the credits are the release's own (the credits with the new date). A
unit whose target is its draft (its <alt-trans> of origin "draft") as a tool put it there, not as
a translator confirmed it (a state needs-review-… or new, or a state-qualifier such as leveraged-tm
or mt-suggestion), is not translated: its part keeps its older Chinese, or is left out where it
has none, and the report names the unit (draft not confirmed).
OmegaT never fills a segment from a draft by itself (the project offers them as suggestions), so
there a target that is the draft is one the translator took. A
work list made for another English edition than the sources', a unit the edition does not have, or
whose English is not the edition's, a unit's id twice, a state XLIFF 1.2 does not have, or a line
break in a target that is one line of the release stops the import: nothing is written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import SourceError
from ..history.sentence_carry import TRANSLATED
from ..rules.model import Edition, GlossaryPair, Rule, without_obsolete_mark
from .worklist_xliff import review_part

NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2"
UNIT_ID = re.compile(r"^(?P<rule>\d{3}\.\d+[a-z]?)/(?:ex(?P<example>\d+)/)?(?P<k>\d+)$")
TITLE_ID = re.compile(r"^title/(?P<number>\d+)/1$")  # a chapter's or section's title
TERM_ID = re.compile(r"^glossary/(?P<term>.+)/(?P<key>term|\d+)$")  # a glossary entry's name, or its k-th paragraph
MADE_FOR = re.compile(r"^cr-(\d{4}-\d{2}-\d{2})$")  # the <file>'s original: the English edition
OBSOLETE_ZH = "（已废止）"
DONE = ("translated", "final", "signed-off")
DRAFT = "draft"  # the origin of a unit's draft (worklist_xliff.py)
# how a tool marks a target it filled itself, from a memory or a machine, for a person to review
PREFILLED_QUALIFIERS = ("exact-match", "fuzzy-match", "id-match", "leveraged-glossary", "leveraged-inherited",
                        "leveraged-mt", "leveraged-repository", "leveraged-tm", "mt-suggestion", "tm-suggestion")
DATE_ZH = re.compile(r"\d{4}年\d{1,2}月\d{1,2}日")
STATES = ("new", "needs-translation", "needs-adaptation", "needs-l10n", "needs-review-translation",
          "needs-review-adaptation", "needs-review-l10n", "translated", "final", "signed-off")  # XLIFF 1.2's, and x-…
# inline elements whose content is the original's markup ("<b>"), not text: a target's words are
# around them (<g> and <mrk> hold text, and are read through)
NATIVE_CODES = ("bpt", "ept", "ph", "it")
LINE_BREAK = re.compile(r"[\n\r\u0085\u2028\u2029]")


@dataclass
class Unit:
    rule: str  # a rule's number; in a glossary entry's unit, the English term
    part: int  # 0: the rule's text (the term's name); n: its n-th example (the n-th paragraph)
    k: int
    source: str
    target: str | None
    state: str | None
    line: int
    draft: str | None = None  # the draft the work list offered
    qualifier: str | None = None  # the target's state-qualifier

    @property
    def name(self) -> str:
        """The unit's id in the work list, as the reports name it: 702.62a/6, 702.62a/ex1/2."""
        return f"{self.rule}/{f'ex{self.part}/' if self.part else ''}{self.k}"

    @property
    def unconfirmed(self) -> bool:
        """The target is the draft as a tool put it there, for a person to review."""
        if self.draft is None or self.target is None or self.target.strip() != self.draft.strip():
            return False
        return (self.state or "").startswith("needs-review") or self.state == "new" or \
            self.qualifier in PREFILLED_QUALIFIERS

    @property
    def filled(self) -> bool:
        """Translated: a target other than the English (empty counts where the unit says it is done),
        and not a draft nobody confirmed."""
        if self.target is None or self.target == self.source or self.unconfirmed:
            return False
        return bool(self.target.strip()) or self.state in DONE


@dataclass
class WorkList:
    """A translated work list's units: by rule, by glossary entry (its English term), by title."""
    made_for: str | None  # the English edition it was made for
    rules: dict[str, list[Unit]]
    terms: dict[str, list[Unit]]
    titles: dict[int, Unit] = field(default_factory=dict)  # chapter or section number -> its title's unit


@dataclass
class Imported:
    text: str
    from_xliff: list[str] = field(default_factory=list)  # rules whose Chinese the work list gave
    terms_from_xliff: list[str] = field(default_factory=list)  # glossary entries likewise
    carried: list[str] = field(default_factory=list)  # rules that kept their carried Chinese
    # parts that kept older Chinese of English since changed: (rule, which part and how much changed)
    outdated: list[tuple[str, str]] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)  # rules (and titles, terms) with no Chinese
    orphans: list[str] = field(default_factory=list)  # subrules written whose rule is left out
    # units written with English their draft kept in brackets, which the translator did not replace
    bracketed: list[str] = field(default_factory=list)
    rules_left_out: set = field(default_factory=set)  # the rules not written (RuleNumber)


def read_units(data: bytes, path: str) -> WorkList:
    """The work list's units, or a SourceError naming what is wrong."""
    from lxml import etree
    try:
        root = etree.fromstring(data)
    except etree.XMLSyntaxError as error:
        raise SourceError(path, error.lineno, f"not an XLIFF file: {error.msg}") from None
    file = root.find(f"{{{NAMESPACE}}}file")
    if etree.QName(root).localname != "xliff" or file is None:
        raise SourceError(path, root.sourceline, "not an XLIFF 1.2 file: expected <xliff> with a <file>")
    made_for = MADE_FOR.match(file.get("original") or "")
    work = WorkList(made_for[1] if made_for else None, {}, {})
    seen: dict[str, int] = {}  # unit id -> its line
    for element in root.iter(f"{{{NAMESPACE}}}trans-unit"):
        unit_id = element.get("id") or ""
        rule, term, title = UNIT_ID.match(unit_id), TERM_ID.match(unit_id), TITLE_ID.match(unit_id)
        if not (rule or term or title):
            raise SourceError(path, element.sourceline, f"unit {unit_id!r}: expected an id such as 702.19b/1, "
                              "title/702/1 or glossary/Trample/term")
        if unit_id in seen:  # two translations of one sentence: neither may be dropped, nor both joined
            raise SourceError(path, element.sourceline, f"unit {unit_id}: a second unit of this id (the first is "
                              f"at line {seen[unit_id]}); expected each id once")
        seen[unit_id] = element.sourceline
        source, target = element.find(f"{{{NAMESPACE}}}source"), element.find(f"{{{NAMESPACE}}}target")
        state = target.get("state") if target is not None else None
        if state is not None and state not in STATES and not state.startswith("x-"):
            raise SourceError(path, target.sourceline, f"unit {unit_id}: state {state!r} is not an XLIFF 1.2 state; "
                              f"expected one of {', '.join(STATES)} or x-…")
        draft = next((alt.find(f"{{{NAMESPACE}}}target") for alt in element.iter(f"{{{NAMESPACE}}}alt-trans")
                      if alt.get("origin") == DRAFT), None)
        texts = (_content(source) if source is not None else "", _content(target) if target is not None else None,
                 state, element.sourceline, _content(draft) if draft is not None else None,
                 target.get("state-qualifier") if target is not None else None)
        one_line = not term or term["key"] == "term"  # a definition's unit may hold its paragraphs
        if one_line and texts[1] and LINE_BREAK.search(texts[1]):  # it would start lines of its own in the release
            raise SourceError(path, target.sourceline, f"unit {unit_id}: its target has a line break, and a rule's "
                              f"text, an example, a title or a term is one line of the release: expected one line "
                              f"({texts[1][:60]!r})")
        if rule:
            work.rules.setdefault(rule["rule"], []).append(Unit(rule["rule"], int(rule["example"] or 0), int(rule["k"]), *texts))
        elif title:
            work.titles[int(title["number"])] = Unit(title["number"], 0, 1, *texts)
        else:
            part = 0 if term["key"] == "term" else int(term["key"])
            work.terms.setdefault(term["term"], []).append(Unit(term["term"], part, 1, *texts))
    return work


def _content(element) -> str:
    """The text of a <source> or <target>: its words, not the original's markup that inline codes
    carry (a tool's <bpt>&lt;b&gt;</bpt> would otherwise become "<b>" in the rule)."""
    from lxml import etree
    parts = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and etree.QName(child).localname not in NATIVE_CODES:
            parts.append(_content(child))
        parts.append(child.tail or "")
    return "".join(parts)


def check_units(work: WorkList, edition: Edition, path: str) -> None:
    """The work list is for this edition; each unit names a rule (a glossary entry) of the edition
    and holds English of that rule's part (of that entry)."""
    if work.made_for not in (None, edition.date):
        raise SourceError(path, None, f"the work list is for the English edition {work.made_for} and the sources' "
                          f"English is {edition.date}: give the official text of {work.made_for} with --source "
                          f"(the MagicCompRules-<date>.txt it was published as)")
    rules = {str(r.number): r for r in edition.rules()}
    for number, found in work.rules.items():
        rule = rules.get(number)
        for unit in found:
            if rule is None:
                raise SourceError(path, unit.line, f"unit {number}/{unit.k}: the edition {edition.date} has no rule {number}")
            parts = _parts(rule, "en")
            if unit.part >= len(parts) or unit.source.strip() not in parts[unit.part]:
                raise SourceError(path, unit.line, f"unit {number}: its English is not the edition's: {unit.source[:60]!r}")
    titles = {part.number: part.titles.get("en") for c in edition.chapters for part in (c, *c.sections)}
    for number, unit in work.titles.items():
        if titles.get(number) is None or unit.source.strip() != titles[number].text:
            raise SourceError(path, unit.line, f"unit title/{number}: the edition {edition.date} has no "
                              f"{_part_name(number)} titled {unit.source[:60]!r}")
    entries = {p.en.name: p.en for p in edition.glossary if p.en}
    for name, found in work.terms.items():
        entry = entries.get(name)
        for unit in found:
            if entry is None:
                raise SourceError(path, unit.line, f"unit glossary/{name}: the edition {edition.date} has no glossary "
                                  f"entry {name!r}")
            english = [entry.name, *entry.definition]
            if unit.part >= len(english) or unit.source.strip() != english[unit.part].strip():
                raise SourceError(path, unit.line, f"unit glossary/{name}: its English is not the edition's: "
                                  f"{unit.source[:60]!r}")


def next_translation(edition: Edition, translated: Edition, work: WorkList, layout: "Layout") -> Imported:
    """The next release's text (see the module's docstring)."""
    result = Imported("")
    lines = [layout.title, "", DATE_ZH.sub(_date_zh(edition.date), layout.date_line), ""]
    lines += _paragraphs(translated.introduction.get("zh"), "前言")
    lines += ["目录", ""]
    titles = {part.number: _title(part, work.titles.get(part.number), result)
              for chapter in edition.chapters for part in (chapter, *chapter.sections)}
    for chapter in edition.chapters:
        lines += [f"{part.number}. {titles[part.number]}" for part in (chapter, *chapter.sections)]
        lines.append("")
    lines += ["词汇表", "", "版权信息", ""]
    for chapter in edition.chapters:
        lines += [f"{chapter.number}. {titles[chapter.number]}", ""]
        for section in chapter.sections:
            lines += [f"{section.number}. {titles[section.number]}", ""]
            for rule in section.rules:
                parts = _rule_chinese(rule, edition, work.rules.get(str(rule.number), []), result)
                if parts is None:
                    result.rules_left_out.add(rule.number)
                    continue
                if rule.number.sub and rule.number.parent in result.rules_left_out:
                    result.orphans.append(f"{rule.number} (its rule {rule.number.parent} is left out)")
                label = f"{rule.number}." if not rule.number.sub else str(rule.number)
                lines.append(f"{label} {parts[0]}")
                lines += [f"例如：{example}" for example in parts[1:]]
                lines.append("")
    lines += ["词汇表", ""]
    for entry in _glossary(edition, translated, work.terms, result):
        lines += [*entry, ""]
    lines += ["", "版权信息", ""]
    for paragraph in translated.credits.get("zh", []):
        lines += [DATE_ZH.sub(_date_zh(edition.date), paragraph.text), ""]
    text = "\n".join(lines).rstrip("\n")
    result.text = text + ("\n" if layout.final_newline else "")
    return result


def _rule_chinese(rule: Rule, edition: Edition, units: list[Unit], result: Imported) -> list[str] | None:
    """The rule's Chinese parts (text, examples), or None where it has none (reported)."""
    carried = rule.texts.get("zh")
    carried_parts = _parts(rule, "zh") if carried is not None else None
    segments = edition.carried.get(rule.number).parts if rule.number in edition.carried and edition.carried[rule.number].parts else None
    english = _parts(rule, "en")
    chinese, from_xliff = [], False
    for index in range(len(english)):
        part_units = sorted((u for u in units if u.part == index), key=lambda u: u.k)
        if segments and index < len(segments):
            kept = [s.zh if s.state == TRANSLATED else None for s in segments[index]]
        elif carried_parts is not None and index < len(carried_parts) and not _stale(edition, rule):
            # a rule to review, its Chinese that of today's English: each sentence's, as the work list paired them
            kept = [segment.zh for segment in review_part(english[index], carried_parts[index])]
        else:
            kept = None
        pieces = _part_chinese(part_units, kept)
        where = f" (example {index})" if index else ""
        if pieces is not None:
            chinese.append("".join(pieces))
            from_xliff = True
            result.bracketed += _draft_english_kept(part_units)
        elif carried_parts is not None and index < len(carried_parts):
            chinese.append(carried_parts[index])
            said = "; ".join(filter(None, (_changed_sentences(edition.carried.get(rule.number), index),
                                           _unused(part_units))))
            if said:
                result.outdated.append((str(rule.number), f"{where} ({said})"))
        else:
            done = sum(1 for u in part_units if u.filled and u.target.strip())
            said = "; ".join(filter(None, (f"{done} of {len(part_units)} units translated" if done else "",
                                           _unused(part_units))))
            result.left_out.append(str(rule.number) + where + (f" ({said})" if said else ""))
            if index == 0:
                return None
    (result.from_xliff if from_xliff else result.carried).append(str(rule.number))
    return chinese


DRAFT_BRACKET = re.compile(r"\[[A-Za-z][^\[\]]*\]")  # English a draft kept in brackets ([Cloak], not [费用])


def _draft_english_kept(units: list[Unit]) -> list[str]:
    """The units written whose Chinese still has English their draft kept in brackets: a name the
    translators had not given, taken with the draft and never replaced (701.56a's [Cloak]), which
    would otherwise reach the release unsaid."""
    found = []
    for unit in units:
        if unit.filled and unit.draft:
            kept = sorted(set(DRAFT_BRACKET.findall(unit.draft)) & set(DRAFT_BRACKET.findall(unit.target)))
            if kept:
                found.append(f"{unit.name}: {', '.join(kept)}")
    return found


def _unused(units: list[Unit]) -> str:
    """Why a part's units gave it no Chinese, for the report: the drafts nobody confirmed (never
    written: the part keeps its older Chinese, or has none), the units left untranslated beside
    translated ones (whose translations are then not used: a part is not written half translated)."""
    said = []
    drafts = [u.name for u in units if u.unconfirmed]
    if drafts:
        said.append(f"draft not confirmed in {', '.join(drafts)}")
    empty = [u.name for u in units if u.filled and not u.target.strip()]
    if empty and not any(u.filled and u.target.strip() for u in units):
        said.append(f"empty target in {', '.join(empty)}")
    untranslated = [u.name for u in units if not u.filled and not u.unconfirmed]
    if untranslated and any(u.filled for u in units):
        said.append(f"{', '.join(u.name for u in units if u.filled)} translated, not used: "
                    f"{', '.join(untranslated)} untranslated")
    return "; ".join(said)


def _stale(edition: Edition, rule: Rule) -> bool:
    return rule.number in edition.carried and edition.carried[rule.number].stale


def _changed_sentences(carried, index: int) -> str | None:
    """How much of a carried part's English changed since its Chinese was written (None: none)."""
    if carried is None or not carried.stale:
        return None
    part = carried.parts[index] if carried.parts and index < len(carried.parts) else None
    if part is None:  # carried whole: its sentences could not be told apart
        return "its sentences not told apart"
    changed = sum(1 for s in part if s.state != TRANSLATED)
    return f"{changed} of {len(part)} sentences changed or new" if changed else None


def _glossary(edition: Edition, translated: Edition, units: dict[str, list[Unit]], result: Imported) -> list[list[str]]:
    """Each glossary entry's lines (its Chinese name, then its paragraphs), in the order of the
    release `translated`; an entry it lacks comes after the entry the English glossary puts before it."""
    released = sorted((p for p in translated.glossary if p.en and p.zh), key=lambda p: p.zh.source.line)
    place = {p.en.name.casefold(): at for at, p in enumerate(released)}
    entries, key = [], (-1, 0)
    for pair in edition.glossary:
        at = place.get(pair.en.name.casefold()) if pair.en else None
        key = (at, 0) if at is not None else (key[0], key[1] + 1)
        lines = _term_chinese(pair, units.get(pair.en.name, []) if pair.en else [], result)
        if lines is not None:
            entries.append((key, lines))
    return [lines for _, lines in sorted(entries, key=lambda entry: entry[0])]


def _term_chinese(pair: GlossaryPair, units: list[Unit], result: Imported) -> list[str] | None:
    """A glossary entry's Chinese lines: its units' where some are translated and the others have
    carried Chinese (its name, paragraphs that correspond one to one, or one unit for them all where
    the work list could not tell them apart), else the carried entry whole (reported where a unit
    was translated); None where it has none (reported)."""
    en, zh = pair.en, pair.zh
    if en is None:  # a Chinese entry without its English: as the release has it
        return [zh.name + (OBSOLETE_ZH if zh.obsolete else ""), *zh.definition]
    filled = {unit.part: unit.target for unit in units if unit.filled}
    carried = [zh.name, *zh.definition] if zh and len(zh.definition) == len(en.definition) else []
    name = (filled.get(0) or "").strip() or (zh.name if zh else "")
    whole = len(en.definition) > 1 and any(u.part == 1 and u.source == "\n".join(en.definition) for u in units)
    paragraphs = [1] if whole else range(1, len(en.definition) + 1)  # one unit holds paragraphs not told apart
    if filled and name and all(k in filled or carried for k in paragraphs):
        lines = [line.strip() for k in paragraphs for line in (filled[k].split("\n") if k in filled else [carried[k]])]
        result.terms_from_xliff.append(en.term)
        result.bracketed += _draft_english_kept(units)
        return [without_obsolete_mark(name) + (OBSOLETE_ZH if en.obsolete else ""), *(line for line in lines if line)]
    done = f" ({len(filled)} of {len(units)} units translated)" if filled else ""
    if zh is None:
        result.left_out.append(f"glossary: {en.term}{done}")
        return None
    if filled:  # some of it translated, not all: the older Chinese, said
        result.outdated.append((f"glossary: {en.term}", done))
    return [zh.name + (OBSOLETE_ZH if zh.obsolete else ""), *zh.definition]


def _part_chinese(units: list[Unit], kept: list[str | None] | None) -> list[str] | None:
    """A part's Chinese from its units, where some unit is translated and every other one keeps its
    Chinese (`kept`, by unit: the carried Chinese of an unchanged English, the current Chinese of a
    sentence to review); None otherwise (a part half translated, say a new rule of which OmegaT
    filled one sentence from the memory, is not written as if whole)."""
    if not any(unit.filled and unit.target.strip() for unit in units):  # nothing, or only empty targets
        return None
    pieces = []
    for unit in units:
        if unit.filled:
            pieces.append(unit.target)
        elif kept and unit.k <= len(kept) and kept[unit.k - 1]:
            pieces.append(kept[unit.k - 1])
        else:
            return None
    return pieces


def _parts(rule: Rule, lang: str) -> list[str]:
    text = rule.texts[lang]
    return [text.text, *(e.text for e in text.examples)]


def _title(part, unit: Unit | None, result: Imported) -> str:
    """A chapter's or section's Chinese title: its unit's, else the carried one, else its English
    (reported)."""
    if unit is not None and unit.filled and unit.target.strip():
        return unit.target.strip()
    if "zh" in part.titles:
        return part.titles["zh"].text
    result.left_out.append(f"{_part_name(part.number)} title (English kept)")
    return part.titles["en"].text if "en" in part.titles else ""


def _part_name(number: int) -> str:
    """chapter 7, section 702: how the reports name a title's place."""
    return f"{'chapter' if number < 10 else 'section'} {number}"


def _paragraphs(passages, heading: str) -> list[str]:
    if not passages:
        return []
    lines = [heading, ""]
    for passage in passages:
        lines += [passage.text, ""]
    return lines


def _date_zh(date: str) -> str:
    year, month, day = date.split("-")
    return f"{int(year)}年{int(month)}月{int(day)}日"


@dataclass(frozen=True)
class Layout:
    """What the release the next one follows looks like, as bytes go."""
    title: str
    date_line: str
    bom: bool
    newline: str
    final_newline: bool

    @classmethod
    def of(cls, data: bytes, path: str) -> "Layout":
        bom = data.startswith(b"\xef\xbb\xbf")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise SourceError(path, None, f"expected a UTF-8 translation ({error.reason} at byte {error.start})") from None
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        title = next((line.strip() for line in lines if line.strip()), "")
        date_line = next((line.strip() for line in lines if DATE_ZH.search(line)), None)
        if date_line is None:
            raise SourceError(path, None, "expected the effective date in the translation (此规则于2024年2月2日起生效。)")
        newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
        return cls(title, date_line, bom, newline, text.endswith(("\n", "\r")))

    def encode(self, text: str) -> bytes:
        return (b"\xef\xbb\xbf" if self.bom else b"") + text.replace("\n", self.newline).encode("utf-8")
