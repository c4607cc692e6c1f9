"""Building sites for tests, checking their links, and serving them to a browser."""
from __future__ import annotations

import functools
import http.server
import io
import json
import logging
import posixpath
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from conftest import ROOT


@dataclass
class Built:
    """What a build did, in the shape of a finished command: 0 or 1, and what it logged."""
    returncode: int
    stderr: str
    generated: object = None  # generate.Generated


def build(site_dir: Path, *sources, manifest: Path | None = None, no_manifest=False, offline=False,
          config: Path | None = None, **settings) -> Built:
    """Generate into a folder beside site_dir and build it with MkDocs, in this process. `settings`
    are cr-generator options (missing_rule_url, ...). Nothing is written into the repository."""
    from mkdocs.exceptions import MkDocsException

    from generator.cli import zip_site
    from generator.site.generate import GenerateError, Options, generate
    from generator.site.mkdocs_build import mkdocs_build

    config = config or ROOT / ("mkdocs-offline.yml" if offline else "mkdocs.yml")
    options = Options.from_config(config, **settings)
    if no_manifest or manifest:
        options.manifest = manifest
    options.sources += [str(s) for s in sources]
    log = io.StringIO()
    handler = logging.StreamHandler(log)
    handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    handler.setLevel(logging.WARNING)
    logging.getLogger("mkdocs").addHandler(handler)
    try:
        generated = generate(options, site_dir.parent / f"{site_dir.name}-build")
        mkdocs_build(generated.config, site_dir)
        if offline:
            zip_site(site_dir)
    except (GenerateError, MkDocsException) as exc:
        return Built(1, log.getvalue() + f"error: {exc}\n")
    finally:
        logging.getLogger("mkdocs").removeHandler(handler)
    report = "".join(f"{date}: {s.internal} rule links, {s.external} external, {s.plain} references to rules "
                     "not in this build\n" for date, s in generated.files.links.items())
    return Built(0, log.getvalue() + report, generated)


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def generator_run(tmp: Path, hash_seed: int, *args: str) -> Path:
    """`python -m generator ARGS` in a process of its own, with its own hash seed and an empty cache
    (so that nothing one process made is read by another), in tmp/run-<seed>; returns that folder."""
    import os
    import subprocess
    import sys
    folder = tmp / f"run-{hash_seed}"
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "XDG_CACHE_HOME": str(folder / "cache"),
           "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run([sys.executable, "-m", "generator", *[a.replace("{run}", str(folder)) for a in args]],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    return folder


def build_with(builder: str, generated: Path, site_dir: Path) -> Path:
    """The site a builder makes of a generated folder (its mkdocs.yml), as its own command does;
    Zensical writes into the generated folder (its site_dir must be inside the project), the others
    into site_dir. It fails on any warning: each builder checks the links it knows of."""
    import os
    import subprocess
    import sys
    from generator.site.mkdocs_build import mkdocs_build
    config = generated / "mkdocs.yml"
    if builder == "material":
        mkdocs_build(config, site_dir)
        return site_dir
    command = {"properdocs": ["properdocs", "build", "--strict", "-f", str(config), "-d", str(site_dir)],
               "zensical": ["zensical", "build", "-f", str(config)]}[builder]
    command[0] = str(Path(sys.executable).parent / command[0])
    result = subprocess.run(command, cwd=generated, capture_output=True, text=True,
                            env={**os.environ, "NO_COLOR": "1", "NO_MKDOCS_2_WARNING": "1"})
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    if builder == "zensical":
        assert "No issues found" in output, output[-3000:]  # its link and anchor validation
        return generated / "site"
    return site_dir


@dataclass
class _Parsed:
    ids: set[str]
    links: list[str]  # a[href]
    scripts: list[str]  # link[href], img[src], script[src], style's @import url("...")


@functools.lru_cache(maxsize=None)
def parse_page(path: Path) -> _Parsed:
    """A built page's ids and links, read with lxml (a whole site is some 20 MB of HTML)."""
    import lxml.html
    page = _Parsed(set(), [], [])
    for element in lxml.html.fromstring(path.read_bytes()).iter():
        if not isinstance(element.tag, str):  # comments, processing instructions
            continue
        if element.get("id"):
            page.ids.add(element.get("id"))
        if element.tag == "a" and element.get("href"):
            page.links.append(element.get("href"))
        if element.tag in ("link", "img", "script") and (element.get("href") or element.get("src")):
            page.scripts.append(element.get("href") or element.get("src"))
        if element.tag == "style" and element.text:  # the theme's stylesheets (overrides/main.html)
            page.scripts += re.findall(r'@import url\("([^"]+)"\)', element.text)
    return page


