"""The practice pages run for real: a drill gives feedback, and the stars it earns survive a reload; and the
practice app (``app/practice.ipynb``) opens with no code, one click from the first drill, in Voilà (``bash
scripts/app.sh practice``) and in the live site (``live/app/practice.html``, the notebook view in app mode).

In JupyterLab and in the live site (JupyterLite, ``_build/html/live``): the first drill of the first stage is
answered wrongly, then rightly; the feedback is the engine's (computed here with the same drill, so nothing is typed
in twice); the stars are written to the progress file beside the notebook (JupyterLab: the notebook's folder;
JupyterLite: the browser storage its files use); after a reload, a fresh kernel and a new run of the notebook, the
stage still shows them.

The JupyterLab test needs no built book: ``serve_lab`` serves a temporary folder holding one small notebook written
by the test (one cell, ``StageDrills("tricks")``, the widget of lesson 40's first stage), so one kernel start and
one import of the engine are all it waits for, twice. It waits on page conditions only (the kernel idle, the
cells run, the texts shown), never for a fixed time.

``HL_SITE=/path/to/_build/html`` runs the live-site test against another build (a book with a live site in
``live/``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, expect

from hearts_lessons.practice.drills import Attempt, Feedback, stage
from hearts_lessons.practice.progress import ENV_VAR, FILE_NAME
from hearts_lessons.seats import seat_name

from .app_support import (
    APP_SCRIPT,
    ARTIFACTS,
    LAB_TOKEN,
    _server,
    open_watched,
    require_servers,
    screenshot,
    serve_lab,
)
from .conftest import ARTIFACTS as E2E_ARTIFACTS
from .conftest import LOCAL_HOST, ROOT, SITE, Watch, free_port, required
from .words import broken_words

pytestmark = pytest.mark.e2e

NOTEBOOK = "40_practice_basics"
STAGE = "tricks"  # the first stage of the page
KERNEL_MS = 180_000
ANSWER_MS = 60_000
VIEWPORT = {"width": 1280, "height": 1000}

PANEL = "window.jupyterapp.shell.currentWidget"
KERNEL_IDLE = f"""() => {{
    const panel = window.jupyterapp && {PANEL};
    const kernel = panel && panel.sessionContext && panel.sessionContext.session
        && panel.sessionContext.session.kernel;
    return Boolean(kernel) && kernel.status === 'idle';
}}"""
# Every code cell has run (or one failed, which stops "Run All"), and the kernel is idle again.
RUN_ALL_DONE = f"""() => {{
    const panel = {PANEL};
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    if (!kernel || kernel.status !== 'idle') return false;
    const cells = panel.content.widgets.filter(c => c.model.type === 'code');
    const failed = cells.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
    return failed || cells.every(c => c.model.executionCount !== null);
}}"""
CELL_ERRORS = f"""() => {PANEL}.content.widgets.filter(c => c.model.type === 'code')
    .flatMap(c => c.model.outputs.toJSON().filter(o => o.output_type === 'error')
    .map(o => o.ename + ': ' + o.evalue))"""
# Clear the outputs (and execution counts) left by a saved copy, then run every cell.
RUN_ALL_FRESH = """async () => {
    const app = window.jupyterapp;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    await app.commands.execute('notebook:run-all-cells');
}"""
RESTART_KERNEL = f"async () => {{ await {PANEL}.sessionContext.session.kernel.restart(); }}"
SAVE = f"async () => {{ await {PANEL}.context.save(); }}"
CLEAR_AND_SAVE = f"""async () => {{
    await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
    await {PANEL}.context.save();
}}"""


def expected() -> tuple[Feedback, Feedback, str, list[str], int]:
    """What the page must say: the engine's feedback for a wrong and then a right answer to the first drill; the
    wrong card and the right cards (codes), and the stage's number of drills."""
    drills = stage(STAGE)
    drill = drills.drill(0)
    wrong = next(code for code in drill.options if code not in drill.answer)
    attempt = Attempt(drill)
    miss = attempt.submit([wrong])
    hit = attempt.submit(list(drill.answer))
    assert not miss.right and hit.right and hit.stars == 2, (miss, hit)
    return miss, hit, wrong, list(drill.answer), drills.count


