"""Settings: where the store lives, which content folders load, and the UI language."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

LANGUAGES = ("zh-TW", "en")


def default_home() -> Path:
    """The store folder: ``QUIZTERM_HOME`` if set, else the platform's user data dir."""
    env = os.environ.get("QUIZTERM_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("quizterm", appauthor=False)


def bundled_content_dirs() -> list[Path]:
    """The lessons and question banks that ship with quizterm.

    Inside a wheel they live in ``quizterm/_data``; in a source checkout, at the repository root.
    """
    pkg = Path(__file__).resolve().parent
    data = pkg / "_data"
    if (data / "lessons").is_dir():
        return [data / "lessons", data / "questions"]
    root = pkg.parent
    return [d for d in (root / "lessons", root / "questions") if d.is_dir()]


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to start, passed in explicitly (never read from a global)."""

    home: Path = field(default_factory=default_home)
    content_dirs: tuple[Path, ...] = ()
    include_bundled: bool = True
    lang: str = "zh-TW"
    plain: bool = False

    @property
    def db_path(self) -> Path:
        return self.home / "progress.sqlite3"

    @property
    def cache_dir(self) -> Path:
        return self.home / "cache"

    def all_content_dirs(self) -> list[Path]:
        """Bundled content first, then the user's ``--content`` folders."""
        dirs = bundled_content_dirs() if self.include_bundled else []
        return dirs + list(self.content_dirs)
