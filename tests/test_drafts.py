"""Drafts for the sentences translators must write (generator/translation/drafting/drafts.py): each kind of
repair on made-up pairs, an edit it cannot repair shown and not guessed, and the drafts where
translators look (the work list, the status page) and where they must not be taken unconfirmed
(import-xliff)."""
import csv
import json
import re

from lxml import etree

from conftest import needs_corpus
from generator.translation.drafting.drafts import PIECED_AT_MOST, Drafter, offered
from generator.translation.drafting.words import MOST

NS = "{urn:oasis:names:tc:xliff:document:1.2}"
TERMS = {"Artifact": "神器", "Token": "衍生物", "Untapped": "未横置", "Case": "案件", "Class": "职业", "Aura": "灵气",
         "Saga": "传纪", "Trample": "践踏", "Static Ability": "静止式异能", "Creature": "生物"}
MEMORY = {"Trample is a static ability.": "践踏是静止式异能。",
          "Sacrifice this artifact.": "牺牲此神器。",
          "Tap an untapped creature you control.": "横置一个由你操控的未横置生物。"}


def drafter(**terms) -> Drafter:
    return Drafter(MEMORY, {**TERMS, **terms})


def test_a_renamed_term_is_renamed_in_the_chinese():
    draft = drafter().changed("Sacrifice this artifact.", "牺牲此神器。", "Sacrifice this token.")
    assert draft.text == "牺牲此衍生物。" and draft.kept == () and draft.quality == MOST
    assert draft.repaired == ("artifact → token",)


def test_a_dropped_word_is_dropped_from_the_chinese():
    draft = drafter().changed("Tap an untapped creature you control.", "横置一个由你操控的未横置生物。",
                              "Tap a creature you control.")
    assert draft.text == "横置一个由你操控的生物。" and draft.kept == ()


def test_an_item_added_to_a_list_goes_where_the_english_puts_it():
    draft = drafter().changed("The types are Aura, Class, and Saga.", "类别包括灵气、职业以及传纪。",
                              "The types are Aura, Case, Class, and Saga.")
    assert draft.text == "类别包括灵气、案件、职业以及传纪。" and draft.kept == ()


def test_a_clause_it_cannot_translate_is_shown_in_english_where_it_goes():
    """An item with no Chinese anywhere (the translation, the dictionary) stays English, in
    brackets, in its place; a clause added at the end likewise; nothing is made up for either."""
    draft = drafter().changed("The types are Aura, Class, and Saga.", "类别包括灵气、职业以及传纪。",
                              "The types are Aura, Zorblax, Class, and Saga.")
    assert draft.text == "类别包括灵气、[Zorblax]、职业以及传纪。" and draft.kept == ("Zorblax",) and draft.quality < MOST
    draft = drafter().changed("Sacrifice this artifact.", "牺牲此神器。", "Sacrifice this artifact unless you frobnicate it.")
    assert draft.text == "牺牲此神器[unless you frobnicate it]。" and draft.kept == ("unless you frobnicate it",)
    assert draft.quality < 60


def test_an_edit_whose_chinese_is_not_found_is_marked_not_guessed():
    """A word removed whose Chinese the older text does not show: the older Chinese stays, with the
    removal marked, and the draft says it kept something."""
    draft = drafter().changed("Sacrifice this glorious artifact.", "牺牲此神器。", "Sacrifice this artifact.")
    assert draft.text == "牺牲此神器[− glorious]。" and draft.lost == 1


def test_an_edit_of_function_words_leaves_the_chinese_as_it_is():
    draft = drafter().changed("Sacrifice this artifact as long as it is tapped.", "只要此神器横置，便牺牲之。",
                              "Sacrifice this artifact for as long as it is tapped.")
    assert draft.text == "只要此神器横置，便牺牲之。" and draft.quality == MOST


