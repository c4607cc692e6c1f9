"""The search index: entries for the rules, written by us, and Material's index rewritten compactly
and findable in both Chinese scripts.

Blocks of rules and glossary entries bypass Material's HTML parser (see mkdocs_plugin):
rule_entries makes the entries that parser would make of them, one per heading, with the same text
(tags dropped, text escaped as in the HTML, paragraphs as spaces) and Chinese words separated by
U+200B as Material does with jieba. A test compares them with the parser's on every seed block.

Material writes the index with json.dumps' default ASCII escapes: every Chinese character costs
six bytes (`\\u6b66`) instead of three, and so does every U+200B that jieba's segmentation adds.
U+200B marks word boundaries for lunr; next to a character the search separator already splits on
(space, hyphen, Chinese punctuation) it is redundant, and it is dropped there. Entries whose text
is Traditional Chinese (the 2009 source) also get the Simplified spelling of their words, so
that 结合 finds 結合 as well.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

from backrefs import bre

from .termbase import convert_all

HEADING = re.compile(r"<h([1-6]) id=\"?([^\s\">]+)\"?>(.*?)</h\1>", re.S)
EXCLUDED = re.compile(r"<(\w+)[^>]*\sdata-search-exclude[\s>][^<]*(?:<(?!/?\1[\s>])[^<]*)*</\1>", re.S)
TAG = re.compile(r"<(/?)(\w+)[^>]*>")
KEPT = {"code", "pre", "li", "ol", "ul", "sub", "sup"}  # tags Material keeps in the text, bare
EMPTY_KEPT = re.compile(r"<(\w+)>\s*</\1>")
SPACES = re.compile(r" {2,}")
HAN = bre.compile(r"\p{script: Han}+", bre.UNICODE)  # the runs Material's search plugin segments


def rule_entries(location: str, block: str, segment) -> list[dict] | None:
    """One entry per heading of a block: {location, title, text}; None when the block has text
    before its first heading (Material would add that to the section before the block)."""
    block = EXCLUDED.sub("", block)
    headings = list(HEADING.finditer(block))
    if _text(block[:headings[0].start()] if headings else block):
        return None
    entries = []
    for heading, following in zip(headings, headings[1:] + [None]):
        body = block[heading.end():following.start() if following else len(block)]
        entries.append({"location": f"{location}#{heading.group(2)}",
                        "title": segment(_text(heading.group(3))), "text": segment(_text(body))})
    return entries


def _text(html_text: str) -> str:
    """Text as Material's parser reads it (tags dropped but for a few kept bare, text escaped), with
    one difference: a paragraph is a word boundary, not a tag (rule cells are paragraphs whose end
    tags are left out, which Material would keep as stray <p>s)."""
    def tag(m: re.Match) -> str:
        name = m.group(2)
        return f"<{m.group(1)}{name}>" if name in KEPT else " " if name == "p" else ""
    parts = re.split(r"(<[^>]+>)", EMPTY_KEPT.sub("", TAG.sub(tag, html_text)))
    text = "".join(p if p.startswith("<") else html.escape(html.unescape(p), quote=False) for p in parts)
    return SPACES.sub(" ", text.replace("\n", " ")).strip()


class Segmenter:
    """Chinese words separated by U+200B (jieba, as Material's search plugin does), remembered per
    run of Chinese characters: runs repeat, and `mkdocs serve` keeps the plugin, so a rebuild
    segments only what changed."""

    def __init__(self):
        import jieba
        self.cut = jieba.cut
        self.known: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        return HAN.sub(self._run, text).strip("\u200b")

    def _run(self, run: re.Match) -> str:
        done = self.known.get(run.group())
        if done is None:
            done = self.known[run.group()] = "\u200b" + "\u200b".join(self.cut(run.group())) + "\u200b"
        return done


def write_search_index(path: Path, rule_entries_by_page: dict[str, list[dict]]) -> None:
    """Add the rule entries after their page's own entries (pages not in the index are gone), then
    write the index compactly."""
    if not path.exists():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    docs: list[dict] = []
    for i, entry in enumerate(data.get("docs", [])):
        docs.append(entry)
        page = entry["location"].split("#")[0]
        following = data["docs"][i + 1]["location"].split("#")[0] if i + 1 < len(data["docs"]) else None
        if following != page:
            docs += rule_entries_by_page.get(page, [])
    data["docs"] = docs
    separator = data.get("config", {}).get("separator", r"[\s\u200b\-]+")
    splits = re.compile(separator.replace("\\u200b", ""))
    redundant = re.compile(rf"\u200b+(?={splits.pattern})|(?<={_single(splits.pattern)})\u200b+|^\u200b+|\u200b+$")
    for entry in data.get("docs", []):
        for field in ("title", "text"):
            if field in entry:
                entry[field] = redundant.sub("", entry[field])
    texts = [entry.get("text", "") for entry in data.get("docs", [])]
    for entry, text, simplified in zip(data.get("docs", []), texts, convert_all("t2s", texts)):
        if simplified != text:
            extra = {w for w in simplified.split("\u200b") if w and w not in text}
            if extra:
                entry["text"] = text + "\u200b" + "\u200b".join(sorted(extra))
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def _single(pattern: str) -> str:
    """A one-character version of a separator class such as "[\\s\\-、]+" (lookbehind needs a fixed width)."""
    return pattern[:-1] if pattern.endswith("+") else pattern
