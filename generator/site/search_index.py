"""Each search document as the site's search ranks it (overrides/assets/cr-search.js), worked out
at build time, so that a reader's browser needs only the pieces a query touches
(search_pieces.py): its English words and where they stand, its Chinese characters and where they
stand, its length, and what the ranking asks of its text (a number stated, an outcome, a variant
named, a keyword's boilerplate, a list of keywords).

These functions read a text exactly as cr-search.js reads it (its names are given beside each):
English lower case, split at anything but a-z and 0-9, a possessive 's dropped, each word in its
base form where the rules write that (base_forms) or else made singular; Chinese as the string of
its title and text with a line between, positions counted in UTF-16 code units as JavaScript
counts them. tests/test_search_pieces.py ranks every query of the
project's query sets with these pieces and with the whole texts, and holds them to the same
results.
"""
from __future__ import annotations

import re
from typing import NamedTuple

RULE, SECTION, TERM = 0, 1, 2  # kinds of document, as search_data.py writes them (cr-search-pieces.js KIND)
# a document's ninth field, where search_data.py marks it, one bit each:
TODAYS = 1  # folded: an older edition's, the same as today's
FORMER = 2  # a glossary entry of what the rules no longer have (obsolete, a previous system)
KEEPS_NUMBER = 4  # an older edition's rule or section that is today's of its number, by the lineage
SWAPPED_TEXTS = 8  # a glossary entry whose Chinese definition is another's (Termbase.swapped)

POSSESSIVE = re.compile(r"[’']s\b", re.ASCII)
NOT_A_WORD = re.compile(r"[^a-z0-9]+")
# the characters a Chinese query word can hold (cr-search.js HAN_RUNS): Han, then digits and a letter (层7c)
QUERY_CHARACTER = re.compile(r"[\u3400-\u9fff\uf900-\ufaff0-9a-z]")

# what a document states, for a question that asks for it (cr-search.js STATES_*)
STATES_NUMBER = re.compile(r"\b\d+\b|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                           r"fifteen|twenty|thirty|forty|hundred)\b", re.IGNORECASE | re.ASCII)
STATES_NUMBER_ZH = re.compile(r"\d|[一二三四五六七八九十]+[张点个]", re.ASCII)
STATES_OUTCOME = re.compile(r"\b(?:loses the game|wins the game|is a draw|is put into|are put into|ceases? to exist|"
                            r"is destroyed|is removed from|leaves the game)\b", re.IGNORECASE | re.ASCII)
STATES_OUTCOME_ZH = re.compile(r"输掉|赢得|平手|置入|放进|不再存在|消灭|移出|离开游戏")

BOILERPLATE_SHARED = 3  # a keyword's rule whose text, but for the name, this many keywords share
LIST_NAMES = 4  # a rule that names this many keywords lists them
MULTIPLAYER = ("8", [" multiplayer ", " multi player "], ["多人"])
VARIANT_SUFFIX = re.compile(r" (variant|option)s?$|玩法$|模式$")

# flags: what a document holds and states, one bit each (cr-search-pieces.js FLAG)
(HAS_EN, HAS_ZH, FOLDED, STATES_A_NUMBER, STATES_AN_OUTCOME, BOILERPLATE, LISTS_KEYWORDS, NO_LONGER,
 SAME_NUMBER_TODAY, A_VARIANT, SWAPPED) = (1 << i for i in range(11))

# a keyword's rule that defines a variant of it, under a name of its own: "Trample over planeswalkers
# is a variant of trample ...", 践踏鹏洛客是践踏异能的变化 (cr-search.js meetingRules)
VARIANT_RULE = re.compile(r"^[“\"]?[^.“”\"]{1,60}[”\"]? is a variant of ")
VARIANT_RULE_ZH = re.compile(r"^[“\"]?[^。“”\"]{1,30}[”\"]?是[^。]{1,15}的(?:一种)?变化")


# a change of power and toughness is one word, "+1/+1" as p1p1 and "-1/-1" as m1m1, never the
# number 1 twice, which every "layer 1" and "1 damage" holds (cr-search.js PT_CHANGE)
PT_CHANGE = re.compile(r"(?<![a-z0-9])([+-])([0-9]+|[a-z])/([+-])([0-9]+|[a-z])(?![a-z0-9])")


def _pt_word(match: re.Match) -> str:
    sign = {"+": "p", "-": "m"}
    return f" {sign[match[1]]}{match[2]}{sign[match[3]]}{match[4]} "


