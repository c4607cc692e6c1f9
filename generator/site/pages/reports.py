"""Report pages: what changed since the previous official edition, the translation status of each
edition, and what each source contributed."""
from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from ...history.corpus import DEFAULT_MANIFEST
from ...history.lineage import shared_language
from ...history.sentence_carry import NEW
from ...rules.anchors import rule_id
from ...rules.model import without_obsolete_mark
from ...rules.numbers import RuleNumber
from ...rules.word_diff import word_diff
from ...safe import html_attr, md_text
from ...translation.check import checked
from ...translation.drafting.drafts import draft_pairs, drafts_tmx, edition_drafts, rule_draft, translated_edition, with_drafts
from ...translation.memory_tmx import memory_tmxs
from ...translation.omegat_project import drafts_folder, omegat_project
from ...translation.termbase_tbx import termbase_tbx
from ...translation.worklist_xliff import worklist_xliff
from ..addresses import own_folder
from ..markdown_writer import render
from ..model import SiteModel, lang_tags
from ..render import bilingual_title, rule_link, stale_label
from .front import file_dates
from .layout import english_change, page_meta, source_shown, stale_marks

if TYPE_CHECKING:
    from . import SiteFiles


def status_page(model: SiteModel, files: "SiteFiles") -> None:
    """Translation status of every edition: a bar per chapter, untranslated and stale rules."""
    if not model.current:
        return
    at = model.addresses
    src = at.page(model.current.date, "status")
    sections = []
    for edition in model.editions:
        status = model.status[edition.date]

        def link(number, edition=edition):
            return rule_link(at.rule_href(src, edition.date, number), number)

        def title_href(number, edition=edition):  # a section's place on its chapter's page, or a chapter's page
            return at.rule_href(src, edition.date, RuleNumber(number)) if number >= 100 else \
                at.href(src, at.page(edition.date, number))

        def bar(share):
            # the bar shows the number beside it: a screen reader reads the number once
            return (f'<span class=cr-bar aria-hidden=true><span style="width:{share * 100:.1f}%">'
                    f"</span></span> {share:.1%}")
        stale_in = Counter(s.number.chapter for s in status.stale)  # with Chinese, of English since changed
        rows = [f"<tr><th>全部 All</th><td>{status.rules}</td><td>{status.translated}</td><td>{len(status.stale)}</td>"
                f"<td>{bar(status.share)}</td></tr>"]
        titles = {c.number: bilingual_title(c.number, c.titles) for c in edition.chapters}
        for chapter in status.chapters:
            rows.append(f"<tr><td>{html_attr(titles[chapter.number])}</td><td>{chapter.rules}</td>"
                        f"<td>{chapter.translated}</td><td>{stale_in[chapter.number]}</td><td>{bar(chapter.share)}</td></tr>")
        missing = [n for c in status.chapters for n in c.missing]
        examples = sum(c.examples for c in status.chapters)
        examples_zh = sum(c.examples_translated for c in status.chapters)
        rules = {rule.number: rule for rule in edition.rules()}
        settled = [pair for term_list in model.corpus.term_lists for pair in term_list.terms]
        translated = translated_edition(edition, model.corpus.editions)  # the edition whose translation it carries
        drafts = model.cached(f"drafts-{edition.date}", lambda: edition_drafts(
            edition, translated, settled)) if model.is_current(edition) else {}
        stale = [f"<li>{link(s.number)}: 译自 translates {html_attr(s.translates)}; {html_attr(s.reason)}"
                 + (f'<span class=cr-since lang=en>{change}</span>' if (change := english_change(s, rules.get(s.number))) else "")
                 + _draft(edition, s.number, drafts) + "</li>" for s in status.stale]
        downloads = ""
        if model.is_current(edition):
            findings, data = reviewed(model), f"assets/data/{edition.date}"
            files.assets.update(worklist(edition, status, rules, findings, drafts))
            pairs = draft_pairs(with_drafts(parts_of(edition, number), found) for number, found in drafts.items())
            files.assets[f"{data}/drafts.tmx"] = drafts_tmx(pairs).decode("utf-8")
            banded: dict[str, list] = {}
            for pair in pairs:
                banded.setdefault(drafts_folder(pair[2]), []).append(pair)
            memories = model.cached("memory", lambda: memory_tmxs(model.corpus.editions))
            files.assets[f"{data}/memory.tmx"] = memories[0].decode("utf-8")
            files.assets[f"{data}/terms.tbx"] = termbase_tbx(model.termbase).decode("utf-8")
            files.assets[f"{data}/{OMEGAT_ZIP}"] = omegat_project(
                f"cr-{edition.date}-omegat", files.assets[f"{data}/worklist.xlf"],
                (memories[1].decode("utf-8"), memories[2].decode("utf-8")), files.assets[f"{data}/terms.tbx"],
                {folder: drafts_tmx(band).decode("utf-8") for folder, band in banded.items()})

            def download(name, label):  # saved under the English edition's date: two rounds' files never mix
                return (f'<a href="{html_attr(at.asset(src, f"{data}/{name}"))}" '
                        f'download="{html_attr(f"cr-{edition.date}-{name}")}">{label}</a>')
            downloads = (f"<p>OmegaT 项目 OmegaT project: {download(OMEGAT_ZIP, 'ZIP')} (解压后用 OmegaT 打开 unzip, "
                         "then open it in OmegaT: the work list, the memory and the termbase in place)</p>"
                         f"<p>译者工作清单 Work list for translators: {download('worklist.xlf', 'XLIFF')} "
                         f"(CAT 工具 for CAT tools: OmegaT, Trados, memoQ) · {download('worklist.csv', 'CSV')} · "
                         f"{download('worklist.json', 'JSON')} (供阅读与排序，导入只读 XLIFF to read and sort: "
                         "the import reads the XLIFF); 翻译记忆 translation memory "
                         f"{download('memory.tmx', 'TMX')}, 术语库 termbase {download('terms.tbx', 'TBX')}, "
                         f"草稿 drafts {download('drafts.tmx', 'TMX')}</p>"
                         f"<p>草稿 Drafts: {len(drafts)} 条规则 rules ({_drafts_note}; 本页列出每条规则的草稿，"
                         "逐句的草稿见工作清单与 drafts.tmx: this page shows each rule's, the work list and "
                         "drafts.tmx each sentence's)</p>"
                         + _hand_back(edition, translated))
            if findings:
                downloads += (f'<p><a href="{html_attr(at.href(src, at.page(edition.date, "review")))}">译文检查 '
                              f"Translation check</a>: 最可能需要修改的 {len(findings)} 条规则与词汇表条目及其理由 the "
                              "rules and glossary entries most likely to need a fix, each with its reasons.</p>")
        body = (f'<table class=cr-status><thead><tr><th>章 Chapter</th><th>规则 Rules</th><th>有中文 With Chinese</th>'
                f'<th>其中旧译 Of them stale</th><th>比例 Share</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
                f"<p>例子 Examples: {examples_zh} / {examples} 有中文 with Chinese.</p>"
                + _without_translation(edition, missing, rules, drafts, link)
                + f"<p><b>旧译 Stale translations ({len(stale)})</b></p><ul>{''.join(stale) or '<li>—</li>'}</ul>"
                + _other_work(status, title_href, glossary_hrefs(model, src) if model.is_current(edition) else {})
                + downloads)
        sections.append({"heading": md_text(edition.date), "anchor": f"status-{edition.date}", "html": body,
                         "wrapper": "cr-report"})
    files.pages.append(render("chapter.md.j2", src, "翻译状态 Translation status", sections=sections,
                              meta=page_meta(model, model.current, src)))


