"""Rules as data: defaults, decks for 3 to 7 players (RULES.md 2.1), validation of impossible combinations, and
the JSON round trip."""

from __future__ import annotations

import dataclasses
import itertools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, Rank, Suit, full_deck, parse_cards
from hearts_lessons.errors import RulesError
from hearts_lessons.rules import (
    STANDARD,
    GameEnd,
    HoleCards,
    Moon,
    OpeningLead,
    PassDirection,
    Rules,
    Ties,
    standard_points,
)
from hearts_lessons.state import HandState, Phase

L, R, A, H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD
SPLIT, CHOICE = PassDirection.SPLIT, PassDirection.DEALERS_CHOICE
HYPOTHESIS = settings(max_examples=60, derandomize=True, deadline=None)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def keep_only(text: str) -> tuple[Card, ...]:
    """The removal that leaves only these cards in a one-deck game."""
    kept = set(parse_cards(text))
    return tuple(c for c in full_deck() if c not in kept)


def test_standard_defaults_follow_rules_section_1() -> None:
    r = STANDARD
    assert r.players == 4 and r.hand_size == 13 and r.leftover == 0 and r.removed == ()
    assert len(r.deck) == 52
    assert r.cycle == (L, R, A, H)
    assert r.cards_passed == 3 and r.unpassable == ()
    assert r.opening_lead is OpeningLead.LOWEST_CLUB
    assert r.penalty_cards_break_hearts and r.must_break_hearts and not r.points_on_first_trick
    assert not r.queen_lead_restricted and not r.queen_first_when_only_penalty
    assert r.moon is Moon.OTHERS_ADD and not r.shoot_the_sun and r.moon_value is None
    assert r.no_tricks_bonus == 0 and not r.floor_at_zero and not r.exact_target_reset
    assert r.game_end is GameEnd.REACH_TARGET and r.target == 100 and r.ties is Ties.SHARE
    assert r.hole_cards is HoleCards.SET_ASIDE
    assert r.points_of(QUEEN_OF_SPADES) == 13
    assert all(r.points_of(Card(Rank(k), Suit.HEARTS)) == 1 for k in range(2, 15))
    assert sum(v for _, v in r.card_points) == 26
    assert r.points_of(TWO_OF_CLUBS) == 0 and not r.is_penalty(Card.from_str("TC"))
    assert r.is_penalty(QUEEN_OF_SPADES) and r.is_penalty(Card.from_str("2H"))


@pytest.mark.parametrize(
    ("players", "cycle"),
    [(3, (L, R, H)), (4, (L, R, A, H)), (5, (L, R, H)), (6, (L, R, A, H)), (7, (L, R, H))],
)
def test_default_pass_cycle_by_player_count(players: int, cycle: tuple[PassDirection, ...]) -> None:
    assert Rules(players=players).cycle == cycle


# RULES.md 2.1, every row and every alternative: (players, removed or None for the default, hole option,
# cards each, hole cards, removed cards, the card that opens under the lowest-club rule when no card is in the hole)
DECKS: list[tuple[int, str | None, HoleCards, int, int, str, str | None]] = [
    (3, None, HoleCards.SET_ASIDE, 17, 0, "2D", "2C"),
    (3, "2C", HoleCards.SET_ASIDE, 17, 0, "2C", "3C"),
    (3, "2S", HoleCards.SET_ASIDE, 17, 0, "2S", "2C"),
    (3, "", HoleCards.SET_ASIDE, 17, 1, "", None),
    (3, "", HoleCards.FIRST_HEART_TRICK, 17, 1, "", None),
    (4, None, HoleCards.SET_ASIDE, 13, 0, "", "2C"),
    (5, None, HoleCards.SET_ASIDE, 10, 0, "2C 2D", "3C"),
    (5, "2D 2S", HoleCards.SET_ASIDE, 10, 0, "2D 2S", "2C"),
    (5, "2C 2S", HoleCards.SET_ASIDE, 10, 0, "2C 2S", "3C"),
    (5, "", HoleCards.SET_ASIDE, 10, 2, "", None),
    (5, "", HoleCards.FIRST_HEART_TRICK, 10, 2, "", None),
    (6, None, HoleCards.SET_ASIDE, 8, 0, "2C 2D 2S 2H", "3C"),
    (6, "2C 3C 2D 3D", HoleCards.SET_ASIDE, 8, 0, "2C 3C 2D 3D", "4C"),
    (6, "2D 3D 3C 4C", HoleCards.SET_ASIDE, 8, 0, "2D 3D 3C 4C", "2C"),
    (6, "", HoleCards.SET_ASIDE, 8, 4, "", None),
    (6, "", HoleCards.FIRST_HEART_TRICK, 8, 4, "", None),
    (7, None, HoleCards.SET_ASIDE, 7, 3, "", None),
    (7, None, HoleCards.FIRST_HEART_TRICK, 7, 3, "", None),
    (7, "2D 3D 3C", HoleCards.SET_ASIDE, 7, 0, "2D 3D 3C", "2C"),
]


