"""HTML for rule text: escaped source text with its references turned into links.

Source text is untrusted: every character of it goes through safe.html_text, and the only markup in
the output is what this module writes. Rule blocks are written as raw HTML inside the Markdown
pages (Markdown leaves raw HTML blocks alone, so `*`, `_`, `[x](...)` in a rule stay text).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from ..history.lineage import Lineage
from ..history.sentence_carry import STALE, TRANSLATED
from ..rules.anchors import example_id, rule_id
from ..rules.model import Rule, title_names
from ..rules.numbers import RuleNumber
from ..rules.references import Ref, cited_apart, find_references
from ..safe import html_attr, html_text, md_text

EXAMPLE_LABEL = {"en": "Example:", "zh": "例如："}
MISSING = {"en": "No English text in this source.", "zh": "暂无中文翻译。Translation missing."}


def rule_link(href: str, text: str, group: tuple = (), edition: str | None = None) -> str:
    """The one way a page links to a rule: `text` is plain (escaped here); `group` lists every rule
    of the range the link belongs to, for the preview; `edition`, that of a rule of another edition
    than the page's, whose preview is that edition's rule of the number, not the page's."""
    members = f' data-g="{" ".join(map(str, group))}"' if group else ""
    other = f' data-edition="{html_attr(edition)}"' if edition else ""
    return f'<a href="{html_attr(href)}"{members}{other}>{html_text(str(text))}</a>'


def stale_label(translates: str, change: str | None) -> str:
    """The mark of a translation made for other English: the edition it translates, and the
    English change since as a word diff, shown when the mark is pressed (cr-panel.js)."""
    date = html_text(translates)
    if not change:
        return f' <span class=stale title="this translation was made for other English">译自 {date}</span>'
    # said on the button, not only in its title, which a touch screen never shows
    return (f' <button type=button class=stale aria-expanded=false title="this translation was made for other English">'
            f'英文已改 English changed · 译自 {date}</button>'
            f'<span class=cr-since hidden lang=en>English changes since {date}: {change}</span>')


def bilingual_title(number: int, titles: dict) -> str:
    """"3. 牌类别 Card Types": the number, then the Chinese and English titles that exist."""
    zh, en = titles.get("zh"), titles.get("en")
    words = " ".join(t.text for t in (zh, en) if t is not None)
    return f"{number}. {words}" if words else f"{number}."


def halves(zh: str, en: str) -> str:
    """The site's own words in both languages, each in its half, which a display mode of one
    language shows alone (cr.css), as cr.js's CR.say writes a label; both already escaped."""
    return f"<span class=cr-zh-half>{zh}</span><span class=cr-en-half lang=en> {en}</span>"


def title_in_halves(number, titles: dict) -> str:
    """A bilingual title as a list's link writes it (the home page's chapters, an edition's
    contents), in halves; Markdown, escaped. A title in one language alone stays in every mode."""
    zh, en = titles.get("zh"), titles.get("en")
    if zh is None or en is None:
        return md_text(bilingual_title(number, titles))
    return f"{number}. " + halves(md_text(zh.text), md_text(en.text))


@dataclass
class LinkStats:
    internal: int = 0
    external: int = 0
    plain: int = 0


# resolve(ref) -> (href, is_internal) or None when the target is not in the build
Resolver = Callable[[Ref], "tuple[str, bool] | None"]


@dataclass
class TermMarks:
    """Term matches to mark in one language of one rule: at most one mark per term."""

    found: Callable[[str], list[tuple[int, int, int]]]  # text -> (start, end, term id)
    skip: set[int] = field(default_factory=set)  # terms not to mark here (already marked, or defined here)
    allowed: set[int] | None = None  # the only terms that may be marked here (None: any)
    count: int = 0


