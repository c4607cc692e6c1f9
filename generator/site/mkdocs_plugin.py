"""The MkDocs plugin: a thin wrapper over generate.py, plus speed-ups only MkDocs allows.

Two ways it runs:
- on the project's configuration (`mkdocs serve`, `mkdocs build`): it generates the pages into the
  build folder (`build_dir`, outside the tracked tree) and points the build at them; `serve`
  watches the sources and the manifest and regenerates when they change;
- on a generated configuration (build/mkdocs.yml, which says `extra.cr_generated`): the pages are
  there already; it only adds the speed-ups.

The hooks, in order:
  on_config           load the sources (or not)
  on_pre_build        generate (after the offline plugin has turned directory URLs off)
  on_files            the offline page is outside the navigation; a preview's worker removes itself
  on_serve            stop watching the generated docs: they change only when a source does
  on_env              compile the theme's templates once a process (TEMPLATE_CODE)
  on_page_markdown    set the blocks of rules and glossary entries aside (below)
  on_page_content     tell MkDocs the anchors in them, for its link validation
  on_page_context     (late) put them back into the page

Blocks of rules (and of glossary entries) are raw HTML, which Markdown passes through unchanged;
but Python-Markdown and MkDocs' anchor scan would each parse their thousands of tags (most of a
build's time). So a block waits outside the page, as an HTML comment, until the page is ready for
its template. (Search is the site's own, from generated data: no search plugin reads the pages.)
"""
from __future__ import annotations

import logging
import os
import re
from pathlib import Path

import jinja2
from mkdocs.config import base, config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, InclusionLevel

from ..history.corpus import source_date_epoch, warnings_told
from . import offline_app
from .generate import GenerateError, Options, generate, load

log = logging.getLogger("mkdocs.plugins.cr-generator")
SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"  # the reproducible-builds convention, which MkDocs honours
# a block of rules or glossary entries, as chapter.md.j2 writes it (no line inside is just "</div>")
RULE_BLOCK = re.compile(r'^<div class="(?:rules|cr-glossary)"[^>]*>\n.*?\n</div>$', re.M | re.S)
SET_ASIDE = re.compile(r"<!--cr-rules-(\d+)-->")
ANCHOR = re.compile(r'\bid="?([^\s">]+)')


class _CompiledTemplates(jinja2.BytecodeCache):
    """The theme's templates, compiled, kept for the process. MkDocs makes a new Jinja environment
    for every build, which compiled Material's templates again: 0.8 s of a 2.7 s build of the seed
    site, and of every rebuild of `mkdocs serve`. Jinja checks the kept code against each
    template's source, so an edited template is compiled anew."""

    def __init__(self):
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket):
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATE_CODE = _CompiledTemplates()


class GeneratorConfig(base.Config):
    manifest = c.Type(str, default="docs_src/sources.yml")  # relative to the configuration; "" for none
    sources = c.ListOfItems(c.Type(str), default=[])  # more source files, relative to the configuration
    # where a reference to a rule of the newest edition that is not in the build points, with
    # {number} (702.19c), {slug} (702-19c) or {compact} (70219c); unset keeps such references as text
    missing_rule_url = c.Optional(c.Type(str))
    build_dir = c.Type(str, default="build")  # where the pages are generated, relative to the configuration


