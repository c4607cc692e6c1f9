"""The data the browser scripts read, written as scripts (scripts load from file://; JSON fetches
do not). Each file is one call `CR.<name>(...)` with JSON arguments (safe.script_call); the
readers are grouped at the top of overrides/assets/cr.js. The payloads:

  assets/data/terms.js               CR.terms(terms, forms, chapters)
      terms: id -> [English, Chinese, English definition, Chinese definition, glossary URL from
             the site root, Chinese in Traditional script, its definition in Traditional script,
             the rule numbers its definitions cite, as written, that the current edition has,
             [the English's, the Chinese's] where the two cite different rules (else null)]
      forms: every marked form (as written on the pages) -> term id
      chapters: chapter number -> the current edition's page of it, from the site root (a cited
             number's link: its chapter's page and its anchor)
  assets/data/search.js, assets/data/search/*.js   the search data in pieces: search_pieces.py
  assets/data/<edition>/<chapter>.js CR.previews(edition, chapter, rules)
      rules: rule or section number -> [English HTML, Chinese HTML] (None where missing)
  assets/data/<edition>/<chapter>.<hans|hant>.js  CR.script(edition, chapter, script, cells)
      cells: anchor of a rule or example -> its Chinese cell in the other script
  assets/data/s2t.js, t2s.js         CR.charmap(name, pairs)
      pairs: character -> the character in the other script, for the site's Chinese characters
  assets/data/<edition>/<chapter>.history.js  CR.history(edition, chapter, rules)
      rules: rule number -> its versions, newest first: [number, since, until, change into the next
             newer version or null, English [text, example, ...], Chinese [text, example, ...] or
             null, the edition of that Chinese or null, added in (oldest) or null]; the newest
             version's texts are null (they are on the page); cr-panel.js shows each older text and
             example as a word diff to the one in its place in the next newer version
  assets/data/renumber/<edition>.js  CR.renumber(edition, numbers)
      numbers: a rule number of that edition -> [the number today] or [null, the edition that
               dropped it]; numbers that are still the same rule are left out
"""
from __future__ import annotations

import re

from ..cache import cached
from ..rules.model import NUMBERED_SENSE, Edition
from ..rules.references import cited_apart, cited_rules
from ..rules.termbase import Term, convert_all, short
from ..safe import html_attr, script_call
from .model import SiteModel
from .render import RuleRenderer
from .traditional import is_han, traditional, traditional_characters

TERM_MARK = re.compile(r"<u t=\d+>|</u>")


def terms_script(model: SiteModel) -> tuple[str, str]:
    glossary = model.addresses.url(model.addresses.page(model.current.date, "glossary"))
    terms = model.termbase.ordered()
    shown = [(t, senses(t, "en"), senses(t, "zh")) for t in terms]
    hant = iter(traditional([text for t, _, zh in shown for text in (t.zh or "", zh or "")]))
    have = {str(number) for number in model.present[model.current.date]}
    swapped = model.termbase.swapped  # a definition written under another's name: whose (the glossary's line)
    data = {str(t.id): [t.en, t.zh, en, zh, f"{glossary}#{t.anchor}", next(hant) or None, next(hant) or None,
                        _cited(have, en, zh), _apart(en, zh), str(swapped[t.id].id) if t.id in swapped else None]
            for t, en, zh in shown}
    forms = dict(sorted(model.marker.forms().items()))
    chapters = {str(c.number): model.addresses.url(model.addresses.page(model.current.date, c.number))
                for c in model.current.chapters}
    return "assets/data/terms.js", script_call("terms", data, forms, chapters)


def _apart(en: str | None, zh: str | None) -> list[list[str]] | None:
    """Where a definition's Chinese cites other rules than its English (Provoke's and Prowess's
    swapped in the 2023-11-17 translation), both, as the glossary page says under the entry."""
    apart = cited_apart(en, zh) if en and zh else None
    return [[str(n) for n in numbers] for numbers in apart] if apart else None


def _cited(have: set[str], *texts: str | None) -> list[str]:
    """The rule numbers the texts cite as written in them (510.1c of "510.1c–d") that the edition
    has: a pop-up links them (a number the edition lacks, the glossary's 110.10, stays text)."""
    return sorted({str(n) for text in texts if text for n in cited_rules(text)
                   if str(n) in have and re.search(rf"(?<![\d.]){re.escape(str(n))}(?![\da-z])", text)})


