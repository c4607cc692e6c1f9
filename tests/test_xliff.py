"""The translators' work list as XLIFF 1.2: valid against the OASIS schema (which `make test`
fetches from Debian's packages), and read back by translate-toolkit as a CAT tool would read it."""
from pathlib import Path

import pytest
from lxml import etree

from conftest import ROOT

SCHEMAS = ROOT / ".schemas"


def xliff_schema() -> etree.XMLSchema:
    core = SCHEMAS / "xliff-core-1.2-strict.xsd"
    if not core.exists():
        pytest.fail(f"{core} is missing: `make test` fetches it (make schemas)")
    # the schema imports the xml: namespace's from the W3C; the copy beside it instead (no network)
    text = core.read_text(encoding="utf-8").replace("http://www.w3.org/2001/xml.xsd", (SCHEMAS / "xml.xsd").as_uri())
    return etree.XMLSchema(etree.fromstring(text.encode("utf-8"), base_url=core.as_uri()))


@pytest.fixture(scope="module")
def worklist(carried_site) -> Path:
    return carried_site / "assets" / "data" / "2024-02-02" / "worklist.xlf"


def test_the_work_list_is_valid_xliff_1_2(worklist):
    schema = xliff_schema()
    document = etree.parse(str(worklist))
    assert schema.validate(document), schema.error_log
    # and the schema is not a formality: a unit without its source fails it
    unit = document.find(".//{urn:oasis:names:tc:xliff:document:1.2}trans-unit")
    unit.remove(unit[0])
    assert not schema.validate(document)


def test_a_cat_tool_reads_a_unit_per_sentence_with_what_is_carried_changed_and_suggested(worklist):
    from translate.storage import xliff
    store = xliff.xlifffile.parsefile(str(worklist))
    units = {unit.getid().split("\x04")[-1]: unit for unit in store.getunits()}
    groups = store.document.getroot().iter("{urn:oasis:names:tc:xliff:document:1.2}group")
    notes = [[n.text for n in g.iter("{urn:oasis:names:tc:xliff:document:1.2}note")] for g in groups]
    assert sum(1 for n in notes if n[0].startswith(("stale", "untranslated"))) == 44  # 6 stale rules, 38 untranslated
    checked = [n for n in notes if n[0].startswith("check")]  # the rules the translation's check puts first
    assert len(checked) >= 20 and all(len(n) > 1 and n[1].startswith("check: ") for n in checked)
    # every unit's target is its English to translate in place (what OmegaT reads), not yet translated
    target = "{urn:oasis:names:tc:xliff:document:1.2}target"
    assert all(u.target == u.source and u.xmlelement.find(target).get("state") == "needs-translation"
               and not u.isapproved() for u in store.getunits())
    review = [u for u in store.getunits() if u.getnotes().startswith("check: the Chinese may need a fix")]
    assert len(review) >= len(checked)  # the checked rules' Chinese, offered whole, to review
    # as the release it comes from (the 2023-11-17 translation, carried: there is no 2024-02-02 one)
    assert all([a.xmlelement.get("origin") for a in u.getalttrans()] == ["translation-2023-11-17"] for u in review)
    # and with the check's reasons on each unit, where OmegaT shows them (it shows no group's notes)
    reasoned = {u.getid().split("\x04")[-1].split("/")[0]: u.getnotes() for u in review}
    assert all(note.count("check: ") > 1 for note in reasoned.values()), [n for n in reasoned.values() if n.count("check: ") < 2][:3]
    # but not the rule's "the English changed since": a unit's own note says whether its sentence did
    # (a translator's review: 205.3h/1 said "carried: the English is unchanged" beside it)
    said = [u.getnotes() for u in store.getunits()]
    assert any("check: the English changed since" in "\n".join(n) for n in notes)  # on the rule's group
    assert not [n for n in said if "check: the English changed since" in n], [n for n in said if "changed since" in n][:2]
    carried = units["205.3i/1"]
    assert carried.source == "Lands have their own unique set of subtypes; these subtypes are called land types."
    assert [(a.target, a.xmlelement.get("match-quality")) for a in carried.getalttrans()] == [
        ("地具有其特有的副类别，这些副类别被称为地类别。", "100")]
    assert carried.xmlelement.get("resname") == "205.3i"
    changed = units["205.3i/2"]
    assert changed.source.startswith("The land types are Cave, Desert")
    older = changed.getalttrans()[0]
    assert older.source.startswith("The land types are Desert") and older.target.startswith("地类别包括沙漠")
    assert older.xmlelement.get("origin") == "translation-2023-11-17"
    new = units["701.56a/3"]  # a sentence of a new rule that manifest's rule has word for word
    assert new.source == "Put that card onto the battlefield face down."
    assert [(a.target, a.xmlelement.get("origin")) for a in new.getalttrans()] == [("将其牌面朝下地放进战场。", "translation-memory")]
    # nothing alike in the memory: only a draft, from manifest's parallel, the new keyword in English
    assert [(a.target, a.xmlelement.get("origin")) for a in units["701.56a/1"].getalttrans()] == [
        ("[Cloak]一张牌指，将其翻为牌面朝下。", "draft")]


