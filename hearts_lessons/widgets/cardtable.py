"""The card table widget: one custom widget (anywidget) that draws a view model and sends clicks back.

Python holds the model (:mod:`hearts_lessons.tableview` builds it from the engine's state); the front end
(``cardtable.js`` and ``cardtable.css`` beside this file, shipped as package data) draws the oval table, the
seats, the trick and the hand, and sends custom messages:

- ``{"event": "card", "code": "QS", "seat": 0, "seq": "v1:3"}`` — a card was clicked, tapped or chosen with
  Enter (``seq`` numbers the click);
- ``{"event": "action", "id": "pass"}`` — a button of the table (``view["actions"]``) was pressed;
- ``{"event": "clear"}`` — Escape: clear a selection;
- ``{"event": "hello"}`` — a view was drawn.

and Python answers ``{"event": "ready"}`` to a hello (a kernel is listening) and ``{"event": "done", "seq": ...}``
once the handlers of a numbered click have run. With :attr:`CardTable.optimistic` set (a table whose click on a
playable card of the hand plays it, or chooses it for the pass), the front end draws such a click at once and
Python's next view confirms it; ``done`` with no new view undoes the guess (a refusal, said in the message). A
page without a kernel (the static book) never says ready, so it never guesses.

Handlers are registered with :meth:`CardTable.on_card`, :meth:`CardTable.on_action` and
:meth:`CardTable.on_clear`; tests call :meth:`CardTable.click`, :meth:`CardTable.press` and
:meth:`CardTable.escape`, which go through the same dispatcher as the front end's messages.

>>> from hearts_lessons.cards import parse_cards
>>> from hearts_lessons.tableview import hand_view
>>> table = CardTable(hand_view(parse_cards("2C QS")))
>>> got = []
>>> table.on_card(lambda code, seat: got.append(code))
>>> table.click("QS"); got
['QS']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..i18n import tr

__all__ = ["CardTable", "table_words"]

HERE = Path(__file__).parent

CardHandler = Callable[[str, int | None], None]
ActionHandler = Callable[[str], None]


def table_words() -> dict[str, str]:
    """The words the front end writes itself (its buttons, the seat plates' facts, screen readers' labels), in the
    book's language: ``cardtable.js`` writes none of its own and fills the ``{placeholders}`` left here.

    >>> table_words()["tricks_many"]
    '{n} tricks'
    """
    return {
        "last_trick": tr("Last trick"),
        "hide_last_trick": tr("Hide last trick"),
        "last_trick_took": tr("Last trick: {name} took it", name="{name}"),
        "trick_label": tr("Trick {number}: {words}", number="{number}", words="{words}"),
        "a_card": tr("a card"),
        "your_hand": tr("Your hand"),
        "hand_to_pass": tr("{hand} — choose cards to pass", hand="{hand}"),
        "bomb": tr("bomb", context="haggis tag"),
        "before": tr("before: {history}", history="{history}"),
        "tricks_one": tr("{n} trick", n="{n}"),
        "tricks_many": tr("{n} tricks", n="{n}"),
        "total": tr("total {total}", total="{total}"),
        "void": tr("void {suits}", suits="{suits}"),
        "took_none": tr("took none"),
        "you": tr("You", context="player"),
        "seat": tr("Seat {n}", n="{n}"),
        "dealer": tr("dealer"),
        "dealer_badge": tr("D", context="dealer badge"),
        "your_turn": tr("your turn"),
        "to_play": tr("to play"),
        "the_trick": tr("The trick"),
        "played_by": tr("{who}: {card}", who="{who}", card="{card}"),
        "counts_alone": tr("{name}: counts on its own", name="{name}"),
        "winning": tr("{play}, winning", play="{play}"),
        "your_lead": tr("Your lead"),
        "pass_cards": tr("Pass cards"),
        "pass_one": tr("Pass {n} card", n="{n}"),
        "pass_many": tr("Pass {n} cards", n="{n}"),
        "chosen": tr("{line}: {n} chosen", line="{line}", n="{n}"),
        "pass_line": tr("{count} {where}", context="pass line", count="{count}", where="{where}"),
        "card_table": tr("Card table"),
        "hearts_broken": tr("♥ broken"),
        "hearts_not_broken": tr("♥ not broken"),
    }  # fmt: skip


class CardTable(anywidget.AnyWidget):
    """A card table drawn from a view model (see :mod:`hearts_lessons.tableview`).

    Traits: ``view`` (the model), ``message`` and ``message_kind`` (``ok``, ``info``, ``error``: a line spoken by
    screen readers, shown at the table beside the hand), ``large`` (large cards for projectors),
    ``show_last`` (the last trick opened), ``pace`` (seconds the front end lets a finished trick stay before it
    slides to its winner), ``optimistic`` (draw a click on a playable card of the hand before Python answers: the
    card goes to the trick in ``play`` mode, is lifted or put back in ``pass`` mode; only for a table whose
    handler does exactly that), ``fit`` (the table fills the window's height below its own top edge and never
    needs scrolling: its cards, seat plates and oval shrink, or with ``large`` grow, until it fits).

    With ``fit``, the front end measures the table's top edge when it draws and when the window (or what sits
    above the table) changes size, and keeps free below it the CSS length ``--hl-fit-reserve`` (set on any
    ancestor, e.g. ``--hl-fit-reserve: 48px`` for a bar of buttons under the table; default ``0px``). A table
    further down a page than half a window fits a window of its own. The drawn table carries the classes
    ``hl-ct--fit`` and, if even its smallest size does not fit, ``is-overfull`` (the page then scrolls); its
    ``data-scale`` says the scale it chose. Without ``fit`` the table is as tall as its content (a lesson page).

    >>> CardTable(fit=True).fit, CardTable().fit
    (True, False)
    """

    _esm = HERE / "cardtable.js"
    _css = HERE / "cardtable.css"

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    show_last = traitlets.Bool(False).tag(sync=True)
    pace = traitlets.Float(0.6).tag(sync=True)
    label = traitlets.Unicode("Card table").tag(sync=True)
    optimistic = traitlets.Bool(False).tag(sync=True)
    fit = traitlets.Bool(False).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    """The words the front end writes itself, in the book's language (:func:`table_words`)."""

    def __init__(self, view: dict[str, Any] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label", tr("Card table"))
        kwargs.setdefault("words", table_words())
        super().__init__(view=view or {}, **kwargs)
        self.add_class("hl-cardtable-widget")
        self._card_handlers: list[CardHandler] = []
        self._action_handlers: list[ActionHandler] = []
        self._clear_handlers: list[Callable[[], None]] = []
        self.on_msg(self._on_front_end)

    def relabel(self) -> None:
        """Say the front end's own words again in the book's language (after a change of language)."""
        self.words = table_words()

    # -- handlers ------------------------------------------------------------------------------------------
    def on_card(self, callback: CardHandler) -> None:
        """Call ``callback(code, seat)`` when a card is clicked (``seat``: whose card, ``None`` if not said)."""
        self._card_handlers.append(callback)

    def on_action(self, callback: ActionHandler) -> None:
        """Call ``callback(action_id)`` when one of the table's buttons (``view["actions"]``) is pressed."""
        self._action_handlers.append(callback)

    def on_clear(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the reader presses Escape at the table."""
        self._clear_handlers.append(callback)

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "hello":
            self.send({"event": "ready"})
        elif event == "card" and isinstance(content.get("code"), str):
            seat = content.get("seat")
            seq = content.get("seq")
            try:
                for card_handler in list(self._card_handlers):
                    card_handler(content["code"], seat if isinstance(seat, int) else None)
            finally:  # the front end's guess for this click ends here, whatever the handlers did
                if isinstance(seq, str | int):
                    self.send({"event": "done", "seq": seq})
        elif event == "action" and isinstance(content.get("id"), str):
            for action_handler in list(self._action_handlers):
                action_handler(content["id"])
        elif event == "clear":
            for clear_handler in list(self._clear_handlers):
                clear_handler()

    # -- what a test (or a script) does instead of the front end --------------------------------------------
    def click(self, code: str, seat: int | None = None) -> None:
        """Click a card, as the front end's message does."""
        content: dict[str, Any] = {"event": "card", "code": code}
        if seat is not None:
            content["seat"] = seat
        self._on_front_end(self, content, [])

    def press(self, action: str) -> None:
        """Press one of the table's buttons by its id."""
        self._on_front_end(self, {"event": "action", "id": action}, [])

    def escape(self) -> None:
        """Press Escape at the table."""
        self._on_front_end(self, {"event": "clear"}, [])

    # -- the message line (the same interface as :class:`~hearts_lessons.widgets.common.MessageLine`) -------
    def show(self, text: str, kind: str = "info") -> None:
        """Say something at the table: ``ok``, ``info`` or ``error`` (a refusal, shown beside the hand)."""
        with self.hold_sync():
            self.message = text
            self.message_kind = kind

    @property
    def text(self) -> str:
        return str(self.message)

    @property
    def kind(self) -> str:
        return str(self.message_kind)

    # -- reading the model (for tests and for controllers) ---------------------------------------------------
    def cards(self) -> list[dict[str, Any]]:
        """The cards of the hand at the bottom, as the model has them."""
        hand = self.view.get("hand") or {}
        return list(hand.get("cards") or [])

    def card(self, code: str) -> dict[str, Any]:
        """The model's entry for a card of the hand (``KeyError`` if the hand has no such card)."""
        for entry in self.cards():
            if entry["code"] == code:
                return entry
        raise KeyError(code)

    def action(self, action: str) -> dict[str, Any] | None:
        """The table button with this id, or ``None``."""
        return next((a for a in self.view.get("actions") or [] if a.get("id") == action), None)
