"""`generator fetch` against a local HTTP server (loopback only) shaped like the official rules page
and the translation's repository: new editions arrive with their provenance, a second run does
nothing, and every failure leaves the sources and the manifest byte for byte as they were."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import yaml

from conftest import CORPUS, ROOT
from generator.cli import main
from generator.history.corpus import load_corpus

EN = {date: CORPUS / "en" / f"MagicCompRules-{date.replace('-', '')}.txt" for date in ("2023-11-17", "2024-02-06")}
ZH = {date: CORPUS / "zh" / f"MagicCompRules-zh-{date.replace('-', '')}.txt" for date in ("2023-11-17", "2024-02-06")}


class Site:
    """Routes path -> (status, content type, body); `broken` paths announce more bytes than they send."""

    def __init__(self):
        self.routes: dict[str, tuple[int, str, bytes]] = {}
        self.broken: set[str] = set()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                status, kind, body = site.routes.get(self.path, (404, "text/html", b"<html>Not Found</html>"))
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body) * (2 if self.path in site.broken else 1)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        # shutdown() waits for serve_forever's next poll: half a second a test at the default
        threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True).start()

    def rules_page(self, txt_path: str, body: bytes) -> None:
        self.routes["/en/rules"] = (200, "text/html", (
            '<!DOCTYPE html><html><body><a href="/rules.pdf">PDF</a> '
            f'<a class="btn" href="{txt_path}">TXT</a></body></html>').encode())
        self.routes[txt_path] = (200, "text/plain", body)

    def translations(self, files: dict[str, bytes]) -> None:
        """A listing shaped like GitHub's contents API, and the raw files it points to."""
        listing = []
        for name, body in files.items():
            self.routes[f"/raw/plain_text/{name}"] = (200, "text/plain; charset=utf-8", body)
            listing.append({"name": name, "path": f"plain_text/{name}", "type": "file",
                            "download_url": f"{self.url}/raw/plain_text/{name}"})
        self.routes["/contents/plain_text"] = (200, "application/json", json.dumps(listing).encode())


@pytest.fixture
def site(monkeypatch):
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    server = Site()
    yield server
    server.server.shutdown()


@pytest.fixture
def project(tmp_path, corpus_files):
    """A manifest holding the official 2023-11-17 text, with fetch settings and a comment to keep."""
    (tmp_path / "sources").mkdir()
    shutil.copy(EN["2023-11-17"], tmp_path / "sources" / "en-2023-11-17.txt")
    shutil.copy(ZH["2023-11-17"], tmp_path / "sources" / "zh-2023-11-17.txt")
    manifest = tmp_path / "sources.yml"
    manifest.write_text("# our sources, by hand\nfetch:\n  folder: sources\n"
                        "sources:\n  - path: sources/en-2023-11-17.txt  # the one we started with\n"
                        "    role: history\n  - path: sources/zh-2023-11-17.txt\n    role: history\n",
                        encoding="utf-8")
    return manifest


