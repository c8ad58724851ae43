"""A whole game: dealer rotation, the pass cycle, running totals and the order of scoring (RULES.md 3.2 steps 5-8):
floor at zero, the reset-to-0 moon, the exact-target reset, the end of the game and ties; saving and undo."""

from __future__ import annotations

import random

import pytest
from play_helpers import SUN_DEAL, run_scripted

from hearts_lessons.errors import IllegalActionError
from hearts_lessons.game import GameState, hand_seed
from hearts_lessons.playout import random_playout
from hearts_lessons.rules import GameEnd, Moon, PassDirection, Rules, Ties
from hearts_lessons.state import HandState, Phase

SEAT_2_TAKES_ONE = "AC 4D; 2C QH; 3C TD; 4C 6D"  # seed 001's trick: seat 2 takes the Q♥; seats 1 and 3 take nothing
SEAT_0_TAKES_ONE = "3C TD; 4C 6D; AC 4D; 2C QH"  # the same deal moved two seats round: seat 0 takes the Q♥


def play_scripted_hand(game: GameState, deal: str, totals: list[int] | None = None) -> HandState | None:
    """Replace the current hand by a given deal (same dealer and hand number), play it out and score it."""
    if totals is not None:
        game.totals = list(totals)
    current = game.current
    game.current = run_scripted(
        HandState.from_cards(deal, game.rules, hold=True, dealer=current.dealer, hand_number=current.hand_number,
                             check=False)
    )
    return game.next_hand()


def play_random_hand(game: GameState, seed: int) -> HandState | None:
    random_playout(game.current, random.Random(seed))
    return game.next_hand()


def test_dealer_and_pass_direction_rotate() -> None:
    for players, cycle in [(4, ["left", "right", "across", "hold"]), (5, ["left", "right", "hold"])]:
        game = GameState(Rules(players=players, game_end=GameEnd.FIXED_HANDS, fixed_hands=7), seed=3, first_dealer=2)
        for hand_number in range(7):
            hand = game.current
            assert hand.hand_number == hand_number == game.hand_number
            assert hand.dealer == (2 + hand_number) % players
            assert hand.direction.value == cycle[hand_number % len(cycle)]
            assert hand.seed == hand_seed(3, hand_number)
            assert hand.totals_before == tuple(game.totals)
            play_random_hand(game, hand_number)
        assert game.is_over


def test_totals_are_the_sum_of_the_hands() -> None:
    game = GameState(seed=5)
    seed = 0
    while not game.is_over:
        play_random_hand(game, seed)
        seed += 1
    assert len(game.results) == len(game.hands) == seed
    for seat in range(4):
        assert game.totals[seat] == sum(r.score.points[seat] for r in game.results)
    assert max(game.totals) >= 100
    assert game.winners == [s for s in range(4) if game.totals[s] == min(game.totals)]
    assert game.results[-1].totals == tuple(game.totals)


def test_next_hand_needs_a_finished_hand_and_scores_it_once() -> None:
    game = GameState(Rules(game_end=GameEnd.FIXED_HANDS, fixed_hands=1), seed=1)
    with pytest.raises(IllegalActionError, match="the current hand is not finished yet"):
        game.next_hand()
    assert play_random_hand(game, 1) is None and game.is_over
    with pytest.raises(IllegalActionError, match="already been scored"):
        game.next_hand()


def test_first_dealer_must_be_a_seat() -> None:
    with pytest.raises(ValueError, match="the first dealer must be a seat from 0 to 3"):
        GameState(first_dealer=4)


@pytest.mark.parametrize(
    ("game_end", "before", "over"),
    [
        (GameEnd.REACH_TARGET, [10, 20, 98, 30], False),
        (GameEnd.REACH_TARGET, [10, 20, 99, 30], True),  # 100 reaches the target
        (GameEnd.EXCEED_TARGET, [10, 20, 99, 30], False),  # 100 does not exceed it
        (GameEnd.EXCEED_TARGET, [10, 20, 100, 30], True),
    ],
)
def test_reach_or_exceed_the_target(game_end: GameEnd, before: list[int], over: bool) -> None:
    game = GameState(Rules(game_end=game_end), seed=1)
    nxt = play_scripted_hand(game, SEAT_2_TAKES_ONE, before)
    assert game.totals == [10, 20, before[2] + 1, 30]
    assert game.is_over is over and (nxt is None) is over
    if over:
        assert game.winners == [0]


