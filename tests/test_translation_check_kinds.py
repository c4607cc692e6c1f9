"""The translation check's reasons that read counts, sound and history (generator/translation/
check.py and the modules it asks: term_counts, polarity, typing_slips, qualifiers, punctuation),
each on made-up editions: where it must speak, what its line says, and where it must stay quiet."""
from test_translation_check import BACKGROUND, GLOSSARY, editions, kinds, reasons

GAME = GLOSSARY + [  # terms the made-up rules below count
    ("Artifact", "A card type. See rule 100.5.", "神器", "一种牌类别。参见规则100.5。"),
    ("Creature", "A card type. See rule 100.6.", "生物", "一种牌类别。参见规则100.6。"),
    ("Player", "One of the people in the game. See rule 100.7.", "牌手", "游戏中的人。参见规则100.7。"),
    ("Spell", "A card on the stack. See rule 100.8.", "咒语", "堆叠上的牌。参见规则100.8。"),
    ("Cast", "To take a spell and put it on the stack. See rule 100.9.", "施放", "将咒语放到堆叠上。参见规则100.9。"),
    ("Counter", "To cancel a spell. See rule 100.10.", "反击", "取消咒语。参见规则100.10。"),
]
# rules that name those terms as the glossary does, often, so that the document's usage is evidence
USUAL = [(f"An artifact creature number {i} is both an artifact and a creature.",
          f"第{i}号神器生物既是神器也是生物。") for i in range(20)] + \
        [(f"A player may cast spell number {i}.", f"牌手可以施放第{i}号咒语。") for i in range(8)] + \
        [(f"Each other player loses {i} life.", f"每位其他牌手失去{i}点生命。") for i in range(1, 7)] + \
        [(f"Each player draws {i} cards.", f"每位牌手抓{i}张牌。") for i in range(2, 8)] + \
        [(f"The player who controls widget {i} is its controller.", f"操控小物件{i}的牌手是其操控者。") for i in range(8)]


def first(tmp_path, rules, history=()):
    """The reasons of the made-up rules after the USUAL ones: rule 100.n -> [(kind, text)]."""
    found = reasons(tmp_path, USUAL + rules, history=history, glossary=GAME)
    start = len(BACKGROUND) + len(USUAL) + 1
    return [found.get(f"100.{start + i}", []) for i in range(len(rules))]


def test_a_term_inside_a_longer_one_or_inflected_is_there(tmp_path):
    """施放咒语 holds 咒语; "countered" is Counter's: neither is missing or extra."""
    casting, countered = first(tmp_path, [("A player may cast a spell at any time.", "牌手可以随时施放咒语。"),
                                          ("A spell that's countered goes away.", "被反击的咒语会离开。")])
    assert not {"missing", "extra"} & {kind for kind, _ in casting}
    assert not {"missing", "extra"} & {kind for kind, _ in countered}


def test_a_term_put_for_another_where_both_stand_in_the_rule(tmp_path):
    """The English names "artifact" twice and "creature" once; the Chinese 神器 once and 生物 twice."""
    (swapped,) = first(tmp_path, [("An artifact creature is an artifact.", "神器生物是生物。")])
    assert any(kind == "swapped" and "神器" in text and "生物" in text and "生物 may stand where 神器 belongs" in text
               for kind, text in swapped)


def test_a_negation_dropped_and_quiet_where_the_chinese_says_it_otherwise(tmp_path):
    dropped, only, kept = first(tmp_path, [("A player can't cast spells during combat.", "牌手可以在战斗中施放咒语。"),
                                           ("A creature can't be blocked except by artifacts.", "生物只能被神器阻挡。"),
                                           ("A player can't cast spells during upkeep.", "牌手不能在维持中施放咒语。")])
    assert any(kind == "negation" and "“牌手可以在战斗中施放咒语。”" in text for kind, text in dropped)
    assert "negation" not in {kind for kind, _ in only}  # can't ... except: 只能, said without a negation
    assert "negation" not in {kind for kind, _ in kept}


