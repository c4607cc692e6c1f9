"""Search puts the answer first: the query set (tests/search_queries.yml and every keyword and
glossary term in both languages) run through the site's own ranking in Chromium, on the full
bilingual 2023-11-17 build. The test asserts the figures the issue set: top-1 at least 95%,
top-3 at least 99%. The readers' own words (tests/search_readers_words.yml) are held to the same."""
import re
from pathlib import Path

import pytest
import yaml

from conftest import CORPUS_EN, CORPUS_ZH
from generator.history.corpus import load_corpus
from query_set import figures, query_set, rank


@pytest.fixture(scope="module")
def queries():
    edition = load_corpus(None, [str(CORPUS_EN), str(CORPUS_ZH)]).shown[0]
    return edition.date, query_set(edition)


@pytest.fixture(scope="module")
def searching(browser, full_url):
    """The full bilingual site's chapter 7, its search data loaded: one page for the module's tests
    (they only ask the ranking), which fails them on any console error."""
    from conftest import Page
    opened = Page(browser)
    opened.page.goto(full_url + "cr/7/")
    opened.page.click(".cr-search-button")
    opened.page.wait_for_function("() => window.CR && CR.findRules && CR.findRules('x') !== null")
    yield opened.page
    errors = opened.errors
    opened.close()
    assert errors == [], errors


def test_the_answer_comes_first(searching, queries):
    current, asked = queries
    assert len(asked) > 1000 and sum(1 for q in asked if not q[2]) >= 40
    results = searching.evaluate("qs => qs.map(q => CR.findRules(q).slice(0, 10))", [q for q, _, _ in asked])
    places = [rank(r, answers, q, by_name, current) for r, (q, answers, by_name) in zip(results, asked)]
    hand = figures(places[:sum(1 for q in asked if not q[2])])
    overall = figures(places)
    wrong = [(q, answers, [r[0] for r in res[:3]]) for (q, answers, _), res, p in zip(asked, results, places) if p != 1]
    assert overall["top1"] >= 0.95 and overall["top3"] >= 0.99, (overall, wrong[:40])
    assert hand["top1"] >= 0.95 and hand["top3"] >= 0.99, (hand, wrong[:40])


READERS = Path(__file__).resolve().parent / "search_readers_words.yml"


def test_the_readers_words_find_the_answer(searching, queries):
    """Abbreviations, slang, old names, the Chinese players say, numbers written out, short
    phrases (tests/search_readers_words.yml): the answer first for 95%, in the first three for 99%."""
    current, _ = queries
    asked = [(str(q), [str(a) for a in answers]) for q, answers in yaml.safe_load(READERS.read_text("utf-8"))["questions"]]
    assert len(asked) >= 90
    results = searching.evaluate("qs => qs.map(q => CR.findRules(q).slice(0, 10))", [q for q, _ in asked])
    places = [rank(r, answers, q, False, current) for r, (q, answers) in zip(results, asked)]
    wrong = [(q, answers, [r[2] or r[3] for r in res[:3]]) for (q, answers), res, p in zip(asked, results, places) if p != 1]
    found = figures(places)
    assert found["top1"] >= 0.95 and found["top3"] >= 0.99, (found, wrong)


def misspelt(name: str, how: int, filler: str) -> str:
    """The name with one character added (how 0), dropped (1) or changed (2), in its middle."""
    middle = len(name) // 2
    if how == 0:
        return name[:middle] + filler + name[middle:]
    if how == 1:
        return name[:middle] + name[middle + 1:]
    return name[:middle] + (filler if name[middle] != filler else name[0]) + name[middle + 1:]


def test_words_of_the_rules_never_find_nothing(searching, queries):
    """Every glossary term, English and Chinese, with one character added, dropped or changed
    (each term one way, in turn; the character put in is one the rules use) gets results."""
    _, asked = queries
    names = sorted({q for q, answers, by_name in asked if by_name and answers[0].startswith("term:")})
    typed = [misspelt(name, i % 3, "牌" if re.search("[\u4e00-\u9fff]", name) else "e") for i, name in enumerate(names)]
    typed = [q for q in typed if q.strip()]
    assert len(typed) > 1200
    empty = searching.evaluate("qs => qs.filter(q => CR.findRules(q).length === 0)", typed)
    assert empty == []


def test_words_that_name_javascript_properties_are_words_too(searching):
    """The index keeps words in maps without a prototype: "constructor" typed into the search once
    threw (a synonym map inherited Object's), and would have matched every rule."""
    found = searching.evaluate("qs => qs.map(q => CR.findRules(q).length)", ["constructor", "__proto__", "toString",
                                                                             "hasOwnProperty", "constructor etb"])
    assert all(0 <= n < 50 for n in found[:3]) and found[4] > 0, found  # (hasOwnProperty: has, own, property)
