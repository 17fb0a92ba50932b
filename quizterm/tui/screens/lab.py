"""LabScreen: type a sentence and watch self-attention computed by the engine, step by step."""

from __future__ import annotations

import random

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Header, Input, Static

from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.attention_view import STAGES, AttentionView, DemoConfig
from quizterm.tui.widgets.lesson_parts import Stack, Wrapped
from quizterm.tui.widgets.footer import Footer

__all__ = ["LabScreen", "D_MODELS"]

D_MODELS = (4, 8, 16, 32, 64)
STEP_KEYS = Binding.Group("bind.stage_keys", compact=True)  # ←→ under one footer label


class LabScreen(QuiztermScreen):
    """The attention lab. Type in the box, press enter; then the keys below change the set-up."""

    BINDINGS = [
        Binding("i", "edit", "bind.edit", id="lab-edit"),
        Binding("h", "heads(1)", "bind.heads", show=False, id="lab-heads"),
        Binding("m", "d_model(1)", "bind.d_model", show=False, id="lab-d-model"),
        Binding("c", "toggle('causal')", "bind.causal", id="lab-causal"),
        Binding("s", "toggle('scale')", "bind.scale", id="lab-scale"),
        Binding("e", "toggle('positional')", "bind.positional", id="lab-positional"),
        Binding("u", "shuffle", "bind.shuffle", id="lab-shuffle"),
        Binding("o", "unshuffle", "bind.unshuffle", show=False, id="lab-unshuffle"),
        # Priority: the focused scroll area would take the arrows otherwise (and hide them from the
        # footer and help); check_action hands them back to the sentence box while it has focus.
        Binding("left", "stage(-1)", "bind.prev_stage", id="lab-prev-stage", priority=True, group=STEP_KEYS),
        Binding("right", "stage(1)", "bind.next_stage", id="lab-next-stage", priority=True, group=STEP_KEYS),
        Binding("j", "head(1)", "bind.next_head", id="lab-next-head"),
        Binding("k", "head(-1)", "bind.prev_head", show=False, id="lab-prev-head"),
        Binding("a", "all_heads", "bind.all_heads", show=False, id="lab-all-heads"),
        # At 80 columns the footer holds the lab's own keys and ?, which lists the rest.
        Binding("escape", "app.back", "bind.back", show=False, id="back"),
        Binding("question_mark", "app.open('help')", "bind.help", id="help"),
    ] + [Binding(str(n), f"goto_stage({n - 1})", f"bind.stage{n}", show=False, id=f"lab-stage-{n}")
         for n in range(1, 6)]

    def __init__(self, sentence: str | None = None) -> None:
        super().__init__()
        self._initial = sentence
        self.shuffles = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder=self.app.tr("lab.placeholder"), id="lab-sentence")
        yield Static(id="lab-status")
        with VerticalScroll(id="lab-output"):
            sentence = self._initial or self.app.tr("lab.default_sentence")
            yield AttentionView(DemoConfig(sentence, heads=2, stage="weights"), id="lab-view")
        yield Footer(compact=True)  # the lab's keys fit in 80 columns only without the padding

    def on_mount(self) -> None:
        self.sub_title = self.app.tr("app.cmd.lab")
        self.query_one("#lab-sentence", Input).value = self.config.sentence
        self.query_one("#lab-output").focus()
        self._status()

    @property
    def view(self) -> AttentionView:
        return self.query_one("#lab-view", AttentionView)

    @property
    def config(self) -> DemoConfig:
        return self.view.config

    def _show(self, **changes) -> None:
        self.view.show(self.config.with_(**changes))
        self._status()

    def _status(self) -> None:
        tr, cfg = self.app.tr, self.config
        on, off = tr("lab.on"), tr("lab.off")
        res = self.view.result
        tokens = len(res.tokens) if res is not None else 0
        stage = tr("lab.all_heads") if cfg.stage is None else tr("lab.stage_n", n=STAGES.index(cfg.stage) + 1)
        text = Text(tr("lab.status", heads=cfg.heads, head=min(cfg.head, cfg.heads - 1) + 1,
                       d_model=cfg.d_model, causal=on if cfg.causal else off,
                       scale=on if cfg.scale else off, positional=on if cfg.positional else off,
                       tokens=tokens, stage=stage))
        parts = [text]  # settings wrap at spaces ("位置編碼 開" stays whole)
        if cfg.permute is not None:
            # Invariance holds only without positions and without the (position-based) causal mask.
            key = "lab.shuffled_pe" if cfg.positional else "lab.shuffled_causal" if cfg.causal else "lab.shuffled_no_pe"
            parts.append(Wrapped(Text(tr(key), style="italic")))  # a CJK sentence breaks anywhere
        self.query_one("#lab-status", Static).update(Stack(*parts))

    # --- input ----------------------------------------------------------------------------------

    @on(Input.Submitted, "#lab-sentence")
    def _sentence(self, event: Input.Submitted) -> None:
        sentence = event.value.strip()
        if not sentence:
            self.notify(self.app.tr("lab.empty"), severity="warning")
            return
        self._show(sentence=sentence[:200], permute=None, head=0)
        self.query_one("#lab-output").focus()

    def action_edit(self) -> None:
        """Put the cursor in the sentence box."""
        self.query_one("#lab-sentence", Input).focus()

    # --- set-up ---------------------------------------------------------------------------------

    def action_heads(self, step: int) -> None:
        """Next head count that divides d_model (wrapping round)."""
        cfg = self.config
        options = [h for h in (1, 2, 4, 8) if cfg.d_model % h == 0]
        heads = options[(options.index(cfg.heads) + step) % len(options)] if cfg.heads in options else 1
        self._show(heads=heads, head=min(cfg.head, heads - 1))

    def action_d_model(self, step: int) -> None:
        """Next embedding width; the head count drops if it no longer divides."""
        cfg = self.config
        d_model = D_MODELS[(D_MODELS.index(cfg.d_model) + step) % len(D_MODELS)] if cfg.d_model in D_MODELS else 8
        heads = cfg.heads if d_model % cfg.heads == 0 else 1
        self._show(d_model=d_model, heads=heads, head=min(cfg.head, heads - 1))

    def action_toggle(self, option: str) -> None:
        """Flip causal masking, √d_k scaling or positional encoding."""
        self._show(**{option: not getattr(self.config, option)})

    def action_shuffle(self) -> None:
        """Reorder the tokens (reproducibly) to show permutation invariance without positions."""
        res = self.view.result
        if res is None or len(res.tokens) < 2:
            return
        from quizterm.engine import tokenize

        n = len(tokenize(self.config.sentence))
        order = list(range(n))
        self.shuffles += 1
        rng = random.Random(self.shuffles)
        while order == list(range(n)):
            rng.shuffle(order)
        self._show(permute=order)

    def action_unshuffle(self) -> None:
        self._show(permute=None)

    # --- what is shown --------------------------------------------------------------------------

    def action_stage(self, step: int) -> None:
        """Move through QKᵀ -> scale -> mask -> softmax -> ×V."""
        cfg = self.config
        here = STAGES.index(cfg.stage) if cfg.stage else STAGES.index("weights")
        self._show(stage=STAGES[max(0, min(len(STAGES) - 1, here + step))])

    def action_goto_stage(self, index: int) -> None:
        self._show(stage=STAGES[index])

    def action_head(self, step: int) -> None:
        """Show the next or previous head."""
        cfg = self.config
        self._show(head=(cfg.head + step) % cfg.heads, stage=cfg.stage or "weights")

    def action_all_heads(self) -> None:
        """Every head's weights at once (or back to one stage)."""
        self._show(stage=None if self.config.stage else "weights")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stage" and isinstance(self.focused, Input):
            return False  # the arrows move the cursor in the sentence box
        if action in ("head",) and self.config.heads < 2:
            return None  # one head: nothing to switch to
        if action == "unshuffle":
            return self.config.permute is not None
        return True
