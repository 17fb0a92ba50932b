"""Rows of RELIABILITY.md that no other test proved on its own (see docs/reliability.md).

Each test names the row it covers. No sleeps: timers use the fake clock, waits are bounded loops.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizterm.content import load_content

from .content.helpers import BANK, LESSON, write

GOLDEN = Path(__file__).parent / "content" / "golden"


# --- Content files: "MSG ...; SKIP" for every syntax case ------------------------------------------------------

SKIP_CASES = ["empty", "comments-only", "top-level-list", "top-level-scalar", "two-documents",
              "tab-indentation", "unclosed-quote", "unclosed-bracket", "colon-in-text"]


@pytest.mark.parametrize("case", SKIP_CASES)
def test_a_bad_file_is_set_aside_listed_and_every_other_file_still_loads(tmp_path, case):
    """Rows 'empty file, comments only, top-level list or scalar' and 'two documents, tab, unclosed, ': '': SKIP."""
    write(tmp_path, "a-lesson.yaml", LESSON)
    write(tmp_path, "b-bank.yaml", BANK)
    bad = tmp_path / "c-bad.yaml"
    shutil.copyfile(GOLDEN / f"{case}.yaml", bad)
    result = load_content([tmp_path])
    assert set(result.bank.lessons) == {"demo"} and set(result.bank.questions) == {"q1"}
    assert result.problems and {p.path for p in result.problems} == {bad}
    assert bad in result.files  # listed with the others
    # the same message and position as the golden file gives when loaded alone
    golden_first = (GOLDEN / f"{case}.expected").read_text(encoding="utf-8").splitlines()[0]
    assert str(result.problems[0]).replace(str(bad), f"{case}.yaml") == golden_first
    assert "Traceback" not in str(result.problems[0])


# --- Content files: YAML 1.1 surprises in question text -------------------------------------------------------

WORDS = ["no", "yes", "on", "off", "3.10", "0123", "1:20", "2024-01-01", "~", "null"]


@pytest.mark.parametrize("typed", WORDS)
def test_yaml11_words_in_question_text_keep_exactly_what_was_typed(tmp_path, typed):
    """Row 'YAML 1.1 surprises in text': prompts, choices, explanations and accepted answers, not just lessons."""
    bank = f"""\
lesson: demo
questions:
  - id: q1
    type: single
    prompt: {typed}
    choices: [{typed}, other]
    answer: 0
    explanation: {typed}
    objective: o1
  - id: q2
    type: short
    prompt: say it
    accepted: [{typed}]
    explanation: it is {typed}
    objective: o1
