"""A small page per rule of the current edition, for the links readers share in chats:
`r/2024-02-02/702.19c.html`. A chat or a forum shows a link's title and description (Open Graph), but a
rule's own address is a fragment (`go/#2024-02-02:702.19c`, `cr/7/#cr702-19c`), which never reaches
the server: every rule would preview as the same page. This page names the rule and quotes it,
and sends a reader straight on to the rule on its chapter's page: this build has the page of no other
edition, so the number is today's. (Through the go page, the site's scripts came first: on a crowded
connection the reader looked at an empty form for seconds.) A later build keeps no page of an older
edition: its address then reaches the page for what the site lacks, which sends it to the go page,
which finds the rule under that edition's number after any renumbering (cr-go.js).

Not part of the offline app (nobody shares a link from a phone's store) nor of the file:// bundle.
"""
from __future__ import annotations

from ...rules.model import Rule, title_names
from ...safe import html_attr
from ..model import SiteModel
from ..render import bilingual_title

SHARED = "r"  # the folder: r/<edition>/<number>.html (a file, not a folder of its own: 2,899 folders
# cost a build 2 s on this machine, most of it making and removing them)
DESCRIBED = 300  # characters of a rule's text a preview is given (the chats cut less)


def share_pages(model: SiteModel) -> dict[str, str]:
    """path in the docs folder -> the page, for every rule of the current edition."""
    edition = model.current
    if edition is None:
        return {}
    pages, rules = {}, {rule.number: rule for rule in edition.rules()}
    folder = f"{SHARED}/{edition.date}/index.md"  # the pages' folder, as a page in it links
    for chapter in edition.chapters:
        for section in chapter.sections:
            heading = bilingual_title(section.number, section.titles)
            for rule in section.rules:
                name = _name(rules.get(rule.number.parent) if rule.number.sub else rule)
                at = model.addresses.rule_href(folder, edition.date, rule.number)
                pages[f"{SHARED}/{edition.date}/{rule.number}.html"] = _page(edition.date, rule, name or heading, at)
    return pages


def _page(date: str, rule: Rule, named: str, rule_at: str) -> str:
    title = f"CR {rule.number} ({date}) · {named}"
    texts = [rule.texts[lang].text for lang in ("en", "zh") if lang in rule.texts]
    described = " / ".join(texts)
    if len(described) > DESCRIBED:
        described = described[:DESCRIBED - 1].rstrip() + "…"
    return ("<!doctype html>\n<html lang=zh-Hans><head><meta charset=utf-8>\n"
            f"<title>{html_attr(title)}</title>\n"
            f'<meta name="description" content="{html_attr(described)}">\n'
            f'<meta property="og:type" content="article">\n'
            f'<meta property="og:title" content="{html_attr(title)}">\n'
            f'<meta property="og:description" content="{html_attr(described)}">\n'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">\n'
            f'<meta http-equiv="refresh" content="0; url={html_attr(rule_at)}">\n'
            f'</head><body><p><a href="{html_attr(rule_at)}">{html_attr(title)}</a></p></body></html>\n')


def _name(head: Rule | None) -> str:
    """A keyword's name, where the rule is one of its (702.19c: 践踏 Trample); else ""."""
    names = title_names(head) if head is not None else None
    return " ".join(filter(None, (names[1], names[0]))) if names else ""
