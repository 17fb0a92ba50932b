"""The home screen: lessons with their figures, the menu, and honest notices."""

from __future__ import annotations

from quizterm.content import LoadResult
from quizterm.content.problems import Problem
from quizterm.tui.screens import SCREENS
from textual.widgets import OptionList, Static


def _text(app, selector) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_home_lists_the_lesson_with_badge_and_counts(make_app):
    app = make_app(lang="en")
    async with app.run_test(size=(120, 36)) as pilot:
        lessons = app.screen.query_one("#home-lessons", OptionList)
        prompt = str(lessons.get_option_at_index(0).prompt)
        assert "自注意力機制入門" in prompt
        assert "✓ reviewed" in prompt
        assert "about 25 min · 2 cards · 1 questions" in prompt
        assert "read 0/3 sections" in prompt
        await pilot.pause()


async def test_home_in_zh_tw_by_default(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)):
        prompt = str(app.screen.query_one("#home-lessons", OptionList).get_option_at_index(0).prompt)
        assert "內容已複查" in prompt and "約 25 分鐘" in prompt


async def test_unbuilt_screen_gives_an_honest_notice(make_app, monkeypatch):
    monkeypatch.setitem(SCREENS, "stats", "quizterm.tui.screens.does_not_exist:Nope")
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(app.screen_stack)
        await pilot.press("s")
        await pilot.pause()
        assert len(app.screen_stack) == before
        assert any("not available yet" in n.message for n in app._notifications)


async def test_content_problems_notice(make_app, sample, tmp_path):
    problems = [Problem(tmp_path / "bad.yaml", 3, 5, "lesson.title", "text must not be empty")]
    load = LoadResult(bank=sample.bank, problems=problems, files=sample.files)
    app = make_app(lang="en", load=load)
    async with app.run_test(size=(80, 24)):
        assert "1 problems in content files" in _text(app, "#home-problems")