@dataclass
class LinkCheck:
    checked: int  # internal links and assets looked at
    broken: list[str]  # "page: href: what is wrong"


def check_links(site: Path) -> LinkCheck:
    """Every internal link or asset of every page, resolved as a browser would from that page: its
    file must exist and its fragment be an id on it. The go page's fragments are rule numbers that
    its script reads, not ids, and the 404 page links from the site's root (it is served anywhere)."""
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    checked, problems = 0, []
    for page in sorted(site.rglob("*.html")):
        name = page.relative_to(site).as_posix()
        found = parse_page(page)
        for href in found.links + found.scripts:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            checked += 1
            path = unquote(parts.path)
            target = posixpath.normpath(path.lstrip("/") if path.startswith("/") else
                                        posixpath.join(posixpath.dirname(name), path)) if path else name
            if target not in files:
                target = posixpath.join(target, "index.html").removeprefix("./")
            if target not in files:
                problems.append(f"{name}: {href}: no such file")
            elif parts.fragment and target.endswith(".html") and target != "go/index.html" \
                    and unquote(parts.fragment) not in parse_page(site / target).ids:
                problems.append(f"{name}: {href}: no such anchor")
    return LinkCheck(checked, problems)


def broken_links(site: Path) -> list[str]:
    return check_links(site).broken


def ids_of(page: Path) -> set[str]:
    return parse_page(page).ids


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the server's current root, under its prefix (a Pages project site's /<repository>/)."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webmanifest": "application/manifest+json", ".js": "text/javascript"}

    def translate_path(self, path):
        served = self.server.served
        path = urlsplit(path).path
        if not path.startswith(served.prefix):
            return str(served.root / "no such file")
        return super().translate_path("/" + path[len(served.prefix):])

    def send_head(self):
        # Every request gets the file, never "not modified": a new build can be written within the
        # second of the one before it, and the server's Last-Modified counts whole seconds, so the
        # browser's look for a new worker was told "not modified" and kept the old one (the
        # deployment test failed so in about one full run in four). GitHub Pages validates by content.
        del self.headers["If-Modified-Since"]
        return super().send_head()

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()  # as GitHub Pages: the site's own 404 page, with its status
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # no guessed freshness: a new build is seen at once
        super().end_headers()

    @property
    def directory(self):
        return str(self.server.served.root)

    @directory.setter
    def directory(self, value):
        pass

    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that left a page mid-answer
            super().handle_error(request, client_address)


class Served:
    """A built site served on a free port of 127.0.0.1, under `prefix`; `root` may be changed to
    serve another build at the same address (a new deployment)."""

    def __init__(self, root: Path, prefix: str = "/"):
        self.root, self.prefix = Path(root), prefix
        self.server = _Server(("127.0.0.1", 0), _Handler)
        self.server.served = self
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{prefix}"
        # close() waits for serve_forever's next poll: half a second a site at the default
        threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


RULE_ID = re.compile(r"cr\d{3}-\d+[a-z]?$")


def project_config(tmp: Path, **generator_options) -> Path:
    """A configuration in tmp that inherits the project's, with these cr-generator options and its
    build folder in tmp. INHERIT replaces lists and resolves relative paths against this file, so
    the plugins and the project's folders are given again."""
    options = {"build_dir": str(tmp / "build"), **generator_options}
    plugin = "".join(f"      {key}: {json.dumps(str(value))}\n" for key, value in options.items())
    config = tmp / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {ROOT / 'docs_src' / 'pages'}\n"
                      f"site_dir: {tmp / 'site'}\ntheme:\n  custom_dir: {ROOT / 'overrides'}\n"
                      f"watch:\n  - {ROOT / 'overrides'}\nplugins:\n  - search\n  - cr-generator:\n{plugin}",
                      encoding="utf-8")
    return config


def seed_manifest(tmp: Path) -> Path:
    """The project's manifest, with its sources copied into tmp (so a test may edit them)."""
    import shutil
    shutil.copytree(ROOT / "docs_src" / "sources", tmp / "sources")
    manifest = tmp / "sources.yml"
    shutil.copy(ROOT / "docs_src" / "sources.yml", manifest)
    return manifest


