"""A rule-based player: the advice of strategy guides (seed ``002_01de176b917b05ba.txt``, pagat.com) as rules.

Passing: pass the Q♠ unless three or more lower spades guard it, pass A♠ and K♠ while they could catch the Q♠,
pass high hearts, and use the rest of the pass to empty a short suit (a void lets you discard). Playing:

* **follow** with the highest card that still loses the trick (*ducking*); drop the Q♠ under a higher spade;
  when you must win, win with your highest card if you play last, else with your lowest;
* **discard** when void: the Q♠ first, then A♠/K♠ while the Q♠ is out, then hearts, then high cards;
* **lead** low in the suit where the most higher cards are still out, and *bleed spades* (lead spades below
  the Q♠) while the Q♠ is out and you hold no spade above it;
* **stop a moon**: when another seat has taken every point so far (and many of them), keep your highest heart
  as a *stopper*, give points to anyone else, and take a point trick from the shooter when you can.

Each habit can be switched off with a :class:`Style` (``RuleBasedBot(bleed=False)``), so the lessons can measure
what it is worth. Decisions are functions of the seat's knowledge only
(:class:`~hearts_lessons.bots.features.Knowledge`), on bit masks, so self-play is fast (see ``bench/bots.py``).

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", hold=True, trick_number=10,
...                          hearts_broken=True, leader=2)
>>> s.play("AC"); s.play("9C")
>>> RuleBasedBot().choose_play(s.view(0), random.Random(0))
QS
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Final

from ..cards import Card, card_from_id
from ..layout import Layout
from ..lean import Choose, Lean, LeanView, Phase, direction_offset
from ..legality import legal_mask
from ..scoring import best_moon_choice
from ..views import SeatView
from .base import dealers_choice
from .features import Knowledge, Sight, bits, sight_of, tables_for

__all__ = ["PASS_STYLES", "STYLE", "RuleBasedBot", "Style", "hand_pass", "hand_pass_scores", "pass_scores",
           "rules_card", "rules_choose", "rules_finish", "rules_hand", "rules_pass", "rules_passes",
           "rules_play"]  # fmt: skip

PASS_STYLES = ("danger", "high", "void", "keep_queen", "random")
"""Ways to pass: ``danger`` (the rules above), ``high`` (the highest ranks, the advice of seed 002),
``void`` (empty the shortest side suit first, then the highest), ``keep_queen`` (like ``danger`` but never pass
the Q♠), ``random``."""


@dataclass(frozen=True, slots=True)
class Style:
    """Which habits the rule-based player uses (all on by default)."""

    bleed: bool = True
    """Lead low spades while the Q♠ is out and you hold no spade above it."""
    duck_high: bool = True
    """When ducking, play the highest card that still loses (off: the lowest)."""
    shed_early: bool = True
    """On the first trick, where no points can fall, win with your highest card of the suit."""
    stop_moon: bool = True
    """Watch for a shooter: keep stoppers, give points to the others, take a point trick from the shooter."""
    passing: str = "danger"
    """One of :data:`PASS_STYLES`."""

    def __post_init__(self) -> None:
        if self.passing not in PASS_STYLES:
            raise ValueError(f"unknown pass style {self.passing!r} (choose from {', '.join(PASS_STYLES)})")

    def __reduce__(self) -> tuple[type[Style], tuple[object, ...]]:
        # pickled as a call with every field (a compiled build's frozen class cannot be restored attribute by
        # attribute)
        return (Style, tuple(getattr(self, f.name) for f in fields(self)))

    def changes(self) -> dict[str, object]:
        """The options that differ from the default style."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(STYLE, f.name)}


STYLE = Style()
_PLAYING: Final = Phase.PLAYING


def _passable(view: Knowledge) -> int:
    return view.hand_mask & ~view.k.unpassable


