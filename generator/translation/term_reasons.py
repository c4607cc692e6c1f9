"""The reasons a rule gives about the glossary's terms: a near miss of a term's Chinese (a variant,
or a piece one character off a term), a term in one language only, looked for the loose way in the
other (term_counts.py), and a term put for another; weighed by how consistently the document
itself renders each term (translation/check.py).

The facts of a rule's texts (the terms each language names, its near misses, the reasons in its
text alone) are most of the check's time and depend on the texts and the glossary's forms only:
they are kept for the process (cache.kept_for), so that a build after an edit reads again only
the texts the edit touched.
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from ..cache import kept_for
from ..rules.term_marker import TermMarker
from ..rules.termbase import Term
from .reason import Reason
from .term_counts import Swap, TermCounter, overlapping
from .text_reasons import HAN, full_text, text_reasons, without_notes

HAN_ONLY = re.compile(r"[\u4e00-\u9fff]+$")
MIN_USES = 4  # rules naming a term before its rendering is evidence
STYLE_RULES = 4  # other rules writing a term's near miss so before it is the translation's own form, not a slip
SWAP_FROM, SWAP_SLOPE, SWAP_MAX = 7.5, 0.8, 1.8  # a term put for another: surprise (natural log) to weight
PUT_FOR = 1.5  # a term missing and another over, in one rule
FUNCTION_WORDS = set("或和与及该某此其由的之于了在为")


class Facts(NamedTuple):
    """What one rule's own texts say, whatever the other rules say: the terms each language names
    (where a reader sees them, the longest match), how often each names every term (the loose way,
    term_counts.py), its near misses of the terms the English names (variants), its pieces one
    character off a glossary term (unlike), and the reasons in its text alone: finding them is most
    of the check's time."""
    en_terms: frozenset[int]
    zh_terms: frozenset[int]
    en_counts: Counter
    zh_counts: Counter
    near: dict[tuple[int, str], str]  # (term, the Chinese found) -> the glossary's Chinese
    pieces: tuple[tuple[str, str, int], ...]  # (piece, the glossary's form, term)
    text: tuple[Reason, ...]


class Glossary:
    """The termbase's Chinese forms as the check looks for them, and the facts of each rule text
    found with them, kept for as long as the forms are the same (cache.kept_for): only strings and
    numbers, never a build's termbase or editions."""

    def __init__(self, marker: TermMarker):
        terms = marker.termbase.terms.values()
        # _variants: a term's forms of three or more characters, and all its forms
        self.variant_forms = {term.id: (tuple(sorted(f for f in term.zh_forms if len(f) >= 3)), frozenset(term.zh_forms))
                              for term in terms if term.zh}
        # _unlike_pieces: the forms of four or more Han characters, and every form of every term
        self.forms = tuple(sorted({(form, term.id) for term in terms if term.zh and not term.obsolete
                                   for form in term.zh_forms if len(form) >= 4 and HAN.match(form)}))
        self.all_forms = frozenset(form for term in terms for form in term.zh_forms)
        self.by_end: dict[str, set[tuple[str, int]]] = {}  # a near miss keeps two characters of the form at one end
        for form, term_id in self.forms:
            self.by_end.setdefault(form[:2], set()).add((form, term_id))
            self.by_end.setdefault(form[-2:], set()).add((form, term_id))
        self.counter = TermCounter(terms)
        key = (marker.key, tuple(sorted(self.variant_forms.items())), self.forms, self.all_forms)
        self.memo: dict[tuple[str, str, str, str], Facts] = kept_for("check facts", key)

    def facts(self, marker: TermMarker, en_text, zh_text) -> Facts:
        en, zh, en_all, zh_all = en_text.text, zh_text.text, full_text(en_text), full_text(zh_text)
        key = (en, zh, en_all, zh_all)
        if key not in self.memo:
            en_terms, zh_terms = frozenset(marker.terms_in(en, "en")), frozenset(marker.terms_in(without_notes(zh), "zh"))
            en_counts, zh_counts = self.counter.counts(en, "en"), self.counter.counts(without_notes(zh), "zh")
            near = self._variants(zh, frozenset(t for t in en_terms if not zh_counts[t]))
            self.memo[key] = Facts(en_terms, zh_terms, en_counts, zh_counts, near, self._unlike_pieces(zh, zh_terms, near),
                                    tuple(text_reasons(en, zh, en_all, zh_all)))
        return self.memo[key]

    def _variants(self, zh: str, unmatched: frozenset[int]) -> dict[tuple[int, str], str]:
        """(term, the Chinese found) -> the glossary's Chinese, where the English names the term,
        the Chinese lacks its forms and holds a near miss of one (替代式效应 for 替代性效应)."""
        near = {}
        for term_id in sorted(unmatched):
            if term_id not in self.variant_forms:
                continue
            forms, all_forms = self.variant_forms[term_id]
            for form in forms:
                miss = _near_miss(zh, form, all_forms)
                if miss:
                    near[(term_id, miss)] = form
                    break
        return near

    def _unlike_pieces(self, zh: str, zh_terms: frozenset[int], near) -> tuple[tuple[str, str, int], ...]:
        """Pieces of a Chinese text one character off a glossary term's Chinese of four or more
        characters (替代费用 for 替代性费用), whatever the English says, where the text lacks the
        term itself, and that are not a variant already found or part of another form."""
        candidates = set().union(*(self.by_end.get(zh[i:i + 2], ()) for i in range(len(zh) - 1)))
        known = {piece for (_, piece) in near}
        pieces = []
        for form, term_id in sorted(candidates):
            if term_id in zh_terms:
                continue
            piece = _near_miss(zh, form, self.all_forms, inserted=False)
            if piece and not any(piece in k for k in known) and not any(piece in other for other in self.all_forms if other != form):
                pieces.append((piece, form, term_id))
        return tuple(pieces)


