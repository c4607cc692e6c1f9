"""A bilingual HTML table flattened onto one line (seed 002, an excerpt of a 2012-era CR).

Each table row was: a number cell, the Chinese cell (number + text), the English cell (number +
text), all glued together: `100.1a100.1a 双人游戏...100.1a A two-player game...`. Some rows lost
their number cell and the number of their Chinese cell, so a Chinese paragraph with no number
sits at the end of the previous row's English text; it belongs to the next numbered row.
Numbers inside the text (`see rule104.3a`, `参见规则 100.2a`) are references, not row starts.
The text is kept as it is; what looks damaged (lost apostrophes, glued words) is reported, and a
row cut off mid-sentence is marked incomplete.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...rules.model import ParsedSource, Passage, Provenance, RuleText, SourceSpec
from ...rules.numbers import RuleNumber, parse_number
from ..decoding import SourceText
from ..ledger import Ledger
from .common import EXAMPLE_EN, EXAMPLE_ZH, HAN, has_han, split_bilingual_title

FORMAT = "flat-table"
# A row number may follow the previous cell's number directly ("100.1.100.1. "), so only a digit
# before it rules it out; a chapter number must not follow a period either ("100.1. " holds "1. ").
TOKEN = re.compile(r"(?<!\d)(?:(?P<rule>\d{3}\.\d{1,3}[a-z]?)\.?|(?P<section>\d{3})\.(?= )|(?<!\.)(?P<chapter>[1-9])\.(?= ))")
# "see rule104.3a" is a reference; "The Magic Golden Rules101." is a title glued to the next row.
REFERENCE_BEFORE = re.compile(r"(?:\b(?:rules?|section|see)\s*|\b(?:Rules?|Section|See)\s+|(?:规则|第|和|与|及|、|至|-|–)\s*)$")
DOUBLED = re.compile(r"(\d{3}\.\d{1,3}[a-z]?\.?)\1 ")
SENTENCE_END = ".。!?！？”\")）]"
DAMAGE = (  # English only: Chinese runs into URLs without spaces as a matter of course
    (re.compile(r"\b(?:cant|dont|doesnt|isnt|wont|didnt|arent|wasnt|werent|havent|hasnt|couldnt|wouldnt|"
                r"shouldnt|youre|theyre|thats|theres|whats)\b"), "lost apostrophe"),
    (re.compile(r"(?:[Ss]ee(?=section|rule)|rule(?=\d)|\bat(?=www)|locatorto)"), "glued words"),
)


@dataclass
class _Token:
    start: int
    end: int
    kind: str  # chapter | section | rule
    number: str


def sniff(source: SourceText) -> bool:
    """A long line in which row numbers stand doubled (`100.1a100.1a`): number cell, then Chinese cell."""
    return any(len(line) > 1000 and len(DOUBLED.findall(line)) >= 3 for line in source.lines)


def _tokens(text: str) -> list[_Token]:
    """Row starts, in order: numbers not preceded by a reference word and never going backwards."""
    found: list[_Token] = []
    last: RuleNumber | None = None
    for m in TOKEN.finditer(text):
        if REFERENCE_BEFORE.search(text[max(0, m.start() - 12): m.start()]):
            continue
        kind = next(k for k in ("rule", "section", "chapter") if m.group(k))
        number = m.group(kind)
        if kind == "chapter":
            found.append(_Token(m.start(), m.end(), kind, number))
            continue
        value = parse_number(number)
        if last is not None and value < last:
            continue
        last = value
        found.append(_Token(m.start(), m.end(), kind, number))
    # A chapter number counts only right before its own sections' titles.
    kept = []
    for i, token in enumerate(found):
        if token.kind == "chapter":
            following = next((t for t in found[i + 1:] if t.kind != "chapter"), None)
            if following is None or parse_number(following.number).chapter != int(token.number):
                continue
        kept.append(token)
    return kept


def parse(source: SourceText, spec: SourceSpec) -> tuple[ParsedSource, Ledger]:
    parsed = ParsedSource(spec)
    ledger = Ledger(source.path, source.lines)
    for number, line in source.numbered():
        if line.strip():
            _Row(source.path, number, line, parsed, ledger).run()
    return parsed, ledger


class _Row:
    """Reads one flattened line."""

    def __init__(self, path: str, line_number: int, text: str, parsed: ParsedSource, ledger: Ledger):
        self.path, self.line, self.text, self.parsed, self.ledger = path, line_number, text, parsed, ledger
        self.orphan: tuple[int, int] | None = None  # a Chinese paragraph waiting for its number
        self.last_owner: RuleText | None = None  # the rule text that the latest piece belongs to

    def here(self, offset: int) -> Provenance:
        return Provenance(self.path, self.line, offset)

    def run(self) -> None:
        tokens = _tokens(self.text)
        if not tokens:
            self.ledger.skip(self.line, "no rule numbers in this line")
            self.parsed.error("a flattened table line with no rule numbers", Provenance(self.path, self.line))
            return
        if self.text[: tokens[0].start].strip():
            self.ledger.skip(self.line, "text before the first rule number", 0, tokens[0].start)
        for i, token in enumerate(tokens):
            end = tokens[i + 1].start if i + 1 < len(tokens) else len(self.text)
            self.ledger.consume(self.line, token.start, token.end)
            if token.kind == "rule":
                self._rule_cell(parse_number(token.number), token.end, end)
            else:
                self._title_cell(int(token.number), token.end, end)
        if self.orphan:
            start, end = self.orphan
            self.ledger.skip(self.line, "Chinese paragraph with no number and no row after it", start, end)
            self.parsed.error("unnumbered Chinese paragraph at the end of the line", self.here(start))
        self._check_cut_off()

    def _title_cell(self, number: int, start: int, end: int) -> None:
        text = self.text[start:end].strip()
        if not text:
            return
        where = self.ledger.consume(self.line, start, end)
        both = split_bilingual_title(text)
        if both:
            self.parsed.add_title(number, "zh", both[0], where)
            self.parsed.add_title(number, "en", both[1], where)
        else:
            self.parsed.add_title(number, "zh" if has_han(text) else "en", text, where)

    def _rule_cell(self, number: RuleNumber, start: int, end: int) -> None:
        cell = self.text[start:end]
        if not cell.strip():
            return  # the number cell of a row
        if self.orphan:
            self._adopt_orphan(number)
        lead = len(cell) - len(cell.lstrip())
        if has_han(cell.lstrip()[:1]):
            self._add_text(number, "zh", start + lead, end)
            return
        # English cell: English text, then maybe a 例如 example, an Example, or the next row's Chinese.
        parts = self._split_english_cell(start + lead, end)
        for kind, a, b in parts:
            if kind == "en":
                self._add_text(number, "en", a, b)
            elif kind in ("en-example", "zh-example"):
                self._add_example(number, kind[:2], a, b)
            else:
                self.orphan = (a, b)

    def _split_english_cell(self, start: int, end: int) -> list[tuple[str, int, int]]:
        text = self.text
        parts: list[tuple[str, int, int]] = []
        english_end = end
        for m in HAN.finditer(text, start, end):
            cut = m.start()
            while cut > start and text[cut - 1] in " “「（(":  # opening marks belong to the Chinese
                cut -= 1
            before = text[start:cut].rstrip()
            if before and before[-1] in SENTENCE_END:
                english_end = cut
                break
        parts.append(("en", start, english_end))
        rest = english_end
        while rest < end:
            piece = text[rest:end]
            lead = len(piece) - len(piece.lstrip())
            at = rest + lead
            if at >= end:
                break
            zh_example = EXAMPLE_ZH.match(text, at)
            en_example = EXAMPLE_EN.match(text, at)
            if zh_example:
                stop = text.find("Example:", at, end)
                stop = end if stop < 0 else stop
                parts.append(("zh-example", at, stop))
                rest = stop
            elif en_example:
                parts.append(("en-example", at, end))
                rest = end
            else:
                example = EXAMPLE_ZH.search(text, at + 1, end)
                stop = example.start() if example else end
                parts.append(("orphan", at, stop))
                rest = stop
        return parts

    def _adopt_orphan(self, number: RuleNumber) -> None:
        start, end = self.orphan
        self.orphan = None
        if "zh" in self.parsed.rules.get(number, {}):
            self.ledger.skip(self.line, f"unnumbered Chinese paragraph before {number}, which has its own", start, end)
            self.parsed.error(f"unnumbered Chinese paragraph before {number}, which already has Chinese text",
                              self.here(start))
            return
        self.parsed.warn(f"Chinese paragraph without its number read as {number}", self.here(start))
        self._add_text(number, "zh", start, end)

    def _add_text(self, number: RuleNumber, lang: str, start: int, end: int) -> None:
        text = self.text[start:end].strip()
        where = self.ledger.consume(self.line, start, end)
        rule_text = RuleText(text, where)
        if self.parsed.add_rule(number, lang, rule_text):
            self.last_owner = rule_text
            if lang == "en":
                self._report_damage(text, where)

    def _add_example(self, number: RuleNumber, lang: str, start: int, end: int) -> None:
        prefix = (EXAMPLE_EN if lang == "en" else EXAMPLE_ZH).match(self.text, start)
        where = self.ledger.consume(self.line, start, end)
        target = self.parsed.rules.get(number, {}).get(lang)
        if target is None:
            target = RuleText("", where)
            self.parsed.add_rule(number, lang, target)
            self.parsed.warn(f"{lang} example of {number} with no {lang} rule text", where)
        passage = Passage(self.text[prefix.end(): end].strip(), where)
        target.examples.append(passage)
        self.last_owner = target
        if lang == "en":
            self._report_damage(passage.text, where)

    def _report_damage(self, text: str, where: Provenance) -> None:
        for pattern, what in DAMAGE:
            hits = sorted({_word_at(text, m.start()) for m in pattern.finditer(text)})
            if hits:
                self.parsed.warn(f"looks damaged ({what}): {', '.join(hits)}", where)

    def _check_cut_off(self) -> None:
        tail = self.text.rstrip()
        if self.last_owner is not None and tail and tail[-1] not in SENTENCE_END:
            self.last_owner.incomplete = True
            self.parsed.warn("the text breaks off mid-sentence: the last rule is marked incomplete",
                             self.here(len(tail) - 1))


def _word_at(text: str, index: int) -> str:
    """The whitespace-delimited word around index, to show a damaged spot in context."""
    start = text.rfind(" ", 0, index) + 1
    end = text.find(" ", index)
    return text[start: end if end >= 0 else len(text)].strip(".,()“”")