def rules_of(players: int, removed: str | None, hole: HoleCards) -> Rules:
    return Rules(players=players, removed_cards=None if removed is None else cards(removed), hole_cards=hole)


@pytest.mark.parametrize(("players", "removed", "hole", "each", "left", "gone", "opener"), DECKS)
def test_decks_for_every_player_count(
    players: int, removed: str | None, hole: HoleCards, each: int, left: int, gone: str, opener: str | None
) -> None:
    rules = rules_of(players, removed, hole)
    assert rules.hand_size == each and rules.leftover == left
    assert rules.removed == cards(gone)
    assert len(rules.deck) == 52 - len(rules.removed) == each * players + left
    assert not set(rules.removed) & set(rules.deck)
    hold_hand = rules.cycle.index(H)
    for seed in range(3):
        state = HandState.deal(rules, seed=seed, hand_number=hold_hand)
        hands = [set(state.hand(s)) for s in range(players)]
        assert all(len(h) == each for h in hands)
        assert len(state.hole_cards) == left
        union = set(state.hole_cards).union(*hands)
        assert union == set(rules.deck)
        lowest_club = min((c for c in union - set(state.hole_cards) if c.suit is Suit.CLUBS), key=lambda c: c.rank)
        assert state.legal_plays() == [lowest_club]
        assert state.hand(state.to_play).count(lowest_club) == 1
        if opener is not None:
            assert lowest_club == Card.from_str(opener)


FIFTEEN = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D"


def rules_error(**kwargs: Any) -> str:
    with pytest.raises(RulesError) as info:
        Rules(**kwargs)
    return str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "one deck is for 3 to 7 players (not 2)"),
        ({"players": 8}, "one deck is for 3 to 7 players (not 8)"),
        ({"players": 3, "pass_cycle": (L, A, H)}, "passing across needs an even number of players (this game has 3)"),
        ({"players": 5, "pass_cycle": (A,)}, "passing across needs an even number of players (this game has 5)"),
        ({"players": 7, "pass_cycle": (L, R, A, H)}, "passing across needs an even number of players (this game has 7"),
        (
            {"players": 15, "decks": 3, "pass_cycle": (SPLIT,), "opening_lead": OpeningLead.LEFT_OF_DEALER},
            "a split pass gives 14 cards but a hand has only 10",
        ),
        (
            {"players": 5, "removed_cards": keep_only(FIFTEEN), "pass_cycle": (SPLIT, H), "cards_passed": 1},
            "a split pass gives 4 cards but a hand has only 3",
        ),
        ({"cards_passed": 0}, "between 1 and 4 cards are passed"),
        ({"cards_passed": 5}, "between 1 and 4 cards are passed"),
        (
            {"players": 7, "removed_cards": keep_only(FIFTEEN + " 4D 5D 6D 7D 8D 9D"), "cards_passed": 3},
            "cannot pass 3 cards from a hand of 3",
        ),
        ({"moon": Moon.NONE, "shoot_the_sun": True}, "shooting the sun scores as a moon: it needs a moon rule"),
        ({"moon": Moon.NONE, "moon_value": 26}, "a moon value needs a moon rule"),
        ({"game_end": GameEnd.FIXED_HANDS}, "a game of a fixed number of hands needs fixed_hands of 1 or more"),
        ({"fixed_hands": 4}, "fixed_hands is used only with game_end=fixed_hands"),
        ({"hole_cards": HoleCards.FIRST_HEART_TRICK}, "this deal leaves no hole cards, so they cannot go to anyone"),
        ({"players": 3, "hole_cards": HoleCards.FIRST_TRICK}, "this deal leaves no hole cards"),
        ({"removed_cards": cards("J1")}, "cannot remove Joker 1: it is not in the deck"),
        ({"removed_cards": (Card(Rank.TWO, Suit.CLUBS, 1),)}, "cannot remove 2♣: it is not in the deck"),
        ({"removed_cards": cards("2C 2C")}, "a removed card is listed twice"),
        ({"players": 5, "unpassable": (TWO_OF_CLUBS,)}, "2♣ is unpassable but is not in the deck"),
        ({"card_points": (*standard_points(), (QUEEN_OF_SPADES, 5))}, "a card has two point values"),
        ({"card_points": ((QUEEN_OF_SPADES, 13j),)}, "complex card values need magnitude_scores"),
        ({"ten_of_clubs_multiplier": 2j}, "complex card values need magnitude_scores"),
        ({"magnitude_scores": True, "floor_at_zero": True}, "complex totals cannot be floored at 0"),
        ({"magnitude_scores": True, "exact_target_reset": True}, "complex totals cannot be floored at 0"),
        ({"no_tricks_bonus": -5}, "the avoid-all-tricks bonus is the number of points subtracted"),
        ({"target": 0}, "the game target must be a positive number"),
        ({"target": -100}, "the game target must be a positive number"),
        ({"pass_cycle": ()}, "the pass cycle needs at least one entry"),
        ({"decks": 0}, "a game uses 1 to 3 decks"),
        ({"decks": 4, "players": 12}, "a game uses 1 to 3 decks"),
        ({"decks": 2, "players": 4}, "two decks are for 6 to 10 players (not 4)"),
        ({"decks": 3, "players": 10}, "three decks are for 11 to 15 players (not 10)"),
        ({"jokers": 3, "players": 3}, "at most two jokers"),
        ({"jokers": 2, "decks": 2, "players": 6}, "jokers are played with one deck only"),
        ({"decks": 2, "players": 6}, "with two or more decks the player left of the dealer leads"),
        ({"players": 7, "removed_cards": keep_only("2D 3D 4D 5D 6D 7D 8D")}, "too few cards for this many players"),
        ({"ten_of_clubs_multiplier": 0}, "the 10♣ multiplier cannot be 0"),
        ({"ten_of_clubs_multiplier": 2, "removed_cards": cards("TC")}, "the 10♣ multiplies scores, but it is removed"),
    ],
)
def test_impossible_combinations_are_refused_clearly(kwargs: dict[str, Any], message: str) -> None:
    assert message in rules_error(**kwargs)


