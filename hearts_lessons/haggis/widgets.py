"""Widgets of the Haggis lessons: the only Haggis module that imports ipywidgets.

Each widget is a thin controller: a handler asks the engine, stores the new state and re-renders HTML built
by :mod:`.render`. Illegal actions never show a traceback: the reason of the
:class:`~hearts_lessons.errors.IllegalActionError` is shown instead.

- :class:`ComboClassifier`: pick cards at the card table, see what they form, their value, what beats them, or
  why they form nothing (and, optionally, whether they may follow a given combination).
- :func:`deal_table`: a deal or position drawn at the card table, to look at.
- :func:`climbing_quiz_widget`: the lesson's exercises in the project's shared quiz widget, with answers
  computed by the engine.
- :func:`scoring_quiz_widget`: the play lesson's scoring exercises, checked the same way.
- :class:`PlayHandWidget`: a hand of Haggis at the card table against a bot (or two), with the scoring explained
  at the end.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..errors import IllegalActionError
from ..i18n import get_language, tr
from ..widgets.cardtable import CardTable
from ..widgets.common import safe
from ..widgets.quiz import ChoiceQuestion, NumberQuestion, Quiz
from .actions import Bet, HaggisAction, Play
from .bots import GreedyBot, HaggisBot
from .cards import HaggisCard, HaggisCardParseError, number_deck, parse_cards, wilds_of
from .combos import what_beats
from .exercises import climbing_quiz, scoring_quiz
from .game import HaggisGame
from .rules import LITTLE_BET, THREE_PLAYERS, TWO_PLAYERS
from .state import HaggisHand
from .tableview import (
    BET_ACTION,
    CLEAR_ACTION,
    PASS_ACTION,
    PLAY_ACTION,
    classification_report,
    classifier_view,
    haggis_actions,
    haggis_view,
    play_reason,
    selection_report,
)

__all__ = ["ComboClassifier", "PlayHandWidget", "climbing_quiz_widget", "deal_table", "scoring_quiz_widget"]


class ComboClassifier(widgets.VBox):
    """Pick cards at the card table; the table says what they form.

    The deck (``players`` chooses it: 3 means five suits) lies as one hand on a
    :class:`~hearts_lessons.widgets.cardtable.CardTable` drawn from :func:`.tableview.classifier_view`, suit by suit
    with seat 0's wilds J, Q, K last. A click (or Enter on a focused card) selects a card or puts it back, the
    selected cards are lifted, Escape or *Clear* unselects them all. The table's message line says what the
    selection forms, its value and what beats it, or why it forms nothing (:func:`.tableview.classification_report`);
    cards typed under *to beat* are shown beside the hand, and the message says whether each reading may follow
    them. ``selected`` and ``against`` preset the choice, so a static page shows a meaningful first state.

    >>> widget = ComboClassifier(players=2)
    >>> widget.table.click("7R"); widget.table.click("8R"); widget.table.click("J0")
    >>> widget.message.text.split(";")[0]
    'Sequence 7-8-9 in red (J0 as 9 of red)'
    """

    def __init__(self, *, players: int = 3, selected: str = "", against: str = "", **kwargs: Any) -> None:
        self.cards: list[HaggisCard] = [*number_deck(players), *wilds_of(0)]
        """The deck to choose from, in the table's order."""
        self._chosen: set[HaggisCard] = set()
        self.table = CardTable(label=tr("Card table: the classifier's deck of {n} cards", n=len(self.cards)))
        self.message = self.table  # the table's own message line (screen readers hear it)
        self.table.on_card(self._card_clicked)
        self.table.on_action(self._action)
        self.table.on_clear(self.clear)
        self.against = widgets.Text(value=against, description=tr("to beat:"),
                                    placeholder=tr("e.g. 7R 7G (optional)"))  # fmt: skip
        self.against.observe(lambda _change: self.refresh(), names="value")
        super().__init__([self.table, self.against], **kwargs)
        self.add_class("hl-haggis-classifier")
        self._set(parse_cards(selected))

    @property
    def selected(self) -> list[HaggisCard]:
        """The selected cards, in the table's order."""
        return [card for card in self.cards if card in self._chosen]

    @safe(lambda self: self.message)
    def select(self, text: str) -> None:
        """Select exactly these cards (e.g. ``"5R 6R J0"``)."""
        self._set(parse_cards(text))

    def clear(self) -> None:
        """Unselect every card (what Escape and *Clear* do)."""
        self._set([])

    def refresh(self) -> None:
        """Redraw the table and say what the selection forms (against the cards typed under *to beat*)."""
        against: list[HaggisCard] | None = None
        problem = ""
        if self.against.value.strip():
            try:
                against = parse_cards(self.against.value)
            except HaggisCardParseError as exc:
                problem = tr("Under “to beat”: {problem}. ", problem=exc)
        self.table.view = classifier_view(self.cards, self._chosen, against=against)
        report = classification_report(self.selected, against=against)
        self.table.show(problem + report.text, "error" if problem else report.kind)

    def _set(self, cards: Sequence[HaggisCard]) -> None:
        missing = [c.code for c in cards if c not in self.cards]
        if missing:
            if len(self.cards) > 40:
                raise IllegalActionError(tr("the classifier's deck has no {cards}: it holds the five suits and the "
                                            "wilds J0, Q0, K0", cards=" ".join(missing)))  # fmt: skip
            raise IllegalActionError(tr("the classifier's deck has no {cards}: it holds four suits and the "
                                        "wilds J0, Q0, K0", cards=" ".join(missing)))  # fmt: skip
        self._chosen = set(cards)
        self.refresh()

    @safe(lambda self: self.message)
    def _card_clicked(self, code: str, _seat: int | None = None) -> None:
        card = HaggisCard.from_str(code)
        self._set(list(self._chosen ^ {card}))  # in or out; a card not in the deck is refused in words

    def _action(self, action: str) -> None:
        if action == CLEAR_ACTION:
            self.clear()


