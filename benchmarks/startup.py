"""Time to the first painted frame: quizterm's home screen vs a bare Textual app with one Static.

Both run as real processes in a pseudo-terminal (80x24), in the same run, alternating; the clock
stops when the frame holding the expected text has been written. Prints medians and the ratio.
Then, in the lesson reader, the time from a key press to the end of the repaint it causes
(``n`` next part, ``p`` previous part, space flips a glossary card); a frame is ~16 ms at 60 Hz.

    python benchmarks/startup.py [--runs 7] [--no-keys]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import textwrap
import time
from pathlib import Path

BARE_APP = textwrap.dedent("""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("bare-ready")

    Bare().run()
""")

FRAME_END = b"\x1b[?2026l"  # end of a synchronized-output frame


def first_frame_seconds(argv: list[str], needle: bytes, env: dict[str, str], timeout: float = 30.0) -> float:
    """Seconds from spawn until a frame containing ``needle`` has been fully written."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    out = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
                at = out.find(needle)
                if at >= 0 and (out.find(FRAME_END, at) >= 0 or FRAME_END not in out):
                    return time.perf_counter() - start
        raise RuntimeError(f"no frame with {needle!r} within {timeout}s: {out[-300:]!r}")
    finally:
        _stop(proc, master)


def _spawn(argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    return proc, master


def _stop(proc: subprocess.Popen, master: int) -> None:
    """Terminate the child (SIGTERM, then SIGKILL after 5 s) and close its pseudo-terminal."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    os.close(master)


def _read_quiet(master: int, quiet: float = 0.05, limit: float = 3.0) -> float | None:
    """Read until the output pauses for ``quiet`` seconds; the time of the last byte (or None)."""
    start, last = time.perf_counter(), None
    while time.perf_counter() - start < limit:
        ready, _, _ = select.select([master], [], [], quiet)
        if not ready:
            if last is not None:
                break
            continue
        try:
            os.read(master, 65536)
        except OSError:
            break
        last = time.perf_counter()
    return last


def key_latency(env: dict[str, str], repeats: int = 8) -> dict[str, list[float]]:
    """Milliseconds from a key press to the last byte of its repaint, in the reader of the bundled lesson."""
    proc, master = _spawn([sys.executable, "-m", "quizterm", "open", "--lesson", "self-attention"], env)
    out: dict[str, list[float]] = {}
    try:
        time.sleep(2.0)  # start, load, open the reader
        _read_quiet(master, quiet=0.3)
        for name, key in (("n (next part)", b"n"), ("p (previous part)", b"p")):
            out[name] = []
            for _ in range(repeats):
                t = time.perf_counter()
                os.write(master, key)
                last = _read_quiet(master)
                out[name].append(((last or t) - t) * 1000)
        os.write(master, b"n")  # to the glossary cards; the first card takes the focus
        _read_quiet(master, quiet=0.3)
        out["space (flip a card)"] = []
        for _ in range(repeats):
            t = time.perf_counter()
            os.write(master, b" ")
            last = _read_quiet(master)
            out["space (flip a card)"].append(((last or t) - t) * 1000)
    finally:
        _stop(proc, master)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-keys", action="store_true", help="skip the key-latency part")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="quizterm-bench-"))
    env = dict(os.environ, QUIZTERM_HOME=str(home), TERM="xterm-256color", QUIZTERM_LANG="en")
    env.pop("NO_COLOR", None)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(BARE_APP)
    bare_cmd = [sys.executable, f.name]
    quiz_cmd = [sys.executable, "-m", "quizterm"]
    # Warm the OS file cache and the store (first start creates the database) before timing.
    first_frame_seconds(bare_cmd, b"bare-ready", env)
    first_frame_seconds(quiz_cmd, b"Lessons", env)
    bare, quiz = [], []
    for _ in range(args.runs):
        bare.append(first_frame_seconds(bare_cmd, b"bare-ready", env))
        quiz.append(first_frame_seconds(quiz_cmd, b"Lessons", env))
    os.unlink(f.name)
    b, q = statistics.median(bare), statistics.median(quiz)
    print(f"bare Textual app (one Static): median {b * 1000:.0f} ms  (runs: {', '.join(f'{x * 1000:.0f}' for x in bare)})")
    print(f"quizterm home screen:          median {q * 1000:.0f} ms  (runs: {', '.join(f'{x * 1000:.0f}' for x in quiz)})")
    print(f"ratio quizterm / bare: {q / b:.2f}  (goal <= 1.30)")
    if not args.no_keys:
        for name, values in key_latency(env).items():
            print(f"key {name:<20} median {statistics.median(values):.0f} ms  "
                  f"(runs: {', '.join(f'{x:.0f}' for x in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
