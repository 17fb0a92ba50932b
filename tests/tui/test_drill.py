"""Pilot: a full drill (answer, change, flag, jump, pause, submit), time-out auto-submit, resume after a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizterm.quiz import QuestionInstance
from quizterm.quiz.drill_result import key_response

DATA = Path(__file__).parent / "data_study"


@pytest.fixture(scope="module")
def study():
    from quizterm.content import load_content

    return load_content([DATA])


def _inst(screen):
    s = screen.session
    return QuestionInstance.from_json(s.items[s.current])


async def _answer_right(pilot, screen):
    inst = _inst(screen)
    key = key_response(inst)
    if inst.type == "single":
        await pilot.press(str(key + 1))
    elif inst.type == "true_false":
        await pilot.press("1" if key else "2")
    elif inst.type == "multi":
        await pilot.press(*[str(i + 1) for i in sorted(key)])
    elif inst.type in ("short", "numeric"):
        await pilot.press(*list(key if inst.type == "short" else "8"), "enter")
    elif inst.type == "order":
        widget = screen.query_one("AnswerInput")
        for target, want in enumerate(key):
            pos = widget.arrangement.index(want)
            widget.cursor = pos
            for _ in range(pos - target):
                await pilot.press("shift+up")
    elif inst.type == "matrix":
        for r, row in enumerate(inst.answer):
            for c, v in enumerate(row):
                screen.query_one(f"#cell-{r}-{c}").focus()
                await pilot.press(*list(str(int(v))))
        await pilot.press("enter")
    await pilot.pause()


async def _open_drill(make_app, study, **args):
    app = make_app(load=study, lang="en", start="drill",
                   start_args={"lesson_id": "study", "autostart": True, **args})
    return app


async def test_full_drill_flow(make_app, study, store, clock):
    app = await _open_drill(make_app, study, count=8, minutes=5, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "DrillScreen"
        s = screen.session
        assert len(s.items) == 8 and s.duration_s == 300
        # answer the first right, flag it, then go on and answer the next three right
        await _answer_right(pilot, screen)
        first_q = s.current
        assert first_q in s.answers
        await pilot.press("ctrl+f")
        assert s.palette()[0] == "answered-flagged"
        for _ in range(3):
            await pilot.press("pagedown")  # (right/left move the cursor inside a typed answer)
            await pilot.pause()
            await _answer_right(pilot, screen)
        assert len(s.answers) == 4
        # every answer and flag is already in the store
        rec = store.drill(s.drill_id)
        assert sum(rec.answered) == 4 and rec.flags[0]
        # jump with the dialog to question 7, flag it without answering
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("7", "enter")
        await pilot.pause()
        assert s.current == 6
        await pilot.press("ctrl+f")
        assert s.palette()[6] == "flagged" and s.palette()[5] == "unvisited"
        # flagged-only cycling goes 7 -> 1 -> 7
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert s.current == 0
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert s.current == 6
        # click the palette to go back to question 2 and change its answer to a wrong one
        await pilot.click("#palette-1")
        await pilot.pause()
        assert s.current == 1
        before = s.answers[1]
        inst = _inst(screen)
        widget = screen.query_one("AnswerInput")
        assert widget.response_json() == before  # the saved answer is shown again
        assert inst.type in ("single", "true_false", "multi")  # seed 3 puts a choice question here
        await pilot.press("2" if inst.type != "multi" else "4")
        await pilot.pause()
        assert store.drill(s.drill_id).answers[1] != before
        # pause hides the questions and stops the clock
        clock.advance(20)
        left = s.remaining()
        await pilot.press("escape")
        await pilot.pause()
        assert screen.has_class("-paused")
        assert screen.query_one("#drill-main").styles.display == "none"  # questions hidden
        assert screen.query_one("#drill-cover").styles.display == "block"
        clock.advance(500)
        screen.tick()
        assert s.remaining() == pytest.approx(left)
        assert screen.query_one("#drill-countdown").has_class("-paused")
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.has_class("-paused")
        # the countdown warns in the last minute and the last ten seconds
        clock.advance(s.remaining() - 50)
        screen.tick()
        assert screen.query_one("#drill-countdown").level == "warn"
        clock.advance(45)
        screen.tick()
        assert screen.query_one("#drill-countdown").has_class("-danger")
        # submit asks first and names the unanswered and flagged counts
        await pilot.press("ctrl+s")
        await pilot.pause()
        body = str(app.screen.query_one("#submit-body").render())
        c = s.counts()
        assert f"{c['unanswered']} unanswered and {c['flagged']} flagged" in body
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and not s.finished
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        result_screen = app.screen
        assert type(result_screen).__name__ == "DrillResultScreen"
        res = store.drill(s.drill_id).result
        assert res["total"] == 8 and not res["timed_out"]
        missed = {i["question_id"] for i in res["items"] if not i["correct"]}
        assert missed and {e.question_id for e in store.notebook()} == missed
        assert store.card_keys("q:") == set()  # drill answers never move FSRS
        summary = str(result_screen.query_one("#result-summary").render())
        assert f"{res['percent']:g}%" in summary
        review = str(result_screen.query_one("#result-review").render())
        assert "Right answer:" in review
        await pilot.press("v", "v", "v")  # wrong -> unanswered -> flagged -> all
        assert result_screen.review == "all"
        # retry the missed ones: a new drill of exactly those questions
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        retry = app.screen.session
        assert {QuestionInstance.from_json(i).question_id for i in retry.items} == missed


async def test_time_out_submits_itself(make_app, study, store, clock):
    app = await _open_drill(make_app, study, count=3, minutes=1, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        s = screen.session
        await _answer_right(pilot, screen)
        await pilot.press("ctrl+s")  # time runs out while the confirmation is open
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmSubmit"
        clock.advance(61)
        screen.tick()
        await pilot.pause()
        assert type(app.screen).__name__ == "DrillResultScreen"
        assert [type(x).__name__ for x in app.screen_stack[-2:]] == ["HomeScreen", "DrillResultScreen"]
        rec = store.drill(s.drill_id)
        assert rec.status == "done" and rec.result["timed_out"] and rec.result["correct"] == 1
        assert rec.result["time_used_s"] == 60
        assert store.notebook_count() == 2


async def test_resume_after_crash(make_app, study, store, clock):
    from quizterm.quiz.drill import DrillSession
    from quizterm.quiz.sampling import plan_drill

    # a drill that was running when the process died: two answers and a flag saved, 100 s used
    plan = plan_drill(study.bank, lesson="study", count=5, minutes=5, seed=2)
    crashed = DrillSession.start(store, clock, plan.questions, bank=study.bank, spec=plan.spec,
                                 duration_s=plan.duration_s, seed=2)
    inst0 = QuestionInstance.from_json(crashed.items[0])
    from quizterm.quiz.session import response_to_json

    crashed.answer(response_to_json(inst0.type, key_response(inst0)))
    clock.advance(100)
    crashed.goto(3)
    crashed.toggle_flag()
    crashed.answer(response_to_json(QuestionInstance.from_json(crashed.items[3]).type,
                                    key_response(QuestionInstance.from_json(crashed.items[3]))))
    del crashed
    app = make_app(load=study, lang="en", start="drill", start_args={})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeDrill"
        assert "2 of 5 answered" in str(app.screen.query_one("#resume-body").render())
        assert "3:20 left" in str(app.screen.query_one("#resume-body").render())
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = app.screen
        s = screen.session
        assert type(screen).__name__ == "DrillScreen"
        assert set(s.answers) == {0, 3} and s.flags == {3}
        assert s.remaining() == pytest.approx(200)
        assert s.palette()[3] == "answered-flagged"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert store.drill(s.drill_id).result["correct"] == 2


async def test_abandon_then_bad_request_shows_one_line(make_app, study, store, clock):
    from quizterm.quiz.drill import DrillSession

    DrillSession.start(store, clock, list(study.bank.questions.values())[:2], bank=study.bank,
                       spec={}, duration_s=60)
    app = make_app(load=study, lang="en", start="drill", start_args={"count": 99, "autostart": True})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d")  # abandon: answers kept
        await pilot.pause()
        assert store.unfinished_drill() is None
        assert store.drills()[0].status == "abandoned"
        err = str(app.screen.query_one("#setup-error").render())
        assert "only 8 questions exist" in err and "try --count 8" in err


async def test_quit_mid_drill_keeps_time_and_answers(make_app, study, store, clock):
    app = await _open_drill(make_app, study, count=3, minutes=2, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        s = app.screen.session
        await _answer_right(pilot, app.screen)
        clock.advance(30)
        await pilot.press("ctrl+q")
        await pilot.pause()
    rec = store.unfinished_drill()
    assert rec is not None and rec.id == s.drill_id
    assert rec.elapsed_s == pytest.approx(30) and sum(rec.answered) == 1


async def test_next_start_offers_the_unfinished_drill(make_app, study, store, clock):
    from quizterm.quiz.drill import DrillSession

    d = DrillSession.start(store, clock, list(study.bank.questions.values())[:3], bank=study.bank,
                           spec={}, duration_s=120)
    d.answer(0)
    # a command line that opens another screen is not interrupted
    app = make_app(load=study, lang="en", start="practice", start_args={"tag": "scale"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "PracticeScreen"
    # the plain start (home) asks, and resuming continues where it stopped
    app = make_app(load=study, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeDrill"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert type(app.screen).__name__ == "DrillScreen" and app.screen.session.answers == {0: 0}
        await pilot.press("escape", "q")  # pause, then leave: back home, the drill still waits
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen" and store.unfinished_drill() is not None


async def test_result_screen_for_a_past_drill_and_a_stale_id(make_app, study, store, clock):
    from quizterm.quiz.drill import DrillSession

    d = DrillSession.start(store, clock, list(study.bank.questions.values())[:2], bank=study.bank,
                           spec={"pass": 50}, duration_s=120)
    d.answer(key_response(QuestionInstance.from_json(d.items[0])))
    d.submit()
    app = make_app(load=study, lang="en", start="drill_result", start_args={"drill_id": d.drill_id})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "50% (1 / 2) · pass mark 50% · PASSED" in str(app.screen.query_one("#result-summary").render())
    app = make_app(load=study, lang="en", start="drill_result", start_args={"drill_id": 999})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.is_running and not app.screen.check_action("retry", ())


async def test_declining_resume_then_starting_resolves_the_old_drill(make_app, study, store, clock):
    """Esc on the resume offer, then start: the old drill is abandoned (answers kept as attempts), one active."""
    from quizterm.quiz.drill import DrillSession

    old = DrillSession.start(store, clock, list(study.bank.questions.values())[:3], bank=study.bank,
                             spec={}, duration_s=120)
    from quizterm.quiz.session import response_to_json

    for i in (0, 1):
        old.goto(i)
        inst = QuestionInstance.from_json(old.items[i])
        old.answer(response_to_json(inst.type, key_response(inst)))
    app = make_app(load=study, lang="en", start="drill", start_args={"lesson_id": "study", "count": 2})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeDrill"
        await pilot.press("escape")  # not now
        await pilot.pause()
        await pilot.press("ctrl+s")  # start a new one: the old one must be dealt with first
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeDrill" and app.screen.starting
        assert "submit or abandon" in str(app.screen.query_one("#resume-body").render())
        await pilot.press("escape")  # still not: nothing starts
        await pilot.pause()
        assert [d.status for d in store.drills()] == ["active"]
        await pilot.press("ctrl+s", "ctrl+s")  # a double press does not grade the old one
        await pilot.pause()
        assert store.drill(old.drill_id).status == "active"
        await pilot.press("ctrl+d")  # abandon the old one, keeping its two answers
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "DrillScreen" and app.screen.session.drill_id != old.drill_id
    assert [d.status for d in store.drills()] == ["active", "abandoned"]
    kept = [a for a in store.attempts() if a.drill_id == old.drill_id]
    assert len(kept) == 2 and all(a.correct and a.mode == "drill" for a in kept)


async def test_starting_with_an_old_drill_can_submit_it(make_app, study, store, clock):
    from quizterm.quiz.drill import DrillSession

    old = DrillSession.start(store, clock, list(study.bank.questions.values())[:2], bank=study.bank,
                             spec={}, duration_s=120)
    from quizterm.quiz.session import response_to_json

    inst = QuestionInstance.from_json(old.items[0])
    old.answer(response_to_json(inst.type, key_response(inst)))
    app = make_app(load=study, lang="en", start="drill", start_args={"lesson_id": "study", "count": 2})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")  # submit from the offer; the setup form stays for the new one
        await pilot.pause()
        assert store.drill(old.drill_id).status == "done" and store.drill(old.drill_id).result["correct"] == 1
        assert store.unfinished_drill() is None


async def test_resume_offer_ignores_stray_letters(make_app, study, store, clock):
    """Over home, the offer has buttons with key hints, focus on "not now", and no letter keys."""
    from quizterm.quiz.drill import DrillSession

    DrillSession.start(store, clock, list(study.bank.questions.values())[:3], bank=study.bank,
                       spec={}, duration_s=120)
    app = make_app(load=study, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert type(dialog).__name__ == "ResumeDrill"
        assert app.focused.id == "resume-cancel"
        labels = [str(b.label) for b in dialog.query("Button")]
        assert any("Ctrl+R" in x for x in labels) and any("Esc" in x for x in labels)
        for key in "rgfpdnsa":
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("enter")  # the focused default is the safe choice
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert store.unfinished_drill() is not None


async def test_result_breakdown_names_objectives_by_their_text(make_app, study, store, clock):
    from quizterm.quiz.drill import DrillSession

    qs = [study.bank.questions[q] for q in ("s-single", "s-num")]
    d = DrillSession.start(store, clock, qs, bank=study.bank, spec={"pass": 50}, duration_s=120)
    d.submit()
    app = make_app(load=study, lang="en", start="drill_result", start_args={"drill_id": d.drill_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#result-breakdown").render())
        assert "基本概念" in text and "計算" in text
        assert "basics" not in text and " math " not in text


async def test_submit_confirmation_keeps_each_count_with_its_unit(make_app, study, store, clock):
    app = make_app(load=study, lang="zh-TW", start="drill",
                   start_args={"lesson_id": "study", "count": 3, "minutes": 2, "autostart": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("ctrl+f", "ctrl+s")
        await pilot.pause()
        body = app.screen.query_one("#submit-body")
        lines = [line.text.rstrip() for line in body.render_lines(body.region.reset_offset)]
        lines = [x for x in lines if x]
        assert any("已標記：1 題" in x for x in lines), lines
        assert not any(x[-1].isdigit() for x in lines), lines  # no number left at a line end


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
async def test_submit_key_is_visible_in_the_footer_at_80_columns(make_app, study, store, clock, lang):
    app = make_app(load=study, lang=lang, start="drill",
                   start_args={"lesson_id": "study", "count": 3, "minutes": 2, "autostart": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        keys = {k.key: k.region for k in app.screen.query("FooterKey")}
        submit = keys["ctrl+s"]
        palette_x = keys["ctrl+p"].x if "ctrl+p" in keys else 80
        assert submit.width > 0 and submit.right <= min(80, palette_x)
