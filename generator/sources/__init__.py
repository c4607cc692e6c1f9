"""The sources into editions: the manifest, decoding each file, one parser per input format
(parsers/), the ledger that every non-blank piece of input was read or skipped with a reason,
one edition per effective date (never across dates, the Chinese glossary paired with the English
by evidence), and fetching new official texts into the manifest.

Input: docs_src/sources.yml and the files it names. Output: parsed sources and editions (rules/model)."""
