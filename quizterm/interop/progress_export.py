"""Export the learner's whole progress as one versioned JSON file, to move to another machine."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from quizterm.interop.errors import InteropError
from quizterm.interop.yamlout import write_text_atomic

FORMAT = "quizterm-progress"
VERSION = 1


def attempt_key(answered_at: str, question_id: str, mode: str) -> str:
    """An attempt's identity across machines: when, which question, in which mode."""
    return f"{answered_at}|{question_id}|{mode}"


def _j(text: str | None):
    return None if text is None else json.loads(text)


def progress_data(store, *, now: datetime) -> dict:
    """Everything in ``store`` as JSON-able data (see docs/progress.md for the format)."""
    conn = store.connection
    keys: dict[int, str] = {}
    drill_keys: dict[int, str] = {}
    drills = []
    for did, spec, items, elapsed, duration, status, result, started, finished in conn.execute(
            "SELECT id, spec, items, elapsed_s, duration_s, status, result, started_at, finished_at"
            " FROM drills ORDER BY id"):
        drill_keys[did] = started
        answers = [{"idx": i, "response": _j(r), "answered": bool(a), "flagged": bool(f), "question_s": q}
                   for i, r, a, f, q in conn.execute(
                       "SELECT idx, response, answered, flagged, question_s FROM drill_answers"
                       " WHERE drill_id=? ORDER BY idx", (did,))]
        drills.append({"key": started, "spec": _j(spec), "items": _j(items), "elapsed_s": elapsed,
                       "duration_s": duration, "status": status, "result": _j(result),
                       "started_at": started, "finished_at": finished, "answers": answers})
    attempts = []
    for (aid, qid, lid, mode, resp, ok, seed, order, inst, ms, misc, did, sched, at, over_at) in conn.execute(
            "SELECT a.id, a.question_id, a.lesson_id, a.mode, a.response, a.correct, a.seed, a.option_order,"
            " a.instance, a.time_ms, a.misconception, a.drill_id, a.scheduled, a.answered_at, o.at"
            " FROM attempts a LEFT JOIN overrides o ON o.attempt_id = a.id ORDER BY a.id"):
        keys[aid] = attempt_key(at, qid, mode)
        attempts.append({"question_id": qid, "lesson_id": lid, "mode": mode, "response": _j(resp),
                         "correct": bool(ok), "seed": seed, "option_order": _j(order), "instance": _j(inst),
                         "time_ms": ms, "misconception": misc, "drill": drill_keys.get(did),
                         "scheduled": bool(sched), "answered_at": at, "overridden_at": over_at})
    reviews = [{"key": k, "rating": r, "reviewed_at": at, "duration_ms": ms, "attempt": keys.get(aid)}
               for k, r, at, ms, aid in conn.execute(
                   "SELECT key, rating, reviewed_at, duration_ms, attempt_id FROM review_log ORDER BY id")]
    cards = [{"key": k, "card": json.loads(c), "reps": reps, "lapses": lapses, "updated_at": up}
             for k, c, reps, lapses, up in conn.execute(
                 "SELECT key, card, reps, lapses, updated_at FROM cards ORDER BY key")]
    notebook = [{"question_id": q, "lesson_id": l, "response": _j(r), "instance": _j(i), "seed": s,
                 "option_order": _j(o), "wrong_count": w, "correct_on": _j(c), "leech": bool(le),
                 "first_wrong_at": fw, "last_wrong_at": lw, "since_attempt": keys.get(sa)}
                for q, l, r, i, s, o, w, c, le, fw, lw, sa in conn.execute(
                    "SELECT question_id, lesson_id, response, instance, seed, option_order, wrong_count,"
                    " correct_on, leech, first_wrong_at, last_wrong_at, since_attempt_id FROM notebook"
                    " ORDER BY question_id")]
    reading = [{"lesson_id": l, "position": p, "sections": _j(s), "updated_at": u}
               for l, p, s, u in conn.execute(
                   "SELECT lesson_id, position, sections, updated_at FROM reading ORDER BY lesson_id")]
    settings = {k: _j(v) for k, v in conn.execute("SELECT key, value FROM settings ORDER BY key")}
    return {"format": FORMAT, "version": VERSION, "exported_at": now.isoformat(),
            "attempts": attempts, "reviews": reviews, "cards": cards, "notebook": notebook,
            "reading": reading, "drills": drills, "settings": settings}


def export_progress(store, out: Path, *, now: datetime) -> dict:
    """Write ``store``'s progress to ``out`` (atomically); returns the counts written."""
    data = progress_data(store, now=now)
    try:
        write_text_atomic(out, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    except OSError as exc:
        raise InteropError(f"{out}: cannot write: {exc.strerror or exc}") from None
    return {k: len(v) for k, v in data.items() if isinstance(v, (list, dict))}
