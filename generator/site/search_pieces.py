"""The search data in pieces, so that a query fetches only what its words touch.

  assets/data/search.js                 CR.searchBase(base): what every query needs, fetched when a
                                        reader opens the search: each document's number, address,
                                        titles, length and flags (search_index.py), the ranking's
                                        statistics (the English words and how many documents hold
                                        each, for corrections and BM25), the Chinese words a query
                                        is cut into, the readers' words, and where every other piece is
  assets/data/search/en-<hash>.js       CR.searchPiece(name, {"en": {word: postings}}): where each
                                        English word of a run of words (sorted) stands in each
                                        document that holds it
  assets/data/search/zh-<hash>.js       the same for the Chinese characters a query can hold
  assets/data/search/text-<hash>.js     CR.searchPiece(name, {"texts": [[document, English, Chinese]]}):
                                        the texts of a run of documents, for the results shown

Postings are one string: for each document that holds the key, the document's number (the
difference from the one before), then where the key stands in it (each the difference from the
one before), all in base 36: "4.0.7,1f.3" is document 4, places 0 and 7, then document 49, place 3.
English places count words; Chinese ones count UTF-16 code units of the document's Chinese (its
title, a line, its text), as JavaScript counts them. An older edition's document whose words are
today's (folded, search_data.py) is given once, as today's: the base says whose words it has.

A piece's name is the start of the SHA-256 of what it holds, so a new edition's pieces never meet
an old one's in a cache, and what did not change keeps its name (and its stored copy). The sizes
are what docs/search.md's measurements chose: pieces of about 16,000 characters of postings (some
6 kB compressed; a key larger than that is a piece of its own), texts in runs of about 12,000:
smaller pieces fetched a question's first results 0.17 s sooner on the phone but made the app
store 3.06 MB, over its 3 MB.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Protocol

from ..safe import script_call, script_json
from .search_index import FOLDED, TERM, Reading, indexed_characters, positions, vocabulary

BASE = "assets/data/search.js"
FOLDER = "assets/data/search"
POSTINGS_SIZE = 16000  # characters of postings a piece holds, about; a larger key is a piece alone
TEXTS_SIZE = 12000  # characters of texts a piece holds, about
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class Documents(Protocol):
    """What the search's documents give (search_data.SearchDocs)."""
    editions: list[str]
    docs: list[list]
    words: list[str]
    synonyms: list
    today: dict[int, int]  # each folded document -> today's it repeats
    untranslated: int  # today's rules with no Chinese yet
    moved: dict[int, int]  # each older rule today's has under another number in other words -> that rule


def base36(n: int) -> str:
    out = ""
    while True:
        n, digit = divmod(n, 36)
        out = DIGITS[digit] + out
        if not n:
            return out


def encode(postings: list[tuple[int, list[int]]]) -> str:
    """Postings as one string: document and places, each the difference from the one before."""
    out, before = [], 0
    for doc, places in postings:
        steps, at = [], 0
        for place in places:
            steps.append(base36(place - at))
            at = place
        out.append(base36(doc - before) + "." + ".".join(steps))
        before = doc
    return ",".join(out)


def piece_name(kind: str, data) -> str:
    return f"{kind}-{hashlib.sha256(script_json(data).encode('utf-8')).hexdigest()[:12]}"


def same_words(docs: list[list], today: dict[int, int]) -> dict[int, int]:
    """Each folded document (index) -> today's document (index) whose words it has: the same English
    and, where it has Chinese, the same Chinese."""
    same = {}
    for older, now in today.items():
        a, b = docs[older], docs[now]
        if (a[4], a[6]) == (b[4], b[6]) and ((a[5], a[7]) == (b[5], b[7]) or a[5] is None and a[7] is None):
            same[older] = now
    return same


def packed(items: list[tuple[str, str]], size: int) -> list[list[tuple[str, str]]]:
    """(key, value) pairs, in order, in runs of about `size` characters of values."""
    runs, run, held = [], [], 0
    for key, value in items:
        if run and held + len(value) > size:
            runs.append(run)
            run, held = [], 0
        run.append((key, value))
        held += len(value)
    if run:
        runs.append(run)
    return runs