def pass_scores(view: Knowledge) -> dict[int, float]:
    """How much the rule-based player wants to pass each passable card (higher first).

    Unguarded big penalty cards (the Q♠ with fewer than three lower spades) score 100 and more, the cards
    that could catch them (A♠, K♠) 60 and more, high hearts 30 and more, other cards their rank."""
    return hand_pass_scores(view.k, view.hand_mask)


def hand_pass_scores(k: Layout, hand: int) -> dict[int, float]:
    """:func:`pass_scores` of a hand (a mask) under the layout ``k``."""
    t = tables_for(k)
    under = t.under
    cost = t.cost
    big = t.big
    catchers = t.catchers
    points = t.points
    special = big | catchers | points | t.bonus
    out: dict[int, float] = {}
    passable = hand & ~k.unpassable
    while passable:
        low = passable & -passable
        passable ^= low
        cid = low.bit_length() - 1
        rank = (cid & 15) + 2
        if not low & special:
            out[cid] = float(rank)
            continue
        suit = t.suit[cid]
        if low & big:
            guards = (hand & under[suit][rank]).bit_count()
            out[cid] = -5.0 if guards >= 3 else 100.0 + cost[cid]
        elif low & catchers:
            lowest_big = t.bottom(big & k.suit_masks[suit])
            guards = (hand & under[suit][(lowest_big & 15) + 2]).bit_count()
            out[cid] = rank - 6.0 if guards >= 3 else 60.0 + rank
        elif low & points:
            out[cid] = 30.0 + rank + cost[cid] if rank >= 11 else rank * 0.8
        else:
            out[cid] = -10.0
    return out


def _styled_pass(view: Knowledge, style: Style, need: int, rng: random.Random | None) -> list[int]:
    t = tables_for(view.k)
    passable = bits(_passable(view))
    if style.passing == "random":
        return (rng or random.Random(0)).sample(passable, need)
    if style.passing == "high":
        return sorted(passable, key=lambda c: (-((c & 15) + 2), -c))[:need]
    if style.passing == "void":
        by_length = sorted(
            (s for s in range(4) if view.hand_mask & view.k.suit_masks[s] and not view.k.suit_masks[s] & t.points),
            key=lambda s: (view.hand_mask & view.k.suit_masks[s]).bit_count(),
        )
        chosen: list[int] = []
        for suit in by_length:
            cards = [c for c in passable if t.suit[c] == suit]
            if len(chosen) + len(cards) <= need:
                chosen += cards
        rest = sorted((c for c in passable if c not in chosen), key=lambda c: (-((c & 15) + 2), -c))
        return (chosen + rest)[:need]
    scores = pass_scores(view)
    for cid in bits(view.hand_mask & t.big):
        scores[cid] = -50.0  # keep_queen
    order = sorted(scores, key=lambda c: (-scores[c], -((c & 15) + 2), c))
    return order[:need]


def rules_pass(view: Knowledge, style: Style = STYLE, rng: random.Random | None = None) -> list[int]:
    """The rule-based pass (card ids): must-pass cards (unguarded Q♠, A♠/K♠, high hearts), then a short suit
    emptied if it fits, then the highest of the rest (other :data:`PASS_STYLES` with ``style``)."""
    need = 0
    for _, count in view.targets:
        need += count
    if need <= 0:
        return []
    if style.passing != "danger":
        return _styled_pass(view, style, need, rng)
    return hand_pass(view.k, view.hand_mask, need)


