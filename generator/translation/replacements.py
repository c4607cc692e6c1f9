"""What the translators replaced between two releases, in rules whose English stayed the same: 进场
by 进战场 in 14 rules, 世界 by 普世 in four. A replacement made in several rules and not made in
another that still has the old wording is the strongest evidence the check has: the translators
chose, and this rule was missed.

A change is read from the two Chinese texts character by character; changes a character or two
apart are one change, and each side is widened by a character of context, left and right in turn, until it holds two, so
that an inserted 战 reads 进场 -> 进战场 wherever it was inserted.
"""
from __future__ import annotations

import re
from collections import defaultdict
from difflib import SequenceMatcher
from typing import NamedTuple

from .renderings import phrases_of

HAN = re.compile(r"[\u4e00-\u9fff]")
MIN_RULES = 3  # rules a replacement was made in before it is a choice
MAX_LENGTH = 8  # longer changes are rewrites, not a wording replaced


class Replacement(NamedTuple):
    old: str
    new: str
    release: str  # the release that made it
    rules: tuple[str, ...]  # the rules it was made in
    kept: int  # rules of that release that still have the old wording
    phrases: frozenset[str]  # the longest English phrases all those rules have: what the wording renders

    def applies(self, en: str, zh: str) -> bool:
        """Whether a rule still has the old wording where its English has the phrase it rendered
        (403.5's 进场 quotes the old “into play”, not “enters the battlefield”)."""
        return self.old in zh and (not self.phrases or bool(self.phrases & phrases_of(en)))


def changes(old: str, new: str) -> list[tuple[str, str]]:
    """(old wording, new wording) for each change between two Chinese texts of one rule."""
    ops = [op for op in SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if op[0] != "equal"]
    merged: list[list[int]] = []
    for _, i1, i2, j1, j2 in ops:
        if merged and i1 - merged[-1][1] <= 1 and j1 - merged[-1][3] <= 1:
            merged[-1][1], merged[-1][3] = i2, j2
        else:
            merged.append([i1, i2, j1, j2])
    found = []
    for i1, i2, j1, j2 in merged:
        left = True  # widen by a character on each side in turn
        while (i2 - i1 < 2 or j2 - j1 < 2) and (i1 > 0 or i2 < len(old)):
            can_left = i1 > 0 and j1 > 0 and old[i1 - 1] == new[j1 - 1]
            can_right = i2 < len(old) and j2 < len(new) and old[i2] == new[j2]
            if can_left and (left or not can_right):
                i1, j1 = i1 - 1, j1 - 1
            elif can_right:
                i2, j2 = i2 + 1, j2 + 1
            else:
                break
            left = not left
        before, after = old[i1:i2], new[j1:j2]
        if HAN.findall(before) != HAN.findall(after) and len(before) <= MAX_LENGTH and len(after) <= MAX_LENGTH \
                and before not in after:  # the same characters with other spaces or marks: a mechanical slip
            found.append((before, after))
    return found


def made(release: str, pairs: list[tuple[str, str, str, str]]) -> list[Replacement]:
    """The replacements a release made in several rules: `pairs` holds (rule, its English, the
    older release's Chinese, this release's Chinese) for every rule whose English stayed the same."""
    rules_of: dict[tuple[str, str], set[str]] = defaultdict(set)
    english = {rule: en for rule, en, _, _ in pairs}
    for rule, _, old, new in pairs:
        if old != new:
            for change in changes(old, new):
                rules_of[change].add(rule)
    found = []
    for (before, after), rules in sorted(rules_of.items()):
        if len(rules) >= MIN_RULES:
            kept = sum(1 for _, _, _, new in pairs if before in new)
            common = set.intersection(*(phrases_of(english[rule]) for rule in rules))
            longest = max((len(p.split()) for p in common), default=0)
            found.append(Replacement(before, after, release, tuple(sorted(rules)), kept,
                                     frozenset(p for p in common if len(p.split()) == longest)))
    return found
