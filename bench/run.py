"""Benchmark of the whole pipeline on the full 2023-11-17 CR, English and Chinese.

    python bench/run.py [--runs N] [--quick]

Every figure is the median of several runs, and every ratio is measured against a baseline built
in the same run (absolute times drift on shared machines). The baseline: the same rules in both
languages as plain interleaved paragraphs, one page per chapter (no links, no term marks, no
previews, rules not individually addressable), built with the same MkDocs Material
configuration and search settings, without the generator plugin. The generated pages are built
by each builder (MkDocs with Material, ProperDocs, Zensical), each against that baseline.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"
SOURCES = [CORPUS / "en" / "MagicCompRules-20231117.txt", CORPUS / "zh" / "MagicCompRules-zh-20231117.txt"]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
# the process's own peak (VmHWM), not ru_maxrss: Linux carries into ru_maxrss the peak of the copy
# of this (large) process that was forked before the exec, so both builds read the same figure
PEAK = ("import re, runpy, sys; sys.argv = sys.argv[1:]\n"
        "try:\n    runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
        "except SystemExit as e:\n    code = e.code\n"
        "status = open('/proc/self/status').read()\n"
        "print('PEAK_KB', re.search(r'VmHWM:\\s*(\\d+)', status).group(1), file=sys.stderr)")


def median_of(runs: int, measure) -> float:
    return statistics.median(measure() for _ in range(runs))


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def run_module(module: str, *args: str, env=None) -> tuple[float, int]:
    """Run `python -m module args` in a fresh process: (seconds, peak resident KB)."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", PEAK, module, *args], cwd=ROOT, capture_output=True,
                            text=True, env=env or ENV)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{module} {' '.join(args)} failed:\n{result.stderr[-3000:]}")
    peak = int(re.search(r"PEAK_KB (\d+)", result.stderr).group(1))
    return seconds, peak


# ---- the baseline ---------------------------------------------------------------------------------
def baseline_project(work: Path, corpus) -> Path:
    """Plain interleaved paragraphs per chapter, built by Material as it comes: the project's
    configuration with Material's own search instead of our plugin and scripts."""
    docs = work / "baseline-docs"
    docs.mkdir()
    edition = corpus.editions[0]
    (docs / "index.md").write_text("# Comprehensive Rules\n", encoding="utf-8")
    for chapter in edition.chapters:
        lines = [f"# {chapter.number}. {chapter.titles['en'].text} {chapter.titles['zh'].text}", ""]
        for section in chapter.sections:
            for rule in section.rules:
                for lang in ("en", "zh"):
                    text = rule.texts.get(lang)
                    if text:
                        lines += [f"{rule.number} {text.text}", ""]
                        for example in text.examples:
                            lines += [example.text, ""]
        (docs / f"{chapter.number}.md").write_text("\n".join(lines), encoding="utf-8")
    import yaml

    # a plain Material site: its own search plugin (the default), none of our scripts
    # (custom_dir absolute and watch empty: relative paths would be read from this file's folder)
    config = {"INHERIT": str(ROOT / "mkdocs.yml"), "docs_dir": str(docs), "plugins": ["search"],
              "theme": {"custom_dir": str(ROOT / "overrides")}, "watch": [], "extra_javascript": [], "extra_css": []}
    path = work / "baseline.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def serve_project(work: Path, sources: list) -> Path:
    """A configuration that inherits the project's, reads these sources and generates into work."""
    import yaml

    from generator.site.generate import read_config
    plugins = [p for p in read_config(ROOT / "mkdocs.yml")["plugins"]
               if not (p == "cr-generator" or isinstance(p, dict) and "cr-generator" in p)]
    plugins.append({"cr-generator": {"manifest": str(ROOT / "docs_src" / "sources.yml"),
                                     "build_dir": str(work / "serve-build"), "sources": [str(s) for s in sources]}})
    config = {"INHERIT": str(ROOT / "mkdocs.yml"), "docs_dir": str(ROOT / "docs_src" / "pages"),
              "theme": {"custom_dir": str(ROOT / "overrides")}, "watch": [str(ROOT / "overrides")], "plugins": plugins}
    path = work / "serve.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def run_tool(tool: str, *args: str) -> float:
    """Seconds a builder's command takes, in a fresh process."""
    start = time.perf_counter()
    result = subprocess.run([str(Path(sys.executable).parent / tool), *args], cwd=ROOT, capture_output=True,
                            text=True, env={**ENV, "NO_COLOR": "1"})
    if result.returncode != 0:
        raise SystemExit(f"{tool} {' '.join(args)} failed:\n{(result.stdout + result.stderr)[-3000:]}")
    return time.perf_counter() - start