def _hand_back(edition, translated) -> str:
    """How the translation comes back, as the command for this build's own files: which file goes
    where, and the new release's name, are not left to a translator's guess."""
    def shown(of, lang: str) -> str | None:
        spec = next((s for s in of.sources if lang in s.languages), None) if of is not None else None
        return html_attr(_from_project(spec)) if spec else None
    new_en, old_zh, old_en = shown(edition, "en"), shown(translated, "zh"), shown(translated, "en")
    # the official file's date where it is not the edition's (its name, or the name it was fetched under)
    date = next(iter(file_dates([edition])), edition.date).replace("-", "")
    return ("<p>交回译文 Handing the translation back: 在 OmegaT 中 <i>Project → Create Translated Documents</i> "
            "写出 writes <code>target/worklist.xlf</code>；再用 then <code>python -m generator import-xliff "
            f"target/worklist.xlf --translation {old_zh or '&lt;旧译 old translation&gt;'} --out {date}_Zh.txt "
            f"--no-manifest --source {new_en or '&lt;新英文 new English&gt;'} "
            f"--history {old_en or '&lt;旧译所译英文 the English it translates&gt;'}</code> "
            "生成下一版纯文本，并列出尚无中文的部分 makes the next release of the plain text and lists what has "
            f"no Chinese yet. 新版以英文文件的日期命名 The release is named by the English file's date ({date}), "
            "as the translation's <code>plain_text/</code> files are, not by the effective date "
            f"({html_attr(edition.date)}). 工具预填而未经确认的草稿不会写入 A draft a tool filled in and nobody "
            "confirmed is never written.</p>")


