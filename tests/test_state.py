"""One hand as a state machine: dealing, passing (every direction, split, dealer's choice, unpassable cards),
play, tricks, the moon-choice phase, undo and saving."""

from __future__ import annotations

import random

import pytest
from play_helpers import SUN_DEAL, run_scripted

from hearts_lessons.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, Suit, parse_cards
from hearts_lessons.errors import IllegalPassError, IllegalPlayError
from hearts_lessons.playout import random_pass, random_playout
from hearts_lessons.rules import STANDARD, Moon, PassDirection, Rules
from hearts_lessons.state import HandState, Phase, direction_offset, pass_targets

L, R, A, H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD
SPLIT, CHOICE = PassDirection.SPLIT, PassDirection.DEALERS_CHOICE


# -- dealing ----------------------------------------------------------------------------------------------------
def test_deal_is_seeded_and_complete() -> None:
    a, b = HandState.deal(seed=11), HandState.deal(seed=11)
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    assert [a.hand(s) for s in range(4)] != [HandState.deal(seed=12).hand(s) for s in range(4)]
    cards = [c for s in range(4) for c in a.hand(s)]
    assert len(cards) == len(set(cards)) == 52
    assert a.hole_cards == [] and a.seed == 11


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_deal_starts_left_of_the_dealer(players: int) -> None:
    """The same shuffle dealt by another dealer gives the same hands, moved round the table with the deal."""
    rules = Rules(players=players)
    base = HandState.deal(rules, seed=5, dealer=0)
    for dealer in range(1, players):
        moved = HandState.deal(rules, seed=5, dealer=dealer)
        assert moved.dealer == dealer
        for seat in range(players):
            assert moved.hand(seat) == base.hand((seat - dealer) % players)
        assert moved.hole_cards == base.hole_cards


def test_hands_are_sorted_for_display() -> None:
    state = HandState.deal(seed=2)
    for seat in range(4):
        hand = state.hand(seat)
        assert hand == sorted(hand, key=lambda c: (c.suit, c.rank))


def test_from_cards_refuses_impossible_deals() -> None:
    with pytest.raises(ValueError, match="these rules are for 4 players; 3 hands were given"):
        HandState.from_cards("2C; 3C; 4C")
    with pytest.raises(ValueError, match="2♣ is dealt twice"):
        HandState.from_cards("2C; 2C; 4C; 5C")
    with pytest.raises(ValueError, match="same number of cards"):
        HandState.from_cards("2C 3C; 4C; 5C; 6C")
    with pytest.raises(ValueError, match="not in the deck"):
        HandState.from_cards("2C; 3C; 4C; 5C; 6C", Rules(players=5))  # 2♣ is removed with 5 players
    with pytest.raises(ValueError, match="a hole card is also in a hand"):
        HandState.from_cards("2C; 3C; 4C", Rules(players=3, removed_cards=()), hole="2C")


# -- pass directions --------------------------------------------------------------------------------------------
CYCLES = {3: (L, R, H), 4: (L, R, A, H), 5: (L, R, H), 6: (L, R, A, H), 7: (L, R, H)}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_pass_direction_by_hand_number(players: int) -> None:
    rules = Rules(players=players)
    cycle = CYCLES[players]
    for hand_number in range(9):
        state = HandState.deal(rules, seed=hand_number, hand_number=hand_number)
        direction = cycle[hand_number % len(cycle)]
        assert state.pass_direction is direction
        if direction is H:
            assert state.phase is Phase.PLAYING and state.targets == () and state.to_pass == []
        else:
            assert state.phase is Phase.PASSING and state.to_pass == list(range(players))
            assert state.cards_to_pass == 3


@pytest.mark.parametrize(
    ("players", "direction", "offset"),
    [(n, L, 1) for n in range(3, 8)] + [(n, R, n - 1) for n in range(3, 8)] + [(4, A, 2), (6, A, 3)],
)
def test_passed_cards_arrive_at_the_right_seat(players: int, direction: PassDirection, offset: int) -> None:
    assert direction_offset(direction, players) == offset
    state = HandState.deal(Rules(players=players, pass_cycle=(direction,)), seed=players)
    before = [state.hand(s) for s in range(players)]
    passed = [before[s][-3:] for s in range(players)]
    for seat in range(players):
        assert state.received(seat) == []
        state.pass_cards(seat, passed[seat])
    assert state.phase is Phase.PLAYING
    for seat in range(players):
        target = (seat + offset) % players
        assert state.passed(seat) == passed[seat]
        assert set(state.received(target)) == set(passed[seat])
        expected = (set(before[target]) - set(passed[target])) | set(passed[seat])
        assert set(state.hand(target)) == expected