def site_bytes(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


# ---- serve --------------------------------------------------------------------------------------
def serve_rebuild(config: Path, edited: Path, page: str, old: str, runs: int, env) -> float:
    """Seconds from saving an edit to a source until `mkdocs serve` serves the changed page."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dirty", "-f", str(config), "-a",
                               f"127.0.0.1:{port}"], cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}/{page}"

    def served() -> str:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return re.sub(r"<[^>]+>", "", response.read().decode("utf-8"))  # text: marks split phrases
        except OSError:
            return ""

    try:
        deadline = time.time() + 300
        while old not in served():
            if time.time() > deadline or server.poll() is not None:
                raise SystemExit("mkdocs serve did not come up")
            time.sleep(0.2)
        time.sleep(1.5)
        times, text, current = [], edited.read_text(encoding="utf-8"), old
        for n in range(runs):
            new = f"{old[:-1]} edited{n}{old[-1]}"
            edited.write_text(text.replace(current, new), encoding="utf-8")
            text, current = text.replace(current, new), new
            start = time.perf_counter()
            while new not in served():
                if time.perf_counter() - start > 120:
                    raise SystemExit("the edit never reached the served page")
                time.sleep(0.05)
            times.append(time.perf_counter() - start)
            time.sleep(1.5)
        return statistics.median(times)
    finally:
        server.terminate()
        server.wait(timeout=30)


# ---- Chromium -------------------------------------------------------------------------------------
def browser_figures(ours: Path, baseline: Path, runs: int) -> dict:
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    from chromium import launch

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    def serve(root: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{server.server_address[1]}/", server

    figures = {}
    with sync_playwright() as p:
        chromium = launch(p)
        sites = {name: (serve(root), chapter) for name, root, chapter in
                 (("ours", ours, "cr/7/"), ("baseline", baseline, "7/"))}
        usable = {name: [] for name in sites}
        search = {name: [] for name in sites}
        for _ in range(runs):  # the two sites alternately, so that drift touches both alike
            for name, ((url, _server), chapter) in sites.items():
                page = chromium.new_page()
                page.goto(url + chapter, wait_until="load")
                usable[name].append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd") / 1000)
                page.close()
                page = chromium.new_page()
                page.goto(url, wait_until="load")
                ours = name == "ours"  # our own search (cr-search.js), against Material's in the baseline
                if ours:
                    page.click(".cr-search-button")
                box = page.locator(".cr-search__input" if ours else "input.md-search__input")
                box.click()
                box.press_sequentially("trample", delay=0)
                page.wait_for_function(f"document.querySelectorAll('{'.cr-search__result' if ours else '.md-search-result__item'}')"
                                       ".length > 0", timeout=120000, polling=20)
                search[name].append(page.evaluate("performance.now()") / 1000)
                page.close()
        for name, ((_url, server), _chapter) in sites.items():
            figures[name] = (statistics.median(usable[name]), statistics.median(search[name]))
            server.shutdown()
        chromium.close()
    return figures


# ---- the table -------------------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median); 5 for the fast ones")
    parser.add_argument("--quick", action="store_true", help="skip serve and browser figures")
    args = parser.parse_args()
    if not all(p.exists() for p in SOURCES):
        raise SystemExit(f"the full corpus is needed at {CORPUS}")
    from generator.sources.loader import load
    from generator.sources.manifest import spec_from_path
    from generator.site.generate import Options, generate as generate_pages
    from generator.history.corpus import load_corpus

    rows = []
    work = Path(tempfile.mkdtemp(prefix="cr-bench-"))
    try:
        fast = max(5, args.runs)
        parse = median_of(fast, lambda: timed(lambda: [load(spec_from_path(str(s))) for s in SOURCES]))
        corpus = load_corpus(extra=[str(s) for s in SOURCES])

        def generate():
            target = work / "gen"
            shutil.rmtree(target, ignore_errors=True)
            generate_pages(Options.from_config(sources=[str(s) for s in SOURCES]), target)
        generator_time = median_of(fast, lambda: timed(generate))
        rows.append(("Parse both full files", f"{parse:.3f} s", "", "well under 1 s"))
        rows.append(("Generator (parse, link, terms, write Markdown)", f"{generator_time:.3f} s", "", "< 1 s"))

        baseline_config = baseline_project(work, corpus)
        sources = [arg for s in SOURCES for arg in ("--source", str(s))]
        generated = work / "build" / "mkdocs.yml"
        our_builds, base_builds, builders = [], [], {"mkdocs": [], "properdocs": [], "zensical": []}
        for _ in range(args.runs):  # alternately, so that drift on a shared machine touches all alike
            our_builds.append(run_module("generator", "build", "--out", str(work / "build"), "--site-dir",
                                         str(work / "site"), *sources))
            base_builds.append(run_module("mkdocs", "build", "-q", "-f", str(baseline_config), "-d",
                                          str(work / "base-site")))
            builders["mkdocs"].append(run_tool("mkdocs", "build", "-q", "-f", str(generated), "-d", str(work / "m-site")))
            builders["properdocs"].append(run_tool("properdocs", "build", "-q", "-f", str(generated), "-d",
                                                   str(work / "p-site")))
            builders["zensical"].append(run_tool("zensical", "build", "-f", str(generated)))
        ours_build, base_build = (statistics.median(t for t, _ in b) for b in (our_builds, base_builds))
        ours_peak, base_peak = (max(m for _, m in b) / 1024 for b in (our_builds, base_builds))
        rows.append(("Whole build (generate + mkdocs build)", f"{ours_build:.2f} s", f"{base_build:.2f} s",
                     f"{ours_build / base_build:.2f}x (target ≤ 1.2x)"))
        rows.append(("Peak memory of the build", f"{ours_peak:.0f} MB", f"{base_peak:.0f} MB", "< 600 MB"))
        for tool, label in (("mkdocs", "MkDocs + Material"), ("properdocs", "ProperDocs + Material"),
                            ("zensical", "Zensical")):
            seconds = statistics.median(builders[tool])
            rows.append((f"{label} build of the generated pages", f"{seconds:.2f} s", f"{base_build:.2f} s",
                         f"{seconds / base_build:.2f}x"))

        site, base_site = work / "site", work / "base-site"
        total, base_total = site_bytes(site), site_bytes(base_site)
        rows.append(("Total site bytes", f"{total / 1e6:.2f} MB", f"{base_total / 1e6:.2f} MB", f"{total / base_total:.2f}x"))
        chapter7 = (site / "cr" / "7" / "index.html").read_bytes()
        base7 = (base_site / "7" / "index.html").stat().st_size
        unmarked = len(re.sub(rb"<u( t=\d+)?>|</u>", b"", chapter7))
        rows.append(("Chapter 7 HTML bytes", f"{len(chapter7) / 1e3:.0f} kB", f"{base7 / 1e3:.0f} kB",
                     f"{len(chapter7) / base7:.2f}x (target ≤ 1.25x)"))
        rows.append(("Chapter 7 growth from term markup", f"{(len(chapter7) - unmarked) / 1e3:.0f} kB", "",
                     f"+{(len(chapter7) / unmarked - 1) * 100:.0f}% (target ≤ 25%)"))
        # the search's data in all (its base and every piece: a query fetches a few, docs/search.md)
        index = sum(f.stat().st_size for f in [site / "assets" / "data" / "search.js",
                                               *(site / "assets" / "data").glob("search/*.js")])
        base_index = (base_site / "search" / "search_index.json").stat().st_size
        rows.append(("Search index bytes (the base and every piece)", f"{index / 1e6:.2f} MB", f"{base_index / 1e6:.2f} MB",
                     f"{index / base_index:.2f}x (target ≤ 0.75x)"))

        # many editions: the newest alone, then with the 89 older ones as history (lineage, histories,
        # old numbers; no pages of their own), the cache warmed by one untimed run
        newest = str(CORPUS / "en" / "MagicCompRules-20240206.txt")
        archive = str(CORPUS / "en" / "*.txt")
        one = ["--no-manifest", "--source", newest, "--out", str(work / "one"), "--site-dir", str(work / "one-site")]
        many = ["--no-manifest", "--source", newest, "--history", archive, "--out", str(work / "many"),
                "--site-dir", str(work / "many-site")]
        cache_env = {**ENV, "XDG_CACHE_HOME": str(work / "cache")}  # a cache of its own, empty at first
        cold = run_module("generator", "build", *many, env=cache_env)[0]
        one_times, many_times = [], []
        for _ in range(args.runs):
            one_times.append(run_module("generator", "build", *one, env=cache_env)[0])
            many_times.append(run_module("generator", "build", *many, env=cache_env)[0])
        one_build, many_build = statistics.median(one_times), statistics.median(many_times)
        rows.append(("Build with all 90 editions (cached) vs the newest alone", f"{many_build:.2f} s",
                     f"{one_build:.2f} s", f"{many_build / one_build:.2f}x (target ≤ 2x)"))
        rows.append(("Build with all 90 editions, empty cache", f"{cold:.2f} s", f"{one_build:.2f} s",
                     f"{cold / one_build:.2f}x"))
        data = work / "many-site" / "assets" / "data"
        history = sum(p.stat().st_size for p in data.rglob("*.history.js"))
        renumber = sum(p.stat().st_size for p in (data / "renumber").glob("*.js"))
        rows.append(("History data (rule histories; old numbers of 89 editions)",
                     f"{history / 1e6:.2f} MB; {renumber / 1e6:.2f} MB", "", "loaded only when opened"))

        if not args.quick:
            copies_dir = work / "sources"
            copies_dir.mkdir()
            copies = [shutil.copy(s, copies_dir / s.name) for s in SOURCES]
            rebuild = serve_rebuild(serve_project(work, copies), Path(copies[0]), "cr/7/",
                                    "Banding is a static ability", args.runs, ENV)
            base_rebuild = serve_rebuild(baseline_config, work / "baseline-docs" / "7.md", "7/",
                                         "Banding is a static ability", args.runs, ENV)
            rows.append(("mkdocs serve rebuild after editing one source", f"{rebuild:.2f} s", f"{base_rebuild:.2f} s",
                         f"{rebuild / base_rebuild:.2f}x (target < 2 s)"))
            figures = browser_figures(site, base_site, fast)
            (ours_usable, ours_search), (base_usable, base_search) = figures["ours"], figures["baseline"]
            rows.append(("Chromium: chapter 7 usable (load event)", f"{ours_usable:.2f} s", f"{base_usable:.2f} s",
                         f"{ours_usable / base_usable:.2f}x (target ≤ 1x)"))
            rows.append(("Chromium: page load to search results", f"{ours_search:.2f} s", f"{base_search:.2f} s",
                         f"{ours_search / base_search:.2f}x (target ≤ 1x)"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"Benchmark {date.today()} on {platform.node() or 'this machine'}: {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}; medians of {args.runs} runs "
          f"({max(5, args.runs)} for the fast figures)\n")
    print("| Figure | Ours | Baseline | Ratio / target |\n|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