def linked(text: str, resolve: Resolver, stats: LinkStats, extra: Callable[[str], list[Ref]] | None = None,
           terms: TermMarks | None = None) -> str:
    """Escape text, wrap each reference in a link and each first term occurrence in a term mark;
    `extra` finds more references (glossary redirects).

    The markup is kept short (chapter 7 has thousands of links and marks): a rule link is known by
    its `#cr...` anchor, so it needs no class; a term mark is <u t=ID> (u: text with a non-textual
    annotation; pages drop the id, see site._page_marks), its definition lives once per site in
    terms.js; a range carries its members for the preview."""
    out: list[str] = []
    last = 0
    refs = find_references(text)
    if extra:
        refs = sorted([*refs, *(r for r in extra(text) if not any(r.start < o.end and o.start < r.end for o in refs))],
                      key=lambda r: r.start)
    if terms is not None:
        refs = _with_terms(text, refs, terms)
    for ref in refs:
        out.append(html_text(text[last:ref.start]))
        if isinstance(ref, _TermSpan):
            out.append(f"<u t={ref.term}>{html_text(text[ref.start:ref.end])}</u>")
            last = ref.end
            continue
        shown = html_text(text[ref.start:ref.end])
        target = resolve(ref)
        if target is None:
            stats.plain += 1
            out.append(f"<span class=xm>{shown}</span>")
        else:
            href, internal = target
            if internal:
                stats.internal += 1
                out.append(rule_link(href, text[ref.start:ref.end], ref.group))
            else:
                stats.external += 1
                out.append(f'<a class=xe href="{html_attr(href)}" rel=noopener>{shown}</a>')
        last = ref.end
    out.append(html_text(text[last:]))
    return "".join(out)


def cited_apart_line(en: str, zh: str, zh_tag: str, linker: Linker, renumbered: Lineage | None = None) -> str:
    """A line under a rule or glossary entry whose Chinese cites other rules than its English (a
    number left from an older edition, a slip): both, each a link, so a reader sees where each text
    points; else nothing. Where the English's numbers are those the edition before gave the rules the
    Chinese cites (`renumbered`: the lineage from it; 801.17 of 2024-02-02 cites 723, Restarting the
    Game, 724 since), the line says the English kept them (a judge's review read the official text's
    old number as the translation's fault). Its Chinese is written alike in either script; hidden in
    English only, where no Chinese is shown (cr.css)."""
    apart = cited_apart(en, zh)
    if apart is None:
        return ""
    en_rules, zh_rules = apart

    def links(numbers: list[RuleNumber], joiner: str) -> str:  # a section alone is a link too
        return joiner.join(linker.html(str(n), extra=lambda text, n=n: [Ref(0, len(text), n)]) for n in numbers)
    if renumbered and len(en_rules) == len(zh_rules) and [renumbered.now(n) for n in en_rules] == zh_rules:
        since = html_attr(renumbered.old)
        chinese = f"英文引用的 {links(en_rules, '、')} 是 {since} 版的编号，现为 {links(zh_rules, '、')}。"
        english = (f"The English cites {_rules(en_rules)} {links(en_rules, ', ')} by {since}'s "
                   f"{'number' if len(en_rules) == 1 else 'numbers'}: now {links(zh_rules, ', ')}.")
    else:
        chinese = f"中文引用 {links(zh_rules, '、')}，英文引用 {links(en_rules, '、')}。"
        english = (f"The Chinese cites {_rules(zh_rules)} {links(zh_rules, ', ')} where the English cites "
                   f"{_rules(en_rules)} {links(en_rules, ', ')}.")
    return f'<div class=cites><span lang={zh_tag}>{chinese}</span> <span lang=en>{english}</span></div>'


def _rules(numbers: list[RuleNumber]) -> str:
    return "rule" if len(numbers) == 1 else "rules"


@dataclass(frozen=True)
class _TermSpan:
    start: int
    end: int
    term: int


