"""The `attention` verb: print attention-weight tables for a sentence."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "print the attention weights of a sentence as tables (one per head)"

TABLE_TOKENS = 64  # wider tables stop being readable in a terminal
JSON_TOKENS = 1024  # --json: enough for scripts
MAX_WEIGHTS = 1 << 24  # h x T x T floats (128 MiB): fewer tokens when there are many heads
MAX_TEXT_CHARS = 100_000  # tokenizing megabytes only to keep 64 tokens would waste seconds
MAX_D_MODEL = 1024
MAX_HEADS = 64


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT", help="the sentence; words if it has spaces, else characters")
    parser.add_argument("--heads", type=int, default=1, metavar="H", help="number of heads (default 1)")
    parser.add_argument("--d-model", type=int, default=8, metavar="D", help="model width, a multiple of H (default 8)")
    parser.add_argument("--causal", action="store_true", help="mask future tokens")
    parser.add_argument("--no-scale", action="store_true", help="do not divide scores by sqrt(d_k)")
    parser.add_argument("--no-pe", action="store_true", help="no positional encoding")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed for embeddings and weights (default 0)")
    parser.add_argument("--steps", action="store_true", help="also show QKᵀ -> scaled -> masked -> softmax -> x V for head 1")
    parser.add_argument("--head", type=int, default=1, metavar="N", help="which head --steps shows (default 1)")
    parser.add_argument("--plain", action="store_true", help="no colours (also when NO_COLOR is set)")
    parser.add_argument("--json", action="store_true", help="print tokens, per-head weights, mask and seed as JSON")


def _check(args: argparse.Namespace, tr) -> None:
    if not 1 <= args.heads <= MAX_HEADS:
        raise UsageError(tr("attention.err.heads", max=MAX_HEADS, got=args.heads))
    if not 1 <= args.d_model <= MAX_D_MODEL:
        raise UsageError(tr("attention.err.d_model", max=MAX_D_MODEL, got=args.d_model))
    if args.d_model % args.heads:
        raise UsageError(tr("attention.err.divisible", d=args.d_model, h=args.heads))
    if not 1 <= args.head <= args.heads:
        raise UsageError(tr("attention.err.head", max=args.heads, got=args.head))
    if not 0 <= args.seed < 2**63:
        raise UsageError(tr("attention.err.seed", got=args.seed))


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.i18n import Translator

    tr = Translator(settings.lang)
    _check(args, tr)
    from quizterm.engine import attention_demo, tokenize

    text = args.text
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS]
    tokens = tokenize(text)
    if not tokens:
        raise UsageError(tr("attention.err.empty"))
    limit = JSON_TOKENS if args.json else TABLE_TOKENS
    limit = min(limit, math.isqrt(MAX_WEIGHTS // args.heads))
    truncated = len(tokens) > limit or len(text) < len(args.text)
    if len(tokens) > limit:
        key = "attention.note.tokens" if len(text) == len(args.text) else "attention.note.tokens_over"
        print("quizterm: " + tr(key, count=len(tokens), limit=limit), file=sys.stderr)
        tokens = tokens[:limit]
    elif truncated:
        print("quizterm: " + tr("attention.note.chars", max=MAX_TEXT_CHARS), file=sys.stderr)
    result = attention_demo(tokens, heads=args.heads, d_model=args.d_model, causal=args.causal,
                            scale=not args.no_scale, positional=not args.no_pe, seed=args.seed)
    if args.json:
        data = result.to_json()
        data["truncated"] = truncated
        print(json.dumps(data, ensure_ascii=False))
        return 0
    plain = args.plain or settings.plain or bool(os.environ.get("NO_COLOR"))
    _print_tables(result, head=args.head - 1, steps=args.steps, plain=plain, tr=tr)
    return 0


def _print_tables(result, *, head: int, steps: bool, plain: bool, tr) -> None:
    from quizterm.render.attention import head_title, heads_renderable, steps_renderable, steps_text, weights_text

    if plain:
        blocks = [weights_text(result.weights[i], result.tokens, result.tokens, mask=result.mask,
                               title=head_title(result, i, tr)) for i in range(result.heads)]
        if steps:
            blocks.append(tr("attention.steps_for", n=head + 1) + "\n\n" + steps_text(result, head, tr))
        print("\n\n".join(blocks))
        return
    from rich.cells import cell_len
    from rich.console import Console

    console = Console(highlight=False)
    tables = heads_renderable(result, color=True, tr=tr)
    first = weights_text(result.weights[0], result.tokens, result.tokens, mask=result.mask)
    width = max(cell_len(line) for line in first.splitlines())
    if console.is_terminal and width > console.width:
        # Wrapped rows would scramble the columns: crop them, and say how to see everything.
        print("quizterm: " + tr("attention.note.wide", width=width, cols=console.width), file=sys.stderr)
    console.print(tables)
    if steps:
        console.print()
        console.print(tr("attention.steps_for", n=head + 1), style="bold", markup=False)
        console.print()
        console.print(steps_renderable(result, head, color=True, tr=tr))
