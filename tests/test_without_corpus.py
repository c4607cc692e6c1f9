"""A run without the corpus beside the project: one clear line and a failure, unless the reader
opts out (never in CI); then the tests that need it are skipped and counted."""
import os
import shutil
import subprocess
import sys

from conftest import ROOT, WITHOUT_CORPUS

NEEDS_IT = '''
def test_needs_the_corpus(corpus_files):
    pass


def test_does_not():
    pass
'''


def run(tmp_path, **env):
    project = tmp_path / "project"  # no ../shared beside it
    (project / "tests").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "tests" / "conftest.py", project / "tests")
    (project / "tests" / "test_here.py").write_text(NEEDS_IT, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in ("CI", WITHOUT_CORPUS, "PYTEST_XDIST_WORKER")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", str(project / "tests")],
                          cwd=project, env={**environment, "PYTHONPATH": str(ROOT), **env}, capture_output=True, text=True)


def test_a_missing_corpus_stops_the_run_with_one_line(tmp_path):
    result = run(tmp_path)
    assert result.returncode == 1
    lines = [line for line in (result.stdout + result.stderr).splitlines() if "corpus" in line]
    assert len(lines) == 1 and str(tmp_path / "shared" / "corpus") in lines[0] and f"{WITHOUT_CORPUS}=1" in lines[0], lines


def test_the_reader_may_opt_out_but_ci_may_not(tmp_path):
    result = run(tmp_path, **{WITHOUT_CORPUS: "1"})
    assert result.returncode == 0, result.stdout[-2000:]
    assert "1 passed, 1 skipped" in result.stdout
    assert f"1 tests skipped: no corpus at {tmp_path / 'shared' / 'corpus'}, and {WITHOUT_CORPUS}=1" in result.stdout
    in_ci = run(tmp_path, **{WITHOUT_CORPUS: "1", "CI": "true"})
    assert in_ci.returncode == 1 and f"{WITHOUT_CORPUS}" not in in_ci.stdout + in_ci.stderr
    assert "is missing or incomplete" in in_ci.stdout + in_ci.stderr
