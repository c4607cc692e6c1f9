"""A cache of what does not change between builds: parsed sources (by their bytes), lineages (by
the texts of both editions), and the translation check and memory of a whole build (by the bytes
of all its sources, SiteModel.cached). A build with the 90 editions of the archive reads them
again in a fraction of the time it takes to parse and match them.

Entries live under $XDG_CACHE_HOME/mtg-cr-site (~/.cache/mtg-cr-site), named by a hash of the
generator's own code and of the input, so a change to either is a new entry, never a stale one.
A missing, unreadable or damaged entry is made again.

`kept_for` keeps, in memory for the process, what is worked out from single texts (a text's term
matches, the check's facts of a rule), for as long as all else it depends on stays the same.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")
PACKAGE = Path(__file__).resolve().parent


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-cr-site"


@lru_cache(maxsize=1)
def code_version() -> str:
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cached(kind: str, key: bytes, make: Callable[[], T]) -> T:
    name = hashlib.sha256(code_version().encode() + b"\0" + key).hexdigest()
    path = folder() / kind / f"{name}.pickle"
    try:
        return pickle.loads(path.read_bytes())
    except Exception:  # missing, or written by something else: make it again
        pass
    value = make()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as out:
            out.write(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(out.name, path)
    except OSError:
        pass  # a read-only home: no cache, the same result
    return value


_kept: dict[str, tuple[object, dict]] = {}


def kept_for(kind: str, key) -> dict:
    """A dict of what is worked out from texts, kept for the process for as long as `key` (all else
    it depends on) stays the same, and started afresh when it changes: `mkdocs serve` builds again
    after every edit of a source, and then works out the edited texts alone."""
    held = _kept.get(kind)
    if held is None or held[0] != key:
        held = _kept[kind] = (key, {})
    return held[1]
