"""Translation status: counts match the model; a stale translation is found and marked."""
import re

from conftest import FIXTURES, ROOT
from generator.history.corpus import load_corpus
from generator.history.translation_status import edition_status
from sitekit import build


SEEDS = ROOT / "docs_src" / "sources"
RULE_LINE = re.compile(r"(\d{3}\.\d+[a-z]?)\.? ")
RULE_CELL = re.compile(r"(?<!规则)(?<!rule)(?<!rule )(\d{3}\.\d+[a-z]?)")  # not "参见规则104.3a", "see rule104.3a"


def line_pairs_counts(*names) -> dict[int, tuple[int, int, int, int]]:
    """chapter -> (rules, rules with a Chinese line, English examples, Chinese examples), read from
    line-pairs files as text: a rule is a line that begins with its number."""
    counts: dict[int, list[set | int]] = {}
    for name in names:
        chapter = None
        for line in (SEEDS / name).read_text("utf-8").splitlines():
            match = RULE_LINE.match(line)
            if match:
                chapter = counts.setdefault(int(match.group(1)[0]), [set(), set(), 0, 0])
                chapter[0].add(match.group(1))
                if re.search("[\u4e00-\u9fff]", line):
                    chapter[1].add(match.group(1))
            elif chapter is not None:
                chapter[2] += line.startswith("Example:")
                chapter[3] += line.startswith("例如")
    return {c: (len(a), len(b), x, y) for c, (a, b, x, y) in counts.items()}


def test_seed_status_counts_what_the_seed_files_hold():
    """The figures of the status page against counts read from the seed files themselves."""
    corpus = load_corpus()
    parsed = [s.parsed for s in corpus.loaded]
    status = {e.date: edition_status(e, parsed) for e in corpus.editions}
    current = line_pairs_counts("cr-2023-11-17-ch3-card-types.en-zh.txt", "cr-2023-11-17-ch9-casual-variants.en-zh.txt")
    assert current == {3: (162, 162, 2, 2), 9: (124, 124, 8, 0)}  # pinned: a reader of the files can check them
    assert {c.number: (c.rules, c.translated, c.examples, c.examples_translated)
            for c in status["2023-11-17"].chapters} == current
    table = (SEEDS / "cr-2012-ch1-game-concepts-excerpt.zh-en.txt").read_text("utf-8")
    cells = set(RULE_CELL.findall(table))
    assert (status["2012"].rules, status["2012"].translated) == (len(cells), len(cells)) == (18, 18)
    post = (SEEDS / "cr-2009-07-keyword-abilities-forum-post.zh-hant.txt").read_text("utf-8")
    keywords = set(re.findall(r"702\.\d+[a-z]?", post))
    assert (status["2009-07-08"].rules, status["2009-07-08"].translated) == (len(keywords), len(keywords)) == (95, 95)
    assert all(s.stale == [] and not any(c.missing for c in s.chapters) for s in status.values())


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
    assert re.search(r'<h3 id="cr101-2">.*?小物件可以被转向侧面。 <button type=button class=stale[^>]*>英文已改 English changed · 译自 2031-03-03</button>'
                     r'<span class=cr-since hidden lang=en>English changes since 2031-03-03: .*?<ins>', page)
    assert '<h3 id="cr100-1a">' in page and "class=stale" not in page.split('<h3 id="cr100-1a">')[1].split("<h3")[0]
    status_page = (site / "cr" / "status" / "index.html").read_text(encoding="utf-8")
    assert 'href="../1/#cr101-2">101.2</a>: 译自 translates 2031-03-03' in status_page
    # rules of the official text that no source translates are listed as missing
    assert '<a href="../7/#cr702-1">702.1</a>' in status_page


def test_status_page_bars(seed_site):
    html = (seed_site / "cr" / "status" / "index.html").read_text(encoding="utf-8")
    assert html.count("class=cr-bar aria-hidden=true") >= 3 + 1 + 1  # current: all + 2 chapters; 2012 and 2009: all + 1 each
    assert "role=img" not in html  # "99% graphic 98.7%": the bar is read once, as its number
    assert '<span style="width:100.0%">' in html and "286</td><td>286</td>" in html


def test_2009_keywords_link_to_today_and_back(full_site):
    today = (full_site / "cr" / "7" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<h3 id="cr702-22" aria-label="702.22 Banding 结合"><a href="#cr702-22">702.22</a></h3>.*?<div class=kw><a href="../../editions/2009-07-08/7/#cr702-19" '
                     r'data-edition="2009-07-08">2009-07-08 版 The 2009-07-08 edition: 702.19</a></div>', today)
    older = (full_site / "editions" / "2009-07-08" / "7" / "index.html").read_text(encoding="utf-8")
    assert '<div class=kw><a href="../../../cr/7/#cr702-22" data-edition="2023-11-17">现行规则 Today: 702.22</a></div>' in older
    assert older.count("<div class=kw>") == 22  # every keyword of the post


def test_keyword_titles_with_unlike_texts_are_not_linked():
    from generator.rules.keywords import match_keywords
    from generator.rules.model import Edition, Provenance, Rule, RuleText
    from generator.rules.numbers import parse_number as n

    def edition(date, rules):
        from generator.rules.model import Chapter, Section
        section = Section(702, {}, [Rule(n(num), {"en": RuleText(text, Provenance("x", 1))}) for num, text in rules])
        return Edition(date, [Chapter(7, {}, [section])], [], {}, {}, [])
    old = edition("2009", [("702.19", "Banding"), ("702.19a", "Banding is a static ability that modifies the rules for combat."),
                           ("702.20", "Rampage"), ("702.20a", "Rampage is a triggered ability.")])
    new = edition("2023", [("702.22", "Banding"), ("702.22a", "Banding is a static ability that modifies the rules for combat."),
                           ("702.23", "Rampage"), ("702.23a", "An entirely different text about something else now.")])
    pairs, issues = match_keywords(old, new)
    assert [(str(a), str(b)) for a, b in pairs] == [("702.19", "702.22")]
    assert "both titled 'Rampage' but define it differently" in issues[0].message


def test_full_corpus_status(full_site, corpus_loaded):
    html = (full_site / "cr" / "status" / "index.html").read_text(encoding="utf-8")
    current = html[html.index('id="status-2023-11-17"'):html.index('id="status-2023-04-14"')]
    assert "<th>全部 All</th><td>2899</td><td>2899</td>" in current  # every rule of the edition has Chinese
    april = html[html.index('id="status-2023-04-14"'):]
    assert "<td>2842</td><td>0</td>" in april and "Stale translations (0)" in current