def test_a_part_carried_whole_and_an_untranslated_rule_with_examples():
    """Where a stale rule's sentences could not be told apart, its unit offers the whole older
    Chinese; an untranslated rule's examples are units of their own; a title without Chinese is a
    unit; a new glossary entry is a unit for its name and one for each paragraph, a changed one offers
    its older Chinese (the paragraphs one to one where they correspond, else whole, on the first).
    Valid XLIFF 1.2 either way."""
    from types import SimpleNamespace

    from translate.storage import xliff

    from generator.history.carry import Carried
    from generator.rules.model import Passage, Provenance, Rule, RuleText
    from generator.rules.numbers import parse_number
    from generator.history.translation_status import Stale, TermWork
    from generator.translation.worklist_xliff import worklist_xliff
    where = Provenance("<test>", 1, 0)
    stale, missing = parse_number("100.1"), parse_number("100.2")
    rules = {stale: Rule(stale, {"en": RuleText("A. B. C.", where, [], False), "zh": RuleText("甲乙丙。", where, [], False)}),
             missing: Rule(missing, {"en": RuleText("New & <rule>.", where, [Passage("An example.", where)], False)})}
    edition = SimpleNamespace(date="2031-01-01", carried={stale: Carried("2030-01-01", stale, True, "A. B.", None)},
                              suggested={}, glossary=[])
    terms = [TermWork("Widget", "Widget", ("A thing.", "2. Another & <thing>.")),
             TermWork("Gadget (Obsolete)", "Gadget", ("Same.", "Changed."), "2030-01-01", ("Same.", "Was."), "装置",
                      ("同。", "曾。")),
             TermWork("Doohickey", "Doohickey", ("One paragraph now.",), "2030-01-01", ("First.", "Second."), "小玩意",
                      ("一。", "二。"))]
    status = SimpleNamespace(stale=[Stale(stale, "2030-01-01", "edited")], chapters=[SimpleNamespace(missing=[missing])],
                             titles=[(719, "Case & <Cards>")], glossary=terms)
    document = worklist_xliff(edition, status, rules)
    assert xliff_schema().validate(etree.fromstring(document))
    units = {u.getid().split("\x04")[-1]: u for u in xliff.xlifffile.parsestring(document).getunits()}
    assert set(units) == {"100.1/1", "100.2/1", "100.2/ex1/1", "title/719/1", "glossary/Widget/term", "glossary/Widget/1",
                          "glossary/Widget/2", "glossary/Gadget/term", "glossary/Gadget/1", "glossary/Gadget/2",
                          "glossary/Doohickey/term", "glossary/Doohickey/1"}
    ns = "{urn:oasis:names:tc:xliff:document:1.2}"
    offered = {u.get("id"): [(a.findtext(f"{ns}source"), a.findtext(f"{ns}target")) for a in u.iter(f"{ns}alt-trans")]
               for u in etree.fromstring(document).iter(f"{ns}trans-unit")}
    assert units["title/719/1"].source == "Case & <Cards>" and offered["title/719/1"] == []
    assert offered["glossary/Widget/term"] == offered["glossary/Widget/2"] == []
    assert offered["glossary/Gadget/term"] == [(None, "装置")] and offered["glossary/Gadget/1"] == [(None, "同。")]
    assert offered["glossary/Gadget/2"] == [("Was.", "曾。")]  # the English it translated, shown as a fuzzy match
    assert offered["glossary/Doohickey/1"] == [("First.\nSecond.", "一。\n二。")]
    groups = {g.get("id"): g for g in etree.fromstring(document).iter(f"{ns}group")}
    assert groups["glossary/Gadget"].get("restype") == "x-cr-glossary-entry" and groups["glossary/Gadget"].get("resname") == "Gadget"
    assert groups["title/719"].get("restype") == "x-cr-title"
    assert units["100.1/1"].source == "A. B. C." == units["100.1/1"].target
    assert [a.target for a in units["100.1/1"].getalttrans()] == ["甲乙丙。"]
    assert units["100.2/1"].source == "New & <rule>." and units["100.2/ex1/1"].source == "An example."
    assert b"New &amp; &lt;rule&gt;." in document  # escaped as XML
