"""Sentences a learner understands, explaining a move from checked facts of the position and the coach's numbers.

Every reason is a :class:`~hearts_lessons.facts.Fact` made with :func:`~hearts_lessons.facts.make`: its predicate
is checked on the position when the sentence is made (a fact false of its position raises
:class:`~hearts_lessons.facts.FactError`), and its words come from its kind's one template. The facts are about
what the seat can see (its hand, the cards played, the trick on the table); the position they are checked on is
the real hand when the caller has it (a :class:`~hearts_lessons.lean.LeanView` or
:class:`~hearts_lessons.bots.features.LiveView`), else a hand rebuilt from the seat's view, the hidden cards
dealt any way that agrees with it (:func:`position_of`): no predicate looks at hidden cards, so the facts are the
same whatever the deal. The numbers are the coach's averages over its sampled worlds (lower is better).

:func:`play_facts` and :func:`pass_facts` give the facts themselves (for the drills and the puzzles);
:func:`play_reasons` and :func:`pass_reasons` give them in words; :func:`play_sentence` and
:func:`pass_sentence` make the coach's advice. Cards that do different things (win, stay under, discard) never
share a sentence (:func:`same_action`).

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4C TC KC 2D; QC 2S 3S 4S; 5C 5D 6D 7D; 8C 8D 9D TD", hold=True, leader=1,
...                          trick_number=9, hearts_broken=True)
>>> s.play("QC"); s.play("5C"); s.play("8C")
>>> play_reasons(s.view(0), Card.from_str("TC").id)
['the 10♣ stays under the Q♣: West is still winning the trick']
>>> play_reasons(s.view(0), Card.from_str("KC").id)
['the K♣ takes the trick', 'the trick would hold no points']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card, Suit, card_from_id, cards_of_mask
from ..facts import KINDS, Fact, _normal, clauses, join_cards, make
from ..facts.coach import big_cards, every_unseen_held, seen_taken
from ..i18n import tr
from ..lean import Lean, LeanView
from ..legality import legal_mask
from ..state import HandState, Phase
from ..views import SeatView, state_from_view
from .features import DEFEND_SHARE, Knowledge, LiveView, moon_threat, tables_for
from .rollout import play_candidates

if TYPE_CHECKING:
    from .coach import Candidate

__all__ = [
    "ACTION_KINDS",
    "action_of",
    "moon_reason",
    "pass_facts",
    "pass_reasons",
    "pass_sentence",
    "play_facts",
    "play_reasons",
    "play_sentence",
    "position_of",
    "same_action",
    "stakes_facts",
    "stakes_reason",
    "words_of",
]

ACTION_KINDS = frozenset({"stays_under", "ducks", "cancels", "overtakes", "takes_trick", "discards", "bleeds",
                          "bleeds_unseen", "none_out", "all_out_above", "all_unseen_above", "none_higher_out",
                          "out_above", "unseen_above", "trick_points", "void_after"})  # fmt: skip
"""The kinds of fact that say what a card *does* (or what follows from it): two cards share a sentence only when
their facts of these kinds agree but for the card itself (:func:`same_action`)."""


# -- the position the facts are checked on --------------------------------------------------------------------------


def position_of(view: Knowledge) -> Lean:
    """The position to check a seat's facts on: the real hand behind a :class:`~hearts_lessons.lean.LeanView` or a
    :class:`~hearts_lessons.bots.features.LiveView`; for a :class:`~hearts_lessons.views.SeatView`, the hand
    rebuilt from it, the hidden cards dealt consistently with it (seeded: always the same deal). Every fact the
    coach says is about what the seat sees, so it holds of the one exactly when it holds of the other (a test
    checks this against the real hands)."""
    if isinstance(view, LeanView):
        return view._lean
    if isinstance(view, LiveView):
        return view._state
    if not isinstance(view, SeatView):
        raise TypeError(f"no position can be rebuilt from a {type(view).__name__}")
    from .sampling import sample_hands

    hands = sample_hands(view, random.Random(0))
    if view.phase is Phase.PLAYING:
        return state_from_view(view, hands)
    if view.phase in (Phase.PASSING, Phase.DEALERS_CHOICE):
        held = 0
        for mask in hands:
            held |= mask
        state = HandState(view.rules, hands, view.k.deck & ~held, dealer=view.dealer, hand_number=view.hand_number,
                          direction=view.direction, totals_before=view.totals_before)  # fmt: skip
        state.targets = view.targets
        return state
    raise ValueError(f"no facts to say in the {view.phase.value} phase")


def _if_true(kind_name: str, pos: Lean, **args: Any) -> Fact | None:
    """The fact when its predicate holds of ``pos``, else None: for the facts the coach says only when they are
    true (a moon watch, the cards still out above a card…). Made with :func:`~hearts_lessons.facts.make`."""
    normal = {key: _normal(value) for key, value in args.items()}
    if not KINDS[kind_name].holds(pos, **normal):
        return None
    return make(kind_name, pos, **args)


def words_of(facts: Sequence[Fact], view: Knowledge) -> list[str]:
    """The facts in words, spoken to the view's seat."""
    return [f.words(players=view.players, you=view.seat) for f in facts]


