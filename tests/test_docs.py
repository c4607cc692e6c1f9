"""The README and docs/: every relative link resolves to a file and, where it names one, to a
heading of it (as GitHub makes their anchors); the README stays short with its quick start near
the top; the architecture's diagrams name only files that exist."""
import re
from pathlib import Path

from conftest import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)|(?:src|href)=\"([^\"]+)\"")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped (word
    characters of any script, hyphens and spaces kept), spaces as hyphens, repeats numbered."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", FENCE.sub("", path.read_text("utf-8")), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return found


def broken_links(files: list[Path]) -> list[str]:
    """Each relative link of the files that names a missing file or a missing heading."""
    broken = []
    for path in files:
        text = CODE.sub("", FENCE.sub("", path.read_text("utf-8")))  # code is not a link
        for match in LINK.finditer(text):
            target = match.group(1) or match.group(2)
            if re.match(r"[a-z]+:", target) or target.startswith("//"):
                continue  # another site's address
            file, _, anchor = target.partition("#")
            resolved = (path.parent / file).resolve() if file else path
            if not resolved.exists():
                broken.append(f"{path.name}: {target} (no such file)")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                broken.append(f"{path.name}: {target} (no such heading)")
    return broken


def test_every_relative_link_of_the_readme_and_docs_resolves():
    assert len(DOCS) >= 9
    assert broken_links(DOCS) == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path):
    (tmp_path / "a.md").write_text("# Title\n\n## Offline bundle\n\n[ok](b.md#the-end) [gone](c.md) `[code](x.md)` "
                                   "[no heading](b.md#nowhere) [here](#offline-bundle) <img src=\"pic.png\">\n",
                                   encoding="utf-8")
    (tmp_path / "b.md").write_text("# The end\n\n```\n# not a heading\n```\n", encoding="utf-8")
    assert broken_links([tmp_path / "a.md"]) == ["a.md: c.md (no such file)", "a.md: b.md#nowhere (no such heading)",
                                                 "a.md: pic.png (no such file)"]


def test_the_readme_is_short_with_the_quick_start_first():
    lines = (ROOT / "README.md").read_text("utf-8").splitlines()
    assert len(lines) <= 150
    start = lines.index("## Quick start")
    assert start < 30 and "make site" in "\n".join(lines[start:30]) and "make test" in "\n".join(lines[start:30])


def test_the_architecture_diagrams_name_only_files_that_exist_and_every_parser():
    from generator.sources.parsers import PARSERS
    text = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    diagrams = re.findall(r"^```mermaid\n(.*?)^```", text, re.M | re.S)
    assert len(diagrams) >= 2
    named = set(re.findall(r"(?:generator|overrides|docs_src)/[\w./-]*[\w/]", "\n".join(diagrams)))
    assert len(named) > 20
    assert [name for name in sorted(named) if not (ROOT / name).exists()] == []
    parsers = re.search(r"generator/sources/parsers/<br>([^\"]+)\"", diagrams[0]).group(1)
    assert {p.strip() for p in re.split(r",|<br>", parsers) if p.strip()} == {m.__name__.rsplit(".", 1)[1] for m in PARSERS.values()}
