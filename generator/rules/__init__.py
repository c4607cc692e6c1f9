"""What a rule is: the bilingual model every stage speaks (editions, rules, glossary entries),
rule numbers and their anchors, sentences, the references in running text, word diffs, keywords
across editions, the termbase and the term marker.

Input: texts of rules and terms. Output: the model's values and what is found in a text. It reads
no file and knows no format, no edition's history and no page."""
