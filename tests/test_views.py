"""What one seat may know: a view never reveals another seat's cards or unseen hole cards, and
``state_from_view`` rebuilds a playable state from a view and a guess of the hidden cards."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hearts_lessons.cards import Card
from hearts_lessons.playout import random_playout
from hearts_lessons.rules import HoleCards, PassDirection, Rules
from hearts_lessons.state import HandState, Phase, Trick
from hearts_lessons.views import SeatView, state_from_view

RULES = [
    Rules(),
    Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_HEART_TRICK),
    Rules(players=5, pass_cycle=(PassDirection.SPLIT,)),
    Rules(players=7),
    Rules(players=7, hole_cards=HoleCards.FIRST_HEART_TRICK),
    Rules(players=6, removed_cards=(), hole_cards=HoleCards.FIRST_TRICK),
]
PUBLIC_FIELDS = {
    "seat", "rules", "k", "phase", "dealer", "hand_number", "direction", "targets", "to_play", "leader",
    "trick_number", "hearts_broken", "tricks_won", "hand_sizes", "voids", "hole_count", "hole_owner",
    "jokers_played", "opening_card", "totals_before",
}  # fmt: skip


def card_masks(view: SeatView) -> Iterator[int]:
    """Every card mask (and card) the view holds, except its computed properties."""
    for name in SeatView.__dataclass_fields__:
        if name in PUBLIC_FIELDS:
            continue
        yield from _masks(getattr(view, name), name)


def _masks(value: Any, name: str) -> Iterator[int]:
    if isinstance(value, Card):
        yield value.bit
    elif isinstance(value, Trick):
        for _, card in value.plays:
            yield card.bit
    elif name == "current_trick":
        for _, cid, _ in value:
            yield 1 << cid
    elif name == "pass_recipients":
        for _, mask in value:
            yield mask
    elif isinstance(value, int):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _masks(item, name)
    else:  # pragma: no cover - a new field: decide whether it is public
        raise AssertionError(f"unexpected field {name}")


def moments(rules: Rules, seed: int) -> Iterator[HandState]:
    """A seeded hand, yielded before each action (passing, play)."""
    state = HandState.deal(rules, seed=seed, hand_number=seed)
    rng = random.Random(seed)
    if state.phase is Phase.PASSING:
        for seat in range(state.players):
            yield state
            state.pass_cards(seat, rng.sample(state.hand(seat), state.cards_to_pass))
    while state.phase is Phase.PLAYING:
        yield state
        state.play(rng.choice(state.legal_plays()))
    yield state


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.hole_cards.value}-{r.cycle[0].value}")
def test_a_view_never_reveals_other_hands(rules: Rules) -> None:
    n = rules.players
    for seed in range(2):
        for state in moments(rules, seed):
            hole = 0
            for card in state.hole_cards:
                hole |= card.bit
            for seat in range(n):
                view = state.view(seat)
                others = 0
                for other in range(n):
                    if other != seat:
                        others |= state.hand_mask(other)
                unseen_hole = 0 if state.hole_owner == seat else hole
                assert view.hand_mask == state.hand_mask(seat) and view.hand == state.hand(seat)
                assert view.unseen_mask == others | unseen_hole
                assert view.unseen_mask & view.hand_mask == 0
                assert view.hand_sizes == tuple(state.hand_mask(s).bit_count() for s in range(n))
                assert view.legal_mask == state.legal_mask(seat)
                assert view.legal == (state.legal_plays() if seat == state.to_play else [])
                secret = (others & ~view.passed_mask) | unseen_hole
                for mask in card_masks(view):
                    assert mask & secret == 0
                if state.phase is Phase.PASSING:
                    assert view.received_mask == 0
                hole_points = sum(rules.points_of(c) for c in state.hole_cards)
                for s in range(n):
                    hidden = hole_points if s == state.hole_owner != seat else 0
                    assert view.points_taken(s) == state.points_taken(s) - hidden


def test_the_hole_owner_alone_sees_the_hole_cards() -> None:
    rules = Rules(players=7, hole_cards=HoleCards.FIRST_HEART_TRICK)
    for seed in range(12):
        state = HandState.deal(rules, seed=seed, hand_number=2)
        random_playout(state, random.Random(seed))
        owner = state.hole_owner
        if owner is None:
            continue
        hole = sum(c.bit for c in state.hole_cards)
        assert state.taken_mask(owner) & hole == hole
        for seat in range(7):
            view = state.view(seat)
            assert view.hole_owner == owner and view.hole_count == 3
            assert view.hole_mask_known == (hole if seat == owner else 0)
            assert view.taken_masks[owner] & hole == (hole if seat == owner else 0)
        return
    raise AssertionError("no seed gave the hole cards to anyone")  # pragma: no cover


def test_a_view_knows_where_its_passed_cards_went() -> None:
    state = HandState.deal(Rules(players=5, pass_cycle=(PassDirection.SPLIT,)), seed=2)
    chosen = [state.hand(s)[:4] for s in range(5)]
    for seat in range(5):
        state.pass_cards(seat, chosen[seat])
    view = state.view(0)
    assert view.pass_recipients == tuple(((0 + k + 1) % 5, chosen[0][k].bit) for k in range(4))
    assert view.received_mask == sum(c.bit for c in state.received(0))


def finish_both(a: HandState, b: HandState, rng: random.Random) -> None:
    while a.phase is Phase.PLAYING:
        assert a.legal_mask() == b.legal_mask() and a.to_play == b.to_play
        card = rng.choice(a.legal_plays())
        a.play(card)
        b.play(card)
    assert b.phase is a.phase


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.hole_cards.value}-{r.cycle[0].value}")
def test_state_from_view_with_the_true_hands_plays_like_the_original(rules: Rules) -> None:
    for seed in range(4):
        state = HandState.deal(rules, seed=seed, hand_number=seed)
        rng = random.Random(seed)
        if state.phase is Phase.PASSING:
            for seat in range(state.players):
                state.pass_cards(seat, rng.sample(state.hand(seat), state.cards_to_pass))
        for _ in range(rng.randrange(rules.hand_size * rules.players - 1)):
            state.play(rng.choice(state.legal_plays()))
        seat = rng.randrange(rules.players)
        rebuilt = state_from_view(state.view(seat), [state.hand_mask(s) for s in range(rules.players)])
        assert rebuilt.hearts_broken == state.hearts_broken and rebuilt.current_trick == state.current_trick
        assert rebuilt.trick_number == state.trick_number
        finish_both(state, rebuilt, random.Random(seed))
        assert state.score is not None and rebuilt.score is not None
        assert rebuilt.score.points == state.score.points
        assert rebuilt.hole_owner == state.hole_owner


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.hole_cards.value}-{r.cycle[0].value}")
def test_state_from_view_with_sampled_hands_is_playable(rules: Rules) -> None:
    for seed in range(3):
        state = HandState.deal(rules, seed=seed, hand_number=2)
        rng = random.Random(seed)
        random_playout(state, rng)
        for _ in range(rng.randrange(1, len(state.actions))):
            state.undo()
        if state.phase is not Phase.PLAYING:
            continue
        seat = state.to_play
        view = state.view(seat)
        unseen = [c for c in Rules().deck if c.bit & view.unseen_mask]
        rng.shuffle(unseen)
        hands = []
        for s in range(rules.players):
            if s == seat:
                hands.append(view.hand_mask)
            else:
                size = view.hand_sizes[s]
                hands.append(sum(c.bit for c in unseen[:size]))
                unseen = unseen[size:]
        assert len(unseen) == (view.hole_count if view.hole_mask_known == 0 else 0)
        rebuilt = state_from_view(view, hands)
        assert rebuilt.legal_mask() == view.legal_mask
        random_playout(rebuilt, rng, record=False)
        assert rebuilt.is_over and rebuilt.score is not None
        assert set(rebuilt.hole_cards) | {c for s in range(rules.players) for c in rebuilt.taken(s)} == set(rules.deck)
        unclaimed = sum(rules.points_of(c) for c in rebuilt.hole_cards) if rebuilt.hole_owner is None else 0
        total = sum(rebuilt.points_taken(s) for s in range(rules.players))
        assert total == sum(rules.points_of(c) for c in rules.deck) - unclaimed


def test_state_from_view_refuses_what_it_cannot_rebuild() -> None:
    passing = HandState.deal(seed=1)
    with pytest.raises(ValueError, match="only a hand in play"):
        state_from_view(passing.view(0), [passing.hand_mask(s) for s in range(4)])
    playing = HandState.deal(seed=1, hand_number=3)
    hands = [playing.hand_mask(s) for s in range(4)]
    hands[0], hands[1] = hands[1], hands[0]
    with pytest.raises(ValueError, match="its own hand"):
        state_from_view(playing.view(0), hands)


def test_the_dealer_chooses_the_passes_without_seeing_their_hand() -> None:

    state = HandState.deal(Rules(pass_cycle=(PassDirection.DEALERS_CHOICE,)), seed=3, dealer=2)
    assert state.view(2).hand_mask == 0 and state.view(1).hand_mask == state.hand_mask(1)
    state.choose_passes({"left": 2, "right": 1})
    assert state.view(2).hand_mask == state.hand_mask(2)
