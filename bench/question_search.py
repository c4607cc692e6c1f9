"""The question search on a throttled phone, against the search before it read questions (the
commit before cr-question.js), both built from the same sources in the same run.

    .venv/bin/python bench/question_search.py [--baseline REV] [--every N] [--rounds N]

The full bilingual 2023-11-17 site (and 2023-04-14's English, as bench/search_quality.py builds
it), served as GitHub Pages serves it (gzip), on bench/phone_offline.py's phone: 390x844 with
touch, CPU 4x slower, 1.6 Mbit/s, 150 ms. For each search:

- the bytes fetched, compressed, from a tap on the search button to the results of the first
  question (what a question needs that a page does not load);
- the time from that tap to those results (the data loaded and read on the phone's network);
- then, the data loaded, the time from a question's last key to its results on screen, for every
  question of tests/search_questions.yml (median and the slowest), and the same for names (every
  Nth keyword and glossary name of the query set, the fastest of three tries each): what a reader
  who does not ask pays;
- top-1 and top-3 of the questions, read from the links on screen; and of each set of unseen
  questions (tests/search_questions_unseen*.yml), none tuned on.

Each search is measured three times, alternating with the other; the figures are the medians.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]
from phone_offline import PHONE_NETWORK, PREFIX, PagesLike, phone  # noqa: E402
from query_set import UNSEEN_QUESTIONS, WHOLE_SENTENCES, asked_in, figures, query_set  # noqa: E402
from search_quality import SOURCES, built_with_baseline, place  # noqa: E402

BASELINE = "566a359"  # the search before it read questions (the parent of 4e029e0)
ROUNDS = 3  # each search measured this many times, alternating; figures are the medians

# the last key of a query, then its results on screen, every one (the search in pieces may fetch what
# the last word needs: the list is busy until it has come): the time between, measured in the page
LAST_KEY = """q => new Promise(done => {
  const box = document.querySelector('.cr-search__input'), meta = document.querySelector('.cr-search__meta');
  const list = document.querySelector('.cr-search__results');
  const frame = then => requestAnimationFrame(() => setTimeout(then, 0));
  const shown = then => frame(() => /结果|No results|最接近/.test(meta.textContent) && !list.hasAttribute('aria-busy') ?
    then() : shown(then));
  box.value = q.slice(0, -1);
  box.dispatchEvent(new Event('input'));
  (box.value ? shown : frame)(() => {  /* an empty box shows nothing to wait for (a name of one character) */
    const started = performance.now();
    box.value = q;
    box.dispatchEvent(new Event('input'));
    shown(() => done([performance.now() - started,
                      [...document.querySelectorAll('.cr-search__result a')].map(a => a.href)]));
  });
})"""


def serve(site: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesLike, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def measure(browser, site: Path, questions: list, unseen: list, names: list) -> dict:
    server, url = serve(site)
    context = phone(browser, workers=False)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    page.goto(url + "cr/7/", wait_until="load")
    page.wait_for_timeout(1000)
    received: list[int] = []
    cdp.on("Network.loadingFinished", lambda e: received.append(e["encodedDataLength"]))
    first = questions[0][0]
    started = page.evaluate("() => performance.now()")
    page.click(".cr-search-button")
    page.fill(".cr-search__input", first)
    page.wait_for_function("() => /结果|results|最接近/.test(document.querySelector('.cr-search__meta').textContent)",
                           polling=20, timeout=120000)
    to_first = (page.evaluate("() => performance.now()") - started) / 1000
    fetched = sum(received)
    timed = [page.evaluate(LAST_KEY, q) for q, _ in questions]
    found = figures([place(links, answers, q) for (ms, links), (q, answers) in zip(timed, questions)])
    unseen_found = [figures([place(page.evaluate(LAST_KEY, q)[1], answers, q) for q, answers in asked]) for asked in unseen]
    by_name = [min(page.evaluate(LAST_KEY, q)[0] for _ in range(3)) for q in names]  # the fastest of three
    context.close()
    server.shutdown()
    question_ms = [ms for ms, _ in timed]
    return {"bytes": fetched, "to_first": to_first, "median": statistics.median(question_ms), "slowest": max(question_ms),
            "names": statistics.median(by_name), "top1": found["top1"], "top3": found["top3"],
            **{f"unseen_{k}_{top}": found[top] for k, found in enumerate(unseen_found, 1) for top in ("top1", "top3")}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the commit whose search is the baseline")
    parser.add_argument("--every", type=int, default=12, help="take every Nth keyword and glossary name")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds, each site once a round")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from chromium import launch

    from generator.history.corpus import load_corpus
    questions, unseen = asked_in(WHOLE_SENTENCES), [asked_in(path) for path in UNSEEN_QUESTIONS]
    names = [q for q, _, by_name in query_set(load_corpus(None, [str(s) for s in SOURCES[:2]]).shown[0]) if by_name][::args.every]
    with built_with_baseline(args.baseline, "cr-question-bench-") as sites, sync_playwright() as p:
        browser = launch(p)
        rounds = [[measure(browser, site, questions, unseen, names) for site in sites]
                  for _ in range(args.rounds)]  # alternating, so that neither has the quieter machine
        browser.close()
    ours, base = ({key: statistics.median(r[i][key] for r in rounds) for key in rounds[0][i]} for i in (0, 1))
    print(f"Throttled phone (4x CPU, 1.6 Mbit/s, 150 ms), {len(questions)} questions, {len(names)} names; "
          f"baseline {args.baseline} (the search before it read questions)")
    rows = [("bytes fetched for the first question (compressed)", "bytes", lambda v: f"{v / 1e6:.2f} MB"),
            ("tap on search to the first question's results", "to_first", lambda v: f"{v:.2f} s"),
            ("a question's last key to its results, median", "median", lambda v: f"{v:.0f} ms"),
            ("a question's last key to its results, slowest", "slowest", lambda v: f"{v:.0f} ms"),
            ("a name's last key to its results, median", "names", lambda v: f"{v:.0f} ms"),
            ("questions: the answer first", "top1", lambda v: f"{v:.1%}"),
            ("questions: the answer in the first three", "top3", lambda v: f"{v:.1%}")]
    for k, path in enumerate(UNSEEN_QUESTIONS, 1):
        rows += [(f"{path.name} ({len(unseen[k - 1])}): the answer first", f"unseen_{k}_top1", lambda v: f"{v:.1%}"),
                 (f"{path.name}: the answer in the first three", f"unseen_{k}_top3", lambda v: f"{v:.1%}")]
    print(f"| {'figure':64} | {'ours':>9} | {'baseline':>9} | ratio |")
    for label, key, shown in rows:
        ratio = f"{ours[key] / base[key]:.2f}x" if base[key] else ""
        print(f"| {label:64} | {shown(ours[key]):>9} | {shown(base[key]):>9} | {ratio} |")


if __name__ == "__main__":
    main()
