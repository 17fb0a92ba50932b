"""Statistics at scale: ``compute_stats`` and ``stats_text`` over N recorded answers (default 1,000,000).

Run: python benchmarks/stats.py [--answers N]
Fills a store with ``benchmarks/store.py``'s ``fill``, times with its ``timed`` (best of 3 here) and
prints each figure with its ratio to a bare ``SELECT count(*) FROM attempts`` in the same run, so
numbers compare across machines.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from store import fill, timed  # noqa: E402  (benchmarks/store.py)

from quizterm.clock import FakeClock  # noqa: E402
from quizterm.content import Bank  # noqa: E402
from quizterm.i18n import Translator  # noqa: E402
from quizterm.render.stats import stats_text  # noqa: E402
from quizterm.stats import compute_stats  # noqa: E402
from quizterm.store import Store  # noqa: E402


REPEAT = 3  # best of 3: each pass over a million answers is slow


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=1_000_000)
    args = parser.parse_args()
    now = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "progress.sqlite3"
        fill_s = fill(path, args.answers, now)
        print(f"filled {args.answers:,} answers in {fill_s:.1f} s")
        with Store.open(path, clock=FakeClock(wall=now), read_only=True) as store:
            conn = store.connection
            base = timed(lambda: conn.execute("SELECT count(*) FROM attempts").fetchone(), REPEAT)
            bank, tr = Bank(), Translator("en")
            report = compute_stats(bank, store, now=now, tz=timezone.utc)
            figures = [
                ("compute_stats (all figures)",
                 timed(lambda: compute_stats(bank, store, now=now, tz=timezone.utc), REPEAT)),
                ("stats_text (render the report)", timed(lambda: stats_text(report, tr), REPEAT)),
            ]
        print(f"reference: SELECT count(*) FROM attempts = {base * 1000:.1f} ms")
        for name, sec in figures:
            print(f"  {name:<32}  {sec * 1000:9.1f} ms  {sec / base:7.2f}x count(*)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
