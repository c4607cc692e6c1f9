"""The check's reasons learnt from the translation itself (generator/translation/check.py with
renderings.py, replacements.py, families.py and punctuation.py), on made-up editions: a phrase
rendered otherwise in one rule, a replacement the translators made in several rules and missed in
one, a family of parallel sentences one member writes otherwise, mechanical slips; each quiet where
it must be: a phrase whose English means something else (a noun and a verb), a name, a rendering
of another context, a change made in two rules only, a family split evenly or whose English
differs, a mark the document has not chosen; and `check-translation --prefer`, which lists every
rule to change."""
import json
import subprocess
import sys

from conftest import ROOT
from generator.translation.renderings import Renderings, Unit
from generator.translation.replacements import changes, made
from test_translation_check import editions, kinds, reasons

LOSES = [("A player with no cards loses the game.", "没有牌的牌手输掉这盘游戏。"),
         ("If a player has no life, that player loses the game.", "如果某牌手没有生命，则其输掉这盘游戏。"),
         ("Ten poison counters make a player lose; that player loses the game.", "十个中毒指示物令牌手落败；该牌手输掉这盘游戏。"),
         ("Drawing from an empty library, a player loses the game.", "从空牌库抓牌时，牌手输掉这盘游戏。"),
         ("A player who concedes loses the game.", "认输的牌手输掉这盘游戏。"),
         ("The team loses the game at once.", "该队伍立即输掉这盘游戏。")]
# the same words elsewhere: what the phrase's rules have in common besides it is no rendering of it
OTHERS = [("If a player has no creatures, that player may draw.", "如果某牌手没有生物，该牌手可以抓牌。"),
          ("If a player has no hand, that player may scry.", "如果某牌手没有手牌，该牌手可以占卜。"),
          ("A player with no cards may pass.", "没有牌的牌手可以让过。"),
          ("The game ends at once.", "这盘游戏立即结束。"), ("The game starts with twenty life.", "这盘游戏以二十点生命开始。"),
          ("Each player in the game draws seven cards.", "这盘游戏中每位牌手抓七张牌。")]


def test_a_phrase_rendered_otherwise_in_one_rule(tmp_path):
    found = reasons(tmp_path, OTHERS + LOSES + [("If a player has no hand, that player loses the game.",
                                                 "如果某牌手没有手牌，该牌手输去这盘游戏。")])
    odd = [text for kind, text in found["100.25"] if kind == "rendering"]
    assert odd and "“loses the game”" in odd[0] and "输去" in odd[0] and "输掉" in odd[0] and "6 of 7 rules" in odd[0]
    assert not any("rendering" in kinds(found, f"100.{n}") for n in range(13, 25))  # the usual rendering


def _units(pairs):
    return [Unit(f"1.{i}", en, zh) for i, (en, zh) in enumerate(pairs)]


def test_quiet_for_a_phrase_whose_english_means_something_else():
    """counter, a noun (指示物) in six rules, a verb (反击) in two: the longer phrase around the verb
    is never rendered 指示物, so the two are no slip."""
    nouns = [(f"Put a {kind} counter on it.", f"在其上放置一个{zh}指示物。") for kind, zh in
             (("+1/+1", "+1/+1"), ("-1/-1", "-1/-1"), ("time", "计时"), ("loyalty", "忠诚"), ("poison", "中毒"), ("fade", "消逝"))]
    verbs = [("Counter target spell.", "反击目标咒语。"), ("Counter target spell unless its controller pays.", "反击目标咒语，除非其操控者支付。")]
    odd = Renderings(_units(nouns + verbs)).odd()
    assert not [o for o in odd if o.phrase == "counter"], odd


def test_quiet_for_a_name_and_for_a_rendering_of_another_context():
    """A card's name is no phrase (names are spelt as the cards have them); 右上角 is right where
    the English says upper right, however often lower right corner is 右下角."""
    named = [(f"Lightning Bolt deals {n} damage.", f"闪电击造成{n}点伤害。") for n in range(1, 7)] + \
        [("Lightning Bolt deals 9 damage.", "闪电箭造成9点伤害。")]
    lower = [(f"The {what} is in the lower right corner of the card.", f"{zh}位于牌的右下角。")
             for what, zh in (("power", "力量"), ("toughness", "防御力"), ("loyalty", "忠诚"), ("defense", "防御值"),
                              ("number", "编号"), ("symbol", "符号"))]
    upper = [("The mana cost is in the upper right corner of the card.", "法术力费用位于牌的右上角。")]
    odd = Renderings(_units(named + lower + upper)).odd()
    assert odd == [], odd


