"""Negations counted sentence by sentence in both languages: a Chinese sentence with fewer than its
English says the opposite (不能 typed as 能, 没有 as 有), a slip no other check sees, since every
word of the sentence is still right.

Each kind of negation is counted apart, in the forms each language writes it: a plain negation
(not, n't, never, no, none, without, non-X, untapped: 不, 没, 无, 未, 非), "unless" (除非) and
"only" (只, 仅, 才, 唯). A Chinese word whose 不 or 无 negates nothing the English says (不同
"different", 无色 "colorless", 无论 "regardless") is not counted. The counts do not always agree,
since the Chinese says some things with a negation that the English says without one; what counts
is a Chinese sentence with fewer, which the translation seldom writes.
"""
from __future__ import annotations

import re
from typing import NamedTuple

KINDS = {
    "not": (re.compile(r"\b(?:not|never|cannot|no(?! matter)|none|nothing|nobody|neither|without|non-?[a-z]{3,}|"
                       r"(?-i:un[a-z]{3,}(?:ed|able|ible)))\b|n[’']t\b", re.I),
            re.compile(r"[不没无未非否勿莫]")),
    "unless": (re.compile(r"\bunless\b", re.I), re.compile(r"除非|否则")),
    "only": (re.compile(r"\bonly\b", re.I), re.compile(r"[只仅才唯]")),
    "except": (re.compile(r"\bexcept\b", re.I), re.compile(r"除|以外|之外|例外")),
}
LISTED_NO = re.compile(r"(?:,\s*(?:and|or)?|\s+(?:and|or))\s+no\b", re.I)  # the second "no" of a list
FLAGGED = ("not", "unless")  # "only" and "except" are counted for what the Chinese may say instead
NAMES = {"not": "a negation", "unless": "“unless”"}
CHINESE = {"not": "不, 没, 无, 未, 非", "unless": "除非"}


class Shortfall(NamedTuple):
    """A sentence pair whose Chinese has fewer negations of a kind than its English."""
    kind: str
    en: str
    zh: str
    en_count: int
    zh_count: int


def counts(en: str, zh: str) -> dict[str, tuple[int, int]]:
    """Kind -> (in the English, in the Chinese); a list of "no"s (“no text, no name, and no
    subtypes”) is one negation, as the Chinese says it once (没有内文、名称和副类别)."""
    en = LISTED_NO.sub(" ", en)
    return {kind: (len(english.findall(en)), len(chinese.findall(zh))) for kind, (english, chinese) in KINDS.items()}


def shortfalls(pairs: list[tuple[str, str]]) -> list[Shortfall]:
    """The sentence pairs of a rule whose Chinese has fewer negations of a kind than the English."""
    found = []
    for en, zh in pairs:
        counted = counts(en, zh)
        said = sum(in_zh for _, in_zh in counted.values())  # every word of the kind the Chinese has
        needed = 0
        for kind in FLAGGED:
            in_en, in_zh = counted[kind]
            needed += in_en
            if in_zh < in_en and said < needed:  # can't ... except: 只能, no negation but "only"
                found.append(Shortfall(kind, en, zh, in_en, in_zh))
    return found


def describe(shortfall: Shortfall) -> str:
    said = f"{shortfall.en_count} times" if shortfall.en_count > 1 else "once"
    chinese = f"only {shortfall.zh_count}" if shortfall.zh_count else "none"
    return (f"the English sentence says {NAMES[shortfall.kind]} {said} and its Chinese has {chinese} "
            f"({CHINESE[shortfall.kind]}): a negation may be missing in “{_short(shortfall.zh)}”")


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