def test_a_new_rule_from_its_parallel_keeps_a_new_keyword_in_english():
    """“Menace is a static ability.” from trample's parallel: a keyword the translation has not named
    stays English, in brackets; once it has a name (the termbase), the name."""
    draft = Drafter(MEMORY, TERMS, unnamed=["Menace"]).new("Menace is a static ability.")
    assert draft.text == "[Menace]是静止式异能。" and draft.source == "Trample is a static ability."
    # the name still to write is not covered: two of the three words are
    assert draft.quality == round(MOST * 2 / 3)
    assert offered(Drafter(MEMORY, TERMS, unnamed=["Menace"]).new("Menace")) is None  # the name alone offers nothing
    named = drafter(Menace="威慑").new("Menace is a static ability.")
    assert named.text == "威慑是静止式异能。" and named.quality == MOST
    # unnamed in the release, but named in the translators' term list (the termbase, in any case)
    settled = Drafter(MEMORY, {**TERMS, "menace": "威慑"}, unnamed=["Menace"])
    assert settled.new("Menace is a static ability.").text == "威慑是静止式异能。"
    assert drafter().new("Trample is a static ability.").text == "践踏是静止式异能。"  # the memory's own


def test_a_draft_that_says_fewer_negations_than_its_english_is_not_offered():
    """A draft without the English's negation says the opposite (“Stickers … are not retained”
    drafted 会保留, phrase by phrase): not offered, unless the Chinese it was made from already said
    it so (the translation writes some negations another way)."""
    from generator.translation.drafting.drafts import negations_kept
    from generator.translation.drafting.words import Draft
    inverted = Draft("贴纸会保留。", 40)
    assert negations_kept(inverted, "Stickers are not retained.") is None
    assert negations_kept(Draft("贴纸不会保留。", 40), "Stickers are not retained.").text == "贴纸不会保留。"
    # the older Chinese said it without a negation too: its repair is no worse for it
    assert negations_kept(inverted, "Stickers are not retained.", "Stickers are not kept.", "贴纸会丢失。") == inverted
    assert negations_kept(None, "Stickers are not retained.") is None


def test_a_new_sentence_with_no_parallel_is_its_english():
    draft = drafter().new("Players shuffle their hands into their libraries at dawn.")
    assert draft.text == "[Players shuffle their hands into their libraries at dawn.]" and draft.quality == 0


def test_an_item_added_to_a_list_of_names_it_does_not_know_goes_by_its_place_in_the_list():
    """Neither neighbour has a Chinese the translation knows: the item goes after as many of the
    Chinese list's items as the English has before it (the lists keep the English order)."""
    draft = drafter().changed("The types are Alpha, Beta, and Gamma.", "类别包括甲、乙，以及丙。",
                              "The types are Alpha, Beta, Bravo, and Gamma.")
    assert draft.text == "类别包括甲、乙、[Bravo]，以及丙。" and draft.kept == ("Bravo",)
    draft = drafter().changed("The types are Alpha, Beta, and Gamma.", "类别包括甲、乙，以及丙。",
                              "The types are Alpha, Bravo, Charlie, Beta, and Gamma.")
    assert draft.text == "类别包括甲、[Bravo]、[Charlie]、乙，以及丙。"
    draft = drafter().changed("The types are Alpha, Beta, and Gamma.", "类别包括甲、乙，以及丙。",
                              "The types are Aardvark, Alpha, Beta, and Gamma.")
    assert draft.placed == 0 and "甲、[Aardvark]" not in draft.text  # first of the list: no place known, none guessed


def test_a_new_sentence_with_no_parallel_is_translated_from_the_phrases_the_translation_knows():
    """Phrase by phrase, the termbase's names as they are; function words with no Chinese left out;
    a word it does not know stays English, in brackets, where it stands."""
    draft = drafter().new("Untapped creature tokens have trample.")
    assert draft.text == "未横置生物衍生物践踏。" and draft.source is None
    # every word covered, but in an order no translator chose: below any repair of as much
    assert draft.quality <= PIECED_AT_MOST < drafter().new("Sacrifice this glorious artifact.").quality
    draft = drafter().new("Untapped creature tokens frobnicate.")
    assert draft.text == "未横置生物衍生物[frobnicate]。" and draft.kept == ("frobnicate",)


