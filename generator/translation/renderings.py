"""The translation's own renderings, learnt from its sentence pairs: the recurring English phrases
(word n-grams, glossary terms or not) and the Chinese each is usually rendered as, and the rules
that render one otherwise.

The statistic is co-occurrence, not a trained aligner: a phrase's rendering is the Chinese string
(two to six Han characters) whose sentences best coincide with the phrase's (Dice's coefficient over
the sentence pairs). Measured on the development sets against eflomal's alignments (docs/
editions-and-translation.md), it finds the same renderings for the phrases that recur, and needs
nothing but the pairs.

A phrase rendered otherwise is no slip where its English means something else: a longer phrase
around it (counter target spell, not +1/+1 counter) that is never rendered the usual way explains
it, and so does a second rendering that is itself common (a word's two senses).
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from typing import NamedTuple

WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*|\S")
HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
STOP = frozenset("""a an the of to in on at by for from with as is are be been was were it its this that these those
and or but if then than so not no any each all one two three some such other another which who whom whose
what when where while may can must would could should has have had do does did you your they their them he
she his her we our i my there here onto into upon up out only also more most less many much both either
neither s""".split())
MIN_RULES = 5  # rules whose English has a phrase before its renderings are evidence
USUAL = 0.7  # the share of those rules the usual rendering must hold
SPECIFIC = 0.5  # the share of a rendering's sentence pairs that must have its phrase
COMMON = 0.3
USUAL_CONTEXT = 0.9  # a longer phrase in this share of the usual rendering's pairs is its context  # another rendering in more of the phrase's rules than this share is a sense of its own
MAX_WORDS = 3
LENGTHS = range(2, 7)  # the Han characters of a rendering


class Unit(NamedTuple):
    """One sentence pair: the rule it belongs to, the English and the Chinese."""
    rule: str
    en: str
    zh: str


class Odd(NamedTuple):
    """A rule that renders `phrase` otherwise than the usual `usual`."""
    rule: str
    phrase: str
    usual: str
    usual_rules: int  # rules with the phrase and the usual rendering
    rules: int  # rules with the phrase
    found: str | None  # the rendering this rule has instead, where one is found
    found_rules: int  # rules with the phrase and that rendering


def phrases_of(en: str) -> set[str]:
    """The English phrases of a sentence: one to three words, lower case, neither starting nor ending
    with a function word; a capitalised word inside the sentence (a name) is in none of them."""
    tokens = WORD.findall(en)
    words: list[str | None] = []
    for i, token in enumerate(tokens):
        name = token[:1].isupper() and i > 0 and tokens[i - 1] not in {".", "“", "\"", "(", "—"}
        words.append(None if name or not token[:1].isalpha() else token.lower().replace("’", "'"))
    found = set()
    for start in range(len(words)):
        for size in range(1, MAX_WORDS + 1):
            piece = words[start:start + size]
            if len(piece) < size or None in piece:
                break
            if piece[0] not in STOP and piece[-1] not in STOP:
                found.add(" ".join(piece))
    return found


@functools.lru_cache(maxsize=1 << 16)
def _phrases(en: str) -> frozenset[str]:
    return frozenset(phrases_of(en))


@functools.lru_cache(maxsize=1 << 16)
def _strings_of(zh: str) -> frozenset[str]:
    """Every run of two to six Han characters of a text; kept for the process by the text, as a
    rebuild after an edit reads the same sentences again."""
    return frozenset(run[i:i + n] for run in HAN_RUN.findall(zh) for n in LENGTHS for i in range(len(run) - n + 1))


# (phrase, its pairs) -> (the bounds on the string counts and the longer phrases' pairs within which
# its reading holds, what it found): kept for the process, as a build after an edit (mkdocs serve)
# reads the same document but for a rule or two, and a phrase's reading changes only where its own
# pairs changed, or a count it looked at left the bounds its decisions hold in
_read: dict[tuple, tuple[dict, dict, list, int]] = {}
_last: dict = {"keys": frozenset(), "counts": None, "reading": 0}  # the pairs of the last reading, its counts, its number
KEEP = 100_000


def forget() -> None:
    """Start the next reading afresh (the tests compare a reading after edits with a fresh one)."""
    _read.clear()
    _last.update(keys=frozenset(), counts=None, reading=_last["reading"] + 1)


class Renderings:
    """The phrases of a set of sentence pairs, each with the pairs it is in, and how many pairs each
    Chinese string is in. Sets and counts, not a string-by-pair table: a phrase's pairs are few,
    and whether a string is in one is a lookup in that pair's strings."""

    def __init__(self, units: list[Unit]):
        self.units = units
        self.unit_phrases = [_phrases(unit.en) for unit in units]
        self.unit_strings = [_strings_of(unit.zh) for unit in units]
        self.phrases: dict[str, list[int]] = defaultdict(list)
        for i, found in enumerate(self.unit_phrases):
            for phrase in found:
                self.phrases[phrase].append(i)
        seen = Counter()
        self.keys = []  # each pair as itself, wherever it stands: its rule, its texts, which of equal ones
        for unit in units:
            seen[unit] += 1
            self.keys.append((*unit, seen[unit]))
        now = frozenset(self.keys)
        gone, new = _last["keys"] - now, now - _last["keys"]
        if _last["counts"] is not None and len(gone) + len(new) < len(now) / 4:
            self.pairs_with = Counter(_last["counts"])  # the last reading's, for the pairs new or gone
            for key in gone:
                self.pairs_with.subtract(_strings_of(key[2]))
            for key in new:
                self.pairs_with.update(_strings_of(key[2]))
        else:
            self.pairs_with = Counter()  # string -> the pairs that have it
            for found in self.unit_strings:
                self.pairs_with.update(found)
        # only the counts of these strings and the pairs of these phrases differ from the last reading's
        self.changed = (set().union(*(_strings_of(key[2]) for key in gone | new)),
                        set().union(*(_phrases(key[1]) for key in gone | new)))
        self.last, self.reading = _last["reading"], _last["reading"] + 1
        _last.update(keys=now, counts=self.pairs_with, reading=self.reading)
        self._bounds: dict[str, list] = {}
        self._longer: dict[str, tuple] = {}

    def _note(self, string: str, low: int | None, high: int | None) -> None:
        """The reading holds while the pairs with `string` stay within [low, high] (None: unbounded)."""
        was = self._bounds.setdefault(string, [None, None])
        if low is not None:
            was[0] = low if was[0] is None else max(was[0], low)
        if high is not None:
            was[1] = high if was[1] is None else min(was[1], high)

    def _pairs_of(self, phrase: str) -> list[int]:
        """Another phrase's pairs; the reading holds while they stay the same."""
        pairs = self.phrases.get(phrase, [])
        self._longer[phrase] = tuple(self.keys[i] for i in pairs)
        return pairs

    def _holds(self, bounds: dict, longer: dict, strings, phrases) -> bool:
        """Whether the counts of `strings` and the pairs of `phrases` a reading looked at are still
        within what its decisions hold for."""
        return all((bounds[s][0] is None or self.pairs_with[s] >= bounds[s][0]) and
                   (bounds[s][1] is None or self.pairs_with[s] <= bounds[s][1]) for s in strings) and \
            all(tuple(self.keys[i] for i in self.phrases.get(p, [])) == longer[p] for p in phrases)

    def rules(self, pairs) -> set[str]:
        return {self.units[i].rule for i in pairs}

    def _having(self, pairs, string: str) -> list[int]:
        return [i for i in pairs if string in self.unit_strings[i]]

    def usual(self, phrase: str) -> str | None:
        """The Chinese string whose pairs best coincide with the phrase's (Dice), among those in
        most of its first pairs; None where no string is in USUAL of them, or it is said mostly
        elsewhere."""
        pairs = self.phrases[phrase]
        first = [self.unit_strings[i] for i in pairs[:6]]
        need = max(2, len(first) // 2)
        in_two = set().union(*(a & b for k, a in enumerate(first) for b in first[k + 1:]))
        best, best_score, best_both = None, 0.0, 0
        low, high = USUAL * len(pairs), len(pairs) / SPECIFIC
        for string in sorted(in_two):
            said = self.pairs_with[string]
            if said < low:  # in too few pairs, or too many elsewhere
                self._note(string, None, math.ceil(low) - 1)
                continue
            if said > high:
                self._note(string, math.floor(high) + 1, None)
                continue
            self._note(string, said, said)
            if 2 * min(said, len(pairs)) / (said + len(pairs)) < best_score:
                continue  # unable to beat the best so far
            if sum(string in found for found in first) < need:
                continue
            both = len(self._having(pairs, string))
            if both < USUAL * len(pairs):
                continue
            score = 2 * both / (len(pairs) + said)
            if score > best_score or (score == best_score and best is not None and len(string) > len(best)):
                best, best_score, best_both = string, score, both
        if best is None or best_both < SPECIFIC * self.pairs_with[best]:
            return None
        return best

    def rendered_by(self, wording: str) -> list[str]:
        """The English phrases `wording` renders: those whose pairs best coincide with its pairs
        (Dice), the best first; none where the wording is in no pair or coincides with no phrase."""
        pairs = [i for i, unit in enumerate(self.units) if wording in unit.zh]
        if not pairs:
            return []
        seen = Counter(p for i in pairs for p in self.unit_phrases[i])
        scored = [(2 * count / (len(pairs) + len(self.phrases[phrase])), phrase)
                  for phrase, count in seen.items() if count >= max(1, len(pairs) // 2)]
        scored.sort(key=lambda item: (-item[0], -len(item[1].split()), item[1]))  # the longest of equals
        return [phrase for score, phrase in scored if score >= scored[0][0] * 0.8][:3] if scored else []

    def odd(self) -> list[Odd]:
        """Every rule that renders a recurring phrase otherwise than the rest of the document."""
        if len(_read) > KEEP:
            _read.clear()
        (strings, phrases), last, reading = self.changed, self.last, self.reading
        found = []
        for phrase, pairs in sorted(self.phrases.items()):
            if len(pairs) < MIN_RULES:
                continue
            key = (phrase, tuple(self.keys[i] for i in pairs))
            held = _read.get(key)
            if held is not None and (held[3] == last and self._holds(held[0], held[1], strings & held[0].keys(),
                                                                      phrases & held[1].keys())
                                     or held[3] != last and self._holds(held[0], held[1], held[0], held[1])):
                _read[key] = (*held[:3], reading)
            else:
                self._bounds, self._longer = {}, {}
                _read[key] = held = (self._bounds, self._longer, self._odd_of(phrase, pairs), reading)
            found += held[2]
        return found

    def _odd_of(self, phrase: str, pairs: list[int]) -> list[Odd]:
        """The rules that render this phrase otherwise than the rest of the document."""
        rules = self.rules(pairs)
        if len(rules) < MIN_RULES:
            return []
        usual = self.usual(phrase)
        if usual is None:
            return []
        rendered = self._having(pairs, usual)
        missing = sorted(set(pairs) - set(rendered))
        usual_rules = self.rules(rendered)
        odd_rules = self.rules(missing) - usual_rules  # a rule with the usual rendering in one sentence renders it so
        if not odd_rules or len(odd_rules) > (1 - USUAL) * len(rules):
            return []
        strings_of_rule: dict[str, set[str]] = defaultdict(set)
        for i in missing:
            strings_of_rule[self.units[i].rule] |= self.unit_strings[i]
        missing_rules_with = Counter()  # string -> the rules with the phrase, without the usual rendering, with it
        for found_strings in strings_of_rule.values():
            missing_rules_with.update(found_strings)
        found = []
        for i in missing:
            unit = self.units[i]
            if unit.rule not in odd_rules or self._other_sense(phrase, rendered, i):
                continue
            instead, instead_rules = self._instead(phrase, usual, missing_rules_with, i)
            if instead is None or instead_rules > COMMON * len(rules):
                continue
            found.append(Odd(unit.rule, phrase, usual, len(usual_rules), len(rules), instead, instead_rules))
        return found

    def _other_sense(self, phrase: str, rendered: list[int], i: int) -> bool:
        """Whether the English says something else here: a longer phrase around this one, in this
        pair, is never rendered the usual way (counter target spell), or the pairs with the usual
        rendering nearly all have a longer phrase this one lacks (lower right corner, not upper)."""
        usual_pairs = set(rendered)
        for longer in self.unit_phrases[i]:
            if longer != phrase and f" {phrase} " in f" {longer} ":
                pairs = self._pairs_of(longer)
                if len(pairs) >= 2 and not usual_pairs.intersection(pairs):
                    return True
        for longer in self.unit_phrases[rendered[0]]:
            if longer != phrase and f" {phrase} " in f" {longer} " and longer not in self.unit_phrases[i] and \
                    len(usual_pairs.intersection(self._pairs_of(longer))) >= USUAL_CONTEXT * len(usual_pairs):
                return True
        return False

    def _instead(self, phrase: str, usual: str, missing_rules_with: Counter, i: int) -> tuple[str | None, int]:
        """The string this pair has in the usual rendering's place: about as long as it, mostly said
        where the phrase is, and found in three or more of the phrase's rules without the usual
        rendering, or one character off it (持续式效应 for 持续性效应), and seldom beside the usual
        rendering; with its rules."""
        pairs = self.phrases[phrase]
        best, best_key = None, (False, 0, 0)
        for string in sorted(self.unit_strings[i]):
            if abs(len(string) - len(usual)) > 1 or string in usual or usual in string:
                continue
            near = _one_off(string, usual)
            if not near:
                if self.pairs_with[string] < 3:
                    self._note(string, None, 2)
                    continue
                self._note(string, 3, None)
            count = missing_rules_with[string]
            if not (count >= 3 or near) or (near, count, len(string)) <= best_key:
                continue
            with_phrase = self._having(pairs, string)
            limit = math.floor(len(with_phrase) / SPECIFIC)
            if self.pairs_with[string] > limit:  # said elsewhere than the phrase
                self._note(string, limit + 1, None)
                continue
            self._note(string, None, limit)
            if sum(1 for k in with_phrase if usual in self.unit_strings[k]) > (1 - SPECIFIC) * len(with_phrase):
                continue  # beside the usual rendering rather than for it
            best, best_key = string, (near, count, len(string))
        if best is None:
            return None, 0
        return best, len(self.rules(self._having(pairs, best)))


def _one_off(a: str, b: str) -> bool:
    """One character changed, added or dropped, the first and last kept."""
    if a[0] != b[0] or a[-1] != b[-1] or abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))
