"""The glossary of an edition as HTML blocks: both languages side by side, an anchor per entry,
rule references and "See ..." / "参见..." redirects linked."""
from __future__ import annotations

import html
import re
from collections.abc import Callable

from .model import GlossaryPair
from .render import LinkStats, Resolver, linked
from .xref import Ref

SEE = {
    "en": re.compile(r"\bSee(?: also)? (?P<items>[^.\d]+?)\.(?=\s|$)"),
    "zh": re.compile(r"(?:另参见|亦见|参见|另见)(?P<items>[^。；\d]+?)。"),
}
ITEM_SEPARATOR = re.compile(r",\s*and\s+|,\s*or\s+|,\s*|\s+and\s+|\s+or\s+|以及|和|与|或|、|，")


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def term_anchor(pair: GlossaryPair) -> str:
    """g-<english name> (g-active-player-nonactive-player-order), or g-<Chinese name> without English."""
    if pair.en:
        return "g-" + slug(pair.en.name)
    return "g-" + re.sub(r"\s+", "-", pair.zh.name)


class GlossaryLinks:
    """Finds "See X." and "See also X and Y." in definitions and points them at glossary entries."""

    def __init__(self, pairs: list[GlossaryPair]):
        self.anchors: dict[str, str] = {}
        for pair in pairs:
            for entry in (pair.en, pair.zh):
                if entry is not None:
                    self.anchors.setdefault(entry.name.casefold(), term_anchor(pair))

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


def glossary_html(pairs: list[GlossaryPair], links: GlossaryLinks, langs: dict[str, str], resolve: Resolver,
                  stats: LinkStats) -> str:
    blocks = []
    for pair in pairs:
        anchor = term_anchor(pair)
        names, cells, missing = [], [], []
        obsolete = any(e is not None and e.obsolete for e in (pair.en, pair.zh))
        for lang, tag in langs.items():
            entry = getattr(pair, lang)
            if entry is None:
                missing.append(lang)
                cells.append(f"<div lang={tag} class=missing>{'暂无中文词条。' if lang == 'zh' else 'No English entry.'}</div>")
                continue
            names.append(f"<span lang={tag}>{html.escape(entry.name)}</span>")
            body = "".join(f"<p>{linked(p, resolve, stats, links.finder(lang))}</p>" for p in entry.definition)
            cells.append(f"<div lang={tag}>{body}</div>")
        marks = "<span class=obsolete>已废止 Obsolete</span>" if obsolete else ""
        if pair.en and pair.zh and not pair.verified:
            marks += "<span class=unverified>配对未验证 pairing unverified</span>"
        classes = " ".join(["tx"] + [f"no-{lang}" for lang in missing])
        blocks.append(f'<div class=g><h4 id="{anchor}">{" ".join(names)}{marks}</h4>'
                      f'<div class="{classes}">{"".join(cells)}</div></div>')
    return "\n".join(blocks)
