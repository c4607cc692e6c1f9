"""The site's pages: which pages exist, where each rule lives, and the Markdown of every page.

Page addresses: the newest edition's chapters are `cr/<chapter>.md` (as on the Chinese judge
wiki), older editions `editions/<date>/<chapter>.md`. Links inside rule blocks are written as
final relative URLs, because Markdown does not rewrite links inside raw HTML; `dir_urls` says
which URL style the build uses (the offline build turns directory URLs off).
"""
from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import yaml

from .anchors import rule_id
from .export import to_json
from .keywords import match_keywords
from .edition_pages import changes_pages, status_page
from .status import edition_status
from .gcpause import paused_gc
from .glossary_page import glossary_sections, term_anchor
from .model import Edition
from .note_page import note_page_body
from .numbers import RuleNumber
from .pipeline import Corpus
from .term_marker import TermMarker
from .termbase import Termbase, convert_all
from .render import LinkStats, RuleRenderer, bilingual_title, linked
from .safe import front_matter, html_attr, md_text, page_title, script_call
from .xref import Ref

TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("generator", "templates"),
    autoescape=False,  # the output is Markdown; every value from a source is escaped before it gets here
    keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
)


@dataclass
class Settings:
    """docs_src/site.yml"""

    # URL template for references to rules of the newest edition that are not in the build, with
    # {number} (702.19c), {slug} (702-19c) or {compact} (70219c); None leaves them as marked text.
    missing_rule_url: str | None = None

    @classmethod
    def read(cls, path: Path) -> "Settings":
        if not path.exists():
            return cls()
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return cls(missing_rule_url=data.get("missing_rule_url"))


@dataclass
class Page:
    src: str
    title: str
    markdown: str


@dataclass
class SiteReport:
    links: dict[str, LinkStats] = field(default_factory=dict)  # per edition
    terms_marked: dict[str, int] = field(default_factory=dict)  # "<edition>/<chapter>" -> marks


