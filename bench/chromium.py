"""The browser every bench drives: Debian's full Chromium, as a reader's browser is (the tests drive
its headless shell, which is faster but leaves the desktop browser's work out of the figures), with
the tests' switches, which keep it off this machine's closed network."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import CHROMIUM_ARGS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def launch(playwright):
    """A Chromium for a bench's run, quiet in the background so that only the pages are measured."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
