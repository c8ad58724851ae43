"""The practice widgets: a stage of drills, the puzzle ladder, and the reader's progress page.

Thin controllers: the drills, the ladder and the progress file (:mod:`~hearts_lessons.practice.drills`,
:mod:`~hearts_lessons.practice.ladder`, :mod:`~hearts_lessons.practice.progress`) decide; the widgets show a
position, take an answer, and show the engine's words. Positions are drawn by :func:`position_widget` (the card
table where it can draw the picture, else the book's HTML renderers). Progress is saved after every drill and
every rated puzzle; nothing here shows a reader a traceback.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> w = StageDrills("breaking", path=path)
>>> w.drill.kind, w.index
('tick', 0)
>>> w.picker.select(w.drill.picture.state.legal_plays()); w.check_button.click()
>>> w.attempt.stars, "Right" in w.message.text, ProgressPage(path=path).stars_of("breaking")
(3, True, 3)
"""

from __future__ import annotations

import html
import random
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..cards import Card
from ..errors import IllegalActionError
from ..i18n import tr, tr_text
from ..widgets.common import CardPicker, MessageLine, card_button, number_box, number_refusal, read_number, safe
from ..widgets.quiz import answer_block
from .drills import PARTS, Attempt, Drill, Feedback, Picture, Stage, stage, stages
from .glicko2 import Rating
from .ladder import THEME_WORDS, THEMES, Puzzle, PuzzleSet, choose, interval_words, ladder_puzzles, rating_words
from .pictures import draw, table_model
from .progress import Progress

__all__ = ["ANSWER_STYLE", "PracticePart", "ProgressPage", "PuzzleLadder", "StageDrills", "played_model",
           "position_widget", "rating_html"]  # fmt: skip

STAR, NO_STAR = "★", "☆"


def _stars(count: int, of: int = 3) -> str:
    return STAR * count + NO_STAR * (of - count)


ANSWER_STYLE = """<style>
.hl-answer.jupyter-button { min-height: 40px; height: auto; padding: 6px 16px; margin: 3px 6px 3px 0;
  font-size: 15px; border-radius: 8px; border: 2px solid #5f6b7a; background: #ffffff; color: #1f2328;
  white-space: normal; line-height: 1.3; width: auto; max-width: 100%; }
.hl-answer.jupyter-button:hover { background: #eef3fb; }
.hl-answer.jupyter-button:focus-visible, .hl-answer.jupyter-button:focus { outline: 3px solid #0b57d0;
  outline-offset: 2px; }
.hl-answer.hl-answer--wrong.jupyter-button { border-color: #b00020; background: #fde8eb; color: #6b0012; }
.hl-answer.hl-answer--right.jupyter-button { border-color: #1b6e20; background: #dff3e4; color: #0b3d1a;
  font-weight: bold; }
.hl-check.jupyter-button { min-height: 40px; height: auto; padding: 6px 18px; font-size: 15px;
  border-radius: 8px; }
</style>"""
"""How answer buttons look: large, a clear focus ring for the keyboard, the chosen wrong answer red and the right
one green after answering (each also says so in its words: ✗ and ✓, for screen readers and colour-blind eyes)."""


def rating_html(rating: Rating, attempts: int) -> str:
    """A rating in words (``about 1440``) with its 95% interval on demand: a tooltip and a details box."""
    words = html.escape(rating_words(rating))
    detail = html.escape(interval_words(rating, attempts))
    sure = tr("how sure?")
    return (f"<b title='{detail}'>{words}</b> <details class='hl-rating-detail' style='display:inline-block;"
            f"vertical-align:top;font-size:13px'><summary style='cursor:pointer;color:#0b57d0'>{sure}</summary>"
            f"{detail}</details>")  # fmt: skip