def test_other_targets() -> None:
    game = GameState(Rules(target=50), seed=1)
    play_scripted_hand(game, SEAT_2_TAKES_ONE, [0, 0, 49, 0])
    assert game.is_over and game.winners == [0, 1, 3]


def test_fixed_number_of_hands() -> None:
    game = GameState(Rules(game_end=GameEnd.FIXED_HANDS, fixed_hands=2), seed=4)
    assert play_random_hand(game, 0) is not None and not game.is_over
    assert play_random_hand(game, 1) is None and game.is_over
    assert len(game.results) == 2 and max(game.totals) < 100


def test_tied_winners_share_or_play_on() -> None:
    shared = GameState(Rules(ties=Ties.SHARE), seed=1)
    play_scripted_hand(shared, SEAT_2_TAKES_ONE, [10, 10, 99, 30])
    assert shared.is_over and shared.winners == [0, 1]
    playing_on = GameState(Rules(ties=Ties.PLAY_ON), seed=1)
    nxt = play_scripted_hand(playing_on, SEAT_2_TAKES_ONE, [10, 10, 99, 30])
    assert nxt is not None and not playing_on.is_over and playing_on.winners == [0, 1]
    assert play_scripted_hand(playing_on, SEAT_0_TAKES_ONE) is None
    assert playing_on.is_over and playing_on.totals == [11, 10, 100, 30] and playing_on.winners == [1]


def test_floor_at_zero() -> None:
    rules = Rules(no_tricks_bonus=5)
    game = GameState(rules, seed=1)
    play_scripted_hand(game, SEAT_2_TAKES_ONE, [0, 3, 0, 0])
    assert game.results[-1].score.points == (0, -5, 1, -5)
    assert game.totals == [0, -2, 1, -5]  # negative totals are allowed by default
    floored = GameState(rules.with_options(floor_at_zero=True), seed=1)
    play_scripted_hand(floored, SEAT_2_TAKES_ONE, [0, 3, 0, 0])
    assert floored.totals == [0, 0, 1, 0]
    assert any("stays at 0" in note for note in floored.results[-1].notes)


@pytest.mark.parametrize(
    ("before", "after", "over"),
    [
        ([0, 0, 49, 0], [0, 0, 0, 0], False),  # exactly 50 drops to 0
        ([0, 0, 99, 0], [0, 0, 50, 0], False),  # exactly 100 drops to 50: the game goes on
        ([0, 0, 48, 0], [0, 0, 49, 0], False),
        ([0, 0, 100, 0], [0, 0, 101, 0], True),
    ],
)
def test_exact_target_reset(before: list[int], after: list[int], over: bool) -> None:
    game = GameState(Rules(exact_target_reset=True), seed=1)
    play_scripted_hand(game, SEAT_2_TAKES_ONE, before)
    assert game.totals == after and game.is_over is over
    if after[2] in (0, 50) and before[2] + 1 in (50, 100):
        assert any("hit exactly" in note for note in game.results[-1].notes)


def test_exact_target_reset_with_another_target() -> None:
    game = GameState(Rules(exact_target_reset=True, target=50), seed=1)
    play_scripted_hand(game, SEAT_2_TAKES_ONE, [0, 0, 49, 0])
    assert game.totals == [0, 0, 0, 0] and not game.is_over  # reset before the end-of-game check


def test_reset_to_zero_moon() -> None:
    game = GameState(Rules(moon=Moon.RESET_TO_ZERO), seed=1)
    play_scripted_hand(game, SUN_DEAL, [40, 10, 10, 10])
    assert game.totals == [0, 36, 36, 36]
    assert any("goes back to 0" in note for note in game.results[-1].notes)


def test_reset_to_zero_then_exact_target() -> None:
    game = GameState(Rules(moon=Moon.RESET_TO_ZERO, exact_target_reset=True), seed=1)
    play_scripted_hand(game, SUN_DEAL, [40, 24, 74, 10])
    assert game.totals == [0, 0, 50, 36]


