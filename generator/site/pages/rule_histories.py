"""Rule histories and old numbers: for each chapter of the current edition, the versions of its
rules through every edition of the build (loaded when a reader opens a rule's history), and for
each older edition, where its numbers are today (the go page reads them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cache import cached
from ...history.rule_histories import renumbering, rule_history
from ..browser_data import history_script, renumber_script
from ..model import SiteModel

if TYPE_CHECKING:
    from . import SiteFiles


def history_data(model: SiteModel, files: "SiteFiles") -> None:
    chain, steps = model.history
    if chain:
        key = b"".join(model.fingerprint(e) for e in chain)  # the same editions give the same data
        files.assets.update(cached("history", key, lambda: _history_files(chain, steps)))


def _history_files(chain, steps) -> dict[str, str]:
    files: dict[str, str] = {}
    rules = {e.date: {r.number: r for r in e.rules()} for e in chain}
    current = chain[-1]
    for chapter in current.chapters:
        histories = {rule.number: rule_history(rule.number, chain, steps, rules)
                     for section in chapter.sections for rule in section.rules}
        path, text = history_script(current, chapter.number, histories)
        files[path] = text
    for date, fates in renumbering(chain, steps).items():
        path, text = renumber_script(date, fates)
        files[path] = text
    return files
