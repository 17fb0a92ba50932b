"""The attention lab: every figure comes from the engine, every control changes it."""

from __future__ import annotations

import html
import io
import re

import numpy as np
from rich.console import Console
from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Input

from quizterm.engine import attention_demo
from quizterm.tui.screens.lab import LabScreen


def shown(screen) -> str:
    console = Console(width=200, color_system=None, file=io.StringIO(), record=True)
    console.print(screen.view._renderable())
    return console.export_text()


async def test_typed_cjk_sentence_and_figures_match_the_engine(make_app):
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, LabScreen)
        await pilot.press("i")
        box = screen.query_one(Input)
        box.value = ""
        await pilot.press(*"我愛你們", "enter")
        await pilot.pause()
        assert screen.view.result.tokens == ["我", "愛", "你", "們"]
        expected = attention_demo("我愛你們", heads=2, d_model=8)
        np.testing.assert_allclose(screen.view.result.weights, expected.weights)
        text = shown(screen)
        for value in expected.weights[0, 1]:
            assert f"{value:.2f}" in text
        assert screen.focused is screen.query_one("#lab-output")  # keys work again after enter


async def test_toggles_change_the_computation(make_app):
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        before = screen.view.result.weights.copy()
        await pilot.press("c")
        assert screen.config.causal and screen.view.result.mask is not None
        w = screen.view.result.weights[0]
        assert np.allclose(np.triu(w, 1), 0) and "·" in shown(screen)  # future tokens masked
        await pilot.press("c", "s")
        assert not screen.config.scale
        unscaled = screen.view.result.weights
        # without √d_k the rows are peakier (softmax saturates)
        assert unscaled.max(axis=-1).mean() > before.max(axis=-1).mean()
        await pilot.press("s", "e")
        assert not screen.config.positional
        await pilot.press("h")
        assert screen.config.heads == 4 and screen.view.result.weights.shape[0] == 4
        await pilot.press("m")
        assert screen.config.d_model == 16
        status = str(screen.query_one("#lab-status").content)
        assert "4 heads" in status and "d_model 16" in status and "positions off" in status


async def test_shuffle_without_positions_is_permutation_invariant(make_app):
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("e")  # positional encoding off
        base = screen.view.result
        await pilot.press("u")
        perm = screen.config.permute
        assert perm is not None and perm != sorted(perm)
        moved = screen.view.result
        assert moved.tokens == [base.tokens[i] for i in perm]
        np.testing.assert_allclose(moved.weights, base.weights[:, perm][:, :, perm], atol=1e-12)
        assert "permutation invariance" in str(screen.query_one("#lab-status").content)
        await pilot.press("o")
        assert screen.config.permute is None


async def test_step_view_and_head_switch(make_app):
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("1")
        assert screen.config.stage == "scores"
        steps = screen.view.result.head_steps(0)
        assert f"{steps['scores'][0, 0]:.2f}" in shown(screen) and "Q Kᵀ" in shown(screen)
        seen = [screen.config.stage]
        for _ in range(5):
            await pilot.press("right")
            seen.append(screen.config.stage)
        assert seen == ["scores", "scaled", "masked", "weights", "output", "output"]
        await pilot.press("j")
        assert screen.config.head == 1
        out = screen.view.result.head_steps(1)["output"]
        assert f"{out[0, 0]:.2f}" in shown(screen) and "head 2/2" in shown(screen)
        await pilot.press("a")
        assert screen.config.stage is None and shown(screen).count("head ") == 2


async def test_lab_in_zh_tw_and_bad_sentence(make_app):
    app = make_app(start="lab")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.view.result.tokens == ["貓", "坐", "在", "墊子", "上"]
        assert "頭數 2" in str(screen.query_one("#lab-status").content)
        await pilot.press("i")
        screen.query_one(Input).value = "   "
        await pilot.press("enter")
        assert any("請先輸入句子" in n.message for n in app._notifications)


async def test_an_engine_fault_is_a_message_not_a_crash(make_app, monkeypatch):
    import quizterm.engine

    def broken(*args, **kwargs):
        raise RuntimeError("engine fault")

    monkeypatch.setattr(quizterm.engine, "attention_demo", broken)
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "u", "right", "j")
        assert app.is_running and isinstance(app.screen, LabScreen)
        assert "Cannot compute: engine fault" in str(app.screen.view.render())


async def test_shuffle_with_the_causal_mask_does_not_claim_invariance(make_app):
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("e", "c")  # no positions, causal mask on
        base = screen.view.result
        await pilot.press("u")
        perm = screen.config.permute
        moved = screen.view.result
        assert not np.allclose(moved.weights, base.weights[:, perm][:, :, perm])  # it does not hold
        status = str(screen.query_one("#lab-status").content)
        assert "permutation invariance" in status and "keeps its weight" not in status
        assert "causal mask" in status


async def test_zh_shuffle_note_fills_its_lines_at_80_columns(make_app):
    app = make_app(start="lab")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e", "c", "u")
        await pilot.pause()
        status = app.screen.query_one("#lab-status")
        lines = [strip.text.rstrip() for strip in status.render_lines(Region(0, 0, *status.size))]
        note = [line for line in lines if "已打亂" in line][0]
        assert cell_len(note) >= status.size.width - 4, lines  # not "已打亂 token" alone on a line


async def test_step_two_says_not_scaled_when_scaling_is_off(make_app):
    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("2")
        assert "/ √d_k" in shown(app.screen)
        await pilot.press("s")
        assert "/ √d_k" not in shown(app.screen) and "not scaled" in shown(app.screen)


async def test_step_keys_are_in_the_footer_and_help_but_leave_the_sentence_box_alone(make_app):
    from quizterm.tui.screens.help import binding_rows

    app = make_app(lang="en", start="lab")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        rows = {bid: (key, desc) for key, desc, bid in binding_rows(app, screen)}
        assert rows["lab-next-stage"] == ("→", "Next stage") and rows["lab-prev-stage"][0] == "←"
        for bid in ("lab-heads", "lab-d-model", "lab-shuffle", "lab-next-head", "lab-causal"):
            assert bid in rows  # every key is in the help, shown in the footer or not
        footer = {a.binding.id for a in screen.active_bindings.values() if a.binding.show}
        assert {"lab-edit", "lab-causal", "lab-scale", "lab-positional", "lab-shuffle",
                "lab-next-stage", "lab-prev-stage", "lab-next-head"} <= footer
        await pilot.pause()
        painted = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")
        footer_line = painted.replace(" ", "")  # margins between keys are not characters in the SVG
        assert "←→Stepi Editc Causals Scalee Positionsu Shufflej Head? Help".replace(" ", "") in footer_line
        sentence = screen.query_one(Input).value
        await pilot.press("i", "end", "left", "left", "X")
        assert screen.query_one(Input).value == sentence[:-2] + "X" + sentence[-2:]
        assert screen.config.stage == "weights"  # the arrows moved the cursor, not the stage
