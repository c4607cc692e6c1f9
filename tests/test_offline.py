"""The offline bundle does not depend on the day it is built (what it does from file:// is tested
for both builders in test_builders.py)."""


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
