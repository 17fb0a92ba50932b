"""The screen registry: name -> "module:Class", imported only when a screen is opened.

Owners add their own entries: F (home, reader, glossary, lab, problems, help),
G (practice, flashcards, notebook, drill, drill_result), H (stats).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from typing import Any

__all__ = ["SCREENS", "accepted_kwargs", "is_available", "load_screen"]

SCREENS: dict[str, str] = {
    # --- F: app shell, reader, lab ---
    "home": "quizterm.tui.screens.home:HomeScreen",
    "reader": "quizterm.tui.screens.reader:ReaderScreen",
    "glossary": "quizterm.tui.screens.glossary:GlossaryScreen",
    "lab": "quizterm.tui.screens.lab:LabScreen",
    "problems": "quizterm.tui.screens.problems:ProblemsScreen",
    "help": "quizterm.tui.screens.help:HelpScreen",
    # --- G: practice, flashcards, notebook, drill ---
    "practice": "quizterm.tui.screens.practice:PracticeScreen",
    "flashcards": "quizterm.tui.screens.flashcards:FlashcardsScreen",
    "notebook": "quizterm.tui.screens.notebook:NotebookScreen",
    "drill": "quizterm.tui.screens.drill_setup:DrillSetupScreen",
    "drill_result": "quizterm.tui.screens.drill_result:DrillResultScreen",
    # --- H: statistics ---
    "stats": "quizterm.tui.screens.stats:StatsScreen",
}


def is_available(name: str) -> bool:
    """Whether a screen is registered and its module can be found (without importing it)."""
    target = SCREENS.get(name)
    if not target:
        return False
    return importlib.util.find_spec(target.partition(":")[0]) is not None


def load_screen(name: str) -> type | None:
    """The screen class registered as ``name``, or None when nobody has built it yet."""
    target = SCREENS.get(name)
    if not target:
        return None
    module, _, cls = target.partition(":")
    try:
        return getattr(importlib.import_module(module), cls)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            return None  # the module itself is missing: not built yet
        raise


def accepted_kwargs(cls: type, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The subset of ``kwargs`` that ``cls(...)`` accepts, so callers may offer context freely."""
    params = inspect.signature(cls).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return kwargs
    return {k: v for k, v in kwargs.items() if k in params}
