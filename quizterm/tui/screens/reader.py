"""ReaderScreen: the whole lesson page, part by part, remembering where the learner was."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Header, Label, SelectionList, Static

from quizterm.tui.progress import ask
from quizterm.tui.screens.base import LessonScreen
from quizterm.tui.widgets import lesson_parts as parts
from quizterm.tui.widgets.attention_view import AttentionView, DemoConfig, SteppedAttentionView
from quizterm.tui.widgets.checklist import Checklist
from quizterm.tui.widgets.flip_card import FlipCard
from quizterm.tui.widgets.footer import Footer
from quizterm.tui.widgets.lesson_header import LessonHeader
from quizterm.tui.widgets.quick_check import QuickCheck
from quizterm.tui.widgets.reveal_steps import RevealSteps
from quizterm.tui.widgets.think_prompt import ThinkPrompt

__all__ = ["ReaderScreen"]

SAVE_DELAY = 0.5  # seconds of stillness before the reading position is written


class ReaderBody(VerticalScroll):
    """The page's scroll area. Its focus changes re-style only itself, not the whole page.

    Textual re-applies the CSS to a widget and all its descendants when its focus changes; for
    the page that is every part of a long lesson, on every n/p that moves the focus between the
    page and a control. No rule styles the parts by the page's focus, so the page alone is enough.
    """

    def watch_has_focus(self, _has_focus: bool) -> None:
        self.app.stylesheet.update_nodes([self], animate=True)


class ReaderScreen(LessonScreen):
    """Read one lesson: ``n``/``p`` move between parts, arrows and the mouse scroll."""

    BINDINGS = [
        Binding("n", "move(1)", "bind.next_part", id="reader-next"),
        Binding("p", "move(-1)", "bind.prev_part", id="reader-prev"),
        Binding("t", "practice", "bind.practice", id="reader-practice"),
        Binding("g", "app.open('glossary')", "bind.glossary", show=False, id="reader-glossary"),
        Binding("space", "activate", "bind.activate", show=False, id="reader-activate"),
    ]

    def __init__(self, lesson_id: str | None = None) -> None:
        super().__init__(lesson_id)
        self.sections_read: set[str] = set()
        self.position: str | None = None
        self._restoring = True
        self._nav: str | None = None  # the part the last n/p landed on
        self._save_timer = None

    # --- composing the page ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        lesson = self.lesson
        with ReaderBody(id="reader-body"):
            if lesson is None:
                yield Static(Text(self.app.tr("home.no_lessons")))
            else:
                yield from self._page(lesson)
        yield Footer()

    def _part(self, name: str, heading: str | None, *children: Widget) -> Vertical:
        kids = ([Label(Text(heading), classes="part-title")] if heading else []) + list(children)
        return Vertical(*kids, id=f"part-{name}", classes="part")

    def _page(self, lesson) -> ComposeResult:
        tr, bank = self.app.tr, self.app.bank
        questions = bank.questions_for(lesson.id)
        yield self._part("header", None, LessonHeader(lesson, len(questions)))
        if lesson.glossary:
            cards = [FlipCard(term, id=f"card-{term.id}") for term in lesson.glossary]
            yield self._part("glossary", tr("reader.glossary"), Grid(*cards, id="reader-cards"))
        yield self._part("overview", tr("reader.overview"), Static(parts.Wrapped(Text(parts.prose(lesson.overview)))))
        checklist = Checklist(*[(Text(o.text), o.id) for o in lesson.objectives],
                              id="reader-objectives")
        yield self._part("objectives", tr("reader.objectives"), checklist)
        if lesson.scenario:
            sc = lesson.scenario
            kids: list[Widget] = [Static(Text(sc.title, style="bold")), Static(parts.Wrapped(Text(parts.prose(sc.story))))]
            if sc.think:
                kids.append(ThinkPrompt(sc.think, id="reader-think"))
            yield self._part("scenario", tr("reader.scenario"), *kids)
        if lesson.mapping:
            yield self._part("mapping", tr("reader.mapping"), Static(parts.mapping_table(tr, lesson.mapping)))
        if lesson.cues:
            yield self._part("cues", tr("reader.cues"), Static(parts.cues_table(tr, lesson.cues)))
        for n, section in enumerate(lesson.sections, 1):
            kids = [Static(parts.Wrapped(parts.section_text(n, section)))]
            if section.demo:
                view = SteppedAttentionView if section.demo.steps else AttentionView
                kids.append(view(DemoConfig.from_demo(section.demo), caption=section.demo.caption,
                                 classes="demo"))
            yield Vertical(*kids, id=f"sec-{section.id}", classes="part section")
        if lesson.worked_examples:
            yield self._part("examples", tr("reader.examples"),
                             *[RevealSteps(ex, id=f"example-{ex.id}") for ex in lesson.worked_examples])
        if lesson.pitfalls:
            yield self._part("pitfalls", tr("reader.pitfalls"), Static(parts.pitfalls_text(tr, lesson.pitfalls)))
        if lesson.quick_checks:
            yield self._part("checks", tr("reader.checks"),
                             *[QuickCheck(qc, id=f"check-{qc.id}") for qc in lesson.quick_checks])
        linked = [bank.questions[q] for q in lesson.questions if q in bank.questions]
        yield self._part("questions", tr("reader.questions"), Static(parts.Wrapped(parts.questions_text(tr, linked))),
                         Button(tr("reader.practice_button"), id="reader-practice-button"))
        if lesson.references:
            yield self._part("references", tr("reader.references"), Static(parts.Wrapped(parts.references_text(lesson.references))))

    # --- mounting and remembering -----------------------------------------------------------------

    def on_mount(self) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        self.lesson_id = lesson.id
        self.sub_title = lesson.title
        store = self.app.store
        reading = ask(store, lambda s: s.reading(lesson.id), None)
        if reading is not None:
            self.sections_read = set(reading.sections_read)
            self.position = reading.position
        done = ask(store, lambda s: s.get_setting(f"objectives:{lesson.id}", []), []) or []
        checklist = self.query_one("#reader-objectives", SelectionList)
        for oid in done if isinstance(done, list) else []:
            if oid in lesson.objective_ids():
                checklist.select(oid)
        body = self.query_one("#reader-body")
        self.watch(body, "scroll_y", self._scrolled, init=False)
        body.focus()
        self.call_after_refresh(self._restore)

    def _restore(self) -> None:
        if self.position:
            try:
                target = self.query_one(f"#{self.position}")
            except Exception:  # noqa: BLE001 - the lesson changed; start at the top
                target = None
            if target is not None:
                self.query_one("#reader-body").scroll_to_widget(target, top=True, animate=False,
                                                                immediate=True)
        self._restoring = False
        self.call_after_refresh(self._update_reading)

    def _scrolled(self, _old: float, _new: float) -> None:
        if not self._restoring:
            self._update_reading()

    def page_parts(self) -> list[Widget]:
        """Every part of the page, top to bottom."""
        return list(self.query(".part"))

    def _update_reading(self) -> None:
        """Note the part at the top and every section the learner got through; save changes.

        A section is read once the learner is past it (a later part is at the top), or it is at
        the top with its end on screen, or the page is scrolled to its end and the section's end
        is on screen. A section merely visible below the one being read does not count.
        """
        body = self.query_one("#reader-body")
        top, bottom = body.scroll_y, body.scroll_y + body.scrollable_content_region.height
        at_end = body.scroll_y >= body.max_scroll_y - 1
        page = self.page_parts()
        here = 0
        for i, part in enumerate(page):
            if part.virtual_region.y <= top + 1:
                here = i
        position = page[here].id if page else None
        read = set(self.sections_read)
        for i, part in enumerate(page):
            if "section" not in part.classes or not part.id:
                continue
            end_seen = part.virtual_region.bottom <= bottom + 1
            if i < here or (end_seen and (i == here or at_end)):
                read.add(part.id.removeprefix("sec-"))
        if position != self.position or read != self.sections_read:
            self.position, self.sections_read = position, read
            self._save_soon()

    def _save_soon(self) -> None:
        # One write when the learner pauses, not one per key press (a commit costs an fsync).
        if self._save_timer is not None:
            self._save_timer.stop()
        self._save_timer = self.set_timer(SAVE_DELAY, self._save)

    def _save(self) -> None:
        if self._save_timer is not None:
            self._save_timer.stop()
            self._save_timer = None
        if self.app.store is None or self.lesson is None:
            return
        try:
            self.app.store.save_reading(self.lesson.id, self.position, self.sections_read)
        except Exception as exc:  # noqa: BLE001 - a failed write is a notice, never an exit
            self.app.notify_error(exc)

    # --- actions --------------------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Jump to the next (1) or previous (-1) part and focus its first control."""
        page = self.page_parts()
        if not page:
            return
        ids = [p.id for p in page]
        here = ids.index(self.position) if self.position in ids else 0
        if self._nav in ids and self._visible(page[ids.index(self._nav)]):
            here = ids.index(self._nav)  # a short last part never reaches the top: trust the jump
        if step > 0 and "section" in page[here].classes and page[here].id:  # moved on: read
            self.sections_read = self.sections_read | {page[here].id.removeprefix("sec-")}
            self._save_soon()
        target = page[max(0, min(len(page) - 1, here + step))]
        body = self.query_one("#reader-body")
        body.scroll_to_widget(target, top=True, animate=False, immediate=True)
        focusable = [w for w in target.query("*") if w.focusable]
        (focusable[0] if focusable else body).focus(scroll_visible=False)
        self._nav = target.id
        self.call_after_refresh(self._update_reading)

    def action_activate(self) -> None:
        """Space with nothing focused: press it on the first control of the part in view.

        The hints say "space flips a card" and "space ticks"; without this the page scroll area
        has the focus when the reader opens and space did nothing.
        """
        body = self.query_one("#reader-body")
        page = self.page_parts()
        ids = [p.id for p in page]
        here = ids.index(self.position) if self.position in ids else 0
        if self._nav in ids and self._visible(page[ids.index(self._nav)]):
            here = ids.index(self._nav)
        for part in page[here:]:
            if not self._visible(part):
                break
            focusable = [w for w in part.query("*") if w.focusable]
            if focusable:
                focusable[0].focus(scroll_visible=False)
                self.app.simulate_key("space")  # now goes to that control (flip, tick, ...)
                return
        body.scroll_page_down(animate=False)  # only text in view: space pages on, as in a pager

    def _visible(self, part: Widget) -> bool:
        body = self.query_one("#reader-body")
        top, bottom = body.scroll_y, body.scroll_y + body.scrollable_content_region.height
        region = part.virtual_region
        return region.y < bottom and region.bottom > top

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "activate":  # only for the page itself: a control that ignores space keeps it
            return self.focused is None or self.focused.id == "reader-body"
        return True

    def action_practice(self) -> None:
        """Open practice on this lesson's questions (once practice exists)."""
        lesson = self.lesson
        if lesson is not None:
            self.app.open_screen("practice", lesson_id=lesson.id, question_ids=list(lesson.questions))

    @on(Button.Pressed, "#reader-practice-button")
    async def _practice_pressed(self) -> None:
        await self.run_action("practice")

    @on(SelectionList.SelectedChanged, "#reader-objectives")
    def _objectives_changed(self, event: SelectionList.SelectedChanged) -> None:
        if self.app.store is None or self.lesson is None:
            return
        try:
            self.app.store.set_setting(f"objectives:{self.lesson.id}", list(event.selection_list.selected))
        except Exception as exc:  # noqa: BLE001
            self.app.notify_error(exc)

    def on_unmount(self) -> None:
        if not self._restoring:
            self._save()
