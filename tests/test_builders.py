"""The same generated pages built by MkDocs with Material and by Zensical, on the full corpus:
what a reader sees works in both, online and from file:// (offline bundle)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS_EN_OLD, ROOT
from sitekit import Served, build, hover, recording_page, site_search

BUILDERS = ["material", "zensical"]


def zensical_build(generated: Path) -> Path:
    """`zensical build` on a generated configuration; its site is inside the build folder."""
    result = subprocess.run([str(Path(sys.executable).parent / "zensical"), "build", "-f", str(generated / "mkdocs.yml")],
                            cwd=generated, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert "No issues found" in output, output[-3000:]  # no false anchor or link warnings
    return generated / "site"


@pytest.fixture(scope="session")
def sites(full_site, corpus_files, tmp_path_factory):
    """builder -> (the online site, the offline site), all from the same sources."""
    offline = tmp_path_factory.mktemp("full-offline") / "site"
    result = build(offline, *corpus_files, CORPUS_EN_OLD, offline=True)
    assert result.returncode == 0, result.stderr[-3000:]
    return {"material": (full_site, offline),
            "zensical": (zensical_build(full_site.parent / f"{full_site.name}-build"),
                         zensical_build(result.generated.folder))}


@pytest.fixture(scope="session")
def urls(sites):
    served = {name: Served(online) for name, (online, _) in sites.items()}
    yield {name: s.url for name, s in served.items()}
    for s in served.values():
        s.close()


def first_target(links):
    return re.sub(r"\?[^#]*", "", links[0]) if links else None


@pytest.mark.parametrize("builder", BUILDERS)
def test_a_rule_address_lands_on_the_rule(page, urls, builder):
    page.goto(urls[builder] + "cr/7/#cr702-19c")
    page.wait_for_function("() => { const r = document.getElementById('cr702-19c').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }", polling=100)
    assert page.text_content("#cr702-19c") == "702.19c"
    assert "Trample over planeswalkers" in page.text_content("h3#cr702-19c + [lang=en]")


@pytest.mark.parametrize("builder", BUILDERS)
def test_preview_tooltip_and_display_modes(page, urls, builder):
    page.goto(urls[builder] + "cr/7/")
    pop = page.locator("#cr-pop")
    hover(page, page.locator("h3#cr702-19a + [lang=en] a", has_text="510").first)  # a rule in chapter 5
    pop.wait_for(state="visible")
    assert "Combat Damage Step" in pop.inner_text()
    page.mouse.move(5, 5)
    pop.wait_for(state="hidden")
    hover(page, page.locator("h3#cr702-19b + [lang=en] u", has_text="lethal damage").first)
    pop.wait_for(state="visible")
    assert "Lethal Damage" in pop.inner_text() and "致命伤害" in pop.inner_text()
    page.mouse.move(5, 5)
    page.click(".cr-modes button[data-mode='en']")
    assert not page.locator("h3#cr702-19c + [lang=en] + [lang^=zh]").is_visible()
    assert page.locator("h3#cr702-19c + [lang=en]").is_visible()
    page.click(".cr-modes button[data-mode='zh']")
    assert not page.locator("h3#cr702-19c + [lang=en]").is_visible()
    page.click(".cr-modes button[data-mode='both']")
    assert "2023-11-17" in page.locator(".cr-footer-edition").inner_text()  # the edition, from the generated config


@pytest.mark.parametrize("builder", BUILDERS)
def test_traditional_script_and_navigation(page, urls, builder):
    page.goto(urls[builder] + "cr/3/")
    assert "副类别" in page.text_content("h3#cr301-5 + [lang=en] + [lang^=zh]")
    page.click(".cr-scripts button[data-script='hant']")
    page.wait_for_function("() => document.querySelector('h3#cr301-5 + [lang=en] + [lang^=zh]').textContent.includes('副類別')")
    # the navigation (词汇表) too, with the character map, which loads on its own
    page.wait_for_function("() => document.querySelector('.md-sidebar--primary').textContent.includes('詞')")
    page.locator(".md-sidebar--primary a.md-nav__link:visible", has_text="Casual Variants").first.click()  # keeps the choice
    page.wait_for_url(urls[builder] + "cr/9/")
    page.wait_for_function("() => document.querySelector('h3#cr901-1 + [lang=en] + [lang^=zh]').lang === 'zh-Hant'")


@pytest.mark.parametrize("builder", BUILDERS)
def test_chinese_search_and_rule_number_search(page, urls, builder):
    page.goto(urls[builder] + "cr/9/")
    # one search, ours: the builder's own is turned off (Zensical would add a second box)
    assert page.locator(".cr-search-button").count() == 1
    assert page.locator(".md-search, .md-search__button, label[for=__search]").count() == 0
    links = site_search(page, "践踏")
    assert any(link.endswith("#cr702-19") or link.endswith("#g-trample") for link in links[:3]), links[:5]
    links = site_search(page, "R70219c")
    assert first_target(links) == urls[builder] + "cr/7/#cr702-19c", links[:3]


def test_the_offline_bundle_is_one_folder_with_the_worker_stand_in(sites):
    import zipfile
    offline = sites["material"][1]
    names = zipfile.ZipFile(offline.with_suffix(".zip")).namelist()
    assert all(n.startswith("site/") for n in names)
    assert "site/cr/7.html" in names and "site/assets/data/search.js" in names
    for _, folder in sites.values():
        assert (folder / "assets" / "cr-iframe-worker.js").exists()


@pytest.mark.parametrize("builder", BUILDERS)
def test_offline_bundle_from_file_with_nothing_fetched_outside(browser, sites, builder):
    root = sites[builder][1].as_uri() + "/"
    context, page, requests, errors = recording_page(browser)
    try:
        page.goto(root + "cr/7.html#cr702-19c")
        assert page.text_content("#cr702-19c") == "702.19c"
        pop = page.locator("#cr-pop")
        hover(page, page.locator("h3#cr702-19a + [lang=en] a", has_text="510").first)
        pop.wait_for(state="visible")
        assert "Combat Damage Step" in pop.inner_text()
        page.mouse.move(5, 5)
        pop.wait_for(state="hidden")
        hover(page, page.locator("h3#cr702-19b + [lang=en] u", has_text="lethal damage").first)  # a term
        pop.wait_for(state="visible")
        assert "致命伤害" in pop.inner_text()
        page.mouse.move(5, 5)
        page.click(".cr-modes button[data-mode='zh']")
        assert not page.locator("h3#cr702-19c + [lang=en]").is_visible()
        page.click(".cr-modes button[data-mode='both']")
        page.click(".md-sidebar--primary a.md-nav__link:visible >> text=/Casual Variants/")  # navigation
        page.wait_for_url(root + "cr/9.html")
        links = site_search(page, "践踏")
        assert any("#cr702-19" in link or "#g-trample" in link for link in links[:3]), links[:5]
        links = site_search(page, "R70219c")
        assert first_target(links) == root + "cr/7.html#cr702-19c", links[:3]
        page.goto(root + "go/index.html#R70219c")
        page.wait_for_url(root + "cr/7.html#cr702-19c")
        outside = [url for url in requests if not url.startswith(root)]
        assert requests and outside == []
        assert errors == []
    finally:
        context.close()


def test_properdocs_builds_the_generated_pages(full_site, tmp_path):
    """ProperDocs (the maintained fork of MkDocs 1.6) builds the same configuration, plugin and all."""
    generated = full_site.parent / f"{full_site.name}-build"
    result = subprocess.run([str(Path(sys.executable).parent / "properdocs"), "build", "--strict", "-f",
                             str(generated / "mkdocs.yml"), "-d", str(tmp_path / "site")],
                            cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr[-3000:]

    def page(site):  # the same page, but for the generator meta tag, which names the builder
        html = (site / "cr" / "7" / "index.html").read_text(encoding="utf-8")
        return re.sub(r'<meta name="generator" content="[^"]*">', "", html)

    assert page(tmp_path / "site") == page(full_site)
