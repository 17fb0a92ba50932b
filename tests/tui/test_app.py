"""The app shell: command palette, help, other screens, plain terminals, resizes."""

from __future__ import annotations

import sys
from datetime import timedelta

import pytest
from textual.widgets import OptionList

from quizterm.content import LoadResult
from quizterm.content.problems import Problem
from quizterm.tui.screens.glossary import GlossaryScreen
from quizterm.tui.screens.help import HelpScreen
from quizterm.tui.screens.home import HomeScreen
from quizterm.tui.screens.problems import ProblemsScreen
from quizterm.tui.widgets.flip_card import FlipCard


async def test_command_palette_lists_the_app_actions(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Attention lab", "Read the lesson", "Glossary cards", "Help and keys", "Quit"):
            assert title in titles


async def test_palette_command_opens_its_screen(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        lab = next(c for c in app.get_system_commands(app.screen) if c.title == "Attention lab")
        lab.callback()
        await pilot.pause()
        assert type(app.screen).__name__ == "LabScreen"


async def test_help_lists_bindings_with_ids(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        from quizterm.tui.screens.help import binding_rows

        rows = binding_rows(app, app.screen_stack[-2])
        descriptions = {d for _, d, _ in rows}
        ids = {i for _, _, i in rows}
        assert {"Read", "Lab", "Quit"} <= descriptions and {"home-read", "home-lab", "quit"} <= ids
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_bindings_use_no_function_keys_or_ctrl_h(make_app):
    from textual.binding import Binding

    from quizterm.tui.screens import SCREENS, load_screen

    classes = [type(make_app())] + [load_screen(n) for n in SCREENS]
    classes += [FlipCard]
    for cls in filter(None, classes):
        for b in cls.BINDINGS:
            b = b if isinstance(b, Binding) else Binding(*b)
            for key in b.key.split(","):
                assert not (key.startswith("f") and key[1:].isdigit()), (cls, key)
                assert key != "ctrl+h", cls


async def test_home_shows_due_cards_and_notebook(make_app, store, clock):
    from quizterm.store import Attempt

    store.review_card("term:sample-attention/token:fwd", 1)
    store.record_answer(Attempt("q-softmax-rows", "sample-attention", "practice", 0, False), schedule=True)
    clock.advance(timedelta(days=2).total_seconds())
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)):
        today = str(app.screen.query_one("#home-today").render())
        assert "Due today: 1 cards, 1 questions" in today and len(store.due_cards()) == 2
        assert "Notebook: 1 questions" in today
        prompt = str(app.screen.query_one("#home-lessons", OptionList).get_option_at_index(0).prompt)
        assert "1 answers · 0% right" in prompt


async def test_glossary_screen_flips_cards(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GlossaryScreen)
        await pilot.press("space", "down", "space")
        cards = list(app.screen.query(FlipCard))
        assert [c.flipped for c in cards] == [True, True]
        assert "flipped 2/2" in str(app.screen.query_one("#glossary-status").render())
        await pilot.press("a")
        assert not any(c.flipped for c in cards)


async def test_problems_screen_lists_problems_literally(make_app, sample, tmp_path):
    problems = [Problem(tmp_path / "bad.yaml", 3, 5, "lesson.title", "got '[bold]x[/]'")]
    app = make_app(lang="en", load=LoadResult(sample.bank, problems, sample.files))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.click("#home-problems")
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        listed = str(app.screen.query_one("#problems-list").render())
        assert f"{tmp_path / 'bad.yaml'}:3:5: lesson.title: got '[bold]x[/]'" in listed


async def test_no_color_keeps_a_truecolor_theme_and_keeps_numbers(make_app):
    app = make_app(lang="en", plain=True, start="lab")
    async with app.run_test(size=(80, 24)) as pilot:
        # Textual's NO_COLOR filter greys a truecolor theme; ANSI colours would all turn black.
        assert not app.current_theme.ansi
        view = app.screen.view
        w = view.result.weights[0, 0, 0]
        import io

        from rich.console import Console

        console = Console(width=100, file=io.StringIO(), record=True, color_system="standard")
        console.print(view._renderable())
        assert f"{w:.2f}" in console.export_text()
        assert "\x1b[4" not in console.export_text(styles=True)  # no background heat colours
        await pilot.pause()


async def test_resize_storm_keeps_running(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        for size in [(20, 5), (1, 1), (250, 80), (80, 24), (33, 7), (120, 36)] * 2:
            await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.press("n")
        assert app.is_running and type(app.screen).__name__ == "ReaderScreen"
        assert app.screen.query_one("#reader-body").size.width > 0


async def test_english_and_chinese_strings(make_app):
    for lang, word in (("en", "Lessons"), ("zh-TW", "課程")):
        app = make_app(lang=lang)
        async with app.run_test(size=(80, 24)):
            assert str(app.screen.query_one(".pane-title").render()) == word


async def test_store_background_problems_are_told_once(make_app, store):
    """Damage found by the store's deferred full check, or a failed backup, reaches the learner once."""
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        store._upkeep.problem = "quick_check: row 7 missing from index"
        store._upkeep.last_error = "disk full"
        app.check_store_upkeep()
        app.check_store_upkeep()
        await pilot.pause()
        texts = [str(n.message) for n in app._notifications]
        assert sum("row 7 missing" in t for t in texts) == 1
        assert sum("disk full" in t for t in texts) == 1
        assert app.is_running


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
def test_no_color_in_a_real_terminal_never_draws_text_in_its_background_colour(tmp_path):
    """NO_COLOR=1 on a truecolor terminal: grey text on a grey background, never black on black."""
    import fcntl
    import os
    import pty
    import re
    import select
    import struct
    import subprocess
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, QUIZTERM_HOME=str(tmp_path), TERM="xterm-256color", COLORTERM="truecolor",
               NO_COLOR="1", COLUMNS="80", LINES="24")
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen([sys.executable, "-m", "quizterm"], stdin=slave, stdout=slave, stderr=slave,
                            env=env, start_new_session=True, close_fds=True)
    os.close(slave)
    out, end = b"", time.monotonic() + 30
    try:
        while time.monotonic() < end and "今天到期".encode() not in out:  # bound, not a wait
            if select.select([master], [], [], 0.1)[0]:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert "今天到期".encode() in out, out[-400:]
    pairs = re.findall(rb"38;2;(\d+;\d+;\d+);48;2;(\d+;\d+;\d+)m", out)
    assert pairs
    assert all(fg != bg for fg, bg in pairs), [p for p in pairs if p[0] == p[1]][:3]
