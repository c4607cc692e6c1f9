"""Lineage between editions, pinned on the official texts and on hand-made editions: which rule
became which, found from the texts."""
import re
from collections import Counter
from difflib import SequenceMatcher

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CORPUS, needs_corpus
from generator.history.lineage import SIMILAR, _shared_words_ratio, trace_lineage
from generator.rules.numbers import parse_number as n
from generator.rules.word_diff import wording
from generator.history.corpus import load_corpus
from test_diff import LONG_A, LONG_B, LONG_C, edition


SENTENCE_END = re.compile(r"(?<=[.!?”])\s+")
CITED = re.compile(r"\b\d{3}(?:\.\d{1,3}[a-z]?)?(?:[–-][a-z]\b)?")  # 702.19c, 903, 601.2f–h


def official(date: str):
    path = CORPUS / "en" / f"MagicCompRules-{date}.txt"
    needs_corpus(path)
    return load_corpus(None, [str(path)]).editions[0]


@pytest.fixture(scope="module")
def late_2023():
    return trace_lineage(official("20231117"), official("20240206"))


def test_a_change_of_cited_numbers_only_is_not_an_edit(late_2023):
    link = late_2023.of_old(n("104.6"))  # "rule 724" became "rule 726" because 724 moved
    assert (link.kind, link.new, link.text_changed) == ("references", n("104.6"), False)
    moved = late_2023.of_old(n("701.34d"))  # a rule inserted before it: a move, not an edit
    assert (moved.kind, moved.new) == ("moved", n("701.34e"))
    assert late_2023.counts()["references"] == 15 and late_2023.counts()["moved"] == 105
    # a text left word for word is no edit, even where the English did not renumber what it cites
    # (723.6 became 724.6 and still cites 724, the subgames section that is 725 now)
    unrenumbered = late_2023.of_old(n("723.6"))
    assert (unrenumbered.kind, unrenumbered.new, unrenumbered.text_changed) == ("moved", n("724.6"), False)
    # every pair read against the texts themselves, their rule numbers masked here (not by lineage):
    # where only cited numbers differ, no pair is an edit; the moved rules among them are checked too
    old, new = ({r.number: r.texts["en"] for r in official(d).rules()} for d in ("20231117", "20240206"))

    def masked(text):
        return (CITED.sub("#", text.text), tuple(CITED.sub("#", e.text) for e in text.examples))
    cited_only = [link for link in late_2023.rules if link.old and link.new and old[link.old].text != new[link.new].text
                  and masked(old[link.old]) == masked(new[link.new])]
    assert {link.kind for link in cited_only if link.old == link.new} == {"references"}
    assert {link.kind for link in cited_only if link.old != link.new} == {"moved"}
    assert len(cited_only) >= 15 + 3


@pytest.mark.parametrize("old,new,number,changed", [
    ("20230414", "20231117", "714.3a", "text"),  # a sentence appended (2x as long)
    ("20200122", "20200417", "100.5", "text"),  # 5x as long
    ("20190612", "20190712", "107.1c", "text"),  # shortened to a third
    ("20190125", "20190503", "702.15e", "examples"),  # only its example changed ("you may" dropped)
    ("20070201", "20070501", "212.6", "text"),  # a short title renamed: "Land" -> "Lands"
])
def test_an_edit_stays_the_same_rule_whatever_its_length(old, new, number, changed):
    link = trace_lineage(official(old), official(new)).of_old(n(number))
    assert (link.kind, link.new) == ("edited", n(number))
    assert (link.text_changed, link.examples_changed) == (changed == "text", changed == "examples")


def test_a_change_of_typography_alone_is_no_edit():
    """The 2019-01-25 file had straight quotes, the releases on each side curly ones: 1,401 rules
    differ only so from 2018-10-05, and were "edited" in their histories and the changes page."""
    lineage = trace_lineage(official("20181005"), official("20190125"))
    assert lineage.counts()["typography"] >= 1400 and lineage.counts()["edited"] < 25
    back = trace_lineage(official("20190125"), official("20190503"))
    quotes = back.of_old(n("106.5"))  # its example's quotes and apostrophe, “{T}: … color.” Meteor Crater’s
    assert (quotes.kind, quotes.new, quotes.text_changed, quotes.examples_changed) == ("typography", n("106.5"), False, False)
    assert back.of_old(n("702.15e")).kind == "edited"  # beside it, an example's real edit, quotes and all


def test_typography_is_uniform_in_a_texts_wording_and_nothing_else_is():
    assert wording("It’s “_Magic_” — a game…\nof  cards −1") == wording('It\'s "Magic" - a game... of cards -1')
    assert wording("deals damage") != wording("deals Damage")  # a word's case is wording
    assert wording("snake_case_name") == "snake_case_name"  # an underscore inside a word is no italics


