"""The site as an installable app that reads offline: the web app manifest, the service worker
with its precache list, and the page shown for what is not stored, assembled in one call
(`assemble`) from what the generator writes; generate.py adds them to a site served over HTTP
with directory URLs (not to the file:// bundle, where browsers run no service workers). A preview
gets a worker that removes itself.

What the worker stores when it installs (the precache list, written here, byte for byte the same
for the same sources): every page of the current edition and the pages around it, the data
scripts they read (terms, previews, the other script), the theme's own assets, the manifest and
icons, where the last two years' numbers are now, and last the search's pieces (search_pieces.py),
all of them. Older editions and rule histories are stored when first opened.

Each entry is [path, revision, kind], the path relative to the site's root:
- "file": a file copied into the site as it is (data scripts, overrides/assets): the revision is
  the start of its SHA-256, which the worker checks before it stores the file;
- "page": a page the builder makes: its HTML is not known here, so its revision is the hash of
  everything it is made from (its Markdown, the navigation and configuration, the theme
  overrides), and the worker checks that the page carries this build's version.
The build's version is the hash of the whole list: any change to any file gives a new worker,
hence an update; a rebuild that changes nothing gives the same worker, hence none. A worker that
finds a file of another build (a deployment under way) does not install, so a stored copy of the
site never mixes two deployments.
"""
from __future__ import annotations

import hashlib
import json
from importlib.resources import files as package_files
from pathlib import Path
from typing import Callable, NamedTuple

from .addresses import own_folder
from .markdown_writer import Page, render
from .search_pieces import FOLDER

WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
OFFLINE_PAGE = own_folder("offline")
ICONS = "assets/icons"
THEME_COLOUR = "#5d4037"
NOT_STORED = ("assets/cr-iframe-worker.js",)  # the file:// bundle's stand-in, never loaded online
SEARCH_PIECES = FOLDER + "/"  # stored last: a page's search asks for them as it needs them
RECENT_YEARS = 2  # the editions whose renumbering is stored at once: links shared in these years


class AppBuild(NamedTuple):
    """What the app is made from besides the site's pages and files."""
    theme: dict[str, bytes]  # the theme overrides' files (theme_files)
    shell: str  # what every page's HTML also depends on: navigation, configuration, overrides
    edition: str  # the current rules' date
    translation: str | None  # the date of the Chinese they show
    url: Callable[[str], str]  # a page's address from its source


class AppFiles(NamedTuple):
    """What the build writes for the app."""
    pages: list[Page]
    files: dict[str, str]
    version: str | None  # the build's version (None: a preview)


def assemble(pages: list[Page], files: dict[str, str | bytes], build: AppBuild | None) -> AppFiles:
    """The offline page, the web app manifest and the worker with its precache list for a site of
    these pages and files; with no `build`, a preview's worker, which removes itself."""
    if build is None:
        return AppFiles([], {WORKER: worker_script(None)}, None)
    page, manifest = offline_page(), web_app_manifest()
    entries = precache_list(pages + [page], build.theme | files | {MANIFEST: manifest}, build.shell, build.edition,
                            build.url)
    version = build_version(entries)
    worker = worker_script({"version": version, "edition": build.edition, "translation": build.translation,
                            "files": entries})
    return AppFiles([page], {MANIFEST: manifest, WORKER: worker}, version)


def digest(data: str | bytes) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()[:16]


def web_app_manifest() -> str:
    """The manifest: addresses relative to it (the site root), so that the app works at a
    project site's /<repository>/ as well as at a domain's root."""
    icon = f"{ICONS}/icon"
    return json.dumps({
        "name": "万智牌完整规则 · Comprehensive Rules",
        "short_name": "万智规则 CR",
        "description": "The Magic: The Gathering Comprehensive Rules in Chinese and English, offline",
        "lang": "zh-Hans",
        "dir": "ltr",
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": "#ffffff",
        "icons": [
            {"src": f"{icon}-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": f"{icon}-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": f"{icon}-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }, ensure_ascii=False, indent=1) + "\n"


def offline_page() -> Page:
    return render("offline.md.j2", OFFLINE_PAGE, "离线 Offline")


def stored_page(src: str) -> bool:
    """Pages the worker stores at once: all but older editions' (stored when first opened)."""
    return not src.startswith("editions/") or src == "editions/index.md"


def stored_file(path: str, current: str) -> bool:
    """Files stored at once: the manifest, the theme overrides' assets (scripts, styles, icons), the
    site-wide data scripts (the search's base and every piece, terms, character maps), the current
    edition's previews and scripts, and where the numbers of the editions of the last RECENT_YEARS
    are now (a link shared before today's edition, go/#2023-04-14:702.124h, finds today's rule with
    no connection; older editions' renumbering is larger, 375 kB compressed for the 89 editions
    back to 2003, for links few readers hold); not histories (449 kB compressed for today's rules
    with 89 editions behind them: stored when first opened), exports or work lists, nor the
    file:// bundle's stand-in."""
    parts = path.split("/")
    if parts[:2] != ["assets", "data"]:
        return path == MANIFEST or (parts[0] == "assets" and path not in NOT_STORED)
    if not path.endswith(".js"):
        return False
    if len(parts) == 4 and parts[2] == "renumber":
        return parts[3][:-len(".js")] >= f"{int(current[:4]) - RECENT_YEARS}{current[4:]}"
    return len(parts) == 3 or (len(parts) == 4 and (path.startswith(SEARCH_PIECES) or
                                                    parts[2] == current and not path.endswith(".history.js")))


def theme_files(custom_dir: Path | None) -> dict[str, bytes]:
    """The theme overrides' files: templates, which every page depends on, and assets, which
    builders copy into the site as they are."""
    if custom_dir is None or not custom_dir.is_dir():
        return {}
    return {p.relative_to(custom_dir).as_posix(): p.read_bytes() for p in sorted(custom_dir.rglob("*")) if p.is_file()}


def precache_list(pages: list[Page], files: dict[str, str | bytes], shell: str, current: str, url) -> list[list[str]]:
    """[path, revision, kind] for everything the worker stores when it installs. `files` are what
    the site holds as they are (the generator's data, the theme overrides); `shell` is what every
    page's HTML also depends on (navigation, configuration, overrides); `url` gives a page's
    address from its source."""
    shell_hash = digest(shell)
    entries = [[url(p.src), digest(shell_hash + p.markdown), "page"] for p in pages if stored_page(p.src)]
    entries += [[path, digest(data), "file"] for path, data in files.items() if stored_file(path, current)]
    return sorted(entries, key=lambda entry: (entry[0].startswith(SEARCH_PIECES), entry[0]))  # the pieces last


def build_version(entries: list[list[str]]) -> str:
    return digest(json.dumps(entries, separators=(",", ":")))


def worker_script(build: dict | None) -> str:
    """sw.js: the worker's code after one line that gives it this build (None: a preview's worker,
    which removes itself and every copy it made, so that a preview never shows a stored page)."""
    code = (package_files("generator") / "templates" / "sw.js").read_text(encoding="utf-8")
    return "const BUILD = " + json.dumps(build, ensure_ascii=False, separators=(",", ":")) + ";\n" + code