def test_shooter_subtracts_with_floor_and_exact_reset() -> None:
    game = GameState(Rules(moon=Moon.SHOOTER_SUBTRACTS, floor_at_zero=True), seed=1)
    play_scripted_hand(game, SUN_DEAL, [20, 0, 0, 0])
    assert game.totals == [0, 0, 0, 0]
    game = GameState(Rules(moon=Moon.SHOOTER_SUBTRACTS, exact_target_reset=True), seed=1)
    play_scripted_hand(game, SUN_DEAL, [76, 0, 0, 0])
    assert game.totals == [0, 0, 0, 0]
    game = GameState(Rules(moon=Moon.SHOOTER_SUBTRACTS), seed=1)
    play_scripted_hand(game, SUN_DEAL, [20, 0, 0, 0])
    assert game.totals == [-6, 0, 0, 0]


def test_moon_choice_inside_a_game() -> None:
    game = GameState(Rules(moon=Moon.SHOOTER_CHOOSES), seed=1)
    current = game.current
    game.current = run_scripted(HandState.from_cards(SUN_DEAL, game.rules, hold=True, dealer=current.dealer))
    assert game.current.phase is Phase.MOON_CHOICE
    with pytest.raises(IllegalActionError, match="not finished"):
        game.next_hand()
    game.current.choose_moon("shooter_subtracts")
    game.next_hand()
    assert game.totals == [-26, 0, 0, 0]


# -- records and undo --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(players=3), Rules(players=7, pass_cycle=(PassDirection.SPLIT, PassDirection.HOLD)),
     Rules(moon=Moon.SHOOTER_CHOOSES, pass_cycle=(PassDirection.DEALERS_CHOICE,), target=60)],
    ids=["standard", "three", "seven-split", "choices"],
)  # fmt: skip
def test_saved_games_load_to_an_equal_state(rules: Rules) -> None:
    game = GameState(rules, seed=7)
    seed = 0
    while not game.is_over and seed < 12:
        text = game.to_json()
        assert GameState.from_json(text).to_json() == text
        play_random_hand(game, seed)
        seed += 1
    text = game.to_json()
    loaded = GameState.from_json(text)
    assert loaded.to_json() == text
    assert loaded.totals == game.totals and loaded.is_over == game.is_over
    assert [r.score for r in loaded.results] == [r.score for r in game.results]
    if not game.is_over:  # a hand in progress
        hand = game.current
        random_playout(hand, random.Random(1))
        while len(hand.actions) > 5:
            hand.undo()
        assert GameState.from_json(game.to_json()).current.to_json() == hand.to_json()


def test_undo_steps_back_into_the_previous_hand() -> None:
    game = GameState(seed=2)
    play_random_hand(game, 0)
    play_random_hand(game, 1)
    totals, last = list(game.totals), game.hands[-1]
    final = last.to_json()
    assert game.current.actions == []
    game.undo()  # the last action of hand 2, which is scored no more
    assert game.current is last and len(game.results) == 1 and game.totals == list(game.results[0].totals)
    assert not game.current.is_over
    game.current.apply(HandState.from_json(final).actions[-1])
    game.next_hand()
    assert game.totals == totals
    fresh = GameState(seed=2)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        fresh.undo()


def test_score_sheet() -> None:
    game = GameState(Rules(no_tricks_bonus=5), seed=1)
    play_scripted_hand(game, SEAT_2_TAKES_ONE)
    assert game.score_sheet() == [["1", "0 → 0", "-5 → -5", "1 → 1", "-5 → -5"]]
    html = game.score_sheet_html()
    assert "<table" in html and "South" in html and "-5 → -5" in html
    # a table that calls its reader "You" heads that column so; the wrong number of names is refused
    named = game.score_sheet_html(["You", "West", "North", "East"])
    assert ">You</th>" in named and "South" not in named and named.replace(">You<", ">South<") == html
    with pytest.raises(ValueError, match="needs 4 names"):
        game.score_sheet_html(["You"])
    assert "totals 0, -5, 1, -5" in repr(game)
