"""The rules in Traditional Chinese, for the 繁 display: a change of script, not of wording.

OpenCC's s2tw (Taiwan's standard characters), not its s2twp, which also swaps in Taiwan's phrases:
in these texts those are computing words, the translation's Mulligan 再调度 as 再排程 (reschedule)
and Cycling 循环 as 迴圈 (a program loop), 类型 as 型別, 项目列表 as 專案列表. Then the places where
OpenCC picks the wrong character in these texts (each counted in the 2023-11-17 translation).

The browser converts what has no phrase-level conversion (headings, the glossary page, what its
scripts write) character by character, each as the phrase-level conversion of the site's own texts
most often writes it (复 as 複, for 复制; 御 as 禦, for 防御力), by pairs where a pair is
written otherwise (限制 stays 限制), and by three where the pairs still misread one (复制可).
"""
from __future__ import annotations

from collections import Counter

from ..rules.termbase import convert_all

# (OpenCC's, right): one character for one, so that the texts keep their length
FIXES = (
    ("回閤", "回合"),  # 本回合中 (41 times): OpenCC reads 合中
    ("隻", "只"),  # 只影响, 这只对 (7): the measure word, which the rules never use
    ("子游戲", "子遊戲"),  # subgame (56)
    ("互斗", "互鬥"),  # fight (2)
    ("于", "於"),  # 限制于 (1)
    ("繫列", "系列"),  # 核心系列, the core set (2)
    ("複制", "複製"),  # 被复制 (20)
    ("復制", "複製"),  # 不复制, 来复制 (7): copy, not 復 (again)
    ("指明瞭", "指明了"),  # the particle 了 (1), not 明瞭 (clear), which 不甚明瞭 is
    ("標明瞭", "標明了"),  # (1)
    ("算併產", "算並產"),  # 结算并产生, resolves and adds (7)
    ("併成為", "並成為"),  # 并成为, and becomes (5)
    ("併為", "並為"),  # 并为该复制, and for the copy (1)
    ("先製", "先制"),  # 掌握先制为止 (1): the Initiative, 先制 in its other 14 places (OpenCC reads 制为)
    ("系由", "係由"),  # 系 as "is": 系由, 系以, 系根据 (4), which Taiwan writes 係 (a Traditional reader's review)
    ("系以", "係以"),
    ("系根據", "係根據"),
    ("箇", "個"),  # 得到N个中毒指示物 (2): OpenCC reads 个中 as 箇中 (therein), which the rules never say
)
# Taiwan's quotation marks, as the 2009 post, written in Traditional, has them (a Traditional reader's
# review); the single ones stay, ’ being an apostrophe too (Urza’s). The browser's map holds them too.
QUOTES = {"“": "「", "”": "」"}
FIXES += tuple(QUOTES.items())

AGREED = 0.9  # the share of a pair's occurrences that must agree before the map holds it


def traditional(texts: list[str]) -> list[str]:
    """Simplified texts in Traditional characters."""
    converted = convert_all("s2tw", texts)
    for wrong, right in FIXES:
        converted = [text.replace(wrong, right) for text in converted]
    return converted


def traditional_characters(texts: list[str]) -> dict[str, str]:
    """The browser's map to Traditional: each Chinese character of the texts as `traditional` most
    often writes it there (where that is another character), and each pair of characters that the
    map alone would write otherwise (复制 is 複製, but 限制 is 限制, 关系 關係)."""
    written: dict[str, Counter] = {}
    aligned = [(text, out) for text, out in zip(texts, traditional(texts)) if len(out) == len(text)]
    for text, out in aligned:
        for simplified, hant in zip(text, out):
            if is_han(simplified):
                written.setdefault(simplified, Counter())[hant] += 1
    characters = {ch: _most(counts) for ch, counts in sorted(written.items())}
    # a pair written one way at least 9 times in 10: one across two words (制某) is not, and is left to its characters
    pairs: dict[str, Counter] = {}
    for text, out in aligned:
        for i in range(len(text) - 1):
            pair = text[i:i + 2]
            if is_han(pair[0]) and is_han(pair[1]):
                pairs.setdefault(pair, Counter())[out[i:i + 2]] += 1
    table = {**{ch: hant for ch, hant in characters.items() if hant != ch},
             **{pair: _most(counts) for pair, counts in sorted(pairs.items())
                if _most(counts) != characters[pair[0]] + characters[pair[1]]
                and counts[_most(counts)] >= AGREED * sum(counts.values())},
             **{mark: hant for mark, hant in QUOTES.items() if any(mark in text for text, _ in aligned)}}
    # and three characters where reading by pairs still writes the middle one otherwise: 制可 is a
    # pair that keeps 制 (控制可), so 复制可复制 read 複制可複製 (a Traditional reader's review)
    misread = {text[k - 1:k + 2] for text, out in aligned for k, (a, b) in enumerate(zip(as_the_browser(text, table), out))
               if a != b and 0 < k < len(text) - 1}
    triples: dict[str, Counter] = {}
    for text, out in aligned:
        for i in range(len(text) - 2):
            if text[i:i + 3] in misread:
                triples.setdefault(text[i:i + 3], Counter())[out[i:i + 3]] += 1
    return table | {three: _most(counts) for three, counts in sorted(triples.items())
                    if counts[_most(counts)] >= AGREED * sum(counts.values())}


def as_the_browser(text: str, table: dict[str, str]) -> str:
    """A text in Traditional as the browser writes it with the map (overrides/assets/cr-display.js,
    converted), left to right: three characters the map holds, else two, else one."""
    out, i = [], 0
    while i < len(text):
        for size in (3, 2, 1):
            piece = text[i:i + size]
            if len(piece) == size and (size == 1 or piece in table):
                out.append(table.get(piece, piece))
                i += size
                break
    return "".join(out)


def is_han(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff"


def _most(counts: Counter) -> str:
    return max(sorted(counts), key=counts.__getitem__)
