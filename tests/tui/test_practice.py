"""Pilot: a practice round over every question type, with a fake clock and the real store."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizterm.quiz.drill_result import key_response

DATA = Path(__file__).parent / "data_study"


@pytest.fixture(scope="module")
def study():
    from quizterm.content import load_content

    return load_content([DATA])


def _letter(i: int) -> str:
    return chr(ord("a") + i)


async def _answer_right(pilot, screen):
    """Press the keys that answer the current question correctly."""
    inst = screen.session.instance
    key = key_response(inst)
    if inst.type == "single":
        await pilot.press(_letter(key))
    elif inst.type == "true_false":
        await pilot.press("1" if key else "2")
    elif inst.type == "multi":
        await pilot.press(*[str(i + 1) for i in sorted(key)], "enter")
    elif inst.type in ("short", "numeric"):
        await pilot.press(*list(key if inst.type == "short" else "8"), "enter")
    elif inst.type == "order":
        # selection sort with the keyboard: bring each right item up to its place
        widget = screen.query_one("AnswerInput")
        for target, want in enumerate(key):
            pos = widget.arrangement.index(want)
            widget.cursor = pos
            for _ in range(pos - target):
                await pilot.press("shift+up")
        await pilot.press("enter")
    elif inst.type == "matrix":
        for r, row in enumerate(inst.answer):
            for c, v in enumerate(row):
                await pilot.click(f"#cell-{r}-{c}")
                await pilot.press(*list(str(int(v))))
        await pilot.press("enter")
    await pilot.pause()


async def test_practice_round_every_type(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="practice", start_args={"lesson_id": "study", "pick": False})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        assert len(s) == 8 and s.instance.question_id == "s-single"
        assert not screen.check_action("next", ())  # "next" is off before answering
        # A held key: 50 repeats of the right letter give exactly one answer.
        await pilot.press(*[_letter(s.instance.answer)] * 50)
        await pilot.pause()
        assert len(store.attempts(question_id="s-single")) == 1
        assert screen.check_action("next", ())
        feedback = str(screen.query_one("#practice-feedback").render())
        assert "softmax 把每一列變成機率分布。" in feedback and "Right" in feedback
        answered = 1
        while True:
            await pilot.press("enter")  # next
            await pilot.pause()
            if s.done:
                break
            if s.state == "thinking":
                assert not screen.query("AnswerInput")  # options hidden behind the countdown
                clock.advance(s.instance.think_seconds)
                screen.tick()
                await pilot.pause()
                assert screen.query("AnswerInput")
            await _answer_right(pilot, screen)
            answered += 1
            assert s.state == "answered", s.instance.question_id
            assert s.last.grade.correct, (s.instance.question_id, s.last.grade)
        rows = store.attempts()
        assert len(rows) == answered == 8
        assert all(r.scheduled and r.mode == "practice" for r in rows)
        assert len(store.card_keys("q:")) == 8
        assert "8 of 8" in str(screen.query_one("#practice-progress").render())


async def test_wrong_short_cjk_then_override_and_misconception(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="practice", start_args={"tag": "qkv"})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        assert [q.id for q in s._questions] == ["s-multi", "s-short"]
        wrong = next(i for i in range(4) if i not in s.instance.answer)
        await pilot.press(str(wrong + 1), "enter")  # picks only the wrong option
        await pilot.pause()
        assert not s.last.grade.correct and s.last.grade.detail.count("missed") == 3
        assert not screen.check_action("override", ())  # only for short answers
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("鍵", "值")  # CJK typing reaches the input
        await pilot.pause()
        assert screen.query_one("#answer-text").value == "鍵值"
        await pilot.press("enter")
        await pilot.pause()
        row = store.attempts(question_id="s-short")[0]
        assert row.response == "鍵值" and not row.correct
        assert screen.check_action("override", ())
        await pilot.press("o")
        await pilot.pause()
        assert store.attempt(row.id).overridden
        assert len(store.attempts(question_id="s-short")) == 1


async def test_misconception_named_and_picker(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="practice", start_args={"lesson_id": "study"})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.picking and screen.session is None
        picker = screen.query_one("#practice-picker")
        ids = [picker.get_option_at_index(i).id for i in range(picker.option_count)]
        assert ids[0] == "due:" and "tag:softmax" in ids and "objective:math" in ids
        picker.highlighted = ids.index("tag:softmax")
        await pilot.press("enter")
        await pilot.pause()
        s = screen.session
        assert s.instance.question_id == "s-single"
        wrong = s.instance.misconceptions.index("no-scale")
        await pilot.press(_letter(wrong))
        await pilot.pause()
        feedback = str(screen.query_one("#practice-feedback").render())
        assert "以為不需要縮放" in feedback and "Right answer:" in feedback
        assert store.notebook_entry("s-single") is not None


async def test_store_write_error_is_a_notification(make_app, study, store, clock):
    from quizterm.store import StoreWriteError

    def boom(stage):
        raise StoreWriteError("full", "database or disk is full")

    app = make_app(load=study, lang="en", start="practice", start_args={"tag": "scale"})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        store._fault = boom
        await pilot.press("1")
        await pilot.pause()
        store._fault = None
        assert any("full" in n.message for n in app._notifications)
        assert store.attempts() == []
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.index == 1  # still running


async def test_a_bug_in_a_handler_is_a_notification(make_app, study, store, clock, monkeypatch):
    from quizterm.quiz.session import PracticeSession

    def broken(self, response):
        raise RuntimeError("grader exploded")

    monkeypatch.setattr(PracticeSession, "answer", broken)
    app = make_app(load=study, lang="en", start="practice", start_args={"tag": "scale"})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert any("grader exploded" in n.message for n in app._notifications)
        assert app.is_running and type(app.screen).__name__ == "PracticeScreen"


async def test_the_readers_question_list(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="practice",
                   start_args={"lesson_id": "study", "question_ids": ["s-tf", "gone", "s-num"]})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        s = app.screen.session
        assert [q.id for q in s._questions] == ["s-tf", "s-num"]  # a stale id is skipped
        await pilot.press("2")  # "False": wrong, and the verdict words are in the UI language
        await pilot.pause()
        assert s.last.grade.expected == "True" and s.last.grade.given == "False"


async def test_empty_or_partial_typed_answer_says_so(make_app, study, store, clock):
    """Enter on an empty numeric answer, or a grid with a blank cell, shows a short message."""
    app = make_app(load=study, lang="en", start="practice",
                   start_args={"question_ids": ["s-num", "s-matrix"], "pick": False})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        assert s.instance.question_id == "s-num"
        await pilot.press("enter")
        await pilot.pause()
        assert s.state == "answering"
        assert any("No answer yet" in str(n.message) for n in app._notifications)
        await pilot.press("8", "enter")
        await pilot.pause()
        await pilot.press("enter")  # next: the grid
        await pilot.pause()
        assert s.instance.question_id == "s-matrix"
        screen.query_one("#cell-0-0").focus()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert s.state == "answering" and not store.attempts(question_id="s-matrix")
        assert any("Fill every cell" in str(n.message) for n in app._notifications)


async def test_unreadable_number_is_said_in_the_ui_language(make_app, study, store, clock):
    app = make_app(load=study, lang="zh-TW", start="practice",
                   start_args={"question_ids": ["s-num"], "pick": False})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("a", "b", "c", "enter")
        await pilot.pause()
        messages = [str(n.message) for n in app._notifications]
        assert "「abc」不是數字。" in messages, messages
        assert not any("not a number" in m for m in messages)
        assert app.screen.session.state == "answering"


async def test_header_counts_the_answer_at_once(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="practice", start_args={"question_ids": ["s-single"], "pick": False})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "right 0 of 0" in str(screen.query_one("#practice-progress").render())
        await _answer_right(pilot, screen)
        assert screen.session.state == "answered"
        assert "right 1 of 1" in str(screen.query_one("#practice-progress").render())


async def test_think_hint_is_generic(make_app, study, store, clock):
    """Grids and numbers have no options: the hint says you can answer when the countdown ends."""
    app = make_app(load=study, lang="zh-TW", start="practice",
                   start_args={"question_ids": ["s-think"], "pick": False})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        hint = str(app.screen.query_one("#practice-think").query_one("Static").render())
        assert "選項" not in hint and "倒數結束後才能作答" in hint


async def test_x_skips_the_think_countdown_like_the_reader(make_app, study, store, clock):
    app = make_app(load=study, lang="zh-TW", start="practice",
                   start_args={"question_ids": ["s-think"], "pick": False})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.session.state == "thinking"
        assert "x" in str(screen.query_one("#practice-think").query_one("Static").render())
        assert any(b.key == "x" and b.show for b in screen.BINDINGS)  # the footer names x
        await pilot.press("x")
        await pilot.pause()
        assert screen.session.state == "answering" and screen.query("AnswerInput")
