"""Property-based tests: random and mutated rule texts never crash a parser, and every non-blank
piece of input is either read into the model or reported with a reason."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from generator.errors import SourceError
from generator.parsers import PARSERS
from generator.textio import decode, from_string
from generator.model import SourceSpec
from generator.loader import load_text
from pathlib import Path

OFFICIAL = (FIXTURES / "mini-official.en.txt").read_text(encoding="utf-8").replace("\r", "\n").split("\n")
OFFICIAL_ZH = (FIXTURES / "mini-official.zh.txt").read_text(encoding="utf-8").split("\n")
PAIRS = ["3. 牌类别 Card Types", "", "3. Card Types", "3. 牌类别", "300. 总则 General", "300.1. A rule.",
         "300.1. 一条规则。", "Example: An example.", "例如:一个例子。", "返回目录 | 上一章", "300.2. Two.", "300.2. 二。"]
FLAT = ["1. 游戏概念 Game Concepts1. 游戏概念1. Game Concepts100. 总则 General100. 总则100. General"
        "100.1.100.1. 规则一。100.1. Rule one.100.1a100.1a 规则甲。100.1a Rule a. 无号中文。100.2. Rule two."
        "100.2a100.2a 规则乙。100.2a Rule two a, see rule100.1a.例如:例子。Example: An exa"]
FORUM = ["標題", "", "看板 作者", "序言 ===== 702.19. 結合 Banding 702.19a 結合屬於靜止式 異能。Banding is static. "
         "702.19b 第二 條。Second rule. 例:例子。Example: An example. 702.19c 第三。Third. [略] "
         "702.20. 狂暴 Rampage 702.20a 狂暴。Rampage is a trigger. -- ※ 發信站: ptt", "文章代碼"]
SAMPLES = {"official": OFFICIAL, "official-zh": OFFICIAL_ZH, "line-pairs": PAIRS, "flat-table": FLAT,
           "forum-post": FORUM}

junk = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80)
rule_like = st.builds(lambda a, b, c, t: f"{a}.{b}{c} {t}", st.integers(100, 999), st.integers(1, 30),
                      st.sampled_from(["", "a", "b", ".", "k", "l"]), junk)


def mutate(lines, data):
    lines = list(lines)
    for _ in range(data.draw(st.integers(0, 6))):
        op = data.draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "truncate", "indent"]))
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "insert":
            lines.insert(i, data.draw(st.one_of(junk, rule_like)))
        elif op == "truncate":
            lines[i] = lines[i][: data.draw(st.integers(0, max(0, len(lines[i]))))]
        else:
            lines[i] = "   " + lines[i]
    return lines


def assert_accounted(text, fmt):
    source = from_string(text, "<prop>")
    parsed, ledger = PARSERS[fmt].parse(source, SourceSpec("<prop>", Path("<prop>"), fmt))
    assert ledger.unaccounted() == []
    counts = ledger.line_counts()
    assert counts["consumed"] + counts["skipped"] + counts["mixed"] == counts["nonblank"]
    # and the full load never raises anything but a clear SourceError
    try:
        load_text(source, SourceSpec("<prop>", Path("<prop>"), fmt, edition="2000"))
    except SourceError:
        pass


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SAMPLES)), st.data())
def test_mutated_texts_are_fully_accounted(name, data):
    fmt = name.removesuffix("-zh")
    sep = data.draw(st.sampled_from(["\n", "\r", "\r\n"]))
    assert_accounted(sep.join(mutate(SAMPLES[name], data)), fmt)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PARSERS)), st.lists(st.one_of(junk, rule_like), max_size=15))
def test_random_texts_never_crash_any_parser(fmt, lines):
    assert_accounted("\n".join(lines), fmt)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_decode_or_fail_clearly(data):
    try:
        text, encoding, _ = decode(data, "x.bin")
    except SourceError as exc:
        assert str(exc).startswith("x.bin")
    else:
        assert isinstance(text, str) and encoding
