"""The live book in a real browser: the game screen as an app (``bash scripts/app.sh``, Voilà) and a live lesson.

A reader's game, clicked in Chromium: the app opens on a bar of buttons and the table, with no prose and no code;
pass three cards, play a whole hand to its score (one card typed on the keyboard), see a greyed card refused with
its reason, see the hand's scores, save the game, reload the page (a new kernel, a new game), open the saved file
and find the same game; a damaged file is refused with its reason. A game one card from its end is opened and
finished: the final scoreboard shows, with New game and Review the game. At 1280×800, 1920×1080 (large cards),
390×844 and 375×740 the bar and the table fit the window. Nothing may be loaded from outside 127.0.0.1, and
"Learn the rules" opens.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from hearts_lessons.bots.base import bot_step, make_bot
from hearts_lessons.cards import Card
from hearts_lessons.game import GameState
from hearts_lessons.state import Phase

from .app_support import (
    ARTIFACTS,
    LAB_TOKEN,
    forgive_voila_shutdown_on_unload,
    open_watched,
    require_servers,
    screenshot,
    serve_app,
    serve_lab,
)
from .conftest import ROOT
from .words import broken_words

pytestmark = pytest.mark.e2e

NOTEBOOKS = ROOT / "notebooks"
APP_NOTEBOOK = ROOT / "app" / "game.ipynb"
LESSON_NOTEBOOK = "01_tricks.ipynb"
APP_SEED = 2026  # HL_APP_SEED for the app under test: the same deals every run
KERNEL_TIMEOUT = 120_000  # ms: Voilà starts a kernel and runs the notebook before the widgets appear
TURN_TIMEOUT = 60_000  # ms: the bots play at a visible pace (0.4 s a card) on two slow cores
VIEWPORT = {"width": 1280, "height": 1000}

# What the reader sees on the card table, read from the page: the hand's card faces with their accessible names.
TABLE = """() => {
    const root = document.querySelector('.hl-play-table');
    if (!root) return null;
    const ct = root.querySelector('.hl-ct');
    const text = el => (el ? el.innerText.trim() : '');
    const cards = [...root.querySelectorAll('.hl-ct-hand .hl-ct-card')].map(c => ({
        code: c.dataset.code, label: c.getAttribute('aria-label'), playable: c.classList.contains('is-playable'),
        selected: c.classList.contains('is-selected'), face: c.querySelector('svg, img.hl-ct-face') !== null }));
    const overlay = document.querySelector('.hl-app-overlay');
    const shown = overlay && overlay.offsetParent !== null;
    const points = shown ? [...overlay.querySelectorAll('table.hl-app-scores tbody tr')]
        .map(tr => [...tr.children].map(td => text(td))) : [];
    return {
        cards, points,
        status: text(ct.querySelector('.hl-ct-title')) + ' · ' + text(ct.querySelector('.hl-ct-status')),
        message: text(ct.querySelector('.hl-ct-message')),
        over: Boolean(shown && /is over|Game over/.test(overlay.innerText)),
        end: shown ? text(overlay) : null,
    };
}"""

# True once the reader may act again after playing a card: one card fewer, and the reader's turn or the end.
SETTLED = """([count]) => {
    const root = document.querySelector('.hl-play-table');
    const cards = root.querySelectorAll('.hl-ct-hand .hl-ct-card');
    const you = root.querySelector('.hl-ct-seat.is-you');
    const overlay = document.querySelector('.hl-app-overlay');
    if (cards.length !== count) return false;
    if (count === 0) {
        return overlay !== null && overlay.offsetParent !== null && /is over|Game over/.test(overlay.innerText);
    }
    return you !== null && you.classList.contains('is-turn');
}"""

# Voilà's bundled Font Awesome (the bar's icons) has been fetched and loaded from 127.0.0.1.
FONT_AWESOME_LOADED = """() => [...document.fonts].some(f =>
    f.family.replace(/["']/g, '') === 'Font Awesome 5 Free' && f.weight === '900' && f.status === 'loaded')"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the app and a lesson, as in the project (app/ beside notebooks/): the kernels run there, and
    nothing a test does can touch the project's notebooks."""
    require_servers()
    folder = tmp_path_factory.mktemp("live")
    (folder / "app").mkdir()
    (folder / "notebooks").mkdir()
    shutil.copy2(APP_NOTEBOOK, folder / "app" / APP_NOTEBOOK.name)
    shutil.copy2(NOTEBOOKS / LESSON_NOTEBOOK, folder / "notebooks" / LESSON_NOTEBOOK)
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    return folder


@pytest.fixture(scope="module")
def app_url(notebook_dir: Path, monkeypatch_module: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch_module.setenv("HL_APP_SEED", str(APP_SEED))
    with serve_app(notebook_dir / "app" / APP_NOTEBOOK.name, ARTIFACTS / "voila-app.log") as url:
        yield url


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture(scope="module")
def lab_url(notebook_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("lab-root")
    shutil.copy2(notebook_dir / "notebooks" / LESSON_NOTEBOOK, root / LESSON_NOTEBOOK)
    with serve_lab(root, ARTIFACTS / "jupyterlab.log") as url:
        yield url


@pytest.fixture(scope="module")
def lesson_url(app_url: str) -> str:
    """Lesson 1 as an app, from the app's own server (it serves the folder: the lessons are its pages too)."""
    return app_url.replace("app/game.ipynb", f"notebooks/{LESSON_NOTEBOOK}")


def table(page: Page) -> dict[str, Any]:
    state = page.evaluate(TABLE)
    assert state is not None, "the play table is not on the page"
    return dict(state)


def wait_for_table(page: Page, url: str) -> None:
    page.goto(url, wait_until="commit", timeout=KERNEL_TIMEOUT)
    expect(page.locator(".hl-ct-hand .hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
    expect(page.locator(".hl-ct-message")).to_contain_text("you are South", timeout=TURN_TIMEOUT)


def card_face(page: Page, code: str) -> Locator:
    """The face of a card of the reader's hand on the table."""
    return page.locator(f'.hl-ct-hand .hl-ct-card[data-code="{code}"]')


def open_settings(page: Page) -> None:
    """Open the bar's Settings panel (if it is not open)."""
    if not page.locator(".hl-app-drawer .hl-files").is_visible():
        page.locator(".hl-app-bar").get_by_role("button", name=re.compile("Settings")).click()
    expect(page.locator(".hl-app-drawer .hl-files")).to_be_visible(timeout=TURN_TIMEOUT)


def upload(page: Page, name: str, text: str) -> None:
    """Open a saved game from Settings, as a reader does in the browser's file dialog."""
    open_settings(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load a saved game").click()
    chooser.value.set_files(files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])


def pass_three(page: Page) -> list[str]:
    """Choose three cards by clicking their faces (they lift), then press the table's Pass button."""
    expect(page.locator(".hl-ct-hand .hl-ct-card")).to_have_count(13)
    chosen = [c["code"] for c in table(page)["cards"] if c["playable"]][:3]
    for code in chosen:
        card_face(page, code).click(position=CORNER)
        expect(card_face(page, code)).to_have_class(re.compile("is-selected"), timeout=TURN_TIMEOUT)
    pass_button = page.locator('.hl-ct-action[data-action="pass"]')
    expect(pass_button).to_have_text(re.compile("^Pass 3.3"), timeout=TURN_TIMEOUT)
    expect(pass_button).to_be_enabled(timeout=TURN_TIMEOUT)
    pass_button.click()
    expect(page.locator(".hl-ct-message")).to_contain_text("You received", timeout=TURN_TIMEOUT)
    return chosen


def wait_for_my_turn_or_the_end(page: Page, count: int) -> None:
    page.wait_for_function(SETTLED, arg=[count], timeout=TURN_TIMEOUT)


def refuse_a_greyed_card(page: Page, state: dict[str, Any]) -> str | None:
    """Click a dimmed card: the table must say why, beside the hand (the card's accessible name has the reason),
    and change nothing."""
    greyed = [c for c in state["cards"] if not c["playable"]]
    if not greyed:
        return None
    card = greyed[0]
    assert " — not playable: " in card["label"], card
    reason = card["label"].split(" — not playable: ", 1)[1]
    card_face(page, card["code"]).click(position=CORNER)
    message = page.locator(".hl-ct-message")
    expect(message).to_have_text(reason, timeout=TURN_TIMEOUT)
    expect(message).to_have_class(re.compile("is-error"))
    colour = message.evaluate("el => getComputedStyle(el).color")
    assert colour == "rgb(160, 0, 28)", f"the reason is not shown as an error ({colour})"
    after = table(page)
    assert [c["code"] for c in after["cards"]] == [c["code"] for c in state["cards"]], "a refused card was played"
    assert "your turn" in after["status"]
    return reason


def play_the_hand(page: Page) -> dict[str, Any]:
    """Play South's cards by clicking their faces until the hand is over; returns what was refused and typed."""
    refused: str | None = None
    typed: str | None = None
    wait_for_my_turn_or_the_end(page, 13)
    for _ in range(13):
        state = table(page)
        count = len(state["cards"])
        assert "your turn" in state["status"], state["status"]
        assert all(c["face"] for c in state["cards"]), "every card is drawn as a card face"
        if refused is None:
            refused = refuse_a_greyed_card(page, state)
        legal = [c for c in state["cards"] if c["playable"]]
        assert legal, f"no playable card on the reader's turn: {state['cards']}"
        code = legal[0]["code"]
        if typed is None:  # the first card by keyboard: type its code in the "Play:" box and press Enter
            typed = code
            open_settings(page)
            box = page.get_by_placeholder(re.compile("type a card"))
            box.fill(code.replace("T", "10"))
            box.press("Enter")
            close_panel(page)
        else:
            card_face(page, code).click(position=CORNER)
        wait_for_my_turn_or_the_end(page, count - 1)
        assert code not in [c["code"] for c in table(page)["cards"]]
    return {"refused": refused, "typed": typed}


def saved_game(page: Page) -> str:
    """Save the game from Settings: the browser downloads hearts-game.json; its text."""
    open_settings(page)
    with page.expect_download(timeout=TURN_TIMEOUT) as download:
        page.get_by_role("button", name="Save game").click()
    assert download.value.suggested_filename == "hearts-game.json"
    return Path(download.value.path()).read_text(encoding="utf-8")


def close_panel(page: Page) -> None:
    page.locator(".hl-app-drawer").get_by_role("button", name="Close").click()
    expect(page.locator(".hl-app-drawer")).to_be_hidden(timeout=TURN_TIMEOUT)


def one_card_from_the_end(seed: int = 11) -> str:
    """A saved game whose last hand waits for South's last card, after which the game is over: the rule-based
    bot plays every seat until then."""
    game = GameState(seed=seed)
    bots = {s: make_bot("rules") for s in range(game.players)}
    rng = random.Random(seed)
    while True:
        hand = game.current
        while hand.phase is not Phase.DONE and not (hand.phase is Phase.PLAYING and len(hand.tricks) == 12
                                                      and hand.to_play == 0):  # fmt: skip
            bot_step(hand, bots, rng)
        if hand.phase is not Phase.DONE:
            trial = GameState.from_json(game.to_json())
            while trial.current.phase is not Phase.DONE:
                bot_step(trial.current, bots, rng)
            trial.score_hand()
            if trial.is_over:
                return game.to_json()
            while hand.phase is not Phase.DONE:
                bot_step(hand, bots, rng)
        game.score_hand()
        game.next_hand()


def test_the_app_runs_the_engine_compiled_where_it_can(app_url: str) -> None:
    """``scripts/app.sh`` (as ``scripts/lab.sh``) compiles the engine before it serves, when it is not compiled and
    current, and says which build runs; where mypyc and a C compiler are (CI has both) the build is then compiled
    and current."""
    log = (ARTIFACTS / "voila-app.log").read_text()
    assert "==> engine: " in log or "compile_engine: " in log, log
    if shutil.which(os.environ.get("CC", "cc")) and importlib.util.find_spec("mypyc") is not None:
        line = "from hearts_lessons.runtime import engine_build; print(engine_build())"
        build = subprocess.run([sys.executable, "-c", line], cwd=ROOT, capture_output=True, text=True, check=True)
        assert build.stdout.startswith("compiled (mypyc): ") and "STALE" not in build.stdout, build.stdout


APP_BAR = ["New game", "Rules", "Opponents", "Coach", "Undo", "Settings"]


def test_the_app_plays_a_hand_saves_and_loads_it_back(browser: Browser, app_url: str) -> None:
    with open_watched(browser, viewport=VIEWPORT) as watch:
        page = watch.page
        wait_for_table(page, app_url)
        # a game screen: the bar and the table; no lesson prose, no code
        bar = page.locator(".hl-app-bar")
        assert [b.get_attribute("title") and b.inner_text().strip() for b in bar.get_by_role("button").all()] \
            == APP_BAR
        body = page.inner_text("body")
        assert "PlayTable(" not in body and "from hearts_lessons" not in body and "Exercises" not in body
        assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0
        assert page.locator(".jp-MarkdownOutput, .jp-RenderedMarkdown").count() == 0
        assert "pass 3 cards" in table(page)["status"]
        assert broken_words(page) == []
        # every link of the page opens (Voilà serves the folder: "Learn the rules" is lesson 1 as an app)
        for link in page.locator("a[href]").all():
            href = link.get_attribute("href") or ""
            if href.startswith(("#", "javascript:")):
                continue
            target = page.evaluate("h => new URL(h, location.href).href", href)
            assert page.request.get(target).status == 200, target

        passed = pass_three(page)
        result = play_the_hand(page)
        assert result["refused"], "no greyed card was offered on any turn of this seeded hand"
        assert result["typed"], "no card was typed in the Play box"
        state = table(page)
        assert state["over"] and state["cards"] == [] and "Hand 1 is over" in (state["end"] or "")
        points = {row[0]: int(row[1].replace("−", "-")) for row in state["points"]}
        assert sorted(points) == ["East", "North", "West", "You"], state["points"]
        assert sum(points.values()) in (26, 78)  # 78: a bot shot the moon, others +26
        screenshot(page, "app-hand-over")

        # save: the browser downloads the whole game
        text = saved_game(page)
        data = json.loads(text)
        assert data["kind"] == "game" and data["seed"] == APP_SEED
        actions = data["hands"][0]["actions"]
        assert [a for a in actions if a[0] == "pass" and a[1] == 0] == [["pass", 0, passed]]
        assert sum(1 for a in actions if a[0] == "play") == 52

        # a damaged file is refused with its reason and the game is kept
        upload(page, "edited.json", json.dumps({**data, "seed": 7}))
        expect(page.locator(".hl-ct-message")).to_contain_text("was not dealt from this game's seed",
                                                               timeout=TURN_TIMEOUT)  # fmt: skip
        close_panel(page)
        expect(page.locator(".hl-app-overlay")).to_contain_text("Hand 1 is over", timeout=TURN_TIMEOUT)
        assert table(page)["over"] and table(page)["points"] == state["points"]

        # reload: a new kernel and a new game; then open the saved file
        page.reload(wait_until="commit", timeout=KERNEL_TIMEOUT)
        expect(page.locator(".hl-ct-hand .hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
        expect(page.locator(".hl-ct-message")).to_contain_text("you are South", timeout=TURN_TIMEOUT)
        upload(page, "hearts-game.json", text)
        expect(page.locator(".hl-ct-message")).to_have_text("Game loaded.", timeout=TURN_TIMEOUT)
        close_panel(page)
        expect(page.locator(".hl-app-overlay")).to_contain_text("Hand 1 is over", timeout=TURN_TIMEOUT)
        loaded = table(page)
        assert loaded["over"] and loaded["points"] == state["points"] and loaded["cards"] == []
        page.locator(".hl-app-overlay").get_by_role("button", name="Next hand").click()
        expect(page.locator(".hl-app-overlay")).to_be_hidden(timeout=TURN_TIMEOUT)
        expect(page.locator(".hl-ct-hand.is-passing .hl-ct-card").first).to_be_visible(timeout=TURN_TIMEOUT)
        screenshot(page, "app-loaded")

        # Voilà's own Font Awesome (the bar's icons) is served locally and has loaded
        assert page.evaluate(FONT_AWESOME_LOADED), "the bar's icon font did not load"
        assert page.locator("link[href*='cdn.'], script[src*='cdn.']").count() == 0
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        forgive_voila_shutdown_on_unload(watch)  # the reload above
        watch.assert_clean()


def test_the_end_of_a_game_shows_the_final_scoreboard(browser: Browser, app_url: str) -> None:
    """A saved game one card from its end: play the card, and the final scoreboard shows every hand, the totals
    and the winner, with New game and Review the game."""
    text = one_card_from_the_end()
    expected = GameState.from_json(text)
    with open_watched(browser, viewport={"width": 1280, "height": 800}) as watch:
        page = watch.page
        wait_for_table(page, app_url)
        upload(page, "last-card.json", text)
        expect(page.locator(".hl-ct-message")).to_have_text("Game loaded.", timeout=TURN_TIMEOUT)
        close_panel(page)
        last = page.locator(".hl-ct-hand .hl-ct-card.is-playable")
        expect(last).to_have_count(1, timeout=TURN_TIMEOUT)
        last.click(position=CORNER)
        overlay = page.locator(".hl-app-overlay")
        expect(overlay).to_contain_text("Game over", timeout=TURN_TIMEOUT)
        rows = overlay.locator("table.hl-app-scores tbody tr")
        expect(rows).to_have_count(len(expected.results) + 1)
        assert overlay.locator("tfoot").inner_text().startswith("Total")
        for name in ("New game", "Review the game"):
            expect(overlay.get_by_role("button", name=name)).to_be_visible()
        assert broken_words(page) == []
        screenshot(page, "app-game-over")
        overlay.get_by_role("button", name="Review the game").click()
        drawer = page.locator(".hl-app-drawer")
        expect(drawer).to_contain_text(f"Hand {len(expected.results) + 1}", timeout=TURN_TIMEOUT)
        screenshot(page, "app-game-review")
        close_panel(page)
        page.locator(".hl-app-overlay").get_by_role("button", name="New game").click()
        expect(page.locator(".hl-ct-hand.is-passing .hl-ct-card")).to_have_count(13, timeout=TURN_TIMEOUT)
        watch.assert_clean()


FITS = """() => {
    const app = document.querySelector('.hl-app');
    const box = app.getBoundingClientRect();
    const doc = document.scrollingElement;
    return {bottom: box.bottom, right: box.right, left: box.left, top: box.top, width: innerWidth, height: innerHeight,
            scrollH: doc.scrollHeight, scrollW: doc.scrollWidth};
}"""


FIT_SIZES = [(1280, 800, False), (1920, 1080, False), (390, 844, False), (375, 740, False),
             (375, 740, True), (390, 844, True), (1280, 800, True), (1920, 1080, True)]
"""Desktop, projector and phone windows, normal then large cards (one page, resized: one kernel)."""


def test_the_game_screen_fits_the_window(browser: Browser, app_url: str) -> None:
    """The bar and the whole table lie inside the window, nothing to scroll, at desktop, projector and phone sizes,
    with normal and large cards."""
    with open_watched(browser, viewport={"width": 1280, "height": 800}) as watch:
        page = watch.page
        wait_for_table(page, app_url)
        large = False
        for width, height, want_large in FIT_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            if want_large and not large:
                open_settings(page)
                page.get_by_role("checkbox", name="large cards").check()
                close_panel(page)
                large = True
            page.wait_for_timeout(700)  # the table measures the window and redraws
            size = page.evaluate(FITS)
            where = f"{width}x{height}{' large' if large else ''}: {size}"
            assert size["top"] >= 0 and size["left"] >= 0, where
            assert size["bottom"] <= height + 1 and size["right"] <= width + 1, where
            assert size["scrollH"] <= height + 1 and size["scrollW"] <= width + 1, where
            assert broken_words(page) == []
            screenshot(page, f"app-fit-{width}x{height}{'-large' if large else ''}")
        watch.assert_clean()


CORNER = {"x": 6, "y": 10}
"""Where a test clicks an overlapped card: its corner index, which stays visible (as a reader taps it)."""


def test_a_lesson_runs_live(browser: Browser, lesson_url: str) -> None:
    """Lesson 1 in Voilà: the trick playground answers clicks from a live kernel."""
    with open_watched(browser, viewport=VIEWPORT) as watch:
        page = watch.page
        page.goto(lesson_url, wait_until="commit", timeout=KERNEL_TIMEOUT)
        playground = page.locator(".hl-trick-playground")
        expect(playground.locator(".hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
        note = playground.locator(".hl-ct-message")
        expect(note).to_have_text("Click a card of the player to move.")
        # every hand lies open: the cards of the player to move are lifted, the others wait (their seat's turn
        # has not come); clicking a waiting card is refused at the table with whose turn it is
        waiting = playground.locator(".hl-ct-seat:not(.is-turn) .hl-ct-mini, .hl-ct-hand .hl-ct-card:not(.is-playable)")
        waiting.first.click(position=CORNER)  # the corner index: the next card overlaps the rest
        expect(note).to_contain_text("'s turn, not ", timeout=TURN_TIMEOUT)
        ready = playground.locator(".hl-ct-mini.is-playable, .hl-ct-card.is-playable").first
        card = Card.from_str(ready.get_attribute("data-code") or "").symbol
        ready.click(position=CORNER)
        expect(note).to_contain_text(f"played the {card}.", timeout=TURN_TIMEOUT)
        expect(playground.locator(".hl-ct-tcard")).to_have_count(1)  # the card is in the middle of the table
        screenshot(page, "lesson-01-live")
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        watch.assert_clean()


# The notebook open in Lab has a kernel, and it is idle (Lab's own idle indicator says idle before a kernel exists).
KERNEL_IDLE = """() => {
    const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const kernel = widget && widget.sessionContext && widget.sessionContext.session
        && widget.sessionContext.session.kernel;
    return Boolean(kernel) && kernel.status === 'idle';
}"""

# Every code cell of the notebook has run: each has an execution count in the notebook's model (Lab draws cells far
# below the viewport as empty placeholders, so their prompts cannot be read from the page), and the kernel is idle.
ALL_CELLS_RAN = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    const kernel = panel.sessionContext.session.kernel;
    let code = 0;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        code += 1;
        if (!cell.executionCount) return false;
    }
    return code > 0 && kernel.status === 'idle';
}"""


def test_a_lesson_runs_live_in_jupyterlab(browser: Browser, lab_url: str) -> None:
    """Lesson 1 opened in JupyterLab, its cells run, and the trick playground answers a click."""
    with open_watched(browser, viewport=VIEWPORT) as watch:
        page = watch.page
        page.goto(f"{lab_url}/tree/{LESSON_NOTEBOOK}?token={LAB_TOKEN}", timeout=KERNEL_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        playground = page.locator(".hl-trick-playground")
        expect(playground.locator(".hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
        note = playground.locator(".hl-ct-message")
        expect(note).to_have_text("Click a card of the player to move.")
        ready = playground.locator(".hl-ct-mini.is-playable, .hl-ct-card.is-playable").first
        card = Card.from_str(ready.get_attribute("data-code") or "").symbol
        ready.click(position=CORNER)
        expect(note).to_contain_text(f"played the {card}.", timeout=TURN_TIMEOUT)
        page.wait_for_function(ALL_CELLS_RAN, timeout=KERNEL_TIMEOUT)
        errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")  # tracebacks and stderr
        assert errors.count() == 0, errors.first.inner_text()[:300]
        assert broken_words(page) == []  # no "undefined", "NaN", "null" or "[object" in any widget
        screenshot(page, "lesson-01-jupyterlab")
        # JupyterLab's own console messages are not this book's, except that the in-browser kernel's extension
        # (installed for the live site's build) must not try to load here; the network and the page must be clean
        assert not [e for e in watch.console_errors if "pyodide" in e.lower()], watch.console_errors
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        assert watch.failed == [] and watch.page_errors == [], watch.problems()
