"""Scoring a hand (RULES.md 1.7-1.8, 2, 3.1 and the order of 3.2): card points, 10♣ doubling, every moon option,
shooting the sun, the avoid-all-tricks bonus, hole cards that count for the moon."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import MOON_DEAL, SUN_DEAL, THREE_HOLE_DEAL, run_scripted, scripted

from hearts_lessons.cards import Card, mask_of, parse_cards
from hearts_lessons.layout import layout_for
from hearts_lessons.rules import STANDARD, HoleCards, Moon, Points, Rules, standard_points
from hearts_lessons.scoring import MOON_CHOICES, HandScore, best_moon_choice, format_points, score_hand
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import PRESETS

HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
OMNIBUS = (*standard_points(), (Card.from_str("TD"), -10))


def score(
    rules: Rules, taken: Sequence[str], tricks: Sequence[int] | None = None, choice: str | None = None,
    hole: str = "",
) -> HandScore:  # fmt: skip
    """Score a hand in which seat ``i`` took the cards ``taken[i]``; the rest of the deck goes to the last seat."""
    k = layout_for(rules)
    masks = [mask_of(parse_cards(t)) for t in taken]
    hole_mask = mask_of(parse_cards(hole))
    used = hole_mask
    for m in masks:
        used |= m
    masks[-1] |= k.deck & ~used
    won = list(tricks) if tricks is not None else [1] * len(masks)
    return score_hand(k, masks, won, k.deck & ~hole_mask, choice)


def test_card_points_without_a_moon() -> None:
    s = score(STANDARD, ["QS 2H 3H", "4H 5H 6H 7H 8H 9H TH JH QH KH AH", "", ""], [2, 5, 0, 6])
    assert s.card_points == (15, 11, 0, 0) and s.points == (15, 11, 0, 0)
    assert s.shooter is None and not s.sun and not s.reset_shooter and s.moon_choice is None
    assert sum(s.card_points) == 26


def test_avoid_all_tricks_bonus() -> None:
    rules = Rules(no_tricks_bonus=5)
    s = score(rules, ["QS 2H 3H", "4H 5H 6H 7H 8H 9H TH JH QH KH AH", "", ""], [2, 5, 0, 6])
    assert s.points == (15, 11, -5, 0) and s.card_points == (15, 11, 0, 0)
    assert any("took no trick: −5" in note for note in s.notes)


@pytest.mark.parametrize(
    ("moon", "choice", "points", "reset"),
    [
        (Moon.OTHERS_ADD, None, (0, 26, 26, 26), False),
        (Moon.SHOOTER_SUBTRACTS, None, (-26, 0, 0, 0), False),
        (Moon.SHOOTER_CHOOSES, "others_add", (0, 26, 26, 26), False),
        (Moon.SHOOTER_CHOOSES, "shooter_subtracts", (-26, 0, 0, 0), False),
        (Moon.RESET_TO_ZERO, None, (0, 26, 26, 26), True),
        (Moon.NONE, None, (26, 0, 0, 0), False),
    ],
)
def test_every_moon_option(moon: Moon, choice: str | None, points: tuple[int, ...], reset: bool) -> None:
    s = score(Rules(moon=moon), ["QS " + HEARTS, "", "", ""], [5, 3, 0, 5], choice)
    assert s.card_points == (26, 0, 0, 0)
    assert s.points == points
    assert s.shooter == (None if moon is Moon.NONE else 0)
    assert s.reset_shooter is reset and s.moon_choice == choice and not s.sun


def test_a_moon_choice_is_required_when_the_shooter_chooses() -> None:
    rules = Rules(moon=Moon.SHOOTER_CHOOSES)
    for bad in (None, "plus"):
        with pytest.raises(ValueError, match="needs a choice"):
            score(rules, ["QS " + HEARTS, "", "", ""], choice=bad)
    assert MOON_CHOICES[Moon.SHOOTER_CHOOSES] == ("others_add", "shooter_subtracts")


def test_moon_needs_every_penalty_card() -> None:
    s = score(STANDARD, [HEARTS, "QS", "", ""])
    assert s.shooter is None and s.points == (13, 13, 0, 0)


def test_no_avoid_all_tricks_bonus_in_a_moon_hand() -> None:
    s = score(Rules(no_tricks_bonus=5), ["QS " + HEARTS, "", "", ""], [10, 0, 0, 3])
    assert s.points == (0, 26, 26, 26)


def test_shooting_the_sun_scores_2m() -> None:
    rules = Rules(shoot_the_sun=True)
    k = layout_for(rules)
    taken = [k.deck, 0, 0, 0]
    s = score_hand(k, taken, [13, 0, 0, 0], k.deck)
    assert s.sun and s.shooter == 0 and s.points == (0, 52, 52, 52)
    sub = score_hand(layout_for(Rules(shoot_the_sun=True, moon=Moon.SHOOTER_SUBTRACTS)), taken, [13, 0, 0, 0], k.deck)
    assert sub.points == (-52, 0, 0, 0)
    assert score_hand(layout_for(STANDARD), taken, [13, 0, 0, 0], k.deck).points == (0, 26, 26, 26)  # sun off
    moon_only = score(rules, ["QS " + HEARTS, "", "", ""], [12, 0, 0, 1])
    assert not moon_only.sun and moon_only.points == (0, 26, 26, 26)


def test_ten_of_clubs_doubles_card_points_negative_too() -> None:
    doubled = Rules(ten_of_clubs_multiplier=2)
    s = score(doubled, ["TC QS 2H", "3H 4H 5H", "", ""])  # the last seat takes the other 9 hearts
    assert s.card_points == (28, 3, 0, 9) and s.points == (28, 3, 0, 9)
    assert any("10♣" in note for note in s.notes)
    omnibus = Rules(ten_of_clubs_multiplier=2, card_points=OMNIBUS)
    assert score(omnibus, ["TC TD", "QS", "", ""]).points == (-20, 13, 0, 13)
    assert score(omnibus, ["TC TD 4H", "QS", "", ""]).points == (-18, 13, 0, 12)
    assert score(omnibus, ["TC", "TD QS", "", ""]).points == (0, 3, 0, 13)


def test_moon_with_bonus_cards_and_the_ten_of_clubs() -> None:
    omnibus = Rules(card_points=OMNIBUS)
    s = score(omnibus, ["QS TD " + HEARTS, "", "", ""])
    assert s.points == (-10, 26, 26, 26)  # the bonus still counts for the shooter
    s = score(omnibus.with_options(ten_of_clubs_multiplier=2), ["QS TD TC " + HEARTS, "", "", ""])
    assert s.points == (-20, 26, 26, 26)  # the bonus is doubled; moon points never are
    s = score(omnibus.with_options(ten_of_clubs_multiplier=2), ["QS " + HEARTS, "TD TC", "", ""])
    assert s.shooter == 0 and s.points == (0, 6, 26, 26)  # the 10♣ is not needed for the moon
    assert "Every other player scores 26, plus any bonus card they took." in s.notes  # West scores 6, not 26
    assert not any("Bonus cards still count" in note for note in s.notes)  # said once, in that note
    s = score(omnibus, ["QS TD " + HEARTS, "", "", ""])
    assert "Every other player scores 26." in s.notes  # the shooter's bonus: the others score exactly M
    assert any("Bonus cards still count" in note for note in s.notes)


def test_hole_cards_set_aside_are_not_needed_for_the_moon() -> None:
    rules = Rules(players=3, removed_cards=())
    s = score(rules, ["QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "", ""], hole="2H")
    assert s.shooter == 0 and s.card_points == (25, 0, 0) and s.points == (0, 26, 26)


def test_hole_cards_taken_by_another_player_spoil_the_moon() -> None:
    rules = Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_TRICK)
    k = layout_for(rules)
    s0 = mask_of(parse_cards("QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"))
    s1 = mask_of(parse_cards("2H"))  # the hole card, taken with the first trick
    rest = k.deck & ~s0 & ~s1
    s = score_hand(k, [s0, s1, rest], [10, 1, 6], k.deck)
    assert s.shooter is None and s.points == (25, 1, 0)


def test_complex_scores_and_the_sign_choice() -> None:
    rules = Rules(
        card_points=(*((c, v) for c, v in standard_points() if c.code != "QS"), (Card.from_str("QS"), 13j)),
        ten_of_clubs_multiplier=2j, magnitude_scores=True, moon=Moon.SIGN_TO_OTHERS, moon_value=13 + 13j,
    )  # fmt: skip
    s = score(rules, ["QS TC", "2H", "", ""])
    assert s.points[0] == -26 and s.points[1] == 1  # Q♠ with 10♣: 13i × 2i = −26 (seed 000)
    moon = score(rules, ["QS " + HEARTS, "", "", ""], choice="minus")
    assert moon.points == (0, -13 - 13j, -13 - 13j, -13 - 13j)
    assert best_moon_choice(rules, 0, [0, 0, 0, 0]) == "plus"  # others pushed away from 0 in |total|


def test_format_points() -> None:
    assert format_points(5) == "5" and format_points(-26) == "-26"
    assert format_points(complex(3, -13)) == "3-13i" and format_points(13j) == "13i" and format_points(1j) == "i"
    assert format_points(complex(0, 0)) == "0"


# -- whole hands ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("deal", "options", "points", "sun"),
    [
        (SUN_DEAL, {}, (0, 26, 26, 26), False),
        (SUN_DEAL, {"shoot_the_sun": True}, (0, 52, 52, 52), True),
        (SUN_DEAL, {"shoot_the_sun": True, "moon": Moon.SHOOTER_SUBTRACTS}, (-52, 0, 0, 0), True),
        (SUN_DEAL, {"moon": Moon.NONE}, (26, 0, 0, 0), False),
        (SUN_DEAL, {"no_tricks_bonus": 5}, (0, 26, 26, 26), False),
        (MOON_DEAL, {}, (0, 26, 26, 26), False),
        (MOON_DEAL, {"shoot_the_sun": True}, (0, 26, 26, 26), False),
        (MOON_DEAL, {"moon": Moon.SHOOTER_SUBTRACTS}, (-26, 0, 0, 0), False),
        (MOON_DEAL, {"moon": Moon.RESET_TO_ZERO}, (0, 26, 26, 26), False),
        (MOON_DEAL, {"ten_of_clubs_multiplier": 2}, (0, 26, 26, 26), False),
    ],
)
def test_scripted_moons_and_suns(deal: str, options: dict[str, object], points: tuple[int, ...], sun: bool) -> None:
    state = scripted(deal, Rules(**options))  # type: ignore[arg-type]
    assert state.is_over and state.score is not None
    assert state.tricks_won(0) == (13 if deal == SUN_DEAL else 12)
    assert state.score.points == points and state.score.sun is sun
    multiplier = options.get("ten_of_clubs_multiplier", 1)
    assert state.score.card_points[0] == 26 * multiplier  # (seat 0 took the 10♣)


def test_scripted_moon_with_shooter_choice() -> None:
    state = run_scripted(HandState.from_cards(MOON_DEAL, Rules(moon=Moon.SHOOTER_CHOOSES), hold=True))
    assert state.phase is Phase.MOON_CHOICE and state.moon_shooter == 0
    state.choose_moon("others_add")
    assert state.score is not None and state.score.points == (0, 26, 26, 26)


@pytest.mark.parametrize(
    ("hole_rule", "card_points", "owner"),
    [(HoleCards.FIRST_HEART_TRICK, 26, 0), (HoleCards.FIRST_TRICK, 26, 0), (HoleCards.SET_ASIDE, 25, None)],
)
def test_hole_cards_go_to_the_first_heart_tricks_winner_and_count_for_the_moon(
    hole_rule: HoleCards, card_points: int, owner: int | None
) -> None:
    rules = Rules(players=3, removed_cards=(), hole_cards=hole_rule)
    state = HandState.from_cards(THREE_HOLE_DEAL, rules, hole="2H", hold=True)
    for _trick in range(4):  # four tricks without a heart
        for _ in range(3):
            state.play(max(state.legal_plays(), key=lambda c: c.id) if state.to_play == 0 else state.legal_plays()[0])
        assert state.hole_owner == (0 if hole_rule is HoleCards.FIRST_TRICK else None)
    assert not any(c.suit.letter == "H" for t in state.tricks for c in t.cards)
    state.play("AH")
    assert state.hole_owner == (0 if hole_rule is HoleCards.FIRST_TRICK else None)  # given at the end of the trick
    for _ in range(2):
        state.play(state.legal_plays()[0])
    assert state.tricks[4].winner == 0 and Card.from_str("3H") in state.tricks[4].cards
    assert state.hole_owner == owner
    run_scripted(state)
    assert (Card.from_str("2H") in state.taken(0)) is (owner == 0)
    assert state.score is not None
    assert state.score.card_points == (card_points, 0, 0)
    assert state.score.shooter == 0 and state.score.points == (0, 26, 26)
    no_moon = scripted(THREE_HOLE_DEAL, rules.with_options(moon=Moon.NONE), hole="2H")
    assert no_moon.score is not None and no_moon.score.points == (card_points, 0, 0)


def test_no_heart_played_leaves_the_hole_with_nobody() -> None:
    rules = Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_HEART_TRICK)
    state = HandState.from_cards("2C 5D; 3C 6D; 4C 7D", rules, hole="2H", hold=True, check=False)
    for card in ("2C", "3C", "4C", "7D", "5D", "6D"):
        state.play(card)
    assert state.is_over and state.hole_owner is None
    assert state.score is not None and state.score.points == (0, 0, 0)


def _card_points_one_by_one(rules: Rules, taken: Sequence[int]) -> tuple[Points, ...]:
    """Card points added card by card from the lowest id up (how ``score_hand`` added them before its tables)."""
    k = layout_for(rules)
    result: list[Points] = []
    for mask in taken:
        total: Points = 0
        for card_id in range(k.deck.bit_length()):
            if (mask & k.scoring) >> card_id & 1:
                total += k.values[card_id]
        mult = rules.ten_of_clubs_multiplier if mask & k.ten_of_clubs else 1
        result.append(total * mult)
    return tuple(result)


PRESET_RULES = [preset.rules_for(n) for preset in PRESETS.values() for n in preset.players if n <= 7]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PRESET_RULES), st.randoms(use_true_random=False))
def test_point_tables_add_up_card_by_card(rules: Rules, rnd: random.Random) -> None:
    k = layout_for(rules)
    taken = [0] * rules.players
    for card_id in k.deck_ids:  # every card to a random seat (or to nobody: a hole card set aside)
        seat = rnd.randrange(rules.players + 1)
        if seat < rules.players:
            taken[seat] |= 1 << card_id
    scored = score_hand(k, taken, [1] * rules.players, k.deck, MOON_CHOICES.get(rules.moon, ("",))[0] or None)
    assert scored.card_points == _card_points_one_by_one(rules, taken)
    for mask, points in zip(taken, scored.card_points, strict=True):
        assert type(points) is (complex if isinstance(points, complex) else int)
        if not mask & k.scoring:
            assert points == 0


def test_a_hand_score_is_a_read_only_value() -> None:
    """A plain class (fast to build when compiled) that behaves as the frozen value it was: read-only fields,
    equality and hashing by value, a readable repr, and a pickle that gives an equal score back."""
    import pickle

    k = layout_for(STANDARD)
    score = score_hand(k, [k.moon_cards, 0, 0, k.deck & ~k.moon_cards], [5, 0, 0, 8], k.deck)
    again = score_hand(k, [k.moon_cards, 0, 0, k.deck & ~k.moon_cards], [5, 0, 0, 8], k.deck)
    assert score == again and hash(score) == hash(again) and score is not again
    assert score != score_hand(k, [0, k.moon_cards, 0, k.deck & ~k.moon_cards], [0, 5, 0, 8], k.deck)
    assert (score.points, score.card_points, score.shooter, score.sun) == ((0, 26, 26, 26), (26, 0, 0, 0), 0, False)
    assert repr(score).startswith("HandScore(card_points=(26, 0, 0, 0), points=(0, 26, 26, 26), shooter=0,")
    assert pickle.loads(pickle.dumps(score)) == score
    with pytest.raises(AttributeError):
        score.points = (0, 0, 0, 0)  # type: ignore[misc]
    assert (score == "a score") is False


def test_the_layout_gives_each_card_id_its_suit() -> None:
    """``Layout.suit_of`` is indexed by card id: each card's suit (a joker is a heart), -1 for ids of no card."""
    for preset in PRESETS.values():
        rules = preset.rules_for(preset.players[0])
        k = layout_for(rules)
        for cid in range(len(k.suit_of)):
            if (k.deck >> cid) & 1:
                assert (k.suit_masks[k.suit_of[cid]] >> cid) & 1
            else:
                assert k.suit_of[cid] == -1
        assert len(k.suit_of) == k.deck.bit_length()


