"""Building sites for tests, checking their links, and serving them to a browser."""
from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from conftest import ROOT


def build(site_dir: Path, *sources, manifest: Path | None = None, no_manifest=False, env=None) -> subprocess.CompletedProcess:
    args = [sys.executable, "-m", "generator", "build", "--site-dir", str(site_dir)]
    for source in sources:
        args += ["--source", str(source)]
    if manifest:
        args += ["--manifest", str(manifest)]
    if no_manifest:
        args += ["--no-manifest"]
    full_env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=full_env)


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in ("link", "img", "script") and (attrs.get("href") or attrs.get("src")):
            self.scripts.append(attrs.get("href") or attrs.get("src"))


@functools.lru_cache(maxsize=None)
def parse_page(path: Path) -> _Collector:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def broken_links(site: Path) -> list[str]:
    """Every internal link or asset of every page whose file or anchor does not exist."""
    problems = []
    for page in sorted(site.rglob("*.html")):
        found = parse_page(page)
        for href in found.links + found.scripts:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            if not parts.path:
                target = page
            elif parts.path.startswith("/"):  # the 404 page links from the site root
                target = site / unquote(parts.path).lstrip("/")
            else:
                target = page.parent / unquote(parts.path)
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                problems.append(f"{page.relative_to(site)}: {href}: no such file")
                continue
            if parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in parse_page(target).ids:
                problems.append(f"{page.relative_to(site)}: {href}: no such anchor")
    return problems


def ids_of(page: Path) -> set[str]:
    return parse_page(page).ids


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Served:
    """A built site served on a free port of 127.0.0.1."""

    def __init__(self, root: Path):
        handler = functools.partial(_Quiet, directory=str(root))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


RULE_ID = re.compile(r"cr\d{3}-\d+[a-z]?$")


def temp_config(tmp: Path, manifest: Path | None = None, settings: Path | None = None,
                config_name: str = "mkdocs.yml") -> Path:
    """A copy of the project's MkDocs configuration that builds from tmp: its own docs folder,
    and optionally its own manifest and settings (everything else points back at the project)."""
    text = (ROOT / config_name).read_text(encoding="utf-8")
    options = "".join(f"      {k}: {v}\n" for k, v in (("manifest", manifest), ("settings", settings)) if v)
    if options:
        text = text.replace("  - cr-generator\n", f"  - cr-generator:\n{options}")
    text = (text.replace("docs_dir: docs", f"docs_dir: {tmp / 'docs'}")
            .replace("custom_dir: overrides", f"custom_dir: {ROOT / 'overrides'}")
            .replace("  - docs_src\n", f"  - {ROOT / 'docs_src'}\n").replace("  - overrides\n", f"  - {ROOT / 'overrides'}\n")
            .replace("INHERIT: mkdocs.yml", f"INHERIT: {tmp / 'mkdocs.yml'}"))
    (tmp / "docs").mkdir(exist_ok=True)
    config = tmp / config_name
    config.write_text(text, encoding="utf-8")
    return config


def seed_manifest(tmp: Path) -> Path:
    """The project's manifest, with its sources copied into tmp (so a test may edit them)."""
    import shutil
    shutil.copytree(ROOT / "docs_src" / "sources", tmp / "sources")
    manifest = tmp / "sources.yml"
    shutil.copy(ROOT / "docs_src" / "sources.yml", manifest)
    return manifest