def plain_words(text: str | None) -> list[str]:
    """cr-search.js plainWords: the words as written, lower case."""
    return [w for w in NOT_A_WORD.split(PT_CHANGE.sub(_pt_word, POSSESSIVE.sub("", (text or "").lower()))) if w]


def singular(word: str) -> str:
    """cr-search.js singular: plurals singular, "-ing" dropped where four letters or more are left."""
    if word == "dies":
        return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and word[-2] != "s":
        word = word[:-1]
    if len(word) > 6 and word.endswith("ing"):
        return word[:-3]
    return word


def base_forms(written: list[str]) -> dict[str, str]:
    """cr-search.js baseForms: each written word in -ed or -ing whose base the rules write too, to
    that base (exiled, exiling: exile; tapped, tapping: tap; copied: copy), so that "suspect" finds
    "a suspected creature" and "exiled" the rules that say "exile". Read against the words written,
    not by the ending alone: "noted" is "note", never "not"; "during" stays."""
    known = set(written)
    found = {}
    for word in written:
        base = next((b for b in _possible_bases(word) if b in known or b + "s" in known), None)
        if base is not None:
            found[word] = base
    return found


def _possible_bases(word: str):
    """The bases a word in -ied, -ed or -ing may have, the likeliest first (exiled: exile, then exil)."""
    if len(word) > 4 and word.endswith("ied"):
        yield word[:-3] + "y"
    for ending, shortest in (("ed", 5), ("ing", 6)):
        if len(word) >= shortest and word.endswith(ending) and not word.endswith("eed"):
            stem = word[:-len(ending)]
            yield stem + "e"
            yield stem
            if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
                yield stem[:-1]


def english_words(text: str | None, bases: dict[str, str]) -> list[str]:
    """cr-search.js englishWords: each word's compared form, its base (base_forms) or else singular."""
    return [bases.get(w) or singular(w) for w in plain_words(text)]


def written_words(docs: list[list]) -> list[str]:
    """Every English word of the documents as written, sorted (cr-search.js data.written)."""
    return sorted({w for d in docs for w in plain_words(d[4]) + plain_words(d[6])})


def utf16_length(text: str) -> int:
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


class Reading(NamedTuple):
    """A document as the ranking reads it."""
    words: list[str]  # its English words, title then text, singular: their places are positions
    zh: str  # its Chinese title, a line, its Chinese text
    length: float  # cr-search.js doc.length, for BM25
    flags: int
    variants: list[str]  # the variants its text names, besides its own section's (cr-search.js variantsOf)


def read(docs: list[list], written: list[str]) -> list[Reading]:
    """Every document of search_data.py's list as the ranking reads it; `written`: their words as
    written (written_words), which the verbs' base forms are read against."""
    bases = base_forms(written)
    words = [english_words(d[4], bases) + english_words(d[6], bases) for d in docs]
    zh = [(d[5] or "") + "\n" + (d[7] or "") for d in docs]
    phrases = [" " + " ".join(w) + " " for w in words]
    keyword = keywords_of(docs, bases)
    boilerplate = _boilerplate(docs, keyword)
    names = {}  # every keyword ability's name -> its words, as the ranking looks for them in a text
    for d, named in zip(docs, keyword):
        if named is not None and d[2].startswith("702."):
            names.setdefault(named[0], " " + named[1])
    variants = variant_names(docs, bases)
    readings = []
    for i, d in enumerate(docs):
        marks = d[8] if len(d) > 8 else 0
        flags = (HAS_EN if d[6] else 0) | (HAS_ZH if d[7] else 0) | (FOLDED if marks & TODAYS else 0) | \
            (NO_LONGER if marks & FORMER else 0) | (SAME_NUMBER_TODAY if marks & KEEPS_NUMBER else 0) | \
            (SWAPPED if marks & SWAPPED_TEXTS else 0)
        en_text, zh_text = d[6] or "", d[7] or ""
        if STATES_NUMBER.search(en_text) or STATES_NUMBER_ZH.search(zh_text):
            flags |= STATES_A_NUMBER
        if d[0] == RULE and (d[2].startswith("704.") or STATES_OUTCOME.search(en_text) or STATES_OUTCOME_ZH.search(zh_text)):
            flags |= STATES_AN_OUTCOME
        if boilerplate[i]:
            flags |= BOILERPLATE
        if keyword[i] is not None and (VARIANT_RULE.match(en_text) or VARIANT_RULE_ZH.match(zh_text)):
            flags |= A_VARIANT
        if sum(1 for en in names.values() if en in phrases[i]) >= LIST_NAMES:
            flags |= LISTS_KEYWORDS
        own = variant_of(d[2])
        named = [number for number, en, zh_names in variants if number != own and
                 (any(name in phrases[i] for name in en) or any(name in zh[i] for name in zh_names))]
        length = max(len(words[i]), (utf16_length(d[5] or "") + utf16_length(zh_text)) / 2, 1)
        readings.append(Reading(words[i], zh[i], int(length) if length == int(length) else length, flags, named))
    return readings


