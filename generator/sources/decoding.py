"""Reading source files: bytes to text lines, whatever encoding and line endings they arrive in.

The official CR has shipped as UTF-8 with BOM, UTF-16 with BOM and Windows-1252, with CR, LF,
CRLF or a mix of line endings, so decoding is decided from the bytes, not assumed.
"""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SourceError

LINE_BREAK = re.compile(r"\r\n|\r|\n")
EACH_BREAK = re.compile(r"\r|\n")
# C0 controls other than tab and line breaks, DEL, and C1 controls: never meant as text. C1 bytes
# are what Windows-1252 punctuation (‘ ’ “ ” – —) becomes when it is mistaken for Latin-1.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
BINARY_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")  # C0 controls but tab, line breaks, \f and \v
# UTF-8 read as Windows-1252 and saved again (’ as â€™, é as Ã©, 中 as ä¸­): a lead byte's letter, then
# the letters of its continuation bytes (0x80-0xBF as Windows-1252 reads them). None in the corpus's
# 94 texts, the proofreading pass or the seeds.
_CONTINUATION = "[\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]"
DOUBLE_ENCODED = re.compile(f"[\u00c2-\u00df]{_CONTINUATION}|[\u00e0-\u00ef]{_CONTINUATION}{{2}}"
                            f"|[\u00f0-\u00f4]{_CONTINUATION}{{3}}")
# what a file read as Windows-1252 that holds Chinese needs
CHINESE_HINT = "Chinese in GBK, GB18030 or Big5 needs its `encoding:` in the manifest"


@dataclass
class SourceText:
    """A decoded source: its lines (1-based through `line()`), how it was decoded, and what was
    noticed on the way as (line number or None for the whole file, message)."""

    path: str
    lines: list[str]
    encoding: str
    notes: list[tuple[int | None, str]] = field(default_factory=list)

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    def numbered(self):
        """(line number, text) for every line."""
        return enumerate(self.lines, 1)


def split_lines(text: str) -> list[str]:
    """Lines as the publisher meant them. CR LF is one break, unless the file's own convention is
    a bare CR or a bare LF and it has lines of the other kind too: then a CR LF is a line that
    ends in CR followed by an empty line that ends in LF (an editor's mix), and merging the two
    would join paragraphs that a blank line separates (glossary entries)."""
    crlf = text.count("\r\n")
    bare_cr, bare_lf = text.count("\r") - crlf, text.count("\n") - crlf
    if crlf and bare_cr and bare_lf and crlf < max(bare_cr, bare_lf):
        return EACH_BREAK.split(text)
    return LINE_BREAK.split(text)


def _position(text: str, index: int) -> tuple[int, int]:
    """(line, column), both 1-based, of a character of the decoded text, as split_lines counts lines."""
    lines = split_lines(text[:index])
    return len(lines), len(lines[-1]) + 1


