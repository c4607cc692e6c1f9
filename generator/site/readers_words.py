"""The readers' words for the search: what judges and players type (ETB, CMC, 进场, 第七层) and the
rules' own words the search reads it as.

Two sources: the hand-written file docs_src/synonyms.yml (its header says how to add one), and the
glossary's obsolete entries, which name the term that replaced them ("An obsolete term for mana
value", "An older name for the Commander casual variant"). Forms are kept as the browser compares
them: lower case, Simplified Chinese.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from ..errors import SourceError
from ..rules.model import without_obsolete_mark
from ..rules.termbase import Termbase, english_aliases, to_simplified

# "An obsolete term for mana value." "An older name for the Commander casual variant." "... See Exile."
FORMER_NAME = re.compile(r"^(?:An? )?(?:obsolete|older|former) (?:term|name) for (?:the |an? )?([^.,“”(]+?)"
                         r"(?: casual variant| zone)?[.,(]", re.IGNORECASE)


def normal(text: str) -> str:
    """A form as the browser compares it: lower case, Simplified, single spaces."""
    return " ".join(to_simplified(text).lower().split())


def parse_synonyms(text: str, path: str) -> dict[str, str]:
    """The file's `rules' words: [typed forms]` entries as typed form -> rules' words, or a
    SourceError naming the line of the first entry that is not of that shape."""
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise SourceError(path, mark.line + 1 if mark else None, f"not valid YAML: {getattr(error, 'problem', error)}")
    if root is None:
        return {}
    if not isinstance(root, yaml.MappingNode):
        raise SourceError(path, root.start_mark.line + 1, "expected a mapping of the rules' words to a list of typed forms")
    forms: dict[str, str] = {}
    where: dict[str, int] = {}
    for key, value in root.value:
        line = key.start_mark.line + 1
        if not isinstance(key, yaml.ScalarNode) or not key.value.strip():
            raise SourceError(path, line, "expected the rules' words (a text) before the colon")
        target = normal(key.value)
        if not isinstance(value, yaml.SequenceNode) or not value.value:
            raise SourceError(path, line, f"expected a list of what readers type for “{key.value}”, as [form, form]")
        for item in value.value:
            item_line = item.start_mark.line + 1
            if not isinstance(item, yaml.ScalarNode) or not item.value.strip():
                raise SourceError(path, item_line, f"expected a typed form (a text) in the list of “{key.value}”")
            form = normal(item.value)
            if form == target:
                raise SourceError(path, item_line, f"“{item.value}” is the rules' own words: nothing to read it as")
            if form in forms and forms[form] != target:
                raise SourceError(path, item_line, f"“{item.value}” already stands for “{forms[form]}” (line {where[form]})")
            forms[form], where[form] = target, item_line
    return forms


def read_synonyms(path: Path) -> dict[str, str]:
    """The synonyms file, or none where the project has none."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise SourceError(str(path), None, f"expected UTF-8 text ({error.reason} at byte {error.start})")
    return parse_synonyms(text, str(path))


def former_names(termbase: Termbase) -> dict[str, str]:
    """An obsolete glossary term -> the term its definition says replaced it."""
    found = {}
    for term in termbase.ordered():
        definition = term.definitions.get("en") or ""
        match = FORMER_NAME.match(definition) if term.obsolete and term.en else None
        if match:
            for name in english_aliases(without_obsolete_mark(term.en)):
                found[normal(name)] = normal(match.group(1))
    return found


def named_in_english_only(termbase: Termbase, untranslated: set) -> dict[str, str]:
    """A term's Chinese name -> its English, where the rule that defines it has no Chinese yet (a new
    keyword the translators have named, 伪装 for Disguise, before the rules are translated): a
    Chinese query for it finds its rules by their English, not only its glossary entry."""
    return {to_simplified(term.zh): normal(english_aliases(term.en)[0]) for term in termbase.ordered()
            if term.zh and term.en and not term.obsolete and term.rule is not None and term.rule in untranslated}


def search_synonyms(typed: dict[str, str], termbase: Termbase, untranslated: set = frozenset()) -> list[list[str]]:
    """[form, rules' words] pairs for the search data, sorted; the hand-written ones win.
    `untranslated`: the numbers of the rules without Chinese (named_in_english_only)."""
    merged = named_in_english_only(termbase, untranslated) | former_names(termbase) | typed
    return sorted([form, target] for form, target in merged.items() if form != target)
