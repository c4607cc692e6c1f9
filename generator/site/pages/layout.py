"""Shared shapes of the rules pages: the block at the top of each, and how long lists are cut
into blocks the browser can skip laying out (content-visibility in cr.css)."""
from __future__ import annotations

import re
from pathlib import PurePath

from ...rules.model import Edition
from ...rules.word_diff import word_diff
from ...safe import html_attr
from ..model import SiteModel, script_of
from ..render import halves

RULES_PER_BLOCK = 40
FIRST_BLOCK = 8  # a section's first rules: a screen or more on a desktop, several on a phone
TERM_ID = re.compile(r"<u t=\d+>")


def estimated_height(rows: int, rem_per_row: float, chars: int, chars_per_rem: float) -> int:
    """About how tall a block is in rem on a wide screen, so that the scroll bar is about right
    before the browser lays it out: a height per row plus one per character of text (the factors
    are least-squares fits on the 2023 chapters and glossary)."""
    return round(rem_per_row * rows + chars / chars_per_rem)


def rule_chunks(rules: list) -> list[list]:
    """A long section's rules in blocks of about RULES_PER_BLOCK, split before a numbered rule
    (never between a rule and its subrules): a small block is all the browser lays out when one
    scrolls in. The first block is smaller still (FIRST_BLOCK): a page or a section's address
    opens there, and the phone lays out only what it paints first."""
    chunks: list[list] = [[]]
    for rule in rules:
        size = FIRST_BLOCK if len(chunks) == 1 else RULES_PER_BLOCK
        if len(chunks[-1]) >= size and not rule.number.sub:
            chunks.append([])
        chunks[-1].append(rule)
    return chunks


def rules_height(rules: list) -> int:
    def chars(lang: str) -> int:
        return sum(len(t.text) + sum(len(e.text) for e in t.examples)
                   for rule in rules if (t := rule.texts.get(lang)) is not None)
    return estimated_height(len(rules), 1.6, max(chars("en"), 2 * chars("zh")), 30)


def page_marks(html_text: str) -> str:
    """Term marks on a page are bare <u>: the browser finds the term by its text (terms.js maps
    every marked form to its term), which keeps chapter 7 some 45 kB smaller. The chapter data
    (previews, the other script's cells) keeps the ids."""
    return TERM_ID.sub("<u>", html_text)


def page_meta(model: SiteModel, edition: Edition, src: str, chapter: int | None = None) -> str:
    """The block at the top of every rules page: edition, data for the scripts, older-edition label."""
    older = not model.is_current(edition)
    attrs = ((f'data-chapter="{chapter}" ' if chapter is not None else "")
             + f'data-script="{script_of(edition).lower()}" '
             f'data-edition="{html_attr(edition.date)}" '
             f'data-go="{html_attr(model.addresses.href(src, "go/index.md"))}"' + (' data-older="1"' if older else "")
             + (' data-history="1"' if chapter is not None and not older and model.history[0] else "")
             # an older edition whose numbers the lineage follows to today's: a rule's history is today's rule's
             + (' data-followed="1"' if older and edition in model.history[0] else ""))
    label = ""
    if older:
        date = html_attr(edition.date)
        label = ('<div class="admonition warning" data-search-exclude><p class="admonition-title">'
                 + halves("旧版规则", "Older edition") + '</p><p>'
                 + halves(f"这是 {date} 版的规则，不是现行规则；规则编号在各版之间会变动。",
                          f"This is the CR of {date}, not the current rules; rule numbers move between editions.")
                 + ("" if "zh" in edition.languages else halves("本版只有英文。", "It has no Chinese."))
                 + '</p></div>')
    return (f'<div class="cr-page" data-search-exclude {attrs}><p class="cr-edition">{halves("生效日期", "Effective")} '
            f'<time datetime="{html_attr(edition.date)}">{html_attr(edition.date)}</time></p></div>\n{label}')


def source_shown(path: str) -> str:
    """A source's path as a page shows it: the manifest's own (sources/…), or an outside file's name
    alone: a path on the building machine (/home/…/MagicCompRules-20231117.txt) is nobody else's."""
    return PurePath(path).name if PurePath(path).is_absolute() else path


def english_change(stale, rule) -> str | None:
    """The English change of a rule since the edition its Chinese translates, as a word diff (its
    text, then its examples), where that English is known."""
    if stale.english is None or rule is None or "en" not in rule.texts:
        return None
    en = rule.texts["en"]
    return word_diff(stale.english, "\n".join([en.text] + [e.text for e in en.examples])).replace("\n", "<br>")


def stale_marks(model, edition, rules: dict) -> dict:
    """number -> (the edition its Chinese translates, the English change since) of each of these
    rules whose Chinese was made for other English: what its mark (render.stale_label) says on its
    chapter's page and on the changes page."""
    return {s.number: (s.translates, english_change(s, rules[s.number])) for s in model.status[edition.date].stale
            if s.number in rules}
