"""HTML for rule text: escaped source text with its references turned into links.

Source text is untrusted: every character of it goes through html.escape, and the only markup in
the output is what this module writes. Rule blocks are written as raw HTML inside the Markdown
pages (Markdown leaves raw HTML blocks alone, so `*`, `_`, `[x](...)` in a rule stay text).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Callable

from .anchors import example_id, rule_id
from .model import Rule
from .xref import Ref, find_references

LANG_NAMES = {"en": "English", "zh": "中文"}
EXAMPLE_LABEL = {"en": "Example:", "zh": "例如："}
MISSING = {"en": "No English text in this source.", "zh": "暂无中文翻译。Translation missing."}
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")


def md_escape(text: str) -> str:
    """Text for a Markdown heading or list item: no HTML, no Markdown syntax."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


@dataclass
class LinkStats:
    internal: int = 0
    external: int = 0
    plain: int = 0
    unresolved: list[str] = field(default_factory=list)


# resolve(ref) -> (href, is_internal) or None when the target is not in the build
Resolver = Callable[[Ref], "tuple[str, bool] | None"]


def linked(text: str, resolve: Resolver, stats: LinkStats, extra: Callable[[str], list[Ref]] | None = None) -> str:
    """Escape text and wrap each reference in a link; `extra` finds more references (glossary terms).

    The markup is kept short (chapter 7 has thousands of links): a rule link is recognised by its
    `#cr...` anchor, so it needs no class; a range carries its members for the preview."""
    out: list[str] = []
    last = 0
    refs = find_references(text)
    if extra:
        refs = sorted(refs + [r for r in extra(text) if not any(r.start < o.end and o.start < r.end for o in refs)],
                      key=lambda r: r.start)
    for ref in refs:
        out.append(html.escape(text[last:ref.start], quote=False))
        shown = html.escape(text[ref.start:ref.end], quote=False)
        target = resolve(ref)
        if target is None:
            stats.plain += 1
            stats.unresolved.append(str(ref.target))
            out.append(f"<span class=xm>{shown}</span>")
        else:
            href, internal = target
            if internal:
                stats.internal += 1
                group = f' data-g="{" ".join(map(str, ref.group))}"' if ref.group else ""
                out.append(f'<a href="{html.escape(href)}"{group}>{shown}</a>')
            else:
                stats.external += 1
                out.append(f'<a class=xe href="{html.escape(href)}" rel=noopener>{shown}</a>')
        last = ref.end
    out.append(html.escape(text[last:], quote=False))
    return "".join(out)


def paragraphs(text: str, resolve: Resolver, stats: LinkStats, extra=None) -> str:
    """One paragraph as bare text; several as <p> elements."""
    parts = [linked(part, resolve, stats, extra) for part in text.split("\n")]
    return parts[0] if len(parts) == 1 else "".join(f"<p>{part}</p>" for part in parts)


@dataclass
class RuleRenderer:
    """Renders the rules of one edition; `langs` maps a language to its HTML lang tag."""

    langs: dict[str, str]  # e.g. {"en": "en", "zh": "zh-Hant"}
    resolve: Resolver
    stats: LinkStats = field(default_factory=LinkStats)

    def rule(self, rule: Rule) -> str:
        number = rule.number
        parts = [f"<div class=r><h4 id={rule_id(number)}>{number}</h4>", self._texts(rule, -1, "tx")]
        count = max((len(t.examples) for t in rule.texts.values()), default=0)
        for index in range(count):
            parts.append(self._texts(rule, index, "ex", example_id(number, index + 1)))
        parts.append("</div>")
        return "".join(parts)

    def _texts(self, rule: Rule, example: int, kind: str, element_id: str | None = None) -> str:
        """The languages side by side: the rule text (example == -1) or one of its examples."""
        cells, missing = [], []
        for lang, tag in self.langs.items():
            text = rule.texts.get(lang)
            if text is None or example >= len(text.examples):
                missing.append(lang)
                cells.append(f"<div lang={tag} class=missing>{html.escape(MISSING[lang])}</div>")
                continue
            if example < 0:
                content = paragraphs(text.text, self.resolve, self.stats)
            else:
                content = f"<i>{EXAMPLE_LABEL[lang]}</i> " + paragraphs(text.examples[example].text, self.resolve,
                                                                         self.stats)
            if text.incomplete and example == len(text.examples) - 1:  # where the source breaks off
                content += "<p class=incomplete>[…] 原文至此中断 The source breaks off here.</p>"
            cells.append(f"<div lang={tag}>{content}</div>")
        classes = " ".join([kind] + [f"no-{lang}" for lang in missing])
        classes = classes if " " not in classes else f'"{classes}"'
        ident = f" id={element_id}" if element_id else ""
        return f"<div class={classes}{ident}>{''.join(cells)}</div>"
