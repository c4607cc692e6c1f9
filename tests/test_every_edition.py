"""Every corpus file, 90 official English editions from 2003 and four translations, loads without
errors, with its effective date, every numbered line a rule, and its real oddities kept."""
import re
from collections import Counter
from functools import cache

import pytest

from conftest import CORPUS, needs_corpus
from generator.sources.loader import load
from generator.sources.manifest import spec_from_path
from generator.sources.decoding import read_source

FILES = sorted(CORPUS.glob("en/*.txt")) + sorted(CORPUS.glob("zh/*.txt"))
NUMBERED = re.compile(r"\s*(\d{3}\.) ?(\d{1,3}[a-z]?)(?![0-9A-Za-z])")  # Chinese may follow at once


@pytest.fixture(scope="module")
def loaded():
    needs_corpus(CORPUS / "en")
    assert len(FILES) == 94, f"{len(FILES)} files in {CORPUS}/en and zh, 94 expected"
    yield {path.name: load(spec_from_path(str(path))) for path in FILES}
    lines_of.cache_clear()  # the module's lines, not the worker's for the rest of the run


def test_every_file_loads_with_its_date_and_every_numbered_line(loaded):
    """Every line of every file, English and Chinese, that begins with a rule number (read from the
    layout below, not by the parser) is a rule of the parsed text, as often as the text numbers it,
    and the parser has no rule the text does not number."""
    differ = {}
    for name, source in loaded.items():
        report = source.report
        assert report.errors == [], (name, [str(e) for e in report.errors[:3]])
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", report.spec.edition or ""), name
        assert report.lines["consumed"] + report.lines["skipped"] == report.lines["nonblank"], name
        parsed = Counter(str(number._replace(copy=0)) for number in source.parsed.rules)
        numbered = Counter(numbered_lines(source.parsed.spec.file))
        if parsed != numbered:
            differ[name] = (sorted((numbered - parsed).elements())[:5], sorted((parsed - numbered).elements())[:5])
    assert differ == {}


@cache
def lines_of(path) -> list[str]:
    """A file's decoded lines, read once for the module's independent counts."""
    return read_source(path, path.name).lines


def numbered_lines(path) -> list[str]:
    """The rule numbers that begin a line of the rules part (before the glossary), as often as they
    do: 702.19c, or "702. 37a" as 2009 printed some; in a text wrapped at 100 characters (2003-2004)
    only after a blank line, for a wrapped line may begin with a cited number ("212.4, ...")."""
    lines = lines_of(path)
    end = max(i for i, line in enumerate(lines) if line.strip() in ("Glossary", "词汇表"))
    wrapped = max(len(line) for line in lines) <= 130
    found = []
    for i, line in enumerate(lines[:end]):
        match = NUMBERED.match(line)
        if match and (not wrapped or not lines[i - 1].strip()):
            found.append(match.group(1) + match.group(2))
    return found


# ---- an independent count of each text, written from its layout, not from the parser ----------------
RULE_NUMBER = re.compile(r"\d{3}\.(?: ?\d{1,3}[a-z]?)(?![\d\w])")  # 100.1, 702.19c, "606. 8b"; not "100. General"
DEFINITION_END = re.compile(r"[.!?:][\"”’)]*$|[”\"]$")


def independent_count(path) -> tuple[int, int, int]:
    """(rules, examples, glossary entries) of an English edition. Rules: the lines in the rules part
    (from the first numbered rule to the glossary) that begin with a rule number, in a text wrapped
    at 100 characters only after a blank line; examples: the lines that begin with "Example:";
    glossary entries: the blank-line separated blocks, plus a short term that follows a finished
    definition within a block (a blank line the publisher left out)."""
    lines = [line.strip() for line in lines_of(path)]
    glossary = max(i for i, line in enumerate(lines) if line == "Glossary")
    credits = max([i for i, line in enumerate(lines) if line == "Credits" and i > glossary] or [len(lines)])
    first = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d", line))
    wrapped = max(len(line) for line in lines_of(path)) <= 130
    rules = sum(1 for i in range(first, glossary) if RULE_NUMBER.match(lines[i]) and (not wrapped or not lines[i - 1]))
    examples = sum(1 for line in lines[first:glossary] if line.startswith("Example:"))
    entries, block = 0, []
    for line in lines[glossary + 1:credits] + [""]:
        if line:
            block.append(line)
            continue
        if block:
            entries += 1 + sum(1 for j in range(2, len(block) - 1)
                               if not DEFINITION_END.search(block[j]) and DEFINITION_END.search(block[j - 1])
                               and len(block[j]) <= 80 and not block[j][0].isdigit()
                               and not block[j].startswith("See "))
        block = []
    return rules, examples, entries


def test_every_edition_reads_with_the_counts_of_its_text(loaded):
    english = [path for path in FILES if "-zh-" not in path.name]
    assert len(english) == 90
    differ = {}
    for path in english:
        counts = loaded[path.name].report.counts
        read = (counts["rules"], counts["examples"], counts["glossary"])
        if read != independent_count(path):
            differ[path.name] = (read, independent_count(path))
    assert differ == {}
    assert independent_count(CORPUS / "en" / "MagicCompRules-20231117.txt") == (2899, 276, 668)  # as published


