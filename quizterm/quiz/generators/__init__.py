"""Question generators: named templates that draw numbers from a seed and compute the key.

In a question bank::

    - id: gen-head-dim
      type: generated
      objective: multi-head
      generator:
        name: head-dim                 # `quizterm verify --templates` lists every template
        params: {d_model: {choices: [512, 768]}, h: [8, 12]}   # value, [low, high] or {choices: [...]}
      prompt: d_model = {d_model}、h = {h}，每個 head 幾維？   # optional; {placeholders} from the template
      explanation: ...                 # optional; the template explains its own numbers otherwise

Each attempt draws a seed; the same seed always gives the same numbers, stem, choices and key.
Templates: qk-score, scaled-score, score-matrix, softmax-weight, masked-weights, attention-output,
saturation-std, saturation-softmax, permutation (attention.py); head-dim, mha-params,
block-params, comparisons, causal-visible, pe-value (sizes.py).
"""

from __future__ import annotations

from typing import Any

from quizterm.quiz.generators.base import Draft, Generator, Param, ParamError

GENERATORS: dict[str, Generator] = {}


def register(gen: Generator) -> Generator:
    """Add a generator to the registry (module import time)."""
    GENERATORS[gen.name] = gen
    return gen


def get_generator(name: str) -> Generator:
    """The generator called ``name``.

    Raises:
        ParamError: No generator has that name.
    """
    _load()
    try:
        return GENERATORS[name]
    except KeyError:
        raise ParamError(f"unknown generator {name!r} (known: {', '.join(sorted(GENERATORS))})") from None


def all_generators() -> dict[str, Generator]:
    """Every registered generator by name."""
    _load()
    return dict(GENERATORS)


def spec_problem(spec: Any) -> str | None:
    """Why a ``generator:`` block cannot work (unknown name, bad parameters), or None; for loaders.

    Args:
        spec: A ``quizterm.model.GeneratorSpec``.
    """
    try:
        get_generator(spec.name).generate(spec.params, 0)
    except ParamError as err:
        return str(err)
    return None


def _show(default: Any) -> str:
    if isinstance(default, dict):
        return "|".join(map(str, default["choices"]))
    if isinstance(default, list):
        return f"{default[0]}..{default[1]}"
    return str(default)


def describe() -> list[str]:
    """One line per template (name, objective, question type, parameters) for ``quizterm verify --templates``."""
    lines = []
    for name, gen in sorted(all_generators().items()):
        params = ", ".join(f"{p}={_show(spec.default)} ({spec.doc})" for p, spec in gen.params.items())
        kind = gen.generate({}, 0).type
        lines.append(f"{name:<20} {gen.objective:<24} {kind:<7} {gen.title}; {params}")
    return lines


def _load() -> None:
    # Template modules register themselves on import; imported lazily to keep `import quizterm.quiz` light.
    from quizterm.quiz.generators import attention, sizes  # noqa: F401


__all__ = ["Draft", "GENERATORS", "Generator", "Param", "ParamError", "all_generators", "describe",
           "get_generator", "register", "spec_problem"]
