"""Editions across time: the lineage of every rule between two editions (found from the texts,
never from numbers alone), the translation carried to the newest English sentence by sentence,
rule histories and old numbers, how current each edition's translation is, the JSON export, and
the corpus: every source loaded, related and carried (corpus.load_corpus).

Input: editions (sources/). Output: the corpus the translators' tools and the site are made from."""
