"""A whole game: hands until the end, the deal and the pass direction rotating, running totals, the winner.

>>> import random
>>> from hearts_lessons.playout import random_playout
>>> g = GameState(seed=3)
>>> rng = random.Random(3)
>>> while not g.is_over:
...     random_playout(g.current, rng)
...     _ = g.next_hand()
>>> g.is_over, max(g.totals) >= 100, len(g.winners) >= 1
(True, True, True)
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, full_deck
from .errors import IllegalActionError, RecordError, RulesError
from .i18n import tr
from .records import dump_record, load_record, require
from .rules import STANDARD, GameEnd, Points, Rules, Ties
from .scoring import HandScore, format_points
from .state import HandState, Phase
from .table import seat_name
from .variants import rules_name

__all__ = ["GameState", "HandResult", "draw_for_dealer"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: its score and the totals after it, with what changed the totals in words."""

    hand_number: int
    dealer: int
    score: HandScore
    totals: tuple[Points, ...]
    notes: tuple[str, ...]


def draw_for_dealer(players: int, rng: random.Random) -> tuple[list[dict[int, Card]], int]:
    """Draw for the first dealer (the Japanese "How to Play Hearts", seed 002): each player draws a card and the
    lowest rank deals. The sources say nothing of ties; here the tied players draw again from a full pack.

    Returns every round of draws (seat → card) and the dealer's seat.

    >>> draws, dealer = draw_for_dealer(4, random.Random(3))
    >>> low = min(card.rank for card in draws[-1].values())
    >>> draws[-1][dealer].rank == low and [c.rank for c in draws[-1].values()].count(low) == 1
    True
    """
    if players < 2:
        raise RulesError(tr("a draw for the dealer needs at least two players (not {n})", n=players))
    draws: list[dict[int, Card]] = []
    candidates = list(range(players))
    while len(candidates) > 1:
        cards = rng.sample(list(full_deck()), len(candidates))
        draws.append(dict(zip(candidates, cards, strict=True)))
        low = min(c.rank for c in cards)
        candidates = [seat for seat, card in zip(candidates, cards, strict=True) if card.rank == low]
    return draws, candidates[0]


def hand_seed(game_seed: int, hand_number: int) -> int:
    """The seed of one hand's deal within a seeded game."""
    return game_seed * 10_007 + hand_number


