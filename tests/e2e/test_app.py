"""The live book in a real browser: the card table as an app (``bash scripts/app.sh``, Voilà) and a live lesson.

A reader's game, clicked in Chromium: pass three cards, play a whole hand to its score (one card typed on the
keyboard), see a greyed card refused with its reason, save the game, reload the page (a new kernel, a new
game), load the saved file through the upload button and find the same game; a damaged file is refused with
its reason. Nothing may be loaded from outside 127.0.0.1.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from hearts_lessons.cards import Card

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
APP_NOTEBOOK = "04_play_a_game.ipynb"
LESSON_NOTEBOOK = "01_tricks.ipynb"
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
    const points = [...root.querySelectorAll('li')].map(li => text(li))
        .filter(t => /^(South|West|North|East): [-−]?\\d+$/.test(t));
    const sheet = root.querySelector('.hl-scores');
    return {
        cards, points,
        status: text(ct.querySelector('.hl-ct-title')) + ' · ' + text(ct.querySelector('.hl-ct-status')),
        message: text(ct.querySelector('.hl-ct-message')),
        over: root.innerText.includes('Hand over.'),
        sheet: sheet ? text(sheet) : null,
    };
}"""

# True once the reader may act again after playing a card: one card fewer, and the reader's turn or the end.
# The "Play:" box is enabled late in a redraw, after the table's model is set: it tells that the redraw is complete.
SETTLED = """([count]) => {
    const root = document.querySelector('.hl-play-table');
    const cards = root.querySelectorAll('.hl-ct-hand .hl-ct-card');
    const you = root.querySelector('.hl-ct-seat.is-you');
    const typing = root.querySelector('input[placeholder^="type a card"]');
    if (cards.length !== count) return false;
    if (count === 0) return root.innerText.includes('Hand over.');
    return you !== null && you.classList.contains('is-turn') && typing !== null && !typing.disabled;
}"""

# Voilà's bundled Font Awesome (the "Load game" button's icon) has been fetched and loaded from 127.0.0.1.
FONT_AWESOME_LOADED = """() => [...document.fonts].some(f =>
    f.family.replace(/["']/g, '') === 'Font Awesome 5 Free' && f.weight === '900' && f.status === 'loaded')"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the lessons: the kernels run there, and nothing a test does can touch notebooks/."""
    require_servers()
    folder = tmp_path_factory.mktemp("live-notebooks")
    for name in (APP_NOTEBOOK, LESSON_NOTEBOOK):
        shutil.copy2(NOTEBOOKS / name, folder / name)
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    return folder


@pytest.fixture(scope="module")
def app_url(notebook_dir: Path) -> Iterator[str]:
    with serve_app(notebook_dir / APP_NOTEBOOK, ARTIFACTS / "voila-app.log") as url:
        yield url


@pytest.fixture(scope="module")
def lab_url(notebook_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("lab-root")
    shutil.copy2(notebook_dir / LESSON_NOTEBOOK, root / LESSON_NOTEBOOK)
    with serve_lab(root, ARTIFACTS / "jupyterlab.log") as url:
        yield url


@pytest.fixture(scope="module")
def lesson_url(notebook_dir: Path) -> Iterator[str]:
    with serve_app(notebook_dir / LESSON_NOTEBOOK, ARTIFACTS / "voila-lesson.log") as url:
        yield url


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


def upload(page: Page, name: str, text: str) -> None:
    """Pick a file for the "Load game" button, as a reader does in the browser's file dialog."""
    with page.expect_file_chooser() as chooser:
        page.locator(".widget-upload").click()
    chooser.value.set_files(files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])


def pass_three(page: Page) -> list[str]:
    """Choose three cards by clicking their faces (they lift), then press the table's Pass button."""
    expect(page.locator(".hl-ct-hand .hl-ct-card")).to_have_count(13)
    chosen = [c["code"] for c in table(page)["cards"] if c["playable"]][:3]
    for code in chosen:
        card_face(page, code).click()
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
    card_face(page, card["code"]).click()
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
            box = page.get_by_placeholder(re.compile("type a card"))
            box.fill(code.replace("T", "10"))
            box.press("Enter")
        else:
            card_face(page, code).click()
        wait_for_my_turn_or_the_end(page, count - 1)
        assert code not in [c["code"] for c in table(page)["cards"]]
    return {"refused": refused, "typed": typed}


