"""Command line: `python -m generator check|build ...`."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .pipeline import DEFAULT_MANIFEST, Corpus, load_corpus

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="parse every source and print the parse report")
    _source_options(check)
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--all", action="store_true", help="list every warning and skipped line")
    build = commands.add_parser("build", help="generate the pages and build the site with MkDocs")
    _source_options(build)
    build.add_argument("--site-dir", type=Path, help="where to write the site (default: site/)")
    build.add_argument("--config", type=Path, help="the MkDocs configuration (default: mkdocs.yml, or "
                       "mkdocs-offline.yml with --offline)")
    build.add_argument("--offline", action="store_true",
                       help="build the bundle that works from file:// and zip it; prints the zip's path")
    export = commands.add_parser("export", help="write each edition as JSON (schema: generator/schema)")
    _source_options(export)
    export.add_argument("--out", type=Path, default=Path("export"), help="folder for <edition>.json files")
    diff = commands.add_parser("diff", help="what changed between two editions (rules and glossary)")
    diff.add_argument("old", help="a source of the older edition (for example an official CR text)")
    diff.add_argument("new", help="a source of the newer edition")
    diff.add_argument("--json", action="store_true", help="print the changes as JSON")
    args = parser.parse_args(argv)
    if args.command == "diff":
        return _diff(args)
    if args.command == "check":
        return _check(args)
    if args.command == "export":
        return _export(args)
    return _build(args)


def _export(args) -> int:
    from .export import to_json
    corpus = _corpus(args)
    if corpus.error_count:
        _print_report(corpus, everything=False)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for edition in corpus.editions:
        path = args.out / f"{edition.date}.json"
        path.write_text(to_json(edition), encoding="utf-8")
        print(path)
    return 0


def _source_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--source", action="append", default=[], metavar="PATH",
                         help="an extra source file (format, edition and languages detected from its content)")
    command.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST, help="the sources manifest")
    command.add_argument("--no-manifest", action="store_true", help="read only the --source files")


def _corpus(args) -> Corpus:
    return load_corpus(None if args.no_manifest else args.manifest, args.source)


def _check(args) -> int:
    corpus = _corpus(args)
    if args.json:
        print(json.dumps(report_json(corpus), ensure_ascii=False, indent=2))
    else:
        _print_report(corpus, args.all)
    return 1 if corpus.error_count else 0


def report_json(corpus: Corpus) -> dict:
    return {
        "sources": [s.report.as_json() for s in corpus.loaded],
        "unreadable": [{"path": f.path, "line": f.line, "message": f.message} for f in corpus.failures],
        "editions": [{
            "edition": e.date,
            "languages": list(e.languages),
            "rules": sum(1 for _ in e.rules()),
            "glossary": len(e.glossary),
            "glossary_verified": sum(1 for p in e.glossary if p.verified),
            "sources": [s.path for s in e.sources],
        } for e in corpus.editions],
        "assembly": [{"level": i.level, "path": i.source.path if i.source else None, **i.as_json()}
                     for i in corpus.issues],
        "errors": corpus.error_count,
    }


def _print_report(corpus: Corpus, everything: bool) -> None:
    limit = None if everything else 5
    for failure in corpus.failures:
        print(failure, file=sys.stderr)
    for loaded in corpus.loaded:
        report, spec = loaded.report, loaded.report.spec
        c, lines = report.counts, report.lines
        print(f"{spec.path}\n  {spec.format}, edition {spec.edition or '?'}, {'+'.join(spec.languages)}"
              f"{' (' + spec.script + ')' if spec.script else ''}, role {spec.role}")
        print(f"  {c['chapters']} chapters, {c['sections']} sections, {c['rules']} rules, {c['examples']} examples, "
              f"{c['glossary']} glossary entries" + (f", {c['terms']} term pairs" if c["terms"] else ""))
        print(f"  {lines['nonblank']} non-blank lines: {lines['consumed']} read, {lines['skipped']} skipped, "
              f"{lines['mixed']} partly skipped; {len(report.skipped)} skipped pieces, "
              f"{len(report.errors)} errors, {len(report.warnings)} warnings")
        for issue in report.errors:
            print(f"  {issue}")
        _some("warnings", [str(w) for w in report.warnings], limit)
        _some("skipped", [f"{s.source}: skipped: {s.reason}: {s.text[:70]}" for s in report.skipped], limit)
    for edition in corpus.editions:
        verified = sum(1 for p in edition.glossary if p.verified)
        print(f"edition {edition.date}: {'+'.join(edition.languages)}, {sum(1 for _ in edition.rules())} rules, "
              f"glossary {len(edition.glossary)} entries ({verified} verified pairs)")
    _some("assembly", [str(i) for i in corpus.issues], limit)
    print(f"{corpus.error_count} errors")


def _some(label: str, lines: list[str], limit: int | None) -> None:
    for line in lines[:limit]:
        print(f"  {line}")
    if limit is not None and len(lines) > limit:
        print(f"  ... {len(lines) - limit} more {label} lines (--all lists them)")


def _build(args) -> int:
    """Generate and build in one step: the MkDocs plugin does the generating, with these sources."""
    import logging
    import os

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from .mkdocs_plugin import EXTRA_SOURCES

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    os.environ[EXTRA_SOURCES] = os.pathsep.join(str(Path(s).resolve()) for s in args.source)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    overrides = {"strict": True}
    if args.site_dir:
        overrides["site_dir"] = str(args.site_dir.resolve())
    config_file = args.config or ROOT / ("mkdocs-offline.yml" if args.offline else "mkdocs.yml")
    try:
        config = load_config(str(config_file), **overrides)
        if args.no_manifest or args.manifest != DEFAULT_MANIFEST:
            _point_plugin_at(config, None if args.no_manifest else args.manifest)
        build(config)
    except MkDocsException as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    report = config.plugins["cr-generator"].report
    for date, stats in report.links.items():
        print(f"{date}: {stats.internal} rule links, {stats.external} external, "
              f"{stats.plain} references to rules not in this build (marked text)", file=sys.stderr)
    print(zip_site(Path(config.site_dir)) if args.offline else config.site_dir)
    return 0


def zip_site(site: Path) -> Path:
    """site/ -> site.zip with one top folder, the same bytes for the same files (sorted entries,
    fixed timestamps), so that a rebuild of unchanged sources gives an identical bundle."""
    import zipfile

    target = site.with_suffix(".zip")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path in sorted(p for p in site.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{site.name}/{path.relative_to(site).as_posix()}", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, path.read_bytes())
    return target


def _point_plugin_at(config, manifest: Path | None) -> None:
    plugin = config.plugins["cr-generator"]
    plugin.config["manifest"] = str(manifest.resolve()) if manifest else ""


def _diff(args) -> int:
    from .diff import diff_editions
    editions = []
    for path in (args.old, args.new):
        corpus = load_corpus(None, [path])
        if corpus.error_count or len(corpus.editions) != 1:
            _print_report(corpus, everything=False)
            print(f"error: {path}: expected one edition of rules", file=sys.stderr)
            return 1
        editions.append(corpus.editions[0])
    old, new = editions
    if not set(old.languages) & set(new.languages):
        print(f"error: {args.old} is {'+'.join(old.languages)} and {args.new} is {'+'.join(new.languages)}: "
              "a diff compares two editions in the same language", file=sys.stderr)
        return 1
    if old.date == new.date:
        print(f"error: both sources are of the edition {old.date}", file=sys.stderr)
        return 1
    if old.date > new.date:
        old, new = new, old
    changes = diff_editions(old, new)
    if args.json:
        print(json.dumps({"old": changes.old, "new": changes.new, "counts": changes.counts(),
                          "rules": [c.as_json() for c in changes.rules],
                          "glossary": [vars(c) for c in changes.glossary]}, ensure_ascii=False, indent=2))
        return 0
    print(f"{changes.old} -> {changes.new}: " + ", ".join(f"{k} {v}" for k, v in changes.counts().items()))
    for c in changes.rules:
        if c.kind == "moved":
            print(f"  moved   {c.old} -> {c.new}" + (" (and edited)" if c.edited else ""))
        else:
            print(f"  {c.kind:<7} {c.new or c.old}: {(c.new_text or c.old_text)[:90]}")
    for g in changes.glossary:
        print(f"  glossary {g.kind:<7} {g.term}")
    return 0