def keywords_of(docs: list[list], bases: dict[str, str]) -> list[tuple[str, str] | None]:
    """Each document's keyword or keyword action, where it is one of its lettered rules (701.17a of
    Sacrifice): (its name, lower case; its English words and a space), as cr-search.js buildIndex
    finds it from the rule that is a name."""
    named = None
    found = []
    for d in docs:
        if d[0] == RULE and d[4]:
            named = (d[2], d[4].lower(), " ".join(english_words(d[4], bases)) + " ")
        inside = (d[0] == RULE and named is not None and d[2] != named[0] and d[2].startswith(named[0])
                  and re.fullmatch("[a-z]", d[2][len(named[0]):]) is not None)
        found.append((named[1], named[2]) if inside else None)
    return found


def _boilerplate(docs: list[list], keyword: list) -> list[bool]:
    """cr-search.js markBoilerplate: a keyword's rule whose text, but for the keyword's name, three
    or more keywords of its edition share ("Lifelink is a static ability.")."""
    masked = [f"{d[3]}\n" + d[6].lower().replace(k[0], "#") if k is not None and d[6] else None
              for d, k in zip(docs, keyword)]
    count: dict[str, int] = {}
    for m in masked:
        if m:
            count[m] = count.get(m, 0) + 1
    return [bool(m) and count[m] >= BOILERPLATE_SHARED for m in masked]


def variant_of(number: str) -> str | None:
    """cr-search.js variantOf: "810" for what is of a variant's section, "8" for chapter 8's general rules."""
    section = number.split(".")[0]
    if not re.fullmatch(r"[89]\d\d", section):
        return None
    return section[0] if section.endswith("00") else section


def variant_names(docs: list[list], bases: dict[str, str]) -> list[tuple[str, list[str], list[str]]]:
    """cr-search.js variantNames: (number, English names, Chinese names) of every variant and format."""
    found, seen = [MULTIPLAYER], set()
    for d in docs:
        variant = variant_of(d[2])
        if d[0] != SECTION or not variant or len(variant) < 3 or variant in seen:
            continue
        seen.add(variant)
        en = " ".join(english_words(VARIANT_SUFFIX.sub("", (d[4] or "").lower(), count=1), bases))
        zh = VARIANT_SUFFIX.sub("", d[5] or "", count=1)
        found.append((variant, [f" {en} "] if en else [], [zh] if zh else []))
    return found


def indexed_characters(docs: list[list]) -> set[str]:
    """The Chinese characters the ranking looks for beyond those a query can hold: those of the
    keywords' Chinese names (秘罗万岁！), which it looks for in a rule where a query names two."""
    return {ch for d in docs if d[0] == RULE and d[4] and d[2].startswith("702.") for ch in d[5] or ""}


def positions(reading: Reading, also: set[str]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """Where each English word and each Chinese character a query can hold (or `also`) stands in a
    document: ({word: [places among its words]}, {character: [UTF-16 offsets in its Chinese]})."""
    en: dict[str, list[int]] = {}
    for place, word in enumerate(reading.words):
        en.setdefault(word, []).append(place)
    zh: dict[str, list[int]] = {}
    offset = 0
    for ch in reading.zh:
        if QUERY_CHARACTER.match(ch) or ch in also:
            zh.setdefault(ch, []).append(offset)
        offset += 2 if ord(ch) > 0xFFFF else 1
    return en, zh


def vocabulary(readings: list[Reading]) -> dict[str, int]:
    """cr-search.js buildIndex's vocabulary: each compared word's number of documents."""
    count: dict[str, int] = {}
    for r in readings:
        for w in set(r.words):
            count[w] = count.get(w, 0) + 1
    return dict(sorted(count.items()))
