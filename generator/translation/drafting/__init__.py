"""Drafts for the sentences translators must write (drafts.py): the older Chinese of a changed
sentence repaired, a new sentence from its parallel or translated phrase by phrase, from the word
alignment of the memory (aligner.py, phrase_table.py), a model of the translation's Chinese
(chinese_model.py), the search for the best joining (decoder.py) and the dictionary's leads for
names (dictionary.py)."""
