"""The JSON export: valid against its schema, deterministic, complete."""
import json
import subprocess
import sys

import jsonschema

from conftest import ROOT
from generator.history.export import SCHEMA_FILE, edition_document, to_json
from generator.history.corpus import load_corpus

SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def test_seed_editions_validate_and_are_deterministic_across_processes(tmp_path):
    """The export of two processes with other hash seeds and no shared cache, byte for byte."""
    from sitekit import files_of, generator_run
    exported, again = (files_of(generator_run(tmp_path, seed, "export", "--out", "{run}/export") / "export") for seed in (1, 2))
    assert len(exported) == 3 and exported == again
    first = load_corpus()
    for edition in first.editions:
        jsonschema.validate(edition_document(edition), SCHEMA)
        assert to_json(edition).encode("utf-8") == exported[f"{edition.date}.json"]  # this process too
    by_date = {e.date: edition_document(e) for e in first.editions}
    flat = by_date["2012"]
    rules = {r["number"]: r for c in flat["chapters"] for s in c["sections"] for r in s["rules"]}
    assert rules["101.2"]["texts"]["en"]["incomplete"] is True
    assert rules["100.1"]["texts"]["en"]["source"]["offset"] > 0  # one-line source: character offsets
    assert sum(len(s["rules"]) for c in by_date["2023-11-17"]["chapters"] for s in c["sections"]) == 286


def test_full_corpus_validates(corpus_files):
    corpus = load_corpus(None, [str(p) for p in corpus_files])
    (edition,) = corpus.editions
    document = edition_document(edition)
    jsonschema.validate(document, SCHEMA)
    assert len(document["glossary"]) == 668 and all(g["verified"] for g in document["glossary"])
    assert sum(len(s["rules"]) for c in document["chapters"] for s in c["sections"]) == 2899


def test_schema_rejects_a_broken_document():
    document = edition_document(load_corpus().editions[0])
    document["chapters"][0]["sections"][0]["rules"][0]["number"] = "702.19l"  # l is never a subrule letter
    try:
        jsonschema.validate(document, SCHEMA)
    except jsonschema.ValidationError:
        return
    raise AssertionError("the schema accepted a subrule letter l")


def test_export_command_and_site_copy(tmp_path, seed_site):
    result = subprocess.run([sys.executable, "-m", "generator", "export", "--out", str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["2009-07-08.json", "2012.json", "2023-11-17.json"]
    assert (tmp_path / "2023-11-17.json").read_bytes() == (seed_site / "assets" / "data" / "2023-11-17" / "cr.json").read_bytes()
