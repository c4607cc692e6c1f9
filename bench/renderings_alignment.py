"""The translation check's renderings: the co-occurrence statistic it uses (generator/translation/
renderings.py) against word alignment by eflomal (PyPI), on the sentence pairs of one edition.

    .venv/bin/python bench/renderings_alignment.py [--edition 20220610]

For every recurring English phrase (in five rules or more), each method names the Chinese it is
usually rendered as and the rules that render it otherwise. Printed: the time each takes (ratio to
the co-occurrence), how often the two name the same usual rendering, and how many of the rules each
flags the next release of the translation corrected (the rules whose English the 2023-10-13 edition
kept and whose Chinese it changed): the share that is the development set's measure.

eflomal aligns English words to Chinese characters (no segmenter: the CR's terms are split however a
segmenter likes); a phrase's rendering in a pair is the span from the first to the last character
its words are linked to, at most eight characters.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
CORPUS = ROOT.parent / "shared" / "corpus"

from generator.history.corpus import load_corpus  # noqa: E402
from generator.translation.check import _units  # noqa: E402
from generator.translation.renderings import COMMON, MIN_RULES, USUAL, Renderings, WORD, phrases_of  # noqa: E402
from translation_devset import corrected  # noqa: E402

MAX_SPAN = 8


def by_cooccurrence(units) -> tuple[dict[str, str], set[str]]:
    renderings = Renderings(units)
    usual = {}
    for phrase, mask in renderings.phrases.items():
        if len(renderings.rules(mask)) >= MIN_RULES:
            found = renderings.usual(phrase)
            if found:
                usual[phrase] = found
    return usual, {odd.rule for odd in renderings.odd()}


def by_eflomal(units) -> tuple[dict[str, str], set[str]]:
    import eflomal
    english = [[w.lower() for w in WORD.findall(u.en)] for u in units]
    chinese = [list(u.zh.replace(" ", "")) for u in units]
    with tempfile.TemporaryDirectory() as folder:
        links = Path(folder) / "links"
        eflomal.Aligner().align([" ".join(e) for e in english], [" ".join(c) for c in chinese],
                                links_filename_fwd=str(links), quiet=True)
        aligned = [[tuple(map(int, link.split("-"))) for link in line.split()] for line in links.read_text().splitlines()]
    spans: dict[str, list[tuple[str, str]]] = defaultdict(list)  # phrase -> (rule, Chinese span)
    for unit, words, chars, pairs in zip(units, english, chinese, aligned):
        for phrase in phrases_of(unit.en):
            parts = phrase.split()
            starts = [i for i in range(len(words) - len(parts) + 1) if words[i:i + len(parts)] == parts]
            for start in starts[:1]:
                linked = [j for i, j in pairs if start <= i < start + len(parts)]
                if linked and max(linked) - min(linked) < MAX_SPAN:
                    spans[phrase].append((unit.rule, "".join(chars[min(linked):max(linked) + 1])))
    usual, flagged = {}, set()
    for phrase, found in spans.items():
        rules = {rule for rule, _ in found}
        if len(rules) < MIN_RULES:
            continue
        counts = Counter(span for _, span in found)
        best, count = counts.most_common(1)[0]
        with_best = {rule for rule, span in found if span == best}
        if len(with_best) < USUAL * len(rules):
            continue
        usual[phrase] = best
        odd = {rule for rule, span in found if span != best and rule not in with_best}
        if len(odd) > (1 - USUAL) * len(rules):  # the same conditions as the co-occurrence's
            continue
        span_rules = Counter(span for rule, span in set(found) if rule in odd)
        flagged |= {rule for rule, span in found if rule in odd and span_rules[span] <= COMMON * len(rules)}
    return usual, flagged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="20220610")
    parser.add_argument("--next", default="20231013")
    args = parser.parse_args()
    corpus = load_corpus(None, [str(CORPUS / "en" / f"MagicCompRules-{args.edition}.txt"),
                                str(CORPUS / "zh" / f"MagicCompRules-zh-{args.edition}.txt")])
    rules = [r for r in corpus.shown[0].rules() if "en" in r.texts and "zh" in r.texts]
    units = _units(rules)
    fixed = corrected(CORPUS, args.edition, args.next)
    results = {}
    for name, method in (("co-occurrence", by_cooccurrence), ("eflomal", by_eflomal)):
        start = time.perf_counter()
        results[name] = (*method(units), time.perf_counter() - start)
    base = results["co-occurrence"][2]
    print(f"{len(units)} sentence pairs of {len(rules)} rules; {len(fixed)} rules corrected by {args.next}")
    for name, (usual, flagged, seconds) in results.items():
        hits = len(flagged & fixed)
        print(f"{name:14} time x{seconds / base:.2f} ({seconds:.1f} s)  phrases with a usual rendering {len(usual)}  "
              f"rules flagged {len(flagged)}, corrected later {hits} ({hits / max(len(flagged), 1):.1%}; "
              f"all rules {len(fixed) / len(rules):.1%})")
    a, b = results["co-occurrence"][0], results["eflomal"][0]
    both = set(a) & set(b)
    same = sum(1 for p in both if a[p] == b[p] or a[p] in b[p] or b[p] in a[p])
    print(f"phrases both name a usual rendering for: {len(both)}; the same (or one inside the other): {same} ({same / max(len(both), 1):.1%})")


if __name__ == "__main__":
    main()
