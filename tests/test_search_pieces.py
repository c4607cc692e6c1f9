"""The search data in pieces (generator/site/search_pieces.py, overrides/assets/cr-search-pieces.js):
each query loads what its ranking reads and no less; the generator reads the rules' words as the
search reads a query's; the pieces' format. That the pieces rank every query of every query set as
the whole data did is bench/search_identity.py's proof, against the commit before the pieces."""
import json
import re

import pytest

from generator.site.search_index import base_forms, english_words, positions, read, utf16_length, written_words
from generator.site.search_pieces import base36, encode, front_coded, same_words
from query_set import READERS_WORDS, UNSEEN_QUESTIONS, WHOLE_SENTENCES, asked_in


def script_data(path):
    """The arguments of a data script's one call."""
    text = path.read_text(encoding="utf-8")
    return json.loads("[" + text[text.index("(") + 1:text.rindex(")")] + "]")


@pytest.fixture(scope="module")
def searching(browser, full_url):
    from conftest import Page
    opened = Page(browser)
    opened.page.goto(full_url + "cr/7/")
    assert opened.page.evaluate("() => CR.findRules('x')") is not None
    yield opened.page
    errors = opened.errors
    opened.close()
    assert errors == [], errors


@pytest.mark.parametrize("asked", ["readers' words and whole sentences", "held out"])
def test_each_query_loads_what_its_ranking_reads(searching, asked):
    """Every query of the readers' words and question sets, each with nothing loaded but the base:
    the ranking reads only places whose pieces it asked for (it throws on any other), and gives what
    it gives with every piece it asked for by then. (Without the pairs' words among what a query
    asks for, "the stack" and "in play" failed.) Of the held-out sets, every third question: each
    query costs its pieces' loading, one after another, and all seventeen sets' questions, of the
    same shapes, took 41 s of the suite's five minutes. In two halves, which two workers can share."""
    if asked == "held out":
        queries = [q for path in UNSEEN_QUESTIONS for q, _ in asked_in(path)][::3]
    else:
        queries = [q for path in (READERS_WORDS, WHOLE_SENTENCES) for q, _ in asked_in(path)]
    assert len(queries) > 200
    alone = searching.evaluate("""async qs => { const found = [];
        for (const q of qs) { CR.searchPieces.forget(); found.push(await CR.findRules(q)); }
        return found; }""", queries)
    again = searching.evaluate("qs => Promise.all(qs.map(q => CR.findRules(q)))", queries)
    assert alone == again
    assert all(found for found in alone)


def test_the_first_results_texts_are_asked_for_before_the_rest(searching):
    """A question's first three results' texts are asked for alone, the next screenful's once they
    are shown: on a phone's shared connection the top result does not wait for nine others' texts
    (asking for ten at once, this question's first result waited for 5 pieces)."""
    first, later = searching.evaluate("""async q => {
        const before = [], after = [], load = CR.loadScript;
        CR.searchPieces.forget();
        CR.loadScript = (key, src, done) => {
          (document.querySelector('.cr-search__result a') ? after : before).push(src);
          return load(key, src, done);
        };
        CR.openSearch('');
        CR.openSearch(q);
        const list = document.querySelector('.cr-search__results');
        while (!list.querySelector('.cr-search__result a') || list.hasAttribute('aria-busy')) {
          await new Promise(r => setTimeout(r, 5));
        }
        CR.loadScript = load;
        const texts = srcs => srcs.filter(src => /[/]text-[0-9a-f]+[.]js$/.test(src)).length;
        return [texts(before), texts(after)];
    }""", "can I activate a loyalty ability twice in one turn")
    searching.keyboard.press("Escape")
    assert 1 <= first <= 3 and later >= 3, (first, later)


def test_a_change_of_power_and_toughness_is_one_word(searching):
    """+1/+1 is one word in the rules and in a query alike, not the number 1 twice."""
    for text, words in [("a +1/+1 counter", ["a", "p1p1", "counter"]), ("two -1/-1 counters", ["two", "m1m1", "counter"]),
                        ("gets +X/+0", ["get", "pxp0"]), ("a 2/2 Zombie", ["a", "2", "2", "zombie"]),
                        ("+1/+1指示物", ["p1p1"])]:
        assert english_words(text, {}) == words
        assert searching.evaluate("t => CR.searchWords(t)", text) == words


