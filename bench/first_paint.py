"""The first visit of chapter 7 on a throttled phone, against a plain Material page of the same
texts, in the same run and alternating.

    python bench/first_paint.py [--runs N] [--edition YYYYMMDD]

Ours: the full English and Chinese texts of one edition (2023-11-17 unless told), built as
bench/phone_offline.py builds them. The baseline: the same rules in both languages as plain
interleaved paragraphs, one page per chapter, built by Material as it comes (bench/run.py's
baseline). Both are served at /cr-site/ as GitHub Pages serves a project site (gzip, cacheable),
to a phone with 4x slower CPU, 1.6 Mbit/s down, 150 ms latency; each visit is a new browser
profile, the two sites' visits alternate, and the figures are medians. Also printed: what each
first visit's HTML asks for before its first paint (the render-blocking requests).
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

    from generator.pipeline import load_corpus
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


def serve(site: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesLike, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def first_visit(browser, url: str) -> dict:
    context = phone(browser, workers=False)  # a first visit: nothing stored, no worker yet
    found = visit(context, url)
    found["page"].close()
    context.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edition", default="20231117")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        ours_site = build_site(Path(tmp), args.edition)
        base_site = build_baseline(Path(tmp), args.edition)
        ours, ours_url = serve(ours_site)
        base, base_url = serve(base_site)
        figures = {"ours": [], "baseline": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                "--disable-background-networking", "--disable-component-update"])
            for _ in range(args.runs):
                figures["ours"].append(first_visit(browser, ours_url + CHAPTER))
                figures["baseline"].append(first_visit(browser, base_url + "7/"))
            browser.close()
        ours.shutdown()
        base.shutdown()

    def median(kind, key):
        return statistics.median(r[key] for r in figures[kind])
    print(f"Throttled phone (4x CPU, 1.6 Mbit/s, 150 ms), first visit of chapter 7 of {args.edition}, "
          f"medians of {args.runs} alternating runs:")
    print("| Site | First paint | Load | Transferred |")
    print("|---|---|---|---|")
    for kind, label in [("ours", "This site"), ("baseline", "Plain Material page of the same texts")]:
        print(f"| {label} | {median(kind, 'paint'):.2f} s | {median(kind, 'load'):.2f} s | "
              f"{median(kind, 'bytes') / 1000:.0f} kB |")
    print(f"First paint {median('ours', 'paint') / median('baseline', 'paint'):.2f}x the plain page's (target ≤ 0.8x); "
          f"load {median('ours', 'load') / median('baseline', 'load'):.2f}x")


if __name__ == "__main__":
    main()