def hand_pass(k: Layout, hand: int, need: int) -> list[int]:
    """:func:`rules_pass` (the default style) of a hand (a mask) that passes ``need`` cards (at least one)."""
    scores = hand_pass_scores(k, hand)
    # highest score first; among equals, the highest rank, then the lowest id: ``(-score, -rank, id)`` as a pair
    # of a float and one exact int (cheaper to sort than a triple)
    keyed = [(-v, ((32 - ((c & 15) + 2)) << 12) | c) for c, v in scores.items()]
    keyed.sort()
    order = [code & 4095 for _, code in keyed]
    chosen = [c for c in order[:need] if scores[c] >= 30]
    room = need - len(chosen)
    if room > 0:
        t = tables_for(k)
        passable = hand & ~k.unpassable
        for c in chosen:
            passable &= ~(1 << c)
        best_suit, best_len = -1, 99
        special = t.points | t.big | t.catchers | t.bonus
        for suit in range(4):
            suit_mask = k.suit_masks[suit]
            if suit_mask & special:
                continue  # only empty a suit without point cards (clubs and diamonds in the standard game)
            mine = hand & suit_mask
            length = mine.bit_count()
            if mine and mine & ~passable == 0 and length <= room and length < best_len:
                best_suit, best_len = suit, length
        if best_suit >= 0:
            chosen += bits(hand & k.suit_masks[best_suit])[::-1]
        for cid in order:
            if len(chosen) >= need:
                break
            if cid not in chosen:
                chosen.append(cid)
    return chosen[:need]


def _lead(s: Sight, legal: int, style: Style) -> int:
    t = s.t
    suit_masks = s.k.suit_masks
    hand = s.hand
    unseen = s.unseen
    heavy = t.heavy
    big_out = t.big & unseen
    under = t.under
    # bleed spades: lead a low card of a big card's suit while it is out and we hold nothing above it
    if big_out and style.bleed:
        rest = big_out
        while rest:
            bit = rest & -rest
            rest ^= bit
            cid = bit.bit_length() - 1
            suit = t.suit[cid]
            if hand & suit_masks[suit] & heavy:
                continue
            safe = legal & under[suit][(cid & 15) + 2]
            if safe:
                return t.bottom(safe)
    others_void = 0
    seat = s.seat
    for other, void in enumerate(s.voids):
        if other != seat:
            others_void |= void
    guarded = big_out | (hand & t.big)
    points = t.points
    multi = t.multi
    best_cid, best_danger = -1, 1e9
    for suit in range(4):
        suit_mask = suit_masks[suit]
        mine = legal & suit_mask
        if not mine:
            continue
        low = t.bottom(mine) if multi else (mine & -mine).bit_length() - 1
        rank = (low & 15) + 2
        out = unseen & suit_mask
        higher = (out & ~under[suit][rank + 1]).bit_count()
        if higher:
            lower = (out & under[suit][rank]).bit_count()
            danger = lower / (higher + lower)
        else:
            danger = 10.0
        if (others_void >> suit) & 1:
            danger += 3.0  # someone can discard points on it
        held = hand & suit_mask
        if guarded and held & heavy:
            danger += 6.0  # keep the Q♠ (or the spades that would catch it) out of our own lead
        if (points >> low) & 1:
            danger += 0.5 + t.cost[low] / 4
        danger += 0.02 * held.bit_count()
        if danger < best_danger:
            best_cid, best_danger = low, danger
    return best_cid


def _follow(s: Sight, lead: int, follow: int, winner: int, rank: int, last: bool, style: Style) -> int:
    t = s.t
    under = follow & t.under[lead][rank]
    over = follow ^ under
    if style.stop_moon and s.taken[winner] & t.points and winner == s.threat():
        if over:
            return t.bottom(over)  # take the trick (and its points) from the shooter
        return t.bottom(under)  # keep high cards: they are the stoppers
    if under:
        if under & t.big:
            return t.costliest(under & t.big)  # drop the Q♠ under a higher spade
        return t.top(under) if style.duck_high else t.bottom(under)  # duck as high as possible
    safe = over & ~t.big
    if last or (style.shed_early and s.trick_number == 0 and not s.rules.points_on_first_trick):
        # we take it anyway (or no point can fall on the first trick): get rid of a high card
        return t.top(safe) if safe else t.bottom(over)
    return t.bottom(safe) if safe else t.bottom(over)


