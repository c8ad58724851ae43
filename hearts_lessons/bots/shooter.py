"""A moon shooter: plays the rule-based game, but recognises a hand that can take every point card and then
plays to win tricks (seed ``002_01de176b917b05ba.txt``: shoot only with many high cards, not with many low
ones, and give up as soon as someone else has taken a point).

A hand is a *shooting hand* when its :attr:`~hearts_lessons.bots.features.HandFeatures.moon_chance` (a model
fitted to simulated hands) reaches ``threshold``: before passing, the hand dealt; during play, the hand held
when the play began. While shooting, the bot passes its lowest cards, leads its highest
cards (masters first: cards no unseen card outranks), wins every trick it can and discards low cards of side
suits; once another seat takes a point card it plays like :mod:`~hearts_lessons.bots.rulebased`.

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards(
...     "AH KH QH JH TH 9H AS KS QS AD KD AC KC; 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D; "
...     "4D 5D 6D 7D 8D 9D TD JD QD 2S 3S 4S 5S; 6S 7S 8S 9S TS JS 2H 3H 4H 5H 6H 7H 8H", hold=True)
>>> ShooterBot().wants_to_shoot(s.view(0)), ShooterBot().wants_to_shoot(s.view(1))
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..cards import Card, card_from_id
from ..playout import finish_with
from ..rules import Moon, Rules
from ..state import HandState
from ..stats import mean_half
from ..views import SeatView, state_from_view
from .features import (
    Knowledge,
    LiveView,
    Tables,
    bits,
    cost_of,
    hand_features,
    start_of_play_hand,
    tables_for,
    trick_state,
)
from .rulebased import rules_pass, rules_play
from .sampling import sample_hands

__all__ = ["DEFAULT_THRESHOLD", "MoonVerdict", "ShooterBot", "moon_verdict", "shooter_pass", "shooter_play",
           "shooting", "shooting_deals"]  # fmt: skip

DEFAULT_THRESHOLD = 0.55
"""The :attr:`~hearts_lessons.bots.features.HandFeatures.moon_chance` from which the shooter tries."""


def shooting(view: Knowledge, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Whether the seat is going for the moon: the rules have a moon, nobody else has taken a point card, and
    the hand it was dealt (while passing) or held when the play began is a shooting hand."""
    if view.rules.moon is Moon.NONE:
        return False
    t = tables_for(view.k)
    for seat, taken in enumerate(view.taken_masks):
        if taken & t.points and seat != view.seat:
            return False
    return hand_features(start_of_play_hand(view), view.k).moon_chance >= threshold


def shooter_pass(view: Knowledge) -> list[int]:
    """Pass the lowest cards, keeping hearts (a shooter must win every heart)."""
    need = sum(count for _, count in view.targets)
    t = tables_for(view.k)
    passable = view.hand_mask & ~view.k.unpassable
    order = sorted(bits(passable), key=lambda c: ((t.points >> c) & 1, (c & 15) + 2, c))
    return order[:need]


def _masters(view: Knowledge, t: Tables, mask: int) -> int:
    """Cards of ``mask`` that no unseen card of their suit outranks."""
    out = 0
    unseen = view.unseen_mask
    for cid in bits(mask):
        suit = t.suit[cid]
        if not unseen & view.k.suit_masks[suit] & ~t.under[suit][(cid & 15) + 3]:
            out |= 1 << cid
    return out


def shooter_play(view: Knowledge, legal: int = -1) -> int:
    """The card of a seat that is shooting: win every trick it can."""
    if legal < 0:
        legal = view.legal_mask
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    t = tables_for(view.k)
    k = view.k
    trick = trick_state(view, t)
    if trick.lead_suit < 0:
        masters = _masters(view, t, legal)
        if masters:
            return t.top_rank(masters & t.points) if masters & t.points else t.top_rank(masters)
        longest, best_len = legal, -1
        for suit in range(4):
            mine = legal & k.suit_masks[suit]
            if mine and (view.hand_mask & k.suit_masks[suit]).bit_count() > best_len:
                longest, best_len = mine, (view.hand_mask & k.suit_masks[suit]).bit_count()
        return t.top(longest)
    follow = legal & k.suit_masks[trick.lead_suit]
    if follow:
        over = follow & ~t.under[trick.lead_suit][trick.winning_rank + 1]
        if over:
            return t.top(over) if not trick.last else t.bottom(over)
        return t.bottom(follow)
    plain = legal & ~t.points & ~t.big
    if plain:
        return t.bottom(plain) if not plain & ~t.bonus else t.bottom(plain & ~t.bonus)
    return t.bottom(legal)


