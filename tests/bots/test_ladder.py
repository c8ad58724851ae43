"""Every bot of the ladder plays every player count and every option of the standard rules (and variants) to
the end without an illegal move, and decides from its own seat's knowledge only."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.bots import BOTS, CoachBot, bot_names, make_bot, play_game, play_hand
from hearts_lessons.bots.base import Policy
from hearts_lessons.bots.driver import run_hand
from hearts_lessons.bots.features import LiveView
from hearts_lessons.bots.sampling import sample_hands
from hearts_lessons.playout import random_pass
from hearts_lessons.rules import Rules
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import PRESETS
from hearts_lessons.views import state_from_view

from .conftest import option_grid, player_counts, variants

LADDER = ["random", "beginner", "rules", "shooter", "coach"]


def test_the_ladder_is_registered_in_order() -> None:
    assert bot_names()[:5] == LADDER
    for name in LADDER:
        assert isinstance(make_bot(name), Policy)
        assert make_bot(name).name == name


def lineup(players: int, offset: int = 0) -> list[Policy]:
    """The ladder around the table (a weak coach, to keep the tests fast)."""
    bots: list[Policy] = []
    for seat in range(players):
        name = LADDER[(seat + offset) % len(LADDER)]
        bots.append(CoachBot(worlds=3, pass_worlds=2) if name == "coach" else make_bot(name))
    return bots


def preset_rules() -> list[Rules]:
    out = []
    for preset in PRESETS.values():
        rules = getattr(preset, "rules", None)
        if isinstance(rules, Rules):
            out.append(rules)
    return out


ALL_RULES = player_counts() + option_grid() + variants() + preset_rules()


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.name}-{r.players}")
def test_every_bot_plays_hands_to_the_end(rules: Rules) -> None:
    for hand_number in range(2):
        state = HandState.deal(rules, seed=hand_number + 11, hand_number=hand_number, dealer=hand_number)
        played = play_hand(state, lineup(rules.players, hand_number), random.Random(hand_number))
        assert played.is_over and played.score is not None
        fast = run_hand(HandState.deal(rules, seed=hand_number + 3, hand_number=hand_number),
                        lineup(rules.players, hand_number + 2), random.Random(1))  # fmt: skip
        assert fast.is_over


@pytest.mark.parametrize("rules", player_counts(), ids=lambda r: f"{r.players}p")
def test_cheap_bots_play_whole_games(rules: Rules) -> None:
    bots = [make_bot(LADDER[s % 4]) for s in range(rules.players)]
    game = play_game(bots, rules, seed=rules.players)
    assert game.is_over


def _hidden_twins(rules: Rules, seed: int, steps: int, seat: int) -> tuple[HandState, HandState]:
    """Two states that look the same from ``seat`` but deal the hidden cards differently."""
    rng = random.Random(seed)
    state = HandState.deal(rules, seed=seed)
    if state.phase is Phase.PASSING:
        random_pass(state, rng)
    for _ in range(steps):
        state.play(rng.choice(state.legal_plays()))
    while state.to_play != seat:
        state.play(rng.choice(state.legal_plays()))
    view = state.view(seat)
    for attempt in range(20):
        other = sample_hands(view, random.Random(attempt))
        if other != [state.hand_mask(s) for s in range(rules.players)]:
            break
    a = state_from_view(view, [state.hand_mask(s) for s in range(rules.players)])
    b = state_from_view(view, other)
    return a, b


@pytest.mark.parametrize("name", LADDER)
@pytest.mark.parametrize("steps", [0, 9, 23])
def test_decisions_do_not_depend_on_hidden_cards(name: str, steps: int) -> None:
    rules = Rules()
    for seed in range(3):
        a, b = _hidden_twins(rules, seed, steps, seat=1)
        assert [a.hand_mask(s) for s in range(4)] != [b.hand_mask(s) for s in range(4)]
        bot = CoachBot(worlds=4) if name == "coach" else make_bot(name)
        first = bot.choose_play(a.view(1), random.Random(seed))
        second = bot.choose_play(b.view(1), random.Random(seed))
        assert first == second
        quick = getattr(bot, "play_id", None)
        if quick is not None:
            assert quick(LiveView(a, 1), random.Random(seed)) == quick(LiveView(b, 1), random.Random(seed))


@pytest.mark.parametrize("name", LADDER)
def test_passes_do_not_depend_on_hidden_cards(name: str) -> None:
    rules = Rules()
    state = HandState.deal(rules, seed=8)
    others = [state.hand_mask(s) for s in (1, 2, 3)]
    swapped = HandState(rules, [state.hand_mask(0), others[2], others[0], others[1]], 0, direction=state.direction)
    bot = CoachBot(pass_worlds=3) if name == "coach" else make_bot(name)
    assert bot.choose_pass(state.view(0), random.Random(2)) == bot.choose_pass(swapped.view(0), random.Random(2))


def test_registry_knows_every_bot() -> None:
    for name in LADDER:
        assert name in BOTS
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")
