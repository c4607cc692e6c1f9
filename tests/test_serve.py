"""`mkdocs serve` and `generate --watch` rebuild when a source changes."""
import os
import socket
import subprocess
import sys
import time
import urllib.request

from conftest import ROOT
from sitekit import project_config, seed_manifest


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode("utf-8")


def test_serve_rebuilds_after_a_source_edit(browser, tmp_path):
    manifest = seed_manifest(tmp_path)
    config = project_config(tmp_path, manifest=manifest)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--livereload", "-f", str(config),
                               "-a", f"127.0.0.1:{port}"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    url = f"http://127.0.0.1:{port}/cr/9/"
    page = browser.new_page()
    try:
        deadline = time.time() + 120
        while True:
            try:
                if "901.3" in _get(url):
                    break
            except OSError:
                pass
            assert time.time() < deadline and server.poll() is None, "mkdocs serve did not start"
            time.sleep(0.5)
        page.goto(url)
        assert "A planar die is a six-sided die." in page.text_content("body")
        # a preview never shows a stored page: its pages register no worker, and its worker, should
        # one of a real build at this address look for an update, removes itself and every copy
        assert 'name="cr-build"' not in _get(url) and 'rel="manifest"' not in _get(url)
        assert _get(f"http://127.0.0.1:{port}/sw.js").startswith("const BUILD = null;")
        source = tmp_path / "sources" / "cr-2023-11-17-ch9-casual-variants.en-zh.txt"
        text = source.read_text(encoding="utf-8")
        source.write_text(text.replace("A planar die is a six-sided die.", "A planar die is a twelve-sided die."),
                          encoding="utf-8")
        # the page open in the browser reloads itself (live reload) and shows the edit
        page.wait_for_function("() => document.body && document.body.textContent.includes('twelve-sided')",
                               timeout=60000)  # document.body is null for a moment while the page reloads
        assert "twelve-sided" in _get(url)
        time.sleep(3)  # time for a second rebuild, if the generated pages set one off
    finally:
        page.close()
        server.terminate()
        output = server.communicate(timeout=20)[0].decode("utf-8", "replace")
    assert output.count("Building documentation") == 2, output  # the first build, and one per edit


def test_generate_watch_regenerates_after_a_source_edit(tmp_path):
    """`generate --watch`, as it runs beside `zensical serve`: an edit changes the generated page."""
    manifest = seed_manifest(tmp_path)
    out = tmp_path / "build"
    watcher = subprocess.Popen([sys.executable, "-m", "generator", "generate", "--watch", "--manifest", str(manifest),
                                "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    page = out / "docs" / "cr" / "9" / "index.md"
    try:
        _wait(lambda: page.exists() and "six-sided" in page.read_text(encoding="utf-8"), watcher)
        source = tmp_path / "sources" / "cr-2023-11-17-ch9-casual-variants.en-zh.txt"
        text = source.read_text(encoding="utf-8")
        source.write_text(text.replace("A planar die is a six-sided die.", "A planar die is a twelve-sided die."),
                          encoding="utf-8")
        _wait(lambda: "twelve-sided" in page.read_text(encoding="utf-8"), watcher)
        assert "six-sided die." not in page.read_text(encoding="utf-8")
        time.sleep(3)  # the second run ends (it writes the page before it reports), and no third one starts
    finally:
        watcher.terminate()
        output = watcher.communicate(timeout=20)[0].decode("utf-8", "replace")
    assert output.count("generated ") == 2, output


def _wait(condition, process, seconds=60):
    deadline = time.time() + seconds
    while not condition():
        assert time.time() < deadline and process.poll() is None, "gave up waiting"
        time.sleep(0.2)


def test_a_build_again_in_the_same_process_is_what_a_fresh_process_makes(tmp_path):
    """`mkdocs serve` builds again in its own process after every edit, and the generator keeps what
    it found in the texts that did not change: the terms of a text, its references, its sentence
    pairs, the check's facts of a rule, the memory's units. Built again in the process that built
    them before, edited sources give, file for file, what a fresh process gives: first an English
    rule and a Chinese one the check then finds, then a new term in the study note, which makes
    another glossary and numbers the terms anew."""
    from generator.site.generate import Options, generate
    manifest = seed_manifest(tmp_path)
    options = Options.from_config(manifest=manifest)

    def edit(name, old, new):
        source = tmp_path / "sources" / name
        text = source.read_text(encoding="utf-8")
        assert old in text
        source.write_text(text.replace(old, new), encoding="utf-8")

    def files(folder):
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}

    def built_again(name):
        generate(options, tmp_path / name)
        fresh = subprocess.run([sys.executable, "-m", "generator", "generate", "--manifest", str(manifest),
                                "--out", str(tmp_path / f"{name}-fresh")], cwd=ROOT, capture_output=True, text=True,
                               env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / f"{name}-cache")})  # nothing kept
        assert fresh.returncode == 0, fresh.stderr[-3000:]
        made = files(tmp_path / name)
        assert made == files(tmp_path / f"{name}-fresh")
        return made

    before = files(generate(options, tmp_path / "before").folder)
    edit("cr-2023-11-17-ch9-casual-variants.en-zh.txt", "a six-sided die.", "a twelve-sided die.")
    edit("cr-2023-11-17-ch3-card-types.en-zh.txt", "300.1. 牌的类别", "300.1. 牌的的类别")
    edited = built_again("edited")
    changed = {name for name in edited if before.get(name) != edited[name]}
    assert {"docs/cr/9/index.md", "docs/cr/3/index.md"} <= changed, sorted(changed)
    memory = next(name for name in changed if name.endswith("memory.tmx"))
    assert "twelve-sided" in edited[memory].decode() and "six-sided" in before[memory].decode()
    check = next(name for name in changed if name.endswith("worklist.json"))
    assert "a doubled character: 的的 (…牌的的类别" in edited[check].decode()
    assert "牌的的类别" not in before[check].decode()
    edit("primer-study-note.zh.md", "  - 宣告阻挡者步骤（Declare Blockers Step）\n",
         "  - 宣告阻挡者步骤（Declare Blockers Step）\n  - 阻挡（Block）\n")
    glossary = built_again("glossary")
    assert glossary["docs/cr/glossary/index.md"] != edited["docs/cr/glossary/index.md"]


def test_a_template_edited_between_two_builds_of_one_process_reaches_the_pages(tmp_path):
    """The plugin keeps the theme's compiled templates for the process (TEMPLATE_CODE in
    generator/site/mkdocs_plugin.py); a template edited between two builds, as while `mkdocs serve`
    runs, is compiled anew."""
    import shutil
    from generator.site.mkdocs_build import mkdocs_build
    overrides = tmp_path / "overrides"
    shutil.copytree(ROOT / "overrides", overrides)
    config = project_config(tmp_path, manifest=seed_manifest(tmp_path))
    config.write_text(config.read_text(encoding="utf-8").replace(str(ROOT / "overrides"), str(overrides)),
                      encoding="utf-8")
    page = tmp_path / "site" / "cr" / "9" / "index.html"
    mkdocs_build(config)
    assert "CR effective</span> 2023-11-17" in page.read_text(encoding="utf-8")
    template = overrides / "main.html"
    template.write_text(template.read_text(encoding="utf-8").replace("CR effective", "CR in force from"),
                        encoding="utf-8")
    mkdocs_build(config)
    assert "CR in force from</span> 2023-11-17" in page.read_text(encoding="utf-8")
