import codecs

import pytest

from generator.errors import SourceError
from generator.textio import decode, from_string, read_source

TEXT = "100.1. It’s a rule — with “quotes”.\n100.2. Second rule ™."


@pytest.mark.parametrize("data,encoding", [
    (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
    (TEXT.encode("utf-8"), "utf-8"),
    (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "utf-16"),
    (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), "utf-16"),
    (TEXT.encode("cp1252"), "cp1252"),
])
def test_encodings_are_detected_from_the_bytes(data, encoding):
    text, found, notes = decode(data, "f.txt")
    assert text == TEXT and found == encoding
    assert bool(notes) == (encoding == "cp1252")


def test_every_line_ending_style_gives_the_same_lines(tmp_path):
    lines = ["a", "b", "", "c"]
    for sep in ("\r", "\n", "\r\n"):
        path = tmp_path / "x.txt"
        path.write_bytes(sep.join(lines).encode())
        assert read_source(path, "x.txt").lines == lines
    assert from_string("a\rb\r\nc\nd").lines == ["a", "b", "c", "d"]


@pytest.mark.parametrize("data,expected", [
    (b"", "empty"),
    (b"   \n \n", "empty"),
    (b"100.1. ok\n\x00\x01\x02binary", "binary data"),
    (bytes(range(0, 32)) * 20, "binary"),
])
def test_bad_bytes_give_one_clear_error(data, expected):
    with pytest.raises(SourceError) as caught:
        decode(data, "bad.bin")
    assert expected in str(caught.value) and str(caught.value).startswith("bad.bin")


def test_wrong_declared_encoding_names_the_line():
    data = "100.1. fine\n100.2. fine\n100.3. 中文".encode("utf-8")
    with pytest.raises(SourceError) as caught:
        decode(data, "x.txt", declared="ascii")
    err = caught.value
    assert err.line == 3 and "not valid ascii" in err.message and "x.txt:3" in str(err)


def test_unknown_declared_encoding():
    with pytest.raises(SourceError, match="unknown encoding"):
        decode(b"100.1. x", "x.txt", declared="klingon-8")