def deal_table(hand: HaggisHand, *, seat: int = 0, names: Sequence[str] | None = None,
               label: str | None = None) -> CardTable:  # fmt: skip
    """A hand of Haggis drawn at the card table to look at (a lesson's deal or position): ``seat``'s cards at the
    bottom, the other seats' card backs and face-up wilds, the combination to beat, the Haggis face down.

    >>> table = deal_table(HaggisHand.deal(seed=2024), names=["Seat 0", "Seat 1"])
    >>> len(table.cards()), table.view["seats"][1]["backs"], table.view["actions"]
    (17, 14, [])
    """
    return CardTable(haggis_view(hand, seat=seat, names=names, interactive=False),
                     label=tr("A deal of Haggis") if label is None else label)  # fmt: skip


def climbing_quiz_widget() -> Quiz:
    """The closing exercises of the climbing lesson, in the project's shared quiz widget; the answers come from
    :func:`~.exercises.climbing_quiz`, computed by the engine, and so does the reason each wrong option is wrong."""
    return Quiz(
        [
            ChoiceQuestion(q.prompt, q.options, answer=q.answer, explanation=q.explanation, why=q.why, hint=q.hint)
            for q in climbing_quiz()
        ],
        title=tr("Exercises"),
    )


def scoring_quiz_widget() -> Quiz:
    """The closing exercises of the play lesson (scoring), with answers from :func:`~.exercises.scoring_quiz`."""
    return Quiz(
        [
            NumberQuestion(q.prompt, answer=q.answer, explanation=q.explanation, why=q.why, hint=q.hint)
            for q in scoring_quiz()
        ],
        title=tr("Exercises"),
    )


