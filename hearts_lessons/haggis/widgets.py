"""Widgets of the Haggis lessons: the only Haggis module that imports ipywidgets.

Each widget is a thin controller: a handler asks the engine, stores the new state and re-renders HTML built
by :mod:`.render`. Illegal actions never show a traceback: the reason of the
:class:`~hearts_lessons.errors.IllegalActionError` is shown instead.

- :class:`ComboClassifier`: toggle cards, see what they form, their value, what beats them, or why they form
  nothing (and, optionally, whether they may follow a given combination).
- :func:`climbing_quiz_widget`: the lesson's exercises in the project's shared quiz widget, with answers
  computed by the engine.
- :func:`scoring_quiz_widget`: the play lesson's scoring exercises, checked the same way.
- :class:`PlayHandWidget`: a hand of two-player Haggis against a bot, with the scoring explained at the end.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..errors import IllegalActionError
from ..widgets.common import MessageLine, safe
from ..widgets.quiz import ChoiceQuestion, NumberQuestion, Quiz
from .actions import Bet, HaggisAction, Play
from .bots import GreedyBot, HaggisBot
from .cards import HaggisCard, HaggisCardParseError, HaggisSuit, number_deck, parse_cards, wilds_of
from .combos import what_beats
from .exercises import climbing_quiz, scoring_quiz
from .render import classification_html
from .rules import BIG_BET, LITTLE_BET, TWO_PLAYERS
from .state import HaggisHand

__all__ = ["ComboClassifier", "PlayHandWidget", "climbing_quiz_widget", "scoring_quiz_widget"]

_CARD_LAYOUT = {"width": "48px", "height": "34px"}


def _card_toggle(card: HaggisCard, *, value: bool = False, muted: bool = False) -> widgets.ToggleButton:
    """A card as a toggle button. ``muted`` greys a card that is in no play open now (it stays clickable:
    playing it anyway shows the engine's reason)."""
    colour = card.suit.colour if card.suit is not None else "#8a6d00"
    button = widgets.ToggleButton(
        value=value,
        description=card.symbol if card.suit is not None else f"{card.symbol}★",
        tooltip=card.name + (" (in no play open now)" if muted else ""),
        layout=widgets.Layout(**_CARD_LAYOUT),
    )
    button.style.text_color = "#9a9a9a" if muted else colour
    button.style.font_weight = "bold"
    return button


class ComboClassifier(widgets.VBox):
    """Pick cards by toggling them; the panel says what they form.

    ``players`` chooses the deck (3: five suits). ``selected`` and ``against`` preset the choice, so a static
    page shows a meaningful first state.
    """

    def __init__(self, *, players: int = 3, selected: str = "", against: str = "", **kwargs: Any) -> None:
        chosen = set(parse_cards(selected))
        self._quiet = False
        self.cards: list[HaggisCard] = [*number_deck(players), *wilds_of(0)]
        self.toggles = {card: _card_toggle(card, value=card in chosen) for card in self.cards}
        rows = [
            widgets.HBox([self.toggles[c] for c in self.cards if c.suit is suit])
            for suit in HaggisSuit
            if any(c.suit is suit for c in self.cards)
        ]
        rows.append(widgets.HBox([self.toggles[c] for c in self.cards if c.is_wild]))
        self.against = widgets.Text(
            value=against, description="to beat:", placeholder="e.g. 7R 7G (optional)"
        )
        self.clear = widgets.Button(description="Clear", tooltip="unselect every card")
        self.report = widgets.HTML()
        for toggle in self.toggles.values():
            toggle.observe(self._changed, names="value")
        self.against.observe(self._changed, names="value")
        self.clear.on_click(self._clear)
        super().__init__([*rows, widgets.HBox([self.against, self.clear]), self.report], **kwargs)
        self.refresh()

    @property
    def selected(self) -> list[HaggisCard]:
        return [card for card, toggle in self.toggles.items() if toggle.value]

    def select(self, text: str) -> None:
        """Select exactly these cards (e.g. ``"5R 6R J0"``)."""
        wanted = set(parse_cards(text))
        self._quiet = True
        for card, toggle in self.toggles.items():
            toggle.value = card in wanted
        self._quiet = False
        self.refresh()

    def refresh(self) -> None:
        against: list[HaggisCard] | None = None
        note = ""
        if self.against.value.strip():
            try:
                against = parse_cards(self.against.value)
            except HaggisCardParseError as exc:
                note = f'<p style="color:#a00">{html.escape(str(exc))}</p>'
        self.report.value = note + classification_html(self.selected, against=against)

    def _changed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.refresh()

    def _clear(self, _button: widgets.Button) -> None:
        self.select("")


def climbing_quiz_widget() -> Quiz:
    """The closing exercises of the climbing lesson, in the project's shared quiz widget; the answers come from
    :func:`~.exercises.climbing_quiz`, computed by the engine."""
    return Quiz(
        [
            ChoiceQuestion(q.prompt, q.options, answer=q.answer, explanation=q.explanation)
            for q in climbing_quiz()
        ],
        title="Exercises",
    )


def scoring_quiz_widget() -> Quiz:
    """The closing exercises of the play lesson (scoring), with answers from :func:`~.exercises.scoring_quiz`."""
    return Quiz(
        [NumberQuestion(q.prompt, answer=q.answer, explanation=q.explanation) for q in scoring_quiz()],
        title="Exercises",
    )


class PlayHandWidget(widgets.VBox):
    """A hand of two-player Haggis: you against a bot. Toggle cards, then Play, Pass or Bet.

    The bot moves as soon as it is its turn; the table shows your cards, its face-up wilds and card count, the
    trick, and at the end the scoring explained line by line.
    """

    def __init__(
        self,
        *,
        seed: int = 1,
        bot: HaggisBot | None = None,
        you: int = 0,
        names: tuple[str, str] = ("you", "the bot"),
        **kwargs: Any,
    ) -> None:
        self.seed = seed
        self.bot: HaggisBot = bot if bot is not None else GreedyBot()
        self.you = you
        self.names = list(names) if you == 0 else list(reversed(names))
        self.rng = random.Random(seed)
        self.hand = HaggisHand.deal(TWO_PLAYERS, seed=seed)
        self.table = widgets.HTML()
        self.message = MessageLine()
        self.cards_box = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.toggles: dict[HaggisCard, widgets.ToggleButton] = {}
        self.reading = widgets.Dropdown(description="play as", options=[], layout={"display": "none"})
        self.play_button = widgets.Button(description="Play selected", button_style="primary")
        self.pass_button = widgets.Button(description="Pass")
        self.little_button = widgets.Button(description=f"Bet little ({LITTLE_BET})")
        self.big_button = widgets.Button(description=f"Bet big ({BIG_BET})")
        self.undo_button = widgets.Button(description="Undo", tooltip="take back your last action")
        self.new_button = widgets.Button(description="New hand", tooltip="deal the next seed")
        self.play_button.on_click(lambda _b: self.play_selected())
        self.pass_button.on_click(lambda _b: self._act(lambda: self.hand.pass_turn(seat=self.you)))
        self.little_button.on_click(lambda _b: self._act(lambda: self.hand.bet(LITTLE_BET, seat=self.you)))
        self.big_button.on_click(lambda _b: self._act(lambda: self.hand.bet(BIG_BET, seat=self.you)))
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_hand(self.seed + 1))
        buttons = widgets.HBox(
            [
                self.play_button,
                self.pass_button,
                self.little_button,
                self.big_button,
                self.undo_button,
                self.new_button,
            ],
            layout={"flex_flow": "row wrap"},
        )
        super().__init__([self.table, self.cards_box, self.reading, buttons, self.message], **kwargs)
        self._render(" ".join(self._bots_move()))

    # --- actions -------------------------------------------------------------------------------------------

    @property
    def selected(self) -> list[HaggisCard]:
        return [card for card, toggle in self.toggles.items() if toggle.value]

    def select(self, text: str) -> None:
        """Select exactly these cards of your hand."""
        wanted = set(parse_cards(text))
        for card, toggle in self.toggles.items():
            toggle.value = card in wanted

    @safe(lambda self: self.message)
    def play_selected(self) -> None:
        """Play the selected cards; if they can be read several ways, ask which reading first."""
        cards = self.selected
        readings = self.hand.readings(cards)
        if len(readings) > 1:
            names = [r.name for r in readings]
            if self.reading.value not in names or set(self.reading.options) != set(names):
                self.reading.options = names
                self.reading.value = names[0]
                self.reading.layout.display = ""
                self.message.show(
                    "These cards can be played several ways: choose one under “play as”, then Play."
                )
                return
            combo = readings[names.index(self.reading.value)]
            self._act(lambda: self.hand.play(combo, seat=self.you))
            return
        self._act(lambda: self.hand.play(cards, seat=self.you))

    @safe(lambda self: self.message)
    def _act(self, action: Callable[[], HaggisAction]) -> None:
        try:
            done = action()
        except IllegalActionError as exc:
            self.message.show(exc.reason, "error")
            return
        self.reading.layout.display = "none"
        self.reading.options = []
        said = self._bots_move()
        self._render(" ".join([self._say(done), *said]))

    @safe(lambda self: self.message)
    def undo(self) -> None:
        """Take back your last action and the bot's replies."""
        if not self.hand.undo_last_of(self.you):
            self.message.show("There is nothing of yours to take back.")
            return
        self._render("Taken back.")

    @safe(lambda self: self.message)
    def new_hand(self, seed: int) -> None:
        """Deal a new hand from ``seed``."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand = HaggisHand.deal(TWO_PLAYERS, seed=seed)
        said = self._bots_move()
        self._render(" ".join(said))

    def _bots_move(self) -> list[str]:
        said = []
        while self.hand.to_act is not None and self.hand.to_act != self.you:
            seat = self.hand.to_act
            said.append(self._say(self.hand.apply(self.bot.choose_action(self.hand.view(seat), self.rng))))
        return said

    def _say(self, action: HaggisAction) -> str:
        """One sentence about an action, in the second person for you and the third for the bot."""
        who = self.names[action.seat]
        you = action.seat == self.you
        if isinstance(action, Play):
            codes = " ".join(c.code for c in action.combo.cards)
            sentence = f"{who} {'play' if you else 'plays'} {codes} ({action.combo.name})"
        elif isinstance(action, Bet):
            size = "little" if action.amount == LITTLE_BET else "big"
            sentence = f"{who} {'bet' if you else 'bets'} {size} ({action.amount})"
        else:
            sentence = f"{who} {'pass' if you else 'passes'}"
        return sentence[0].upper() + sentence[1:] + "."

    # --- rendering ---------------------------------------------------------------------------------------------

    def _render(self, news: str) -> None:
        hand = self.hand
        self.table.value = hand.table_html(viewer=None if hand.is_over else self.you, names=self.names)
        view = hand.view(self.you)
        playable = {card for combo in view.plays() for card in combo.cards}
        self.toggles = {card: _card_toggle(card, muted=card not in playable) for card in view.hand}
        self.cards_box.children = list(self.toggles.values())
        over = hand.is_over
        mine = hand.to_act == self.you
        for button in (self.play_button, self.pass_button):
            button.disabled = over or not mine
        self.pass_button.disabled = self.pass_button.disabled or hand.top is None
        self.little_button.disabled = not hand.can_bet(LITTLE_BET, seat=self.you)
        self.big_button.disabled = not hand.can_bet(BIG_BET, seat=self.you)
        self.undo_button.disabled = not any(a.seat == self.you for a in hand.actions)
        if over:
            prompt = "The hand is over: the scoring is explained above. Press “New hand” to play another."
        elif hand.top is None:
            prompt = "Your lead: select a combination and press Play."
        else:
            top = hand.top.combo
            prompt = f"To beat: the {top.name}. You may play {what_beats(top)}, or pass."
        self.message.show(f"{news} {prompt}".strip())