def test_rules_errors_are_value_errors() -> None:
    assert issubclass(RulesError, ValueError)


def test_rules_are_frozen_and_keyword_only() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.players = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc]


def test_with_options_validates_again() -> None:
    assert STANDARD.with_options(players=6).cycle == (L, R, A, H)
    with pytest.raises(RulesError, match="across"):
        STANDARD.with_options(players=5, pass_cycle=(A,))
    assert STANDARD.players == 4


def test_ten_of_clubs_doubling_makes_it_a_penalty_card_for_the_play_rules_only() -> None:
    ten_clubs = Card.from_str("TC")
    doubled = Rules(ten_of_clubs_multiplier=2)
    assert doubled.is_penalty(ten_clubs) and doubled.points_of(ten_clubs) == 0
    assert not STANDARD.is_penalty(ten_clubs)


def test_bonus_cards_are_not_penalty_cards() -> None:
    ten_diamonds = Card.from_str("TD")
    omnibus = Rules(card_points=(*standard_points(), (ten_diamonds, -10)))
    assert omnibus.points_of(ten_diamonds) == -10 and not omnibus.is_penalty(ten_diamonds)


def test_describe_names_the_options_that_differ() -> None:
    assert Rules().describe() == []
    lines = Rules(players=5, removed_cards=cards("2D 2S"), moon=Moon.SHOOTER_SUBTRACTS).describe()
    assert len(lines) == 2
    assert any("2♦, 2♠" in line for line in lines) and any("shooter subtracts" in line for line in lines)


# -- JSON -----------------------------------------------------------------------------------------------------
GRID = list(
    itertools.product(
        [Moon.OTHERS_ADD, Moon.SHOOTER_CHOOSES, Moon.RESET_TO_ZERO, Moon.NONE],
        [OpeningLead.LOWEST_CLUB, OpeningLead.LEFT_OF_DEALER],
        [None, (SPLIT, H), (CHOICE,)],
        [False, True],
    )
)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_json_round_trip_over_a_grid_of_options(players: int) -> None:
    for moon, opening, cycle, flags in GRID:
        check_round_trip(players, moon, opening, cycle, flags)