PROJECT = DEFAULT_MANIFEST.parent.parent  # where `python -m generator` runs: mkdocs.yml, docs_src/


def _from_project(spec) -> str:
    """A source's path as a command run from the project's folder names it (docs_src/sources/…, not
    the manifest's sources/…: a maintainer's review ran the hand-back command and got 'No such
    file'); a file outside the project by its name, as the page shows it."""
    try:
        return Path(spec.file).resolve().relative_to(PROJECT).as_posix()
    except ValueError:
        return source_shown(spec.path)


_drafts_note = ("旧译套用英文改动，或新规则取自平行规则；方括号中的英文尚待翻译，草稿须经译者确认 the older Chinese "
                "with the English edit carried over, or a new rule from its parallels; English in brackets is "
                "left to translate, and a draft is the translators' only once they confirm it")


def parts_of(edition, number) -> tuple:
    """A rule's parts as the work list gives them: a stale rule's carried sentences, or a new
    rule's (with the memory's suggestions)."""
    carried = edition.carried.get(number)
    return carried.parts if carried is not None and carried.stale and carried.parts else edition.suggested.get(number, ())


def _draft(edition, number, drafts) -> str:
    """A stale rule's text as drafted, on the status page, marked where it differs from the older
    Chinese, as the English change above it is: what to check is what the draft changed."""
    if number not in drafts:
        return ""
    parts = with_drafts(parts_of(edition, number), drafts[number])
    text = rule_draft(parts)
    older = "".join(s.zh or "" for s in parts[0] if s.state != NEW) if text else ""
    return f'<span class=cr-draft lang=zh-Hans>草稿 draft: {word_diff(older, text)}</span>' if text else ""


def _without_translation(edition, missing: list, rules: dict, drafts: dict, link) -> str:
    """The rules with no Chinese: those with a draft each with its English and the draft (a new
    rule's, from its parallels: a draft to start from, where the translators read what is left;
    unmarked, there is no older Chinese to differ from), the others as links."""
    texts = {n: rule_draft(with_drafts(parts_of(edition, n), drafts[n])) for n in missing if n in drafts}
    drafted_rules = [n for n in missing if texts.get(n)]
    others = [link(n) for n in missing if not texts.get(n)]
    out = f"<p><b>无译文 Without a translation ({len(missing)})</b>: {' '.join(others) or '—'}"
    if not drafted_rules:
        return out + "</p>"
    return (out + f"{'; ' if others else ' '}草稿如下 with a draft below ({len(drafted_rules)})</p><ul>"
            + "".join(f"<li>{link(n)}: <span class=cr-since lang=en>{html_attr(_english(rules.get(n)))}</span>"
                      f"<span class=cr-draft lang=zh-Hans>草稿 draft: {html_attr(texts[n])}</span></li>"
                      for n in drafted_rules) + "</ul>")


def _english(rule) -> str:
    text = rule.texts.get("en") if rule is not None else None
    return text.text if text is not None else ""