def test_the_rules_are_read_as_a_query_is(searching, full_site):
    """The generator's reading of every title and text into words (search_index.py) is the search's
    reading of a query (cr-search.js englishWords), word for word."""
    base = script_data(full_site / "assets/data/search.js")[0]
    texts = [t for path in sorted((full_site / "assets/data/search").glob("text-*.js"))
             for _, en, _ in script_data(path)[1]["texts"] for t in [en] if t]
    written = [t for t in base["docs"]["en"] if t] + texts
    assert len(written) > 4000
    bases = base_forms(base["written"])
    assert searching.evaluate("ts => ts.map(t => CR.searchWords(t))", written) == [english_words(t, bases) for t in written]


def test_a_verb_is_compared_as_its_base_where_the_rules_write_it(searching):
    """-ed and -ing are read as the base the rules write ("suspect" finds "suspected"), checked
    against the words written: "noted" is never "not", and "during" no "dur"."""
    assert base_forms(["exile", "exiled", "exiling", "tap", "tapped", "tapping", "copy", "copied", "not", "note",
                       "noted", "during", "cloaks", "cloaked", "speed", "rolled", "roll"]) == {
        "exiled": "exile", "exiling": "exile", "tapped": "tap", "tapping": "tap", "copied": "copy", "noted": "note",
        "cloaked": "cloak", "rolled": "roll"}
    assert base_forms(["suspected"]) == {}  # no base written: as before, the word itself
    typed = "exiled tapping copied noted during attacked"
    assert searching.evaluate("t => CR.searchWords(t)", typed) == ["exile", "tap", "copy", "note", "during", "attack"]
    first = searching.evaluate("q => CR.findRules(q).then(found => found[0][0])", "copied")
    assert first == "cr/glossary/#g-copy", first  # was 113.6g, one of the few rules that say "copied"


def test_where_words_and_characters_stand():
    docs = [[0, "", "702.19", 0, "Trample", "践踏", None, None],
            [0, "", "702.19a", 0, None, None, "Trample is a static ability. Trample's rules.", "践踏是静止式异能。𠀀践踏"]]
    readings = read(docs, written_words(docs))
    en, zh = positions(readings[1], set())
    assert readings[1].words[:4] == ["trample", "is", "a", "static"] and en["trample"] == [0, 5] and en["rule"] == [6]
    # UTF-16 places, as JavaScript counts them: the character outside the Basic Plane counts two
    assert readings[1].zh == "\n践踏是静止式异能。𠀀践踏" and zh["践"] == [1, 12] and "。" not in zh
    assert utf16_length("𠀀") == 2 and readings[1].length == 7  # seven English words, more than 13 / 2
    assert readings[0].length == 1 and readings[0].flags == 0


def test_the_formats():
    assert base36(0) == "0" and base36(35) == "z" and base36(36) == "10"
    assert encode([(4, [0, 7]), (49, [3])]) == "4.0.7,19.3"
    assert front_coded(["100", "100.1", "100.1a", "100.1b", "100.2", ""]) == "0100 0.1 0a 1b 22 5"
    with pytest.raises(ValueError):
        front_coded(["1 2"])
    older = [0, "", "100.1", 1, None, None, "Text", None, 1]
    docs = [[0, "", "100.1", 0, None, None, "Text", "文本"], older, [0, "", "100.2", 1, None, None, "Other", None, 1]]
    assert same_words(docs, {1: 0, 2: 0}) == {1: 0}  # 100.2's English is not today's 100.1's


def test_every_piece_is_named_by_what_it_holds(full_site):
    import hashlib
    from generator.safe import script_json
    pieces = sorted((full_site / "assets/data/search").glob("*.js"))
    assert len(pieces) > 100
    for path in pieces:
        name, data = script_data(path)
        assert path.name == name + ".js" and re.fullmatch(r"(en|zh|text)-[0-9a-f]{12}", name)
        assert name.endswith(hashlib.sha256(script_json(data).encode("utf-8")).hexdigest()[:12])