def pieces(found: Documents, readings: list[Reading], written: list[str], pages: list[str],
           addresses: list[tuple[int, str]]) -> dict[str, str]:
    """Every file of the search data: path -> script. `written`: every English word as written
    (search_index.written_words); `pages` and `addresses` give each document's address as (page, anchor)."""
    docs = found.docs
    same = same_words(docs, found.today)
    en: dict[str, list] = {}
    zh: dict[str, list] = {}
    also = indexed_characters(docs)
    for i, reading in enumerate(readings):
        if i in same:
            continue
        at_en, at_zh = positions(reading, also)
        for key, places in at_en.items():
            en.setdefault(key, []).append((i, places))
        for key, places in at_zh.items():
            zh.setdefault(key, []).append((i, places))
    files: dict[str, str] = {}
    ranges: dict[str, list] = {}
    for lang, index in (("en", en), ("zh", zh)):
        ranges[lang] = []
        for run in packed([(key, encode(index[key])) for key in sorted(index)], POSTINGS_SIZE):
            data = {lang: dict(run)}
            name = piece_name(lang, data)
            files[f"{FOLDER}/{name}.js"] = script_call("searchPiece", name, data)
            ranges[lang].append([run[0][0], name])
    texts = [(i, [i, d[6], d[7]]) for i, d in enumerate(docs) if i not in same and (d[6] or d[7])]
    ranges["texts"] = []
    for run in packed([(i, script_json(row)) for i, row in texts], TEXTS_SIZE):
        data = {"texts": [json.loads(row) for _, row in run]}
        name = piece_name("text", data)
        files[f"{FOLDER}/{name}.js"] = script_call("searchPiece", name, data)
        ranges["texts"].append([run[0][0], name])
    counts = vocabulary(readings)
    folded = [i for i, r in enumerate(readings) if r.flags & FOLDED]
    base = {"editions": found.editions, "pages": pages,
            "docs": {"kinds": "".join(str(d[0]) for d in docs), "pages": [page for page, _ in addresses],
                     "numbers": front_coded([d[2] for d in docs]), "editions": [d[3] for d in docs],
                     "en": [d[4] for d in docs], "zh": [d[5] for d in docs],
                     "lengths": [r.length for r in readings], "flags": [r.flags for r in readings],
                     "anchors": {str(i): anchor for i, (d, (_, anchor)) in enumerate(zip(docs, addresses))
                                 if anchor != usual_anchor(d)},
                     "same": _steps([same.get(i) for i in folded]),
                     "moved": {str(i): now for i, now in sorted(found.moved.items())},
                     "variants": {str(i): r.variants for i, r in enumerate(readings) if r.variants}},
            "words": found.words, "synonyms": found.synonyms, "pieces": ranges, "untranslated": found.untranslated,
            # every English word as written (sorted), and each compared word's number of documents, in
            # the order of those words sorted, which the browser makes from the written ones
            "written": written, "counts": [counts[w] for w in sorted(counts)]}
    files[BASE] = script_call("searchBase", base)
    return files


def usual_anchor(doc: list) -> str:
    """The anchor the browser gives a document unless the base says otherwise (cr-search-pieces.js
    anchor): a rule's or section's number (cr702-19c), a glossary entry's English name (g-trample)."""
    if doc[0] == TERM:
        return "g-" + re.sub("^-|-$", "", re.sub("[^a-z0-9]+", "-", (doc[4] or "").lower()))
    return "cr" + doc[2].replace(".", "-")


def front_coded(numbers: list[str]) -> str:
    """Rule numbers as one string: each as how many characters of the one before it drops (one
    digit) and what it adds, a space between: "100 0.1 0a 1b 22" is 100, 100.1, 100.1a, 100.1b, 100.2."""
    out, before = [], ""
    for number in numbers:
        same = 0
        while same < min(len(number), len(before)) and number[same] == before[same]:
            same += 1
        if len(before) - same > 9 or " " in number:
            raise ValueError(f"not a rule number: {number!r}")
        out.append(f"{len(before) - same}{number[same:]}")
        before = number
    return " ".join(out)


def _steps(values: list[int | None]) -> list[int | None]:
    """Increasing numbers as the difference from the one before (None stays None): mostly 1."""
    out, before = [], 0
    for value in values:
        out.append(None if value is None else value - before)
        before = value if value is not None else before
    return out
