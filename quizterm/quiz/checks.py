"""Check operations that recompute answer keys with the engine (``check:`` blocks, ``quizterm verify``).

A question item may carry::

    check:
      op: attention_weights          # an op below
      args: {Q: [[1, 0], [0, 1]], K: [[1, 0], [0, 1]], scale: false}
      select: "[0][1]"              # optional: the part of the result the key must equal
      tolerance: 0.005               # optional: default the item's tolerance, else 0.005

Numbers may be written as YAML numbers or strings; matrices as lists of rows; booleans as
true/false. ``mask`` arguments are ``causal`` or a 0/1 matrix (1 = may attend).

Ops and their args (result in brackets):

- ``softmax``: ``x`` vector or matrix, ``axis`` (default -1) [same shape as x]
- ``scores``: ``Q``, ``K`` (vectors or matrices), ``scale`` (default false: plain QKᵀ; true: ÷√d_k),
  ``divisor`` (divide by this number instead) [QKᵀ; a number for two vectors]
- ``attention_weights``: ``Q``, ``K``, ``mask``, ``scale`` (default true), ``divisor`` [(T_q, T_k)]
- ``attention_output``: ``Q``, ``K``, ``V``, ``mask``, ``scale``, ``divisor``
  [(T_q, d_v) output; select ``weights…`` or ``scores…`` for those parts]
- ``masked_row``: ``scores`` vector, ``keep`` (0/1 vector) or ``upto`` (causal: keep 0..upto) [weights]
- ``causal_mask``: ``T`` [(T, T) of 0/1, 1 = may attend]
- ``pe``: ``pos`` (0..2048), ``i`` (column, 0-based), ``d_model`` (1..1024)
  [PE(pos, i): sin on even i, cos on odd i]
- ``mha_params``: ``d_model``, ``h``, ``bias`` (default true) [4·d_model² (+ 4·d_model)]
- ``block_params``: ``d_model``, ``d_ff``, ``h``, ``bias`` (default true), ``norms`` (default 2)
  [total of one encoder block; select ``attention``, ``ffn`` or ``norms`` for a part]
- ``comparisons``: ``n`` tokens, ``causal`` (default false) [n² query–key pairs, or n(n+1)/2]
- ``head_dim``: ``d_model``, ``h`` [d_model / h, an error unless h divides d_model]
- ``qk_variance``: ``d_k``, ``seed`` (default 0), ``samples`` (default 10000), ``scale``
  (default false) [sample variance of q·k (or q·k/√d_k) for q, k ~ N(0, I)]
- ``visible``: ``T``, ``pos`` (0-based query position), ``causal`` (default true)
  [how many positions that query may attend: pos + 1 with a causal mask, else T]
- ``saturation``: ``scores`` vector, ``d_k`` [max softmax weight; select ``unscaled`` / ``scaled``]

``select`` grammar (no eval): an optional part name, then index groups, e.g. ``[0][1]``,
``[0, 1]``, ``weights[1]``, ``[:, 0]``; negative indices count from the end.

What the key must equal, by question type:

- ``numeric``: ``answer``; ``matrix``: ``answer`` (same shape); ``short``: ``accepted[0]`` as a number.
- ``single`` / ``multi``: put ``choice_values: [v0, v1, ...]`` (one per choice, in file order)
  in ``args``; the computed value must equal the keyed choices' values and no other choice's.
  Without ``choice_values``, each choice's text is read as a number.
- ``true_false``: put ``claim: v`` in ``args``; the answer must be true exactly when the
  computed value equals ``v``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from quizterm.quiz.check_ops import (
    CheckError,
    op_attention_output,
    op_attention_weights,
    op_block_params,
    op_causal_mask,
    op_comparisons,
    op_head_dim,
    op_masked_row,
    op_mha_params,
    op_pe,
    op_qk_variance,
    op_saturation,
    op_scores,
    op_softmax,
    op_visible,
)

META_ARGS = ("choice_values", "claim")
DEFAULT_TOLERANCE = 0.005


@dataclass(frozen=True)
class Op:
    """A check operation: its function and the name of its main part (for dict results)."""

    fn: Callable[[dict[str, Any]], Any]
    main: str | None = None


OPS: dict[str, Op] = {
    "softmax": Op(op_softmax), "scores": Op(op_scores),
    "attention_weights": Op(op_attention_weights), "attention_output": Op(op_attention_output, "out"),
    "masked_row": Op(op_masked_row), "causal_mask": Op(op_causal_mask), "pe": Op(op_pe),
    "mha_params": Op(op_mha_params), "block_params": Op(op_block_params, "total"),
    "comparisons": Op(op_comparisons), "head_dim": Op(op_head_dim),
    "qk_variance": Op(op_qk_variance), "visible": Op(op_visible), "saturation": Op(op_saturation, "scaled"),
}

_SELECT = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)?((?:\s*\[[^\[\]]*\])*)\s*")
_GROUP = re.compile(r"\[([^\[\]]*)\]")


def parse_select(text: str) -> tuple[str | None, list[tuple[int | slice, ...]]]:
    """Parse a ``select`` string into (part name, index groups).

    Raises:
        CheckError: The text is not ``name[i][j]``-shaped.
    """
    m = _SELECT.fullmatch(text or "")
    if not m:
        raise CheckError(f"select: cannot read {text!r} (write e.g. [0][1] or weights[0, 1])")
    groups: list[tuple[int | slice, ...]] = []
    for g in _GROUP.findall(m.group(2) or ""):
        idx: list[int | slice] = []
        for part in g.split(","):
            part = part.strip()
            if part == ":":
                idx.append(slice(None))
            elif re.fullmatch(r"-?\d{1,6}", part):
                idx.append(int(part))
            else:
                raise CheckError(f"select: {part!r} is not an index")
        groups.append(tuple(idx))
    return m.group(1), groups


def apply_select(result: Any, select: str | None, main: str | None = None) -> Any:
    """The part of an op's result that ``select`` names (all of it when ``select`` is empty)."""
    name, groups = parse_select(select or "")
    if isinstance(result, dict):
        key = name or main
        if key not in result:
            raise CheckError(f"select: no part {key!r} (parts: {', '.join(result)})")
        result = result[key]
    elif name:
        raise CheckError(f"select: this op's result has no named parts ({name!r})")
    for idx in groups:
        arr = np.asarray(result)
        if len(idx) > arr.ndim:
            raise CheckError(f"select: too many indices for a {arr.ndim}-D result")
        try:
            result = arr[idx]
        except IndexError:
            raise CheckError(f"select: index {list(idx)} is out of range for shape {arr.shape}") from None
    return result


