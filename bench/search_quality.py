"""Search quality and speed in Chromium: the query set (tests/search_queries.yml, and a sample of the
keyword and glossary names read from the corpus) typed into our search and into the baseline, the
Material search (lunr with jieba) of the commit before our own search, built from the same sources
in the same run.

    .venv/bin/python bench/search_quality.py [--baseline REV] [--every N]

Prints top-1, top-3, MRR, the median time from the last keystroke to the results, and the bytes a
first visit to chapter 7 transfers, for both.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
CORPUS = ROOT.parent / "shared" / "corpus"
SOURCES = [CORPUS / "en" / "MagicCompRules-20231117.txt", CORPUS / "zh" / "MagicCompRules-zh-20231117.txt",
           CORPUS / "en" / "MagicCompRules-20230414.txt"]
BASELINE = "6a8b9b1"  # the last commit with Material's search


def build(checkout: Path, site: Path) -> None:
    args = ["--no-manifest"] + [a for s in SOURCES for a in ("--source", str(s))]
    subprocess.run([sys.executable, "-m", "generator", "build", *args, "--site-dir", str(site), "--out", str(site) + "-build"],
                   cwd=checkout, check=True, capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
                                                                      "PYTHONPATH": str(checkout)})


@contextlib.contextmanager
def built_with_baseline(baseline: str, prefix: str):
    """Our site and the baseline commit's, built from SOURCES in a new folder: (ours, baseline).
    The baseline's checkout is a git worktree; it and the folder are removed afterwards."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    subprocess.run(["git", "worktree", "add", "--detach", str(work / "baseline"), baseline], cwd=ROOT,
                   check=True, capture_output=True)
    try:
        build(ROOT, work / "ours")
        build(work / "baseline", work / "baseline-site")
        yield work / "ours", work / "baseline-site"
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(work / "baseline")], cwd=ROOT, capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


def place(links: list[str], answers: list[str], query: str) -> int | None:
    """Where the first right link is, read from the addresses alone (both searches give them).
    Material heads each page's group with the page itself: a link to no rule or term is not
    counted as a result."""
    from generator.rules.anchors import slug
    from generator.rules.termbase import english_aliases

    def term_anchors(name: str) -> set[str]:  # as the glossary names them (termbase._anchor)
        return {"g-" + slug(n) for n in english_aliases(name)[:1] + [name]}
    anchored = [link for link in links if "#" in link][:10]
    for i, link in enumerate(anchored, 1):
        path, _, anchor = re.sub(r"\?[^#]*", "", link).partition("#")
        for answer in answers:
            if answer.startswith("term:") and anchor in term_anchors(answer[5:]):
                return i
            if not answer.startswith("term:") and "/cr/" in path and anchor == "cr" + answer.replace(".", "-"):
                return i
    return None


def first_visit_bytes(page, url: str) -> int:
    """What a first visit to chapter 7 transfers: the page and everything it loads by itself, its
    workers' requests included (Material's search worker fetches the index after the load)."""
    sizes: list[int] = []
    page.on("requestfinished", lambda request: sizes.append(request.sizes()["responseBodySize"]))
    page.goto(url + "cr/7/", wait_until="networkidle")
    page.wait_for_timeout(2000)
    return sum(sizes)


def run(site: Path, queries, ours: bool) -> tuple[list, list[float], int]:
    from playwright.sync_api import sync_playwright

    from chromium import launch

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    places, times = [], []
    with sync_playwright() as p:
        chromium = launch(p)
        visit = first_visit_bytes(chromium.new_page(), url)
        page = chromium.new_page()
        page.goto(url + "cr/7/")
        if ours:
            page.click(".cr-search-button")
            page.wait_for_function("() => window.CR.searchData")
        box = page.locator(".cr-search__input" if ours else "input.md-search__input")
        items = ".cr-search__result a" if ours else (".md-search-result__list a.md-search-result__link, "
                                                    ".md-search-result__list a.md-search-result__link ~ details a")
        for query, answers, _ in queries:
            box.fill("")
            page.wait_for_timeout(30)
            box.press_sequentially(query[:-1], delay=0)
            started = time.perf_counter()
            box.press_sequentially(query[-1], delay=0)
            if not ours:
                page.keyboard.press("End")
            # results for this query: ours answers at once; Material's meta line says 结果 once its
            # worker has answered (a Traditional query is rewritten character by character there)
            meta, box_css = (".cr-search__meta", ".cr-search__input") if ours else (".md-search-result__meta", ".md-search__input")
            page.wait_for_function(f"q => /结果|No results/.test(document.querySelector('{meta}').textContent) && "
                                   f"document.querySelector('{box_css}').value.length === q.length && "
                                   "!(document.querySelector('.cr-search__results') || {hasAttribute: () => false}).hasAttribute('aria-busy')",
                                   arg=query, polling=5, timeout=60000)
            times.append(time.perf_counter() - started)
            if not ours:
                page.wait_for_timeout(300)  # lunr answers from its worker
            places.append(place(page.eval_on_selector_all(items, "els => els.map(e => e.href)"), answers, query))
        chromium.close()
    server.shutdown()
    return places, times, visit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the commit whose Material search is the baseline")
    parser.add_argument("--every", type=int, default=12, help="take every Nth keyword and glossary name")
    args = parser.parse_args()
    from generator.history.corpus import load_corpus
    from query_set import figures, query_set
    asked = query_set(load_corpus(None, [str(s) for s in SOURCES[:2]]).shown[0])
    hand = [q for q in asked if not q[2]]
    queries = hand + [q for q in asked if q[2]][::args.every]
    with built_with_baseline(args.baseline, "cr-search-bench-") as (ours_site, baseline_site):
        print(f"{len(queries)} queries ({len(hand)} hand-written, every {args.every}th name of the rest)")
        print(f"{'':10} {'top-1':>7} {'top-3':>7} {'MRR':>6} {'typing to results (median)':>28} {'first visit to chapter 7':>26}")
        for name, site, ours in (("ours", ours_site, True), ("baseline", baseline_site, False)):
            places, times, visit = run(site, queries, ours)
            f = figures(places)
            print(f"{name:10} {f['top1']:7.1%} {f['top3']:7.1%} {f['mrr']:6.3f} {statistics.median(times) * 1000:25.0f} ms"
                  f" {visit / 1e6:23.2f} MB")


if __name__ == "__main__":
    main()
