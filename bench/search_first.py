"""A reader's first search on the throttled phone, first visit, the app's worker storing the site as
it does for a reader: the search in pieces against today's search (one data file), built from the
same sources in the same run.

    .venv/bin/python bench/search_first.py [--baseline REV] [--layouts 8000:6000,...] [--rounds N]

The site of bench/phone_offline.py (the full 2023-11-17 English and Chinese, alone) is built with
this checkout's generator, once for each layout asked for (postings:texts, the characters of a
piece of each, search_pieces.py: a switch kept in this bench), and from a git worktree of the
baseline commit. Each is served as GitHub Pages serves it (gzip) through one phone connection:
1.6 Mbit/s shared by every request, the worker's too, and 150 ms before each answer. (DevTools'
throttling, which phone_offline.py uses, leaves the worker's requests out: the worker stored the
site at full speed, beside a page held to 1.6 Mbit/s.) The page's processor runs 4x slower.

For each query, a new browser profile: the first visit to chapter 7, a second's pause (the app's
worker registers and begins storing the site), a tap on the search button, the query typed at
once; then the time from the tap to the first result on screen and to the last (every result with
its text), both on the page's clock from the tap's pointerdown, and the bytes the page received
compressed between the tap and the first result (its resource timing; the worker's are not
counted: they are the site's storing, not the search's). Queries: names, rule
numbers, readers' words and questions in both languages; each measured ROUNDS times, the sites
alternating; the figures are medians. Give --layouts to measure layouts. With --every-query, the
bytes before the first results of every query of the project's sets instead (nothing throttled).
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from phone_offline import PREFIX, PagesLike, phone, stored_size  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
SOURCES = [CORPUS / "en" / "MagicCompRules-20231117.txt", CORPUS / "zh" / "MagicCompRules-zh-20231117.txt"]
BASELINE = "e91be2c"  # the search with its data in one file (the parent of the pieces)
RATE = 1_600_000 / 8  # bytes a second, shared
LATENCY = 0.150  # seconds before each answer
ROUNDS = 3
QUERIES = {
    "name": ["trample", "践踏", "state-based actions", "指挥官"],
    "number": ["702.19c", "903.10a"],
    "readers' word": ["ETB", "CMC", "进场", "第七层"],
    "question": ["what happens if my life total is 0", "can a creature with defender attack",
                 "生命值变成0会怎样", "指挥官伤害多少会输"],
}
# the page's own clock: the tap (its pointerdown), the first result in the list, the list complete
# (every result with its text: the meta line says the results, and the list is no longer busy)
CLOCK = """() => {
  const at = window.__searched = {};
  performance.setResourceTimingBufferSize(1000);
  document.querySelector('.cr-search-button').addEventListener('pointerdown', () => { at.tap = at.tap || performance.now(); }, true);
  new MutationObserver(() => {
    const now = performance.now(), meta = document.querySelector('.cr-search__meta'), list = document.querySelector('.cr-search__results');
    if (!at.first && document.querySelector('.cr-search__result a')) { at.first = now; }
    if (!at.last && meta && /结果|No results|最接近/.test(meta.textContent) && !list.hasAttribute('aria-busy')) { at.last = now; }
  }).observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true});
}"""


class Pipe:
    """One connection's bandwidth, shared by every request in the order their bytes are sent."""
    def __init__(self, rate: float):
        self.rate, self.lock, self.free = rate, threading.Lock(), 0.0

    def send(self, size: int) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free)
            self.free = start + size / self.rate
        time.sleep(max(0.0, self.free - time.monotonic()))


class PhoneNetwork(PagesLike):
    """PagesLike through the phone's connection: each answer 150 ms late, its bytes at the shared rate."""
    protocol_version = "HTTP/1.1"
    pipe = Pipe(RATE)

    def send_head(self):
        time.sleep(LATENCY)
        return super().send_head()

    def copyfile(self, source, outputfile):
        try:
            while (chunk := source.read(4096)) and not self.dropped():
                self.pipe.send(len(chunk))
                outputfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def dropped(self) -> bool:
        """Whether the browser closed the connection (a fetch it gave up, the worker's held storing):
        from then on its bytes take none of the connection, as on a phone's."""
        readable, _, _ = select.select([self.connection], [], [], 0)
        try:
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True


