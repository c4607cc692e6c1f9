"""The search data: one document per rule, section and glossary term of every edition with pages,
for the site's own search (overrides/assets/cr-search.js), which ranks them in the browser.

The documents are written in pieces (search_pieces.py), data scripts like the others (they load
from file://), fetched only when a reader starts searching, and only those a query needs. Texts
are plain (no HTML), without examples, and in Simplified Chinese (a query in Traditional is
turned into Simplified in the browser); the words list is the Chinese vocabulary a query is cut
into (the termbase's terms and the rules' names), so a Chinese query is matched on words before
characters; the synonyms are the readers' words (generator/site/readers_words.py).

An older edition's rule or section whose text is today's, followed to today's number through the
lineage (never by number alone), is marked folded: the search lists it only to a reader searching
within that edition, so that one rule is one result. One that is today's rule of its own number,
whatever its words, is marked so: a rule number searched for lists another edition's rule of that
number only where it is the same rule (the 2009 forum post's 702.19c, banding, is not today's
702.19c, trample).
"""
from __future__ import annotations

from ..rules.anchors import rule_id
from ..rules.model import Edition, is_title_text, without_obsolete_mark
from ..rules.numbers import RuleNumber, parse_number
from ..rules.termbase import convert_all
from .model import SiteModel
from .readers_words import search_synonyms
from .search_index import FORMER, KEEPS_NUMBER, RULE, SECTION, SWAPPED_TEXTS, TERM, TODAYS, read, written_words
from .search_pieces import pieces

MAX_NAME = 12  # characters: a Chinese text longer than this is not a name


class SearchDocs:
    """Every document, as [kind, URL from the site root, rule number or "", edition (index into
    editions), English title, Chinese title, English text, Chinese text] (titles only where the rule
    is a name, a keyword; None where missing), then, where any, its marks (search_index.py: TODAYS,
    KEEPS_NUMBER, FORMER, SWAPPED_TEXTS);
    and which of today's documents each folded one repeats, and each renumbered one became in other
    words (2023-11-17's 723.6, now 724.6 with another citation)."""

    def __init__(self, model: SiteModel):
        by_edition = [_edition_docs(model, edition) for edition in model.editions]
        repeats, moves = _fold(model, by_edition)
        self.editions = [e.date for e in model.editions]
        self.docs = [doc for docs in by_edition for doc in docs] + _term_docs(model)
        simplified = iter(convert_all("t2s", [d[i] or "" for d in self.docs for i in (5, 7)]))
        for doc in self.docs:
            doc[5], doc[7] = next(simplified) or None, next(simplified) or None
        where = {id(doc): i for i, doc in enumerate(self.docs)}
        self.today = {where[id(older)]: where[id(now)] for older, now in repeats}
        self.moved = {where[id(older)]: where[id(now)] for older, now in moves}
        self.words = sorted({w for w in _words(model, self.docs) if len(w) > 1})
        untranslated = {rule.number for rule in model.current.rules() if "zh" not in rule.texts} if model.current else set()
        self.synonyms = search_synonyms(model.synonyms, model.termbase, untranslated)
        self.untranslated = len(untranslated)  # today's rules with no Chinese yet: a Chinese query may miss them


def search_files(model: SiteModel) -> dict[str, str]:
    """The search data's files (search_pieces.py): path -> script."""
    found = SearchDocs(model)
    pages: dict[str, int] = {}
    addresses = []
    for doc in found.docs:
        page, _, anchor = doc[1].partition("#")
        addresses.append((pages.setdefault(page, len(pages)), anchor))
    written = written_words(found.docs)
    return pieces(found, read(found.docs, written), written, list(pages), addresses)


