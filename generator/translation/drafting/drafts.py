"""Drafts for the sentences the translators must write: the older Chinese of a changed sentence
with the English edit carried over, and a new sentence from its closest parallel in the memory.

A changed sentence: the word diff of the English it translated and today's English, edit by edit.
The Chinese of the English an edit removed or replaced is found in the older Chinese (the
translation's own renderings of the phrase, the termbase, the cited number itself, the items of a
list in order), and replaced by the Chinese of the new English: the same sources, and composition
the translation uses (non-X is 非X). An edit of function words alone (“as long as” to “for as long
as”) leaves the Chinese as it is. Where the Chinese of an edit cannot be found or made, the draft
shows its English in brackets where it goes, `[…]`, or at the end of the sentence where that
place is not known, `[− …]` for English removed whose Chinese it could not find: never a guess
dressed as a translation.

A new sentence: the memory's Chinese of the same English; else the sentence of the memory whose
English is most alike (a keyword rule's parallel: the same English but for the keyword, a name or a
number), repaired as a changed sentence is, where it covers as much of the English as translating
the sentence phrase by phrase does; else that translation (Translator: the phrase pairs of the
memory's word alignment, joined in the order that reads most like its Chinese), the English it has
no rendering for in brackets where it stands.
A keyword with no Chinese yet (a new rule's) stays English, in brackets, everywhere the same, until
the translators name it (in a release, or in their term list before one).

A draft is offered (`offered`) only where it gives translators more than the work list has: a
changed sentence's where an edit found its place, a new sentence's where some of it is covered.

Each draft says how much of its English it covers (`quality`: the share of today's English words
whose Chinese it has, at most 99, since a draft is never an exact match).
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from difflib import SequenceMatcher
from typing import Iterable, NamedTuple

from ...cache import kept_for
from ..renderings import STOP as FUNCTION, Renderings, Unit
from .chinese_model import ChineseModel
from .dictionary import chinese_name
from .decoder import UNKNOWN_TOKEN, Option, decode
from .phrase_table import CHINESE_TOKEN, LONGEST as PHRASE_WORDS, PhraseTable, chinese_tokens, english_key

TOKEN = re.compile(r"\d+(?:\.\d+[a-z]?)?(?:[–-]\d*[a-z]?)?|\{[^}]*\}|[A-Za-z]+(?:['’-][A-Za-z]+)*|\S")
NUMBER = re.compile(r"\d+(?:\.\d+[a-z]?)?(?:[–-]\d*[a-z]?)?$")
HAN = re.compile(r"[\u4e00-\u9fff]")
# English words whose edits need no change of the Chinese (articles, “for as long as”)
QUIET = frozenset("a an the for of that which this these those its their is are was were be been being one single".split())
MARK_OPEN, MARK_CLOSE = "[", "]"
GLOSS = re.compile(r"\[[^\]]*\]$")  # the English in brackets after a name's lead: 水豚[Capybara]
UNKNOWN_OPEN, UNKNOWN_CLOSE = "\x01", "\x02"  # an untranslated word's brackets while a sentence is translated
MOST = 99  # a draft's quality at best: it is never an exact match
ALIKE = 0.6  # word similarity of a memory sentence to a new one before it is its parallel
STOPS = "。！？"
ENOUGH = 50  # the quality a new sentence's draft from a parallel must have
SHARE = 0.3  # of a phrase's sentence pairs that must have its rendering
PIECED = 50  # the share of a sentence's English words a draft translated phrase by phrase must cover
SILENT = 0.5  # the share of a word's occurrences linked to no Chinese before a draft may leave it out
PUNCTUATION = {",": "，", ".": "。", ";": "；", ":": "：", "(": "（", ")": "）", "?": "？", "!": "！"}


class Draft(NamedTuple):
    """A sentence's draft: its Chinese, the share of its English covered (0-99), and what was done."""
    text: str
    quality: int
    repaired: tuple[str, ...] = ()  # the edits carried over, as "old → new" (English)
    kept: tuple[str, ...] = ()  # the English shown in brackets
    source: str | None = None  # the memory's English it was made from (a new sentence's parallel)
    lost: int = 0  # English removed or replaced whose Chinese it did not find (so still holds)
    placed: int = 0  # edits of the English carried over in their place (their Chinese, or their English in brackets)


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def spans(text: str) -> list[tuple[int, int]]:
    """Where each token of `text` starts and ends."""
    return [m.span() for m in TOKEN.finditer(text)]


def stem(word: str) -> str:
    """A word for the diff: an inflection (counters, creates) changes no Chinese."""
    word = word.lower().replace("’", "'")
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "'s")):
        return word[:-1]
    return word


