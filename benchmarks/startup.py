"""Time to the first painted frame: quizterm's home screen vs a bare Textual app with one Static.

Both run as real processes in a pseudo-terminal (80x24), in the same run, alternating; the clock
stops when the frame holding the expected text has been written. Prints medians and the ratio.

    python benchmarks/startup.py [--runs 7]
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
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        os.close(master)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
