"""Drafts for the rules translators must write (generator/translation/drafting/drafts.py), against what the
translators then wrote, on the release pairs of the corpus.

    .venv/bin/python bench/drafts.py [--pair 20231013-20231117] [--show N]

For each pair (the English of the new edition with the older translation carried to it; judged by
the translation's real next release), rule by rule, the rule's text without its examples:
  - changed rules (their English text changed, not only their examples): the draft (the carried
    Chinese of unchanged sentences, each changed sentence's draft, each new sentence's) against
    what the work list offered before drafts (the carried Chinese of unchanged sentences and the
    older Chinese of changed ones, joined: a new sentence had nothing);
  - new rules: the draft against what the work list offered (the memory's Chinese of a sentence
    whose same English it holds, else nothing).
Printed: how many are exactly the translators' text, and chrF (sacrebleu's character n-gram
F-score, corpus level over the rules, 0-100).

Decided before any draft was written: the drafts are tuned on 2023-10-13 -> 2023-11-17 and
2023-11-17 -> 2024-02-06 (the two quarterly releases: 14 changed and 49 new rules), and judged first
on 2022-06-10 -> 2023-10-13 (a year and a half of edits: about 170 changed and 240 new rules), which
was not read while they were tuned. `--families` is a larger set to tune new rules on: keyword
sections of the 2022-06-10 translation drafted from the rest of it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]
CORPUS = ROOT.parent / "shared" / "corpus"

from generator.history.corpus import load_corpus  # noqa: E402
from generator.history.sentence_carry import TRANSLATED  # noqa: E402
from generator.translation.drafting.drafts import edition_drafts  # noqa: E402

HELD_OUT = ("20220610", "20231013")
TUNED = (("20231013", "20231117"), ("20231117", "20240206"))


def en(date: str) -> str:
    return str(CORPUS / "en" / f"MagicCompRules-{date}.txt")


def zh(date: str) -> str:
    return str(CORPUS / "zh" / f"MagicCompRules-zh-{date}.txt")


def rows(old: str, new: str) -> tuple[list, list, float]:
    """(changed, new) rules as (number, offered before, draft, real), and the seconds the drafts took."""
    corpus = load_corpus(None, [en(new)], [en(old), zh(old)])
    edition = corpus.shown[0]
    translated = next(e for e in corpus.editions if e.date < edition.date and "zh" in e.languages)
    real = {r.number: r.texts["zh"].text for r in load_corpus(None, [zh(new)]).editions[0].rules() if "zh" in r.texts}
    step = corpus.lineages[(translated.date, edition.date)]
    older = {r.number: r for r in translated.rules()}
    start = time.perf_counter()
    drafts = edition_drafts(edition, translated)
    seconds = time.perf_counter() - start
    changed, added = [], []
    for rule in edition.rules():
        link, number = step.of_new(rule.number), rule.number
        if number not in real or link is None:
            continue
        if link.old is None:
            part = edition.suggested.get(number, ((),))[0]
            before = "".join(s.suggestion or "" for s in part)
            found = drafts.get(number, (None,))[0] or [None] * len(part)
            draft = "".join(d.text if d is not None else s.suggestion or "" for s, d in zip(part, found))
            added.append((str(number), before, draft, real[number]))
        elif link.text_changed:
            carried = edition.carried.get(number)
            part = carried.parts[0] if carried and carried.parts else None
            if part is None:
                before = draft = older[link.old].texts["zh"].text
                reachable = False
            else:
                reachable = _in_order([s.zh for s in part if s.state == TRANSLATED], real[number])
                before = "".join(s.zh or "" for s in part)
                found = drafts.get(number, (None,))[0]
                draft = "".join((s.zh or "") if d is None else d.text for s, d in zip(part, found or [None] * len(part)))
            changed.append((str(number), before, draft, real[number], reachable))
    return changed, added, seconds


def _in_order(pieces: list, text: str) -> bool:
    """Each piece is in the text, after the one before it."""
    at = 0
    for piece in pieces:
        found = text.find(piece or "", at)
        if found < 0:
            return False
        at = found + len(piece or "")
    return True


def families(date: str = HELD_OUT[0]) -> list:
    """The leave-families-out set: every fourth keyword section of 701 and 702 (the section's rules)
    of one translation, drafted as new rules from a memory of the rest of it, as (number, offered
    before, draft, real); the keyword named nowhere in the termbase. Not the held-out pair's targets
    (its translation is the held-out pair's older one)."""
    from generator.history.carry import _bilingual_parts
    from generator.history.sentence_carry import Memory, split_en
    from generator.translation.drafting.drafts import Drafter, keyword_of, offered, terms_of
    edition = load_corpus(None, [en(date), zh(date)]).editions[0]
    rules = {r.number: r for r in edition.rules()}
    sections: dict[str, list] = {}
    for number in rules:
        chapter, _, rest = str(number).partition(".")
        if chapter in ("701", "702") and rest:
            sections.setdefault(f"{chapter}.{int(''.join(c for c in rest if c.isdigit()))}", []).append(number)
    held = [numbers for _, numbers in sorted(sections.items(), key=lambda s: tuple(map(int, s[0].split("."))))][::4]
    left_out = {number for numbers in held for number in numbers}
    titles = {rules[n].texts["en"].text for n in left_out if "en" in rules[n].texts}
    keywords = {keyword_of(rules[n], rules)[0] for n in left_out} - {None}
    drafter = Drafter(Memory(_bilingual_parts(r for n, r in rules.items() if n not in left_out), lambda s: s).sentences,
                      {term: zh for term, zh in terms_of(edition).items() if term not in titles}, keywords)
    found = []
    for number in (n for numbers in held for n in numbers):
        rule = rules[number]
        if "en" in rule.texts and "zh" in rule.texts:
            draft = "".join(d.text if (d := offered(drafter.new(s))) else "" for s in split_en(rule.texts["en"].text))
            found.append((str(number), "", draft, rule.texts["zh"].text))
    return found


def figures(found: list) -> str:
    from sacrebleu.metrics import CHRF
    chrf = CHRF()
    real = [[r[3] for r in found]]
    before, draft = [r[1] for r in found], [r[2] for r in found]
    exact_before, exact_draft = sum(b == r[3] for b, r in zip(before, found)), sum(d == r[3] for d, r in zip(draft, found))
    return (f"{len(found)} rules: exact {exact_before} ({exact_before / max(1, len(found)):.0%}) -> {exact_draft} "
            f"({exact_draft / max(1, len(found)):.0%}); chrF {chrf.corpus_score(before, real).score:.1f} -> "
            f"{chrf.corpus_score(draft, real).score:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pair", help="one pair, OLD-NEW (yyyymmdd-yyyymmdd); default: the held-out pair, then the tuned")
    parser.add_argument("--show", type=int, default=0, help="print the first N rules of each kind whose draft is not exact")
    parser.add_argument("--families", action="store_true", help="the leave-families-out set of 2022-06-10 instead")
    args = parser.parse_args()
    if args.families:
        print(f"leave-families-out, {HELD_OUT[0]} (tuned on): new: {figures(families())}")
        return
    pairs = [tuple(args.pair.split("-"))] if args.pair else [HELD_OUT, *TUNED]
    for old, new in pairs:
        changed, added, seconds = rows(old, new)
        label = "held out" if (old, new) == HELD_OUT else "tuned on" if (old, new) in TUNED else "other"
        print(f"{old} -> {new} ({label}; drafts in {seconds:.1f} s)")
        print(f"  changed: {figures(changed)}")
        reachable = sum(r[4] for r in changed)
        print(f"           could be exact at all (the carried Chinese of every unchanged sentence in the translators' "
              f"text, in order): {reachable} ({reachable / max(1, len(changed)):.0%})")
        print(f"  new:     {figures(added)}")
        for kind, found in (("changed", changed), ("new", added)):
            for number, before, draft, real, *_ in [r for r in found if r[2] != r[3]][:args.show]:
                print(f"  {kind} {number}\n    before: {before}\n    draft:  {draft}\n    real:   {real}")


if __name__ == "__main__":
    main()
