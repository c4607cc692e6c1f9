"""The rules of each edition: its index, a page per chapter, the glossary (current edition), the
introduction and credits, and the data files of each chapter (previews, the other script)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...history.export import to_json
from ...rules.anchors import rule_id
from ...rules.model import Edition
from ...safe import html_attr, md_text
from ..addresses import md_link
from ..browser_data import other_script, previews_script, terms_script
from ..markdown_writer import Page, render
from ..model import SiteModel, lang_tags
from ..render import Linker, LinkStats, RuleRenderer, bilingual_title, halves, rule_link, title_in_halves
from ..search_data import search_files
from .glossary import glossary_sections, letter_bar
from .layout import page_marks, page_meta, rule_chunks, rules_height, stale_marks

if TYPE_CHECKING:
    from . import SiteFiles

TEXTS = (("intro", "前言 Introduction", "introduction"), ("credits", "版权信息 Credits", "credits"))


def edition_pages(model: SiteModel, files: "SiteFiles") -> None:
    for edition in model.editions:
        stats = files.links.setdefault(edition.date, LinkStats())
        pages = [chapter_page(model, edition, chapter, files, stats) for chapter in edition.chapters]
        if model.is_current(edition) and model.termbase.terms:
            pages.append(glossary_page(model, edition, stats))
            files.assets.update([terms_script(model)])
            files.assets.update(search_files(model))
        pages += text_pages(model, edition, stats)
        files.pages += [edition_index(model, edition, pages)] + pages
        files.assets[f"assets/data/{edition.date}/cr.json"] = to_json(edition)


def chapter_page(model: SiteModel, edition: Edition, chapter, files: "SiteFiles", stats: LinkStats) -> Page:
    src = model.addresses.page(edition.date, chapter.number)
    langs = lang_tags(edition)
    renderer = chapter_renderer(model, edition, chapter, stats)
    sections = [{
        "heading": md_text(bilingual_title(section.number, section.titles)),
        "anchor": f"cr{section.number}",
        "blocks": [{"html": page_marks("".join(renderer.rule(rule) for rule in chunk)), "height": rules_height(chunk)}
                   for chunk in rule_chunks(section.rules)],
    } for section in chapter.sections]
    path, text = previews_script(edition, chapter, renderer)
    files.assets[path] = text
    path, text = other_script(edition, chapter.number, langs["zh"] == "zh-Hant", renderer.zh_cells)
    files.assets[path] = text
    files.terms_marked[f"{edition.date}/{chapter.number}"] = renderer.marks
    title = bilingual_title(chapter.number, chapter.titles)
    return render("chapter.md.j2", src, edition_title(model, edition, title), sections=sections,
                  meta=page_meta(model, edition, src, chapter.number), search_boost=_boost(model, edition),
                  description=described(edition, title))


def described(edition: Edition, title: str) -> str:
    """What a chat's preview of a link to the page says: the page, the edition, the languages."""
    return (f"{title} · 万智牌完整规则 {edition.date} 版，中英对照，每条规则可链接。The Magic: The Gathering "
            f"Comprehensive Rules of {edition.date}, in Chinese and English, every rule linkable.")


def edition_title(model: SiteModel, edition: Edition, title: str) -> str:
    """An older edition's page says so in its title, first: the header shows it over the rules once
    the reader has scrolled (a rule opened from a link is far below the page's notice), and a
    phone cuts the title's end."""
    return title if model.is_current(edition) else f"{edition.date} 旧版 · {title}"


def chapter_renderer(model: SiteModel, edition: Edition, chapter, stats: LinkStats) -> RuleRenderer:
    """How a chapter's rules are written: its links, term marks, stale-translation notes and keyword notes."""
    src = model.addresses.page(edition.date, chapter.number)
    rules = chapter_rules(chapter)
    return RuleRenderer(
        lang_tags(edition), Linker(model.resolver(edition, src), stats, model.marker),
        defined_in=lambda number: model.defined_in(edition, number),
        stale=stale_marks(model, edition, rules),
        sentences={number: c.parts for number, c in edition.carried.items() if c.parts and number in rules},
        notes=_joined(keyword_notes(model, edition, src), change_notes(model, edition, src), moved_notes(model, edition, src)),
        renumbered=model.changes if model.is_current(edition) else None, no_chinese="zh" not in edition.languages)


def glossary_page(model: SiteModel, edition: Edition, stats: LinkStats) -> Page:
    src = model.addresses.page(edition.date, "glossary")

    def rule_href(term) -> str | None:
        if term.edition is None or term.rule is None or term.rule not in model.present[term.edition.date]:
            return None
        return model.addresses.rule_href(src, term.edition.date, term.rule)
    sections = glossary_sections(model.termbase, lang_tags(edition),
                                 Linker(model.resolver(edition, src), stats, model.marker), rule_href)
    for section in sections:
        section["html"] = page_marks(section["html"])
    return render("chapter.md.j2", src, edition_title(model, edition, "词汇表 Glossary"), sections=sections,
                  description=described(edition, "词汇表 Glossary"),
                  meta=page_meta(model, edition, src) + "\n" + letter_bar(sections))