"""
    write(tmp_path, "l.yaml", LESSON)
    write(tmp_path, "b.yaml", bank)
    result = load_content([tmp_path])
    assert result.problems == []
    q1, q2 = result.bank.questions["q1"], result.bank.questions["q2"]
    assert q1.prompt == typed and q1.explanation == typed
    assert q1.choices[0].text == typed
    assert list(q2.accepted) == [typed]


# --- Content files: tags are refused, never executed ----------------------------------------------------------

@pytest.mark.parametrize("tag", [
    "!!python/object/apply:os.system [\"touch {marker}\"]",
    "!!python/object/apply:subprocess.call [[\"touch\", \"{marker}\"]]",
    "!!python/object/new:subprocess.Popen [[\"touch\", \"{marker}\"]]",
    "!!python/name:os.system",
    "!custom \"touch {marker}\"",
    "!!binary aGVsbG8=",
], ids=["apply-os.system", "apply-subprocess.call", "new-Popen", "python-name", "local-tag", "binary"])
def test_tags_are_refused_fast_and_nothing_is_executed(tmp_path, tag):
    """Row 'anchors/aliases, merge keys, !!python/... and other tags': MSG in milliseconds, nothing executed."""
    marker = tmp_path / "executed"
    path = write(tmp_path, "l.yaml", LESSON.replace("overview: 概覽", "overview: " + tag.format(marker=marker)))
    start = time.perf_counter()
    result = load_content([path])
    assert time.perf_counter() - start < 0.5
    assert not marker.exists()
    assert result.bank.lessons == {}
    assert len(result.problems) == 1 and "tags such as" in result.problems[0].message
    assert (result.problems[0].line, result.problems[0].col) == (4, 11)


# --- Progress store: the second instance waits briefly, then says so ------------------------------------------

class _FakeTime:
    """Stands in for the ``time`` module inside the lock: sleeping moves a counter, nothing waits."""

    def __init__(self, on_sleep=None):
        self.now, self.sleeps, self.on_sleep = 100.0, 0, on_sleep

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += seconds
        if self.on_sleep:
            self.on_sleep(self.sleeps)


def test_second_instance_waits_briefly_and_gets_in_if_the_first_leaves(home, clock, monkeypatch):
    """Row 'second instance at the same time': it waits (retries), not a 'database is locked' error."""
    from quizterm.store import Store
    from quizterm.store import lock as lock_mod

    db = home / "progress.sqlite3"
    first = Store.open(db, clock=clock, exclusive=True, auto_backup=False)
    fake = _FakeTime(on_sleep=lambda n: first.close() if n == 3 else None)
    monkeypatch.setattr(lock_mod, "time", fake)
    with Store.open(db, clock=clock, exclusive=True, auto_backup=False) as second:  # default lock_wait
        assert second.attempt_count() == 0
    assert fake.sleeps == 3


def test_second_instance_gives_up_after_a_short_bounded_wait(home, clock, monkeypatch):
    """Row 'second instance at the same time': the wait is brief, then StoreLocked names the running PID."""
    from quizterm.store import Store, StoreLocked
    from quizterm.store import lock as lock_mod

    db = home / "progress.sqlite3"
    first = Store.open(db, clock=clock, exclusive=True, auto_backup=False)
    fake = _FakeTime()
    monkeypatch.setattr(lock_mod, "time", fake)
    try:
        with pytest.raises(StoreLocked) as info:
            Store.open(db, clock=clock, exclusive=True, auto_backup=False)
    finally:
        first.close()
    assert 0 < fake.now - 100.0 <= 5.0  # it waited, and only briefly
    assert info.value.pid == os.getpid() and "another quizterm is running" in str(info.value)
    assert "database is locked" not in str(info.value)


# --- Terminal: stdout not a terminal; NO_COLOR ----------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
def test_stdout_not_a_terminal_refuses_even_when_stdin_is_one(tmp_path):
    """Row 'stdin or stdout not a terminal': `quizterm > file` from a real terminal refuses at once."""
    import pty

    master, slave = pty.openpty()
    env_home = tmp_path / "home"
    try:
        out = subprocess.run([sys.executable, "-m", "quizterm"], stdin=slave, capture_output=True, text=True,
                             env={"QUIZTERM_HOME": str(env_home), "PATH": "/usr/bin"}, timeout=60)
    finally:
        os.close(slave)
        os.close(master)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("quizterm: ")
    assert not env_home.exists()


def test_non_tui_verbs_work_without_a_terminal(tmp_path):
    """Row 'stdin or stdout not a terminal': the non-TUI verbs still work (no TTY anywhere)."""
    content = tmp_path / "mine"
    write(content, "l.yaml", LESSON)
    write(content, "b.yaml", BANK)
    env = {"QUIZTERM_HOME": str(tmp_path / "home"), "PATH": "/usr/bin"}
    for args in (["validate", "--no-bundled", "--content", str(content)], ["--version"], ["stats", "--json"]):
        out = subprocess.run([sys.executable, "-m", "quizterm", *args], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, env=env, timeout=60)
        assert out.returncode == 0, (args, out.stderr)
        assert "Traceback" not in out.stderr and out.stdout


@pytest.mark.parametrize("value, plain", [("1", True), ("", False), (None, False)])
def test_no_color_env_makes_the_app_plain(monkeypatch, value, plain):
    """Row 'NO_COLOR=1': the environment variable turns on the plain (ANSI, no heat colours) mode."""
    from quizterm.cli import build_parser, settings_from

    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    settings = settings_from(build_parser(None).parse_args([]))
    assert settings.plain is plain


# --- TUI rows: markup literal on screen, loading off the UI thread, stale progress, held keys -------------------

TUI_DATA = Path(__file__).parent / "tui"
MARKUP = "[/] [bold]x a[0] [a-z]+"


def _screen_text(app) -> str:
    """What the terminal shows now (the SVG screenshot, unescaped), so markup eaten by Rich would be missing."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