def test_a_typing_slip_of_the_same_sound_that_no_other_text_writes(tmp_path):
    """操控着 for 操控者: 者 is what eight other rules write there; 着 there is nowhere else."""
    slip, name = first(tmp_path, [("The player who controls widget 9 is its controller.", "操控小物件9的牌手是其操控着。"),
                                  ("The widget called Zhe is a card.", "名为着者的小物件是一张牌。")])
    assert any(kind == "typing" and "着" in text and "操控者" in text for kind, text in slip)
    assert "typing" not in {kind for kind, _ in name}


def test_a_qualifier_of_a_term_dropped(tmp_path):
    """"other player" is 其他牌手 in six rules; a seventh has 牌手 alone."""
    dropped, kept = first(tmp_path, [("Each other player gains 9 life.", "每位牌手获得9点生命。"),
                                     ("Each other player gains 8 life.", "每位其他牌手获得8点生命。")])
    assert any(kind == "qualifier" and "“other”" in text and "其他" in text for kind, text in dropped)
    assert "qualifier" not in {kind for kind, _ in kept}


def test_punctuation_that_does_not_pair_up_or_end_a_sentence(tmp_path):
    unpaired, comma, stop, quoted, colon = first(tmp_path, [
        ("A player (the active one) draws.", "牌手（主动牌手抓牌。"),
        ("A player draws a card.", "牌手抓一张牌，"),
        ("It says “Draw a card.” Then it ends.", "它叙述“抓一张牌。”。然后结束。"),
        ("It says “Draw a card. Then it ends.", "它叙述“抓一张牌。然后结束。"),  # the English's own quote is unpaired
        ("The steps are as follows:", "步骤如下：")])
    assert any(kind == "unpaired" and "（" in text for kind, text in unpaired)
    assert any(kind == "comma-end" for kind, _ in comma)
    assert any(kind == "stop-after-quote" and "。”。" in text for kind, text in stop)
    assert "unpaired" not in {kind for kind, _ in quoted}
    assert "comma-end" not in {kind for kind, _ in colon}


def test_a_name_in_brackets_after_its_chinese_is_the_translations_style(tmp_path):
    named, bare = first(tmp_path, [("Vesuvan Doppelganger is a creature card.", "维苏瓦化妖[Vesuvan Doppelganger]是生物牌。"),
                                   ("Estrid is a creature card.", "[Estrid]是生物牌。")])
    assert "bracketed" not in {kind for kind, _ in named}
    assert any(kind == "bracketed" and "[Estrid]" in text for kind, text in bare)


def test_numbers_written_otherwise_are_the_same_numbers(tmp_path):
    """"100 cards" is no rule (一百张), and 100.3-4 is the translation's short range for 100.3–100.4."""
    hundred, short = first(tmp_path, [("A deck has exactly 100 cards.", "套牌刚好有一百张牌。"),
                                      ("See rules 100.3–100.4.", "参见规则100.3-4。")])
    assert "numbers" not in {kind for kind, _ in hundred}
    assert "numbers" not in {kind for kind, _ in short}


def test_a_range_whose_letter_ends_early_cites_another_rule(tmp_path):
    """601.2a–i in the English, 601.2a-h in the Chinese (a step added since it was translated)."""
    (early,) = first(tmp_path, [("Follow the steps in rules 100.2a–i.", "按照规则100.2a-h中的步骤。")])
    assert ("numbers", "cited numbers differ: 100.2i in the English, 100.2h in the Chinese") in early


def test_a_glossary_form_the_translation_writes_its_own_way_throughout(tmp_path):
    """Five rules write 替代式效应 for the glossary's 替代性效应: the translation's own form, not a slip."""
    rules = [(f"A replacement effect number {i} applies.", f"第{i}号替代式效应生效。") for i in range(5)]
    found = first(tmp_path, rules)
    assert not any(kind == "variant" for reasons_ in found for kind, _ in reasons_)


