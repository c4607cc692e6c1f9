"""The search query set and how to score a ranking against it (used by the quality test and by
bench/search_quality.py): the hand-written questions of tests/search_queries.yml, and every
keyword and glossary term of the edition by its English and its Chinese name."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from generator.rules.model import is_title_text, without_obsolete_mark

NOTE = re.compile(r"（[^）]*）$")  # 鹏洛客（旧译旅法师）: a translator's note, not what a reader types
HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "search_queries.yml"
READERS_WORDS = HERE / "search_readers_words.yml"
WHOLE_SENTENCES = HERE / "search_questions.yml"
# questions the search was not tuned on, each set written before a day's changes (the last after
# them, before it was run): the bench measures them, no test holds them
UNSEEN_QUESTIONS = [HERE / "search_questions_unseen.yml", HERE / "search_questions_unseen_2.yml",
                    HERE / "search_questions_unseen_3.yml", HERE / "search_questions_unseen_4.yml",
                    HERE / "search_questions_unseen_5.yml", HERE / "search_questions_unseen_6.yml",
                    HERE / "search_questions_unseen_7.yml", HERE / "search_questions_unseen_8.yml",
                    HERE / "search_questions_unseen_9.yml", HERE / "search_questions_unseen_10.yml",
                    HERE / "search_questions_unseen_11.yml", HERE / "search_questions_unseen_12.yml",
                    HERE / "search_questions_unseen_13.yml", HERE / "search_questions_unseen_14.yml",
                    HERE / "search_questions_unseen_15.yml", HERE / "search_questions_unseen_16.yml",
                    HERE / "search_questions_unseen_17.yml", HERE / "search_questions_unseen_18.yml",
                    HERE / "search_questions_unseen_19.yml",
                    HERE / "search_questions_unseen_20.yml"]


def asked_in(path: Path) -> list[tuple[str, list[str]]]:
    """A question file's (query, answers), every answer a string."""
    return [(str(q), [str(a) for a in answers]) for q, answers in yaml.safe_load(path.read_text("utf-8"))["questions"]]


def query_set(edition) -> list[tuple[str, list[str], bool]]:
    """(query, answers, by name): by name, another entry of exactly that name counts as right too
    (two entries with one name cannot be told apart by it)."""
    queries = [(q, answers, False) for q, answers in asked_in(QUESTIONS)]
    for chapter in edition.chapters:
        for section in chapter.sections:
            if section.number not in (701, 702):
                continue
            for rule in section.rules:
                en, zh = rule.texts.get("en"), rule.texts.get("zh")
                if en is None or not is_title_text(en.text):
                    continue
                answers = [str(rule.number), f"term:{en.text}"]
                queries.append((en.text, answers, True))
                if zh is not None and len(zh.text) <= 12:
                    queries.append((zh.text, answers, True))
    for pair in edition.glossary:
        if pair.en is None:
            continue
        answers = [f"term:{pair.en.name}"]
        queries.append((pair.en.name, answers, True))
        if pair.zh is not None:
            queries.append((NOTE.sub("", without_obsolete_mark(pair.zh.name)), answers, True))
    return queries


def rank(results: list, answers: list[str], query: str, by_name: bool, current: str) -> int | None:
    """The 1-based place of the first right result, or None."""
    for place, (_, kind, number, title_en, title_zh, edition) in enumerate(results, 1):
        for answer in answers:
            if answer.startswith("term:"):
                if kind == "term" and (title_en or "").casefold() == answer[5:].casefold():
                    return place
            elif kind != "term" and number == answer and edition == current:
                return place
        if by_name and query.casefold() in ((title_en or "").casefold(), title_zh or ""):
            return place
    return None


def figures(places: list[int | None]) -> dict:
    n = len(places)
    return {"queries": n,
            "top1": sum(1 for p in places if p == 1) / n,
            "top3": sum(1 for p in places if p is not None and p <= 3) / n,
            "mrr": sum(1 / p for p in places if p) / n}