def _other_work(status, section_href, term_hrefs: dict[str, str]) -> str:
    """The titles and glossary entries left to translate, where there are any, each a link to its place."""
    def linked(href, text):
        return f'<a href="{html_attr(href)}">{text}</a>' if href else text
    out = ""
    if status.titles:
        out += (f"<p><b>无译文的标题 Titles without a translation ({len(status.titles)})</b>: "
                + " · ".join(linked(section_href(number), f"{number} {html_attr(title)}") for number, title in status.titles)
                + "</p>")
    if status.glossary:
        out += (f"<p><b>词汇表 Glossary entries new or changed ({len(status.glossary)})</b>: "
                + " · ".join(linked(term_hrefs.get(term.name) or term_hrefs.get(term.term), html_attr(term.term))
                             + (f" (译自 translates {html_attr(term.translates)})" if term.translates else "")
                             for term in status.glossary) + "</p>")
    return out


def glossary_hrefs(model: SiteModel, src: str) -> dict[str, str]:
    """Each glossary entry's link from page `src`, by its English name (the current edition's glossary)."""
    page = model.addresses.page(model.current.date, "glossary")
    return {t.glossary.en.name: model.addresses.href(src, page, t.anchor)
            for t in model.termbase.terms.values() if t.glossary is not None and t.glossary.en is not None and t.anchor}


OMEGAT_ZIP = "omegat-project.zip"
REVIEW_SHARE, REVIEW_LEAST = 0.05, 20  # the check's page lists the first 5% of the rules, 20 at least


def reviewed(model: SiteModel) -> list:
    """The check's findings worth a translator's time: the first 5% of the translated rules and
    glossary entries."""
    return model.review[:max(REVIEW_LEAST, int(REVIEW_SHARE * checked(model.current)))] if model.current else []


def review_page(model: SiteModel, files: "SiteFiles") -> None:
    """The check of the current translation for translators: each rule and glossary entry most likely
    to need a fix, linked to its place, its reasons, and both texts; the entries listed first too."""
    findings = reviewed(model)
    if not findings:
        return
    at = model.addresses
    src = at.page(model.current.date, "review")
    glossary = at.page(model.current.date, "glossary")
    entries = {t.glossary.en.name: t for t in model.termbase.terms.values() if t.glossary and t.glossary.en}
    items, listed = [], []
    for finding in findings:
        own = ""
        if finding.term:  # a glossary entry: its place on the glossary page
            term = entries[finding.term]  # the termbase holds the current edition's glossary, every entry by name
            name = f"{html_attr(finding.term)}</a> <span lang=zh-Hans>{html_attr(term.zh or '')}</span>"
            link = f'词汇表 Glossary <a href="{html_attr(at.href(src, glossary, term.anchor))}">{name}'
            own = f' id="check-{html_attr(term.anchor)}"'
            listed.append(f'<a href="#check-{html_attr(term.anchor)}">{name}')
        else:
            link = rule_link(at.rule_href(src, model.current.date, finding.number), finding.number)
        reasons = "".join(f"<li>{html_attr(reason.text)}</li>" for reason in finding.reasons)
        items.append(f'<li class=cr-review{own}><p class=cr-review__head>{link} <span class=cr-review__score>得分 score '
                     f'{finding.score:g}</span></p><ul class=cr-review__reasons>{reasons}</ul>'
                     f'<p lang=en>{html_attr(finding.en)}</p><p lang=zh-Hans>{html_attr(finding.zh)}</p></li>')
    intro = ("<p>按需要修改的可能性排列：越靠前，证据越具体（术语与词汇表不符、只在一种语言中出现的术语、缺少的句子、"
             "不同的规则编号、重复的字、括号中的英文、英文已改而中文未改、与全文通常译法不同的短语、"
             "与平行规则不一致的句子、后续版本已替换的译法、半角标点与多余空格）。"
             "Ranked by how likely the Chinese needs a fix: the higher, the more specific the evidence (a term "
             "unlike the glossary, a term in one language only, a missing sentence, a cited number that differs, "
             "a doubled character, English left in brackets, an English edit the Chinese did not follow, a phrase "
             "rendered otherwise than the rest of the document, a sentence unlike its parallel rules, a wording a "
             "later release replaced, half-width marks and stray spaces). "
             "词汇表的释义也一并检查。Glossary definitions are checked too. "
             "<code>python -m generator check-translation</code> lists every rule and entry.</p>")
    if listed:  # for whoever keeps the glossary: its entries in the list, each a jump to its place there
        intro += f"<p>其中的词汇表条目 Glossary entries in this list ({len(listed)}): {' · '.join(listed)}</p>"
    sections = [{"heading": md_text(f"最可能需要修改的规则与词汇表条目 Most likely to need a fix ({len(findings)})"),
                 "anchor": "review", "html": intro + f"<ol class=cr-review-list>{''.join(items)}</ol>",
                 "wrapper": "cr-report"}]
    files.pages.append(render("chapter.md.j2", src, "译文检查 Translation check", sections=sections,
                              meta=page_meta(model, model.current, src)))