def test_notes_for_the_reader_say_you_where_the_seat_is_theirs() -> None:
    s = score(Rules(moon=Moon.RESET_TO_ZERO), ["QS " + HEARTS, "", "", ""], [5, 3, 0, 5])
    assert s.notes[0] == "South took every penalty card: shot the moon (M = 26)."
    assert s.notes_for(0) == ("You took every penalty card: shot the moon (M = 26).", "Every other player scores 26.",
                              "Your running total goes back to 0.")  # fmt: skip
    assert s.notes_for(1) == s.notes  # the reader sits elsewhere: the shooter is named by seat
    ten = score(Rules(ten_of_clubs_multiplier=2, no_tricks_bonus=5), ["TC 2H", "", "QS", ""], [1, 0, 5, 7])
    assert [n for n in ten.notes_for(0) if n.startswith("You")] == ["You took the 10♣: card points × 2."]
    assert "You took no trick: −5." in ten.notes_for(1)
    sun = score_hand(layout_for(Rules(shoot_the_sun=True, moon=Moon.SHOOTER_SUBTRACTS)),
                     [layout_for(STANDARD).deck, 0, 0, 0], [13, 0, 0, 0], layout_for(STANDARD).deck)  # fmt: skip
    assert sun.notes_for(0) == ("You took every trick: shot the sun (M = 52).", "You score −52.")