def test_a_word_whose_chinese_is_one_character_is_learnt_from_the_memory():
    """你 for “you”: a Chinese of one character (which the Dice renderings, two to six, do not hold)
    is learnt from the word alignment of the memory's sentence pairs."""
    verbs = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]
    han = "甲乙丙丁戊己庚辛壬癸子丑"
    memory = {**{f"You {verb}.": f"你{h}{h}。" for verb, h in zip(verbs, han)},
              **{f"{verb.title()} happens.": f"{h}发生。" for verb, h in zip(verbs, han)}}
    draft = Drafter(memory, {}).new("You frobnicate.")
    assert draft.text == "你[frobnicate]。" and draft.kept == ("frobnicate",)


def test_a_clause_is_translated_only_where_every_word_of_it_is_known():
    repairer = drafter().repairer
    assert repairer.translate(["untapped", "artifact", "token"]) == ("未横置神器衍生物", True)  # phrase by phrase
    assert repairer.translate(["untapped", "glorious", "token"]) is None
    assert repairer.translate(["artifact"]) == ("神器", False)  # a known phrase


def test_a_repair_with_a_clause_translated_phrase_by_phrase_is_offered_below_a_sentence_so_translated():
    """An edit whose Chinese was translated phrase by phrase is in an order no translator chose: the
    draft says so and is offered at the quality of a sentence translated phrase by phrase at most,
    so that a tool listing by quality never puts it above the older Chinese (a translator's review:
    702.124g's garbled “or combination of partner abilities” was offered at 93, 702.37c's at 99);
    a repair from known phrases alone keeps its quality."""
    older = "牺牲此神器。"
    draft = drafter().changed("Sacrifice this artifact.", older, "Sacrifice this artifact and untapped creature token.")
    assert draft.pieced == ("and untapped creature token",) and draft.quality > PIECED_AT_MOST
    assert offered(draft, older).quality == PIECED_AT_MOST
    known = drafter().changed("Sacrifice this artifact.", older, "Sacrifice this token.")
    assert known.pieced == () and offered(known, older).quality == MOST


def test_a_name_is_not_translated_as_a_common_word():
    """“Case” inside a sentence is a name (the enchantment type), not the word of “in that case”
    that the renderings learnt; English kept in brackets keeps its function words."""
    memory = {"In that case, draw.": "这种情况下，抓牌。", "In that case, discard.": "这种情况下，弃牌。",
              "In that case, you win.": "这种情况下，你获胜。"}
    translator = Drafter(memory, {}).translator
    draft = translator.compose("Draw the Case.")
    assert "[Case]" in draft.text and "情况" not in draft.text
    assert "情况" in translator.compose("Draw, in that case.").text
    assert translator.piece(["Case", "(", "see", "rule", "719", ")"], whole=False).kept[0] == "Case"


def test_a_draft_is_offered_only_where_it_gives_more_than_the_work_list_has():
    """A changed sentence whose edit found no place in the older Chinese is the older Chinese with
    English at its end: the work list offers the older Chinese already. A new sentence with nothing
    covered is its English, which the work list shows."""
    stuck = drafter().changed("Sacrifice this glorious artifact.", "牺牲此神器。", "Sacrifice this artifact.")
    assert stuck.text != "牺牲此神器。" and offered(stuck, "牺牲此神器。") is None
    placed = drafter().changed("Sacrifice this artifact.", "牺牲此神器。", "Sacrifice this token.")
    assert offered(placed, "牺牲此神器。") == placed
    shown = drafter().changed("Sacrifice this artifact.", "牺牲此神器。", "Sacrifice this widget.")
    assert shown.text == "牺牲此[widget]。" and offered(shown, "牺牲此神器。") == shown  # the English where it goes
    english = drafter().new("Players shuffle their hands into their libraries at dawn.")
    assert offered(english) is None and offered(drafter().new("Sacrifice this token.")) is not None


