"""Golden text snapshots: compare, or rewrite them with ``QUIZTERM_UPDATE_GOLDEN=1``."""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, text: str) -> None:
    """Assert ``text`` equals ``golden/<name>``; with QUIZTERM_UPDATE_GOLDEN=1, write it instead."""
    path = GOLDEN / name
    if os.environ.get("QUIZTERM_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} differs from its golden file (rerun with QUIZTERM_UPDATE_GOLDEN=1 to accept)"