def test_what_the_translators_replaced_in_a_later_release(tmp_path):
    """The next release wrote 进战场 for 进场 in three rules whose English stayed the same and
    missed a fourth: the rule that still has 进场 is named, with the release and the rules."""
    enters = [(f"When a {what} enters the battlefield, it {does}.", f"当{zh}进场时，它{doing}。")
              for what, does, zh, doing in (("widget", "untaps", "小物件", "重置"), ("gadget", "taps", "小器具", "横置"),
                                            ("gizmo", "attacks", "小玩意", "攻击"), ("doohickey", "blocks", "小东西", "阻挡"))]
    old = editions(tmp_path, enters, date="March 3, 2030", zh_date="2030年3月3日", name="old")
    fixed = [(en, zh.replace("进场", "进战场")) for en, zh in enters[:3]] + enters[3:]
    found = reasons(tmp_path, fixed, history=old)
    replaced = [text for kind, text in found["100.16"] if kind == "replaced"]
    assert replaced and "2031-03-03" in replaced[0] and "进场 to 进战场 in 3 rules" in replaced[0] and "100.13" in replaced[0]
    assert not any("replaced" in kinds(found, f"100.{n}") for n in (13, 14, 15))


def test_quiet_for_a_change_made_in_two_rules_or_where_the_english_says_otherwise():
    assert changes("于此灵气进场时", "于此灵气进战场时") == [("进场", "进战场")]
    assert changes("持续、世界。", "持续、普世。") == [("世界", "普世")]
    assert changes("参见规则 100.2a", "参见规则100.2a") == []  # a space: a mechanical slip, not a wording
    enters = "When it enters the battlefield, draw a card."
    pairs = [("1.1", enters, "它进场时", "它进战场时"), ("1.2", enters, "它进场时", "它进战场时"),
             ("1.3", "It is in play.", "它已进场", "它已进场")]
    assert made("2031-03-03", pairs) == []  # two rules: not yet a choice
    three = pairs[:2] + [("1.4", "When a widget enters the battlefield, untap it.", "小物件进场时", "小物件进战场时"), pairs[2]]
    replaced = made("2031-03-03", three)
    assert [(r.old, r.new, r.rules, r.kept) for r in replaced] == [("进场", "进战场", ("1.1", "1.2", "1.4"), 1)]
    assert replaced[0].phrases == {"enters the battlefield"}
    assert replaced[0].applies("When a gadget enters the battlefield, tap it.", "小器具进场时，横置之。")
    assert not replaced[0].applies("The battlefield was called “in play.”", "战场曾称为“进场”。")  # the old words, quoted


def test_mechanical_slips_where_the_document_is_consistent(tmp_path):
    found = reasons(tmp_path, [("See rule 100.1.", "参见规则 100.1。"),
                               ("A replacement effect applies, then another.", "替代性效应生效,然后另一个生效。"),
                               ("A replacement effect applies once.", "替代性效应只生效一次。。"),
                               ("A replacement effect (see rule 100.1) applies.", "替代性效应(参见规则100.1)生效。")])
    assert kinds(found, "100.13") == {"space"} and kinds(found, "100.14") == {"half-width"}
    assert kinds(found, "100.15") == {"doubled-stop"} and kinds(found, "100.16") == {"half-width-bracket"}


def test_quiet_for_spaces_among_english_and_for_a_dash_the_document_has_not_chosen(tmp_path):
    """A space between English words inside Chinese is the English's; a range written 100.1a–c in
    half the rules and 100.1a-c in the other half is a choice the translators have not made."""
    ranges = [(f"See rules 100.{n}a–c.", f"参见规则100.{n}a{'–' if n % 2 else '-'}c。") for n in range(1, 7)]
    found = reasons(tmp_path, [("Magic: The Gathering is a game.", "Magic: The Gathering是一款游戏。")] + ranges)
    assert found.get("100.13", []) == []
    assert not any("range-dash" in kinds(found, f"100.{n}") for n in range(14, 20))


def test_the_dash_the_newest_rules_write(tmp_path):
    """The rules added since the oldest edition of the history all write 100.1a-c: an older rule's
    100.1a–c is a slip, though as many older rules write it so."""
    older = [(f"See rules 100.{n}a–c for widgets.", f"小物件参见规则100.{n}a{'–' if n % 2 else '-'}c。") for n in range(1, 5)]
    newer = [(f"See rules 100.{n}a–c for gadgets, number {n}.", f"小器具参见规则100.{n}a-c，第{n}号。") for n in range(5, 11)]
    old = editions(tmp_path, older, date="March 3, 2030", zh_date="2030年3月3日", name="old")
    found = reasons(tmp_path, older + newer, history=old)
    dashes = {n: [text for kind, text in found.get(f"100.{n}", []) if kind == "range-dash"] for n in range(13, 23)}
    assert dashes[13] and "the rules added since 2030-03-03 write '-' (6 rules)" in dashes[13][0] and dashes[15]
    assert not any(dashes[n] for n in (14, 16, *range(17, 23)))


