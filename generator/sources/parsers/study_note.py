"""A study note in Markdown (seed 004): kept whole as a page, and mined for bilingual term pairs.

Pairs are read where the Chinese term is unambiguous: bold terms (`**消灭**（Destroy）：...`), the
first term of a list item (`- 开始阶段（Beginning Phase）`) and terms listed after 、 or 如. A term in
running prose (`拥有优先权（Priority）的牌手`) has no clear left edge, so it is not taken.
"""
from __future__ import annotations

import re

from ...rules.model import ParsedSource, Provenance, SourceSpec, TermPair
from ..decoding import SourceText
from ..ledger import Ledger
from .common import RULE_LINE

FORMAT = "study-note"
CANDIDATE = re.compile(
    r"(?P<bold>\*\*)?(?P<zh>[\u3400-\u4dbf\u4e00-\u9fff]{1,12})(?(bold)\*\*)"
    r"[（(](?P<en>[A-Za-z][A-Za-z '’\-]*?)\s*(?:[，,][^）)]*)?[）)]"
)
LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
TERM_END = re.compile(r"$|[：:、，,\s]|是")  # what may follow a term that stands on its own


def _pairs(body: str, is_list_item: bool):
    """(zh, en, definition) for each unambiguous pair in one line."""
    for m in CANDIDATE.finditer(body):
        zh, left = m.group("zh"), body[: m.start()]
        for lead in ("比如", "例如", "如"):  # "如结界（Enchantment）": the term follows 如
            if zh.startswith(lead) and len(zh) > len(lead):
                zh, left = zh[len(lead):], left + lead
        if m.group("bold"):
            edge = True
        elif left:
            edge = left.endswith(("、", "如")) and bool(TERM_END.match(body, m.end()))
        else:
            ends = TERM_END.match(body, m.end())
            edge = bool(ends) and (is_list_item or body[m.end(): m.end() + 1] == "是")
        if not edge:
            continue
        rest = body[m.end():]
        definition = rest[1:].strip() if rest[:1] in "：:" else (rest.strip() if rest[:1] == "是" else "")
        yield zh, m.group("en").strip(), definition


def sniff(source: SourceText) -> bool:
    headings = sum(1 for line in source.lines if re.match(r"#{1,6} \S", line))
    rules = sum(1 for line in source.lines if RULE_LINE.fullmatch(line.strip() or "x"))
    return headings >= 1 and rules < 3


def parse(source: SourceText, spec: SourceSpec) -> tuple[ParsedSource, Ledger]:
    parsed = ParsedSource(spec)
    ledger = Ledger(source.path, source.lines)
    parsed.page = "\n".join(source.lines).strip() + "\n"
    for number, line in source.numbered():
        if not line.strip():
            continue
        ledger.consume(number)
        body = LIST_MARK.sub("", line)
        for zh, en, definition in _pairs(body, body != line):
            parsed.terms.append(TermPair(zh, en, definition, Provenance(source.path, number)))
    if not parsed.terms:
        parsed.warn("no bilingual term pairs found in the note")
    return parsed, ledger
