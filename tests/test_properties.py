"""Property-based tests: random and mutated rule texts never crash a parser, and every non-blank
piece of input is either read into the model or reported with a reason."""
import re
from html.parser import HTMLParser

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from generator.errors import SourceError
from generator.sources.parsers import PARSERS
from generator.sources.decoding import decode, from_string
from generator.rules.model import SourceSpec
from generator.sources.loader import load_text
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


# Hostile text: markup of every language a page passes through, and characters that break them
HOSTILE = st.lists(st.one_of(st.sampled_from([
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg/onload=alert(1)>", "</div>", "<!--",
    "{ onclick=alert(1) }", "{: onmouseover=alert(1) }", "[x](javascript:alert(1))", "[y]: javascript:alert(1)",
    "{{ config }}", "{% raw %}", "---", "title: x", "\": '", "&amp;", "&#106;avascript:", "\x91\x92\x7f\x1b",
    "\u2028", "*_`#|~", "\\", "javascript:alert(1)", "<a href=javascript:alert(1)>a</a>", "%}", "${x}",
]), st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x00"), max_size=6)),
    min_size=1, max_size=4).map(" ".join)
EXECUTABLE_TAGS = {"script", "iframe", "svg", "img", "object", "embed", "math", "base", "style"}


def _official_with(hostile: list[str], endings: list[str]) -> tuple[str, set[str]]:
    """The mini official text with hostile words after every title, rule, example and glossary
    term, its lines ended by the given mix of line endings; and the rule numbers it has."""
    glossary = max(i for i, line in enumerate(OFFICIAL) if line == "Glossary")
    credits = max(i for i, line in enumerate(OFFICIAL) if line == "Credits")
    lines, numbers = [], set()
    for i, line in enumerate(OFFICIAL):
        numbered = re.match(r"(\d{3}\.\d+[a-z]?\.?|\d{1,3}\. |Example: )", line)
        term = glossary < i < credits and line.strip() and not OFFICIAL[i - 1].strip()
        if numbered or term:
            line = f"{line} {hostile[sum(map(ord, line)) % len(hostile)]}"  # a title gets the same in the contents
        rule = re.match(r"(\d{3}\.\d+[a-z]?)", line)
        if rule:
            numbers.add(rule.group(1))
        lines.append(line)
    return "".join(line + endings[i % len(endings)] for i, line in enumerate(lines)), numbers


class _Executable(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in EXECUTABLE_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            url = "".join(ch for ch in (value or "") if not ch.isspace() and ord(ch) >= 32).lower()
            if name.startswith("on") or (name in ("href", "src", "action", "formaction")
                                         and url.startswith(("javascript:", "data:", "vbscript:"))):
                self.found.append(f"<{tag} {name}={value!r}>")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(HOSTILE, min_size=1, max_size=6), st.lists(st.sampled_from(["\n", "\r", "\r\n"]), min_size=1, max_size=5))
def test_hostile_text_reaches_pages_as_text_and_every_rule_arrives(hostile, endings):
    """Parse (every line-ending mix), assemble and generate every page in-process; render each
    page's Markdown with the site's extensions: no executable markup, valid front matter, and
    every rule of the input is on its page."""
    import json

    import markdown
    import yaml
    from generator.site.pages import site_files
    from generator.history.corpus import Corpus, assemble_corpus
    from generator.site.model import SiteModel

    text, numbers = _official_with(hostile, endings)
    loaded = load_text(from_string(text, "<hostile>"), SourceSpec("<hostile>", Path("<hostile>")))
    assert {str(n) for n in loaded.parsed.rules} == numbers
    files = site_files(SiteModel.build(assemble_corpus(Corpus(loaded=[loaded]))))
    pages, assets = files.pages, files.assets
    rendered = ""
    for page in pages:
        _, head, body = page.markdown.split("---\n", 2) if page.markdown.startswith("---\n") else ("", "", page.markdown)
        meta = yaml.safe_load(head) if head else {}
        assert isinstance(meta.get("title", ""), str) and "<" not in page.title
        html = markdown.markdown(body, extensions=["attr_list", "admonition", "tables", "toc"])
        checker = _Executable()
        checker.feed(html)
        assert checker.found == [], (page.src, checker.found[:3])
        rendered += html
    for number in numbers:
        assert re.search(f'id="cr{number.replace(".", "-")}"[ >]', rendered), number  # a keyword's heading has its name
    for path, script in assets.items():
        if path.endswith(".js"):  # one call with JSON arguments: no code of the source's
            call = re.fullmatch(r"CR\.\w+\((.*)\);\n", script, re.S)
            assert call and isinstance(json.loads(f"[{call.group(1)}]"), list), path


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PARSERS)), st.lists(st.one_of(HOSTILE, rule_like, st.builds(
    lambda number, text: f"{number} {text}", st.sampled_from(["100.1.", "100.1a", "1.", "100.", "Example:", "例如："]),
    HOSTILE)), max_size=15), st.sampled_from(["\n", "\r", "\r\n"]))
def test_hostile_lines_never_crash_any_parser(fmt, lines, ending):
    """Every format's parser, given hostile text in rule, title and example lines: no exception
    but a SourceError, and every non-blank piece of input accounted for."""
    assert_accounted(ending.join(lines), fmt)
