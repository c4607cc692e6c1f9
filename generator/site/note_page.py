"""A study note's Markdown as the body of a page: rendered here, then cleaned against an allow-list.

The note is untrusted text. Rendering it with the site's own Markdown extensions would let
`attr_list` add event handlers (`[x](#){ onclick=... }`), and link syntax has more forms than a
pattern can close (reference definitions, angle brackets, entities, tabs inside `javascript:`).
So the note is rendered here with no extension that writes attributes, its raw HTML shown as text,
and the result is cleaned by an HTML sanitizer that keeps only the elements and attributes listed
below and only http, https and mailto links (or links within the site).

Headings come back out as Markdown headings, so that the builder still lists them in the page's
table of contents; everything between them is one raw HTML block, which Markdown leaves alone.
"""
from __future__ import annotations

import html
import re

import markdown
import nh3
from markdown.extensions import Extension

from ..safe import md_text

TAGS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "em", "strong", "code", "pre",
        "blockquote", "table", "thead", "tbody", "tr", "th", "td", "hr", "br", "del"}
ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = {"http", "https", "mailto"}
HEADING = re.compile(r"<h([1-6])>(.*?)</h\1>", re.S)
TAG = re.compile(r"<[^>]*>")


def note_html(text: str) -> str:
    """Sanitized HTML of a note's Markdown. Raw HTML in the note is shown as text; an image
    becomes a link to it (a page that works offline loads nothing from outside)."""
    text = re.sub(r"!(?=\[)", "", text)
    rendered = markdown.markdown(text, extensions=["tables", "sane_lists", _RawHTMLAsText()], output_format="html")
    return nh3.clean(rendered, tags=TAGS, attributes=ATTRIBUTES, url_schemes=URL_SCHEMES,
                     attribute_filter=_safe_link, link_rel="noopener noreferrer")


class _RawHTMLAsText(Extension):
    """Markdown without its raw HTML: tags in the note are escaped like any other text."""

    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")


def _safe_link(tag: str, attribute: str, value: str) -> str | None:
    """Browsers drop tabs and line breaks inside a URL, so `java<TAB>script:` is a script link
    that a scheme check on the raw text would take for a relative one: such links are dropped."""
    if attribute == "href" and any(ch.isspace() or ord(ch) < 32 for ch in value):
        return None
    return value


def note_page_body(text: str) -> str:
    """The page body: Markdown headings, and the cleaned HTML between them as raw blocks. Each
    heading is a level lower than the note has it (# is ##): the page's own title is its one #, and
    the table of contents lists the note's sections (a new player found it empty, and no title)."""
    clean = note_html(text)
    out: list[str] = []
    last = 0
    for m in HEADING.finditer(clean):
        out.append(_block(clean[last:m.start()]))
        heading = html.unescape(TAG.sub("", m.group(2))).strip()
        out.append(f"{'#' * min(6, int(m.group(1)) + 1)} {md_text(heading)}\n\n" if heading else "")
        last = m.end()
    out.append(_block(clean[last:]))
    return "".join(out)


def _block(fragment: str) -> str:
    fragment = fragment.strip()
    return f'<div class="cr-note">\n{fragment}\n</div>\n\n' if fragment else ""
