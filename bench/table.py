"""Benchmark: how fast the card table answers a click, measured in the browser (goal: p95 ≤ 50 ms; lower is
better).

Serves the play-a-game lesson as the app (``bash scripts/app.sh``, Voilà on 127.0.0.1), opens it in Chromium
(Playwright, ``/usr/bin/chromium``) and times, inside the page, each click on a card face until the new table is
on screen: the next animation frame after the table shows the result has painted it. Choosing a pass card
counts until the card is drawn lifted; playing a card until the card is gone from the hand and lies in the trick
(the bots' replies follow at their visible pace, which is a deliberate pause, not latency).

Each click gives two figures: **first drawn** (the result on screen, drawn by the front end's own guess when the
table is ``optimistic``, else by Python's answer) and **Python's view drawn** (the round trip: the click sent to
the kernel, the engine's answer back, and the table drawn from Python's view with no guess left in it: the
table's ``data-guess`` attribute is gone). Also prints the kernel-side time of a click (bots at pace 0) and the
90 % bootstrap interval of each p95. Asserts nothing.

    python bench/table.py [hands] [--optimistic | --plain]

``--optimistic`` switches the table's optimistic drawing on in the benchmark's copy of the lesson when the lesson
does not (a line after its first cell), ``--plain`` switches it off; without either the lesson runs as it is.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_lessons.state import Phase  # noqa: E402
from hearts_lessons.widgets.play import DEFAULT_BOT, PlayTable  # noqa: E402

# Click a card of the hand; resolve with [ms until the result is first on screen, ms until Python's view of it is
# on screen, whether the first drawing was the front end's guess], each time taken when the next frame painted.
CLICK = """async ([code, pass]) => {
    const root = document.querySelector('.hl-ct');
    const hand = root.querySelector('.hl-ct-hand');
    const card = hand.querySelector(`.hl-ct-card[data-code="${code}"]`);
    const shows = () => pass
        ? card.classList.contains('is-selected')
        : !hand.contains(card) && root.querySelector('.hl-ct-tcard') !== null;
    return await new Promise(resolve => {
        const times = [null, null];
        let guessed = null;
        const start = performance.now();
        const painted = i => requestAnimationFrame(() => {
            times[i] = performance.now() - start;
            if (times[0] !== null && times[1] !== null) resolve([...times, guessed]);
        });
        const check = () => {
            if (!shows()) return;
            if (guessed === null) {
                guessed = root.dataset.guess !== undefined;
                painted(0);
            }
            if (root.dataset.guess === undefined && times[1] === null && !check.truth) {
                check.truth = true;
                observer.disconnect();
                painted(1);
            }
        };
        const observer = new MutationObserver(check);
        observer.observe(root, {subtree: true, childList: true, attributes: true});
        card.click();
        check();
        setTimeout(() => { observer.disconnect(); resolve([-1, -1, guessed]); }, 10000);
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


def lesson_copy(folder: Path, optimistic: bool | None) -> tuple[Path, str]:
    """The lesson in ``folder``, optimistic drawing switched on or off if asked; and what was done."""
    nb = json.loads((ROOT / "notebooks" / "04_play_a_game.ipynb").read_text(encoding="utf-8"))
    shipped = PlayTable(seed=1, pace=0).cards.optimistic
    said = f"the lesson as it is (optimistic drawing {'on' if shipped else 'off'})"
    if optimistic is not None and optimistic != shipped:
        cell = next(i for i, c in enumerate(nb["cells"]) if "PlayTable(" in "".join(c["source"]))
        switch = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                  "source": [f"table.cards.optimistic = {optimistic}"]}  # fmt: skip
        nb["cells"].insert(cell + 1, switch)
        said = f"optimistic drawing switched {'on' if optimistic else 'off'} by this benchmark"
    notebook = folder / "04_play_a_game.ipynb"
    notebook.write_text(json.dumps(nb), encoding="utf-8")
    return notebook, said


Click = tuple[float, float, bool]


def in_browser(hands: int, optimistic: bool | None) -> tuple[list[Click], list[Click], str]:
    """(pass-choice clicks, play clicks, what the lesson was) measured in Chromium against the Voilà app."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.app_support import open_watched, serve_app
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS

    chose: list[Click] = []
    played: list[Click] = []
    with tempfile.TemporaryDirectory() as folder:
        notebook, said = lesson_copy(Path(folder), optimistic)
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
                            chose.append(tuple(page.evaluate(CLICK, [code, True])))
                        page.locator('.hl-ct-action[data-action="pass"]').click()
                    for _ in range(60):
                        page.wait_for_function(MY_TURN, timeout=60_000)
                        if page.locator('.hl-ct-action[data-action="next"]').count():
                            break
                        code = page.locator(".hl-ct-hand .hl-ct-card.is-playable").first.get_attribute("data-code")
                        played.append(tuple(page.evaluate(CLICK, [code, False])))
            browser.close()
    return chose, played, said


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _summary(name: str, values: list[float]) -> None:
    good = sorted(v for v in values if v >= 0)
    if not good:
        print(f"{name}: no samples")
        return
    rng = random.Random(0)
    boots = sorted(_p95(rng.choices(good, k=len(good))) for _ in range(2000))
    low, high = boots[len(boots) // 20], boots[-len(boots) // 20 - 1]
    print(f"{name}: n={len(good)} p50={statistics.median(good):.1f} ms p95={_p95(good):.1f} ms "
          f"(90% bootstrap interval {low:.1f}-{high:.1f}) max={good[-1]:.1f} ms"
          + (f" (timed out: {len(values) - len(good)})" if len(good) < len(values) else ""))  # fmt: skip


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    hands = int(args[0]) if args else 1
    optimistic = True if "--optimistic" in sys.argv else False if "--plain" in sys.argv else None
    print(f"default bot: {DEFAULT_BOT}; times in ms, lower is better (goal: p95 <= 50 ms)")
    _summary("kernel-side click (engine + bots at pace 0 + new model)", kernel_side(max(hands, 3)))
    chose, played, said = in_browser(hands, optimistic)
    clicks = chose + played
    print(f"browser: {said}; {sum(c[2] is True for c in clicks)} of {len(clicks)} clicks first drawn by a guess")
    for name, group in (("a pass card -> drawn lifted", chose), ("a card -> drawn in the trick", played),
                        ("all clicks", clicks)):  # fmt: skip
        _summary(f"browser, first drawn: {name}", [c[0] for c in group])
        _summary(f"browser, Python's view drawn: {name}", [c[1] for c in group])


if __name__ == "__main__":
    main()
