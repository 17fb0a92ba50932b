"""The `drill` verb: sit a timed exam drill, or list past drills with --history."""

from __future__ import annotations

import argparse

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "sit a timed exam drill (or list past drills with --history)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", metavar="ID", default=None, help="questions from this lesson")
    parser.add_argument("--tag", metavar="TAG", default=None, help="questions with this tag")
    parser.add_argument("--objective", metavar="ID", default=None, help="questions for this objective")
    parser.add_argument("--count", metavar="N", type=int, default=None,
                        help="how many questions (default 10, or all when fewer match)")
    parser.add_argument("--minutes", metavar="M", type=float, default=None,
                        help="time allowed (default one minute per question)")
    parser.add_argument("--pass", dest="pass_mark", metavar="PERCENT", type=float, default=60.0,
                        help="pass mark in percent (default 60)")
    parser.add_argument("--seed", metavar="S", type=int, default=None,
                        help="the same seed gives the same questions and numbers")
    parser.add_argument("--history", action="store_true", help="list past drills with their scores and exit")


def history_lines(store, lang: str) -> list[str]:
    """One line per past drill, newest first."""
    from quizterm.i18n import t

    drills = store.drills() if store is not None else []
    if not drills:
        return [t(lang, "drill.history.none")]
    lines = []
    for d in drills:
        r = d.result or {}
        score = f"{r['percent']:g}% ({r['correct']}/{r['total']})" if "percent" in r else "—"
        lines.append(t(lang, "drill.history.row", id=d.id, when=d.started_at.strftime("%Y-%m-%d %H:%M"),
                       status=d.status, score=score, count=len(d.items), minutes=f"{d.duration_s / 60:g}"))
    return lines


def _history(settings: Settings) -> int:
    from quizterm.store import Store, StoreError

    try:
        store = Store.open(settings.db_path, read_only=True)
    except (StoreError, OSError) as exc:
        raise UsageError(f"cannot read the progress database: {exc}") from None
    try:
        print("\n".join(history_lines(store, settings.lang)))
    finally:
        store.close()
    return 0


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.history:
        return _history(settings)
    from quizterm.commands.practice import launch
    from quizterm.quiz.sampling import SelectionError, plan_drill
    from quizterm.tui.factory import load_for

    load = load_for(settings)
    try:  # check the request before opening the terminal UI
        plan = plan_drill(load.bank, lesson=args.lesson, tag=args.tag, objective=args.objective,
                          count=args.count, minutes=args.minutes, pass_mark=args.pass_mark, seed=args.seed)
    except SelectionError as exc:
        raise UsageError(exc.message(settings.lang)) from None
    start_args = {"lesson_id": args.lesson, "tag": args.tag, "objective": args.objective,
                  "count": plan.spec["count"], "minutes": plan.spec["minutes"], "pass_mark": args.pass_mark,
                  "seed": args.seed, "autostart": True}
    return launch(settings, "drill", start_args, load=load)
