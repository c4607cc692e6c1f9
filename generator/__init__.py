"""Generator of the bilingual Magic: The Gathering Comprehensive Rules site.

The pipeline, one package per stage, in the order the data flows; a module imports only from its
own stage, an earlier one, or the shared modules (tests/test_structure.py holds it):

  rules/        what a rule is: the bilingual model, rule numbers and anchors, sentences, the
                references in running text, word diffs, keywords, the termbase and term marking
  sources/      the sources into editions: the manifest, decoding, one parser per format, the
                ledger of what was read, one edition per date (the Chinese glossary paired), and
                fetching new official texts
  history/      editions across time: the lineage of every rule, the translation carried to the
                newest English, rule histories, translation status, the export, the whole corpus
  translation/  the translators' tools: the check of a translation, the work list as XLIFF and
                back, the translation memory, the termbase file, the OmegaT project
  site/         the site: the site model, addresses, rendering, one builder per page kind, the
                browser's data, the search data and the readers' words, the offline app, the
                build folder, the MkDocs plugin

Shared by every stage: errors (the one exception for bad input), safe (every way source text
becomes page text), cache (the content-keyed cache), gcpause, archive (a zip with the same bytes
for the same files). The command line (cli) sits on top.
"""

STAGES = ("rules", "sources", "history", "translation", "site")
SHARED = ("errors", "safe", "cache", "gcpause", "archive")
