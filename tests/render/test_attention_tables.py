"""The attention heat tables and the step view: golden text, alignment, markers, colour or not."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from rich.cells import cell_len
from rich.console import Console

from quizterm.engine import attention_demo, softmax
from quizterm.render.attention import (
    heads_renderable,
    steps_renderable,
    steps_text,
    weights_table,
    weights_text,
)
from tests.render.golden_files import check_golden

ANSI = re.compile(r"\x1b\[[0-9;]*m")

# Hand-written weights (not from the engine) so the golden table pins the renderer alone.
WEIGHTS = np.array([[0.5, 0.25, 0.25, 0.0], [0.1, 0.6, 0.3, 0.0], [0.0, 0.0, 0.0, 0.0], [0.4, 0.4, 0.15, 0.05]])
MASK = np.array([[1, 1, 1, 0], [1, 1, 1, 0], [0, 0, 0, 0], [1, 1, 1, 1]], dtype=bool)
TOKENS = ["我", "attention", "注意力機制很長", "[bold]x"]


def render(renderable, *, color_system="truecolor", no_color=False, width=200) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=color_system, force_terminal=True,
                      no_color=no_color, legacy_windows=False)
    console.print(renderable)
    return console.file.getvalue()


def test_golden_weights_table_with_mask_and_cjk():
    check_golden("weights_mask_cjk.txt", weights_text(WEIGHTS, TOKENS, TOKENS, mask=MASK, title="head 1") + "\n")


def test_golden_steps_for_a_causal_head():
    r = attention_demo("我 愛 你", heads=2, causal=True)
    check_golden("steps_causal_head2.txt", steps_text(r, 1) + "\n")


def test_columns_line_up_with_cjk_labels():
    text = weights_text(WEIGHTS, TOKENS, TOKENS, mask=MASK)
    lines = text.splitlines()
    widths = {cell_len(line) for line in lines}
    assert len(widths) == 1, widths  # header and every row end at the same terminal column
    # Each value (number or '·') ends at the same terminal column as its header label.
    header = lines[0]
    label_ends = [cell_len(header[: m.end()]) for m in re.finditer(r"\S+", header)]
    for line in lines[1:]:
        value_ends = [cell_len(line[: m.end()]) for m in re.finditer(r"\d+\.\d\d|·", line)]
        assert value_ends == label_ends, line


def test_row_max_marked_masked_dotted_sums_shown():
    w = softmax(np.random.default_rng(0).standard_normal((5, 5)) * 2, mask=np.tri(5, dtype=bool))
    rows = weights_text(w, list("abcde"), list("abcde"), mask=np.tri(5, dtype=bool)).splitlines()[1:]
    for i, line in enumerate(rows):
        cells = line.split()[1:]
        assert cells[-1] == "1.00"  # the row sum
        body = cells[:-1]
        assert body.count("·") == 4 - i  # keys after the query are masked
        starred = [j for j, c in enumerate(body) if c.endswith("*")]
        assert starred == [int(np.argmax(w[i]))]


def test_plain_has_no_escape_codes_but_keeps_numbers():
    r = attention_demo("我 愛 你", heads=2, causal=True)
    colored = render(heads_renderable(r, color=True))
    assert "\x1b[" in colored and "48;2;" in colored  # heat backgrounds
    plain = render(heads_renderable(r, color=False))
    assert "\x1b[" not in plain
    assert ANSI.sub("", colored) == plain  # the same text, colour only added
    assert "1.00*" in plain and "·" in plain
    # Rich's no_color (NO_COLOR) keeps the numbers and the markers.
    no_color = ANSI.sub("", render(heads_renderable(r, color=True), no_color=True))
    assert no_color == plain


def test_weights_table_text_equals_weights_text():
    out = ANSI.sub("", render(weights_table(WEIGHTS, TOKENS, TOKENS, mask=MASK, title="t")))
    assert out.rstrip("\n").splitlines() == weights_text(WEIGHTS, TOKENS, TOKENS, mask=MASK, title="t").splitlines()


def test_markup_and_control_characters_are_literal():
    toks = ["[/]", "a\x1b[31m", "[red]x[/red]"]
    w = np.full((3, 3), 1 / 3)
    out = render(weights_table(w, toks, toks))
    assert "[/]" in out and "[red]x[…" in ANSI.sub("", out)
    assert "\x1b[31m" not in out  # the raw escape never reaches the terminal


def test_bidi_overrides_removed_emoji_kept():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    toks = ["a\u202eb", family]
    text = weights_text(np.full((2, 2), 0.5), toks, toks)
    assert "\u202e" not in text and "a?b" in text and family in text


def test_steps_view_has_every_stage():
    r = attention_demo("the cat sat", heads=1, causal=True)
    text = ANSI.sub("", render(steps_renderable(r, 0)))
    for caption in ("1. scores", "2. scaled", "3. masked", "4. weights", "5. output"):
        assert caption in text
    assert "-∞" in text
    assert "-∞" not in steps_text(attention_demo("the cat sat"), 0)


def test_large_table_renders_and_crops():
    w = softmax(np.random.default_rng(1).standard_normal((64, 64)))
    toks = [f"t{i}" for i in range(64)]
    out = render(weights_table(w, toks, toks), width=80)
    lines = out.rstrip("\n").split("\n")
    assert len(lines) == 65 and all(cell_len(ANSI.sub("", line)) <= 80 for line in lines)


def test_shape_mismatch_is_an_error():
    with pytest.raises(ValueError):
        weights_text(np.ones((2, 3)), ["a", "b"], ["a", "b"])
