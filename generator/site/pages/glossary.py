"""The glossary page's sections: every term of the termbase, English and Chinese side by side, an anchor per
term, definitions in both languages, links to the defining rule, redirects and "see also" linked,
obsolete terms marked, sorted by English with a pinyin index for Chinese readers."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from pypinyin import lazy_pinyin

from ...rules.references import Ref
from ...rules.termbase import Term, Termbase
from ...safe import html_attr
from ..render import Linker, cited_apart_line, rule_link
from .layout import estimated_height

SEE = {
    "en": re.compile(r"\bSee(?: also)? (?P<items>[^.\d]+?)\.(?=\s|$)"),
    "zh": re.compile(r"(?:另参见|亦见|参见|另见)(?P<items>[^。；\d]+?)。"),
}
TAG = re.compile(r"<[^>]+>")
ITEM_SEPARATOR = re.compile(r",\s*and\s+|,\s*or\s+|,\s*|\s+and\s+|\s+or\s+|以及|和|与|或|、|，")


class GlossaryLinks:
    """Finds "See X." and "See also X and Y." in definitions and points them at glossary entries."""

    def __init__(self, termbase: Termbase):
        # an entry whose Chinese definition is another's: that one (Termbase.swapped), its line's link
        self.swapped: dict[int, Term] = termbase.swapped
        self.anchors: dict[str, str] = {}
        for term in termbase.ordered():
            names = [term.en, term.zh]
            if term.glossary:
                names += [e.name for e in (term.glossary.en, term.glossary.zh) if e]
            for name in filter(None, names):
                self.anchors.setdefault(name.casefold(), term.anchor)

    def finder(self, lang: str) -> Callable[[str], list[Ref]]:
        def find(text: str) -> list[Ref]:
            refs = []
            for m in SEE[lang].finditer(text):
                start = m.start("items")
                items = m.group("items")
                cuts = [0] + [x for sep in ITEM_SEPARATOR.finditer(items) for x in (sep.start(), sep.end())] + [len(items)]
                for a, b in zip(cuts[::2], cuts[1::2]):
                    name = items[a:b].strip()
                    anchor = self.anchors.get(name.casefold())
                    if anchor:
                        offset = start + a + (len(items[a:b]) - len(items[a:b].lstrip()))
                        refs.append(Ref(offset, offset + len(name), anchor))
            return refs
        return find


def glossary_sections(termbase: Termbase, langs: dict[str, str], linker: Linker, rule_href: Callable) -> list[dict]:
    """[{heading, anchor, html}] for the glossary page: A-Z by English, then the pinyin index."""
    links = GlossaryLinks(termbase)
    groups: dict[str, list[str]] = {}
    for term in termbase.ordered():
        letter = (term.en or "#")[:1].upper()
        letter = letter if "A" <= letter <= "Z" else "#"
        groups.setdefault(letter, []).append(_entry(term, links, langs, linker, rule_href))
    sections = [{"heading": letter, "anchor": f"g--{letter.lower() if letter != '#' else 'other'}",
                 "html": "\n".join(blocks), "height": _height(blocks), "wrapper": "cr-glossary"}
                for letter, blocks in sorted(groups.items(), key=lambda g: g[0] == "#")]
    index = pinyin_index(termbase)
    sections.append({"heading": "拼音索引 Pinyin index", "anchor": "g--pinyin", "html": index,
                     "height": _height([index]), "wrapper": "cr-glossary"})
    return sections


def letter_bar(sections: list[dict]) -> str:
    """Links to each letter's section (and the pinyin index) at the top of the page: the glossary is
    hundreds of screens long on a phone."""
    links = "".join(f'<a href="#{html_attr(s["anchor"])}">{html_attr(s["heading"].split()[0])}</a>' for s in sections)
    return f'<nav class=cr-az aria-label="按字母 By letter" data-search-exclude>{links}</nav>'


def _height(blocks: list[str]) -> int:
    entries = sum(block.startswith("<div class=g>") for block in blocks)
    return estimated_height(entries, 4, sum(len(TAG.sub("", block)) for block in blocks), 55)


# game words whose 重 or 还 pypinyin reads by its commonest reading, not by the word's (重配 is
# chóng pèi, reconfigure; 复还 fù huán)
READINGS = {"重置": "chong zhi", "重配": "chong pei", "复还": "fu huan"}


def reading(name: str) -> str:
    """A Chinese name's pinyin without tones, a syllable a word, as the index sorts and shows it."""
    for word, said in READINGS.items():
        if word in name:
            before, after = name.split(word, 1)
            return " ".join(part for part in (reading(before), said, reading(after)) if part)
    return " ".join(lazy_pinyin(name))