def bases(word: str) -> list[str]:
    """A word and the forms it may be listed under (cloaked: cloak; untapping: untap)."""
    found = [word]
    for ending, back in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""),
                         ("ing", "e")):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            found.append(word[:len(word) - len(ending)] + back)
    if len(found[-1]) > 3 and found[-1][-1] == found[-1][-2]:  # tapped: tap
        found.append(found[-1][:-1])
    return list(dict.fromkeys(found))


def _key(words: Iterable[str]) -> str:
    return " ".join(w.lower().replace("’", "'") for w in words)


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w[:1].isalnum() and w.lower() not in QUIET]


class Lexicon:
    """What the translation says for English phrases: the termbase's names, its own renderings
    (renderings.py: the Chinese whose sentence pairs best coincide with the phrase's), and its
    keywords' names (a keyword with no Chinese yet as its English, in brackets)."""

    def __init__(self, pairs: list[tuple[str, str]], terms: dict[str, str]):
        self.pairs = pairs
        self.renderings = Renderings([Unit(str(i), en, zh) for i, (en, zh) in enumerate(pairs)])
        self.lower = [" " + _key(tokens(en)) + " " for en, _ in pairs]
        self.terms = {_key(tokens(en)): zh for en, zh in terms.items() if en and zh}
        self.names: dict[str, str] = {}  # a new keyword's English forms -> its bracketed name
        self._seen: dict[str, list[str]] = {}
        self._pairs: dict[str, list[int]] = {}
        self._with: dict[str, list[int]] = defaultdict(list)  # a word (as _key writes it) -> the pairs that have it
        for i, (en, _) in enumerate(pairs):
            for word in sorted({_key([w]) for w in tokens(en)}):
                self._with[word].append(i)

    def name(self, keyword: str) -> None:
        """A keyword with no Chinese in the release: each of its forms is written as its name in
        brackets, unless the termbase has its name (the translators' term list)."""
        if _key(tokens(keyword)) in self.terms:
            return
        self.names[keyword.lower()] = f"{MARK_OPEN}{keyword}{MARK_CLOSE}"
        self._seen.clear()

    def chinese(self, words: list[str]) -> list[str]:
        """The Chinese the translation has for these English words, the likeliest first."""
        key = _key(words)
        if key not in self._seen:
            self._seen[key] = list(dict.fromkeys(self._chinese(key)))
        return self._seen[key]

    def named(self, words: list[str]) -> list[str]:
        """The Chinese of a name: the termbase's, or a new keyword's in brackets (a name is no
        phrase the renderings learn: Case, the enchantment type, is not “in that case”), else the
        dictionary's lead with the name in brackets, as the translation writes a name it has no
        official Chinese for (水豚[Capybara])."""
        forms = _forms(_key(words))
        found = [table[form] for table in (self.names, self.terms) for form in forms if form in table][:1]
        lead = None if found else chinese_name(" ".join(words), self.sentences_with)
        return found or ([f"{lead}{MARK_OPEN}{' '.join(words)}{MARK_CLOSE}"] if lead else [])

    @functools.cached_property
    def sentences_with(self) -> Counter:
        """How many of the memory's sentences write each character."""
        return Counter(char for _, zh in self.pairs for char in set(zh))

    def _chinese(self, key: str) -> Iterable[str]:
        forms = _forms(key)
        for form in forms:
            if form in self.names:
                yield self.names[form]
        for form in forms:
            if form in self.terms:
                yield self.terms[form]
        for form in forms[:3]:
            usual = self._usual(form)
            if usual:
                yield usual
        if " " not in key and key.startswith("non") and len(key) > 5:  # nontoken: 非衍生物
            yield from ("非" + zh for zh in self.chinese([key[3:].lstrip("-")]) if HAN.match(zh))

    def _usual(self, phrase: str) -> str | None:
        """The Chinese (two to six characters) whose sentence pairs best coincide with the
        phrase's (Dice), in a third of them at least, two at least: the translation's usual
        rendering, where it has more than one (一个或更多, 一个或多个) the commonest."""
        found = self._pairs.get(phrase)
        if found is None:
            needle, words = f" {phrase} ", phrase.split(" ")
            rarest = min((self._with.get(word, []) for word in words), key=len)  # the pairs that may have it
            found = self._pairs[phrase] = [i for i in rarest if needle in self.lower[i]]
        if len(found) < 2:
            return None
        strings = self.renderings.unit_strings
        counts = Counter(string for i in found[:200] for string in strings[i])
        seen, least = min(len(found), 200), max(2, SHARE * min(len(found), 200))
        best, best_score = None, 0.0
        for string, count in sorted(counts.items()):
            if count < least:
                continue
            score = 2 * count / (seen + self.renderings.pairs_with[string] * seen / len(found))
            if score > best_score + 1e-9 or (abs(score - best_score) <= 1e-9 and best and len(string) > len(best)):
                best, best_score = string, score
        while best is not None:  # a rendering cut short (一个或 of 一个或更多): its commonest longer form
            longer = [(count, string) for string, count in counts.items() if len(string) == len(best) + 1
                      and best in string and count >= 0.6 * counts[best]]
            if not longer:
                break
            best = max(longer)[1]
        return best


