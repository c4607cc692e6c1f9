"""A sentence translated phrase by phrase, as the memory's word alignment renders its phrases."""
from __future__ import annotations

import math
import re

from ..renderings import STOP as FUNCTION
from .chinese_model import ChineseModel
from .decoder import UNKNOWN_TOKEN, Option, decode
from .lexicon import Lexicon
from .phrase_table import LONGEST as PHRASE_WORDS, PhraseTable, chinese_tokens, english_key
from .words import (GLOSS, MARK_CLOSE, MARK_OPEN, MOST, NUMBER, PUNCTUATION, UNKNOWN_CLOSE, UNKNOWN_OPEN, Draft,
                    content_words, holds_name, listed_forms, phrase_key, tokens)

SILENT = 0.5  # the share of a word's occurrences linked to no Chinese before a draft may leave it out


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
        quality = round(MOST * found.covered / max(1, len(content_words(words))))
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
                span, covered = words[i:i + size], len(content_words(words[i:i + size]))
                forms = listed_forms(phrase_key(span))
                named = [self.lexicon.names[form] for form in forms if form in self.lexicon.names][:1]
                fixed = named or (self.lexicon.named(span) if holds_name(words, i, size, whole) else
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
