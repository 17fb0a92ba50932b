"""The home screen and the statistics show the same "answered" and "due today" figures."""

from __future__ import annotations

from datetime import timedelta

from textual.widgets import OptionList

from quizterm.stats.report import compute_stats


def _history(store, clock):
    from quizterm.store import Attempt

    store.review_card("term:sample-attention/token:fwd", 1)
    store.review_card("term:sample-attention/token:rev", 4)
    for ok in (True, True, False):
        store.record_answer(Attempt("q-softmax-rows", "sample-attention", "practice", 0, ok), schedule=True)
    drill = store.start_drill({"lang": "en"}, [], 600)
    store.finish_drill(drill, [  # one item answered wrong, one left blank: the blank is not an answer
        Attempt("q-softmax-rows", "sample-attention", "drill", 1, False, drill_id=drill),
        Attempt("q-softmax-rows", "sample-attention", "drill", None, False, drill_id=drill)], {})
    clock.advance(timedelta(days=2).total_seconds())


async def test_home_figures_equal_the_statistics(make_app, store, clock, sample):
    _history(store, clock)
    report = compute_stats(sample.bank, store, now=clock.now())
    assert (report.answered, report.correct) == (4, 2)  # the blank drill item is left out
    assert report.due_today.total == report.forecast[0][1]  # today's forecast bar is the same figure
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)):
        today = str(app.screen.query_one("#home-today").render())
        due = report.due_today
        assert f"Due today: {due.flashcards} cards, {due.questions} questions" in today
        prompt = str(app.screen.query_one("#home-lessons", OptionList).get_option_at_index(0).prompt)
        assert f"{report.answered} answers · {report.accuracy:.0%} right" in prompt
        [row] = report.lessons
        assert (row.answered, row.correct) == (report.answered, report.correct)