def played_model(picture: Picture, code: str, *, solved: bool = False) -> dict[str, Any] | None:
    """The card table's view after the picture's seat plays ``code``: the engine plays it on a copy of the
    position (the card lands in the trick, a completed trick shows its winner). ``None`` when the picture is not
    a table, or the engine refuses the card (the feedback then says why). The rest of the hand stays clickable to
    try again, unless ``solved``."""
    from ..scoring import format_points
    from ..seats import seat_name
    from ..tableview import hearts_card, open_view, table_view

    state = picture.state
    if state is None or picture.haggis or picture.show != "table":
        return None
    seat = picture.seat if picture.seat is not None else state.to_play
    after = state.copy()
    try:
        after.play(code, seat)
    except (IllegalActionError, ValueError):
        return None
    names = [seat_name(s, after.players) for s in range(after.players)]
    view = (table_view(after, seat=seat, names=names, dealer=False) if picture.seat is not None
            else open_view(after, seat=seat, dealer=False))  # fmt: skip
    hand = view.get("hand") or {}
    hand["mode"] = "view" if solved else "choose"
    hand["cards"] = [hearts_card(c, playable=not solved, seat=seat) for c in after.hand(seat)]
    view["hand"] = hand
    view["pass"] = None
    taken = ", ".join(f"{seat_name(s, after.players)} {format_points(after.points_taken(s))}"
                      for s in range(after.players))  # fmt: skip
    played = Card.from_str(code)
    view["status"] = tr("{who} played the {card} · points taken: {taken}", who=seat_name(seat, after.players),
                        card=played.symbol, taken=taken)
    return view


def _table_actions(kind: str, solved: bool, controls: Any, next_label: str) -> list[dict[str, Any]]:
    """The buttons the app puts at the table: **Next** once solved; **Check** (with how many cards are chosen)
    while cards are being ticked for a ``tick`` or ``pass`` answer; none while a card is to be played."""
    if solved:
        return [{"id": "next", "label": next_label, "enabled": True, "kind": "primary"}]
    if kind in ("tick", "pass") and controls is not None and controls.picker is not None:
        chosen = len(controls.picker.selected)
        return [{"id": "check", "label": tr("Check ({n} chosen)", n=chosen), "enabled": kind == "tick" or chosen > 0,
                 "kind": "primary"}]  # fmt: skip
    return []


def position_widget(picture: Picture, on_card: Any = None) -> W.Widget:
    """The one place a drill's position is drawn: on the card table when it can draw the picture (a Hearts table
    or hand; a click on a card of the hand calls ``on_card(code)``), else as HTML."""
    model = table_model(picture)
    if model is not None:
        try:
            from ..widgets.cardtable import CardTable
        except Exception:  # the card table's front end is optional: fall back to the HTML picture
            CardTable = None  # type: ignore[assignment,misc]
        if CardTable is not None:
            table = CardTable(model, label=tr("The drill's position"))
            if on_card is not None:
                table.on_card(lambda code, seat: on_card(code))
            return table
    return W.HTML(draw(picture))


