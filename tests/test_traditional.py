"""The 繁 display's Traditional Chinese (generator/site/traditional.py): a change of script, never of
wording, and the browser's map of characters and pairs as near the phrase-level conversion as it
can be, on an edition it was not made from."""
from conftest import CORPUS, needs_corpus
from generator.site.traditional import as_the_browser, traditional, traditional_characters


def test_a_change_of_script_not_of_words():
    """OpenCC's Taiwan phrases (s2twp) made the translation's terms computing words (Mulligan 再调度
    as 再排程, Cycling 循环 as 迴圈); and OpenCC alone writes some characters wrong in these texts."""
    assert traditional(["便可以再调度", "循环属于起动式异能", "任意类型的法术力", "项目列表"]) == \
        ["便可以再調度", "循環屬於起動式異能", "任意類型的法術力", "項目列表"]
    assert traditional(["本回合中", "这只对该效应生效", "子游戏", "被要求互斗的生物", "限制于格式", "核心系列",
                        "被复制", "但不复制该", "结算并产生法术力", "并成为你所选", "指明了该衍生物", "不甚明了"]) == \
        ["本回合中", "這只對該效應生效", "子遊戲", "被要求互鬥的生物", "限制於格式", "核心系列",
         "被複製", "但不複製該", "結算並產生法術力", "並成為你所選", "指明了該衍生物", "不甚明瞭"]
    # the Initiative 先制 (OpenCC read 制为, 製為), and 系 as "is", 係 in Taiwan (a Traditional reader's review)
    assert traditional(["掌握先制为止", "某衍生物系由结算", "某咒语系以逸脱异能", "费用，系根据该牌手", "关系由"]) == \
        ["掌握先制為止", "某衍生物係由結算", "某咒語係以逸脫異能", "費用，係根據該牌手", "關係由"]
    assert traditional(["得到N个中毒指示物"]) == ["得到N個中毒指示物"]  # 个中 read as 箇中, therein (a Traditional reader's review)
    # Taiwan's quotation marks, as the 2009 post written in Traditional has them; single ones stay (Urza’s)
    assert traditional(["参见第8章，“多人游戏规则”。", "为“以‘若’开头的子句”"]) == ["參見第8章，「多人遊戲規則」。", "為「以‘若’開頭的子句」"]
    assert traditional_characters(["参见“多人游戏规则”"])["“"] == "「"


def test_the_browsers_map_writes_pairs_the_characters_alone_would_not():
    found = traditional_characters(["复制，复制，复制，限制，先制"])
    assert found["复"] == "複" and found["制"] == "製"  # the commoner
    assert found["限制"] == "限制" and found["先制"] == "先制"  # the pairs that keep 制
    assert "复制" not in found  # as the characters give it
    # three where the pairs misread the middle one: 制可 keeps 制 (控制可), and 复制可复制 read 複制可
    # (a Traditional reader's review of 707.3)
    texts = ["控制可"] * 10 + ["复制可复制特征值", "复制，" * 12]
    found = traditional_characters(texts)
    assert found["制可"] == "制可" and found["复制可"] == "複製可"
    assert [as_the_browser(text, found) for text in texts] == traditional(texts)


def test_the_browsers_map_of_one_edition_converts_the_next_as_its_phrases_do():
    """Made from the 2023-11-17 translation, it converts 2024-02-06's all but 35 of its 237,444
    Chinese characters as the phrase-level conversion does; OpenCC's own map of single characters,
    which the site used before, differs in 1,406 (制 for 限制, 復 for 复制, 御 for 防御 …)."""
    older, newer = (CORPUS / "zh" / f"MagicCompRules-zh-{date}.txt" for date in ("20231117", "20240206"))
    needs_corpus(older, newer)
    found = traditional_characters([older.read_text(encoding="utf-8")])
    text = newer.read_text(encoding="utf-8")
    wrong = sum(a != b for a, b in zip(as_the_browser(text, found), traditional([text])[0]))
    assert wrong <= 50, wrong
