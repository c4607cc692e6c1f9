"""The translators' round on the corpus: the work list of en 2024-02-02 (its Chinese carried from
2023-11-17), the translation memory and the termbase beside it, a real CAT tool (OmegaT, headless)
reading them, and the translated work list back into the next release of the translation."""
import random
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from conftest import CARRIED, CORPUS, ROOT, needs_corpus
from generator.history.corpus import load_corpus

NS = "{urn:oasis:names:tc:xliff:document:1.2}"
OMEGAT = Path("/usr/share/omegat/OmegaT.jar")
MATCHES = ROOT / "tests" / "fixtures" / "omegat_matches.groovy"  # lists each segment's matches as OmegaT shows them
REAL_NEXT = CORPUS / "zh" / "MagicCompRules-zh-20240206.txt"  # what the translators made of it
EN_OLD, EN_NEW, ZH_OLD = CARRIED


def data(carried_site, name):
    return carried_site / "assets" / "data" / "2024-02-02" / name


def import_xliff(xliff, out, *extra):
    return subprocess.run([sys.executable, "-m", "generator", "import-xliff", str(xliff), "--translation", str(ZH_OLD),
                           "--out", str(out), "--no-manifest", "--source", str(EN_NEW), "--history", str(EN_OLD), *extra],
                          cwd=ROOT, capture_output=True, text=True)


def parts_of(path) -> dict[str, list[str]]:
    """A translation's rules as read by the generator: number -> [text, examples...]."""
    edition = load_corpus(None, [str(path)]).editions[0]
    return {str(r.number): [r.texts["zh"].text, *(e.text for e in r.texts["zh"].examples)] for r in edition.rules()}


def test_the_memory_holds_the_pairs_of_every_edition_in_both_languages(carried_site):
    from translate.storage import tmx
    store = tmx.tmxfile.parsefile(str(data(carried_site, "memory.tmx")))
    units = store.getunits()
    assert len(units) > 6000 and len({(u.source, u.target) for u in units}) == len(units)  # each pair once
    english = EN_OLD.read_text("utf-8-sig").replace("\r", "\n")
    chinese = ZH_OLD.read_text("utf-8")
    for unit in random.Random(7).sample(units, 40):  # a sample, checked against the texts themselves
        props = {p.get("type"): p.text for p in unit.xmlelement.iter("prop")}
        assert set(props) == {"x-rule", "x-editions"} and re.match(r"\d{3}\.\d+[a-z]?|glossary/", props["x-rule"])
        if "2023-11-17" in props["x-editions"]:
            assert unit.source in english and unit.target in chinese, (unit.source, unit.target)
    hundred = next(u for u in units if u.source.startswith("These Magic rules apply to any Magic game"))
    assert hundred.target.startswith("这些万智牌规则适用于") and "2023-11-17" in hundred.xmlelement.findtext("prop[@type='x-editions']")
    # an English the newer edition pairs keeps only its Chinese: 801.17 of 2024-02-02 still cites 723
    # (the English did not renumber it), its carried Chinese 724; 2023-11-17's 723 is not beside it
    restart = {u.target for u in units if u.source.startswith("Effects that restart the game (see rule 723)")}
    assert restart == {"重新开始游戏的效应（参见规则724）不受限制影响范围模式的限制。"}
    # and the glossary's definitions, as the work list's units hold them
    provoke = [u for u in units if u.xmlelement.findtext("prop[@type='x-rule']") == "glossary/Provoke"]
    assert [(u.source, u.target[:7]) for u in provoke] == [
        ("A keyword ability that can force a creature to block. See rule 702.39, “Provoke.”", "一个关键字异能")]


