"""The `verify` verb: recompute every answer key that can be computed and sample every generator."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "recompute checked answer keys and sample generated questions; exit 1 on any disagreement"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="question banks or folders to verify (default: bundled content and --content)")
    parser.add_argument("--seeds", type=int, default=None, metavar="N",
                        help="random seeds sampled per generated question (default 100)")
    parser.add_argument("--templates", action="store_true",
                        help="list the question generators and their parameters, then exit")


def _rel(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)


def _with_bundled_lessons(load, paths: list[Path]):
    """Reload with the bundled lesson files that the given banks name but the paths lack.

    So ``quizterm verify copy-of-a-bank.yaml`` works without also naming the lesson file.
    """
    from quizterm.content import load_content
    from quizterm.settings import bundled_content_dirs

    missing = set(load.bank.lesson_of_question.values()) - set(load.bank.lessons)
    if not missing:
        return load
    lesson_dirs = [d for d in bundled_content_dirs() if d.name == "lessons"]
    bundled = load_content(lesson_dirs).bank
    extra = [o.path for lid in sorted(missing) if (o := bundled.origin("lesson", lid)) is not None]
    return load_content(extra + paths, cache_dir=None) if extra else load


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.content import load_content
    from quizterm.i18n import t
    from quizterm.quiz.verify import DEFAULT_SEEDS, verify_bank

    lang = settings.lang

    if args.templates:
        from quizterm.quiz.generators import describe

        print("\n".join(describe()))
        return 0
    paths = list(args.paths) or settings.all_content_dirs()
    missing = [p for p in paths if not p.exists()]
    if missing:
        raise UsageError(t(lang, "verify.no_path", path=missing[0]))
    if not paths:
        raise UsageError(t(lang, "verify.nothing"))
    seeds = DEFAULT_SEEDS if args.seeds is None else args.seeds
    if not 1 <= seeds <= 100000:
        raise UsageError(t(lang, "verify.seeds_range"))
    load = load_content(paths, cache_dir=None)
    if args.paths and settings.include_bundled:
        load = _with_bundled_lessons(load, paths)
    for problem in load.problems:
        print(problem)
    report = verify_bank(load.bank, seeds=seeds)
    for f in report.findings:
        where = f"{_rel(f.path)}:{f.line or 1}: " if f.path else ""
        print(f"{where}{f.question_id}: {f.message}")
    total = len(load.bank.questions)
    status = t(lang, "verify.status.failed" if report.findings or load.problems else "verify.status.ok")
    print(t(lang, "verify.summary", status=status, checked=report.checked, generated=report.generated,
            instances=report.instances, failed=report.failed, verified=len(report.verified), total=total,
            extra=t(lang, "verify.summary.problems", n=len(load.problems)) if load.problems else ""))
    return 1 if report.findings or load.problems else 0