def saved_game(page: Page) -> str:
    page.get_by_role("button", name="Save game").click()
    link = page.locator('a[download="hearts-game.json"]')
    expect(link).to_be_visible(timeout=TURN_TIMEOUT)
    href = link.get_attribute("href") or ""
    prefix = "data:application/json;base64,"
    assert href.startswith(prefix), href[:80]
    return base64.b64decode(href[len(prefix) :]).decode()


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


def test_the_app_plays_a_hand_saves_and_loads_it_back(browser: Browser, app_url: str) -> None:
    with open_watched(browser, viewport=VIEWPORT) as watch:
        page = watch.page
        wait_for_table(page, app_url)
        # an app: the lesson's words and the table, no code
        body = page.inner_text("body")
        assert "Play a whole game" in body and "PlayTable(" not in body and "from hearts_lessons" not in body
        assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0
        assert "pass 3 cards" in table(page)["status"]
        assert broken_words(page) == []

        passed = pass_three(page)
        result = play_the_hand(page)
        assert result["refused"], "no greyed card was offered on any turn of this seeded hand"
        assert result["typed"], "no card was typed in the Play box"
        state = table(page)
        assert state["over"] and state["cards"] == []
        points = dict(p.replace("−", "-").split(": ") for p in state["points"])
        assert sorted(points) == ["East", "North", "South", "West"], state["points"]
        assert sum(int(v) for v in points.values()) in (26, 78)  # 78: a bot shot the moon, others +26
        screenshot(page, "app-hand-over")

        # save: the download link holds the whole game
        text = saved_game(page)
        data = json.loads(text)
        assert data["kind"] == "game" and data["seed"] == 2026
        actions = data["hands"][0]["actions"]
        assert [a for a in actions if a[0] == "pass" and a[1] == 0] == [["pass", 0, passed]]
        assert sum(1 for a in actions if a[0] == "play") == 52

        # a damaged file is refused with its reason and the game is kept
        upload(page, "edited.json", json.dumps({**data, "seed": 7}))
        expect(page.locator(".hl-ct-message")).to_contain_text("was not dealt from this game's seed",
                                                               timeout=TURN_TIMEOUT)  # fmt: skip
        assert table(page)["over"] and table(page)["points"] == state["points"]

        page.get_by_role("button", name="Next hand").click()
        expect(page.locator(".hl-scores")).to_be_visible(timeout=TURN_TIMEOUT)
        sheet = table(page)["sheet"]
        assert sheet and "Total" in sheet
        assert broken_words(page) == []

        # reload: a new kernel and a new game; then load the saved file
        page.reload(wait_until="commit", timeout=KERNEL_TIMEOUT)
        expect(page.locator(".hl-ct-hand .hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
        expect(page.locator(".hl-ct-message")).to_contain_text("you are South", timeout=TURN_TIMEOUT)
        assert table(page)["sheet"] is None
        upload(page, "hearts-game.json", text)
        expect(page.locator(".hl-ct-message")).to_have_text("Game loaded.", timeout=TURN_TIMEOUT)
        # the message comes first, then the table is redrawn: wait for the end of the hand to show
        expect(page.locator(".hl-play-table")).to_contain_text("Hand over.", timeout=TURN_TIMEOUT)
        expect(page.locator(".hl-ct-hand .hl-ct-card")).to_have_count(0, timeout=TURN_TIMEOUT)
        loaded = table(page)
        assert loaded["over"] and loaded["points"] == state["points"] and loaded["cards"] == []
        assert "hand 1" in loaded["status"]
        page.get_by_role("button", name="Next hand").click()
        expect(page.locator(".hl-scores")).to_be_visible(timeout=TURN_TIMEOUT)
        assert table(page)["sheet"] == sheet
        expect(page.locator(".hl-ct-hand.is-passing .hl-ct-card").first).to_be_visible(timeout=TURN_TIMEOUT)
        screenshot(page, "app-loaded")

        # Voilà's own Font Awesome (the upload button's icon) is served locally and has loaded
        assert page.evaluate(FONT_AWESOME_LOADED), "the upload button's icon font did not load"
        assert page.locator("link[href*='cdn.'], script[src*='cdn.']").count() == 0
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        forgive_voila_shutdown_on_unload(watch)  # the reload above
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
        screenshot(page, "lesson-01-jupyterlab")
        # JupyterLab's own console messages are not this book's, except that the in-browser kernel's extension
        # (installed for the live site's build) must not try to load here; the network and the page must be clean
        assert not [e for e in watch.console_errors if "pyodide" in e.lower()], watch.console_errors
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        assert watch.failed == [] and watch.page_errors == [], watch.problems()
