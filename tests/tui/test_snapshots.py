"""SVG snapshots of the key screens at 80x24 and 120x36 (update with --snapshot-update, then look)."""

from __future__ import annotations

import pytest

from quizterm.tui.app import QuiztermApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 36), id="120x36")]


@pytest.fixture(autouse=True)
def _fixed_registry(monkeypatch):
    # Which screens other engineers have built changes over time; the pictures must not.
    monkeypatch.setattr(QuiztermApp, "screen_available", lambda self, name: name != "stats")


@pytest.mark.parametrize("size", SIZES)
def test_home(snap_compare, make_app, size):
    assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_lesson_header(snap_compare, make_app, size):
    assert snap_compare(make_app(), press=["r"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_flipped_card(snap_compare, make_app, size):
    assert snap_compare(make_app(), press=["g", "space"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_think_prompt_mid_countdown(snap_compare, make_app, clock, size):
    async def run_before(pilot):
        await pilot.press("r", "n", "n", "n", "n")
        think = pilot.app.screen.query_one("ThinkPrompt")
        assert think.state == "counting"
        clock.advance(3.4)
        think.tick()
        await pilot.pause()

    assert snap_compare(make_app(), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_attention_table(snap_compare, make_app, size):
    assert snap_compare(make_app(start="lab"), press=["c"], terminal_size=size)
