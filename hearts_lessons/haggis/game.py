"""A game of Haggis: hands until someone reaches the target (RULES 4.2 and 4.9).

The first dealer is drawn from the game's seed; later the winner of the previous hand's last trick deals. The
player with the fewest points leads each later hand; on the first hand, and on a tie for fewest, the lead goes
to the player left of the dealer (project choice for a tie that does not include that player: the first of the
tied players clockwise from the dealer's left). After a hand in which someone reached the target, the highest
total wins; on a tie for highest, play goes on.

>>> game = HaggisGame(seed=11, first_dealer=0)
>>> game.current.leader, game.totals
(1, (0, 0))
>>> leader_for((40, 12, 12), dealer=1)
2
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

from ..i18n import tr
from .actions import HaggisAction
from .rules import TWO_PLAYERS, HaggisRules
from .state import HaggisHand

__all__ = ["HaggisGame", "game_winner", "leader_for"]


def leader_for(totals: Sequence[int], *, dealer: int) -> int:
    """Who leads a later hand: the fewest points; ties go to the first tied seat from the dealer's left."""
    players = len(totals)
    fewest = min(totals)
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if totals[seat] == fewest:
            return seat
    raise AssertionError("unreachable: some seat has the fewest points")


def game_winner(totals: Sequence[int], *, target: int) -> int | None:
    """After a hand: the seat with the highest total once someone reached ``target``; ``None`` to play on.

    >>> game_winner((260, 100), target=250), game_winner((240, 100), target=250), game_winner((260, 260), target=250)
    (0, None, None)
    """
    best = max(totals)
    if best < target or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


class HaggisGame:
    """A whole game: a list of hands, the running totals, and who won."""

    def __init__(
        self, rules: HaggisRules = TWO_PLAYERS, *, seed: int, first_dealer: int | None = None
    ) -> None:
        self.rules = rules
        self.seed = seed
        if first_dealer is None:
            first_dealer = random.Random(seed).randrange(rules.players)
        if not 0 <= first_dealer < rules.players:
            raise ValueError("the first dealer must be a seat of the table")
        self.first_dealer = first_dealer
        self.hands: list[HaggisHand] = [self._deal(0, first_dealer, (first_dealer + 1) % rules.players)]

    def hand_seed(self, index: int) -> int:
        """The seed of the ``index``-th hand (0-based), derived from the game's seed."""
        return random.Random(f"haggis-game/{self.seed}/{index}").getrandbits(32)

    def _deal(self, index: int, dealer: int, leader: int) -> HaggisHand:
        return HaggisHand.deal(self.rules, seed=self.hand_seed(index), dealer=dealer, leader=leader)

    @property
    def current(self) -> HaggisHand:
        return self.hands[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished hands."""
        sums = [0] * self.rules.players
        for hand in self.hands:
            if hand.result is not None:
                for seat, points in enumerate(hand.result.totals):
                    sums[seat] += points
        return tuple(sums)

    @property
    def winner(self) -> int | None:
        """The winner once the game is over: someone reached the target and one total is highest."""
        if not self.current.is_over:
            return None
        return game_winner(self.totals, target=self.rules.target)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: HaggisAction) -> HaggisAction:
        """Apply an action to the current hand."""
        return self.current.apply(action)

    def next_dealer_and_leader(self) -> tuple[int, int]:
        """Who deals and who leads the next hand (the current hand must be over)."""
        result = self.current.result
        if result is None:
            raise ValueError("the current hand is not over yet")
        dealer = result.last_trick_winner
        return dealer, leader_for(self.totals, dealer=dealer)

    def start_next_hand(self) -> HaggisHand:
        """Deal the next hand; only after a hand ends and while the game is not over."""
        if self.is_over:
            raise ValueError(f"the game is over: seat {self.winner} won")
        dealer, leader = self.next_dealer_and_leader()
        self.hands.append(self._deal(len(self.hands), dealer, leader))
        return self.current

    def to_record(self) -> str:
        """The game as a JSON record (kind ``haggis-game``)."""
        from .records import game_to_record

        return game_to_record(self)

    @classmethod
    def from_record(cls, text: str | bytes) -> HaggisGame:
        from .records import game_from_record

        return game_from_record(text)

    def scoreboard_html(self, names: Sequence[str] | None = None) -> str:
        """A table of hand totals and running totals."""
        name = list(names) if names is not None else [tr("seat {n}", n=s) for s in range(self.rules.players)]
        head = "".join(f"<th>{html.escape(n)}</th>" for n in name)
        rows = []
        running = [0] * self.rules.players
        for number, hand in enumerate(self.hands, start=1):
            if hand.result is None:
                rows.append(f"<tr><td>{number}</td>" + "<td>…</td>" * self.rules.players + "</tr>")
                continue
            running = [a + b for a, b in zip(running, hand.result.totals, strict=True)]
            cells = "".join(
                f"<td>{p:+d} → {t}</td>" for p, t in zip(hand.result.totals, running, strict=True)
            )
            rows.append(f"<tr><td>{number}</td>{cells}</tr>")
        status = (
            tr("{who} wins.", who=html.escape(name[self.winner]))
            if self.winner is not None
            else tr("Game to {target}.", target=self.rules.target)
        )
        return (
            f'<table class="hl-haggis-scores" aria-label="{html.escape(tr("scores"))}">'
            f'<tr><th>{html.escape(tr("hand", context="score sheet"))}</th>{head}</tr>{"".join(rows)}</table>'
            f"<p>{status}</p>"
        )

    def _repr_html_(self) -> str:
        return self.scoreboard_html() + self.current.table_html()
