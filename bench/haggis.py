"""Haggis playout speed: hands per second for random and greedy bots, two and three players.

Run ``python bench/haggis.py [--seconds S]``. Figures are printed, never asserted: they depend on the machine.
Each line plays seeded hands from a fresh deal to the end for about S seconds of this process's CPU time
(legality checks included). Rates are per CPU second, so other work on a shared machine does not skew them.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from hearts_lessons.haggis.bots import GreedyBot, HaggisBot, RandomBot
from hearts_lessons.haggis.rules import HaggisRules
from hearts_lessons.haggis.simulate import play_hand
from hearts_lessons.haggis.state import HaggisHand


def measure(bot: HaggisBot, players: int, seconds: float) -> tuple[int, int, float]:
    """Hands played, actions applied and CPU seconds used with ``bot`` in every seat."""
    rules = HaggisRules(players=players)
    hands = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        hand = play_hand(HaggisHand.deal(rules, seed=hands), [bot] * players, random.Random(hands))
        actions += len(hand.actions)
        hands += 1
    return hands, actions, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per line (default 3)")
    args = parser.parse_args(argv)
    print(f"Haggis playouts, Python {platform.python_version()}, {args.seconds:g} CPU s per line")
    print(f"{'bots':<8}{'players':>8}{'hands':>8}{'hands/s':>10}{'actions/s':>11}{'actions/hand':>14}")
    for bot in (RandomBot(), GreedyBot()):
        for players in (2, 3):
            hands, actions, elapsed = measure(bot, players, args.seconds)
            print(
                f"{bot.name:<8}{players:>8}{hands:>8}{hands / elapsed:>10.1f}{actions / elapsed:>11.0f}"
                f"{actions / max(hands, 1):>14.1f}"
            )


if __name__ == "__main__":
    main()
