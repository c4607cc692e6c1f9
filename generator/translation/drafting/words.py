"""The words of the drafts: how English is cut into tokens and compared (an inflection changes no
Chinese), the marks a draft writes, and the Draft itself."""
from __future__ import annotations

import re
from typing import Iterable, NamedTuple

TOKEN = re.compile(r"\d+(?:\.\d+[a-z]?)?(?:[–-]\d*[a-z]?)?|\{[^}]*\}|[A-Za-z]+(?:['’-][A-Za-z]+)*|\S")
NUMBER = re.compile(r"\d+(?:\.\d+[a-z]?)?(?:[–-]\d*[a-z]?)?$")
HAN = re.compile(r"[\u4e00-\u9fff]")
# English words whose edits need no change of the Chinese (articles, “for as long as”)
QUIET = frozenset("a an the for of that which this these those its their is are was were be been being one single".split())
MARK_OPEN, MARK_CLOSE = "[", "]"
GLOSS = re.compile(r"\[[^\]]*\]$")  # the English in brackets after a name's lead: 水豚[Capybara]
UNKNOWN_OPEN, UNKNOWN_CLOSE = "\x01", "\x02"  # an untranslated word's brackets while a sentence is translated
MOST = 99  # a draft's quality at best: it is never an exact match
STOPS = "。！？"
PUNCTUATION = {",": "，", ".": "。", ";": "；", ":": "：", "(": "（", ")": "）", "?": "？", "!": "！"}


class Draft(NamedTuple):
    """A sentence's draft: its Chinese, the share of its English covered (0-99), and what was done."""
    text: str
    quality: int
    repaired: tuple[str, ...] = ()  # the edits carried over, as "old → new" (English)
    kept: tuple[str, ...] = ()  # the English shown in brackets
    source: str | None = None  # the memory's English it was made from (a new sentence's parallel)
    lost: int = 0  # English removed or replaced whose Chinese it did not find (so still holds)
    placed: int = 0  # edits of the English carried over in their place (their Chinese, or their English in brackets)
    pieced: tuple[str, ...] = ()  # the English of edits whose Chinese was translated phrase by phrase


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def spans(text: str) -> list[tuple[int, int]]:
    """Where each token of `text` starts and ends."""
    return [m.span() for m in TOKEN.finditer(text)]


def stem(word: str) -> str:
    """A word for the diff: an inflection (counters, creates) changes no Chinese."""
    word = word.lower().replace("’", "'")
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "'s")):
        return word[:-1]
    return word


def bases(word: str) -> list[str]:
    """A word and the forms it may be listed under (cloaked: cloak; untapping: untap)."""
    found = [word]
    for ending, back in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""),
                         ("ing", "e")):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            found.append(word[:len(word) - len(ending)] + back)
    if len(found[-1]) > 3 and found[-1][-1] == found[-1][-2]:  # tapped: tap
        found.append(found[-1][:-1])
    return list(dict.fromkeys(found))


def phrase_key(words: Iterable[str]) -> str:
    return " ".join(w.lower().replace("’", "'") for w in words)


def content_words(words: list[str]) -> list[str]:
    return [w for w in words if w[:1].isalnum() and w.lower() not in QUIET]


def listed_forms(key: str) -> list[str]:
    """A phrase and the forms it may be listed under (its last word's bases)."""
    head, _, last = key.rpartition(" ")
    return [f"{head} {base}".strip() for base in bases(last)]


def holds_name(words: list[str], start: int, size: int, whole: bool = True) -> bool:
    """Whether words[start:start + size] hold a name: a capitalised word that does not start the
    sentence (where `words` are one), a quotation or a parenthesis."""
    return any(word[:1].isupper() and (not whole if at == 0 else words[at - 1] not in (".", "“", "\"", "(", "—", ":"))
               for at, word in enumerate(words[start:start + size], start))