def worklist(edition, status, rules: dict, findings: list = (), drafts: dict | None = None) -> dict[str, str]:
    """What is left to translate in the current edition, to translate from: each stale and each
    untranslated rule with its English now, and for a stale one the English its Chinese was made
    for and that Chinese; then the rules the check of the translation puts first (status "check"),
    with its reasons (the column "check", on every row it has reasons for); between them the chapter
    and section titles without Chinese (their number in the column "rule"). As CSV (a rule a row),
    as JSON (with each part's sentences where the Chinese was carried sentence by sentence) and as
    XLIFF (translation/worklist_xliff.py). Each stale or untranslated rule has its text as drafted
    (translation/drafting/drafts.py; the column "draft"), and in the JSON each sentence its draft."""
    drafts = drafts or {}
    rows, sentences = [], {}
    checked = {f.key: f for f in findings}
    for s in status.stale:
        en, zh = rules[s.number].texts.get("en"), rules[s.number].texts.get("zh")
        rows.append({"rule": str(s.number), "status": "stale", "translates": s.translates,
                     "english": en.text if en else "", "english_then": s.english or "", "chinese": zh.text if zh else ""})
        carried = edition.carried.get(s.number)
        if carried is not None and carried.parts:
            parts = with_drafts(carried.parts, drafts.get(s.number))
            sentences[str(s.number)] = [None if part is None else [seg._asdict() for seg in part] for part in parts]
            rows[-1]["draft"] = rule_draft(parts)
    for number in (n for c in status.chapters for n in c.missing):
        parts = with_drafts(edition.suggested.get(number, ()), drafts.get(number))
        rows.append({"rule": str(number), "status": "untranslated", "translates": "",
                     "english": _english(rules[number]), "english_then": "", "chinese": "",
                     "draft": rule_draft(parts)})
        if parts:
            sentences[str(number)] = [None if part is None else [seg._asdict() for seg in part] for part in parts]
    rows += [{"rule": str(number), "status": "untranslated", "translates": "", "english": title, "english_then": "",
              "chinese": "", "draft": ""} for number, title in status.titles]  # a chapter's or section's title
    listed = {row["rule"] for row in rows}
    rows += [{"rule": number, "status": "check", "translates": "", "english": f.en, "english_then": "", "chinese": f.zh}
             for number, f in checked.items() if number not in listed and not f.term]
    for row in rows:
        row.setdefault("draft", "")
        row["term"] = ""
    # a glossary entry: its name on the first line in both languages, then its definition, line for line
    rows += [{"rule": "", "status": "stale" if term.translates else "untranslated", "translates": term.translates or "",
              "english": "\n".join([term.name, *term.definition]),
              "english_then": "\n".join([term.name, *term.english_then]) if term.english_then else "",
              "chinese": "\n".join([term.zh_name, *term.zh_definition]) if term.zh_name else "", "draft": "",
              "term": term.name}
             for term in status.glossary]
    listed_terms, names = {term.name for term in status.glossary}, {p.en.name: p.zh.name for p in edition.glossary if p.en and p.zh}
    rows += [{"rule": "", "status": "check", "translates": "", "english": "\n".join([f.term, f.en]), "english_then": "",
              "chinese": "\n".join([names.get(f.term, ""), f.zh]), "draft": "", "term": f.term}
             for f in findings if f.term and f.term not in listed_terms]
    for row in rows:
        found = checked.get(row["term"] or row["rule"])
        row["check"] = " | ".join(reason.text for reason in found.reasons) if found else ""
    out = io.StringIO("\ufeff")  # a byte order mark: Excel, opening the file by itself, then reads UTF-8, not the Chinese garbled
    out.seek(0, io.SEEK_END)
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["rule"], lineterminator="\n")
    writer.writeheader()
    writer.writerows({key: _inert(value) for key, value in row.items()} for row in rows)
    described = [row | ({"sentences": sentences[row["rule"]]} if row["rule"] in sentences else {}) for row in rows]
    prefix = f"assets/data/{edition.date}/worklist"
    return {f"{prefix}.json": json.dumps(described, ensure_ascii=False, indent=1) + "\n", f"{prefix}.csv": out.getvalue(),
            f"{prefix}.xlf": worklist_xliff(edition, status, rules, findings, drafts).decode("utf-8")}


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula at a cell's start


