"""The card table in JupyterLab (``scripts/lab.sh``): lesson 4's play table, run in Lab, readable at 375 px,
1280 px and with large cards, by the same automatic layout check as the Voilà app's (``test_cardtable.py``):
no text of the table clipped or outside it, no seat plates overlapping, no card's corner index covered.

Screenshots go to ``_build/e2e-app/`` (CI keeps them).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .app_support import ARTIFACTS, LAB_TOKEN, open_watched, require_servers, serve_lab
from .conftest import ROOT
from .test_app import KERNEL_IDLE
from .test_cardtable import LAYOUT

pytestmark = pytest.mark.e2e

NOTEBOOK = "04_play_a_game.ipynb"
KERNEL_TIMEOUT = 180_000  # ms: Lab starts, its kernel starts and imports the engine on two loaded cores
TURN_TIMEOUT = 60_000

# Every card of the reader's hand is drawn with its face (the images have loaded and have a size).
FACES_DRAWN = """() => {
    const cards = [...document.querySelectorAll('.hl-play-table .hl-ct-hand .hl-ct-card')];
    return cards.length === 13 && cards.every(c => c.getBoundingClientRect().width > 0);
}"""

# The Voilà test's layout check, measuring the play table's own element (the lesson has other card tables).
assert LAYOUT.startswith("() => {") and "document.querySelector('.hl-ct')" in LAYOUT
ON_ELEMENT = LAYOUT.replace("() => {", "(el) => {", 1).replace("document.querySelector('.hl-ct')", "el", 1)

SIZES = [(375, False), (1280, False), (1280, True)]


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_servers()
    root: Path = tmp_path_factory.mktemp("lab-cardtable")
    shutil.copy2(ROOT / "notebooks" / NOTEBOOK, root / NOTEBOOK)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with serve_lab(root, ARTIFACTS / "jupyterlab-cardtable.log") as url:
        yield url


def test_the_play_table_is_readable_in_jupyterlab_at_every_size(browser: Browser, lab_url: str) -> None:
    """One Lab session; the same table measured at each width (the window is resized, as a reader would)."""
    with open_watched(browser, viewport={"width": 1280, "height": 900}) as watch:
        page = watch.page
        page.goto(f"{lab_url}/tree/{NOTEBOOK}?token={LAB_TOKEN}", timeout=KERNEL_TIMEOUT)
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        table = page.locator(".hl-play-table .hl-ct").first
        expect(table.locator(".hl-ct-hand .hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
        expect(table.locator(".hl-ct-message")).to_contain_text("you are South", timeout=TURN_TIMEOUT)
        # A reader on a narrow screen hides Lab's side panels and works on the one notebook
        page.evaluate("() => { const shell = window.jupyterapp.shell; shell.collapseLeft(); shell.collapseRight();"
                      " shell.mode = 'single-document'; }")  # fmt: skip
        for width, large in SIZES:
            page.set_viewport_size({"width": width, "height": 900})
            box = page.get_by_role("checkbox", name="large cards").first
            if large:
                box.check()
                expect(page.locator(".hl-play-table .hl-ct.hl-ct--large")).to_be_visible(timeout=TURN_TIMEOUT)
            elif box.is_checked():
                box.uncheck()
            table.evaluate("el => el.scrollIntoView({block: 'start'})")
            page.wait_for_function(FACES_DRAWN, timeout=TURN_TIMEOUT)
            page.wait_for_timeout(400)  # transitions settle
            name = f"lab-cardtable-{width}{'-large' if large else ''}"
            expect(table.locator(".hl-ct-seat.is-you .hl-ct-seat-name")).to_contain_text("You")  # drawn, not hidden
            table.screenshot(path=str(ARTIFACTS / f"{name}.png"))
            problems = table.evaluate(ON_ELEMENT)
            assert problems == [], f"{name}: {problems}"
        errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.first.inner_text()[:300]
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
