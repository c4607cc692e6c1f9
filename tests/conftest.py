"""Shared paths and loaders for the tests."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.sources.loader import load, load_text
from generator.sources.manifest import read_manifest, spec_from_path
from generator.rules.model import SourceSpec
from generator.sources.decoding import from_string

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MANIFEST = ROOT / "docs_src" / "sources.yml"
CORPUS = ROOT.parent / "shared" / "corpus"
CORPUS_EN = CORPUS / "en" / "MagicCompRules-20231117.txt"
CORPUS_ZH = CORPUS / "zh" / "MagicCompRules-zh-20231117.txt"
CORPUS_EN_OLD = CORPUS / "en" / "MagicCompRules-20230414.txt"

# The full texts are not part of the project (../shared/corpus, beside the clone; CI has it). Without
# them the run stops with one line, unless a reader who has only the project sets this (never in CI).
WITHOUT_CORPUS = "CR_TESTS_WITHOUT_CORPUS"
NO_CORPUS = f"no corpus at {CORPUS}, and {WITHOUT_CORPUS}=1 runs the tests without it"


def corpus_complete() -> bool:
    """The 90 English editions and the four translations the corpus README lists."""
    return len(list(CORPUS.glob("en/MagicCompRules-*.txt"))) >= 90 and len(list(CORPUS.glob("zh/*.txt"))) >= 4


def without_corpus() -> bool:
    return os.environ.get(WITHOUT_CORPUS) == "1" and not os.environ.get("CI")


def needs_corpus(*paths: Path) -> None:
    """Skip the calling test where the reader opted out of the corpus; fail where a file is gone."""
    missing = [p for p in paths if not p.exists()]
    if missing and without_corpus():
        pytest.skip(NO_CORPUS)
    if missing:
        pytest.fail(f"{missing[0]} is missing from the corpus")


def pytest_configure(config):
    if not corpus_complete() and not without_corpus():
        hint = "" if os.environ.get("CI") else f"; to run the tests without it, set {WITHOUT_CORPUS}=1"
        pytest.exit(f"the corpus {CORPUS} is missing or incomplete (90 English editions and 4 translations "
                    f"expected){hint}", returncode=1)


def pytest_terminal_summary(terminalreporter):
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if NO_CORPUS in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} tests skipped: {NO_CORPUS}", yellow=True)


def seed(name_part: str):
    """The loaded manifest source whose path contains name_part."""
    spec = next(s for s in read_manifest(MANIFEST) if name_part in s.path)
    return load(spec)


def parse_text(text: str, fmt: str | None = None, **spec_fields):
    spec = SourceSpec("<test>", Path("<test>"), fmt, **spec_fields)
    return load_text(from_string(text, "<test>"), spec)


@pytest.fixture(scope="session")
def corpus_files():
    needs_corpus(CORPUS_EN, CORPUS_ZH, CORPUS_EN_OLD)
    return CORPUS_EN, CORPUS_ZH


@pytest.fixture(scope="session")
def corpus_loaded(corpus_files):
    en, zh = corpus_files
    return load(spec_from_path(str(en))), load(spec_from_path(str(zh)))


def made_once(tmp_path_factory, name: str, make) -> Path:
    """The folder <name>/site, made by make(site) once for the whole run: the workers of
    `pytest -n 2` share a temporary root, and the first to ask makes it while the other waits for it
    (a build takes seconds, and most tests only read what it made)."""
    import fcntl
    import os
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's root, above each worker's own
    folder = root / "made-once" / name
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            make(folder / "site")
            (folder / "done").touch()
    return folder / "site"


def built_once(tmp_path_factory, name: str, *sources, **options) -> Path:
    """A site built (sitekit.build) once for the whole run; its generated folder is site-build."""
    def make(site):
        from sitekit import build
        result = build(site, *sources, **options)
        assert result.returncode == 0, result.stderr[-3000:]
        assert "WARNING" not in result.stderr, result.stderr[-3000:]  # MkDocs validates every Markdown link
    return made_once(tmp_path_factory, name, make)


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory):
    return built_once(tmp_path_factory, "seed-site")


@pytest.fixture(scope="session")
def full_site(tmp_path_factory, corpus_files):
    # the April edition too: older pages, the changes page
    return built_once(tmp_path_factory, "full-site", *corpus_files, CORPUS_EN_OLD)


# the 2024-02-02 English with the 2023-11-17 translation carried forward to it
CARRIED = [CORPUS / "en" / "MagicCompRules-20231117.txt", CORPUS / "en" / "MagicCompRules-20240206.txt",
           CORPUS / "zh" / "MagicCompRules-zh-20231117.txt"]


# a name the translators settled on in their term list before a release had it (made up)
SETTLED = Path(__file__).parent / "fixtures" / "settled-terms.json"


@pytest.fixture(scope="session")
def carried_site(tmp_path_factory):
    needs_corpus(*CARRIED)
    return built_once(tmp_path_factory, "carried", *CARRIED, SETTLED, no_manifest=True)


@pytest.fixture(scope="session")
def carried_url(carried_site):
    from sitekit import Served
    served = Served(carried_site)
    yield served.url
    served.close()


@pytest.fixture(scope="session")
def builder_sites(request, tmp_path_factory):
    """site(corpus, builder, kind): the site a builder makes of the folder generated for a corpus
    ("seed": the embedded sources; "full": the 2023-11-17 texts with the April edition) and a kind
    (online: directory URLs; offline: the bundle for file://). Each folder is generated once, each
    site built once per session, when a test first asks for it."""
    from sitekit import build_with

    def folder(corpus, kind):
        if kind == "online":  # the sites the other tests share, built by MkDocs from their folder
            site = request.getfixturevalue("seed_site" if corpus == "seed" else "full_site")
        else:
            sources = [] if corpus == "seed" else [*request.getfixturevalue("corpus_files"), CORPUS_EN_OLD]
            site = built_once(tmp_path_factory, f"{corpus}-offline", *sources, offline=True)
        return site.parent / f"{site.name}-build", site

    def site(corpus, builder, kind):
        pages, material = folder(corpus, kind)
        if builder == "material":
            return material
        # Zensical writes into the generated folder, the others where they are told
        made = made_once(tmp_path_factory, f"{corpus}-{builder}-{kind}", lambda site: build_with(builder, pages, site))
        return pages / "site" if builder == "zensical" else made
    return site


def pytest_collection_modifyitems(items):
    """`-m "not browser"` runs what needs no browser."""
    for item in items:
        if {"browser", "page", "phone", "seed_url", "full_url"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# Debian's chromium-headless-shell: the same Chromium (one source package, the same version) without
# the desktop browser's windows and interface, which the full chromium keeps around every page even
# headless; the suite is much faster with it (docs/tests.md). bench/ keeps the full browser.
CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium-headless-shell is missing: run `make browser` (make test does it)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Page:
    """A browser page that records console errors and failed requests. Service workers are blocked
    unless asked for: the site's worker would store a whole site in the background of every test
    (tests/test_offline_app.py asks for them)."""

    def __init__(self, browser, width=1280, height=900, **context_options):
        context_options.setdefault("service_workers", "block")
        self.context = browser.new_context(viewport={"width": width, "height": height}, **context_options)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))

    def close(self):
        self.context.close()


def _error_free(opened: Page):
    """The page for a test, which fails on any console error the page had."""
    yield opened.page
    errors = opened.errors
    opened.close()
    assert errors == [], errors


@pytest.fixture
def page(browser):
    yield from _error_free(Page(browser))


@pytest.fixture
def phone(browser):
    """A 390x844 phone with touch."""
    yield from _error_free(Page(browser, 390, 844, has_touch=True, is_mobile=True))


@pytest.fixture(scope="session")
def seed_url(seed_site):
    from sitekit import Served
    served = Served(seed_site)
    yield served.url
    served.close()


@pytest.fixture(scope="session")
def full_url(full_site):
    from sitekit import Served
    served = Served(full_site)
    yield served.url
    served.close()