def run(manifest, site, capsys, *extra):
    code = main(["fetch", "--manifest", str(manifest), "--rules-page", f"{site.url}/en/rules",
                 "--translations", f"{site.url}/contents/plain_text", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def home_markdown(corpus) -> str:
    from generator.site.addresses import Addresses
    from generator.site.pages import SiteFiles, front
    from generator.site.model import SiteModel
    files = SiteFiles()
    front.home_page(SiteModel(corpus, Addresses(corpus.shown[0].date, True)), files)
    return files.pages[0].markdown


def snapshot(manifest):
    return {p.relative_to(manifest.parent).as_posix(): p.read_bytes()
            for p in sorted(manifest.parent.rglob("*")) if p.is_file()}


def test_new_editions_arrive_with_provenance_and_a_second_run_changes_nothing(site, project, capsys):
    txt = "/content/dam/magic/MagicCompRules%2020240206.txt"
    site.rules_page(txt, EN["2024-02-06"].read_bytes())
    site.translations({"20231117_Zh.txt": ZH["2023-11-17"].read_bytes(), "20231117_En.txt": b"not ours",
                       "20240206_Zh.txt": ZH["2024-02-06"].read_bytes(), "README.md": b"# readme"})
    code, out, err = run(project, site, capsys)
    assert code == 0, err
    assert "English: new edition 2024-02-02 (2937 rules)" in out and err == ""
    text = project.read_text(encoding="utf-8")
    assert text.startswith("# our sources, by hand\n") and "# the one we started with" in text  # comments kept
    entries = {e["path"]: e for e in yaml.safe_load(text)["sources"]}
    english = entries["sources/MagicCompRules-20240202.txt"]  # named by the date its text gives
    chinese = entries["sources/MagicCompRules-zh-20240202.txt"]
    assert english["fetched"]["url"] == site.url + txt
    assert chinese["fetched"]["url"] == f"{site.url}/raw/plain_text/20240206_Zh.txt"
    for entry, original in ((english, EN["2024-02-06"]), (chinese, ZH["2024-02-06"])):
        saved = (project.parent / entry["path"]).read_bytes()
        assert saved == original.read_bytes()
        assert entry["fetched"]["sha256"] == hashlib.sha256(saved).hexdigest()
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", entry["fetched"]["date"])
        assert entry["edition"] == "2024-02-02" and entry["role"] == "rules" and entry["format"] == "official"
    corpus = load_corpus(project)
    assert corpus.error_count == 0
    assert corpus.shown[0].date == "2024-02-02" and set(corpus.shown[0].languages) == {"en", "zh"}
    home = home_markdown(corpus)  # the home page says what it shows and where it came from
    assert "the official text of the Comprehensive Rules in effect since 2024-02-02" in home
    assert "the community translation of 2024-02-02." in home
    assert f"Fetched</span> {english['fetched']['date']}: <code>{site.url}{txt}</code>" in home

    before = snapshot(project)
    code, out, err = run(project, site, capsys)
    assert code == 0 and err == ""
    assert "fetched before (sources/MagicCompRules-20240202.txt)" in out
    assert "fetched before (sources/MagicCompRules-zh-20240202.txt)" in out and "nothing new saved" in out
    assert snapshot(project) == before


def test_an_edition_that_supersedes_a_fetched_one_keeps_it_for_history(site, project, capsys):
    """The translation one release behind: it and the earlier English stay, as history, and the
    new edition gets the Chinese carried forward through the lineage."""
    for name in ("en-2023-11-17.txt", "zh-2023-11-17.txt"):
        (project.parent / "sources" / name).unlink()
    project.write_text("sources: []\n", encoding="utf-8")
    site.rules_page("/MagicCompRules%2020231117.txt", EN["2023-11-17"].read_bytes())
    site.translations({"20231117_Zh.txt": ZH["2023-11-17"].read_bytes()})
    assert run(project, site, capsys)[0] == 0
    site.rules_page("/MagicCompRules%2020240206.txt", EN["2024-02-06"].read_bytes())
    code, out, err = run(project, site, capsys)
    assert code == 0, err
    assert "the newest translation listed, of 2023-11-17, was fetched before" in out
    assert "MagicCompRules-20231117.txt is now role history" in out
    roles = {e["path"].rsplit("/", 1)[1]: e["role"] for e in yaml.safe_load(project.read_text())["sources"]}
    assert roles == {"MagicCompRules-20231117.txt": "history", "MagicCompRules-zh-20231117.txt": "history",
                     "MagicCompRules-20240202.txt": "rules"}
    corpus = load_corpus(project)
    assert [e.date for e in corpus.shown] == ["2024-02-02"]
    assert len(corpus.shown[0].carried) > 2800  # the Chinese of 2023-11-17, carried to 2024-02-02


def test_the_english_a_translation_needs_is_fetched_by_its_address_once(site, tmp_path, capsys):
    """A new site's first fetch brings the newest English, and the translation trails it (it usually
    does): its Chinese is carried only beside the English of its own edition, which the rules page no
    longer links (a maintainer's review: the first daily run published the rules in English only).
    That English is fetched by its own address, once, as history; an older English no translation
    needs is still refused."""
    (tmp_path / "sources").mkdir()
    shutil.copy(EN["2024-02-06"], tmp_path / "sources" / "en-2024-02-06.txt")
    shutil.copy(ZH["2023-11-17"], tmp_path / "sources" / "zh-2023-11-17.txt")
    manifest = tmp_path / "sources.yml"
    manifest.write_text("fetch:\n  folder: sources\nsources:\n  - path: sources/en-2024-02-06.txt\n    role: rules\n"
                        "  - path: sources/zh-2023-11-17.txt\n    role: history\n", encoding="utf-8")
    assert not load_corpus(manifest).shown[0].carried  # English only
    site.translations({"20231117_Zh.txt": ZH["2023-11-17"].read_bytes()})
    txt = "/downloads/MagicCompRules%2020231117.txt"
    site.routes[txt] = (200, "text/plain", EN["2023-11-17"].read_bytes())
    code, out, err = run(manifest, site, capsys, "--rules-page", site.url + txt)
    assert code == 0, err
    assert "English: edition 2023-11-17 (" in out and "the English of the translation of 2023-11-17, to carry it" in out
    entries = {e["path"]: e for e in yaml.safe_load(manifest.read_text(encoding="utf-8"))["sources"]}
    assert entries["sources/MagicCompRules-20231117.txt"]["role"] == "history"
    corpus = load_corpus(manifest)
    assert [e.date for e in corpus.shown] == ["2024-02-02"] and len(corpus.shown[0].carried) > 2800
    code, out, err = run(manifest, site, capsys, "--rules-page", site.url + txt)  # once: a second run adds nothing
    assert code == 0 and "was fetched before" in out and "nothing new saved" in out
    older = "/downloads/MagicCompRules%2020230414.txt"  # no translation of it here: not added
    site.routes[older] = (200, "text/plain", (CORPUS / "en" / "MagicCompRules-20230414.txt").read_bytes())
    code, out, err = run(manifest, site, capsys, "--rules-page", site.url + older)
    assert code == 0 and "older than the sources' 2024-02-02; not added" in out


CUT_SHORT = EN["2024-02-06"]


def _cut_short():
    data = CUT_SHORT.read_bytes()
    return data[: len(data) * 2 // 3]


FAILURES = {
    "broken download": (lambda s: (s.rules_page("/cr.txt", CUT_SHORT.read_bytes()), s.broken.add("/cr.txt")),
                        r"/cr\.txt: the download broke off after \d+ of \d+ bytes"),
    "HTML error page": (lambda s: s.rules_page("/cr.txt", b"<!DOCTYPE html><html><h1>Service unavailable</h1></html>"),
                        r"/cr\.txt: an HTML page came instead of a rules text"),
    "not found": (lambda s: s.rules_page("/cr.txt", b"") or s.routes.pop("/cr.txt"),
                  r"/cr\.txt: the server answered 404"),
    "not a CR": (lambda s: s.rules_page("/cr.txt", b"Release notes\n\nNothing to see here.\n"),
                 r"/cr\.txt is not a Comprehensive Rules text"),
    "cut short": (lambda s: s.rules_page("/cr.txt", _cut_short()),
                  r"/cr\.txt is not a whole Comprehensive Rules: .*cut short"),
    "page without a link": (lambda s: s.routes.update({"/en/rules": (200, "text/html", b"<html>new design</html>")}),
                            r"/en/rules links no \.txt file"),
    "English as the translation": (lambda s: s.translations({"20240412_Zh.txt": EN["2024-02-06"].read_bytes()}),
                                   r"20240412_Zh\.txt is not the official Chinese Comprehensive Rules"),
    "listing without files": (lambda s: s.translations({"notes.md": b"x"}), r"lists no <yyyymmdd>_Zh\.txt file"),
}


@pytest.mark.parametrize("failure", FAILURES)
def test_a_failure_leaves_the_sources_as_they_were(site, project, capsys, failure):
    arrange, message = FAILURES[failure]
    site.rules_page("/cr.txt", EN["2023-11-17"].read_bytes())  # what the sources have: nothing new
    site.translations({"20231117_Zh.txt": ZH["2023-11-17"].read_bytes()})
    arrange(site)
    before = snapshot(project)
    code, out, err = run(project, site, capsys)
    assert code == 1
    assert re.search(message, err), err
    assert "Traceback" not in err and "nothing new saved" in out
    assert snapshot(project) == before


def test_connection_refused_leaves_the_sources_as_they_were(project, capsys, monkeypatch):
    with socket.socket() as probe:  # a loopback port with nothing listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    before = snapshot(project)
    code = main(["fetch", "--manifest", str(project), "--rules-page", f"http://127.0.0.1:{port}/en/rules",
                 "--translations", f"http://127.0.0.1:{port}/contents"])
    err = capsys.readouterr().err
    assert code == 1
    assert f"English: http://127.0.0.1:{port}/en/rules: cannot connect" in err
    assert f"Chinese: http://127.0.0.1:{port}/contents: cannot connect" in err
    assert snapshot(project) == before


def test_the_manifest_names_the_addresses(tmp_path, site, capsys):
    """Addresses are settings: the manifest's `fetch:` is used when none is given on the command line,
    and a bad one is an error naming the manifest's line."""
    manifest = tmp_path / "sources.yml"
    manifest.write_text(f"fetch:\n  rules_page: {site.url}/en/rules\nsources: []\n", encoding="utf-8")
    site.rules_page("/cr.txt", b"<html>maintenance</html>")
    assert main(["fetch", "--manifest", str(manifest)]) == 1
    captured = capsys.readouterr()
    assert f"{site.url}/cr.txt: an HTML page came" in captured.err
    assert "Chinese: no address to look at (fetch: translations in sources.yml); skipped" in captured.out
    manifest.write_text("fetch:\n  rules_page: ftp://example.org/rules\nsources: []\n", encoding="utf-8")
    assert main(["fetch", "--manifest", str(manifest)]) == 1
    assert f"{manifest}:2: error: fetch: rules_page must be an http(s) address" in capsys.readouterr().err


def test_the_default_manifest_says_where_to_fetch():
    from generator.sources.manifest import read_manifest_and_settings
    from conftest import MANIFEST
    _, settings = read_manifest_and_settings(MANIFEST)
    assert settings.rules_page == "https://magic.wizards.com/en/rules"
    assert settings.folder == MANIFEST.parent / "sources"


def test_the_workflow_step_commits_only_what_arrived(site, tmp_path, corpus_files):
    """The Pages workflow's fetch step, run as written (with the GitHub expressions filled in) in a
    clone whose origin is a local bare repository: new sources are committed and pushed, and
    `changed` tells the build job whether to deploy; a daily run whose fetch fails, fails."""
    from test_workflow import WORKFLOW
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    script = next(s for s in workflow["jobs"]["fetch"]["steps"] if s.get("id") == "fetch")["run"]
    origin, clone = tmp_path / "origin.git", tmp_path / "clone"
    git = ["git", "-c", "init.defaultBranch=main"]
    subprocess.run([*git, "init", "--quiet", "--bare", str(origin)], check=True)
    subprocess.run([*git, "clone", "--quiet", str(origin), str(clone)], check=True, capture_output=True)
    (clone / "docs_src").mkdir()
    (clone / "docs_src" / "sources.yml").write_text(
        f"fetch:\n  rules_page: {site.url}/en/rules\n  translations: {site.url}/contents/plain_text\n"
        "sources: []\n", encoding="utf-8")
    subprocess.run(["sh", "-c", "git add -A && git -c user.name=t -c user.email=t@t commit -qm start && "
                    "git push -q origin HEAD:main"], cwd=clone, check=True)
    site.rules_page("/cr.txt", EN["2023-11-17"].read_bytes())
    site.translations({"20231117_Zh.txt": ZH["2023-11-17"].read_bytes()})

    def step(event: str) -> tuple[int, dict]:
        output = tmp_path / f"output-{event}"
        output.write_text("")
        filled = (script.replace("${{ github.event_name }}", event).replace("${{ github.ref_name }}", "main")
                  .replace("python -m generator fetch", f"{sys.executable} -m generator fetch --manifest docs_src/sources.yml"))
        done = subprocess.run(["bash", "-e", "-c", filled], cwd=clone, capture_output=True, text=True,
                              env={**os.environ, "GITHUB_OUTPUT": str(output), "PYTHONPATH": str(ROOT)})
        return done.returncode, dict(line.split("=", 1) for line in output.read_text().splitlines())

    code, outputs = step("schedule")
    assert code == 0 and outputs["changed"] == "true"
    pushed = subprocess.run(["git", "--git-dir", str(origin), "log", "-1", "--format=%H %s", "main"],
                            capture_output=True, text=True).stdout.split(" ", 1)
    assert pushed == [outputs["commit"], "Fetch the newest Comprehensive Rules and translation\n"]
    shown = subprocess.run(["git", "--git-dir", str(origin), "show", "--stat", "--format=", "main"],
                           capture_output=True, text=True).stdout
    assert "docs_src/sources/MagicCompRules-20231117.txt" in shown and "docs_src/sources.yml" in shown

    code, outputs = step("schedule")  # nothing new: no commit, no deploy
    assert code == 0 and outputs == {"changed": "false", "commit": pushed[0]}

    site.routes["/en/rules"] = (503, "text/html", b"<html>down</html>")
    assert step("schedule")[0] != 0  # a daily run with a failed fetch fails, to be looked at
    code, outputs = step("push")  # a push still builds and deploys what it has
    assert code == 0 and outputs["changed"] == "false"
