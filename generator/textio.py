"""Reading source files: bytes to text lines, whatever encoding and line endings they arrive in.

The official CR has shipped as UTF-8 with BOM, UTF-16 with BOM and Windows-1252, with CR, LF,
CRLF or a mix of line endings, so decoding is decided from the bytes, not assumed.
"""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import SourceError

LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass
class SourceText:
    """A decoded source: its lines (1-based through `line()`), and how it was decoded."""

    path: str
    lines: list[str]
    encoding: str
    notes: list[str] = field(default_factory=list)

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    def numbered(self):
        """(line number, text) for every line."""
        return enumerate(self.lines, 1)


def _line_of_offset(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1 if b"\n" in data else data.count(b"\r", 0, offset) + 1


def decode(data: bytes, path: str, declared: str | None = None) -> tuple[str, str, list[str]]:
    """Return (text, encoding name, notes). Raise SourceError for bytes that are not text."""
    notes: list[str] = []
    if not data.strip():
        raise SourceError(path, 1, "the file is empty; expected rule text")
    if declared:
        try:
            codec = codecs.lookup(declared).name
        except LookupError:
            raise SourceError(path, None, f"unknown encoding {declared!r} declared in the manifest") from None
        try:
            text = data.decode("utf-8-sig" if codec == "utf-8" else codec)
        except UnicodeDecodeError as exc:
            raise SourceError(
                path, _line_of_offset(data, exc.start),
                f"bytes are not valid {declared} (declared in the manifest): "
                f"byte 0x{data[exc.start]:02x} at offset {exc.start}",
            ) from None
        return _reject_binary(text, path), codec, notes
    if data.startswith(codecs.BOM_UTF8):
        encoding, text = "utf-8-sig", data[3:].decode("utf-8", errors="strict")
    elif data.startswith((codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)):
        try:
            encoding, text = "utf-16", data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise SourceError(path, None, f"UTF-16 byte order mark but invalid UTF-16 at byte {exc.start}") from None
    else:
        if b"\x00" in data:
            raise SourceError(path, _line_of_offset(data, data.index(b"\x00")),
                              "binary data (NUL byte); expected a text file of rules")
        try:
            encoding, text = "utf-8", data.decode("utf-8")
        except UnicodeDecodeError as exc:
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError:
                raise SourceError(
                    path, _line_of_offset(data, exc.start),
                    f"neither UTF-8 nor Windows-1252 text (byte 0x{data[exc.start]:02x} at offset {exc.start})",
                ) from None
            encoding = "cp1252"
            notes.append(f"not valid UTF-8 (first bad byte at offset {exc.start}); decoded as Windows-1252")
    return _reject_binary(text, path), encoding, notes


def _reject_binary(text: str, path: str) -> str:
    controls = sum(1 for ch in text[:20000] if ord(ch) < 32 and ch not in "\r\n\t\f\v")
    if "\x00" in text or controls > max(8, len(text[:20000]) // 100):
        first = next(i for i, ch in enumerate(text) if ord(ch) < 32 and ch not in "\r\n\t\f\v")
        line = len(LINE_BREAK.findall(text[:first])) + 1
        raise SourceError(path, line, "binary data (control characters); expected a text file of rules")
    return text


def read_source(path: Path, display_path: str, declared_encoding: str | None = None) -> SourceText:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(display_path, None, f"cannot read the file: {exc.strerror}") from None
    text, encoding, notes = decode(data, display_path, declared_encoding)
    return SourceText(display_path, LINE_BREAK.split(text), encoding, notes)


def from_string(text: str, path: str = "<text>") -> SourceText:
    """A SourceText from already decoded text (tests and property checks use this)."""
    return SourceText(path, LINE_BREAK.split(text), "str")
