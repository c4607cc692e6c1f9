"""Lineage between two editions: which rule of the newer edition each rule of the older one became,
found from the texts, never from the numbers alone.

A link's kind:
  unchanged     the same text and examples at the same number
  references    the same rule; its text differs only in the rule numbers it cites, each cited
                number being where that rule went (104.6: "rule 724" -> "rule 726")
  typography    the same rule; its text differs only in typography, the same wording (it’s -> it's)
  edited        the same number, the text or the examples changed
  moved         another number, the same text (up to renumbered citations and typography)
  moved-edited  another number, and the text or the examples changed
  added         no rule of the older edition became it (split: part of an older rule's text)
  removed       it became no rule of the newer edition (merged: its text is part of a newer rule's)

Rules are paired in passes, each only among the rules still unpaired: the same text and examples;
the same text with cited numbers masked, then with its typography made uniform too; the most similar
texts anywhere, the same number counting a little (no length filter: 100.4 with a sentence appended
is still 100.4); then the same number and a text only somewhat similar, or the shorter text mostly
inside the longer, by words or by its sentences all but one (across distant editions a rule may grow
or lose most of its length: 510.1c of 2023 kept three sentences in 2025, rewrote its fourth and
replaced its examples), judged on the rule's own text (its examples may confirm a pair, never break
one), or, for a short title such as "Totem Armor" -> "Umbra Armor", its first subrule paired at the
same place; then a rule restated around its quoted name, the one of its section on each side that
opens with that name.
Duplicate texts are paired by where their neighbours went, not by number order.
Glossary terms are paired by name (an "(Obsolete)" mark added or dropped is the same term), then
by definition (a renamed term).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import NamedTuple

from ..rules.model import Edition, GlossaryEntry, without_obsolete_mark
from ..rules.numbers import RuleNumber, parse_number
from ..rules.references import ITEM
from ..rules.sentences import split
from ..rules.word_diff import wording, words

SIMILAR = 0.5  # word similarity for a pair anywhere in the edition
SIMILAR_SAME_NUMBER = 0.3  # at the same number, less is enough
KEPT = 0.7  # at the same number: the shorter text is mostly inside the longer (a rule grown or cut
KEPT_WORDS = 8  # down across many editions: 510.1c kept three sentences); of at least so many words
SAME_NUMBER_BONUS = 0.1  # how much more alike another rule must be to take a rule's own number
RENAMED = 0.6  # definition similarity for a glossary term under a new name


class RuleLink(NamedTuple):
    """What became of one rule between two editions. A NamedTuple, not a dataclass: a build of many
    editions unpickles some 200,000 of them from its cache, in half the time."""

    old: RuleNumber | None
    new: RuleNumber | None
    kind: str
    text_changed: bool = False  # beyond renumbered citations
    examples_changed: bool = False
    part_of: RuleNumber | None = None  # split from (added) or merged into (removed) this rule

    def as_json(self) -> dict:
        return {"kind": self.kind, "old": _str(self.old), "new": _str(self.new), "text_changed": self.text_changed,
                "examples_changed": self.examples_changed, "part_of": _str(self.part_of)}


def _str(number: RuleNumber | None) -> str | None:
    return None if number is None else str(number)


class TermLink(NamedTuple):
    old: str | None  # the English term as printed (with any "(Obsolete)" mark)
    new: str | None
    kind: str  # unchanged | references | edited | obsolete | revived | renamed | added | removed


@dataclass
class Lineage:
    old: str  # edition dates
    new: str
    lang: str
    rules: list[RuleLink] = field(default_factory=list)
    glossary: list[TermLink] = field(default_factory=list)
    forward: dict[RuleNumber, RuleNumber] = field(default_factory=dict)  # old number -> new number
    sections: dict[int, int] = field(default_factory=dict)  # old section -> where most of its rules went

    def of_new(self, number: RuleNumber) -> RuleLink | None:
        return self._by_new.get(number)

    def of_old(self, number: RuleNumber) -> RuleLink | None:
        return self._by_old.get(number)

    def __post_init__(self):
        self._by_new: dict[RuleNumber, RuleLink] = {}
        self._by_old: dict[RuleNumber, RuleLink] = {}

    def add(self, link: RuleLink) -> None:
        self.rules.append(link)
        if link.new is not None:
            self._by_new[link.new] = link
        if link.old is not None:
            self._by_old[link.old] = link
        if link.old is not None and link.new is not None:
            self.forward[link.old] = link.new

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for link in self.rules:
            counts[link.kind] = counts.get(link.kind, 0) + 1
        for link in self.glossary:
            counts[f"glossary {link.kind}"] = counts.get(f"glossary {link.kind}", 0) + 1
        return dict(sorted(counts.items()))

    def rewrite(self, text: str) -> str:
        """A text of the older edition with the rule numbers it cites changed to where they went."""
        return ITEM.sub(lambda m: self._cited(m.group(0)), text)

    def now(self, number: RuleNumber) -> RuleNumber | None:
        """Where a rule of the older edition went, or a section (where most of its rules went); None
        where it went nowhere known."""
        if not number.rule:
            section = self.sections.get(number.section)
            return None if section is None else RuleNumber(section)
        return self.forward.get(number)

    def _cited(self, cited: str) -> str:
        number = parse_number(cited)
        target = self.now(number) if number is not None else None
        return str(target) if target is not None else cited


@dataclass(frozen=True)
class _Text:
    number: RuleNumber
    text: str
    examples: tuple[str, ...]

    @property
    def full(self) -> str:
        return "\n".join((self.text,) + self.examples)


def shared_language(old: Edition, new: Edition) -> str | None:
    """The language two editions are compared in: English where both have it."""
    return next((lang for lang in ("en", "zh") if lang in old.languages and lang in new.languages), None)


def trace_lineage(old: Edition, new: Edition, lang: str = "en") -> Lineage:
    """The lineage of `old`'s rules in `new`, by their texts in `lang`."""
    before, after = _texts(old, lang), _texts(new, lang)
    pairs: dict[RuleNumber, RuleNumber] = {}
    _pair_identical(before, after, pairs, lambda t: t.full)
    _pair_identical(before, after, pairs, lambda t: _masked(t.full))
    _pair_identical(before, after, pairs, lambda t: _masked(wording(t.full)))
    _pair_similar(before, after, pairs)
    _pair_same_number(before, after, pairs, lang)  # and titles whose first subrule stayed
    _pair_by_quoted_name(before, after, pairs)  # a keyword's rule restated around its name
    _pair_identical(before, after, pairs, lambda t: _masked(t.text))  # the same text, examples changed
    lineage = Lineage(old.date, new.date, lang)
    for a, b in pairs.items():
        lineage.forward[a] = b
    lineage.sections = _section_map(pairs)
    for a, b in sorted(pairs.items(), key=lambda p: p[1]):
        x, y = before[a], after[b]
        # a text the edition left word for word is not changed, even where a rule it cites moved
        # (the English did not renumber the citation: 724.6 of 2024-02-02 still cites 724, now 725)
        # nor is one whose typography alone changed (it’s -> it's)
        text_changed = x.text != y.text and wording(lineage.rewrite(x.text)) != wording(y.text)
        examples_changed = x.examples != y.examples and \
            tuple(wording(lineage.rewrite(e)) for e in x.examples) != tuple(wording(e) for e in y.examples)
        if a == b:
            kind = "unchanged" if x.full == y.full else "edited" if text_changed or examples_changed else \
                "typography" if wording(x.full) == wording(y.full) else "references"
        else:
            kind = "moved" if not (text_changed or examples_changed) else "moved-edited"
        lineage.add(RuleLink(a, b, kind, text_changed, examples_changed))
    paired_new = set(pairs.values())
    for t in after.values():
        if t.number not in paired_new:
            lineage.add(RuleLink(None, t.number, "added", part_of=_containing(t, before, pairs)))
    for t in before.values():
        if t.number not in pairs:
            lineage.add(RuleLink(t.number, None, "removed", part_of=_containing(t, after, paired_new)))
    lineage.rules.sort(key=lambda link: (link.new or link.old, link.old or link.new))
    lineage.glossary = _glossary_links(old, new, lineage.rewrite)
    return lineage


