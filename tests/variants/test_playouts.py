"""Seeded playouts of every variant, player count, option and add-on: random and bot play keep the invariants,
and every hand and game saves and loads back."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_lessons.bots import BOTS, make_bot, play_game, play_hand
from hearts_lessons.errors import RulesError
from hearts_lessons.game import GameState
from hearts_lessons.layout import layout_for
from hearts_lessons.playout import random_playout
from hearts_lessons.rules import HoleCards, Moon, Rules
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import ADDONS, PRESETS, combine


def rule_sets() -> list[Rules]:
    out: list[Rules] = []
    for preset in PRESETS.values():
        out.extend(preset.rules_for(n) for n in preset.players)
        for option in preset.options:
            out.extend(preset.rules_for(None, {option.name: c.label}) for c in option.choices[1:])
        rules = preset.rules
        for key in ADDONS:
            try:
                rules = combine(rules, [key])
            except RulesError:
                continue
        out.append(rules)
    return out


RULE_SETS = rule_sets()


def label(rules: Rules) -> str:
    return f"{rules.name}-{rules.players}-{rules.moon.value}-{rules.hole_cards.value}"


def check_finished_hand(state: HandState) -> None:
    """The invariants of a finished hand under any rules."""
    rules, k = state.rules, state.k
    assert state.phase is Phase.DONE and state.score is not None
    taken = [state.taken_mask(s) for s in range(rules.players)]
    union = 0
    for mask in taken:
        assert not mask & union, "a card was taken twice"
        union |= mask
    hole = sum(c.bit for c in state.hole_cards)
    expected = k.deck & ~hole if rules.hole_cards is HoleCards.SET_ASIDE or state.hole_owner is None else k.deck
    assert union == expected, "every card in play is taken by exactly one player"
    if state.hole_owner is not None:
        assert hole & taken[state.hole_owner] == hole
    # card points: the values of the cards taken (times the 10♣ multiplier for its taker)
    for seat in range(rules.players):
        raw = sum((k.values[c.id] for c in state.taken(seat) if c.bit & k.scoring), start=0)
        factor = rules.ten_of_clubs_multiplier if taken[seat] & k.ten_of_clubs else 1
        assert state.score.card_points[seat] == raw * factor
    shooter = state.score.shooter
    moon_cards = k.moon_cards & expected
    if shooter is not None:
        assert rules.moon is not Moon.NONE
        assert taken[shooter] & moon_cards == moon_cards
    elif rules.moon is not Moon.NONE:
        assert all(t & moon_cards != moon_cards for t in taken) or not moon_cards
    if shooter is None:
        assert state.score.points == state.score.card_points
    # tricks: a trick without a winner happens only with several decks, when every card of the suit led cancels
    for trick in state.tricks:
        if trick.winner is None:
            assert k.multi_deck
            led = [c for c in trick.cards if k.suit_of[c.id] == trick.lead_suit]
            ids = [c.id & 63 for c in led]
            assert all(ids.count(i) >= 2 for i in ids)
    assert sum(state.tricks_won(s) for s in range(rules.players)) <= len(state.tricks)


@pytest.mark.parametrize("rules", RULE_SETS, ids=label)
def test_random_playouts_keep_the_invariants(rules: Rules) -> None:
    rng = random.Random(11)
    for seed in range(8):
        state = HandState.deal(rules, seed=seed, dealer=seed % rules.players, hand_number=seed)
        sizes = {len(state.hand(s)) for s in range(rules.players)}
        assert sizes == {rules.hand_size} and len(state.hole_cards) == rules.leftover
        random_playout(state, rng)
        check_finished_hand(state)
        if seed < 2:
            again = HandState.from_json(state.to_json())
            assert again.score == state.score and again.hole_owner == state.hole_owner


@pytest.mark.parametrize("rules", RULE_SETS, ids=label)
def test_every_legal_card_is_explained_and_every_other_refused(rules: Rules) -> None:
    rng = random.Random(5)
    state = HandState.deal(rules, seed=3)
    if state.phase is Phase.PASSING:
        for seat in state.to_pass:
            state.pass_cards(seat, state.hand(seat)[: state.cards_to_pass])
    while state.phase is Phase.PLAYING:
        hand = state.hand(state.to_play)
        legal = state.legal_plays()
        assert legal, "a player always has a legal card"
        for card in hand:
            reason = state.why_not(card)
            assert (reason is None) == (card in legal), (card, reason)
        state.play(rng.choice(legal))
    if state.phase is Phase.MOON_CHOICE:
        state.choose_moon(state.moon_choices[0])
    check_finished_hand(state)


@pytest.mark.parametrize("key", list(PRESETS))
def test_bot_games_of_every_preset_and_player_count(key: str) -> None:
    preset = PRESETS[key]
    for players in preset.players:
        rules = preset.rules_for(players)
        game = play_game([make_bot("beginner") for _ in range(players)], rules, seed=players)
        assert game.is_over and game.winners
        for hand in game.hands:
            check_finished_hand(hand)
        again = GameState.from_json(game.to_json())
        assert again.totals == game.totals and again.is_over


FAST_OPTIONS = {"coach": {"worlds": 2, "pass_worlds": 2, "lookahead": 0, "focus_worlds": 0}}
"""Options that make a slow bot quick enough for this test (it checks legality, not strength)."""


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_plays_every_variant(bot: str) -> None:
    for preset in PRESETS.values():
        for players in sorted({min(preset.players), max(preset.players)}):
            rules = preset.rules_for(players)
            state = HandState.deal(rules, seed=players)
            bots = [make_bot(bot, **FAST_OPTIONS.get(bot, {})) for _ in range(players)]
            play_hand(state, bots, random.Random(players))
            check_finished_hand(state)


def test_layouts_are_built_once() -> None:
    for rules in RULE_SETS:
        assert layout_for(rules) is layout_for(rules)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0, max_value=len(RULE_SETS) - 1), seed=st.integers(0, 10**6),
       dealer=st.integers(0, 14))  # fmt: skip
def test_any_variant_any_deal(index: int, seed: int, dealer: int) -> None:
    """Property: whatever the variant, the deal and the dealer, a random hand keeps the invariants and replays."""
    rules = RULE_SETS[index]
    state = HandState.deal(rules, seed=seed, dealer=dealer % rules.players, hand_number=seed % 7)
    random_playout(state, random.Random(seed))
    check_finished_hand(state)
    assert HandState.from_json(state.to_json()).score == state.score
