"""A thin MkDocs plugin: re-run the generator before each build, so that `mkdocs build` and
`mkdocs serve` just work and `serve` rebuilds when a source or the manifest changes.

Extra sources for a build (for example the full CR texts) come from the environment variable
CR_EXTRA_SOURCES, paths separated by the OS path separator; `python -m generator build --source`
sets it. The hooks run in this order:
  on_config (early)   load the sources, build the termbase, hand jieba the terms as a user dictionary
  on_serve            stop watching docs_dir: it holds only what the generator writes
  on_pre_build        write the pages (after the offline plugin has turned directory URLs off)
  on_page_markdown    set the blocks of rules and glossary entries aside (below), make their search entries
  on_page_content     tell MkDocs the anchors in them, for its link validation
  on_page_context     (late) put them back into the page
  on_post_build       add the rule entries to the search index and write it compactly (UTF-8 instead
                      of \\u escapes), before the offline plugin copies it into a script

Blocks of rules (and of glossary entries) are raw HTML, which Markdown passes through unchanged;
but Python-Markdown, MkDocs' anchor scan and the search plugin would each parse their thousands of
tags (most of a build's time). So a block waits outside the page, as an HTML comment, until the
page is ready for its template; the search entries the search plugin would have made of it are
made directly (search_index.rule_entries).
"""
from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from .pipeline import load_corpus, source_date_epoch
from .search_index import Segmenter, rule_entries, write_search_index
from .site import Settings, Site, write_site

log = logging.getLogger("mkdocs.plugins.cr-generator")
EXTRA_SOURCES = "CR_EXTRA_SOURCES"
SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"  # the reproducible-builds convention, which MkDocs honours
JIEBA_TERMS = ".cr/jieba-terms.txt"  # in docs_dir; MkDocs leaves dot folders out of the site
# a block of rules or glossary entries, as chapter.md.j2 writes it (no line inside is just "</div>")
RULE_BLOCK = re.compile(r'^<div class="(?:rules|cr-glossary)"[^>]*>\n.*?\n</div>$', re.M | re.S)
SET_ASIDE = re.compile(r"<!--cr-rules-(\d+)-->")
ANCHOR = re.compile(r'\bid="?([^\s">]+)')


class GeneratorPlugin(BasePlugin):
    config_scheme = (
        ("manifest", config_options.Type(str, default="docs_src/sources.yml")),  # "": only extra sources
        ("settings", config_options.Type(str, default="docs_src/site.yml")),
    )

    def __init__(self):
        self.dirty = False
        self.blocks: dict[str, list[str]] = {}  # page source -> its rule blocks, while it is built
        self.entries: dict[str, list[dict]] = {}  # page URL -> search entries of its rules
        self.segment = None
        self.callers_epoch: str | None = None  # SOURCE_DATE_EPOCH as the caller gave it

    def on_startup(self, *, command, dirty):
        self.dirty = dirty

    @event_priority(100)  # before the search plugin loads jieba's user dictionary
    def on_config(self, config):
        import jieba
        jieba.setLogLevel(logging.WARNING)  # not "Building prefix dict..." on every build
        root = Path(config.config_file_path).parent
        extra = [p for p in os.environ.get(EXTRA_SOURCES, "").split(os.pathsep) if p]
        manifest = root / self.config["manifest"] if self.config["manifest"] else None
        corpus = load_corpus(manifest, extra)
        if corpus.error_count:
            problems = [str(f) for f in corpus.failures]
            problems += [str(e) for s in corpus.loaded for e in s.report.errors]
            raise PluginError("the sources have errors (python -m generator check lists them):\n  "
                              + "\n  ".join(problems[:20]))
        self.site = Site(corpus, settings=Settings.read(root / self.config["settings"]))
        # `mkdocs serve` rebuilds when any of these change: the manifest, the settings and every source
        watched = [path for path in (manifest, root / self.config["settings"]) if path]
        watched += [loaded.parsed.spec.file for loaded in corpus.loaded]
        config.watch.extend(str(path) for path in watched if path.exists() and str(path) not in config.watch)
        terms = Path(config.docs_dir) / JIEBA_TERMS
        _write_if_changed(terms, self.site.termbase.jieba_dictionary())
        search = config.plugins.get("material/search") or config.plugins.get("search")
        if search is not None and "jieba_dict_user" in search.config and not search.config["jieba_dict_user"]:
            search.config["jieba_dict_user"] = str(terms)
        config.extra["cr_edition"] = self.site.current.date if self.site.current else None
        self.callers_epoch = os.environ.get(SOURCE_DATE_EPOCH)
        if self.callers_epoch is None:
            # the build date MkDocs writes (sitemap, its gzip header) is the edition's, not today's;
            # unset again after the build, so that a later build in this process starts afresh
            os.environ[SOURCE_DATE_EPOCH] = str(source_date_epoch(self.site.editions))
        return config

    def on_pre_build(self, config):
        self.site.dir_urls = config.use_directory_urls
        pages, report = write_site(self.site, Path(config.docs_dir))
        config.nav = self.site.nav(pages)
        for date, stats in report.links.items():
            log.info(f"cr-generator: {date}: {stats.internal} links, {stats.external} external, "
                     f"{stats.plain} references to rules not in this build")
        for chapter, count in sorted(report.terms_marked.items()):
            log.info(f"cr-generator: {chapter}: {count} terms marked")
        self.report = report
        if not self.dirty:
            self.entries = {}
        self.segment = self.segment or Segmenter()

    def on_serve(self, server, config, builder):
        """Everything in docs_dir is written by the generator from what `watch` lists (docs_src, the
        sources): watching docs_dir as well would rebuild a second time after every edit."""
        server.unwatch(config.docs_dir)
        return server

    def on_page_markdown(self, markdown, page, config, files):
        blocks = self.blocks[page.file.src_uri] = []
        entries = self.entries[page.url] = []
        boost = (page.meta.get("search") or {}).get("boost")

        def set_aside(block: re.Match) -> str:
            found = rule_entries(page.url, block.group(), self.segment)
            if found is None:  # text before its first heading: left to Markdown and the search plugin
                return block.group()
            if boost is not None:
                for entry in found:
                    entry["boost"] = boost
            entries.extend(found)
            blocks.append(block.group())
            return f"<!--cr-rules-{len(blocks) - 1}-->"
        return RULE_BLOCK.sub(set_aside, markdown)

    def on_page_content(self, html, page, config, files):
        for block in self.blocks.get(page.file.src_uri, ()):
            page.present_anchor_ids.update(ANCHOR.findall(block))
        return html

    @event_priority(-100)  # after the search plugin has read the page
    def on_page_context(self, context, page, config, nav):
        blocks = self.blocks.pop(page.file.src_uri, [])
        page.content = SET_ASIDE.sub(lambda m: blocks[int(m.group(1))], page.content)
        return context

    @event_priority(-50)  # after the search plugin writes the index, before the offline plugin copies it
    def on_post_build(self, config):
        write_search_index(Path(config.site_dir) / "search" / "search_index.json", self.entries)
        self._restore_epoch()

    def on_build_error(self, error):
        self._restore_epoch()

    def _restore_epoch(self):
        if self.callers_epoch is None:
            os.environ.pop(SOURCE_DATE_EPOCH, None)


def _write_if_changed(path: Path, text: str) -> None:
    data = text.encode("utf-8")
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