def _inert(value: str) -> str:
    """A cell a spreadsheet shows as text: one starting as a formula does (=, +, -, @, from a
    source or a volunteer's translation: +cmd|' /C calc'!A0) gets an apostrophe before it."""
    return "'" + value if value.startswith(FORMULA_START) else value


CHANGE_SECTIONS = (  # heading, the link kinds it lists; what a judge reads first first (the 6 changed rules
    # came after 38 added and 105 renumbered ones, 37,000 px down a phone's page)
    ("修改 Changed", ("edited",)), ("新增 Added", ("added",)), ("删除 Removed", ("removed",)),
    ("改号 Renumbered", ("moved", "moved-edited")), ("引用编号更新 Cited numbers updated", ("references",)),
    ("仅排印改动 Typography only", ("typography",)),
)


def changes_page(model: SiteModel, files: "SiteFiles") -> None:
    """What changed since the previous edition of the official text, when the build has one: the
    lineage of every rule (a change of cited numbers only is no change). The previous edition may
    have no pages of its own (`fetch` keeps it for history only): its numbers are then text, and
    its removed rules are read here."""
    new, old, lineage = model.current, model.previous, model.changes
    if old is None:
        return
    lang = shared_language(old, new)
    paged = any(e is old for e in model.editions)
    before = {r.number: r.texts[lang] for r in old.rules() if lang in r.texts}
    after = {r.number: r.texts[lang] for r in new.rules() if lang in r.texts}
    rules = {r.number: r for r in new.rules()}
    chinese = {n: r.texts["zh"].text for n, r in rules.items() if "zh" in r.texts} if lang != "zh" else {}
    # the mark of a Chinese made for older English, as on the rule's page (a judge read the old Chinese
    # under a changed rule's English with no word of it)
    stale = {n: stale_label(*mark) for n, mark in stale_marks(model, new, rules).items()}
    zh_tag = lang_tags(new)["zh"]
    at = model.addresses
    src = at.page(new.date, "changes")

    def link(edition, number):
        if number is None:
            return ""
        if edition is old and not paged:
            return html_attr(str(number))
        return rule_link(at.rule_href(src, edition.date, number), number)

    def body(change) -> str:
        if change.kind == "added":
            return html_attr(after[change.new].text)
        if change.kind == "removed":
            return f"<del>{html_attr(before[change.old].text)}</del>"
        x, y = before[change.old], after[change.new]
        # the numbers or marks, which are all that changed (a renumbered rule's citations too: "see rule
        # 720.1f" → 721.1f, which a historian's review found unmarked among the renumbered)
        if change.kind in ("references", "typography", "moved"):
            return word_diff(x.text, y.text) + "".join("<br><i>Example:</i> " + word_diff(was.text, example.text)
                                                       for was, example in zip(x.examples, y.examples))
        shown = word_diff(lineage.rewrite(x.text), y.text) if change.text_changed else html_attr(y.text)
        for i, example in enumerate(y.examples):
            was = lineage.rewrite(x.examples[i].text) if i < len(x.examples) else ""
            shown += "<br><i>Example:</i> " + (word_diff(was, example.text) if change.examples_changed else html_attr(example.text))
        return shown
    sections, named = [], []  # (anchor, title) of each section
    for heading, kinds in CHANGE_SECTIONS:
        rows = []
        for change in (c for c in lineage.rules if c.kind in kinds):
            where = (f"{link(old, change.old)} → {link(new, change.new)}" if change.old and change.new and change.old != change.new
                     else link(new, change.new) or link(old, change.old))
            # each row its own address, cr/changes/#change-cr702-37c (a removed rule's: #change-was-cr719-1),
            # the change a judge points at, the row's # its link
            row = f"change-{rule_id(change.new)}" if change.new else f"change-was-{rule_id(change.old)}"
            # today's Chinese of an added or changed rule under what changed in the English (a reader
            # of the Chinese reads what the rule says now; the change itself is the English's)
            now = (f'<div lang={zh_tag}>{html_attr(chinese[change.new])}{stale.get(change.new, "")}</div>'
                   if change.new in chinese and change.kind != "removed" else "")
            rows.append(f'<tr id="{row}"><td><a class=cr-change-link href="#{row}" aria-label="链接到此变更 Link to this '
                        f'change">#</a> {where}</td><td><div lang={lang}>{body(change)}</div>{now}</td></tr>')
        named.append((f"changes-{kinds[0]}", f"{heading} ({len(rows)})"))
        sections.append({"heading": md_text(named[-1][1]), "anchor": named[-1][0],
                         "html": (_section_moves(lineage) if "moved" in kinds else "") + _changes_table(("规则 Rule", "文字 Text"), rows),
                         "wrapper": "cr-report"})
    definitions = ({p.en.term: " ".join(p.en.definition) for p in old.glossary if p.en},
                   {p.en.term: " ".join(p.en.definition) for p in new.glossary if p.en})
    term_hrefs = glossary_hrefs(model, src)
    # today's Chinese of each entry, name and definition, as the glossary page has them (a new keyword
    # named by the translators since: 伪装 Disguise); a release-day judge found the table English alone
    terms = {t.glossary.en.name: t for t in model.termbase.terms.values() if t.glossary and t.glossary.en}
    glossary = []
    for t in (t for t in lineage.glossary if t.kind != "unchanged"):
        was, now = definitions[0].get(t.old, ""), definitions[1].get(t.new, "")
        term = terms.get(without_obsolete_mark(t.new)) if t.new else None
        zh = term.glossary.zh if term and term.glossary.zh else None
        today = f'<div lang={zh_tag}>{html_attr(" ".join(zh.definition))}</div>' if zh else ""
        # an entry whose cited numbers alone changed after those whose words did, as the rules' sections
        glossary.append((t.kind == "references", f"<tr><td>{_glossary_names(t, term_hrefs, term, zh_tag)}</td>"
                         f"<td>{GLOSSARY_CHANGES[t.kind]}</td><td><div lang={lang}>{word_diff(was, now)}</div>{today}</td></tr>"))
    glossary = [row for _, row in sorted(glossary, key=lambda row: row[0])]
    named.append(("changes-glossary", f"词汇表 Glossary ({len(glossary)})"))
    sections.append({"heading": md_text(named[-1][1]), "anchor": named[-1][0],
                     "html": _changes_table(("术语 Term", "变化 Change", "释义 Definition"), glossary),
                     "wrapper": "cr-report"})
    # in the sections' order and words (a release-day judge read "moved 105, references 15" over
    # "Renumbered (105)" and "Cited numbers updated (15)")
    counts = lineage.counts()
    named_counts = [(names, counts[kind]) for kind, names in SUMMARY_NAMES.items() if counts.get(kind)]
    summary = ", ".join(f"{en} {n}" for (_, en), n in named_counts)
    summary_zh = "，".join(f"{zh} {n}" for (zh, _), n in named_counts)
    # each section a tap away, under the names its heading has
    jumps = " · ".join(f'<a href="#{anchor}">{html_attr(title)}</a>' for anchor, title in named)
    meta = page_meta(model, new, src) + (f'\n<p class="cr-changes-summary">{html_attr(old.date)} → '
                                         f'{html_attr(new.date)}: <span lang=en>{html_attr(summary)}<br></span><span lang={zh_tag}>'
                                         f'{html_attr(summary_zh)}</span></p>\n<p class="cr-changes-jumps">{jumps}</p>')
    files.pages.append(render("chapter.md.j2", src, f"变更 Changes since {old.date}", sections=sections, meta=meta))


