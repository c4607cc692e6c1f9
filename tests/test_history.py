"""Rule histories through many editions: the trace command, and where old numbers are today."""
import json
import subprocess
import sys

import pytest

from conftest import CORPUS, ROOT, needs_corpus
from generator.history.rule_histories import english_chain, renumbering, rule_history
from generator.rules.numbers import parse_number as n
from generator.history.corpus import load_corpus
from test_diff import LONG_A, LONG_B, LONG_C, edition

# six editions from 2003 to 2024, across the 2009 restructure and a twelve-year gap
DATES = ["20030701", "20090501", "20090711", "20110617", "20231117"]


def test_trace_of_a_keyword_rule_reaches_its_2003_number():
    newest = CORPUS / "en" / "MagicCompRules-20240206.txt"
    needs_corpus(newest)
    history = [arg for date in DATES for arg in ("--history", str(CORPUS / "en" / f"MagicCompRules-{date}.txt"))]
    result = subprocess.run([sys.executable, "-m", "generator", "trace", "702.19b", "--no-manifest", "--source",
                             str(newest), *history, "--json"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    trace = json.loads(result.stdout)
    assert trace["edition"] == "2024-02-02" and len(trace["editions"]) == 6
    numbers = [(v["since"], v["number"]) for v in trace["versions"]]
    assert numbers[0][1] == "702.19b" and numbers[-1] == ("2003-07-01", "502.9b")  # trample's damage rule
    assert ("2009-07-11", "702.17b") in numbers and ("2011-06-17", "702.18b") in numbers
    assert trace["versions"][-1]["added_in"] is None  # already in the oldest edition given


def test_versions_and_old_numbers_on_hand_made_editions(tmp_path):
    edition(tmp_path, "a.txt", "March 3, 2031", [("100.1.", LONG_A), ("100.2.", LONG_B), ("100.3.", LONG_C)])
    edition(tmp_path, "b.txt", "June 9, 2031", [("100.1.", "A rule inserted at the top."), ("100.2.", LONG_A),
                                                     ("100.3.", LONG_B)])
    edition(tmp_path, "c.txt", "July 1, 2031", [("100.1.", "A rule inserted at the top."),
                                                       ("100.2.", LONG_A.replace("table", "board")), ("100.3.", LONG_B)])
    corpus = load_corpus(None, [str(tmp_path / name) for name in ("a.txt", "b.txt", "c.txt")])
    chain, steps = english_chain(corpus.editions, corpus.lineages, "2031-07-01")
    assert [e.date for e in chain] == ["2031-03-03", "2031-06-09", "2031-07-01"]
    versions = rule_history(n("100.2"), chain, steps)
    assert [(str(v.number), v.since, v.until, v.change) for v in versions] == [
        ("100.2", "2031-07-01", "2031-07-01", None), ("100.2", "2031-06-09", "2031-06-09", "edited"),
        ("100.1", "2031-03-03", "2031-03-03", "moved")]
    first = rule_history(n("100.1"), chain, steps)[-1]
    assert (first.added_in, first.absent_in) == ("2031-06-09", "2031-03-03")  # new since the edition before it
    fates = renumbering(chain, steps)
    assert fates["2031-03-03"] == {n("100.1"): ("now", n("100.2")), n("100.2"): ("now", n("100.3")),
                                   n("100.3"): ("removed", "2031-06-09")}
    assert fates["2031-06-09"] == {}  # every rule still at its number


def test_each_version_quotes_its_own_editions_words_when_only_a_cited_number_changed():
    """104.6 cites the subgame rule, renumbered in 2021, 2022 and 2024: each of those editions said
    its own number, and the history quoted today's "See rule 724" for all of them."""
    files = [CORPUS / "en" / f"MagicCompRules-{date}.txt" for date in ("20210202", "20220610", "20231117", "20240206")]
    needs_corpus(*files)
    corpus = load_corpus(None, [str(f) for f in files])
    chain, steps = english_chain(corpus.editions, corpus.lineages, "2024-02-02")
    versions = rule_history(n("104.6"), chain, steps)
    cited = [(v.since, v.until, v.change, v.en[0].split("See rule ")[1][:3]) for v in versions]
    assert cited == [("2024-02-02", "2024-02-02", None, "724"), ("2023-11-17", "2023-11-17", "references", "723"),
                     ("2022-06-10", "2022-06-10", "references", "722"), ("2021-02-05", "2021-02-05", "references", "719")]


def test_an_archive_of_editions_from_a_glob_feeds_histories_without_pages(tmp_path):
    from generator.site.pages import site_files
    from generator.site.model import SiteModel
    newest = CORPUS / "en" / "MagicCompRules-20240206.txt"
    needs_corpus(newest)
    manifest = tmp_path / "sources.yml"
    manifest.write_text(f"sources:\n  - path: {newest}\n  - path: {CORPUS / 'en'}/MagicCompRules-2023*.txt\n"
                        "    role: history\n", encoding="utf-8")
    corpus = load_corpus(manifest)
    assert corpus.error_count == 0
    assert [e.date for e in corpus.editions] == ["2024-02-02", "2023-11-17", "2023-10-13", "2023-04-14"]
    assert [e.date for e in corpus.shown] == ["2024-02-02"]
    files = site_files(SiteModel.build(corpus))
    assert not any(page.src.startswith("editions/") for page in files.pages)  # no pages of their own
    script = files.assets["assets/data/2024-02-02/7.history.js"]
    rules = json.loads(script[script.index("{"):script.rindex("}") + 1])
    assert [entry[:4] for entry in rules["701.34e"]] == [["701.34e", "2024-02-02", "2024-02-02", None],
                                                         ["701.34d", "2023-04-14", "2023-11-17", "moved"]]
    renumbered = files.assets["assets/data/renumber/2023-04-14.js"]
    assert '"701.34d":["701.34e"]' in renumbered.replace(", ", ",")


@pytest.mark.parametrize("entry,message", [
    ("  - path: nothing-here/*.txt\n", "names no file"),
    ("  - path: archive\n    edition: 2023-11-17\n", "give no 'edition' for them all"),
])
def test_a_glob_that_names_nothing_or_too_much_is_an_error(tmp_path, entry, message):
    from generator.errors import SourceError
    from generator.sources.manifest import read_manifest
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "a.txt").write_text("x", encoding="utf-8")
    (tmp_path / "sources.yml").write_text("sources:\n" + entry, encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        read_manifest(tmp_path / "sources.yml")
    assert message in str(raised.value) and ":2" in str(raised.value)


def test_the_changes_page_comes_when_the_previous_edition_is_kept_for_history_only(tmp_path):
    """`fetch` keeps the edition a new one replaces as history (no pages of its own): the update's
    day had no changes page, and a removed rule could be read nowhere on the site. The page now
    compares with it: its numbers are text, a removed rule's words are on the page."""
    from generator.site.pages import site_files
    from generator.site.model import SiteModel
    edition(tmp_path, "a.txt", "March 3, 2031", [("100.1.", LONG_A), ("100.2.", LONG_B)])
    edition(tmp_path, "b.txt", "June 9, 2031", [("100.1.", LONG_A.replace("table", "board"))])
    corpus = load_corpus(None, [str(tmp_path / "b.txt")], [str(tmp_path / "a.txt")])
    assert [e.date for e in corpus.shown] == ["2031-06-09"]
    page = next(p for p in site_files(SiteModel.build(corpus)).pages if p.src == "cr/changes/index.md").markdown
    assert "Changes since 2031-03-03" in page
    removed = page[page.index('<tr id="change-was-cr100-2">'):].split("</tr>", 1)[0]
    assert "#</a> 100.2</td>" in removed and "<del>" + LONG_B[:30] in removed.replace("&#x27;", "'"), removed  # no page to link
    edited = page[page.index('<tr id="change-cr100-1">'):].split("</tr>", 1)[0]
    assert "<del>table</del><ins>board</ins>" in edited, edited


def test_a_change_of_typography_alone_is_no_version_and_the_changes_page_lists_it_apart(tmp_path):
    """2019-01-25 had straight quotes, the releases on each side curly ones: 702.19d showed three
    "edits" (it’s → it's → it’s), and the changes page listed 1,401 rules as changed."""
    from generator.site.pages import site_files
    from generator.site.model import SiteModel
    curly = LONG_A.replace("their", "the player’s")
    edition(tmp_path, "a.txt", "March 3, 2031", [("100.1.", curly), ("100.2.", LONG_B)])
    edition(tmp_path, "b.txt", "June 9, 2031", [("100.1.", curly.replace("’", "'")), ("100.2.", LONG_B)])
    edition(tmp_path, "c.txt", "July 1, 2031", [("100.1.", curly.replace("’", "'").replace("table", "board")),
                                                ("100.2.", LONG_B)])
    corpus = load_corpus(None, [str(tmp_path / name) for name in ("a.txt", "b.txt", "c.txt")])
    chain, steps = english_chain(corpus.editions, corpus.lineages, "2031-07-01")
    versions = rule_history(n("100.1"), chain, steps)
    assert [(v.since, v.until, v.change) for v in versions] == [
        ("2031-07-01", "2031-07-01", None), ("2031-03-03", "2031-06-09", "edited")]
    assert (steps[0].of_old(n("100.1")).kind, steps[0].of_old(n("100.1")).text_changed) == ("typography", False)
    two = load_corpus(None, [str(tmp_path / name) for name in ("a.txt", "b.txt")])
    page = next(p for p in site_files(SiteModel.build(two)).pages if p.src == "cr/changes/index.md").markdown
    assert r"仅排印改动 Typography only \(1\)" in page and r"修改 Changed \(0\)" in page
    row = page[page.index('<tr id="change-cr100-1">'):].split("</tr>", 1)[0]
    assert "<del>player’s</del><ins>player's</ins>" in row, row