def test_an_edit_of_the_examples_the_chinese_followed_is_quiet(tmp_path):
    """The English example changed a card name to "this creature", and the Chinese example followed;
    the text changed and the Chinese did not: one line, on the text, naming the words."""
    def rule(en, zh, en_example, zh_example):
        return (f"{en}\n\nExample: {en_example}", f"{zh}\n\n例如：{zh_example}")
    old = editions(tmp_path, [rule("A player may reveal a card.", "牌手可以展示一张牌。",
                                   "Grizzly Bears is revealed.", "灰熊被展示。")],
                   date="March 3, 2030", zh_date="2030年3月3日", name="old")
    found = reasons(tmp_path, [rule("A player may reveal a card.", "牌手可以展示一张牌。",
                                    "This creature is revealed.", "此生物被展示。")], history=old)
    assert "changed" not in kinds(found, "100.13")
    found = reasons(tmp_path, [rule("A player may reveal two cards.", "牌手可以展示一张牌。",
                                    "Grizzly Bears is revealed.", "灰熊被展示。")], history=old)
    (line,) = [text for kind, text in found["100.13"] if kind == "changed"]
    assert "“a card” became “two cards”" in line and "\n" not in line


def test_a_slip_an_unprompted_edit_brought_weighs_more_and_says_so(tmp_path):
    """The English did not change since the last release; the Chinese did, and the edit dropped a
    negation: the reason is marked new since that release and weighs at least as much as a
    cited number's."""
    text = ("A player can't cast spells during combat.", "牌手不能在战斗中施放咒语。")
    old = editions(tmp_path, USUAL + [text], date="March 3, 2030", zh_date="2030年3月3日", name="old", glossary=GAME)
    (dropped,) = first(tmp_path, [(text[0], "牌手可以在战斗中施放咒语。")], history=old)
    (line,) = [text for kind, text in dropped if kind == "negation"]
    assert "(new since 2030-03-03)" in line


def test_the_chinese_of_a_word_an_edit_dropped_where_the_english_stayed(tmp_path):
    """The last release wrote 其他 for "other"; this one's Chinese lost it in an edit, the English
    unchanged: named, with the release; a rule the edit left alone says nothing of it."""
    dropped_text, kept_text = ("Each other player gains 9 life.", "每位其他牌手获得9点生命。"), \
        ("Each other player gains 8 life.", "每位其他牌手获得8点生命。")
    old = editions(tmp_path, USUAL + [dropped_text, kept_text], date="March 3, 2030", zh_date="2030年3月3日", name="old",
                   glossary=GAME)
    dropped, kept = first(tmp_path, [(dropped_text[0], "每位牌手获得9点生命。"), kept_text], history=old)
    assert any(kind == "qualifier" and "the edit since 2030-03-03 dropped" in text and "“other”" in text
               for kind, text in dropped)
    assert not any("the edit since" in text for _, text in kept)


def test_what_the_chinese_alone_decides_is_kept_only_while_the_chinese_is_the_same():
    """The typing model and a qualifier's ways are kept for the process (a `mkdocs serve` rebuild
    after an edit of the English reads them again for nothing); an edit of the Chinese is read."""
    from generator.translation import check, qualifiers
    from generator.translation.typing_slips import Model
    before, after = ["每位牌手抓一张牌。", "其来源。"], ["每位牌手抓两张牌。", "其来源。"]
    check._typing(before, [])
    assert check._typing(after, [])[0].counts == Model(after).counts
    english = [(str(n), f"Each player draws {n} cards.") for n in range(6)]

    def ways(zh: str) -> list:
        learnt = qualifiers.learn([(n, en, zh) for n, en in english],
                                  lambda words, i: "player" if words[i] == "player" else None, {"player": ["牌手"]})
        return learnt["each"].ways
    assert ways("每位牌手抓牌。") == [("每位", 6)]
    assert ways("各牌手抓牌。") == [("各", 6)]
