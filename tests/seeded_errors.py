"""Errors of the kinds translators make, put one into each of many rules (or glossary entries) of a
real translation, for measuring the translation check's recall: how many of them it ranks among the
first 5% of what it reads (tests/test_translation_check.py holds a floor, bench/translation_check.py
prints every kind).

Each error goes into a rule's own text (not its examples) or the first paragraph of an entry's definition, drawn by a seeded random generator, so a
draw is the same on any machine: seven kinds in turn, each into the next rule (in a shuffled order)
where it applies. The kinds are what readers of the translation find in it (../shared/FIELD-NOTES.md):
a cited number changed, a punctuation slip, a sentence dropped, a game term swapped for another, a
negation dropped, a typing slip (a character of the same sound), and a qualifier of a term dropped.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Callable, NamedTuple

from generator.rules.sentences import split_zh

RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.+)$")
CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d])")
LETTERS = "abcdefghijkmnpqrstuvwxyz"  # subrule letters skip l and o
TERM_SWAPS = [("生物", "神器"), ("攻击", "阻挡"), ("对手", "牌手"), ("力量", "防御力"), ("咒语", "异能"),
              ("战场", "坟墓场"), ("横置", "重置"), ("手牌", "牌库"), ("结界", "神器"), ("瞬间", "法术"),
              ("起动式异能", "触发式异能"), ("永久物", "咒语"), ("放逐", "消灭"), ("抓", "弃")]
NEGATIONS = [("不能", "能"), ("不会", "会"), ("没有", "有"), ("不是", "是"), ("无法", "可以"), ("不可", "可"),
             ("并非", "是"), ("不再", "再"), ("未", "已"), ("不", "")]
TYPING = [("者", "着"), ("在", "再"), ("以", "已"), ("其", "期"), ("的", "地"), ("等级", "登记"), ("做", "作"),
          ("须", "需"), ("再", "在"), ("已", "以"), ("得", "的"), ("结束", "技术"), ("这次", "这此"), ("即", "既")]
QUALIFIERS = [("attacking", ("进行攻击的", "攻击中的", "攻击")), ("blocking", ("进行阻挡的", "阻挡中的", "阻挡")),
              ("other", ("其他",)), ("another", ("另一",)), ("additional", ("额外",)), ("untapped", ("未横置的",)),
              ("nonland", ("非地",)), ("nontoken", ("非衍生物",)), ("noncreature", ("非生物",)),
              ("each", ("每个", "每位", "每")), ("untargeted", ("不以", "非目标")), ("target", ("目标",))]


class Seeded(NamedTuple):
    rule: str
    kind: str
    before: str  # the rule's Chinese text before and after the error
    after: str


def _number(zh: str, en: str, rng: random.Random) -> str | None:
    cited = list(CITED.finditer(zh))
    if not cited:
        return None
    match = rng.choice(cited)
    number = match.group(0)
    if number[-1].isalpha():
        letter = LETTERS[(LETTERS.index(number[-1]) + 1) % len(LETTERS)] if number[-1] in LETTERS else "a"
        changed = number[:-1] + letter
    else:
        changed = number[:-1] + str((int(number[-1]) + 1) % 10)
    return zh[:match.start()] + changed + zh[match.end():]


def _punctuation(zh: str, en: str, rng: random.Random) -> str | None:
    options = []
    closing = [i for i, ch in enumerate(zh) if ch in "）”」"]
    if closing:
        i = rng.choice(closing)
        options.append(zh[:i] + zh[i + 1:])  # an unmatched opening mark
    marks = [i for i, ch in enumerate(zh) if ch in "。，"]
    if marks:
        i = rng.choice(marks)
        options.append(zh[:i + 1] + zh[i] + zh[i + 1:])  # a doubled mark
    if zh.endswith("。"):
        options.append(zh[:-1] + "，")  # a sentence ending in a comma
    quoted = [m.end() for m in re.finditer("。”", zh)]
    if quoted:
        i = rng.choice(quoted)
        options.append(zh[:i] + "。" + zh[i:])  # 。”。
    commas = [i for i, ch in enumerate(zh) if ch == "，"]
    if commas:
        i = rng.choice(commas)
        options.append(zh[:i] + "," + zh[i + 1:])  # a half-width comma
    return rng.choice(options) if options else None


def _sentence(zh: str, en: str, rng: random.Random) -> str | None:
    sentences = split_zh(zh)
    if len(sentences) < 2:
        return None
    dropped = rng.randrange(len(sentences))
    return "".join(s for i, s in enumerate(sentences) if i != dropped)


def _replace_one(zh: str, pairs: list[tuple[str, str]], rng: random.Random, both_ways: bool) -> str | None:
    swaps = pairs + ([(b, a) for a, b in pairs] if both_ways else [])
    places = [(m.start(), old, new) for old, new in swaps for m in re.finditer(re.escape(old), zh)]
    if not places:
        return None
    start, old, new = rng.choice(sorted(places))
    return zh[:start] + new + zh[start + len(old):]


def _term(zh: str, en: str, rng: random.Random) -> str | None:
    return _replace_one(zh, TERM_SWAPS, rng, both_ways=True)


def _negation(zh: str, en: str, rng: random.Random) -> str | None:
    return _replace_one(zh, NEGATIONS, rng, both_ways=False)


def _typing(zh: str, en: str, rng: random.Random) -> str | None:
    return _replace_one(zh, TYPING, rng, both_ways=False)


def _qualifier(zh: str, en: str, rng: random.Random) -> str | None:
    found = [chinese for english, forms in QUALIFIERS if re.search(rf"\b{english}\b", en, re.I)
             for chinese in forms[:1] if chinese in zh]
    if not found:
        found = [next(c for c in forms if c in zh) for english, forms in QUALIFIERS
                 if re.search(rf"\b{english}\b", en, re.I) and any(c in zh for c in forms)]
    if not found:
        return None
    chinese = rng.choice(sorted(set(found)))
    places = [m.start() for m in re.finditer(re.escape(chinese), zh)]
    start = rng.choice(places)
    return zh[:start] + zh[start + len(chinese):]


KINDS: dict[str, Callable[[str, str, random.Random], str | None]] = {
    "number": _number, "punctuation": _punctuation, "sentence": _sentence, "term": _term,
    "negation": _negation, "typing": _typing, "qualifier": _qualifier}


def rule_lines(text: str) -> dict[str, tuple[int, str]]:
    """Rule number -> (line index, text) of each rule's first line in a file of the official layout."""
    found = {}
    for index, line in enumerate(text.split("\n")):
        match = RULE_LINE.match(line)
        if match and match.group(1) not in found:
            found[match.group(1)] = (index, match.group(2))
    return found


