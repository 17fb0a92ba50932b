"""kill -9 in the middle of a drill: the next start resumes it with every answer and flag intact."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parents[1] / "tui" / "data_study"

# The child sits a drill headless through the same DrillSession the drill screen drives: it answers
# every question, flags the even ones, and prints each answer after the store call has returned.
CHILD = r"""
import json, sys
from pathlib import Path
from quizterm.clock import SystemClock
from quizterm.content import load_content
from quizterm.quiz import QuestionInstance
from quizterm.quiz.drill import DrillSession
from quizterm.quiz.drill_result import key_response
from quizterm.quiz.sampling import plan_drill
from quizterm.quiz.session import response_to_json
from quizterm.store import Store

bank = load_content([Path(sys.argv[2])]).bank
store = Store.open(Path(sys.argv[1]), clock=SystemClock())
plan = plan_drill(bank, count=8, minutes=10, seed=4)
d = DrillSession.start(store, SystemClock(), plan.questions, bank=bank, spec=plan.spec,
                       duration_s=plan.duration_s, seed=4)
print(json.dumps({"drill": d.drill_id}), flush=True)
rounds = 0
while True:  # keep changing answers until killed, so the kill lands inside writes
    for i in range(len(d.items)):
        d.goto(i)
        inst = QuestionInstance.from_json(d.items[i])
        resp = response_to_json(inst.type, key_response(inst))
        if rounds % 2 and inst.type in ("short", "numeric"):
            resp = f"{resp} "  # a different (still right) answer each other round
        d.answer(resp)
        if i % 2 == 0 and rounds == 0:
            d.toggle_flag()
        print(json.dumps({"i": i, "r": resp}), flush=True)
    rounds += 1
"""


@pytest.mark.parametrize("kill_after", [3, 13])
def test_sigkill_mid_drill_then_resume(home, clock, kill_after):
    from quizterm.quiz.drill import DrillSession
    from quizterm.store import Store

    db = home / "progress.sqlite3"
    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(DATA)], stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    given: dict[int, object] = {}
    try:
        drill_id = json.loads(proc.stdout.readline())["drill"]
        for _ in range(kill_after):
            line = json.loads(proc.stdout.readline())
            given[line["i"]] = line["r"]
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with Store.open(db, clock=clock) as store:
        rec = store.unfinished_drill()
        assert rec is not None and rec.id == drill_id
        session = DrillSession.resume(store, clock, rec)
        for i, resp in given.items():
            # every printed answer was committed (a later round's may have landed after it)
            saved = session.answers[i]
            assert saved.strip() == resp.strip() if isinstance(resp, str) else saved == resp
        assert {0, 2} <= session.flags and all(i % 2 == 0 for i in session.flags)
        assert session.remaining() > 0
        result = session.submit()
        assert result["answered"] >= len(given)
        assert result["correct"] == result["answered"]  # every saved answer is the right one
        assert store.unfinished_drill() is None
