"""The coach's sampler deals hidden cards consistently with everything the seat knows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.bots.features import bits
from hearts_lessons.bots.sampling import Worlds, known_holdings, sample_hands
from hearts_lessons.playout import random_pass
from hearts_lessons.rules import HoleCards, PassDirection, Rules
from hearts_lessons.state import HandState, Phase
from hearts_lessons.views import SeatView, state_from_view

RULES = [
    Rules(),
    Rules(players=3),
    Rules(players=5, removed_cards=(), pass_cycle=(PassDirection.SPLIT,)),
    Rules(players=7),
    Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_HEART_TRICK),
    Rules(players=6, pass_cycle=(PassDirection.ACROSS,)),
]


def position(rules: Rules, seed: int, steps: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.deal(rules, seed=seed)
    if state.phase is Phase.PASSING:
        random_pass(state, rng)
    for _ in range(steps):
        if state.phase is not Phase.PLAYING:
            break
        state.play(rng.choice(state.legal_plays()))
    return state


def check(view: SeatView, hands: list[int]) -> None:
    n = view.players
    assert hands[view.seat] == view.hand_mask
    assert [h.bit_count() for h in hands] == list(view.hand_sizes)
    union = 0
    for seat, mask in enumerate(hands):
        assert not union & mask, "a card was dealt twice"
        union |= mask
        if seat != view.seat:
            assert not mask & ~view.unseen_mask, "a seen card was dealt to another seat"
            for suit in range(4):
                if view.voids[seat] >> suit & 1:
                    assert not mask & view.k.suit_masks[suit], "a card of a suit the seat is void in"
    for target, passed in view.pass_recipients:
        if target != view.seat:
            assert hands[target] & passed & ~view.played_mask == passed & ~view.played_mask
    fixed = known_holdings(view)
    for seat in range(n):
        assert hands[seat] & fixed[seat] == fixed[seat]


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10_000), steps=st.integers(0, 60),
       seat=st.integers(0, 6), draw=st.integers(0, 1000))  # fmt: skip
def test_sampled_hands_respect_voids_passes_and_sizes(rules: Rules, seed: int, steps: int, seat: int,
                                                      draw: int) -> None:  # fmt: skip
    state = position(rules, seed, steps)
    view = state.view(seat % rules.players)
    hands = sample_hands(view, random.Random(draw))
    check(view, hands)
    if view.phase is Phase.PLAYING:
        rebuilt = state_from_view(view, hands)  # the sampled world is a playable hand
        assert rebuilt.legal_mask() != 0


def test_the_leader_holds_the_opening_card_before_the_first_card() -> None:
    state = HandState.deal(seed=4, hand_number=3)  # a hold hand: play starts at once
    leader = state.to_play
    other = (leader + 1) % 4
    for draw in range(20):
        hands = sample_hands(state.view(other), random.Random(draw))
        assert hands[leader] >> state.opening_card & 1


def test_many_voids_still_deal() -> None:
    """Late in a hand with several voids the quick deal may get stuck; the careful deal never does."""
    found = 0
    for seed in range(200):
        state = position(Rules(), seed, 36)
        view = state.view(state.to_play if state.phase is Phase.PLAYING else 0)
        if sum(bin(v).count("1") for v in view.voids) >= 4:
            found += 1
            for draw in range(5):
                check(view, sample_hands(view, random.Random(draw)))
    assert found > 10


def test_samples_vary() -> None:
    view = position(Rules(), 3, 10).view(2)
    samples = {tuple(sample_hands(view, random.Random(d))) for d in range(10)}
    assert len(samples) > 5


def test_inconsistent_view_is_refused() -> None:
    view = position(Rules(), 3, 10).view(2)
    sizes = list(view.hand_sizes)
    sizes[0] += 5
    bad = SeatView(**{**{f: getattr(view, f) for f in view.__dataclass_fields__}, "hand_sizes": tuple(sizes)})
    with pytest.raises(ValueError, match="inconsistent"):
        sample_hands(bad, random.Random(0))


def rules_position(seed: int, my_cards: int) -> HandState:
    """A hand played by rule-based bots until South has played ``my_cards`` cards and is to play again."""
    from hearts_lessons.bots import RuleBasedBot
    from hearts_lessons.bots.base import play_hand

    state = HandState.deal(Rules(), seed=seed, hand_number=seed)
    others = {s: RuleBasedBot() for s in (1, 2, 3)}
    rng = random.Random(seed)
    play_hand(state, others, rng, until_seat=0)
    if state.phase is Phase.PASSING:
        state.pass_cards(0, RuleBasedBot().choose_pass(state.view(0), rng))
        play_hand(state, others, rng, until_seat=0)
    for _ in range(my_cards):
        state.play(RuleBasedBot().choose_play(state.view(0), rng))
        play_hand(state, others, rng, until_seat=0)
    return state


def test_the_true_deal_holds_no_surprises_for_rule_based_players() -> None:
    from hearts_lessons.bots.sampling import surprises

    total_true = total_sampled = 0
    for seed in range(6):
        state = rules_position(seed, 6)
        view = state.view(0)
        total_true += surprises(view, [state.hand_mask(s) for s in range(4)])
        total_sampled += sum(surprises(view, sample_hands(view, random.Random(d))) for d in range(5))
    assert total_true == 0 and total_sampled > 10


def test_inferred_worlds_are_consistent_and_explain_the_play() -> None:
    from hearts_lessons.bots.sampling import Worlds, holder_share, surprises

    for seed in (2, 5):
        state = rules_position(seed, 5)
        view = state.view(0)
        chain = Worlds(view, random.Random(1))
        chosen = chain.take(40) + chain.take(20)
        assert len(chosen) == 60 and chain.steps > 0 and 0 < chain.accepted < chain.steps
        for hands in chosen:
            check(view, hands)
        plain = [sample_hands(view, random.Random(100 + d)) for d in range(60)]
        explained = sum(surprises(view, h) == 0 for h in chosen)
        assert explained >= 30 and explained > 3 * sum(surprises(view, h) == 0 for h in plain)
        assert len({tuple(h) for h in chosen}) >= 20  # the chains move
        true = [state.hand_mask(s) for s in range(4)]
        assert holder_share(view, true, chosen) > holder_share(view, true, plain)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p")
def test_inferred_worlds_hold_every_known_fact_under_every_rule_set(rules: Rules) -> None:
    from hearts_lessons.bots.sampling import Worlds

    for seed in range(3):
        state = position(rules, seed, 2 * rules.players + seed)  # random play: many surprises, still consistent
        if state.phase is not Phase.PLAYING:
            continue
        view = state.view(state.to_play)
        for hands in Worlds(view, random.Random(seed), burn=20).take(15):
            check(view, hands)


def test_without_play_to_read_the_worlds_are_plain_samples() -> None:
    from hearts_lessons.bots.sampling import Worlds

    opening = HandState.deal(seed=4, hand_number=3)
    chain = Worlds(opening.view(opening.to_play), random.Random(0))
    assert chain.plain and len(chain.take(5)) == 5 and chain.steps == 0
    puzzle = HandState.from_cards(
        "5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", Rules(), hold=True, trick_number=10, hearts_broken=True, leader=2
    )  # starts at trick 11: no history to replay
    puzzle.play("AC")
    chain = Worlds(puzzle.view(3), random.Random(0))
    assert chain.plain and chain.take(0) == [] and len(chain.take(3)) == 3


def test_a_world_in_which_the_play_could_not_have_happened_counts_as_impossible() -> None:
    from hearts_lessons.bots.sampling import surprises

    state = rules_position(4, 6)
    view = state.view(0)
    true = [state.hand_mask(s) for s in range(4)]
    # give a seat that showed a void a card of that suit (swapped with another seat's card)
    seat, suit = next((s, u) for s in (1, 2, 3) for u in range(4) if view.voids[s] >> u & 1)
    giver = next(s for s in (1, 2, 3) if s != seat and true[s] & view.k.suit_masks[suit])
    card = bits(true[giver] & view.k.suit_masks[suit])[0]
    back = bits(true[seat])[0]
    world = list(true)
    world[seat] ^= (1 << card) | (1 << back)
    world[giver] ^= (1 << card) | (1 << back)
    played = view.played_mask.bit_count()
    assert surprises(view, true) == 0
    assert surprises(view, world) == played + 1
    assert surprises(view, world, stop=2) == 2


def test_surprises_can_stop_counting_early() -> None:
    from hearts_lessons.bots.sampling import surprises

    view = rules_position(3, 7).view(0)
    counts = [surprises(view, sample_hands(view, random.Random(d))) for d in range(12)]
    assert max(counts) >= 2
    for d, full in enumerate(counts):
        hands = sample_hands(view, random.Random(d))
        assert surprises(view, hands, stop=1) == min(full, 1)
        assert surprises(view, hands, stop=2) == min(full, 2)


@pytest.mark.parametrize("seed", range(12))
def test_the_real_deal_explains_an_across_pass_exactly(seed: int) -> None:
    """With an across pass the passer's hand before the pass is known in each world: in the real deal, where
    every seat passed like the rule-based player, no card received is a surprise; in other worlds some are."""
    from hearts_lessons.bots.features import LiveView
    from hearts_lessons.bots.rulebased import rules_pass
    from hearts_lessons.bots.sampling import pass_reading, pass_surprises
    from hearts_lessons.cards import card_from_id
    from hearts_lessons.state import HandState

    state = HandState.deal(seed=seed, hand_number=2)
    for seat in range(4):
        state.pass_cards(seat, [card_from_id(c) for c in rules_pass(LiveView(state, seat))])
    view = state.view(1)
    assert pass_reading(view) == (3, True)
    assert pass_surprises(view, [state.hand_mask(s) for s in range(4)]) == 0
    counts = [pass_surprises(view, sample_hands(view, random.Random(d))) for d in range(20)]
    assert all(0 <= c <= 3 for c in counts)


def test_more_steps_between_worlds_make_the_worlds_of_a_chain_less_alike() -> None:
    """A chain gives a world every ``thin`` steps; the coach's default (``DEFAULT_THIN``) takes more steps than the
    three of a weaker sampler, so the worlds one chain gives in a row differ in more cards (worlds taken in turn
    from the chains: world ``i`` and world ``i + chains`` come from the same chain, one after the other)."""
    from hearts_lessons.bots.sampling import DEFAULT_THIN, Worlds

    assert DEFAULT_THIN > 3
    def moved(view: SeatView, seed: int, thin: int) -> float:
        worlds = Worlds(view, random.Random(seed), chains=4, thin=thin).take(48)
        pairs = list(zip(worlds, worlds[4:], strict=False))
        return sum(sum((a ^ b).bit_count() for a, b in zip(x, y, strict=True)) for x, y in pairs) / len(pairs)

    for seed in (2, 5):
        view = rules_position(seed, 4).view(0)
        assert moved(view, seed, DEFAULT_THIN) > 1.5 * moved(view, seed, 3) > 0


@given(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 63), min_size=1, max_size=60))
def test_the_chains_draw_a_card_as_random_choice_does(seed: int, cards: list[int]) -> None:
    """The chains' own draw (compiled, without ``Random.choice``'s interpreted calls) takes the same cards from
    the same generator, so the coach's worlds are those it dealt before; an empty list is refused."""
    from hearts_lessons.bots.sampling import _choice

    rng, same = random.Random(seed), random.Random(seed)
    assert [_choice(rng, cards) for _ in range(20)] == [same.choice(cards) for _ in range(20)]
    assert rng.random() == same.random()
    with pytest.raises(IndexError):
        _choice(rng, [])