def data(carried_site, name):
    return carried_site / "assets" / "data" / "2024-02-02" / name


def test_the_work_list_offers_each_draft_as_a_match_of_its_own(carried_site):
    """In the XLIFF a changed or new sentence's draft is an alt-trans of origin draft, below 100, and
    never its target; the CSV has each rule's draft, the JSON each sentence's; the status page shows
    a stale rule's and a new rule's; the drafts' memory holds them all."""
    tree = etree.parse(str(data(carried_site, "worklist.xlf")))
    drafts = {u.get("id"): (u, a) for u in tree.iter(f"{NS}trans-unit") for a in u.iter(f"{NS}alt-trans")
              if a.get("origin") == "draft"}
    assert len(drafts) > 50
    for unit_id, (unit, alt) in drafts.items():
        assert int(alt.get("match-quality")) < 100
        assert unit.findtext(f"{NS}target") == unit.findtext(f"{NS}source")  # never a target
    case = drafts["205.3h/2"][1].findtext(f"{NS}target")
    assert "、案件[Case]（参见规则719）、职业" in case  # an enchantment type the translation has not named: the dictionary's lead
    cloak = drafts["701.56e/1"][1].findtext(f"{NS}target")
    assert "[Cloak]" in cloak and "显化" not in cloak  # manifest's parallel, the new keyword in English
    # a keyword named in the translators' term list (the site's sources) is that name in every draft
    evidence = [a.findtext(f"{NS}target") for unit_id, (_, a) in drafts.items() if unit_id.startswith("701.57")]
    assert len(evidence) >= 3 and all("搜证" in d and "Collect Evidence" not in d for d in evidence)
    disguise = [a.findtext(f"{NS}target") for unit_id, (_, a) in drafts.items() if unit_id.startswith("702.168")]
    assert sum("伪装" in d for d in disguise) >= 3 and not any("Disguise" in d for d in disguise)  # listed as "disguise"
    rows = {r["rule"]: r for r in csv.DictReader(data(carried_site, "worklist.csv").open(encoding="utf-8-sig"))}
    assert "案件[Case]（参见规则719）" in rows["205.3h"]["draft"] and rows["701.56e"]["draft"] == cloak
    # a stale rule whose edit found no place in its Chinese has no draft: its older Chinese is none
    # (it was offered as one, and counted among the drafts: a maintainer's review)
    assert rows["701.34a"]["status"] == "stale" and rows["701.34a"]["draft"] == "", rows["701.34a"]
    assert not [r["rule"] for r in rows.values() if r["draft"] and r["draft"] == r["chinese"]]
    assert rows["719.2"]["draft"] == ""  # “The Case frame has no additional rules meaning.”: its draft lost the “no”
    described = {r["rule"]: r for r in json.loads(data(carried_site, "worklist.json").read_text("utf-8"))}
    assert [s["draft"] for s in described["701.56e"]["sentences"][0]] == [cloak]
    status = (carried_site / "cr" / "status" / "index.html").read_text("utf-8")
    # the draft marked where it differs from the older Chinese, as the English change is
    assert re.search(r"<span class=cr-draft lang=zh-Hans>草稿 draft: [^<]*<ins>[^<]*案件\[Case\][^<]*</ins>", status)
    # and a new rule's, under its English, where the translators read what has no Chinese
    new_rule = re.search(r'<li><a href="[^"]*#cr701-56e">701\.56e</a>: <span class=cr-since lang=en>([^<]*)</span>'
                         r"<span class=cr-draft lang=zh-Hans>草稿 draft: ([^<]*)</span></li>", status)
    assert new_rule and "cloak" in new_rule[1].lower() and new_rule[2] == cloak.replace('"', "&quot;"), new_rule
    memory = data(carried_site, "drafts.tmx").read_text("utf-8")
    assert cloak in memory and memory.count("<tu ") >= len({a.findtext(f"{NS}target") for _, a in drafts.values()}) - 20


