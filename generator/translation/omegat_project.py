"""The translators' work list as an OmegaT project in one zip: unzipped, OmegaT opens it as it is.

omegat.project (English to Simplified Chinese, no sentence segmentation: each unit of the work list
is one segment, as import-xliff reads them back), the work list in source/, the translation memory
in tm/auto/ (whose exact matches OmegaT fills in by itself) where its English has one Chinese, and in
tm/ where it has several (OmegaT offers them, and fills none: which is right depends on the rule), the drafts in
tm/penalty-NNN/ by their quality (OmegaT offers a memory of a penalty-NNN folder as matches NNN
points lower, so a draft of today's English shows as its quality in tens, 90% at most: a draft of
quality 55, translated phrase by phrase, is a 50% suggestion, never an exact match, and OmegaT fills
no segment from it), the termbase in glossary/, and the empty folders OmegaT writes to. The same
files give the same bytes (archive.py).
"""
from __future__ import annotations

from ..archive import same_bytes_zip

PROJECT = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<omegat>
  <project version="1.0">
    <source_dir>__DEFAULT__</source_dir>
    <source_dir_excludes><mask>**/.svn/**</mask><mask>**/.git/**</mask></source_dir_excludes>
    <target_dir>__DEFAULT__</target_dir>
    <tm_dir>__DEFAULT__</tm_dir>
    <glossary_dir>__DEFAULT__</glossary_dir>
    <glossary_file>__DEFAULT__</glossary_file>
    <dictionary_dir>__DEFAULT__</dictionary_dir>
    <source_lang>EN-US</source_lang>
    <target_lang>ZH-CN</target_lang>
    <source_tok>org.omegat.tokenizer.LuceneEnglishTokenizer</source_tok>
    <target_tok>org.omegat.tokenizer.LuceneSmartChineseTokenizer</target_tok>
    <sentence_seg>false</sentence_seg>
    <support_default_translations>true</support_default_translations>
    <remove_tags>false</remove_tags>
  </project>
</omegat>
"""
FOLDERS = ("", "source/", "target/", "tm/", "tm/auto/", "glossary/", "dictionary/", "omegat/")


def penalty(quality: int) -> int:
    """The penalty folder that shows a draft of this quality at it, rounded down to tens: 90% at most."""
    return max(10, 100 - quality // 10 * 10)


def drafts_folder(quality: int) -> str:
    return f"tm/penalty-{penalty(quality):03d}/drafts.tmx"


def omegat_project(name: str, worklist: str, memories: tuple[str, str], terms: str,
                   drafts: dict[str, str] | None = None) -> bytes:
    """The zip of the project folder `name`; `memories`: the pairs whose English has one Chinese,
    and those whose English has several (memory_tmx.by_chinese_count); `drafts`: each penalty
    folder's memory (drafts_folder)."""
    files = {"omegat.project": PROJECT, "source/worklist.xlf": worklist, "tm/auto/memory.tmx": memories[0],
             "tm/choices.tmx": memories[1], "glossary/terms.tbx": terms, **dict(sorted((drafts or {}).items()))}
    return same_bytes_zip(name, {path: text.encode("utf-8") for path, text in files.items()}, FOLDERS)