# twenty-four sentences of words none of the kept ones use: what a rule loses (or gains) across editions
LOST = " ".join(f"Clause {w} of the procedure {w} describes how {w} tokens {w} rotate, {w} expire and {w} return later."
                for w in ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma "
                          "tau upsilon phi chi psi omega".split()))


# a long last sentence, rewritten in other words: what is kept of the shorter text is then its
# sentences, not most of its words
SORTED = ("If the table is crowded, every widget that is not in a deck is sorted by colour, then by size, "
          "then by the order in which the players first touched it, and stacked beside the dealer.")
RESTATED = ("Whenever space around a crowded table runs short, spare widgets outside any deck go into one "
            "heap near whoever deals, arranged however that person likes best at that moment.")


@pytest.mark.parametrize("grows", [False, True])
@pytest.mark.parametrize("last", ["kept", "rewritten"])
def test_a_rule_that_keeps_its_first_sentences_and_loses_the_rest_is_edited(tmp_path, grows, last):
    """510.1c from 2023-11-17 to 2025-11-14 kept its first three sentences, rewrote its fourth and
    lost the rest; here made up, with the lost part long enough (far below the similarity of
    consecutive editions, 0.3 at the same number) that only the containment of the shorter text in
    the longer pairs it: its words, or (its long last sentence rewritten) its sentences all but one.
    The mirror case, a rule that grows so, is the same rule too."""
    from difflib import SequenceMatcher
    from generator.rules.word_diff import words
    kept = f"{LONG_A} {LONG_B} {SORTED}"
    shorter = kept if last == "kept" else f"{LONG_A} {LONG_B} {RESTATED}"
    texts = [f"{kept} {LOST}", shorter][::-1 if grows else 1]
    matcher = SequenceMatcher(None, words(texts[0]), words(texts[1]), autojunk=False)
    assert matcher.ratio() < 0.3
    in_longer = sum(m.size for m in matcher.get_matching_blocks()) / len(words(shorter))
    assert in_longer > 0.9 if last == "kept" else in_longer < 0.7
    old = edition(tmp_path, "old.txt", "March 3, 2011", [("100.1.", "Widgets are objects."), ("100.2.", texts[0])])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", "Widgets are objects."), ("100.2.", texts[1])])
    link = trace_lineage(old, new).of_old(n("100.2"))
    assert (link.kind, link.new, link.text_changed) == ("edited", n("100.2"), True)


# 510.1c's shape from 2023-11-17 to 2025-11-14: four sentences, the fourth rewritten when the damage
# assignment order went away, and three long examples (320 words) replaced by one, different example
ORDERED = "If two or more widgets are drawn, the player arranges them according to the widget order announced for them."
DIVIDED = "If two or more widgets are drawn, the player divides them as that player chooses among the piles."
OLD_EXAMPLES = [f"Example: The widget order of a {colour} sprocket (a {n}-tooth widget) is a brass gear then a copper "
                f"lever, then a {colour} spring that was {verb} earlier this round. During the shuffle, the dealer "
                f"{verb} the brass gear, which gives it {n} more teeth until the round ends. The {colour} sprocket must "
                f"rotate its {n} teeth toward the gear before the lever, and it can rotate {n} teeth toward the "
                f"lever only once the gear has its full share of the rotation announced for it. Had the dealer "
                f"{verb} the copper lever instead, the sprocket could rotate all {n} teeth toward the gear, or "
                f"split them between the gear and the lever in any proportion the order still permits."
                for colour, n, verb in (("crimson", 5, "polished"), ("cobalt", 7, "bent"), ("amber", 3, "oiled"))]
NEW_EXAMPLE = ("Example: Kim draws a ferrule (worth 4 points), a grommet (worth 2 points) and a washer (worth 1 "
               "point). Kim puts the ferrule and the washer into the left pile, since that pile already holds 3 "
               "points, and the grommet into the right pile. Any other split among those piles would be allowed "
               "too, including all three into one pile, as long as each drawn widget ends up in some pile.")


