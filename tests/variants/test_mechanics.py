"""How the variants play: jokers, two and three decks, the kitty, Black Maria's first trick, the exact-target
add-on, and Complex Hearts' end of game."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_lessons.cards import Suit, parse_cards
from hearts_lessons.game import GameState
from hearts_lessons.rules import PassDirection
from hearts_lessons.state import HandState
from hearts_lessons.variants import (
    BLACK_MARIA,
    COMPLEX,
    HI_LO_JOKER,
    KITTY,
    OMNIBUS,
    PRESETS,
    SPOT,
    cancellation,
    with_exact_target,
)

from .golden import golden_cases, replay

GOLDEN = {c["name"]: c for c in golden_cases()}


def codes(cards: list) -> list[str]:  # type: ignore[type-arg]
    return [c.code for c in cards]


# -- Hi-Lo Joker Hearts -------------------------------------------------------------------------------------------


def test_jokers_follow_hearts_and_explain_why_not() -> None:
    s = HandState.from_cards(["2C 9C J1", "3C 5H 6C", "4C 7H 8C"], HI_LO_JOKER, hold=True, check=False)
    s.play("2C")
    s.play("3C")
    s.play("4C")  # Player 3 wins and leads
    assert s.to_play == 2
    # hearts are not broken: leading the 7♥ is refused with the reason (Player 3 also holds a club)
    assert s.why_not("7H") is not None and "hearts are not broken" in (s.why_not("7H") or "")
    s.play("8C")
    assert s.legal_plays() == parse_cards("9C")
    assert "you must follow ♣" in (s.why_not("J1") or "")


def test_a_joker_led_is_a_heart_lead() -> None:
    s = HandState.from_cards(["AC J1 5H", "2C 6D 7D", "3C 8H 9D"], HI_LO_JOKER, hold=True, check=False)
    for code in ("2C", "3C", "AC"):
        s.play(code)
    assert s.to_play == 0
    assert s.legal_plays() == parse_cards("5H J1")  # only penalty cards left: a heart may be led
    s.play("J1")
    s.play("6D")
    assert s.legal_plays() == parse_cards("8H")  # a joker led asks for hearts
    s.play("8H")
    assert s.tricks[1].lead_suit is Suit.HEARTS and s.tricks[1].winner == 0


def test_no_joker_on_the_first_trick() -> None:
    s = HandState.from_cards(["2C J1 3D", "J2 5H 6D", "4C 7H 8D"], HI_LO_JOKER, hold=True, check=False)
    s.play("2C")
    assert s.why_not("J2") == "no penalty cards on the first trick (unless you hold nothing else)"
    assert s.legal_plays() == parse_cards("6D")


def test_joker_ranks_depend_on_play_order() -> None:
    state = replay(GOLDEN["hi-lo: both jokers in one trick"])
    assert state.tricks[1].winner == 0  # Joker 1, played first, beats the 9♥; Joker 2 ranks below the 2♥
    state = replay(GOLDEN["hi-lo: the joker played first is high, whichever it is"])
    assert state.tricks[1].winner == 0
    state = replay(GOLDEN["hi-lo: a discarded joker counts as the first"])
    assert state.tricks[2].winner == 0  # the 5♥ beats the second joker


# -- Cancellation Hearts ------------------------------------------------------------------------------------------


def test_a_fully_cancelled_trick_waits_for_the_next_winner() -> None:
    state = replay(GOLDEN["cancellation: a fully cancelled trick and a cancelled last trick"])
    first, second, last = state.tricks
    assert first.winner is None and first.points == 0
    assert second.leader == first.leader == 0  # the same player leads again
    assert second.winner == 2 and second.points == 13 + 2  # Q♠, and the face-up leftovers 2♥ 3♥
    assert last.winner == last.leader == 2 and last.points == 2  # both K♥ cancel: the leader takes the last trick
    assert state.tricks_won(2) == 2
    assert len(state.taken(2)) == 6 + 6 + 2 + 6  # tricks 1 and 2, the leftovers, trick 3


def test_identical_cards_are_both_in_the_hand_and_both_legal() -> None:
    r = cancellation(6)
    s = HandState.from_cards(["5C 5C#1", "6C 7D", "8C 9D", "2D 3D", "4D 5D", "6D 7H"], r, hold=True, dealer=5,
                             check=False)
    assert s.hand(0) == [parse_cards("5C")[0], dataclasses.replace(parse_cards("5C")[0], copy=1)]
    assert len(s.legal_plays()) == 2
    s.play("5C#1")
    assert s.current_trick[0][1].copy == 1


def test_leftovers_are_face_up_and_the_kitty_is_private() -> None:
    case = GOLDEN["cancellation: a fully cancelled trick and a cancelled last trick"]
    r = cancellation(6)
    s = HandState.from_cards(case["hands"], r, hole=case["hole"], dealer=5, hold=True, check=False)
    leftovers = parse_cards("2H 3H")
    for seat in range(6):
        assert s.view(seat).hole_mask_known == sum(c.bit for c in leftovers)
    kitty = GOLDEN["kitty: the kitty's points go to the first trick's winner"]
    k = HandState.from_cards(kitty["hands"], KITTY, hole=kitty["hole"], dealer=2, hold=True, check=False)
    assert [k.view(seat).hole_mask_known for seat in range(3)] == [0, 0, 0]
    for code in kitty["tricks"][0].split():
        k.play(code)
    queen = parse_cards("QS")[0].bit
    assert k.hole_owner == 1
    assert [bool(k.view(seat).hole_mask_known) for seat in range(3)] == [False, True, False]
    assert not k.view(0).taken_masks[1] & queen  # the others do not see the kitty among West's cards
    assert k.view(1).taken_masks[1] & queen
    assert k.view(0).points_taken(1) == 0 and k.view(1).points_taken(1) == 13


def test_the_first_player_left_of_the_dealer_leads_in_cancellation() -> None:
    s = HandState.deal(cancellation(9), seed=4, dealer=3)
    assert s.direction is PassDirection.LEFT
    for seat in range(9):
        s.pass_cards(seat, s.hand(seat)[:3])
    assert s.to_play == 4


# -- Kitty Hearts and Black Maria -------------------------------------------------------------------------------


def test_kitty_opening_lead_is_any_card_but_a_penalty_card() -> None:
    s = HandState.deal(KITTY, seed=2, dealer=1)
    s.pass_cards(0, s.hand(0)[:3])
    s.pass_cards(1, s.hand(1)[:3])
    s.pass_cards(2, s.hand(2)[:3])
    assert s.to_play == 2
    legal = s.legal_plays()
    assert legal == [c for c in s.hand(2) if not KITTY.is_penalty(c)]


def test_black_maria_first_lead_and_unbroken_hearts() -> None:
    s = HandState.from_cards(["5C KS 2H", "6C AS 3H", "7C 8C 4H"], BLACK_MARIA, hold=True, dealer=2, check=False)
    assert s.to_play == 0
    assert s.legal_plays() == parse_cards("5C")  # no K♠ (10 points), no heart on the first trick
    assert "first trick" in (s.why_not("KS") or "")
    for code in ("5C", "6C", "7C"):
        s.play(code)
    # Player 3 wins and may lead a heart at once: Black Maria does not make you break hearts
    assert parse_cards("4H")[0] in s.legal_plays()
    strict = PRESETS["black_maria"].rules_for(3, {"must break hearts": "yes"})
    t = HandState.from_cards(["5C KS 2H", "6C AS 3H", "7C 8C 4H"], strict, hold=True, dealer=2, check=False)
    for code in ("5C", "6C", "7C"):
        t.play(code)
    assert "hearts are not broken" in (t.why_not("4H") or "")


def test_black_maria_passes_right_every_hand() -> None:
    game = GameState(BLACK_MARIA, seed=1)
    assert game.current.direction is PassDirection.RIGHT
    assert [BLACK_MARIA.cycle[h % len(BLACK_MARIA.cycle)] for h in range(4)] == [PassDirection.RIGHT] * 4


# -- whole games: the exact target, Complex Hearts' end ------------------------------------------------------------


def sun_hand(rules_key: str, addons: list[str] | None = None) -> HandState:
    case = dict(GOLDEN["standard moon"])
    case["preset"] = rules_key
    case["addons"] = addons or []
    return replay(case)


def test_exact_fifty_and_hundred() -> None:
    rules = with_exact_target(dataclasses.replace(OMNIBUS, name="Omnibus"))
    game = GameState(rules, seed=0)
    game.totals = [0, 24, 74, 30]
    hand = sun_hand("omnibus", ["exact_target"])  # South −10, the others +26
    game.current = hand
    game.next_hand()
    assert game.results[-1].totals == (-10, 0, 50, 56)
    notes = game.results[-1].notes
    assert any("exactly 50" in n for n in notes) and any("exactly 100" in n for n in notes)
    assert not game.is_over  # 100 dropped to 50 before the end-of-game check
    plain = GameState(OMNIBUS, seed=0)
    plain.totals = [0, 24, 74, 30]
    plain.current = sun_hand("omnibus")
    assert plain.next_hand() is None and plain.is_over
    assert plain.totals == [-10, 50, 100, 56]


def test_exact_fifty_reached_by_a_bonus() -> None:
    rules = with_exact_target(OMNIBUS)
    game = GameState(rules, seed=0)
    game.totals = [60, 0, 0, 0]
    game.current = sun_hand("omnibus", ["exact_target"])  # South takes the 10♦: 60 − 10 = 50 → 0
    game.next_hand()
    assert game.totals[0] == 0


def test_spot_game_goes_to_500() -> None:
    game = GameState(SPOT, seed=0)
    game.totals = [300, 0, 0, 0]
    game.current = sun_hand("spot")  # the others score 129
    assert game.next_hand() is not None
    game.totals = [0, 380, 0, 0]
    game.current = sun_hand("spot")
    assert game.next_hand() is None and game.winners == [0]


def complex_sun(choice: str) -> HandState:
    case = dict(GOLDEN["complex moon, others add"])
    case["moon_choice"] = choice
    return replay(case)


def test_complex_game_ends_when_a_size_exceeds_100() -> None:
    game = GameState(COMPLEX, seed=0)
    game.totals = [0, 47 + 67j, 0, 0]  # + (13+13i) = 60+80i: |total| = 100 exactly
    game.current = complex_sun("others_add")
    assert game.next_hand() is not None and not game.is_over
    reach = PRESETS["complex"].rules_for(4, {"game end": "|total| reaches 100"})
    ends = GameState(reach, seed=0)
    ends.totals = [0, 47 + 67j, 0, 0]
    case = dict(GOLDEN["complex moon, others add"])
    case["options"] = {"game end": "|total| reaches 100"}
    ends.current = replay(case)
    assert ends.next_hand() is None
    assert ends.winners == [2, 3]  # |13+13i| ≈ 18.4 is smaller than South's |−20i| = 20


def test_complex_winner_by_size() -> None:
    game = GameState(COMPLEX, seed=0)
    game.totals = [90 + 50j, 30 - 40j, -95 + 40j, 1]
    game.current = complex_sun("shooter_subtracts")  # South: 90+50i − (13+13i) − 20i = 77+17i
    assert game.next_hand() is None  # |−95+40i| ≈ 103 exceeds 100
    assert game.totals[0] == 77 + 17j
    assert game.winners == [3]  # |1| is the smallest size


@pytest.mark.parametrize("name", ["kitty: the kitty's points go to the first trick's winner",
                                  "kitty to the first trick with a penalty card"])
def test_kitty_points(name: str) -> None:
    state = replay(GOLDEN[name])
    owner = GOLDEN[name]["expected"]["hole_owner"]
    assert parse_cards("QS")[0] in state.taken(owner)
