import codecs

import pytest

from generator.errors import SourceError
from generator.sources.decoding import decode, from_string, read_source

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


def test_invalid_utf8_in_a_utf8_file_names_line_and_column():
    data = "100.1. “one”\n100.2. two\n100.3. thr".encode() + b"\xe9e"
    with pytest.raises(SourceError) as caught:
        decode(data, "x.txt")
    assert caught.value.line == 3 and "column 11" in caught.value.message and "UTF-8" in caught.value.message


@pytest.mark.parametrize("sep", ["\r", "\n", "\r\n"])
def test_line_numbers_of_errors_follow_every_line_ending_style(sep):
    data = sep.join(["100.1. “a”"] * 3485).encode() + sep.encode() + b"100.2. \xff"
    with pytest.raises(SourceError) as caught:
        decode(codecs.BOM_UTF8 + data, "x.txt")  # a BOM used to give a traceback here
    assert caught.value.line == 3486


def test_bad_bytes_replace_reports_each_damaged_line():
    data = "100.1. “a” — x\r100.2. b".encode() + b"\x91\r100.3. \x92c"
    text, encoding, notes = decode(data, "x.txt", bad_bytes="replace")
    assert encoding == "utf-8" and text.count("\ufffd") == 2
    assert [line for line, _ in notes] == [2, 3]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom_is_recognised(codec):
    text, found, notes = decode(TEXT.encode(codec), "f.txt")
    assert text == TEXT and found == codec and "without a byte order mark" in notes[0][1]


def test_control_characters_are_reported_and_cp1252_punctuation_restored():
    source = from_string("100.1. a\x91quoted\x92 b\x7f\n100.2. fine")
    assert source.lines == ["100.1. a‘quoted’ b", "100.2. fine"]
    assert [line for line, _ in source.notes] == [1] and "U+0091" in source.notes[0][1]


def test_a_control_character_between_words_keeps_them_apart():
    """Word's line break (U+000B) and the like were removed, gluing words: "Widgetscanbe tapped"."""
    source = from_string("100.1. Widgets\x0bcan\x1bbe\x7f tapped.")
    assert source.lines == ["100.1. Widgets can be tapped."] and "read as a space" in source.notes[0][1]


def test_text_decoded_as_windows_1252_and_saved_again_is_reported_not_undone():
    """A download mangled on its way (’ as â€™) was read without a word (a hostile-input review);
    the corpus's own accents, quotes and Chinese are not such text."""
    source = from_string("100.1. It canâ€™t.\n100.2. ä¸­æ–‡ and Ã©.\n100.3. It’s “Æther” of Dandân, 中文.")
    assert [line for line, _ in source.notes] == [1, 2] and source.lines[0] == "100.1. It canâ€™t."
    assert "“â€™” at column 14 reads as UTF-8 decoded as Windows-1252" in source.notes[0][1]


def test_a_byte_windows_1252_leaves_undefined_is_reported_on_its_line(tmp_path):
    """Python's cp1252 codec refuses 0x81, 0x8d, 0x8f, 0x90 and 0x9d; the reading falls back to
    Latin-1 for the whole file, so the other bytes still read as Windows-1252 and the undefined one
    is a control character reported with its line and removed."""
    path = tmp_path / "x.txt"
    path.write_bytes("100.1. It’s fine.\n100.2. Caf".encode("cp1252") + b"\xe9\x81 here \x93q\x94.")
    source = read_source(path, "x.txt")
    assert source.encoding == "cp1252"
    assert source.lines == ["100.1. It’s fine.", "100.2. Café here “q”."]
    assert [line for line, _ in source.notes if line] == [2] and "U+0081" in dict(source.notes)[2]


def test_a_mix_of_bare_cr_and_lf_reads_cr_lf_as_two_breaks():
    """Lines ending in CR, with an empty line ending in LF after one of them: a blank line."""
    assert from_string("a\rb\r\nc\rd\re\n").lines == ["a", "b", "", "c", "d", "e", ""]
    assert from_string("a\r\nb\r\nc\nd").lines == ["a", "b", "c", "d"]  # CR LF is the file's own convention