def _discard(s: Sight, legal: int, winner: int, style: Style) -> int:
    t = s.t
    hand = s.hand
    threat = s.threat() if style.stop_moon else -1
    if threat >= 0:
        points = legal & t.points
        if winner != threat and points:
            return t.costliest(points)  # any point to another seat stops the moon
        plain = legal & ~t.points & ~t.big
        if plain:
            return t.top_rank(plain)
        return t.bottom(legal)
    big = legal & t.big
    if big:
        return t.costliest(big)
    live = legal & t.catchers
    if live and t.big & s.unseen:
        return t.top(live)
    points = legal & t.points
    if points:
        return t.costliest(points)
    plain = legal & ~t.bonus
    if not plain:
        return t.bottom(legal)
    # the highest card; among equals, the one from the shortest suit (closer to another void)
    best, best_rank, best_short = -1, -1, 0
    suit_masks = s.k.suit_masks
    suit = t.suit
    while plain:
        bit = plain & -plain
        plain ^= bit
        cid = bit.bit_length() - 1
        rank = (cid & 15) + 2
        if rank < best_rank:
            continue
        short = -(hand & suit_masks[suit[cid]]).bit_count()
        if rank > best_rank or short > best_short:
            best, best_rank, best_short = cid, rank, short
    return best


def _play(s: Sight, legal: int, style: Style) -> int:
    """The rule-based card of a seat with at least two legal cards (``legal``)."""
    trick = s.trick
    if not trick:
        return _lead(s, legal, style)
    suit = s.t.suit
    lead = suit[trick[0][1]]
    winner, best = -1, -1
    for seat, cid, rank in trick:
        if rank > best and suit[cid] == lead:
            winner, best = seat, rank
    follow = legal & s.k.suit_masks[lead]
    if follow:
        return _follow(s, lead, follow, winner, best, len(trick) == s.k.players - 1, style)
    return _discard(s, legal, winner, style)


def rules_card(sight: Sight, legal: int, style: Style = STYLE) -> int:
    """The rule-based card for the seat of ``sight`` (its knowledge now), whose legal cards are ``legal``."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    return _play(sight, legal, style)


def rules_play(view: Knowledge, legal: int = -1, style: Style = STYLE) -> int:
    """The rule-based card (an id) for the seat to play; ``legal`` is the legal mask if already known."""
    if legal < 0:
        legal = view.legal_mask
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    return _play(sight_of(view), legal, style)


def rules_choose(lean: Lean, seat: int, legal: int, style: Style = STYLE) -> int:
    """The rule-based card for ``seat`` of a :class:`~hearts_lessons.lean.Lean` hand, whose legal cards are
    ``legal``: the rollout policy of the hot path (``lean.finish(rules_choose)``, or :func:`rules_finish`).
    The same card as :func:`rules_play` of the seat's view, read from the hand's fields directly."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    return _play(Sight(lean.k, lean.rules).look(lean, seat), legal, style)


def rules_finish(lean: Lean, shooter: int = -1, shoot: Choose | None = None, styles: list[Style] | None = None) -> None:
    """Play a :class:`~hearts_lessons.lean.Lean` hand to the end of its play with the rule-based card for every
    seat: what ``lean.finish(rules_choose)`` does (a seat with one legal card plays it without asking), with
    the rule-based player called directly (the coach's rollouts, the simulations of rule-based tables). Each
    seat plays the default :data:`STYLE`, or its style of ``styles`` (one per seat). With ``shooter`` (a seat)
    and ``shoot`` (a policy like ``rules_choose``), that seat plays ``shoot``'s cards instead for as long as no
    other seat has taken a point card."""
    k = lean.k
    players = k.players
    hands = lean._hands
    sight = Sight(k, lean.rules)
    points = sight.t.points
    playing = _PLAYING
    while lean.phase is playing:
        trick = lean._trick
        seat = (lean.leader + len(trick)) % players
        legal = legal_mask(k, lean, hands[seat])
        if not legal & (legal - 1):
            cid = legal.bit_length() - 1
        elif seat == shooter and shoot is not None and _alone(lean._taken, seat, points):
            cid = shoot(lean, seat, legal)
            if not (legal >> cid) & 1:
                raise ValueError(f"the shooter's policy chose {card_from_id(cid)}, which is not legal now")
        else:
            cid = _play(sight.look(lean, seat), legal, STYLE if styles is None else styles[seat])
        lean._apply_play(cid)


