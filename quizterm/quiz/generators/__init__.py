"""Question generators: named templates that draw numbers from a seed and compute the key."""

from __future__ import annotations

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


def _load() -> None:
    # Template modules register themselves on import; imported lazily to keep `import quizterm.quiz` light.
    from quizterm.quiz.generators import attention, sizes  # noqa: F401


__all__ = ["Draft", "GENERATORS", "Generator", "Param", "ParamError", "all_generators", "get_generator",
           "register"]