def _rank(card: Card) -> int:
    return int(card.rank)


# -- a card's facts ---------------------------------------------------------------------------------------------


def play_facts(view: Knowledge, card: Card | int, *, position: Lean | None = None) -> list[Fact]:
    """The checked facts that explain playing ``card`` now: the moon watch, what the card does to the trick
    (leads, stays under, beats, takes, is discarded), the points in the trick, the cards still out that could
    beat it, and the void it leaves. ``position``: the position to check on (default :func:`position_of`)."""
    card = card_from_id(card) if isinstance(card, int) else card
    pos = position if position is not None else position_of(view)
    seat = view.seat
    k = pos.k
    t = tables_for(k)
    if pos.to_play != seat or not (pos._hands[seat] >> card.id) & 1:
        raise ValueError(f"{card.symbol} is not a card the seat to play holds")
    if not (legal_mask(k, pos, pos._hands[seat]) >> card.id) & 1:
        raise ValueError(f"{card.symbol} may not be played here")
    facts: list[Fact] = []
    watched = moon_threat(view, t, share=DEFEND_SHARE)
    if watched >= 0:
        shooter_points = _points(pos, seen_taken(pos, watched) & k.moon_cards)
        found = _if_true("moon_watch", pos, seat=seat, shooter=watched, points=shooter_points)
        if found is not None:
            facts.append(found)
            if moon_threat(view, t) == watched:
                stop = _if_true("stops_moon", pos, seat=seat, card=card, shooter=watched)
                if stop is not None:
                    facts.append(stop)
    suit = int(k.suit_of[card.id])
    unseen = _unseen_mask(pos, seat)
    big_out = big_cards(pos) & unseen
    if not pos._trick:
        facts.extend(_lead_facts(pos, seat, card, suit, unseen, big_out))
    else:
        facts.extend(_follow_facts(pos, seat, card, suit, unseen, big_out))
    mine = pos._hands[seat] & k.suit_masks[suit]
    if mine.bit_count() == 1:
        facts.append(make("void_after", pos, seat=seat, cards=(card,), suit=Suit(suit)))
    return facts


def _unseen_mask(pos: Lean, seat: int) -> int:
    return int(pos.k.deck & ~pos._hands[seat] & ~pos._seen & ~pos._taken[seat])


def _points(pos: Lean, mask: int) -> Any:
    total: Any = 0
    for c in cards_of_mask(mask):
        total += pos.k.values.get(c.id, 0)
    return total


def _out_kind(pos: Lean, seat: int, kind_name: str) -> str:
    """The kind to say that cards are out: "still out" (``kind_name``) where every card the seat cannot see is in
    another hand, else its "not yet seen" variant (the rules set cards aside unseen: hole cards, a kitty…;
    :func:`~hearts_lessons.facts.coach.every_unseen_held`)."""
    if every_unseen_held(pos, seat):
        return kind_name
    return {"out_above": "unseen_above", "all_out_above": "all_unseen_above", "bleeds": "bleeds_unseen",
            "still_out": "unseen"}[kind_name]  # fmt: skip


def _lead_facts(pos: Lean, seat: int, card: Card, suit: int, unseen: int, big_out: int) -> list[Fact]:
    k = pos.k
    big_here = [c for c in cards_of_mask(big_out) if k.suit_of[c.id] == suit and _rank(c) > _rank(card)]
    if big_here and not big_cards(pos) >> card.id & 1:
        bleed = _if_true(_out_kind(pos, seat, "bleeds"), pos, seat=seat, card=card, big=big_here[0], suit=Suit(suit))
        if bleed is not None:
            return [bleed]
    out = cards_of_mask(unseen & k.suit_masks[suit])
    above = tuple(c for c in out if _rank(c) > _rank(card))
    if above:
        facts = [make(_out_kind(pos, seat, "out_above"), pos, seat=seat, card=card, cards=above)]
        if len(above) == len(out):
            facts.append(make(_out_kind(pos, seat, "all_out_above"), pos, seat=seat, card=card, suit=Suit(suit)))
        return facts
    if out:
        return [make("none_higher_out", pos, seat=seat, card=card, suit=Suit(suit))]
    return [make("none_out", pos, seat=seat, card=card, suit=Suit(suit))]