def _texts(edition: Edition, lang: str) -> dict[RuleNumber, _Text]:
    return {rule.number: _Text(rule.number, rule.texts[lang].text, tuple(e.text for e in rule.texts[lang].examples))
            for rule in edition.rules() if lang in rule.texts}


def _masked(text: str) -> str:
    return ITEM.sub("#", text)


def _pair_identical(before, after, pairs, key) -> None:
    """Pair rules whose key is equal. Where a key is shared by several rules (duplicate texts),
    a rule goes where its predecessor's partner leads, else to the same number, never crossing; a
    rule whose text its own number keeps stays itself first, whatever other rule took up its text
    (2023-11-17 edited 111.10i, the Incubator token, whose text 701.51b of 2023-04-14 also has)."""
    taken = set(pairs.values())
    for number, text in before.items():
        if number not in pairs and number not in taken and number in after and key(after[number]) == key(text):
            pairs[number] = number
            taken.add(number)
    groups_new: dict[str, list[RuleNumber]] = {}
    for number, text in after.items():
        if number not in taken:
            groups_new.setdefault(key(text), []).append(number)
    order_new = list(after)
    position_new = {n: i for i, n in enumerate(order_new)}
    previous_old: RuleNumber | None = None
    for number, text in before.items():
        candidates = [] if number in pairs else groups_new.get(key(text), [])
        if candidates:
            choice = _choose(number, candidates, pairs.get(previous_old) if previous_old else None, position_new)
            if choice is not None:
                pairs[number] = choice
                candidates.remove(choice)
        previous_old = number


