"""The play rules: golden deals with expected legal sets and "why not" reasons (tests/data/golden_deals.json),
and properties of the cascade (the legal set and the reasons never disagree)."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_lessons.cards import Card, parse_cards
from hearts_lessons.errors import IllegalActionError, IllegalPlayError
from hearts_lessons.layout import layout_for
from hearts_lessons.legality import PLAY_RULES, cascade_mask, cascade_of, legal_mask
from hearts_lessons.rules import STANDARD, OpeningLead, PassDirection, Rules, standard_points
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import PRESETS

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_deals.json").read_text(encoding="utf-8"))["deals"]


def snapshot(state: HandState) -> tuple[Any, ...]:
    n = state.players
    return (
        state.to_json(), [state.hand(s) for s in range(n)], state.current_trick, state.to_play, state.phase,
        state.hearts_broken, state.legal_plays(), [state.taken(s) for s in range(n)],
    )  # fmt: skip


def check_moment(state: HandState, expected: dict[str, Any]) -> None:
    if "to_play" in expected:
        assert state.to_play == expected["to_play"]
    if "hearts_broken" in expected:
        assert state.hearts_broken is expected["hearts_broken"]
    if "legal" in expected:
        legal = state.legal_plays()
        assert legal == sorted(legal, key=lambda c: (c.suit, c.rank))
        assert set(legal) == set(parse_cards(expected["legal"]))
        for card in state.hand(state.to_play):
            assert state.can_play(card) is (card in legal)
            assert (state.why_not(card) is None) is (card in legal)
    for code, reason in expected.get("why_not", {}).items():
        assert state.why_not(code) == reason


@pytest.mark.parametrize("deal", GOLDEN, ids=[d["name"] for d in GOLDEN])
def test_golden_deal(deal: dict[str, Any]) -> None:
    rules = Rules.from_json(deal["rules"])
    state = HandState.from_cards(deal["hands"], rules, hold=True, dealer=deal.get("dealer", 0), check=False)
    for step in deal["steps"]:
        kind = step[0]
        if kind == "check":
            check_moment(state, step[1])
        elif kind == "play":
            assert state.can_play(step[1]), f"{step[1]}: {state.why_not(step[1])}"
            state.play(step[1])
        elif kind == "illegal":
            before = snapshot(state)
            with pytest.raises(IllegalPlayError) as info:
                state.play(step[1])
            assert info.value.reason == step[2] == str(info.value)
            with pytest.raises(IllegalPlayError, match=re.escape(step[2])):
                state.verify_play(step[1])
            assert not state.can_play(step[1])
            assert snapshot(state) == before
        else:  # pragma: no cover - a typo in the data file
            raise AssertionError(f"unknown step {step!r}")
    assert state.phase is Phase.DONE
    assert [t.winner for t in state.tricks] == deal["winners"]
    assert state.score is not None
    assert list(state.score.card_points) == deal["card_points"]
    assert list(state.score.points) == deal["points"]
    replayed = HandState.from_json(state.to_json())
    assert replayed.score == state.score


def test_golden_deals_cover_every_play_rule() -> None:
    reasons = json.dumps(GOLDEN, ensure_ascii=False)
    for text in [
        "you must follow",
        "the first trick is opened with the 2♣",
        "the first trick is opened with the 3♣",
        "the first trick is opened with the 4♣",
        "the first trick must be opened with a club",
        "no penalty cards on the first trick",
        "a penalty card must be played first",
        "a heart must be discarded first",
        "hearts may not be led to the first trick",
        "the Q♠ may not be led before hearts are broken",
        "lead the Q♠ first",
        "left_of_dealer",
        "points_on_first_trick",
        "must_break_hearts",
    ]:
        assert text in reasons, text


def test_the_cascade_in_force_depends_on_the_options() -> None:
    names = [r.name for r in cascade_of(layout_for(STANDARD))]
    assert names == ["must_follow", "opening_lead", "first_trick_points", "hearts_not_broken"]
    names = [r.name for r in cascade_of(layout_for(Rules(must_break_hearts=False, queen_lead_restricted=True)))]
    assert names == [
        "must_follow", "opening_lead", "first_trick_points", "first_trick_hearts_lead", "queen_lead_restricted",
    ]  # fmt: skip
    assert set(PLAY_RULES) >= set(names)
    queen_first = Rules(queen_lead_restricted=True, queen_first_when_only_penalty=True)
    names = [r.name for r in cascade_of(layout_for(queen_first))]
    assert names == [
        "must_follow", "opening_lead", "first_trick_points", "hearts_not_broken", "queen_lead_restricted",
        "queen_first_when_only_penalty",
    ]  # fmt: skip
    assert set(PLAY_RULES) >= set(names)
    assert all(rule.summary for rule in PLAY_RULES.values())


def test_illegal_play_error_is_a_value_error_with_a_reason() -> None:
    assert issubclass(IllegalPlayError, IllegalActionError) and issubclass(IllegalPlayError, ValueError)
    state = HandState.from_cards("2C 3H; 4C QS; 5C AS; 6C 7D", hold=True, check=False)
    with pytest.raises(ValueError) as info:
        state.play("3H")
    assert isinstance(info.value, IllegalPlayError) and info.value.reason == "the first trick is opened with the 2♣"


def test_why_not_outside_the_players_turn_or_hand() -> None:
    state = HandState.from_cards("2C 3H; 4C QS; 5C AS; 6C 7D", hold=True, check=False)
    assert state.why_not("4C", seat=1) == "it is not your turn (South plays next)"
    before = state.to_json()
    with pytest.raises(IllegalPlayError, match="not your turn"):
        state.play("4C", seat=1)
    assert state.why_not("AH") == "you do not hold the A♥"
    assert state.why_not("XX") is not None and "is not a card" in str(state.why_not("XX"))
    with pytest.raises(IllegalPlayError, match="is not a card"):
        state.play("XX")
    assert state.to_json() == before
    assert state.legal_plays(seat=1) == [] and state.legal_plays(seat=0) == parse_cards("2C")


def test_why_not_in_the_other_phases() -> None:
    passing = HandState.deal(seed=3)
    assert passing.phase is Phase.PASSING and passing.legal_plays() == []
    assert passing.why_not("2C") == "cards are being passed: play starts when everyone has passed"
    choosing = HandState.deal(Rules(pass_cycle=(PassDirection.DEALERS_CHOICE,)), seed=3)
    assert choosing.why_not("2C") == "the dealer is choosing the passes"
    done = HandState.from_cards("2C; 3C; 4C; 5C", hold=True, check=False)
    for card in ("2C", "3C", "4C", "5C"):
        done.play(card)
    assert done.why_not("2C") == "the hand is over"
    with pytest.raises(IllegalPlayError, match="the hand is over"):
        done.play("2C")


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_left_of_dealer_leads_for_every_dealer(players: int) -> None:
    rules = Rules(players=players, opening_lead=OpeningLead.LEFT_OF_DEALER, pass_cycle=(PassDirection.HOLD,))
    k = layout_for(rules)
    for dealer in range(players):
        state = HandState.deal(rules, seed=dealer, dealer=dealer)
        assert state.to_play == (dealer + 1) % players
        hand = state.hand(state.to_play)
        expected = [c for c in hand if not c.bit & k.penalty] or hand
        assert state.legal_plays() == expected


def test_lowest_club_holder_may_lead_any_club_in_a_full_deal() -> None:
    rules = Rules(opening_lead=OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB, pass_cycle=(PassDirection.HOLD,))
    for seed in range(5):
        state = HandState.deal(rules, seed=seed)
        hand = state.hand(state.to_play)
        assert Card.from_str("2C") in hand
        assert state.legal_plays() == [c for c in hand if c.suit.letter == "C"]


def test_ten_of_clubs_doubling_makes_it_a_penalty_card_for_rules_5_and_6() -> None:
    rules = Rules(ten_of_clubs_multiplier=2)
    state = HandState.from_cards("2C 5H; 3C TC; 4D 9D; 5C 6C", rules, hold=True, check=False)
    state.play("2C")
    assert state.legal_plays() == parse_cards("3C")
    assert state.why_not("TC") == "no penalty cards on the first trick (unless you hold nothing else)"
    # a player holding only the 10♣ in the suit led must still follow with it
    state = HandState.from_cards("2C 5H; TC 4D; 9D 3D; 5C 6C", rules, hold=True, check=False)
    state.play("2C")
    assert state.legal_plays() == parse_cards("TC")
    state.play("TC")
    assert state.hearts_broken  # a penalty card was played
    # not a penalty card without the doubling
    state = HandState.from_cards("2C 5H; 3C TC; 4D 9D; 5C 6C", hold=True, check=False)
    state.play("2C")
    assert state.legal_plays() == parse_cards("3C TC")


def test_bonus_cards_do_not_break_hearts() -> None:
    omnibus = Rules(card_points=(*standard_points(), (Card.from_str("TD"), -10)))
    state = HandState.from_cards("2C 4D 5H 3S; 3C TD 6H 4S; 4C 9D 7H 5S; AC KD 8H 2S", omnibus, hold=True, check=False)
    for card in ("2C", "3C", "4C", "AC", "KD", "4D", "TD", "9D"):
        state.play(card)
    assert state.tricks[-1].winner == 3 and state.tricks[-1].points == -10
    assert not state.hearts_broken
    assert state.legal_plays() == parse_cards("2S")
    assert state.why_not("8H") == "hearts are not broken yet: lead another suit (a penalty card must be played first)"


OPTION_GRID = list(
    itertools.product(
        [3, 4, 5, 6, 7],
        [OpeningLead.LOWEST_CLUB, OpeningLead.LEFT_OF_DEALER, OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB],
        [(False, True, True, False, False), (True, False, False, True, False), (False, False, True, True, True)],
    )
)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_legal_set_and_reasons_never_disagree(players: int) -> None:
    """At every moment of random hands under many options: a legal card exists; a card is legal exactly when
    ``why_not`` gives no reason; ``play`` refuses the others and accepts the legal ones."""
    for index, (n, opening, flags) in enumerate(OPTION_GRID):
        if n != players:
            continue
        first, breaks, must_break, queen_lead, queen_first = flags
        rules = Rules(
            players=players, opening_lead=opening, points_on_first_trick=first, penalty_cards_break_hearts=breaks,
            must_break_hearts=must_break, queen_lead_restricted=queen_lead, queen_first_when_only_penalty=queen_first,
            pass_cycle=(PassDirection.HOLD,),
        )  # fmt: skip
        rng = random.Random(index)
        for seed in range(2):
            state = HandState.deal(rules, seed=seed)
            while state.phase is Phase.PLAYING:
                hand = state.hand(state.to_play)
                legal = state.legal_plays()
                assert legal and set(legal) <= set(hand)
                for card in hand:
                    reason = state.why_not(card)
                    assert (reason is None) is (card in legal), (card, reason)
                    if reason is not None:
                        assert reason.strip() and reason[0].islower()
                state.play(rng.choice(legal))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_legal_mask_is_the_whole_cascade(players: int) -> None:
    """``legal_mask`` skips the cascade where the cascade says what it would give; at every moment of random
    hands under many options and every preset, for every seat's hand (as if it were to play), it gives what the
    whole cascade (``cascade_mask``) gives."""
    rule_sets = [preset.rules_for(players) for preset in PRESETS.values() if players in preset.players]
    for n, opening, flags in OPTION_GRID:
        if n == players:
            first, breaks, must_break, queen_lead, queen_first = flags
            rule_sets.append(Rules(
                players=players, opening_lead=opening, points_on_first_trick=first,
                penalty_cards_break_hearts=breaks, must_break_hearts=must_break, queen_lead_restricted=queen_lead,
                queen_first_when_only_penalty=queen_first, pass_cycle=(PassDirection.HOLD,),
            ))  # fmt: skip
    rng = random.Random(players)
    checked = 0
    for rules in rule_sets:
        for seed in range(3):
            for state in moments_of_play(rules, seed, rng):
                for seat_hand in state._hands:
                    assert legal_mask(state.k, state, seat_hand) == cascade_mask(state.k, state, seat_hand)
                    checked += 1
    assert checked > 1000


def moments_of_play(rules: Rules, seed: int, rng: random.Random) -> Iterator[HandState]:
    """The hand dealt from ``seed`` (hand 3: no pass in the usual cycles; random passes otherwise) at every moment
    of its play, each card random and legal."""
    state = HandState.deal(rules, seed=seed, hand_number=3)
    if state.phase is Phase.DEALERS_CHOICE:
        state.choose_passes({})
    if state.phase is Phase.PASSING:
        for seat in state.to_pass:
            state.pass_cards(seat, rng.sample(state.hand(seat), state.cards_to_pass))
    while state.phase is Phase.PLAYING:
        yield state
        state.play(rng.choice(state.legal_plays()))


def test_the_cascade_calls_each_rule_by_its_number() -> None:
    """``cascade_mask`` calls the rules by number (``_forbid``: direct calls when compiled); at every moment of
    random hands of every preset, for every seat's hand, rule number ``i`` forbids what the ``forbid`` of the
    ``i``-th rule of ``PLAY_RULES`` forbids, and a layout's cascade lists its rules' numbers in cascade order."""
    from hearts_lessons.legality import _forbid, _forbids

    forbids = [rule.forbid for rule in PLAY_RULES.values()]
    rng = random.Random(5)
    checked = 0
    for preset in PRESETS.values():
        rules = preset.rules_for(preset.players[0])
        k = layout_for(rules)
        names = list(PLAY_RULES)
        for key in range(4):
            numbers = _forbids(k, key)
            assert [names[i] for i in numbers] == [
                r.name for r in cascade_of(k)
                if (key & 1 or not r.first_trick_only) and r.when != ("following" if key & 2 else "leading")
            ]  # fmt: skip
        for state in moments_of_play(rules, checked, rng):
            for seat_hand in state._hands:
                for index, forbid in enumerate(forbids):
                    allowed = seat_hand & ~(1 << rng.randrange(64)) if rng.random() < 0.3 else seat_hand
                    assert _forbid(index, state.k, state, seat_hand, allowed) == forbid(
                        state.k, state, seat_hand, allowed)  # fmt: skip
                    checked += 1
    assert checked > 5000
