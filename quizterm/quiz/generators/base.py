"""The generator framework: parameter ranges, drawing from a seed, and the draft a generator returns."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

Corner = str | None  # None: draw at random; "low" / "high": every ranged parameter at its bound


@dataclass(frozen=True)
class Param:
    """A generator parameter: its default range (or choices) and the hard bounds authors may use.

    In YAML an author writes a fixed value (``d_k: 4``), an inclusive range (``T: [2, 4]``) or
    a list of choices (``d_k: {choices: [4, 16, 64]}``).
    """

    default: Any
    lo: int
    hi: int
    doc: str
    choices_only: tuple[int, ...] | None = None  # values must come from this set (e.g. perfect squares)


@dataclass
class Draft:
    """What a generator produces for one seed, before the instance adds shuffling and templates."""

    type: str  # "numeric" | "matrix" | "single"
    prompt: str
    explanation: str
    answer: Any  # numeric: float; matrix: rows of floats; single: index into choices
    vars: dict[str, str] = field(default_factory=dict)  # values for the item's {placeholders}
    data: dict[str, Any] = field(default_factory=dict)  # the drawn numbers (JSON-able)
    tolerance: float = 0.0
    unit: str | None = None
    choices: list[tuple[str, str | None]] = field(default_factory=list)  # (text, misconception)
    shuffle: bool = True
    row_labels: list[str] | None = None
    col_labels: list[str] | None = None
    allow_fraction: bool = True
    allow_percent: bool = True
    # For verify, so every key is computed two independent ways: a check block ({op, args, select,
    # tolerance}) run through quizterm.quiz.checks, or a function doing the arithmetic by hand when
    # the key itself came from the engine; either is compared with the key. The second element says
    # which part of the key: None (all of it; single: the keyed choice's value), an index path into
    # a matrix key such as (0,) or (0, 1), or a function of the key (e.g. std -> variance).
    checks: list[tuple[dict[str, Any], Any]] = field(default_factory=list)
    choice_values: list[float] | None = None  # single: the value each choice stands for


class ParamError(ValueError):
    """A generator's parameters in a question file are not usable; the message names the parameter."""


def _as_int(name: str, value: Any) -> int:
    try:
        f = float(str(value).strip())
    except ValueError:
        raise ParamError(f"{name}: {value!r} is not a number") from None
    if f != int(f):
        raise ParamError(f"{name}: {value!r} is not a whole number")
    return int(f)


def parse_params(specs: dict[str, Param], given: dict[str, Any]) -> dict[str, list[int]]:
    """Turn a question's ``params`` into the candidate values of every parameter.

    Args:
        specs: The generator's parameters.
        given: The author's values (YAML scalars arrive as strings).

    Returns:
        For each parameter, the sorted candidate values.

    Raises:
        ParamError: Unknown parameter, bad value, or a value outside the parameter's bounds.
    """
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise ParamError(f"unknown parameter {unknown[0]!r} (known: {', '.join(sorted(specs))})")
    out: dict[str, list[int]] = {}
    for name, spec in specs.items():
        raw = given.get(name, spec.default)
        if isinstance(raw, dict):
            if set(raw) != {"choices"} or not isinstance(raw["choices"], list) or not raw["choices"]:
                raise ParamError(f"{name}: write a value, [low, high] or {{choices: [...]}}")
            values = sorted({_as_int(name, v) for v in raw["choices"]})
        elif isinstance(raw, (list, tuple)):
            if len(raw) != 2:
                raise ParamError(f"{name}: a range is [low, high]")
            lo, hi = _as_int(name, raw[0]), _as_int(name, raw[1])
            if lo > hi:
                raise ParamError(f"{name}: low {lo} is above high {hi}")
            values = list(range(lo, hi + 1))
        else:
            values = [_as_int(name, raw)]
        if spec.choices_only is not None:
            allowed = [v for v in values if v in spec.choices_only]
            if isinstance(raw, (list, tuple)) and allowed:
                values = allowed  # a range keeps only the usable values inside it
            bad = [v for v in values if v not in spec.choices_only]
            if bad or not values:
                raise ParamError(f"{name}: {bad[0] if bad else raw} is not one of "
                                 f"{', '.join(map(str, spec.choices_only))}")
        bad = [v for v in values if not spec.lo <= v <= spec.hi]
        if bad:
            shown = f"[{values[0]}, {values[-1]}]" if isinstance(raw, (list, tuple)) else bad[0]
            raise ParamError(f"{name}: {shown} is outside {spec.lo}..{spec.hi}")
        out[name] = values
    return out


def draw(candidates: dict[str, list[int]], rng: random.Random, corner: Corner = None) -> dict[str, int]:
    """Pick one value per parameter: at random, or all at the low / high corner."""
    if corner == "low":
        return {k: v[0] for k, v in candidates.items()}
    if corner == "high":
        return {k: v[-1] for k, v in candidates.items()}
    return {k: rng.choice(v) for k, v in candidates.items()}


@dataclass(frozen=True)
class Generator:
    """A named question template: ``build(p, rng)`` turns drawn parameters into a Draft."""

    name: str
    title: str
    objective: str  # which lesson objective it serves (documentation and the verify summary)
    params: dict[str, Param]
    build: Callable[[dict[str, int], random.Random], Draft]
    valid: Callable[[dict[str, int]], bool] = lambda p: True  # combination filter (e.g. h divides d_model)

    def generate(self, params: dict[str, Any], seed: int, *, corner: Corner = None) -> Draft:
        """The draft for ``seed`` (deterministic), or for a corner of the parameter ranges.

        Raises:
            ParamError: The parameters are unusable.
        """
        candidates = parse_params(self.params, params or {})
        rng = random.Random(int(seed))
        for _ in range(200):
            p = draw(candidates, rng, corner)
            if self.valid(p):
                return self.build(p, rng)
            if corner is not None:
                # The corner itself is invalid: fall back to random draws from this seed.
                corner = None
        raise ParamError(f"no valid combination of parameters for {self.name}")
