"""The sources manifest (docs_src/sources.yml): which files the site is made from, and what they are."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

import yaml

from ..errors import SourceError
from ..rules.model import LANGUAGES, Fetched, SourceSpec
from .parsers import PARSERS

FIELDS = {"path", "format", "languages", "script", "edition", "role", "title", "encoding", "bad_bytes", "fetched"}
FETCHED_FIELDS = ("url", "date", "sha256")
TEXT_FIELDS = ("path", "format", "script", "role", "title", "encoding", "bad_bytes")  # an edition may be a year: 2012
FETCH_SETTINGS = ("folder", "rules_page", "translations")
# history: an edition for lineage and rule histories, without pages of its own; terms: term pairs for
# the termbase only (the translators' term list)
ROLES = ("rules", "primer", "history", "terms")
SCRIPTS = ("Hans", "Hant")
EDITION = re.compile(r"\d{4}(?:-\d{2}(?:-\d{2})?)?")


@dataclass(frozen=True)
class FetchSettings:
    """Where `generator fetch` looks for new editions (the manifest's `fetch:` mapping)."""

    folder: Path  # where fetched files are saved
    rules_page: str | None  # the page that links the official TXT
    translations: str | None  # a listing of the translation's plain-text files


def read_manifest(manifest: Path) -> list[SourceSpec]:
    return _specs(compose_manifest(manifest), manifest)


def read_manifest_and_settings(manifest: Path) -> tuple[list[SourceSpec], FetchSettings]:
    """The sources and the fetch settings, from one reading of the manifest."""
    root = compose_manifest(manifest)
    return _specs(root, manifest), _fetch_settings(root, manifest)


class _DatesAsText(yaml.SafeLoader):
    """YAML with dates left as written, so that a date that is none (2024-13-45) is told as such,
    with its line, instead of failing inside the YAML library."""


_DatesAsText.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _is_date(edition: str) -> bool:
    """2023-11-17, 2023-11 or 2023 names a real day, month or year."""
    try:
        return bool(date.fromisoformat((edition + "-01-01")[:10]))
    except ValueError:
        return False


def _specs(root: yaml.Node | None, manifest: Path) -> list[SourceSpec]:
    shown = str(manifest)
    entries = mapping_value(root, "sources") if root is not None else None
    if not isinstance(entries, yaml.SequenceNode):
        raise SourceError(shown, 1, "expected a top-level 'sources:' list")
    entries_read = []
    for node in entries.value:
        line = node.start_mark.line + 1
        if not isinstance(node, yaml.MappingNode):
            raise SourceError(shown, line, "each source must be a mapping with at least 'path'")
        entries_read.append((spec_from_entry(_plain_data(node, shown, line), manifest.parent, shown, line), line))
    # a file is read once: as an entry names it, else as the first folder or glob naming it does
    # (the newest text as rules and its archive, itself included, as history)
    named: dict[Path, int] = {}
    for spec, line in entries_read:
        if not _names_many(spec):
            if spec.file in named:
                raise SourceError(shown, line, f"{spec.path} is already a source (line {named[spec.file]}): "
                                  "expected each file once")
            named[spec.file] = line
    specs, taken = [], set(named)
    for spec, line in entries_read:
        if not _names_many(spec):
            specs.append(spec)
            continue
        for each in expand(spec, shown, line):
            if each.file not in taken:
                taken.add(each.file)
                specs.append(each)
    return specs


def _plain_data(node: yaml.Node, shown: str, line: int):
    """A node's data, or an error naming its line (a tag such as !!python/object is no data)."""
    try:
        return yaml.load(yaml.serialize(node), Loader=_DatesAsText)
    except yaml.YAMLError as exc:
        raise SourceError(shown, line, f"expected plain YAML data: {getattr(exc, 'problem', None) or exc}") from None


def compose_manifest(manifest: Path) -> yaml.Node | None:
    """The manifest's YAML node tree, positions kept for the errors."""
    shown = str(manifest)
    try:
        text = manifest.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(shown, None, f"cannot read the manifest: {exc}") from None
    try:
        return yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SourceError(shown, mark.line + 1 if mark else None, f"not valid YAML: {getattr(exc, 'problem', exc)}") from None


def _fetch_settings(root: yaml.Node | None, manifest: Path) -> FetchSettings:
    shown = str(manifest)
    node = mapping_value(root, "fetch")
    line = node.start_mark.line + 1 if node is not None else None
    data = _plain_data(node, shown, line) if node is not None else {}
    if not isinstance(data, dict):
        raise SourceError(shown, line, "'fetch:' must be a mapping of folder, rules_page and translations")
    unknown = set(data) - set(FETCH_SETTINGS)
    if unknown:
        raise SourceError(shown, line, f"unknown fetch setting(s) {', '.join(sorted(unknown))}; "
                          f"expected {', '.join(FETCH_SETTINGS)}")
    for key in ("rules_page", "translations"):
        if data.get(key) is not None and not _is_web_address(data[key]):
            raise SourceError(shown, line, f"fetch: {key} must be an http(s) address, got {data[key]!r}")
    return FetchSettings((manifest.parent / str(data.get("folder") or "sources")).resolve(),
                         data.get("rules_page"), data.get("translations"))


def _is_web_address(value) -> bool:
    return isinstance(value, str) and value.startswith(("http://", "https://"))


def expand(spec: SourceSpec, shown: str = "", line: int | None = None) -> list[SourceSpec]:
    """A source whose path is a folder or a glob (`corpus/en/*.txt`) is every file it names, in
    order; each gets its own edition from its content (an edition given for them all would be wrong)."""
    pattern = str(spec.file)
    if not _names_many(spec):
        return [spec]
    files = sorted(p for p in (spec.file.iterdir() if spec.file.is_dir() else Path("/").glob(pattern.lstrip("/")))
                   if p.is_file() and not p.name.startswith("."))
    if not files:
        raise SourceError(shown or spec.path, line, f"{spec.path} names no file")
    if spec.edition:
        raise SourceError(shown or spec.path, line, f"{spec.path} names several files: give no 'edition' for them all")
    base = spec.path.rstrip("/") if spec.file.is_dir() else str(Path(spec.path).parent)
    return [replace(spec, path=f"{base}/{p.name}", file=p) for p in files]


def _names_many(spec: SourceSpec) -> bool:
    """The source is a folder or a glob."""
    return spec.file.is_dir() or any(ch in str(spec.file) for ch in "*?[")


def spec_from_entry(data: dict, base: Path, shown: str, line: int) -> SourceSpec:
    unknown = set(data) - FIELDS
    if unknown:
        raise SourceError(shown, line, f"unknown field(s) {', '.join(sorted(unknown))}; expected {', '.join(sorted(FIELDS))}")
    if not data.get("path"):
        raise SourceError(shown, line, "a source needs a 'path'")
    for key in TEXT_FIELDS:  # a number or a list would fail later, far from this line
        if data.get(key) is not None and not isinstance(data[key], str):
            raise SourceError(shown, line, f"{key} must be text, got {data[key]!r}")
    if data.get("languages") is not None and not isinstance(data["languages"], list):
        raise SourceError(shown, line, f"languages must be a list such as [en, zh], got {data['languages']!r}")
    fmt = data.get("format")
    if fmt is not None and fmt not in PARSERS:
        raise SourceError(shown, line, f"unknown format {fmt!r}; expected one of {', '.join(PARSERS)}")
    languages = tuple(data.get("languages") or ())
    if any(lang not in LANGUAGES for lang in languages):
        raise SourceError(shown, line, f"languages must be among {', '.join(LANGUAGES)}, got {list(languages)}")
    script = data.get("script")
    if script is not None and script not in SCRIPTS:
        raise SourceError(shown, line, f"script must be one of {', '.join(SCRIPTS)}, got {script!r}")
    edition = data.get("edition")
    edition = None if edition is None else str(edition)
    if edition is not None and not (EDITION.fullmatch(edition) and _is_date(edition)):
        raise SourceError(shown, line, f"edition must be an ISO date (a real day: 2023-11-17, or 2012 when only the year is known), got {edition!r}")
    role = data.get("role", "rules")
    if role not in ROLES:
        raise SourceError(shown, line, f"role must be one of {', '.join(ROLES)}, got {role!r}")
    bad_bytes = data.get("bad_bytes", "error")
    if bad_bytes not in ("error", "replace"):
        raise SourceError(shown, line, f"bad_bytes must be 'error' or 'replace', got {bad_bytes!r}")
    file = (base / data["path"]).resolve()
    return SourceSpec(str(data["path"]), file, fmt, languages, script, edition, role, data.get("title"),
                      data.get("encoding"), bad_bytes, _fetched(data.get("fetched"), shown, line))


def _fetched(value, shown: str, line: int) -> Fetched | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != set(FETCHED_FIELDS) or not _is_web_address(value["url"]):
        raise SourceError(shown, line, "'fetched' must be a mapping of url (http or https), date and sha256")
    return Fetched(str(value["url"]), str(value["date"]), str(value["sha256"]))


def spec_from_path(path: str, role: str = "rules") -> SourceSpec:
    """An extra source named on the command line: everything is detected from its content."""
    return SourceSpec(path, Path(path).resolve(), role=role)


def specs_from_path(path: str, role: str = "rules") -> list[SourceSpec]:
    """A command-line source, which may be a folder or a glob of many."""
    return expand(spec_from_path(path, role))


def mapping_value(node, key: str):
    """The value node of `key` in a YAML mapping node; None for a missing key or not a mapping."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if getattr(k, "value", None) == key:
            return v
    return None