def check_problem(check: Any) -> str | None:
    """Why a check block cannot run (unknown op, unreadable select), or None; cheap, for loaders.

    Args:
        check: A ``quizterm.model.Check``.
    """
    if check.op not in OPS:
        return f"unknown check op {check.op!r} (known: {', '.join(sorted(OPS))})"
    try:
        parse_select(check.select or "")
    except CheckError as err:
        return str(err)
    return None


def compute(check: Any) -> Any:
    """Run a check block's op with its args and apply ``select``.

    Args:
        check: A ``quizterm.model.Check``.

    Returns:
        A float, or a NumPy array of floats.

    Raises:
        CheckError: Unknown op, bad arguments or select.
    """
    op = OPS.get(check.op)
    if op is None:
        raise CheckError(f"unknown check op {check.op!r} (known: {', '.join(sorted(OPS))})")
    args = {k: v for k, v in (check.args or {}).items() if k not in META_ARGS}
    try:
        result = op.fn(args)
    except CheckError:
        raise
    except (TypeError, ValueError, ArithmeticError) as err:
        raise CheckError(f"{check.op}: {err}") from None
    result = apply_select(result, check.select, op.main)
    if isinstance(result, dict):
        raise CheckError("select: choose one part of the result")
    arr = np.asarray(result, dtype=np.float64)
    return float(arr) if arr.ndim == 0 else arr
