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


def _check(args: argparse.Namespace) -> None:
    if not 1 <= args.heads <= MAX_HEADS:
        raise UsageError(f"--heads must be between 1 and {MAX_HEADS} (got {args.heads})")
    if not 1 <= args.d_model <= MAX_D_MODEL:
        raise UsageError(f"--d-model must be between 1 and {MAX_D_MODEL} (got {args.d_model})")
    if args.d_model % args.heads:
        raise UsageError(f"--d-model {args.d_model} is not divisible by --heads {args.heads}")
    if not 1 <= args.head <= args.heads:
        raise UsageError(f"--head must be between 1 and {args.heads} (got {args.head})")
    if not 0 <= args.seed < 2**63:
        raise UsageError(f"--seed must be between 0 and 2**63-1 (got {args.seed})")


def run(args: argparse.Namespace, settings: Settings) -> int:
    _check(args)
    from quizterm.engine import attention_demo, tokenize

    text = args.text
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS]
    tokens = tokenize(text)
    if not tokens:
        raise UsageError("TEXT is empty: give a sentence, e.g. quizterm attention \"我 愛 你\"")
    limit = JSON_TOKENS if args.json else TABLE_TOKENS
    limit = min(limit, math.isqrt(MAX_WEIGHTS // args.heads))
    truncated = len(tokens) > limit or len(text) < len(args.text)
    if len(tokens) > limit:
        count = f"{len(tokens)}" if len(text) == len(args.text) else f"over {len(tokens)}"
        print(f"quizterm: note: TEXT has {count} tokens; using the first {limit}", file=sys.stderr)
        tokens = tokens[:limit]
    elif truncated:
        print(f"quizterm: note: TEXT is over {MAX_TEXT_CHARS} characters; reading the first {MAX_TEXT_CHARS}",
              file=sys.stderr)
    result = attention_demo(tokens, heads=args.heads, d_model=args.d_model, causal=args.causal,
                            scale=not args.no_scale, positional=not args.no_pe, seed=args.seed)
    if args.json:
        data = result.to_json()
        data["truncated"] = truncated
        print(json.dumps(data, ensure_ascii=False))
        return 0
    plain = args.plain or settings.plain or bool(os.environ.get("NO_COLOR"))
    _print_tables(result, head=args.head - 1, steps=args.steps, plain=plain)
    return 0


def _print_tables(result, *, head: int, steps: bool, plain: bool) -> None:
    from quizterm.render.attention import head_title, heads_renderable, steps_renderable, steps_text, weights_text

    if plain:
        blocks = [weights_text(result.weights[i], result.tokens, result.tokens, mask=result.mask,
                               title=head_title(result, i)) for i in range(result.heads)]
        if steps:
            blocks.append(f"steps for head {head + 1}\n\n" + steps_text(result, head))
        print("\n\n".join(blocks))
        return
    from rich.console import Console

    console = Console(highlight=False)
    tables = heads_renderable(result, color=True)
    from rich.cells import cell_len

    first = weights_text(result.weights[0], result.tokens, result.tokens, mask=result.mask)
    width = max(cell_len(line) for line in first.splitlines())
    if console.is_terminal and width > console.width:
        # Wrapped rows would scramble the columns: crop them, and say how to see everything.
        print(f"quizterm: note: the table is {width} columns wide and the terminal {console.width}; "
              "columns on the right are cut (use --plain | less -S to see them all)", file=sys.stderr)
    console.print(tables)
    if steps:
        console.print()
        console.print(f"steps for head {head + 1}", style="bold", markup=False)
        console.print()
        console.print(steps_renderable(result, head, color=True))
