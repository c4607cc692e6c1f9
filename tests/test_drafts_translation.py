"""The drafts' translation of a sentence with no parallel (generator/translation/drafting/aligner.py,
phrase_table.py, chinese_model.py, decoder.py) on a made-up memory whose Chinese puts the modifier
first, as the translation does: “a creature you control” is 一个由你操控的生物."""
from itertools import product

import pytest

from generator.translation.drafting import phrase_table
from generator.translation.drafting.aligner import _joined, align
from generator.translation.drafting.chinese_model import ChineseModel
from generator.translation.drafting.decoder import Option, decode
from generator.translation.drafting.drafts import Drafter
from generator.translation.drafting.words import tokens
from generator.translation.drafting.phrase_table import PhraseTable, chinese_tokens, english_key

VERBS = {"Destroy": "消灭", "Sacrifice": "牺牲", "Exile": "放逐", "Tap": "横置", "Untap": "重置"}
NOUNS = {"creature": "生物", "artifact": "神器", "land": "地", "card": "牌", "permanent": "永久物"}
WHOSE = {"": "", " you control": "由你操控的", " an opponent controls": "由对手操控的"}
LEFT_OUT = "Exile a land you control."


def memory() -> dict[str, str]:
    made = {f"{verb} a {noun}{whose}.": f"{zh_verb}一个{zh_whose}{zh_noun}。"
            for (verb, zh_verb), (noun, zh_noun), (whose, zh_whose) in product(VERBS.items(), NOUNS.items(), WHOSE.items())}
    del made[LEFT_OUT]
    for (verb, zh_verb), (noun, zh_noun) in product(VERBS.items(), NOUNS.items()):
        made[f"{verb} all {noun}s."] = f"{zh_verb}所有{zh_noun}。"
        made[verb], made[noun.title()] = zh_verb, zh_noun
        made[f"You control a {noun}."] = f"你操控一个{zh_noun}。"
        made[f"An opponent controls a {noun}."] = f"对手操控一个{zh_noun}。"
        made[f"You own a {noun}."] = f"你拥有一个{zh_noun}。"
        made[f"Each {noun} has no color."] = f"每个{zh_noun}都没有颜色。"
    return made


def pairs():
    return [(tokens(en), zh) for en, zh in sorted(memory().items())]


def test_the_aligner_links_each_word_to_its_characters_across_the_reordering():
    data = [(english_key(en), chinese_tokens(zh)) for en, zh in pairs()]
    found = align(data)
    assert found == align(data)  # the same links on every run
    at = data.index((english_key(tokens("Destroy a creature you control.")), chinese_tokens("消灭一个由你操控的生物。")))
    words, chars = data[at]
    linked = {(words[i], chars[j]) for i, j in found[at]}
    assert {("destroy", "消"), ("destroy", "灭"), ("creature", "生"), ("creature", "物"), ("you", "你"),
            ("control", "操"), ("control", "控")} <= linked
    assert not {("creature", "消"), ("creature", "你"), ("control", "生"), ("destroy", "物")} & linked
    assert align([]) == [] and align([(["draw"], [])]) == [frozenset()]  # nothing to align: no links, no error


def test_the_two_directions_are_joined_where_they_agree_and_grown_to_their_neighbours():
    """grow-diag-final-and: both directions' links; a neighbour either has where it links a token
    not linked yet; then a link either has between two tokens neither linked."""
    one, other = {(0, 0), (1, 1), (1, 2), (3, 5)}, {(0, 0), (1, 1), (2, 1), (4, 4)}
    assert _joined(one, other, 5, 6) == {(0, 0), (1, 1), (1, 2), (2, 1), (3, 5), (4, 4)}
    assert _joined({(0, 0), (1, 1), (3, 0)}, {(0, 0), (1, 1)}, 4, 2) == {(0, 0), (1, 1)}  # 3-0: far, and 0 is linked
    assert _joined({(0, 1)}, {(0, 0)}, 1, 2) == {(0, 0)}  # of two that exclude each other, the first in order


def test_a_phrase_is_rendered_as_the_translation_renders_it_in_its_own_order():
    table = PhraseTable(pairs())
    assert table.renderings(["a", "land", "you", "control"])[0].zh == "一个由你操控的地"
    assert table.renderings(["exile"])[0].zh == "放逐" and table.renderings(["land"])[0].zh == "地"
    assert [r.zh for r in table.renderings(["you", "control"])] == ["由你操控的", "你操控"]  # the commonest first
    assert table.renderings(["land", "you"]) == []  # no run of the Chinese renders these two words and no other
    assert table.renderings(["glorious"]) == []


def test_a_name_inside_a_sentence_is_keyed_apart_from_the_common_word():
    assert english_key(["Exile", "the", "Case", "in", "that", "case"]) == ["exile", "the", "Case", "in", "that", "case"]
    assert english_key(["“", "Case", "”"]) == ["“", "case", "”"]


def test_the_chinese_model_prefers_what_the_translation_writes():
    model = ChineseModel(chinese_tokens(zh) for zh in memory().values())
    start = model.state(["<s>"] * 4)
    written, _ = model.read(start, tuple("一个由你操控的生物"))
    scrambled, _ = model.read(start, tuple("生物你操控的一个由"))
    assert written > scrambled + 10
    total, state = model.read(start, ("一", "个"))
    assert state == ("<s>", "<s>", "一", "个")
    assert abs(total - model.log_chance(start, "一") - model.log_chance(model.state(start + ("一",)), "个")) < 1e-12