async def _painted(app, pilot, needle: str) -> str:
    """The screen text once ``needle`` is painted (a bound on frames, not a timer)."""
    for _ in range(50):
        shown = _screen_text(app)
        if needle in shown:
            break
        await pilot.pause()
    return shown


def _app(home, clock, store, load, **kwargs):
    from quizterm.settings import Settings
    from quizterm.tui.factory import build_app

    settings = Settings(home=home, include_bundled=False, lang="en")
    return build_app(settings, load=load, store=store, clock=clock, **kwargs)


@pytest.fixture
def store(home, clock):
    from quizterm.store import Store

    s = Store.open(home / "progress.sqlite3", clock=clock)
    yield s
    s.close()


def test_markup_in_content_is_shown_literally_on_every_screen(tmp_path, home, clock, store):
    """Row 'Rich/Textual markup in text': shown literally on home, reader and practice; no MarkupError."""
    import asyncio

    quoted = f'"{MARKUP}"'
    lesson = (LESSON.replace("title: 示範課", f"title: {quoted}").replace("overview: 概覽", f"overview: {quoted}")
              .replace("body: 內文", f"body: {quoted}").replace("text: 目標一", f"text: {quoted}"))
    bank = (BANK.replace("prompt: 哪一個對？", f"prompt: {quoted}")
            .replace("choices: [甲, {text: 乙, misconception: p1}]",
                     'choices: ["[/]", {text: "[bold]", misconception: p1}]')
            .replace("explanation: 甲對，乙是常見錯誤。", f"explanation: {quoted}"))
    write(tmp_path / "c", "l.yaml", lesson)
    write(tmp_path / "c", "b.yaml", bank)
    result = load_content([tmp_path / "c"])
    assert result.problems == []

    async def run():
        app = _app(home, clock, store, result)
        async with app.run_test(size=(100, 40)) as pilot:
            assert MARKUP in await _painted(app, pilot, MARKUP)  # the lesson list on home
            await pilot.press("r")
            await pilot.pause()
            assert type(app.screen).__name__ == "ReaderScreen"
            assert (await _painted(app, pilot, "Grasp these first")).count(MARKUP) >= 3  # title, overview, objective
            assert app.is_running and not app._notifications
        app = _app(home, clock, store, result, start="practice", start_args={"lesson_id": "demo", "pick": False})
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            shown = "\n".join(str(w.render()) for w in app.screen.query("Static"))  # what each widget draws
            assert MARKUP in shown  # the prompt
            assert {"A. [/]", "B. [bold]"} <= set(re.findall(r"[AB]\. \S+", shown)) or \
                {"A. [bold]", "B. [/]"} <= set(re.findall(r"[AB]\. \S+", shown))  # both choices, in shuffled order
            await pilot.press("a")
            await pilot.pause()
            feedback = str(app.screen.query_one("#practice-feedback").render())
            assert f"Why: {MARKUP}" in feedback and re.search(r"Your answer: A\. \[(/|bold)\]", feedback)
            assert app.is_running and not app._notifications

    asyncio.run(run())


def test_loading_content_never_blocks_the_ui(home, clock):
    """Row 'nesting thousands deep; ...; a list of 50,000 items': loading never blocks the UI.

    The loader is held until the test lets it go; meanwhile the app paints and answers keys.
    """
    import asyncio
    import threading

    from quizterm.settings import Settings
    from quizterm.tui.factory import build_app
    from quizterm.tui.loading import PendingLoad
    from quizterm.tui.screens.help import HelpScreen

    release, started = threading.Event(), threading.Event()

    async def run():
        app = build_app(Settings(home=home, include_bundled=False, lang="en", content_dirs=(TUI_DATA / "data",)),
                        clock=clock, defer_load=True)
        real = app._pending.loader

        def slow_loader():
            started.set()
            assert release.wait(30), "the test never released the loader"
            return real()

        app._pending = PendingLoad(slow_loader, app._pending.open_store)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):  # a bound on frames, not a timer
                if started.is_set():
                    break
                await pilot.pause()
            assert started.is_set() and app.loading
            await pilot.press("question_mark")  # the UI still answers while the loader is stuck
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.loading
            await pilot.press("escape")
            release.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert not app.loading and app.bank.lessons
        app.store.close()

    try:
        asyncio.run(run())
    finally:
        release.set()


