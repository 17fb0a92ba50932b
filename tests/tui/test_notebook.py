"""Pilot: the notebook lists misses (leeches first) with answer, right answer and explanation, filters,
re-asks the same instance, and turns into a drill."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizterm.quiz import make_instance
from quizterm.quiz.drill_result import key_response
from quizterm.store import Attempt

DATA = Path(__file__).parent / "data_study"


@pytest.fixture(scope="module")
def study():
    from quizterm.content import load_content

    return load_content([DATA])


def _miss(store, bank, qid, seed, times=1):
    q = bank.questions[qid]
    inst = make_instance(q, seed)
    wrong = {"single": lambda: (inst.answer + 1) % len(inst.choices), "numeric": lambda: "123",
             "true_false": lambda: not inst.answer, "short": lambda: "不對"}[inst.type]()
    for _ in range(times):
        store.record_answer(Attempt(qid, "study", "practice", wrong, False, seed=inst.seed,
                                    option_order=inst.option_order, instance=inst.to_json()), schedule=True)
    return inst


async def test_notebook_lists_filters_and_replays_the_same_instance(make_app, study, store, clock):
    bank = study.bank
    shown = _miss(store, bank, "s-single", seed=11)
    _miss(store, bank, "s-num", seed=12)
    clock.advance(60)
    _miss(store, bank, "s-tf", seed=13, times=4)  # a leech
    app = make_app(load=study, lang="en", start="notebook")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [e.question_id for e in screen.shown][0] == "s-tf"  # leeches first
        assert "leech" in str(screen.query_one("#notebook-list").get_option_at_index(0).prompt)
        detail = str(screen.query_one("#notebook-entry").render())
        assert "You answered:" in detail and "Right answer:" in detail and "除以 √d_k。" in detail
        screen.set_filter("tag", "softmax")
        await pilot.pause()
        assert [e.question_id for e in screen.shown] == ["s-single"]
        detail = str(screen.query_one("#notebook-entry").render())
        wrong_label = chr(65 + (shown.answer + 1) % len(shown.choices))
        assert f"You answered: {wrong_label}." in detail
        screen.set_filter("objective", "math")
        assert [e.question_id for e in screen.shown] == ["s-num"]
        line = str(screen.query_one("#notebook-filter").render())
        assert "計算" in line and "math" not in line  # the objective's text, not its id
        await pilot.press("f")  # cycles on to the next filter
        assert screen.filter != ("objective", "math")
        screen.set_filter("tag", "softmax")
        await pilot.press("r")
        await pilot.pause()
        practice = app.screen
        inst = practice.session.instance
        assert inst.choices == shown.choices and inst.option_order == shown.option_order
        assert inst.seed == shown.seed
        await pilot.press(chr(ord("a") + key_response(inst)))
        await pilot.pause()
        row = store.attempts(mode="notebook")[0]
        assert row.correct and row.instance == shown.to_json()
        entry = store.notebook_entry("s-single")
        assert entry is not None and entry.correct_days == 1  # stays until a second day
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        screen.set_filter("all")
        await pilot.press("d")  # the notebook as a drill
        await pilot.pause()
        setup = app.screen
        assert type(setup).__name__ == "DrillSetupScreen" and sorted(setup.question_ids) == ["s-num", "s-single", "s-tf"]
        setup.action_start()
        await pilot.pause()
        drill = app.screen.session
        assert sorted(i["question_id"] for i in drill.items) == ["s-num", "s-single", "s-tf"]


async def test_notebook_for_one_lesson_and_empty(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="notebook", start_args={"lesson_id": "study", "only_lesson": True})
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.filter == ("lesson", "study") and screen.shown == []
        line = str(screen.query_one("#notebook-filter").render())
        assert "練習用課程" in line and "study" not in line  # the lesson's title, not its id
        assert "notebook is empty" in str(screen.query_one("#notebook-entry").render())
        assert not screen.check_action("review", ()) and not screen.check_action("to_drill", ())