def _choose(number, candidates, after_partner, position_new):
    if len(candidates) == 1:
        return candidates[0]
    if number in candidates:
        return number
    if after_partner is not None:  # the candidate that follows where the previous rule went
        following = [c for c in candidates if position_new[c] > position_new.get(after_partner, -1)]
        if following:
            return min(following, key=lambda c: position_new[c])
    return None  # ambiguous: left to the later passes


def _pair_same_number(before, after, pairs, lang: str) -> None:
    taken = set(pairs.values())
    for number, text in before.items():
        if number in pairs or number not in after or number in taken:
            continue
        first_sub = RuleNumber(number.section, number.rule, "a") if not number.sub else None
        if _same_rule(text, after[number], lang) or (first_sub is not None and pairs.get(first_sub) == first_sub):
            pairs[number] = number
            taken.add(number)


def _same_rule(old: _Text, new: _Text, lang: str) -> bool:
    """Whether two texts at one number are one rule. The evidence is the rule's own text; its examples
    illustrate it and may confirm a pair (the text and examples alike together) but never break one:
    510.1c replaced its three long examples with one when the damage assignment order went away."""
    with_examples = ((old.full, new.full),) if old.examples or new.examples else ()
    return any(_alike(a, b, lang) for a, b in ((old.text, new.text), *with_examples))


def _alike(a: str, b: str, lang: str) -> bool:
    """Somewhat similar, or the shorter text mostly inside the longer, by words or by sentences."""
    x, y = words(a), words(b)
    matcher = SequenceMatcher(None, x, y, autojunk=False)
    shorter = min(len(x), len(y))
    kept = shorter >= KEPT_WORDS and sum(m.size for m in matcher.get_matching_blocks()) >= KEPT * shorter
    return matcher.ratio() >= SIMILAR_SAME_NUMBER or kept or _sentences_kept(a, b, lang)