class ShooterBot:
    """Shoots the moon with a strong hand, else plays like the rule-based bot. ``always=True`` makes it try
    with every hand (for experiments: how often does a hand like this succeed?)."""

    name = "shooter"

    def __init__(self, threshold: float = DEFAULT_THRESHOLD, always: bool = False) -> None:
        self.threshold = -1e9 if always else threshold
        if always:
            self.name = "shooter (always)"

    def wants_to_shoot(self, view: Knowledge) -> bool:
        return shooting(view, self.threshold)

    def pass_ids(self, view: Knowledge, rng: random.Random) -> list[int]:
        return shooter_pass(view) if self.wants_to_shoot(view) else rules_pass(view)

    def play_id(self, view: Knowledge, rng: random.Random) -> int:
        legal = view.legal_mask
        return shooter_play(view, legal) if self.wants_to_shoot(view) else rules_play(view, legal)

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        return [card_from_id(c) for c in self.pass_ids(view, rng)]

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        return card_from_id(self.play_id(view, rng))


@dataclass(frozen=True, slots=True)
class MoonVerdict:
    """Shoot or not: the same sampled deals played twice, once going for the moon and once playing safe."""

    shoot_points: float
    safe_points: float
    shoot_relative: float
    """Average of (this seat's points − the other seats' average points) when shooting: lower is better."""
    safe_relative: float
    success: float
    """Share of the deals in which the attempt took every point card."""
    half_width: float
    """95% half-width of the mean difference in ``relative`` between the two plans."""
    worlds: int
    chance: float
    """The model's :attr:`~hearts_lessons.bots.features.HandFeatures.moon_chance` for the hand."""

    @property
    def shoot(self) -> bool:
        """Whether shooting did better (by relative points, what decides a game)."""
        return self.shoot_relative < self.safe_relative

    @property
    def text(self) -> str:
        plan = "Shoot" if self.shoot else "Play it safe"
        return (
            f"{plan}. Over {self.worlds} deals of the other hands, going for the moon succeeded "
            f"{self.success:.0%} of the time and scored {self.shoot_points:.1f} points on average "
            f"({self.shoot_relative:+.1f} against the others' average); playing safe scored "
            f"{self.safe_points:.1f} ({self.safe_relative:+.1f})."
        )


def _as_choose(policy: Callable[[Knowledge, int], int]) -> Callable[[HandState, int, int], int]:
    return lambda state, seat, mask: policy(LiveView(state, seat, mask), mask)


def moon_verdict(view: SeatView, *, worlds: int = 60, rng: random.Random | None = None) -> MoonVerdict:
    """Play each sampled deal of the hidden cards twice from this position: the seat going for the moon, then
    playing like the rule-based bot (the others always play like the rule-based bot)."""
    rng = rng or random.Random(0)
    me = view.seat
    n = view.players

    def shoot(v: Knowledge, legal: int) -> int:
        return shooter_play(v, legal) if v.seat == me else rules_play(v, legal)

    def safe(v: Knowledge, legal: int) -> int:
        return rules_play(v, legal)

    results: dict[str, list[tuple[float, float, bool]]] = {"shoot": [], "safe": []}
    for _ in range(worlds):
        base = state_from_view(view, sample_hands(view, rng))
        for plan, policy in (("shoot", shoot), ("safe", safe)):
            state = base.copy()
            finish_with(state, _as_choose(policy), rng)
            score = state.score
            assert score is not None
            points = [cost_of(p) for p in score.points]
            relative = points[me] - (sum(points) - points[me]) / (n - 1)
            results[plan].append((points[me], relative, score.shooter == me))
    diffs = [a[1] - b[1] for a, b in zip(results["shoot"], results["safe"], strict=True)]
    _, half_width = mean_half(diffs)
    return MoonVerdict(
        shoot_points=sum(r[0] for r in results["shoot"]) / worlds,
        safe_points=sum(r[0] for r in results["safe"]) / worlds,
        shoot_relative=sum(r[1] for r in results["shoot"]) / worlds,
        safe_relative=sum(r[1] for r in results["safe"]) / worlds,
        success=sum(r[2] for r in results["shoot"]) / worlds,
        half_width=half_width,
        worlds=worlds,
        chance=hand_features(start_of_play_hand(view), view.k).moon_chance,
    )


def shooting_deals(rules: Rules, *, start: int = 0, minimum: float = 0.2, seat: int = 0) -> Iterator[HandState]:
    """Seeded deals (from ``start`` on) in which ``seat``'s hand has a :attr:`moon_chance` of at least
    ``minimum``: hands where shooting is a real question."""
    seed = start
    while True:
        state = HandState.deal(rules, seed=seed)
        if hand_features(state.hand_mask(seat), state.k).moon_chance >= minimum:
            yield state
        seed += 1
