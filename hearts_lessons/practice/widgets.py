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
from ..widgets.common import CardPicker, MessageLine, card_button, safe
from ..widgets.quiz import answer_block
from .drills import PARTS, Attempt, Drill, Feedback, Picture, Stage, stage, stages
from .ladder import THEME_WORDS, THEMES, Puzzle, PuzzleSet, choose, ladder_puzzles
from .pictures import draw, table_model
from .progress import Progress

__all__ = ["PracticePart", "ProgressPage", "PuzzleLadder", "StageDrills", "position_widget"]

STAR, NO_STAR = "★", "☆"


def _stars(count: int, of: int = 3) -> str:
    return STAR * count + NO_STAR * (of - count)


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
            table = CardTable(model, label="The drill's position")
            if on_card is not None:
                table.on_card(lambda code, seat: on_card(code))
            return table
    return W.HTML(draw(picture))


class _Answer(W.VBox):
    """The answer controls for one drill or puzzle: card buttons, a card picker, options or a number box."""

    def __init__(self, kind: str, options: tuple[str, ...], labels: dict[str, str], pick: int,
                 submit: Any) -> None:  # fmt: skip
        super().__init__()
        self.kind = kind
        self.submit = submit
        self.check_button = W.Button(description="Check", button_style="primary", tooltip="Check your answer")
        self.check_button.on_click(lambda _: self.submit(self.response()))
        self.buttons: dict[str, W.Button] = {}
        self.picker: CardPicker | None = None
        self.choices: W.RadioButtons | None = None
        self.entry: W.FloatText | None = None
        if kind == "play":
            for code in options:
                button = card_button(Card.from_str(code), tooltip=f"Play the {labels.get(code, code)}")
                button.on_click(lambda _, c=code: self.submit(c))
                self.buttons[code] = button
            self.children = [W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap"))]
        elif kind in ("tick", "pass"):
            self.picker = CardPicker([Card.from_str(c) for c in options], limit=pick if kind == "pass" else None)
            self.children = [self.picker, self.check_button]
        elif kind == "choice":
            self.choices = W.RadioButtons(options=[(labels.get(o, o), o) for o in options], value=None,
                                          layout=W.Layout(width="auto"))  # fmt: skip
            self.children = [self.choices, self.check_button]
        else:
            self.entry = W.FloatText(value=None, description="Answer:", layout=W.Layout(width="220px"))
            self.children = [self.entry, self.check_button]

    def response(self) -> Any:
        if self.picker is not None:
            return [c.code for c in self.picker.selected]
        if self.choices is not None:
            return self.choices.value
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


class StageDrills(W.VBox):
    """The drills of one stage, one after another: a position, a goal, instant feedback, stars; the next drill
    opens when one is solved, and the stars are saved in the progress file (``path``; default: the working
    folder's)."""

    def __init__(self, key: str | Stage, *, path: str | Path | None = None, progress: Progress | None = None,
                 start: int | None = None) -> None:  # fmt: skip
        super().__init__()
        self.index: int = 0
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
        self.previous_button = W.Button(description="Previous drill", icon="arrow-left")
        self.next_button = W.Button(description="Next drill", icon="arrow-right")
        self.previous_button.on_click(lambda _: self._go(self.index - 1))
        self.next_button.on_click(lambda _: self._go(self.index + 1))
        self.children = (self.header, self.position, self.goal, self.answer_box, self.message, self.more,
                         W.HBox([self.previous_button, self.next_button]), self.reveal)  # fmt: skip
        self.add_class("hl-stage-drills")
        self.attempt: Attempt
        self.controls: _Answer
        done = self.progress.stars_for(self.stage.key)
        first_open = next((i for i in range(self.stage.count) if not done.get(self._id(i))), 0)
        self._go(first_open if start is None else start)
        if note and note != "No saved progress yet: a fresh start." and note != "Progress loaded.":
            self.message.show(note, "info")

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
            cells.append(f"<span title='drill {i + 1}: {got} of 3 stars' style='{style}'>"
                         f"{i + 1}{STAR if got else NO_STAR}</span>")  # fmt: skip
        row = " ".join(cells)
        total = sum(stars.values())
        self.header.value = (
            f"<div style='font:14px sans-serif'><b>{html.escape(self.stage.title)}</b> — "
            f"{html.escape(self.stage.teaches)}<br><span aria-label='stars per drill'>{row}</span> "
            f"<span style='color:#555'>· {total} of {3 * self.stage.count} stars</span></div>"
        )

    @safe(lambda self: self.message)
    def _go(self, index: int) -> None:
        self.index = index % self.stage.count
        drill = self.stage.drill(self.index)
        self.attempt = Attempt(drill)
        self.controls = _Answer(drill.kind, drill.options, dict(drill.labels), drill.pick, self._submit)
        self.position.children = (position_widget(drill.picture, self.controls.card_clicked),)
        self.goal.value = (f"<div style='font:15px sans-serif;margin:6px 0'><b>Drill {self.index + 1} of "
                           f"{self.stage.count}:</b> {html.escape(drill.goal)}</div>")  # fmt: skip
        self.answer_box.children = (self.controls,)
        self.more.value = ""
        self.reveal.value = answer_block(drill.answer_text, drill.right[:1].upper() + drill.right[1:].rstrip(".") + ".")
        self.message.show("Your answer?" if drill.kind != "play" else "Click a card.", "info")
        self._header()

    @safe(lambda self: self.message)
    def _submit(self, response: Any) -> None:
        if response is None or (isinstance(response, list) and not response and self.drill.kind == "pass"):
            self.message.show("Choose an answer first.", "info")
            return
        was_solved = self.attempt.solved
        if self.drill.kind == "pass":  # the coach plays both passes in up to 2,000 deals: about a second
            self.message.show("Playing your pass and the coach's in the same deals…", "info")
        feedback = self.attempt.submit(response)
        self._show(feedback)
        if feedback.right and not was_solved:
            self.progress.record_drill(self.stage.key, self.drill.id, feedback.stars)
            self._header()

    def _show(self, feedback: Feedback) -> None:
        if feedback.right:
            self.message.show(f"{feedback.text} {_stars(feedback.stars)}", "ok")
            last = self.index == self.stage.count - 1
            self.more.value = ("<div style='font:13px sans-serif'>" + ("Stage complete! " if last else
                               "Next drill: click <b>Next drill</b>.") + "</div>")  # fmt: skip
            self.next_button.button_style = "success"
            return
        self.next_button.button_style = ""
        self.message.show(feedback.text, "error")
        extra = []
        if feedback.hint:
            extra.append(f"<b>Hint:</b> {html.escape(feedback.hint)}")
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
            self.tabs.set_title(i, stage(k).title)
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


class PuzzleLadder(W.VBox):
    """Rated puzzles near the reader's rating, with a theme filter; each first answer is a rated game."""

    def __init__(self, *, puzzles: PuzzleSet | None = None, path: str | Path | None = None,
                 puzzle_file: str | Path | None = None, seed: int = 0) -> None:  # fmt: skip
        super().__init__()
        self.progress, _ = Progress.load(path)
        self.rng = random.Random(seed)
        self.message = MessageLine()
        self.puzzles = puzzles if puzzles is not None else ladder_puzzles(puzzle_file)
        counts = self.puzzles.themes()
        self.theme = W.Dropdown(options=[("every theme", ""), *((f"{THEME_WORDS[t]} ({counts[t]})", t)
                                for t in THEMES if counts[t])], value="", description="Theme:")  # fmt: skip
        self.theme.observe(lambda _: self._next(), names="value")
        self.rating_line = W.HTML()
        self.header = W.HTML()
        self.position = W.Box(layout=W.Layout(flex_flow="column"))
        self.answer_box = W.Box(layout=W.Layout(flex_flow="column"))
        self.more = W.HTML()
        self.reveal = W.HTML()
        self.next_button = W.Button(description="Next puzzle", icon="arrow-right")
        self.next_button.on_click(lambda _: self._next())
        self.puzzle: Puzzle | None = None
        self.tries = 0
        self.solved = False
        self.controls: _Answer | None = None
        self.children = (self.rating_line, self.theme, self.header, self.position, self.answer_box, self.message,
                         self.more, self.next_button, self.reveal)  # fmt: skip
        self.add_class("hl-puzzle-ladder")
        self._rating()
        self._next()

    def _rating(self) -> None:
        r = self.progress.rating
        low, high = r.interval
        done = sum(bool(p.get("solved")) for p in self.progress.puzzles.values())
        self.rating_line.value = (
            f"<div style='font:14px sans-serif'>Your puzzle rating: <b>{r.rating:.0f}</b> "
            f"(95% interval {max(0, low):.0f}–{high:.0f}) · {self.progress.attempts.get('puzzles', 0)} rated "
            f"attempts · {done} solved · the ladder has {len(self.puzzles)} puzzles</div>"
        )

    @safe(lambda self: self.message)
    def _next(self) -> None:
        themes = [self.theme.value] if self.theme.value else []
        self.puzzle = choose(self.puzzles.puzzles, self.progress.rating.rating, themes=themes,
                             done=self.progress.puzzles_done(), rng=self.rng)  # fmt: skip
        self.tries, self.solved, self.more.value, self.reveal.value = 0, False, "", ""
        if self.puzzle is None:
            self.header.value = f"<div style='font:14px sans-serif'>{html.escape(self.puzzles.note or '')}</div>"
            self.position.children, self.answer_box.children = (), ()
            self.message.show("No puzzle to serve yet." if not self.puzzles.puzzles else
                              "No puzzle has this theme.", "info")  # fmt: skip
            return
        p = self.puzzle
        state = p.state()
        themes_text = ", ".join(THEME_WORDS[t] for t in p.themes)
        self.header.value = (f"<div style='font:14px sans-serif'><b>Puzzle {html.escape(p.id)}</b> · rated "
                             f"{p.rating} · {html.escape(themes_text)}<br>{html.escape(p.goal)}</div>")  # fmt: skip
        picture = Picture(state, p.seat, "hand" if p.kind == "pass" else "table")
        hand = state.hand(p.seat)
        self.controls = _Answer("play" if p.kind == "play" else "pass", tuple(c.code for c in hand),
                                {c.code: c.symbol for c in hand}, len(p.answer), self._submit)  # fmt: skip
        self.position.children = (position_widget(picture, self.controls.card_clicked),)
        self.answer_box.children = (self.controls,)
        self.reveal.value = answer_block(" ".join(c.symbol for c in p.answer), p.explanation)
        self.message.show("Your move?", "info")

    @safe(lambda self: self.message)
    def _submit(self, response: Any) -> None:
        p = self.puzzle
        if p is None:
            return
        codes = [response] if isinstance(response, str) else list(response or [])
        state = p.state()
        if p.kind == "play":
            reason = state.why_not(codes[0], p.seat)
        elif len(codes) != len(p.answer):
            reason = f"choose exactly {len(p.answer)} cards"
        else:
            reason = next((r for r in (state.why_not_pass(p.seat, c) for c in codes) if r), None)
        if reason:  # an illegal answer is not a try: the rules say why
            self.message.show(f"Not allowed: {reason}.", "error")
            return
        self.tries += 1
        right = p.is_right(codes)
        if self.tries == 1:
            self.progress.record_puzzle(p.id, p.rating, won=right)
            self._rating()
        else:
            self.progress.note_puzzle(p.id, tries=self.tries, solved=right)
        if right:
            self.solved = True
            self.message.show(f"Right: {p.explanation}", "ok")
            self.more.value = ""
            return
        self.message.show(f"Not this one. {p.feedback(codes)}", "error")
        extra = [f"<b>Hint:</b> think about {html.escape(', '.join(THEME_WORDS[t] for t in p.themes))}."]
        if self.tries >= 2:
            answer = " ".join(c.symbol for c in p.answer)
            extra.append(f"The answer: {html.escape(answer)}. {html.escape(p.explanation)}")
        self.more.value = "<div style='font:13px sans-serif'>" + "<br>".join(extra) + "</div>"


class ProgressPage(W.VBox):
    """"Your progress": stars per stage, the puzzle rating with its interval, attempts; reload and reset."""

    def __init__(self, *, path: str | Path | None = None) -> None:
        super().__init__()
        self.progress, note = Progress.load(path)
        self.table = W.HTML()
        self.message = MessageLine(note)
        self.reload_button = W.Button(description="Reload", icon="refresh", tooltip="Read the progress file again")
        self.reset_button = W.Button(description="Reset my progress", button_style="danger", icon="trash")
        self.confirm_button = W.Button(description="Yes, forget everything", button_style="danger")
        self.cancel_button = W.Button(description="Cancel")
        self.confirm = W.HBox([W.HTML("Reset every star, the rating and the attempts?"), self.confirm_button,
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
            rows.append(f"<tr><td style='padding:2px 8px'>{html.escape(s.title)}</td>"
                        f"<td style='padding:2px 8px;color:#b8860b' aria-label='{stars} of {3 * s.count} stars'>"
                        f"{STAR * round(5 * stars / (3 * s.count))}{NO_STAR * (5 - round(5 * stars / (3 * s.count)))}"
                        f"</td><td style='padding:2px 8px'>{stars} of {3 * s.count}</td>"
                        f"<td style='padding:2px 8px'>{sum(1 for v in got.values() if v)} of {s.count}</td></tr>")
        r = self.progress.rating
        low, high = r.interval
        attempts = self.progress.attempts
        solved = sum(bool(p.get("solved")) for p in self.progress.puzzles.values())
        self.table.value = (
            "<table class='hl-progress' style='border-collapse:collapse;font:13px sans-serif'>"
            "<caption style='text-align:left;font-weight:bold'>Your progress</caption><thead><tr>"
            "<th style='padding:2px 8px;text-align:left'>stage</th><th style='padding:2px 8px'></th>"
            "<th style='padding:2px 8px'>stars</th><th style='padding:2px 8px'>drills done</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<p style='font:13px sans-serif'>Puzzle rating: <b>{r.rating:.0f}</b> (95% interval "
            f"{max(0, low):.0f}–{high:.0f}) · rated puzzle attempts: {attempts.get('puzzles', 0)} · puzzles solved: "
            f"{solved} · drill answers completed: {attempts.get('drills', 0)}</p>"
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
        self.message.show("Nothing was reset.", "info")

    @safe(lambda self: self.message)
    def _reset(self) -> None:
        self.progress.reset()
        self.confirm.layout.display = "none"
        self._draw()
        self.message.show("Your progress was reset: a fresh start.", "ok")
