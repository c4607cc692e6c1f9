"""Page addresses and links between pages, in both URL styles (a table of every form)."""
import posixpath

import pytest

from generator.site.addresses import Addresses, md_link, own_folder
from generator.rules.numbers import RuleNumber

DIR, FLAT = Addresses("2023-11-17", True), Addresses("2023-11-17", False)


@pytest.mark.parametrize("edition,name,src", [
    ("2023-11-17", 7, "cr/7/index.md"), ("2023-11-17", "glossary", "cr/glossary/index.md"),
    ("2023-11-17", "index", "cr/index.md"),
    ("2009-07-08", 7, "editions/2009-07-08/7/index.md"), ("2012", "index", "editions/2012/index.md"),
])
def test_page_sources(edition, name, src):
    assert DIR.page(edition, name) == FLAT.page(edition, name) == src


def test_every_page_is_the_index_of_its_own_folder():
    assert [own_folder(s) for s in ("index", "primer", "go/index", "cr/7", "editions/2012/index")] == [
        "index.md", "primer/index.md", "go/index.md", "cr/7/index.md", "editions/2012/index.md"]


@pytest.mark.parametrize("src,directory,flat", [
    ("index.md", "", "index.html"),
    ("about.md", "about/", "about.html"),  # a hand-written page: Markdown, whose links every builder resolves
    ("go/index.md", "go/", "go/index.html"),
    ("cr/index.md", "cr/", "cr/index.html"),
    ("cr/7/index.md", "cr/7/", "cr/7/index.html"),
    ("editions/2009-07-08/7/index.md", "editions/2009-07-08/7/", "editions/2009-07-08/7/index.html"),
])
def test_urls(src, directory, flat):
    assert (DIR.url(src), FLAT.url(src)) == (directory, flat)


GENERATED = ["index.md", "go/index.md", "cr/index.md", "cr/7/index.md", "cr/glossary/index.md",
             "editions/2009-07-08/7/index.md", "primer/index.md"]


@pytest.mark.parametrize("src", GENERATED)
def test_a_generated_page_is_in_the_folder_of_its_url_in_both_styles(src):
    """Zensical resolves a relative link in raw HTML against the Markdown file's folder, MkDocs against
    the page's URL: the same folder, so one link is right with both (addresses.py)."""
    folder = posixpath.dirname(src)
    assert DIR.folder(src) == FLAT.folder(src) == folder


@pytest.mark.parametrize("from_src,to_src,anchor,directory,flat", [
    ("cr/7/index.md", "cr/7/index.md", "cr702-19c", "#cr702-19c", "#cr702-19c"),  # the same page
    ("cr/7/index.md", "cr/5/index.md", "cr510", "../5/#cr510", "../5/index.html#cr510"),
    ("cr/glossary/index.md", "cr/7/index.md", "cr702-19", "../7/#cr702-19", "../7/index.html#cr702-19"),
    ("index.md", "cr/7/index.md", "", "cr/7/", "cr/7/index.html"),
    ("index.md", "go/index.md", "", "go/", "go/index.html"),
    ("go/index.md", "index.md", "", "../", "../index.html"),
    ("go/index.md", "cr/7/index.md", "", "../cr/7/", "../cr/7/index.html"),
    ("cr/7/index.md", "cr/index.md", "", "../", "../index.html"),
    ("cr/7/index.md", "editions/2009-07-08/7/index.md", "cr702-19", "../../editions/2009-07-08/7/#cr702-19",
     "../../editions/2009-07-08/7/index.html#cr702-19"),
    ("editions/2009-07-08/7/index.md", "cr/7/index.md", "cr702-22", "../../../cr/7/#cr702-22",
     "../../../cr/7/index.html#cr702-22"),
    ("about.md", "index.md", "", "../", "index.html"),
])
def test_links_between_pages(from_src, to_src, anchor, directory, flat):
    assert DIR.href(from_src, to_src, anchor) == directory
    assert FLAT.href(from_src, to_src, anchor) == flat


def test_rule_links_go_to_the_rules_chapter_of_that_edition():
    assert DIR.rule_href("cr/glossary/index.md", "2023-11-17", RuleNumber(702, 19, "c")) == "../7/#cr702-19c"
    assert FLAT.rule_href("cr/9/index.md", "2009-07-08", RuleNumber(702, 19)) == \
        "../../editions/2009-07-08/7/index.html#cr702-19"
    assert DIR.rule_href("cr/7/index.md", "2023-11-17", RuleNumber(702)) == "#cr702"


def test_markdown_links_are_between_sources_whatever_the_url_style():
    assert md_link("index.md", "cr/7/index.md") == "cr/7/index.md"
    assert md_link("cr/index.md", "cr/7/index.md", "cr702") == "7/index.md#cr702"
    assert md_link("editions/index.md", "editions/2012/index.md") == "2012/index.md"
    assert md_link("index.md", "editions/2009-07-08/index.md") == "editions/2009-07-08/index.md"


def test_asset_links_from_pages():
    assert DIR.asset("cr/status/index.md", "assets/data/x.csv") == "../../assets/data/x.csv"
    assert FLAT.asset("cr/status/index.md", "assets/data/x.csv") == "../../assets/data/x.csv"
    assert DIR.asset("index.md", "assets/data/x.csv") == FLAT.asset("index.md", "assets/data/x.csv") == "assets/data/x.csv"