def _follow_facts(pos: Lean, seat: int, card: Card, suit: int, unseen: int, big_out: int) -> list[Fact]:
    from ..facts import _winning_now

    k = pos.k
    t = tables_for(k)
    best = _winning_now(pos)
    last = len(pos._trick) == k.players - 1
    lead = pos.lead_suit
    points = _points(pos, sum(1 << cid for _, cid, _ in pos._trick) | card.bit)
    facts: list[Fact] = []
    if suit != lead:
        facts.append(make("discards", pos, seat=seat, card=card, suit=Suit(lead)))
        if best is not None:
            facts.append(make("winning", pos, winner=best[0], winning=card_from_id(best[1])))
        if points:
            facts.append(make("trick_points", pos, seat=seat, card=card, points=points))
        if big_out and t.catchers >> card.id & 1:
            facts.append(make(_out_kind(pos, seat, "still_out"), pos, seat=seat, card=card_from_id(t.bottom(big_out))))
        return facts
    cancel = _if_true("cancels", pos, seat=seat, card=card)
    if cancel is not None:
        facts.append(cancel)
        if points:
            facts.append(make("trick_points", pos, seat=seat, card=card, points=points))
        return facts
    winning = card_from_id(best[1]) if best is not None else None
    if best is not None and winning is not None:
        under = _if_true("stays_under", pos, seat=seat, card=card, winning=winning, winner=best[0])
        if under is not None:
            facts.append(under)
            if points:
                facts.append(make("trick_points", pos, seat=seat, card=card, points=points))
            return facts
    if last:
        took = _if_true("takes_trick", pos, seat=seat, card=card)
        if took is not None:
            facts.append(took)
            facts.append(make("trick_points", pos, seat=seat, card=card, points=points))
    else:
        if winning is not None:
            over = _if_true("overtakes", pos, seat=seat, card=card, winning=winning)
            if over is not None:
                facts.append(over)
        if points:
            facts.append(make("trick_points", pos, seat=seat, card=card, points=points))
        out = cards_of_mask(unseen & k.suit_masks[suit])
        above = tuple(c for c in out if _rank(c) > _rank(card))
        if above:
            facts.append(make(_out_kind(pos, seat, "out_above"), pos, seat=seat, card=card, cards=above))
        elif out:
            facts.append(make("none_higher_out", pos, seat=seat, card=card, suit=Suit(suit)))
    if winning is not None and _rank(winning) > 2:  # (nobody holds a card below a 2)
        below = _if_true("none_below", pos, seat=seat, suit=Suit(suit), winning=winning)
        if below is not None:
            facts.append(below)
    big_here = [c for c in cards_of_mask(big_out) if k.suit_of[c.id] == suit]
    if big_here and t.catchers >> card.id & 1:
        facts.append(make(_out_kind(pos, seat, "still_out"), pos, seat=seat, card=big_here[0]))
    return facts


def play_reasons(view: Knowledge, cid: int) -> list[str]:
    """Why playing the card ``cid`` makes sense here: the words of :func:`play_facts` (may be empty)."""
    return words_of(play_facts(view, cid), view)


def action_of(facts: Sequence[Fact]) -> frozenset[tuple[str, tuple[tuple[str, Any], ...]]]:
    """What a card does, from its facts: each fact of the :data:`ACTION_KINDS` with the card itself left out (its
    ``card``, its ``cards`` and any count), so that two cards that both stay under the Q♣ do the same thing and a
    card that beats it does not."""
    out = set()
    for fact in facts:
        if fact.kind in ACTION_KINDS:
            out.add((fact.kind, tuple((key, v) for key, v in fact.args if key not in ("card", "cards", "count"))))
    return frozenset(out)


def same_action(a: Sequence[Fact], b: Sequence[Fact]) -> bool:
    """Whether two cards' facts say they do the same thing (:func:`action_of`): only then may they share a
    sentence."""
    return action_of(a) == action_of(b)


# -- the pass ---------------------------------------------------------------------------------------------------


