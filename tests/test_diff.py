"""Edition diffs: hand-made editions and the two English 2023 editions."""
import json
import subprocess
import sys

from conftest import CORPUS_EN, CORPUS_EN_OLD, ROOT
from generator.diff import diff_editions, word_diff
from generator.pipeline import load_corpus

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
    changes = diff_editions(old, new)
    found = {(c.kind, str(c.old), str(c.new), c.edited) for c in changes.rules}
    assert found == {("added", "None", "100.2", False), ("moved", "100.2", "100.3", False),
                     ("moved", "100.3", "100.4", True)}
    moved = next(c for c in changes.rules if c.new and str(c.new) == "100.4")
    assert word_diff(moved.old_text, moved.new_text) == (
        "The player who wins a <del>coin</del><ins>die</ins> <del>toss</del><ins>roll</ins> chooses who takes "
        "the first turn of the game, as in most games.")
    assert word_diff("规则<一>", "规则<二>") == "规则&lt;<del>一</del><ins>二</ins>&gt;"  # Chinese by character, escaped


def test_identical_short_rules_are_not_moves(tmp_path):
    old = edition(tmp_path, "old.txt", "March 3, 2031", [("100.1.", "Reserved."), ("100.2.", "Reserved."),
                                                         ("100.3.", LONG_A)])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", LONG_A), ("100.2.", "Reserved."),
                                                       ("100.3.", "Reserved.")])
    kinds = {(c.kind, str(c.old), str(c.new)) for c in diff_editions(old, new).rules}
    assert ("moved", "100.3", "100.1") in kinds
    assert not any(k == "moved" and o in ("100.1", "100.2") for k, o, _ in kinds)


def test_the_two_2023_editions(corpus_files):
    old = load_corpus(None, [str(CORPUS_EN_OLD)]).editions[0]
    new = load_corpus(None, [str(CORPUS_EN)]).editions[0]
    changes = diff_editions(old, new)
    assert changes.counts() == {"en added": 60, "en changed": 42, "en moved": 8, "en removed": 3,
                                "glossary added": 12, "glossary changed": 3}
    moves = {(str(c.old), str(c.new)) for c in changes.rules if c.kind == "moved"}
    assert ("714.3a", "702.155b") in moves and ("712.3d", "712.3a") in moves


def test_diff_command_json(corpus_files):
    result = subprocess.run([sys.executable, "-m", "generator", "diff", str(CORPUS_EN), str(CORPUS_EN_OLD), "--json"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["old"], report["new"]) == ("2023-04-14", "2023-11-17")  # given in either order
    assert report["counts"]["en moved"] == 8


def test_changes_page(full_site):
    html = (full_site / "cr" / "changes" / "index.html").read_text(encoding="utf-8")
    assert "2023-04-14 → 2023-11-17: en added 60, en changed 42, en moved 8, en removed 3" in html
    assert '<a href="../../editions/2023-04-14/7/#cr714-3a">714.3a</a> → <a href="../7/#cr702-155b">702.155b</a>' in html
    assert "<del>" in html and "<ins>" in html
