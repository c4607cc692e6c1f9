"""Pair the Chinese glossary with the English one by evidence, never by position alone.

The translation keeps roughly the English order but not exactly (Renown / Renowned / Replacement
Effect come out as 替代性效应 / 铭勇 / 已铭勇), and some entries cite slightly different rules than
their partners (a translation slip such as 801 for 810). Evidence, strongest first:

1. title: the English name is the title of a rule or section whose Chinese title is the Chinese name;
2. cites: both cite the same rules, aligned in glossary order;
3. unique: the same cited rules, unique among the entries still unpaired;
4. order: as many unpaired entries on each side between two paired neighbours.

Every pair must also agree in structure (obsolete mark, number of senses, being a redirect). A pair
found by order whose citations differ is kept but reported; a redirect pair is checked against
its targets' pairing.
"""
from __future__ import annotations

from difflib import SequenceMatcher

import re
from bisect import bisect_left

from ..rules.model import GlossaryEntry, GlossaryPair, Issue


INVARIANT = re.compile(r"\{[^}]+\}|[+-]?\d+(?:/[+-]?\d+)?|[A-Za-z]{3,}")


def _structure(entry: GlossaryEntry) -> tuple:
    return entry.obsolete, len(entry.senses), entry.redirect is not None


def _signature(entry: GlossaryEntry) -> tuple:
    return (entry.cited, *_structure(entry))


def pair_glossaries(en: list[GlossaryEntry], zh: list[GlossaryEntry],
                    titles: dict[str, str]) -> tuple[list[GlossaryPair], list[Issue]]:
    partner: dict[int, tuple[int, str]] = {}
    _by_title(en, zh, titles, partner)
    _by_citations(en, zh, partner)
    _by_unique_signature(en, zh, partner)
    _by_order(en, zh, partner)
    return _finish(en, zh, partner)


def _taken(partner: dict[int, tuple[int, str]]) -> set[int]:
    return {j for j, _ in partner.values()}


def _by_title(en, zh, titles, partner) -> None:
    zh_by_name: dict[str, list[int]] = {}
    for j, entry in enumerate(zh):
        zh_by_name.setdefault(entry.name, []).append(j)
    for i, entry in enumerate(en):
        zh_name = titles.get(entry.name)
        candidates = zh_by_name.get(zh_name, []) if zh_name else []
        if len(candidates) == 1 and _structure(zh[candidates[0]]) == _structure(entry) \
                and candidates[0] not in _taken(partner):
            partner[i] = (candidates[0], f"title: the rules title {entry.name!r} as {zh_name!r}")


