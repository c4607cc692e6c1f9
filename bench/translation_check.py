"""The translation check's recall on seeded errors (tests/seeded_errors.py): one error in each of 70
rules of a corpus translation, seven kinds in turn, and how many of them the check ranks among the
first 5% of what it reads (the rules and the glossary entries), by kind; and the time of a full
edition's check with its history.

    .venv/bin/python bench/translation_check.py [--editions 20240206 ...] [--draws 3]

The check was tuned on the 2022-06-10 and 2023-10-13 translations; 2024-02-06 was held back, and
its figure is the one to read first.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
CORPUS = ROOT.parent / "shared" / "corpus"

from generator.history.corpus import load_corpus  # noqa: E402
from generator.translation.check import check_corpus, checked  # noqa: E402
from seeded_errors import KINDS, glossary_places, rule_places, seed  # noqa: E402

# the checked edition -> its history, as a translator would give it (the previous release in both
# languages where the corpus has it)
EDITIONS = {
    "20240206": ["en/MagicCompRules-20231117.txt", "zh/MagicCompRules-zh-20231117.txt"],
    "20231013": ["en/MagicCompRules-20220610.txt", "zh/MagicCompRules-zh-20220610.txt"],
    "20220610": ["en/MagicCompRules-20190125.txt", "en/MagicCompRules-20210202.txt"],
}
HELD_BACK = "20240206"
PLACES = {"rules": (70, rule_places), "glossary": (35, glossary_places)}  # errors a draw, where seed() puts them


def run(date: str, draw: int, folder: Path, where: str) -> tuple[list, list[str], int, float]:
    """The errors seeded into the rules or the glossary (`where`), the check's ranking, the size of
    its first 5%, and the check's seconds."""
    en = CORPUS / "en" / f"MagicCompRules-{date}.txt"
    zh = folder / f"MagicCompRules-zh-{date}-seeded-{where}-{draw}.txt"
    count, places = PLACES[where]
    seeded = seed(CORPUS / "zh" / f"MagicCompRules-zh-{date}.txt", en, zh, draw, count, places=places)
    started = time.perf_counter()
    corpus = load_corpus(None, [str(en), str(zh)], [str(CORPUS / p) for p in EDITIONS[date]])
    ranked = [f.key for f in check_corpus(corpus)]
    seconds = time.perf_counter() - started
    first = int(0.05 * checked(corpus.shown[0]))
    return seeded, ranked, first, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--editions", nargs="+", default=list(EDITIONS), choices=list(EDITIONS))
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--where", nargs="+", default=list(PLACES), choices=list(PLACES),
                        help="seed the rules (70 errors a draw), the glossary's definitions (35), or both in turn")
    parser.add_argument("--misses", action="store_true", help="print each seeded error not among the first 5%%")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for date in args.editions:
            for where in args.where:
                measure(date, where, args.draws, args.misses, Path(tmp))


def measure(date: str, where: str, draws: int, misses: bool, folder: Path) -> None:
    found, total = Counter(), Counter()
    for draw in range(draws):
        seeded, ranked, first, seconds = run(date, draw, folder, where)
        top = set(ranked[:first])
        for error in seeded:
            total[error.kind] += 1
            found[error.kind] += error.rule in top
            if misses and error.rule not in top:
                place = ranked.index(error.rule) + 1 if error.rule in ranked else None
                print(f"  miss {date}/{draw} {error.kind:<11} {error.rule:<9} rank {place}: "
                      f"{_change(error.before, error.after)}")
        hits = sum(e.rule in top for e in seeded)
        print(f"{date} {where} draw {draw}: {hits} of {len(seeded)} among the first {first} ({hits / len(seeded):.0%}); "
              f"load and check {seconds:.1f} s")
    label = "held back" if date == HELD_BACK else "tuned on"
    print(f"{date} ({label}) {where}, {draws} draws: {sum(found.values())} of {sum(total.values())} "
          f"({sum(found.values()) / max(sum(total.values()), 1):.0%}); by kind: " +
          ", ".join(f"{kind} {found[kind]}/{total[kind]}" for kind in KINDS))


def _change(before: str, after: str) -> str:
    start = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    return f"…{before[max(0, start - 6):len(before) - end + 4]}… -> …{after[max(0, start - 6):len(after) - end + 4]}…"


if __name__ == "__main__":
    main()
