"""The pages around the rules: home, the primer, the hand-written pages, the go page and the list
of older editions."""
from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote_plus, unquote

from ...rules.model import Edition
from ...safe import html_attr, page_title
from ..addresses import md_link, own_folder
from ..markdown_writer import Page, render
from ..model import SiteModel
from ..note_page import note_page_body
from ..render import halves, title_in_halves
from .layout import source_shown

if TYPE_CHECKING:
    from . import SiteFiles


# a question in each language, a link that opens the search with it (`?q=`, cr-search.js): a new
# player's review found nothing on the home page that said the search takes questions
ASKS = {"zh": "践踏和死触怎么分配伤害", "en": "what happens if I draw from an empty library"}
ASKS |= {f"{lang}_query": quote_plus(ASKS[lang]) for lang in ("zh", "en")}


def home_page(model: SiteModel, files: "SiteFiles") -> None:
    at, current = model.addresses, model.current
    chapters, since = [], model.previous
    if current:
        chapters = [{"title": title_in_halves(c.number, c.titles),
                     "href": md_link("index.md", at.page(current.date, c.number))} for c in current.chapters]
    changes = {"since": since.date, "href": md_link("index.md", at.page(current.date, "changes"))} if since else None
    files.pages.append(render(
        "home.md.j2", "index.md", "万智牌完整规则 Comprehensive Rules",
        current=_edition_summary(model, "index.md", current) if current else None, chapters=chapters, changes=changes,
        shows=_what_is_shown(model, current) if current else None,
        older=[_edition_summary(model, "index.md", e) for e in model.editions[1:]],
        primer=bool(model.corpus.primers), go="go/index.md", asks=ASKS,
        glossary=md_link("index.md", at.page(current.date, "glossary")) if current and model.termbase.terms else None,
        meta=f'<div class="cr-page" data-go="{html_attr(at.href("index.md", "go/index.md"))}"></div>'))


def primer_page(model: SiteModel, files: "SiteFiles") -> None:
    for parsed in model.corpus.primers[:1]:
        body = terms_marked(note_page_body(parsed.page or ""), model.marker, _plain_words(model))
        files.pages.append(render("primer.md.j2", own_folder("primer"), "入门笔记 Primer", body=body,
                                  source=html_attr(parsed.spec.title or source_shown(parsed.spec.path))))


NOTE_BLOCK = re.compile(r'(<div class="cr-note">\n)(.*?)(\n</div>)', re.S)
TAG = re.compile(r"(<[^>]*>)")
UNMARKED = re.compile(r"<(/?)(a|code|pre)\b")  # a link's text, code: no term marks inside


def _plain_words(model: SiteModel) -> set[int]:
    """The terms whose Chinese names are everyday words too: in the current edition's rules, their
    Chinese stands more often where the English does not name the term than where it does (要求 for
    a combat Requirement, 持续 for an Ongoing scheme). The rules' pages mark a term only where both
    languages name it; a Chinese text alone has no English to ask."""
    seen, named = Counter(), Counter()
    for rule in (model.current.rules() if model.current else ()):
        if "en" not in rule.texts or "zh" not in rule.texts:
            continue
        texts = {lang: t.text.split("\n") + [line for e in t.examples for line in e.text.split("\n")]
                 for lang, t in rule.texts.items() if lang in ("en", "zh")}
        seen.update({term for line in texts["zh"] for _, _, term in model.marker.find(line, "zh")})
        named.update(model.marker.agreeing(texts)["zh"])
    return {term for term, count in seen.items() if named[term] * 2 < count}


def terms_marked(body: str, marker, plain: set[int] = frozenset()) -> str:
    """A study note's terms marked as the rules' are (<u>: the glossary's pop-up on a tap), each term
    once a section, in either language, but for the Chinese of those in `plain` (a new player's
    review: the primer, the page to learn from, explained none of its words)."""
    def section(match: re.Match) -> str:
        seen: set[int] = set()
        out, inside = [], 0
        for piece in TAG.split(match.group(2)):
            tag = UNMARKED.match(piece)
            if tag:
                inside += -1 if tag.group(1) else 1
            if piece.startswith("<") or inside or not piece.strip():
                out.append(piece)
                continue
            text, at = html.unescape(piece), 0
            found = sorted([m for m in marker.find(text, "zh") if m[2] not in plain] + marker.find(text, "en"))
            for start, stop, term in found:
                if start < at or term in seen:
                    continue
                seen.add(term)
                out.append(html_attr(text[at:start]) + "<u>" + html_attr(text[start:stop]) + "</u>")
                at = stop
            out.append(html_attr(text[at:]))
        return match.group(1) + "".join(out) + match.group(3)
    return NOTE_BLOCK.sub(section, body)


def hand_written_pages(model: SiteModel, files: "SiteFiles") -> None:
    """docs_src/pages/*.md (our own text, not a source's), each paragraph in halves
    (paragraphs_in_halves); the title from front matter."""
    for name, text in sorted(model.hand_written.items()):
        title = next((line[6:].strip() for line in text.splitlines()[:10] if line.startswith("title:")), name[:-3])
        files.pages.append(Page(name, page_title(title), paragraphs_in_halves(text)))