def pass_facts(view: Knowledge, cards: Sequence[Card | int], *, position: Lean | None = None) -> list[Fact]:
    """The checked facts that explain passing ``cards``: the suits it empties (and the big penalty card kept to
    drop there), the big penalty cards passed or kept with the cards below them, the cards passed above a big
    penalty card the seat does not hold, and the high point cards passed."""
    passed = tuple(card_from_id(c) if isinstance(c, int) else c for c in cards)
    pos = position if position is not None else position_of(view)
    seat = view.seat
    k = pos.k
    t = tables_for(k)
    hand = pos._hands[seat]
    chosen = 0
    for c in passed:
        chosen |= c.bit
    if chosen & ~hand or len({c.id for c in passed}) != len(passed):
        raise ValueError("a pass must be cards of the seat's hand, each once")
    keep = hand & ~chosen
    facts: list[Fact] = []
    kept_big = cards_of_mask(keep & t.big)
    for suit in range(4):
        mine = hand & k.suit_masks[suit]
        if mine and not keep & k.suit_masks[suit]:
            facts.append(make("pass_empties", pos, seat=seat, cards=tuple(cards_of_mask(mine)), suit=Suit(suit)))
            for big in kept_big:
                if k.suit_of[big.id] != suit:
                    facts.append(make("drop_when_void", pos, seat=seat, passed=passed, suit=Suit(suit), big=big))
                    break
    for big in cards_of_mask(chosen & t.big):
        s = int(k.suit_of[big.id])
        below = tuple(c for c in cards_of_mask(hand & k.suit_masks[s]) if _rank(c) < _rank(big))
        if below:
            facts.append(make("passes_with_below", pos, seat=seat, passed=passed, card=big, cards=below))
        else:
            facts.append(make("passes_unguarded", pos, seat=seat, passed=passed, card=big, suit=Suit(s)))
    for big in kept_big:
        s = int(k.suit_of[big.id])
        below = tuple(c for c in cards_of_mask(keep & k.suit_masks[s]) if _rank(c) < _rank(big))
        if below:
            facts.append(make("keeps_with_below", pos, seat=seat, passed=passed, card=big, cards=below))
        else:
            facts.append(make("keeps_unguarded", pos, seat=seat, passed=passed, card=big, suit=Suit(s)))
    catchers = chosen & t.catchers
    if catchers and not chosen & t.big:
        for big in cards_of_mask(t.big & ~hand):
            above = tuple(c for c in cards_of_mask(catchers) if k.suit_of[c.id] == k.suit_of[big.id]
                          and _rank(c) > _rank(big))  # fmt: skip
            if above:
                facts.append(make("passes_above_big", pos, seat=seat, cards=above, big=big))
                break
    high = tuple(c for c in cards_of_mask(chosen & t.points) if _rank(c) >= 11)
    if high:
        facts.append(make("passes_high_points", pos, seat=seat, cards=high, count=len(high)))
    for suit in range(4):
        of_suit = tuple(c for c in passed if k.suit_of[c.id] == suit)
        if of_suit and keep & k.suit_masks[suit] and not chosen & t.big:
            top = _if_true("passes_highest", pos, seat=seat, cards=of_suit, suit=Suit(suit), count=len(of_suit))
            if top is not None:
                facts.append(top)
    return facts


def pass_reasons(view: Knowledge, ids: Sequence[int]) -> list[str]:
    """Why passing these cards (ids) makes sense: the words of :func:`pass_facts`."""
    return words_of(pass_facts(view, ids), view)


# -- the game and the moon -------------------------------------------------------------------------------------


def stakes_facts(view: Knowledge, *, position: Lean | None = None) -> list[Fact]:
    """The facts behind :func:`stakes_reason`: the seat's total, the target, and whether its total is the lowest
    (empty when the score does not change the coach's choice)."""
    from .coach import game_stakes

    stakes = game_stakes(view)
    if stakes is None:
        return []
    pos = position if position is not None else position_of(view)
    seat = view.seat
    facts = [make("total_before", pos, seat=seat, points=view.totals_before[seat], target=stakes.target)]
    more = stakes.target - stakes.totals[seat] + (1 if stakes.exceed else 0)
    needed: float = int(more) if more == int(more) else more
    if 0 < needed <= 3:
        facts.append(make("points_end_game", pos, seat=seat, points=needed))
    if _if_true("lowest_total", pos, seat=seat) is not None:
        facts.append(make("lowest_total", pos, seat=seat))
    else:
        facts.append(make("not_lowest_total", pos, seat=seat))
    return facts


def stakes_reason(view: Knowledge, *, position: Lean | None = None) -> str:
    """Why the score changes the coach's choice near the end of a game (empty when it does not: see
    :func:`~hearts_lessons.bots.coach.game_stakes`): the facts of :func:`stakes_facts`, then how the coach counts."""
    from .coach import game_stakes

    stakes = game_stakes(view)
    facts = stakes_facts(view, position=position)
    if stakes is None or not facts:
        return ""
    counted = tr("the coach counts losing the game as {loss} more points", loss=f"{stakes.loss:g}")
    return tr("{facts} ({counted})", facts=clauses(words_of(facts, view)), counted=counted)