def test_progress_for_edited_and_removed_questions_never_crashes(tmp_path, home, clock, store):
    """Row 'a question edited or removed while progress exists': history kept, nothing crashes."""
    import asyncio

    from quizterm.quiz import make_instance
    from quizterm.store import Attempt

    old_bank = BANK.replace("choices: [甲, {text: 乙, misconception: p1}]", "choices: [甲, 乙, 丙, 丁]").replace(
        "answer: 0", "answer: 3") + (
        "  - id: gone\n    type: single\n    prompt: 舊題\n    choices: [a, b]\n    answer: 1\n"
        "    explanation: 已刪除\n    objective: o1\n")
    write(tmp_path / "old", "l.yaml", LESSON)
    write(tmp_path / "old", "b.yaml", old_bank)
    old = load_content([tmp_path / "old"])
    assert old.problems == []
    for qid in ("q1", "gone"):
        inst = make_instance(old.bank.questions[qid], 5)
        for _ in range(4):  # misses: notebook entries, a leech, scheduled cards
            store.record_answer(Attempt(qid, "demo", "practice", 0, False, seed=inst.seed,
                                        option_order=inst.option_order, instance=inst.to_json()), schedule=True)
    clock.advance(3 * 86400)
    write(tmp_path / "new", "l.yaml", LESSON)
    write(tmp_path / "new", "b.yaml", BANK)  # q1 now has 2 choices; 'gone' is removed
    new = load_content([tmp_path / "new"])
    before = [(a.id, a.question_id, a.correct) for a in store.attempts()]

    async def visit(start, keys=(), **kwargs):
        app = _app(home, clock, store, new, start=start, **kwargs)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            assert app.is_running, (start, keys)
            assert not [n for n in app._notifications if n.severity == "error"], (start, keys)

    async def run():
        await visit("home")
        await visit("notebook")
        await visit("notebook", ["r", "a"])  # replay the edited question and answer it
        await visit("notebook", ["d"])
        await visit("stats")
        await visit("flashcards")
        await visit("practice", start_args={"lesson_id": "demo", "pick": False})

    asyncio.run(run())
    after = [(a.id, a.question_id, a.correct) for a in store.attempts()]
    assert set(before) <= set(after)  # history kept: every earlier answer is still there, unchanged
    assert len(store.attempts(question_id="gone")) >= 4


def test_holding_keys_in_practice_gives_at_most_one_answer_per_question(home, clock, store):
    """Row 'holding a key (50 repeats)': the answer key, then Enter, each held for 50 repeats."""
    import asyncio

    study = load_content([TUI_DATA / "data_study"])

    async def run():
        app = _app(home, clock, store, study, start="practice", start_args={"lesson_id": "study", "pick": False})
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press(*["a"] * 50)
            await pilot.pause()
            await pilot.press(*["enter"] * 50)
            await pilot.pause()
            assert app.is_running

    asyncio.run(run())
    per_question: dict[str, int] = {}
    for attempt in store.attempts():
        per_question[attempt.question_id] = per_question.get(attempt.question_id, 0) + 1
    assert per_question and max(per_question.values()) == 1, per_question


def test_holding_an_answer_key_in_a_drill_answers_one_question_once(home, clock, store):
    """Row 'holding a key (50 repeats)': in a drill, 50 repeats answer the current question only, once."""
    import asyncio

    from quizterm.quiz import QuestionInstance

    study = load_content([TUI_DATA / "data_study"])

    async def run():
        app = _app(home, clock, store, study, start="drill",
                   start_args={"lesson_id": "study", "autostart": True, "count": 8, "minutes": 5, "seed": 3})
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            s = app.screen.session
            types = [QuestionInstance.from_json(item).type for item in s.items]
            at = next(i for i, t in enumerate(types) if t in ("single", "true_false"))
            for _ in range(at):
                await pilot.press("pagedown")
                await pilot.pause()
            assert s.current == at
            await pilot.press(*["1"] * 50)
            await pilot.pause()
            rec = store.drill(s.drill_id)
            assert sum(rec.answered) == 1 and rec.answered[at] and s.current == at
            s.submit()
            await pilot.pause()

    asyncio.run(run())
    qids = [a.question_id for a in store.attempts()]
    assert len(qids) == len(set(qids)) == 8  # one attempt per drill question, never two