def _sentences_kept(a: str, b: str, lang: str) -> bool:
    """The shorter text's sentences, all but one, inside the longer one and in its order (a rule cut
    down to its first sentences, its last one rewritten), at least two of them and KEPT_WORDS words."""
    shorter, longer = sorted((a, b), key=len)
    sentences, position, kept = split(shorter, lang), 0, []
    for sentence in sentences:
        found = longer.find(sentence, position)
        if found >= 0:
            kept.append(sentence)
            position = found + len(sentence)
    return len(sentences) - len(kept) <= 1 and len(kept) >= 2 and sum(len(words(s)) for s in kept) >= KEPT_WORDS


def _shared_words_ratio(a: Counter, b: Counter, length_a: int, length_b: int) -> float:
    """SequenceMatcher's quick_ratio, an upper bound of its ratio (the words both texts hold, as
    often as both hold them, whatever their order), from the texts' word counts made once. difflib's
    own counts a text's words again for every pair it is in: a renumbered edition's lineage
    (2019-01-25 to 2019-05-03) took 6.8 s with it and takes 3.4 s, the 89 consecutive editions'
    44.5 s and 33.0 s, every link the same."""
    total = length_a + length_b
    if not total:
        return 1.0
    if 2.0 * min(length_a, length_b) / total < SIMILAR:  # its real_quick_ratio, cheaper still
        return 0.0
    return 2.0 * sum(min(a[word], b[word]) for word in a.keys() & b.keys()) / total