def check_round_trip(
    players: int, moon: Moon, opening: OpeningLead, cycle: tuple[PassDirection, ...] | None, flags: bool
) -> None:
    rules = Rules(
        players=players, moon=moon, opening_lead=opening, pass_cycle=cycle,
        penalty_cards_break_hearts=not flags, must_break_hearts=not flags, queen_lead_restricted=flags,
        queen_first_when_only_penalty=not flags, points_on_first_trick=flags,
        shoot_the_sun=flags and moon is not Moon.NONE,
        no_tricks_bonus=5 if flags else 0, floor_at_zero=flags, exact_target_reset=flags,
        ten_of_clubs_multiplier=2 if flags else 1, unpassable=(QUEEN_OF_SPADES,) if flags else (),
        game_end=GameEnd.FIXED_HANDS if flags else GameEnd.EXCEED_TARGET, fixed_hands=3 if flags else 0,
        ties=Ties.PLAY_ON if flags else Ties.SHARE, target=50 if flags else 100,
        hole_cards=HoleCards.FIRST_HEART_TRICK if players == 7 and flags else HoleCards.SET_ASIDE,
    )  # fmt: skip
    data = rules.to_json()
    text = json.dumps(data)
    again = Rules.from_json(json.loads(text))
    assert again == rules
    assert again.to_json() == data


def test_json_round_trip_of_unusual_values() -> None:
    examples = [
        Rules(players=5, removed_cards=cards("2D 2S"), moon_value=30, name="Five"),
        Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_HEART_TRICK),
        Rules(card_points=(*standard_points(), (Card.from_str("TD"), -10))),
        Rules(players=3, jokers=2, removed_cards=(), card_points=((Card.from_str("J1"), 1), (Card.from_str("J2"), 1))),
        Rules(ten_of_clubs_multiplier=2j, magnitude_scores=True, moon_value=13 + 13j, moon=Moon.SIGN_TO_OTHERS,
              card_points=((QUEEN_OF_SPADES, 13j), (Card.from_str("JD"), -10))),
        Rules(players=8, decks=2, opening_lead=OpeningLead.LEFT_OF_DEALER,
              removed_cards=(Card(Rank.TWO, Suit.CLUBS, 1),)),
    ]  # fmt: skip
    for rules in examples:
        assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "red"}, "unknown rules option 'colour'"),
        ({"players": "4"}, "players must be a whole number"),
        ({"players": 4.0}, "players must be a whole number"),
        ({"players": True}, "players must be a whole number"),
        ({"target": None}, "target must be a whole number"),
        ({"moon": "sometimes"}, "'sometimes' is not a value of moon"),
        ({"moon": 1}, "is not a value of moon"),
        ({"opening_lead": None}, "is not a value of opening_lead"),
        ({"pass_cycle": "left"}, "pass_cycle must be a list"),
        ({"pass_cycle": ["north"]}, "has an unknown pass direction"),
        ({"removed_cards": "2C"}, "removed_cards must be a list of card codes"),
        ({"removed_cards": ["ZZ"]}, "'ZZ' is not a card"),
        ({"removed_cards": [2]}, "2 is not a card code"),
        ({"removed_cards": ["2C#x"]}, "is not a card code"),
        ({"unpassable": None}, "unpassable must be a list of card codes"),
        ({"card_points": [["QS"]]}, "card_points must be a list of [card, value] pairs"),
        ({"card_points": {"QS": 13}}, "card_points must be a list"),
        ({"card_points": [["QS", "13"]]}, "'13' is not a score"),
        ({"card_points": [["QS", 1.5]]}, "1.5 is not a score"),
        ({"ten_of_clubs_multiplier": "2"}, "'2' is not a score"),
        ({"moon_value": {"re": 1}}, "is not a score"),
        ({"name": 5}, "name must be text"),
        ({"must_break_hearts": "yes"}, "must_break_hearts must be true or false"),
        ({"floor_at_zero": 1}, "floor_at_zero must be true or false"),
        ({"players": 9}, "one deck is for 3 to 7 players"),
    ],
)
def test_from_json_refuses_unknown_and_ill_typed_fields(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_json(data)
    assert message in str(info.value)


def test_from_json_refuses_a_non_object() -> None:
    for data in ([], "rules", 3, None):
        with pytest.raises(RulesError, match="must be a JSON object"):
            Rules.from_json(data)  # type: ignore[arg-type]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["left", "hold", "QS", "2C", "none", "share", "set_aside", "J1", "2C#1"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["re", "im", "x"]), inner, max_size=2),
    max_leaves=6,
)  # fmt: skip
field_names = st.sampled_from([f.name for f in dataclasses.fields(Rules)] + ["bogus"])


