"""Differences of wording: words for similarity, and a word diff as HTML. Which rule became which
is history/lineage.py's job."""
from __future__ import annotations

import re
from difflib import SequenceMatcher

from ..safe import html_text

WORD = re.compile(r"[A-Za-z0-9’']+|[\u3400-\u9fff]|\s+|.", re.S)  # for showing differences
WORDS = re.compile(r"[A-Za-z0-9’']+|[\u3400-\u9fff]")  # for similarity: words only, spaces would always agree


def words(text: str) -> list[str]:
    return WORDS.findall(text.casefold())


def word_diff(old: str, new: str) -> str:
    """HTML of the new text with deletions and insertions marked, word by word (character by
    character in Chinese)."""
    a, b = WORD.findall(old), WORD.findall(new)
    out = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(html_text("".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            out.append(f"<del>{html_text(''.join(a[i1:i2]))}</del>")
        if op in ("insert", "replace"):
            out.append(f"<ins>{html_text(''.join(b[j1:j2]))}</ins>")
    return "".join(out)
