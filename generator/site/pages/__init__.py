"""Every page of the site and the data files beside them, made from a SiteModel.

Each page kind is one builder function `(model, files) -> None` that adds its pages and data
files to `files`; BUILDERS lists them in the order the navigation shows them. A new page kind is
one function here and one line in BUILDERS.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...gcpause import paused_gc
from ..addresses import own_folder
from ..markdown_writer import Page
from ..model import SiteModel
from ..render import LinkStats
from . import front, reports, rule_histories, rules


@dataclass
class SiteFiles:
    pages: list[Page] = field(default_factory=list)
    assets: dict[str, str] = field(default_factory=dict)  # path in the docs folder -> text
    links: dict[str, LinkStats] = field(default_factory=dict)  # edition -> its link statistics
    terms_marked: dict[str, int] = field(default_factory=dict)  # "<edition>/<chapter>" -> marks


BUILDERS = [
    rules.edition_pages,  # per edition: its index, chapters, glossary, introduction, credits, data
    reports.changes_page,  # what changed since the previous official edition
    reports.status_page,  # translation status
    reports.review_page,  # the check of the translation, for translators
    front.home_page,
    front.primer_page,
    front.hand_written_pages,  # docs_src/pages
    reports.sources_page,
    front.go_page,
    front.older_editions_page,
    rule_histories.history_data,  # rule histories and old numbers, as data scripts
]


@paused_gc
def site_files(model: SiteModel) -> SiteFiles:
    files = SiteFiles()
    for build in BUILDERS:
        build(model, files)
    return files


def nav(model: SiteModel, pages: list[Page]) -> list:
    """The navigation, every entry with its title (a builder that does not read the pages' titles
    shows the same): home, the current rules, the primer, older editions, the translators' pages
    (the translation's status and check), then the rest."""
    titles = {p.src: p.title for p in pages}
    at = model.addresses

    def entries(srcs) -> list[dict]:
        return [{titles[src]: src} for src in srcs if src in titles]

    def under(edition) -> list[str]:
        return [src for src in titles if src.startswith(at.prefix(edition.date) + "/")]
    translators = [at.page(model.current.date, kind) for kind in ("status", "review")] if model.current else []
    items: list = [{"首页 Home": "index.md"}]
    if model.current:
        items.append({f"规则 Rules ({model.current.date})": entries(s for s in under(model.current) if s not in translators)})
    items += entries([own_folder("primer")])
    if len(model.editions) > 1:
        older = ["editions/index.md"] + [src for e in model.editions[1:] for src in under(e)]
        items.append({"旧版规则 Older editions": entries(older)})
    if entries(translators):  # apart from the rules a reader opens: the translators' pages
        items.append({"译者 For translators": entries(translators)})
    return items + entries(["go/index.md", "about.md", own_folder("sources")])
