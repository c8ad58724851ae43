"""Lesson 1's trick playground: the reader plays a card for every seat and sees who wins and why.

Every hand lies face up on the card table (:func:`hearts_lessons.tableview.open_view`); the cards of the player
to move are lifted, the others dimmed, and clicking a card that may not be played says why, at the table (the
engine's reason). The widget is a thin controller: the engine decides, the table draws.

>>> pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
>>> pg.click(0, "4D")
>>> pg.click(2, "3S")
>>> pg.message.text
"It is West's turn, not North's."
>>> pg.click(1, "QH")
>>> pg.click(2, "3S")
>>> pg.message.text
'you must follow ♦: you still hold diamonds'
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from ..cards import Card, parse_cards
from ..errors import IllegalActionError
from ..explain import explain_trick
from ..i18n import N_, tr, tr_text
from ..rules import STANDARD, Rules
from ..state import HandState, Phase, Trick
from ..table import seat_name
from ..tableview import open_view
from .cardtable import CardTable
from .common import safe

__all__ = ["TrickPlayground"]

START = N_("Click a card of the player to move.")
"""The playground's first words (in English: ``tr_text`` says them in the book's language)."""


@dataclass(frozen=True)
class _CardHandle:
    """A card of a seat's hand at the table, clickable from Python (what ``button_for`` returns)."""

    table: CardTable
    seat: int
    code: str

    def click(self) -> None:
        self.table.click(self.code, self.seat)


