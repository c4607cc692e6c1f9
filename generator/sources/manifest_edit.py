"""Edits of the manifest's text that keep everything a person wrote in it (comments, order, quoting):
entries appended to `sources:`, roles set on existing entries. Pure: text in, text out."""
from __future__ import annotations

import yaml

from ..errors import SourceError
from .manifest import mapping_value


def edit_manifest(text: str, shown: str, roles: dict[str, str], added: list[dict]) -> str:
    """`text` with the role of each entry whose path is in `roles` set to it, and the `added`
    entries appended to the sources list."""
    root = yaml.compose(text)
    sources = mapping_value(root, "sources")
    if not isinstance(sources, yaml.SequenceNode):
        raise SourceError(shown, 1, "expected a top-level 'sources:' list")
    edits = []  # (start, end, replacement), applied from the end so positions stay right
    for entry in sources.value:
        path = mapping_value(entry, "path")
        if isinstance(path, yaml.ScalarNode) and path.value in roles:
            edits.append(_role_edit(text, entry, roles[path.value]))
    if added:
        edits.append(_append_edit(text, sources, added))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _role_edit(text: str, entry: yaml.MappingNode, role: str) -> tuple[int, int, str]:
    node = mapping_value(entry, "role")
    if node is not None:
        return node.start_mark.index, node.end_mark.index, role
    first_key = entry.value[0][0]  # no role yet: a line of its own after the entry's first line
    at = _end_of_line(text, _content_end(entry.value[0][1]))
    return at, at, "\n" + " " * first_key.start_mark.column + f"role: {role}"


def _append_edit(text: str, sources: yaml.SequenceNode, added: list[dict]) -> tuple[int, int, str]:
    if sources.flow_style or not sources.value:  # `sources: []`: becomes a block list
        start = len(text[:sources.start_mark.index].rstrip(" "))
        return start, sources.end_mark.index, "\n" + _block(added, 2).rstrip("\n")
    indent = sources.value[0].start_mark.column - 2
    at = _end_of_line(text, _content_end(sources.value[-1]))
    return at, at, "\n" + _block(added, indent).rstrip("\n")


def _block(entries: list[dict], indent: int) -> str:
    dumped = yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, default_flow_style=False, width=1000)
    return "".join(" " * indent + line if line.strip() else line for line in dumped.splitlines(keepends=True))


def _content_end(node: yaml.Node) -> int:
    """Where a node's own text ends: a block collection's end mark lies after any comment that
    follows it, so its last scalar says."""
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.value and not node.flow_style:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    return node.end_mark.index


def _end_of_line(text: str, index: int) -> int:
    """Where the line holding the character before `index` ends (before its line break)."""
    newline = text.find("\n", index)
    return len(text) if newline < 0 else newline

