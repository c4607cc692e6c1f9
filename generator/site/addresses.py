"""Where every page lives and how one page links to another: pure functions of page paths.

A page is named by its source path in the generated docs folder (`cr/7/index.md`). The newest
edition's pages are under `cr/` (as on the Chinese judge wiki), older editions' under
`editions/<date>/`. Links in the Markdown part of a page are source paths (`md_link`): the builder
turns those into URLs and checks them. Links inside rule blocks (raw HTML) are relative URLs;
`dir_urls` says which URL style the build uses (the offline bundle turns directory URLs off).

Every generated page is the index of its own folder, so that the folder of its Markdown file is the
folder of its URL in both styles (`cr/7/index.md` is `cr/7/` or `cr/7/index.html`). That is what
makes one relative link right with every builder: MkDocs and ProperDocs leave raw HTML alone, and
Zensical resolves a relative link in raw HTML against the Markdown file's folder and rewrites it
for the page's URL (`../5/` written in `cr/7.md` would become `../../5/`); where the two folders
are one, its rewrite changes nothing.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass
from functools import lru_cache

from ..rules.anchors import rule_id
from ..rules.numbers import RuleNumber


@dataclass(frozen=True)
class Addresses:
    current: str | None  # the date of the newest edition, whose pages are under cr/
    dir_urls: bool = True

    def prefix(self, edition: str) -> str:
        return "cr" if edition == self.current else f"editions/{edition}"

    def page(self, edition: str, name: str | int) -> str:
        """An edition's page: a chapter (7), or glossary, status, changes, intro, credits, index."""
        return own_folder(f"{self.prefix(edition)}/{name}")

    def url(self, src: str) -> str:
        """Site-relative URL of a page, as the builder writes it."""
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
        rel = _relpath(target or ".", self.folder(from_src) or ".")
        if target.endswith("/") or not target:  # a directory URL keeps its slash
            rel = "./" if rel == "." else rel + "/"
        return rel + (f"#{anchor}" if anchor else "")

    def asset(self, from_src: str, path: str) -> str:
        """A link from a page to a file of the site (assets/data/...)."""
        return _relpath(path, self.folder(from_src) or ".")

    def rule_href(self, from_src: str, edition: str, number: RuleNumber) -> str:
        """A link to a rule (or section) of an edition, from a page."""
        return self.href(from_src, self.page(edition, number.chapter), rule_id(number))


@lru_cache(maxsize=1 << 12)
def _relpath(path: str, start: str) -> str:
    """posixpath.relpath, which makes both paths absolute from the working folder on every call: a
    chapter has thousands of links, between a few dozen folders."""
    return posixpath.relpath(path, start)


def own_folder(stem: str) -> str:
    """The source path of the page at `stem` (`cr/7`, `primer`, `editions/x/index`): the index of
    its own folder, as every generated page is (see above)."""
    return stem + ".md" if stem == "index" or stem.endswith("/index") else stem + "/index.md"


def md_link(from_src: str, to_src: str, anchor: str = "") -> str:
    """A link for the Markdown part of a page: the builder turns it into a URL and validates it."""
    rel = posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")
    return rel + (f"#{anchor}" if anchor else "")
