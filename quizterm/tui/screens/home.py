"""HomeScreen: the lessons with progress, today's due cards and notebook, and every entry point."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from quizterm.tui.progress import due_count, lesson_progress, notebook_count
from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.footer import Footer

__all__ = ["HomeScreen", "ENTRIES"]

# The home menu: (registry name, key, i18n key). Screens that need a lesson get the highlighted one.
ENTRIES = (
    ("reader", "r", "app.cmd.reader"), ("glossary", "g", "app.cmd.glossary"),
    ("flashcards", "f", "app.cmd.flashcards"), ("practice", "p", "app.cmd.practice"),
    ("drill", "d", "app.cmd.drill"), ("notebook", "n", "app.cmd.notebook"),
    ("stats", "s", "app.cmd.stats"), ("lab", "a", "app.cmd.lab"), ("help", "question_mark", "app.cmd.help"),
)


class HomeScreen(QuiztermScreen):
    """The first screen: pick a lesson, see what is due, go anywhere."""

    BINDINGS = [
        Binding("r", "enter('reader')", "bind.read", id="home-read"),
        Binding("g", "enter('glossary')", "bind.glossary", id="home-glossary"),
        Binding("f", "enter('flashcards')", "bind.flashcards", show=False, id="home-flashcards"),
        Binding("p", "enter('practice')", "bind.practice", id="home-practice"),
        Binding("d", "enter('drill')", "bind.drill", show=False, id="home-drill"),
        Binding("n", "enter('notebook')", "bind.notebook", show=False, id="home-notebook"),
        Binding("s", "enter('stats')", "bind.stats", show=False, id="home-stats"),
        Binding("a", "enter('lab')", "bind.lab", id="home-lab"),
        Binding("exclamation_mark", "enter('problems')", "bind.problems", show=False, id="home-problems"),
    ]

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        yield Header()
        if self.app.problems:
            yield Static(Text(tr("home.problems", n=len(self.app.problems))), id="home-problems")
        with Horizontal(id="home-body"):
            with Vertical(id="home-lessons-pane"):
                yield Label(tr("home.lessons"), classes="pane-title")
                yield OptionList(id="home-lessons")
            with Vertical(id="home-side"):
                yield Static(id="home-today")
                yield Label(tr("home.entries"), classes="pane-title")
                yield OptionList(id="home-entries")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.app.tr("home.subtitle")
        self.refresh_figures()
        self.query_one("#home-lessons", OptionList).focus()
        if not self.app.loading:
            self.call_after_refresh(self._offer_unfinished_drill)

    def _offer_unfinished_drill(self) -> None:
        # G's hook: offer a drill left unfinished. Needs the store, so with deferred loading it
        # runs from content_loaded (and its module is imported only then, off the first frame).
        from quizterm.tui.screens.drill_setup import offer_unfinished_drill

        offer_unfinished_drill(self)

    def on_screen_resume(self) -> None:
        self.refresh_figures()

    def content_loaded(self) -> None:
        """The app finished loading content after the first frame."""
        if self.app.problems and not self.query("#home-problems"):
            notice = Static(Text(self.app.tr("home.problems", n=len(self.app.problems))), id="home-problems")
            self.mount(notice, before=self.query_one("#home-body"))
        self.refresh_figures()
        self.call_after_refresh(self._offer_unfinished_drill)

    # --- drawing ----------------------------------------------------------------------------

    def refresh_figures(self) -> None:
        """Redraw lesson progress, due cards, the notebook size and the menu."""
        tr, bank, store = self.app.tr, self.app.bank, self.app.store
        lessons = self.query_one("#home-lessons", OptionList)
        keep = lessons.highlighted
        lessons.clear_options()
        if not bank.lessons:
            empty = tr("home.loading") if self.app.loading else tr("home.no_lessons")
            lessons.add_option(Option(Text(empty), disabled=True))
        for lesson in bank.lessons.values():
            lessons.add_option(Option(self._lesson_prompt(lesson), id=lesson.id))
        if bank.lessons:
            lessons.highlighted = keep if keep is not None and keep < len(bank.lessons) else 0
        today = Text()
        due, notes = due_count(store, self.app.clock.now()), notebook_count(store)
        if store is None:
            if not self.app.loading:
                today.append(tr("home.no_store"), style="bold")
        else:
            today.append(tr("home.due", cards=due.flashcards if due else 0, questions=due.questions if due else 0))
            today.append("\n")
            today.append(tr("home.notebook", n=notes or 0))
        self.query_one("#home-today", Static).update(today)
        entries = self.query_one("#home-entries", OptionList)
        keep = entries.highlighted
        entries.clear_options()
        for name, key, label in ENTRIES:
            prompt = Text.assemble((f"{'?' if key == 'question_mark' else key}  ", "bold"), tr(label))
            if not self.app.screen_available(name):
                prompt.append(f"  {tr('home.not_yet')}", style="dim")
            entries.add_option(Option(prompt, id=name))
        entries.highlighted = keep or 0

    def _lesson_prompt(self, lesson) -> Text:
        tr, bank = self.app.tr, self.app.bank
        prog = lesson_progress(self.app.store, lesson)
        text = Text(lesson.title, style="bold")
        badge = tr("home.reviewed") if lesson.reviewed else tr("home.unreviewed")
        text.append("\n")
        text.append(badge, style="green" if lesson.reviewed else "yellow")
        text.append(tr("home.meta", minutes=lesson.minutes, cards=len(lesson.glossary),
                       questions=len(bank.questions_for(lesson.id))))
        text.append("\n")
        accuracy = "—" if prog.accuracy is None else f"{prog.accuracy:.0%}"
        text.append(tr("home.progress", read=len(prog.sections_read), total=prog.sections_total,
                       answered=prog.answered, accuracy=accuracy), style="dim")
        return text

    # --- actions ----------------------------------------------------------------------------

    @property
    def lesson_id(self) -> str | None:
        """The highlighted lesson's id (the first lesson when nothing is highlighted)."""
        lessons = self.query_one("#home-lessons", OptionList)
        if lessons.highlighted is not None:
            option = lessons.get_option_at_index(lessons.highlighted)
            if option.id:
                return option.id
        return next(iter(self.app.bank.lessons), None)

    def action_enter(self, name: str) -> None:
        """Open an entry; lesson screens get the highlighted lesson."""
        if name in ("reader", "glossary") and self.lesson_id is None:
            self.notify(self.app.tr("home.no_lessons"), severity="warning")
            return
        if name == "problems" and not self.app.problems:
            return
        self.app.open_screen(name, lesson_id=self.lesson_id)

    # Handlers go through run_action so that a failure becomes a notification.
    @on(OptionList.OptionSelected, "#home-lessons")
    async def _lesson_chosen(self) -> None:
        await self.run_action("enter('reader')")

    @on(OptionList.OptionSelected, "#home-entries")
    async def _entry_chosen(self, event: OptionList.OptionSelected) -> None:
        await self.run_action(f"enter({event.option.id!r})")

    async def on_click(self, event) -> None:
        if event.widget is not None and event.widget.id == "home-problems":
            await self.run_action("enter('problems')")
