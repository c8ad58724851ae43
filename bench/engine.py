"""Benchmark: complete random hands of standard Hearts per second on one core.

Each hand is dealt from a seed, every seat passes three uniformly random cards, and every play is a uniformly
random legal card, through the engine's legality cascade and scoring. Prints figures; asserts nothing.

    python bench/engine.py [seconds]
"""

from __future__ import annotations

import random
import sys
import time

from hearts_lessons.playout import random_playout
from hearts_lessons.rules import STANDARD
from hearts_lessons.state import HandState, Phase


def readable_api_hand(seed: int) -> HandState:
    """The same hand through the readable API (Card objects, verify on every action, recorded actions)."""
    rng = random.Random(seed)
    state = HandState.deal(STANDARD, seed=seed)
    while state.phase is Phase.PASSING:
        for seat in state.to_pass:
            state.pass_cards(seat, rng.sample(state.hand(seat), state.cards_to_pass))
    while state.phase is Phase.PLAYING:
        state.play(rng.choice(state.legal_plays()))
    return state


def measure(seconds: float) -> tuple[int, float]:
    rng = random.Random(2026)
    hands = 0
    moons = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            state = HandState.deal(STANDARD, seed=hands, dealer=hands % 4, hand_number=hands)
            random_playout(state, rng, record=False)
            assert state.score is not None
            moons += state.score.shooter is not None
            hands += 1
    elapsed = time.perf_counter() - start
    return hands, elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 4.0
    start = time.perf_counter()
    n_readable = 0
    while time.perf_counter() - start < min(seconds / 4, 1.0):
        readable_api_hand(n_readable)
        n_readable += 1
    readable_rate = n_readable / (time.perf_counter() - start)
    hands, elapsed = measure(seconds)
    print(f"readable_api_hands_per_s: {readable_rate:.0f}")
    print(f"hands: {hands} in {elapsed:.2f} s")
    print(f"random_hands_per_s: {hands / elapsed:.0f}")


if __name__ == "__main__":
    main()
