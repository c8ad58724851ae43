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

Decisions are functions of the seat's knowledge only (:class:`~hearts_lessons.bots.features.Knowledge`), on
bit masks, so self-play is fast (see ``bench/bots.py``).

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", hold=True, trick_number=1,
...                          hearts_broken=True, leader=2)
>>> s.play("AC"); s.play("9C")
>>> RuleBasedBot().choose_play(s.view(0), random.Random(0))
QS
"""

from __future__ import annotations

import random

from ..cards import Card, card_from_id
from ..views import SeatView
from .features import Knowledge, Tables, bits, moon_threat, tables_for, trick_state

__all__ = ["RuleBasedBot", "rules_pass", "rules_play"]


def _passable(view: Knowledge) -> int:
    mask = view.hand_mask
    for card in view.rules.unpassable:
        mask &= ~card.bit
    return mask


def pass_scores(view: Knowledge) -> dict[int, float]:
    """How much the rule-based player wants to pass each passable card (higher first)."""
    t = tables_for(view.k)
    hand = view.hand_mask
    out: dict[int, float] = {}
    for cid in bits(_passable(view)):
        suit, rank = t.suit[cid], cid & 15
        if (t.big >> cid) & 1:
            guards = (hand & t.under[suit][rank]).bit_count()
            out[cid] = -5.0 if guards >= 3 else 100.0 + t.cost[cid]
        elif (t.catchers >> cid) & 1:
            lowest_big = t.bottom(t.big & view.k.suit_masks[suit])
            guards = (hand & t.under[suit][lowest_big & 15]).bit_count()
            out[cid] = rank - 6.0 if guards >= 3 else 60.0 + rank
        elif (t.points >> cid) & 1:
            out[cid] = 30.0 + rank + t.cost[cid] if rank >= 11 else rank * 0.8
        elif (t.bonus >> cid) & 1:
            out[cid] = -10.0
        else:
            out[cid] = float(rank)
    return out


def rules_pass(view: Knowledge) -> list[int]:
    """The rule-based pass (card ids): must-pass cards (unguarded Q♠, A♠/K♠, high hearts), then a short suit
    emptied if it fits, then the highest of the rest."""
    need = sum(count for _, count in view.targets)
    if need <= 0:
        return []
    scores = pass_scores(view)
    order = sorted(scores, key=lambda c: (-scores[c], -(c & 15), c))
    chosen = [c for c in order if scores[c] >= 30][:need]
    room = need - len(chosen)
    if room > 0:
        t = tables_for(view.k)
        passable = _passable(view) & ~sum(1 << c for c in chosen)
        best_suit, best_len = -1, 99
        for suit in range(4):
            suit_mask = view.k.suit_masks[suit]
            if suit_mask & (t.points | t.big | t.catchers | t.bonus):
                continue  # only empty a suit without point cards (clubs and diamonds in the standard game)
            mine = view.hand_mask & suit_mask
            if mine and mine & ~passable == 0 and mine.bit_count() <= room and mine.bit_count() < best_len:
                best_suit, best_len = suit, mine.bit_count()
        if best_suit >= 0:
            chosen += sorted(bits(view.hand_mask & view.k.suit_masks[best_suit]), key=lambda c: -(c & 15))
    for cid in order:
        if len(chosen) >= need:
            break
        if cid not in chosen:
            chosen.append(cid)
    return chosen[:need]


def _lead(view: Knowledge, t: Tables, legal: int) -> int:
    k = view.k
    hand = view.hand_mask
    unseen = view.unseen_mask
    big_out = t.big & unseen
    # bleed spades: lead a low card of a big card's suit while it is out and we hold nothing above it
    if big_out:
        for cid in bits(big_out):
            suit = t.suit[cid]
            mine = hand & k.suit_masks[suit]
            if mine & (t.big | t.catchers):
                continue
            safe = legal & t.under[suit][cid & 15]
            if safe:
                return t.bottom(safe)
    voids = view.voids
    seat = view.seat
    players = view.players
    best_cid, best_danger = -1, 1e9
    for suit in range(4):
        suit_mask = k.suit_masks[suit]
        mine = legal & suit_mask
        if not mine:
            continue
        low = t.bottom(mine)
        rank = low & 15
        out = unseen & suit_mask
        higher = (out & ~t.under[suit][rank + 1]).bit_count()
        lower = (out & t.under[suit][rank]).bit_count()
        danger = 0.0 if higher else 10.0
        if higher:
            danger += lower / (higher + lower)
        if any((voids[s] >> suit) & 1 for s in range(players) if s != seat):
            danger += 3.0  # someone can discard points on it
        if (hand & suit_mask & (t.big | t.catchers)) and big_out | (hand & t.big):
            danger += 6.0  # keep the Q♠ (or the spades that would catch it) out of our own lead
        if (t.points >> low) & 1:
            danger += 0.5 + t.cost[low] / 4
        danger += 0.02 * (hand & suit_mask).bit_count()
        if danger < best_danger:
            best_cid, best_danger = low, danger
    return best_cid


def _follow(view: Knowledge, t: Tables, follow: int, winner: int, rank: int, points: float, last: bool,
            threat: int) -> int:  # fmt: skip
    suit = t.suit[follow.bit_length() - 1]
    under = follow & t.under[suit][rank]
    over = follow ^ under
    if threat >= 0 and winner == threat and over and points > 0:
        return t.bottom(over)  # take a point from the shooter
    if under & t.big:
        return t.costliest(under & t.big)  # drop the Q♠ under a higher spade
    if under:
        return t.top(under)  # duck as high as possible
    safe = over & ~t.big
    if last or (view.trick_number == 0 and not view.rules.points_on_first_trick):
        # we take it anyway (or no point can fall on the first trick): get rid of a high card
        return t.top(safe) if safe else t.bottom(over)
    return t.bottom(safe) if safe else t.bottom(over)


def _discard(view: Knowledge, t: Tables, legal: int, winner: int, threat: int) -> int:
    hand = view.hand_mask
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
    if live and t.big & view.unseen_mask:
        return t.top(live)
    points = legal & t.points
    if points:
        return t.costliest(points)
    plain = legal & ~t.bonus
    if not plain:
        return t.bottom(legal)
    # the highest card; among equals, the one from the shortest suit (closer to another void)
    best, key = -1, (-1, 0)
    for cid in bits(plain):
        here = (cid & 15, -(hand & view.k.suit_masks[t.suit[cid]]).bit_count())
        if here > key:
            best, key = cid, here
    return best


def rules_play(view: Knowledge, legal: int = -1) -> int:
    """The rule-based card (an id) for the seat to play; ``legal`` is the legal mask if already known."""
    if legal < 0:
        legal = view.legal_mask
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    t = tables_for(view.k)
    trick = trick_state(view, t)
    if trick.lead_suit < 0:
        return _lead(view, t, legal)
    threat = moon_threat(view, t)
    follow = legal & view.k.suit_masks[trick.lead_suit]
    if follow:
        return _follow(view, t, follow, trick.winner, trick.winning_rank, trick.points, trick.last, threat)
    return _discard(view, t, legal, trick.winner, threat)


class RuleBasedBot:
    """Plays by the rules of thumb of the module docstring (deterministic: it never uses ``rng``)."""

    name = "rules"

    def pass_ids(self, view: Knowledge, rng: random.Random) -> list[int]:
        return rules_pass(view)

    def play_id(self, view: Knowledge, rng: random.Random) -> int:
        return rules_play(view)

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        return [card_from_id(c) for c in self.pass_ids(view, rng)]

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        return card_from_id(self.play_id(view, rng))
