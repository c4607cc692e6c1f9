"""What changed between two editions: rules added, removed, changed and renumbered, with word-level
differences, and glossary changes.

Rule numbers move between editions (a new keyword shifts every later one), so a rule that is
gone from its number is looked for by its text: an identical text counts as the same rule only
when it occurs once in each edition (identical short rules at several numbers are not moves), a
similar text only when it is long enough to tell apart and similar enough (SIMILAR).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from .model import Edition
from .numbers import RuleNumber
from .safe import html_text

SIMILAR = 0.5  # word-sequence similarity needed to call a text the same rule, changed
SHORT = 30  # texts shorter than this move only when identical and unique
WORD = re.compile(r"[A-Za-z0-9’']+|[\u3400-\u9fff]|\s+|.", re.S)  # for showing differences
WORDS = re.compile(r"[A-Za-z0-9’']+|[\u3400-\u9fff]")  # for similarity: words only, spaces would always agree


def words(text: str) -> list[str]:
    return WORDS.findall(text.casefold())


@dataclass
class RuleChange:
    kind: str  # added | removed | changed | moved
    lang: str
    old: RuleNumber | None
    new: RuleNumber | None
    old_text: str | None
    new_text: str | None

    @property
    def edited(self) -> bool:
        return self.old_text is not None and self.new_text is not None and self.old_text != self.new_text

    def as_json(self) -> dict:
        return {"kind": self.kind, "lang": self.lang, "old": str(self.old) if self.old else None,
                "new": str(self.new) if self.new else None, "edited": self.edited,
                "old_text": self.old_text, "new_text": self.new_text}


@dataclass
class GlossaryChange:
    kind: str  # added | removed | changed
    term: str
    old: str | None
    new: str | None


@dataclass
class EditionDiff:
    old: str
    new: str
    rules: list[RuleChange] = field(default_factory=list)
    glossary: list[GlossaryChange] = field(default_factory=list)

    def counts(self) -> dict:
        counts: dict[str, int] = {}
        for change in self.rules:
            key = f"{change.lang} {change.kind}"
            counts[key] = counts.get(key, 0) + 1
        for change in self.glossary:
            key = f"glossary {change.kind}"
            counts[key] = counts.get(key, 0) + 1
        return dict(sorted(counts.items()))


def diff_editions(old: Edition, new: Edition) -> EditionDiff:
    result = EditionDiff(old.date, new.date)
    shared = [lang for lang in ("en", "zh") if lang in old.languages and lang in new.languages]
    for lang in shared:
        result.rules += _rule_changes(_texts(old, lang), _texts(new, lang), lang)
    result.glossary = _glossary_changes(old, new)
    return result


def _texts(edition: Edition, lang: str) -> dict[RuleNumber, str]:
    return {rule.number: rule.texts[lang].text for rule in edition.rules() if lang in rule.texts}


def _rule_changes(old: dict[RuleNumber, str], new: dict[RuleNumber, str], lang: str) -> list[RuleChange]:
    old_left = {n: t for n, t in old.items() if new.get(n) != t}
    new_left = {n: t for n, t in new.items() if old.get(n) != t}
    pairs: list[tuple[RuleNumber, RuleNumber]] = []
    # 1. the same text, once in each edition, now at another number
    old_count, new_count = _counts(old.values()), _counts(new.values())
    new_by_text = {t: n for n, t in new_left.items()}
    for number, text in sorted(old_left.items()):
        if old_count[text] == 1 and new_count.get(text) == 1 and text in new_by_text:
            pairs.append((number, new_by_text[text]))
    for a, b in pairs:
        del old_left[a], new_left[b]
    # 2. similar texts, best pairs first; the same number wins a tie
    tokens = {("o", n): words(t) for n, t in old_left.items()} | {("n", n): words(t) for n, t in new_left.items()}
    candidates = []
    for a, text_a in old_left.items():
        if len(text_a) < SHORT:
            continue
        for b, text_b in new_left.items():
            if len(text_b) < SHORT or not 0.5 <= len(text_a) / len(text_b) <= 2:
                continue
            matcher = SequenceMatcher(None, tokens[("o", a)], tokens[("n", b)], autojunk=False)
            if matcher.real_quick_ratio() < SIMILAR or matcher.quick_ratio() < SIMILAR:
                continue
            ratio = matcher.ratio()
            if ratio >= SIMILAR:
                candidates.append((-ratio, a != b, a, b))
    used_old, used_new = set(), set()
    for _, _, a, b in sorted(candidates):
        if a not in used_old and b not in used_new:
            used_old.add(a)
            used_new.add(b)
            pairs.append((a, b))
    changes = [RuleChange("changed" if a == b else "moved", lang, a, b, old[a], new[b]) for a, b in pairs]
    changes += [RuleChange("removed", lang, n, None, t, None) for n, t in old_left.items() if n not in used_old]
    changes += [RuleChange("added", lang, None, n, None, t) for n, t in new_left.items() if n not in used_new]
    return sorted(changes, key=lambda c: (c.new or c.old, c.old or c.new))


def _counts(texts) -> dict[str, int]:
    counts: dict[str, int] = {}
    for text in texts:
        counts[text] = counts.get(text, 0) + 1
    return counts


def _glossary_changes(old: Edition, new: Edition) -> list[GlossaryChange]:
    def entries(edition):
        return {p.en.term: " ".join(p.en.definition) for p in edition.glossary if p.en}
    before, after = entries(old), entries(new)
    changes = [GlossaryChange("removed", t, d, None) for t, d in before.items() if t not in after]
    changes += [GlossaryChange("added", t, None, d) for t, d in after.items() if t not in before]
    changes += [GlossaryChange("changed", t, before[t], after[t]) for t in before if t in after and before[t] != after[t]]
    return sorted(changes, key=lambda c: (c.term.casefold(), c.kind))


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