def test_the_translation_says_which_phrases_go_ahead_of_their_neighbours():
    """“you control” goes ahead of the noun before it in every pair that has it (由你操控的生物), a
    noun after the article before it (一个生物): the log odds of each."""
    table = PhraseTable(pairs())
    ahead, behind = table.orientation(["you", "control"])
    assert ahead > 3 and behind < -3  # nor does what follows it go ahead of it (the stop)
    assert table.orientation(["a", "creature"])[0] < -2 and table.orientation(["creature"])[0] < -3


def test_the_decoder_writes_two_phrases_in_the_other_order_where_the_translation_does():
    """creature | you control: rendered one by one in the English order, 生物由你操控的; the
    translation writes “you control” ahead of its noun, and its Chinese model knows 由你操控的生物:
    a swap of the two gives it. A phrase the translation never writes ahead stays where it is."""
    model = ChineseModel(chinese_tokens(zh) for zh in memory().values())
    noun = [Option(1, "生物", ("生", "物"), 0.0, 0, 1, -3.7, 0.1)]
    options = [noun, [Option(3, "由你操控的", tuple("由你操控的"), 0.0, 0, 2, 3.9, -3.4)], []]
    assert decode(options, model).text == "由你操控的生物"
    assert decode(options, model, swaps=False).text == "生物由你操控的"
    never = [noun, [Option(3, "由你操控的", tuple("由你操控的"), 0.0, 0, 2, -4.0, -3.4)], []]
    assert decode(never, model).text == "生物由你操控的"


def test_a_new_sentence_with_no_parallel_is_translated_in_the_chinese_order():
    """No sentence of the memory is 60% alike by words in the same order, so no parallel: the
    sentence is translated phrase by phrase, the modifier first; a word the memory lacks stays
    English where it stands."""
    drafter = Drafter(memory(), {})
    draft = drafter.translator.compose(LEFT_OUT)
    assert draft.text == "放逐一个由你操控的地。" and draft.kept == ()
    draft = drafter.translator.compose("Exile a glorious land you control.")
    assert "[glorious]" in draft.text and draft.kept == ("glorious",) and "由你操控的地" in draft.text


def test_a_new_keyword_is_written_in_brackets_and_is_not_english_left_untranslated():
    """A keyword the translators have not named is its bracketed name, which the draft does not
    count as English it kept; the same rendering over different spans is offered for each."""
    drafter = Drafter(memory(), {}, unnamed=["Cloak"])
    draft = drafter.translator.compose("Cloak a land you control.")
    assert draft.text == "[Cloak]一个由你操控的地。" and draft.kept == () and draft.quality == 99
    at_land = drafter.translator.options(tokens("Exile a land you control."))[2]
    assert {(3, "地"), (5, "由你操控的地")} <= {(option.end, option.text) for option in at_land}


def test_english_left_untranslated_is_one_bracket_beside_a_keywords_own():
    """A run of words the memory lacks is one bracket; a new keyword's name beside it keeps its own
    (joined, [Cloak glorious shiny] would read as one unknown name)."""
    draft = Drafter(memory(), {}, unnamed=["Cloak"]).translator.compose("Cloak glorious shiny a land you control.")
    assert "[Cloak][glorious shiny]" in draft.text and draft.kept == ("glorious shiny",)
    # a placeholder the English writes in brackets keeps its own: [materials], not [[materials]]
    draft = Drafter(memory(), {}).translator.compose("Exile [materials] a land you control.")
    assert "[materials]" in draft.text and "[[" not in draft.text and draft.kept == ("materials",)


def test_the_memorys_alignment_is_kept_for_the_next_build(tmp_path, monkeypatch):
    """Aligning one translation's memory is most of a first build's drafts: the next build of the
    same memory reads the links from the cache; a drafter drafts each sentence once (`mkdocs serve`
    keeps it between rebuilds)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    links = PhraseTable(pairs()).links
    monkeypatch.setattr(phrase_table, "align", lambda pairs: pytest.fail("the same memory aligned again"))
    assert PhraseTable(pairs()).links == links and any((tmp_path / "mtg-cr-site" / "alignment").iterdir())
    drafter = Drafter(memory(), {})
    first = drafter.new(LEFT_OUT)
    drafter.translator.compose = lambda en: pytest.fail("the same sentence drafted again")
    assert drafter.new(LEFT_OUT) == first


def test_a_name_in_a_new_sentence_takes_the_dictionarys_lead_read_as_its_chinese():
    """The Chinese model reads a lead's Chinese, not the English in brackets after it: else a lead
    reads worse than the English left alone and is never taken. An article is no part of a name."""
    from generator.translation.drafting.dictionary import chinese_name
    draft = Drafter(memory(), {}).translator.compose("Exile a Capybara you control.")
    assert "水豚[Capybara]" in draft.text and "[Capybara]" not in draft.text.replace("水豚[Capybara]", "")
    assert chinese_name("A Map", {}) is None and chinese_name("Map", {}) == "地图"


def test_an_edit_of_a_word_said_twice_lands_where_the_word_alignment_puts_it():
    """“Exile a token if you control no other token.”: the Chinese says the condition first, so the
    English's second token is the Chinese's first 衍生物; counting occurrences in order would put
    either edit on the wrong one. The word alignment of the very pair places each."""
    made = memory()
    for (noun, zh), (other, other_zh) in product({**NOUNS, "token": "衍生物"}.items(), repeat=2):
        made[f"Exile a {noun} if you control no other {other}."] = f"如果你未操控其他{other_zh}，放逐一个{zh}。"
    was = "Exile a token if you control no other token."
    drafter = Drafter(made, {"Token": "衍生物", "Artifact": "神器"})
    assert drafter.changed(was, made[was], "Exile a token if you control no other artifact.").text == \
        "如果你未操控其他神器，放逐一个衍生物。"
    assert drafter.changed(was, made[was], "Exile an artifact if you control no other token.").text == \
        "如果你未操控其他衍生物，放逐一个神器。"