def _invalid_byte_error(data: bytes, start: int, path: str, codec: str, expected: str) -> SourceError:
    """Where the first invalid byte is, in the lines and columns a reader of the file sees (the
    bytes before it are valid in `codec`)."""
    text = data[:start].decode(codec)
    line, column = _position(text, len(text))
    return SourceError(path, line, f"byte 0x{data[start]:02x} at column {column} is not valid {expected}")


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 of mostly ASCII-range text shows NUL bytes in every other position."""
    sample = data[:4000]
    if len(sample) < 8:
        return None
    even, odd = sample[0::2].count(0) / len(sample[0::2]), sample[1::2].count(0) / len(sample[1::2])
    if odd > 0.2 and even < 0.02:
        return "utf-16-le"
    if even > 0.2 and odd < 0.02:
        return "utf-16-be"
    return None


def decode(data: bytes, path: str, declared: str | None = None,
           bad_bytes: str = "error") -> tuple[str, str, list[tuple[int | None, str]]]:
    """Return (text, encoding name, notes). Raise SourceError for bytes that are not text.

    A file that is UTF-8 except for some bytes is UTF-8 with damage, not another encoding: each
    bad byte is an error naming its line and column, or with bad_bytes="replace" (a manifest
    setting) it becomes U+FFFD and each damaged line is reported. Only a file with no valid UTF-8
    sequence beyond ASCII is read as Windows-1252."""
    notes: list[tuple[int | None, str]] = []
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
            raise _invalid_byte_error(data, exc.start, path, exc.encoding, f"{declared} (declared in the manifest)") from None
        return _reject_binary(text, path), codec, notes
    codec = "utf-16" if data.startswith((codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)) else _utf16_without_bom(data)
    if codec:
        text = data.decode(codec, errors="replace")
        if "\ufffd" in text:
            line, column = _position(text, text.index("\ufffd"))
            raise SourceError(path, line, f"invalid {codec.upper()} at column {column}")
        if codec != "utf-16":
            notes.append((None, f"{codec.upper()} without a byte order mark"))
        return _reject_binary(text, path), codec, notes
    encoding, body = ("utf-8-sig", data[3:]) if data.startswith(codecs.BOM_UTF8) else ("utf-8", data)
    if b"\x00" in body:
        text = body.decode("utf-8", errors="replace")
        raise SourceError(path, _position(text, text.index("\x00"))[0],
                          "binary data (NUL byte); expected a text file of rules")
    try:
        return _reject_binary(body.decode("utf-8"), path), encoding, notes
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    replaced = body.decode("utf-8", errors="replace")
    bad = replaced.count("\ufffd") - body.count("\ufffd".encode())
    multibyte = len(replaced) - len(replaced.encode("ascii", "ignore")) - bad  # characters beyond ASCII
    if encoding == "utf-8" and multibyte <= bad:
        notes.append((None, f"not UTF-8 (no valid UTF-8 sequence beyond ASCII); decoded as Windows-1252 ({CHINESE_HINT})"))
        return _reject_binary(_cp1252(body), path), "cp1252", notes
    if bad_bytes != "replace":
        raise _invalid_byte_error(body, first_bad, path, "utf-8",
                                  f"UTF-8 in a UTF-8 file ({bad} bad byte{'s' if bad > 1 else ''} in all); fix the "
                                  "file, or set 'bad_bytes: replace' for it in the manifest")
    for number, line in enumerate(split_lines(replaced), 1):
        if "\ufffd" in line:
            notes.append((number, f"invalid UTF-8 byte(s) at column {line.index(chr(0xfffd)) + 1} replaced by U+FFFD"))
    return _reject_binary(replaced, path), encoding, notes


def _cp1252(data: bytes) -> str:
    """Windows-1252; the five bytes it leaves undefined stay Latin-1 controls, which the control
    character check reports with their lines. Python's own codec first: translating every
    character of a Latin-1 reading took 40 ms a file, a third of reading one."""
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # one of the five undefined bytes
        return data.decode("latin-1").translate(_CP1252)


_CP1252 = {b: bytes([b]).decode("cp1252") for b in range(0x80, 0xa0) if b not in (0x81, 0x8d, 0x8f, 0x90, 0x9d)}


def _reject_binary(text: str, path: str) -> str:
    controls = len(BINARY_CONTROL.findall(text, 0, 20000))
    if "\x00" in text or controls > max(8, len(text[:20000]) // 100):
        first = BINARY_CONTROL.search(text).start()
        raise SourceError(path, _position(text, first)[0], "binary data (control characters); expected a text file of rules")
    return text


def clean_controls(lines: list[str]) -> tuple[list[str], list[tuple[int | None, str]]]:
    """Control characters out of the text, each line that had any reported. A C1 control that is a
    Windows-1252 punctuation byte read as Latin-1 (U+0091 for ‘) becomes that punctuation."""
    notes = []
    cleaned = list(lines)
    if not CONTROL.search("\n".join(lines)):  # as most files: one search, not one a line
        return cleaned, notes
    for number, line in enumerate(lines, 1):
        if CONTROL.search(line):
            found = sorted({f"U+{ord(ch):04X}" for ch in CONTROL.findall(line)})
            cleaned[number - 1] = CONTROL.sub(lambda m: _CP1252.get(ord(m.group())) or _apart(line, m), line)
            notes.append((number, f"control character(s) {', '.join(found)} at column "
                                  f"{CONTROL.search(line).start() + 1}: Windows-1252 punctuation restored, "
                                  "others read as a space between words"))
    return cleaned, notes


def _apart(line: str, match: re.Match) -> str:
    """A control between two words keeps them apart (Word's line break U+000B: "Widgets\vcan")."""
    before, after = line[match.start() - 1:match.start()], line[match.end():match.end() + 1]
    return " " if before.strip() and after.strip() and not CONTROL.match(after) else ""


def double_encoded(lines: list[str]) -> list[tuple[int | None, str]]:
    """Each line that reads as UTF-8 decoded as Windows-1252 (damage on the way, reported, not undone)."""
    if not DOUBLE_ENCODED.search("\n".join(lines)):
        return []
    return [(number, f"“{m.group()}” at column {m.start() + 1} reads as UTF-8 decoded as Windows-1252 and saved "
                     f"again (’ as â€™): expected the text as published")
            for number, line in enumerate(lines, 1) for m in [DOUBLE_ENCODED.search(line)] if m]


def read_source(path: Path, display_path: str, declared_encoding: str | None = None,
                bad_bytes: str = "error") -> SourceText:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(display_path, None, f"cannot read the file: {exc.strerror}") from None
    return from_bytes(data, display_path, declared_encoding, bad_bytes)


def from_bytes(data: bytes, display_path: str, declared_encoding: str | None = None,
               bad_bytes: str = "error") -> SourceText:
    text, encoding, notes = decode(data, display_path, declared_encoding, bad_bytes)
    lines, found = clean_controls(split_lines(text))
    return SourceText(display_path, lines, encoding, notes + found + double_encoded(lines))


def from_string(text: str, path: str = "<text>") -> SourceText:
    """A SourceText from already decoded text (tests and property checks use this)."""
    lines, notes = clean_controls(split_lines(text))
    return SourceText(path, lines, "str", notes + double_encoded(lines))