def test_prefer_lists_every_rule_to_change(tmp_path):
    en, zh = editions(tmp_path, OTHERS + LOSES + [("If a player has no hand, that player loses the game.", "如果某牌手没有手牌，该牌手输去这盘游戏。"),
                                         ("A player who loses the game leaves it.", "输去这盘游戏的牌手离开游戏。"),
                                         ("Tapping does nothing if it fails.", "横置若失败则毫无输去。")])
    run = [sys.executable, "-m", "generator", "check-translation", str(en), str(zh), "--prefer", "输掉 over 输去"]
    listed = subprocess.run(run, cwd=ROOT, capture_output=True, text=True)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert [line.split(": ")[1] for line in lines[:2]] == ["100.25", "100.26"], lines
    number = int(lines[0].split(":")[1])
    assert "输去" in zh.read_text("utf-8").splitlines()[number - 1] and "“loses the game”" in lines[0]
    assert lines[2] == "1 other rules have 输去 where the English has none of those phrases: 100.27"
    data = json.loads(subprocess.run(run + ["--json"], cwd=ROOT, capture_output=True, text=True).stdout)
    assert [r["rule"] for r in data["rules"]] == ["100.25", "100.26"] and data["elsewhere"] == ["100.27"]
    bad = subprocess.run(run[:-1] + ["输掉"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 1 and 'expected two different wordings as "Y over X"' in bad.stderr


def test_a_family_of_parallel_sentences_written_otherwise_in_one(tmp_path):
    """Four rules say the same in English; three write it one way in Chinese and one another."""
    special = "Doing so is a special action that doesn't use the stack."
    found = reasons(tmp_path, [(f"A player may turn widget {n} sideways. {special}",
                                f"牌手可以横置第{n}号小物件。{zh}") for n, zh in
                               ((1, "这是个特殊动作，不使用堆叠。"), (2, "这是个特殊动作，不使用堆叠。"),
                                (3, "这是个特殊动作，不使用堆叠。"), (4, "此为特殊动作，不使用堆叠。"))])
    family = [text for kind, text in found["100.16"] if kind == "family"]
    assert family and "3 of 4 rules" in family[0] and "100.13" in family[0] and "这是个" in family[0] and "此为" in family[0]
    assert not any("family" in kinds(found, f"100.{n}") for n in (13, 14, 15))


def test_families_are_read_with_their_keyword_masked_and_keep_quiet_when_split():
    from generator.translation.families import Sentence, odd_members
    keywords = [("Flanking", "侧击"), ("Bushido", "武士道"), ("Rampage", "暴走"), ("Provoke", "挑衅")]
    sentences = [Sentence(f"702.{n}a", f"{en} is a triggered ability of a creature.", f"{zh}{'属于' if n < 3 else '是'}生物的触发式异能。", en, zh)
                 for n, (en, zh) in enumerate(keywords)]
    odd = odd_members(sentences)
    assert [(o.rule, o.usual, o.here) for o in odd] == [("702.3a", "～属于生物的触发式异能。", "～是生物的触发式异能。")]
    split = [s._replace(zh=s.zh.replace("属于", "是")) if s.rule == "702.2a" else s for s in sentences]
    assert odd_members(split) == []  # two ways, two rules each: no pattern yet
    other = sentences[:3] + [sentences[3]._replace(en="Provoke is a triggered ability of an attacking creature.")]
    assert odd_members(other) == []  # its English says something else


def test_a_reading_after_edits_finds_what_a_fresh_reading_finds():
    """Renderings keeps each phrase's reading for the process while what it looked at holds (a
    rebuild after an edit reads the document again): after edits, deletions, insertions and a return
    to an earlier text, it finds exactly what a reading from nothing finds."""
    import random
    from generator.translation import renderings
    base = _units(OTHERS + LOSES + [("If a player has no hand, that player loses the game.", "如果某牌手没有手牌，该牌手输去这盘游戏。")] +
                  [(f"Put a {k} counter on it, then the game goes on.", f"在其上放置一个{z}指示物，然后这盘游戏继续。")
                   for k, z in (("time", "计时"), ("fade", "消逝"), ("age", "岁月"), ("ice", "冰冻"), ("lore", "传奇"))])
    random.seed(3)
    current = list(base)
    for step in range(12):
        edited = list(current)
        k = random.randrange(len(edited))
        edited[k] = edited[k]._replace(zh=edited[k].zh.replace("输掉", "输去").replace("指示物", "标记"))
        if step % 3 == 1:
            del edited[random.randrange(len(edited))]
        if step % 3 == 2:
            edited.insert(0, edited[-1])
        if step % 4 == 3:
            edited = list(base)
        warm = Renderings(edited).odd()
        renderings.forget()
        assert warm == Renderings(edited).odd(), step
        current = edited
    # the phrase's own sentences unchanged, its rendering said in ten more elsewhere: no longer its own
    Renderings(base).odd()
    elsewhere = base + [(f"1.{n}", f"Player {n} is out.", "该牌手输掉这盘游戏。") for n in range(100, 110)]
    elsewhere = [Unit(*u) for u in elsewhere]
    warm = Renderings(elsewhere).odd()
    assert [o for o in Renderings(base).odd() if o.phrase == "loses the game"] and \
        not [o for o in warm if o.phrase == "loses the game"]
    renderings.forget()
    assert warm == Renderings(elsewhere).odd()
