"""Pilot: a flashcard round (flip, rate, siblings buried, Again comes back) and cram leaving the schedule alone."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data_study"


@pytest.fixture(scope="module")
def study():
    from quizterm.content import load_content

    return load_content([DATA])


async def test_flashcard_round(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="flashcards", start_args={"lesson_id": "study"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        # two terms (one direction each: siblings are never both queued) and one cue word
        assert [c.kind for c in s.queue].count("cue") == 1 and len(s.queue) == 3
        assert len({c.sibling for c in s.queue if c.sibling}) == 2
        first = s.current
        assert not screen.check_action("rate", (3,))  # rating needs the back
        await pilot.press("3")
        assert store.card(first.key) is None
        await pilot.press("space")
        await pilot.pause()
        assert first.back.splitlines()[0] in str(screen.query_one("#cards-card").render())
        await pilot.press("4")  # Easy
        await pilot.pause()
        state = store.card(first.key)
        assert state is not None and state.reps == 1 and state.due > clock.now()
        second = s.current
        await pilot.press("space", "1")  # Again: comes back in this session
        await pilot.pause()
        assert store.card(second.key).reps == 1 and s.queue[-1].key == second.key
        while not s.done:
            await pilot.press("space", "3")
            await pilot.pause()
            if len(s.reviewed) > 10:
                break
        assert s.done
        assert "Nothing more due" in str(screen.query_one("#cards-card").render())
    # next day: the sibling of the first card may come, the first one is not due yet
    clock.advance(86400)
    app = make_app(load=study, lang="en", start="flashcards", start_args={"lesson_id": "study"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = {c.key for c in app.screen.session.queue}
        assert first.key not in keys
        sibling = first.key[:-3] + ("rev" if first.key.endswith("fwd") else "fwd")
        assert sibling in keys


async def test_cram_never_moves_the_schedule(make_app, study, store, clock):
    app = make_app(load=study, lang="en", start="flashcards", start_args={"lesson_id": "study"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert screen.session.cram and "cram" in screen.sub_title
        assert len(screen.session.queue) == 5  # both directions of each term, and the cue
        await pilot.press("space", "1")  # Again in cram: practised again later in the round
        for _ in range(5):
            await pilot.press("space", "3")
        await pilot.pause()
        assert len(screen.session.reviewed) == 6 and screen.session.done
        assert store.card_keys("") == set()
