"""The reasons the history gives: the English edited since an older edition whose Chinese the rule
still has, compared like with like; a wording a later release of the translation replaced in
several rules and not in this one (replacements.py); and what the last edit of the rule's Chinese
brought, which weighs more (translation/check.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import NamedTuple

from ..history.lineage import Lineage
from ..rules.model import Edition, Rule
from ..rules.numbers import RuleNumber
from ..rules.word_diff import words
from . import punctuation
from .reason import Reason
from .replacements import Replacement, made

OWN_KINDS = {"variant", "unlike", "missing", "extra", "swapped", "numbers", "sentences", "doubled", "bracketed", "length",
             "negation", "typing", "qualifier", *punctuation.NAMES}  # the kinds a rule's own two texts give
NEW_WEIGHT = 1.6  # a reason the rule's Chinese of the last release did not give
NEW_FLOOR = 2.7  # the least a sharp reason weighs that an edit brought where the English stayed the same
SHARP_KINDS = {"variant", "unlike", "swapped", "missing", "numbers", "sentences", "doubled", "negation", "typing", "qualifier",
               "unpaired", "comma-end", "stop-after-quote", "doubled-stop", "half-width", "space"}


@dataclass
class History:
    """The editions with English up to the checked one, oldest first, the lineage into each, and
    their rules by number (history.english_chain)."""
    chain: list[Edition]
    steps: list[Lineage | None]
    rules: dict[str, dict[RuleNumber, Rule]] = field(default_factory=dict)

    def __post_init__(self):
        self.rules = {e.date: {r.number: r for r in e.rules()} for e in self.chain}


class Before(NamedTuple):
    """A rule's Chinese in the last release in which it differs: when, the reasons it gave, and
    whether the English text stayed the same since (then the translators edited unprompted)."""
    date: str
    reasons: list[Reason]
    english_same: bool
    zh: str | None = None  # its Chinese text then (none for a rule added since)


def marked_new(reasons: list[Reason], before: Before | None) -> list[Reason]:
    """A reason the rule's Chinese of the last release did not give (the same kind saying the same,
    counts aside) weighs more, and says so: the Chinese was edited since, and the edit brought it
    (a slip is made as text is written; one that stood through releases has been read more often).
    Where the English stayed the same, the edit was the translators' own, and a sharp reason it
    brought weighs at least NEW_FLOOR, however little it weighs in a text of its own (a qualifier,
    a negation dropped in an edit that had nothing to follow)."""
    if before is None:
        return reasons
    had = {_gist(r) for r in before.reasons}
    marked = []
    for r in reasons:
        if r.kind in OWN_KINDS and _gist(r) not in had:
            weight = r.weight * NEW_WEIGHT
            if before.english_same and r.kind in SHARP_KINDS:
                weight = max(weight, NEW_FLOOR)
            r = replace(r, weight=round(weight, 2), text=f"{r.text} (new since {before.date})")
        marked.append(r)
    return marked


def _gist(reason: Reason) -> tuple[str, str]:
    """What a reason says, without the counts that change with the rest of the document."""
    return reason.kind, re.sub(r"\d+|once|twice|nowhere", "", reason.text)


# ---- history -----------------------------------------------------------------------------------
def history_reasons(rule: Rule, edition: Edition, history: History | None) -> list[Reason]:
    """The English changed since an older edition whose Chinese this rule still has (followed back
    through the lineage of the English), or since the edition a carried Chinese translates. Like
    is compared with like: the rule's text where its English text changed and its Chinese text is
    that edition's word for word, its examples where the English examples changed and the Chinese
    examples are that edition's; where the Chinese followed, nothing is said."""
    carried = edition.carried.get(rule.number)
    if carried is not None:
        return [Reason("changed", 4.0, f"the English changed since {carried.translates}, the edition the Chinese "
                                       f"translates")] if carried.stale else []
    if history is None:
        return []
    number, text_changed, examples_changed = rule.number, False, False
    for older, step in zip(reversed(history.chain[:-1]), reversed(history.steps)):
        link = step.of_new(number) if step else None
        if link is None or link.old is None:
            return []
        text_changed, examples_changed = text_changed or link.text_changed, examples_changed or link.examples_changed
        number = link.old
        before = history.rules[older.date].get(number)
        if before is None or "zh" not in before.texts:
            continue
        en_then, en_now, zh_then, zh_now = before.texts["en"], rule.texts["en"], before.texts["zh"], rule.texts["zh"]
        if zh_then.text == zh_now.text and [e.text for e in zh_then.examples] == [e.text for e in zh_now.examples] \
                and not text_changed and not examples_changed:
            continue  # the same in both languages since then: look further back
        reasons = []
        if text_changed and zh_then.text == zh_now.text and en_then.text != en_now.text:
            edit, size = _edit(en_then.text, en_now.text)
            reasons.append(Reason("changed", round(1.0 + min(4.0, size / 2), 2),
                                  f"the English changed since {older.date} ({edit}); the Chinese is still that edition's"))
        examples_then, examples_now = [e.text for e in en_then.examples], [e.text for e in en_now.examples]
        if examples_changed and examples_then != examples_now and zh_now.examples and \
                [e.text for e in zh_then.examples] == [e.text for e in zh_now.examples]:
            edit, size = _edit("\n".join(examples_then), "\n".join(examples_now))
            reasons.append(Reason("changed", round(1.0 + min(2.0, size / 4), 2),
                                  f"the English examples changed since {older.date} ({edit}); the Chinese examples are "
                                  f"still that edition's"))
        return reasons
    return []


