"""The statistics as pictures: plain text keeps every number; colours only add to it."""

from __future__ import annotations

import io
from datetime import timezone

from rich.console import Console

from quizterm.i18n import Translator
from quizterm.render.stats import SHADES, hbar, level, pad, sections, sparkline, stats_renderable, stats_text, vbars
from quizterm.stats import compute_stats


def test_bars_and_levels():
    assert hbar(0.5, 10) == "█████·····" and hbar(0, 4) == "····" and hbar(1.5, 3) == "███"
    assert level(0, 10) == 0 and level(10, 10) == 4 and level(1, 100) == 1
    assert [level(n, 3) for n in range(4)] == [0, 1, 2, 3]
    rows = vbars([0, 1, 80], height=2)
    assert rows == [" " + " " + "█", " " + "▁" + "█"]  # a day with anything never vanishes
    assert sparkline([0, 50, 100]) == "▁▄█"
    assert pad("中文字", 5) == "中文…" and pad("ab", 4) == "ab  "


def test_plain_text_carries_the_numbers(history):
    bank, store, clock, _, pitfall = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    text = stats_text(report, Translator("en"))
    assert "\x1b" not in text
    assert f"Answers given {report.answered}" in text
    assert "Streak: 5 days in a row" in text
    weekly = ", ".join(str(sum(d.total for d in w if d)) for w in report.weeks)
    assert f"Weekly totals, oldest first: {weekly}" in text
    assert "This week: Mon 2" in text
    label = next(p.text for p in bank.lessons["self-attention"].pitfalls if p.id == pitfall)
    assert f"{report.misconceptions[0].count}× {label}" in text
    for row in report.objectives[:3]:
        assert f"{round(100 * row.accuracy)}%  {row.correct}/{row.answered}" in text
    assert "latest scores: 50 100" in text
    # The heat map: 7 weekday rows of 12 cells.
    lines = text.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("Mon ")))
    for line in lines[start:start + 7]:
        cells = [c for c in line.split(" ")[1:] if c]
        assert 11 <= len(cells) <= 12 and all(c in SHADES for c in cells)


def test_chinese_plain_text(history):
    bank, store, clock, _, _ = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    text = stats_text(report, Translator("zh-TW"))
    assert f"作答 {report.answered} 次" in text and "連續學習 5 天" in text


def test_colour_rendering_adds_styles_not_content(history):
    bank, store, clock, _, _ = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    tr = Translator("en")
    coloured = sections(report, tr, color=True)
    plain = sections(report, tr, color=False)
    for name in coloured:
        assert coloured[name].plain == plain[name].plain
        assert not plain[name].spans
    assert coloured["calendar"].spans
    buf = io.StringIO()
    Console(file=buf, width=100, force_terminal=True, color_system="standard").print(stats_renderable(report, tr))
    assert "\x1b[" in buf.getvalue()
