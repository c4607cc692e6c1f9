"""The readers' words for the search (generator/site/readers_words.py): the file's entries, its errors named
by line, the glossary's obsolete names, and the file the project ships."""
import pytest

from conftest import ROOT
from generator.errors import SourceError
from generator.site.readers_words import parse_synonyms, read_synonyms


def test_entries_become_typed_form_to_rules_words_in_lower_case_and_simplified():
    forms = parse_synonyms("enters the battlefield: [ETB, \"Comes into play\"]\n進入戰場: [進場]\n", "s.yml")
    assert forms == {"etb": "enters the battlefield", "comes into play": "enters the battlefield", "进场": "进入战场"}


@pytest.mark.parametrize("text, line, words", [
    ("a: [b]\nc: d\n", 2, "expected a list of what readers type"),
    ("a: [b]\nc: [a2, [x]]\n", 2, "expected a typed form"),
    ("a: [b]\n\nc: [d, b]\n", 3, "already stands for “a” (line 1)"),
    ("mana value: [Mana Value]\n", 1, "the rules' own words"),
    ("- a\n- b\n", 1, "expected a mapping"),
    ("a: [b\nc: d\n", 2, "not valid YAML"),
])
def test_a_bad_entry_is_named_by_file_and_line(text, line, words):
    with pytest.raises(SourceError) as caught:
        parse_synonyms(text, "docs_src/synonyms.yml")
    assert caught.value.line == line and words in caught.value.message
    assert str(caught.value).startswith(f"docs_src/synonyms.yml:{line}: error: ")


def test_a_bad_file_stops_the_build_with_its_line(tmp_path):
    from generator.site.generate import GenerateError, Options, generate
    bad = tmp_path / "synonyms.yml"
    bad.write_text("etb: enters the battlefield\n", encoding="utf-8")
    with pytest.raises(GenerateError, match=r"synonyms.yml:1: error: expected a list"):
        generate(Options.from_config(synonyms=bad), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_the_shipped_file_reads_and_names_the_players_abbreviations():
    forms = read_synonyms(ROOT / "docs_src" / "synonyms.yml")
    assert {forms[f] for f in ("etb", "ltb", "sba", "cmc", "mv", "p/t", "apnap", "eot")} >= {
        "enters the battlefield", "leaves the battlefield", "state-based actions", "mana value", "power/toughness"}
    assert forms["进场"] == "进入战场" and forms["磨牌"] == "磨"


def test_obsolete_glossary_names_read_as_the_terms_that_replaced_them(corpus_loaded):
    from generator.history.corpus import load_corpus
    from generator.site.readers_words import former_names
    from conftest import CORPUS_EN
    names = former_names(load_corpus(None, [str(CORPUS_EN)]).termbase)
    assert names["converted mana cost"] == "mana value" and names["casting cost"] == "mana cost"
    assert names["edh"] == "commander" and names["in play"] == "battlefield"
    assert "mana burn" not in names  # "that rule no longer exists": nothing replaced it
