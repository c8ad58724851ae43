"""Seeded random playouts over a grid of options for every player count (3 to 7), checking the invariants of a
hand: no card lost or doubled, one card per player in every trick, as many tricks as cards in a hand, card points
adding up to the penalty total in play, records that replay to the same state, and undo/redo."""

from __future__ import annotations

import itertools
import random

import pytest
from play_helpers import SUN_DEAL, run_scripted

from hearts_lessons.cards import Card, parse_cards
from hearts_lessons.legality import legal_mask
from hearts_lessons.playout import finish_with, nth_bit, random_bit, random_playout
from hearts_lessons.rules import HoleCards, Moon, OpeningLead, PassDirection, Rules
from hearts_lessons.state import HandState, Phase

# RULES.md 2.1: every removal alternative, and hole cards set aside or given to the first heart trick's winner.
DECKS: dict[int, list[tuple[str | None, HoleCards]]] = {
    3: [(None, HoleCards.SET_ASIDE), ("2C", HoleCards.SET_ASIDE), ("2S", HoleCards.SET_ASIDE),
        ("", HoleCards.SET_ASIDE), ("", HoleCards.FIRST_HEART_TRICK)],
    4: [(None, HoleCards.SET_ASIDE)],
    5: [(None, HoleCards.SET_ASIDE), ("2D 2S", HoleCards.SET_ASIDE), ("2C 2S", HoleCards.SET_ASIDE),
        ("", HoleCards.SET_ASIDE), ("", HoleCards.FIRST_HEART_TRICK)],
    6: [(None, HoleCards.SET_ASIDE), ("2C 3C 2D 3D", HoleCards.SET_ASIDE), ("2D 3D 3C 4C", HoleCards.SET_ASIDE),
        ("", HoleCards.SET_ASIDE), ("", HoleCards.FIRST_HEART_TRICK)],
    7: [(None, HoleCards.SET_ASIDE), (None, HoleCards.FIRST_HEART_TRICK), ("2D 3D 3C", HoleCards.SET_ASIDE)],
}  # fmt: skip
MOONS = [Moon.OTHERS_ADD, Moon.SHOOTER_CHOOSES, Moon.NONE]
OPENINGS = list(OpeningLead)
CYCLES: list[tuple[PassDirection, ...] | None] = [None, (PassDirection.SPLIT,), (PassDirection.DEALERS_CHOICE,)]
FLAGS = [
    {},
    {"points_on_first_trick": True, "penalty_cards_break_hearts": False, "queen_lead_restricted": True,
     "queen_first_when_only_penalty": True, "ten_of_clubs_multiplier": 2, "shoot_the_sun": True,
     "no_tricks_bonus": 5, "unpassable": tuple(parse_cards("QS"))},
    {"must_break_hearts": False, "moon_value": 30, "cards_passed": 1},
]  # fmt: skip


def grid(players: int) -> list[tuple[Rules, int]]:
    """Every deck alternative × moon option × pass cycle; the opening-lead rule and the set of flags vary with
    them (a Latin square), so that each deck meets every opening rule with every set of flags."""
    out = []
    for (d, (removed, hole)), (m, moon), (c, cycle) in itertools.product(
        enumerate(DECKS[players]), enumerate(MOONS), enumerate(CYCLES)
    ):
        flag_index = (c + 2 * m + d) % 3
        options = dict(FLAGS[flag_index])
        if moon is Moon.NONE:
            options.pop("shoot_the_sun", None)
            options.pop("moon_value", None)
        rules = Rules(
            players=players, removed_cards=None if removed is None else tuple(parse_cards(removed)),
            hole_cards=hole, moon=moon, opening_lead=OPENINGS[(c + m) % 3], pass_cycle=cycle,
            **options,  # type: ignore[arg-type]
        )  # fmt: skip
        out.append((rules, flag_index))
    return out


