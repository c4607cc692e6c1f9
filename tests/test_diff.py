"""Edition diffs (the lineage of every rule, lineage.py): hand-made editions, the two English 2023
editions, the diff command and the changes page."""
import json
import re
import subprocess
import sys

from conftest import CORPUS_EN, CORPUS_EN_OLD, ROOT
from generator.rules.word_diff import word_diff
from generator.history.lineage import trace_lineage
from generator.rules.numbers import parse_number as n
from generator.history.corpus import load_corpus

HEAD = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of {date}\n\nContents\n\n1. Basics\n\nGlossary\n\nCredits\n\n1. Basics\n\n100. General\n\n"
TAIL = "\nGlossary\n\nWidget\nAn object. See rule 100.1.\n\nCredits\n\nNobody.\n"
LONG_A = "A widget game is played by two or more players sitting around a table with their widget decks."
LONG_B = "Each player shuffles their widget deck thoroughly before the game begins and draws seven widgets."
LONG_C = "The player who wins a coin toss chooses who takes the first turn of the game, as in most games."


def edition(tmp_path, name, date, rules):
    path = tmp_path / name
    path.write_text(HEAD.format(date=date) + "\n\n".join(f"{n} {t}" for n, t in rules) + "\n" + TAIL, encoding="utf-8")
    corpus = load_corpus(None, [str(path)])
    assert corpus.error_count == 0
    return corpus.editions[0]


def test_a_renumbered_rule_is_a_move(tmp_path):
    old = edition(tmp_path, "old.txt", "March 3, 2031", [("100.1.", LONG_A), ("100.2.", LONG_B), ("100.3.", LONG_C)])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", LONG_A), ("100.2.", "A new rule about widgets."),
                                                       ("100.3.", LONG_B), ("100.4.", LONG_C.replace("coin toss", "die roll"))])
    lineage = trace_lineage(old, new)
    found = {(link.kind, str(link.old), str(link.new)) for link in lineage.rules if link.kind != "unchanged"}
    assert found == {("added", "None", "100.2"), ("moved", "100.2", "100.3"), ("moved-edited", "100.3", "100.4")}
    assert word_diff(LONG_C, LONG_C.replace("coin toss", "die roll")) == (
        "The player who wins a <del>coin</del><ins>die</ins> <del>toss</del><ins>roll</ins> chooses who takes "
        "the first turn of the game, as in most games.")
    assert word_diff("规则<一>", "规则<二>") == "规则&lt;<del>一</del><ins>二</ins>&gt;"  # Chinese by character, escaped


def test_identical_short_rules_stay_where_they_are(tmp_path):
    old = edition(tmp_path, "old.txt", "March 3, 2031", [("100.1.", "Reserved."), ("100.2.", "Reserved."),
                                                         ("100.3.", LONG_A)])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", LONG_A), ("100.2.", "Reserved."),
                                                       ("100.3.", "Reserved.")])
    lineage = trace_lineage(old, new)
    assert lineage.of_old(n("100.3")).new == n("100.1")
    assert lineage.of_old(n("100.2")).kind == "unchanged"  # the same text at the same number


def test_the_two_2023_editions(corpus_files):
    old = load_corpus(None, [str(CORPUS_EN_OLD)]).editions[0]
    new = load_corpus(None, [str(CORPUS_EN)]).editions[0]
    counts = trace_lineage(old, new).counts()
    assert {k: v for k, v in counts.items() if "unchanged" not in k} == {
        "added": 58, "edited": 43, "moved": 4, "moved-edited": 5, "removed": 1,
        "glossary added": 12, "glossary edited": 3}
    # a product's mark alone changed (Future Sight® → Future Sight™) is an edit: the translation writes
    # the marks too, and changed them with the English (107.10's 预知将来® → ™ in 2023-10-13's); read as
    # typography, its stale Chinese went off the translators' work list
    assert trace_lineage(old, new).of_new(n("107.10")).kind == "edited"
    lineage = trace_lineage(old, new)
    # Friends forever, restated around its name when the partner rules were: one rule, not a removal
    assert lineage.of_old(n("702.124g")).new == n("702.124j")
    assert lineage.of_old(n("712.3d")).new == n("712.3a")
    assert lineage.of_old(n("714.3a")).kind == "edited"  # a sentence appended, not a removal and an addition


def test_diff_command_json(corpus_files):
    result = subprocess.run([sys.executable, "-m", "generator", "diff", str(CORPUS_EN), str(CORPUS_EN_OLD), "--json"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["old"], report["new"], report["lang"]) == ("2023-04-14", "2023-11-17", "en")  # either order
    assert report["counts"]["moved"] == 4
    edited = next(r for r in report["rules"] if r["new"] == "714.3a")
    assert edited["kind"] == "edited" and edited["new_text"].startswith(edited["old_text"][:60])


def test_changes_page(full_site):
    html = (full_site / "cr" / "changes" / "index.html").read_text(encoding="utf-8")
    # in the sections' words and order
    assert "2023-04-14 → 2023-11-17: <span lang=en>changed 43, added 58, removed 1, renumbered 4, renumbered and changed 5, " \
           "glossary added 12, glossary edited 3<br></span>" in html  # each language's summary in its mode
    # in Chinese too, and today's Chinese of a changed rule under what changed in its English
    assert "<span lang=zh-Hans>修改 43，新增 58，删除 1，改号 4，改号并修改 5，词汇表新增 12，词汇表改写 3</span>" in html
    row = html[html.index('<tr id="change-cr113-6g">'):].split("</tr>", 1)[0]
    assert "<ins>or can’t be copied </ins>" in row and "<div lang=zh-Hans>一个物件上叙述其不能被反击或不能被复制的异能" in row
    assert '<a href="../../editions/2023-04-14/7/#cr712-3d">712.3d</a> → <a href="../7/#cr712-3a">712.3a</a>' in html
    # each change its own address, to point a reader at: by today's number, a removed rule's by its old one
    assert '<tr id="change-cr712-3a"><td><a class=cr-change-link href="#change-cr712-3a"' in html
    assert re.search(r'<tr id="change-was-cr\d{3}[-\w]*"><td><a class=cr-change-link', html)
    assert "<del>" in html and "<ins>" in html
