"""Benchmark: how fast the play table answers a click, at the default bot level.

A click on a legal card is timed from the handler's start until the widget has rendered the new view with the
bots' replies computed (bots at pace 0: the visible pace is a deliberate pause, not computation). Prints figures;
asserts nothing.

    python bench/table.py [hands]
"""

from __future__ import annotations

import statistics
import sys
import time

from hearts_lessons.state import Phase
from hearts_lessons.widgets.play import DEFAULT_BOT, PlayTable


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    clicks: list[float] = []
    passes: list[float] = []
    for seed in range(hands):
        table = PlayTable(seed=100 + seed, pace=0)
        if table.hand.phase is Phase.PASSING:
            table.pass_picker.select(table.hand.hand(0)[-table.hand.cards_to_pass :])
            start = time.perf_counter()
            table.pass_button.click()
            passes.append(time.perf_counter() - start)
        while table.hand.phase is Phase.PLAYING:
            card = table.hand.legal_plays(0)[0]
            start = time.perf_counter()
            table.button_for(card).click()
            clicks.append(time.perf_counter() - start)
    clicks.sort()
    p95 = clicks[int(0.95 * (len(clicks) - 1))]
    print(f"default bot: {DEFAULT_BOT}")
    print(f"clicks timed: {len(clicks)} over {hands} hands; passes timed: {len(passes)}")
    print(f"pass_click_ms_median: {1000 * statistics.median(passes):.1f}" if passes else "no pass hands")
    print(f"play_click_ms_median: {1000 * statistics.median(clicks):.1f}")
    print(f"play_click_ms_max: {1000 * clicks[-1]:.1f}")
    print(f"play_click_ms_p95: {1000 * p95:.1f}")


if __name__ == "__main__":
    main()
