"""The progress store: SQLite (stdlib sqlite3, WAL), one transaction per answer, checked and backed up."""

from quizterm.store.core import Store, lock_path_for
from quizterm.store.errors import (
    StoreDamaged,
    StoreError,
    StoreLocked,
    StoreReadError,
    StoreTooNew,
    StoreWriteError,
)
from quizterm.store.records import (
    MODES,
    Attempt,
    AttemptRow,
    BackupInfo,
    CardState,
    DrillRecord,
    NotebookEntry,
    QuestionStat,
    ReadingState,
)

__all__ = [
    "MODES", "Attempt", "AttemptRow", "BackupInfo", "CardState", "DrillRecord", "NotebookEntry",
    "QuestionStat", "ReadingState", "Store", "StoreDamaged", "StoreError", "StoreLocked", "StoreReadError",
    "StoreTooNew",
    "StoreWriteError", "lock_path_for",
]