def test_across_needs_an_even_count() -> None:
    assert direction_offset("across", 6) == 3
    with pytest.raises(ValueError):
        direction_offset(H, 4)
    assert pass_targets(H, STANDARD) == () and pass_targets(L, STANDARD) == ((1, 3),)
    assert pass_targets(SPLIT, Rules(players=5)) == ((1, 1), (2, 1), (3, 1), (4, 1))


def test_cards_are_received_only_after_everyone_has_passed() -> None:
    state = HandState.deal(seed=4)
    originals = [state.hand(s) for s in range(4)]
    for seat in range(3):
        state.pass_cards(seat, originals[seat][:3])
        assert state.phase is Phase.PASSING
        assert state.to_pass == list(range(seat + 1, 4))
        assert all(state.received(s) == [] for s in range(4))
        assert [state.hand(s) for s in range(4)] == originals  # nothing has moved yet
        assert state.view(seat + 1).received_mask == 0
    state.pass_cards(3, originals[3][:3])
    assert state.phase is Phase.PLAYING and state.to_pass == []
    assert all(len(state.received(s)) == 3 for s in range(4))


def test_split_pass_gives_one_card_to_each_other_player() -> None:
    for players in (3, 4, 5, 6, 7):
        rules = Rules(players=players, pass_cycle=(SPLIT,))
        state = HandState.deal(rules, seed=players)
        assert state.cards_to_pass == players - 1
        chosen = [state.hand(s)[: players - 1] for s in range(players)]
        with pytest.raises(IllegalPassError, match=f"pass exactly {players - 1} cards"):
            state.pass_cards(0, state.hand(0)[:players])
        for seat in range(players):
            state.pass_cards(seat, chosen[seat])
        for seat in range(players):
            for index, card in enumerate(chosen[seat]):  # in the order of the targets: left first
                assert card in state.received((seat + index + 1) % players)
            assert len(state.hand(seat)) == rules.hand_size


def test_split_pass_ignores_cards_passed() -> None:
    state = HandState.deal(Rules(players=4, cards_passed=1, pass_cycle=(SPLIT,)), seed=1)
    assert state.cards_to_pass == 3


# -- dealer's choice --------------------------------------------------------------------------------------------
def choice_state(players: int = 4, seed: int = 1, dealer: int = 2) -> HandState:
    return HandState.deal(Rules(players=players, pass_cycle=(CHOICE,)), seed=seed, dealer=dealer)


def test_dealers_choice_comes_before_anyone_passes() -> None:
    state = choice_state()
    assert state.phase is Phase.DEALERS_CHOICE
    assert state.to_pass == [] and state.to_play == -1 and state.legal_plays() == []
    with pytest.raises(IllegalPassError, match="it is not time to pass"):
        state.pass_cards(0, state.hand(0)[:3])
    state.choose_passes({"left": 2, "right": 1})
    assert state.phase is Phase.PASSING and state.cards_to_pass == 3
    assert state.targets == ((1, 2), (3, 1))
    chosen = [state.hand(s)[:3] for s in range(4)]
    for seat in range(4):
        state.pass_cards(seat, chosen[seat])
    for seat in range(4):
        assert set(chosen[seat][:2]) <= set(state.received((seat + 1) % 4))
        assert chosen[seat][2] in state.received((seat + 3) % 4)
    assert state.actions[0].kind == "choose_passes" and state.actions[0].seat == 2
    assert HandState.from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(IllegalPassError, match="only at the start"):
        state.choose_passes({"left": 1})


@pytest.mark.parametrize("passes", [{}, {"left": 0}, {"left": 0, "right": 0}])
def test_dealers_choice_of_nothing_is_a_hold(passes: dict[str, int]) -> None:
    state = choice_state()
    state.choose_passes(passes)
    assert state.phase is Phase.PLAYING and state.targets == ()
    assert state.legal_plays() == [TWO_OF_CLUBS]