class GameState:
    """A game of Hearts under ``rules``: deal hands with :attr:`current`, then call :meth:`next_hand`."""

    def __init__(self, rules: Rules = STANDARD, *, seed: int = 0, first_dealer: int = 0) -> None:
        if not 0 <= first_dealer < rules.players:
            raise ValueError(f"the first dealer must be a seat from 0 to {rules.players - 1}")
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self.results: list[HandResult] = []
        self.hands: list[HandState] = []
        self.totals: list[Points] = [0] * rules.players
        self.current = self._deal(0)

    def _deal(self, hand_number: int) -> HandState:
        dealer = (self.first_dealer + hand_number) % self.rules.players
        return HandState.deal(
            self.rules, seed=hand_seed(self.seed, hand_number), dealer=dealer, hand_number=hand_number,
            totals_before=self.totals,
        )  # fmt: skip

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hand_number(self) -> int:
        return self.current.hand_number

    def _magnitude(self, value: Points) -> float:
        return abs(value) if self.rules.magnitude_scores else float(value.real)

    @property
    def is_over(self) -> bool:
        """The game has ended (checked after each hand, RULES.md 1.9 and section 2)."""
        if not self.results:
            return False
        rules = self.rules
        if rules.game_end is GameEnd.FIXED_HANDS:
            ended = len(self.results) >= rules.fixed_hands
        elif rules.game_end is GameEnd.REACH_TARGET:
            ended = any(self._magnitude(t) >= rules.target for t in self.totals)
        else:
            ended = any(self._magnitude(t) > rules.target for t in self.totals)
        if ended and rules.ties is Ties.PLAY_ON and len(self.winners) > 1:
            return False
        return ended

    @property
    def winners(self) -> list[int]:
        """Seats with the lowest total (|total| with complex scores); several if tied."""
        best = min(self._magnitude(t) for t in self.totals)
        return [s for s, t in enumerate(self.totals) if self._magnitude(t) == best]

    @property
    def hand_scored(self) -> bool:
        """Whether the current (finished) hand is already counted in the totals."""
        return bool(self.hands) and self.hands[-1] is self.current

    def score_hand(self) -> HandResult:
        """Count the finished current hand into the totals (once; later calls return the same result), so that
        the totals, the score sheet and :attr:`is_over` show it before the next hand is dealt."""
        hand = self.current
        if hand.phase is not Phase.DONE:
            raise IllegalActionError(tr("the current hand is not finished yet"))
        if not self.hand_scored:
            self._score(hand)
        return self.results[-1]

    def next_hand(self) -> HandState | None:
        """Score the finished current hand into the totals (if :meth:`score_hand` has not) and deal the next one
        (``None`` if the game is over)."""
        if self.hand_scored and self.is_over:
            raise IllegalActionError(tr("this hand has already been scored and the game is over"))
        self.score_hand()
        if self.is_over:
            return None
        self.current = self._deal(len(self.hands))
        return self.current

    def _score(self, hand: HandState) -> None:
        score = hand.score
        assert score is not None
        rules = self.rules
        n = self.players
        notes = list(score.notes)
        totals = list(self.totals)
        for seat in range(n):
            total = totals[seat] + score.points[seat]
            totals[seat] = total
            if rules.floor_at_zero and not isinstance(total, complex) and total < 0:
                notes.append(tr("{name}'s total would go below 0: it stays at 0.", name=seat_name(seat, n)))
                totals[seat] = 0
        if score.reset_shooter and score.shooter is not None:
            totals[score.shooter] = 0
        if rules.exact_target_reset:
            for seat in range(n):
                if totals[seat] == 50:
                    totals[seat] = 0
                    notes.append(tr("{name} hit exactly 50: back to 0.", name=seat_name(seat, n)))
                elif totals[seat] == 100:
                    totals[seat] = 50
                    notes.append(tr("{name} hit exactly 100: back to 50.", name=seat_name(seat, n)))
        self.totals = totals
        self.hands.append(hand)
        self.results.append(HandResult(hand.hand_number, hand.dealer, score, tuple(totals), tuple(notes)))

    # -- undo and records ----------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action, stepping back into the previous hand if the current one has none (a hand
        already counted in the totals is taken out of them first)."""
        if self.hand_scored:
            self.hands.pop()
            self.results.pop()
            self.totals = list(self.results[-1].totals) if self.results else [0] * self.players
        if self.current.actions:
            self.current.undo()
            return
        if not self.hands:
            raise IllegalActionError(tr("there is nothing to undo"))
        previous = self.hands.pop()
        self.results.pop()
        self.totals = list(self.results[-1].totals) if self.results else [0] * self.players
        previous.undo()
        self.current = previous

    def record(self) -> dict[str, Any]:
        hands = [h.record() for h in self.hands]
        if not (self.hands and self.hands[-1] is self.current):
            hands.append(self.current.record())
        for h in hands:
            h.pop("rules", None)
        return {
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "hands": hands,
            "last_hand_scored": self.hand_scored,
        }

    def to_json(self) -> str:
        """Save the game (in progress or over) as JSON text."""
        return dump_record("game", self.record())

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Load a saved game, replaying and verifying every hand; refuses a malformed or tampered record with
        a :class:`~hearts_lessons.errors.RecordError` that says what is wrong."""
        data = load_record(text, "game")
        try:
            rules = Rules.from_json(require(data, "rules", dict))
        except RulesError as exc:
            raise RecordError(tr("the rules in the record are invalid: {error}", error=exc)) from None
        seed = require(data, "seed", int)
        first_dealer = require(data, "first_dealer", int)
        if not 0 <= first_dealer < rules.players:
            raise RecordError(tr("the first dealer is not a seat of this game"))
        game = cls(rules, seed=seed, first_dealer=first_dealer)
        hands = require(data, "hands", list)
        if not hands:
            raise RecordError(tr("the record holds no hand"))
        for index, raw in enumerate(hands):
            if not isinstance(raw, Mapping):
                raise RecordError(tr("hand {n} is not a JSON object", n=index + 1))
            if index > 0:
                if game.current.phase is not Phase.DONE:
                    raise RecordError(tr("hand {n} is not finished, yet another hand follows it", n=index))
                if game.next_hand() is None:
                    raise RecordError(tr("the record goes on after the game was over"))
            expected = game.current
            if raw.get("hand_number") != expected.hand_number or raw.get("dealer") != expected.dealer:
                raise RecordError(tr("hand {n} has the wrong hand number or dealer", n=index + 1))
            if raw.get("seed") != expected.seed:
                raise RecordError(tr("hand {n} was not dealt from this game's seed", n=index + 1))
            try:
                replayed = HandState.from_record({**raw, "rules": rules.to_json()})
            except RecordError as exc:
                raise RecordError(tr("hand {n}: {error}", n=index + 1, error=exc)) from None
            replayed.totals_before = expected.totals_before
            game.current = replayed
        scored = data.get("last_hand_scored", False)
        if not isinstance(scored, bool):
            raise RecordError(tr("the record's 'last_hand_scored' field must be true or false"))
        if scored:
            if game.current.phase is not Phase.DONE:
                raise RecordError(tr("the record says the last hand was scored, but it is not finished"))
            game._score(game.current)
        return game

    # -- display -------------------------------------------------------------------------------------------
    def score_sheet(self) -> list[list[str]]:
        """Rows of the score sheet: hand, then each seat's points for the hand and running total."""
        rows = []
        for result in self.results:
            row = [str(result.hand_number + 1)]
            for seat in range(self.players):
                row.append(f"{format_points(result.score.points[seat])} → {format_points(result.totals[seat])}")
            rows.append(row)
        return rows

    def score_sheet_html(self, names: Sequence[str] | None = None) -> str:
        """The score sheet as an HTML table, a column per seat headed by its seat name or by ``names`` (a table
        that calls its reader "You" names that seat so here too)."""
        n = self.players
        if names is not None and len(names) != n:
            raise ValueError(f"score_sheet_html needs {n} names, got {len(names)}")
        pad = "style='padding:2px 10px;text-align:right'"
        heads = list(names) if names is not None else [seat_name(s, n) for s in range(n)]
        head = "".join(f"<th {pad}>{html.escape(name)}</th>" for name in heads)
        body = "".join(
            "<tr>" + "".join(f"<td {pad}>{cell}</td>" for cell in row) + "</tr>" for row in self.score_sheet()
        )
        totals = "".join(f"<th {pad}>{format_points(t)}</th>" for t in self.totals)
        caption = tr("Score sheet ({name}, {end})", name=rules_name(self.rules), end=self.end_words())
        return (
            '<table class="hl-scores" style="border-collapse:collapse;font:13px sans-serif">'
            f"<caption>{caption}</caption>"
            f"<thead><tr><th {pad}>{tr('Hand', context='score sheet')}</th>{head}</tr></thead><tbody>{body}</tbody>"
            f"<tfoot><tr><th {pad}>{tr('Total', context='score sheet')}</th>{totals}</tr></tfoot></table>"
        )

    def end_words(self) -> str:
        rules = self.rules
        if rules.game_end is GameEnd.FIXED_HANDS:
            return tr("{n} hands", n=rules.fixed_hands)
        if rules.game_end is GameEnd.EXCEED_TARGET:
            if rules.magnitude_scores:
                return tr("until |total| passes {target}", target=rules.target)
            return tr("until a total passes {target}", target=rules.target)
        if rules.magnitude_scores:
            return tr("until |total| reaches {target}", target=rules.target)
        return tr("until a total reaches {target}", target=rules.target)

    def _repr_html_(self) -> str:
        return self.current._repr_html_() + self.score_sheet_html()

    def __repr__(self) -> str:
        totals = ", ".join(format_points(t) for t in self.totals)
        return f"<GameState {self.rules.name}, hand {self.hand_number + 1}, totals {totals}>"