def test_the_termbase_holds_every_glossary_pair(carried_site):
    from translate.storage import tbx
    store = tbx.tbxfile.parsefile(str(data(carried_site, "terms.tbx")))
    entries = {(u.source, u.target) for u in store.getunits()}
    glossary = load_corpus(None, [str(EN_OLD), str(ZH_OLD)]).editions[0].glossary
    from generator.rules.model import without_obsolete_mark
    pairs = {(p.en.name, p.zh.name) for p in glossary if p.en and p.zh}
    names = {en for en, _ in entries}
    assert len(pairs) > 600 and {en for en, _ in pairs} <= names  # every glossary term, by its English name
    root = store.document.getroot()
    assert root.get("type") == "TBX-Basic"
    mana_burn = next(e for e in root.iter("termEntry") if e.findtext("langSet/tig/term") == "Mana Burn")
    assert mana_burn.findtext("langSet/tig/termNote[@type='administrativeStatus']") == "deprecatedTerm-admn-sts"
    trample = next(e for e in root.iter("termEntry") if e.findtext("langSet/tig/term") == "Trample")
    assert "rule: 702.19" in [n.text for n in trample.iter("note")] and trample.find("langSet/descrip[@type='definition']") is not None
    assert "source: the official glossary" in [n.text for n in trample.iter("note")]
    # a new entry of the English glossary named in the translators' term list: provisional, not official
    evidence = next(e for e in root.iter("termEntry") if e.findtext("langSet/tig/term") == "Collect Evidence")
    assert "source: the translators' term list (provisional)" in [n.text for n in evidence.iter("note")]
    assert without_obsolete_mark("Mana Burn (Obsolete)") == "Mana Burn"


def glossary_of(english, translation) -> dict[str, list[str]]:
    """A translation's glossary as read by the generator: English name -> [Chinese name, paragraphs...]."""
    pairs = load_corpus(None, [str(english), str(translation)]).editions[0].glossary
    return {p.en.name: [p.zh.name, *p.zh.definition] for p in pairs if p.en and p.zh}


def glossary_order(english, translation) -> list[str]:
    """The English names of a translation's glossary entries, in the translation's own order."""
    pairs = load_corpus(None, [str(english), str(translation)]).editions[0].glossary
    return [p.en.name for p in sorted((p for p in pairs if p.en and p.zh), key=lambda p: p.zh.source.line)]


def titles_of(path) -> dict[str, str]:
    """A translation's chapter and section titles: number -> Chinese title."""
    edition = load_corpus(None, [str(path)]).editions[0]
    return {str(part.number): part.titles["zh"].text for c in edition.chapters for part in (c, *c.sections)}


def fill_from(worklist: Path, real: dict[str, list[str]], out: Path, terms: dict[str, list[str]] = {},
              titles: dict[str, str] = {}) -> set[str]:
    """The work list with each rule's units translated as the translators did (a part's Chinese in
    its first unit, its other units translated as empty), each title's, and each glossary entry's
    (its name, its paragraphs one a unit, or all in the first where they do not correspond; an entry
    to check has no unit for its name); what was filled."""
    tree = etree.parse(str(worklist))
    filled = set()
    for group in tree.iter(f"{NS}group"):
        number = group.get("id")
        units = list(group.iter(f"{NS}trans-unit"))
        if group.get("restype") == "x-cr-title" and group.get("resname") in titles:
            units[0].find(f"{NS}target").text = titles[group.get("resname")]
            units[0].find(f"{NS}target").set("state", "translated")
            filled.add(number)
            continue
        if group.get("restype") == "x-cr-glossary-entry":
            name = group.get("resname")
            if name not in terms:
                continue
            chinese, paragraphs = terms[name][0], terms[name][1:]
            keys = [unit.get("id").rsplit("/", 1)[1] for unit in units]  # "term" (its name: not in a group to check), 1, 2...
            if len(paragraphs) != len(keys) - keys.count("term"):
                paragraphs = ["\n".join(paragraphs)] + [""] * (len(keys) - keys.count("term") - 1)
            for unit, key in zip(units, keys):
                unit.find(f"{NS}target").text = chinese if key == "term" else paragraphs[int(key) - 1]
                unit.find(f"{NS}target").set("state", "translated")
            filled.add(f"glossary/{name}")
            continue
        if number not in real:
            continue
        for unit in units:
            part = int(re.search(r"/ex(\d+)/", unit.get("id")).group(1)) if "/ex" in unit.get("id") else 0
            first = unit.get("id").endswith("/1")
            target = unit.find(f"{NS}target")
            target.text = real[number][part] if first and part < len(real[number]) else ""
            target.set("state", "translated")
        filled.add(number)
    tree.write(str(out), encoding="utf-8", xml_declaration=True)
    return filled