def rule_places(zh_path: Path, en_path: Path) -> dict[str, tuple[int, str, str]]:
    """Rule number -> (line index, Chinese text, English text) of each rule both files have."""
    zh_rules = rule_lines(zh_path.read_text("utf-8"))
    en_rules = {number: text for number, (_, text) in rule_lines(_read_english(en_path)).items()}
    return {number: (index, zh, en_rules[number]) for number, (index, zh) in zh_rules.items() if number in en_rules}


def seed(zh_path: Path, en_path: Path, out: Path, draw: int, count: int = 70,
         kinds: tuple[str, ...] = tuple(KINDS), places: Callable = rule_places) -> list[Seeded]:
    """Write `zh_path` with `count` errors put in, kinds in turn, to `out`; the errors. Into the
    rules' texts, or into the texts `places` finds (glossary_places: the glossary's definitions)."""
    lines = zh_path.read_text("utf-8").split("\n")
    texts = places(zh_path, en_path)
    rng = random.Random(f"seeded errors {draw}")
    order = sorted(texts)
    rng.shuffle(order)
    seeded: list[Seeded] = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        for key in order:
            index, zh, en = texts[key]
            after = KINDS[kind](zh, en, rng)
            if after is not None and after != zh:
                order.remove(key)
                prefix = lines[index][:len(lines[index]) - len(zh)]
                lines[index] = prefix + after
                seeded.append(Seeded(key, kind, zh, after))
                break
    out.write_text("\n".join(lines), encoding="utf-8")
    return seeded


def glossary_places(zh_path: Path, en_path: Path) -> dict[str, tuple[int, str, str]]:
    """A glossary entry's English name -> (line index, Chinese, English) of the first paragraph of
    its definition, for each entry both languages have."""
    from generator.history.corpus import load_corpus
    lines = zh_path.read_text("utf-8").split("\n")
    edition = load_corpus(None, [str(en_path), str(zh_path)]).shown[0]
    return {pair.en.name: (pair.zh.source.line, pair.zh.definition[0], pair.en.definition[0]) for pair in edition.glossary
            if pair.en and pair.zh and pair.zh.definition and pair.en.definition
            and lines[pair.zh.source.line].strip() == pair.zh.definition[0]}


def _read_english(path: Path) -> str:
    """An official English file's text with its line endings made one (CR, CRLF or LF)."""
    raw = path.read_bytes()
    for encoding in ("utf-8-sig", "utf-16", "cp1252"):
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    return text.replace("\r\n", "\n").replace("\r", "\n")
