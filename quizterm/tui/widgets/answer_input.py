"""AnswerInput: the keyboard answer for every question type (choices, toggles, typing, ordering, a grid)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal
from textual.events import Key
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from quizterm.tui.widgets.choice_list import render_choices

__all__ = ["AnswerInput", "CHOICE_KINDS", "TEXT_KINDS"]

CHOICE_KINDS = ("single", "multi", "true_false")
TEXT_KINDS = ("short", "numeric", "matrix")


class AnswerInput(Widget, can_focus=True):
    """Collects one response for a ``QuestionInstance``.

    Choices answer to digits 1-9 and letters A-Z (space toggles the highlighted one in ``multi``);
    ``order`` moves the highlighted item with shift+up/down (or + / -); ``short`` and ``numeric``
    are typed (CJK works: it is a plain Input); ``matrix`` is a grid of inputs. Enter submits.
    """

    DEFAULT_CSS = """
    AnswerInput { height: auto; padding: 0 1; }
    AnswerInput:focus { background: $boost; }
    AnswerInput .answer-choices { height: auto; }
    AnswerInput .answer-row { height: auto; }
    AnswerInput .answer-unit { padding: 1 1; }
    AnswerInput Grid.answer-grid { height: auto; grid-gutter: 0 1; }
    AnswerInput .answer-label { padding: 1 0; text-style: bold; }
    AnswerInput Input.-right { border: tall $success; }
    AnswerInput Input.-wrong { border: tall $error; }
    """

    @dataclass
    class Changed(Message):
        """The response changed (a selection, a move, typing)."""

        answer_input: "AnswerInput"
        response: Any

        @property
        def control(self) -> "AnswerInput":
            return self.answer_input

    @dataclass
    class Submitted(Message):
        """Enter (or a one-key answer to a single choice when ``instant``)."""

        answer_input: "AnswerInput"
        response: Any

        @property
        def control(self) -> "AnswerInput":
            return self.answer_input

    def __init__(self, instance: Any, *, true_false_labels: tuple[str, str] = ("True", "False"),
                 response_json: Any = None, instant: bool = False, id: str | None = None) -> None:
        """Args:
            instance: the ``QuestionInstance`` shown.
            true_false_labels: words for the two verdicts, in the UI language.
            response_json: a stored response to show (a drill answer being revisited).
            instant: a digit/letter on a single-choice or true/false question submits at once.
        """
        super().__init__(id=id)
        self.instance = instance
        self.kind = instance.type
        self.instant = instant
        self.frozen = False
        self.cursor = 0
        self.selected: set[int] = set()
        self.arrangement = list(range(len(instance.choices)))
        self.detail: list[Any] | None = None
        self.right: set[int] | None = None
        self.options = (list(true_false_labels) if self.kind == "true_false" else list(instance.choices))
        if response_json is not None:
            self.set_response(response_json)

    # --- composing --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        if self.kind in CHOICE_KINDS or self.kind == "order":
            yield Static(self._choices_text(), classes="answer-choices")
        elif self.kind in ("short", "numeric"):
            with Horizontal(classes="answer-row"):
                yield Input(self._text_value(), id="answer-text", classes="answer-text")
                if self.kind == "numeric" and self.instance.unit:
                    yield Label(Text(self.instance.unit), classes="answer-unit")
        elif self.kind == "matrix":
            rows = len(self.instance.answer or [[0]])
            cols = len((self.instance.answer or [[0]])[0])
            grid = Grid(classes="answer-grid")
            grid.styles.grid_size_columns = cols + 1
            with grid:
                yield Label("")
                for c in range(cols):
                    yield Label(Text(self._col_label(c)), classes="answer-label")
                for r in range(rows):
                    yield Label(Text(self._row_label(r)), classes="answer-label")
                    for c in range(cols):
                        yield Input(self._cell_value(r, c), id=f"cell-{r}-{c}", classes="answer-cell")

    def _row_label(self, r: int) -> str:
        labels = self.instance.row_labels
        return labels[r] if labels and r < len(labels) else str(r + 1)

    def _col_label(self, c: int) -> str:
        labels = self.instance.col_labels
        return labels[c] if labels and c < len(labels) else str(c + 1)

    def on_mount(self) -> None:
        self.call_after_refresh(self.focus_first)

    def focus_first(self) -> None:
        """Focus where typing goes: the first input, or the widget itself for choices."""
        if self.frozen:
            return
        inputs = list(self.query(Input))
        (inputs[0] if inputs else self).focus()

    # --- the response -----------------------------------------------------------------------
    def response(self) -> Any:
        """The response as ``grade`` expects it, or None when nothing has been given yet."""
        if self.kind == "single":
            return next(iter(self.selected)) if self.selected else None
        if self.kind == "true_false":
            return (next(iter(self.selected)) == 0) if self.selected else None
        if self.kind == "multi":
            return set(self.selected) if self.selected else None
        if self.kind == "order":
            return list(self.arrangement)
        if self.kind in ("short", "numeric"):
            text = self._input_value("#answer-text")
            return text if text.strip() else None
        if self.kind == "matrix":
            grid = self._grid_values()
            return grid if any(c.strip() for row in grid for c in row) else None
        return None

    def complete(self) -> bool:
        """Whether there is a whole answer to grade (for a grid: every cell filled)."""
        value = self.response()
        if self.kind == "matrix" and value is not None:
            return all(c.strip() for row in value for c in row)
        return value is not None

    def response_json(self) -> Any:
        """The response in its stored JSON form (None when nothing given)."""
        value = self.response()
        if value is None:
            return None
        if self.kind == "multi":
            return sorted(value)
        return value

    def set_response(self, data: Any) -> None:
        """Show a stored response (JSON form) as the current one."""
        if data is None:
            return
        if self.kind == "single":
            self.selected = {int(data)}
        elif self.kind == "true_false":
            self.selected = {0 if data else 1}
        elif self.kind == "multi":
            self.selected = {int(i) for i in data}
        elif self.kind == "order" and sorted(int(i) for i in data) == list(range(len(self.options))):
            self.arrangement = [int(i) for i in data]
        elif self.kind in TEXT_KINDS:
            self._stored_text = data
        self._refresh_choices()

    def _text_value(self) -> str:
        data = getattr(self, "_stored_text", None)
        return data if isinstance(data, str) else ""

    def _cell_value(self, r: int, c: int) -> str:
        data = getattr(self, "_stored_text", None)
        try:
            return str(data[r][c])
        except (TypeError, IndexError, KeyError):
            return ""

    def _input_value(self, selector: str) -> str:
        try:
            return self.query_one(selector, Input).value
        except Exception:  # not mounted yet: what was stored
            return self._text_value()

    def _grid_values(self) -> list[list[str]]:
        rows = len(self.instance.answer or [[0]])
        cols = len((self.instance.answer or [[0]])[0])
        return [[self._input_value(f"#cell-{r}-{c}") if self.is_mounted else self._cell_value(r, c)
                 for c in range(cols)] for r in range(rows)]

    # --- feedback ---------------------------------------------------------------------------
    def freeze(self, grade: Any = None) -> None:
        """Stop taking input; with a grade, mark what was right and wrong."""
        self.frozen = True
        self.can_focus = False
        for inp in self.query(Input):
            inp.disabled = True
        if grade is not None:
            self.detail = list(grade.detail or [])
            if self.kind == "single" and isinstance(self.instance.answer, int):
                self.right = {self.instance.answer}
            elif self.kind == "true_false":
                self.right = {0 if self.instance.answer else 1}
            if self.kind == "matrix":
                for r, row in enumerate(self.detail):
                    for c, ok in enumerate(row):
                        for inp in self.query(f"#cell-{r}-{c}"):
                            inp.set_class(bool(ok), "-right")
                            inp.set_class(not ok, "-wrong")
        self._refresh_choices()

    # --- keys -------------------------------------------------------------------------------
    def _choice_index(self, key: Key) -> int | None:
        ch = key.character or ""
        if len(ch) == 1 and ch.isdigit() and ch != "0":
            i = int(ch) - 1
        elif len(ch) == 1 and ch.isascii() and ch.isalpha():
            i = ord(ch.lower()) - ord("a")
        else:
            return None
        return i if 0 <= i < len(self.options) else None

    def on_key(self, event: Key) -> None:
        if self.frozen or self.kind not in CHOICE_KINDS + ("order",):
            return  # typed kinds: the Inputs handle their keys (and post Submitted on Enter)
        handled = True
        key = event.key
        n = len(self.options)
        if key in ("up", "k"):
            self.cursor = (self.cursor - 1) % n
        elif key in ("down", "j"):
            self.cursor = (self.cursor + 1) % n
        elif self.kind == "order" and key in ("shift+up", "minus"):
            self._move(-1)
        elif self.kind == "order" and key in ("shift+down", "plus", "equals_sign"):
            self._move(1)
        elif key == "space" and self.kind in CHOICE_KINDS:
            self._choose(self.cursor, instant=False)
        elif key == "enter":
            self.post_message(self.Submitted(self, self.response()))
        elif self.kind in CHOICE_KINDS and (i := self._choice_index(event)) is not None:
            self.cursor = i
            self._choose(i, instant=self.instant)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()
            self._refresh_choices()

    def _choose(self, i: int, *, instant: bool) -> None:
        if self.kind == "multi":
            self.selected ^= {i}
        else:
            self.selected = {i}
        self._refresh_choices()
        self.post_message(self.Changed(self, self.response()))
        if instant and self.kind in ("single", "true_false"):
            self.post_message(self.Submitted(self, self.response()))

    def _move(self, step: int) -> None:
        j = self.cursor + step
        if 0 <= j < len(self.arrangement):
            a = self.arrangement
            a[self.cursor], a[j] = a[j], a[self.cursor]
            self.cursor = j
            self.post_message(self.Changed(self, self.response()))

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        if not self.frozen:
            self.post_message(self.Changed(self, self.response()))

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.frozen:
            self.post_message(self.Submitted(self, self.response()))

    # --- drawing ----------------------------------------------------------------------------
    def _refresh_choices(self) -> None:
        if not self.is_mounted:
            return
        for static in self.query(".answer-choices"):
            static.update(self._choices_text())

    def _choices_text(self) -> Text:
        return render_choices(self)
