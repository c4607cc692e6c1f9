"""Command line: `python -m generator COMMAND ...`, the commands below. The translators' work list (CSV, JSON, XLIFF, the OmegaT project) is a build's
output, on the site's status page."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import SourceError
from .history.corpus import DEFAULT_MANIFEST, Corpus, load_corpus, warnings_told

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="parse every source and print the parse report")
    _source_options(check)
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--all", action="store_true", help="list every warning and skipped line")
    generate = commands.add_parser("generate", help="write the pages and a configuration for MkDocs, ProperDocs "
                                   "or Zensical into a build folder")
    _source_options(generate)
    _build_options(generate)
    generate.add_argument("--no-directory-urls", action="store_true", help="page.html links instead of page/")
    generate.add_argument("--watch", action="store_true", help="generate again whenever a source changes")
    build = commands.add_parser("build", help="generate, then build the site with MkDocs")
    _source_options(build)
    _build_options(build)
    build.add_argument("--site-dir", type=Path, help="where to write the site (default: site/, or "
                       "site-offline/ with --offline)")
    export = commands.add_parser("export", help="write each edition as JSON (schema: generator/schema)")
    _source_options(export)
    export.add_argument("--out", type=Path, default=Path("export"), help="folder for <edition>.json files (default: export/, which git ignores)")
    trace = commands.add_parser("trace", help="a rule's history through every edition of the sources")
    trace.add_argument("rule", help="a rule number of the newest edition (702.19c)")
    _source_options(trace)
    trace.add_argument("--json", action="store_true", help="print the history as JSON")
    diff = commands.add_parser("diff", help="what changed between two editions (rules and glossary)")
    diff.add_argument("old", help="a source of the older edition (for example an official CR text)")
    diff.add_argument("new", help="a source of the newer edition")
    diff.add_argument("--json", action="store_true", help="print the changes as JSON")
    review = commands.add_parser("check-translation", help="rank the rules and glossary entries of a translation by "
                                 "how likely they need a fix, each with its reasons")
    review.add_argument("english", help="the English edition the translation is checked against")
    review.add_argument("translation", help="the Chinese translation")
    review.add_argument("--history", action="append", default=[], metavar="PATH",
                        help="an older edition in either language (repeatable): an English edit since then "
                             "that the Chinese did not follow is a reason")
    review.add_argument("--terms", action="append", default=[], metavar="PATH",
                        help="the translators' own term list (scripts/translatedterms.json), checked against too")
    review.add_argument("--json", action="store_true", help="print the findings as JSON, in rank order")
    review.add_argument("--top", type=int, metavar="N", help="only the first N rules and entries")
    review.add_argument("--prefer", metavar="\"Y over X\"", help="list every rule whose Chinese has X where its "
                        "English has the phrase X renders, to change to Y (instead of the ranking)")
    back = commands.add_parser("import-xliff", help="write the next release of the translation from a translated "
                               "work list, in the official layout of the release it follows")
    back.add_argument("xliff", type=Path, help="the work list (worklist.xlf), translated")
    back.add_argument("--translation", type=Path, required=True, metavar="OLD_TRANSLATION",
                      help="the release it follows (its English edition among the sources, as for the site)")
    back.add_argument("--out", type=Path, required=True, metavar="NEW_TRANSLATION", help="the file to write")
    _source_options(back)
    fetch = commands.add_parser("fetch", help="bring the newest official English text and Chinese translation "
                                "into the sources (addresses from the manifest's fetch: settings)")
    fetch.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST, help="the sources manifest to add them to "
                       "(default: docs_src/sources.yml)")
    fetch.add_argument("--rules-page", metavar="URL", help="the page that links the official TXT")
    fetch.add_argument("--translations", metavar="URL", help="a listing of the translation's <yyyymmdd>_Zh.txt "
                       "files (the GitHub contents API of its folder, or an HTML page of links)")
    args = parser.parse_args(argv)
    if args.command == "fetch":
        return _fetch(args)
    if args.command == "diff":
        return _diff(args)
    if args.command == "check":
        return _check(args)
    if args.command == "export":
        return _export(args)
    if args.command == "generate":
        return _generate(args)
    if args.command == "trace":
        return _trace(args)
    if args.command == "check-translation":
        return _check_translation(args)
    if args.command == "import-xliff":
        return _import_xliff(args)
    return _build(args)


def _fetch(args) -> int:
    from .sources.fetch import fetch
    result = fetch(args.manifest.resolve(), args.rules_page, args.translations)
    for line in result.lines:
        print(line)
    for error in result.errors:
        print(f"error: {error}", file=sys.stderr)
    return 1 if result.errors else 0


def _build_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--config", type=Path, help="the project's configuration, which the generated one "
                         "inherits (default: mkdocs.yml, or mkdocs-offline.yml with --offline)")
    command.add_argument("--offline", action="store_true",
                         help="the bundle that works from file:// (build zips it and prints the zip's path)")
    command.add_argument("--out", type=Path, help="the build folder (default: build/, or build-offline/ with --offline)")


def _generate_options(args):
    from .site.generate import Options
    config = args.config or ROOT / ("mkdocs-offline.yml" if args.offline else "mkdocs.yml")
    options = Options.from_config(config)
    if args.no_manifest:
        options.manifest = None
    elif args.manifest is not None:
        options.manifest = args.manifest.resolve()
    options.sources += [str(Path(s).resolve()) for s in args.source]
    options.history += [str(Path(s).resolve()) for s in args.history]
    if getattr(args, "no_directory_urls", False):
        options.dir_urls = False
    out = args.out or ROOT / ("build-offline" if args.offline else "build")
    return options, out


def _generate(args) -> int:
    from .site.generate import GenerateError, generate, watch
    try:
        options, out = _generate_options(args)
        if args.watch:
            watch(options, out)
            return 0
        result = generate(options, out)
    except GenerateError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    _print_links(result.files.links)
    _print_warnings(result.corpus)
    print(result.config)
    return 0


def _print_links(links) -> None:
    for date, stats in links.items():
        print(f"{date}: {stats.internal} rule links, {stats.external} external, "
              f"{stats.plain} references to rules not in this build (marked text)", file=sys.stderr)


def _print_warnings(corpus: Corpus) -> None:
    for line in warnings_told(corpus):
        print(line, file=sys.stderr)


def _export(args) -> int:
    from .history.export import to_json
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
                         help="an extra source file, folder or glob (format, edition and languages detected "
                              "from its content)")
    command.add_argument("--history", action="append", default=[], metavar="PATH",
                         help="editions (a file, folder or glob) for lineage and rule histories, without pages")
    command.add_argument("--manifest", type=Path, help="the sources manifest (default: the configuration's, "
                         "docs_src/sources.yml)")
    command.add_argument("--no-manifest", action="store_true", help="read only the --source files")


def _corpus(args) -> Corpus:
    return load_corpus(None if args.no_manifest else args.manifest or DEFAULT_MANIFEST, args.source, args.history)


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
    """Generate and build with MkDocs in one step."""
    import logging

    from mkdocs.exceptions import MkDocsException

    from .site.generate import GenerateError, generate
    from .site.mkdocs_build import mkdocs_build

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    try:
        options, out = _generate_options(args)
        result = generate(options, out)
        generated, links = result.config, result.files.links
        _print_warnings(result.corpus)
        del result  # the model is not needed to build: let it go before MkDocs makes its own objects
        site_dir = args.site_dir or ROOT / ("site-offline" if args.offline else "site")
        config = mkdocs_build(generated, site_dir)
    except (GenerateError, MkDocsException) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    _print_links(links)
    print(zip_site(Path(config.site_dir)) if args.offline else config.site_dir)
    return 0


def zip_site(site: Path) -> Path:
    """site/ -> site.zip with one top folder, the same bytes for the same files (sorted entries,
    fixed timestamps), so that a rebuild of unchanged sources gives an identical bundle."""
    from .archive import same_bytes_zip
    target = site.with_suffix(".zip")
    files = {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(p for p in site.rglob("*") if p.is_file())}
    target.write_bytes(same_bytes_zip(site.name, files))
    return target


def _trace(args) -> int:
    from .history.rule_histories import english_chain, rule_history
    from .rules.numbers import parse_number
    number = parse_number(args.rule.strip().replace("-", "."))
    if number is None:
        print(f"error: {args.rule!r} is not a rule number such as 702.19c", file=sys.stderr)
        return 1
    corpus = _corpus(args)
    if corpus.error_count:
        _print_report(corpus, everything=False)
        return 1
    if not corpus.editions:
        print("error: no edition in the sources", file=sys.stderr)
        return 1
    newest = corpus.editions[0]
    chain, steps = english_chain(corpus.editions, corpus.lineages, newest.date)
    if not chain or chain[-1].date != newest.date:
        print(f"error: the newest edition {newest.date} has no complete English text to trace (its sources hold "
              f"part of the rules: add its official text, --source MagicCompRules-....txt)", file=sys.stderr)
        return 1
    versions = rule_history(number, chain, steps)
    if not versions:
        print(f"error: {number} is not a rule of {newest.date}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"rule": str(number), "edition": newest.date, "editions": [e.date for e in chain],
                          "versions": [v.as_json() for v in versions]}, ensure_ascii=False, indent=2))
        return 0
    print(f"{number} in {newest.date}, back through {len(chain)} editions ({chain[0].date} to {chain[-1].date}):")
    for version in versions:
        span = version.since if version.since == version.until else f"{version.since} to {version.until}"
        how = f" ({version.change} into the next)" if version.change else ""
        print(f"  {span}: {version.number}{how}")
        print(f"      {(version.en or version.zh or ('',))[0][:100]}")
    oldest = versions[-1]
    print(f"  first in {oldest.added_in} (not in {oldest.absent_in})" if oldest.added_in
          else f"  already in {chain[0].date}, the oldest edition given")
    return 0


def _check_translation(args) -> int:
    from .translation.check import check_corpus
    corpus = load_corpus(None, [args.english, args.translation, *args.terms], args.history)
    if corpus.error_count:
        _print_report(corpus, everything=False)
        return 1
    edition = corpus.shown[0] if corpus.shown else None
    if edition is None or "zh" not in edition.languages or "en" not in edition.languages:
        print(f"error: {args.english} and {args.translation}: expected an English edition and its Chinese translation",
              file=sys.stderr)
        return 1
    if args.prefer:
        return _print_preferred(edition, args)
    findings = check_corpus(corpus)[:args.top]
    if args.json:
        print(json.dumps([f.as_json() for f in findings], ensure_ascii=False, indent=2))
        return 0
    for finding in findings:
        for reason in finding.reasons:
            name = f"glossary {finding.term}" if finding.term else finding.number
            print(f"{finding.path}:{finding.line}: {name}: {reason.text}")
    return 0


def _print_preferred(edition, args) -> int:
    from .translation.check import preferred, read_preference
    try:
        wanted, replaced = read_preference(args.prefer)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    listed, other = preferred(edition, wanted, replaced)
    if args.json:
        print(json.dumps({"wanted": wanted, "replaced": replaced,
                          "rules": [{"rule": str(p.number), "path": p.path, "line": p.line, "phrase": p.phrase, "zh": p.zh}
                                    for p in listed],
                          "elsewhere": [str(n) for n in other]}, ensure_ascii=False, indent=2))
        return 0
    for p in listed:
        print(f"{p.path}:{p.line}: {p.number}: {replaced} -> {wanted} (the English says “{p.phrase}”)")
    if other:
        print(f"{len(other)} other rules have {replaced} where the English has none of those phrases: "
              f"{', '.join(map(str, other))}")
    return 0


def _import_xliff(args) -> int:
    from .translation.import_xliff import Layout, check_units, next_translation, read_units
    try:
        layout = Layout.of(args.translation.read_bytes(), str(args.translation))
        work = read_units(args.xliff.read_bytes(), str(args.xliff))
    except OSError as error:
        print(f"error: {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    except SourceError as error:
        print(error, file=sys.stderr)
        return 1
    args.history = [*args.history, str(args.translation)]
    corpus = _corpus(args)
    if corpus.error_count:
        _print_report(corpus, everything=False)
        return 1
    edition = corpus.shown[0] if corpus.shown else None
    try:
        if edition is not None:
            check_units(work, edition, str(args.xliff))
    except SourceError as error:
        print(error, file=sys.stderr)
        return 1
    translated = next((e for e in corpus.editions for s in e.sources if s.file == args.translation.resolve()), None)
    if edition is None or translated is None or edition is translated or "zh" not in translated.languages:
        print(f"error: {args.translation}: expected a Chinese translation older than the sources' English edition",
              file=sys.stderr)
        return 1
    if "en" not in translated.languages:  # nothing could be carried: the release would be the work list alone
        print(f"error: {args.translation}: the translation of {translated.date} is carried to the new English "
              f"through the English it translates: give the English of {translated.date} with --history",
              file=sys.stderr)
        return 1
    imported = next_translation(edition, translated, work, layout)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(layout.encode(imported.text))
    print(f"{args.out}: {edition.date}, {len(imported.from_xliff)} rules from the work list, "
          f"{len(imported.carried)} carried ({len({rule for rule, _ in imported.outdated})} of them with "
          "older Chinese of changed English), "
          f"{len(imported.rules_left_out)} left out "
          f"without Chinese; {len(imported.terms_from_xliff)} glossary entries from the work list")
    for rule, part in imported.outdated:
        print(f"warning: older Chinese kept for {rule}{part}: its English changed and the work list does not "
              "translate all of it", file=sys.stderr)
    for missing in imported.left_out:
        print(f"warning: no Chinese for {missing}", file=sys.stderr)
    for orphan in imported.orphans:
        print(f"warning: written without its rule: {orphan}; the release reads it under the rule before", file=sys.stderr)
    for unit in imported.bracketed:
        print(f"warning: English of its draft kept in brackets in {unit}", file=sys.stderr)
    return 0


def _diff(args) -> int:
    from .history.lineage import shared_language, trace_lineage
    editions = []
    for path in (args.old, args.new):
        corpus = load_corpus(None, [path])
        if corpus.error_count or len(corpus.editions) != 1:
            _print_report(corpus, everything=False)
            print(f"error: {path}: expected one edition of rules", file=sys.stderr)
            return 1
        editions.append(corpus.editions[0])
    old, new = editions
    lang = shared_language(old, new)
    if lang is None:
        print(f"error: {args.old} is {'+'.join(old.languages)} and {args.new} is {'+'.join(new.languages)}: "
              "a diff compares two editions in the same language", file=sys.stderr)
        return 1
    if old.date == new.date:
        print(f"error: both sources are of the edition {old.date}", file=sys.stderr)
        return 1
    if old.date > new.date:
        old, new = new, old
    lineage = trace_lineage(old, new, lang)
    texts = ({r.number: r.texts[lang].text for r in old.rules() if lang in r.texts},
             {r.number: r.texts[lang].text for r in new.rules() if lang in r.texts})
    changed = [link for link in lineage.rules if link.kind != "unchanged"]
    if args.json:
        print(json.dumps({"old": old.date, "new": new.date, "lang": lang, "counts": lineage.counts(),
                          "rules": [link.as_json() | {"old_text": texts[0].get(link.old), "new_text": texts[1].get(link.new)}
                                    for link in changed],
                          "glossary": [t._asdict() for t in lineage.glossary if t.kind != "unchanged"]},
                         ensure_ascii=False, indent=2))
        return 0
    print(f"{old.date} -> {new.date} ({lang}): " + ", ".join(f"{k} {v}" for k, v in lineage.counts().items()))
    for link in changed:
        where = f"{link.old} -> {link.new}" if link.old and link.new and link.old != link.new else str(link.new or link.old)
        text = texts[1].get(link.new) or texts[0].get(link.old) or ""
        print(f"  {link.kind:<12} {where}: {text[:80]}")
    for term in lineage.glossary:
        if term.kind != "unchanged":
            print(f"  glossary {term.kind:<9} {term.old or ''}{' -> ' if term.old and term.new else ''}{term.new or ''}")
    return 0
