"""`generator fetch`: bring the newest official English CR and the newest Chinese translation into
the sources, with where and when each came from.

Nothing is written until a download has been read as a whole Comprehensive Rules text of a date
the sources lack; then the files are saved and the manifest is edited (its comments kept), each
through a temporary file moved into place. Any failure leaves the sources as they were.
"""
from __future__ import annotations

import hashlib
import html
import http.client
import json
import os
import re
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from ..errors import SourceError
from ..rules.model import SourceSpec
from .decoding import from_bytes
from .loader import load, load_text
from .manifest import FetchSettings, read_manifest, read_manifest_and_settings
from .manifest_edit import edit_manifest

TIMEOUT = 60  # seconds without an answer before a download is given up
MAX_BYTES = 32 * 1024 * 1024  # an official text is about 1 MB
USER_AGENT = "mtg-cr-site-fetch/1"
TXT_LINK = re.compile(r"""href\s*=\s*["']([^"'<>]+?\.txt)(?:[?#][^"'<>]*)?["']""", re.IGNORECASE)
TRANSLATION_FILE = re.compile(r"(\d{4})(\d{2})(\d{2})_Zh\.txt$")
WHOLE_CR = 1000  # fewer rules than this is an excerpt or a file cut short, not a Comprehensive Rules
LANGUAGE = {"en": "English", "zh": "Chinese"}


class FetchError(Exception):
    """A download that failed or is not what was expected; the message says which and why."""


@dataclass(frozen=True)
class Download:
    url: str  # where the bytes came from, after redirects
    data: bytes
    date: str  # the day (UTC) it was downloaded

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


@dataclass(frozen=True)
class Arrival:
    """A new edition's text, read and checked, waiting to be saved."""

    lang: str
    edition: str
    rules: int
    download: Download

    @property
    def name(self) -> str:
        compact = self.edition.replace("-", "")
        return f"MagicCompRules-{compact}.txt" if self.lang == "en" else f"MagicCompRules-zh-{compact}.txt"


@dataclass
class Holdings:
    """What the sources already have: the whole texts' (language, edition) and every file's hash."""

    editions: set[tuple[str, str]] = field(default_factory=set)
    translated: set[str] = field(default_factory=set)  # editions with Chinese in any source, whole or not
    hashes: dict[str, str] = field(default_factory=dict)  # sha256 -> path
    fetched: dict[str, str] = field(default_factory=dict)  # address fetched from -> path

    def newest(self, lang: str) -> str | None:
        return max((date for have, date in self.editions if have == lang), default=None)


@dataclass
class FetchResult:
    lines: list[str] = field(default_factory=list)  # what was done, for the reader
    errors: list[str] = field(default_factory=list)
    changed: bool = False


def fetch(manifest: Path, rules_page: str | None = None, translations: str | None = None) -> FetchResult:
    """Fetch into the sources of `manifest`; the addresses default to its `fetch:` settings."""
    result = FetchResult()
    try:
        specs, settings = read_manifest_and_settings(manifest)
    except SourceError as exc:
        result.errors.append(str(exc))
        return result
    settings = FetchSettings(settings.folder, rules_page or settings.rules_page, translations or settings.translations)
    holdings = _holdings(specs)
    arrivals = []
    for lang, address, find in (("en", settings.rules_page, _newest_english), ("zh", settings.translations,
                                                                              _newest_translation)):
        if not address:
            result.lines.append(f"{LANGUAGE[lang]}: no address to look at (fetch: "
                                f"{'rules_page' if lang == 'en' else 'translations'} in {manifest.name}); skipped")
            continue
        try:
            arrival, said = find(address, holdings)
        except FetchError as exc:
            result.errors.append(f"{LANGUAGE[lang]}: {exc}")
            continue
        result.lines.append(f"{LANGUAGE[lang]}: {said}")
        if arrival is not None:
            arrivals.append(arrival)
    if arrivals:
        try:
            result.lines += _save(manifest, settings.folder, specs, holdings, arrivals)
            result.changed = True
        except FetchError as exc:
            result.errors.append(str(exc))
    if not result.changed:
        result.lines.append("nothing new saved: the sources and the manifest are as they were")
    return result


