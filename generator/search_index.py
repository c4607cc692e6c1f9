"""Rewrite Material's search index compactly, and findable in both Chinese scripts.

Material writes the index with json.dumps' default ASCII escapes: every Chinese character costs
six bytes (`\\u6b66`) instead of three, and so does every U+200B that jieba's segmentation adds.
Entries whose text is Traditional Chinese (the 2009 source) also get the Simplified spelling of
their words, so that 结合 finds 結合 as well.
"""
from __future__ import annotations

import json
from pathlib import Path

from .termbase import converter


def compact_search_index(path: Path) -> None:
    if not path.exists():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    t2s = converter("t2s")
    for entry in data.get("docs", []):
        text = entry.get("text", "")
        simplified = t2s.convert(text)
        if simplified != text:
            extra = {w for w in simplified.split("\u200b") if w and w not in text}
            if extra:
                entry["text"] = text + "\u200b" + "\u200b".join(sorted(extra))
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
