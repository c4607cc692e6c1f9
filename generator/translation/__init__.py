"""The translators' tools: the check that ranks a translation's rules and glossary entries by how
likely they need a fix, the work list as XLIFF and back into the next release of the plain text,
the translation memory (TMX), the termbase file (TBX) and the OmegaT project in one zip; drafts
for what translators must write (drafting/).

Input: the corpus (history/). Output: findings, and the files a CAT tool reads and writes."""