def text_pages(model: SiteModel, edition: Edition, stats: LinkStats) -> list[Page]:
    """The introduction and the credits, where the sources have them."""
    pages = []
    for name, title, attribute in TEXTS:
        texts = getattr(edition, attribute)
        if not texts:
            continue
        src = model.addresses.page(edition.date, name)
        linker = Linker(model.resolver(edition, src), stats)
        cells = "".join(f"<div lang={tag}>" + "".join(f"<p>{linker.html(p.text)}</p>"
                                                       for p in texts.get(lang, [])) + "</div>"
                        for lang, tag in lang_tags(edition).items())
        pages.append(render("chapter.md.j2", src, edition_title(model, edition, title), meta=page_meta(model, edition, src),
                            search_boost=_boost(model, edition),
                            sections=[{"heading": md_text(title), "anchor": name, "wrapper": "cr-report",
                                       "html": f'<div class="tx prose">{cells}</div>'}]))
    return pages


def edition_index(model: SiteModel, edition: Edition, pages: list[Page]) -> Page:
    at = model.addresses
    src = at.page(edition.date, "index")
    chapter_srcs = {at.page(edition.date, c.number) for c in edition.chapters}
    return render(
        "edition.md.j2", src, f"规则 Rules ({edition.date})", meta=page_meta(model, edition, src),
        extras=[{"title": p.title, "href": md_link(src, p.src)} for p in pages if p.src not in chapter_srcs],
        chapters=[{"title": title_in_halves(c.number, c.titles),
                   "href": md_link(src, at.page(edition.date, c.number)),
                   "sections": [{"title": title_in_halves(s.number, s.titles),
                                 "href": md_link(src, at.page(edition.date, c.number), f"cr{s.number}")}
                                for s in c.sections]} for c in edition.chapters])


def chapter_rules(chapter) -> dict:
    return {rule.number: rule for section in chapter.sections for rule in section.rules}


def keyword_notes(model: SiteModel, edition: Edition, src: str) -> dict:
    """Links between today's keyword rules and their explanations in older editions, both ways:
    rule number -> the HTML shown under it on this page. Today's page links an older edition's
    keyword only where its number was another (Banding, 702.19 in 2009, is 702.22): one of the
    same number is the rule's own history (its panel), and a link under every keyword said nothing."""
    current, at = model.current, model.addresses
    notes = {}
    for older, pairs in model.corpus.keywords.items():
        for old, new in pairs:
            if model.is_current(edition):
                if old == new:
                    continue
                notes[new] = _note(f"{older} 版 The {older} edition:", at.rule_href(src, older, old), old, older)
            elif edition.date == older:
                notes[old] = _note("现行规则 Today:", at.rule_href(src, current.date, new), new, current.date)
    return notes


def moved_notes(model: SiteModel, edition: Edition, src: str) -> dict:
    """An older edition's rules today's has under another number, or no more: a line under each, to
    today's rule (a release-day judge opened 2023-11-17's 723.6 from the search and found no way to
    724.6). Not a keyword's, which keyword_notes links already."""
    fates = {} if model.is_current(edition) else model.renumbered.get(edition.date, {})
    keywords = {old for pairs in model.corpus.keywords.values() for old, _ in pairs} if fates else set()
    at, notes = model.addresses, {}
    for number, fate in fates.items():
        if number in keywords:
            continue
        if fate[0] == "now":
            notes[number] = _note("现行规则 Today:", at.rule_href(src, model.current.date, fate[1]), fate[1], model.current.date)
        elif fate[0] == "removed":
            notes[number] = f"<div class=kw>{html_attr(fate[1])} 版删除 Removed in {html_attr(fate[1])}</div>"
    return notes


CHANGE_NOTES = {"added": ("新增", "New"), "edited": ("修改", "Changed"), "moved-edited": ("修改", "Changed")}


def change_notes(model: SiteModel, edition: Edition, src: str) -> dict:
    """Today's rules the changes page calls new or changed: rule number -> a line under it, a link to
    its row there, which shows what changed (a judge reading chapter 7 after a release saw no word
    of the 38 new rules and 6 changed ones but on that page)."""
    if model.changes is None or not model.is_current(edition):
        return {}
    page = model.addresses.page(edition.date, "changes")
    notes = {}
    for change in model.changes.rules:
        if change.kind in CHANGE_NOTES:
            zh, en = CHANGE_NOTES[change.kind]
            href = html_attr(model.addresses.href(src, page, f"change-{rule_id(change.new)}"))
            said = halves(f"{edition.date} 版{zh}", f"{en} in {edition.date}")
            notes[change.new] = f'<div class=since><a href="{href}">{said}</a></div>'
    return notes


def _joined(*notes: dict) -> dict:
    """Rule number -> its lines under it, from each kind of note in turn."""
    out: dict = {}
    for kind in notes:
        for number, html in kind.items():
            out[number] = out.get(number, "") + html
    return out


def _note(label: str, href: str, number, edition: str) -> str:
    return f"<div class=kw>{rule_link(href, f'{label} {number}', edition=edition)}</div>"


def _boost(model: SiteModel, edition: Edition) -> float | None:
    """Older editions rank below the current one in search."""
    return None if model.is_current(edition) else 0.5