# ---- terms ---------------------------------------------------------------------------------------
@dataclass
class Usage:
    en: Counter  # term -> rules whose English names it (where a reader sees it)
    zh: Counter
    in_zh: Counter  # term -> rules whose English names it and whose Chinese has it anywhere
    in_en: Counter  # term -> rules whose Chinese names it and whose English has it in any form
    rules: int = 0


def usage_of(facts) -> Usage:
    usage = Usage(Counter(), Counter(), Counter(), Counter())
    for fact in facts:
        usage.rules += 1
        usage.en.update(fact.en_terms)
        usage.zh.update(fact.zh_terms)
        usage.in_zh.update(t for t in fact.en_terms if fact.zh_counts[t])
        usage.in_en.update(t for t in fact.zh_terms if fact.en_counts[t])
    return usage


def _surprise(both: int, total: int, rules: int) -> float:
    """How surprising it is that a rule lacks what `both` of the `total` rules naming a term have:
    0 below 70%, rising to 1 where every other rule has it (a term rendered one way everywhere),
    and less for the game's everyday words (a rule may say "it" for the player or the ability)."""
    if total - 1 < MIN_USES:
        return 0.0
    share = both / (total - 1)  # among the other rules (this one is counted in total, not in both)
    rare = min(1.0, math.log(rules / total) / math.log(rules / MIN_USES)) if rules > total else 0.0
    return max(0.0, (share - 0.7) / 0.3) ** 2 * rare


def overlapping_terms(marker: TermMarker) -> set[tuple[int, int]]:
    """term_counts.overlapping of the marker's terms, kept for as long as its forms are the same."""
    kept = kept_for("term overlaps", marker.key)
    if "pairs" not in kept:
        kept["pairs"] = overlapping(marker.termbase.terms.values())
    return kept["pairs"]


def _names(term: Term) -> str:
    return f"“{term.en}” ({term.zh})" if term.zh else f"“{term.en}”"


def unlike_reasons(pieces: tuple[tuple[str, str, int], ...], counts: Counter, terms: dict[int, Term]) -> list[Reason]:
    """A rule's pieces one character off a glossary term (Glossary._unlike_pieces), rarer the more
    rules write them so; none where the translation writes it so in many rules (a wording of its own)."""
    return [Reason("unlike", round(2.0 / counts[piece] ** 0.75, 2),
                   f"the Chinese has {piece}, one character off the glossary's {form} ({terms[term_id].en})" +
                   (f"; {counts[piece] - 1} other rules write it so" if counts[piece] > 1 else ""))
            for piece, form, term_id in pieces if counts[piece] - 1 < STYLE_RULES]


def _near_miss(text: str, form: str, forms: set[str], inserted: bool = True) -> str | None:
    """A piece of `text` one character away from `form` (changed, dropped or, if `inserted`, added
    inside it, its first and last characters kept), that is not itself a form of the term; a
    function word put in or for a character (或, 该, 的: 咒语或异能, 牌的类别) is not a term's near miss."""
    n = len(form)
    starts = _places(text).get(form[0], ())  # a near miss keeps the first character
    for size in (n, n - 1, n + 1) if inserted else (n, n - 1):
        for start in starts:
            piece = text[start:start + size]
            if len(piece) < size or piece[-1] != form[-1] or piece in forms or form in piece or not HAN_ONLY.match(piece):
                continue
            if _one_edit(piece, form) and not (set(piece) - set(form)) & FUNCTION_WORDS:
                return piece
    return None