@pytest.mark.parametrize("grows", [False, True])
def test_a_rule_whose_examples_were_all_replaced_is_edited(tmp_path, grows):
    """The pairing's evidence at one number is the rule's own text: its examples may confirm a pair
    but never break one. On the text with its examples, the shorter rule keeps less than 0.7 of its
    words in the longer and the two are far below 0.3 alike; on the text alone they are one rule."""
    from difflib import SequenceMatcher
    from generator.rules.word_diff import words
    kept = f"{LONG_A} {LONG_B} {LONG_C}"
    rules = [(f"{kept} {ORDERED}", OLD_EXAMPLES), (f"{kept} {DIVIDED}", [NEW_EXAMPLE])][::-1 if grows else 1]
    full = [words("\n".join([text] + examples)) for text, examples in rules]
    matcher = SequenceMatcher(None, *full, autojunk=False)
    shorter = min(map(len, full))
    assert matcher.ratio() < 0.3 and sum(m.size for m in matcher.get_matching_blocks()) < 0.7 * shorter
    assert rules[0][0] not in rules[1][0] and rules[1][0] not in rules[0][0]  # not one inside the other

    def dated(name, date, text, examples):
        return edition(tmp_path, name, date, [("100.1.", "Widgets are objects."), ("100.2.", "\n".join([text] + examples))])
    lineage = trace_lineage(dated("old.txt", "March 3, 2011", *rules[0]), dated("new.txt", "June 9, 2031", *rules[1]))
    link = lineage.of_old(n("100.2"))
    assert (link.kind, link.new, link.text_changed, link.examples_changed) == ("edited", n("100.2"), True, True)
    assert len(lineage.rules) == 2


def test_a_rule_that_kept_one_sentence_of_three_is_not_the_same_rule_by_its_sentences(tmp_path):
    """All but one of the shorter text's sentences must stand in the longer: one kept sentence of
    three, the rest other words, is no evidence (and no more alike by words), so the rule is
    removed and another added at its number."""
    old_text = f"{LONG_A} {LONG_B} {LONG_C}"
    new_text = f"{LONG_A} {LOST}"
    old = edition(tmp_path, "old.txt", "March 3, 2011", [("100.1.", "Widgets are objects."), ("100.2.", old_text)])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", "Widgets are objects."), ("100.2.", new_text)])
    kinds = sorted(link.kind for link in trace_lineage(old, new).rules)
    assert kinds == ["added", "removed", "unchanged"]


def test_across_distant_editions_a_rule_that_kept_its_number_and_most_of_its_text_is_edited():
    """201.2a grew from one sentence (2018) into two (2024) that hold most of its words: far below
    the similarity two consecutive editions need, but the same rule, not one removed and one added."""
    old, new = official("20180713"), official("20240206")
    lineage = trace_lineage(old, new)
    link = lineage.of_old(n("201.2a"))
    assert (link.kind, link.new, link.text_changed) == ("edited", n("201.2a"), True)
    assert n("201.2a") not in {x.new for x in lineage.rules if x.kind == "added"}
    assert_no_rule_that_kept_its_first_sentence_is_removed_and_added(old, new, lineage)


def test_across_distant_editions_a_rule_whose_examples_went_is_edited():
    """104.2 of 2003 (two sentences, two examples on negative values) kept its second sentence at its
    number in 2009, the first and the examples gone elsewhere: the same rule by its own text."""
    old, new = official("20031201"), official("20090201")
    lineage = trace_lineage(old, new)
    link = lineage.of_old(n("104.2"))
    assert (link.kind, link.new, link.text_changed, link.examples_changed) == ("edited", n("104.2"), True, True)
    assert_no_rule_that_kept_its_first_sentence_is_removed_and_added(old, new, lineage)


def assert_no_rule_that_kept_its_first_sentence_is_removed_and_added(old, new, lineage):
    """No rule that kept its number and its first sentence (of eight words or more) is removed and added."""
    before, after = ({r.number: SENTENCE_END.split(r.texts["en"].text) for r in e.rules()} for e in (old, new))
    removed = {x.old for x in lineage.rules if x.kind == "removed"}
    kept_first = {number for number in removed & {x.new for x in lineage.rules if x.kind == "added"}
                  if before[number][0] == after[number][0] and len(before[number][0].split()) >= 8}
    assert kept_first == set() and len(removed) > 20


@pytest.mark.parametrize("old,new,before,after,kind", [
    ("20130429", "20130711", "Unblockable", "Unblockable (Obsolete)", "obsolete"),
    ("20210224", "20210419", "Converted Mana Cost", "Converted Mana Cost (Obsolete)", "obsolete"),
    ("20200807", "20200925", "Checklist Card", "Substitute Card", "renamed"),
])
def test_a_glossary_term_made_obsolete_or_renamed_is_the_same_term(old, new, before, after, kind):
    links = trace_lineage(official(old), official(new)).glossary
    assert any((t.old, t.new, t.kind) == (before, after, kind) for t in links)
    assert not any(t.kind in ("added", "removed") and (t.old or t.new) in (before, after) for t in links)


