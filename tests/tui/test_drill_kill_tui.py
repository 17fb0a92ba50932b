"""kill -9 of the real app mid-drill (headless, keys pressed), then the next start resumes every answer."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data_study"

# The child runs the app headless and answers through key presses; after each question it prints
# what the drill holds (already written to the store by then), and it never submits.
CHILD = r"""
import asyncio, json, sys
from pathlib import Path
from quizterm.clock import SystemClock
from quizterm.content import load_content
from quizterm.quiz import QuestionInstance
from quizterm.quiz.drill_result import key_response
from quizterm.settings import Settings
from quizterm.store import Store
from quizterm.tui.factory import build_app

async def main():
    home, data = Path(sys.argv[1]), Path(sys.argv[2])
    store = Store.open(home / "progress.sqlite3", clock=SystemClock())
    app = build_app(Settings(home=home, include_bundled=False, lang="en"), load=load_content([data]),
                    store=store, clock=SystemClock(), start="drill",
                    start_args={"lesson_id": "study", "count": 8, "minutes": 10, "seed": 4, "autostart": True})
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await pilot.pause()
        s = app.screen.session
        print(json.dumps({"drill": s.drill_id}), flush=True)
        for i in range(len(s.items)):
            inst = QuestionInstance.from_json(s.items[i])
            key = key_response(inst)
            if inst.type == "single":
                await pilot.press(str(key + 1))
            elif inst.type == "true_false":
                await pilot.press("1" if key else "2")
            elif inst.type == "multi":
                await pilot.press(*[str(k + 1) for k in sorted(key)])
            elif inst.type == "short":
                await pilot.press(*list(key), "enter")
            elif inst.type == "numeric":
                await pilot.press("8", "enter")
            if i % 3 == 0:
                await pilot.press("ctrl+f")
            await pilot.pause()
            print(json.dumps({"i": i, "r": s.answers.get(i), "f": i in s.flags}), flush=True)
            await pilot.press("pagedown")
            await pilot.pause()
        while True:
            await asyncio.sleep(0.05)

asyncio.run(main())
"""


async def test_kill_the_app_mid_drill_then_resume(home, clock):
    from quizterm.content import load_content

    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(home), str(DATA)], stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    seen = []
    try:
        drill_id = json.loads(proc.stdout.readline())["drill"]
        for _ in range(5):
            seen.append(json.loads(proc.stdout.readline()))
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=60)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    answered = {x["i"]: x["r"] for x in seen if x["r"] is not None}
    flagged = {x["i"] for x in seen if x["f"]}
    assert len(answered) >= 3 and flagged == {0, 3}

    from quizterm.store import Store
    from quizterm.tui.factory import build_app
    from quizterm.settings import Settings

    with Store.open(home / "progress.sqlite3", clock=clock) as again:
        app = build_app(Settings(home=home, include_bundled=False, lang="en"), load=load_content([DATA]),
                        store=again, clock=clock, start="drill", start_args={})
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "ResumeDrill"
            await pilot.press("ctrl+r")
            await pilot.pause()
            s = app.screen.session
            assert s.drill_id == drill_id
            assert {i: a for i, a in s.answers.items() if i in answered} == answered
            assert flagged <= s.flags
            assert 0 < s.remaining() <= 600
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            result = again.drill(drill_id).result
            assert result["correct"] >= len(answered)
