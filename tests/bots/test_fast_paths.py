"""The bots' fast paths give what the plain ones give: the rule-based card from a Sight (a rollout's, the
driver's) is the card of the seat's view, rules_finish plays what ``lean.finish(rules_choose)`` plays, a table of
rule-based bots plays the same hand in run_hand's shortcut and on a bare hand (rules_hand), and the coach's
per-seat reading of the play counts what a card-by-card replay counts."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.bots.driver import run_hand
from hearts_lessons.bots.features import Knowledge, Sight, sight_of
from hearts_lessons.bots.rulebased import (
    STYLE,
    RuleBasedBot,
    Style,
    rules_choose,
    rules_finish,
    rules_hand,
    rules_pass,
    rules_play,
)
from hearts_lessons.bots.sampling import Replay, sample_hands
from hearts_lessons.cards import Card, card_from_id
from hearts_lessons.lean import Choose
from hearts_lessons.legality import legal_mask
from hearts_lessons.playout import dealt_hand
from hearts_lessons.rules import HoleCards, Rules
from hearts_lessons.state import HandState, Phase
from hearts_lessons.views import SeatView

from .conftest import option_grid, player_counts, variants

RULES = player_counts() + option_grid() + variants()
STYLES = [STYLE, Style(bleed=False, duck_high=False), Style(shed_early=False, stop_moon=False)]


def _ready(rules: Rules, seed: int) -> HandState | None:
    state = HandState.deal(rules, seed=seed, dealer=seed % rules.players, hand_number=seed)
    if state.phase is Phase.PASSING:
        for seat in list(state.to_pass):
            state.pass_cards(seat, [card_from_id(c) for c in rules_pass(state.view(seat))])
    return state if state.phase is Phase.PLAYING else None


def _styled(styles: list[Style]) -> Choose:
    """``rules_choose`` with each seat's style."""
    return lambda lean, seat, legal: rules_choose(lean, seat, legal, styles[seat])


class _ByView:
    """A rule-based bot inside another class (run_hand plays it card by card, from a LiveView)."""

    def __init__(self, **options: object) -> None:
        self.bot = RuleBasedBot(**options)
        self.name = self.bot.name

    def pass_ids(self, view: Knowledge, rng: random.Random) -> list[int]:
        return self.bot.pass_ids(view, rng)

    def play_id(self, view: Knowledge, rng: random.Random) -> int:
        return self.bot.play_id(view, rng)

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        return self.bot.choose_pass(view, rng)

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        return self.bot.choose_play(view, rng)


class _BySight(_ByView):
    """The same, playing from a Sight."""

    def play_sight(self, sight: Sight, legal: int, rng: random.Random) -> int:
        return self.bot.play_sight(sight, legal, rng)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_sight_and_rule_based_card_match_the_view(rules: Rules) -> None:
    for seed in range(3):
        state = _ready(rules, seed)
        if state is None:
            continue
        rng = random.Random(seed)
        sight = Sight(state.k, state.rules)
        while state.phase is Phase.PLAYING:
            seat = state.to_play
            view = state.view(seat)
            mine, theirs = sight.look(state, seat), sight_of(view)
            assert (mine.hand, mine.unseen, list(mine.voids), list(mine.taken), list(mine.trick)) == (
                theirs.hand, theirs.unseen, theirs.voids, theirs.taken, theirs.trick,
            )  # fmt: skip
            assert mine.trick_number == theirs.trick_number and mine.threat() == theirs.threat()
            legal = legal_mask(state.k, state, state._hands[seat])
            for style in STYLES:
                assert rules_choose(state, seat, legal, style) == rules_play(view, -1, style)
            ids = [c for c in range(legal.bit_length()) if legal >> c & 1]
            state.play_id(rng.choice(ids) if rng.random() < 0.3 else rules_choose(state, seat, legal))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_rules_finish_plays_what_finish_with_rules_choose_plays(rules: Rules) -> None:
    for seed in range(4):
        state = _ready(rules, seed)
        if state is None:
            continue
        styles = [STYLES[(seed + seat) % len(STYLES)] for seat in range(rules.players)]
        fast, slow = state.lean_copy(), state.lean_copy()
        rules_finish(fast, styles=styles)
        slow.finish(_styled(styles))
        assert (fast._tricks, fast._taken, fast.phase) == (slow._tricks, slow._taken, slow.phase)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_a_rule_based_table_plays_the_same_hand_in_the_shortcut(rules: Rules) -> None:
    for seed in range(3):
        options: list[dict[str, object]] = [{}, {"bleed": False}, {"duck_high": False, "stop_moon": False}]
        mine = [RuleBasedBot(**options[(seed + s) % 3]) for s in range(rules.players)]
        a = run_hand(HandState.deal(rules, seed=seed, dealer=seed % rules.players, hand_number=seed), mine,
                     random.Random(seed))  # fmt: skip
        for kind in (_ByView, _BySight):
            theirs = [kind(**options[(seed + s) % 3]) for s in range(rules.players)]
            b = run_hand(HandState.deal(rules, seed=seed, dealer=seed % rules.players, hand_number=seed), theirs,
                         random.Random(seed))  # fmt: skip
            assert (a._tricks, a._score) == (b._tricks, b._score)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_rules_hand_on_a_bare_hand_plays_what_run_hand_plays(rules: Rules) -> None:
    """The self-play hot path: the same dealer's choice, passes (every pass style), plays and moon choice."""
    passing = ["danger", "random", "void", "high", "keep_queen"]
    for seed in range(4):
        styles = [Style(passing=passing[(seed + s) % 5], bleed=(seed + s) % 2 == 0) for s in range(rules.players)]
        dealer, number = seed % rules.players, seed * 3 + 1
        lean = dealt_hand(rules, random.Random(seed), dealer=dealer, hand_number=number)
        rules_hand(lean, random.Random(seed + 50), styles)
        bots = [RuleBasedBot(passing=st.passing, bleed=st.bleed) for st in styles]
        state = HandState.deal(rules, rng=random.Random(seed), dealer=dealer, hand_number=number)
        run_hand(state, bots, random.Random(seed + 50))
        assert lean.phase is Phase.DONE
        assert (lean._passes, lean._tricks, lean._taken, lean.score) == (
            state._passes, state._tricks, state._taken, state.score)  # fmt: skip


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_the_reading_of_the_play_seat_by_seat_counts_what_a_replay_counts(rules: Rules) -> None:
    for seed in range(2):
        state = _ready(rules, seed)
        if state is None:
            continue
        rng = random.Random(seed)
        for _ in range(rng.randrange(4, 3 * rules.players)):
            seat = state.to_play
            legal = legal_mask(state.k, state, state._hands[seat])
            ids = [c for c in range(legal.bit_length()) if legal >> c & 1]
            state.play_id(rng.choice(ids) if rng.random() < 0.3 else rules_choose(state, seat, legal))
        view = state.view(state.to_play)
        replay = Replay(view)
        worlds = [sample_hands(view, rng) for _ in range(15)] + [list(state._hands)]
        for hands in worlds:
            for stop in (None, 1, 2, 4):
                lean = replay.template.lean_copy()
                start = list(hands)
                for who, cid in replay.history:
                    start[who] |= 1 << cid
                held = 0
                for mask in start:
                    held |= mask
                lean._hands = start
                lean._hole = state.k.deck & ~held
                lean._in_play = lean.k.deck & ~lean._hole if rules.hole_cards is HoleCards.SET_ASIDE else lean.k.deck
                lean._start_play()
                impossible = len(replay.history) + 1 if stop is None else stop
                assert replay.surprises(hands, stop) == replay._replay(lean, impossible, stop)
