"""Families of parallel sentences: sentences of different rules whose English is the same but for
the keyword their rules are about and the numbers they cite (“Paying a card's buyback cost follows
the rules for paying additional costs in rules 601.2b and 601.2f-h.”, and so for splice, kicker and
a dozen others). Read with the keyword and the numbers masked in both languages, a family whose
Chinese nearly all follow one pattern names the member that does not.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import NamedTuple

NUMBER = re.compile(r"\d+(?:\.\d+[a-z]?)?(?:[–-][a-z0-9]+)?")
MIN_MEMBERS = 3  # rules in a family before its pattern is evidence
USUAL = 2 / 3  # the share of a family that must write the pattern


class Sentence(NamedTuple):
    """A sentence pair of a rule, with the keyword the rule is about in each language (or empty)."""
    rule: str
    en: str
    zh: str
    keyword_en: str
    keyword_zh: str


class Odd(NamedTuple):
    rule: str
    family: tuple[str, ...]  # the rules that write the usual pattern
    size: int  # the rules of the family
    usual: str  # the pattern most write, keyword and numbers masked (～ and #)
    here: str  # this rule's


def _masked(text: str, keyword: str, lower: bool) -> str:
    if keyword:
        text = re.sub(re.escape(keyword), "～", text, flags=re.IGNORECASE) if lower else text.replace(keyword, "～")
    return NUMBER.sub("#", text).strip()


def odd_members(sentences: list[Sentence]) -> list[Odd]:
    """The sentences that write their Chinese otherwise than most of their family."""
    families: dict[str, dict[str, str]] = defaultdict(dict)  # English pattern -> rule -> Chinese pattern
    for s in sentences:
        en = _masked(s.en, s.keyword_en, lower=True)
        if len(en.split()) >= 4:  # “See rule #.” is no family: too short to say the same thing
            families[en].setdefault(s.rule, _masked(s.zh, s.keyword_zh, lower=False))
    found = []
    for members in families.values():
        if len(members) < MIN_MEMBERS:
            continue
        usual, count = Counter(members.values()).most_common(1)[0]
        if count < 2 or count < USUAL * len(members):
            continue
        family = tuple(sorted(rule for rule, zh in members.items() if zh == usual))
        found += [Odd(rule, family, len(members), usual, zh) for rule, zh in sorted(members.items()) if zh != usual]
    return found
