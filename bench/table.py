"""Benchmark: how fast the card table answers a click, measured in the browser (goal: p95 ≤ 50 ms).

Serves the play-a-game lesson as the app (``bash scripts/app.sh``, Voilà on 127.0.0.1), opens it in Chromium
(Playwright, ``/usr/bin/chromium``) and times, inside the page, each click on a card face until the new table is
on screen: the click is dispatched, the kernel answers, the table is redrawn, and the next animation frame has
painted it. Choosing a pass card counts from the click to the card drawn lifted; playing a card from the click
to the card gone from the hand and lying in the trick (the bots' replies follow at their visible pace, which
is a deliberate pause, not latency). Also prints the kernel-side time of a click (bots at pace 0). Asserts
nothing.

    python bench/table.py [hands]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_lessons.state import Phase  # noqa: E402
from hearts_lessons.widgets.play import DEFAULT_BOT, PlayTable  # noqa: E402

# Click a card of the hand and resolve with the ms until the table shows the result and a frame has painted.
CLICK = """async ([code, pass]) => {
    const hand = document.querySelector('.hl-ct-hand');
    const card = hand.querySelector(`.hl-ct-card[data-code="${code}"]`);
    const done = () => pass
        ? card.classList.contains('is-selected')
        : !hand.contains(card) && document.querySelector(`.hl-ct-tcard`) !== null;
    return await new Promise(resolve => {
        const start = performance.now();
        const check = () => {
            if (done()) {
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - start));
                return true;
            }
            return false;
        };
        const observer = new MutationObserver(check);
        observer.observe(document.querySelector('.hl-ct'), {subtree: true, childList: true, attributes: true});
        card.click();
        check();
        setTimeout(() => { observer.disconnect(); resolve(-1); }, 10000);
    });
}"""

# The reader may play: it is the reader's turn and the table is drawn for it (or the hand is over).
MY_TURN = """() => {
    const you = document.querySelector('.hl-ct-seat.is-you');
    const next = document.querySelector('.hl-ct-action[data-action="next"]');
    return Boolean(next) || (you && you.classList.contains('is-turn')
        && document.querySelector('.hl-ct-hand .hl-ct-card.is-playable') !== null);
}"""


def kernel_side(hands: int) -> list[float]:
    """Milliseconds of the Python handler for a click (engine, bots at pace 0, the new model)."""
    clicks: list[float] = []
    for seed in range(hands):
        table = PlayTable(seed=100 + seed, pace=0)
        if table.hand.phase is Phase.PASSING:
            for card in table.hand.hand(0)[-table.hand.cards_to_pass :]:
                table.cards.click(card.code)
            table.cards.press("pass")
        while table.hand.phase is Phase.PLAYING:
            card = table.hand.legal_plays(0)[0]
            start = time.perf_counter()
            table.cards.click(card.code)
            clicks.append(1000 * (time.perf_counter() - start))
    return clicks


def in_browser(hands: int) -> tuple[list[float], list[float]]:
    """(pass-choice ms, play ms) measured in Chromium against the Voilà app."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.app_support import open_watched, serve_app
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS

    chose: list[float] = []
    played: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        notebook = Path(folder) / "04_play_a_game.ipynb"
        notebook.write_bytes((ROOT / "notebooks" / "04_play_a_game.ipynb").read_bytes())
        with serve_app(notebook, Path(folder) / "voila.log") as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
            with open_watched(browser, viewport={"width": 1280, "height": 1000}) as watch:
                page = watch.page
                page.goto(url, wait_until="commit", timeout=120_000)
                page.locator(".hl-ct-hand .hl-ct-card").first.wait_for(timeout=120_000)
                for hand in range(hands):
                    if hand:
                        page.locator('.hl-ct-action[data-action="next"]').click()
                        page.wait_for_timeout(500)
                    if page.locator('.hl-ct-action[data-action="pass"]').count():
                        codes = page.locator(".hl-ct-hand .hl-ct-card.is-playable").evaluate_all(
                            "cs => cs.map(c => c.dataset.code)")  # fmt: skip
                        for code in codes[:3]:
                            chose.append(page.evaluate(CLICK, [code, True]))
                        page.locator('.hl-ct-action[data-action="pass"]').click()
                    for _ in range(60):
                        page.wait_for_function(MY_TURN, timeout=60_000)
                        if page.locator('.hl-ct-action[data-action="next"]').count():
                            break
                        code = page.locator(".hl-ct-hand .hl-ct-card.is-playable").first.get_attribute("data-code")
                        played.append(page.evaluate(CLICK, [code, False]))
            browser.close()
    return chose, played


def _summary(name: str, values: list[float]) -> None:
    good = sorted(v for v in values if v >= 0)
    if not good:
        print(f"{name}: no samples")
        return
    p95 = good[min(len(good) - 1, round(0.95 * (len(good) - 1)))]
    print(f"{name}: n={len(good)} p50={statistics.median(good):.1f} ms p95={p95:.1f} ms max={good[-1]:.1f} ms"
          + (f" (timed out: {len(values) - len(good)})" if len(good) < len(values) else ""))


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    print(f"default bot: {DEFAULT_BOT}")
    _summary("kernel-side click (engine + bots at pace 0 + new model)", kernel_side(max(hands, 3)))
    chose, played = in_browser(hands)
    _summary("browser: click a pass card -> drawn lifted", chose)
    _summary("browser: click a card -> drawn in the trick", played)
    _summary("browser: all clicks", chose + played)


if __name__ == "__main__":
    main()