GLOSSARY_CHANGES = {"added": "新增 Added", "edited": "改写 Edited", "removed": "删除 Removed", "renamed": "改名 Renamed",
                    "obsolete": "废止 Obsolete", "revived": "恢复 Revived", "references": "引用编号更新 Cited numbers updated"}
# each kind of change as the summary names it, in both languages, in the order of the page's sections
SUMMARY_NAMES = {"edited": ("修改", "changed"), "added": ("新增", "added"), "removed": ("删除", "removed"),
                 "moved": ("改号", "renumbered"), "moved-edited": ("改号并修改", "renumbered and changed"),
                 "references": ("引用编号更新", "cited numbers updated"), "typography": ("仅排印改动", "typography only")} | {
    f"glossary {kind}": ("词汇表" + label.split(" ", 1)[0], "glossary " + label.split(" ", 1)[1].lower())
    for kind, label in GLOSSARY_CHANGES.items()}


def _glossary_names(link, hrefs: dict[str, str], term, zh_tag: str) -> str:
    """A changed glossary entry's name, once unless it was renamed, a link to its entry where the
    glossary has it, with today's Chinese name under it (`term`'s, the termbase's: the table said
    "Day → Day", in English alone, and led nowhere)."""
    shown = html_attr(link.new or link.old)
    if link.new and without_obsolete_mark(link.new) in hrefs:
        shown = f'<a href="{html_attr(hrefs[without_obsolete_mark(link.new)])}">{shown}</a>'
    if link.kind == "renamed":
        shown = f"{html_attr(link.old)} → {shown}"
    if term is not None and term.zh:
        shown += f"<br><span lang={zh_tag}>{html_attr(term.zh)}</span>"
    return shown


