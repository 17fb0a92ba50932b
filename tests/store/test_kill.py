"""kill -9 during answers, over and over: nothing committed is lost, nothing is half-written."""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizterm.store.backup import backup_dir, list_backups, verify

from .invariants import check_store_file

KILLER = Path(__file__).with_name("killer.py")
ROUNDS, KILLS_PER_ROUND = 4, 50


def _run_and_kill(db: Path, seed: int, rng: random.Random, sig: int = signal.SIGKILL) -> list[str]:
    proc = subprocess.Popen([sys.executable, str(KILLER), str(db), str(seed)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    try:
        first = proc.stdout.readline()
        assert first.strip() == "ready", proc.stderr.read()
        lines = [proc.stdout.readline()]  # it is inside the answer loop now, whatever the load
        time.sleep(rng.uniform(0, 0.03))  # then a random moment, mostly mid-transaction
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -sig, err
    return [line.strip() for line in lines] + out.splitlines()


def _check(db: Path, acknowledged: set[int]) -> int:
    conn = sqlite3.connect(db)
    try:
        check_store_file(conn)
        ids = {r[0] for r in conn.execute("SELECT id FROM attempts")}
        assert acknowledged <= ids, sorted(acknowledged - ids)[:5]
    finally:
        conn.close()
    # A kill in the middle of a background backup never leaves a file that looks like a backup.
    for b in list_backups(backup_dir(db))[:3]:
        assert verify(b.path) is None, b.path
    return len(ids)


class ForkServer:
    """killer.py --serve: forks an answering child per kill (Python starts once per round).

    Lines are read with a deadline, so a problem fails the test with what was seen, never hangs.
    """

    def __init__(self, db: Path):
        self.proc = subprocess.Popen([sys.executable, str(KILLER), "--serve", str(db)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, bufsize=0)
        self.child: int | None = None
        self._buf = b""

    def kill_one(self, seed: int, rng: random.Random) -> list[str]:
        """Start a child, let it reach the answer loop, SIGKILL it at a random moment; its output."""
        self.proc.stdin.write(f"go {seed}\n".encode())
        first = self._line()
        assert first.startswith("pid "), first
        self.child = pid = int(first.split()[1])
        ready = self._line()
        assert ready == "ready", ready
        lines = [self._line()]  # inside the answer loop now, whatever the machine's load
        time.sleep(rng.uniform(0, 0.02))  # then a random moment, mostly mid-transaction
        os.kill(pid, signal.SIGKILL)
        while True:
            line = self._line()
            if line.startswith("exit "):
                status = int(line.split()[1])
                assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (line, lines[-3:])
                return lines
            lines.append(line)

    def _line(self, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, left))
            assert ready, f"no line from the kill server in {timeout} s (so far: {self._buf[-200:]!r})"
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            assert chunk, f"the kill server died (so far: {self._buf[-200:]!r})"
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line.decode()

    def close(self) -> None:
        if self.child:  # after a failed check, never leave a child answering forever
            try:
                os.kill(self.child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@pytest.mark.slow
@pytest.mark.parametrize("round_no", range(ROUNDS))
def test_kill9_during_answers_keeps_every_committed_answer(tmp_path, round_no):
    rng = random.Random(round_no)
    db = tmp_path / "progress.sqlite3"
    acknowledged: set[int] = set()
    counts = []
    server = ForkServer(db)
    try:
        for k in range(KILLS_PER_ROUND):
            lines = server.kill_one(round_no * 1000 + k, rng)
            acknowledged |= {int(line.split()[1]) for line in lines if line.startswith("A ")}
            counts.append(_check(db, acknowledged))
    finally:
        server.close()
    assert counts[-1] > KILLS_PER_ROUND  # the loop really did write between kills
    assert counts == sorted(counts)  # nothing committed ever disappeared
    assert list_backups(backup_dir(db))  # backups were being made (and killed) along the way


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_sigterm_sighup_ctrl_c_mid_drill_keep_answers_and_the_drill_resumable(tmp_path, sig):
    from quizterm.store import Store

    rng = random.Random(sig)
    db = tmp_path / "progress.sqlite3"
    seen_drill_answers = []
    for k in range(5):
        lines = _run_and_kill(db, 7000 + k, rng, sig) if sig != signal.SIGINT else None
        if lines is None:  # Ctrl+C: KeyboardInterrupt unwinds through the write in progress
            lines = _interrupt(db, 7000 + k, rng)
        seen_drill_answers += [line.split()[1:] for line in lines if line.startswith("D ")]
        _check(db, {int(line.split()[1]) for line in lines if line.startswith("A ")})
    with Store.open(db, auto_backup=False) as store:
        for did, idx in seen_drill_answers:
            rec = store.drill(int(did))
            assert rec.answered[int(idx)]  # every acknowledged drill answer survived
        drill = store.unfinished_drill()
        if drill is not None:
            store.drill_answer(drill.id, 0, 1, elapsed_s=drill.elapsed_s + 1)  # resumable


def _interrupt(db: Path, seed: int, rng: random.Random) -> list[str]:
    proc = subprocess.Popen([sys.executable, str(KILLER), str(db), str(seed)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    lines = [proc.stdout.readline().strip()]
    time.sleep(rng.uniform(0, 0.03))
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=10)
    return lines + out.splitlines()


def test_store_import_stays_light_so_the_killer_starts_fast():
    code = ("import sys, quizterm.store\nfrom quizterm.store import srs\nsrs.scheduler()\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'pydantic', 'yaml'))"
            " + [m for m in sys.modules if m.startswith('quizterm.quiz')]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