def build(checkout: Path, site: Path, layout: tuple[int, int] | None) -> Path:
    """The phone's site from `checkout`; with a layout, the pieces of that size (this checkout only)."""
    args = ["--no-manifest"] + [a for s in SOURCES for a in ("--source", str(s))]
    args += ["--site-dir", str(site), "--out", str(site) + "-build"]
    switch = "" if layout is None else (f"import generator.site.search_pieces as p; p.POSTINGS_SIZE, p.TEXTS_SIZE = {layout}; ")
    subprocess.run([sys.executable, "-c", switch + "import sys; from generator.cli import main; sys.exit(main(sys.argv[1:]))",
                    "build", *args], cwd=checkout, check=True, capture_output=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(checkout)})
    return site


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a connection the browser closed (a fetch given up, a profile closed): nothing to report


def serve(site: Path):
    server = Server(("127.0.0.1", 0), functools.partial(PhoneNetwork, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def first_search(browser, url: str, query: str) -> dict:
    """A new profile's first visit to chapter 7, then the search: seconds from the tap to the first
    and the last result, bytes the page received before the first."""
    context = phone(browser, workers=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url + "cr/7/", wait_until="load")
    page.wait_for_timeout(1000)
    page.evaluate(CLOCK)
    page.click(".cr-search-button")
    page.fill(".cr-search__input", query)
    page.wait_for_function("() => window.__searched.last", polling=50, timeout=120000)
    at = page.evaluate("() => window.__searched")
    # what the page received (compressed bodies) between the tap and the first result
    before_first = page.evaluate("""at => performance.getEntriesByType('resource')
      .filter(e => e.startTime >= at.tap && e.responseEnd <= at.first).reduce((sum, e) => sum + e.encodedBodySize, 0)""", at)
    storing = page.evaluate("() => document.documentElement.dataset.crOffline")
    context.close()
    return {"first": (at["first"] - at["tap"]) / 1000, "last": (at["last"] - at["tap"]) / 1000,
            "bytes": before_first, "storing": storing}


# every query of a kind with nothing but the base loaded: the scripts it asks for before its first
# result is on screen (their compressed sizes are added up in Python, from the site's files: the
# browser's own cache would hide a piece asked for again)
EVERY_QUERY = """async qs => {
  const asked = [];
  const load = CR.loadScript;
  CR.loadScript = (key, src, done) => {  /* what is asked for once a result is shown does not delay it */
    if (!document.querySelector('.cr-search__result a')) { asked.push(src); }
    return load(key, src, done);
  };
  const found = [];
  for (const q of qs) {
    CR.searchPieces.forget();
    asked.length = 0;
    CR.openSearch('');  /* the same query twice in a row is searched again */
    CR.openSearch(q);
    while (!document.querySelector('.cr-search__result a') && !/No results/.test(document.querySelector('.cr-search__meta').textContent)) {
      await new Promise(r => setTimeout(r, 2));
    }
    found.push(asked.map(src => new URL(src, location.href).pathname));
  }
  CR.loadScript = load;
  return found;
}"""
BASE_SCRIPTS = ("assets/data/search.js", "assets/data/t2s.js", "assets/cr-question.js")  # what opening the search loads


@functools.lru_cache(maxsize=None)
def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def every_query(site: Path) -> None:
    """The bytes before the first results of every query of the project's sets, by kind."""
    from playwright.sync_api import sync_playwright

    from chromium import launch
    from generator.history.corpus import load_corpus
    sys.path.insert(0, str(ROOT / "tests"))
    from query_set import QUESTIONS, READERS_WORDS, UNSEEN_QUESTIONS, WHOLE_SENTENCES, asked_in, query_set
    edition = load_corpus(None, [str(s) for s in SOURCES]).shown[0]
    named = [q for q, _, by_name in query_set(edition) if by_name]
    numbers = [str(rule.number) for chapter in edition.chapters for section in chapter.sections for rule in section.rules][::10]
    kinds = {"name (every keyword and glossary name, both languages)": named, "number (every 10th rule)": numbers,
             "readers' words (hand-written and readers' sets)": [q for path in (QUESTIONS, READERS_WORDS) for q, _ in asked_in(path)],
             "question (the question sets)": [q for path in (WHOLE_SENTENCES, *UNSEEN_QUESTIONS) for q, _ in asked_in(path)]}
    server = Server(("127.0.0.1", 0), functools.partial(PagesLike, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}{PREFIX}cr/7/")
        page.evaluate("() => new Promise(done => CR.searchPieces.loadBase([], done))")
        base = sum(_gzipped(site / name) for name in BASE_SCRIPTS)
        print("| query | queries | bytes before the first results, compressed: median | 90% of them at most | the most |")
        print("|---|---|---|---|---|")
        for kind, queries in kinds.items():
            asked = page.evaluate(EVERY_QUERY, queries)
            sizes = sorted(base + sum(_gzipped(site / path[len(PREFIX):]) for path in set(paths)) for paths in asked)
            print(f"| {kind} | {len(sizes)} | {statistics.median(sizes) / 1000:.0f} kB | "
                  f"{sizes[int(len(sizes) * 0.9)] / 1000:.0f} kB | {sizes[-1] / 1000:.0f} kB |")
        browser.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--layouts", default="16000:12000", help="postings:texts characters a piece, comma-separated")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--every-query", action="store_true", help="only the bytes before the first results of every "
                        "query of the project's sets, by kind (this checkout's site, the first layout)")
    args = parser.parse_args()
    layouts = [tuple(int(n) for n in spec.split(":")) for spec in args.layouts.split(",")]
    from playwright.sync_api import sync_playwright

    from chromium import launch
    work = Path(tempfile.mkdtemp(prefix="cr-search-first-"))
    if args.every_query:
        every_query(build(ROOT, work / "site", layouts[0]))
        return
    subprocess.run(["git", "worktree", "add", "--detach", str(work / "baseline"), args.baseline], cwd=ROOT,
                   check=True, capture_output=True)
    try:
        sites = {"baseline": build(work / "baseline", work / "baseline-site", None)}
        for layout in layouts:
            sites["%d:%d" % layout] = build(ROOT, work / ("site-%d-%d" % layout), layout)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(work / "baseline")], cwd=ROOT, capture_output=True)
    served = {name: serve(site) for name, site in sites.items()}
    found: dict = {name: {kind: [] for kind in QUERIES} for name in sites}
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.rounds):
            for kind, queries in QUERIES.items():
                for query in queries:
                    for name in sites:  # alternating, so that neither has the quieter machine
                        found[name][kind].append((query, first_search(browser, served[name][1], query)))
        browser.close()
    for server, _ in served.values():
        server.shutdown()

    def median(name, kind, key):
        return statistics.median(m[key] for _, m in found[name][kind])
    print(f"Throttled phone (4x CPU, 1.6 Mbit/s shared with the app's worker, 150 ms), first visit to chapter 7, "
          f"median of {args.rounds} rounds of {sum(len(q) for q in QUERIES.values())} queries; baseline {args.baseline}")
    print("| query | site | tap to the first result | to the last | bytes before the first (compressed) |")
    print("|---|---|---|---|---|")
    for kind in QUERIES:
        for name in sites:
            print(f"| {kind} | {name} | {median(name, kind, 'first'):.2f} s | {median(name, kind, 'last'):.2f} s | "
                  f"{median(name, kind, 'bytes') / 1000:.0f} kB |")
    print("Slowest first result of each kind:", {name: {kind: max(m['first'] for _, m in found[name][kind]) for kind in QUERIES}
                                                for name in sites})
    for name in sites:
        for kind in QUERIES:
            print(name, kind, [(q, round(m["first"], 2), round(m["last"], 2), m["bytes"] // 1000, m["storing"])
                               for q, m in found[name][kind]])
    for name, site in sites.items():
        files = [site / "assets" / "data" / "search.js"] + sorted((site / "assets" / "data").glob("search/*.js"))
        print(f"{name}: the search data, {len(files)} files, {sum(f.stat().st_size for f in files) / 1e6:.2f} MB, "
              f"{sum(len(gzip.compress(f.read_bytes(), 6)) for f in files) / 1e6:.2f} MB compressed; the worker stores "
              f"{stored_size(site)[1] / 1e6:.2f} MB compressed")


if __name__ == "__main__":
    main()
