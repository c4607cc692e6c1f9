"""Accounting for every piece of a source: consumed into the model, or skipped with a reason.

Parsers record spans of lines (a whole line, or a character range of a line for sources that
arrive flattened onto one line). Anything non-blank that no span covers is text a parser lost;
`unaccounted()` finds it, and the report turns it into an error.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.model import Provenance


@dataclass(frozen=True)
class Skipped:
    source: Provenance
    text: str
    reason: str

    def as_json(self) -> dict:
        return {"line": self.source.line, "offset": self.source.offset, "text": self.text, "reason": self.reason}


class Ledger:
    def __init__(self, path: str, lines: list[str]):
        self.path = path
        self.lines = lines
        self._spans: dict[int, list[tuple[int, int, str | None]]] = {}

    def consume(self, line: int, start: int = 0, end: int | None = None) -> Provenance:
        return self._record(line, start, end, None)

    def skip(self, line: int, reason: str, start: int = 0, end: int | None = None) -> Provenance:
        return self._record(line, start, end, reason)

    def _record(self, line: int, start: int, end: int | None, reason: str | None) -> Provenance:
        end = len(self.lines[line - 1]) if end is None else end
        self._spans.setdefault(line, []).append((start, end, reason))
        whole = start == 0 and end == len(self.lines[line - 1])
        return Provenance(self.path, line, None if whole else start)

    def skipped(self) -> list[Skipped]:
        found = []
        for line in sorted(self._spans):
            for start, end, reason in sorted(self._spans[line]):
                text = self.lines[line - 1][start:end].strip()
                if reason is not None and text:
                    whole = start == 0 and end == len(self.lines[line - 1])
                    found.append(Skipped(Provenance(self.path, line, None if whole else start), text, reason))
        return found

    def unaccounted(self) -> list[Skipped]:
        """Non-blank text that no span covers."""
        lost = []
        for number, text in enumerate(self.lines, 1):
            spans = self._spans.get(number, ())
            if any(start == 0 and end >= len(text) for start, end, _ in spans) or not text.strip():
                continue  # the common case: a line read or skipped whole
            covered = bytearray(len(text))
            for start, end, _ in spans:
                covered[start:end] = b"\x01" * (end - start)
            i = 0
            while i < len(text):
                if not covered[i] and not text[i].isspace():
                    j = i
                    while j < len(text) and not covered[j]:
                        j += 1
                    piece = text[i:j].strip()
                    lost.append(Skipped(Provenance(self.path, number, i or None), piece[:200],
                                        "not read into the model (parser lost it)"))
                    i = j
                else:
                    i += 1
        return lost

    def line_counts(self) -> dict[str, int]:
        """Non-blank lines: consumed whole, skipped whole, or split between the two."""
        counts = {"nonblank": 0, "consumed": 0, "skipped": 0, "mixed": 0}
        for number, text in enumerate(self.lines, 1):
            if not text.strip():
                continue
            counts["nonblank"] += 1
            kinds = {reason is None for start, end, reason in self._spans.get(number, ())
                     if text[start:end].strip()}
            if kinds == {True}:
                counts["consumed"] += 1
            elif kinds == {False}:
                counts["skipped"] += 1
            elif kinds:
                counts["mixed"] += 1
        return counts
