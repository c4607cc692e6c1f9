"""One bilingual termbase from every source: the official glossary (English and its paired
Chinese), the bilingual titles of sections and keyword rules of every edition, and the term
pairs of study notes. Sources are merged by English name; where they disagree on the Chinese,
the conflict is reported and the other wording is kept as a variant, never silently dropped.

Authority, strongest first: the newest edition's glossary, its rule titles, older editions'
titles (converted from Traditional Chinese for comparison), notes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import opencc

from .anchors import slug
from .model import Edition, GlossaryPair, Issue, ParsedSource, Provenance, is_title_text, without_obsolete_mark
from .numbers import RuleNumber, parse_number
from .references import swapped_texts

# “Equipment.” or `rule 311, “Planes,”` (group 1: the rule number a cited title belongs to)
QUOTED_EN = re.compile(r"(?:(\d{3}(?:\.\d+[a-z]?)?), )?“([^”]{2,40})”")
QUOTED_ZH = re.compile(r"(?:(\d{3}(?:\.\d+[a-z]?)?)[，,])?“([^”]{1,12})”")
TERM_EN = re.compile(r"[A-Z][A-Za-z’'\-]*(?: [A-Za-z’'\-]+){0,2}")
TERM_ZH = re.compile(r"[\u4e00-\u9fff]{2,8}")
PARENTHETICAL = re.compile(r"[（(]([^）)]*)[）)]")
OLD_TRANSLATION = re.compile(r"旧译(.+)")
# the glossary's "进行攻击的生物" (a creature that is attacking) is 攻击生物 in the rules' running text
# "进行X的Y" and "(未)被X的Y", which running text writes "XY" and "(未)被XY": the glossary's
# 进行攻击的生物 is 攻击生物 in the rules, 被阻挡的生物 被阻挡生物 (8 times, never with 的)
DOING = re.compile(r"^(?:进行|(未?被))(.+)的(.+)$")
# a word then the start of its object, in one clause: "reach the battlefield", "haunt the creature";
# not a word that may start another clause ("with morph that says", "has flying this turn")
OBJECT = r"(?:the|a|an|its|their|his|her|your|another|target|these|those)"
BEFORE_OBJECT = re.compile(rf" {OBJECT}\b", re.IGNORECASE)
WORD_BEFORE_OBJECT = re.compile(rf"\b([a-z]+) {OBJECT}\b", re.IGNORECASE)


@lru_cache(maxsize=None)
def converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


CELL_BREAK = "\n\u2063\n"  # between texts converted in one call: no phrase spans it


def convert_all(config: str, texts: list[str]) -> list[str]:
    """OpenCC over many texts in one call (one call per text costs more than the conversion)."""
    converted = converter(config).convert(CELL_BREAK.join(texts)).split(CELL_BREAK)
    if len(converted) != len(texts):  # a converter that touched the separator: convert one by one
        return [converter(config).convert(text) for text in texts]
    return converted


def to_simplified(text: str) -> str:
    return converter("t2s").convert(text)


@dataclass
class Term:
    en: str | None
    zh: str | None
    definitions: dict[str, str] = field(default_factory=dict)
    rule: RuleNumber | None = None  # the rule that defines the term
    glossary: GlossaryPair | None = None
    obsolete: bool = False
    stale_since: str | None = None  # its Chinese was carried from this edition, and the English changed since
    redirect: "Term | None" = None  # "APNAP Order" -> the term it stands for
    en_forms: set[str] = field(default_factory=set)  # lower case, for matching
    zh_forms: set[str] = field(default_factory=set)  # Simplified and Traditional
    variants: list[str] = field(default_factory=list)  # other Chinese wordings, as found
    sources: list[tuple[str, Provenance]] = field(default_factory=list)  # (what, where)
    edition: Edition | None = None  # whose rules define it
    verb: bool = False
    # a keyword ability whose name its edition's rules never write before an object: there, it is the
    # everyday verb ("two cards reach the battlefield"), not the keyword (Reach); see before_object
    plain_verb: bool = False
    id: int = 0
    anchor: str = ""  # on the glossary page: g-banding

    @property
    def key(self) -> str:
        return lemma(self.en) if self.en else "zh:" + (self.zh or "")


def lemma(name: str) -> str:
    """A key for English names: case-folded, obsolete mark removed, last word made singular."""
    return singular(re.sub(r"\s*\(obsolete\)$", "", name.strip().casefold()))


def singular(name: str) -> str:
    """"Artifacts" -> "Artifact", "Sorceries" -> "Sorcery" (section titles are plural)."""
    head, _, last = name.rpartition(" ")
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif last.endswith("s") and not last.endswith(("ss", "us")) and len(last) > 3:
        last = last[:-1]
    return f"{head} {last}" if head else last


def section_name(title: str) -> str:
    """A section's title as a term's name: a plain noun phrase singular ("Planeswalkers",
    "Replacement Effects"); a title that is not one as it is ("Handling Triggered Abilities",
    "Face-Down Spells and Permanents", "Interaction of Continuous Effects": a Traditional reader's
    review read "Handling Triggered Ability" as an official entry misspelt)."""
    first = title.split(" ", 1)[0]
    if first.lower().endswith("ing") or re.search(r",| of | and | with | or ", title):
        return title
    return singular(title)


def english_forms(name: str, verb: bool = False) -> set[str]:
    """The name and its plural, lower case; for verbs also -s, -ed, -ing (cast, casting; tap, tapped)."""
    base = name.lower()
    head, _, last = base.rpartition(" ")
    prefix = head + " " if head else ""
    forms = {base}
    if last.endswith("y") and last[-2:-1] not in "aeiou":
        forms.add(prefix + last[:-1] + "ies")
    elif last.endswith(("s", "x", "ch", "sh")):
        forms.add(prefix + last + "es")
    else:
        forms.add(prefix + last + "s")
    if verb and last.isalpha():
        if last.endswith("e"):
            forms |= {prefix + last + "d", prefix + last[:-1] + "ing"}
        else:
            stem = last
            if len(last) <= 4 and re.fullmatch(r".*[^aeiou][aeiou][bdgkmnpt]", last):
                stem = last + last[-1]  # tap -> tapped, tapping
            if last.endswith("y") and last[-2:-1] not in "aeiou":
                forms.add(prefix + last[:-1] + "ied")
            else:
                forms.add(prefix + stem + "ed")
            forms.add(prefix + stem + "ing")
    return forms


def before_object(text: str, end: int) -> bool:
    """Whether the word ending at `end` is followed, in the same clause, by an object ("reach|the
    battlefield"): a keyword ability's name so placed is a verb."""
    return bool(BEFORE_OBJECT.match(text, end))


def _words_before_objects(edition: Edition) -> set[str]:
    """The words an edition's English rules write before an object (lower case): the verbs."""
    return {m.group(1).lower() for rule in edition.rules() if "en" in rule.texts
            for m in WORD_BEFORE_OBJECT.finditer(rule.texts["en"].text)}


def _keyword_ability(term: "Term") -> bool:
    return not term.verb and (term.definitions.get("en") or "").startswith("A keyword ability")


def _plain_verb(term: "Term", verbs: set[str]) -> bool:
    """A keyword ability (a noun) whose one-word names the rules never use as verbs: "haunt the
    creature" makes Haunt a verb too; nothing makes Reach one."""
    names = {form for form in term.en_forms if " " not in form}
    return bool(names) and not names & verbs


def script_variants(form: str) -> set[str]:
    """A Chinese form in both scripts: itself, Traditional (plain and Taiwan), Simplified."""
    return {form, converter("s2t").convert(form), converter("s2tw").convert(form), to_simplified(form)}


@lru_cache(maxsize=None)
def chinese_forms(name: str) -> tuple[str, frozenset[str]]:
    """(the name without notes, every form to match): aliases split on ，and /, notes in brackets
    dropped, an old translation (旧译旅法师) kept as a form, "进行X的Y" and "被X的Y" also as the
    running text's "XY" and "被XY", every form in both scripts."""
    forms = set()
    for note in PARENTHETICAL.findall(name):
        old = OLD_TRANSLATION.match(note)
        if old:
            forms.add(old.group(1))
    bare = PARENTHETICAL.sub("", name).strip()
    for alias in re.split(r"[，,/]", bare):
        alias = alias.strip(" “”\"")
        if alias and "…" not in alias and "[" not in alias:
            forms.add(alias)
            doing = DOING.match(alias)
            if doing:
                forms.add((doing.group(1) or "") + doing.group(2) + doing.group(3))
    return bare, frozenset(v for form in forms for v in script_variants(form))


def english_aliases(name: str) -> list[str]:
    """"Kicker, Kicked" -> both; quoted forms and placeholders are dropped."""
    parts = [p.strip(" “”\"") for p in name.split(", ")]
    return [p for p in parts if p and "[" not in p]


def short(text: str, limit: int = 220) -> str:
    if len(text) <= limit:
        return text
    cut = max(text.rfind(mark, 0, limit) for mark in (". ", "。", "；", "; "))
    return text[: cut + 1] if cut > limit // 3 else text[:limit].rstrip() + "…"


@dataclass(frozen=True)
class Found:
    """Where a term pair was found: what kind of source (for reports) and where; for a section
    title or a keyword rule, that rule in its edition (older: not the current edition)."""

    what: str
    where: Provenance
    rule: RuleNumber | None = None
    edition: Edition | None = None
    older: bool = False


class Termbase:
    def __init__(self):
        self.terms: dict[str, Term] = {}
        self.aliases: dict[str, str] = {}  # lemma of an alias ("kicker" of "Kicker, Kicked") -> term key
        self.issues: list[Issue] = []

    @classmethod
    def build(cls, editions: list[Edition], notes: list[ParsedSource]) -> "Termbase":
        base = cls()
        if editions:
            base._add_glossary(editions[0])
        for edition in editions:
            base._add_titles(edition, older=edition is not editions[0])
        for edition in editions:
            base._add_quoted(edition)
        for note in notes:
            for pair in note.terms:
                base._merge(pair.en, pair.zh, Found("term list" if note.spec.format == "term-list" else "study note", pair.source),
                            {"zh": pair.definition} if pair.definition else {})
        rules_by_edition = {e.date: {r.number: r for r in e.rules()} for e in editions}
        for term in base.terms.values():
            if term.edition is not None:
                base._define_from_rules(term, rules_by_edition[term.edition.date])
        verbs_by_edition: dict[str, set[str]] = {}  # read only for an edition that defines a keyword
        for term in base.terms.values():
            if term.edition is not None and _keyword_ability(term):
                if term.edition.date not in verbs_by_edition:
                    verbs_by_edition[term.edition.date] = _words_before_objects(term.edition)
                term.plain_verb = _plain_verb(term, verbs_by_edition[term.edition.date])
        ordered = sorted(base.terms.values(), key=lambda t: ((t.en or "~").casefold(), t.zh or ""))
        taken: set[str] = set()
        for number, term in enumerate(ordered, 1):
            term.id = number
            term.anchor = _anchor(term, taken)
        return base

    def ordered(self) -> list[Term]:
        return sorted(self.terms.values(), key=lambda t: t.id)

    @cached_property
    def swapped(self) -> dict[int, Term]:
        """Terms whose glossary definitions are written under each other's names (references.
        swapped_texts: Provoke's Chinese is Prowess's, and Prowess's Provoke's, in 2023-11-17):
        term id -> the other term. Asked once the termbase is built, by the glossary page, the
        pop-ups' data and the search's alike: worked out once."""
        both = {str(t.id): t for t in self.ordered() if t.glossary and t.glossary.en and t.glossary.zh}
        other = swapped_texts({key: ("\n".join(t.glossary.en.definition), "\n".join(t.glossary.zh.definition))
                               for key, t in both.items()})
        return {both[key].id: both[partner] for key, partner in other.items()}

    # sources ----------------------------------------------------------------------------------
    def _add_glossary(self, edition: Edition) -> None:
        for pair in edition.glossary:
            en, zh = pair.en, pair.zh
            zh_name = chinese_forms(zh.name)[0] if zh else None
            carried = edition.carried_terms.get(en.term) if en else None
            term = Term(en.name if en else None, zh_name, glossary=pair,
                        obsolete=any(e.obsolete for e in (en, zh) if e),
                        stale_since=carried.translates if carried is not None and carried.stale else None)
            for lang, entry in (("en", en), ("zh", zh)):
                if entry is not None:
                    term.definitions[lang] = short(entry.definition[0]) if entry.definition else ""
                    term.sources.append((f"official glossary ({lang})", entry.source))
            cited = (en or zh).cited
            term.rule = parse_number(cited[0]) if cited else None
            term.verb = bool(en and en.definition and en.definition[0].startswith("To "))
            term.edition = edition
            self._add_forms(term, en.name if en else None, zh.name if zh else None)
            if term.key in self.terms:
                self.issues.append(Issue("warning", f"glossary term {term.en or term.zh!r} appears twice", (en or zh).source))
                continue
            self.terms[term.key] = term
        for term in list(self.terms.values()):
            for alias in english_aliases(term.en or "")[1:] + english_aliases(term.en or "")[:1]:
                self.aliases.setdefault(lemma(alias), term.key)
        for term in self.terms.values():
            pair = term.glossary
            if pair and pair.en and pair.en.redirect:
                term.redirect = self.terms.get(lemma(pair.en.redirect))

    def _add_titles(self, edition: Edition, older: bool) -> None:
        what = f"rule title ({edition.date})"
        for chapter in edition.chapters:
            for section in chapter.sections:
                en, zh = section.titles.get("en"), section.titles.get("zh")
                if en and zh and en.text != "General":
                    self._merge(en.text, zh.text, Found(what, en.source, RuleNumber(section.number), edition, older))
            for section in chapter.sections:
                for rule in section.rules:
                    en, zh = rule.texts.get("en"), rule.texts.get("zh")
                    if en and zh and rule.number.rule and not rule.number.sub and is_title_text(en.text):
                        self._merge(en.text, zh.text, Found(what, en.source, rule.number, edition, older))

    def _merge(self, en: str, zh: str, found: Found, definitions: dict[str, str] | None = None) -> None:
        what, where, rule, edition, older = found.what, found.where, found.rule, found.edition, found.older
        definitions = definitions or {}
        key = lemma(en)
        key = key if key in self.terms else self.aliases.get(key, key)
        term = self.terms.get(key)
        bare = chinese_forms(zh)[0]
        if term is None and what == "study note":
            # A note may spell the English differently ("state-based actiion"); the same Chinese
            # name in exactly one term is the stronger evidence.
            same = [t for t in self.terms.values() if to_simplified(bare) in t.zh_forms]
            if len(same) == 1:
                term = same[0]
                self.issues.append(Issue("warning", f"term {term.en!r}: {what} writes the English {en!r}", where))
        if term is None:
            name = section_name(en) if rule is not None and not rule.rule else en  # section titles are plural
            term = self.terms[key] = Term(name, to_simplified(bare), dict(definitions), rule, edition=edition,
                                          verb=rule is not None and rule.section == 701)
        else:
            if term.zh and to_simplified(bare) not in term.zh_forms:  # the forms include their Simplified
                self.issues.append(Issue("warning", f"term {en!r}: {what} has {zh!r}, {term.sources[0][0]} has "
                                         f"{term.zh!r}; both kept ({term.zh!r} first)", where))
                term.variants.append(zh)
            elif not term.zh:
                term.zh = to_simplified(bare)
            for lang, text in definitions.items():
                term.definitions.setdefault(lang, text)
            if (term.rule is None or term.edition is None) and rule is not None and (not older or term.rule is None):
                term.rule, term.edition = rule, edition
        term.sources.append((what, where))
        self._add_forms(term, en, zh, plural_title=rule is not None and not rule.rule)

    def _add_forms(self, term: Term, en: str | None, zh: str | None, plural_title: bool = False) -> None:
        if en:
            aliases = english_aliases(without_obsolete_mark(en))
            for alias in aliases:
                if len(aliases) > 1 and self.terms.get(lemma(alias), term) is not term:
                    continue  # "Active Player" of "Active Player, Nonactive Player Order" is its own entry
                term.en_forms |= english_forms(singular(alias) if plural_title else alias, term.verb)
        if zh:
            term.zh_forms |= chinese_forms(zh)[1]

    def _add_quoted(self, edition: Edition) -> None:
        """Terms the rules pair themselves: `have the subtype “Equipment.”` / `具有“武具”副类别`, and
        titles cited after a rule number (`rule 311, “Planes,”` / `规则311，“时空”`)."""
        for rule in edition.rules():
            en, zh = rule.texts.get("en"), rule.texts.get("zh")
            if not (en and zh):
                continue
            en_quotes, zh_quotes = QUOTED_EN.findall(en.text), QUOTED_ZH.findall(zh.text)
            if not en_quotes or len(en_quotes) != len(zh_quotes):
                continue
            for (en_cited, en_word), (zh_cited, zh_word) in zip(en_quotes, zh_quotes):
                en_word = en_word.strip(" .,")
                if en_cited != zh_cited or not TERM_EN.fullmatch(en_word) or not TERM_ZH.fullmatch(zh_word):
                    continue
                defined_by = parse_number(en_cited) if en_cited else rule.number
                self._merge(en_word, zh_word, Found(f"quoted in rule {rule.number} ({edition.date})", en.source,
                                                    defined_by, edition, older=True))

    @staticmethod
    def _define_from_rules(term: Term, rules: dict) -> None:
        """A term with no definition gets the text of its defining rule (for a section or a keyword,
        the first rule under it)."""
        if term.definitions or term.rule is None:
            return
        number = term.rule
        candidates = [number] if number.rule and number.sub else []
        first_under = min((n for n in rules if n.section == number.section and
                           (not number.rule or n.rule == number.rule) and n != number), default=number)
        candidates.append(first_under)
        for candidate in candidates:
            rule = rules.get(candidate)
            if rule and len(rule.texts.get("en", rule.texts.get("zh")).text) > 40:
                term.definitions = {lang: short(t.text) for lang, t in rule.texts.items()}
                return

    # exports ------------------------------------------------------------------------------------
def _anchor(term: Term, taken: set[str]) -> str:
    """g-<first English alias> ("Banding, “Bands with Other”" -> g-banding), the whole name when
    that is taken by another entry, the Chinese name without English."""
    names = [english_aliases(without_obsolete_mark(term.en))[:1] + [term.en]] if term.en else [[]]
    if term.sources and term.sources[0][0].startswith("rule title") and term.rule is not None and not term.rule.rule:
        names = [[singular(n) for n in names[0]]]  # named by a section's title: by its singular, as it always was
    candidates = ["g-" + slug(n) for n in names[0]] + ["g-" + re.sub(r"\s+", "-", term.zh or "")]
    anchor = next((c for c in candidates if c != "g-" and c not in taken), f"g-{term.id}")
    taken.add(anchor)
    return anchor
