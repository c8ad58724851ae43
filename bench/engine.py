"""Benchmark: complete random hands of standard Hearts per second on one core.

Every hand is dealt from one seeded random generator, every seat passes three uniformly random cards, and
every play is a uniformly random legal card, through the engine's legality cascade and scoring, on the hot path
(:func:`~hearts_lessons.playout.random_hand`: a bare ``Lean``, no readable record). Prints
figures; asserts nothing. The first line says which build of the engine ran: pure Python, or compiled with
mypyc (``scripts/compile_engine.sh``).

When OpenSpiel is installed (``pip install open-spiel``: optional, not a requirement of this project), its
``hearts`` game driven from Python (``legal_actions()`` and ``apply_action()`` with a uniformly random legal action
at every step, chance nodes included) runs for the same time in the same process, its rounds interleaved with
ours so that both meet the same drift of the machine's speed; so does its C++ loop (``pyspiel.evaluate_bots`` with
uniformly random C++ bots: a whole hand per call). The last lines give their hands per second and our ratio to
each (higher is better: above 1, ours is faster).

    python bench/engine.py [seconds]
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from hearts_lessons.playout import random_hand
from hearts_lessons.rules import STANDARD
from hearts_lessons.runtime import engine_build
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
    """Hands played and the CPU seconds they took (process time: one core's work, whatever else runs)."""
    rng = random.Random(2026)
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(200):
            random_hand(STANDARD, rng, dealer=hands % 4, hand_number=hands)
            hands += 1
    elapsed = time.process_time() - start
    return hands, elapsed


def openspiel_game() -> Any | None:
    """OpenSpiel's ``hearts`` (its default options: standard Hearts with passing), if pyspiel is installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel.load_game("hearts")


def measure_openspiel(game: Any, seconds: float, rng: random.Random) -> tuple[int, float]:
    """OpenSpiel's hearts driven from Python: a uniformly random legal action at every step (the deal's chance
    outcomes and the passes included), as :func:`measure` does for ours."""
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    choice = rng.choice
    while time.process_time() < deadline:
        for _ in range(200):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
            hands += 1
    return hands, time.process_time() - start


def measure_openspiel_cpp(game: Any, seconds: float, seed: int) -> tuple[int, float]:
    """OpenSpiel's hearts played wholly in its C++ loop: ``pyspiel.evaluate_bots`` with four uniformly random C++
    bots plays one hand per call (the deal's chance outcomes drawn from ``seed``), so only the call per hand is
    Python."""
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(seat, seed + seat) for seat in range(4)]
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(200):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + hands)
            hands += 1
    return hands, time.process_time() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    start = time.process_time()
    n_readable = 0
    while time.process_time() - start < min(seconds / 6, 1.0):
        readable_api_hand(n_readable)
        n_readable += 1
    readable_rate = n_readable / (time.process_time() - start)
    peer = openspiel_game()
    peer_rng = random.Random(2026)
    # five rounds: this machine's speed drifts from moment to moment, so report the median round (and the range);
    # OpenSpiel's rounds alternate with ours
    rates, peer_rates, cpp_rates = [], [], []
    for round_number in range(5):
        hands, elapsed = measure(seconds / 5)
        rates.append(hands / elapsed)
        if peer is not None:
            hands, elapsed = measure_openspiel(peer, seconds / 5, peer_rng)
            peer_rates.append(hands / elapsed)
            hands, elapsed = measure_openspiel_cpp(peer, seconds / 5, 2026 + 100_000 * round_number)
            cpp_rates.append(hands / elapsed)
    rates.sort()
    print(f"engine: {engine_build()}")
    print(f"readable_api_hands_per_s: {readable_rate:.0f}")
    print(f"rounds (hands per CPU second): {', '.join(f'{r:.0f}' for r in rates)}")
    print(f"random_hands_per_s: {rates[2]:.0f}")
    if peer is None:
        print("openspiel: not installed (pip install open-spiel to compare with its hearts driven from Python)")
        return
    peer_rates.sort()
    print(f"openspiel rounds (hands per CPU second): {', '.join(f'{r:.0f}' for r in peer_rates)}")
    print(f"openspiel_python_hands_per_s: {peer_rates[2]:.0f}")
    print(f"ratio_to_openspiel_python: {rates[2] / peer_rates[2]:.2f}")
    cpp_rates.sort()
    print(f"openspiel C++ loop rounds (hands per CPU second): {', '.join(f'{r:.0f}' for r in cpp_rates)}")
    print(f"openspiel_cpp_hands_per_s: {cpp_rates[2]:.0f}")
    print(f"ratio_to_openspiel_cpp: {rates[2] / cpp_rates[2]:.2f}")


if __name__ == "__main__":
    main()
