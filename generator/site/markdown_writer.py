"""Pages as Markdown files: the page type, rendering a page from its template, and writing a tree
of files so that only changed files are touched (a builder watching the folder, or a browser
cache, sees only real changes)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

from ..safe import front_matter, md_text, page_title

TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("generator", "templates"),
    autoescape=False,  # the output is Markdown; every value from a source is escaped before it gets here
    keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
)


@dataclass
class Page:
    src: str  # path in the docs folder, which is also the page's name in links
    title: str  # escaped, as the navigation shows it
    markdown: str


def render(template: str, src: str, title: str, search_boost: float | None = None, description: str | None = None,
           **values) -> Page:
    """A page from a template. `title` is plain text (it may come from a source); the page's
    title is its escaped form, and the template gets it as a Markdown heading. `description`,
    plain text too, is what a link's preview in a chat shows under the title."""
    head = front_matter(title=page_title(title), search_boost=search_boost, description=description)
    text = head + TEMPLATES.get_template(template).render(title_md=md_text(title), **values)
    return Page(src, page_title(title), text)


def write_if_changed(path: Path, data: str | bytes) -> bool:
    """Write a file unless it already holds exactly this; True when it was written."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def write_tree(folder: Path, files: dict[str, str | bytes]) -> int:
    """Make `folder` hold exactly these files (relative path -> content): changed files are
    rewritten, files no longer wanted and empty folders removed. Returns how many were written."""
    written = sum(write_if_changed(folder / path, data) for path, data in files.items())
    wanted = {folder / path for path in files}
    if folder.exists():
        for path in sorted(folder.rglob("*"), reverse=True):
            if path.is_file() and path not in wanted:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return written
