"""Assemble parsed sources into editions: one per effective date, never merged across dates.

Within an edition, texts are paired by rule number. When two sources give the same rule in the
same language, the official text wins over the others, then the order of the sources; a
different wording in the source that loses is reported, never dropped silently.
"""
from __future__ import annotations

import hashlib
import unicodedata

from ..rules.model import (Chapter, Edition, GlossaryPair, Issue, ParsedSource, Passage, Rule, RuleText,
                           Section, is_title_text)
from ..rules.numbers import RuleNumber
from .glossary_pairing import pair_glossaries


def assemble(parsed_sources: list[ParsedSource]) -> tuple[list[Edition], list[Issue]]:
    issues: list[Issue] = []
    by_date: dict[str, list[ParsedSource]] = {}
    for parsed in parsed_sources:
        if parsed.spec.role in ("rules", "history") and parsed.spec.edition:
            by_date.setdefault(parsed.spec.edition, []).append(parsed)
    editions = [_edition(date, sources, issues) for date, sources in by_date.items()]
    editions.sort(key=lambda e: e.date, reverse=True)
    return editions, issues


def _edition(date: str, sources: list[ParsedSource], issues: list[Issue]) -> Edition:
    sources = sorted(sources, key=lambda p: p.spec.format != "official")
    rules: dict[RuleNumber, Rule] = {}
    chapter_titles: dict[int, dict[str, Passage]] = {}
    section_titles: dict[int, dict[str, Passage]] = {}
    introduction: dict[str, list[Passage]] = {}
    credits: dict[str, list[Passage]] = {}
    glossaries: dict[str, list] = {}
    for parsed in sources:
        for number, texts in parsed.rules.items():
            rule = rules.get(number)
            if rule is None:  # the first source with the rule (of a single-source edition: every rule)
                rules[number] = Rule(number, dict(texts))
                continue
            for lang, text in texts.items():
                _merge_text(rule, lang, text, issues)
        for table, own in ((chapter_titles, parsed.chapter_titles), (section_titles, parsed.section_titles)):
            for number, titles in list(own.items()) + list(parsed.contents.items()):
                if (number < 10) == (table is chapter_titles):
                    for lang, title in titles.items():
                        kept = table.setdefault(number, {}).setdefault(lang, title)
                        if kept.text != title.text and kept.source.path != title.source.path:
                            issues.append(_disagreement(f"the title of {number} ({lang})", kept, title))
        for kind, mine, theirs in (("the introduction", introduction, parsed.introduction),
                                   ("the credits", credits, parsed.credits)):
            for lang, passages in theirs.items():
                _compare_passages(f"{kind} ({lang})", mine.setdefault(lang, passages), passages, issues)
        for lang, entries in parsed.glossary.items():
            if entries:
                _compare_glossaries(lang, glossaries.setdefault(lang, entries), entries, issues)
    chapters = _structure(rules, chapter_titles, section_titles)
    glossary = _glossary(glossaries, _bilingual_titles(rules, section_titles), issues)
    edition = Edition(date, chapters, glossary, introduction, credits, [p.spec for p in sources])
    if all(p.content_key for p in sources):  # what it is made of, known without reading it all
        edition.fingerprint = hashlib.sha256(b"".join(sorted(p.content_key for p in sources))).digest()
    return edition


def _merge_text(rule: Rule, lang: str, text: RuleText, issues: list[Issue]) -> None:
    kept = rule.texts.get(lang)
    if kept is None:
        rule.texts[lang] = text
        return
    if _comparable(kept) != _comparable(text):
        issues.append(Issue("warning", f"{rule.number} ({lang}) differs from the text kept from "
                            f"{kept.source.path}:{kept.source.line}", text.source))


def _disagreement(what: str, kept, other) -> Issue:
    """`other` (a Passage or a glossary entry of another source) says something else than `kept`."""
    return Issue("warning", f"{what} differs from the one kept from {kept.source}", other.source)


def _compare_passages(what: str, kept: list[Passage], other: list[Passage], issues: list[Issue]) -> None:
    if kept is other:
        return
    for mine, theirs in zip(kept, other):
        if _normal(mine.text) != _normal(theirs.text):
            issues.append(_disagreement(what, mine, theirs))
            return
    if len(kept) != len(other):
        longer, shorter = (kept, other) if len(kept) > len(other) else (other, kept)
        where = shorter[-1].source if shorter else "the other source"
        issues.append(Issue("warning", f"{what} has {len(longer) - len(shorter)} more paragraph(s) here "
                            f"than in {where}", longer[len(shorter)].source))


def _compare_glossaries(lang: str, kept: list, other: list, issues: list[Issue]) -> None:
    if kept is other:
        return
    mine = {e.term: e for e in kept}
    theirs = {e.term: e for e in other}
    for term, entry in theirs.items():
        if term not in mine:
            issues.append(Issue("warning", f"glossary entry {term!r} ({lang}) is not in {kept[0].source.path}, "
                                "whose glossary was kept", entry.source))
        elif [_normal(p) for p in mine[term].definition] != [_normal(p) for p in entry.definition]:
            issues.append(_disagreement(f"glossary entry {term!r} ({lang})", mine[term], entry))
    for term, entry in mine.items():
        if term not in theirs:
            issues.append(Issue("warning", f"glossary entry {term!r} ({lang}) is not in {other[0].source.path}",
                                entry.source))


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace(" ", "")


def _comparable(text: RuleText) -> list[str]:
    """Wording without the difference between full-width and ASCII punctuation (，/,  （/( ...),
    which copies of the same translation do not agree on."""
    return [_normal(t) for t in [text.text, *(e.text for e in text.examples)]]


def _structure(rules, chapter_titles, section_titles) -> list[Chapter]:
    chapters: dict[int, Chapter] = {n: Chapter(n, dict(t)) for n, t in chapter_titles.items()}
    sections: dict[int, Section] = {}
    for number in sorted(set(section_titles) | {n.section for n in rules}):
        section = sections[number] = Section(number, dict(section_titles.get(number, {})))
        chapters.setdefault(number // 100, Chapter(number // 100)).sections.append(section)
    for number in sorted(rules):
        sections[number.section].rules.append(rules[number])
    return [chapters[n] for n in sorted(chapters) if chapters[n].sections]


def _bilingual_titles(rules: dict[RuleNumber, Rule], section_titles) -> dict[str, str]:
    """English title -> Chinese title, from keyword rules ("702.112. Renown") and section titles."""
    titles: dict[str, str] = {}
    for number, titled in section_titles.items():
        if "en" in titled and "zh" in titled:
            titles[titled["en"].text] = titled["zh"].text
    for rule in rules.values():
        en, zh = rule.texts.get("en"), rule.texts.get("zh")
        if en and zh and not rule.number.sub and is_title_text(en.text):
            titles.setdefault(en.text, zh.text)
    return titles


def _glossary(glossaries: dict[str, list], titles: dict[str, str], issues: list[Issue]) -> list[GlossaryPair]:
    en, zh = glossaries.get("en", []), glossaries.get("zh", [])
    if en and zh:
        pairs, found = pair_glossaries(en, zh, titles)
        issues.extend(found)
        return pairs
    return [GlossaryPair(e, None, False, "no Chinese glossary in this edition") for e in en] + \
        [GlossaryPair(None, z, False, "no English glossary in this edition") for z in zh]