class Site:
    @paused_gc
    def __init__(self, corpus: Corpus, dir_urls: bool = True, settings: Settings | None = None):
        self.corpus = corpus
        self.dir_urls = dir_urls
        self.settings = settings or Settings()
        self.editions = corpus.editions
        self.current = self.editions[0] if self.editions else None
        self.termbase = Termbase.build(self.editions, corpus.primers)
        self.marker = TermMarker(self.termbase)
        self._defined = self._defining_rules()
        parsed = [loaded.parsed for loaded in corpus.loaded]
        self.status = {e.date: edition_status(e, parsed) for e in self.editions}
        self.notes = self._keyword_notes()
        self._present = {e.date: {r.number for r in e.rules()} | {RuleNumber(s.number) for c in e.chapters
                                                                   for s in c.sections} for e in self.editions}

    # addresses --------------------------------------------------------------------------------
    def prefix(self, edition: Edition) -> str:
        return "cr" if edition is self.current else f"editions/{edition.date}"

    def chapter_src(self, edition: Edition, chapter: int) -> str:
        return f"{self.prefix(edition)}/{chapter}.md"

    def url(self, src: str) -> str:
        """Site-relative URL of a page, as MkDocs will write it."""
        stem = src[:-3]
        if stem == "index" or stem.endswith("/index"):
            base = stem[:-5]
            return base if self.dir_urls else base + "index.html"
        return stem + "/" if self.dir_urls else stem + ".html"

    def folder(self, src: str) -> str:
        """The folder a page's URL resolves relative links against ("" for the site root)."""
        url = self.url(src)
        return url.rstrip("/") if url.endswith("/") else posixpath.dirname(url)

    def href(self, from_src: str, to_src: str, anchor: str = "") -> str:
        """A relative link from one page to another (or to an anchor on the same page)."""
        if from_src == to_src and anchor:
            return f"#{anchor}"
        target = self.url(to_src)
        rel = posixpath.relpath(target or ".", self.folder(from_src) or ".")
        if target.endswith("/") or not target:  # a directory URL keeps its slash
            rel = "./" if rel == "." else rel + "/"
        return rel + (f"#{anchor}" if anchor else "")

    @staticmethod
    def md_link(from_src: str, to_src: str, anchor: str = "") -> str:
        """A link for the Markdown part of a page: MkDocs turns it into a URL and validates it."""
        rel = posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")
        return rel + (f"#{anchor}" if anchor else "")

    # pages ------------------------------------------------------------------------------------
    def pages(self) -> tuple[list[Page], dict[str, str], SiteReport]:
        """Every page, the generated assets (path -> text), and the link statistics."""
        report = SiteReport()
        pages: list[Page] = []
        assets: dict[str, str] = {}
        for edition in self.editions:
            pages += self._edition_pages(edition, assets, report)
        pages.append(self._home())
        pages += self._primer_pages()
        pages += changes_pages(self)
        if self.current:
            pages.append(status_page(self))
        pages += self._hand_written_pages()
        pages.append(self._sources_page())
        pages.append(self._go_page())
        if len(self.editions) > 1:
            pages.append(self.render("editions.md.j2", "editions/index.md", "旧版规则 Older editions",
                                      editions=[self._edition_summary("editions/index.md", e)
                                                for e in self.editions[1:]]))
        assets.update(self._script_maps(pages))
        return pages, assets, report

    def nav(self, pages: list[Page]) -> list:
        titles = {p.src: p.title for p in pages}
        nav: list = [{"首页 Home": "index.md"}]
        if self.current:
            prefix = self.prefix(self.current)
            nav.append({f"规则 Rules {self.current.date}": [src for src in titles if src.startswith(prefix + "/")]})
        nav += [src for src in ("primer.md",) if src in titles]
        if len(self.editions) > 1:
            older = ["editions/index.md"]
            for edition in self.editions[1:]:
                older += [src for src in titles if src.startswith(self.prefix(edition) + "/")]
            nav.append({"旧版规则 Older editions": older})
        nav += ["go/index.md", "about.md", "sources.md"]
        return [{titles[item]: item} if isinstance(item, str) and item in titles else item for item in nav]

    def render(self, template: str, src: str, title: str, search_boost: float | None = None, **values) -> Page:
        """A page from a template. `title` is plain text (it may come from a source); the page's
        title is its escaped form, and the template gets it as a Markdown heading."""
        head = front_matter(title=page_title(title), search_boost=search_boost)
        text = head + TEMPLATES.get_template(template).render(title_md=md_text(title), **values)
        return Page(src, page_title(title), text)

    def _edition_summary(self, from_src: str, edition: Edition) -> dict:
        return {
            "date": edition.date,
            "href": self.md_link(from_src, f"{self.prefix(edition)}/index.md"),
            "rules": sum(1 for _ in edition.rules()),
            "languages": "+".join(edition.languages),
            "sources": [html_attr(s.title or s.path) for s in edition.sources],
        }

    def _edition_pages(self, edition: Edition, assets: dict[str, str], report: SiteReport) -> list[Page]:
        prefix = self.prefix(edition)
        stats = report.links.setdefault(edition.date, LinkStats())
        langs = {"en": "en", "zh": "zh-Hant" if _script(edition) == "Hant" else "zh"}  # the site's language is zh (Simplified)
        chapters = {c.number for c in edition.chapters}
        pages: list[Page] = []
        for chapter in edition.chapters:
            src = self.chapter_src(edition, chapter.number)
            renderer = RuleRenderer(
                langs, self._resolver(edition, src, chapters), stats, self.marker.find,
                defined_in=lambda number, edition=edition: self._defined.get((edition.date, number.section, number.rule),
                                                                             set())
                | self._defined.get((edition.date, number.section, 0), set()),
                stale={s.number: s.translates for s in self.status[edition.date].stale},
                notes={number: note(src) for number, note in self.notes.get(edition.date, {}).items()})
            sections = [{
                "heading": md_text(bilingual_title(section.number, section.titles)),
                "anchor": f"cr{section.number}",
                "blocks": [{"html": _page_marks("".join(renderer.rule(rule) for rule in chunk)),
                            "height": _estimated_height(chunk)}
                           for chunk in _chunks(section.rules)],
            } for section in chapter.sections]
            title = bilingual_title(chapter.number, chapter.titles)
            pages.append(self.render("chapter.md.j2", src, title, sections=sections,
                                      meta=self.meta(edition, src), search_boost=None if edition is self.current else 0.5))
            assets[f"assets/data/{edition.date}/{chapter.number}.js"] = self._previews(edition, chapter, renderer)
            report.terms_marked[f"{edition.date}/{chapter.number}"] = renderer.marks
            script, config = ("hans", "t2s") if langs["zh"] == "zh-Hant" else ("hant", "s2twp")
            cells = dict(zip(renderer.zh_cells, convert_all(config, list(renderer.zh_cells.values()))))
            assets[f"assets/data/{edition.date}/{chapter.number}.{script}.js"] = script_call(
                "script", edition.date, chapter.number, script, cells)
        if edition is self.current and self.termbase.terms:
            src = f"{prefix}/glossary.md"
            sections = glossary_sections(self.termbase, langs, self._resolver(edition, src, chapters), stats,
                                         self.marker.find, lambda term: self._rule_href(src, term))
            for section in sections:
                section["html"] = _page_marks(section["html"])
            pages.append(self.render("chapter.md.j2", src, "词汇表 Glossary", sections=sections,
                                      meta=self.meta(edition, src)))
            assets["assets/data/terms.js"] = self._terms_script()
        if edition is self.current:
            assets["assets/data/site.js"] = self._site_script()
        assets[f"assets/data/{edition.date}/cr.json"] = to_json(edition)
        for kind, title, texts in (("intro", "前言 Introduction", edition.introduction),
                                   ("credits", "版权信息 Credits", edition.credits)):
            if texts:
                src = f"{prefix}/{kind}.md"
                resolve = self._resolver(edition, src, chapters)
                cells = "".join(f"<div lang={tag}>"
                                + "".join(f"<p>{linked(p.text, resolve, stats)}</p>" for p in texts.get(lang, []))
                                + "</div>" for lang, tag in langs.items())
                pages.append(self.render("chapter.md.j2", src, title, meta=self.meta(edition, src),
                                          search_boost=None if edition is self.current else 0.5, sections=[{"heading": md_text(title), "anchor": kind,
                                                     "html": f'<div class="tx prose">{cells}</div>', "wrapper": "cr-report"}]))
        index_src = f"{prefix}/index.md"
        pages.insert(0, self.render(
            "edition.md.j2", index_src, f"规则 Rules {edition.date}", meta=self.meta(edition, index_src),
            extras=[{"title": p.title, "href": self.md_link(index_src, p.src)} for p in pages
                    if not re.fullmatch(r".*/\d\.md", p.src)],
            chapters=[{"title": md_text(bilingual_title(c.number, c.titles)),
                       "href": self.md_link(index_src, self.chapter_src(edition, c.number)),
                       "sections": [{"title": md_text(bilingual_title(s.number, s.titles)),
                                     "href": self.md_link(index_src, self.chapter_src(edition, c.number),
                                                          f"cr{s.number}")}
                                    for s in c.sections]} for c in edition.chapters]))
        return pages

    def _script_maps(self, pages: list[Page]) -> dict[str, str]:
        """Character maps between the scripts, for the text that has no phrase-level conversion
        (headings, navigation, glossary, previews): only the characters the site uses."""
        present = set().union(*(set(page.markdown) for page in pages))
        characters = sorted(ch for ch in present if "\u3400" <= ch <= "\u9fff")
        maps = {}
        for name, config in (("s2t", "s2tw"), ("t2s", "t2s")):
            pairs = {ch: out for ch, out in zip(characters, convert_all(config, characters))
                     if len(out) == 1 and out != ch}
            maps[f"assets/data/{name}.js"] = script_call("charmap", name, pairs)
        return maps

    def meta(self, edition: Edition, src: str) -> str:
        """The block at the top of every rules page: edition, data for the scripts, older-edition label."""
        older = edition is not self.current
        chapter = re.fullmatch(r".*/(\d)\.md", src)
        attrs = ((f'data-chapter="{chapter.group(1)}" ' if chapter else "")
                 + f'data-script="{_script(edition).lower()}" '
                 f'data-edition="{html_attr(edition.date)}" '
                 f'data-go="{html_attr(self.href(src, "go/index.md"))}"' + (' data-older="1"' if older else ""))
        label = ""
        if older:
            label = ('<div class="admonition warning" data-search-exclude><p class="admonition-title">旧版规则 Older edition</p>'
                     f'<p>这是 {html_attr(edition.date)} 版的规则，不是现行规则；规则编号在各版之间会变动。'
                     f'This is the CR of {html_attr(edition.date)}, not the current rules; rule numbers move '
                     'between editions.</p></div>')
        return (f'<div class="cr-page" data-search-exclude {attrs}><p class="cr-edition">生效日期 Effective '
                f'<time datetime="{html_attr(edition.date)}">{html_attr(edition.date)}</time></p></div>\n{label}')

    def _resolver(self, edition: Edition, from_src: str, chapters: set[int]):
        present = self._present[edition.date]
        template = self.settings.missing_rule_url if edition is self.current else None

        def resolve(ref: Ref) -> tuple[str, bool] | None:
            if isinstance(ref.target, str):  # a glossary entry
                return self.href(from_src, f"{self.prefix(edition)}/glossary.md", ref.target), True
            if ref.is_chapter:
                if ref.target in chapters:
                    return self.href(from_src, self.chapter_src(edition, ref.target)), True
            elif ref.target in present:
                number = ref.target
                return self.href(from_src, self.chapter_src(edition, number.chapter), rule_id(number)), True
            if template and not ref.is_chapter:
                number = ref.target
                return template.format(number=number, slug=number.slug,
                                       compact=str(number).replace(".", "")), False
            return None
        return resolve

    def _defining_rules(self) -> dict[tuple[str, int, int], set[int]]:
        """(edition, section, rule) -> the terms that rule defines; rule 0 is the whole section."""
        defined: dict[tuple[str, int, int], set[int]] = {}
        for term in self.termbase.terms.values():
            if term.rule is not None and term.edition is not None:
                defined.setdefault((term.edition.date, term.rule.section, term.rule.rule), set()).add(term.id)
        return defined

    def _rule_href(self, from_src: str, term) -> str | None:
        if term.edition is None or term.rule is None or term.rule not in self._present[term.edition.date]:
            return None
        return self.href(from_src, self.chapter_src(term.edition, term.rule.chapter), rule_id(term.rule))

    def _terms_script(self) -> str:
        """Every term once per site: id -> [English, Chinese, English definition, Chinese definition,
        glossary address from the site root, Chinese and its definition in Traditional script], then
        every marked form -> id. A script, so that file:// pages can load it."""
        glossary = self.url(f"{self.prefix(self.current)}/glossary.md")
        terms = self.termbase.ordered()
        hant = iter(convert_all("s2twp", [text for t in terms for text in (t.zh or "", t.definitions.get("zh") or "")]))
        data = {str(t.id): [t.en, t.zh, t.definitions.get("en"), t.definitions.get("zh"), f"{glossary}#{term_anchor(t)}",
                            next(hant) or None, next(hant) or None] for t in terms}
        forms = dict(sorted(self.marker.forms().items()))
        return script_call("terms", data, forms)

    def _site_script(self) -> str:
        """Where each edition's chapters are, newest edition first: the search box uses it to put a
        rule asked for by number (in any address form) first."""
        data = [{"edition": e.date,
                 "chapters": {str(c.number): self.url(self.chapter_src(e, c.number)) for c in e.chapters}}
                for e in self.editions]
        return script_call("site", data)

    def _previews(self, edition: Edition, chapter, renderer: RuleRenderer) -> str:
        """Hover previews for one chapter, as a script (scripts load from file:// too; JSON fetches
        do not): the rule texts as rendered on the page, without term marks."""
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
        return script_call("previews", edition.date, chapter.number, data)

    def _home(self) -> Page:
        current = self._edition_summary("index.md", self.current) if self.current else None
        chapters = []
        if self.current:
            chapters = [{"title": md_text(bilingual_title(c.number, c.titles)),
                         "href": self.md_link("index.md", self.chapter_src(self.current, c.number))}
                        for c in self.current.chapters]
        older = [self._edition_summary("index.md", e) for e in self.editions[1:]]
        return self.render("home.md.j2", "index.md", "万智牌完整规则 Comprehensive Rules", current=current,
                            chapters=chapters, older=older,
                            primer=bool(self.corpus.primers), go="go/index.md",
                            meta=f'<div class="cr-page" data-go="{html_attr(self.href("index.md", "go/index.md"))}"></div>')

    def _primer_pages(self) -> list[Page]:
        pages = []
        for parsed in self.corpus.primers[:1]:
            pages.append(self.render("primer.md.j2", "primer.md", "入门笔记 Primer",
                                      body=note_page_body(parsed.page or ""),
                                      source=html_attr(parsed.spec.title or parsed.spec.path)))
        return pages

    def _keyword_notes(self) -> dict[str, dict]:
        """Links between today's keyword rules and their explanations in older editions, both ways:
        edition -> rule number -> (page -> HTML)."""
        notes: dict[str, dict] = {}
        for older in self.editions[1:]:
            pairs, issues = match_keywords(older, self.current)
            self.corpus.issues.extend(issues)
            for old, new in pairs:
                def to(edition, number, label):
                    target = self.chapter_src(edition, number.chapter)
                    return lambda src: (f'<div class=kw><a href="{html_attr(self.href(src, target, rule_id(number)))}">'
                                        f"{label} {number}</a></div>")
                notes.setdefault(self.current.date, {})[new] = to(older, old, f"{older.date} 版解说 Explained in {older.date}:")
                notes.setdefault(older.date, {})[old] = to(self.current, new, "现行规则 Today:")
        return notes

    def _hand_written_pages(self) -> list[Page]:
        """docs_src/pages/*.md, as they are (our own text, not a source's)."""
        folder = Path(__file__).resolve().parent.parent / "docs_src" / "pages"
        pages = []
        for path in sorted(folder.glob("*.md")):
            text = path.read_text(encoding="utf-8")
            title = re.search(r"^title:\s*(.+)$", text, re.MULTILINE)
            pages.append(Page(path.name, title.group(1).strip() if title else path.stem, text))
        return pages

    def _sources_page(self) -> Page:
        rows = []
        for loaded in self.corpus.loaded:
            spec, counts = loaded.report.spec, loaded.report.counts
            rows.append({
                "title": html_attr(spec.title or spec.path), "path": html_attr(spec.path),
                "format": spec.format, "edition": html_attr(spec.edition or "—"), "role": spec.role,
                "languages": "+".join(spec.languages) + (f" ({spec.script})" if spec.script else ""),
                "rules": counts["rules"], "examples": counts["examples"], "glossary": counts["glossary"],
                "terms": counts["terms"], "skipped": len(loaded.report.skipped),
                "warnings": len(loaded.report.warnings), "errors": len(loaded.report.errors),
            })
        return self.render("sources.md.j2", "sources.md", "来源 Sources", rows=rows)

    def _go_page(self) -> Page:
        mapping = {}
        if self.current:
            mapping = {str(c.number): self.href("go/index.md", self.chapter_src(self.current, c.number))
                       for c in self.current.chapters}
        data = html_attr(json.dumps({"chapters": mapping, "edition": self.current.date if self.current else None,
                                       "external": self.settings.missing_rule_url}, ensure_ascii=False))
        return self.render("go.md.j2", "go/index.md", "跳转到规则 Go to a rule", data=data)