def test_the_work_list_back_into_the_next_release(carried_site, tmp_path):
    """Filled from the translators' real 2024 release, rules and glossary, the import equals it for
    every rule and every glossary entry filled, keeps the carried Chinese for every other, and writes
    the glossary in the release's order; the entries the English added are in the work list; a
    second import gives the same bytes."""
    needs_corpus(REAL_NEXT)
    real, real_terms = parts_of(REAL_NEXT), glossary_of(EN_NEW, REAL_NEXT)
    filled = fill_from(data(carried_site, "worklist.xlf"), real, tmp_path / "filled.xlf", real_terms, titles_of(REAL_NEXT))
    result = import_xliff(tmp_path / "filled.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    made = parts_of(tmp_path / "next.txt")
    carried_edition = load_corpus(None, [str(EN_NEW)], [str(EN_OLD), str(ZH_OLD)]).shown[0]
    carried = {str(r.number): [r.texts["zh"].text, *(e.text for e in r.texts["zh"].examples)]
               for r in carried_edition.rules() if "zh" in r.texts}
    rules = {n for n in filled if not n.startswith(("glossary/", "title/"))}
    assert {n for n in filled if n.startswith("title/")} == {"title/719"}  # Case Cards, new; 720-729 moved, carried
    assert titles_of(tmp_path / "next.txt") == titles_of(REAL_NEXT)
    assert len(rules) > 100
    assert [n for n in rules if made.get(n) != real[n]] == []
    assert [n for n in made if n not in rules and made[n] != carried.get(n)] == []
    english = {str(r.number) for r in load_corpus(None, [str(EN_NEW)]).editions[0].rules()}
    assert set(made) <= english and len(made) >= len(english) - 5  # a rule with no Chinese is left out, reported
    # the glossary: the entries the English added were in the work list, and came back; the 16 whose
    # English changed only in the rule numbers it cites are carried, renumbered, as the translators'
    # release has them; Merged Permanent, whose older Chinese cited 724 where the English said 725, is
    # among the entries the check puts first, filled as the translators fixed it
    old_definitions = {p.en.name: p.en.definition for p in load_corpus(None, [str(EN_OLD)]).editions[0].glossary}
    added = {p.en.name for p in carried_edition.glossary if p.en and p.en.name not in old_definitions}
    terms = {n.removeprefix("glossary/") for n in filled if n.startswith("glossary/")}
    groups = {g.get("id"): g for g in etree.parse(str(data(carried_site, "worklist.xlf"))).iter(f"{NS}group")}
    checked = {g.get("resname") for g in groups.values() if (g.findtext(f"{NS}note") or "").startswith("glossary entry, check:")}
    provoke = groups["glossary/Provoke"]  # its definition to review (not its name), the check's reasons as notes
    assert [n.text for n in provoke.findall(f"{NS}note")][1:3] == [
        "check: its Chinese definition is that of Prowess (灵技), and Prowess's is its: written under each other's names",
        "check: cited numbers differ: 702.39 in the English, 702.108 in the Chinese; "
        "in this edition 702.39 is Provoke, 702.108 is Prowess"]
    assert [(u.get("id"), u.find(f"{NS}alt-trans").findtext(f"{NS}target")[:3]) for u in provoke.iter(f"{NS}trans-unit")] == \
        [("glossary/Provoke/1", "一个关")]
    assert added == {"Case", "Cloak", "Collect Evidence", "Disguise", "Solved"} == terms - checked
    assert checked, checked  # the entries the check puts first, to review
    made_terms = glossary_of(EN_NEW, tmp_path / "next.txt")
    assert [t for t in terms if made_terms.get(t) != real_terms[t]] == []
    renumbered = {p.en.name for p in carried_edition.glossary if p.en and p.en.name not in added
                  and p.en.definition != old_definitions[p.en.name]}
    assert len(renumbered) == 16 and {t for t in renumbered if made_terms[t] != real_terms[t]} == set()
    assert "Merged Permanent" in checked  # its older Chinese cites 724 where the English says 725: checked, and fixed
    carried_terms = {p.en.name: [p.zh.name, *p.zh.definition] for p in carried_edition.glossary if p.en and p.zh}
    assert [t for t in made_terms if t not in terms and made_terms[t] != carried_terms[t]] == []
    assert len(made_terms) == len(carried_edition.glossary)
    # in the order of the release it follows (which had Replacement Effect before Renown, as the
    # English does not), each new entry where the translators put it: after the one the English puts before it
    order, real_order = glossary_order(EN_NEW, tmp_path / "next.txt"), glossary_order(EN_NEW, REAL_NEXT)
    assert [t for t in order if t not in added] == glossary_order(EN_OLD, ZH_OLD)
    assert {t: order[order.index(t) - 1] for t in added} == {t: real_order[real_order.index(t) - 1] for t in added}
    assert "glossary" not in result.stderr and " title " not in result.stderr
    assert f"{len(terms)} glossary entries from the work list" in result.stdout
    text = (tmp_path / "next.txt").read_text("utf-8")
    assert text.startswith("万智牌完整规则\n\n此规则于2024年2月2日起生效。") and "\n词汇表\n" in text and "\n版权信息\n" in text
    again = import_xliff(tmp_path / "filled.xlf", tmp_path / "again.txt")
    assert again.returncode == 0 and (tmp_path / "again.txt").read_bytes() == (tmp_path / "next.txt").read_bytes()


@pytest.mark.parametrize("damage, message", [
    (lambda text: "this is not xml", "not an XLIFF file"),
    (lambda text: text.replace('id="205.3h/1"', 'id="999.9/1"', 1), "has no rule 999.9"),
    (lambda text: text.replace("<source>Enchantments have their own", "<source>Widgets have their own", 1),
     "its English is not the edition's"),
    (lambda text: text.replace('id="glossary/Cloak/term"', 'id="glossary/Widget/term"', 1), "no glossary entry 'Widget'"),
    (lambda text: text.replace("<source>Cloak</source>", "<source>Cloaked</source>", 1), "its English is not the edition's"),
    (lambda text: text.replace('id="title/719/1"', 'id="title/999/1"', 1), "has no section 999"),
    # a hostile-input review: each of these wrote a release with no word (two units' targets joined,
    # a rule "101.3." of the translator's own, a state no tool writes read as translated)
    (lambda text: text.replace('id="205.3h/2"', 'id="205.3h/1"', 1), "a second unit of this id (the first is at line"),
    (lambda text: text.replace('<target state="needs-translation">Enchantments have their own',
                               '<target state="translated">结界。&#10;&#10;101.3. 伪造的规则。Enchantments have their own', 1),
     "unit 205.3h/1: its target has a line break"),
    (lambda text: text.replace('state="needs-translation"', 'state="bogus-state"', 1), "'bogus-state' is not an XLIFF 1.2 state"),
])
def test_a_bad_work_list_writes_nothing_and_says_what(carried_site, tmp_path, damage, message):
    bad = tmp_path / "bad.xlf"
    bad.write_text(damage(data(carried_site, "worklist.xlf").read_text("utf-8")), encoding="utf-8")
    result = import_xliff(bad, tmp_path / "next.txt")
    assert result.returncode == 1 and not (tmp_path / "next.txt").exists()
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith(str(bad)), result.stderr


@pytest.mark.parametrize("sources", [[], ["--no-manifest", "--source", str(EN_OLD)]], ids=["manifest", "older"])
def test_a_work_list_without_its_english_says_which_edition_to_give(carried_site, tmp_path, sources):
    """Run as a translator naturally runs it (the default manifest, whose English is the seeds'
    2023-11-17), or with an older English: one line naming the work list's edition and the option
    to give it, and nothing written."""
    result = subprocess.run([sys.executable, "-m", "generator", "import-xliff", str(data(carried_site, "worklist.xlf")),
                             "--translation", str(ZH_OLD), "--out", str(tmp_path / "next.txt"), *sources],
                            cwd=ROOT, capture_output=True, text=True)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 1 and not (tmp_path / "next.txt").exists()
    assert len(lines) == 1 and "for the English edition 2024-02-02" in lines[0] and "--source" in lines[0], result.stderr
    assert "has no rule" not in lines[0]


def test_a_rule_to_review_fixed_in_one_sentence_keeps_its_others(carried_site, tmp_path):
    """A rule the check puts first, its Chinese current, fixed in one of its sentences only (the
    other unit left as the work list has it, its English): the release has the fix and the other
    sentence's Chinese. Before, the rule kept its Chinese whole, the fix dropped without a word."""
    tree = etree.parse(str(data(carried_site, "worklist.xlf")))
    groups = [g for g in tree.iter(f"{NS}group") if any("check:" in (n.text or "") for n in g.iter(f"{NS}note"))
              and len(g.findall(f"{NS}trans-unit")) == 2 and not g.get("id", "").startswith("glossary/")]
    assert groups, "no rule to review with two sentences"
    first, second = groups[0].findall(f"{NS}trans-unit")
    current = [u.find(f"{NS}alt-trans").findtext(f"{NS}target") for u in (first, second)]
    second.find(f"{NS}target").text = "修正后的句子。"
    tree.write(str(tmp_path / "fixed.xlf"), encoding="utf-8", xml_declaration=True)
    result = import_xliff(tmp_path / "fixed.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    number = groups[0].get("id")
    assert parts_of(tmp_path / "next.txt")[number][0] == current[0] + "修正后的句子。"


def test_empty_targets_leave_a_rule_as_it_was_and_a_tools_markup_is_not_text(carried_site, tmp_path):
    """Targets of spaces marked translated wrote "205.3h. " (no rule: its subrules then hung under
    205.3g) and said nothing; a tool's inline codes (<bpt>&lt;b&gt;</bpt>) were written as "<b>"."""
    tree = etree.parse(str(data(carried_site, "worklist.xlf")))
    units = {u.get("id"): u for u in tree.iter(f"{NS}trans-unit")}
    for unit_id in ("205.3h/1", "205.3h/2"):
        target = units[unit_id].find(f"{NS}target")
        target.text, target.attrib["state"] = "   ", "translated"
    new_rule = sorted(i for i in units if i.startswith("701.56a/"))
    for unit_id in new_rule:
        target = units[unit_id].find(f"{NS}target")
        target.text, target.attrib["state"] = "", "translated"
    alone = next(i.split("/")[0] for i in units if i.endswith("/1") and i[:1].isdigit() and i.replace("/1", "/2") not in units)
    marked = units[f"{alone}/1"].find(f"{NS}target")
    marked.text, marked.attrib["state"] = "某", "translated"
    bold = etree.SubElement(marked, f"{NS}bpt", id="1")
    bold.text, bold.tail = "<b>", "句"
    end = etree.SubElement(marked, f"{NS}ept", id="1")
    end.text, end.tail = "</b>", "。"
    tree.write(str(tmp_path / "blank.xlf"), encoding="utf-8", xml_declaration=True)
    result = import_xliff(tmp_path / "blank.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    made, older = parts_of(tmp_path / "next.txt"), parts_of(ZH_OLD)
    assert made["205.3h"][0] == older["205.3h"][0]
    assert "warning: older Chinese kept for 205.3h (1 of 2 sentences changed or new; empty target in 205.3h/1, 205.3h/2)" \
        in result.stderr, result.stderr[-3000:]
    assert "701.56a" not in made and f"no Chinese for 701.56a (empty target in {', '.join(new_rule)})" in result.stderr
    assert made[alone][0] == "某句。"


def test_omegat_opens_the_downloaded_project_and_its_translation_imports(carried_site, tmp_path):
    """The status page's OmegaT project, unzipped as it is, in OmegaT's console mode: it offers
    every English segment of the work list, fills the exact matches from the memory in tm/auto (an
    English with one Chinese), and the document it writes imports to the carried translation, every
    rule as carried, with the new rules and the new glossary entries reported missing and nothing else."""
    if not OMEGAT.exists():
        pytest.fail("OmegaT is missing: run `make cat` (make test does it)")
    status = (carried_site / "cr" / "status" / "index.html").read_text("utf-8")
    assert 'href="../../assets/data/2024-02-02/omegat-project.zip" download="cr-2024-02-02-omegat-project.zip">' in status
    with zipfile.ZipFile(data(carried_site, "omegat-project.zip")) as bundle:
        bundle.extractall(tmp_path)
    project = tmp_path / "cr-2024-02-02-omegat"
    assert (project / "source" / "worklist.xlf").read_bytes() == data(carried_site, "worklist.xlf").read_bytes()
    # the memory: in tm/auto the English with one Chinese, which OmegaT fills; in tm/ those with several
    from translate.storage import tmx

    def pairs(path):
        return {(" ".join(u.source.split()), u.target) for u in tmx.tmxfile.parsefile(str(path)).getunits()}
    auto, choices = pairs(project / "tm" / "auto" / "memory.tmx"), pairs(project / "tm" / "choices.tmx")
    assert auto | choices == pairs(data(carried_site, "memory.tmx")) and not auto & choices and len(choices) > 20
    assert len({en for en, _ in auto}) == len(auto) and len({en for en, _ in choices}) < len(choices)
    assert (project / "glossary" / "terms.tbx").read_bytes() == data(carried_site, "terms.tbx").read_bytes()
    # the drafts where OmegaT takes matches with a penalty (tm/penalty-NNN, by their quality), not tm/auto
    banded = {(" ".join(u.source.split()), u.target) for path in (project / "tm").glob("penalty-*/drafts.tmx")
              for u in tmx.tmxfile.parsefile(str(path)).getunits()}
    assert banded == pairs(data(carried_site, "drafts.tmx")) and len(list((project / "tm").glob("penalty-*"))) > 3

    def omegat(*mode):
        # a short run: the JIT's first tier alone and one collector thread take a third of the processor
        run = subprocess.run(["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djava.awt.headless=true",
                              "-jar", str(OMEGAT), str(project), *mode],
                             capture_output=True, text=True, timeout=240)
        assert run.returncode == 0 and "Finished" in run.stdout + run.stderr, (run.stdout + run.stderr)[-2000:]
        return run.stdout + run.stderr
    log = omegat("--mode=console-createpseudotranslatetmx", f"--pseudotranslatetmx={tmp_path / 'offered.tmx'}",
                 "--pseudotranslatetype=equal")
    source = etree.parse(str(project / "source" / "worklist.xlf"))
    units = list(source.iter(f"{NS}trans-unit"))
    offered = set(re.findall(r"<seg>(.*?)</seg>", (tmp_path / "offered.tmx").read_text("utf-8"), re.S))
    english = {" ".join(etree.tostring(u.find(f"{NS}source"), method="text", encoding="unicode").split()) for u in units}
    assert len(units) > 200 and {" ".join(html_unescape(s).split()) for s in offered} == english  # every English segment, only those
    assert "terms.tbx" not in log or "rror" not in log.split("terms.tbx")[1][:200]
    drafts = {u.get("id"): a.findtext(f"{NS}target") for u in units for a in u.iter(f"{NS}alt-trans") if a.get("origin") == "draft"}
    quality = {u.get("id"): int(a.get("match-quality")) for u in units for a in u.iter(f"{NS}alt-trans") if a.get("origin") == "draft"}
    sources = {u.get("id"): " ".join(u.findtext(f"{NS}source").split()) for u in units}
    (project / "wanted.txt").write_text("\n".join(sorted({sources[i] for i in drafts})), "utf-8")
    omegat("--mode=console-translate", f"--script={MATCHES}")
    translated = {u.get("id"): u.findtext(f"{NS}target") for u in etree.parse(str(project / "target" / "worklist.xlf")).iter(f"{NS}trans-unit")}
    exact = {u.get("id"): u.find(f"{NS}alt-trans").findtext(f"{NS}target") for u in units
             if u.find(f"{NS}alt-trans") is not None and u.find(f"{NS}alt-trans").get("match-quality") == "100"}
    memory: dict[str, set[str]] = {}
    for unit in tmx.tmxfile.parsefile(str(project / "tm" / "auto" / "memory.tmx")).getunits():
        memory.setdefault(" ".join(unit.source.split()), set()).add(unit.target)
    # every unit OmegaT filled, it filled from the memory: with the Chinese of an exact match, never
    # one of two where the translation renders one English two ways (105.2 and 202.2 do)
    # a glossary entry to review opens with its Chinese, as a rule to review does: its exact match
    assert translated["glossary/Provoke/1"] == exact["glossary/Provoke/1"]
    from_tm = {i for i in sources if " ".join(translated[i].split()) != sources[i]}
    assert len(from_tm) > 100 and all(translated[i] in memory.get(sources[i], ()) for i in from_tm), \
        [(i, translated[i]) for i in from_tm if translated[i] not in memory.get(sources[i], ())][:5]
    # and none from the drafts: a unit whose draft is not the memory's own Chinese keeps its English
    own = {i for i, draft in drafts.items() if draft not in memory.get(sources[i], ())}
    assert len(own) > 50 and not any(translated[i] == drafts[i] for i in own)
    # but offers each as a suggestion, as its Fuzzy Matches pane lists them (the script asks OmegaT's
    # own matcher): from a penalty folder, at the draft's quality in tens (93: 90%; 55, phrase by phrase: 50%)
    # OmegaT lists a segment's five best matches: a draft scored below five of the memory's is not among them
    offers: dict[str, set[tuple[str, int]]] = {}
    listed: dict[str, list[int]] = {}
    for line in (project / "matches.tsv").read_text("utf-8").splitlines():
        segment, _, memories, score, chinese = line.split("\t")
        listed.setdefault(segment, []).append(int(score))
        if "/drafts.tmx" in memories:
            offers.setdefault(segment, set()).add((chinese, int(score)))
    below = set()
    for i in own:
        shown = min(90, quality[i] // 10 * 10)
        if (" ".join(drafts[i].split()), shown) not in offers.get(sources[i], ()):
            assert len(listed.get(sources[i], ())) == 5 and min(listed[sources[i]]) >= shown, (i, drafts[i], quality[i])
            below.add(i)
    assert len({quality[i] // 10 for i in own}) > 3 and len(below) < len(own) / 10, below
    # a rule to review shows the check's reasons where the translator is, in the segment's comment
    reviewed = [c for c in (project / "comments.txt").read_text("utf-8").splitlines() if "check: the Chinese may need a fix" in c]
    assert len(reviewed) > 100 and all(c.count("check: ") > 1 for c in reviewed), [c for c in reviewed if c.count("check: ") < 2][:3]
    result = import_xliff(project / "target" / "worklist.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    carried = import_xliff(data(carried_site, "worklist.xlf"), tmp_path / "carried.txt")
    assert carried.returncode == 0, carried.stderr[-2000:]
    made, kept = parts_of(tmp_path / "next.txt"), parts_of(tmp_path / "carried.txt")
    # a new rule whose every sentence the memory holds (701.56h: "See rule 708, ...") is translated
    from_memory = set(made) - set(kept)
    assert set(kept) <= set(made) and len(made) > 2800 and len(from_memory) < 5
    assert all(translated[u.get("id")] in memory.get(sources[u.get("id")], ()) for u in units
               if u.get("id").split("/")[0] in from_memory)
    # and every rule OmegaT's filling left alone is as carried: none took another rule's Chinese of the
    # same English (9 had: 712.2a's 正面 became 背面, 701.28f lost a sentence)
    assert all(made[n] == kept[n] for n in kept), {n for n in kept if made[n] != kept[n]}
    assert glossary_of(EN_NEW, tmp_path / "next.txt") == glossary_of(EN_NEW, tmp_path / "carried.txt")
    lines = result.stderr.splitlines()
    missing = sorted(line.removeprefix("warning: no Chinese for ") for line in lines if line.startswith("warning: no Chinese"))
    edition = load_corpus(None, [str(EN_NEW)], [str(EN_OLD), str(ZH_OLD)]).shown[0]
    # a stale rule OmegaT left untranslated keeps its older Chinese, and is reported
    outdated = {line.split(" ")[5] for line in lines if line.startswith("warning: older Chinese kept for ")}
    assert "205.3h" in outdated and outdated <= {str(n) for n, c in edition.carried.items() if c.stale}
    assert all(line.startswith(("warning: no Chinese for ", "warning: older Chinese kept for ", "warning: written without its rule: "))
               for line in lines), [line for line in lines if not line.startswith("warning: no Chinese for ")][:5]
    new_rules = {str(r.number) for r in edition.rules() if "zh" not in r.texts}
    new_terms = {f"glossary: {p.en.term}" for p in edition.glossary if p.en and p.zh is None}
    new_titles = {f"section {s.number} title (English kept)" for c in edition.chapters for s in c.sections
                  if "zh" not in s.titles}
    assert new_terms and new_titles == {"section 719 title (English kept)"}
    assert {line for line in missing if line.startswith("glossary")} == new_terms, missing
    assert {line for line in missing if " title " in line} == new_titles, missing
    assert {line.split(" ")[0] for line in missing if line[0].isdigit()} == new_rules - from_memory
    assert all(line.startswith("glossary") or " title " in line or line[0].isdigit() for line in missing)


def html_unescape(text: str) -> str:
    import html
    return html.unescape(text)


def test_a_glossary_entry_comes_back_from_its_units_or_whole():
    """import_xliff on made-up entries: a changed entry whose translator left the name as it was
    keeps the carried name; paragraphs translated as empty join the first; a new entry half
    translated is left out and reported; an entry no unit translates keeps its carried Chinese; one
    unit holds the paragraphs of an entry to check that do not pair one for one, and a changed entry
    half translated keeps its older Chinese, reported."""
    from generator.rules.model import GlossaryEntry, GlossaryPair, Provenance
    from generator.translation.import_xliff import Imported, Unit, _term_chinese
    where = Provenance("<test>", 1)

    def entry(name, *paragraphs, obsolete=False):
        return GlossaryEntry(name, name, list(paragraphs), where, obsolete)

    def unit(term, part, target):
        return Unit(term, part, 1, "English", target, "translated", 1)
    changed = GlossaryPair(entry("Widget", "One.", "Two."), entry("装置", "一。", "二。"), True, "")
    new = GlossaryPair(entry("Gadget", "One.", "Two.", obsolete=True), None, False, "")
    result = Imported("")
    assert _term_chinese(changed, [unit("Widget", 0, " "), unit("Widget", 2, "新二。")], result) == ["装置", "一。", "新二。"]
    assert _term_chinese(new, [unit("Gadget", 0, "小玩意"), unit("Gadget", 1, "甲。\n乙。"), unit("Gadget", 2, "")],
                         result) == ["小玩意（已废止）", "甲。", "乙。"]
    assert _term_chinese(new, [unit("Gadget", 0, "小玩意"), unit("Gadget", 1, "甲。")], result) is None
    assert _term_chinese(changed, [], result) == ["装置", "一。", "二。"]
    assert result.terms_from_xliff == ["Widget", "Gadget"] and result.left_out == ["glossary: Gadget (2 of 2 units translated)"]
    # an entry to check whose English has three paragraphs and its Chinese two: one unit holds them all
    grown = GlossaryPair(entry("Widget", "One.", "Two.", "Three."), entry("装置", "一。", "二。"), True, "")
    name = Unit("Widget", 0, 1, "Widget", "Widget", "needs-translation", 1)  # left as the tool put it: the English
    whole = Unit("Widget", 1, 1, "One.\nTwo.\nThree.", "甲。\n乙。\n丙。", "translated", 1)
    assert _term_chinese(grown, [name, whole], result) == ["装置", "甲。", "乙。", "丙。"]
    # a unit translated, another not, nothing carried for it: the older Chinese, and said so
    split = [name, unit("Widget", 1, "甲。"), Unit("Widget", 2, 1, "Two.", "Two.", "needs-translation", 1),
             Unit("Widget", 3, 1, "Three.", "Three.", "needs-translation", 1)]
    assert _term_chinese(grown, split, result) == ["装置", "一。", "二。"]
    assert result.outdated == [("glossary: Widget", " (1 of 4 units translated)")]


def test_an_import_without_the_english_the_translation_follows_writes_nothing(carried_site, tmp_path):
    """Without the English of the translation's own edition nothing can be carried: the release would
    be the work list alone (514 lines of 8,626, the rest English or missing). It stops and says what to give."""
    needs_corpus(ZH_OLD)
    out = tmp_path / "next.txt"
    result = subprocess.run([sys.executable, "-m", "generator", "import-xliff", str(data(carried_site, "worklist.xlf")),
                             "--translation", str(ZH_OLD), "--out", str(out), "--no-manifest", "--source", str(EN_NEW)],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 1 and not out.exists(), result.stderr[-2000:]
    assert "give the English of 2023-11-17 with --history" in result.stderr and "Traceback" not in result.stderr
