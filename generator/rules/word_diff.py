"""Differences of wording: words for similarity, and a word diff as HTML. Which rule became which
is history/lineage.py's job."""
from __future__ import annotations

import re
from difflib import SequenceMatcher

from ..safe import html_text

WORD = re.compile(r"[A-Za-z0-9’']+|[\u3400-\u9fff]|\s+|.", re.S)  # for showing differences
WORDS = re.compile(r"[A-Za-z0-9’']+|[\u3400-\u9fff]")  # for similarity: words only, spaces would always agree
# Typography the official files changed between releases without changing a word: curly and
# straight quotes (1,401 rules between 2018-10-05 and 2019-01-25, and back in the next release),
# dashes, minus signs, ellipses, spaces and line breaks, the 2009 files' underscores around
# italics (_Magic_). Not a product's mark (Future Sight® in 2022-06-10, ™ in 2023-10-13): the
# translation writes the marks too, and its next release changed them with the English's, so such a
# rule is edited, for its translators' work list as for its history.
TYPOGRAPHY = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2014": "-",
                            "\u2013": "-", "\u2212": "-", "\u00a0": " "})
ITALICS = re.compile(r"(?<![\w_])_(\w[^_\n]*?)_(?![\w_])")


def words(text: str) -> list[str]:
    return WORDS.findall(text.casefold())


def wording(text: str) -> str:
    """The text with its typography made uniform: two texts with the same wording are equal here."""
    text = ITALICS.sub(r"\1", text.translate(TYPOGRAPHY).replace("\u2026", "...").replace("--", "-"))
    return re.sub(r"\s+", " ", text).strip()


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