def senses(term: Term, lang: str) -> str | None:
    """What a term's pop-up says in a language: its glossary definition whole, one paragraph a line
    (at most about 400 characters: cut short, the English lost sentences its Chinese kept, as
    Attacking Creature's "It remains an attacking creature until ..."), or, where the glossary
    numbers its senses ("1. A zone. ...", "2. To put an object into the exile zone ..."), every
    sense shortened: a rule may use any sense (702.34a exiles). A term the glossary lacks: its rule's."""
    entry = getattr(term.glossary, lang, None) if term.glossary else None
    paragraphs = entry.definition if entry else []
    if len(paragraphs) > 1 and NUMBERED_SENSE.match(paragraphs[0]):
        return "\n".join(short(paragraph) for paragraph in paragraphs)
    return "\n".join(paragraphs) if paragraphs else term.definitions.get(lang)


def previews_script(edition: Edition, chapter, renderer: RuleRenderer) -> tuple[str, str]:
    """Hover previews for one chapter: the rule texts as rendered on the page, without term marks."""
    def plain(number, lang):
        content = renderer.texts.get(number, {}).get(lang)
        return TERM_MARK.sub("", content) if content is not None else None

    data = {}
    for section in chapter.sections:
        first = section.rules[0].number if section.rules else None
        data[str(section.number)] = [
            "".join([f"<b>{html_attr(t.text)}</b><br>" if (t := section.titles.get(lang)) else "",
                     plain(first, lang) or ""]) or None
            for lang in ("en", "zh")]
        for rule in section.rules:
            data[str(rule.number)] = [plain(rule.number, lang) for lang in ("en", "zh")]
    return (f"assets/data/{edition.date}/{chapter.number}.js",
            script_call("previews", edition.date, chapter.number, data))


def other_script(edition: Edition, chapter: int, hant: bool, cells: dict[str, str]) -> tuple[str, str]:
    """The chapter's Chinese cells in the script the page is not written in."""
    script = "hans" if hant else "hant"
    texts = list(cells.values())
    converted = dict(zip(cells, convert_all("t2s", texts) if hant else traditional(texts)))
    return (f"assets/data/{edition.date}/{chapter}.{script}.js",
            script_call("script", edition.date, chapter, script, converted))


def character_maps(texts: list[str]) -> dict[str, str]:
    """Character maps between the scripts, for the text that has no phrase-level conversion
    (headings, navigation, glossary, previews): only the characters these texts use. Kept between
    builds of the same texts: counting the pairs of a full edition takes half a second."""
    return cached("charmap", "\0".join(texts).encode("utf-8"), lambda: _character_maps(texts))


def _character_maps(texts: list[str]) -> dict[str, str]:
    to_traditional = traditional_characters(texts)
    # a query typed in Traditional is read in Simplified: the Traditional of every character too (賴 of 赖)
    present = set().union(*(set(text) for text in texts), *(set(hant) for hant in to_traditional.values()))
    characters = sorted(ch for ch in present if is_han(ch))
    to_simplified = {ch: out for ch, out in zip(characters, convert_all("t2s", characters)) if len(out) == 1 and out != ch}
    # and back, a pair the site writes otherwise than its characters (反复 as 反覆: 覆 alone is 覆, 覆诵)
    to_simplified.update({hant: simplified for simplified, hant in to_traditional.items() if len(simplified) == 2
                          and "".join(to_simplified.get(ch, ch) for ch in hant) != simplified})
    return {"assets/data/s2t.js": script_call("charmap", "s2t", to_traditional),
            "assets/data/t2s.js": script_call("charmap", "t2s", to_simplified)}


def history_script(edition: Edition, chapter: int, histories: dict) -> tuple[str, str]:
    """The history of every rule of a chapter (loaded when a reader opens one)."""
    data = {str(number): [[str(v.number), v.since, v.until, v.change, v.en if i else None, v.zh if i else None,
                           v.zh_edition, v.added_in, v.absent_in] for i, v in enumerate(versions)]
            for number, versions in histories.items()}
    return (f"assets/data/{edition.date}/{chapter}.history.js",
            script_call("history", edition.date, chapter, data))


def renumber_script(date: str, fates: dict) -> tuple[str, str]:
    numbers = {str(n): ([str(fate[1])] if fate[0] == "now" else [None, fate[1]] if fate[0] == "removed" else [])
               for n, fate in fates.items()}  # [today's number], [None, the edition that removed it], or [] (none then)
    return f"assets/data/renumber/{date}.js", script_call("renumber", date, numbers)
