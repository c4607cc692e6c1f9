"""Command line: `python -m generator check|build ...`."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .pipeline import DEFAULT_MANIFEST, Corpus, load_corpus


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="parse every source and print the parse report")
    _source_options(check)
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--all", action="store_true", help="list every warning and skipped line")
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args)
    return 2


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
