"""Drill history: one row per finished drill, oldest first, for a score-over-time plot."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class DrillRow:
    """A finished (or abandoned) drill and its score."""

    id: int
    started_at: datetime
    finished_at: datetime | None
    status: str
    label: str
    correct: int
    total: int
    percent: float
    passed: bool | None

    def to_json(self) -> dict:
        return {"id": self.id, "started_at": self.started_at.isoformat(),
                "finished_at": self.finished_at.isoformat() if self.finished_at else None,
                "status": self.status, "label": self.label, "correct": self.correct, "total": self.total,
                "percent": round(self.percent, 1), "passed": self.passed}


def _label(spec: dict) -> str:
    parts = [str(spec[k]) for k in ("lesson", "objective", "tag") if spec.get(k)]
    return " / ".join(parts) or "*"


def drill_rows(records: list) -> list[DrillRow]:
    """Rows for drills that are over (``Store.drills()``), oldest first; active drills are left out."""
    rows = []
    for rec in records:
        if rec.status == "active":
            continue
        result = rec.result or {}
        total = int(result.get("total", len(rec.items)) or 0)
        correct = int(result.get("correct", 0) or 0)
        percent = float(result.get("percent", 100 * correct / total if total else 0.0))
        passed = result.get("passed") if rec.status == "done" else None
        rows.append(DrillRow(rec.id, rec.started_at, rec.finished_at, rec.status, _label(rec.spec or {}),
                             correct, total, percent, passed))
    rows.sort(key=lambda r: (r.started_at, r.id))
    return rows
