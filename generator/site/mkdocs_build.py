"""Build a generated configuration with MkDocs, in this process (the one-step `build` command,
the tests and the bench use it; `properdocs build` and `zensical build` run as commands)."""
from __future__ import annotations

import os
from pathlib import Path


def mkdocs_build(config_file: Path, site_dir: Path | None = None, strict: bool = True):
    """Build the site; returns MkDocs' configuration, or raises mkdocs' MkDocsException."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    overrides = {"strict": strict}
    if site_dir is not None:
        overrides["site_dir"] = str(site_dir.resolve())
    config = load_config(str(config_file), **overrides)
    build(config)
    return config
