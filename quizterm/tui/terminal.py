"""Leaving the terminal clean: exit through Textual on SIGTERM/SIGHUP or when the terminal goes away."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

__all__ = ["install", "terminal_gone"]

HANGUP_CHECK_SECONDS = 1.0


def terminal_gone(fd: int | None = None) -> bool:
    """True when the terminal on ``fd`` (stdout by default) has hung up.

    After a hang-up the kernel answers every ioctl on the tty with EIO, while reads return
    end-of-file forever (Textual's input thread would spin on them and never exit).
    """
    try:
        os.get_terminal_size(sys.__stdout__.fileno() if fd is None else fd)
    except (OSError, ValueError, AttributeError):
        return True
    return False


def install(app) -> None:
    """Make ``app`` exit cleanly (restoring the terminal) on SIGTERM/SIGHUP or a lost terminal.

    The return code is 128 + the signal number, as shells expect (129 for a lost terminal).
    """
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:
            loop.add_signal_handler(sig, app.exit, None, 128 + sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not on this platform/thread
            pass

    def check() -> None:
        if terminal_gone():
            app.exit(None, 128 + signal.SIGHUP)

    if not terminal_gone():  # only watch a terminal that is there to begin with
        app.set_interval(HANGUP_CHECK_SECONDS, check, name="hangup-watch")
