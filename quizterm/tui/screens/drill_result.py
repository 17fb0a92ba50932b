"""DrillResultScreen: score, pass/fail, time, breakdowns weakest first, a filtered review, retry the missed."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Header, Static

from quizterm.store import StoreError
from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.countdown import format_seconds
from quizterm.tui.widgets.question_view import clip, objective_name
from quizterm.tui.widgets.footer import Footer

__all__ = ["DrillResultScreen"]


class DrillResultScreen(QuiztermScreen):
    """The result of drill ``drill_id`` (read from the store unless given)."""

    BINDINGS = [
        Binding("v", "next_filter", "drill.bind.review_filter", id="result-filter"),
        Binding("r", "retry", "drill.bind.retry", id="result-retry"),
    ]

    def __init__(self, drill_id: int, result: dict | None = None, review: str = "wrong") -> None:
        super().__init__()
        self.drill_id = drill_id
        self.result = result
        self.review = review
        self.spec: dict = {}
        self.duration_s = 0.0

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="result-body"):
            yield Static(id="result-summary")
            yield Static(id="result-breakdown")
            yield Static(id="result-review")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.app.tr("drill.result.title")
        store = self.app.store
        try:
            record = store.drill(self.drill_id) if store is not None else None
        except KeyError:  # no such drill (e.g. a stale id): show an empty result, keep running
            record = None
        if record is not None:
            self.spec, self.duration_s = record.spec, record.duration_s
            if self.result is None:
                self.result = record.result or {}
        self.result = self.result or {}
        self.duration_s = self.duration_s or float(self.result.get("duration_s", 0) or 0)
        self.draw()

    # --- drawing ----------------------------------------------------------------------------
    def draw(self) -> None:
        tr, r = self.app.tr, self.result or {}
        summary = Text()
        verdict = tr("drill.result.pass" if r.get("passed") else "drill.result.fail")
        summary.append(tr("drill.result.score", percent=f"{r.get('percent', 0):g}", correct=r.get("correct", 0),
                          total=r.get("total", 0), pass_mark=f"{r.get('pass_mark', 60):g}", verdict=verdict),
                       style="bold green" if r.get("passed") else "bold red")
        summary.append("\n")
        summary.append(tr("drill.result.time", used=format_seconds(r.get("time_used_s", 0)),
                          allowed=format_seconds(r.get("duration_s", 0)),
                          timeout=tr("drill.result.timeout") if r.get("timed_out") else ""))
        missed = sum(1 for i in r.get("items", []) if not i["correct"])
        if missed:
            summary.append("\n")
            summary.append(tr("drill.result.notebook", n=missed), style="yellow")
        self.query_one("#result-summary", Static).update(summary)
        self.query_one("#result-breakdown", Static).update(self._breakdown(r))
        self.query_one("#result-review", Static).update(self._review(r))
        self.refresh_bindings()

    def _breakdown(self, r: dict) -> Text:
        from rich.cells import cell_len

        tr, bank = self.app.tr, self.app.bank
        # objectives by their text (ids only when the bank no longer has them), cut to fit beside the bar
        room = max(12, min(48, self.size.width - 30 if self.size.width else 48))
        text = Text()
        for title, rows, name in (("drill.result.objectives", r.get("per_objective", []),
                                   lambda x: objective_name(bank, x, room)),
                                  ("drill.result.tags", r.get("per_tag", []), lambda x: clip(str(x), room))):
            if not rows:
                continue
            text.append("\n" + tr(title) + "\n", style="bold")
            names = [name(row["name"]) for row in rows]
            width = max(cell_len(n) for n in names)
            for row, shown in zip(rows, names):
                bar = "█" * round(row["percent"] / 10) + "·" * (10 - round(row["percent"] / 10))
                style = "red" if row["percent"] < r.get("pass_mark", 60) else "green"
                text.append(f"  {shown}{' ' * (width - cell_len(shown))}  {bar} ", style=style)
                text.append(f"{row['correct']}/{row['total']}  {row['percent']:g}%\n")
        items = r.get("items", [])
        if items:
            text.append("\n" + tr("drill.result.times") + "\n", style="bold")
            slowest = max(i["time_s"] for i in items) or 1
            for i in items:
                mark = "✓" if i["correct"] else "✗" if i["answered"] else "·"
                bar = "▇" * max(0, round(12 * i["time_s"] / slowest))
                text.append(f"  Q{i['index'] + 1:<3} {mark} {i['time_s']:>6g}s {bar}\n",
                            style="green" if i["correct"] else "red")
        return text

    def _review(self, r: dict) -> Text:
        from quizterm.quiz.drill_result import review_items

        tr = self.app.tr
        items = review_items(r, self.review)
        text = Text()
        text.append(tr("drill.result.review", which=tr(f"drill.result.filter.{self.review}"), n=len(items)),
                    style="bold")
        text.append("\n")
        for item in items:
            status = ("drill.result.right" if item["correct"] else
                      "drill.result.wrong" if item["answered"] else "drill.result.blank")
            text.append("\n")
            head = tr("drill.result.item", n=item["index"] + 1, status=tr(status), seconds=f"{item['time_s']:g}")
            text.append(head + ("  ⚑" if item.get("flagged") else ""),
                        style="bold green" if item["correct"] else "bold red")
            text.append("\n" + item.get("prompt", "") + "\n")
            text.append(tr("practice.your_answer"), style="bold")
            text.append(f" {item['given'] if item['answered'] else tr('notebook.unanswered')}\n")
            text.append(tr("practice.right_answer"), style="bold")
            text.append(f" {item['expected']}\n")
            text.append(tr("practice.explanation"), style="bold")
            text.append(f" {item['explanation']}\n")
        return text

    # --- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return bool(self.result) and any(not i["correct"] for i in self.result.get("items", []))
        return True

    def action_next_filter(self) -> None:
        from quizterm.quiz.drill_result import REVIEW_FILTERS

        self.review = REVIEW_FILTERS[(REVIEW_FILTERS.index(self.review) + 1) % len(REVIEW_FILTERS)]
        self.draw()

    def action_retry(self) -> None:
        """A new drill of the missed questions (fresh numbers), with time in proportion."""
        from quizterm.quiz.drill_result import missed_question_ids
        from quizterm.quiz.sampling import SelectionError, plan_drill
        from quizterm.tui.screens.drill_setup import begin_drill

        r = self.result or {}
        ids = missed_question_ids(r)
        if not ids:
            self.notify(self.app.tr("drill.result.nothing_missed"))
            return
        total = max(1, r.get("total", len(ids)))
        minutes = max(1.0, round(self.duration_s / 60.0 * len(ids) / total, 1))
        try:
            plan = plan_drill(self.app.bank, question_ids=ids, minutes=minutes,
                              pass_mark=float(self.spec.get("pass", r.get("pass_mark", 60))))
            begin_drill(self.app, plan)
        except SelectionError as exc:
            self.notify(exc.message(self.app.settings.lang), severity="warning", markup=False)
        except StoreError as exc:
            self.app.notify_error(exc)