def _after_tricks(kind: str, seed: int, tricks: int) -> HandState:
    """A hand of four ``kind`` bots after their pass and ``tricks`` tricks."""
    from hearts_lessons.bots import make_bot
    from hearts_lessons.bots.base import bot_step

    s = HandState.deal(seed=seed, hand_number=1)
    bots = {seat: make_bot(kind) for seat in range(4)}
    rng = random.Random(seed)
    for seat in range(4):
        s.pass_cards(seat, bots[seat].choose_pass(s.view(seat), rng))
    while s.trick_number < tricks:
        bot_step(s, bots, rng)
    return s


def test_seat_surprises_add_up_to_the_worlds_surprises() -> None:
    from hearts_lessons.bots.sampling import Replay

    s = _after_tricks("beginner", 3, 4)
    v = s.view(s.to_play)
    replay = Replay(v)
    for d in range(20):
        hands = sample_hands(v, random.Random(d))
        terms = replay.seat_surprises(hands)
        total = replay.surprises(hands)
        if terms is None:
            assert total == len(replay.history) + 1  # a world that cannot explain the play
        else:
            assert sum(terms) == total and terms[v.seat] == 0


def test_fit_reads_who_plays_like_the_rule_based_bot() -> None:
    """With ``fit``, rule-based players are never read as misfits (the true deal explains all their cards), and
    players who choose at random are, in most positions."""
    for seed in range(6):
        s = _after_tricks("rules", seed, 4)
        worlds = Worlds(s.view(s.to_play), random.Random(1), fit=True)
        worlds.take(8)
        assert worlds.misfits == ()
    read = 0
    for seed in range(6):
        s = _after_tricks("random", seed, 4)
        worlds = Worlds(s.view(s.to_play), random.Random(1), fit=True)
        worlds.take(8)
        read += len(worlds.misfits)
        assert s.to_play not in worlds.misfits
    assert read >= 12  # of 18 random players
