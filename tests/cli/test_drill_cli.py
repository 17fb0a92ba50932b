"""`quizterm drill`: impossible requests give one line with a suggestion; --history lists past drills."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizterm.cli import main

DATA = Path(__file__).parents[1] / "tui" / "data_study"


def _run(capsys, *args):
    code = main(["drill", "--lang", "en", "--no-bundled", "--content", str(DATA), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("args, expected", [
    (["--count", "9"], "only 8 questions exist for the whole bank, not 9 — try --count 8"),
    (["--tag", "qvk"], "unknown tag 'qvk' — did you mean 'qkv'?"),
    (["--tag", "zzzz"], "unknown tag 'zzzz' (known: complexity, formula, qkv, scale, softmax)"),
    (["--lesson", "stduy"], "unknown lesson 'stduy' — did you mean 'study'?"),
    (["--objective", "mat"], "unknown objective 'mat' — did you mean 'math'?"),
    (["--minutes", "0"], "--minutes must be more than 0 (got 0); try --minutes"),
    (["--minutes", "-3", "--count", "2"], "--minutes must be more than 0 (got -3); try --minutes 1"),
    (["--count", "0"], "--count must be at least 1 (got 0)"),
    (["--pass", "101"], "--pass must be between 0 and 100 (got 101); try --pass 60"),
    (["--tag", "softmax", "--count", "2"], "only 1 questions exist for tag 'softmax', not 2 — try --count 1"),
    (["--count", "x"], "argument --count: invalid int value: 'x'"),
])
def test_bad_requests_are_one_line(capsys, args, expected):
    code, out, err = _run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("quizterm: ") and err.count("\n") == 1
    assert expected in err
    assert "Traceback" not in err


def test_good_request_without_a_terminal_says_so(capsys):
    code, out, err = _run(capsys, "--count", "3", "--minutes", "2")
    assert code == 1 and err.count("\n") == 1 and "quizterm: " in err  # checked, then the TTY refusal


def test_history_lists_past_drills(capsys, home, clock):
    from quizterm.content import load_content
    from quizterm.quiz.drill import DrillSession
    from quizterm.quiz.sampling import plan_drill
    from quizterm.store import Store

    bank = load_content([DATA]).bank
    with Store.open(home / "progress.sqlite3", clock=clock) as store:
        plan = plan_drill(bank, count=4, minutes=2, seed=1)
        d = DrillSession.start(store, clock, plan.questions, bank=bank, spec=plan.spec, duration_s=plan.duration_s)
        d.submit()
        plan = plan_drill(bank, count=2, minutes=1, seed=2)
        DrillSession.start(store, clock, plan.questions, bank=bank, spec=plan.spec, duration_s=plan.duration_s)
    code = main(["drill", "--history", "--lang", "en", "--home", str(home)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith("#2 ") and "active" in lines[0] and "2 questions" in lines[0]
    assert lines[1].startswith("#1 ") and "done" in lines[1] and "0% (0/4)" in lines[1] and "2 min" in lines[1]


def test_history_with_no_store_yet(capsys, home):
    assert main(["drill", "--history", "--lang", "en", "--home", str(home / "fresh")]) == 0
    assert capsys.readouterr().out.strip() == "No drills yet."


def test_lines_follow_the_ui_language(capsys):
    code = main(["drill", "--no-bundled", "--content", str(DATA), "--tag", "qvk"])
    err = capsys.readouterr().err
    assert code == 2 and err == "quizterm: 找不到標籤「qvk」——你是要找「qkv」嗎？\n"
    code = main(["practice", "--no-bundled", "--content", str(DATA), "--lang", "en", "--objective", "nope"])
    assert code == 2 and "unknown objective 'nope' (known: basics, math)" in capsys.readouterr().err