@pytest.mark.parametrize("name", ["MagicCompRules-20031001.txt", "MagicCompRules-20031201.txt",
                                  "MagicCompRules-20040201.txt"])
def test_in_a_text_wrapped_at_100_characters_a_number_that_continues_a_sentence_is_text(loaded, name):
    source = loaded[name]
    numbers = [str(n) for n in source.parsed.rules]
    assert [n for n in numbers if numbers.count(n) > 1] == []  # no rule made of a fragment
    for number in ("401.4", "409.1f", "418.5", "502.26"):
        assert numbers.count(number) == 1, number
    text = {str(n): next(iter(t.values())) for n, t in source.parsed.rules.items()}
    example = text["401.3"].examples[0].text  # ended at "(see rule" when 401.4 was read as a rule
    assert "(see rule 401.4), any abilities" in example
    assert any("rules 409.1b and 409.1f" in t.text for t in text.values())


def test_a_rule_number_printed_with_a_space_is_read_with_its_examples(loaded):
    spaced = [name for name, source in loaded.items()
              if any("rule number printed with a space" in str(w) for w in source.report.warnings)]
    two_headed = ["MagicCompRules-20050801.txt", "MagicCompRules-20051001.txt", "MagicCompRules-20060201.txt",
                  "MagicCompRules-20060501.txt", "MagicCompRules-20060715.txt", "MagicCompRules-20061001.txt",
                  "MagicCompRules-20070201.txt", "MagicCompRules-20070501.txt"]  # "606. 8b"
    assert spaced == two_headed + ["MagicCompRules-20090711.txt"]  # "702. 37a", "702. 37b" (Storm)
    storm = {str(n): t["en"] for n, t in loaded["MagicCompRules-20090711.txt"].parsed.rules.items()}
    assert storm["702.37a"].text.startswith("Storm is a triggered ability") and "702.37b" in storm
    assert not any("title of 702 given twice" in str(w) for w in loaded["MagicCompRules-20090711.txt"].report.warnings)
    for name in two_headed:
        source = loaded[name]
        rule = next(t for n, t in source.parsed.rules.items() if str(n) == "606.8b")["en"]
        assert rule.text.startswith("Players win and lose the game only as a team") and len(rule.examples) == 3
        assert not any("text outside any rule" in str(w) for w in source.report.warnings)


@pytest.mark.parametrize("name", ["MagicCompRules-20240206.txt", "MagicCompRules-20231117.txt",
                                  "MagicCompRules-20150123.txt"])
def test_line_endings_cycling_cr_lf_crlf_lose_no_glossary_entry(loaded, name, tmp_path):
    """Each line ends in CR, LF and CR LF in turn: where a CR ends a line and the next is blank with
    LF, the two read as one CR LF and the blank line is gone; the glossary's structure still gives
    every entry."""
    lines = read_source(CORPUS / "en" / name, name).lines
    mixed = tmp_path / name
    mixed.write_bytes("".join(line + ("\r", "\n", "\r\n")[i % 3] for i, line in enumerate(lines)).encode("utf-8"))
    source = load(spec_from_path(str(mixed)))
    terms = [e.term for e in loaded[name].parsed.glossary["en"]]
    assert [e.term for e in source.parsed.glossary["en"]] == terms and len(terms) > 450
    assert source.report.counts["rules"] == loaded[name].report.counts["rules"]


def test_pre_2010_dates_and_the_2009_restructure(loaded):
    assert loaded["MagicCompRules-20030701.txt"].parsed.spec.edition == "2003-07-01"  # "current as of"
    restructured = loaded["MagicCompRules-20090711.txt"]
    assert restructured.report.counts["rules"] > 1400 and restructured.report.counts["glossary"] > 400


@pytest.mark.parametrize("name,number,anchor", [
    ("MagicCompRules-20050801.txt", "605.2c", "cr605-2c--2"),  # its Teams section repeats Free-for-All's number
    ("MagicCompRules-20090904.txt", "702.30d", "cr702-30d--2"),
    ("MagicCompRules-zh-20220610.txt", "701.42a", "cr701-42a--2"),
])
def test_a_number_given_twice_is_kept_twice_with_its_own_anchor(loaded, name, number, anchor):
    source = loaded[name]
    copies = [n for n in source.parsed.rules if str(n) == number]
    assert len(copies) == 2 and "cr" + copies[1].slug == anchor
    texts = [next(iter(source.parsed.rules[n].values())).text for n in copies]
    assert texts[0] != texts[1] and all(texts)
    assert any(f"rule {number} appears twice" in str(w) for w in source.report.warnings)


def test_a_file_cut_short_says_so(loaded):
    cut = loaded["MagicCompRules-20130201.txt"]
    assert any("without the credits" in str(w) for w in cut.report.warnings)