@functools.lru_cache(maxsize=256)
def _places(text: str) -> dict[str, list[int]]:
    """Where each character of a text is: the near misses of every term are looked for in the same
    rule's text (some 100,000 searches in an edition)."""
    places: dict[str, list[int]] = {}
    for i, ch in enumerate(text):
        places.setdefault(ch, []).append(i)
    return places


def _one_edit(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def term_reasons(fact: Facts, usage: Usage, terms: dict[int, Term], usual: Counter, swap: Swap | None) -> list[Reason]:
    """Variants of the glossary's Chinese, a term in one language only (looked for the loose way
    in the other: inside a longer term, through inflections), and a term put for another."""
    reasons = []
    said = set()
    for (term_id, piece), form in sorted(fact.near.items()):
        term = terms.get(term_id)
        others = max(usual[(term_id, piece)] - 1, 0)
        if (piece, form) in said or others >= STYLE_RULES:  # two names of one term; the translation's own form
            continue
        said.add((piece, form))
        also = f"; {others} other rules write it so" if others else ""
        reasons.append(Reason("variant", round(4.0 / (1 + others) ** 0.75, 2),
                              f"the English says {_names(term)} and the Chinese has {piece}: write the glossary's {form}{also}"))
    swapped = {swap.fewer, swap.more} if swap and _swap_weight(swap) > 0 else set()
    near_terms = {term_id for term_id, _ in fact.near}
    missing = [terms[t] for t in sorted(fact.en_terms) if not fact.zh_counts[t] and t not in near_terms | swapped
               and t in terms and terms[t].zh]
    extra = [terms[t] for t in sorted(fact.zh_terms) if not fact.en_counts[t] and t not in swapped and t in terms and terms[t].en]
    for kind, found_terms, counted, having in (("missing", missing, usage.en, usage.in_zh), ("extra", extra, usage.zh, usage.in_en)):
        for term in found_terms:
            weight = 2.25 * _surprise(having[term.id], counted[term.id], usage.rules)
            if weight <= 0:  # weak alone; kept for an edit that brought it (history_reasons.marked_new)
                continue
            share = f"({having[term.id]} of {counted[term.id]} rules {'naming it have it' if kind == 'missing' else 'with it name it'})"
            text = (f"the English says {_names(term)} and the Chinese has no {term.zh} {share}" if kind == "missing" else
                    f"the Chinese says {term.zh} and the English names no {_names(term)} {share}")
            reasons.append(Reason(kind, round(weight, 2), text))
    if swapped:
        reasons.append(_swap_reason(swap, terms))
    else:
        short = max((r for r in reasons if r.kind in ("missing", "variant")), key=lambda r: r.weight, default=None)
        over = max((r for r in reasons if r.kind == "extra"), key=lambda r: r.weight, default=None)
        if short and over:  # one term put for another (生物 for permanent), the counts not telling which
            reasons.append(Reason("swapped", PUT_FOR, f"{_said(over)} where the English has {_said(short, 'en')}: "
                                                      "one may have been put for the other"))
    return reasons


def _said(reason: Reason, lang: str = "zh") -> str:
    """The Chinese (or English) term a missing, extra or variant reason is about, as the reason says it."""
    if lang == "zh":
        return reason.text.split("the Chinese says ", 1)[-1].split(" and the English", 1)[0]
    return reason.text.split("the English says ", 1)[-1].split(" and the Chinese", 1)[0]


def _swap_weight(swap: Swap) -> float:
    """How strongly a term short and another over in one rule say one was put for the other:
    nothing below a surprise the document's rules often reach by themselves."""
    return round(min(SWAP_MAX, max(0.0, swap.surprise - SWAP_FROM) * SWAP_SLOPE), 2)


def _swap_reason(swap: Swap, terms: dict[int, Term]) -> Reason:
    fewer, more = terms[swap.fewer], terms[swap.more]
    en_a, zh_a, en_b, zh_b = swap.counts
    return Reason("swapped", _swap_weight(swap),
                  f"the English names {_names(fewer)} {_times(en_a)} and {_names(more)} {_times(en_b)}; the Chinese has "
                  f"{_chinese(fewer)} {_times(zh_a)} and {_chinese(more)} {_times(zh_b)}: "
                  f"{_chinese(more)} may stand where {_chinese(fewer)} belongs")


def _times(n: int) -> str:
    return {0: "nowhere", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _chinese(term: Term) -> str:
    return term.zh.split("/")[0].split("，")[0] if term.zh else f"“{term.en}”"