class PlayHandWidget(widgets.VBox):
    """A hand of Haggis at the card table: you (seat 0) against the bot (two players) or two bots (three).

    The table (:class:`~hearts_lessons.widgets.cardtable.CardTable`, drawn from
    :func:`.tableview.haggis_view`) shows the seats around it with their card backs, face-up wilds, captured cards
    and points, bets; the combination to beat in the middle with its name; your hand at the bottom. Click cards to
    select them (the table says what they form, or why they may not be played), then press *Play*; *Pass*, the bets,
    *Undo* and *New hand* are buttons of the table. The bots move as soon as it is their turn; at the end the
    scoring is explained line by line under the table. A thin controller: the engine decides everything.

    >>> widget = PlayHandWidget(seed=5)
    >>> widget.cards.click("J0"); widget.cards.click("Q0")
    >>> widget.message.text
    'J-Q bomb: press Play.'
    """

    def __init__(
        self,
        *,
        seed: int = 1,
        bot: HaggisBot | None = None,
        you: int = 0,
        names: Sequence[str] | None = None,
        players: int = 2,
        large: bool = False,
        game: HaggisGame | None = None,
        **kwargs: Any,
    ) -> None:
        self.seed = seed
        self.bot: HaggisBot = bot if bot is not None else GreedyBot()
        self.game = game
        """A whole game (hands until someone reaches the target), or ``None``: one hand at a time."""
        if game is not None:
            players = game.rules.players
        self.rules = game.rules if game is not None else TWO_PLAYERS if players == 2 else THREE_PLAYERS
        self.you = you
        self._named = names is not None
        """Names given (kept in every language), else the table's own (said again by :meth:`relabel`)."""
        self.names = self._seat_names(names, players)
        self.rng = random.Random(seed)
        self.hand = game.current if game is not None else HaggisHand.deal(self.rules, seed=seed)
        self.chosen: list[HaggisCard] = []
        self.render_hooks: list[Callable[[], None]] = []
        """Called after every redraw (the app's game screen keeps its end-of-hand panel up to date with them)."""
        self.cards = CardTable(large=large, label=tr("Card table: your hand of {n}-player Haggis", n=players))
        self.message = self.cards  # the table's own message line, beside the hand (screen readers hear it)
        self.cards.on_card(self._card_clicked)
        self.cards.on_action(self._action)
        self.cards.on_clear(self._clear)
        self.keyboard = widgets.Text(
            placeholder=tr("type cards, e.g. 7R 7G J0, and press Enter"), continuous_update=False,
            description=tr("Select:"), layout=widgets.Layout(width="360px", max_width="100%"),
        )  # fmt: skip
        self.keyboard.observe(self._typed, names="value")
        self.large = widgets.Checkbox(value=large, description=tr("large cards", context="haggis"), indent=False,
                                      layout=widgets.Layout(width="auto"))  # fmt: skip
        widgets.link((self.large, "value"), (self.cards, "large"))
        self.story = widgets.HTML()
        tools = widgets.HBox([self.keyboard, self.large], layout={"flex_flow": "row wrap", "align_items": "center"})
        super().__init__([self.cards, tools, self.story], **kwargs)
        self.add_class("hl-haggis-play")
        self._render(_sentences(self._bots_move()))

    def _seat_names(self, names: Sequence[str] | None, players: int) -> list[str]:
        """The seats' names, seat by seat: ``names`` (you first, then the others in seat order), or the table's own
        in the book's language ("you", "the bot" or "bot 1", "bot 2")."""
        if names is None:
            names = ((tr("you", context="seat"), tr("the bot")) if players == 2 else
                     (tr("you", context="seat"), tr("bot {n}", n=1), tr("bot {n}", n=2)))  # fmt: skip
        others = list(names[1:])
        return [names[0] if s == self.you else others.pop(0) for s in range(players)]

    def relabel(self) -> None:
        """Say the table's words again in the book's language (after :func:`~hearts_lessons.i18n.set_language`): the
        seats' own names, the card table, the typing box, the check box, the scoring and the prompt. The hand is not
        changed; what the last actions were is not said again (the table still shows them)."""
        players = self.hand.players
        if not self._named:
            self.names = self._seat_names(None, players)
        self.cards.label = tr("Card table: your hand of {n}-player Haggis", n=players)
        self.cards.relabel()
        self.keyboard.placeholder = tr("type cards, e.g. 7R 7G J0, and press Enter")
        self.keyboard.description = tr("Select:")
        self.large.description = tr("large cards", context="haggis")
        self._render("")

    # --- selection ---------------------------------------------------------------------------------------

    @property
    def selected(self) -> list[HaggisCard]:
        """The cards of your hand selected now, in hand order."""
        return [card for card in self.hand.held[self.you] if card in self.chosen]

    @safe(lambda self: self.message)
    def select(self, text: str) -> None:
        """Select exactly these cards of your hand (e.g. ``"5R 6R J0"``)."""
        wanted = parse_cards(text)
        missing = [c.code for c in wanted if c not in self.hand.held[self.you]]
        if missing:
            raise IllegalActionError(tr("you do not hold {cards}", cards=" ".join(missing)))
        self.chosen = list(dict.fromkeys(wanted))
        self._selection_changed()

    def _card_clicked(self, code: str, _seat: int | None = None) -> None:
        """A card of your hand was clicked (or chosen with Enter): select it, or put it back."""
        self._toggle(code)

    @safe(lambda self: self.message)
    def _toggle(self, code: str) -> None:
        reason = play_reason(self.hand, self.you)
        if reason is not None:
            if self.hand.is_over:
                raise IllegalActionError(tr("{reason}: press “New hand” to play another", reason=reason))
            raise IllegalActionError(reason)
        card = HaggisCard.from_str(code)
        if card not in self.hand.held[self.you]:
            raise IllegalActionError(tr("you do not hold {cards}", cards=card.code))
        if card in self.chosen:
            self.chosen.remove(card)
        else:
            self.chosen.append(card)
        self._selection_changed()

    def _clear(self) -> None:
        """Escape at the table (or *Clear*): unselect every card."""
        if self.chosen:
            self.chosen = []
            self._selection_changed()

    def _selection_changed(self) -> None:
        self._draw()
        report = selection_report(self.hand, self.you, self.selected)
        if report.text:
            self.message.show(report.text, report.kind)
        else:
            self.message.show(self._prompt(), "info")

    @safe(lambda self: self.message)
    def _typed(self, change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if text:
            self.keyboard.value = ""
            self.select(text)

    # --- actions -------------------------------------------------------------------------------------------

    def _action(self, action: str) -> None:
        """A button of the table."""
        if action == PLAY_ACTION:
            self.play_selected()
        elif action.startswith(PLAY_ACTION + ":"):
            self.play_selected(reading=int(action.split(":", 1)[1]))
        elif action == PASS_ACTION:
            self._act(lambda: self.hand.pass_turn(seat=self.you))
        elif action.startswith(BET_ACTION):
            amount = int(action.removeprefix(BET_ACTION))
            self._act(lambda: self.hand.bet(amount, seat=self.you))
        elif action == CLEAR_ACTION:
            self._clear()
        elif action == "undo":
            self.undo()
        elif action == "new":
            self.new_hand(self.seed + 1)
        elif action == "next":
            self.next_hand()

    @safe(lambda self: self.message)
    def play_selected(self, reading: int | None = None) -> None:
        """Play the selected cards; when they can be played several ways, ``reading`` says which (the table
        shows one Play button per reading)."""
        cards = self.selected
        if not cards:
            raise IllegalActionError(tr("choose at least one card: click the cards of your hand you want to play"))
        report = selection_report(self.hand, self.you, cards)
        if not report.legal:
            raise IllegalActionError(report.reason or tr("these cards may not be played now"))
        if report.legal > 1 and reading is None:
            self.message.show(f"{report.text}", "info")
            return
        combo = report.readings[reading or 0]
        self._act(lambda: self.hand.play(combo, seat=self.you))

    @safe(lambda self: self.message)
    def _act(self, action: Callable[[], HaggisAction]) -> None:
        try:
            done = action()
        except IllegalActionError as exc:
            self.message.show(exc.reason, "error")
            return
        self.chosen = []
        said = self._bots_move()
        self._render(_sentences([self._say(done), *said]))

    @safe(lambda self: self.message)
    def undo(self) -> None:
        """Take back your last action and the bot's replies."""
        if not self.hand.undo_last_of(self.you):
            raise IllegalActionError(tr("there is nothing of yours to take back yet"))
        self.chosen = []
        self._render(tr("Taken back."))

    @safe(lambda self: self.message)
    def new_hand(self, seed: int) -> None:
        """Deal a new hand from ``seed``."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand = HaggisHand.deal(self.rules, seed=seed)
        self.chosen = []
        self.cards.show_last = False
        said = self._bots_move()
        self._render(_sentences(said))

    @safe(lambda self: self.message)
    def next_hand(self) -> None:
        """Deal the game's next hand (a whole game only; the current hand must be over)."""
        if self.game is None:
            raise IllegalActionError(tr("this table plays one hand at a time: press “New hand”"))
        if not self.hand.is_over:
            raise IllegalActionError(tr("finish this hand first", context="haggis"))
        if self.game.is_over:
            raise IllegalActionError(tr("the game is over: start a new game"))
        self.hand = self.game.start_next_hand()
        self.chosen = []
        self.cards.show_last = False
        said = self._bots_move()
        self._render(_sentences([tr("Hand {n}.", n=len(self.game.hands)), *said]))

    def _bots_move(self) -> list[str]:
        said = []
        while self.hand.to_act is not None and self.hand.to_act != self.you:
            seat = self.hand.to_act
            said.append(self._say(self.hand.apply(self.bot.choose_action(self.hand.view(seat), self.rng))))
        return said

    def _say(self, action: HaggisAction) -> str:
        """One sentence about an action, in the second person for you and the third for a bot."""
        who = self.names[action.seat]
        you = action.seat == self.you
        who = _capital(who)
        if isinstance(action, Play):
            shown = " ".join(c.symbol for c in action.combo.cards)
            if you:
                return tr("{who} play {cards} ({combo}).", who=who, cards=shown, combo=action.combo.name)
            return tr("{who} plays {cards} ({combo}).", who=who, cards=shown, combo=action.combo.name)
        if isinstance(action, Bet):
            little = action.amount == LITTLE_BET
            if you:
                return (tr("{who} bet little ({amount}).", who=who, amount=action.amount) if little
                        else tr("{who} bet big ({amount}).", who=who, amount=action.amount))  # fmt: skip
            return (tr("{who} bets little ({amount}).", who=who, amount=action.amount) if little
                    else tr("{who} bets big ({amount}).", who=who, amount=action.amount))  # fmt: skip
        if you:
            return tr("{who} pass.", who=who)
        return tr("{who} passes.", who=who)

    # --- rendering ---------------------------------------------------------------------------------------------

    def _prompt(self) -> str:
        hand = self.hand
        if hand.is_over and self.game is not None:
            winner = self.game.winner
            if winner is not None:
                return tr("The game is over: {who} won.", who=_capital(self.names[winner]))
            return tr("The hand is over. Press “Next hand” to play the next one.")
        if hand.is_over:
            return tr("The hand is over: the scoring is explained under the table. Press “New hand” to play another.")
        if hand.top is None:
            return tr("Your lead: select a combination and press Play.")
        top = hand.top.combo
        return tr("To beat: the {combo}. You may play {what}, or pass.", combo=top.name, what=what_beats(top))

    def _draw(self) -> None:
        hand = self.hand
        actions = haggis_actions(hand, self.you, self.selected)
        actions.append({"id": "undo", "label": tr("Undo", context="button"), "kind": "default",
                        "enabled": any(a.seat == self.you for a in hand.actions)})  # fmt: skip
        if self.game is None:
            actions.append({"id": "new", "label": tr("New hand", context="button"),
                            "kind": "primary" if hand.is_over else "default",
                            "enabled": True})  # fmt: skip
        elif hand.is_over and not self.game.is_over:
            actions.append({"id": "next", "label": tr("Next hand", context="button"), "kind": "primary",
                            "enabled": True})  # fmt: skip
        plates = [_capital(n) for n in self.names]
        self.cards.view = haggis_view(hand, seat=self.you, selected=self.selected, names=plates, actions=actions,
                                      title=self._title())  # fmt: skip
        self.keyboard.disabled = hand.is_over
        for hook in list(self.render_hooks):
            hook()

    def _title(self) -> str:
        game = self.game
        if game is None:
            return tr("Haggis · {n} players · deal {seed}", n=self.hand.players, seed=self.seed)
        totals = " · ".join(tr("{who} {amount}", who=_capital(n), amount=t)
                            for n, t in zip(self.names, game.totals, strict=True))  # fmt: skip
        return tr("Haggis · hand {n} · to {target} · {totals}", n=len(game.hands), target=game.rules.target,
                  totals=totals)  # fmt: skip

    def _render(self, news: str) -> None:
        self._draw()
        hand = self.hand
        if hand.result is not None:
            lines = "".join(f"<li>{html.escape(line)}</li>" for line in hand.result.explain(self.names))
            self.story.value = (
                f'<div class="hl-haggis-scoring" style="font:14px sans-serif"><b>{html.escape(tr("Scoring"))}</b>'
                f"<ul>{lines}</ul></div>"
            )
        else:
            self.story.value = ""
        self.message.show(_sentences([news, self._prompt()]), "info")


def _sentences(parts: Sequence[str]) -> str:
    """Sentences one after another: a space between them in English, none in Japanese (「…。…。」)."""
    return ("" if get_language() == "ja" else " ").join(p for p in parts if p)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
