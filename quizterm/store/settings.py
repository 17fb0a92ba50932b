"""Learner settings kept in the store as JSON values (e.g. ``notebook.clear_after_days``)."""

from __future__ import annotations

import json
from typing import Any

from quizterm.store.db import loads


_MISSING = object()


class SettingsMixin:
    """Store methods for settings."""

    def get_setting(self, key: str, default: Any = None) -> Any:
        """The setting's value, or ``default`` if unset (or unreadable)."""
        row = self._conn.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        if row is None:
            return default
        return loads(row[0], default)

    def set_setting(self, key: str, value: Any) -> None:
        """Set a JSON-able value, in one transaction."""
        text = json.dumps(value, ensure_ascii=False)
        with self._tx() as conn:
            conn.execute("INSERT INTO settings (key, value) VALUES (?,?)"
                         " ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, text))

    def all_settings(self) -> dict[str, Any]:
        """Every stored setting."""
        out = {}
        for k, v in self._conn.execute("SELECT key, value FROM settings ORDER BY key"):
            value = loads(v, _MISSING)
            if value is not _MISSING:
                out[k] = value
        return out
