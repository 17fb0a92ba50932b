"""QuiztermApp: the app shell (screens by registry name, errors as notifications, clean exits)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from quizterm.i18n import Translator
from quizterm.tui import terminal
from quizterm.tui.loading import DeferredLoading, PendingLoad
from quizterm.tui.screens import SCREENS, accepted_kwargs, is_available, load_screen

# Screens that work before the content has loaded.
WITHOUT_CONTENT = {"home", "help", "lab", "problems"}


STYLES = Path(__file__).parent / "styles"

# Screens the command palette and the home menu offer, in order: (registry name, i18n key stem).
PALETTE_SCREENS = (
    ("home", "app.cmd.home"), ("reader", "app.cmd.reader"), ("glossary", "app.cmd.glossary"),
    ("flashcards", "app.cmd.flashcards"), ("practice", "app.cmd.practice"),
    ("drill", "app.cmd.drill"), ("notebook", "app.cmd.notebook"), ("stats", "app.cmd.stats"),
    ("lab", "app.cmd.lab"), ("problems", "app.cmd.problems"), ("help", "app.cmd.help"),
)


class QuiztermApp(DeferredLoading, App[int]):
    """The study app. Build it with ``quizterm.tui.factory.build_app``."""

    TITLE = "quizterm"
    CSS_PATH = [
        STYLES / "global.tcss", STYLES / "app.tcss", STYLES / "home.tcss",
        STYLES / "reader.tcss", STYLES / "lab.tcss",
        STYLES / "practice.tcss", STYLES / "drill.tcss",
        STYLES / "stats.tcss",
    ]
    BINDINGS = [
        Binding("ctrl+q", "quit", "bind.quit", id="quit", priority=True),
        Binding("ctrl+c", "quit", "bind.quit", show=False, id="quit-ctrl-c", priority=True),
        Binding("question_mark", "open('help')", "bind.help", id="help"),
    ]

    def __init__(self, settings, *, load, store, clock, start: str = "home",
                 start_args: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.bank = load.bank
        self.problems = list(load.problems)
        self._pending = load if isinstance(load, PendingLoad) else None
        self.store = store
        self.store_error: Exception | None = None
        self.clock = clock
        self.tr = Translator(settings.lang)
        self._start = (start, dict(start_args or {}))
        # NO_COLOR: Textual greys this truecolor theme itself (its Monochrome filter). An ANSI theme
        # under that filter turns every colour black (black text on black), so plain mode keeps the
        # theme and only drops the heat colours of the attention tables (settings.plain).

    # --- life cycle -------------------------------------------------------------------------

    def on_mount(self) -> None:
        if not self.is_headless:
            terminal.install(self)  # SIGTERM, SIGHUP and a lost terminal exit cleanly
        self.open_screen("home")  # beneath every other screen, so leaving one lands somewhere useful
        if self._pending is None:
            self.open_start_screen()
        self.set_interval(5.0, self.check_store_upkeep, name="store-upkeep")

    # --- screens ----------------------------------------------------------------------------

    def open_screen(self, name: str, **kwargs: Any) -> bool:
        """Push the screen registered as ``name``; say so honestly when it does not exist yet.

        Returns:
            True when a screen was pushed.
        """
        if self.loading and name not in WITHOUT_CONTENT:
            self.notify(self.tr("app.loading"), severity="information")
            return False
        cls = load_screen(name)
        if cls is None:
            self.notify(self.tr("app.unavailable", name=self.tr(f"app.cmd.{name}")),
                        title=self.tr("app.unavailable.title"), severity="warning")
            return False
        self.push_screen(cls(**accepted_kwargs(cls, kwargs)))
        return True

    def screen_available(self, name: str) -> bool:
        """Whether ``name`` is registered and built."""
        return is_available(name)

    def action_open(self, name: str) -> None:
        """Open a screen by registry name (used by bindings and the command palette)."""
        self.open_screen(name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":  # nothing to go back to from the home screen
            return len(self.screen_stack) > 2
        return True

    def action_back(self) -> None:
        """Leave the current screen (the home screen stays)."""
        if len(self.screen_stack) > 2:
            self.pop_screen()

    # --- errors -----------------------------------------------------------------------------

    def notify_error(self, exc: BaseException) -> None:
        """Show an error as a notification; the app keeps running."""
        message = str(exc) or type(exc).__name__
        self.notify(message, title=self.tr("app.error.title"), severity="error", markup=False,
                    timeout=8)
        self.log.error(repr(exc))

    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """Run an action; an exception inside it becomes a notification instead of an exit."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as exc:  # noqa: BLE001 - any failure in an action must not end the app
            self.notify_error(exc)
            return True

    # --- command palette --------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for name, key in PALETTE_SCREENS:
            if name in SCREENS and name != "home":
                yield SystemCommand(self.tr(key), self.tr(f"{key}.help"),
                                    lambda name=name: self.open_screen(name))
