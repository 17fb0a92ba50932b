"""Assemble valid files into a Bank and check what no single file can: ids and references."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from quizterm.content.bank import Bank, Origin
from quizterm.content.file_result import FileResult
from quizterm.content.problems import Problem


def _hint(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""


ItemCheck = Callable[[object], Iterable[tuple[str, str]]]
"""Extra per-question checks: ``check(question) -> [(key inside the item, message), ...]``."""


def assemble(results: list[FileResult], item_checks: ItemCheck | None = None) -> tuple[Bank, list[Problem]]:
    """Build the bank from per-file results (in load order) and report cross-file problems.

    The first lesson or question with an id wins; a later duplicate is left out and reported at
    its own ``id`` naming the first. References to unknown ids are reported where they are written.
    A question that ``item_checks`` complains about (an unknown generator, say) is left out.

    Files set aside for their own problems still take part, through what could be read from
    their raw YAML (``lesson`` key, question ids, a lesson's ``id`` and ``questions`` list), so
    one run reports every problem; they add nothing to the bank.
    """
    bank = Bank()
    problems: list[Problem] = []
    set_aside = {qid for res in results for qid in res.set_aside_ids}
    set_aside_lessons = {res.raw_id for res in results if res.raw_id is not None}
    lesson_file: dict[str, FileResult] = {}
    lesson_seen: dict[str, Origin] = {}  # every lesson id, set-aside files included

    def lesson_id_seen(res: FileResult, lesson_id: str) -> bool:
        first = lesson_seen.get(lesson_id)
        if first is not None:
            problems.append(res.problem("id", f"duplicate lesson id '{lesson_id}' (first defined at"
                                              f" {first.path}:{first.line})"))
            return True
        line, col = res.at("")
        lesson_seen[lesson_id] = Origin(res.path, line, col)
        return False

    for res in results:
        lesson = res.lesson
        if lesson is None:
            if res.raw_id is not None:
                lesson_id_seen(res, res.raw_id)
            continue
        if lesson_id_seen(res, lesson.id):
            continue
        bank.lessons[lesson.id] = lesson
        line, col = res.at("")
        bank.origins[f"lesson:{lesson.id}"] = Origin(res.path, line, col)
        lesson_file[lesson.id] = res

    question_seen: dict[str, Origin] = {}  # every question id, set-aside files included

    def question_id_seen(res: FileResult, key: str, qid: str) -> bool:
        first = question_seen.get(qid)
        if first is not None:
            problems.append(res.problem(f"{key}.id", f"duplicate question id '{qid}' (first defined"
                                                     f" at {first.path}:{first.line})"))
            return True
        line, col = res.at(key)
        question_seen[qid] = Origin(res.path, line, col)
        return False

    def check_lesson(res: FileResult, lesson_id: str) -> None:
        if lesson_id not in bank.lessons and lesson_id not in set_aside_lessons:
            problems.append(res.problem("lesson", f"unknown lesson '{lesson_id}'{_hint(lesson_id, bank.lessons)}"
                                                  f" (loaded lessons: {', '.join(bank.lessons) or 'none'})"))

    for res in results:
        qb = res.bank
        if qb is None:
            if res.raw_lesson is not None:
                check_lesson(res, res.raw_lesson)
            for i, qid in res.raw_question_ids:
                question_id_seen(res, f"questions[{i}]", qid)
            continue
        check_lesson(res, qb.lesson)
        lesson = bank.lessons.get(qb.lesson)
        objectives = lesson.objective_ids() if lesson else None
        pitfalls = lesson.pitfall_ids() if lesson else None
        for i, q in enumerate(qb.questions):
            key = f"questions[{i}]"
            if question_id_seen(res, key, q.id):
                continue
            if item_checks is not None:
                found = [res.problem(f"{key}.{where}", message) for where, message in item_checks(q)]
                if found:
                    problems.extend(found)
                    set_aside.add(q.id)
                    continue
            bank.questions[q.id] = q
            bank.lesson_of_question[q.id] = qb.lesson
            line, col = res.at(key)
            bank.origins[f"question:{q.id}"] = Origin(res.path, line, col)
            if objectives is not None and q.objective not in objectives:
                problems.append(res.problem(
                    f"{key}.objective", f"objective '{q.objective}' is not declared by lesson"
                    f" '{qb.lesson}'{_hint(q.objective, objectives)} (declared: {', '.join(sorted(objectives))})"))
            if pitfalls is not None:
                problems.extend(_misconceptions(res, key, q, pitfalls, qb.lesson))

    def check_refs(res: FileResult, refs) -> None:
        for i, qid in refs:
            if qid not in bank.questions and qid not in set_aside:  # set-aside ones are reported already
                problems.append(res.problem(f"questions[{i}]", f"unknown question id '{qid}'"
                                                              f"{_hint(qid, bank.questions)}"))

    for res in results:
        if res.lesson is not None:
            if lesson_file.get(res.lesson.id) is res:  # not a left-out duplicate
                check_refs(res, enumerate(res.lesson.questions))
        elif res.raw_id is not None or res.raw_refs:
            check_refs(res, res.raw_refs)
    return bank, problems


def _misconceptions(res: FileResult, key: str, q, pitfalls: set[str], lesson_id: str) -> list[Problem]:
    out = []
    fields = q.__dict__  # plain dict access: pydantic's __getattr__ for absent fields is slow
    named = [(f"{key}.misconception", fields.get("misconception"))]
    named += [(f"{key}.choices[{j}].misconception", c.misconception)
              for j, c in enumerate(fields.get("choices") or ()) if c.misconception is not None]
    for where, pitfall in named:
        if pitfall is not None and pitfall not in pitfalls:
            out.append(res.problem(where, f"misconception '{pitfall}' is not a pitfall id of lesson"
                                          f" '{lesson_id}'{_hint(pitfall, pitfalls)}"
                                          f" (pitfalls: {', '.join(sorted(pitfalls)) or 'none'})"))
    return out