def moon_reason(candidate: Candidate, view: Knowledge | None = None, *, position: Lean | None = None) -> str:
    """Why the coach goes for the moon (its moon line, ``plan="moon"``): nobody else has taken a point card (a
    checked fact, when the ``view`` is given), and how often the line reached the moon in the coach's deals."""
    measured = tr("going for the moon from here shot it in {share} of the sampled deals",
                  share=f"{candidate.moon_for:.0%}")
    if view is None:
        return measured
    pos = position if position is not None else position_of(view)
    fact = make("moon_open", pos, seat=view.seat)
    return tr("{fact}: {measured}", fact=words_of([fact], view)[0], measured=measured)


# -- the coach's numbers ----------------------------------------------------------------------------------------


def _all_the_same(found: Sequence[Candidate]) -> list[Candidate]:
    """The single cards tried (no moon line), when there are two or more and each gave exactly the same points as
    the first in every sampled deal they share; else ``[]``. Then no reason tells them apart: the sentence says
    so instead of giving one card's reason (a strong player reads "nobody can beat it" as a reason not to play it).
    """
    from .coach import paired

    cards = [c for c in found if not c.plan and len(c.cards) == 1]
    if len(cards) < 2 or len(cards) != len(found) or any(not c.values for c in cards):
        return []
    first = cards[0]
    if all(paired(c, first) == (0.0, 0.0) for c in cards[1:]):
        return sorted(cards, key=lambda c: c.cards[0].id)
    return []


def _tie(found: Sequence[Candidate]) -> Candidate | None:
    """The next best candidate, when it is equal to the first within the coach's uncertainty."""
    from .coach import within_noise

    if len(found) < 2:
        return None
    best = found[0]
    others = [c for c in found[1:] if set(c.cards) != set(best.cards)]
    if not others:
        return None
    second = min(others, key=lambda c: c.mean)
    return second if within_noise(second, best) else None


def _noise(found: Sequence[Candidate]) -> str:
    """When the chosen move is not the lowest average (lower is better): why the coach keeps it. The coach prefers
    a move to the rule-based one only when its saving is clear (:func:`~hearts_lessons.bots.coach._pick`)."""
    from .coach import within_noise

    pick = found[0]
    cheaper = min(found, key=lambda c: c.mean)
    if cheaper is pick or cheaper.mean >= pick.mean:
        return ""
    reference = next((c for c in found if c.reference), None)
    values: dict[str, Any] = {"label": cheaper.label, "mean": _also(cheaper.mean),
                              "saving": f"{cheaper.saving:.1f}", "half": f"{cheaper.saving_half_width:.1f}"}
    if reference is not None and within_noise(cheaper, reference):
        if pick.reference:
            return tr("The {label} averaged {mean}, lower, but its saving over the rule of thumb, {saving} ± {half} "
                      "points, is within the coach's uncertainty, so the coach keeps the rule of thumb.", **values)
        return tr("The {label} averaged {mean}, lower, but its saving over the rule of thumb, {saving} ± {half} "
                  "points, is within the coach's uncertainty.", **values)
    if pick.reference:
        return tr("The {label} averaged {mean}, lower, but its saving over the rule of thumb, {saving} ± {half} "
                  "points, is not clear enough for the coach's caution, so the coach keeps the rule of thumb.",
                  **values)
    return tr("The {label} averaged {mean}, lower, but its saving over the rule of thumb, {saving} ± {half} "
              "points, is not clear enough for the coach's caution.", **values)


def _then(first: str, second: str) -> str:
    """Two sentences one after the other (a space between them in English); ``first`` alone when ``second`` is
    empty."""
    if not second:
        return first
    return tr("{first} {second}", context="two sentences", first=first, second=second)


def _end(text: str) -> str:
    """The end of a sentence: its full stop."""
    return tr("{sentence}.", context="end of a sentence", sentence=text)


def _or_the(first: str, second: str) -> str:
    """Two cards (or lists of them) named as alternatives: "8♠ or the 5♠" (after a "the")."""
    return tr("{cards} or the {card}", cards=first, card=second)


def _points_words(value: float) -> str:
    """``1 point``, ``14.2 points``, ``no points``: an average in words, one decimal (its number agrees with the
    noun as shown: "1.0" is shown as ``1 point``)."""
    shown = round(value, 1)
    if shown == 0:
        return tr("no points")
    if shown == 1:
        return tr("{points} point", points="1")
    return tr("{points} points", points=f"{value:.1f}")


def _also(value: float) -> str:
    """Another average in the same sentence as :func:`_points_words`, written the same way when it shows the same
    (``no points``, ``1 point``), else its number alone, one decimal (``14.5``).

    >>> _also(0.04), _also(0.96), _also(14.46)
    ('no points', '1 point', '14.5')
    """
    shown = round(value, 1)
    if shown in (0, 1):
        return _points_words(value)
    return tr("{points}", context="an average, its unit said before", points=f"{value:.1f}")