@HYPOTHESIS
@given(st.dictionaries(field_names, json_values, max_size=3))
def test_from_json_gives_rules_or_rules_error_never_another_exception(data: dict[str, Any]) -> None:
    try:
        rules = Rules.from_json(data)
    except RulesError as exc:
        assert str(exc)
        return
    assert Rules.from_json(rules.to_json()) == rules


option_values: dict[str, st.SearchStrategy[Any]] = {
    "players": st.integers(3, 7),
    "cards_passed": st.integers(1, 4),
    "moon": st.sampled_from(list(Moon)),
    "opening_lead": st.sampled_from(list(OpeningLead)),
    "pass_cycle": st.none() | st.lists(st.sampled_from([L, R, H, SPLIT, CHOICE]), min_size=1, max_size=4).map(tuple),
    "penalty_cards_break_hearts": st.booleans(),
    "must_break_hearts": st.booleans(),
    "queen_lead_restricted": st.booleans(),
    "queen_first_when_only_penalty": st.booleans(),
    "points_on_first_trick": st.booleans(),
    "shoot_the_sun": st.booleans(),
    "no_tricks_bonus": st.sampled_from([0, 5]),
    "floor_at_zero": st.booleans(),
    "exact_target_reset": st.booleans(),
    "ten_of_clubs_multiplier": st.sampled_from([1, 2]),
    "game_end": st.sampled_from([GameEnd.REACH_TARGET, GameEnd.EXCEED_TARGET]),
    "target": st.integers(1, 500),
    "ties": st.sampled_from(list(Ties)),
    "unpassable": st.sampled_from([(), (QUEEN_OF_SPADES,), (TWO_OF_CLUBS, QUEEN_OF_SPADES)]),
}


@HYPOTHESIS
@given(st.fixed_dictionaries({}, optional=option_values))
def test_json_round_trip_of_random_option_combinations(options: dict[str, Any]) -> None:
    try:
        rules = Rules(**options)
    except RulesError:
        return
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


QUEEN_FIRST_REFUSED = (
    '"lead the Q♠ first when holding only penalty cards" is a rule for games where hearts must be broken'
)


def test_queen_first_is_refused_when_hearts_need_not_be_broken() -> None:
    """RULES.md 2: leading the Q♠ first with only penalty cards exists only while hearts must be broken."""
    message = rules_error(must_break_hearts=False, queen_first_when_only_penalty=True)
    assert message.startswith(QUEEN_FIRST_REFUSED)
    assert "hearts may be led from the second trick on" in message and "switch one of the two options off" in message
    with pytest.raises(RulesError, match="must be broken"):
        STANDARD.with_options(must_break_hearts=False).with_options(queen_first_when_only_penalty=True)
    with pytest.raises(RulesError, match="must be broken"):
        STANDARD.with_options(queen_first_when_only_penalty=True).with_options(must_break_hearts=False)
    with pytest.raises(RulesError, match="must be broken"):
        Rules.from_json({"must_break_hearts": False, "queen_first_when_only_penalty": True})


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_other_three_combinations_of_queen_first_and_must_break_still_build(players: int) -> None:
    for must_break, queen_first in [(True, False), (True, True), (False, False)]:
        rules = Rules(players=players, must_break_hearts=must_break, queen_first_when_only_penalty=queen_first)
        assert (rules.must_break_hearts, rules.queen_first_when_only_penalty) == (must_break, queen_first)
        assert Rules.from_json(rules.to_json()) == rules


def test_card_sets_are_kept_as_tuples_in_card_order() -> None:
    """Cards given as a set become a tuple in card order (a list, a tuple in its order): equal rules compare and
    hash equal, and the compiled engine, which reads these fields as tuples, deals with them."""
    queen, ace = Card.from_str("QS"), Card.from_str("AS")
    as_set = STANDARD.with_options(unpassable=frozenset({ace, queen}))
    as_tuple = STANDARD.with_options(unpassable=(queen, ace))
    assert as_set.unpassable == (queen, ace) and as_set == as_tuple and hash(as_set) == hash(as_tuple)
    assert STANDARD.with_options(removed_cards=[Card.from_str("2C")]).removed_cards == (Card.from_str("2C"),)
    state = HandState.deal(as_set, seed=3)
    assert state.phase is Phase.PASSING