@pytest.mark.parametrize(
    ("players", "passes", "message"),
    [
        (4, {"left": 4}, "at most 3 cards in all may be passed"),
        (4, {"left": 2, "right": 2}, "at most 3 cards in all may be passed"),
        (4, {"hold": 1}, "'hold' is not a direction (use left, right or across)"),
        (4, {"north": 1}, "'north' is not a direction"),
        (4, {"left": -1}, "a pass count is a whole number of 0 or more"),
        (4, {"left": 1.5}, "a pass count is a whole number of 0 or more"),
        (4, {"left": "2"}, "a pass count is a whole number of 0 or more"),
        (4, {"left": True}, "a pass count is a whole number of 0 or more"),
        (5, {"across": 1}, "passing across needs an even number of players"),
    ],
)
def test_dealers_choice_errors(players: int, passes: dict[str, object], message: str) -> None:
    state = choice_state(players)
    before = state.to_json()
    with pytest.raises(IllegalPassError) as info:
        state.choose_passes(passes)  # type: ignore[arg-type]
    assert message in info.value.reason
    assert state.to_json() == before and state.phase is Phase.DEALERS_CHOICE


def test_only_the_dealer_chooses_in_a_record() -> None:
    from hearts_lessons.state import Action

    state = choice_state(dealer=2)
    with pytest.raises(IllegalPassError, match="only the dealer"):
        state.apply(Action("choose_passes", 1, passes=(("left", 1),)))
    state.apply(Action("choose_passes", 2, passes=(("across", 1),)))
    assert state.targets == ((2, 1),)


# -- passing errors ---------------------------------------------------------------------------------------------
def test_unpassable_cards() -> None:
    rules = Rules(unpassable=(TWO_OF_CLUBS, QUEEN_OF_SPADES))
    for seed in range(6):
        state = HandState.deal(rules, seed=seed)
        for seat in range(4):
            hand = state.hand(seat)
            others = [c for c in hand if c not in (TWO_OF_CLUBS, QUEEN_OF_SPADES)]
            for card in (TWO_OF_CLUBS, QUEEN_OF_SPADES):
                if card in hand:
                    assert state.why_not_pass(seat, card) == f"the {card.symbol} may not be passed"
                    assert not state.can_pass(seat, [card, *others[:2]])
                    with pytest.raises(IllegalPassError, match=f"the {card.symbol} may not be passed"):
                        state.verify_pass(seat, [card, *others[:2]])
            assert state.why_not_pass(seat, others[0]) is None
        random_pass(state, random.Random(seed))
        for seat in range(4):
            assert TWO_OF_CLUBS not in state.passed(seat) and QUEEN_OF_SPADES not in state.passed(seat)


def test_wrong_passes_are_refused_with_reasons_and_change_nothing() -> None:
    state = HandState.deal(seed=2)
    hand = state.hand(0)
    other = state.hand(1)[0]
    cases = [
        (hand[:2], "pass exactly 3 cards (you chose 2)"),
        (hand[:4], "pass exactly 3 cards (you chose 4)"),
        ([hand[0], hand[0], hand[1]], "the same card is chosen twice"),
        ([other, hand[0], hand[1]], f"you do not hold the {other.symbol}"),
        (["ZZ", hand[0], hand[1]], "'ZZ' is not a card"),
    ]
    before = state.to_json()
    for cards, reason in cases:
        assert not state.can_pass(0, cards)
        with pytest.raises(IllegalPassError) as info:
            state.pass_cards(0, cards)
        assert reason in info.value.reason
        assert state.to_json() == before
    with pytest.raises(IllegalPassError, match="there is no seat 4"):
        state.pass_cards(4, hand[:3])
    assert state.why_not_pass(4, hand[0]) == "there is no seat 4"
    state.pass_cards(0, hand[:3])
    with pytest.raises(IllegalPassError, match="you have already passed"):
        state.pass_cards(0, hand[3:6])
    hold = HandState.deal(seed=2, hand_number=3)
    assert hold.why_not_pass(0, hold.hand(0)[0]) == "it is not time to pass"
    with pytest.raises(IllegalPassError, match="it is not time to pass"):
        hold.pass_cards(0, hold.hand(0)[:3])