def download(url: str) -> Download:
    if urlsplit(url).scheme not in ("http", "https"):
        raise FetchError(f"{url}: only http and https addresses are fetched")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            data = response.read(MAX_BYTES + 1)
            final = response.geturl()
            announced = response.headers.get("Content-Length", "")
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise FetchError(f"{url}: cannot connect ({exc.reason})") from None
    except http.client.IncompleteRead as exc:
        raise FetchError(f"{url}: the download broke off after {len(exc.partial)} bytes"
                         + (f", {exc.expected} more were announced" if exc.expected else "")) from None
    except TimeoutError:
        raise FetchError(f"{url}: no answer within {TIMEOUT} s") from None
    except (http.client.HTTPException, OSError) as exc:
        raise FetchError(f"{url}: the download failed ({exc.__class__.__name__}: {exc})") from None
    if len(data) > MAX_BYTES:
        raise FetchError(f"{url}: more than {MAX_BYTES // 2**20} MB, far larger than a rules text")
    if announced.isdigit() and len(data) < int(announced):
        raise FetchError(f"{url}: the download broke off after {len(data)} of {announced} bytes")
    return Download(final, data, datetime.now(timezone.utc).date().isoformat())


def txt_links(page: Download) -> list[str]:
    """The .txt files a page links, as absolute addresses, those named like the CR first."""
    text = page.data.decode("utf-8", "replace")
    links = list(dict.fromkeys(urljoin(page.url, html.unescape(m.group(1))) for m in TXT_LINK.finditer(text)))
    return sorted(links, key=lambda link: "comprules" not in unquote(link).lower().replace(" ", ""))


def translation_files(listing: Download) -> list[tuple[str, str]]:
    """(edition, address) of each `<yyyymmdd>_Zh.txt` a listing names: the JSON of GitHub's
    contents API, or an HTML page of links."""
    try:
        items = json.loads(listing.data)
    except ValueError:
        items = None
    if isinstance(items, list):
        named = [(str(item.get("name", "")), str(item.get("download_url") or "")) for item in items
                 if isinstance(item, dict)]
    else:
        text = listing.data.decode("utf-8", "replace")
        links = [html.unescape(m) for m in re.findall(r"""href\s*=\s*["']([^"'<>]+)["']""", text)]
        named = [(unquote(link.rsplit("/", 1)[-1]), link) for link in links]
    found = {}
    for name, address in named:
        match = TRANSLATION_FILE.search(name)
        if match and address:
            found["-".join(match.groups())] = urljoin(listing.url, address)
    return sorted(found.items())


def read_cr(download: Download, lang: str) -> tuple[str, int]:
    """The edition and number of rules of a downloaded whole CR in `lang`, or a FetchError saying
    what it is instead."""
    head = download.data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<!doctype", b"<html", b"<?xml")) or b"<html" in head:
        raise FetchError(f"{download.url}: an HTML page came instead of a rules text (an error page?)")
    try:
        loaded = load_text(from_bytes(download.data, download.url), SourceSpec(download.url, Path(os.devnull)))
    except SourceError as exc:
        raise FetchError(f"{download.url} is not a Comprehensive Rules text: {exc.message}") from None
    parsed, report = loaded.parsed, loaded.report
    spec = parsed.spec
    if spec.format != "official" or lang not in spec.languages:
        raise FetchError(f"{download.url} is not the official {LANGUAGE[lang]} Comprehensive Rules "
                         f"(read as {spec.format}, languages {'+'.join(spec.languages) or 'none'})")
    if report.errors:
        first = report.errors[0]
        raise FetchError(f"{download.url} does not read cleanly: {first.message} (line {first.source.line})"
                         + (f", and {len(report.errors) - 1} more errors" if len(report.errors) > 1 else ""))
    rules = report.counts["rules"]
    if rules < WHOLE_CR or not parsed.credits.get(lang):
        raise FetchError(f"{download.url} is not a whole Comprehensive Rules: {rules} rules"
                         f"{'' if parsed.credits.get(lang) else ', and it ends before the credits (cut short?)'}")
    if not spec.edition or len(spec.edition) != 10:
        raise FetchError(f"{download.url} gives no effective date")
    return spec.edition, rules


def _newest_english(rules_page: str, holdings: Holdings) -> tuple[Arrival | None, str]:
    """The text the rules page links; or, where the address is an edition's text itself, that text
    (the English of the translation's edition, once, by hand: docs/publishing.md)."""
    page = download(rules_page)
    itself = urlsplit(page.url).path.lower().endswith(".txt")
    links = [page.url] if itself else txt_links(page)
    if not links:
        raise FetchError(f"{page.url} links no .txt file (expected a link to the Comprehensive Rules "
                         "as text); has the page changed?")
    if links[0] in holdings.fetched:
        return None, f"{links[0]} was fetched before ({holdings.fetched[links[0]]})"
    return _arrival(page if itself else download(links[0]), "en", holdings)