def recording_page(browser):
    """A new browser page that records every request and every error: (context, page, requests, errors)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    requests, errors = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, requests, errors


def site_search(page, query: str) -> list[str]:
    """Type a query into the site's search as a reader would (opening it from the header first)
    and return the result links, best first, once the results for exactly that query are shown
    (every one: the list is no longer busy)."""
    box = page.locator(".cr-search__input")
    if not box.is_visible():
        page.click(".cr-search-button")
    box.fill("")
    box.press_sequentially(query, delay=10)
    page.wait_for_function("q => document.querySelector('.cr-search__input').value === q && window.CR.searchData"
                           " && /[结結]果|No results|nearest rules|is now/.test(document.querySelector('.cr-search__meta').textContent)"
                           " && !document.querySelector('.cr-search__results').hasAttribute('aria-busy')",
                           arg=query, timeout=30000)
    return page.eval_on_selector_all(".cr-search__result a", "els => els.map(e => e.href)")


DRAWN = "e => e.checkVisibility({contentVisibilityAuto: true})"  # false where the browser skips it


def settled(page) -> None:
    """Wait until the page has put the address's rule in place after loading."""
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-cr-settling')", polling=50)


def first_line(locator) -> tuple[float, float]:
    """The middle of an inline element's first line, in the viewport. A link or term mark that wraps
    onto a second line has a bounding box whose middle may lie on neither line, and that middle is
    where playwright's own hover() and tap() point. It waits until the page has stopped putting the
    address's rule in place after loading, which would scroll the element away again, and until the
    element is drawn, twice in the same place: scrolled into view, its block of rules is laid out
    for real only when the browser has seen it come near, some frames later on a busy machine, and
    its text may then move by some pixels (the pointer missed a link measured before that)."""
    settled(locator.page)
    locator.scroll_into_view_if_needed()
    x, y = locator.evaluate(f"""e => new Promise((done, fail) => {{
        let last = null, frames = 0;
        (function frame() {{
          const r = e.getClientRects()[0], at = [r.x + r.width / 2, r.y + r.height / 2];
          if (last && at[0] === last[0] && at[1] === last[1] && ({DRAWN})(e)) {{ done(at); return; }}
          if (++frames > 120) {{ fail(new Error("still moving or not drawn after 120 frames")); return; }}
          last = at;
          requestAnimationFrame(frame);
        }})();
      }})""")
    return x, y


def in_view(page, anchor: str) -> None:
    """Wait until the element with this id is on screen."""
    page.wait_for_function("id => { const e = document.getElementById(id); if (!e) return false;"
                           " const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }",
                           arg=anchor, polling=100)


def preview_and_term_tip(page, touch: bool) -> None:
    """On chapter 7: a reference to a rule of chapter 5 shows its preview, and a term its
    definition, each closed again by pointing or tapping elsewhere."""
    point, away = (tap, lambda: page.touchscreen.tap(5, 400)) if touch else (hover, lambda: page.mouse.move(5, 5))
    pop = page.locator("#cr-pop")
    point(page, page.locator("h3#cr702-19a + [lang=en] a", has_text="510").first)
    assert "Combat Damage Step" in shown(pop).inner_text()
    away()
    pop.wait_for(state="hidden")
    point(page, page.locator("h3#cr702-19b + [lang=en] u", has_text="lethal damage").first)
    assert "Lethal Damage" in shown(pop).inner_text() and "致命伤害" in pop.inner_text()
    away()


def shown(pop):
    """The pop-up, once it is on screen and shows what it opened for. It opens at once saying what
    it waits for (another chapter's rules, the glossary's terms), as on a slow phone; what it shows
    comes with the data (a busy machine reading it at once read "Loading the rule…")."""
    pop.wait_for(state="visible")
    pop.page.wait_for_function("() => !document.querySelector('#cr-pop .cr-pop-waiting')", polling=50)
    return pop


