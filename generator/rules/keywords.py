"""Match the keyword rules of an older edition to today's rules for the same keyword.

Numbers move between editions (Banding is 702.19 in 2009 and 702.22 in 2023), so a keyword is
matched by its title ("702.19. Banding") and then checked by text: the first subrules, which
define the keyword, must still read alike. A title that matches with unlike texts is reported and
not linked.
"""
from __future__ import annotations

from difflib import SequenceMatcher

from .model import Edition, Issue, Rule, is_title_text
from .numbers import RuleNumber
from .word_diff import words

ALIKE = 0.35  # word similarity of the defining subrules


def _titles(edition: Edition) -> dict[str, Rule]:
    found = {}
    for rule in edition.rules():
        en = rule.texts.get("en")
        if en and rule.number.section in (701, 702) and rule.number.rule and not rule.number.sub \
                and is_title_text(en.text):
            found.setdefault(en.text.casefold(), rule)
    return found


def _definition(edition_rules: dict[RuleNumber, Rule], number: RuleNumber) -> str:
    first = edition_rules.get(RuleNumber(number.section, number.rule, "a"))
    return first.texts["en"].text if first and "en" in first.texts else ""


def match_keywords(older: Edition, current: Edition) -> tuple[list[tuple[RuleNumber, RuleNumber]], list[Issue]]:
    """[(older number, current number)] for each keyword both editions define alike."""
    today = _titles(current)
    old_rules = {r.number: r for r in older.rules()}
    new_rules = {r.number: r for r in current.rules()}
    pairs, issues = [], []
    for title, rule in _titles(older).items():
        match = today.get(title)
        if match is None:
            continue
        a, b = _definition(old_rules, rule.number), _definition(new_rules, match.number)
        similarity = SequenceMatcher(None, words(a), words(b), autojunk=False).ratio() if a and b else 0
        if similarity >= ALIKE:
            pairs.append((rule.number, match.number))
        else:
            issues.append(Issue("warning", f"{older.date} {rule.number} and {current.date} {match.number} are both "
                                f"titled {rule.texts['en'].text!r} but define it differently ({similarity:.2f})",
                                rule.texts["en"].source))
    return pairs, issues
