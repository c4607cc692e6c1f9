"""Every way text from a source becomes part of a page, each written once.

Source text is untrusted (it comes from the web, forums, other people's edits). It reaches the
site through these functions only, one per place it can go:

    html_text      element content
    html_attr      attribute values (and content where quotes may stay escaped)
    md_text        a Markdown heading, list item or link text: no HTML and no Markdown syntax
    page_title     the page title MkDocs and its successors put unescaped into <title>, the header,
                   the navigation and the search index: so it is HTML-escaped text
    front_matter   the YAML block at the top of a generated page (its title and description are
                   page_title's)
    script_call    a data script (`CR.name(arg, ...);`, a file of its own): one call, its arguments JSON
"""
from __future__ import annotations

import html
import json
import re

MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")
# JSON is JavaScript, but for the two line separators, not allowed in JavaScript strings before
# ES2019. (Data scripts are files of their own, never inline, so "</script>" in them closes nothing.)
SCRIPT_UNSAFE = {"\u2028": "\\u2028", "\u2029": "\\u2029"}


def html_text(text: str) -> str:
    return html.escape(text, quote=False)


def html_attr(text: str) -> str:
    return html.escape(text, quote=True)


def md_text(text: str) -> str:
    return MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def page_title(text: str) -> str:
    return html_attr(" ".join(text.split()))


def front_matter(title: str, search_boost: float | None = None, description: str | None = None) -> str:
    """A YAML front matter block. The title (and the description, which the themes put unescaped
    into an attribute, as the title into <title>) is a JSON string with every non-ASCII character
    as an escape, which YAML reads as a double-quoted scalar: no character of a title (a quote, a
    colon, a control character) can end the value or make the block invalid."""
    boost = f"search:\n  boost: {float(search_boost)}\n" if search_boost is not None else ""
    said = f"description: {json.dumps(page_title(description))}\n" if description else ""
    return f"---\ntitle: {json.dumps(title)}\n{said}{boost}---\n"


def script_json(value) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return re.sub("[\u2028\u2029]", lambda m: SCRIPT_UNSAFE[m.group()], text)


def script_call(name: str, *args) -> str:
    """One line of a data script: `CR.name(arg, ...);`, every argument as safe JSON."""
    return f"CR.{name}({','.join(script_json(a) for a in args)});\n"