# -- play -------------------------------------------------------------------------------------------------------
def test_tricks_are_recorded() -> None:
    state = HandState.from_cards("AC 4D; 2C QH; 3C TD; 4C 6D", hold=True, check=False)
    first = [state.play(c) for c in ("2C", "3C", "4C")]
    assert first == [None, None, None] and state.current_trick == [(1, TWO_OF_CLUBS), (2, Card.from_str("3C")),
                                                                  (3, Card.from_str("4C"))]  # fmt: skip
    trick = state.play("AC")
    assert trick is not None and trick.winner == 0 and trick.leader == 1 and trick.number == 0
    assert trick.points == 0 and trick.lead_suit is Suit.CLUBS and trick.cards == parse_cards("2C 3C 4C AC")
    assert state.current_trick == [] and state.trick_number == 1 and state.to_play == 0
    for card in ("4D", "QH", "TD"):
        state.play(card)
    last = state.play("6D")
    assert last is not None and last.winner == 2 and last.points == 1
    assert state.voids(1) == [Suit.DIAMONDS] and state.voids(0) == []
    assert state.tricks_won(0) == 1 and state.tricks_won(2) == 1 and state.tricks_won(1) == 0
    assert state.taken(2) == parse_cards("4D 6D TD QH") and state.points_taken(2) == 1
    assert state.is_over and state.to_play == -1 and state.legal_plays() == []


def test_play_id_refuses_an_illegal_card() -> None:
    state = HandState.from_cards("2C 3H; 4C QS; 5C AS; 6C 7D", hold=True, check=False)
    with pytest.raises(IllegalPlayError, match="the first trick is opened with the 2♣"):
        state.play_id(Card.from_str("3H").id)
    state.play_id(TWO_OF_CLUBS.id)
    assert state.to_play == 1


def test_copy_is_independent() -> None:
    state = HandState.deal(seed=8, hand_number=3)
    twin = state.copy()
    twin.play("2C")
    assert state.actions == [] and len(twin.actions) == 1
    assert TWO_OF_CLUBS in state.hand(state.to_play)


# -- the moon-choice phase --------------------------------------------------------------------------------------
def test_moon_choice_phase() -> None:
    state = run_scripted(HandState.from_cards(SUN_DEAL, Rules(moon=Moon.SHOOTER_CHOOSES), hold=True))
    assert state.phase is Phase.MOON_CHOICE and not state.is_over and state.score is None
    assert state.moon_shooter == 0 and state.moon_choices == ("others_add", "shooter_subtracts")
    assert state.legal_plays() == []
    assert state.why_not("2C") == "the hand is over: the shooter is choosing how to score the moon"
    saved = HandState.from_json(state.to_json())
    assert saved.phase is Phase.MOON_CHOICE
    with pytest.raises(IllegalPlayError, match="choose one of: others_add, shooter_subtracts"):
        state.choose_moon("plus")
    state.choose_moon("shooter_subtracts")
    assert state.is_over and state.score is not None
    assert state.score.points == (-26, 0, 0, 0) and state.score.moon_choice == "shooter_subtracts"
    assert state.moon_shooter == 0 and state.moon_choices == ()
    with pytest.raises(IllegalPlayError, match="there is no moon to score now"):
        state.choose_moon("others_add")
    saved.choose_moon("others_add")
    assert saved.score is not None and saved.score.points == (0, 26, 26, 26)
    assert HandState.from_json(state.to_json()).score == state.score
    state.undo()
    assert state.phase is Phase.MOON_CHOICE


def test_no_moon_choice_without_a_moon() -> None:
    state = HandState.deal(Rules(moon=Moon.SHOOTER_CHOOSES), seed=3)
    random_playout(state, random.Random(3))
    assert state.is_over
    assert state.score is not None and state.score.shooter is None  # seeded: nobody shot
    assert state.moon_choices == ()


