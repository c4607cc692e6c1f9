"""The one exception the generator raises for bad input: it names the file, the line and what was expected."""
from __future__ import annotations


class SourceError(Exception):
    def __init__(self, path: str, line: int | None, message: str):
        super().__init__(message)
        self.path, self.line, self.message = path, line, message

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: error: {self.message}"
