"""The presets and add-ons as data: their numbers, their validation, and which combinations are refused."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_lessons.cards import Card, Rank, Suit, parse_cards
from hearts_lessons.errors import RulesError
from hearts_lessons.layout import layout_for
from hearts_lessons.rules import STANDARD, HoleCards, Moon, OpeningLead, PassDirection, Rules
from hearts_lessons.scoring import format_points
from hearts_lessons.variants import (
    ADDONS,
    BASIC,
    BLACK_MARIA,
    CANCELLATION,
    COMPLEX,
    HI_LO_JOKER,
    KITTY,
    OMNIBUS,
    OMNIBUS_JACK,
    PINK_LADY,
    PRESETS,
    SPOT,
    SPOT_ALT,
    black_maria,
    cancellation,
    changes_from_standard,
    combine,
    point_table,
    score_captured,
    with_exact_target,
    with_shoot_the_sun,
    with_ten_of_clubs_doubling,
)

TEN_OF_CLUBS = Card(Rank.TEN, Suit.CLUBS)


def every_preset_rules() -> list[Rules]:
    return [p.rules_for(n) for p in PRESETS.values() for n in p.players]


def m_of(rules: Rules) -> str:
    return format_points(layout_for(rules).moon_value)


@pytest.mark.parametrize(
    ("rules", "m", "hand_size", "leftover"),
    [
        (STANDARD, "26", 13, 0),
        (BASIC, "13", 13, 0),
        (OMNIBUS, "26", 13, 0),
        (OMNIBUS_JACK, "26", 13, 0),
        (PINK_LADY, "38", 13, 0),
        (BLACK_MARIA, "43", 17, 0),
        (SPOT, "129", 13, 0),
        (SPOT_ALT, "124", 13, 0),
        (KITTY, "26", 17, 1),
        (HI_LO_JOKER, "30", 18, 0),
        (CANCELLATION(6), "52", 17, 2),
        (CANCELLATION(7), "52", 14, 6),
        (CANCELLATION(10), "52", 10, 4),
        (CANCELLATION(11), "78", 14, 2),
        (CANCELLATION(15), "78", 10, 6),
        (COMPLEX, "13+13i", 13, 0),
    ],
    ids=lambda v: v.name if isinstance(v, Rules) else str(v),
)
def test_moon_values_and_deals(rules: Rules, m: str, hand_size: int, leftover: int) -> None:
    assert m_of(rules) == m
    assert (rules.hand_size, rules.leftover) == (hand_size, leftover)


def test_black_maria_by_player_count() -> None:
    assert [c.code for c in black_maria(3).removed] == ["2C"]
    assert black_maria(4).removed == ()
    assert [c.code for c in black_maria(5).removed] == ["2C", "2S"]
    assert sorted(c.code for c in black_maria(6).removed) == ["2C", "2D", "2H", "2S"]
    for n in (3, 4, 5, 6):
        r = black_maria(n)
        assert r.cycle == (PassDirection.RIGHT,)
        assert r.opening_lead is OpeningLead.LEFT_OF_DEALER
        assert r.must_break_hearts is False and r.moon is Moon.NONE and r.target == 100
    with pytest.raises(RulesError, match="3 to 6 players"):
        black_maria(7)


@pytest.mark.parametrize("players", range(6, 16))
def test_cancellation_for_every_player_count(players: int) -> None:
    r = cancellation(players)
    assert r.decks == (2 if players <= 10 else 3)
    assert r.opening_lead is OpeningLead.LEFT_OF_DEALER
    assert r.cycle == (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
    assert r.hole_cards is (HoleCards.FIRST_TRICK if r.leftover else HoleCards.SET_ASIDE)
    assert r.leftover_face_up
    assert cancellation(players, passing=False).cycle == (PassDirection.HOLD,)


@pytest.mark.parametrize("players", [5, 16])
def test_cancellation_refuses_other_counts(players: int) -> None:
    with pytest.raises(RulesError, match="6 to 15 players"):
        cancellation(players)


def test_point_tables() -> None:
    assert point_table(BASIC) == [("2♥ … A♥", "1 each")]
    assert point_table(SPOT) == [("2♥ … A♥", "its rank (2 … 14)"), ("Q♠", "25")]
    assert point_table(BLACK_MARIA)[1:] == [("Q♠", "13"), ("K♠", "10"), ("A♠", "7")]
    assert point_table(COMPLEX) == [
        ("2♥ … A♥", "1 each"), ("Q♠", "13i"), ("J♦", "−10"), ("10♣", "× 2i (its taker's card points)"),
    ]  # fmt: skip
    assert ("10♣", "× 2 (its taker's card points)") in point_table(with_ten_of_clubs_doubling(STANDARD))


def test_jokers_are_hearts_and_penalty_cards() -> None:
    k = layout_for(HI_LO_JOKER)
    jokers = parse_cards("J1 J2")
    for joker in jokers:
        assert joker.bit & k.hearts and joker.bit & k.penalty and joker.bit & k.moon_cards
        assert HI_LO_JOKER.points_of(joker) == 1
    assert len(HI_LO_JOKER.deck) == 54


def test_ten_of_clubs_is_a_penalty_card_for_play_but_not_for_the_moon() -> None:
    k = layout_for(with_ten_of_clubs_doubling(STANDARD))
    assert TEN_OF_CLUBS.bit & k.penalty
    assert not TEN_OF_CLUBS.bit & k.moon_cards
    assert m_of(with_ten_of_clubs_doubling(STANDARD)) == "26"


# -- add-ons ----------------------------------------------------------------------------------------------------

REFUSED = {
    ("black_maria", "shoot_the_sun"): "no moon rule",
    ("complex", "exact_target"): "complex numbers",
    ("complex", "ten_of_clubs"): "already multiplies",
}


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize("addon", list(ADDONS))
def test_every_addon_with_every_preset(key: str, addon: str) -> None:
    """Every add-on combines with every preset, except the combinations that make no sense, which are refused
    with the reason."""
    preset = PRESETS[key]
    for players in preset.players:
        rules = preset.rules_for(players)
        if (key, addon) in REFUSED:
            with pytest.raises(RulesError, match=REFUSED[(key, addon)]):
                ADDONS[addon].apply(rules)
        else:
            combined = ADDONS[addon].apply(rules)
            assert combined != rules
            assert ADDONS[addon].apply(combined) == combined  # switching it on twice changes nothing
            assert Rules.from_json(combined.to_json()) == combined


def test_all_addons_at_once() -> None:
    r = combine(OMNIBUS, ADDONS)
    assert r.exact_target_reset and r.shoot_the_sun and r.ten_of_clubs_multiplier == 2
    assert r.name == "Omnibus Hearts + exact target + 10♣ doubles + shoot the sun"
    with pytest.raises(RulesError, match="unknown add-on"):
        combine(OMNIBUS, ["double_dummy"])


def test_addons_follow_the_options() -> None:
    moonless_spot = PRESETS["spot"].rules_for(4, {"moon": "no moon rule"})
    with pytest.raises(RulesError, match="no moon rule"):
        with_shoot_the_sun(moonless_spot)
    moon_maria = PRESETS["black_maria"].rules_for(3, {"moon": "moon with M"})
    assert with_shoot_the_sun(moon_maria).shoot_the_sun


def test_ten_of_clubs_refusals() -> None:
    no_ten = Rules(players=3, removed_cards=(TEN_OF_CLUBS,))
    with pytest.raises(RulesError, match="removed from the deck"):
        with_ten_of_clubs_doubling(no_ten)
    with pytest.raises(RulesError, match="removed from the deck"):
        dataclasses.replace(no_ten, ten_of_clubs_multiplier=2)
    with pytest.raises(RulesError, match="cannot be 0"):
        Rules(ten_of_clubs_multiplier=0)
    scored_ten = dataclasses.replace(STANDARD, card_points=(*STANDARD.card_points, (TEN_OF_CLUBS, 5)))
    with pytest.raises(RulesError, match="already has a point value"):
        with_ten_of_clubs_doubling(scored_ten)


def test_exact_target_refused_for_complex_scores_in_the_rules_too() -> None:
    with pytest.raises(RulesError, match="complex"):
        dataclasses.replace(COMPLEX, exact_target_reset=True)
    assert with_exact_target(SPOT).exact_target_reset


# -- the registry -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(PRESETS))
def test_presets_are_documented(key: str) -> None:
    preset = PRESETS[key]
    assert preset.changes and preset.history and preset.sources
    rules = preset.rules
    assert rules.players == preset.players[0]
    diffs = changes_from_standard(rules)
    assert (diffs == []) == (key == "standard")
    for option in preset.options:
        for choice in option.choices:
            changed = preset.rules_for(None, {option.name: choice.label})
            assert (changed == rules) == (choice is option.choices[0]), (option.name, choice.label)


def test_options_and_player_counts_are_checked() -> None:
    with pytest.raises(RulesError, match="played by 3 players"):
        PRESETS["kitty"].rules_for(4)
    with pytest.raises(RulesError, match="no option"):
        PRESETS["kitty"].rules_for(3, {"kitty size": "2"})
    with pytest.raises(RulesError, match="not a choice"):
        PRESETS["omnibus"].rules_for(4, {"bonus card": "Q♦"})


@pytest.mark.parametrize("rules", every_preset_rules(), ids=lambda r: f"{r.name}-{r.players}")
def test_rules_json_round_trip_and_describe(rules: Rules) -> None:
    assert Rules.from_json(rules.to_json()) == rules
    assert isinstance(rules.describe(), list)


def test_option_choices_change_the_data() -> None:
    jack = PRESETS["omnibus"].rules_for(4, {"bonus card": "J♦"})
    assert jack.card_points == OMNIBUS_JACK.card_points
    pink_jack = PRESETS["pink_lady"].rules_for(4, {"bonus card": "J♦"})
    assert m_of(pink_jack) == "38" and pink_jack.points_of(parse_cards("JD")[0]) == -10
    assert pink_jack.points_of(parse_cards("TD")[0]) == 0
    assert m_of(PRESETS["hi_lo_joker"].rules_for(3, {"Q♠": "13"})) == "28"
    assert PRESETS["kitty"].rules_for(3, {"kitty goes to": "the first trick with a penalty card"}).hole_cards is (
        HoleCards.FIRST_PENALTY_TRICK
    )
    complex_sign = PRESETS["complex"].rules_for(4, {"moon": "shooter picks a sign for everyone else"})
    assert complex_sign.moon is Moon.SIGN_TO_OTHERS


# -- the scoring calculator: scores of captured cards ---------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "captured", "mine", "others"),
    [
        (OMNIBUS, "TD 2H 3H", "-8", None),
        (OMNIBUS_JACK, "TD 2H 3H", "2", None),
        (PINK_LADY, "QH QS", "26", None),
        (BLACK_MARIA, "KS AS QS 2H", "31", None),
        (SPOT, "AH KH QS", "52", None),
        (SPOT_ALT, "AH KH QS", "50", None),
        (with_ten_of_clubs_doubling(OMNIBUS), "TC TD", "-20", None),
        (with_ten_of_clubs_doubling(OMNIBUS), "TC TD 2H 3H", "-16", None),
        (with_ten_of_clubs_doubling(STANDARD), "TC QS", "26", None),
        (COMPLEX, "QS TC", "-26", None),
        (COMPLEX, "JD TC", "-20i", None),
        (COMPLEX, "TC", "0", None),
        (COMPLEX, "2H 3H 4H QS", "3+13i", None),
        (COMPLEX, "2H 3H 4H QS TC", "-26+6i", None),
        (HI_LO_JOKER, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS", "28", None),
        (BLACK_MARIA, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS KS AS", "43", None),
        (OMNIBUS, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS TD", "-10", "26"),
        (PINK_LADY, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS TD", "-10", "38"),
        (HI_LO_JOKER, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS J1 J2", "0", "30"),
    ],
)
def test_scores_of_captured_cards(rules: Rules, captured: str, mine: str, others: str | None) -> None:
    """Player 1's score; in a moon, also what every other player scores (none of them took a bonus card)."""
    score = score_captured(rules, captured)
    assert format_points(score.points[0]) == mine
    if others is None:
        assert score.shooter is None
    else:
        assert score.shooter == 0
        assert {format_points(p) for p in score.points[1:]} == {others}


def penalty_cards(rules: Rules) -> list[Card]:
    return [c for c in rules.deck if rules.points_of(c) != 0]


def test_moons_of_many_decks_and_of_the_sun() -> None:
    score = score_captured(cancellation(7), penalty_cards(cancellation(7)))
    assert score.shooter == 0 and score.points[-1] == 52
    assert len(penalty_cards(cancellation(12))) == 42
    assert score_captured(cancellation(12), penalty_cards(cancellation(12))).points[-1] == 78
    sun = score_captured(with_shoot_the_sun(OMNIBUS), [], every_trick=True)
    assert sun.sun and sun.points == (-10, 52, 52, 52)
    moon = score_captured(COMPLEX, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS", moon_choice="shooter_subtracts")
    assert format_points(moon.points[0]) == "-13-13i"
    with pytest.raises(RulesError, match="choose one of"):
        score_captured(COMPLEX, "QS", moon_choice="both")
    with pytest.raises(RulesError, match="not in the deck"):
        score_captured(BLACK_MARIA, "2C")
