"""AttentionView: live attention tables computed by the engine (imported only when one is shown)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rich.console import Group
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

__all__ = ["AttentionView", "DemoConfig", "STAGES", "SteppedAttentionView"]

# The step view of one head, in the order the math runs.
STAGES = ("scores", "scaled", "masked", "weights", "output")


@dataclass(frozen=True)
class DemoConfig:
    """What to compute: the engine's ``attention_demo`` arguments plus what to show."""

    sentence: str
    heads: int = 1
    d_model: int = 8
    causal: bool = False
    scale: bool = True
    positional: bool = True
    seed: int = 0
    permute: list[int] | None = field(default=None, hash=False)
    head: int = 0
    stage: str | None = None  # None: every head's weights; else one stage of ``head``

    @classmethod
    def from_demo(cls, demo) -> "DemoConfig":
        """From a lesson section's ``AttentionDemo``."""
        return cls(demo.sentence, demo.heads, demo.d_model, demo.causal, demo.scale,
                   demo.positional, demo.seed, stage="scores" if demo.steps else None)

    def with_(self, **changes) -> "DemoConfig":
        return replace(self, **changes)


class AttentionView(Static):
    """Shows the weights of every head, or one stage of one head's computation."""

    DEFAULT_CSS = """
    AttentionView {
        height: auto;
        padding: 0 1;
        overflow-x: auto;
    }
    """

    def __init__(self, config: DemoConfig, *, caption: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.config = config
        self.caption = caption
        self.result = None
        self.error: str | None = None

    def on_mount(self) -> None:
        self.show(self.config)

    def show(self, config: DemoConfig) -> None:
        """Compute ``config`` with the engine and draw it; a bad input shows its message instead."""
        self.config = config
        try:
            from quizterm.engine import attention_demo

            self.result = attention_demo(
                config.sentence, heads=config.heads, d_model=config.d_model, causal=config.causal,
                scale=config.scale, positional=config.positional, seed=config.seed,
                permute=config.permute)
            self.error = None
        except Exception as exc:  # noqa: BLE001 - bad input or an engine fault: a message, never a crash
            self.result, self.error = None, str(exc) or type(exc).__name__
            self.update(Text(self.app.tr("attn.error", error=self.error), style="bold red"))
            return
        self.update(self._renderable())

    def _renderable(self):
        from quizterm.render.attention import grid_text, head_title, heads_renderable
        from quizterm.render.attention_grid import matrix_grid, weights_grid

        color = not self.app.settings.plain
        res, cfg, tr = self.result, self.config, self.app.tr
        parts: list = []
        if self.caption:
            parts.append(Text(self.caption, style="italic"))
        if cfg.stage is None:
            parts.append(heads_renderable(res, color=color))
            return Group(*parts)
        head = min(cfg.head, res.heads - 1)
        steps = res.head_steps(head)
        toks = res.tokens
        # The stage caption gets its own line so that the table's title stays short at 80 columns.
        stage = "unscaled" if cfg.stage == "scaled" and not cfg.scale else cfg.stage
        parts.append(Text(tr("attn.stage." + stage, d_k=res.d_model // res.heads), style="bold"))
        title = head_title(res, head)
        if cfg.stage == "weights":
            grid = weights_grid(steps["weights"], toks, toks, mask=res.mask, title=title)
        elif cfg.stage == "output":
            dims = [f"d{j}" for j in range(steps["output"].shape[1])]
            grid = matrix_grid(steps["output"], toks, dims, title=title)
        else:
            grid = matrix_grid(steps[cfg.stage], toks, toks, title=title)
        parts.append(grid_text(grid, color=color))
        return Group(*parts)


class SteppedAttentionView(AttentionView, can_focus=True):
    """A lesson demo with ``steps: true``: left and right walk QKᵀ -> scale -> mask -> softmax -> ×V."""

    DEFAULT_CSS = """
    SteppedAttentionView { border-left: wide $primary 30%; }
    SteppedAttentionView:focus { border-left: wide $accent; }
    """
    BINDINGS = [
        Binding("right,l", "stage(1)", "bind.next_stage", id="demo-next-stage"),
        Binding("left,h", "stage(-1)", "bind.prev_stage", id="demo-prev-stage"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stage" and self.config.stage in STAGES:
            here = STAGES.index(self.config.stage) + int(parameters[0])
            return 0 <= here < len(STAGES)
        return True

    def action_stage(self, step: int) -> None:
        """Show the next or previous stage of the computation."""
        here = STAGES.index(self.config.stage or "weights")
        self.show(self.config.with_(stage=STAGES[max(0, min(len(STAGES) - 1, here + step))]))
        self.screen.refresh_bindings()

    def on_click(self) -> None:
        self.focus()
        self.action_stage(1)

    def _renderable(self):
        group = super()._renderable()
        here = STAGES.index(self.config.stage) + 1 if self.config.stage in STAGES else 0
        hint = Text(self.app.tr("attn.step_hint", n=here, total=len(STAGES)), style="dim italic")
        return Group(group, hint)