def test_duplicate_texts_follow_their_neighbours(tmp_path):
    old = edition(tmp_path, "old.txt", "March 3, 2031", [("100.1.", LONG_A), ("100.2.", "Reserved."),
                                                         ("100.3.", LONG_B), ("100.4.", "Reserved."),
                                                         ("100.5.", LONG_C)])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", "A rule inserted at the top of the section."),
                                                       ("100.2.", LONG_A), ("100.3.", "Reserved."),
                                                       ("100.4.", LONG_B), ("100.5.", "Reserved."), ("100.6.", LONG_C)])
    lineage = trace_lineage(old, new)
    assert {str(a): str(b) for a, b in lineage.forward.items()} == {
        "100.1": "100.2", "100.2": "100.3", "100.3": "100.4", "100.4": "100.5", "100.5": "100.6"}
    assert lineage.of_new(n("100.1")).kind == "added"


def test_a_renamed_title_moves_with_its_subrule(tmp_path):
    """A keyword renamed (Totem Armor -> Umbra Armor) and renumbered: too short to compare, but its
    first subrule says where it went."""
    old = edition(tmp_path, "old.txt", "March 3, 2031", [("702.89.", "Totem Armor"),
                                                         ("702.89a", "Totem armor is a static ability that appears on some Auras.")])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("702.88.", "Umbra Armor"),
                                                       ("702.88a", "Umbra armor is a static ability that appears on some Auras.")])
    lineage = trace_lineage(old, new)
    assert lineage.of_old(n("702.89")).new == n("702.88") and lineage.of_old(n("702.89a")).new == n("702.88a")
    assert lineage.of_old(n("702.89")).kind == "moved-edited"


def test_a_cited_number_is_rewritten_to_where_it_went(late_2023):
    assert late_2023.rewrite("See rule 701.34d.") == "See rule 701.34e."
    assert late_2023.rewrite("See rule 104.6 and 999.9.") == "See rule 104.6 and 999.9."  # unknown stays


def test_duplicate_texts_of_the_official_text_stay_apart(late_2023):
    """2023-11-17 has the same text at 103.4d and 903.12f (Brawl's life total), and at 107.8a and
    711.2a: each stays the rule it was, never paired across."""
    for number in ("103.4d", "903.12f", "107.8a", "711.2a", "313.5", "902.6"):
        assert late_2023.of_old(n(number)).new == n(number)


def test_a_rule_its_number_keeps_word_for_word_stays_itself_where_another_rule_had_its_text():
    """2023-04-14 has one text at 111.10i and 701.51b (the Incubator token); 2023-11-17 kept 701.51b
    and took the quotes off 111.10i's token name. Each is the rule it was: 701.51b unchanged, 111.10i
    edited, not two renumberings that swap them."""
    lineage = trace_lineage(official("20230414"), official("20231117"))
    assert (lineage.of_old(n("701.51b")).new, lineage.of_old(n("701.51b")).kind) == (n("701.51b"), "unchanged")
    assert (lineage.of_old(n("111.10i")).new, lineage.of_old(n("111.10i")).kind) == (n("111.10i"), "edited")


def test_a_split_and_a_merge_where_the_text_shows_them(tmp_path):
    old = edition(tmp_path, "old.txt", "March 3, 2031", [("100.1.", f"{LONG_A} {LONG_B}"), ("100.2.", LONG_C),
                                                         ("100.3.", "Players may agree to end the game in a draw.")])
    new = edition(tmp_path, "new.txt", "June 9, 2031", [("100.1.", LONG_A), ("100.2.", LONG_B),
                                                       ("100.3.", f"{LONG_C} Players may agree to end the game in a draw.")])
    lineage = trace_lineage(old, new)
    assert lineage.of_old(n("100.1")).new == n("100.1")  # shortened: still the same rule
    split = lineage.of_new(n("100.2"))
    assert (split.kind, split.part_of) == ("added", n("100.1"))  # its text was part of 100.1
    assert lineage.of_old(n("100.2")).new == n("100.3")
    merged = lineage.of_old(n("100.3"))
    assert (merged.kind, merged.part_of) == ("removed", n("100.3"))  # now part of the new 100.3


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("the a rule card spell it of to".split()), max_size=30),
       st.lists(st.sampled_from("the a rule card spell it of to".split()), max_size=30))
def test_the_shared_words_ratio_is_difflibs_quick_ratio(a, b):
    """The lineage's own count of the words two texts share gives the very figure SequenceMatcher's
    quick_ratio gave (the 89 consecutive editions' lineages were compared link by link before and
    after it replaced it), or 0 where its real_quick_ratio already ruled a pair out."""
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    expected = matcher.quick_ratio() if matcher.real_quick_ratio() >= SIMILAR else 0.0
    assert _shared_words_ratio(Counter(a), Counter(b), len(a), len(b)) == expected
