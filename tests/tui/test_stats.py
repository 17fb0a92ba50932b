"""Pilot: the statistics screen shows the week at a glance, with numbers beside the pictures."""

from __future__ import annotations

from quizterm.store import Attempt


def _answers(store, sample, clock, days=3):
    """Three answers a day (the middle one wrong) to the sample's question."""
    qid = next(iter(sample.bank.questions))
    for _ in range(days):
        for i in range(3):
            store.record_answer(Attempt(qid, sample.bank.lesson_of_question[qid], "practice", 0, i != 1,
                                        time_ms=20_000), schedule=False)
        clock.advance(86400)
    return qid


async def test_stats_screen_shows_calendar_streak_and_accuracy(make_app, store, sample, clock):
    _answers(store, sample, clock)
    app = make_app(lang="en", start="stats")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "StatsScreen"
        report = screen.report
        assert report.answered == 9 and report.streak == 3
        summary = screen.block_text("summary")
        assert "Answers given 9 · right 6 (67%)" in summary and "Streak: 3 days in a row" in summary
        calendar = screen.block_text("calendar")
        assert "Weekly totals, oldest first:" in calendar and calendar.count("\n") >= 9
        assert "this week" in calendar.lower()
        assert "%" in screen.block_text("lessons")
        assert not screen.query_one("#stats-message").display
        # The rendered widget holds the same numbers the plain text does.
        shown = str(screen.query_one("#stats-summary").render())
        assert "Answers given 9" in shown
        store.record_answer(Attempt(list(sample.bank.questions)[0], "x", "practice", 0, True), schedule=False)
        await pilot.press("r")
        assert screen.report.answered == 10
        await pilot.press("escape")
        assert type(app.screen).__name__ != "StatsScreen"


async def test_new_learner_sees_a_friendly_empty_state_in_chinese(make_app):
    app = make_app(start="stats", plain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.report.answered == 0
        assert screen.query_one("#stats-message").display
        assert "還沒有作答紀錄" in str(screen.query_one("#stats-message").render())
        assert screen.query_one("#stats-top").has_class("-stacked")  # 80 columns: one block a row
        await pilot.resize_terminal(20, 5)
        await pilot.pause()
        await pilot.resize_terminal(150, 40)
        await pilot.pause()
        assert app.screen is screen
        assert not screen.query_one("#stats-top").has_class("-stacked")


async def test_a_failing_store_is_a_message_not_a_crash(make_app, store):
    store.close()  # every query now fails
    app = make_app(lang="en", start="stats")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.report is None and screen.error
        assert "Statistics are not available" in str(screen.query_one("#stats-message").render())


async def test_home_key_s_opens_statistics(make_app, store, sample, clock):
    _answers(store, sample, clock, days=1)
    app = make_app(lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen" and app.screen.report.answered == 3
