"""The development set of the translation check that the next release makes: the rules of an older
translation whose English the next edition kept and whose Chinese its translation changed, followed
through the lineage (tests/test_translation_check.py, bench/renderings_alignment.py)."""
from pathlib import Path

from generator.history.corpus import load_corpus


def corrected(corpus: Path, old: str, new: str) -> set[str]:
    """The numbers, in `old` (yyyymmdd), of the rules the `new` release corrected."""
    files = {date: [str(corpus / "en" / f"MagicCompRules-{date}.txt"), str(corpus / "zh" / f"MagicCompRules-zh-{date}.txt")]
             for date in (old, new)}
    later = load_corpus(None, files[new], files[old])
    dates = sorted(e.date for e in later.editions)
    step = later.lineages[(dates[0], dates[1])]
    older = {r.number: r for r in next(e for e in later.editions if e.date == dates[0]).rules()}
    found = set()
    for rule in later.shown[0].rules():
        link = step.of_new(rule.number)
        was = older.get(link.old) if link and link.old else None
        if was and "zh" in was.texts and "zh" in rule.texts and was.texts["en"].text == rule.texts["en"].text \
                and was.texts["zh"].text != rule.texts["zh"].text:
            found.add(str(was.number))
    return found
