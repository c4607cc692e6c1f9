"""A rule's history: the forms it had in the editions of a build, newest first, followed back
through the lineage of the English texts (never by number alone).

A version is a stretch of consecutive editions in which the rule kept its number and its exact
text: a change of cited numbers only ("See rule 723" to "See rule 724") starts one too, or the
history would quote each older edition in today's words; a change of typography alone (it’s to
it's, back and forth across 2019's releases) does not, or most rules would show three "edits" that
are no edit. Each version knows the change that led to the newer one, and the Chinese of the
newest of its editions that had one.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..rules.model import Edition, Rule
from ..rules.numbers import RuleNumber
from .corpus import complete
from .lineage import Lineage


@dataclass
class Version:
    number: RuleNumber
    since: str  # the first edition with this form
    until: str  # the last edition with it
    en: tuple[str, ...] | None  # the rule's text, then its examples (a history shows them apart), as
    # its newest edition has them (an older one of the version may differ in typography)
    zh: tuple[str, ...] | None
    zh_edition: str | None  # the edition whose Chinese `zh` is
    change: str | None = None  # how it became the next newer version (a lineage kind); None for the newest
    added_in: str | None = None  # for the oldest version: the edition that first has the rule, if not the oldest
    # and the edition of the build before it, which lacks it: the build may not have every edition
    # between, so the rule is known to be new since this one, not new in `added_in`
    absent_in: str | None = None

    def as_json(self) -> dict:
        return {"number": str(self.number), "since": self.since, "until": self.until, "change": self.change,
                "en": list(self.en) if self.en else None, "zh": list(self.zh) if self.zh else None,
                "zh_edition": self.zh_edition, "added_in": self.added_in, "absent_in": self.absent_in}


def text_parts(rule: Rule, lang: str) -> tuple[str, ...] | None:
    """The rule's text in a language, then each of its examples."""
    text = rule.texts.get(lang)
    return None if text is None else (text.text, *(e.text for e in text.examples))


def english_chain(editions: list[Edition], lineages: dict[tuple[str, str], Lineage], until: str):
    """The editions with a complete English text up to `until` (those the lineages connect),
    oldest first, and the lineage into each from its predecessor."""
    chain = sorted((e for e in editions if e.date <= until and complete(e, "en")), key=lambda e: e.date)
    return chain, [lineages.get((a.date, b.date)) for a, b in zip(chain, chain[1:])]


def rule_history(number: RuleNumber, chain: list[Edition], steps: list[Lineage | None],
                 rules: dict[str, dict[RuleNumber, Rule]] | None = None) -> list[Version]:
    """The versions of the rule `number` of the last edition of `chain`, newest first."""
    rules = rules or {e.date: {r.number: r for r in e.rules()} for e in chain}
    newest = chain[-1]
    rule = rules[newest.date].get(number)
    if rule is None:
        return []
    versions = [_version(rule, newest.date)]
    carried = newest.carried.get(number)
    if carried is not None:  # its Chinese was made for an older edition's English
        versions[0].zh_edition = carried.translates
    for index in range(len(chain) - 1, 0, -1):
        older, newer, step = chain[index - 1], chain[index], steps[index - 1]
        link = step.of_new(number) if step else None
        if link is None or link.old is None:
            versions[-1].added_in, versions[-1].absent_in = newer.date, older.date
            break
        old_rule = rules[older.date][link.old]
        current = versions[-1]
        if link.kind in ("unchanged", "typography"):
            current.since = older.date
            if current.zh is None and "zh" in old_rule.texts:
                current.zh, current.zh_edition = text_parts(old_rule, "zh"), older.date
        else:
            version = _version(old_rule, older.date)
            version.change = link.kind
            versions.append(version)
        number = link.old
    return versions


def _version(rule: Rule, date: str) -> Version:
    zh = text_parts(rule, "zh")
    return Version(rule.number, date, date, text_parts(rule, "en"), zh, date if zh else None)


def renumbering(chain: list[Edition], steps: list[Lineage | None]) -> dict[str, dict[RuleNumber, tuple]]:
    """For each older edition of the chain, where each of its rules is in the newest edition:
    edition -> number -> ("now", newest number) or ("removed", the edition that no longer has it),
    and ("absent",) for each number of the newest edition the older one did not have (its 729.1 is
    not today's 729.1: an address citing it went there with no word). Rules still at their own
    number are left out."""
    result: dict[str, dict[RuleNumber, tuple]] = {}
    ahead: dict[RuleNumber, tuple] = {}  # in the next newer edition: number -> its fate
    for index in range(len(chain) - 2, -1, -1):
        older, newer, step = chain[index], chain[index + 1], steps[index]
        fates = {}
        for rule in older.rules():
            link = step.of_old(rule.number) if step else None
            if link is None or link.new is None:
                fates[rule.number] = ("removed", newer.date)
            else:
                fates[rule.number] = ahead.get(link.new, ("now", link.new))
        ahead = fates
        fates = {**fates, **_section_fates(older, fates)}
        result[older.date] = {n: fate for n, fate in fates.items() if fate != ("now", n)}
    newest = _numbers(chain[-1])
    for older in chain[:-1]:
        result[older.date].update({n: ("absent",) for n in sorted(newest - _numbers(older))})
    return result


def _numbers(edition: Edition) -> set[RuleNumber]:
    """Every rule's and section's number of an edition."""
    return {r.number for r in edition.rules()} | {RuleNumber(s.number) for c in edition.chapters for s in c.sections}


def _section_fates(edition: Edition, fates: dict[RuleNumber, tuple]) -> dict[RuleNumber, tuple]:
    """Where each section of an older edition is in the newest: the section most of its rules are in
    now (2023-11-17's 723, Restarting the Game, is 724 since Case Cards came before it; a judge's
    "see 723" landed on today's 723, the Initiative, with no word), or removed where all of them were."""
    found = {}
    for chapter in edition.chapters:
        for section in chapter.sections:
            ends = [fates[rule.number] for rule in section.rules if rule.number in fates]
            now = Counter(RuleNumber(fate[1].section) for fate in ends if fate[0] == "now")
            removed = Counter(fate[1] for fate in ends if fate[0] == "removed")
            if now:
                found[RuleNumber(section.number)] = ("now", max(sorted(now), key=now.__getitem__))
            elif removed:
                found[RuleNumber(section.number)] = ("removed", max(sorted(removed), key=removed.__getitem__))
    return found
