"""The translators' round on the corpus: the work list of en 2024-02-02 (its Chinese carried from
2023-11-17), the translation memory and the termbase beside it, a real CAT tool (OmegaT, headless)
reading them, and the translated work list back into the next release of the translation."""
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from conftest import CARRIED, CORPUS, ROOT, needs_corpus
from generator.pipeline import load_corpus

NS = "{urn:oasis:names:tc:xliff:document:1.2}"
OMEGAT = Path("/usr/share/omegat/OmegaT.jar")
REAL_NEXT = CORPUS / "zh" / "MagicCompRules-zh-20240206.txt"  # what the translators made of it
EN_OLD, EN_NEW, ZH_OLD = CARRIED
PROJECT = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<omegat><project version="1.0"><source_dir>__DEFAULT__</source_dir><source_dir_excludes><mask>**/.svn/**</mask>
</source_dir_excludes><target_dir>__DEFAULT__</target_dir><tm_dir>__DEFAULT__</tm_dir><glossary_dir>__DEFAULT__</glossary_dir>
<glossary_file>__DEFAULT__</glossary_file><dictionary_dir>__DEFAULT__</dictionary_dir><source_lang>EN-US</source_lang>
<target_lang>ZH-CN</target_lang><source_tok>org.omegat.tokenizer.LuceneEnglishTokenizer</source_tok>
<target_tok>org.omegat.tokenizer.LuceneSmartChineseTokenizer</target_tok><sentence_seg>false</sentence_seg>
<support_default_translations>true</support_default_translations><remove_tags>false</remove_tags></project></omegat>
"""


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
        assert set(props) == {"x-rule", "x-editions"} and re.match(r"\d{3}\.\d+[a-z]?", props["x-rule"])
        if "2023-11-17" in props["x-editions"]:
            assert unit.source in english and unit.target in chinese, (unit.source, unit.target)
    hundred = next(u for u in units if u.source.startswith("These Magic rules apply to any Magic game"))
    assert hundred.target.startswith("这些万智牌规则适用于") and "2023-11-17" in hundred.xmlelement.findtext("prop[@type='x-editions']")


def test_the_termbase_holds_every_glossary_pair(carried_site):
    from translate.storage import tbx
    store = tbx.tbxfile.parsefile(str(data(carried_site, "terms.tbx")))
    entries = {(u.source, u.target) for u in store.getunits()}
    glossary = load_corpus(None, [str(EN_OLD), str(ZH_OLD)]).editions[0].glossary
    from generator.model import without_obsolete_mark
    pairs = {(p.en.name, p.zh.name) for p in glossary if p.en and p.zh}
    names = {en for en, _ in entries}
    assert len(pairs) > 600 and {en for en, _ in pairs} <= names  # every glossary term, by its English name
    root = store.document.getroot()
    assert root.get("type") == "TBX-Basic"
    mana_burn = next(e for e in root.iter("termEntry") if e.findtext("langSet/tig/term") == "Mana Burn")
    assert mana_burn.findtext("langSet/tig/termNote[@type='administrativeStatus']") == "deprecatedTerm-admn-sts"
    trample = next(e for e in root.iter("termEntry") if e.findtext("langSet/tig/term") == "Trample")
    assert "rule: 702.19" in [n.text for n in trample.iter("note")] and trample.find("langSet/descrip[@type='definition']") is not None
    assert without_obsolete_mark("Mana Burn (Obsolete)") == "Mana Burn"


def fill_from(worklist: Path, real: dict[str, list[str]], out: Path) -> set[str]:
    """The work list with each rule's units translated as the translators did (a part's Chinese in
    its first unit, its other units translated as empty); the rules filled."""
    tree = etree.parse(str(worklist))
    filled = set()
    for group in tree.iter(f"{NS}group"):
        number = group.get("id")
        if number not in real:
            continue
        for unit in group.iter(f"{NS}trans-unit"):
            part = int(re.search(r"/ex(\d+)/", unit.get("id")).group(1)) if "/ex" in unit.get("id") else 0
            first = unit.get("id").endswith("/1")
            target = unit.find(f"{NS}target")
            target.text = real[number][part] if first and part < len(real[number]) else ""
            target.set("state", "translated")
        filled.add(number)
    tree.write(str(out), encoding="utf-8", xml_declaration=True)
    return filled


def test_the_work_list_back_into_the_next_release(carried_site, tmp_path):
    """Filled from the translators' real 2024 release, the import equals it for every rule filled,
    and keeps the carried Chinese for every other; a second import gives the same bytes."""
    needs_corpus(REAL_NEXT)
    real = parts_of(REAL_NEXT)
    filled = fill_from(data(carried_site, "worklist.xlf"), real, tmp_path / "filled.xlf")
    result = import_xliff(tmp_path / "filled.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    made = parts_of(tmp_path / "next.txt")
    carried = {str(r.number): [r.texts["zh"].text, *(e.text for e in r.texts["zh"].examples)]
               for r in load_corpus(None, [str(EN_NEW)], [str(EN_OLD), str(ZH_OLD)]).shown[0].rules() if "zh" in r.texts}
    assert len(filled) > 100
    assert [n for n in filled if made.get(n) != real[n]] == []
    assert [n for n in made if n not in filled and made[n] != carried.get(n)] == []
    english = {str(r.number) for r in load_corpus(None, [str(EN_NEW)]).editions[0].rules()}
    assert set(made) <= english and len(made) >= len(english) - 5  # a rule with no Chinese is left out, reported
    text = (tmp_path / "next.txt").read_text("utf-8")
    assert text.startswith("万智牌完整规则\n\n此规则于2024年2月2日起生效。") and "\n词汇表\n" in text and "\n版权信息\n" in text
    again = import_xliff(tmp_path / "filled.xlf", tmp_path / "again.txt")
    assert again.returncode == 0 and (tmp_path / "again.txt").read_bytes() == (tmp_path / "next.txt").read_bytes()


@pytest.mark.parametrize("damage, message", [
    (lambda text: "this is not xml", "not an XLIFF file"),
    (lambda text: text.replace('id="205.3h/1"', 'id="999.9/1"', 1), "has no rule 999.9"),
    (lambda text: text.replace("<source>Enchantments have their own", "<source>Widgets have their own", 1),
     "its English is not the edition's"),
])
def test_a_bad_work_list_writes_nothing_and_says_what(carried_site, tmp_path, damage, message):
    bad = tmp_path / "bad.xlf"
    bad.write_text(damage(data(carried_site, "worklist.xlf").read_text("utf-8")), encoding="utf-8")
    result = import_xliff(bad, tmp_path / "next.txt")
    assert result.returncode == 1 and not (tmp_path / "next.txt").exists()
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith(str(bad)), result.stderr


def test_omegat_reads_the_work_list_the_memory_and_the_termbase(carried_site, tmp_path):
    """OmegaT's console mode, on a project with the work list as source, the memory in tm/auto and
    the termbase in glossary/: it offers every English segment, fills the exact matches from the
    memory, and what it writes reads back through import-xliff."""
    if not OMEGAT.exists():
        pytest.fail("OmegaT is missing: run `make cat` (make test does it)")
    project = tmp_path / "project"
    for folder in ("source", "target", "tm/auto", "glossary", "dictionary", "omegat"):
        (project / folder).mkdir(parents=True)
    (project / "omegat.project").write_text(PROJECT, encoding="utf-8")
    shutil.copy(data(carried_site, "worklist.xlf"), project / "source")
    shutil.copy(data(carried_site, "memory.tmx"), project / "tm" / "auto")
    shutil.copy(data(carried_site, "terms.tbx"), project / "glossary")

    def omegat(*mode):
        run = subprocess.run(["java", "-Djava.awt.headless=true", "-jar", str(OMEGAT), str(project), *mode],
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
    log = omegat("--mode=console-translate")
    translated = {u.get("id"): u.findtext(f"{NS}target") for u in etree.parse(str(project / "target" / "worklist.xlf")).iter(f"{NS}trans-unit")}
    exact = {u.get("id"): u.find(f"{NS}alt-trans").findtext(f"{NS}target") for u in units
             if u.find(f"{NS}alt-trans") is not None and u.find(f"{NS}alt-trans").get("match-quality") == "100"}
    from translate.storage import tmx
    memory: dict[str, set[str]] = {}
    for unit in tmx.tmxfile.parsefile(str(project / "tm" / "auto" / "memory.tmx")).getunits():
        memory.setdefault(" ".join(unit.source.split()), set()).add(unit.target)
    sources = {u.get("id"): " ".join(u.findtext(f"{NS}source").split()) for u in units}
    # filled from the memory: the Chinese of its exact match (one of them, where the translation
    # renders one English two ways, as 105.2 and 202.2 do)
    assert len(exact) > 100 and all(translated[i] in memory[sources[i]] for i in exact), \
        [(i, translated[i]) for i in exact if translated[i] not in memory[sources[i]]][:5]
    result = import_xliff(project / "target" / "worklist.xlf", tmp_path / "next.txt")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "rules from the work list" in result.stdout and (tmp_path / "next.txt").stat().st_size > 500_000


def html_unescape(text: str) -> str:
    import html
    return html.unescape(text)