def _pair_similar(before, after, pairs) -> None:
    """The most similar unpaired texts anywhere, best first; a tie goes to the nearer number."""
    taken = set(pairs.values())
    old_left = [t for n, t in before.items() if n not in pairs]
    new_left = [t for n, t in after.items() if n not in taken]
    tokens = {id(t): words(t.full) for t in old_left + new_left}
    # only texts that share a word that is not common among them can be alike (a rule similar
    # enough shares half its words): the exact ratio is computed for those alone
    postings: dict[str, list[_Text]] = {}
    for a in old_left:
        for word in set(tokens[id(a)]):
            postings.setdefault(word, []).append(a)
    common = max(8, len(old_left) // 20)
    rare = {word: texts for word, texts in postings.items() if len(texts) <= common}
    candidates = []
    bags = {key: Counter(words_of) for key, words_of in tokens.items()}
    matcher = SequenceMatcher(None, autojunk=False)
    for b in new_left:
        matcher.set_seq2(tokens[id(b)])  # what SequenceMatcher learns of the second text is kept
        near = {id(a): a for word in set(tokens[id(b)]) for a in rare.get(word, ())}
        for a in near.values() if len(old_left) > 200 else old_left:
            if _shared_words_ratio(bags[id(a)], bags[id(b)], len(tokens[id(a)]), len(tokens[id(b)])) < SIMILAR:
                continue
            matcher.set_seq1(tokens[id(a)])
            ratio = matcher.ratio()
            if ratio >= SIMILAR:
                # the same number is worth a little similarity: an edit stays where it was
                bonus = SAME_NUMBER_BONUS if a.number == b.number else 0
                candidates.append((-ratio - bonus, abs(a.number.section - b.number.section), a.number, b.number))
    used_new: set[RuleNumber] = set()
    for _, _, a, b in sorted(candidates):
        if a not in pairs and b not in used_new:
            pairs[a] = b
            used_new.add(b)
    # titles whose first subrule moved with them ("702.89. Totem Armor" -> "702.89. Umbra Armor")
    for a in old_left:
        if a.number in pairs or a.number.sub:
            continue
        sub = pairs.get(RuleNumber(a.number.section, a.number.rule, "a"))
        if sub is not None and sub.sub == "a":
            title = RuleNumber(sub.section, sub.rule)
            if title in after and title not in used_new and title not in taken:
                pairs[a.number] = title
                used_new.add(title)


QUOTED_NAME = re.compile(r"^[“\"]([^”\"]{3,40})[”\"] ")


def _pair_by_quoted_name(before, after, pairs) -> None:
    """A rule still unpaired that opens with a quoted name (“Friends forever” is a variant of the
    partner ability ... / “Friends forever” means “You may designate ...”: 702.124g of 2023-04-14,
    702.124j of 2023-10-13, the partner rules restated) and the one unpaired rule of its section
    in the newer edition that opens with the same name: one rule, rewritten. Only where each side
    has that name once among its unpaired rules of the section."""
    sections = _section_map(pairs)
    taken = set(pairs.values())

    def named(texts, unpaired):
        found: dict[tuple[int, str], list[RuleNumber]] = {}
        for number, text in texts.items():
            m = QUOTED_NAME.match(text.text)
            if m and unpaired(number):
                found.setdefault((number.section, m.group(1).lower()), []).append(number)
        return found
    old_names = named(before, lambda n: n not in pairs)
    new_names = named(after, lambda n: n not in taken)
    for (section, name), olds in old_names.items():
        news = new_names.get((sections.get(section, section), name), [])
        if len(olds) == 1 and len(news) == 1:
            pairs[olds[0]] = news[0]


def _section_map(pairs: dict[RuleNumber, RuleNumber]) -> dict[int, int]:
    votes: dict[int, dict[int, int]] = {}
    for a, b in pairs.items():
        votes.setdefault(a.section, {}).setdefault(b.section, 0)
        votes[a.section][b.section] += 1
    return {section: max(targets, key=lambda s: (targets[s], s == section)) for section, targets in votes.items()}


def _containing(text: _Text, others: dict[RuleNumber, _Text], paired) -> RuleNumber | None:
    """A rule on the other side, itself paired, whose text contains this one (a split or a merge)."""
    if len(text.text) < 20:
        return None
    return next((n for n, other in others.items() if text.text in other.text and n in paired), None)


def _glossary_links(old: Edition, new: Edition, rewrite) -> list[TermLink]:
    """An entry whose definition differs only in the numbers it cites, each where its rule went
    (`rewrite`: "See rule 719" -> 720), is "references", as a rule is."""
    def entries(edition) -> dict[str, GlossaryEntry]:
        return {without_obsolete_mark(p.en.term).casefold(): p.en for p in edition.glossary if p.en}
    before, after = entries(old), entries(new)
    links = []
    for name, entry in before.items():
        if name in after:
            other = after[name]
            if entry.obsolete != other.obsolete:
                kind = "obsolete" if other.obsolete else "revived"
            else:
                kind = "unchanged" if entry.definition == other.definition else \
                    "references" if [rewrite(p) for p in entry.definition] == other.definition else "edited"
            links.append(TermLink(entry.term, other.term, kind))
    old_left = {n: e for n, e in before.items() if n not in after}
    new_left = {n: e for n, e in after.items() if n not in before}
    candidates = []
    for a, x in old_left.items():
        for b, y in new_left.items():
            ratio = SequenceMatcher(None, words(" ".join(x.definition)), words(" ".join(y.definition)),
                                    autojunk=False).ratio()
            if ratio >= RENAMED:
                candidates.append((-ratio, a, b))
    used_old, used_new = set(), set()
    for _, a, b in sorted(candidates):
        if a not in used_old and b not in used_new:
            used_old.add(a)
            used_new.add(b)
            links.append(TermLink(old_left[a].term, new_left[b].term, "renamed"))
    links += [TermLink(e.term, None, "removed") for n, e in old_left.items() if n not in used_old]
    links += [TermLink(None, e.term, "added") for n, e in new_left.items() if n not in used_new]
    return sorted(links, key=lambda link: ((link.new or link.old).casefold(), link.kind))
