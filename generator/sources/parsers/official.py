"""The CR as Wizards publishes it, in English, and the Chinese translation in the same structure.

Layout: title, effective date, introduction, contents, rules (chapters, sections, rules with their
examples and indented continuation paragraphs), glossary (blank-line separated entries), credits.
The two languages differ only in their words, kept in a Profile.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...rules.model import OBSOLETE_MARK, GlossaryEntry, ParsedSource, Passage, Provenance, RuleText, SourceSpec
from ...rules.numbers import parse_number
from ..decoding import SourceText
from ..ledger import Ledger
from .common import (CHAPTER_LINE, EXAMPLE_EN, EXAMPLE_ZH, MALFORMED, MONTHS, RULE_LINE, SECTION_LINE,
                     cited_rules, malformed_number, rule_line_warnings)

FORMAT = "official"


@dataclass(frozen=True)
class Profile:
    lang: str
    title: str
    introduction: str
    contents: str
    glossary: str
    credits: str
    example: re.Pattern
    obsolete: re.Pattern
    redirect: re.Pattern

    def effective_date(self, line: str) -> str | None:
        if self.lang == "en":
            m = re.search(r"(?:effective|current) as of (\w+) (\d{1,2}), (\d{4})", line)  # "current": before 2009
            if m and m.group(1) in MONTHS:
                return f"{m.group(3)}-{MONTHS[m.group(1)]:02d}-{int(m.group(2)):02d}"
            return None
        m = re.search(r"(\d{4})年(\d{1,2})月(\d{1,2})日起生效", line)
        return f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else None


PROFILES = (
    Profile("en", "Magic: The Gathering Comprehensive Rules", "Introduction", "Contents", "Glossary", "Credits",
            EXAMPLE_EN, OBSOLETE_MARK["en"], re.compile(r"See ([^\d]+?)\.?")),
    Profile("zh", "万智牌完整规则", "前言", "目录", "词汇表", "版权信息",
            EXAMPLE_ZH, OBSOLETE_MARK["zh"], re.compile(r"参见([^\d]+?)。?")),
)


def _profile(source: SourceText) -> Profile | None:
    heads = {line.strip() for line in source.lines[:400]}
    for profile in PROFILES:
        if profile.contents in heads or profile.title in heads:
            if profile.glossary in {line.strip() for line in source.lines}:
                return profile
    return None


def sniff(source: SourceText) -> bool:
    return _profile(source) is not None


def parse(source: SourceText, spec: SourceSpec) -> tuple[ParsedSource, Ledger]:
    profile = _profile(source)
    parsed = ParsedSource(spec)
    ledger = Ledger(source.path, source.lines)
    if profile is None:
        parsed.error("not the official CR layout: expected a Contents and a Glossary heading")
        for number, line in source.numbered():
            if line.strip():
                ledger.skip(number, "not in the official CR layout")
        return parsed, ledger
    _Reader(source, profile, parsed, ledger).run()
    return parsed, ledger


class _Reader:
    def __init__(self, source: SourceText, profile: Profile, parsed: ParsedSource, ledger: Ledger):
        self.source, self.profile, self.parsed, self.ledger = source, profile, parsed, ledger
        self.lang = profile.lang
        self.state = "preamble"
        self.first_contents_line: str | None = None
        self.contents_chapter = 0  # the last chapter the contents listed
        self.unindented: list[int] = []  # lines read as continuations though not indented
        self.current: RuleText | None = None  # rule that examples and continuations attach to
        self.entry: list[tuple[int, str]] = []  # glossary lines being gathered
        # Editions of 2003-04 are wrapped at about 100 characters (thousands of lines near that width,
        # none much longer): there a rule starts after a blank line, and a wrapped line that starts
        # with a number ("(see rule" / "401.4), any ...") continues the sentence above
        widths = [len(line) for line in source.lines]
        self.wrapped = max(widths, default=0) <= WRAPPED_WIDTH and sum(w >= 80 for w in widths) >= 100
        self.previous = ""  # the last non-blank line, or "" after a blank one

    def run(self) -> None:
        for number, raw in self.source.numbered():
            line = raw.strip()
            if not line:
                if self.state == "glossary":
                    self._close_entry()
                self.previous = ""
                continue
            getattr(self, "_" + self.state)(number, raw, line)
            self.previous = line
        self._close_entry()
        self._report_unindented()
        if self.state in ("preamble", "introduction", "contents"):
            self.parsed.error(f"no rules found: the text ends in the {self.state}")
        elif self.state in ("rules", "glossary"):
            self.parsed.warn(f"the text ends in the {self.state}, without the credits: the file may be cut short",
                             self._here(len(self.source.lines)))
        self.parsed.glossary.setdefault(self.lang, [])

    # states ---------------------------------------------------------------------------------
    def _preamble(self, number: int, raw: str, line: str) -> None:
        date = self.profile.effective_date(line)
        if line == self.profile.title or date:
            self.ledger.consume(number)
            if date and not self.parsed.detected_edition:
                self.parsed.detected_edition = date
            return
        if line in (self.profile.introduction, self.profile.contents):
            self.state = "introduction" if line == self.profile.introduction else "contents"
            self.ledger.consume(number)
            return
        self._introduction(number, raw, line)

    def _introduction(self, number: int, raw: str, line: str) -> None:
        if line == self.profile.contents:
            self.state = "contents"
            self.ledger.consume(number)
        elif RULE_LINE.fullmatch(line) or (CHAPTER_LINE.fullmatch(line) and self._rules_follow(number)):
            self.parsed.warn("the rules begin without a contents section", self._here(number))
            self.state = "rules"
            self._rules(number, raw, line)
        else:
            self.parsed.introduction.setdefault(self.lang, []).append(Passage(line, self.ledger.consume(number)))

    def _contents(self, number: int, raw: str, line: str) -> None:
        """The contents end where the rules begin: at the contents' first line again, or at a
        chapter that does not follow the last one listed (2009-07-11 lists "1. Game Concepts" and
        begins its rules with "1. The Game")."""
        chapter = CHAPTER_LINE.fullmatch(line)
        if self.first_contents_line is None:
            self.first_contents_line = line
        elif line == self.first_contents_line or (chapter and int(chapter.group("num")) <= self.contents_chapter):
            self.state = "rules"
            self._rules(number, raw, line)
            return
        if chapter:
            self.contents_chapter = int(chapter.group("num"))
        m = SECTION_LINE.fullmatch(line) or chapter
        if m:
            self.parsed.contents.setdefault(int(m.group("num")), {})[self.lang] = Passage(
                m.group("text"), self.ledger.consume(number))
        elif line in (self.profile.glossary, self.profile.credits):
            self.ledger.consume(number)
        else:
            self.ledger.skip(number, "line in the contents that is not a chapter or section title")
            self.parsed.warn(f"unexpected line in the contents: {line[:60]!r}", self._here(number))

    def _rules(self, number: int, raw: str, line: str) -> None:
        if line == self.profile.glossary:
            self.state = "glossary"
            self.ledger.consume(number)
            return
        if line == self.profile.credits:  # the credits after the rules: the glossary's heading is missing
            self.parsed.error(f"the {self.profile.credits!r} heading comes after the rules with no {self.profile.glossary!r} "
                              f"heading before it: the glossary is read as rules; expected a line {self.profile.glossary!r} "
                              "after the last rule", self._here(number))
            self.state = "credits"
            self.ledger.consume(number)
            return
        if self.wrapped and self.previous and not SENTENCE_END.search(self.previous) and self.current is not None:
            self._continue(number, raw, line)  # a number that continues a sentence is text
            return
        m = RULE_LINE.fullmatch(line) or self._spaced_number(number, line)
        if not m and (bad := malformed_number(line)):
            self.ledger.skip(number, "malformed rule number")
            self.parsed.error(f"malformed rule number {bad!r}: {MALFORMED}", self._here(number))
            self.current = None
            return
        if m and m.group("text"):
            for problem in rule_line_warnings(m):
                self.parsed.warn(problem + "; read as " + m.group("num"), self._here(number))
            text = RuleText(m.group("text").strip(), self.ledger.consume(number))
            if self.parsed.add_rule(parse_number(m.group("num")), self.lang, text):
                self.current = text
            return
        m = SECTION_LINE.fullmatch(line) or CHAPTER_LINE.fullmatch(line)
        if m:
            self.parsed.add_title(int(m.group("num")), self.lang, m.group("text"), self.ledger.consume(number))
            self.current = None
            return
        example = self.profile.example.match(line)
        if example and self.current is not None:
            passage = Passage(line[example.end():].strip(), self.ledger.consume(number))
            self.current.examples.append(passage)
            return
        if self.current is not None:
            self._continue(number, raw, line)
            return
        self.ledger.skip(number, "text between a title and the first rule")
        self.parsed.warn(f"text outside any rule: {line[:60]!r}", self._here(number))

    def _continue(self, number: int, raw: str, line: str) -> None:
        """An indented paragraph that continues the rule (or its last example); an unindented line
        after an unfinished sentence is the same paragraph wrapped (editions of 2003-04)."""
        self.ledger.consume(number)
        target = self.current.examples[-1] if self.current.examples else self.current
        wrapped = not raw[:1].isspace()
        if wrapped:
            self.unindented.append(number)
        target.text += (" " if wrapped and not SENTENCE_END.search(target.text) else "\n") + line

    def _spaced_number(self, number: int, line: str) -> re.Match | None:
        """"606. 8b Players win ..." (2005-2007): a rule number printed with a space, not a section
        title (those are words). Read as 606.8b, and said."""
        m = SPACED_NUMBER.fullmatch(line)
        if m is None:
            return None
        joined = f"{m.group('section')}.{m.group('rest')}"
        self.parsed.warn(f"rule number printed with a space, {line[:len(joined) + 1]!r}; read as {joined}",
                         self._here(number))
        return RULE_LINE.fullmatch(f"{joined} {m.group('text')}")

    def _glossary(self, number: int, raw: str, line: str) -> None:
        if line == self.profile.credits and not self.entry:
            self.state = "credits"
            self.ledger.consume(number)
            return
        self.entry.append((number, line))

    def _credits(self, number: int, raw: str, line: str) -> None:
        date = self.profile.effective_date(line)
        top = self.parsed.detected_edition
        if date and top and date != top:
            self.parsed.warn(f"the credits give the effective date {date}, the top gives {top}",
                             self._here(number))
        self.parsed.credits.setdefault(self.lang, []).append(Passage(line, self.ledger.consume(number)))

    # helpers --------------------------------------------------------------------------------
    def _close_entry(self) -> None:
        lines, self.entry = self.entry, []
        if not lines:
            return
        for part in _entries_in(lines):
            if part[0] is not lines[0]:
                self.parsed.warn(f"no blank line before the glossary entry {part[0][1]!r}; read as a new entry",
                                 self._here(part[0][0]))
            self._add_entry(part)

    def _add_entry(self, lines: list[tuple[int, str]]) -> None:
        (first, term), rest = lines[0], lines[1:]
        for n, _ in [(first, term), *rest]:
            self.ledger.consume(n)
        where = self._here(first)
        if not rest:
            self.parsed.warn(f"glossary entry {term!r} has no definition", where)
        definition = [text for _, text in rest]
        obsolete = self.profile.obsolete.search(term)
        name = term[: obsolete.start()] if obsolete else term
        redirect = None
        if len(definition) == 1:
            m = self.profile.redirect.fullmatch(definition[0])
            redirect = m.group(1).strip() if m else None
        entry = GlossaryEntry(term, name, definition, where, bool(obsolete), redirect,
                              cited_rules(" ".join(definition)))
        self.parsed.glossary.setdefault(self.lang, []).append(entry)

    def _report_unindented(self) -> None:
        """A line each, or for a text wrapped throughout, one warning for all of them."""
        if len(self.unindented) <= 5:
            for number in self.unindented:
                self.parsed.warn("unindented line read as a continuation of the rule above", self._here(number))
        else:
            self.parsed.warn(f"{len(self.unindented)} unindented lines read as continuations of the rule above "
                             f"(the text is wrapped), the first here, the last at line {self.unindented[-1]}",
                             self._here(self.unindented[0]))

    def _rules_follow(self, number: int) -> bool:
        following = [line.strip() for line in self.source.lines[number: number + 6] if line.strip()]
        return bool(following) and bool(SECTION_LINE.fullmatch(following[0]))

    def _here(self, number: int) -> Provenance:
        return Provenance(self.source.path, number)


SENTENCE_END = re.compile(r"[.。!！?？][\"”’)）]*$")
TERM_WIDTH = 80  # the longest term: "Remove from the Game, Removed, Removed-from-the-Game Zone (Obsolete)", 68
WRAPPED_WIDTH = 130  # the longest line of a text wrapped by its publisher (2003-04: 119)
SPACED_NUMBER = re.compile(r"(?P<section>\d{3})\. (?P<rest>\d{1,3}[a-z]?) (?P<text>\S.*)")
# what ends a glossary definition: a sentence, or a rule's quoted title ("See rule 702.141, “Encore”")
DEFINITION_END = re.compile(r"[.。!！?？][\"”’)）]*$|[”\"]$")


def _entries_in(lines: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """A blank-line separated block of the glossary, split into entries by their own structure: a
    definition ends its sentences, a term does not. So a short line that follows a finished
    definition, ends no sentence and introduces no list, and has a definition after it, starts an
    entry whose blank line is missing (or was lost to mixed line endings). Not the order of the
    terms: it is alphabetical but not to the letter ("The Ring Tempts You" comes before
    "Ring-bearer", "Alternate Name" after "Alternative Cost"). The block comes back as it is (the
    same list) when it is one entry."""
    starts = [0]
    for i in range(2, len(lines) - 1):
        line, previous = lines[i][1], lines[i - 1][1]
        if SENTENCE_END.search(line) or line.endswith((":", "：")) or not DEFINITION_END.search(previous) \
                or len(line) > TERM_WIDTH:  # a term ends no sentence and introduces no list
            continue
        if line[:1].isdigit() or line.startswith(("See ", "参见")):
            continue  # a numbered sense, a cross reference
        starts.append(i)
    if len(starts) == 1:
        return [lines]
    return [lines[a:b] for a, b in zip(starts, starts[1:] + [len(lines)])]
