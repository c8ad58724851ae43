"""Lesson 1's trick playground: the reader plays a card for every seat and sees who wins and why.

Every card the player to move may not play is greyed, and clicking it says why (the engine's reason).

>>> pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
>>> pg.button_for(0, "4D").click()
>>> pg.button_for(2, "3S").click()
>>> pg.message.text
"It is West's turn, not North's."
>>> pg.button_for(1, "QH").click()
>>> pg.button_for(2, "3S").click()
>>> pg.message.text
'you must follow ♦: you still hold diamonds'
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as W

from ..cards import Card, parse_cards
from ..explain import explain_trick
from ..rules import STANDARD, Rules
from ..state import HandState, Phase
from ..table import seat_name, trick_html
from .common import MessageLine, card_button, safe

__all__ = ["TrickPlayground"]


class TrickPlayground(W.VBox):
    """Play one trick at a time from a small deal, for every seat."""

    def __init__(self, state: HandState | None = None, *, seed: int = 1, cards_each: int = 5,
                 rules: Rules = STANDARD) -> None:  # fmt: skip
        super().__init__()
        self.rules = rules
        self.seed = seed
        self.cards_each = cards_each
        self.message = MessageLine("Click a card of the player to move.")
        self.header = W.HTML()
        self.seats_box = W.VBox()
        self.trick_view = W.HTML()
        self.story = W.HTML()
        self.why_box = W.HTML()
        self.broken = W.Checkbox(value=False, description="hearts already broken", indent=False)
        self.next_button = W.Button(description="Next trick", tooltip="Clear the table")
        self.deal_button = W.Button(description="New deal", tooltip="Deal new cards")
        self.undo_button = W.Button(description="Undo", tooltip="Take back the last card")
        self.next_button.on_click(lambda _: self._next())
        self.deal_button.on_click(lambda _: self._new_deal())
        self.undo_button.on_click(lambda _: self._undo())
        self.broken.observe(lambda _: self._new_deal(same=True), names="value")
        self._buttons: dict[tuple[int, Card], W.Button] = {}
        self._finished: Any = None
        self.state = state if state is not None else self._deal()
        self.children = (
            self.header,
            self.seats_box,
            W.HBox([self.trick_view], layout=W.Layout(min_height="120px")),
            self.story,
            self.message,
            self.why_box,
            W.HBox([self.next_button, self.undo_button, self.deal_button, self.broken]),
        )
        self.add_class("hl-trick-playground")
        self._render()

    @classmethod
    def from_cards(cls, hands: str, *, leader: int = 0, hearts_broken: bool = True,
                   rules: Rules = STANDARD) -> TrickPlayground:  # fmt: skip
        """A playground over given hands (seats separated by ``;``), starting mid-hand with ``leader`` to lead."""
        state = HandState.from_cards(hands, rules, hold=True, leader=leader, trick_number=1,
                                     hearts_broken=hearts_broken)  # fmt: skip
        return cls(state, rules=rules)

    # -- engine calls --------------------------------------------------------------------------------------
    def _deal(self) -> HandState:
        rng = random.Random(self.seed)
        deck = list(self.rules.deck)
        rng.shuffle(deck)
        n = self.rules.players
        hands = [deck[i * self.cards_each : (i + 1) * self.cards_each] for i in range(n)]
        return HandState.from_cards(hands, self.rules, hold=True, leader=rng.randrange(n), trick_number=1,
                                    hearts_broken=self.broken.value)  # fmt: skip

    @safe(lambda self: self.message)
    def _new_deal(self, same: bool = False) -> None:
        if not same:
            self.seed += 1
        self.state = self._deal()
        self._finished = None
        self.message.show("New cards. Click a card of the player to move.")
        self._render()

    @safe(lambda self: self.message)
    def _click(self, seat: int, card: Card) -> None:
        state = self.state
        if state.phase is not Phase.PLAYING:
            self.message.show("This deal is played out: press New deal.", "info")
            return
        if self._finished is not None:
            self._next()
        turn = state.to_play
        if seat != turn:
            self.message.show(f"It is {seat_name(turn, state.players)}'s turn, not {seat_name(seat, state.players)}'s.",
                              "error")  # fmt: skip
            return
        trick = state.play(card, seat)  # raises with the reason if illegal
        if trick is not None:
            self._finished = trick
            self.message.show(f"{seat_name(trick.winner, state.players)} wins the trick." if trick.winner is not None
                              else "Nobody wins this trick.", "ok")  # fmt: skip
        else:
            self.message.show(f"{seat_name(seat, state.players)} played the {card.symbol}.", "info")
        self._render()

    @safe(lambda self: self.message)
    def _next(self) -> None:
        self._finished = None
        self._render()

    @safe(lambda self: self.message)
    def _undo(self) -> None:
        action = self.state.undo()
        self._finished = None
        self.message.show(f"Took back the {action.cards[0].symbol}." if action.cards else "Undone.", "info")
        self._render()

    # -- view ----------------------------------------------------------------------------------------------
    def button_for(self, seat: int, card: Card | str) -> W.Button:
        """The button of a card in a seat's hand (for tests and keyboard users)."""
        c = card if isinstance(card, Card) else parse_cards(card)[0]
        return self._buttons[(seat, c)]

    def _render(self) -> None:
        state = self.state
        n = state.players
        turn = state.to_play
        rows = []
        self._buttons = {}
        reasons: list[str] = []
        for seat in range(n):
            buttons = []
            for card in state.hand(seat):
                reason = state.why_not(card) if seat == turn else None
                button = card_button(card, disabled=False, tooltip=reason or card.name)
                if seat != turn or reason:
                    button.style.text_color = "#9a9a9a"
                    button.style.button_color = "#ececec"
                if reason:
                    reasons.append(f"<li>{card.symbol}: {reason}</li>")
                button.on_click(lambda _, s=seat, c=card: self._click(s, c))
                self._buttons[(seat, card)] = button
                buttons.append(button)
            label = W.HTML(
                f'<div style="width:110px;font:14px sans-serif;padding-top:8px">'
                f'{"▶ " if seat == turn else ""}<b>{seat_name(seat, n)}</b></div>'
            )
            rows.append(W.HBox([label, *buttons]))
        self.seats_box.children = tuple(rows)
        shown = self._finished
        if shown is not None:
            self.trick_view.value = trick_html(list(shown.plays), n, winner=shown.winner, caption="The trick")
            self.story.value = f'<p style="font:14px sans-serif">{explain_trick(shown, n)}</p>'
        else:
            plays = state.current_trick
            self.trick_view.value = trick_html(plays, n, caption="The trick so far") if plays else (
                '<div style="font:14px sans-serif;color:#666;padding:40px 0">The table is empty: '
                f"{seat_name(turn, n) if turn >= 0 else 'nobody'} leads.</div>"
            )
            self.story.value = ""
        if turn >= 0:
            who = seat_name(turn, n)
            lead = "leads" if not state.current_trick else "plays"
            self.header.value = (f'<b style="font:15px sans-serif">{who} {lead}.</b> '
                                 f'<span style="color:#555">Hearts are {"" if state.hearts_broken else "not "}broken.'
                                 "</span>")  # fmt: skip
        else:
            self.header.value = "<b>All cards are played.</b>"
        if reasons:
            self.why_box.value = (f"<details open><summary>Cards {seat_name(turn, n)} may not play</summary>"
                                  f'<ul style="font:13px sans-serif">{"".join(reasons)}</ul></details>')  # fmt: skip
        else:
            self.why_box.value = ""
        self.undo_button.disabled = not state.actions