class GeneratorPlugin(BasePlugin[GeneratorConfig]):
    def __init__(self):
        self.dirty = False
        self.serving = False  # a preview: no offline app, whose stored pages it would show
        self.blocks: dict[str, list[str]] = {}  # page source -> its rule blocks, while it is built
        self.corpus = None  # None on a generated configuration
        self.generated = None
        self.callers_epoch: str | None = None  # SOURCE_DATE_EPOCH as the caller gave it

    def on_startup(self, *, command, dirty):
        self.dirty = dirty
        self.serving = command == "serve"

    def on_config(self, config):
        root = Path(config.config_file_path).parent
        if config.extra.get("cr_generated"):
            self.folder, self.corpus = root, None
            edition = config.extra.get("cr_edition")
        else:
            self.folder = (root / self.config.build_dir).resolve()
            self.options = Options(config=Path(config.config_file_path).resolve(),
                                   manifest=root / self.config.manifest if self.config.manifest else None,
                                   sources=[str(root / s) for s in self.config.sources],
                                   missing_rule_url=self.config.missing_rule_url, offline_app=not self.serving)
            try:
                self.corpus = load(self.options)
            except GenerateError as exc:
                raise PluginError(str(exc)) from None
            # `mkdocs serve` regenerates when the manifest or a source changes
            watched = [p for p in [self.options.manifest] if p] + [s.parsed.spec.file for s in self.corpus.loaded]
            config.watch.extend(str(p) for p in watched if p.exists() and str(p) not in config.watch)
            edition = self.corpus.shown[0].date if self.corpus.shown else None
        self.callers_epoch = os.environ.get(SOURCE_DATE_EPOCH)
        if self.callers_epoch is None:
            # the build date MkDocs writes (sitemap, its gzip header) is the edition's, not today's;
            # unset again after the build, so that a later build in this process starts afresh
            os.environ[SOURCE_DATE_EPOCH] = str(source_date_epoch(edition))
        return config

    def on_pre_build(self, config):
        if self.corpus is not None:
            self.options.dir_urls = config.use_directory_urls
            self.generated = generate(self.options, self.folder, self.corpus)
            config.docs_dir = str(self.generated.docs)
            config.nav = self.generated.nav
            config.extra["cr_edition"] = self.corpus.shown[0].date if self.corpus.shown else None
            config.extra["cr_build"] = self.generated.build
            for date, stats in self.generated.files.links.items():
                log.info(f"cr-generator: {date}: {stats.internal} links, {stats.external} external, "
                         f"{stats.plain} references to rules not in this build")
            for line in warnings_told(self.corpus):  # INFO: a strict build stops on WARNING, and these are the sources'
                log.info(f"cr-generator: {line}")

    def on_files(self, files, config):
        offline = files.get_file_from_path(offline_app.OFFLINE_PAGE)
        if offline is not None:
            offline.inclusion = InclusionLevel.NOT_IN_NAV
        worker = files.get_file_from_path(offline_app.WORKER)
        if self.serving and worker is not None and config.extra.get("cr_build"):  # a generated build, previewed
            config.extra["cr_build"] = None  # its pages register no worker
            files.remove(worker)
            files.append(File.generated(config, offline_app.WORKER, content=offline_app.worker_script(None)))
        return files

    def on_serve(self, server, config, builder):
        if self.corpus is not None:
            server.unwatch(config.docs_dir)
        return server

    def on_env(self, env, config, files):
        env.bytecode_cache = TEMPLATE_CODE
        return env

    def on_page_markdown(self, markdown, page, config, files):
        blocks = self.blocks[page.file.src_uri] = []

        def set_aside(block: re.Match) -> str:
            blocks.append(block.group())
            return f"<!--cr-rules-{len(blocks) - 1}-->"
        return RULE_BLOCK.sub(set_aside, markdown)

    def on_page_content(self, html, page, config, files):
        for block in self.blocks.get(page.file.src_uri, ()):
            page.present_anchor_ids.update(ANCHOR.findall(block))
        return html

    @event_priority(-100)  # after every other plugin has seen the page
    def on_page_context(self, context, page, config, nav):
        blocks = self.blocks.pop(page.file.src_uri, [])
        page.content = SET_ASIDE.sub(lambda m: blocks[int(m.group(1))], page.content)
        return context

    def on_post_build(self, config):
        self._restore_epoch()

    def on_build_error(self, error):
        self._restore_epoch()

    def _restore_epoch(self):
        if self.callers_epoch is None:
            os.environ.pop(SOURCE_DATE_EPOCH, None)

