"""Page addresses and links between pages, in both URL styles (a table of every form)."""
import pytest

from generator.addresses import Addresses, md_link
from generator.numbers import RuleNumber

DIR, FLAT = Addresses("2023-11-17", True), Addresses("2023-11-17", False)


@pytest.mark.parametrize("edition,name,src", [
    ("2023-11-17", 7, "cr/7.md"), ("2023-11-17", "glossary", "cr/glossary.md"), ("2023-11-17", "index", "cr/index.md"),
    ("2009-07-08", 7, "editions/2009-07-08/7.md"), ("2012", "index", "editions/2012/index.md"),
])
def test_page_sources(edition, name, src):
    assert DIR.page(edition, name) == FLAT.page(edition, name) == src


@pytest.mark.parametrize("src,directory,flat", [
    ("index.md", "", "index.html"),
    ("about.md", "about/", "about.html"),
    ("go/index.md", "go/", "go/index.html"),
    ("cr/index.md", "cr/", "cr/index.html"),
    ("cr/7.md", "cr/7/", "cr/7.html"),
    ("editions/2009-07-08/7.md", "editions/2009-07-08/7/", "editions/2009-07-08/7.html"),
])
def test_urls(src, directory, flat):
    assert (DIR.url(src), FLAT.url(src)) == (directory, flat)


@pytest.mark.parametrize("from_src,to_src,anchor,directory,flat", [
    ("cr/7.md", "cr/7.md", "cr702-19c", "#cr702-19c", "#cr702-19c"),  # the same page
    ("cr/7.md", "cr/5.md", "cr510", "../5/#cr510", "5.html#cr510"),
    ("cr/glossary.md", "cr/7.md", "cr702-19", "../7/#cr702-19", "7.html#cr702-19"),
    ("index.md", "cr/7.md", "", "cr/7/", "cr/7.html"),
    ("index.md", "go/index.md", "", "go/", "go/index.html"),
    ("go/index.md", "index.md", "", "../", "../index.html"),
    ("go/index.md", "cr/7.md", "", "../cr/7/", "../cr/7.html"),
    ("cr/7.md", "cr/index.md", "", "../", "index.html"),
    ("cr/7.md", "editions/2009-07-08/7.md", "cr702-19", "../../editions/2009-07-08/7/#cr702-19",
     "../editions/2009-07-08/7.html#cr702-19"),
    ("editions/2009-07-08/7.md", "cr/7.md", "cr702-22", "../../../cr/7/#cr702-22", "../../cr/7.html#cr702-22"),
    ("about.md", "index.md", "", "../", "index.html"),
])
def test_links_between_pages(from_src, to_src, anchor, directory, flat):
    assert DIR.href(from_src, to_src, anchor) == directory
    assert FLAT.href(from_src, to_src, anchor) == flat


def test_rule_links_go_to_the_rules_chapter_of_that_edition():
    assert DIR.rule_href("cr/glossary.md", "2023-11-17", RuleNumber(702, 19, "c")) == "../7/#cr702-19c"
    assert FLAT.rule_href("cr/9.md", "2009-07-08", RuleNumber(702, 19)) == "../editions/2009-07-08/7.html#cr702-19"
    assert DIR.rule_href("cr/7.md", "2023-11-17", RuleNumber(702)) == "#cr702"


def test_markdown_links_are_between_sources_whatever_the_url_style():
    assert md_link("index.md", "cr/7.md") == "cr/7.md"
    assert md_link("cr/index.md", "cr/7.md", "cr702") == "7.md#cr702"
    assert md_link("editions/index.md", "editions/2012/index.md") == "2012/index.md"
    assert md_link("index.md", "editions/2009-07-08/index.md") == "editions/2009-07-08/index.md"


def test_asset_links_from_pages():
    assert DIR.asset("cr/status.md", "assets/data/x.csv") == "../../assets/data/x.csv"
    assert FLAT.asset("cr/status.md", "assets/data/x.csv") == "../assets/data/x.csv"
    assert DIR.asset("index.md", "assets/data/x.csv") == FLAT.asset("index.md", "assets/data/x.csv") == "assets/data/x.csv"