# -- undo and saving --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [STANDARD, Rules(players=5, pass_cycle=(SPLIT,)), Rules(pass_cycle=(CHOICE,)), Rules(players=7)],
    ids=["standard", "split", "dealers-choice", "seven-hole"],
)
def test_undo_steps_back_one_action_at_a_time(rules: Rules) -> None:
    state = HandState.deal(rules, seed=9)
    random_playout(state, random.Random(9))
    final = state.to_json()
    actions = list(state.actions)
    history = []
    replay = state.restart()
    for action in actions:
        history.append(replay.to_json())
        replay.apply(action)
    assert replay.to_json() == final
    for action in reversed(actions):
        assert state.undo() == action
        assert state.to_json() == history.pop()
    assert state.actions == [] and state.phase in (Phase.PASSING, Phase.DEALERS_CHOICE, Phase.PLAYING)
    with pytest.raises(IllegalPlayError, match="there is nothing to undo"):
        state.undo()
    for action in actions:  # redo
        state.apply(action)
    assert state.to_json() == final


def test_saved_hand_loads_to_an_equal_state() -> None:
    state = HandState.deal(seed=21)
    random_playout(state, random.Random(21))
    loaded = HandState.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.score == state.score and loaded.tricks == state.tricks
    assert [loaded.taken(s) for s in range(4)] == [state.taken(s) for s in range(4)]
    half = HandState.deal(seed=21)
    random_pass(half, random.Random(1))
    for _ in range(7):
        half.play(half.legal_plays()[0])
    again = HandState.from_json(half.to_json().encode())
    assert again.current_trick == half.current_trick and again.legal_plays() == half.legal_plays()


def _hole_rules() -> list[Rules]:
    """Rules whose left-over cards join a trick: the kitty (3 players), hole cards to the first heart trick (7
    players, seed 002's option) and Cancellation's face-up left-overs (7 players, two decks)."""
    import dataclasses

    from hearts_lessons.rules import HoleCards
    from hearts_lessons.variants import PRESETS

    return [PRESETS["kitty"].rules, dataclasses.replace(PRESETS["standard"].rules_for(7),
            hole_cards=HoleCards.FIRST_HEART_TRICK), PRESETS["cancellation"].rules_for(7)]  # fmt: skip


@pytest.mark.parametrize("which", range(3))
def test_the_trick_that_took_the_hole_cards_and_who_may_see_them(which: int) -> None:
    """``hole_trick`` names the trick that took the hole cards: won by their owner, its points its own cards',
    the cards it carried from tricks nobody won, and the hole cards'. While the hand is played, a face-down kitty
    or hole cards are hidden from every seat but their taker (its plates' points leave them out); face-up
    left-overs, and everything once the play is over, are seen by all."""
    rules = _hole_rules()[which]
    checked = 0
    for seed in range(40):
        s = HandState.deal(rules, seed=seed)
        rng = random.Random(seed)
        random_pass(s, rng)
        while s.phase is Phase.PLAYING and s.hole_owner is None:
            s.play(rng.choice(s.legal_plays()))
        owner = s.hole_owner
        if owner is None:
            assert s.hole_trick is None
            continue
        checked += 1
        tricks = s.tricks
        at = next(i for i, t in enumerate(tricks) if t.number == s.hole_trick)
        assert at == len(tricks) - 1 and tricks[at].winner == owner  # the trick just played
        carried = []
        while at - len(carried) > 0 and tricks[at - len(carried) - 1].winner is None:
            carried.append(tricks[at - len(carried) - 1])
        cards = [c for t in [tricks[at], *carried] for c in t.cards] + s.hole_cards
        assert tricks[at].points == sum((rules.points_of(c) for c in cards), start=0)
        hole_points = sum((rules.points_of(c) for c in s.hole_cards), start=0)
        for viewer in range(rules.players):
            hidden = s.hidden_from(viewer)
            face_down = not rules.leftover_face_up and viewer != owner and s.phase is Phase.PLAYING
            assert hidden == (s.hole_cards_mask if face_down else 0)
            assert s.points_seen(owner, viewer) == s.points_taken(owner) - (hole_points if face_down else 0)
            assert set(s.taken_seen(owner, viewer)) == set(s.taken(owner)) - (set(s.hole_cards) if face_down else set())
        while s.phase is Phase.PLAYING:
            s.play(rng.choice(s.legal_plays()))
        assert all(s.hidden_from(v) == 0 for v in range(rules.players))  # the play is over: seen by all
    assert checked >= 10
