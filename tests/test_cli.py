"""`python -m generator check`: the report, its JSON, and clear errors for bad input."""
import json
import re
import subprocess
import sys

import pytest

from conftest import ROOT


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_check_json_per_source_fields():
    result = run("check", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    by_path = {s["path"]: s for s in report["sources"]}
    ch9 = by_path["sources/cr-2023-11-17-ch9-casual-variants.en-zh.txt"]
    assert (ch9["format"], ch9["edition"], ch9["language"]) == ("line-pairs", "2023-11-17", "en+zh")
    assert (ch9["rules"], ch9["examples"], ch9["glossary"]) == (124, 8, 0)
    assert ch9["errors"] == [] and isinstance(ch9["warnings"], list)
    ch3 = by_path["sources/cr-2023-11-17-ch3-card-types.en-zh.txt"]
    assert {"line", "offset", "text", "reason"} <= set(ch3["skipped"][0])
    assert [e["edition"] for e in report["editions"]] == ["2023-11-17", "2012", "2009-07-08"]
    assert report["errors"] == 0


def test_check_human_report():
    result = run("check")
    assert result.returncode == 0
    assert "edition 2023-11-17: en+zh, 286 rules" in result.stdout
    assert "0 errors" in result.stdout


def test_extra_source_detected_from_content(corpus_files):
    result = run("check", "--json", "--no-manifest", "--source", str(corpus_files[0]))
    report = json.loads(result.stdout)
    (source,) = report["sources"]
    assert (source["format"], source["edition"], source["language"], source["rules"], source["examples"],
            source["glossary"]) == ("official", "2023-11-17", "en", 2899, 276, 668)
    assert len(source["warnings"]) == 4 and source["errors"] == []
    assert "section 600 'General' has no rules" in [w["message"] for w in source["warnings"]]  # true of 2023-11-17


BAD_INPUTS = {
    "binary.txt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "binary data"),
    "empty.txt": (b"", "the file is empty"),
    "prose.txt": ("Just some notes.\nNothing about rules here.\n".encode(), "not a rules text in any known format"),
    "latin1.txt": ("100.1. Caf\xe9 rule.\n".encode("latin-1") + b"\x81\x8d", "not a rules text in any known format"),
    # the usual wrong encoding of a Chinese file: the message says what to do
    "gbk.txt": ("万智牌完整规则\n一、游戏概念\n".encode("gb18030"), "GB18030 or Big5 needs its `encoding:` in the manifest"),
}


@pytest.mark.parametrize("name", BAD_INPUTS)
def test_bad_input_one_clear_message_no_traceback(tmp_path, name):
    data, expected = BAD_INPUTS[name]
    path = tmp_path / name
    path.write_bytes(data)
    result = run("check", "--no-manifest", "--source", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    (line,) = [l for l in result.stderr.splitlines() if "error" in l]
    assert line.startswith(str(path)) and expected in line


def _manifest(tmp_path, entry: str):
    (tmp_path / "rules.txt").write_text("100.1. A rule.\n100.1. 一条规则。\n100.2. Another.\n100.2. 另一条。\n"
                                        "100.3. Third.\n100.3. 第三条。\n100.4. Fourth.\n100.4. 第四条。\n",
                                        encoding="utf-8")
    manifest = tmp_path / "sources.yml"
    manifest.write_text("sources:\n  - path: rules.txt\n" + entry, encoding="utf-8")
    return manifest


@pytest.mark.parametrize("entry,expected", [
    ("    format: pdf\n", "sources.yml:2: error: unknown format 'pdf'; expected one of official, line-pairs"),
    ("    edition: last tuesday\n", "sources.yml:2: error: edition must be an ISO date"),
    ("    edition: 2024-13-45\n", "sources.yml:2: error: edition must be an ISO date"),  # was a traceback
    ("    edition: '2024-02-30'\n", "sources.yml:2: error: edition must be an ISO date"),
    ("    encoding: ascii\n", "rules.txt:2: error: byte 0xe4 at column 8 is not valid ascii"),
    ("    colour: red\n", "sources.yml:2: error: unknown field(s) colour"),
    # tracebacks a hostile-input review met (or, for the title, a build's traceback after a clean check)
    ("  - path: 42\n", "sources.yml:3: error: path must be text, got 42"),
    ("    title: [1, {a: 2}]\n", "sources.yml:2: error: title must be text, got [1, {'a': 2}]"),
    ("    languages: en\n", "sources.yml:2: error: languages must be a list such as [en, zh], got 'en'"),
    ("    encoding: !!python/object/apply:os.system [echo]\n", "sources.yml:2: error: expected plain YAML data"),
    ("  - path: rules.txt\n", "sources.yml:3: error: rules.txt is already a source (line 2): expected each file once"),
    ("", "rules.txt: error: the edition (effective date) is not in the text"),
])
def test_manifest_problems(tmp_path, entry, expected):
    manifest = _manifest(tmp_path, entry)
    result = run("check", "--manifest", str(manifest))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert expected in result.stdout + result.stderr


def test_manifest_not_yaml(tmp_path):
    manifest = tmp_path / "sources.yml"
    manifest.write_text("sources: [\n  - path: x\n", encoding="utf-8")
    result = run("check", "--manifest", str(manifest))
    assert result.returncode == 1 and "not valid YAML" in result.stderr and "Traceback" not in result.stderr


def test_a_file_an_entry_names_is_read_once_though_a_glob_names_it_too(tmp_path):
    """The newest text as rules and its archive, itself included, as history: read once, as rules."""
    manifest = _manifest(tmp_path, "    edition: 2031-01-01\n  - path: '*.txt'\n    role: history\n")
    result = run("check", "--json", "--manifest", str(manifest))
    assert result.returncode == 0, result.stdout + result.stderr
    (source,) = json.loads(result.stdout)["sources"]
    assert source["rules"] == 4


def test_good_manifest_entry_passes(tmp_path):
    manifest = _manifest(tmp_path, "    edition: 2031-01-01\n")
    result = run("check", "--json", "--manifest", str(manifest))
    assert result.returncode == 0, result.stdout
    (source,) = json.loads(result.stdout)["sources"]
    assert (source["format"], source["rules"], source["language"]) == ("line-pairs", 4, "en+zh")


def test_check_lists_what_the_termbase_and_keyword_matching_find(tmp_path):
    """Warnings found while the site's terms and keyword links are made reach `check` too."""
    text = (ROOT / "tests" / "fixtures" / "mini-official.en.txt").read_bytes().decode("utf-8")
    older = text
    newer = (text.replace("March 3, 2031", "March 3, 2032")
             .replace("702.2a Spinning is a static ability. See rules 101.2a and 702.2b–c.",
                      "702.2a Spinning lets a player draw dragons at random.")
             .replace("\rWhirl\rSee Spinning.\r", "\rWhirl\rSee Spinning.\r\rSpinning\rA second entry.\r"))
    (tmp_path / "old.txt").write_text(older, encoding="utf-8", newline="")
    (tmp_path / "new.txt").write_text(newer, encoding="utf-8", newline="")
    result = run("check", "--no-manifest", "--all", "--source", str(tmp_path / "old.txt"), "--source", str(tmp_path / "new.txt"))
    assert result.returncode == 0, result.stderr
    assert "new.txt:75: warning: glossary term 'Spinning' appears twice" in result.stdout
    assert "2031-03-03 702.2 and 2032-03-03 702.2 are both titled 'Spinning' but define it differently" in result.stdout


def test_loading_never_changes_the_manifest_entry():
    """What the manifest declares and what was detected stay apart."""
    from generator.sources.loader import load
    from generator.rules.model import SourceSpec
    declared = SourceSpec("mini", ROOT / "tests" / "fixtures" / "mini-official.en.txt")
    loaded = load(declared)
    assert (declared.format, declared.edition, declared.languages) == (None, None, ())
    spec = loaded.parsed.spec
    assert (spec.format, spec.edition, spec.languages) == ("official", "2031-03-03", ("en",))


def test_a_build_tells_the_sources_warnings(tmp_path):
    """`make site` and `make serve` went on without a word where `check` warned: a line read into
    the rule above, a rule number missing (its rule then glued to the one before)."""
    source = ROOT / "tests" / "fixtures" / "mini-official.en.txt"
    result = run("generate", "--no-manifest", "--source", str(source), "--out", str(tmp_path / "build"))
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    head = next(i for i, line in enumerate(lines) if "warnings in the sources" in line)
    assert "python -m generator check --all" in lines[head]
    assert re.match(rf"  {re.escape(str(source))}:\d+: warning: ", lines[head + 1]), lines[head:head + 3]


def test_a_language_the_text_does_not_have_is_told(tmp_path):
    """An English text declared zh was taken as the Chinese without a word."""
    manifest = _manifest(tmp_path, "    edition: 2031-01-01\n    languages: [zh]\n")
    result = run("check", "--manifest", str(manifest))
    assert result.returncode == 0
    assert "warning: the manifest gives the languages zh, the text has en+zh: check 'languages:'" in result.stdout
