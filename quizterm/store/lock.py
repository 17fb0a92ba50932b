"""The instance lock: fcntl.flock on home/quizterm.lock with the holder's PID written in it."""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from quizterm.store.errors import StoreLocked


def read_pid(path: Path) -> int | None:
    """The PID written in a lock file, if any."""
    try:
        text = path.read_text(encoding="ascii").strip()
        return int(text) if text else None
    except (OSError, ValueError):
        return None


class InstanceLock:
    """An advisory lock held for the life of a running app; released when the process dies."""

    def __init__(self, path: Path):
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock without waiting; True if it is now ours."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd = fd
        return True

    def acquire(self, wait: float = 1.0) -> None:
        """Take the lock, retrying for ``wait`` seconds; raise StoreLocked(pid) if another holds it.

        Real time is used on purpose: this waits for another process, not for the app's clock.
        """
        deadline = time.monotonic() + max(0.0, wait)
        while not self.try_acquire():
            if time.monotonic() >= deadline:
                raise StoreLocked(read_pid(self.path), self.path)
            time.sleep(0.05)

    def release(self) -> None:
        """Let go (the file stays; an unlocked file means nobody holds it)."""
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None
