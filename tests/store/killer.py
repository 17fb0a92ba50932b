"""Kill-test helper: open the store and answer in a loop until killed (stdlib + quizterm.store only).

Usage: ``python killer.py DB SEED``: prints "ready", then "A <id>" after each committed answer.
``python killer.py --serve DB``: a fork server, so hundreds of kills do not pay Python's start-up
each time: for each "go SEED" line on stdin it forks a child that prints "pid <n>" and runs the
loop above (opening the store after the fork); when the child dies the server prints "exit <status>".
"""

from __future__ import annotations

import os
import random
import sys
import traceback
from pathlib import Path

from quizterm.store import Attempt, Store


def say(line: str) -> None:
    """One whole line in one write(2): a kill can never leave half a line in the pipe."""
    os.write(1, f"{line}\n".encode())


def main() -> None:
    if sys.argv[1] == "--serve":
        serve(Path(sys.argv[2]))
    else:
        answer_loop(Path(sys.argv[1]), int(sys.argv[2]))


def serve(db: Path) -> None:
    """Fork one answering child per command; report its pid, then how it ended."""
    from quizterm.store import srs

    srs.scheduler()  # warm the imports once, before any fork
    for line in sys.stdin:
        seed = int(line.split()[1])
        pid = os.fork()
        if pid == 0:
            try:
                say(f"pid {os.getpid()}")  # the child writes first: lines stay in order
                answer_loop(db, seed)
            except BaseException:
                traceback.print_exc()  # visible in the test's output; then the test fails on "exit"
                sys.stderr.flush()
            finally:
                os._exit(3)
        _, status = os.waitpid(pid, 0)
        say(f"exit {status}")


def answer_loop(db: Path, seed: int) -> None:
    """Open the store and answer, review and drill until killed."""
    rng = random.Random(seed)
    # Backups every 7 answers run in the background, so kills also land in the middle of backups.
    store = Store.open(db, exclusive=True, lock_wait=5.0, auto_backup=True, backup_every=7)
    say("ready")
    drill = store.unfinished_drill()
    while True:
        roll = rng.random()
        qid = f"q{rng.randrange(12)}"
        if roll < 0.1:
            store.review_card(f"term:l1/t{rng.randrange(5)}:fwd", rng.randint(1, 4), duration_ms=rng.randrange(5000))
            say("R")
            continue
        if roll < 0.2:
            if drill is None:
                drill_id = store.start_drill({"seed": seed}, [{"question_id": f"q{i}"} for i in range(4)], 60.0)
                drill = store.drill(drill_id)
            idx = rng.randrange(4)
            store.drill_answer(drill.id, idx, idx, elapsed_s=rng.random() * 60, question_s=1.5)
            say(f"D {drill.id} {idx}")
            if rng.random() < 0.3:
                rec = store.drill(drill.id)
                graded = [Attempt(f"q{i}", "l1", "drill", rec.answers[i], rec.answers[i] == 0, seed=i)
                          for i in range(4)]
                store.finish_drill(drill.id, graded, {"answered": sum(rec.answered)})
                say(f"F {drill.id}")
                drill = None
            continue
        mode = rng.choice(["practice", "practice", "notebook", "cram"])
        correct = rng.random() < 0.6
        a = Attempt(qid, "l1" if int(qid[1:]) < 6 else "l2", mode, {"pick": rng.randrange(4), "文字": "答"},
                    correct, seed=rng.randrange(10**6), option_order=[2, 0, 1], instance={"question_id": qid, "n": 3},
                    time_ms=rng.randrange(20000))
        aid = store.record_answer(a, schedule=mode != "cram")
        say(f"A {aid}")


if __name__ == "__main__":
    main()
