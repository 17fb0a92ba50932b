"""The lesson reader: every part of the page, driven by keys and the mouse."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.widgets import SelectionList, Static

from quizterm.tui.screens import SCREENS
from quizterm.tui.screens.confirm import ConfirmScreen
from quizterm.tui.screens.reader import ReaderScreen
from quizterm.tui.widgets.attention_view import AttentionView
from quizterm.tui.widgets.flip_card import FlipCard
from quizterm.tui.widgets.lesson_parts import Wrapped
from quizterm.tui.widgets.quick_check import QuickCheck
from quizterm.tui.widgets.reveal_steps import RevealSteps
from quizterm.tui.widgets.think_prompt import ThinkPrompt


def plain(widget) -> str:
    """The text a widget shows (a Static's content, else what it renders; Wrapped is its text)."""
    return str(widget.content if isinstance(widget, Static) else widget.render())


async def open_reader(app, pilot):
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(app.screen, ReaderScreen)
    return app.screen


async def test_header_and_literal_text(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        header = plain(screen.query_one("LessonHeader"))
        assert "自注意力機制入門" in header and "✓ reviewed" in header
        assert "about 25 min · 2 cards · 1 questions" in header
        assert "不是官方答案" in header  # the notice
        overview = "".join(plain(w) for w in screen.query("#part-overview Static"))
        assert "[bold]" in overview and "a[0]" in overview  # markup-like text is never eaten


async def test_every_part_of_the_page_is_there(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        ids = [p.id for p in screen.page_parts()]
        assert ids == ["part-header", "part-glossary", "part-overview", "part-objectives", "part-scenario",
                       "part-mapping", "part-cues", "sec-dot-product", "sec-multi-head", "sec-positional",
                       "part-examples", "part-pitfalls", "part-checks", "part-questions", "part-references"]
        mapping = _plain_renderable(screen.query("#part-mapping Static").last().content)
        assert "拿 Q 和所有 K 比對" in mapping and "QK^T / √d_k" in mapping
        cues = _plain_renderable(screen.query("#part-cues Static").last().content)
        assert "序列變長、記憶體爆掉" in cues and "O(n²)" in cues
        assert len(screen.query(FlipCard)) == 2
        assert len(screen.query(RevealSteps)) == 1 and len(screen.query(QuickCheck)) == 1


async def test_flip_card_by_key_and_click(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        card = screen.query_one("#card-attention", FlipCard)
        card.focus()
        await pilot.pause()
        assert "讓模型依當下任務" not in plain(card)
        await pilot.press("space")
        assert card.flipped and "讓模型依當下任務" in plain(card)
        assert "Don't confuse: " in plain(card) and "回頭找前文" in plain(card)
        await pilot.click(card)
        assert not card.flipped


async def test_think_prompt_counts_down_and_cannot_be_revealed_early(make_app, clock):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        think = screen.query_one(ThinkPrompt)
        assert think.state == "idle"
        think.focus()
        await pilot.pause()
        assert think.state == "counting"
        for _ in range(20):  # holding enter does nothing while the time runs
            await pilot.press("enter")
        assert think.state == "counting" and "約 100 × 100" not in plain(think)
        assert think.check_action("reveal", ()) is None  # shown greyed out, cannot run
        clock.advance(6.2)
        think.tick()
        await pilot.pause()
        assert "4 s left" in plain(think) and "約 100 × 100" not in plain(think)
        clock.advance(4)
        think.tick()
        await pilot.pause()
        assert think.state == "done" and think.check_action("reveal", ()) is True
        await pilot.press("enter")
        assert think.state == "revealed" and not think.skipped
        assert "約 100 × 100" in plain(think)


async def test_skipping_needs_a_confirmation(make_app, clock):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        think = screen.query_one(ThinkPrompt)
        think.focus()
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # changed my mind
        assert app.screen is screen and think.state == "counting"
        await pilot.press("x")
        await pilot.press("enter")  # the default button is "no": enter never skips by accident
        assert think.state == "counting"
        await pilot.press("x", "y")
        await pilot.pause()
        assert think.state == "revealed" and think.skipped
        assert "約 100 × 100" in plain(think)


async def test_countdown_ignores_a_wall_clock_jump(make_app, clock):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        think = screen.query_one(ThinkPrompt)
        think.focus()
        await pilot.pause()
        clock.jump_wall(-3600)
        think.tick()
        assert think.state == "counting" and think.remaining == pytest.approx(10)


async def test_worked_example_steps(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        steps = screen.query_one(RevealSteps)
        steps.focus()
        await pilot.pause()
        assert "e^2" not in plain(steps)
        await pilot.press("enter")
        assert "e^2 ≈ 7.389" in plain(steps) and "0.881" not in plain(steps)
        await pilot.press("enter")
        assert "0.881" in plain(steps) and "約 0.88" not in plain(steps)
        await pilot.press("enter")
        assert "Answer: 約 0.88" in plain(steps)
        assert steps.check_action("next_step", ()) is False


async def test_quick_check_reveal_then_one_self_grade(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        check = screen.query_one(QuickCheck)
        check.focus()
        await pilot.press("y")  # grading before revealing does nothing
        assert check.verdict is None
        await pilot.press("enter")
        assert check.revealed and "Answer: 1" in plain(check)
        assert "x no" in plain(check)
        await pilot.press("x", "y", "y")
        assert check.verdict is False and "review this" in plain(check)


async def test_n_after_revealing_a_quick_check_goes_to_the_next_part(make_app):
    """n is the reader's 'next part' everywhere; a quick check grades with y / x."""
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        check = screen.query_one(QuickCheck)
        check.focus()
        await pilot.press("enter", "n")
        await pilot.pause()
        assert check.verdict is None and screen.focused is not check
        assert screen._nav is not None  # the reader moved to a part


async def test_objectives_checklist_is_saved(make_app, store):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        checklist = screen.query_one("#reader-objectives", SelectionList)
        checklist.focus()
        await pilot.press("space")
        await pilot.pause()
        assert store.get_setting("objectives:sample-attention") == ["qkv"]


async def test_demo_section_shows_engine_weights(make_app):
    from quizterm.engine import attention_demo

    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        view = screen.query_one("#sec-dot-product AttentionView", AttentionView)
        expected = attention_demo("貓 坐 在 墊子 上", heads=1, d_model=8)
        assert view.result.tokens == ["貓", "坐", "在", "墊子", "上"]
        text = _plain_renderable(view._renderable())
        assert f"{expected.weights[0, 0, 0]:.2f}" in text and "墊子" in text


async def test_steps_demo_walks_through_the_computation(make_app):
    from quizterm.tui.widgets.attention_view import SteppedAttentionView

    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        view = screen.query_one("#sec-positional SteppedAttentionView", SteppedAttentionView)
        view.focus()
        await pilot.pause()
        steps = view.result.head_steps(0)
        assert view.config.stage == "scores" and view.result.tokens == ["我", "愛", "你"]
        assert view.check_action("stage", (-1,)) is False  # nothing before QKᵀ
        assert f"{steps['scores'][0, 1]:.2f}" in _plain_renderable(view._renderable())
        await pilot.press("right", "right", "right")
        assert view.config.stage == "weights"
        text = _plain_renderable(view._renderable())
        assert f"{steps['weights'][1, 0]:.2f}" in text and "stage 4/5" in text
        await pilot.press("right", "right")
        assert view.config.stage == "output" and view.check_action("stage", (1,)) is False


def _plain_renderable(renderable) -> str:
    import io

    from rich.console import Console

    console = Console(width=120, color_system=None, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


async def test_position_and_sections_read_are_remembered(make_app, store):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_reader(app, pilot)
        for _ in range(8):
            await pilot.press("n")
        await pilot.pause()
        where = screen.position
        assert where and where.startswith("sec-")
        assert "dot-product" in screen.sections_read
        await pilot.press("escape")
        await pilot.pause()
    state = store.reading("sample-attention")
    assert state.position == where and "dot-product" in state.sections_read
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_reader(app, pilot)
        await pilot.pause()
        body = screen.query_one("#reader-body")
        assert body.scroll_y > 0
        assert screen.position == where


async def test_previous_and_next_reach_both_ends(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_reader(app, pilot)
        for _ in range(16):
            await pilot.press("n")
        await pilot.pause()
        assert screen.focused is not None
        assert screen._nav == "part-references"
        for _ in range(16):
            await pilot.press("p")
        await pilot.pause()
        assert screen.query_one("#reader-body").scroll_y == 0


async def test_practice_link_is_honest_until_practice_exists(make_app, monkeypatch):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_reader(app, pilot)
        monkeypatch.delitem(SCREENS, "practice", raising=False)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ReaderScreen)
        assert any("not available yet" in n.message for n in app._notifications)


async def test_practice_link_opens_practice_with_the_lesson(make_app, monkeypatch):
    from textual.screen import Screen

    seen = {}

    class Practice(Screen):
        def __init__(self, lesson_id=None, question_ids=None):
            super().__init__()
            seen.update(lesson_id=lesson_id, question_ids=question_ids)

    import quizterm.tui.app as app_module

    real = app_module.load_screen
    monkeypatch.setattr(app_module, "load_screen", lambda name: Practice if name == "practice" else real(name))
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_reader(app, pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, Practice)
    assert seen == {"lesson_id": "sample-attention", "question_ids": ["q-softmax-rows"]}


async def test_an_exception_in_an_action_is_a_notification(make_app, monkeypatch):
    def boom(self, step):
        raise RuntimeError("the page could not move")

    monkeypatch.setattr(ReaderScreen, "action_move", boom)
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_reader(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert any("the page could not move" in n.message for n in app._notifications)
        await pilot.press("escape")  # still responsive
        assert not isinstance(app.screen, ReaderScreen)


async def test_ticked_objective_shows_a_mark_not_only_a_colour(make_app):
    """Under NO_COLOR or 16 colours a ticked box must still look different from an empty one."""
    app = make_app(lang="en", plain=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        checklist = screen.query_one("#reader-objectives", SelectionList)
        checklist.select(checklist.get_option_at_index(0).value)
        await pilot.pause()
        first, second = (checklist.render_line(y).text for y in (0, 1))
        assert first.startswith("▐✓▌") and second.startswith("▐ ▌"), (first, second)


def test_linked_generated_questions_show_a_real_prompt_not_an_id_or_template():
    """Generated items listed under a lesson: an instance's prompt, never 'gen-…' or '{n}'."""
    from quizterm.content import load_content
    from quizterm.i18n import Translator
    from quizterm.settings import bundled_content_dirs
    from quizterm.tui.widgets.lesson_parts import questions_text

    bank = load_content(bundled_content_dirs()).bank
    generated = [q for q in bank.questions.values() if q.type == "generated"]
    assert generated
    listed = questions_text(Translator("zh-TW"), generated).plain
    for q in generated:
        assert f". {q.id}" not in listed
    assert "{" not in listed and "}" not in listed


def test_a_generator_that_fails_is_listed_by_a_label():
    from types import SimpleNamespace

    from quizterm.i18n import Translator
    from quizterm.tui.widgets.lesson_parts import questions_text

    broken = SimpleNamespace(type="generated", id="gen-broken", prompt="{n} guests", generator=None)
    listed = questions_text(Translator("en"), [broken]).plain
    assert listed == "1. (a calculation with new numbers each time)"


async def test_space_when_the_reader_opens_flips_the_first_card_in_view(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        assert screen.focused.id == "reader-body"
        await pilot.press("space")
        await pilot.pause()
        first = screen.query(FlipCard).first()
        assert screen.focused is first and first.flipped


async def test_space_on_the_objectives_part_ticks_the_first_objective(make_app, store):
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_reader(app, pilot)
        await pilot.press("n", "n", "n")  # header -> glossary -> overview -> objectives
        screen.query_one("#reader-body").focus()  # as after a scroll with the mouse
        await pilot.press("space")
        await pilot.pause()
        checklist = screen.query_one("#reader-objectives", SelectionList)
        assert screen.focused is checklist and checklist.selected == ["qkv"]


async def test_a_section_visible_below_the_one_being_read_is_not_read_yet(make_app, store):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_reader(app, pilot)
        while screen._nav != "sec-multi-head":
            await pilot.press("n")
        await pilot.pause()
        later = screen.query_one("#sec-positional")
        assert screen._visible(later)  # on screen below, as in the bug report
        assert "dot-product" in screen.sections_read  # moved past with n
        assert "positional" not in screen.sections_read
        await pilot.press("n")  # past multi-head
        await pilot.pause()
        assert "multi-head" in screen.sections_read


@pytest.mark.parametrize("width", [60, 76])
def test_mapping_and_cue_tables_wrap_instead_of_cutting(width):
    """At 80x24 long CJK cells were cut with '…'; every character must be there."""
    import io
    from collections import Counter

    from rich.console import Console

    from quizterm.content import load_content
    from quizterm.i18n import Translator
    from quizterm.settings import bundled_content_dirs
    from quizterm.tui.widgets.lesson_parts import cues_table, mapping_table

    lesson = next(iter(load_content(bundled_content_dirs()).bank.lessons.values()))
    tr = Translator("zh-TW")
    for table, cells in ((mapping_table(tr, lesson.mapping), [c for r in lesson.mapping for c in (r.story, r.concept)]),
                         (cues_table(tr, lesson.cues), [c for q in lesson.cues for c in (q.cue, q.think)])):
        console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
        console.print(table)
        shown = "".join(console.export_text().split())
        wanted = Counter("".join("".join(cells).split()))
        assert not wanted - Counter(shown)  # every character of every cell is on screen
        assert shown.count("…") == wanted["…"]  # and no cut marks (the content has its own ……)


@pytest.mark.parametrize("raw, want", [
    ("注意力讓模型替其他內容打分數、分配輕重；\nTransformer 是網路架構。\n", "注意力讓模型替其他內容打分數、分配輕重；Transformer 是網路架構。"),
    ("切分文字時\n使用的最小單位。", "切分文字時使用的最小單位。"),
    ("scaled dot-product\nattention 的公式", "scaled dot-product attention 的公式"),
    ("第一段\n接著\n\n第二段\n", "第一段接著\n\n第二段"),
    ("步驟如下：\n- 先算 QKᵀ\n- 再除以 √d_k\n1. softmax", "步驟如下：\n- 先算 QKᵀ\n- 再除以 √d_k\n1. softmax"),
    (None, ""),
])
def test_prose_joins_yaml_line_breaks_inside_a_paragraph(raw, want):
    from quizterm.tui.widgets.lesson_parts import prose

    assert prose(raw) == want


def test_lesson_text_reaches_the_screen_as_paragraphs():
    """The bundled lesson's YAML line breaks no longer reach the rewrapped text."""
    from quizterm.content import load_content
    from quizterm.settings import bundled_content_dirs
    from quizterm.tui.widgets.lesson_parts import section_text

    lesson = next(iter(load_content(bundled_content_dirs()).bank.lessons.values()))
    wrapped = [s for s in lesson.sections if "\n" in s.body.strip()]
    assert wrapped  # the content does break its lines
    for section in wrapped:
        body = section_text(1, section).plain.split("\n", 1)[1]
        prose_lines = [line for line in body.split("\n") if line and not line.startswith("  • ")]
        assert len(prose_lines) == len(re.split(r"\n\s*\n", section.body.strip())), prose_lines


def test_cjk_prose_breaks_between_characters_not_only_at_spaces():
    """A CJK sentence is one 'word' to Rich: it jumped to the next line whole, leaving ragged lines."""
    from rich.text import Text

    from quizterm.tui.widgets.lesson_parts import wrap_lines

    text = Text("每個輸入 token 的向量會被三個權重矩陣分別投影成 Query（我要找什麼）、Key（我是什麼）。")
    lines = [line.plain for line in wrap_lines(text, 30)]
    assert "".join(lines).replace(" ", "") == text.plain.replace(" ", "")
    assert all(cell_len(line) <= 30 for line in lines)
    assert all(cell_len(line) >= 26 for line in lines[:-1]), lines  # full lines, not ragged
    assert not any(line[0] in "，。、）」：" for line in lines)  # no closing punctuation starts a line
    assert [line.plain for line in wrap_lines(Text("scaled dot-product attention"), 12)] == [
        "scaled", "dot-product", "attention"]  # Latin words still break at spaces


async def test_reader_section_text_fills_its_lines(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_reader(app, pilot)
        static = screen.query_one("#sec-dot-product Static")
        assert isinstance(static.content, Wrapped)
