"""The search in pieces gives what the whole data gave: every query of every query set, the site of
this checkout against the baseline commit's (the search with its data in one file), both built from
the same sources in the same run, compared result by result.

    .venv/bin/python bench/search_identity.py [--baseline REV]

The full bilingual 2023-11-17 site with 2023-04-14's English (as tests/test_search_quality.py and
bench/search_quality.py build it). For each query of tests/search_queries.yml, the keyword and
glossary names of the quality test (1,842 with those), the readers' words, the questions and the
three sets of unseen questions:
- its fifty results (address, kind, number, titles, edition), searched from today's chapter 7 and
  from 2023-04-14's, where that edition's rules come first;
- what the dialog shows, typed into it on today's chapter 7: the line above the results (how many,
  or that none or no rule answers) and every result's text, its snippet with its marks.
Prints, for each set, how many queries gave the same, and the first that did not.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]
from query_set import QUESTIONS, READERS_WORDS, UNSEEN_QUESTIONS, WHOLE_SENTENCES, asked_in, query_set  # noqa: E402
from search_quality import SOURCES, built_with_baseline  # noqa: E402

BASELINE = "e91be2c"  # the search with its data in one file (the parent of the pieces)
PAGES = ["cr/7/", "editions/2023-04-14/7/"]
# the dialog's line and every result's text, once the results are all there
SHOWN = """q => new Promise(done => {
  const box = document.querySelector('.cr-search__input'), meta = document.querySelector('.cr-search__meta'),
        list = document.querySelector('.cr-search__results');
  box.value = q;
  box.dispatchEvent(new Event('input'));
  const look = () => /结果|No results|最接近/.test(meta.textContent) && !list.hasAttribute('aria-busy') ?
    done([meta.textContent, [...list.querySelectorAll('.cr-search__result')].map(r => r.innerText)]) : setTimeout(look, 5);
  look();
})"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a page closed while a script came


def serve(site: Path) -> str:
    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def ranked(browser, url: str, queries: list[str], whole: bool) -> list:
    """Each query's fifty results, as [address from the site root, kind, number, titles, edition]."""
    page = browser.new_page()
    page.goto(url)
    page.click(".cr-search-button")
    if whole:  # the baseline: its data read at once, findRules answers at once
        page.wait_for_function("() => window.CR && CR.findRules && CR.findRules('x') !== null && CR.question")
        found = page.evaluate("qs => qs.map(q => CR.findRules(q))", queries)
    else:
        found = page.evaluate("qs => Promise.all(qs.map(q => CR.findRules(q)))", queries)
    page.close()
    return [[[r[0].split("/", 3)[-1]] + r[1:] for r in results] for results in found]


def shown(browser, url: str, queries: list[str]) -> list:
    page = browser.new_page()
    page.goto(url)
    page.click(".cr-search-button")
    seen = [page.evaluate(SHOWN, q) for q in queries]
    page.close()
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from chromium import launch
    from generator.history.corpus import load_corpus
    sets = {"names and hand-written (quality test)": [q for q, _, _ in query_set(load_corpus(None, [str(s) for s in SOURCES[:2]]).shown[0])]}
    sets |= {path.name: [q for q, _ in asked_in(path)] for path in (QUESTIONS, READERS_WORDS, WHOLE_SENTENCES, *UNSEEN_QUESTIONS)}
    with built_with_baseline(args.baseline, "cr-search-identity-") as (ours_site, baseline_site), sync_playwright() as p:
        ours, baseline = serve(ours_site), serve(baseline_site)
        browser = launch(p)
        print(f"baseline {args.baseline}; every query's fifty results, and what the dialog shows on today's chapter 7")
        print("| query set | queries | " + " | ".join(f"the same results from {page}" for page in PAGES) + " | the same on screen |")
        print("|---|---|" + "---|" * (len(PAGES) + 1))
        differ = []
        for name, queries in sets.items():
            same = []
            for page in PAGES:
                mine, theirs = ranked(browser, ours + page, queries, False), ranked(browser, baseline + page, queries, True)
                same.append(sum(a == b for a, b in zip(mine, theirs)))
                differ += [(page, q, a[:3], b[:3]) for q, a, b in zip(queries, mine, theirs) if a != b][:3]
            mine, theirs = shown(browser, ours + PAGES[0], queries), shown(browser, baseline + PAGES[0], queries)
            same.append(sum(a == b for a, b in zip(mine, theirs)))
            differ += [("screen", q, a[0], b[0]) for q, a, b in zip(queries, mine, theirs) if a != b][:3]
            print(f"| {name} | {len(queries)} | " + " | ".join(str(n) for n in same) + " |")
        browser.close()
    for d in differ:
        print("differs:", d)


if __name__ == "__main__":
    main()
