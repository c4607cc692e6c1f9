"""The first visit of chapter 7 on a throttled phone, against a plain Material page of the same
texts, in the same run and alternating.

    python bench/first_paint.py [--runs N] [--edition YYYYMMDD]

Ours: the full English and Chinese texts of one edition (2023-11-17 unless told), built as
bench/phone_offline.py builds them. The baseline: the same rules in both languages as plain
interleaved paragraphs, one page per chapter, built by Material as it comes (bench/run.py's
baseline). Both are served at /cr-site/ as GitHub Pages serves a project site (gzip, cacheable),
to a phone with 4x slower CPU, 1.6 Mbit/s down, 150 ms latency; each visit is a new browser
profile, the two sites' visits alternate, and the figures are medians.

Beside them, a shared link deep in the same chapter (ADDRESS): when its rule is first painted
under the header, which the browser itself does only once the page has loaded.

Beside them, the floor: a page of one line in each language, visited first and again (from the
browser's cache) the same way. It shows what no page can go below on this profile (opening the
tab, committing the page, the first text shaped), and so how far a repeat visit can fall against
a first visit that paints as soon as its first bytes arrive (bench/phone_offline.py measures this
site's repeat visits, from its worker).
"""
from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from phone_offline import CHAPTER, CORPUS, PREFIX, PagesLike, build_site, phone, visit  # noqa: E402


def build_baseline(work: Path, edition: str) -> Path:
    """Material as it comes (its default configuration: its search, its web font, no overrides),
    one page per chapter of the rules in both languages as plain paragraphs."""
    import yaml

    from generator.history.corpus import load_corpus
    edition_ = load_corpus(None, [str(CORPUS / "en" / f"MagicCompRules-{edition}.txt"),
                                  str(CORPUS / "zh" / f"MagicCompRules-zh-{edition}.txt")]).editions[0]
    docs = work / "plain-docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Comprehensive Rules\n", encoding="utf-8")
    for chapter in edition_.chapters:
        lines = [f"# {chapter.number}. {chapter.titles['en'].text} {chapter.titles['zh'].text}", ""]
        for section in chapter.sections:
            lines += [f"## {section.number}. {section.titles['en'].text} {section.titles['zh'].text}", ""]
            for rule in section.rules:
                for lang in ("en", "zh"):
                    text = rule.texts.get(lang)
                    if text:
                        lines += [f"{rule.number} {text.text}", ""] + [f"{e.text}\n" for e in text.examples]
        (docs / f"{chapter.number}.md").write_text("\n".join(lines), encoding="utf-8")
    config = work / "plain.yml"
    config.write_text(yaml.safe_dump({"site_name": "Comprehensive Rules", "docs_dir": str(docs),
                                      "theme": {"name": "material", "language": "zh"}}), encoding="utf-8")
    site = work / "baseline-site"
    subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "-q", "-f", str(config), "-d", str(site)],
                   cwd=ROOT, check=True, capture_output=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})
    return site


FLOOR_PAGE = ("<!doctype html><html lang=zh-Hans><meta charset=utf-8>"
              "<meta name=viewport content='width=device-width,initial-scale=1'><title>CR</title>"
              "<p>Comprehensive Rules 万智牌完整规则</p>")


def build_floor(work: Path) -> Path:
    site = work / "floor-site"
    site.mkdir()
    (site / "index.html").write_text(FLOOR_PAGE, encoding="utf-8")
    return site


def serve(site: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesLike, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


ADDRESS = CHAPTER + "#cr702-19c"
# the first frame painted with the address's rule on screen, below the header (checked after the
# frame's own callbacks, the page's included, have run)
ON_SCREEN = """requestAnimationFrame(function frame(time) {
  setTimeout(() => {
    const rule = document.getElementById(location.hash.slice(1)), top = rule && rule.getBoundingClientRect().top;
    if (top > 0 && top < innerHeight / 3 && !window.crOnScreen) { window.crOnScreen = time / 1000; }
  });
  if (!window.crOnScreen) { requestAnimationFrame(frame); }
});"""


def address_visit(browser, url: str) -> dict:
    context = phone(browser, workers=False)
    context.add_init_script(ON_SCREEN)
    found = visit(context, url)
    found["on screen"] = found["page"].evaluate("window.crOnScreen || NaN")
    found["page"].close()
    context.close()
    return found


def first_visit(browser, url: str) -> dict:
    context = phone(browser, workers=False)  # a first visit: nothing stored, no worker yet
    found = visit(context, url)
    found["page"].close()
    context.close()
    return found


def floor_visits(browser, url: str) -> dict:
    context = phone(browser, workers=False)
    first = visit(context, url)
    first["page"].close()
    again = visit(context, url)  # from the HTTP cache
    again["page"].close()
    context.close()
    return {"first": first, "again": again}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edition", default="20231117")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from chromium import launch

    with tempfile.TemporaryDirectory() as tmp:
        ours_site = build_site(Path(tmp), args.edition)
        base_site = build_baseline(Path(tmp), args.edition)
        ours, ours_url = serve(ours_site)
        base, base_url = serve(base_site)
        floor, floor_url = serve(build_floor(Path(tmp)))
        figures = {"ours": [], "baseline": [], "address": [], "floor": [], "floor again": []}
        with sync_playwright() as p:
            browser = launch(p)
            for _ in range(args.runs):
                figures["ours"].append(first_visit(browser, ours_url + CHAPTER))
                figures["baseline"].append(first_visit(browser, base_url + "7/"))
                figures["address"].append(address_visit(browser, ours_url + ADDRESS))
                floor_ = floor_visits(browser, floor_url)
                figures["floor"].append(floor_["first"])
                figures["floor again"].append(floor_["again"])
            browser.close()
        for server in (ours, base, floor):
            server.shutdown()

    def median(kind, key):
        return statistics.median(r[key] for r in figures[kind])
    print(f"Throttled phone (4x CPU, 1.6 Mbit/s, 150 ms), first visit of chapter 7 of {args.edition}, "
          f"medians of {args.runs} alternating runs:")
    print("| Page | First paint | Load | Transferred |")
    print("|---|---|---|---|")
    for kind, label in [("ours", "This site, chapter 7"), ("baseline", "Plain Material page of the same texts"),
                        ("floor", "Floor: one line of text"), ("floor again", "Floor, visited again (browser cache)")]:
        print(f"| {label} | {median(kind, 'paint'):.2f} s | {median(kind, 'load'):.2f} s | "
              f"{median(kind, 'bytes') / 1000:.0f} kB |")
    print(f"First paint {median('ours', 'paint') / median('baseline', 'paint'):.2f}x the plain page's (target ≤ 0.8x); "
          f"load {median('ours', 'load') / median('baseline', 'load'):.2f}x")
    print(f"A shared link, {ADDRESS}: its rule on screen at {median('address', 'on screen'):.2f} s, "
          f"the first paint at {median('address', 'paint'):.2f} s, the load at {median('address', 'load'):.2f} s")
    print(f"The floor's repeat visit: {median('floor again', 'paint') / median('floor', 'paint'):.2f}x its first visit")


if __name__ == "__main__":
    main()