def _script(edition: Edition) -> str:
    scripts = {s.script for s in edition.sources if "zh" in s.languages and s.script}
    return "Hant" if scripts == {"Hant"} else "Hans"


RULES_PER_BLOCK = 40


def _chunks(rules: list) -> list[list]:
    """A long section's rules in blocks of about RULES_PER_BLOCK, split before a numbered rule (never
    between a rule and its subrules). The browser skips laying out blocks that are off screen
    (content-visibility in cr.css), and a small block is all it lays out when one scrolls in."""
    chunks: list[list] = [[]]
    for rule in rules:
        if len(chunks[-1]) >= RULES_PER_BLOCK and not rule.number.sub:
            chunks.append([])
        chunks[-1].append(rule)
    return chunks


def _estimated_height(rules: list) -> int:
    """About how tall a block of rules is in rem, side by side on a wide screen (a least-squares fit
    on the 2023 chapters), so that the scroll bar is about right before the browser lays it out."""
    def chars(lang: str) -> int:
        return sum(len(t.text) + sum(len(e.text) for e in t.examples)
                   for rule in rules if (t := rule.texts.get(lang)) is not None)
    return round(1.6 * len(rules) + max(chars("en"), 2 * chars("zh")) / 30)


TERM_MARK = re.compile(r"<u t=\d+>|</u>")
TERM_ID = re.compile(r"<u t=\d+>")


def _page_marks(html_text: str) -> str:
    """Term marks on a page are bare <u>: the browser finds the term by its text (terms.js maps
    every marked form to its term), which keeps chapter 7 some 45 kB smaller. The chapter data
    (previews, the other script's cells) keeps the ids."""
    return TERM_ID.sub("<u>", html_text)


@paused_gc
def write_site(site: Site, out_dir: Path) -> tuple[list[Page], SiteReport]:
    """Write every page and asset under out_dir; only changed files are touched, stale ones removed."""
    pages, assets, report = site.pages()
    wanted: dict[Path, str] = {out_dir / p.src: p.markdown for p in pages}
    wanted.update({out_dir / path: text for path, text in assets.items()})
    for path, text in wanted.items():
        data = text.encode("utf-8")
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if out_dir.exists():
        for path in sorted(out_dir.rglob("*"), reverse=True):
            if any(part.startswith(".") for part in path.relative_to(out_dir).parts):
                continue  # .gitignore, jieba's terms: not pages
            if path.is_file() and path not in wanted:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return pages, report

