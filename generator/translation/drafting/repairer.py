"""A changed sentence's draft: the older Chinese with the English edits carried over, edit by edit
(the word diff of the two English texts), each where its Chinese stands."""
from __future__ import annotations

import functools
import re
from difflib import SequenceMatcher
from typing import NamedTuple

from .lexicon import Lexicon
from .phrase_table import CHINESE_TOKEN
from .translator import Translator
from .words import (HAN, MARK_CLOSE, MARK_OPEN, MOST, NUMBER, QUIET, STOPS, Draft, content_words, spans, stem,
                    tokens)


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
    pieced: bool = False  # its Chinese translated phrase by phrase, in an order no translator chose


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

    def translate(self, words: list[str]) -> tuple[str, bool] | None:
        """The Chinese of new English words, and whether it was translated phrase by phrase: a
        number as it is, a known phrase, a clause every word of which is known; else None."""
        if not words:
            return "", False
        if len(words) == 1 and NUMBER.match(words[0]):
            return words[0], False
        found = self.lexicon.chinese(words)
        if found:
            return found[0], False
        if len(content_words(words)) > 1:  # a clause: translated phrase by phrase where every word of it is known
            translated = self.translator.piece(words, whole=False)
            return (translated.text, True) if not translated.kept and HAN.search(translated.text) else None
        return None

    def repair(self, was: str, zh: str, en: str) -> Draft:
        """The older Chinese of `was` with the edits that made `en` carried over."""
        old, new, where_new = tokens(was), tokens(en), spans(en)
        edits: list[_Edit] = []
        repaired, kept, tail, pieced = [], [], [], []
        lost = 0  # English removed or replaced whose Chinese was not found (it is still there)
        covered = len(content_words(new))
        ops = SequenceMatcher(None, [stem(w) for w in old], [stem(w) for w in new], autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in ops:
            if tag == "equal":
                continue
            gone, came = old[i1:i2], new[j1:j2]
            english = en[where_new[j1][0]:where_new[j2 - 1][1]] if came else ""
            label = f"{' '.join(gone)} → {english}".strip()
            if not content_words(gone) and not content_words(came):  # articles and punctuation: the Chinese stays
                repaired.append(label)
                continue
            edit, done = self._edit(old, _Change(i1, i2, came, english), zh, edits)
            if edit is not None:
                edits.append(edit)
            if done:
                repaired.append(label)
                if edit is not None and edit.pieced:
                    pieced.append(english.strip(" ,"))
                continue
            covered -= len(content_words(came))
            if edit is not None:
                kept.append(english.strip(" ,"))
            elif came:
                tail.append(f"{MARK_OPEN}{english.strip(' ,')}{MARK_CLOSE}")
                kept.append(english.strip(" ,"))
                lost += bool(content_words(gone))
            else:
                tail.append(f"{MARK_OPEN}− {' '.join(gone)}{MARK_CLOSE}")
                kept.append("− " + " ".join(gone))
                lost += 1
        text = _apply(zh, edits)
        if tail:
            body = text.rstrip(STOPS + "”")
            text = body + "".join(tail) + text[len(body):]
        quality = round(MOST * max(0, covered) / max(1, len(content_words(new))))
        return Draft(text, quality, tuple(repaired), tuple(kept), lost=lost, placed=len(edits), pieced=tuple(pieced))

    def _edit(self, old, change: _Change, zh, taken) -> tuple[_Edit | None, bool]:
        """The edit of the Chinese for the change and whether it is a repair (its new Chinese
        known); an edit that shows the new English in brackets where it goes is none."""
        i1, i2, came, english = change
        gone = old[i1:i2]
        spots = [(e.start, e.end) for e in taken]
        if not content_words(gone):  # words added (or function words replaced by them)
            return self._insert(old, i2 if gone else i1, change, zh, spots)
        while old[i1] not in content_words(old[i1:i1 + 1]):  # the words removed, without articles around them
            i1 += 1
        while old[i2 - 1] not in content_words(old[i2 - 1:i2]):
            i2 -= 1
        gone = old[i1:i2]
        if not content_words(came):  # content replaced by function words (an untapped → a): dropped
            came = []
        elif len(content_words(came)) < len(came) and len(content_words(gone)) == len(gone):
            came = content_words(came)
        where = self.locate(old, i1, i2, zh, spots)
        found = self.translate(came)
        if where is None:
            # the English around the edit, found together: “transforming double-faced” → 转化式双面
            for left, right in ((0, 1), (1, 0), (1, 1)):
                if i1 - left < 0 or i2 + right > len(old):
                    continue
                where = self.locate(old, i1 - left, i2 + right, zh, spots)
                if where is not None:
                    found = self.translate(old[i1 - left:i1] + came + old[i2:i2 + right])
                    break
        chinese, pieced = found or (None, False)
        if where is None or chinese is None and len(content_words(gone)) > 3:  # a long span found in part: not shown as
            return None, False  # replaced (its Chinese may be longer)
        start, end = where
        if chinese is None:
            return _Edit(start, end, f"{MARK_OPEN}{english}{MARK_CLOSE}"), False
        if not came:  # a word dropped: its modifier mark (未横置的生物 -> 生物), a list's separator
            if zh[end:end + 1] in ("的", "、"):
                end += 1
            elif zh[start - 1:start] == "、":
                start -= 1
        return _Edit(start, end, chinese, pieced), True

    def _insert(self, old, i, change: _Change, zh, spots) -> tuple[_Edit | None, bool]:
        """New English between old[i-1] and old[i]: placed beside the Chinese of a neighbour."""
        came, english = change.came, change.english
        if came[0] == "," or came[-1] == ",":  # items added to a list, where the English puts them
            items = [[w for w in item if w not in ("and", "or")] for item in _split(came, ",")]
            found = [self.translate(item) for item in items if item]
            chinese = None if None in found else "、".join(zh_item for zh_item, _ in found)
            pieced = any(item[1] for item in found if item)
            shown = chinese if chinese is not None else "、".join(
                zh_item[0] if zh_item is not None else self._named(item, " ".join(item))
                for item, zh_item in zip([item for item in items if item], found))
            slot = _list_slot(old, i, zh, after=came[0] == ",")
            if slot is not None:
                return _Edit(slot, slot, "、" + shown, pieced), chinese is not None
            following = next((k for k in range(i, len(old)) if old[k][:1].isalnum()), None)
            before = self._neighbour(old, following, zh, spots, after=True) if following is not None else None
            after = self._neighbour(old, i, zh, spots, after=False)
            if came[0] == "," and after or not before:  # “, X” after the item before; “X,” before the next
                return (_Edit(after[1], after[1], "、" + shown, pieced), chinese is not None) if after else (None, False)
            return _Edit(before[0], before[0], shown + "、", pieced), chinese is not None
        chinese, pieced = self.translate(content_words(came) if not content_words(came) == came else came) or (None, False)
        shown = chinese if chinese is not None else f"{MARK_OPEN}{english}{MARK_CLOSE}"
        if all(not w[:1].isalnum() for w in old[i:]):  # at the end of the sentence
            body = zh.rstrip(STOPS + "”")
            return _Edit(len(body), len(body), shown, pieced), chinese is not None
        where = self._neighbour(old, i, zh, spots, after=True)  # a modifier goes before what it modifies
        return (_Edit(where[0], where[0], shown, pieced), chinese is not None) if where else (None, False)

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