def phone_drawer(phone, url: str) -> None:
    """On a phone, at chapter 7: the closed drawer, off the screen, is skipped (the first paint need
    not wait for it); the menu button shows it whole, a tap beside it slides it away, and its link
    to chapter 8 leads there."""
    phone.goto(url + "cr/7/")
    chapter_8 = phone.locator(".md-sidebar--primary a.md-nav__link[href$='8/']").first
    assert not chapter_8.evaluate(DRAWN)
    menu = phone.locator(".cr-menu")
    slid_in = "a => a.getBoundingClientRect().left >= 0"
    menu.tap()
    phone.wait_for_function(slid_in, arg=chapter_8.element_handle())
    box = chapter_8.bounding_box()
    assert chapter_8.evaluate(DRAWN) and box["x"] + box["width"] <= phone.viewport_size["width"]
    phone.touchscreen.tap(phone.viewport_size["width"] - 20, 600)  # the page beside the drawer
    phone.wait_for_function(f"a => !({DRAWN})(a)", arg=chapter_8.element_handle())
    menu.tap()
    phone.wait_for_function(slid_in, arg=chapter_8.element_handle())
    chapter_8.tap()
    phone.wait_for_url(url + "cr/8/")
    assert phone.locator("h1").inner_text().startswith("8.")


def keyboard_drawer(page, url: str, width: int = 1000) -> None:
    """In a window too narrow for the theme's sidebar: Tab reaches the drawer's menu button, a
    button named for what it opens; Enter opens the drawer with the focus on a link of the list
    it shows, on the screen and not under another; Escape closes it, the focus back on the button."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(url + "cr/7/")
    menu = page.locator(".cr-menu")
    assert menu.get_attribute("aria-label") == "导航 Navigation" and menu.get_attribute("aria-expanded") == "false"
    assert page.locator("label[for=__drawer].md-header__button").is_hidden()
    for _ in range(5):
        page.keyboard.press("Tab")
        if menu.evaluate("b => b === document.activeElement"):
            break
    assert menu.evaluate("b => b === document.activeElement"), "Tab never reached the menu button"
    page.keyboard.press("Enter")
    assert menu.get_attribute("aria-expanded") == "true"
    focused = page.locator(".md-sidebar--primary a:focus")
    assert focused.count() == 1
    page.wait_for_function("() => document.activeElement.getBoundingClientRect().left >= 0")
    assert focused.evaluate(DRAWN)
    assert focused.evaluate("""a => { const r = a.getBoundingClientRect();
        return document.elementFromPoint(r.left + 20, r.top + r.height / 2).closest('a') === a; }""")
    page.keyboard.press("Escape")
    assert menu.get_attribute("aria-expanded") == "false"
    assert menu.evaluate("b => b === document.activeElement")
    page.wait_for_function(f"() => !({DRAWN})(document.querySelector('.md-sidebar--primary a'))")


def share_changed(page, before: bytes, after: bytes) -> float:
    """The share of the pixels that differ between two screenshots of one size, decoded in the page:
    what a reader sees change, not the encoder's bytes (which differ for the same look)."""
    import base64
    return page.evaluate("""async shots => {
      const pixels = async png => {
        const image = new Image();
        image.src = 'data:image/png;base64,' + png;
        await image.decode();
        const canvas = Object.assign(document.createElement('canvas'), {width: image.width, height: image.height});
        const drawn = canvas.getContext('2d');
        drawn.drawImage(image, 0, 0);
        return drawn.getImageData(0, 0, image.width, image.height).data;
      };
      const [a, b] = [await pixels(shots[0]), await pixels(shots[1])];
      if (a.length !== b.length) { return 1; }
      let changed = 0;
      for (let i = 0; i < a.length; i += 4) {
        if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 48) { changed++; }
      }
      return changed / (a.length / 4);
    }""", [base64.b64encode(shot).decode() for shot in (before, after)])


def hover(page, locator) -> None:
    page.mouse.move(*first_line(locator))


def tap(page, locator) -> None:
    page.touchscreen.tap(*first_line(locator))


THEME_APPLIES = """() => !document.getElementById('cr-first-screen') && [getComputedStyle(document.querySelector('header')).position,
    getComputedStyle(document.body).getPropertyValue('--md-primary-fg-color').trim(),
    getComputedStyle(document.querySelector('.cr-footer-edition')).backgroundColor]"""


def assert_the_theme_applies(page):
    """The theme's, its palette's and the site's own styles apply, and the first screen's are gone
    (overrides/main.html; with each builder, online and from file://, where tests/test_builders.py
    and test_reading.py open their pages)."""
    assert page.evaluate(THEME_APPLIES) == ["sticky", "#795649", "rgb(28, 28, 28)"]  # the palette's brown
