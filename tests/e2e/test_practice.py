"""The practice pages run for real: a drill gives feedback, and the stars it earns survive a reload.

In JupyterLab (``serve_lab`` on a temporary copy of notebooks/40_practice_basics.ipynb) and in the live site
(JupyterLite, ``_build/html/live``): the first drill of the first stage is answered wrongly, then rightly; the
feedback is the engine's (computed here with the same drill, so nothing is typed in twice); the stars are written
to the progress file beside the notebook (JupyterLab: the notebook's folder; JupyterLite: the browser storage its
files use); after a reload, a fresh kernel and a new run of the notebook, the stage still shows them.

``HL_SITE=/path/to/_build/html`` runs the live-site test against another build (a book with a live site in
``live/``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Locator, Page, expect

from hearts_lessons.practice.drills import Attempt, Feedback, stage

from .app_support import screenshot
from .conftest import ARTIFACTS as E2E_ARTIFACTS
from .conftest import SITE, Watch, required

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


def expected() -> tuple[Feedback, Feedback, str, list[str], int]:
    """What the page must say: the engine's feedback for a wrong and then a right answer to the first drill."""
    drills = stage(STAGE)
    drill = drills.drill(0)
    wrong = next(code for code in drill.options if code not in drill.answer)
    attempt = Attempt(drill)
    miss = attempt.submit([wrong])
    hit = attempt.submit(list(drill.answer))
    assert not miss.right and hit.right and hit.stars == 2, (miss, hit)
    labels = dict(drill.labels)
    return miss, hit, labels.get(wrong, wrong), [labels.get(c, c) for c in drill.answer], drills.count


def toggle(root: Locator, label: str) -> Locator:
    button = root.locator(".hl-card-toggle", has_text=re.compile(f"^\\s*{re.escape(label)}\\s*$"))
    expect(button).to_have_count(1)
    return button


def answer_the_first_drill(page: Page) -> None:
    """Tick a wrong card and check; see why it is wrong and the hint. Then tick the right cards: two stars."""
    miss, hit, wrong, right, count = expected()
    root = page.locator(".hl-stage-drills").first
    expect(root).to_contain_text("Drill 1 of", timeout=ANSWER_MS)
    expect(root).to_contain_text(f"0 of {3 * count} stars")
    check = root.locator(".widget-button", has_text=re.compile(r"^\s*Check\s*$"))
    message = root.locator(".hl-message").first
    toggle(root, wrong).click()
    check.click()
    expect(message).to_contain_text(miss.text, timeout=ANSWER_MS)
    if miss.hint:
        expect(root).to_contain_text(f"Hint: {miss.hint}")
    toggle(root, wrong).click()  # untick it
    for label in right:
        toggle(root, label).click()
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


def run_all(page: Page) -> None:
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_MS, polling=200)
    page.evaluate(RUN_ALL_FRESH)
    page.wait_for_function(RUN_ALL_DONE, timeout=KERNEL_MS, polling=200)
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
    screenshot(page, "practice-lite-answered")
    page.evaluate(SAVE)
    page.reload()
    run_all(page)  # a new page: a new Pyodide kernel, and the progress file read from the browser's storage
    stars_are_kept(page)
    screenshot(page, "practice-lite-reloaded")
    for text in no_icon:
        watch.console_errors.remove(text)
    watch.assert_clean()