def test_an_unconfirmed_draft_is_never_imported(carried_site, tmp_path):
    """A work list whose targets a tool filled with the drafts for review (needs-review-translation,
    leveraged-tm) imports none of them: a new rule is left out, a changed one keeps its older Chinese
    (as if nobody had touched it, never less), each reported with the unit; the same drafts marked
    translated by a person come back as the new Chinese."""
    from test_translators_round import ZH_OLD, import_xliff, parts_of
    needs_corpus(ZH_OLD)
    text = data(carried_site, "worklist.xlf").read_text("utf-8")
    tree = etree.fromstring(text.encode("utf-8"))
    prefilled = set()
    for unit in tree.iter(f"{NS}trans-unit"):
        alt = next((a for a in unit.iter(f"{NS}alt-trans") if a.get("origin") == "draft"), None)
        if alt is not None and unit.get("id").startswith(("701.56", "702.62a/")):
            target = unit.find(f"{NS}target")
            target.text = alt.findtext(f"{NS}target")
            target.set("state", "needs-review-translation")
            target.set("state-qualifier", "leveraged-tm")
            prefilled.add(unit.get("id").split("/")[0])
    assert {"701.56a", "701.56e", "702.62a"} <= prefilled
    # and one sentence of a changed rule translated, another left as it was
    partly = [u for u in tree.iter(f"{NS}trans-unit") if u.get("id").startswith("702.37c/")]
    partly[0].find(f"{NS}target").text, partly[0].find(f"{NS}target").attrib["state"] = "某句译文", "translated"
    # and a new subrule translated whose new rule is not (701.58d of Suspect, 701.58 left out)
    subrule = [u for u in tree.iter(f"{NS}trans-unit") if u.get("id").startswith("701.58d/")]
    for unit in subrule:
        unit.find(f"{NS}target").text, unit.find(f"{NS}target").attrib["state"] = "已成为嫌疑的永久物。", "translated"
    (tmp_path / "prefilled.xlf").write_bytes(etree.tostring(tree, xml_declaration=True, encoding="utf-8"))
    result = import_xliff(tmp_path / "prefilled.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    made = parts_of(tmp_path / "next.txt")
    older = parts_of(ZH_OLD)
    new_rules = {number for number in prefilled if number not in older}
    assert new_rules and not new_rules & set(made)
    for number in new_rules:
        assert re.search(rf"warning: no Chinese for {re.escape(number)} .*draft not confirmed in {re.escape(number)}/\d",
                         result.stderr), number
    assert made["702.62a"][0][:40] == older["702.62a"][0][:40]  # Suspend's rule kept, not dropped for a draft nobody confirmed
    assert re.search(r"warning: older Chinese kept for 702\.62a \(\d+ of \d+ sentences changed or new; "
                     r"draft not confirmed in 702\.62a/\d+", result.stderr), result.stderr[-3000:]
    assert made["702.37c"][0][:40] == older["702.37c"][0][:40] and "某句译文" not in "".join(made["702.37c"])
    assert re.search(rf"older Chinese kept for 702\.37c \(.*; {partly[0].get('id')} translated, not used: 702\.37c/\d+",
                     result.stderr), result.stderr[-3000:]
    assert re.search(r", \d+ left out without Chinese;", result.stdout), result.stdout
    assert subrule and "701.58d" in made and "701.58" not in made
    assert "warning: written without its rule: 701.58d (its rule 701.58 is left out)" in result.stderr
    # a stale rule nobody translated keeps its older Chinese (the release lags, as the translators'
    # do), and says so: 205.3h's English added Case
    assert made["205.3h"][0].startswith("结界具有其特有的副类别") and "案件" not in made["205.3h"][0]
    assert "warning: older Chinese kept for 205.3h (1 of 2 sentences changed or new)" in result.stderr
    assert "older Chinese kept for 702.19b" not in result.stderr  # unchanged: carried, nothing to say
    outdated = set(re.findall(r"older Chinese kept for (\S+)", result.stderr))
    assert f"carried ({len(outdated)} of them with older Chinese of changed English)" in result.stdout
    for target in tree.iter(f"{NS}target"):
        if target.get("state-qualifier") == "leveraged-tm":
            target.set("state", "translated")
            del target.attrib["state-qualifier"]
    (tmp_path / "confirmed.xlf").write_bytes(etree.tostring(tree, xml_declaration=True, encoding="utf-8"))
    result = import_xliff(tmp_path / "confirmed.xlf", tmp_path / "confirmed.txt")
    made = parts_of(tmp_path / "confirmed.txt")
    assert result.returncode == 0 and "draft not confirmed" not in result.stderr
    assert "[Cloak]" in made["701.56e"][0] and "older Chinese kept for 701.56e" not in result.stderr
    # a name the draft kept in English, confirmed and never replaced, is written and said (a
    # translator's review: [Cloak] reached the release with no word from the import)
    assert re.search(r"warning: English of its draft kept in brackets in 701\.56e/\d+: \[Cloak\]", result.stderr)
    assert "kept in brackets in 702.62a" not in result.stderr  # its [cost] is the rule's own, in the English too


def test_a_parallel_gives_way_to_a_translation_that_covers_more_of_the_english():
    """The closest parallel, repaired, keeps English it could not place in brackets; the sentence
    translated phrase by phrase is taken where it covers more, the parallel where it covers as much."""
    from generator.translation.drafting.words import Draft
    parallel = drafter().new("Sacrifice this glorious artifact.")
    assert parallel.source == "Sacrifice this artifact." and parallel.kept == ("glorious",)
    better, as_much = drafter(), drafter()
    better.translator.compose = lambda en: Draft("牺牲此光荣神器。", parallel.quality + 1)
    assert better.new("Sacrifice this glorious artifact.").text == "牺牲此光荣神器。"
    as_much.translator.compose = lambda en: Draft("牺牲[this glorious]神器。", parallel.quality)
    assert as_much.new("Sacrifice this glorious artifact.") == parallel


def test_a_name_the_translation_never_wrote_gets_the_dictionarys_lead_and_keeps_its_english():
    """A new type in a list: CC-CEDICT's word whose first sense is the name, the most nearly the
    name alone where several are, shown as the translation shows a name with no official Chinese
    (水豚[Capybara]); a name the dictionary does not have stays English; a keyword is never looked up."""
    from generator.translation.drafting.dictionary import chinese_name
    assert chinese_name("Capybara", {}) == "水豚" and chinese_name("Map", {}) == "地图"
    assert chinese_name("Case", {}) == "案件"  # case, instance; not 例子 (case, for instance, example), nor 格位 (case (linguistics))
    assert chinese_name("Cave", {}) == "洞窟" and chinese_name("Snail", {"牛": 3}) == "蜗牛"  # fewest senses; then the commoner character
    assert chinese_name("Time Lord", {}) is None
    draft = drafter().changed("The types are Alpha, Beta, and Gamma.", "类别包括甲、乙，以及丙。",
                              "The types are Alpha, Beta, Capybara, and Gamma.")
    assert draft.text == "类别包括甲、乙、水豚[Capybara]，以及丙。"
    draft = Drafter(MEMORY, TERMS, unnamed=["Capybara"]).changed("The types are Alpha, Beta, and Gamma.", "类别包括甲、乙，以及丙。",
                                                                 "The types are Alpha, Beta, Capybara, and Gamma.")
    assert draft.text == "类别包括甲、乙、[Capybara]，以及丙。"