class TrickPlayground(W.VBox):
    """Play one trick at a time from a small deal, for every seat."""

    def __init__(self, state: HandState | None = None, *, seed: int = 1, cards_each: int = 5,
                 rules: Rules = STANDARD) -> None:  # fmt: skip
        super().__init__()
        self.rules = rules
        self.seed = seed
        self.cards_each = cards_each
        self.cards = CardTable(label=tr("Card table: the trick playground, every hand face up"), pace=0.8)
        self.message = self.cards  # the table's own message line (screen readers hear it)
        self.story = W.HTML()
        self.broken = W.Checkbox(value=False, description=tr("hearts already broken"), indent=False,
                                 layout=W.Layout(width="auto"))  # fmt: skip
        self.broken.observe(lambda _: self._new_deal(same=True), names="value")
        self.cards.on_card(self._card_clicked)
        self.cards.on_action(self._action)
        self._finished: Trick | None = None
        self.state = state if state is not None else self._deal()
        self.children = (self.cards, self.story, self.broken)
        self.add_class("hl-trick-playground")
        self.message.show(tr_text(START), "info")
        self._render()

    @classmethod
    def from_cards(cls, hands: str, *, leader: int = 0, hearts_broken: bool = True,
                   rules: Rules = STANDARD) -> TrickPlayground:  # fmt: skip
        """A playground over given hands (seats separated by ``;``), the last tricks of a hand with ``leader``
        to lead (as many tricks played before as the hands are short of a full deal)."""
        held = len(hands.split(";")[0].split())
        state = HandState.from_cards(hands, rules, hold=True, leader=leader, trick_number=rules.hand_size - held,
                                     hearts_broken=hearts_broken)  # fmt: skip
        return cls(state, rules=rules)

    # -- engine calls --------------------------------------------------------------------------------------
    def _deal(self) -> HandState:
        # a position that could have happened: a deal played to the last ``cards_each`` tricks, hearts broken
        # or not as the checkbox says
        return HandState.played_to(self.rules, cards_each=self.cards_each, seed=self.seed,
                                   hearts_broken=self.broken.value)  # fmt: skip

    def click(self, seat: int, card: Card | str) -> None:
        """Click a card of ``seat``'s hand, as the table does."""
        code = card.code if isinstance(card, Card) else parse_cards(card)[0].code
        self.cards.click(code, seat)

    def button_for(self, seat: int, card: Card | str) -> _CardHandle:
        """A card of a seat's hand with a ``click()`` (for tests written against the old buttons)."""
        code = card.code if isinstance(card, Card) else parse_cards(card)[0].code
        return _CardHandle(self.cards, seat, code)

    def _card_clicked(self, code: str, seat: int | None) -> None:
        card = parse_cards(code.partition("#")[0])[0]
        if seat is None:  # the table did not say whose card: find it
            seat = next((s for s in range(self.state.players) if card in self.state.hand(s)), self.state.to_play)
        self._click(seat, card)

    def _action(self, action: str) -> None:
        if action == "next":
            self._next()
        elif action == "undo":
            self._undo()
        elif action == "deal":
            self._new_deal()

    @safe(lambda self: self.message)
    def _new_deal(self, same: bool = False) -> None:
        if not same:
            self.seed += 1
        self.state = self._deal()
        self._finished = None
        self.message.show(tr("New cards. Click a card of the player to move."), "info")
        self._render()

    @safe(lambda self: self.message)
    def _click(self, seat: int, card: Card) -> None:
        state = self.state
        if state.phase is not Phase.PLAYING:
            self.message.show(tr("This deal is played out: press New deal."), "info")
            return
        if self._finished is not None:
            self._finished = None
        turn = state.to_play
        if seat != turn:
            raise IllegalActionError(tr("It is {turn}'s turn, not {seat}'s.", turn=seat_name(turn, state.players),
                                        seat=seat_name(seat, state.players)))  # fmt: skip
        trick = state.play(card, seat)  # raises with the reason if illegal
        if trick is not None:
            self._finished = trick
            self.message.show(tr("{winner} wins the trick.", winner=seat_name(trick.winner, state.players))
                              if trick.winner is not None else tr("Nobody wins this trick."), "ok")  # fmt: skip
        else:
            self.message.show(tr("{seat} played the {card}.", seat=seat_name(seat, state.players), card=card.symbol),
                              "info")
        self._render()

    @safe(lambda self: self.message)
    def _next(self) -> None:
        self._finished = None
        self.message.show(tr_text(START) if self.state.phase is Phase.PLAYING else
                          tr("All cards are played: press New deal."), "info")  # fmt: skip
        self._render()

    @safe(lambda self: self.message)
    def _undo(self) -> None:
        if not self.state.actions:
            raise IllegalActionError(tr("nothing to undo: no card has been played yet"))
        action = self.state.undo()
        self._finished = None
        self.message.show(tr("Took back the {card}.", card=action.cards[0].symbol) if action.cards else tr("Undone."),
                          "info")
        self._render()

    # -- view ----------------------------------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        """The table's model (what the front end draws)."""
        return dict(self.cards.view)

    def _render(self) -> None:
        state = self.state
        n = state.players
        actions: list[dict[str, Any]] = [
            {"id": "next", "label": tr("Next trick"), "kind": "primary" if self._finished else "default",
             "enabled": self._finished is not None},
            {"id": "undo", "label": tr("Undo"), "kind": "default", "enabled": bool(state.actions)},
            {"id": "deal", "label": tr("New deal"), "kind": "default", "enabled": True},
        ]  # fmt: skip
        # the playground's cards are set out, not dealt: no seat is the dealer
        view = open_view(state, seat=0, actions=actions, show_completed=self._finished is not None,
                         dealer=False)  # fmt: skip
        # the header and the middle of the table say the same words: both come from the model's seats and lead
        if view["lead"]:
            view["title"] = view["lead"]
        elif view["turn"] is not None:
            view["title"] = tr("{seat} plays", seat=view["seats"][view["turn"]]["name"])
        else:
            view["title"] = tr("All cards are played")
        if self._finished is None and not state.current_trick:
            view["trick"] = None
        elif self._finished is not None:
            view["trick"]["label"] = tr("The trick: {plays}", plays=_plays_of(view["trick"]["label"]))
        else:
            view["trick"]["label"] = tr("The trick so far: {plays}", plays=_plays_of(view["trick"]["label"]))
        played = n if self._finished is not None else len(state.current_trick)
        if state.hearts_broken:
            view["status"] = tr("{played} of {n} cards played to this trick · hearts are broken", played=played, n=n)
        else:
            view["status"] = tr("{played} of {n} cards played to this trick · hearts are not broken", played=played,
                                n=n)
        self.cards.view = view
        shown = self._finished
        if shown is not None:
            names = [seat["name"] for seat in view["seats"]]  # the explanation names the seats as the table does
            words = explain_trick(shown, n, name=lambda s, _n: names[s], last=state.phase is not Phase.PLAYING,
                                  state=state)
            self.story.value = (f'<p class="hl-trick-story" style="font:14px sans-serif;overflow-wrap:anywhere">'
                                f"{html.escape(words)}</p>")  # fmt: skip
        else:
            self.story.value = ""


def _plays_of(label: str) -> str:
    """The plays of a trick's label from the table's model ("Trick 1: West: Q♠, …" → "West: Q♠, …"), whichever
    colon the book's language writes."""
    cuts = [i for i in (label.find(": "), label.find("：")) if i >= 0]
    if not cuts:
        return label
    at = min(cuts)
    return label[at + (2 if label.startswith(": ", at) else 1):]