def _keeps(pick: Candidate, other: Candidate) -> str:
    """Why the coach keeps ``pick`` when ``other``, equal within its uncertainty, has the lower average (lower is
    better), as the coach chooses (:func:`~hearts_lessons.bots.coach._pick`: the rule-based move unless a move's
    saving over it is clear, best average first); empty when ``other``'s average is not lower."""
    from .coach import MOON_COMMIT, MOON_PLAN

    if other.mean >= pick.mean:
        return ""
    if pick.reference:
        return tr(", so the coach keeps the rule of thumb")
    if other.plan == MOON_PLAN and other.moon_for < MOON_COMMIT:
        return tr("; the {other} reached the moon in too few of these deals to commit to, so the coach keeps the "
                  "{pick}", other=other.label, pick=pick.label)
    return tr(
        "; the coach keeps the {pick}: its saving over the rule of thumb, {saving} ± {half} points, is clear enough "
        "for the coach's caution, the {other}'s, {other_saving} ± {other_half}, is not",
        pick=pick.label, saving=f"{pick.saving:.1f}", half=f"{pick.saving_half_width:.1f}", other=other.label,
        other_saving=f"{other.saving:.1f}", other_half=f"{other.saving_half_width:.1f}",
    )


def _equal(best: Candidate, second: Candidate) -> str:
    """``Either the 9♦ or the 7♦ (over 40 sampled deals of the hidden cards): the 9♦ costs 14.0 points on
    average, the 7♦ 14.5; the 7♦ costs 0.5 ± 0.6 points more in the same deals, within the coach's
    uncertainty``: two candidates the coach cannot tell apart, each with its own average, and their paired
    difference with its interval."""
    from .coach import paired

    diff, half = paired(second, best)
    numbers = {"diff": f"{abs(diff):.1f}", "half": f"{half:.1f}", "second": second.label}
    if round(abs(diff), 1) == 0:
        gap = tr("they differ by {diff} ± {half} points", **numbers)
    elif diff > 0:
        gap = tr("the {second} costs {diff} ± {half} points more", **numbers)
    else:
        gap = tr("the {second} costs {diff} ± {half} points less", **numbers)
    return tr(
        "Either the {best} or the {second} (over {worlds} sampled deals of the hidden cards): the {best} costs "
        "{best_mean} on average, the {second} {second_mean}; {gap} in the same deals, within the coach's "
        "uncertainty{keeps}",
        best=best.label, second=second.label, worlds=best.worlds, best_mean=_points_words(best.mean),
        second_mean=_also(second.mean), gap=gap, keeps=_keeps(best, second),
    )


def _different(best: Candidate, second: Candidate, what: str) -> str:
    """Two candidates the coach cannot tell apart that do different things: named apart, with what the other
    does and which average is lower."""
    from .coach import paired

    diff, half = paired(second, best)
    a, b = round(best.mean, 1), round(second.mean, 1)
    values: dict[str, Any] = {"worlds": best.worlds, "mean": _points_words(best.mean), "second": second.label,
                              "what": what, "second_mean": _also(second.mean), "diff": f"{abs(diff):.1f}",
                              "half": f"{half:.1f}", "keeps": _keeps(best, second)}  # fmt: skip
    if b < a:
        return tr("Over {worlds} sampled deals of the hidden cards it costs you {mean} on average (lower is better). "
                  "The {second} does something else ({what}): it averaged {second_mean}, lower, but the difference "
                  "in the same deals, {diff} ± {half} points, is within the coach's uncertainty{keeps}", **values)
    if b > a:
        return tr("Over {worlds} sampled deals of the hidden cards it costs you {mean} on average (lower is better). "
                  "The {second} does something else ({what}): it averaged {second_mean}, higher, but the difference "
                  "in the same deals, {diff} ± {half} points, is within the coach's uncertainty{keeps}", **values)
    return tr("Over {worlds} sampled deals of the hidden cards it costs you {mean} on average (lower is better). "
              "The {second} does something else ({what}): it averaged {second_mean}, the same, and the difference "
              "in the same deals, {diff} ± {half} points, is within the coach's uncertainty{keeps}", **values)


def _named(candidate: Candidate) -> str:
    """A candidate inside a sentence: its cards, and for a moon line "the J♦ played for the moon" (the same card
    may also be a candidate played for the fewest points)."""
    from .coach import MOON_PLAN

    cards = " ".join(c.symbol for c in candidate.cards)
    return tr("the {cards} played for the moon", cards=cards) if candidate.plan == MOON_PLAN else cards


