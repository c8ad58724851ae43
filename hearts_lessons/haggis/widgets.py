"""Widgets of the Haggis lessons: the only Haggis module that imports ipywidgets.

Each widget is a thin controller: a handler asks the engine, stores the new state and re-renders HTML built
by :mod:`.render`. Illegal actions never show a traceback: the reason of the
:class:`~hearts_lessons.errors.IllegalActionError` is shown instead.

- :class:`ComboClassifier`: toggle cards, see what they form, their value, what beats them, or why they form
  nothing (and, optionally, whether they may follow a given combination).
- :class:`QuizWidget`: multiple-choice exercises checked against answers computed by the engine.
- :class:`PlayHandWidget`: a hand of two-player Haggis against a bot, with the scoring explained at the end.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..errors import IllegalActionError
from .bots import GreedyBot, HaggisBot
from .cards import HaggisCard, HaggisCardParseError, HaggisSuit, number_deck, parse_cards, wilds_of
from .combos import what_beats
from .exercises import Question
from .rules import BIG_BET, LITTLE_BET, TWO_PLAYERS
from .state import HaggisHand
from .render import classification_html

__all__ = ["ComboClassifier", "PlayHandWidget", "QuizWidget"]

_CARD_LAYOUT = {"width": "48px", "height": "34px"}


def _card_toggle(card: HaggisCard, *, value: bool = False) -> widgets.ToggleButton:
    colour = card.suit.colour if card.suit is not None else "#8a6d00"
    button = widgets.ToggleButton(
        value=value,
        description=card.symbol if card.suit is not None else f"{card.symbol}★",
        tooltip=card.name,
        layout=widgets.Layout(**_CARD_LAYOUT),
    )
    button.style.text_color = colour
    button.style.font_weight = "bold"
    return button


class ComboClassifier(widgets.VBox):
    """Pick cards by toggling them; the panel says what they form.

    ``players`` chooses the deck (3: five suits). ``selected`` and ``against`` preset the choice, so a static
    page shows a meaningful first state.
    """

    def __init__(self, *, players: int = 3, selected: str = "", against: str = "", **kwargs: Any) -> None:
        chosen = set(parse_cards(selected))
        self.cards: list[HaggisCard] = [*number_deck(players), *wilds_of(0)]
        self.toggles = {card: _card_toggle(card, value=card in chosen) for card in self.cards}
        rows = [
            widgets.HBox([self.toggles[c] for c in self.cards if c.suit is suit])
            for suit in HaggisSuit
            if any(c.suit is suit for c in self.cards)
        ]
        rows.append(widgets.HBox([self.toggles[c] for c in self.cards if c.is_wild]))
        self.against = widgets.Text(value=against, description="to beat:", placeholder="e.g. 7R 7G (optional)")
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

    _quiet = False

    def _changed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.refresh()

    def _clear(self, _button: widgets.Button) -> None:
        self.select("")


class QuizWidget(widgets.VBox):
    """Multiple-choice questions, each with its own Check button and feedback."""

    def __init__(self, questions: Sequence[Question], **kwargs: Any) -> None:
        self.questions = list(questions)
        self.choices: list[widgets.RadioButtons] = []
        self.buttons: list[widgets.Button] = []
        self.feedback: list[widgets.HTML] = []
        boxes = []
        for number, question in enumerate(self.questions, start=1):
            choice = widgets.RadioButtons(options=list(question.options), value=None, layout={"width": "auto"})
            button = widgets.Button(description="Check", tooltip=f"check question {number}")
            feedback = widgets.HTML()
            button.on_click(lambda _b, i=number - 1: self.check(i))
            self.choices.append(choice)
            self.buttons.append(button)
            self.feedback.append(feedback)
            prompt = widgets.HTML(f"<b>{number}.</b> {html.escape(question.prompt)}")
            boxes.append(widgets.VBox([prompt, choice, widgets.HBox([button, feedback])]))
        self.score = widgets.HTML(f"{len(self.questions)} questions: choose an answer and press Check.")
        super().__init__([*boxes, self.score], **kwargs)

    def check(self, index: int) -> bool:
        """Check one question (what its button does); update its feedback and the score line."""
        right, message = self.questions[index].check(self.choices[index].value)
        colour = "#1b5e20" if right else "#b71c1c"
        self.feedback[index].value = f'<span style="color:{colour}">{html.escape(message)}</span>'
        solved = sum(fb.value.find("Right:") >= 0 for fb in self.feedback)
        self.score.value = f"{solved} of {len(self.questions)} answered correctly."
        return right


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
        self.message = widgets.HTML()
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
            [self.play_button, self.pass_button, self.little_button, self.big_button, self.undo_button, self.new_button],
            layout={"flex_flow": "row wrap"},
        )
        super().__init__([self.table, self.cards_box, self.reading, buttons, self.message], **kwargs)
        self._bots_move()
        self._render("")

    # --- actions -------------------------------------------------------------------------------------------

    @property
    def selected(self) -> list[HaggisCard]:
        return [card for card, toggle in self.toggles.items() if toggle.value]

    def select(self, text: str) -> None:
        """Select exactly these cards of your hand."""
        wanted = set(parse_cards(text))
        for card, toggle in self.toggles.items():
            toggle.value = card in wanted

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
                self.message.value = "These cards can be played several ways: choose one under “play as”, then Play."
                return
            combo = readings[names.index(self.reading.value)]
            self._act(lambda: self.hand.play(combo, seat=self.you))
            return
        self._act(lambda: self.hand.play(cards, seat=self.you))

    def _act(self, action: Any) -> None:
        try:
            done = action()
        except IllegalActionError as exc:
            self.message.value = f'<span style="color:#b71c1c">{html.escape(exc.reason)}</span>'
            return
        self.reading.layout.display = "none"
        self.reading.options = []
        said = self._bots_move()
        self._render(" ".join([self._say(done), *said]))

    def undo(self) -> None:
        """Take back your last action and the bot's replies."""
        if not self.hand.undo_last_of(self.you):
            self.message.value = "There is nothing of yours to take back."
            return
        self._render("Taken back.")

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

    def _say(self, action: Any) -> str:
        text: str = action.text
        for seat, name in enumerate(self.names):
            text = text.replace(f"seat {seat} ", f"{name} ")
        return text[0].upper() + text[1:] + "."

    # --- rendering ---------------------------------------------------------------------------------------------

    def _render(self, news: str) -> None:
        hand = self.hand
        self.table.value = hand.table_html(viewer=None if hand.is_over else self.you, names=self.names)
        held = hand.held[self.you]
        self.toggles = {card: _card_toggle(card) for card in held}
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
        self.message.value = html.escape(f"{news} {prompt}".strip())