def _forms(key: str) -> list[str]:
    """A phrase and the forms it may be listed under (its last word's bases)."""
    head, _, last = key.rpartition(" ")
    return [f"{head} {base}".strip() for base in bases(last)]


def _names_in(words: list[str], start: int, size: int, whole: bool = True) -> bool:
    """Whether words[start:start + size] hold a name: a capitalised word that does not start the
    sentence (where `words` are one), a quotation or a parenthesis."""
    return any(word[:1].isupper() and (not whole if at == 0 else words[at - 1] not in (".", "“", "\"", "(", "—", ":"))
               for at, word in enumerate(words[start:start + size], start))


def _occurrence(words: list[str], start: int, span: list[str]) -> int:
    """How many times the span occurs in `words` before `start` (which of its occurrences it is)."""
    n, lower = len(span), [w.lower() for w in span]
    return sum(1 for i in range(start) if [w.lower() for w in words[i:i + n]] == lower)


class _Change(NamedTuple):
    """An edit of the English: old[i1:i2] became `came` (today's `english`)."""
    i1: int
    i2: int
    came: list
    english: str


class _Edit(NamedTuple):
    start: int
    end: int
    text: str


class Repairer:
    """Carries English edits over to the Chinese that translated the English before them."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self.translator = Translator(lexicon)

    def aligned(self, words: list[str], start: int, end: int, zh: str) -> tuple[int, int] | None:
        """Where in zh the word alignment puts the Chinese of words[start:end] (the memory's pair
        of words and zh), or None."""
        table = self.translator.table
        n = table.pair(words, zh)
        run = table.rendering_of(n, start, end) if n is not None else None
        if run is None:
            return None
        places = [m.span() for m in CHINESE_TOKEN.finditer(zh)]
        return places[run[0]][0], places[run[1] - 1][1]

    def locate(self, words: list[str], start: int, end: int, zh: str, taken=()) -> tuple[int, int] | None:
        """Where in zh the Chinese of words[start:end] is (outside the places `taken`), or None:
        the lexicon's Chinese of the words, where it stands more than once the place the word
        alignment of this very pair (the memory's) puts them at. The alignment alone does not
        place an edit: it links a word to part of its Chinese as often as to all of it (control:
        控 of 控制), and a part replaced garbles the sentence."""
        span = words[start:end]
        nth = _occurrence(words, start, span)
        found = [span[0]] if len(span) == 1 and NUMBER.match(span[0]) else self.lexicon.chinese(span)
        aligned = functools.cache(lambda: self.aligned(words, start, end, zh))

        def free(a: int, b: int) -> bool:
            return not any(a < taken_end and taken_start < b for taken_start, taken_end in taken)
        for chinese in found:
            places = [m.start() for m in re.finditer(re.escape(chinese), zh)]
            unused = [p for p in places if free(p, p + len(chinese))]
            if not unused:
                continue
            if len(unused) > 1 and aligned():
                near = [p for p in unused if p < aligned()[1] and aligned()[0] < p + len(chinese)]
                if len(near) == 1:
                    return near[0], near[0] + len(chinese)
            if len(places) > nth and places[nth] in unused:
                return places[nth], places[nth] + len(chinese)
            if len(unused) == 1 or len(places) == _count(words, span):
                return unused[0], unused[0] + len(chinese)
        return None

    def translate(self, words: list[str]) -> str | None:
        """The Chinese of new English words: a number as it is, a known phrase, else None."""
        if not words:
            return ""
        if len(words) == 1 and NUMBER.match(words[0]):
            return words[0]
        found = self.lexicon.chinese(words)
        if found:
            return found[0]
        if len(_content(words)) > 1:  # a clause: translated phrase by phrase where every word of it is known
            translated = self.translator.piece(words, whole=False)
            return translated.text if not translated.kept and HAN.search(translated.text) else None
        return None

    def repair(self, was: str, zh: str, en: str) -> Draft:
        """The older Chinese of `was` with the edits that made `en` carried over."""
        old, new, where_new = tokens(was), tokens(en), spans(en)
        edits: list[_Edit] = []
        repaired, kept, tail = [], [], []
        lost = 0  # English removed or replaced whose Chinese was not found (it is still there)
        covered = len(_content(new))
        ops = SequenceMatcher(None, [stem(w) for w in old], [stem(w) for w in new], autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in ops:
            if tag == "equal":
                continue
            gone, came = old[i1:i2], new[j1:j2]
            english = en[where_new[j1][0]:where_new[j2 - 1][1]] if came else ""
            label = f"{' '.join(gone)} → {english}".strip()
            if not _content(gone) and not _content(came):  # articles and punctuation: the Chinese stays
                repaired.append(label)
                continue
            edit, done = self._edit(old, _Change(i1, i2, came, english), zh, edits)
            if edit is not None:
                edits.append(edit)
            if done:
                repaired.append(label)
                continue
            covered -= len(_content(came))
            if edit is not None:
                kept.append(english.strip(" ,"))
            elif came:
                tail.append(f"{MARK_OPEN}{english.strip(' ,')}{MARK_CLOSE}")
                kept.append(english.strip(" ,"))
                lost += bool(_content(gone))
            else:
                tail.append(f"{MARK_OPEN}− {' '.join(gone)}{MARK_CLOSE}")
                kept.append("− " + " ".join(gone))
                lost += 1
        text = _apply(zh, edits)
        if tail:
            body = text.rstrip(STOPS + "”")
            text = body + "".join(tail) + text[len(body):]
        quality = round(MOST * max(0, covered) / max(1, len(_content(new))))
        return Draft(text, quality, tuple(repaired), tuple(kept), lost=lost, placed=len(edits))

    def _edit(self, old, change: _Change, zh, taken) -> tuple[_Edit | None, bool]:
        """The edit of the Chinese for the change and whether it is a repair (its new Chinese
        known); an edit that shows the new English in brackets where it goes is none."""
        i1, i2, came, english = change
        gone = old[i1:i2]
        spots = [(e.start, e.end) for e in taken]
        if not _content(gone):  # words added (or function words replaced by them)
            return self._insert(old, i2 if gone else i1, change, zh, spots)
        while old[i1] not in _content(old[i1:i1 + 1]):  # the words removed, without articles around them
            i1 += 1
        while old[i2 - 1] not in _content(old[i2 - 1:i2]):
            i2 -= 1
        gone = old[i1:i2]
        if not _content(came):  # content replaced by function words (an untapped → a): dropped
            came = []
        elif len(_content(came)) < len(came) and len(_content(gone)) == len(gone):
            came = _content(came)
        where = self.locate(old, i1, i2, zh, spots)
        chinese = self.translate(came)
        if where is None:
            # the English around the edit, found together: “transforming double-faced” → 转化式双面
            for left, right in ((0, 1), (1, 0), (1, 1)):
                if i1 - left < 0 or i2 + right > len(old):
                    continue
                where = self.locate(old, i1 - left, i2 + right, zh, spots)
                if where is not None:
                    chinese = self.translate(old[i1 - left:i1] + came + old[i2:i2 + right])
                    break
        if where is None or chinese is None and len(_content(gone)) > 3:  # a long span found in part: not shown as
            return None, False  # replaced (its Chinese may be longer)
        start, end = where
        if chinese is None:
            return _Edit(start, end, f"{MARK_OPEN}{english}{MARK_CLOSE}"), False
        if not came:  # a word dropped: its modifier mark (未横置的生物 -> 生物), a list's separator
            if zh[end:end + 1] in ("的", "、"):
                end += 1
            elif zh[start - 1:start] == "、":
                start -= 1
        return _Edit(start, end, chinese), True

    def _insert(self, old, i, change: _Change, zh, spots) -> tuple[_Edit | None, bool]:
        """New English between old[i-1] and old[i]: placed beside the Chinese of a neighbour."""
        came, english = change.came, change.english
        if came[0] == "," or came[-1] == ",":  # items added to a list, where the English puts them
            items = [[w for w in item if w not in ("and", "or")] for item in _split(came, ",")]
            found = [self.translate(item) for item in items if item]
            chinese = None if None in found else "、".join(found)
            shown = chinese if chinese is not None else "、".join(
                zh_item if zh_item is not None else self._named(item, " ".join(item))
                for item, zh_item in zip([item for item in items if item], found))
            slot = _list_slot(old, i, zh, after=came[0] == ",")
            if slot is not None:
                return _Edit(slot, slot, "、" + shown), chinese is not None
            following = next((k for k in range(i, len(old)) if old[k][:1].isalnum()), None)
            before = self._neighbour(old, following, zh, spots, after=True) if following is not None else None
            after = self._neighbour(old, i, zh, spots, after=False)
            if came[0] == "," and after or not before:  # “, X” after the item before; “X,” before the next
                return (_Edit(after[1], after[1], "、" + shown), chinese is not None) if after else (None, False)
            return _Edit(before[0], before[0], shown + "、"), chinese is not None
        chinese = self.translate(_content(came) if not _content(came) == came else came)
        shown = chinese if chinese is not None else f"{MARK_OPEN}{english}{MARK_CLOSE}"
        if all(not w[:1].isalnum() for w in old[i:]):  # at the end of the sentence
            body = zh.rstrip(STOPS + "”")
            return _Edit(len(body), len(body), shown), chinese is not None
        where = self._neighbour(old, i, zh, spots, after=True)  # a modifier goes before what it modifies
        return (_Edit(where[0], where[0], shown), chinese is not None) if where else (None, False)

    def _named(self, item: list[str], english: str) -> str:
        """A list item the translation has no Chinese for: its name in brackets, after the
        dictionary's lead where it has one for a name (Capybara: 水豚[Capybara]), and a citation after
        it as the translation writes one (Case (see rule 719): [Case]（参见规则719）)."""
        text = " ".join(item)
        cited = re.fullmatch(r"(.+?) \( see rule (\S+) \)", text)
        name = cited[1] if cited else english
        lead = self.lexicon.named(name.split()) if name[:1].isupper() else []
        shown = lead[0] if lead else f"{MARK_OPEN}{name}{MARK_CLOSE}"
        return f"{shown}（参见规则{cited[2]}）" if cited else shown

    def _neighbour(self, old, i, zh, spots, after: bool) -> tuple[int, int] | None:
        """The Chinese of the words (one to three) just after (or before) position i."""
        for size in (3, 2, 1):
            start, end = (i, i + size) if after else (i - size, i)
            if start < 0 or end > len(old) or not all(w[:1].isalnum() for w in old[start:end]):
                continue
            if old[start].lower() in QUIET:
                continue
            where = self.locate(old, start, end, zh, spots)
            if where:
                return where
        return None


def _outside_brackets(text: str, marks: str, opening: str, closing: str) -> list[int]:
    """Where the marks of `text` are, outside brackets."""
    found, depth = [], 0
    for at, char in enumerate(text):
        depth += (char in opening) - (char in closing)
        if char in marks and depth == 0:
            found.append(at)
    return found


def _list_slot(old: list[str], i: int, zh: str, after: bool) -> int | None:
    """Where the Chinese of an item goes that the English adds at old[i]: “, X” after the item
    old[i] ends (`after`), “X,” before the item old[i] starts. In a list whose items the translation
    keeps in the English order (the type lists), before the Chinese separator (、 or ，) that
    follows as many items, where the Chinese has as many separators as the English has commas."""
    commas = _outside_brackets(" ".join(old), ",", "(", ")")
    separators = _outside_brackets(zh, "、，", "（“", "）”")
    if len(commas) != len(separators) or not commas:
        return None
    items = len(_outside_brackets(" ".join(old[:i]), ",", "(", ")")) - (not after)  # the items before it, less one
    return separators[items] if 0 <= items < len(separators) else None


def _split(words: list[str], mark: str) -> list[list[str]]:
    """The runs of words between the marks."""
    runs = [[]]
    for word in words:
        if word == mark:
            runs.append([])
        else:
            runs[-1].append(word)
    return runs


def _count(words: list[str], span: list[str]) -> int:
    return _occurrence(words, len(words), span)


def _apply(zh: str, edits: list[_Edit]) -> str:
    """zh with the edits made (those that overlap one made: left out)."""
    made: list[_Edit] = []
    for edit in sorted(edits):
        if made and edit.start < made[-1].end:
            continue
        made.append(edit)
    for edit in reversed(made):
        zh = zh[:edit.start] + edit.text + zh[edit.end:]
    return zh


class Parallels:
    """The memory's sentences, found by the English words they share with a new one."""

    def __init__(self, pairs: list[tuple[str, str]]):
        self.pairs = pairs
        self.having: dict[str, list[int]] = defaultdict(list)
        self.words = [[w.lower() for w in tokens(en)] for en, _ in pairs]
        for i, found in enumerate(self.words):
            for word in sorted(set(found)):
                if word[:1].isalpha():
                    self.having[word].append(i)

    def closest(self, en: str, count: int = 3) -> list[tuple[int, float]]:
        """The indexes of the most alike sentences and their similarity (at least ALIKE), best first."""
        words = [w.lower() for w in tokens(en)]
        votes: dict[int, float] = defaultdict(float)
        for word in sorted(set(words)):  # in one order, so that the sums are the same on every run
            if word[:1].isalpha() and word in self.having and len(self.having[word]) < 400:
                for i in self.having[word]:
                    votes[i] += 1 / len(self.having[word])
        scored = [(SequenceMatcher(None, self.words[i], words, autojunk=False).ratio(), i)
                  for i in sorted(votes, key=lambda i: (-votes[i], i))[:40]]
        return [(i, score) for score, i in sorted(scored, key=lambda x: (-x[0], x[1]))[:count] if score >= ALIKE]


class Drafter:
    """Drafts for the sentences of one carried translation (its memory in today's numbers)."""

    def __init__(self, memory: dict[str, str], terms: dict[str, str], unnamed: Iterable[str] = ()):
        """`unnamed`: the keywords with no Chinese yet, written in brackets wherever they stand."""
        self.memory = memory
        self.pairs = sorted(memory.items())
        self.lexicon = Lexicon(self.pairs, terms)
        for keyword in sorted(unnamed):
            self.lexicon.name(keyword)
        self.repairer = Repairer(self.lexicon)
        self.parallels = Parallels(self.pairs)
        self.translator = self.repairer.translator
        self._drafts: dict[tuple, Draft] = {}  # each sentence's, for the next build of the same memory

    def changed(self, was: str, zh: str, en: str) -> Draft:
        """A changed sentence: its older Chinese, repaired."""
        key = (was, zh, en)
        if key not in self._drafts:
            self._drafts[key] = self.repairer.repair(was, zh, en)
        return self._drafts[key]

    def new(self, en: str) -> Draft:
        """A new sentence: the memory's Chinese of the same English, else its closest parallel
        whose every English removed or replaced was found in its Chinese, repaired, where it covers
        as much of the English as the sentence translated phrase by phrase; else that translation,
        where it covers enough; else the English in brackets."""
        if en not in self._drafts:
            self._drafts[en] = self._new(en)
        return self._drafts[en]

    def _new(self, en: str) -> Draft:
        if en in self.memory:
            return Draft(self.memory[en], MOST, source=en)
        best = None
        for index, _ in self.parallels.closest(en):
            was, zh = self.pairs[index]
            draft = self.repairer.repair(was, zh, en)._replace(source=was)
            if draft.lost == 0 and draft.quality >= ENOUGH and (best is None or draft.quality > best.quality):
                best = draft
        composed = self.translator.compose(en)
        if best is not None and best.quality >= composed.quality:
            return best
        return composed if composed.quality >= PIECED else Draft(f"{MARK_OPEN}{en}{MARK_CLOSE}", 0, kept=(en,))


class Translator:
    """A sentence with no parallel translated phrase by phrase as the translation renders its
    phrases (phrase_table.py, from the word alignment of its sentence pairs), the phrases joined in
    the order that reads most like its Chinese (decoder.py, chinese_model.py); names from the
    termbase, a new keyword's in brackets; words it has no rendering for stay English, in brackets,
    where they stand."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self._table: PhraseTable | None = None
        self._model: ChineseModel | None = None

    @property
    def table(self) -> PhraseTable:
        """The phrase pairs (aligned when first asked: most builds draft no new sentence)."""
        if self._table is None:
            self._table = PhraseTable([(tokens(en), zh) for en, zh in self.lexicon.pairs])
        return self._table

    @property
    def model(self) -> ChineseModel:
        if self._model is None:
            texts = [zh for _, zh in self.lexicon.pairs] + sorted(set(self.lexicon.terms.values()))  # the glossary too
            self._model = ChineseModel(chinese_tokens(zh) for zh in texts)
        return self._model

    def compose(self, en: str) -> Draft:
        return self.piece(tokens(en))

    def piece(self, words: list[str], whole: bool = True) -> Draft:
        found = decode(self.options(words, whole), self.model)
        # a run of English words left untranslated is one bracket; a name's or the translation's own
        # bracket ([费用]) beside it stays its own
        text = found.text.replace(UNKNOWN_CLOSE + UNKNOWN_OPEN, " ")
        # a placeholder the English writes in brackets ([materials]) keeps them, not a second pair
        text = re.sub(f"\\[{UNKNOWN_OPEN}([^{UNKNOWN_CLOSE}]*){UNKNOWN_CLOSE}\\]", f"{UNKNOWN_OPEN}\\1{UNKNOWN_CLOSE}", text)
        text = text.replace(UNKNOWN_OPEN, MARK_OPEN).replace(UNKNOWN_CLOSE, MARK_CLOSE)
        names = set(self.lexicon.names.values())
        kept = tuple(english for english in re.findall(r"\[([^\]]*)\]", text)  # not [费用], nor a new keyword's name
                     if re.search("[A-Za-z]", english) and f"{MARK_OPEN}{english}{MARK_CLOSE}" not in names)
        quality = round(MOST * found.covered / max(1, len(_content(words))))
        return Draft(text, min(quality, MOST), kept=kept)

    def options(self, words: list[str], whole: bool = True) -> list[list[Option]]:
        """The renderings of the phrases starting at each word, the likeliest first: a whole
        sentence's, or a clause's (whose first word, if capitalised, is a name)."""
        keyed = english_key(words) if whole else english_key(["-"] + words)[1:]
        found: list[list[Option]] = []
        for i, word in enumerate(words):
            here: dict[tuple, Option] = {}

            def add(option: Option) -> None:
                if (option.end, option.text) not in here or option.score > here[option.end, option.text].score:
                    here[option.end, option.text] = option
            for size in range(1, min(PHRASE_WORDS, len(words) - i) + 1):
                span, covered = words[i:i + size], len(_content(words[i:i + size]))
                forms = _forms(_key(span))
                named = [self.lexicon.names[form] for form in forms if form in self.lexicon.names][:1]
                fixed = named or (self.lexicon.named(span) if _names_in(words, i, size, whole) else
                                  [self.lexicon.terms[form] for form in forms if form in self.lexicon.terms][:1])
                for zh in fixed:  # the model reads a lead's Chinese, not the English in brackets after it (水豚[Capybara])
                    read = (UNKNOWN_TOKEN,) if zh.startswith(MARK_OPEN) else tuple(chinese_tokens(GLOSS.sub("", zh)))
                    add(Option(i + size, zh, read, 0.0, 0, covered))
                renderings = [] if fixed else self.table.renderings(keyed[i:i + size])  # the termbase's name is the name
                order = self.table.orientation(keyed[i:i + size]) if renderings else ()
                for rendering in renderings:
                    add(Option(i + size, rendering.zh, tuple(chinese_tokens(rendering.zh)),
                               rendering.forward + rendering.backward, 0, covered, *order))
            if NUMBER.match(word) or word.startswith("{") or len(word) == 1 and word.isupper():
                add(Option(i + 1, word, tuple(chinese_tokens(word)), 0.0, 0, 0))
            elif not word[:1].isalnum():
                add(Option(i + 1, PUNCTUATION.get(word, word), tuple(chinese_tokens(PUNCTUATION.get(word, word))),
                           -1.0, 0, 0))
            else:
                silent = self.table.silent(keyed[i])
                if silent >= SILENT or word.lower() in FUNCTION:  # left out, as the translation mostly does
                    add(Option(i + 1, "", (), math.log(max(silent, 0.01)), 0, 0))
                add(Option(i + 1, f"{UNKNOWN_OPEN}{word}{UNKNOWN_CLOSE}", (UNKNOWN_TOKEN,), 0.0, 1, 0))
            found.append(sorted(here.values(), key=lambda o: (-o.score, o.end, o.text)))
        return found


def terms_of(translated, settled: Iterable = ()) -> dict[str, str]:
    """English names and their Chinese in the translated edition: its glossary, and the titles of
    its keyword rules (702.19 Trample, 践踏); then the names the translators settled on in their
    term list (`settled`: its TermPairs) for terms no release has translated yet."""
    from ...rules.model import is_title_text
    from ...rules.termbase import chinese_forms
    terms = {}
    for pair in translated.glossary:
        if pair.en is not None and pair.zh is not None:
            terms.setdefault(pair.en.name, chinese_forms(pair.zh.name)[0])
    for rule in translated.rules():
        en, zh = rule.texts.get("en"), rule.texts.get("zh")
        if en is not None and zh is not None and is_title_text(en.text) and len(zh.text) <= 12 \
                and not zh.text.endswith("。"):
            terms[en.text] = zh.text.strip()
    for pair in settled:
        terms.setdefault(pair.en, pair.zh)
    return terms


def keyword_of(rule, rules: dict):
    """The keyword a rule is about (its parent's title, 702.27a's is Buyback) and whether the
    translation has no name for it yet."""
    from ...rules.model import is_title_text
    parent = rules.get(rule.number.parent) if rule.number.parent else rule
    if parent is None or "en" not in parent.texts or not is_title_text(parent.texts["en"].text):
        return None, False
    return parent.texts["en"].text, "zh" not in parent.texts


def translated_edition(edition, editions):
    """The edition whose translation `edition` carries (None where it carries none)."""
    dates = {carried.translates for carried in edition.carried.values()}
    return next((e for e in editions if e.date in dates and e is not edition), None)


def with_drafts(parts, drafts) -> tuple:
    """A rule's parts (each a tuple of Segments, or None) with each segment's draft (edition_drafts)."""
    if not drafts:
        return tuple(parts)
    return tuple(
        part if part is None or index >= len(drafts) or drafts[index] is None else tuple(
            segment if draft is None else segment._replace(draft=draft.text, draft_quality=draft.quality)
            for segment, draft in zip(part, drafts[index]))
        for index, part in enumerate(parts))


def edition_drafts(edition, translated, settled: Iterable = ()) -> dict:
    """Per rule of `edition` that translators must write (stale or untranslated): its parts (text,
    examples), each a tuple with a Draft for each segment that needs one (None for a carried one),
    or None for a part carried whole. `settled`: the translators' term list's pairs."""
    from ...history.sentence_carry import TRANSLATED
    if edition.memory is None or translated is None:
        return {}
    written = _written(edition)
    drafter = _drafter(edition, translated, settled, written)
    return {number: tuple(
        None if part is None else tuple(
            None if s.state == TRANSLATED else
            offered(drafter.changed(s.was, s.zh, s.en), s.zh) if s.zh is not None and s.was is not None else
            offered(drafter.new(s.en))
            for s in part)
        for part in parts) for number, parts in written.items()}


def _written(edition) -> dict:
    """The parts of each rule translators must write: a stale rule's carried ones, a new rule's."""
    written = {}
    for rule in edition.rules():
        carried = edition.carried.get(rule.number)
        parts = carried.parts if carried is not None and carried.stale else edition.suggested.get(rule.number)
        if parts:
            written[rule.number] = parts
    return written


def _drafter(edition, translated, settled, written: dict) -> Drafter:
    """The drafter of the edition's memory: the translated edition's names and those the
    translators settled on in their term list; a keyword of a rule to write that the release has
    not named is unnamed (in brackets where the term list has no name for it either)."""
    rules = {rule.number: rule for rule in edition.rules()}
    terms = terms_of(translated, settled)
    unnamed = {keyword for number in written for keyword, no_name in [keyword_of(rules[number], rules)] if no_name}
    inputs = (tuple(sorted(edition.memory.sentences.items())), tuple(sorted(terms.items())), tuple(sorted(unnamed)))
    kept = kept_for("drafter", inputs)  # `mkdocs serve`: after an edit, only the sentences it touched are drafted
    return kept.get("drafter") or kept.setdefault("drafter", Drafter(edition.memory.sentences, terms, unnamed))


def offered(draft: Draft, older: str | None = None) -> Draft | None:
    """The draft where it gives translators more than they have: a changed sentence's where it
    carried an edit over in its place (else it is the older Chinese, which the work list offers as
    a fuzzy match, with English at its end), a new sentence's where it covers some of the English
    (else it is the English, which the work list shows anyway)."""
    if older is not None:
        return draft if draft.placed and draft.text != older else None
    return draft if draft.quality > 0 else None


def drafts_tmx(pairs: list[tuple[str, str, int]]) -> bytes:
    """The drafts as a TMX 1.4b memory (English, draft, quality as the property x-draft-quality),
    each pair once, in the order given: for a CAT tool that takes suggestions from a memory (the
    OmegaT project keeps it where OmegaT offers its matches with a penalty, never filling a segment
    from them)."""
    from lxml import etree
    from translate.storage import tmx
    store = tmx.tmxfile(sourcelanguage="en", targetlanguage="zh-Hans")
    store.addheader()
    for en, zh, quality in dict.fromkeys(pairs):
        store.addtranslation(en, "en", zh, "zh-Hans")
        prop = etree.Element("prop", type="x-draft-quality")
        prop.text = str(quality)
        store.units[-1].xmlelement.insert(0, prop)
    header = store.document.getroot().find("header")
    header.attrib.pop("creationdate", None)
    header.set("creationtool", "cr-generator")
    header.set("creationtoolversion", "1")
    return bytes(store)


def draft_pairs(parts_by_rule) -> list[tuple[str, str, int]]:
    """(English, draft, quality) of every segment with a draft, rule by rule (parts with_drafts)."""
    return [(s.en, s.draft, s.draft_quality or 0) for parts in parts_by_rule for part in parts if part
            for s in part if s.draft]


def drafted(part) -> str:
    """A part's Chinese as drafted: each segment's draft, else its carried Chinese."""
    return "".join(s.draft or (s.zh if s.draft is None and s.state != "new" else "") or "" for s in part or ())