class _Answer(W.VBox):
    """The answer controls for one drill or puzzle: one button per option, a number box, or — for cards — the
    card table itself (``on_table``: a click plays or ticks the card; ticked cards are raised) or, where no table
    is drawn, card buttons and a card picker."""

    def __init__(self, kind: str, options: tuple[str, ...], labels: dict[str, str], pick: int,
                 submit: Any, *, on_table: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.kind = kind
        self.submit = submit
        self.labels = labels
        self.on_table = on_table
        self.check_button = W.Button(description=tr("Check", context="button"), button_style="primary",
                                     tooltip=tr("Check your answer"))
        self.check_button.add_class("hl-check")
        self.check_button.on_click(lambda _: self.submit(self.response()))
        self.buttons: dict[str, W.Button] = {}
        self.picker: CardPicker | None = None
        self.entry: W.Text | None = None
        self.chosen_line = W.HTML()
        if kind == "play":
            if on_table:
                self.children = []
            else:
                for code in options:
                    tip = tr("Play the {card}", card=labels.get(code, code))
                    button = card_button(Card.from_str(code), tooltip=tip)
                    button.on_click(lambda _, c=code: self.submit(c))
                    self.buttons[code] = button
                self.children = [W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap"))]
        elif kind in ("tick", "pass"):
            self.picker = CardPicker([Card.from_str(c) for c in options], limit=pick if kind == "pass" else None)
            if on_table:  # the table is the picker: the toggles keep the choice, hidden
                self.picker.layout.display = "none"
                self._chosen([])
            self.children = [self.picker, W.HBox([self.check_button, self.chosen_line],
                                                 layout=W.Layout(align_items="center"))]  # fmt: skip
        elif kind == "choice":
            for option in options:
                text = labels.get(option, option)
                button = W.Button(description=text, tooltip=tr("Answer: {answer}", answer=text),
                                  layout=W.Layout(width="auto", height="auto"))  # fmt: skip
                button.add_class("hl-answer")
                button.on_click(lambda _, o=option: self.submit(o))
                self.buttons[option] = button
            self.children = [W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap"))]
        else:
            self.entry = number_box()  # empty until the reader types: no number looks given
            self.children = [W.HBox([self.entry, self.check_button], layout=W.Layout(align_items="center"))]

    def _chosen(self, cards: list[Card]) -> None:
        shown = " ".join(c.symbol for c in cards) or tr("none yet (click cards of the hand)")
        self.chosen_line.value = ("<span style='font:14px sans-serif;margin-left:10px'>"
                                  + tr("Chosen: {cards}", cards=html.escape(shown)) + "</span>")  # fmt: skip

    def response(self) -> Any:
        if self.picker is not None:
            return [c.code for c in self.picker.selected]
        if self.entry is not None:
            return self.entry.value
        return None

    def card_clicked(self, code: str) -> None:
        """A card of the position was clicked: play it, or tick it (click again to untick)."""
        if self.kind == "play":
            self.submit(code)
        elif self.picker is not None:
            card = Card.from_str(code)
            if card in self.picker._toggles:
                toggle = self.picker.toggle_for(card)
                toggle.value = not toggle.value

    def mark(self, chosen: str | None, right: bool, answers: tuple[str, ...] = ()) -> None:
        """After an answer: the chosen option marked right (✓, green) or wrong (✗, red); ``answers`` (the right
        options, once the reader may see them) marked right too. Every other button goes back to plain."""
        if self.kind != "choice":
            return
        for option, button in self.buttons.items():
            text = self.labels.get(option, option)
            button.remove_class("hl-answer--right")
            button.remove_class("hl-answer--wrong")
            if option in answers or (option == chosen and right):
                button.add_class("hl-answer--right")
                button.description = f"✓ {text}"
                button.tooltip = tr("{answer}: the right answer", answer=text)
            elif option == chosen:
                button.add_class("hl-answer--wrong")
                button.description = f"✗ {text}"
                button.tooltip = tr("{answer}: your answer, not right", answer=text)
            else:
                button.description = text
                button.tooltip = tr("Answer: {answer}", answer=text)


class _TableVoice:
    """Where a drill or puzzle widget speaks: its message line, or in the app (``compact``) the card table, when
    there is one (the stages and the ladder share it)."""

    compact: bool
    message: MessageLine
    table: Any

    def _say(self, text: str, kind: str = "info") -> None:
        """Say it on the message line; in the app (``compact``) at the card table instead, when there is one."""
        self.message.show(text, kind)
        if self.compact and self.table is not None:
            self.table.show(text, kind)
        self.message.layout.display = "none" if self.compact and self.table is not None else ""

    @property
    def _out(self) -> Any:
        return self if self.compact and self.table is not None else self.message

    def show(self, text: str, kind: str = "info") -> None:
        """What a refusal or an unexpected error says (:func:`~hearts_lessons.widgets.common.safe`)."""
        self._say(text, kind)


class StageDrills(_TableVoice, W.VBox):
    """The drills of one stage, one after another: a position, a goal, instant feedback, stars; the next drill
    opens when one is solved, and the stars are saved in the progress file (``path``; default: the working
    folder's). ``compact`` (the practice app) leaves out the stage's one-line summary and the collapsed answer
    block that a static page needs."""

    def __init__(self, key: str | Stage, *, path: str | Path | None = None, progress: Progress | None = None,
                 start: int | None = None, compact: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.index: int = 0
        self.compact = compact
        self.stage = key if isinstance(key, Stage) else stage(key)
        if progress is None:
            progress, note = Progress.load(path)
        else:
            note = ""
        self.progress = progress
        self.header = W.HTML()
        self.position = W.Box(layout=W.Layout(flex_flow="column"))
        self.goal = W.HTML()
        self.answer_box = W.Box(layout=W.Layout(flex_flow="column"))
        self.message = MessageLine()
        self.more = W.HTML()
        self.reveal = W.HTML()
        self.table: Any = None
        self.previous_button = W.Button(description=tr("Previous drill"), icon="arrow-left")
        self.next_button = W.Button(description=tr("Next drill"), icon="arrow-right")
        if compact:  # the app: buttons as large as the answers
            self.previous_button.add_class("hl-check")
            self.next_button.add_class("hl-check")
        self.previous_button.on_click(lambda _: self._go(self.index - 1))
        self.next_button.on_click(lambda _: self._go(self.index + 1))
        nav = W.HBox([self.previous_button, self.next_button])
        if compact:  # the app: the goal above the table, the answer and the way on right under it
            self.children = [W.HTML(ANSWER_STYLE), self.header, self.goal, self.position, self.answer_box,
                             self.message, self.more, nav]  # fmt: skip
        else:
            self.children = [W.HTML(ANSWER_STYLE), self.header, self.position, self.goal, self.answer_box,
                             self.message, self.more, nav, self.reveal]  # fmt: skip
        self.add_class("hl-stage-drills")
        self.attempt: Attempt
        self.controls: _Answer
        done = self.progress.stars_for(self.stage.key)
        first_open = next((i for i in range(self.stage.count) if not done.get(self._id(i))), 0)
        self._go(first_open if start is None else start)
        if note and note not in (tr("No saved progress yet: a fresh start."), tr("Progress loaded.")):
            self.message.show(note, "info")
            self.message.layout.display = ""

    def _id(self, index: int) -> str:
        return f"{self.stage.key}-{index + 1}"

    @property
    def drill(self) -> Drill:
        return self.attempt.drill

    @property
    def picker(self) -> CardPicker:
        """The card picker of a ``tick`` or ``pass`` drill (for tests and scripts)."""
        assert self.controls.picker is not None, "this drill has no card picker"
        return self.controls.picker

    @property
    def check_button(self) -> W.Button:
        return self.controls.check_button

    def _header(self) -> None:
        stars = self.progress.stars_for(self.stage.key)
        cells = []
        for i in range(self.stage.count):
            got = stars.get(self._id(i), 0)
            style = ("font-weight:bold;" if i == self.index else "") + f"color:{'#7a5a00' if got else '#707070'}"
            tip = html.escape(tr("drill {n}: {got} of 3 stars", n=i + 1, got=got), quote=True)
            cells.append(f"<span title='{tip}' style='{style}'>"
                         f"{i + 1}{STAR if got else NO_STAR}</span>")  # fmt: skip
        row = " ".join(cells)
        total = sum(stars.values())
        title = "" if self.compact else (f"<b>{html.escape(tr_text(self.stage.title))}</b> — "
                                         f"{html.escape(tr_text(self.stage.teaches))}<br>")  # the app's bar names it
        label = html.escape(tr("stars per drill"), quote=True)
        count = tr("· {total} of {most} stars", total=total, most=3 * self.stage.count)
        self.header.value = (
            f"<div style='font:14px sans-serif'>{title}"
            f"<span aria-label='{label}'>{row}</span> "
            f"<span style='color:#555'>{count}</span></div>"
        )

    @safe(lambda self: self._out)
    def _go(self, index: int) -> None:
        self.index = index % self.stage.count
        drill = self.stage.drill(self.index)
        self.attempt = Attempt(drill)
        on_table = table_model(drill.picture) is not None
        self.controls = _Answer(drill.kind, drill.options, dict(drill.labels), drill.pick, self._submit,
                                on_table=on_table)  # fmt: skip
        widget = position_widget(drill.picture, self.controls.card_clicked)
        self.table = widget if on_table and type(widget).__name__ == "CardTable" else None
        if self.controls.picker is not None and self.table is not None:
            self.controls.picker.on_change = self._ticked
        if self.table is not None and self.compact:  # Check at the table: nothing to answer with below it
            self.table.on_action(self._action)
            self._draw(table_model(drill.picture))
        self.answer_box.layout.display = "none" if self.table is not None and self.compact else ""
        self.position.children = (widget,)
        self.goal.value = ("<div style='font:16px sans-serif;margin:6px 0'>"
                           + tr("<b>Drill {n} of {count}:</b> {goal}", n=self.index + 1, count=self.stage.count,
                                goal=html.escape(drill.goal)) + "</div>")  # fmt: skip
        self.answer_box.children = (self.controls,)
        self.more.value = ""
        self.next_button.button_style = ""
        self.reveal.value = "" if self.compact else answer_block(
            drill.answer_text, tr("{sentence}.", context="end of a sentence",
                                  sentence=drill.right[:1].upper() + drill.right[1:].rstrip(".。")))  # fmt: skip
        if drill.kind == "play":
            prompt = tr("Click a card of your hand.")
        elif drill.kind == "choice":
            prompt = tr("Choose an answer.")
        else:
            prompt = tr("Your answer?")
        if drill.kind in ("tick", "pass") and self.table is not None:
            prompt = tr("Click cards of the hand to choose them, then Check.")
        self._say(prompt, "info")
        self._header()

    def _draw(self, view: dict[str, Any] | None) -> None:
        """Put a view on the table; in the app (``compact``) with the drill's buttons at the table, beside the
        hand: **Check** while cards are being ticked, **Next drill** once it is solved."""
        if self.table is None or view is None:
            return
        if self.compact:
            view["actions"] = _table_actions(self.drill.kind, self.attempt.solved, self.controls, tr("Next drill →"))
        self.table.view = view

    def _selected(self) -> list[str]:
        return [c.code for c in self.controls.picker.selected] if self.controls.picker is not None else []

    def _action(self, action: str) -> None:
        if action == "check":
            self._submit(self.controls.response())
        elif action == "next":
            self._go(self.index + 1)

    def _ticked(self, cards: list[Card]) -> None:
        """A card was ticked or unticked: raise the chosen cards on the table."""
        self.controls._chosen(cards)
        self._draw(table_model(self.drill.picture, selected=tuple(c.code for c in cards)))

    @safe(lambda self: self._out)
    def _submit(self, response: Any) -> None:
        if response is None or (isinstance(response, list) and not response and self.drill.kind == "pass"):
            self._say(tr("Choose an answer first."), "info")
            return
        if self.drill.kind == "number":  # an empty box or words are refused, not counted as a try
            refusal = number_refusal(response)
            if refusal:
                self._say(refusal, "info")
                return
            response = read_number(response)
        was_solved = self.attempt.solved
        if self.drill.kind == "pass":  # the coach plays both passes in up to 2,000 deals: about a second
            self._say(tr("Playing your pass and the coach's in the same deals…"), "info")
        feedback = self.attempt.submit(response)
        if self.drill.kind == "play" and self.table is not None:  # the card goes to the trick, as in a game
            view = played_model(self.drill.picture, str(response), solved=self.attempt.solved)
            self._draw(view if view is not None else table_model(self.drill.picture))
        self._show(feedback, response)
        if feedback.right and not was_solved:
            self.progress.record_drill(self.stage.key, self.drill.id, feedback.stars)
            self._header()
        if self.compact and self.table is not None and self.drill.kind != "play":  # Check becomes Next drill
            self._draw(table_model(self.drill.picture, selected=tuple(self._selected())))

    def _show(self, feedback: Feedback, response: Any = None) -> None:
        shown = self.drill.answer if (feedback.right or feedback.answer or self.attempt.solved) else ()
        self.controls.mark(str(response) if response is not None else None, feedback.right, shown)
        if feedback.right:
            self._say(f"{feedback.text} {_stars(feedback.stars)}", "ok")
            last = self.index == self.stage.count - 1
            if last or not self.compact:  # the app's green Next drill says the rest
                self.more.value = ("<div style='font:13px sans-serif'>" + (tr("Stage complete! ") if last else
                                   tr("Next drill: click <b>Next drill</b>.")) + "</div>")  # fmt: skip
            self.next_button.button_style = "success"
            return
        self.next_button.button_style = ""
        self._say(feedback.text, "error")
        extra = []
        if feedback.hint:
            extra.append(tr("<b>Hint:</b> {hint}", hint=html.escape(feedback.hint)))
        if feedback.answer:
            extra.append(html.escape(feedback.answer))
        self.more.value = "<div style='font:13px sans-serif;color:#333'>" + "<br>".join(extra) + "</div>"


class PracticePart(W.VBox):
    """Every stage of a practice page (``basics``, ``strategy`` or ``haggis``), one tab each."""

    def __init__(self, part: str, *, path: str | Path | None = None) -> None:
        super().__init__()
        keys = PARTS[part]
        progress, _ = Progress.load(path)
        self.stages = [StageDrills(k, progress=progress) for k in keys[:1]]
        self.tabs = W.Tab(children=[*self.stages, *(W.VBox() for _ in keys[1:])])
        for i, k in enumerate(keys):
            self.tabs.set_title(i, tr_text(stage(k).title))
        self._keys = keys
        self._progress = progress
        self.tabs.observe(self._opened, names="selected_index")
        self.children = (self.tabs,)

    def _opened(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is None or index < len(self.stages):
            return
        while len(self.stages) <= index:  # a stage's drills are made when its tab is first opened
            self.stages.append(StageDrills(self._keys[len(self.stages)], progress=self._progress))
        children = list(self.tabs.children)
        children[: len(self.stages)] = self.stages
        self.tabs.children = children


class PuzzleLadder(_TableVoice, W.VBox):
    """Rated puzzles near the reader's rating, with a theme filter; each first answer is a rated game."""

    def __init__(self, *, puzzles: PuzzleSet | None = None, path: str | Path | None = None,
                 puzzle_file: str | Path | None = None, seed: int = 0, progress: Progress | None = None,
                 compact: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.progress = progress if progress is not None else Progress.load(path)[0]
        self.compact = compact
        self.rng = random.Random(seed)
        self.message = MessageLine()
        self.puzzles = puzzles if puzzles is not None else ladder_puzzles(puzzle_file)
        counts = self.puzzles.themes()
        self.theme = W.Dropdown(options=[(tr("every theme"), ""), *((f"{tr_text(THEME_WORDS[t])} ({counts[t]})", t)
                                for t in THEMES if counts[t])], value="", description=tr("Theme:"))  # fmt: skip
        self.theme.observe(lambda _: self._next(), names="value")
        self.rating_line = W.HTML()
        self.header = W.HTML()
        self.position = W.Box(layout=W.Layout(flex_flow="column"))
        self.answer_box = W.Box(layout=W.Layout(flex_flow="column"))
        self.more = W.HTML()
        self.reveal = W.HTML()
        self.next_button = W.Button(description=tr("Next puzzle"), icon="arrow-right")
        if compact:
            self.next_button.add_class("hl-check")
        self.next_button.on_click(lambda _: self._next())
        self.puzzle: Puzzle | None = None
        self.picture: Picture | None = None
        self.table: Any = None
        self.tries = 0
        self.solved = False
        self.controls: _Answer | None = None
        self.children = (W.HTML(ANSWER_STYLE), self.rating_line, self.theme, self.header, self.position,
                         self.answer_box, self.message, self.more, self.next_button, self.reveal)  # fmt: skip
        self.add_class("hl-puzzle-ladder")
        self._rating()
        self._next()

    def _rating(self) -> None:
        done = sum(bool(p.get("solved")) for p in self.progress.puzzles.values())
        attempts = self.progress.attempts.get("puzzles", 0)
        self.rating_line.value = (
            "<div style='font:14px sans-serif'>"
            + tr("Your puzzle rating: {rating} · {attempts} rated · {done} solved · {count} puzzles on the ladder",
                 rating=rating_html(self.progress.rating, attempts), attempts=attempts, done=done,
                 count=len(self.puzzles))
            + "</div>"
        )

    @safe(lambda self: self._out)
    def _next(self) -> None:
        themes = [self.theme.value] if self.theme.value else []
        self.puzzle = choose(self.puzzles.puzzles, self.progress.rating.rating, themes=themes,
                             done=self.progress.puzzles_done(), rng=self.rng)  # fmt: skip
        self.tries, self.solved, self.more.value, self.reveal.value = 0, False, "", ""
        self.next_button.button_style = ""
        if self.puzzle is None:
            self.header.value = f"<div style='font:14px sans-serif'>{html.escape(self.puzzles.note or '')}</div>"
            self.position.children, self.answer_box.children = (), ()
            self.table = None
            self._say(tr("No puzzle to serve yet.") if not self.puzzles.puzzles else
                      tr("No puzzle has this theme."), "info")  # fmt: skip
            return
        p = self.puzzle
        state = p.state()
        # the themes name the idea that solves it: they are the hint after a miss, not the header
        self.header.value = ("<div style='font:14px sans-serif'>"
                             + tr("<b>Puzzle {id}</b> · rated about {rating}", id=html.escape(p.id),
                                  rating=round(p.rating / 10) * 10)
                             + f"<br><span style='font-size:16px'>{html.escape(p.goal)}</span></div>")  # fmt: skip
        picture = Picture(state, p.seat, "hand" if p.kind == "pass" else "table")
        self.picture = picture
        hand = state.hand(p.seat)
        on_table = table_model(picture) is not None
        self.controls = _Answer("play" if p.kind == "play" else "pass", tuple(c.code for c in hand),
                                {c.code: c.symbol for c in hand}, len(p.answer), self._submit,
                                on_table=on_table)  # fmt: skip
        widget = position_widget(picture, self.controls.card_clicked)
        self.table = widget if on_table and type(widget).__name__ == "CardTable" else None
        if self.controls.picker is not None and self.table is not None:
            self.controls.picker.on_change = self._ticked
        if self.table is not None and self.compact:
            self.table.on_action(self._action)
            self._draw(table_model(picture))
        self.answer_box.layout.display = "none" if self.table is not None and self.compact else ""
        self.position.children = (widget,)
        self.answer_box.children = (self.controls,)
        if not self.compact:
            self.reveal.value = answer_block(" ".join(c.symbol for c in p.answer), p.explained)
        self._say(tr("Your move? Click a card of your hand.") if p.kind == "play" else
                  tr("Click the cards to pass, then Check."), "info")  # fmt: skip

    def _draw(self, view: dict[str, Any] | None) -> None:
        """Put a view on the table; in the app (``compact``) with **Check** for a pass and **Next puzzle** once
        solved, at the table."""
        if self.table is None or view is None:
            return
        if self.compact and self.puzzle is not None:
            kind = "play" if self.puzzle.kind == "play" else "pass"
            view["actions"] = _table_actions(kind, self.solved, self.controls, tr("Next puzzle →"))
        self.table.view = view

    def _action(self, action: str) -> None:
        if action == "check" and self.controls is not None:
            self._submit(self.controls.response())
        elif action == "next":
            self._next()

    def _ticked(self, cards: list[Card]) -> None:
        if self.controls is not None:
            self.controls._chosen(cards)
        if self.picture is not None:
            self._draw(table_model(self.picture, selected=tuple(c.code for c in cards)))

    @safe(lambda self: self._out)
    def _submit(self, response: Any) -> None:
        p = self.puzzle
        if p is None:
            return
        codes = [response] if isinstance(response, str) else list(response or [])
        state = p.state()
        if p.kind == "play":
            reason = state.why_not(codes[0], p.seat)
        elif len(codes) != len(p.answer):
            reason = tr("choose exactly {n} cards", n=len(p.answer))
        else:
            reason = next((r for r in (state.why_not_pass(p.seat, c) for c in codes) if r), None)
        if reason:  # an illegal answer is not a try: the rules say why
            self._say(tr("Not allowed: {reason}.", reason=reason), "error")
            if p.kind == "play" and self.picture is not None:
                self._draw(table_model(self.picture))
            return
        self.tries += 1
        right = p.is_right(codes)
        if right:
            self.solved = True
        if p.kind == "play" and self.picture is not None:  # the card goes to the trick
            view = played_model(self.picture, codes[0], solved=self.solved)
            self._draw(view if view is not None else table_model(self.picture))
        elif self.picture is not None and self.compact:  # a pass: Check becomes Next puzzle once solved
            self._draw(table_model(self.picture, selected=tuple(codes)))
        if self.tries == 1:
            self.progress.record_puzzle(p.id, p.rating, won=right)
            self._rating()
        else:
            self.progress.note_puzzle(p.id, tries=self.tries, solved=right)
        if right:
            self._say(tr("Right: {explanation}", explanation=p.explained), "ok")
            self.more.value = ""
            self.next_button.button_style = "success"
            return
        self._say(tr("Not this one. {feedback}", feedback=p.feedback(codes)), "error")
        themes = tr(", ", context="themes").join(tr_text(THEME_WORDS[t]) for t in p.themes)
        extra = [tr("<b>Hint:</b> think about {themes}.", themes=html.escape(themes))]
        if self.tries >= 2:
            answer = " ".join(c.symbol for c in p.answer)
            extra.append(tr("The answer: {answer}. {explanation}", answer=html.escape(answer),
                            explanation=html.escape(p.explained)))
        self.more.value = "<div style='font:13px sans-serif'>" + "<br>".join(extra) + "</div>"


class ProgressPage(W.VBox):
    """"Your progress": stars per stage, the puzzle rating with its interval, attempts; reload and reset."""

    def __init__(self, *, path: str | Path | None = None, progress: Progress | None = None) -> None:
        super().__init__()
        if progress is None:
            self.progress, note = Progress.load(path)
        else:
            self.progress, note = progress, ""
        self.table = W.HTML()
        self.message = MessageLine(note)
        self.reload_button = W.Button(description=tr("Reload"), icon="refresh",
                                      tooltip=tr("Read the progress file again"))
        self.reset_button = W.Button(description=tr("Reset my progress"), button_style="danger", icon="trash",
                                     layout=W.Layout(width="auto"))  # the whole label, never "Reset my progr…"
        self.confirm_button = W.Button(description=tr("Yes, forget everything"), button_style="danger",
                                       layout=W.Layout(width="auto"))
        self.cancel_button = W.Button(description=tr("Cancel"))
        self.confirm = W.HBox([W.HTML(tr("Reset every star, the rating and the attempts?")), self.confirm_button,
                               self.cancel_button], layout=W.Layout(display="none"))  # fmt: skip
        self.reload_button.on_click(lambda _: self._reload())
        self.reset_button.on_click(lambda _: self._ask())
        self.confirm_button.on_click(lambda _: self._reset())
        self.cancel_button.on_click(lambda _: self._cancel())
        self.children = (self.table, W.HBox([self.reload_button, self.reset_button]), self.confirm, self.message)
        self.add_class("hl-progress-page")
        self._draw()

    def stars_of(self, key: str) -> int:
        return self.progress.stage_stars(key)

    def _draw(self) -> None:
        rows = []
        for s in stages().values():
            got = self.progress.stars_for(s.key)
            stars = sum(got.values())
            label = html.escape(tr("{got} of {most} stars", got=stars, most=3 * s.count), quote=True)
            rows.append(f"<tr><td style='padding:2px 8px'>{html.escape(tr_text(s.title))}</td>"
                        f"<td style='padding:2px 8px;color:#b8860b' aria-label='{label}'>"
                        f"{STAR * round(5 * stars / (3 * s.count))}{NO_STAR * (5 - round(5 * stars / (3 * s.count)))}"
                        f"</td><td style='padding:2px 8px'>{tr('{got} of {most}', got=stars, most=3 * s.count)}</td>"
                        f"<td style='padding:2px 8px'>"
                        f"{tr('{got} of {most}', got=sum(1 for v in got.values() if v), most=s.count)}</td></tr>")
        attempts = self.progress.attempts
        solved = sum(bool(p.get("solved")) for p in self.progress.puzzles.values())
        self.table.value = (
            "<table class='hl-progress' style='border-collapse:collapse;font:13px sans-serif'>"
            f"<caption style='text-align:left;font-weight:bold'>{tr('Your progress')}</caption><thead><tr>"
            f"<th style='padding:2px 8px;text-align:left'>{tr('stage')}</th><th style='padding:2px 8px'></th>"
            f"<th style='padding:2px 8px'>{tr('stars')}</th><th style='padding:2px 8px'>{tr('drills done')}</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            "<div style='font:13px sans-serif;margin:8px 0'>"
            + tr("Puzzle rating: {rating} · rated puzzle attempts: {attempts} · puzzles solved: {solved} · drill "
                 "answers completed: {drills}", rating=rating_html(self.progress.rating, attempts.get("puzzles", 0)),
                 attempts=attempts.get("puzzles", 0), solved=solved, drills=attempts.get("drills", 0))
            + "</div>"
        )

    @safe(lambda self: self.message)
    def _reload(self) -> None:
        note = self.progress.reload()
        self._draw()
        self.message.show(note, "info")

    def _ask(self) -> None:
        self.confirm.layout.display = "flex"

    def _cancel(self) -> None:
        self.confirm.layout.display = "none"
        self.message.show(tr("Nothing was reset."), "info")

    @safe(lambda self: self.message)
    def _reset(self) -> None:
        self.progress.reset()
        self.confirm.layout.display = "none"
        self._draw()
        self.message.show(tr("Your progress was reset: a fresh start."), "ok")
