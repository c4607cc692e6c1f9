"""A thin MkDocs plugin: re-run the generator before each build, so that `mkdocs build` and
`mkdocs serve` just work and `serve` rebuilds when a source or the manifest changes.

Extra sources for a build (for example the full CR texts) come from the environment variable
CR_EXTRA_SOURCES, paths separated by the OS path separator; `python -m generator build --source`
sets it.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from .pipeline import load_corpus
from .site import Settings, Site, write_site

log = logging.getLogger("mkdocs.plugins.cr-generator")
EXTRA_SOURCES = "CR_EXTRA_SOURCES"


class GeneratorPlugin(BasePlugin):
    config_scheme = (
        ("manifest", config_options.Type(str, default="docs_src/sources.yml")),
        ("settings", config_options.Type(str, default="docs_src/site.yml")),
    )

    @event_priority(-100)  # after plugins that change use_directory_urls (offline)
    def on_config(self, config):
        root = Path(config.config_file_path).parent
        extra = [p for p in os.environ.get(EXTRA_SOURCES, "").split(os.pathsep) if p]
        corpus = load_corpus(root / self.config["manifest"], extra)
        if corpus.error_count:
            problems = [str(f) for f in corpus.failures]
            problems += [str(e) for s in corpus.loaded for e in s.report.errors]
            raise PluginError("the sources have errors (python -m generator check lists them):\n  "
                              + "\n  ".join(problems[:20]))
        site = Site(corpus, config.use_directory_urls, Settings.read(root / self.config["settings"]))
        pages, report = write_site(site, Path(config.docs_dir))
        config.nav = site.nav(pages)
        config.extra["cr_edition"] = site.current.date if site.current else None
        for date, stats in report.links.items():
            log.info(f"cr-generator: {date}: {stats.internal} links, {stats.external} external, "
                     f"{stats.plain} references to rules not in this build")
        self.report = report
        return config