def table_card(root: Locator, code: str) -> Locator:
    """A card of the drill's hand on the card table (the table is the picker: a click ticks or unticks it)."""
    card = root.locator(f'.hl-ct-hand .hl-ct-card[data-code="{code}"]')
    expect(card).to_have_count(1)
    return card


def tick(root: Locator, code: str, selected: bool) -> None:
    """Click a card of the hand at its corner index (overlapped cards show it) and wait until it is (un)raised."""
    table_card(root, code).click(position={"x": 6, "y": 10})
    pattern = re.compile(r"\bis-selected\b")
    if selected:
        expect(table_card(root, code)).to_have_class(pattern, timeout=ANSWER_MS)
    else:
        expect(table_card(root, code)).not_to_have_class(pattern, timeout=ANSWER_MS)


def answer_the_first_drill(page: Page) -> None:
    """Tick a wrong card on the table and check; see why it is wrong and the hint. Then tick the right cards: two
    stars."""
    miss, hit, wrong, right, count = expected()
    root = page.locator(".hl-stage-drills").first
    expect(root).to_contain_text("Drill 1 of", timeout=ANSWER_MS)
    expect(root).to_contain_text(f"0 of {3 * count} stars")
    check = root.locator(".widget-button", has_text=re.compile(r"^\s*Check\s*$"))
    message = root.locator(".hl-message").first
    tick(root, wrong, True)
    check.click()
    expect(message).to_contain_text(miss.text, timeout=ANSWER_MS)
    if miss.hint:
        expect(root).to_contain_text(f"Hint: {miss.hint}")
    tick(root, wrong, False)
    for code in right:
        tick(root, code, True)
    check.click()
    expect(message).to_contain_text(hit.text, timeout=ANSWER_MS)
    expect(message).to_contain_text("★★☆")
    expect(root).to_contain_text(f"2 of {3 * count} stars", timeout=ANSWER_MS)


def stars_are_kept(page: Page) -> None:
    """After a reload: the first drill keeps its two stars, and the stage opens at the next drill."""
    _, _, _, _, count = expected()
    root = page.locator(".hl-stage-drills").first
    expect(root).to_contain_text(f"2 of {3 * count} stars", timeout=ANSWER_MS)
    expect(root.locator("span[title='drill 1: 2 of 3 stars']")).to_have_count(1)
    expect(root).to_contain_text("Drill 2 of")


def run_all(page: Page, timeout: float = KERNEL_MS) -> None:
    page.wait_for_function(KERNEL_IDLE, timeout=timeout, polling=200)
    page.evaluate(RUN_ALL_FRESH)
    page.wait_for_function(RUN_ALL_DONE, timeout=timeout, polling=200)
    errors = page.evaluate(CELL_ERRORS)
    assert errors == [], f"cells failed: {errors}"


# JupyterLab ------------------------------------------------------------------------------------------------

# What JupyterLab itself reports when the kernel is restarted under it (the test restarts it on purpose): the
# requests it had in flight to the old kernel are cancelled.
RESTART_NOISE = re.compile(r"Canceled future for \w+ message before replies were done")


# A reload cuts short the requests JupyterLab has in flight to its server (saving, checkpoints, kernel status).
CUT_BY_RELOAD = re.compile(r"/api/\S* \(net::ERR_ABORTED\)$")


def forgive_kernel_restart(watch: Watch) -> None:
    """Drop what the test's own restart and reload cause in JupyterLab; anything else stays a problem."""
    watch.page_errors = [e for e in watch.page_errors if not RESTART_NOISE.search(e)]
    watch.console_errors = [e for e in watch.console_errors if not RESTART_NOISE.search(e)]
    watch.failed = [f for f in watch.failed if not CUT_BY_RELOAD.search(f)]


LAB_NOTEBOOK = "practice_check.ipynb"
LAB_MS = 60_000  # the longest one step in JupyterLab may take (the whole test: 40–50 s on 2 cores at load 10)