def check_hand(state: HandState) -> None:
    rules, k = state.rules, state.k
    n = rules.players
    assert state.is_over and state.score is not None
    # no card lost or doubled: each card of the deck ends in exactly one taken pile, or in the hole
    hole = sum(c.bit for c in state.hole_cards)
    piles = [state.taken_mask(s) for s in range(n)]
    if state.hole_owner is None:
        piles.append(hole)
    else:
        assert piles[state.hole_owner] & hole == hole and rules.hole_cards is not HoleCards.SET_ASIDE
    union = 0
    for pile in piles:
        assert union & pile == 0
        union |= pile
    assert union == k.deck
    assert all(state.hand_mask(s) == 0 for s in range(n))
    # every trick has one card per player; as many tricks as cards in a hand; the winner followed suit
    tricks = state.tricks
    assert len(tricks) == rules.hand_size
    played: list[Card] = []
    for trick in tricks:
        assert sorted(seat for seat, _ in trick.plays) == list(range(n))
        assert [seat for seat, _ in trick.plays] == [(trick.leader + i) % n for i in range(n)]
        winner_card = next(c for seat, c in trick.plays if seat == trick.winner)
        assert winner_card.suit == trick.lead_suit
        assert all(c.rank < winner_card.rank for _, c in trick.plays if c.suit == trick.lead_suit and c != winner_card)
        played += trick.cards
    assert len(played) == len(set(played)) == rules.hand_size * n
    assert sum(state.tricks_won(s) for s in range(n)) == rules.hand_size
    # card points add up to the penalty total of the cards in play
    in_play = k.deck & ~hole if state.hole_owner is None else k.deck
    total = sum(rules.points_of(c) for c in rules.deck if c.bit & in_play)
    assert sum(state.points_taken(s) for s in range(n)) == total
    score = state.score
    if rules.ten_of_clubs_multiplier == 1:
        assert sum(score.card_points) == total
    if score.shooter is None and rules.no_tricks_bonus == 0:
        assert score.points == score.card_points
    if rules.leftover == 0 and rules.moon_value is None:
        assert total == k.moon_value  # nothing set aside: M is the penalty total of the deck


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    for index, (rules, _) in enumerate(grid(players)):
        seed = players * 1000 + index
        state = HandState.deal(rules, seed=seed, dealer=index % players, hand_number=index)
        random_playout(state, random.Random(seed))
        check_hand(state)
        text = state.to_json()
        assert HandState.from_json(text).to_json() == text  # the record replays to the same state
        if index % 3 == 0:  # undo then redo gives the same state
            undone = [state.undo() for _ in range(1 + index % 7)]
            for action in reversed(undone):
                state.apply(action)
            assert state.to_json() == text


def test_the_grid_covers_every_option() -> None:
    for players, decks in DECKS.items():
        cases = grid(players)
        assert len(cases) == len(decks) * len(MOONS) * len(CYCLES)
        for deck in decks:
            removed = None if deck[0] is None else tuple(parse_cards(deck[0]))
            combos = {(r.opening_lead, f) for r, f in cases if (r.removed_cards, r.hole_cards) == (removed, deck[1])}
            assert combos == set(itertools.product(OPENINGS, range(len(FLAGS))))
        assert {r.moon for r, _ in cases} == set(MOONS) and {r.pass_cycle for r, _ in cases} == set(CYCLES)


def test_playouts_are_reproducible_and_unrecorded_playouts_agree() -> None:
    for seed in range(5):
        a, b = HandState.deal(seed=seed), HandState.deal(seed=seed)
        random_playout(a, random.Random(seed))
        random_playout(b, random.Random(seed))
        assert a.to_json() == b.to_json()
        fast = HandState.deal(seed=seed)
        random_playout(fast, random.Random(seed), record=False)
        assert fast.is_over and fast.actions == []
        check_hand(fast)


def test_finish_with_a_policy() -> None:
    state = HandState.deal(seed=3, hand_number=3)

    def lowest(s: HandState, seat: int, mask: int) -> int:
        assert seat == s.to_play and mask == legal_mask(s.k, s, s.hand_mask(seat))
        return nth_bit(mask, 0)

    finish_with(state, lowest, random.Random(0))
    check_hand(state)
    bad = HandState.deal(seed=3, hand_number=3)
    with pytest.raises(ValueError, match="which is not legal now"):
        finish_with(bad, lambda s, seat, mask: Card.from_str("AH").id, random.Random(0))


def test_bit_helpers() -> None:
    mask = 0b101100
    assert [nth_bit(mask, i) for i in range(3)] == [2, 3, 5]
    rng = random.Random(1)
    seen = {random_bit(mask, rng) for _ in range(200)}
    assert seen == {2, 3, 5}


def test_the_moon_choice_is_settled_by_the_playout() -> None:
    rules = Rules(moon=Moon.SHOOTER_CHOOSES)
    state = HandState.from_cards(SUN_DEAL, rules, hold=True)
    for _ in range(51):
        state.play(max(state.legal_plays(), key=lambda c: c.id) if state.to_play == 0 else min(state.legal_plays()))
    random_playout(state, random.Random(0))
    assert state.phase is Phase.DONE and state.score is not None and state.score.moon_choice is not None
    assert run_scripted(HandState.from_cards(SUN_DEAL, rules, hold=True)).phase is Phase.MOON_CHOICE
