"""guarded: a decorator so an exception in a message handler or timer becomes a notification, not an exit."""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

__all__ = ["guarded"]


def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a screen's handler: any exception is shown with ``app.notify_error`` and the app keeps running.

    Actions already get this from ``QuiztermApp.run_action``; message handlers and interval
    callbacks do not, and an exception there would otherwise end the app.
    """
    if inspect.iscoroutinefunction(handler):
        @functools.wraps(handler)
        async def run_async(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return await handler(self, *args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - the learner's session must survive a bug
                self.app.notify_error(exc)
                return None

        return run_async

    @functools.wraps(handler)
    def run(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return handler(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            self.app.notify_error(exc)
            return None

    return run
