"""The offline app on a throttled phone: the first visit to chapter 7, then the repeat visit with the
network and with none, and the size of what the worker stores.

    python bench/phone_offline.py [--runs N] [--edition YYYYMMDD]

The full English and Chinese texts of one edition (2023-11-17 unless told; the corpus has both
languages of 2022-06-10, 2023-10-13, 2023-11-17 and 2024-02-06), alone, are built and served at
/cr-site/ as GitHub Pages serves a project site: gzip-compressed text, `Cache-Control: max-age=600`.
The phone: 390x844 with touch, CPU 4x slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency
(Chromium's DevTools protocol). Each visit gives its first paint, its largest paint (the first
screen's rules: a stored page's first paint is its header, before they come), its load and the bytes over
the network. Each run is a new browser profile: its first visit, then three repeat visits with the
network and three without, alternating (a single visit's first paint varies by a third); figures
are medians over the runs' visits, and every ratio is against the first visits measured in the
same run. The repeat visit without the worker (the browser's HTTP cache only, as before the app)
is shown beside it.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"
PREFIX = "/cr-site/"
CHAPTER = "cr/7/"
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
COMPRESSED = (".html", ".js", ".css", ".json", ".xml", ".webmanifest", ".svg", ".txt", ".csv")


class PagesLike(http.server.SimpleHTTPRequestHandler):
    """A site under PREFIX, text gzip-compressed, cacheable for ten minutes, as GitHub Pages serves it."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webmanifest": "application/manifest+json", ".js": "text/javascript"}

    def translate_path(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
        return super().translate_path("/" + path[len(PREFIX):] if path.startswith(PREFIX) else "/no such file")

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder
            path = path / "index.html"
        if not path.is_file() or not path.name.endswith(COMPRESSED) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args):
        pass


def build_site(work: Path, edition: str = "20231117") -> Path:
    from generator.site.generate import Options, generate
    from generator.site.mkdocs_build import mkdocs_build
    options = Options.from_config(manifest=None)  # the embedded sources are of 2023-11-17
    options.sources += [str(CORPUS / "en" / f"MagicCompRules-{edition}.txt"),
                        str(CORPUS / "zh" / f"MagicCompRules-zh-{edition}.txt")]
    generated = generate(options, work / "build")
    site = work / "site"
    mkdocs_build(generated.config, site)
    return site


def stored_size(site: Path) -> tuple[int, int]:
    """What the worker stores when it installs: (bytes as stored, bytes gzip-compressed as sent).
    The precache list, and the theme's assets that the home page names."""
    import re
    head = (site / "sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    build = json.loads(head[len("const BUILD = "):-1])
    files = [site / path / "index.html" if kind == "page" else site / path for path, _, kind in build["files"]]
    home = (site / "index.html").read_text(encoding="utf-8")
    theme = {site / m for m in re.findall(r'(?:href=|src=|@import url\()"(assets/(?:javascripts|stylesheets)/[^"#?]+)"', home)}
    files += sorted(theme - set(files)) + [site / "sitemap.xml"]
    raw = sum(f.stat().st_size for f in files)
    sent = sum(len(gzip.compress(f.read_bytes(), 6)) if f.name.endswith(COMPRESSED) else f.stat().st_size for f in files)
    return raw, sent


def phone(browser, workers: bool):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  device_scale_factor=3, service_workers="allow" if workers else "block")
    return context


def visit(context, url: str, offline: bool = False) -> dict:
    """One visit of a page on the throttled phone: first paint, load, bytes over the network. The
    page's own network conditions say offline too: they would override the context's."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {**PHONE_NETWORK, "offline": offline})
    received = []
    cdp.on("Network.loadingFinished", lambda e: received.append(e["encodedDataLength"]))
    page.goto(url, wait_until="load")
    timing = page.evaluate("""() => new Promise(done => {
      /* a small page may load before its first paint is reported: wait for it. The first paint may
         be the header alone; the largest paint, by the load, is the first screen's rules. */
      const nav = performance.getEntriesByType('navigation')[0];
      new PerformanceObserver(list => {
        const paint = list.getEntries().find(p => p.name === 'first-contentful-paint');
        if (paint) { done({paint: paint.startTime / 1000, load: nav.loadEventEnd / 1000}); }
      }).observe({type: 'paint', buffered: true});
    })""")
    timing["largest"] = page.evaluate("""() => new Promise(done => new PerformanceObserver(list => {
      const entries = list.getEntries();
      done(entries[entries.length - 1].startTime / 1000);
    }).observe({type: 'largest-contentful-paint', buffered: true}))""")
    timing["bytes"] = sum(received)
    return {"page": page, **timing}


REPEATS = 3  # repeat visits of each kind in a run, alternating with and without the network


def run_once(browser, url: str) -> dict:
    """One new profile: the first visit, then the repeat visits; a list of visits for each kind."""
    figures = {"first": [], "online": [], "offline": [], "http-cache": []}
    context = phone(browser, workers=True)
    first = visit(context, url + CHAPTER)
    figures["first"].append(first)
    first["page"].wait_for_function("() => document.documentElement.dataset.crOffline === 'ready'", timeout=120000)
    first["page"].close()
    for _ in range(REPEATS):
        for kind in ("online", "offline"):
            context.set_offline(kind == "offline")
            again = visit(context, url + CHAPTER, offline=kind == "offline")
            assert again["page"].locator("#cr700-1").count() == 1, f"no chapter 7 on a repeat visit ({kind})"
            again["page"].close()
            figures[kind].append(again)
    context.close()
    context = phone(browser, workers=False)  # as before the app: the HTTP cache alone
    visit(context, url + CHAPTER)["page"].close()
    figures["http-cache"].append(visit(context, url + CHAPTER))
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--edition", default="20231117", help="the date of an edition the corpus has in both languages")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from chromium import launch

    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(Path(tmp), args.edition)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesLike, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
        with sync_playwright() as p:
            browser = launch(p)
            runs = [run_once(browser, url) for _ in range(args.runs)]
            browser.close()
        server.shutdown()
        raw, sent = stored_size(site)

    def median(kind, key):
        return statistics.median(v[key] for r in runs for v in r[kind])
    first_paint, first_load = median("first", "paint"), median("first", "load")
    print(f"Throttled phone (4x CPU, 1.6 Mbit/s, 150 ms), chapter 7 of {args.edition}, medians of {args.runs} runs "
          f"({REPEATS} repeat visits of each kind in each):")
    print("| Visit | First paint | Largest paint | Load | Transferred | First paint vs the first visit |")
    print("|---|---|---|---|---|---|")
    for kind, label in [("first", "First visit"), ("online", "Repeat visit, with the network (worker)"),
                        ("offline", "Repeat visit, no network (worker)"),
                        ("http-cache", "Repeat visit without the worker (HTTP cache)")]:
        paint, largest, load, size = (median(kind, key) for key in ("paint", "largest", "load", "bytes"))
        print(f"| {label} | {paint:.2f} s | {largest:.2f} s | {load:.2f} s | {size / 1000:.0f} kB | {paint / first_paint:.2f}x |")
    print(f"Stored by the worker: {raw / 1e6:.2f} MB as stored, {sent / 1e6:.2f} MB compressed (target ≤ 3 MB)")
    print(f"(first visit: first paint {first_paint:.2f} s, load {first_load:.2f} s)")


if __name__ == "__main__":
    main()
