"""Rewrite Material's search index compactly, and findable in both Chinese scripts.

Material writes the index with json.dumps' default ASCII escapes: every Chinese character costs
six bytes (`\\u6b66`) instead of three, and so does every U+200B that jieba's segmentation adds.
U+200B marks word boundaries for lunr; next to a character the search separator already splits on
(space, hyphen, Chinese punctuation) it is redundant, and it is dropped there. Entries whose text
is Traditional Chinese (the 2009 source) also get the Simplified spelling of their words, so
that 结合 finds 結合 as well.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .termbase import converter


def compact_search_index(path: Path) -> None:
    if not path.exists():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    separator = data.get("config", {}).get("separator", r"[\s\u200b\-]+")
    splits = re.compile(separator.replace("\\u200b", ""))
    redundant = re.compile(rf"\u200b+(?={splits.pattern})|(?<={_single(splits.pattern)})\u200b+|^\u200b+|\u200b+$")
    t2s = converter("t2s")
    for entry in data.get("docs", []):
        for field in ("title", "text"):
            if field in entry:
                entry[field] = redundant.sub("", entry[field])
        text = entry.get("text", "")
        simplified = t2s.convert(text)
        if simplified != text:
            extra = {w for w in simplified.split("\u200b") if w and w not in text}
            if extra:
                entry["text"] = text + "\u200b" + "\u200b".join(sorted(extra))
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def _single(pattern: str) -> str:
    """A one-character version of a separator class such as "[\\s\\-、]+" (lookbehind needs a fixed width)."""
    return pattern[:-1] if pattern.endswith("+") else pattern
