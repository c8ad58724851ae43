"""Seeded playouts of two and three players with both bots: cards conserved, scores consistent, games end."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.haggis.actions import Bet, HaggisAction, Pass, Play
from hearts_lessons.haggis.bots import GreedyBot, HaggisBot, RandomBot, count_pieces, count_plays_left
from hearts_lessons.haggis.cards import HaggisCard, card_points, number_deck, parse_cards, wilds_of
from hearts_lessons.haggis.rules import HaggisRules
from hearts_lessons.haggis.state import HaggisHand
from hearts_lessons.haggis.view import HaggisView


def every_card(players: int) -> list[HaggisCard]:
    return sorted([*number_deck(players), *(w for s in range(players) for w in wilds_of(s))])


def check_conservation(hand: HaggisHand) -> None:
    on_table = [c for play in hand.trick for c in play.combo.cards]
    pile = [c for cards in (*hand.held, *hand.captured) for c in cards] + on_table
    if not hand.is_over:
        pile += list(hand.haggis)
    assert sorted(pile) == every_card(hand.players)


def check_result(hand: HaggisHand) -> None:
    result = hand.result
    assert result is not None
    assert sum(result.card_points) == sum(card_points(c) for c in every_card(hand.players))
    assert all(not held for held in hand.held) and not hand.trick
    for event in result.going_out:
        assert event.points == 5 * event.cards_held
    assert len(result.going_out) == hand.players - 1
    assert set(result.haggis) <= set(result.captured[result.first_out])
    assert set(result.leftover) <= set(result.captured[result.first_out])
    assert result.totals == tuple(
        b + g + c for b, g, c in zip(result.bet_points, result.go_out_points, result.card_points, strict=True)
    )
    if not hand.rules.failed_bet_loses:
        assert sum(result.bet_points) >= 0


LINEUPS = {
    "random": lambda p: [RandomBot(bet_chance=0.3)] * p,
    "greedy": lambda p: [GreedyBot()] * p,
    "mixed": lambda p: [GreedyBot(), RandomBot(bet_chance=0.3), GreedyBot()][:p],
}


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("lineup", list(LINEUPS))
def test_seeded_playouts_conserve_cards_and_score_consistently(players: int, lineup: str) -> None:
    bots = LINEUPS[lineup](players)
    rules = HaggisRules(players=players, failed_bet_loses=lineup == "mixed")
    for seed in range(12):
        hand = HaggisHand.deal(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(500):
            if hand.to_act is None:
                break
            seat = hand.to_act
            hand.apply(bots[seat].choose_action(hand.view(seat), rng))
            check_conservation(hand)
        check_result(hand)


def test_playouts_are_reproducible() -> None:
    def run() -> list[HaggisAction]:
        hand = HaggisHand.deal(HaggisRules(players=3), seed=77)
        rng = random.Random(77)
        bots: list[HaggisBot] = [GreedyBot(), RandomBot(), GreedyBot()]
        while hand.to_act is not None:
            hand.apply(bots[hand.to_act].choose_action(hand.view(hand.to_act), rng))
        return hand.actions

    assert run() == run()


@dataclass
class Spy:
    """Wraps a bot and checks every view it is given holds nothing the seat may not know."""

    inner: HaggisBot
    name: str = "spy"
    views: list[HaggisView] = field(default_factory=list)

    def choose_action(self, view: HaggisView, rng: random.Random) -> HaggisAction:
        self.views.append(view)
        return self.inner.choose_action(view, rng)


def test_bots_see_only_their_own_view() -> None:
    spies = [Spy(GreedyBot()), Spy(RandomBot())]
    hand = HaggisHand.deal(seed=5)
    rng = random.Random(5)
    while hand.to_act is not None:
        seat = hand.to_act
        view = hand.view(seat)
        others_hidden = {c for s, held in enumerate(hand.held) if s != seat for c in held if not c.is_wild}
        visible = {
            *view.hand,
            *(c for w in view.wilds for c in w),
            *(c for p in view.trick for c in p.combo.cards),
        }
        assert not visible & others_hidden and not visible & set(hand.haggis)
        hand.apply(spies[seat].choose_action(view, rng))
    assert all(spy.views for spy in spies)


def test_greedy_bot_sheds_low_cards_first_and_keeps_its_wilds() -> None:
    hand = HaggisHand.from_cards(
        hands=["2R 3R 4R 5R 8O 8G 9B 10B 10R 3G 4G 6O 6B 7B", "2O 3O 4O 5O 6R 7R 8R 9R 2G 5G 6G 7G 8B 9G"],
        leader=0,
    )
    bot = GreedyBot(big_bet_plays=-1, little_bet_plays=-1)
    action = bot.choose_action(hand.view(0), random.Random(0))
    assert isinstance(action, Play)
    assert action.combo.name == "sequence 2-3-4-5 in red"
    hand.apply(action)
    reply = bot.choose_action(hand.view(1), random.Random(0))
    assert isinstance(reply, Play) and not reply.combo.uses_wilds and not reply.combo.is_bomb


def test_greedy_bot_bombs_when_an_opponent_is_about_to_go_out() -> None:
    hand = HaggisHand.from_cards(
        hands=["2R 3R 4R 5R 6R 7R 8R 9R 10R 10O 10G 10B 9O 9G", "2O 3O 4O 5O 6O 7O 8O 2G 3G 4G 2B 3B 4B 5B"],
        leader=0,
    )
    quiet = GreedyBot(big_bet_plays=-1, little_bet_plays=-1)
    hand.play("2R 3R 4R 5R 6R 7R 8R 9R 10R")
    assert quiet.choose_action(hand.view(1), random.Random(0)) == Pass(
        1
    )  # nothing matters yet: keep the wilds
    hand.pass_turn()
    hand.play("10O 10G 10B")  # seat 0 is left with 5 cards
    choice = quiet.choose_action(hand.view(1), random.Random(0))
    assert isinstance(choice, Play) and choice.combo.name == "J-Q bomb"  # the lowest bomb that does the job


def test_greedy_bets_on_strong_hands_only() -> None:
    strong = parse_cards("2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 2G 2B 5O 5B") + list(wilds_of(0))
    weak = parse_cards("2R 4O 6G 8B 10R 3O 5G 7B 9R 2B 4G 6R 8O 10G") + list(wilds_of(0))
    assert count_plays_left(strong) == 4 and count_plays_left(weak) > 7
    assert GreedyBot().bet_amount(strong) == 30
    assert GreedyBot().bet_amount(weak) == 0
    hand = HaggisHand.from_cards(hands=[strong[:14], [c for c in number_deck(2) if c not in strong][:14]])
    assert GreedyBot().choose_action(hand.view(0), random.Random(0)) == Bet(0, 30)


def test_count_pieces() -> None:
    assert count_pieces(parse_cards("2R 3R 4R 9G 9B 9O")) == 2
    assert count_pieces(parse_cards("2R 4O 6G")) == 3
    assert count_pieces([]) == 0


def test_random_bot_plays_only_legal_actions() -> None:
    hand = HaggisHand.deal(HaggisRules(players=3), seed=3)
    bot = RandomBot(bet_chance=1.0)
    rng = random.Random(3)
    first = bot.choose_action(hand.view(hand.leader), rng)
    assert isinstance(first, Bet)
    for _ in range(40):
        if hand.to_act is None:
            break
        action = bot.choose_action(hand.view(hand.to_act), rng)
        assert hand.can(action)
        hand.apply(action)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3]), st.booleans())
def test_random_playouts_conserve_cards(seed: int, players: int, loses: bool) -> None:
    """Property: whatever the deal and the random choices, no card appears or vanishes and the scores add up."""
    hand = HaggisHand.deal(HaggisRules(players=players, failed_bet_loses=loses), seed=seed)
    rng = random.Random(seed)
    bot = RandomBot(bet_chance=0.5)
    while hand.to_act is not None:
        hand.apply(bot.choose_action(hand.view(hand.to_act), rng))
        check_conservation(hand)
    check_result(hand)
