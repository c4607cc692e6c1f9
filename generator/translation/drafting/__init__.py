"""Drafts for the sentences translators must write (drafts.py): the older Chinese of a changed
sentence repaired (repairer.py), a new sentence from its parallel or translated phrase by phrase
(translator.py), from what the translation says for a phrase (lexicon.py), the word alignment of
the memory (aligner.py, phrase_table.py), a model of the translation's Chinese (chinese_model.py),
the search for the best joining (decoder.py) and the dictionary's leads for names (dictionary.py);
words.py cuts English into words and holds the Draft."""