HAN = re.compile(r"[\u3400-\u9fff]")
NOT_PROSE = re.compile(r"\s*([-*+]\s|\d+\.\s|[>#|<]|```|---|title:)")  # a list, a quote, a heading, a table, HTML, code, front matter


def paragraphs_in_halves(markdown: str) -> str:
    """A hand-written page as the home page reads (home.md.j2): each paragraph written as its lines
    in Chinese, then its lines in English (docs_src/pages' way) in its two halves (render.halves);
    every other block as written."""
    blocks = re.split(r"(\n\s*\n)", markdown)
    fenced = False
    for i in range(0, len(blocks), 2):
        lines = blocks[i].split("\n")
        if blocks[i].count("```") % 2:
            fenced = not fenced
        if fenced or any(NOT_PROSE.match(line) for line in lines):
            continue
        english = next((k for k, line in enumerate(lines) if line.strip() and not HAN.search(line)), None)
        if not english or any(HAN.search(line) for line in lines[english:]):
            continue
        blocks[i] = halves("\n".join(lines[:english]), "\n".join(lines[english:]))
    return "".join(blocks)


def go_page(model: SiteModel, files: "SiteFiles") -> None:
    at, current = model.addresses, model.current
    mapping = {}
    if current:
        mapping = {str(c.number): at.href("go/index.md", at.page(current.date, c.number)) for c in current.chapters}
    older = [e.date for e in model.history[0][:-1]]  # editions whose numbers lead to today's rules

    def chapter_pages(lineage: bool) -> dict:
        return {e.date: {str(c.number): at.href("go/index.md", at.page(e.date, c.number)) for c in e.chapters}
                for e in model.editions if e is not current and (e.date in older) == lineage}
    # the rest (an excerpt, a forum post): a number of theirs goes to their own page, which has it
    apart = chapter_pages(lineage=False)
    # an older edition of the lineage with pages of its own: a rule removed since is read there
    pages = chapter_pages(lineage=True)
    data = html_attr(json.dumps({"chapters": mapping, "edition": current.date if current else None,
                                 "external": model.missing_rule_url, "older": older, "apart": apart, "pages": pages,
                                 "aliases": file_dates(model.history[0] or ([current] if current else []))},
                                ensure_ascii=False))
    files.pages.append(render("go.md.j2", "go/index.md", "跳转到规则 Go to a rule", data=data))


FILE_DATE = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)")


def file_dates(editions: list[Edition]) -> dict[str, str]:
    """The date of an edition's official file (MagicCompRules-20240206.txt, which readers quote) ->
    the edition's effective date (2024-02-02), where they differ and the file's names no edition."""
    dates = {e.date for e in editions}
    found = {}
    for edition in editions:
        for source in edition.sources:
            if source.format != "official":
                continue
            # `fetch` saves a file under its effective date; the name it was published under is in its URL
            names = [Path(source.path).name] + ([unquote(source.fetched.url.rsplit("/", 1)[-1])] if source.fetched else [])
            for named in filter(None, (FILE_DATE.search(name) for name in names)):
                date = f"{named[1]}-{named[2]}-{named[3]}"
                if date != edition.date and date not in dates:
                    found[date] = edition.date
    return dict(sorted(found.items()))


def older_editions_page(model: SiteModel, files: "SiteFiles") -> None:
    if len(model.editions) > 1:
        src = "editions/index.md"
        files.pages.append(render("editions.md.j2", src, "旧版规则 Older editions",
                                  editions=[_edition_summary(model, src, e) for e in model.editions[1:]]))


def _what_is_shown(model: SiteModel, edition: Edition) -> dict:
    """Which English edition and which translation the current pages show, since when, and where
    each came from: what a reader checks before trusting a ruling."""
    english = [s for s in edition.sources if "en" in s.languages]
    chinese = [s for s in edition.sources if "zh" in s.languages]
    translated_from = sorted({c.translates for c in edition.carried.values()})
    status = model.status[edition.date]
    fetched = [s.fetched for s in english + chinese if s.fetched is not None]
    return {
        "english": edition.date if english else None,
        "official": any(s.format == "official" for s in english),
        "chapters": [c.number for c in edition.chapters],
        "translation": translated_from[-1] if translated_from else (edition.date if chinese else None),
        "stale": len(status.stale),
        "untranslated": status.rules - status.translated,
        "fetched": [{"date": html_attr(f.date), "url": html_attr(f.url)} for f in fetched],
    }


def _edition_summary(model: SiteModel, from_src: str, edition: Edition) -> dict:
    return {
        "date": edition.date,
        "href": md_link(from_src, model.addresses.page(edition.date, "index")),
        "rules": sum(1 for _ in edition.rules()),
        "languages": "+".join(edition.languages),
        "sources": [html_attr(s.title or source_shown(s.path)) for s in edition.sources],
    }