def _newest_translation(address: str, holdings: Holdings) -> tuple[Arrival | None, str]:
    listing = download(address)
    files = translation_files(listing)
    if not files:
        raise FetchError(f"{listing.url} lists no <yyyymmdd>_Zh.txt file")
    named, link = files[-1]  # named by the repository's own date, which may differ from the text's
    if link in holdings.fetched:
        return None, f"the newest translation listed, of {named}, was fetched before ({holdings.fetched[link]})"
    return _arrival(download(link), "zh", holdings)


def _arrival(text: Download, lang: str, holdings: Holdings) -> tuple[Arrival | None, str]:
    if text.sha256 in holdings.hashes:
        return None, f"{text.url} is {holdings.hashes[text.sha256]}, in the sources already"
    edition, rules = read_cr(text, lang)
    newest = holdings.newest(lang)
    if (lang, edition) in holdings.editions:
        return None, f"{text.url} is the edition of {edition}, which the sources have already (its bytes differ; kept ours)"
    if newest and edition < newest and not (lang == "en" and edition in holdings.translated):
        return None, f"{text.url} is the edition of {edition}, older than the sources' {newest}; not added"
    if newest and edition < newest:  # the English a translation of its edition needs to be carried: history
        return Arrival(lang, edition, rules, text), (f"edition {edition} ({rules} rules) from {text.url}, the "
                                                     f"English of the translation of {edition}, to carry it")
    return Arrival(lang, edition, rules, text), f"new edition {edition} ({rules} rules) from {text.url}"


def _holdings(specs: list[SourceSpec]) -> Holdings:
    holdings = Holdings()
    for spec in specs:
        try:
            loaded = load(spec)
        except SourceError:
            continue  # `check` reports it; it holds no edition
        holdings.hashes[loaded.sha256] = spec.path
        parsed = loaded.parsed.spec
        if spec.fetched is not None:
            holdings.fetched[spec.fetched.url] = spec.path
        if parsed.format == "official" and parsed.edition:
            holdings.editions |= {(lang, parsed.edition) for lang in parsed.languages}
        if parsed.edition and "zh" in parsed.languages:
            holdings.translated.add(parsed.edition)
    return holdings


def _save(manifest: Path, folder: Path, specs: list[SourceSpec], holdings: Holdings,
          arrivals: list[Arrival]) -> list[str]:
    """Save the arrivals and edit the manifest; all or nothing."""
    newest_en = max([holdings.newest("en") or ""] + [a.edition for a in arrivals if a.lang == "en"])
    role = {True: "rules", False: "history"}
    roles = {spec.path: role[spec.edition == newest_en] for spec in specs
             if spec.fetched is not None and spec.role in role.values() and spec.role != role[spec.edition == newest_en]}
    added = []
    for arrival in arrivals:
        target = folder / arrival.name
        if target.exists():
            raise FetchError(f"{target} exists but the manifest does not name it; move it away or add it by hand")
        added.append({
            "path": Path(os.path.relpath(target, manifest.parent)).as_posix(),
            "format": "official", "languages": [arrival.lang],
            **({"script": "Hans"} if arrival.lang == "zh" else {}),
            "edition": arrival.edition, "role": role[arrival.edition == newest_en],
            "title": f"Comprehensive Rules {arrival.edition}, "
                     f"{'official English text' if arrival.lang == 'en' else 'Chinese translation (community)'}",
            "fetched": {"url": arrival.download.url, "date": arrival.download.date, "sha256": arrival.download.sha256},
        })
    text = edit_manifest(manifest.read_text(encoding="utf-8"), str(manifest), roles, added)
    _write_all(manifest, folder, {folder / a.name: a.download.data for a in arrivals}, text)
    lines = [f"saved {entry['path']} ({entry['edition']}, role {entry['role']}), sha256 {entry['fetched']['sha256']}"
             for entry in added]
    lines += [f"{manifest.name}: {path} is now role {new}" for path, new in sorted(roles.items())]
    return lines


def _write_all(manifest: Path, folder: Path, files: dict[Path, bytes], manifest_text: str) -> None:
    """Each file to a temporary name beside it, the new manifest checked, then all moved into place."""
    staged: list[tuple[str, Path]] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for target, data in [*files.items(), (manifest, manifest_text.encode("utf-8"))]:
            handle, name = tempfile.mkstemp(dir=target.parent, prefix=".fetch-", suffix=target.suffix)
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            staged.append((name, target))
        read_manifest(Path(staged[-1][0]))  # the edited manifest still reads
        for name, target in staged:
            os.replace(name, target)
        staged.clear()
    except (OSError, SourceError) as exc:
        raise FetchError(f"could not save the new files: {exc}; the sources are as they were") from None
    finally:
        for name, _ in staged:
            Path(name).unlink(missing_ok=True)
