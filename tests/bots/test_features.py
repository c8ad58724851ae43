"""The live view shows exactly a SeatView's knowledge; tables and features of hands."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.bots.features import (
    KNOWLEDGE_FIELDS,
    THREAT_SHARE,
    LiveView,
    bits,
    cost_of,
    hand_features,
    moon_threat,
    start_of_play_hand,
    tables_for,
)
from hearts_lessons.cards import QUEEN_OF_SPADES, mask_of, parse_cards
from hearts_lessons.layout import layout_for
from hearts_lessons.playout import random_pass
from hearts_lessons.rules import STANDARD, HoleCards, Moon, Rules
from hearts_lessons.state import HandState, Phase

from .conftest import option_grid, player_counts, variants

RULES = player_counts() + option_grid()[:6] + [Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_TRICK)]


@pytest.mark.parametrize("rules", RULES + variants(), ids=lambda r: f"{r.name}-{r.players}")
def test_live_view_shows_what_a_seat_view_shows(rules: Rules) -> None:
    rng = random.Random(5)
    for deal in range(3):
        state = HandState.deal(rules, seed=deal, hand_number=deal)
        if state.phase is Phase.DEALERS_CHOICE:
            state.choose_passes({"left": 2})
        for seat in range(rules.players):
            _same(state, seat)
        if state.phase is Phase.PASSING:
            random_pass(state, rng)
        while state.phase is Phase.PLAYING:
            for seat in range(rules.players):
                _same(state, seat)
            state.play(rng.choice(state.legal_plays()))


def _same(state: HandState, seat: int) -> None:
    view, live = state.view(seat), LiveView(state, seat)
    for name in KNOWLEDGE_FIELDS:
        assert getattr(live, name) == getattr(view, name), name


def test_tables_of_the_standard_game() -> None:
    t = tables_for(layout_for(STANDARD))
    assert t is tables_for(layout_for(STANDARD))
    assert bits(t.big) == [QUEEN_OF_SPADES.id]
    assert t.catchers == mask_of(parse_cards("KS AS"))
    assert t.points_in(layout_for(STANDARD).moon_cards) == 26
    assert t.top(mask_of(parse_cards("3C 9C KD"))) == parse_cards("KD")[0].id
    assert t.bottom(mask_of(parse_cards("3C 9C KD"))) == parse_cards("3C")[0].id
    assert t.top_rank(mask_of(parse_cards("KC 9D 3H"))) == parse_cards("KC")[0].id


def test_cost_of_complex_scores() -> None:
    assert cost_of(13j) == 13 and cost_of(5) == 5.0 and cost_of(complex(-10, 2)) == -8


def test_moon_threat_needs_one_seat_with_many_points() -> None:
    s = HandState.from_cards("2D 2H AH; KD 5H 9C; QS 3C 7C; 4D 6S 8C", hold=True, trick_number=1,
                             hearts_broken=True, leader=1, check=False)  # fmt: skip
    t = tables_for(s.k)
    for card in ["KD", "QS", "4D", "2D"]:
        s.play(card)
    # West has taken the Q♠ alone: 13 of the 26 points, a threat at a 40% share, not at THREAT_SHARE (60%)
    assert moon_threat(s.view(0), t, share=0.4) == 1
    assert moon_threat(s.view(1), t, share=0.4) == -1  # a seat is not a threat to itself
    assert THREAT_SHARE == 0.6 and moon_threat(s.view(0), t) == moon_threat(LiveView(s, 0), t) == -1
    for card in ["5H", "3C", "6S", "2H"]:  # West takes two hearts more: 15 of the 26 points (58%)
        s.play(card)
    assert moon_threat(s.view(0), t) == -1
    for card in ["9C", "7C", "8C", "AH"]:  # and the A♥: 16 (62%)
        s.play(card)
    assert moon_threat(s.view(0), t) == 1 and moon_threat(s.view(2), t) == 1
    no_moon = STANDARD.with_options(moon=Moon.NONE)
    s2 = HandState.from_cards("2D 2H AH; KD 5H 9C; QS 3C 7C; 4D 6S 8C", no_moon, hold=True, trick_number=1,
                              hearts_broken=True, leader=1, check=False)  # fmt: skip
    for card in ["KD", "QS", "4D", "2D"]:
        s2.play(card)
    assert moon_threat(s2.view(0), tables_for(s2.k)) == -1


def test_hand_features_count_a_hand() -> None:
    k = layout_for(STANDARD)
    f = hand_features(mask_of(parse_cards("AH KH QH 5H 2S 3S 9S QS AD KD 4C 5C 6C")), k)
    assert (f.hearts, f.spades, f.diamonds, f.clubs) == (4, 4, 2, 3)
    assert (f.aces, f.kings, f.top_hearts, f.queen, f.spade_guards) == (2, 2, 3, True, 3)
    assert f.high_cards == 6 and f.low_cards == 6 and f.longest == 4
    assert 0 < f.moon_chance < 1


def test_start_of_play_hand_adds_back_the_cards_played() -> None:
    s = HandState.deal(seed=3)
    random_pass(s, random.Random(1))
    start = s.hand_mask(0)
    rng = random.Random(2)
    for _ in range(9):
        s.play(rng.choice(s.legal_plays()))
    assert start_of_play_hand(s.view(0)) == start == start_of_play_hand(LiveView(s, 0))