def _worst(others: Sequence[Candidate], named: Sequence[Candidate]) -> Candidate | None:
    """The candidate to call "the worst": the highest average of ``others``, only when it is higher, as shown
    (one decimal), than every other candidate's, the ``named`` ones included (a card that costs the same as the
    best or the next best is not the worst)."""
    if not others:
        return None
    worst = max(others, key=lambda c: c.mean)
    rest = [c for c in [*others, *named] if c is not worst]
    if worst in named or any(round(c.mean, 1) >= round(worst.mean, 1) for c in rest):
        return None
    return worst


def _numbers(found: Sequence[Candidate], tie_words: str | None, choice: str = "tried") -> str:
    """The figures behind the choice. ``choice``, when only one card was tried: why (``"legal"``: the only legal
    card; ``"equivalent"``: every legal card is equivalent to it, :func:`~.rollout.play_candidates`; ``"tried"``:
    the only card the coach was asked about)."""
    best = found[0]
    others = sorted((c for c in found[1:] if set(c.cards) != set(best.cards)), key=lambda c: c.mean)
    if not others and choice == "legal":
        return tr("It is your only legal card: {mean} expected.", mean=_points_words(best.mean))
    if not others and choice == "equivalent":
        return tr("Your other legal cards would do the same: no card still out ranks between them ({mean} "
                  "expected).", mean=_points_words(best.mean))  # fmt: skip
    if not others:
        return tr("It is the only card the coach tried: {mean} expected.", mean=_points_words(best.mean))
    second = others[0]
    tie = _tie(found)
    if tie is not None:
        text = _equal(best, tie) if tie_words is None else _different(best, tie, tie_words)
        worst = _worst([c for c in others if c is not tie], [best, tie])
        if worst is not None:
            text += tr("; the worst, {worst}, costs {mean}", worst=_named(worst), mean=_also(worst.mean))
        return _end(text)
    values: dict[str, Any] = {"worlds": best.worlds, "mean": _points_words(best.mean), "second": _named(second),
                              "second_mean": _also(second.mean)}  # fmt: skip
    worst = _worst(others[1:], [best, second])
    if worst is not None:
        text = tr("Over {worlds} sampled deals of the hidden cards it costs you {mean} on average (lower is better); "
                  "the next best, {second}, costs {second_mean}, and the worst, {worst}, {worst_mean}.",
                  worst=_named(worst), worst_mean=_also(worst.mean), **values)
    else:
        text = tr("Over {worlds} sampled deals of the hidden cards it costs you {mean} on average (lower is better); "
                  "the next best, {second}, costs {second_mean}.", **values)
    return _then(text, _noise(found))


def _card_facts(view: Knowledge, candidate: Candidate, pos: Lean) -> list[Fact]:
    if candidate.plan:
        return [make("moon_open", pos, seat=view.seat)]
    return play_facts(view, candidate.cards[0], position=pos)


def _twin(fact: Fact, others: Sequence[Fact]) -> Fact | None:
    """The fact of ``others`` of the same kind as ``fact`` with the same arguments but its card."""
    rest = [(key, v) for key, v in fact.args if key not in ("card", "cards")]
    for other in others:
        if other.kind == fact.kind and [(key, v) for key, v in other.args if key not in ("card", "cards")] == rest:
            return other
    return None


def merged_words(facts: Sequence[Fact], others: Sequence[Fact], view: Knowledge) -> list[str]:
    """The words of two cards' facts, each said once: a fact of the first card whose twin for the second card
    (:func:`_twin`: the same kind and arguments but the card) words the same is said of both ("leading the 8♠
    or the 5♠ may force it out"); the others are said of their own card."""
    out: list[str] = []
    used: set[int] = set()
    for fact in facts:
        mine = fact.words(players=view.players, you=view.seat)
        twin = _twin(fact, others)
        if twin is not None and "card" in fact.arguments:
            a, b = fact["card"].symbol, twin["card"].symbol
            theirs = twin.words(players=view.players, you=view.seat)
            if theirs == mine.replace(a, b):
                out.append(fact.worded(players=view.players, you=view.seat, instead={"card": _or_the(a, b)}))
                used.add(id(twin))
                continue
        out.append(mine)
    out.extend(f.words(players=view.players, you=view.seat) for f in others if id(f) not in used
               and (f.kind in ACTION_KINDS or _twin(f, facts) is None))  # fmt: skip
    return out


