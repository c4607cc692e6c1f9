"""The browser every bench drives: Debian's full Chromium, as a reader's browser is (the tests drive
its headless shell, which is faster but leaves the desktop browser's work out of the figures)."""
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
        "--disable-background-networking", "--disable-component-update"]


def launch(playwright):
    """A Chromium for a bench's run, quiet in the background so that only the pages are measured."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