def _with_terms(text: str, refs: list, terms: TermMarks) -> list:
    spans = list(refs)
    for start, end, term in terms.found(text):
        if term in terms.skip or (terms.allowed is not None and term not in terms.allowed) or \
                any(start < r.end and r.start < end for r in refs):
            continue
        terms.skip.add(term)
        terms.count += 1
        spans.append(_TermSpan(start, end, term))
    return sorted(spans, key=lambda r: r.start)


class Marker(Protocol):
    """What the linker asks of a term marker (term_marker.TermMarker)."""

    def find(self, text: str, lang: str) -> list[tuple[int, int, int]]: ...
    def agreeing(self, texts: dict[str, list[str]]) -> dict[str, set[int]] | None: ...


@dataclass
class Linker:
    """Source text of one page as HTML: references as links (where `resolve` says), counted in
    `stats`, and terms as marks (found by `marker`)."""

    resolve: Resolver
    stats: LinkStats = field(default_factory=LinkStats)
    marker: Marker | None = None

    def marks(self, lang: str, skip: set[int], texts: dict[str, list[str]] | None = None) -> TermMarks | None:
        """Term marks for one text in one language, none for the terms in `skip`; `texts` (the lines
        of each language of the same rule or entry) limits them to the terms both languages use."""
        if self.marker is None:
            return None
        allowed = self.marker.agreeing(texts) if texts else None
        return TermMarks(lambda text: self.marker.find(text, lang), set(skip), allowed and allowed[lang])

    def html(self, text: str, marks: TermMarks | None = None, extra: Callable[[str], list[Ref]] | None = None) -> str:
        return linked(text, self.resolve, self.stats, extra, marks)