def _by_citations(en, zh, partner) -> None:
    """Align the unpaired entries in order, matching equal signatures that cite at least one rule."""
    a = [i for i in range(len(en)) if i not in partner]
    taken = _taken(partner)
    b = [j for j in range(len(zh)) if j not in taken]
    # An entry that cites nothing gets a key equal to nothing, so it never aligns on its own.
    sa = [_signature(en[i]) if en[i].cited else ("en", i) for i in a]
    sb = [_signature(zh[j]) if zh[j].cited else ("zh", j) for j in b]
    matcher = SequenceMatcher(None, sa, sb, autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            partner[a[block.a + k]] = (b[block.b + k], "cites: the same rules, in glossary order")


def _by_unique_signature(en, zh, partner) -> None:
    taken = _taken(partner)
    left_en: dict[tuple, list[int]] = {}
    left_zh: dict[tuple, list[int]] = {}
    for i, entry in enumerate(en):
        if i not in partner and entry.cited:
            left_en.setdefault(_signature(entry), []).append(i)
    for j, entry in enumerate(zh):
        if j not in taken and entry.cited:
            left_zh.setdefault(_signature(entry), []).append(j)
    for signature, indices in left_en.items():
        if len(indices) == 1 and len(left_zh.get(signature, [])) == 1:
            partner[indices[0]] = (left_zh[signature][0], "unique: the same rules cited, out of glossary order")


def _by_order(en, zh, partner) -> None:
    """Pair the unpaired entries lying between the same two paired neighbours, when both sides
    have as many and they agree in structure one by one. With more than one on each side, the
    text that translation leaves alone ({T}, numbers, Latin words) must not favour another order."""
    anchors = [(-1, -1)] + _monotone_chain(sorted((i, j) for i, (j, _) in partner.items())) + [(len(en), len(zh))]
    taken = _taken(partner)
    for (i0, j0), (i1, j1) in zip(anchors, anchors[1:]):
        gap_en = [i for i in range(i0 + 1, i1) if i not in partner]
        gap_zh = [j for j in range(j0 + 1, j1) if j not in taken]
        if not gap_en or len(gap_en) != len(gap_zh):
            continue
        if any(_structure(en[i]) != _structure(zh[j]) for i, j in zip(gap_en, gap_zh)):
            continue
        if len(gap_en) > 1 and not _order_is_best(en, zh, gap_en, gap_zh):
            continue
        for i, j in zip(gap_en, gap_zh):
            partner[i] = (j, f"order: {len(gap_en)} unpaired entr{'y' if len(gap_en) == 1 else 'ies'} "
                             "on each side between paired neighbours, alike in structure")
            taken.add(j)


def _monotone_chain(anchors: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of pairs in order on both sides (pairs out of order would cross the gaps)."""
    tails: list[int] = []  # tails[k]: index into anchors of the smallest end of a chain of length k+1
    back: list[int | None] = []
    for index, (_, j) in enumerate(anchors):
        k = bisect_left([anchors[t][1] for t in tails], j)
        back.append(tails[k - 1] if k else None)
        if k == len(tails):
            tails.append(index)
        else:
            tails[k] = index
    chain, at = [], tails[-1] if tails else None
    while at is not None:
        chain.append(anchors[at])
        at = back[at]
    return chain[::-1]


def _invariants(entry: GlossaryEntry) -> set[str]:
    return set(INVARIANT.findall(" ".join(entry.definition)))


def _order_is_best(en, zh, gap_en, gap_zh) -> bool:
    shared = [[len(_invariants(en[i]) & _invariants(zh[j])) for j in gap_zh] for i in gap_en]
    return all(row[k] >= max(row) for k, row in enumerate(shared)) and \
        all(shared[k][k] >= max(r[k] for r in shared) for k in range(len(gap_en)))


def _finish(en, zh, partner) -> tuple[list[GlossaryPair], list[Issue]]:
    issues: list[Issue] = []
    zh_of = {i: j for i, (j, _) in partner.items()}
    pairs: list[GlossaryPair] = []
    for i, entry in enumerate(en):
        if i not in partner:
            issues.append(Issue("warning", f"glossary entry {entry.term!r} has no verified Chinese partner",
                                entry.source))
            pairs.append(GlossaryPair(entry, None, False, "no partner found"))
            continue
        j, evidence = partner[i]
        other = zh[j]
        verified = True
        if entry.redirect is not None:
            target = _resolve(entry.redirect, en)
            target_zh = zh[zh_of[target]] if target in zh_of else None
            if target_zh is None or _resolve(other.redirect or "", [target_zh]) is None:
                verified = False
                issues.append(Issue("warning", f"redirects {entry.term!r} -> {entry.redirect!r} and {other.term!r} -> "
                                    f"{other.redirect!r} do not point to partners", entry.source))
            else:
                evidence = f"redirect: both point to the partners {en[target].name!r} / {target_zh.name!r}"
        if entry.cited != other.cited:
            issues.append(Issue("warning", f"glossary partners {entry.term!r} and {other.term!r} cite different rules: "
                                f"{', '.join(entry.cited) or 'none'} / {', '.join(other.cited) or 'none'}",
                                other.source))
        pairs.append(GlossaryPair(entry, other, verified, evidence))
    for j in sorted(set(range(len(zh))) - set(zh_of.values())):
        issues.append(Issue("warning", f"Chinese glossary entry {zh[j].term!r} has no verified English partner",
                            zh[j].source))
        pairs.append(GlossaryPair(None, zh[j], False, "no partner found"))
    for side in (en, zh):
        seen: dict[str, GlossaryEntry] = {}
        for entry in side:
            if entry.name in seen:
                issues.append(Issue("warning", f"glossary name {entry.name!r} appears twice (first at line "
                                    f"{seen[entry.name].source.line})", entry.source))
            seen.setdefault(entry.name, entry)
    return pairs, issues


def _resolve(name: str, entries: list[GlossaryEntry]) -> int | None:
    """The entry a redirect names: by exact name, ignoring case, or as the start of one name
    ("Limited Range of Influence" for the entry "Limited Range of Influence Option")."""
    folded = name.casefold()
    for test in (lambda e: e.name == name, lambda e: e.name.casefold() == folded,
                 lambda e: e.name.casefold().startswith(folded)):
        found = [k for k, entry in enumerate(entries) if test(entry)]
        if len(found) == 1:
            return found[0]
    return None