def drill_notebook() -> str:
    """A one-cell notebook: the first stage's drills, as lesson 40 shows them (nbformat 4, the kernel named so Lab
    starts it without asking)."""
    source = ["from hearts_lessons.practice.widgets import StageDrills\n", f"StageDrills({STAGE!r})"]
    cell = {"cell_type": "code", "execution_count": None, "id": "stage-drills", "metadata": {}, "outputs": [],
            "source": source}  # fmt: skip
    return json.dumps({"cells": [cell], "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
        "language_info": {"name": "python"}}}, indent=1)  # fmt: skip


@pytest.fixture(scope="module")
def lab_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_servers()
    root = tmp_path_factory.mktemp("practice-lab")
    (root / LAB_NOTEBOOK).write_text(drill_notebook(), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def lab_url(lab_root: Path) -> Iterator[str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(ENV_VAR, raising=False)  # the progress file goes beside the notebook, as for a reader
        with serve_lab(lab_root, ARTIFACTS / "jupyterlab-practice.log") as url:
            yield url


def test_a_drill_gives_feedback_and_its_stars_survive_a_reload_in_jupyterlab(
    browser: Browser, lab_url: str, lab_root: Path
) -> None:  # fmt: skip
    progress = lab_root / FILE_NAME
    assert not progress.exists()
    with open_watched(browser, viewport=VIEWPORT) as watch:
        page = watch.page
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(f"{lab_url}/tree/{LAB_NOTEBOOK}?token={LAB_TOKEN}", wait_until="commit", timeout=LAB_MS)
        run_all(page, LAB_MS)
        answer_the_first_drill(page)
        screenshot(page, "practice-jupyterlab-answered")
        saved = json.loads(progress.read_text(encoding="utf-8"))
        assert saved["stars"] == {STAGE: {f"{STAGE}-1": 2}}, saved["stars"]
        # Saved without outputs: the reloaded page draws no widget of the old kernel, which the restart below
        # would cut off; and nothing unsaved: the reload is not held up by "leave this page?"
        page.evaluate(CLEAR_AND_SAVE)
        page.reload(wait_until="commit", timeout=LAB_MS)
        page.wait_for_function(KERNEL_IDLE, timeout=LAB_MS, polling=200)
        page.evaluate(RESTART_KERNEL)  # a fresh kernel: the stars can only come from the file
        run_all(page, LAB_MS)
        stars_are_kept(page)
        screenshot(page, "practice-jupyterlab-reloaded")
        errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")  # tracebacks and stderr
        assert errors.count() == 0, errors.first.inner_text()[:300]
        forgive_kernel_restart(watch)
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        assert watch.failed == [] and watch.page_errors == [], watch.problems()


# The live site (JupyterLite) -------------------------------------------------------------------------------

BUILT = Path(os.environ.get("HL_SITE", SITE))
LIVE = BUILT / "live"


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built book (``$HL_SITE`` overrides ``_build/html``)."""
    if not (BUILT / "index.html").exists():
        message = f"no built book in {BUILT}: run `bash scripts/build.sh` first"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    E2E_ARTIFACTS.mkdir(parents=True, exist_ok=True)  # conftest's server writes its log there
    return BUILT


@pytest.fixture(scope="module")
def live_practice(site_dir: Path) -> Path:
    if os.environ.get("HL_LIVE") == "0":
        pytest.skip("HL_LIVE=0: the live site was not built")
    if not (LIVE / "files" / f"{NOTEBOOK}.ipynb").exists():
        message = f"the live site in {LIVE} has no {NOTEBOOK}.ipynb: run `bash scripts/build.sh`"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    return LIVE


def is_favicon_404(message: ConsoleMessage) -> bool:
    return message.type == "error" and (message.location.get("url") or "").endswith("/favicon.ico")


def test_a_drill_gives_feedback_and_its_stars_survive_a_reload_in_the_live_site(
    watch: Watch, live_practice: Path
) -> None:  # fmt: skip
    page = watch.page
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.on("dialog", lambda dialog: dialog.accept())
    # The site declares no icon, so Chromium itself asks for /favicon.ico (not a request of the page's): its 404
    # is set aside here, by the URL the console names, and nothing else is.
    no_icon: list[str] = []
    page.on("console", lambda m: no_icon.append(m.text) if is_favicon_404(m) else None)
    page.goto(f"notebooks/{NOTEBOOK}.html")
    page.wait_for_load_state("networkidle")  # leaving earlier would cut the page's own requests short
    link = page.locator("a.hl-live-link-button")
    expect(link).to_have_count(1)
    href = link.get_attribute("href") or ""
    assert href == f"../live/notebooks/index.html?path={NOTEBOOK}.ipynb", href
    page.goto(f"notebooks/{href}")
    run_all(page)
    answer_the_first_drill(page)
    assert broken_words(page) == []  # e.g. no "total undefined" on the drill's table
    screenshot(page, "practice-lite-answered")
    page.evaluate(SAVE)
    page.reload()
    run_all(page)  # a new page: a new Pyodide kernel, and the progress file read from the browser's storage
    stars_are_kept(page)
    screenshot(page, "practice-lite-reloaded")
    for text in no_icon:
        watch.console_errors.remove(text)
    watch.assert_clean()


# The practice app ------------------------------------------------------------------------------------------

PLAY_STAGE = "ducking"  # a stage whose drills are answered by playing a card of the table
CODE_SHOWN = ".jp-InputArea:visible, .jp-InputPrompt:visible, .cm-editor:visible, .jp-Toolbar:visible"
SIZES = ({"width": 1280, "height": 800}, {"width": 375, "height": 740})


def card_to_trick() -> tuple[str, str, str, str]:
    """The first drill of the play stage, as the app opens it: a legal card that is not the answer and the answer,
    and what the table says of each once played (the seat's name and the card's, as the trick's cards say)."""
    drill = stage(PLAY_STAGE).drill(0)
    state = drill.picture.state
    seat = drill.picture.seat
    assert state is not None and seat is not None and drill.kind == "play"
    assert len(state.current_trick) < state.players - 1, "the drill's card ends the trick: pick another drill"
    wrong = next(c for c in state.legal_plays() if c.code not in drill.answer)
    right = next(c for c in state.legal_plays() if c.code in drill.answer)
    name = seat_name(seat, state.players)
    return wrong.code, f"{name}: {wrong.name}", right.code, f"{name}: {right.name}"


def check_the_practice_app(page: Page, where: str, timeout: float, *, keyboard: bool = False) -> None:
    """The app opens on its home screen with no code; one click (or, with ``keyboard``, Enter on the focused
    button, which shows a focus ring) opens the first drill; a card clicked in a play drill lies in the trick with
    the feedback; no widget shows a broken value. Screenshots at both sizes."""
    app = page.locator(".hl-practice-app")
    expect(app).to_be_visible(timeout=timeout)
    first = stage("tricks")
    start = app.locator(".hl-app-continue")
    expect(start).to_have_text(f"▶ Start: {first.title} · drill 1")
    expect(page.locator(CODE_SHOWN)).to_have_count(0)
    assert "PracticeApp" not in page.locator("body").inner_text()
    for size in SIZES:
        page.set_viewport_size(size)
        screenshot(page, f"practice-app-{where}-home-{size['width']}")
    page.set_viewport_size(SIZES[0])
    if keyboard:
        start.focus()
        assert start.evaluate("b => getComputedStyle(b).outlineStyle") != "none"  # where the keyboard is
        page.keyboard.press("Enter")
    else:
        start.click()  # one click from home to the first drill
    drills = app.locator(".hl-stage-drills")
    expect(drills).to_contain_text(f"Drill 1 of {first.count}", timeout=ANSWER_MS)
    expect(app.locator(".hl-home-button")).to_be_visible()
    screenshot(page, f"practice-app-{where}-first-drill-1280")
    app.locator(".hl-home-button").click()
    wrong, wrong_label, right, right_label = card_to_trick()
    app.locator(".hl-tile", has_text=stage(PLAY_STAGE).title).click()
    expect(drills).to_contain_text("Drill 1 of", timeout=ANSWER_MS)
    hand = drills.locator(".hl-ct-hand")
    trick = drills.locator(".hl-ct-tcard")
    before = trick.count()
    hand.locator(f'.hl-ct-card[data-code="{wrong}"]').click(position={"x": 6, "y": 10})  # its corner index
    expect(drills.locator(f'.hl-ct-tcard[aria-label^="{wrong_label}"]')).to_have_count(1, timeout=ANSWER_MS)
    expect(trick).to_have_count(before + 1)
    expect(drills.locator(".hl-ct-message")).to_contain_text("Not yet:")
    hand.locator(f'.hl-ct-card[data-code="{right}"]').click(position={"x": 6, "y": 10})
    expect(drills.locator(f'.hl-ct-tcard[aria-label^="{right_label}"]')).to_have_count(1, timeout=ANSWER_MS)
    expect(drills.locator(".hl-ct-message")).to_contain_text("Right:")
    expect(trick).to_have_count(before + 1)  # the first try left the trick: one card of the seat in it
    # the stars are shown once they are saved (the feedback comes first)
    expect(drills).to_contain_text(f"2 of {3 * stage(PLAY_STAGE).count} stars", timeout=ANSWER_MS)
    for size in SIZES:
        page.set_viewport_size(size)
        screenshot(page, f"practice-app-{where}-played-{size['width']}")
    assert broken_words(page) == []


@pytest.fixture(scope="module")
def practice_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``bash scripts/app.sh practice`` on a free port, its progress in a temporary file."""
    require_servers()
    progress = tmp_path_factory.mktemp("practice-app") / FILE_NAME
    port = free_port()
    env = {**os.environ, "PORT": str(port), ENV_VAR: str(progress)}
    command = ["bash", str(APP_SCRIPT), "practice", "--no-browser"]
    with _server(command, ROOT, env, ARTIFACTS / "voila-practice.log", port, "scripts/app.sh practice"):
        yield f"http://{LOCAL_HOST}:{port}/voila/render/app/practice.ipynb", progress


def test_the_practice_app_in_voila(browser: Browser, practice_app: tuple[str, Path]) -> None:
    url, progress = practice_app
    with open_watched(browser, viewport=SIZES[0]) as watch:
        watch.page.goto(url, wait_until="commit")
        check_the_practice_app(watch.page, "voila", KERNEL_MS)
        saved = json.loads(progress.read_text(encoding="utf-8"))  # the app wrote the file it was given
        assert saved["stars"] == {PLAY_STAGE: {f"{PLAY_STAGE}-1": 2}}, saved["stars"]
        assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
        watch.assert_clean()


def test_the_practice_app_in_the_live_site(watch: Watch, live_practice: Path) -> None:
    page = watch.page
    no_icon: list[str] = []
    page.on("console", lambda m: no_icon.append(m.text) if is_favicon_404(m) else None)
    page.set_viewport_size(SIZES[0])
    page.goto(f"notebooks/{NOTEBOOK}.html")  # the practice page of the book links the app
    page.wait_for_load_state("networkidle")
    link = page.get_by_role("link", name="▶ Open the practice app")
    expect(link).to_have_count(1)
    href = link.get_attribute("href") or ""
    assert href == "../live/notebooks/index.html?path=practice.ipynb&app=1", href
    page.goto("live/app/practice.html", wait_until="commit")  # the short link forwards to the same address
    page.wait_for_url(re.compile(r"/live/notebooks/index\.html\?path=practice\.ipynb&app=1$"))
    note = page.locator("#hl-kernel-note")
    expect(note).to_contain_text("Python is starting", timeout=30_000)
    expect(page.locator(CODE_SHOWN)).to_have_count(0)
    screenshot(page, "practice-app-live-starting-1280")
    check_the_practice_app(page, "live", KERNEL_MS, keyboard=True)
    states = [s["state"] for s in page.evaluate("() => window.hlKernelNote.states")]
    assert states == ["starting", "opening", "ready", "hidden"], states
    for text in no_icon:
        watch.console_errors.remove(text)
    watch.assert_clean()