def pinyin_index(termbase: Termbase) -> str:
    """Chinese names sorted by their pinyin (a Latin name, APNAP顺序, among them by its letters),
    grouped by its first letter, each linking to its entry; a name several entries share (循环 is
    Cycling's and Loop's) carries each entry's English, so that each can be told and reached."""
    terms = [term for term in termbase.ordered() if term.zh]
    shared = {name for name, count in Counter(term.zh for term in terms).items() if count > 1}
    entries = sorted(((reading(term.zh), term.zh, (term.en or "") if term.zh in shared else "", term.anchor) for term in terms),
                     key=lambda e: (e[0].lower(), e[1], e[2]))
    groups: dict[str, list[str]] = {}
    for said, name, english, anchor in entries:
        told = f' <span lang=en>{html_attr(english)}</span>' if english else ""
        groups.setdefault(said[:1].upper(), []).append(
            f'<a href="#{html_attr(anchor)}" title="{html_attr(said)}">{html_attr(name)}{told}</a>')
    return "<div class=pinyin data-search-exclude>" + "".join(
        f"<p><b>{letter}</b> {' · '.join(items)}</p>" for letter, items in groups.items()) + "</div>"


def swapped_line(other: Term, zh_tag: str) -> str:
    """The line under an entry whose Chinese definition is another's, which says whose, a link to it
    (an L2 candidate's review read Provoke's definition under 灵技 with only the cited numbers said)."""
    link = f'<a href="#{html_attr(other.anchor)}">'
    zh, en = html_attr(other.zh or ""), html_attr(other.en or "")
    return (f'<div class="cites swapped"><span lang={zh_tag}>这里的中文释义是{link}{zh}</a>（{en}）的：'
            f'两个词条的中文释义写反了。</span> <span lang=en>The Chinese definition here is that of {link}{en}</a>'
            f' ({zh}): the two entries\' Chinese definitions are swapped.</span></div>')


def _entry(term: Term, links: GlossaryLinks, langs, linker: Linker, rule_href) -> str:
    pair = term.glossary
    names, cells, missing = [], [], []
    definitions = {lang: getattr(pair, lang).definition for lang in langs if pair and getattr(pair, lang)}
    for lang, tag in langs.items():
        name = term.en if lang == "en" else term.zh
        if name:
            names.append(f"<span lang={tag}>{html_attr(name)}</span>")
        paragraphs = []
        entry = getattr(pair, lang) if pair else None
        if entry is not None:
            paragraphs = entry.definition
        elif term.definitions.get(lang):
            paragraphs = [term.definitions[lang]]
        if not paragraphs:
            missing.append(lang)
            cells.append(f"<div lang={tag} class=missing>{'暂无中文释义。' if lang == 'zh' else 'No English definition.'}</div>")
            continue
        marks = linker.marks(lang, {term.id}, definitions)
        body = "".join(f"<p>{linker.html(p, marks, links.finder(lang))}</p>" for p in paragraphs)
        cells.append(f"<div lang={tag}>{body}</div>")
    flags = ""
    if term.obsolete:
        flags += "<span class=obsolete>已废止 Obsolete</span>"
    if term.stale_since:
        flags += f'<span class=stale title="this translation was made for other English">译自 {html_attr(term.stale_since)}</span>'
    if pair and pair.en and pair.zh and not pair.verified:
        flags += "<span class=unverified>配对未验证 pairing unverified</span>"
    # the facts under an entry; its Chinese forms and where it comes from are for readers of the
    # Chinese and for translators: the English mode hides them (cr.css)
    facts = []
    if term.rule is not None and (href := rule_href(term)):
        facts.append(f"<span>规则 Rule {rule_link(href, term.rule)}</span>")
    variants = sorted({v for v in term.variants} | {f for f in term.zh_forms if f != term.zh and "\u4e00" <= f[:1] <= "\u9fff"})
    if variants:
        facts.append("<span class=gf-zh>异体 Variants: " + "、".join(html_attr(v) for v in variants) + "</span>")
    facts.append("<span class=gf-zh>来源 Sources: " + "; ".join(sorted({html_attr(what) for what, _ in term.sources})) + "</span>")
    classes = " ".join(["tx"] + [f"no-{lang}" for lang in missing])
    cited = (cited_apart_line("\n".join(pair.en.definition), "\n".join(pair.zh.definition), langs["zh"], linker)
             if pair and pair.en and pair.zh and "zh" in langs else "")
    if term.id in links.swapped and "zh" in langs:
        cited = swapped_line(links.swapped[term.id], langs["zh"])
    # the names a link to the entry itself: a tap opens its panel, its address to copy or share (cr-panel.js)
    return (f'<div class=g><h3 id="{html_attr(term.anchor)}"><a href="#{html_attr(term.anchor)}">{" ".join(names)}</a>{flags}</h3>'
            f'<div class="{classes}">{"".join(cells)}</div>{cited}'
            f'<p class=gf data-search-exclude>{" ".join(facts)}</p></div>')  # a space each: copied, "702.19 异体 …"