# --- Progress store: signals and quit keys MID-DRILL, in a real terminal ---------------------------------------

def _read_raw(fd: int, out: bytearray, until, timeout: float) -> bool:
    """Append terminal bytes to ``out`` until ``until(out)`` holds, EOF, or ``timeout`` (a bound, not a wait)."""
    import select

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if until(out):
            return True
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return until(out)
            if not chunk:
                return until(out)
            out += chunk
    return until(out)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.parametrize("how", ["SIGTERM", "SIGHUP", "ctrl+c", "ctrl+q"])
def test_signal_or_quit_key_mid_drill_restores_the_terminal_and_keeps_the_drill(home, how):
    """Row 'SIGTERM / SIGHUP / Ctrl+C / Ctrl+Q mid-drill': KEEP, terminal restored, drill resumable."""
    import pty
    import signal
    import sqlite3

    from quizterm.store import Store

    home.mkdir(parents=True, exist_ok=True)
    db = home / "progress.sqlite3"

    def answered(out):
        with sqlite3.connect(db) as conn:
            rows = conn.execute("SELECT idx, answered FROM drill_answers").fetchall()
        return (2, 1) in rows

    pid, fd = pty.fork()
    if pid == 0:  # the child: `quizterm drill` on the terminal
        os.environ.update({"TERM": "xterm-256color", "QUIZTERM_HOME": str(home), "COLUMNS": "120", "LINES": "40"})
        os.environ.pop("NO_COLOR", None)
        os.execvp(sys.executable, [sys.executable, "-m", "quizterm", "--lang", "en", "--no-bundled", "--content",
                                   str(TUI_DATA / "data_study"), "drill", "--count", "4", "--minutes", "2",
                                   "--seed", "3"])
    out = bytearray()
    try:
        assert _read_raw(fd, out, lambda o: b"Question 1 / 4" in o, 30), bytes(out[-400:])
        os.write(fd, b"\x0e\x0e")  # ctrl+n twice: question 3, a single-choice question with seed 3
        assert _read_raw(fd, out, lambda o: b"Question 3 / 4" in o, 30), bytes(out[-400:])
        os.write(fd, b"2")
        assert _read_raw(fd, out, answered, 15)  # the answer is in the store (polled; the screen may lag)
        if how.startswith("SIG"):
            os.kill(pid, getattr(signal, how))
        else:
            os.write(fd, {"ctrl+c": b"\x03", "ctrl+q": b"\x11"}[how])
        end, status = time.monotonic() + 30, None
        while status is None and time.monotonic() < end:
            done, st = os.waitpid(pid, os.WNOHANG)
            if done:
                status = st
            else:
                _read_raw(fd, out, lambda o: False, 0.1)  # keep reading: a full pty would block the app
        _read_raw(fd, out, lambda o: False, 0.3)  # drain what is left
        assert status is not None, "the app did not exit"
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    code = os.waitstatus_to_exitcode(status)
    assert code == (128 + getattr(signal, how) if how.startswith("SIG") else 0), code
    raw = bytes(out)
    tail = raw[raw.rfind(b"\x1b[?1049h"):]
    assert b"\x1b[?1049l" in tail and tail.rfind(b"\x1b[?25h") > tail.rfind(b"\x1b[?25l"), tail[-300:]
    assert b"Traceback" not in raw
    with Store.open(db, auto_backup=False) as store:
        drill = store.unfinished_drill()
        assert drill is not None and drill.answered[2] and sum(drill.answered) == 1  # KEEP
        store.drill_answer(drill.id, 0, 1, elapsed_s=drill.elapsed_s + 1)  # resumable
