"""A zip with the same bytes for the same files: one top folder, entries in the order given, one
date for every entry (the offline bundle, the OmegaT project)."""
from __future__ import annotations

import io
import zipfile

DATE = (1980, 1, 1, 0, 0, 0)


def same_bytes_zip(top: str, files: dict[str, bytes], folders: tuple[str, ...] = ()) -> bytes:
    """The zip of folder `top` holding `files` (path inside it -> bytes) and the empty `folders`."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for folder in folders:
            info = zipfile.ZipInfo(f"{top}/{folder.rstrip('/')}/" if folder else f"{top}/", date_time=DATE)
            info.external_attr = 0o40755 << 16
            bundle.writestr(info, b"")
        for path, data in files.items():
            info = zipfile.ZipInfo(f"{top}/{path}", date_time=DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, data)
    return out.getvalue()