def rules_passes(lean: Lean, rng: random.Random, styles: list[Style] | None = None) -> None:
    """Every seat of a :class:`~hearts_lessons.lean.Lean` hand in its passing phase that has not passed yet passes
    :func:`rules_pass` (its style of ``styles``, else :data:`STYLE`; the ``random`` style draws from ``rng``),
    seat by seat; then the cards change hands and the play starts."""
    k = lean.k
    need = 0
    for _, count in lean.targets:
        need += count
    passes = lean._passes
    hands = lean._hands
    for seat in range(k.players):
        if passes[seat] is not None:
            continue
        style = STYLE if styles is None else styles[seat]
        if need <= 0:
            ids: list[int] = []
        elif style.passing == "danger":
            ids = hand_pass(k, hands[seat], need)
        else:
            ids = rules_pass(LeanView(lean, seat), style, rng)
        passes[seat] = tuple(ids)
    lean._exchange()


def rules_hand(lean: Lean, rng: random.Random, styles: list[Style] | None = None) -> None:
    """Play a dealt :class:`~hearts_lessons.lean.Lean` hand to its end with the rule-based player in every seat
    (each seat's style of ``styles``, else :data:`STYLE`): the rule-based self-play of the lab and the
    benchmarks, on the hot path. The dealer's choice is the bots'
    (:func:`~hearts_lessons.bots.base.dealers_choice`), each seat still to pass passes :func:`rules_pass`
    (:func:`rules_passes`),
    the play is :func:`rules_finish`, and a moon that needs a choice takes the shooter's best
    (:func:`~hearts_lessons.scoring.best_moon_choice`): the same hand, with the same random draws, as
    :func:`~hearts_lessons.bots.driver.run_hand` with four :class:`RuleBasedBot` s."""
    k = lean.k
    rules = lean.rules
    n = k.players
    if lean.phase is Phase.DEALERS_CHOICE:
        chosen = dealers_choice(LeanView(lean, lean.dealer), rng)
        lean._choose_targets(tuple((direction_offset(d, n), count) for d, count in chosen.items() if count))
    if lean.phase is Phase.PASSING:
        rules_passes(lean, rng, styles)
    rules_finish(lean, styles=styles)
    if lean.phase is Phase.MOON_CHOICE:
        shooter = lean.moon_shooter
        assert shooter is not None
        lean._score_moon(best_moon_choice(rules, shooter, lean.totals_before))


def _alone(taken: list[int], seat: int, points: int) -> bool:
    """No seat but ``seat`` has taken a point card."""
    others = 0
    for other, mask in enumerate(taken):
        if other != seat:
            others |= mask
    return not others & points


class RuleBasedBot:
    """Plays by the rules of thumb of the module docstring. Options switch habits off (see :class:`Style`);
    it is deterministic except for the ``random`` pass style."""

    name = "rules"

    def __init__(self, **options: object) -> None:
        self.style = Style(**options)  # type: ignore[arg-type]
        changed = self.style.changes()
        if changed:
            self.name = "rules (" + ", ".join(f"{k}={v}" for k, v in changed.items()) + ")"

    def pass_ids(self, view: Knowledge, rng: random.Random) -> list[int]:
        return rules_pass(view, self.style, rng)

    def play_id(self, view: Knowledge, rng: random.Random) -> int:
        return rules_play(view, -1, self.style)

    def play_sight(self, sight: Sight, legal: int, rng: random.Random) -> int:
        """The card for the seat of ``sight`` (its knowledge now), whose legal cards are ``legal`` (at least two):
        :meth:`play_id` without a view (the simulation driver's fast path)."""
        return _play(sight, legal, self.style)

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        return [card_from_id(c) for c in self.pass_ids(view, rng)]

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        return card_from_id(self.play_id(view, rng))
