"""The reasons a rule's two texts give on their face: the rule numbers they cite, their sentences,
English left in brackets; the translators' own notes set aside (translation/check.py)."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from ..rules.model import is_title_text
from ..rules.references import cited_rules
from ..rules.sentences import align, split_en, split_zh
from .reason import Reason

HAN = re.compile(r"[\u4e00-\u9fff]")
BRACKETED = re.compile(r"[\[［【]([A-Za-z][A-Za-z ,.’'-]{1,60})[\]］】]")
MAX_BRACKETED = 4  # more English names in brackets: a list that keeps untranslated names so on purpose
NOTE = re.compile(r"(?:^|(?<=[。！？”]))\s*[（(](?:中文版)?译注[:：]")


def without_notes(zh: str) -> str:
    """A Chinese text without the translators' notes that stand as sentences of their own
    (“……。（译注：……）”), which no English sentence translates. A note inside a sentence stays: it is
    part of that sentence, often in place of the English's words (311.3's on planar subtypes)."""
    out, i = [], 0
    for match in NOTE.finditer(zh):
        if match.start() < i:
            continue
        out.append(zh[i:match.start()])
        depth, k = 0, match.start() + len(match.group(0)) - len(match.group(0).lstrip())
        while k < len(zh):
            depth += 1 if zh[k] in "（(" else -1 if zh[k] in "）)" else 0
            k += 1
            if depth == 0:
                break
        i = k
    return ("".join(out) + zh[i:]).strip()


def text_reasons(en: str, zh: str, en_all: str, zh_all: str) -> list[Reason]:
    """Cited numbers and sentences of the rule's text, its translators' notes aside; English left
    in brackets in its examples too (`*_all`)."""
    reasons = []
    zh = without_notes(zh)
    cited_en, cited_zh = Counter(_cited(en)), Counter(_cited(zh))
    if cited_en != cited_zh:
        only_en, only_zh = sorted((cited_en - cited_zh).elements()), sorted((cited_zh - cited_en).elements())
        if only_en or only_zh:
            reasons.append(Reason("numbers", 3.0, "cited numbers differ: "
                                  f"{', '.join(only_en) or 'none'} in the English, {', '.join(only_zh) or 'none'} in the Chinese"))
    bracketed = [m.group(0) for m in BRACKETED.finditer(zh_all) if m.group(0) not in en_all and not _named_after(zh_all, m, en_all)]
    if 0 < len(bracketed) <= MAX_BRACKETED:  # more: a list that keeps untranslated names so on purpose
        reasons.append(Reason("bracketed", 2.5, f"English left in brackets in the Chinese: {', '.join(bracketed)}"))
    en_sentences, zh_sentences = split_en(en), split_zh(zh)
    if len(en_sentences) != len(zh_sentences):
        pairs = align(en_sentences, zh_sentences)
        covered = {i for p in pairs for i in range(*p.en)}
        alone = _missing_first(en_sentences, [s for i, s in enumerate(en_sentences) if i not in covered], zh)
        covered_zh = {i for p in pairs for i in range(*p.zh)}
        alone_zh = _extra_first(zh_sentences, [s for i, s in enumerate(zh_sentences) if i not in covered_zh], en)
        if pairs and alone and (len(en_sentences) > len(zh_sentences) or not alone_zh):  # the longer, the surer
            reasons.append(Reason("sentences", round(1 + min(2.0, len(alone[0]) / 80), 2),
                                  f"the English has {len(en_sentences)} sentences and the Chinese {len(zh_sentences)}; "
                                  f"translate “{alone[0]}”"))
        elif pairs and alone_zh:
            reasons.append(Reason("sentences", round(1 + min(2.0, len(alone_zh[0]) / 25), 2),
                                  f"the Chinese has {len(zh_sentences)} sentences and the English {len(en_sentences)}; "
                                  f"no English sentence says “{alone_zh[0]}”"))
    return reasons


def cited_said(reasons: list[Reason], en: str, zh: str, titles: dict[str, str]) -> list[Reason]:
    """The reasons, with the cited numbers that differ named by what the edition has under them
    (`titles`: every number it has, a section's or a keyword's title, else ""), so that the side
    that is wrong shows: 702.145b's Chinese cites 726 (Merging with Permanents) beside “白昼与黑夜”,
    a slip of the translation carried; 724.6's English cites 724 (Restarting the Game) for a
    subgame, a citation the English did not renumber, which the Chinese, carried, has right (725,
    Subgames). Where the English cites a number the edition has no rule of, and the Chinese in its
    place numbers the edition has, that is said too: the glossary's Map cites 110.10 where the rule
    is 111.10, which the Chinese cites; the English, not the Chinese, is the one wrong there."""
    cited_en, cited_zh = Counter(_cited(en)), Counter(_cited(without_notes(zh)))
    differ = sorted(set(cited_en - cited_zh)) + sorted(set(cited_zh - cited_en))  # as the reason says them
    named = [f"{n} is {titles[n]}" for n in differ if titles.get(n)]
    said = f"; in this edition {', '.join(named)}" if named else ""
    unknown = sorted({n for n in cited_en - cited_zh if n not in titles})
    if unknown and cited_zh - cited_en and all(n in titles for n in cited_zh - cited_en):
        said += f"; the edition has no rule {', '.join(unknown)}: the English may be the one wrong"
    return [replace(r, text=r.text + said) if r.kind == "numbers" and r.text.startswith("cited numbers differ") else r
            for r in reasons]


def cited_titles(edition) -> dict[str, str]:
    """Every number the edition has to cite, with what the English calls it: a chapter's or a
    section's title, a rule whose text is a name (a keyword's: 702.19, Trample); "" for the rest."""
    titles = {}
    for chapter in edition.chapters:
        for part in (chapter, *chapter.sections):
            title = part.titles.get("en")
            titles[str(part.number)] = title.text if title else ""
    for rule in edition.rules():
        text = rule.texts["en"].text if "en" in rule.texts else ""
        titles[str(rule.number)] = text if is_title_text(text) else ""
    return titles


def _extra_first(sentences: list[str], alone: list[str], en: str) -> list[str]:
    """The Chinese sentences without a counterpart: a sentence that says again most of an earlier
    one (a sentence translated twice), or one citing a number the English nowhere cites, if there
    is one; else those the alignment left alone."""
    cited = set(_cited(en))
    twice = [s for i, s in enumerate(sentences) if any(_alike(s, earlier) for earlier in sentences[:i])]
    return twice or [s for s in sentences if set(_cited(s)) - cited] or alone


def _alike(a: str, b: str) -> bool:
    """Two sentences sharing most of their characters' pairs."""
    pairs_a, pairs_b = {a[i:i + 2] for i in range(len(a) - 1)}, {b[i:i + 2] for i in range(len(b) - 1)}
    return bool(pairs_a) and len(pairs_a & pairs_b) >= 0.6 * min(len(pairs_a), len(pairs_b))


def _named_after(zh: str, match: re.Match, en: str) -> bool:
    """Whether English in brackets follows the Chinese name it gives (维苏瓦化妖[Vesuvan Doppelganger]),
    a name the English has: the translation's own way of naming cards, not a name left untranslated."""
    return match.start() > 0 and bool(HAN.match(zh[match.start() - 1])) and match.group(1) in en


def _missing_first(sentences: list[str], alone: list[str], zh: str) -> list[str]:
    """The English sentences without a counterpart: a sentence citing a number the Chinese nowhere
    cites, if there is one ("See rule 613." missing is known by its number, where an alignment by
    length may pair it and leave another alone), else those the alignment left alone."""
    cited = set(_cited(zh))
    return [s for s in sentences if set(_cited(s)) - cited] or alone


def _cited(text: str) -> list[str]:
    """The rule numbers a text cites, each item of a list or range, as its links find them
    (rules/references.py: "exactly 100 cards" and 一百张 cite nothing, 903.6-11 is 903.6 to 903.11)."""
    return [str(number) for number in cited_rules(text)]


def full_text(text) -> str:
    """A rule's text and its examples, one paragraph each."""
    return "\n".join([text.text, *(e.text for e in text.examples)])
