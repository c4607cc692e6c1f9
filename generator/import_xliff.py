"""The translators' work list back into the next release of the translation: the plain text they
keep (`plain_text/<yyyymmdd>_Zh.txt`, the official layout), written in the layout of the release
it follows (its encoding, line endings, title, introduction and credits) with the effective date
of the new English edition.

Every rule of the new English edition, in its order: its Chinese is the work list's, part by part
(its text, each example), where a unit of the part has a target other than its English (OmegaT
keeps a unit's state and puts its translation in the target; a unit translated as empty joins its
neighbour's); a carried sentence nobody changed keeps its Chinese; a part no unit translates keeps
the carried Chinese of the rule (renumbered as on the site), and a rule with none is left out and
reported. Titles and glossary entries keep their carried Chinese likewise. A unit the edition does
not have, or whose English is not the edition's, stops the import: nothing is written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import SourceError
from .model import Edition, Rule
from .sentence_carry import TRANSLATED

NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2"
UNIT_ID = re.compile(r"^(?P<rule>\d{3}\.\d+[a-z]?)/(?:ex(?P<example>\d+)/)?(?P<k>\d+)$")
DONE = ("translated", "final", "signed-off")
DATE_ZH = re.compile(r"\d{4}年\d{1,2}月\d{1,2}日")


@dataclass
class Unit:
    rule: str
    part: int  # 0: the rule's text; n: its n-th example
    k: int
    source: str
    target: str | None
    state: str | None
    line: int

    @property
    def filled(self) -> bool:
        """Translated: a target other than the English (empty counts where the unit says it is done)."""
        if self.target is None or self.target == self.source:
            return False
        return bool(self.target.strip()) or self.state in DONE


@dataclass
class Imported:
    text: str
    from_xliff: list[str] = field(default_factory=list)  # rules whose Chinese the work list gave
    carried: list[str] = field(default_factory=list)  # rules that kept their carried Chinese
    left_out: list[str] = field(default_factory=list)  # rules (and titles, terms) with no Chinese


def read_units(data: bytes, path: str) -> dict[str, list[Unit]]:
    """The work list's units by rule, or a SourceError naming what is wrong."""
    from lxml import etree
    try:
        root = etree.fromstring(data)
    except etree.XMLSyntaxError as error:
        raise SourceError(path, error.lineno, f"not an XLIFF file: {error.msg}") from None
    if etree.QName(root).localname != "xliff" or root.find(f"{{{NAMESPACE}}}file") is None:
        raise SourceError(path, root.sourceline, "not an XLIFF 1.2 file: expected <xliff> with a <file>")
    units: dict[str, list[Unit]] = {}
    for element in root.iter(f"{{{NAMESPACE}}}trans-unit"):
        match = UNIT_ID.match(element.get("id") or "")
        if not match:
            raise SourceError(path, element.sourceline, f"unit {element.get('id')!r}: expected an id such as 702.19b/1")
        source, target = element.find(f"{{{NAMESPACE}}}source"), element.find(f"{{{NAMESPACE}}}target")
        units.setdefault(match["rule"], []).append(Unit(
            match["rule"], int(match["example"] or 0), int(match["k"]), "".join(source.itertext()) if source is not None else "",
            "".join(target.itertext()) if target is not None else None,
            target.get("state") if target is not None else None, element.sourceline))
    return units


def check_units(units: dict[str, list[Unit]], edition: Edition, path: str) -> None:
    """Each unit names a rule of the edition and holds English of that rule's part."""
    rules = {str(r.number): r for r in edition.rules()}
    for number, found in units.items():
        rule = rules.get(number)
        for unit in found:
            if rule is None:
                raise SourceError(path, unit.line, f"unit {number}/{unit.k}: the edition {edition.date} has no rule {number}")
            parts = _parts(rule, "en")
            if unit.part >= len(parts) or unit.source.strip() not in parts[unit.part]:
                raise SourceError(path, unit.line, f"unit {number}: its English is not the edition's: {unit.source[:60]!r}")


def next_translation(edition: Edition, translated: Edition, units: dict[str, list[Unit]], layout: "Layout") -> Imported:
    """The next release's text (see the module's docstring)."""
    result = Imported("")
    lines = [layout.title, "", DATE_ZH.sub(_date_zh(edition.date), layout.date_line), ""]
    lines += _paragraphs(translated.introduction.get("zh"), "前言")
    lines += ["目录", ""]
    for chapter in edition.chapters:
        lines.append(f"{chapter.number}. {_title(chapter.titles, f'chapter {chapter.number}', result)}")
        lines += [f"{s.number}. {_title(s.titles, f'section {s.number}', result)}" for s in chapter.sections]
        lines.append("")
    lines += ["词汇表", "", "版权信息", ""]
    for chapter in edition.chapters:
        lines += [f"{chapter.number}. {_title(chapter.titles, None, result)}", ""]
        for section in chapter.sections:
            lines += [f"{section.number}. {_title(section.titles, None, result)}", ""]
            for rule in section.rules:
                parts = _rule_chinese(rule, edition, units.get(str(rule.number), []), result)
                if parts is None:
                    continue
                label = f"{rule.number}." if not rule.number.sub else str(rule.number)
                lines.append(f"{label} {parts[0]}")
                lines += [f"例如：{example}" for example in parts[1:]]
                lines.append("")
    lines += ["词汇表", ""]
    for pair in edition.glossary:
        if pair.zh is None:
            if pair.en is not None:
                result.left_out.append(f"glossary: {pair.en.term}")
            continue
        lines += [pair.zh.name + ("（已废止）" if pair.zh.obsolete else ""), *pair.zh.definition, ""]
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
        if any(u.filled for u in part_units):
            pieces = []
            for unit in part_units:
                if unit.filled:
                    pieces.append(unit.target)
                elif segments and index < len(segments) and segments[index] and unit.k <= len(segments[index]) \
                        and segments[index][unit.k - 1].state == TRANSLATED:
                    pieces.append(segments[index][unit.k - 1].zh)
            chinese.append("".join(pieces))
            from_xliff = True
        elif carried_parts is not None and index < len(carried_parts):
            chinese.append(carried_parts[index])
        else:
            result.left_out.append(str(rule.number) + (f" (example {index})" if index else ""))
            if index == 0:
                return None
    (result.from_xliff if from_xliff else result.carried).append(str(rule.number))
    return chinese


def _parts(rule: Rule, lang: str) -> list[str]:
    text = rule.texts[lang]
    return [text.text, *(e.text for e in text.examples)]


def _title(titles: dict, what: str | None, result: Imported) -> str:
    if "zh" in titles:
        return titles["zh"].text
    if what:
        result.left_out.append(f"{what} title (English kept)")
    return titles["en"].text if "en" in titles else ""


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