def _fold(model: SiteModel, by_edition: list[list[list]]) -> tuple[list[tuple[list, list]], list[tuple[list, list]]]:
    """Mark each older edition's document whose texts are those of today's rule it became (a
    section: today's section of its number, with the same titles), TODAYS, and each that is today's
    of the same number in other words (a section: of the same English title), KEEPS_NUMBER. An
    older text in fewer languages than today's is compared in the languages it has. The pairs
    (older, today's) of the first kind, and of an older rule today's has under another number in
    other words."""
    repeats: list[tuple[list, list]] = []
    moves: list[tuple[list, list]] = []
    if len(by_edition) < 2:
        return repeats, moves
    fates = model.renumbered
    today = {(doc[0], doc[2]): doc for doc in by_edition[0]}
    for edition, docs in zip(model.editions[1:], by_edition[1:]):
        moved = fates.get(edition.date)
        for doc in docs:
            if doc[0] == RULE:
                if moved is None:  # no lineage reaches this edition: nothing is known to be today's
                    continue
                number = parse_number(doc[2])
                fate = moved.get(number, ("now", number))
                if fate[0] != "now":
                    continue
                now = today.get((RULE, str(fate[1])))
                marks = KEEPS_NUMBER if now is not None and fate[1] == number else 0
            else:
                now = today.get((SECTION, doc[2]))
                marks = KEEPS_NUMBER if now is not None and doc[4] is not None and doc[4] == now[4] else 0
            if now is not None and all(doc[i] is None or doc[i] == now[i] for i in (4, 5, 6, 7)) \
                    and any(doc[i] is not None for i in (4, 6)):
                marks |= TODAYS
                repeats.append((doc, now))
            elif now is not None and doc[0] == RULE and now[2] != doc[2]:
                moves.append((doc, now))
            if marks:
                doc.append(marks)
    return repeats, moves


def _edition_docs(model: SiteModel, edition: Edition) -> list[list]:
    at, index = model.addresses, model.editions.index(edition)
    docs = []
    for chapter in edition.chapters:
        page = at.url(at.page(edition.date, chapter.number))
        for section in chapter.sections:
            titles = {lang: p.text for lang, p in section.titles.items()}
            docs.append([SECTION, page + "#" + rule_id(RuleNumber(section.number)), str(section.number), index,
                         titles.get("en"), titles.get("zh"), None, None])
            for rule in section.rules:
                en, zh = (rule.texts[lang].text if lang in rule.texts else None for lang in ("en", "zh"))
                if en is not None and is_title_text(en):  # a keyword's rule: its text is its name
                    short = zh is not None and len(zh) <= MAX_NAME
                    docs.append([RULE, page + "#" + rule_id(rule.number), str(rule.number), index,
                                 en, zh if short else None, None, None if short else zh])
                else:
                    docs.append([RULE, page + "#" + rule_id(rule.number), str(rule.number), index, None, None, en, zh])
    return docs


def _term_docs(model: SiteModel) -> list[list]:
    if model.current is None:
        return []
    glossary = model.addresses.url(model.addresses.page(model.current.date, "glossary"))
    swapped = model.termbase.swapped
    docs = []
    for term in model.termbase.ordered():
        marks = (FORMER if _former(term) else 0) | (SWAPPED_TEXTS if term.id in swapped else 0)
        docs.append([TERM, f"{glossary}#{term.anchor}", str(term.rule) if term.rule else "", 0,
                     without_obsolete_mark(term.en) if term.en else None, without_obsolete_mark(term.zh) if term.zh else None,
                     term.definitions.get("en"), term.definitions.get("zh")] + ([marks] if marks else []))
    return docs


def _former(term) -> bool:
    """A glossary entry of what the rules no longer have: obsolete, or "Informal term for a previous
    system" (the Paris and Vancouver mulligans), which a question is not asking about."""
    return term.obsolete or (term.definitions.get("en") or "").startswith("Informal term for a previous")


def _words(model: SiteModel, docs: list[list]) -> set[str]:
    words = {form for term in model.termbase.terms.values() for form in term.zh_forms}
    words |= {doc[5] for doc in docs if doc[5] and len(doc[5]) <= MAX_NAME}
    return words
