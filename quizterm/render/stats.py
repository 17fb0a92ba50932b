"""Statistics as pictures in the terminal (heat map, bar plots) with the numbers printed beside them.

Every block is built as ``rich.text.Text``: styled for a colour terminal, ``.plain`` for
``NO_COLOR``, pipes and screen readers. The glyphs and numbers carry the meaning on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from quizterm.render.cells import clip
from quizterm.stats.accuracy import AccuracyRow
from quizterm.stats.report import StatsReport

Translate = Callable[..., str]

SHADES = ("··", "░░", "▒▒", "▓▓", "██")
SHADE_STYLES = ("grey35", "green4", "green3", "green1", "bold bright_green")
EIGHTHS = " ▁▂▃▄▅▆▇█"
PLOT_DAYS = 28


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (CJK counts as two), cut with '…'."""
    text = clip(" ".join(text.split()), width)
    return text + " " * max(0, width - cell_len(text))


def level(count: int, peak: int) -> int:
    """Heat-map level 0..4 of a day's count relative to the busiest day."""
    if count <= 0 or peak <= 0:
        return 0
    return min(4, 1 + (4 * count - 1) // peak) if peak >= 4 else min(4, count)


def hbar(fraction: float, width: int = 20) -> str:
    """A horizontal bar of ``width`` cells filled to ``fraction`` (eighth-cell precision)."""
    fraction = min(1.0, max(0.0, fraction))
    eighths = round(fraction * width * 8)
    full, rest = divmod(eighths, 8)
    return ("█" * full + (EIGHTHS[rest] if rest else "")).ljust(width, "·")


def vbars(values: Sequence[float], height: int = 6) -> list[str]:
    """Vertical bars, one column per value, ``height`` rows, top row first."""
    peak = max(values, default=0)
    rows = []
    for r in range(height - 1, -1, -1):
        line = []
        for v in values:
            filled = (v / peak * height * 8) if peak > 0 else 0
            cell = int(min(8, max(0, round(filled - r * 8))))
            if v > 0 and r == 0 and cell == 0:
                cell = 1  # a day with any activity never disappears
            line.append(EIGHTHS[cell])
        rows.append("".join(line))
    return rows


def sparkline(values: Sequence[float], top: float = 100.0) -> str:
    """One row of bars (e.g. drill scores out of ``top``)."""
    return "".join(EIGHTHS[max(1, round(min(top, max(0.0, v)) / top * 8))] for v in values)


def _weekday_names(tr: Translate) -> list[str]:
    return tr("stats.weekdays").split(",")


def heatmap(report: StatsReport, tr: Translate, *, color: bool = True) -> Text:
    """The last weeks as a calendar heat map, Monday on top, with each week's total below."""
    out = Text()
    out.append(tr("stats.calendar.title", weeks=len(report.weeks)) + "\n", style="bold" if color else "")
    names = _weekday_names(tr)
    peak = max((d.total for w in report.weeks for d in w if d), default=0)
    label_w = max(cell_len(n) for n in [*names, tr("stats.calendar.month")]) + 1
    months = []
    last_month = None
    for week in report.weeks:
        first = week[0].day if week[0] else None
        tag = f"{first.month:>2}" if first and first.month != last_month else "  "
        last_month = first.month if first else last_month
        months.append(tag)
    out.append(pad(tr("stats.calendar.month"), label_w) + " ".join(months) + "\n")
    for d in range(7):
        out.append(pad(names[d], label_w))
        for i, week in enumerate(report.weeks):
            day = week[d]
            if i:
                out.append(" ")
            if day is None:
                out.append("  ")
                continue
            lv = level(day.total, peak)
            out.append(SHADES[lv], style=SHADE_STYLES[lv] if color else "")
        out.append("\n")
    totals = [sum(d.total for d in w if d) for w in report.weeks]
    out.append(tr("stats.calendar.total") + " " + ", ".join(str(t) for t in totals) + "\n")
    out.append(tr("stats.calendar.legend", peak=peak) + "  " + " ".join(
        f"{SHADES[i][0]}={tr('stats.calendar.level' + str(i))}" for i in range(5)) + "\n")
    this_week = report.weeks[-1]
    out.append(tr("stats.calendar.this_week") + " " + " · ".join(
        f"{names[i]} {d.total}" for i, d in enumerate(this_week) if d) + "\n")
    return out


def activity_plot(report: StatsReport, tr: Translate, *, color: bool = True, days: int = PLOT_DAYS) -> Text:
    """Answers (and card reviews) and minutes per day for the last ``days`` days, as bars."""
    recent = report.last_days(days)
    out = Text()
    for key, values, unit in (("stats.plot.answers", [d.total for d in recent], ""),
                              ("stats.plot.minutes", [round(d.minutes, 1) for d in recent], "")):
        peak = max(values, default=0)
        out.append(tr(key, days=len(recent), peak=_num(peak)) + "\n", style="bold" if color else "")
        for row in vbars(values, height=5):
            out.append("  │", style="grey50" if color else "")
            out.append(row, style="cyan" if color else "")
            out.append("\n")
        out.append("  └" + "─" * len(recent) + "\n")
        out.append("   " + _day_axis([d.day for d in recent]) + "\n")
        last7 = recent[-7:]
        out.append("   " + tr("stats.plot.last7") + " " + ", ".join(
            f"{d.day.month}/{d.day.day} {_num(v)}" for d, v in zip(last7, values[-7:])) + unit + "\n")
    return out


def _day_axis(days: list[date]) -> str:
    axis = [" "] * len(days)
    for i, d in enumerate(days):
        if d.weekday() == 0 and i + 5 <= len(days):
            label = f"{d.month}/{d.day}"
            axis[i:i + len(label)] = list(label)
    return "".join(axis[:len(days)])


def _num(v: float) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def accuracy_block(title: str, rows: list[AccuracyRow], tr: Translate, *, color: bool = True,
                   limit: int = 8) -> Text:
    """Accuracy rows, weakest first: label, bar, percent and correct/answered."""
    out = Text()
    out.append(title + "\n", style="bold" if color else "")
    if not rows:
        out.append("  " + tr("stats.none") + "\n")
        return out
    for r in rows[:limit]:
        pct = round(100 * r.accuracy)
        style = ("red" if pct < 60 else "yellow" if pct < 80 else "green") if color else ""
        out.append("  " + pad(r.label, 30) + " ")
        out.append(hbar(r.accuracy, 16), style=style)
        out.append(f" {pct:>3}%  {r.correct}/{r.answered}\n")
    if len(rows) > limit:
        out.append("  " + tr("stats.more", n=len(rows) - limit) + "\n")
    return out


def summary(report: StatsReport, tr: Translate, *, color: bool = True) -> Text:
    """Totals, streak and retention in a few lines."""
    out = Text()
    out.append(tr("stats.title", today=report.today.isoformat()) + "\n", style="bold" if color else "")
    out.append(tr("stats.totals", answered=report.answered, correct=report.correct,
                  pct=round(100 * report.accuracy)) + "\n")
    out.append(tr("stats.due_today", cards=report.due_today.flashcards, questions=report.due_today.questions) + "\n")
    out.append(tr("stats.streak", days=report.streak, longest=report.longest_streak) + "\n")
    ret = report.retention
    if ret.cards:
        out.append(tr("stats.retention", above=ret.above, cards=ret.cards, desired=round(100 * ret.desired),
                      pct=round(100 * ret.share), mean=round(100 * ret.mean)) + "\n")
    else:
        out.append(tr("stats.retention.none") + "\n")
    return out


def forecast_block(report: StatsReport, tr: Translate, *, color: bool = True) -> Text:
    """Cards due per day for the coming month, bars plus the first week's numbers."""
    values = [n for _d, n in report.forecast]
    out = Text()
    out.append(tr("stats.forecast.title", days=len(values), total=sum(values)) + "\n",
               style="bold" if color else "")
    for row in vbars(values, height=4):
        out.append("  │")
        out.append(row, style="magenta" if color else "")
        out.append("\n")
    out.append("  └" + "─" * len(values) + "\n")
    out.append("   " + _day_axis([d for d, _n in report.forecast]) + "\n")
    out.append("   " + tr("stats.forecast.week") + " " + ", ".join(
        f"{d.month}/{d.day} {n}" for d, n in report.forecast[:7]) + "\n")
    return out


def misconception_block(report: StatsReport, tr: Translate, *, color: bool = True) -> Text:
    """The pitfalls the learner fell into most."""
    out = Text()
    out.append(tr("stats.misconceptions.title") + "\n", style="bold" if color else "")
    if not report.misconceptions:
        out.append("  " + tr("stats.none") + "\n")
    for m in report.misconceptions:
        out.append(f"  {m.count:>4}× ", style="red" if color else "")
        out.append(m.label.replace("\n", " ") + "\n")
    return out


def drills_block(report: StatsReport, tr: Translate, *, color: bool = True, limit: int = 10) -> Text:
    """Drill scores over time: a sparkline, then the latest drills one per line."""
    out = Text()
    out.append(tr("stats.drills.title") + "\n", style="bold" if color else "")
    if not report.drills:
        out.append("  " + tr("stats.none") + "\n")
        return out
    out.append("  " + sparkline([d.percent for d in report.drills]) + "  " + tr(
        "stats.drills.scores", scores=" ".join(str(round(d.percent)) for d in report.drills[-limit:])) + "\n")
    for d in report.drills[-limit:]:
        verdict = {True: tr("stats.drills.passed"), False: tr("stats.drills.failed")}.get(
            d.passed, tr("stats.drills.abandoned"))
        style = ("green" if d.passed else "red" if d.passed is False else "grey50") if color else ""
        out.append(f"  {d.started_at.date().isoformat()}  {pad(d.label, 20)} {d.percent:>5.1f}%"
                   f"  {d.correct}/{d.total}  ")
        out.append(verdict + "\n", style=style)
    return out


def sections(report: StatsReport, tr: Translate, *, color: bool = True) -> dict[str, Text]:
    """Every block by name, in reading order (the screen lays them out; the CLI prints them)."""
    return {
        "summary": summary(report, tr, color=color),
        "calendar": heatmap(report, tr, color=color),
        "activity": activity_plot(report, tr, color=color),
        "lessons": accuracy_block(tr("stats.acc.lessons"), report.lessons, tr, color=color),
        "objectives": accuracy_block(tr("stats.acc.objectives"), report.objectives, tr, color=color),
        "tags": accuracy_block(tr("stats.acc.tags"), report.tags, tr, color=color),
        "misconceptions": misconception_block(report, tr, color=color),
        "forecast": forecast_block(report, tr, color=color),
        "drills": drills_block(report, tr, color=color),
    }


def stats_text(report: StatsReport, tr: Translate) -> str:
    """The whole report as plain text (``quizterm stats`` with NO_COLOR or into a pipe)."""
    return "\n".join(block.plain for block in sections(report, tr, color=False).values())


def stats_renderable(report: StatsReport, tr: Translate, *, color: bool = True) -> Group:
    """The whole report as one Rich renderable."""
    blocks = list(sections(report, tr, color=color).values())
    out: list[Text] = []
    for b in blocks:
        out += [b, Text("")]
    return Group(*out[:-1])
