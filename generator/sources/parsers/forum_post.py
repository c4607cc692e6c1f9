"""A forum post of keyword rules in Traditional Chinese with the English inline (seed 003, 2009).

The post has a header (title, board, author, date), a preface, the rules and a signature footer.
Each rule reads `702.19c <Chinese> <English>`; examples follow as `例:<Chinese>Example: <English>`
pairs; keyword titles read `702.19. 結合 Banding`. Line wrapping in the original post left spaces
inside Chinese words (`結合 異能`); they are removed between two CJK characters.
"""
from __future__ import annotations

import re

from ...rules.model import ParsedSource, Passage, Provenance, RuleText, SourceSpec
from ...rules.numbers import RuleNumber, parse_number
from ..decoding import SourceText
from ..ledger import Ledger
from .common import EXAMPLE_EN, has_han, split_bilingual_title

FORMAT = "forum-post"
TOKEN = re.compile(r"(?<![\d.])(\d{3}\.\d{1,3}[a-z]?)(\.?)(?=\s*\S)")
REFERENCE_BEFORE = re.compile(r"(?:rules?|see|規則|规则|見|见|與|与|和|及|至|and|or|,)\s*$", re.IGNORECASE)
EXAMPLE_MARK = re.compile(r"例\s*[:：︰]\s*|Example:\s*")
FOOTER = re.compile(r"(?:--\s*)?※\s*發信站")
CJK = r"\u2e80-\u2fff\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef○"
WRAP_SPACE = re.compile(rf"(?<=[{CJK}])[ \u3000]+(?=[{CJK}])")
CJK_CHAR = re.compile(rf"[{CJK}]")
ENGLISH_START = re.compile(r"(?<![\w.])[A-Z\"“\[(']")
OMISSION = re.compile(r"\s*\[略\]\s*$")  # the poster's mark for rules left out of the post
POST_DATE = re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})日的Comprehensive Rules")


def sniff(source: SourceText) -> bool:
    for line in source.lines:
        if len(line) > 1000 and has_han(line):
            numbered = re.findall(r"\d{3}\.\d{1,3}[a-z] [^\x00-\x7f]", line)
            if len(numbered) >= 5:
                return True
    return False


def unwrap(text: str) -> str:
    """Remove the spaces that line wrapping left between two CJK characters."""
    return WRAP_SPACE.sub("", text)


def parse(source: SourceText, spec: SourceSpec) -> tuple[ParsedSource, Ledger]:
    parsed = ParsedSource(spec)
    ledger = Ledger(source.path, source.lines)
    body_line = max(range(1, len(source.lines) + 1), key=lambda n: len(source.line(n)))
    for number, line in source.numbered():
        if line.strip() and number != body_line:
            reason = "forum post header" if number < body_line else "forum post footer"
            ledger.skip(number, reason)
    _Body(source.path, body_line, source.line(body_line), parsed, ledger).run()
    return parsed, ledger


class _Body:
    def __init__(self, path: str, line: int, text: str, parsed: ParsedSource, ledger: Ledger):
        self.path, self.line, self.text, self.parsed, self.ledger = path, line, text, parsed, ledger

    def here(self, offset: int) -> Provenance:
        return Provenance(self.path, self.line, offset)

    def run(self) -> None:
        footer = FOOTER.search(self.text)
        end = footer.start() if footer else len(self.text)
        if footer:
            self.ledger.skip(self.line, "forum post signature", footer.start())
        tokens = self._tokens(end)
        if not tokens:
            self.ledger.skip(self.line, "post with no rule numbers", 0, end)
            self.parsed.error("no rules found in the post", self.here(0))
            return
        self.ledger.skip(self.line, "forum post preface (not rule text)", 0, tokens[0].start())
        date = POST_DATE.search(self.text, 0, tokens[0].start())
        if date:
            self.parsed.detected_edition = f"{date.group(1)}-{int(date.group(2)):02d}-{int(date.group(3)):02d}"
        for i, token in enumerate(tokens):
            stop = tokens[i + 1].start() if i + 1 < len(tokens) else end
            self.ledger.consume(self.line, token.start(), token.end())
            number = parse_number(token.group(1))
            if number.sub == "" and token.group(2):
                self._title(number, token.end(), stop)
            else:
                self._rule(number, token.end(), stop)

    def _tokens(self, end: int) -> list[re.Match]:
        found, last = [], None
        for m in TOKEN.finditer(self.text, 0, end):
            if REFERENCE_BEFORE.search(self.text[max(0, m.start() - 8): m.start()]):
                continue
            number = parse_number(m.group(1))
            if last is not None and number < last:
                continue
            found.append(m)
            last = number
        return found

    def _title(self, number: RuleNumber, start: int, end: int) -> None:
        """`702.19. 結合 Banding`: the keyword's rule, whose text is its name."""
        raw = self.text[start:end]
        where = self.ledger.consume(self.line, start, end)
        both = split_bilingual_title(unwrap(raw.strip()))
        if both:
            self.parsed.add_rule(number, "zh", RuleText(both[0], where))
            self.parsed.add_rule(number, "en", RuleText(both[1], where))
        else:
            self.parsed.add_rule(number, "zh" if has_han(raw) else "en", RuleText(unwrap(raw.strip()), where))

    def _rule(self, number: RuleNumber, start: int, end: int) -> None:
        marks = list(EXAMPLE_MARK.finditer(self.text, start, end))
        body_end = marks[0].start() if marks else end
        self._rule_body(number, start, body_end)
        for i, mark in enumerate(marks):
            stop = marks[i + 1].start() if i + 1 < len(marks) else end
            lang = "en" if EXAMPLE_EN.match(mark.group(0)) else "zh"
            where = self.ledger.consume(self.line, mark.start(), stop)
            text = self.text[mark.end():stop].strip()
            target = self.parsed.rules.get(number, {}).get(lang)
            if target is None:
                target = RuleText("", where)
                self.parsed.add_rule(number, lang, target)
                self.parsed.warn(f"{lang} example of {number} with no {lang} rule text", where)
            target.examples.append(Passage(unwrap(text) if lang == "zh" else text, where))

    def _rule_body(self, number: RuleNumber, start: int, end: int) -> None:
        raw = self.text[start:end]
        omission = OMISSION.search(raw)
        if omission:
            self.ledger.skip(self.line, "the poster's mark [略]: rules left out of the post", start + omission.start(), end)
            self.parsed.warn(f"the post leaves out the rules after {number} ([略])", self.here(start + omission.start()))
            end, raw = start + omission.start(), raw[: omission.start()]
        if not raw.strip():
            return
        lead = len(raw) - len(raw.lstrip())
        if not has_han(raw):
            self._add(number, "en", start + lead, end)
            return
        last_cjk = None
        for last_cjk in CJK_CHAR.finditer(raw):
            pass
        english = ENGLISH_START.search(raw, last_cjk.end()) if last_cjk else None
        split = start + english.start() if english else end
        self._add(number, "zh", start + lead, split)
        if english:
            self._add(number, "en", split, end)

    def _add(self, number: RuleNumber, lang: str, start: int, end: int) -> None:
        text = self.text[start:end].strip()
        if not text:
            return
        where = self.ledger.consume(self.line, start, end)
        if lang == "zh":
            text = unwrap(text)
        self.parsed.add_rule(number, lang, RuleText(text, where))
