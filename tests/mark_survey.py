"""Every term mark of an edition's chapter pages, as the generator makes them, for the precision
and density measures of tests/test_marks.py (hand-annotated sample: tests/mark_sample.yml).

`python tests/mark_survey.py` prints the figures the README reports; `--sample` prints the marks
a new sample would hold, with their context, to annotate by hand."""
from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.history.corpus import load_corpus  # noqa: E402
from generator.site.pages.rules import chapter_renderer  # noqa: E402
from generator.site.render import LinkStats  # noqa: E402
from generator.site.model import SiteModel  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
SOURCES = [CORPUS / "en" / "MagicCompRules-20231117.txt", CORPUS / "zh" / "MagicCompRules-zh-20231117.txt"]
SAMPLE = Path(__file__).resolve().parent / "mark_sample.yml"
CELL = re.compile(r"<p lang=([\w-]+)[^>]*>(.*?)(?=<p |<h3|$)", re.S)
MARK = re.compile(r"<u t=(\d+)>(.*?)</u>")
EN_WORD = re.compile(r"[A-Za-z][A-Za-z’'-]*")
HAN = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Mark:
    rule: str
    lang: str  # en or zh
    form: str  # the marked text
    term: str  # the term's English (or Chinese) name
    context: str  # the cell's text, the mark in [brackets]

    @property
    def key(self) -> tuple[str, str, str]:
        return self.rule, self.lang, self.form


@dataclass
class Survey:
    marks: list[Mark]
    words: dict[str, int]  # English words, Chinese characters
    cells: dict[tuple[str, str], str]  # (rule, language) -> its text and examples, each mark in [brackets]

    def density(self, lang: str) -> float:
        """Marks per 100 words (English) or per 100 characters (Chinese)."""
        return 100 * sum(1 for m in self.marks if m.lang == lang) / self.words[lang]


def survey(sources=SOURCES) -> Survey:
    model = SiteModel.build(load_corpus(None, [str(s) for s in sources]))
    edition = model.current
    names = {t.id: t.en or t.zh for t in model.termbase.terms.values()}
    marks, words, cells = [], {"en": 0, "zh": 0}, {}
    for chapter in edition.chapters:
        renderer = chapter_renderer(model, edition, chapter, LinkStats())
        for section in chapter.sections:
            for rule in section.rules:
                for tag, cell in CELL.findall(renderer.rule(rule)):
                    lang = "en" if tag == "en" else "zh"
                    plain = re.sub(r"<[^>]+>", "", cell)
                    bracketed = re.sub(r"<[^>]+>", "", MARK.sub(r"[\2]", cell))
                    cells[str(rule.number), lang] = (cells.get((str(rule.number), lang), "") + " " + bracketed).strip()
                    words[lang] += len((EN_WORD if lang == "en" else HAN).findall(plain))
                    for found in MARK.finditer(cell):
                        context = re.sub(r"<[^>]+>", "", cell[:found.start()] + "[" + found.group(2) + "]" + cell[found.end():])
                        marks.append(Mark(str(rule.number), lang, found.group(2), names[int(found.group(1))], context))
    return Survey(marks, words, cells)


def sampled(mark: Mark) -> bool:
    """About one mark in eighteen, the same ones whatever else changes."""
    return hashlib.sha1("|".join(mark.key).encode()).digest()[0] % 18 == 0


def annotations() -> dict[tuple[str, str, str], bool]:
    return {(a["rule"], a["lang"], a["form"]): a["ok"] for a in yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))}


def precision(found: Survey, judged: dict) -> tuple[int, int]:
    """(right, judged) over the annotated marks the pages still have."""
    present = [judged[m.key] for m in found.marks if m.key in judged]
    return sum(present), len(present)


if __name__ == "__main__":
    found = survey()
    if "--sample" in sys.argv:
        for mark in found.marks:
            if sampled(mark):
                window = mark.context.index("[")
                print(f"{mark.rule}\t{mark.lang}\t{mark.form}\t{mark.term}\t{mark.context[max(0, window - 70):window + 70]}")
        sys.exit()
    right, judged = precision(found, annotations())
    print(f"precision {right}/{judged} = {100 * right / judged:.1f}%")
    for lang in ("en", "zh"):
        print(f"{lang}: {sum(1 for m in found.marks if m.lang == lang)} marks, {found.density(lang):.2f} per 100 "
              f"{'words' if lang == 'en' else 'characters'}")
