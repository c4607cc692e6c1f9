"""The offline bundle, opened from file:// in Chromium: everything works, nothing leaves the folder."""
import zipfile

from sitekit import recording_page
from test_search import search


def test_bundle_is_one_folder_with_pages(offline_bundle):
    folder, bundle = offline_bundle
    names = zipfile.ZipFile(bundle).namelist()
    assert all(n.startswith("cr-offline/") for n in names)
    assert "cr-offline/cr/3.html" in names and "cr-offline/search/search_index.js" in names
    assert (folder / "assets" / "cr-iframe-worker.js").exists()


def test_everything_works_from_file_and_nothing_is_fetched_outside(browser, offline_bundle):
    folder, _ = offline_bundle
    root = folder.as_uri() + "/"
    context, page, requests, errors = recording_page(browser)
    try:
        page.goto(root + "index.html")
        page.click(".md-content a:has-text('3. 牌类别 Card Types')")  # navigation
        page.wait_for_url(root + "cr/3.html")
        # display modes
        page.click(".cr-modes button[data-mode='zh']")
        assert not page.locator("h4#cr301-5 + [lang=en]").is_visible()
        page.click(".cr-modes button[data-mode='both']")
        # a term tooltip
        page.locator(".md-content u", has_text="武具").first.hover()
        pop = page.locator("#cr-pop")
        pop.wait_for(state="visible")
        assert "Equipment" in pop.inner_text()
        page.mouse.move(5, 5)
        pop.wait_for(state="hidden")
        # a preview of a rule on another page (its data script loads from disk)
        page.goto(root + "cr/9.html")
        page.locator("h4#cr901-3 + [lang=en] a", has_text="311").first.hover()
        pop.wait_for(state="visible")
        assert "Plane is a card type" in pop.inner_text()
        # search, through the worker stand-in
        links = search(page, "武具")
        assert any(link.endswith("cr/3.html#cr301-5") or "#cr301-5" in link for link in links), links[:5]
        assert search(page, "R9034d", rule_first=True)[0].endswith("cr/9.html#cr903-4d")
        # the resolver page
        page.goto(root + "go/index.html#R9013a")
        page.wait_for_url(root + "cr/9.html#cr901-3a")
        outside = [url for url in requests if not url.startswith(root)]
        assert requests and outside == []
        assert errors == []
    finally:
        context.close()


def _offline_zip(tmp_path, name, clock, epoch=None):
    """Build the seed bundle with the system clock faked to `clock` (libfaketime)."""
    import os
    import subprocess
    import sys

    from conftest import ROOT
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env.update({"NO_MKDOCS_2_WARNING": "1", **({"SOURCE_DATE_EPOCH": epoch} if epoch else {})})
    result = subprocess.run(["faketime", "-f", clock, sys.executable, "-m", "generator", "build", "--offline",
                             "--site-dir", str(tmp_path / name / "cr-offline"), "--out", str(tmp_path / name / "build")],
                            cwd=ROOT, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    return tmp_path / name / "cr-offline.zip", tmp_path / name / "cr-offline"


def _gzip_date(site) -> str:
    """The date in the sitemap's gzip header, where MkDocs writes the build date."""
    import datetime
    import struct
    stamp = struct.unpack("<I", (site / "sitemap.xml.gz").read_bytes()[4:8])[0]
    return datetime.datetime.fromtimestamp(stamp, datetime.timezone.utc).date().isoformat()


def test_the_bundle_does_not_depend_on_the_day_of_the_build(tmp_path):
    first, site = _offline_zip(tmp_path, "a", "@2027-03-01 10:00:00")
    second, _ = _offline_zip(tmp_path, "b", "@2031-12-24 23:59:00")
    assert first.read_bytes() == second.read_bytes()
    assert _gzip_date(site) == "2023-11-17"  # the newest edition's date, not the (faked) day of the build


def test_a_given_source_date_epoch_is_used(tmp_path):
    _, site = _offline_zip(tmp_path, "c", "@2027-03-01 10:00:00", epoch="1700000000")
    assert _gzip_date(site) == "2023-11-14"
