"""Translation status: counts match the model; a stale translation is found and marked."""
import re

from conftest import FIXTURES
from generator.pipeline import load_corpus
from generator.status import edition_status
from sitekit import build


def test_seed_status_matches_the_model():
    corpus = load_corpus()
    parsed = [s.parsed for s in corpus.loaded]
    for edition in corpus.editions:
        status = edition_status(edition, parsed)
        rules = list(edition.rules())
        assert status.rules == len(rules)
        assert status.translated == sum(1 for r in rules if "zh" in r.texts)
        assert [n for c in status.chapters for n in c.missing] == [r.number for r in rules if "zh" not in r.texts]
        assert status.stale == []
    current = edition_status(corpus.editions[0], parsed)
    nine = next(c for c in current.chapters if c.number == 9)
    assert (nine.examples, nine.examples_translated) == (8, 0)


def test_a_stale_translation(tmp_path):
    """The official English of 101.2 is not the English the line-pairs source translated."""
    manifest = tmp_path / "sources.yml"
    manifest.write_text(
        f"sources:\n  - path: {FIXTURES / 'mini-official.en.txt'}\n"
        f"  - path: {FIXTURES / 'mini-pairs.en-zh.txt'}\n    edition: 2031-03-03\n", encoding="utf-8")
    corpus = load_corpus(manifest)
    (edition,) = corpus.editions
    status = edition_status(edition, [s.parsed for s in corpus.loaded])
    assert [str(s.number) for s in status.stale] == ["101.2"]  # 100.1a's English is the same in both
    assert "translates other English: 'Widgets can be turned sideways.'" in status.stale[0].reason
    site = tmp_path / "site"
    result = build(site, manifest=manifest)
    assert result.returncode == 0, result.stderr[-2000:]
    page = (site / "cr" / "1" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<h4 id=cr101-2>.*?小物件可以被转向侧面。 <span class=stale[^>]*>旧译 2031-03-03</span>", page)
    assert "<h4 id=cr100-1a>" in page and "class=stale" not in page.split("<h4 id=cr100-1a>")[1].split("<h4")[0]
    status_page = (site / "cr" / "status" / "index.html").read_text(encoding="utf-8")
    assert 'href="../1/#cr101-2">101.2</a>: 译自 translates 2031-03-03' in status_page
    # rules of the official text that no source translates are listed as missing
    assert '<a href="../7/#cr702-1">702.1</a>' in status_page


def test_status_page_bars(seed_site):
    html = (seed_site / "cr" / "status" / "index.html").read_text(encoding="utf-8")
    assert html.count("class=cr-bar") >= 3 + 1 + 1  # current: all + 2 chapters; 2012 and 2009: all + 1 each
    assert '<span style="width:100.0%">' in html and "286</td><td>286</td>" in html