def play_sentences(view: Knowledge, found: Sequence[Candidate]) -> tuple[str, list[Fact]]:
    """:func:`play_sentence` and every fact it says (for the tests that check them on the position)."""
    pos = position_of(view)
    best = found[0]
    card = best.cards[0]
    said: list[Fact] = []
    facts = _card_facts(view, best, pos)
    said.extend(facts)
    reasons = [moon_reason(best, view, position=pos)] if best.plan else words_of(facts, view)
    stakes = stakes_facts(view, position=pos)
    said.extend(stakes)
    if stakes:
        reasons.insert(0, stakes_reason(view, position=pos))
    same = _all_the_same(found)
    if same:
        shown = same[0].cards[0].symbol
        for c in same[1:]:
            shown = _or_the(shown, c.cards[0].symbol)
        worlds = min(len(c.values) for c in same)
        return tr("Any of these will do: the {cards}. In every one of the {worlds} sampled deals of the hidden cards "
                  "they give you the same points as each other, so the rest of the hand comes out the same "
                  "whichever you play ({mean} on average over the deals).", cards=shown, worlds=worlds,
                  mean=_points_words(best.mean)), said
    tie = _tie(found)
    name = card.symbol
    tie_words: str | None = None
    if tie is not None:
        other = _card_facts(view, tie, pos)
        said.extend(other)
        if not best.plan and not tie.plan and same_action(facts, other):
            name = _or_the(name, tie.label)
            merged = merged_words(facts, other, view)
            reasons = reasons[: len(reasons) - len(facts)] + merged
        else:
            what = [f for f in other if f.kind in ACTION_KINDS or f.kind == "moon_open"] or other
            tie_words = clauses(words_of(what, view)) or tr("another card")
    if reasons:
        head = tr("Play the {card}: {reasons}.", card=name, reasons=clauses(reasons))
    else:
        head = tr("Play the {card}.", card=name)
    legal = view.legal_mask
    choice = ("legal" if not legal & (legal - 1) else "equivalent" if len(play_candidates(view)) == 1
              else "tried")  # fmt: skip
    return _then(head, _numbers(found, tie_words, choice)), said


def play_sentence(view: Knowledge, found: Sequence[Candidate]) -> str:
    """``Play the K♠: <facts>. <numbers>.`` The reason that drove the choice comes first: the score near the end
    of the game, the moon line, a shooter to stop; then what the position shows. When the next best card is equal
    within the coach's uncertainty, the sentence says so instead of ranking them, and names both cards together
    only when they do the same thing (:func:`same_action`)."""
    return play_sentences(view, found)[0]


def pass_sentences(view: Knowledge, found: Sequence[Candidate],
                   reference: Sequence[Card] = ()) -> tuple[str, list[Fact]]:  # fmt: skip
    """:func:`pass_sentence` and every fact it says."""
    pos = position_of(view)
    best = found[0]
    facts = pass_facts(view, best.cards, position=pos)
    said = list(facts)
    reasons = words_of(facts, view)
    stakes = stakes_facts(view, position=pos)
    said.extend(stakes)
    if stakes:
        reasons.insert(0, stakes_reason(view, position=pos))
    tie = _tie(found)
    if reasons:
        head = tr("Pass the {cards}: {reasons}.", cards=join_cards(best.cards), reasons=clauses(reasons))
    else:
        head = tr("Pass the {cards}.", cards=join_cards(best.cards))
    if tie is not None:
        other = pass_facts(view, tie.cards, position=pos)
        said.extend(other)
        text = _equal(best, tie)
        said_words = set(words_of(facts, view))
        different = [w for w in words_of(other, view) if w not in said_words]
        if different:
            text += tr("; for the {cards}: {reasons}", cards=join_cards(tie.cards), reasons=clauses(different))
        return _then(head, _end(text)), said
    values: dict[str, Any] = {"worlds": best.worlds, "mean": _points_words(best.mean)}
    ref = next((c for c in found if set(c.cards) == set(reference)), None) if reference else None
    if ref is not None and ref is not best:
        text = tr("Over {worlds} sampled deals this pass costs you {mean} on average (lower is better); the "
                  "rule-of-thumb pass ({label}) costs {other_mean}.", label=ref.label, other_mean=_also(ref.mean),
                  **values)
    elif len(found) > 1:
        second = min(found[1:], key=lambda c: c.mean)
        text = tr("Over {worlds} sampled deals this pass costs you {mean} on average (lower is better); the next "
                  "best ({label}) costs {other_mean}.", label=second.label, other_mean=_also(second.mean), **values)
    else:
        text = tr("Over {worlds} sampled deals this pass costs you {mean} on average (lower is better).", **values)
    return _then(_then(head, text), _noise(found)), said


def pass_sentence(view: Knowledge, found: Sequence[Candidate], reference: Sequence[Card] = ()) -> str:
    """``Pass the …: <facts>. <numbers>.``"""
    return pass_sentences(view, found, reference)[0]