def sources_page(model: SiteModel, files: "SiteFiles") -> None:
    rows = []
    for loaded in model.corpus.loaded:
        spec, counts = loaded.report.spec, loaded.report.counts
        rows.append({
            "title": html_attr(spec.title or source_shown(spec.path)), "path": html_attr(source_shown(spec.path)),
            "format": spec.format, "edition": html_attr(spec.edition or "—"), "role": spec.role,
            "languages": "+".join(spec.languages) + (f" ({spec.script})" if spec.script else ""),
            "rules": counts["rules"], "examples": counts["examples"], "glossary": counts["glossary"],
            "terms": counts["terms"], "skipped": len(loaded.report.skipped),
            "warnings": len(loaded.report.warnings), "errors": len(loaded.report.errors),
        })
    files.pages.append(render("sources.md.j2", own_folder("sources"), "来源 Sources", rows=rows))


def _section_moves(lineage) -> str:
    """The sections that moved, in one line over the renumbered rules (a release-day judge wanted
    "719 → 720 … 728 → 729" before 105 rows), or nothing."""
    moves = [f"{old} → {new}" for old, new in sorted(lineage.sections.items()) if old != new]
    return f'<p class="cr-section-moves">节 Sections: {html_attr(", ".join(moves))}</p>' if moves else ""


def _changes_table(headers: tuple[str, ...], rows: list[str]) -> str:
    """A table of changes, its columns named for a screen reader; none: a line that says so."""
    if not rows:
        return "<p>无 None</p>"
    head = "".join(f"<th>{header}</th>" for header in headers)
    return f"<table class=cr-changes><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