def _edit(old: str, new: str, most: int = 2) -> tuple[str, int]:
    """The first edits from one English text to the other, said in words (“a few” became “some”,
    added “by a defending player”, dropped “transforming”), and how many words changed."""
    a, b = words(old), words(new)
    said, size = [], 0
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        gone, came = _phrase(a[i1:i2]), _phrase(b[j1:j2])
        size += sum(1 for w in a[i1:i2] + b[j1:j2] if w.isalnum())
        if not gone and not came:
            continue
        said.append(f"“{gone}” became “{came}”" if gone and came else f"added “{came}”" if came else f"dropped “{gone}”")
    more = f", and {len(said) - most} more" if len(said) > most else ""
    return "; ".join(said[:most]) + more, size


def _phrase(tokens: list[str], longest: int = 8) -> str:
    """Words of a diff as text, punctuation kept where it stands, cut after `longest` words."""
    text = " ".join(tokens[:longest]).replace(" ,", ",").replace(" .", ".").strip()
    return text + ("…" if len(tokens) > longest else "")


def replacements(history: History, edition: Edition) -> list[Replacement]:
    """The replacements each release of the translation in the history made, the checked one too,
    against the release before it, in the rules whose English text stayed the same between them."""
    found, older = [], None
    for index, release in enumerate(history.chain):
        if not any("zh" in r.texts for r in history.rules[release.date].values()):
            continue
        if older is not None:
            pairs = []
            for number, rule in history.rules[release.date].items():
                before = _back(history, number, older, index)
                if before is not None and "zh" in rule.texts and "zh" in before.texts and number not in release.carried:
                    pairs.append((str(number), rule.texts["en"].text, before.texts["zh"].text, rule.texts["zh"].text))
            found += made(release.date, pairs)
        older = index
    return found


def added_since(history: History | None) -> tuple[set[RuleNumber], str | None]:
    """The rules of the checked edition that its oldest history edition lacks (followed through
    the lineage), and that edition's date."""
    if history is None or len(history.chain) < 2:
        return set(), None
    added = set()
    for number in history.rules[history.chain[-1].date]:
        old = number
        for step in reversed(history.steps):
            link = step.of_new(old) if step else None
            if link is None or link.old is None:
                added.add(number)
                break
            old = link.old
    return added, history.chain[0].date


def _back(history: History, number: RuleNumber, older: int, newer: int) -> Rule | None:
    """The rule of edition `older` that rule `number` of edition `newer` was, if its English text
    did not change on the way."""
    for step in reversed(history.steps[older:newer]):
        link = step.of_new(number) if step else None
        if link is None or link.old is None or link.text_changed:
            return None
        number = link.old
    return history.rules[history.chain[older].date].get(number)


def replaced_reasons(rule: str, en: str, zh: str, replaced: list[Replacement]) -> list[Reason]:
    """The old wording of a replacement the translators made in several rules, still in this one
    where its English has what the wording rendered; surer the fewer rules of that release kept it."""
    reasons = []
    for r in replaced:
        if rule not in r.rules and r.applies(en, zh):
            share = len(r.rules) / (len(r.rules) + max(r.kept, 1))
            weight = round(4.5 * share ** 2 * min(1.0, len(r.rules) / 6), 2)
            if weight >= 0.2:
                reasons.append(Reason("replaced", weight, f"in {r.release} the translators changed {r.old} to {r.new} in "
                                                          f"{len(r.rules)} rules ({', '.join(r.rules[:4])}{'…' if len(r.rules) > 4 else ''}); "
                                                          f"this rule still has {r.old}"))
    return sorted(reasons, key=lambda reason: -reason.weight)[:2]