@dataclass
class RuleRenderer:
    """Renders the rules of one edition; `langs` maps a language to its HTML lang tag."""

    langs: dict[str, str]  # e.g. {"en": "en", "zh": "zh-Hant"}
    linker: Linker
    defined_in: Callable[[RuleNumber], set[int]] = lambda number: set()  # terms a rule defines (not marked in it)
    marks: int = 0
    texts: dict = field(default_factory=dict)  # rule number -> {lang: HTML of its text}, for previews
    stale: dict = field(default_factory=dict)  # rule number -> (the edition its Chinese translates, HTML of the English change)
    sentences: dict = field(default_factory=dict)  # rule number -> its parts as sentence_carry.Segments (carry.Carried.parts)
    notes: dict = field(default_factory=dict)  # rule number -> HTML shown under the rule (links to other editions)
    zh_cells: dict = field(default_factory=dict)  # anchor of the rule or example -> HTML of its Chinese cell
    renumbered: Lineage | None = None  # from the edition before, whose numbers the English may have kept
    # the edition has no Chinese at all (an older English one): no line under each rule saying so,
    # which 中文 alone read under every rule; the page says it once (pages/layout.py)
    no_chinese: bool = False
    _family: tuple = ()  # the numbered rule being written (702.19 for 702.19c), and the terms marked in it
    _marked: dict = field(default_factory=dict)

    def rule(self, rule: Rule) -> str:
        """A rule as one grid row: <h3 id=cr702-19c><a href=#cr702-19c>702.19c</a></h3><p lang=en>…
        <p lang=zh-Hans>…, then a row per example. The number is a link to the rule itself (a keyboard
        stop; cr-panel.js opens the rule's panel from it: its address to copy, its history). No wrapper
        elements, and no </p>: the next cell, heading or the block's end closes a paragraph (HTML's
        own rule), and chapter 7 has some 2,800 cells."""
        number = rule.number
        family = (number.section, number.rule)
        if family != self._family:  # 702.19 and its subrules read as one passage: a term once in it
            self._family, self._marked = family, {lang: set() for lang in self.langs}
        defined = self.defined_in(number)
        texts = {lang: text.text.split("\n") + [line for e in text.examples for line in e.text.split("\n")]
                 for lang, text in rule.texts.items() if lang in self.langs}
        self._terms = {lang: self.linker.marks(lang, defined | self._marked[lang], texts) for lang in self.langs}
        anchor = rule_id(number)
        # the number opens the rule's panel (cr-panel.js, which tells a screen reader so: aria-expanded)
        parts = [f'<h3 id="{anchor}"{self._named(rule)}><a href="#{anchor}">{number}</a></h3>',
                 self._cells(rule, -1), self._cited_apart(rule), self.notes.get(number, "")]
        count = max((len(t.examples) for t in rule.texts.values()), default=0)
        for index in range(count):
            parts.append(self._cells(rule, index, example_id(number, index + 1)))
        for lang, marks in self._terms.items():
            if marks:
                self.marks += marks.count
                self._marked[lang] |= marks.skip
        return "".join(parts)

    def _named(self, rule: Rule) -> str:
        """A keyword's rule (702.19 Trample) named by its title too: a screen reader's list of
        headings finds the keyword, where every heading is otherwise a number."""
        names = title_names(rule)
        if names is None:
            return ""
        title = " ".join(filter(None, (str(rule.number), names[0], names[1] if "zh" in self.langs else None)))
        return f' aria-label="{html_attr(title)}"'

    def _cited_apart(self, rule: Rule) -> str:
        en, zh = rule.texts.get("en"), rule.texts.get("zh")
        if en is None or zh is None or "zh" not in self.langs:
            return ""
        return cited_apart_line(en.text, zh.text, self.langs["zh"], self.linker, self.renumbered)

    def _segment(self, segment, marks) -> str:
        """A part of a Chinese text carried sentence by sentence: Chinese that is current as it is,
        Chinese of English since changed marked, and the English of a sentence with no Chinese."""
        if segment.state == TRANSLATED:
            return self.linker.html(segment.zh, marks)
        if segment.state == STALE:
            return (f'<mark class=cr-stale-s title="此句英文已修改 The English of this sentence changed: '
                    f'{html_attr(segment.en)}">{self.linker.html(segment.zh, marks)}</mark>')
        return (f'<span class=cr-new-s lang=en title="新句，暂无中文 A new sentence, not yet translated">'
                f"{self.linker.html(segment.en)}</span>")

    def _cells(self, rule: Rule, example: int, element_id: str | None = None) -> str:
        """A cell per language: the rule text (example == -1) or one of its examples."""
        cells = []
        for lang, tag in self.langs.items():
            text = rule.texts.get(lang)
            classes = [] if example < 0 else ["ex"]
            ident = f' id="{element_id}"' if element_id and not cells else ""
            if text is None or example >= len(text.examples):
                none = lang == "zh" and self.no_chinese
                cells.append(f'<p lang={tag} class="{" ".join(classes + ["missing"] + (["none"] if none else []))}"{ident}>'
                             f"{'' if none else html_attr(MISSING[lang])}")
                continue
            marks = self._terms.get(lang)
            source = text.text if example < 0 else text.examples[example].text
            parts = self.sentences.get(rule.number) if lang == "zh" else None
            if parts and example + 1 < len(parts) and parts[example + 1]:
                content = "".join(self._segment(segment, marks) for segment in parts[example + 1])
            else:
                content = "<br>".join(self.linker.html(part, marks) for part in source.split("\n"))
            if example < 0:
                self.texts.setdefault(rule.number, {})[lang] = content
            else:
                content = f"<i>{EXAMPLE_LABEL[lang]}</i>{' ' if lang == 'en' else ''}{content}"  # 例如：牌手…, no space
            if lang == "zh" and example < 0 and rule.number in self.stale:
                content += stale_label(*self.stale[rule.number])
            if text.incomplete and example == len(text.examples) - 1:  # where the source breaks off
                content += "<br><span class=incomplete>[…] 原文至此中断 The source breaks off here.</span>"
            cls = f" class={classes[0]}" if classes else ""
            if lang == "zh":
                self.zh_cells[element_id or rule_id(rule.number)] = content
            cells.append(f"<p lang={tag}{cls}{ident}>{content}")
        return "".join(cells)
