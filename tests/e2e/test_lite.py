"""The live site in a real browser: lessons run in JupyterLite on Pyodide, with no server and nothing from outside.

``bash scripts/build.sh`` builds the live site into ``_build/html/live`` (``scripts/build_lite.py``) beside the
book. These tests serve ``_build/html`` on 127.0.0.1 (``site_url`` in conftest.py), follow a lesson page's
"Run it live" link, wait until the Pyodide kernel is really ready (JupyterLab's own session model reports the
kernel idle: no fixed sleeps), run every cell, click widgets and wait for the engine's answer. Every request
not to 127.0.0.1 is aborted and recorded (the ``watch`` fixture), and each test asserts there was none.

The timings (opening a lesson to a ready kernel, running all cells, a click to its answer) and the bytes a
lesson downloads are written to ``_build/e2e/lite-timings.json``: the README's figures come from there.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Locator, Page, Request, expect

from hearts_lessons.cards import Card

from .conftest import ANYWIDGET_COUNTER, ANYWIDGET_COUNTER_GREEN, ARTIFACTS, ROOT, SITE, Watch, lesson_docs, required
from .test_cardtable_lab import ON_ELEMENT, SIZES
from .words import broken_words

pytestmark = pytest.mark.e2e

LIVE = SITE / "live"
TIMINGS = ARTIFACTS / "lite-timings.json"
# Generous: the first start compiles 10 MB of WebAssembly, and CI machines are slow and busy.
KERNEL_READY_MS = 180_000
RUN_ALL_MS = 240_000
ANSWER_MS = 60_000

# The notebook panel in view and its kernel, as the app itself sees them (window.jupyterapp:
# "exposeAppInBrowser" in lite/jupyter-lite.json).
PANEL_JS = "const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
KERNEL_JS = PANEL_JS + (
    "const kernel = panel && panel.sessionContext && panel.sessionContext.session"
    " && panel.sessionContext.session.kernel;"
)
KERNEL_READY = "() => { " + KERNEL_JS + " return !!kernel && kernel.status === 'idle'; }"
KERNEL_INFO = """async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    const kernel = panel.sessionContext.session.kernel;
    const info = await kernel.info;
    return {name: kernel.name, implementation: info.implementation, language: info.language_info.name,
            path: panel.context.path};
}"""
# Every code cell has run (or one failed, which stops "Run All"), and the kernel is idle again.
RUN_ALL_DONE = (
    "() => { "
    + KERNEL_JS
    + """
    if (!kernel || kernel.status !== 'idle') return false;
    const cells = panel.content.widgets.filter(c => c.model.type === 'code');
    const failed = cells.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
    return failed || cells.every(c => c.model.executionCount !== null);
}"""
)
CELL_ERRORS = (
    "() => { "
    + PANEL_JS
    + """
    return panel.content.widgets.flatMap((c, i) => c.model.type !== 'code' ? [] :
        c.model.outputs.toJSON().filter(o => o.output_type === 'error' || o.name === 'stderr')
            .map(o => `cell ${i}: ${o.ename || 'stderr'}: ${o.evalue || o.text}`));
}"""
)


# Runs a lesson's code cells, in order, in a fresh namespace of the live kernel. Pyodide loads packages for
# the imports it sees in the submitted code, not inside exec(): the engine (which brings ipywidgets) is loaded
# up front.
RUN_LESSON = """
import json as _json
import hearts_lessons, ipywidgets
_ns = {"__name__": "__main__", "display": display}
for _i, _src in enumerate(_json.loads(%r)):
    exec(compile(get_ipython().transform_cell(_src), "%s, cell " + str(_i), "exec"), _ns)
"""
# What the engine does in a second: random hands (simulations) and hands played by four rule-based bots.
ENGINE_SPEED = """
import random, time
from hearts_lessons.bots import make_bot, play_hand
from hearts_lessons.playout import random_playout
from hearts_lessons.rules import STANDARD
from hearts_lessons.state import HandState

def _rate(play, seconds=1.5):
    rng, hands, start = random.Random(7), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(HandState.deal(STANDARD, dealer=hands % 4, hand_number=hands, rng=rng), rng)
        hands += 1
    return hands / (time.perf_counter() - start)

_bots = [make_bot("rules") for _ in range(4)]
speed = {"random_hands_per_s": _rate(lambda h, r: random_playout(h, r, record=False)),
         "rules_bot_hands_per_s": _rate(lambda h, r: play_hand(h, _bots, r))}
"""
EXECUTE = r"""async ([code, timeoutMs]) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code, stop_on_error: true, store_history: false});
    const problems = [];
    let result = null;
    future.onIOPub = msg => {
        const type = msg.header.msg_type;
        if (type === 'error') problems.push(`${msg.content.ename}: ${msg.content.evalue}\n`
                                            + msg.content.traceback.join('\n'));
        if (type === 'stream' && msg.content.name === 'stderr') problems.push('stderr: ' + msg.content.text);
        if (type === 'execute_result') result = msg.content.data['text/plain'];
    };
    const timeout = new Promise(resolve => setTimeout(() => resolve({content: {status: 'timeout'}}), timeoutMs));
    const reply = await Promise.race([future.done, timeout]);
    return {status: reply.content.status, problems, result};
}"""
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def execute(page: Page, code: str, timeout_ms: int = RUN_ALL_MS) -> dict[str, Any]:
    """Run ``code`` in the live kernel of the page's notebook; its status, errors and stderr, last result."""
    reply: dict[str, Any] = page.evaluate(EXECUTE, [code, timeout_ms])
    reply["problems"] = [ANSI.sub("", p) for p in reply["problems"]]
    return reply


def record(lesson: str, **figures: Any) -> None:
    """Add figures for ``lesson`` to the timings file (one run of the tests)."""
    data: dict[str, Any] = json.loads(TIMINGS.read_text(encoding="utf-8")) if TIMINGS.exists() else {}
    data.setdefault(lesson, {}).update(figures)
    TIMINGS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def finish_lesson(watch: Watch, lesson: str, ready: float, run_all: float, downloads: Downloads,
                  **clicks: float) -> None:  # fmt: skip
    """Keep a picture of the lesson, record its figures, and check the page stayed local and quiet."""
    watch.page.screenshot(path=str(ARTIFACTS / f"live__{lesson}.png"), full_page=True)
    record(
        lesson,
        kernel_ready_s=round(ready, 1),
        run_all_s=round(run_all, 1),
        **{name: round(seconds, 2) for name, seconds in clicks.items()},
        downloaded_mb=round(downloads.bytes() / 1e6, 1),
    )
    assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
    watch.assert_clean()


@pytest.fixture(scope="session")
def live_site(site_dir: Path) -> Path:
    if os.environ.get("HL_LIVE") == "0":
        pytest.skip("HL_LIVE=0: the live site was not built")
    if not (LIVE / "index.html").exists():
        message = "no live site in _build/html/live: run `bash scripts/build.sh` (or scripts/build_lite.py)"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    return LIVE


class Downloads:
    """The bytes a page fetched from the site (files served as they are: http.server does not compress)."""

    def __init__(self, page: Page, site_url: str) -> None:
        self.site_url = site_url
        self.paths: set[str] = set()
        page.on("requestfinished", self._finished)

    def _finished(self, request: Request) -> None:
        if request.url.startswith(self.site_url):
            self.paths.add(unquote(urlsplit(request.url).path).lstrip("/"))

    def bytes(self) -> int:
        files = (SITE / p for p in self.paths)
        return sum(f.stat().st_size for f in files if f.is_file())


def open_live_lesson(watch: Watch, site_url: str, lesson: str) -> tuple[float, Downloads]:
    """Open the lesson's book page, follow its "Run it live" link, wait for a ready kernel; return seconds."""
    page = watch.page
    page.set_viewport_size({"width": 1280, "height": 900})
    # networkidle: the book page asks for its widget module (hl-amd/anywidget.js) after the load event; leaving
    # before it arrives aborts that request, which the watch would count as a failed one
    page.goto(f"notebooks/{lesson}.html", wait_until="networkidle")
    link = page.locator("a.hl-live-link-button")
    expect(link).to_have_count(1)
    href = link.get_attribute("href") or ""
    assert href == f"../live/notebooks/index.html?path={lesson}.ipynb", href
    downloads = Downloads(page, site_url)
    start = time.monotonic()
    page.goto(f"notebooks/{href}")  # the link opens a new tab; the same URL in this one
    page.wait_for_function(KERNEL_READY, timeout=KERNEL_READY_MS, polling=100)
    ready = time.monotonic() - start
    info = page.evaluate(KERNEL_INFO)
    assert info == {"name": "python", "implementation": "pyodide", "language": "python", "path": f"{lesson}.ipynb"}
    return ready, downloads


def run_all_cells(watch: Watch) -> float:
    page = watch.page
    start = time.monotonic()
    # What a reader does: Run > Run All Cells in the menu bar.
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_function(RUN_ALL_DONE, timeout=RUN_ALL_MS, polling=100)
    elapsed = time.monotonic() - start
    errors = page.evaluate(CELL_ERRORS)
    assert errors == [], "cells failed in the live site:\n  " + "\n  ".join(errors)
    return elapsed


def test_every_lesson_is_in_the_live_site(live_site: Path) -> None:
    """Every lesson of the table of contents is in the live site, with the engine wheel in Pyodide's lock."""
    lessons = [Path(doc).name for doc in lesson_docs()]
    assert lessons
    for lesson in lessons:
        assert (live_site / "files" / f"{lesson}.ipynb").exists(), f"{lesson} is not in the live site"
        page = (SITE / "notebooks" / f"{lesson}.html").read_text(encoding="utf-8")
        assert f'href="../live/notebooks/index.html?path={lesson}.ipynb"' in page, f"{lesson}: no live link"
    lock = json.loads((live_site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name in ("hearts-lessons", "ipywidgets", "comm", "ipython", "anywidget", "psygnal", "typing-extensions"):
        entry = lock["packages"][name]
        assert (live_site / "static" / "pyodide" / entry["file_name"]).exists()
    manifest = json.loads((live_site / "lessons.json").read_text(encoding="utf-8"))
    assert set(manifest["lessons"]) == set(lessons)
    # every app notebook of app/ too, opened as an app (tests/e2e/test_practice.py runs the practice app)
    apps = sorted(p.stem for p in (ROOT / "app").glob("*.ipynb"))
    assert "practice" in apps and sorted(manifest["apps"]) == apps
    for app in apps:
        assert (live_site / "files" / f"{app}.ipynb").exists() and (live_site / "app" / f"{app}.html").exists()
        assert manifest["apps"][app]["url"] == f"notebooks/index.html?path={app}.ipynb&app=1"
        assert manifest["apps"][app]["missing"] == [], f"the app {app} imports what the live site lacks"


CORNER = {"x": 6, "y": 10}
"""Where a test clicks an overlapped card: its corner index, which stays visible."""


def test_lesson_1_trick_playground_answers_in_the_browser(watch: Watch, site_url: str, live_site: Path) -> None:
    """Lesson 1 runs live; clicking cards in the trick playground gets the engine's answers, as on a desktop."""
    from hearts_lessons.widgets.trick import TrickPlayground

    page = watch.page
    ready, downloads = open_live_lesson(watch, site_url, "01_tricks")
    run_all = run_all_cells(watch)

    # The same playground on this desktop Python predicts what the browser's engine must say.
    source = (live_site / "files" / "01_tricks.ipynb").read_text(encoding="utf-8")
    assert "TrickPlayground(seed=2024, cards_each=5)" in source, "lesson 1 changed its playground: update this test"
    desktop = TrickPlayground(seed=2024, cards_each=5)
    initial = desktop.message.text
    turn = desktop.state.to_play
    other = (turn + 1) % desktop.state.players
    wrong_card = desktop.state.hand(other)[0]
    legal_card = desktop.state.legal_plays()[0]
    desktop.button_for(other, wrong_card).click()
    refusal = desktop.message.text
    desktop.button_for(turn, legal_card).click()
    played = desktop.message.text
    assert refusal.startswith("It is ") and "played the" in played

    playground = page.locator(".hl-trick-playground")
    expect(playground).to_have_count(1)
    message = playground.locator(".hl-ct-message")
    expect(message).to_have_text(initial)

    def card_of(seat: int, card: Card) -> Locator:
        return playground.locator(f'.hl-ct-mini[data-code="{card.code}"][data-seat="{seat}"], '
                                  f'.hl-ct-card[data-code="{card.code}"][data-seat="{seat}"]')  # fmt: skip

    def click_card(seat: int, card: Card) -> float:
        target = card_of(seat, card)
        expect(target).to_have_count(1)
        start = time.monotonic()
        target.click(position=CORNER)  # the corner index: overlapped cards show it
        return start

    start = click_card(other, wrong_card)
    expect(message).to_have_text(refusal, timeout=ANSWER_MS)
    refusal_s = time.monotonic() - start
    start = click_card(turn, legal_card)
    expect(message).to_have_text(played, timeout=ANSWER_MS)
    played_s = time.monotonic() - start
    expect(card_of(turn, legal_card)).to_have_count(0)  # the played card left the hand
    expect(playground.locator(".hl-ct-tcard")).to_have_count(1)  # and lies in the middle of the table
    assert broken_words(page) == []  # no "total undefined" on a seat, nor any other unprinted value

    finish_lesson(watch, "01_tricks", ready, run_all, downloads, click_refused_s=refusal_s, click_played_s=played_s)


def test_lesson_4_play_table_passes_and_bots_answer(watch: Watch, site_url: str, live_site: Path) -> None:
    """Lesson 4 runs live; the card table (an anywidget) is drawn by anywidget's extension, and passing three
    cards (clicked on their faces) makes the engine's bots pass and play back."""
    page = watch.page
    ready, downloads = open_live_lesson(watch, site_url, "04_play_a_game")
    run_all = run_all_cells(watch)

    table = page.locator(".hl-cardtable-widget .hl-ct")
    expect(table).to_have_count(1)
    message = table.locator(".hl-ct-message")
    expect(message).to_contain_text("you are South")
    cards = table.locator(".hl-ct-hand .hl-ct-card")
    expect(cards).to_have_count(13)
    for i in range(3):
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_class(re.compile(r"\bis-selected\b"), timeout=ANSWER_MS)
    pass_button = table.locator('.hl-ct-action[data-action="pass"]')  # "Pass 3/3"
    expect(pass_button).to_have_text(re.compile(r"^Pass 3.3"), timeout=ANSWER_MS)
    expect(pass_button).to_be_enabled()
    start = time.monotonic()
    pass_button.click()
    # The engine takes the reader's three cards, the bots pass theirs, then play up to the reader's turn.
    expect(message).to_contain_text("You received", timeout=ANSWER_MS)
    answer_s = time.monotonic() - start
    expect(cards).to_have_count(13)  # the new hand, ready to play
    assert broken_words(page) == []

    # readable at a phone's width, a laptop's and with large cards: the Voilà test's automatic layout check
    for width, large in SIZES:
        page.set_viewport_size({"width": width, "height": 900})
        box = page.get_by_role("checkbox", name="large cards").first
        if large:
            box.check()
            expect(page.locator(".hl-cardtable-widget .hl-ct.hl-ct--large")).to_be_visible(timeout=ANSWER_MS)
        table.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(400)  # transitions settle
        name = f"live-cardtable-{width}{'-large' if large else ''}"
        table.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        problems = table.evaluate(ON_ELEMENT)
        assert problems == [], f"{name}: {problems}"

    finish_lesson(watch, "04_play_a_game", ready, run_all, downloads, click_pass_s=answer_s)


def test_every_lesson_with_what_it_needs_runs_in_pyodide(watch: Watch, site_url: str, live_site: Path) -> None:
    """Every lesson whose imports the live site has (lessons.json) runs all its cells in one live kernel.

    Lessons that import a package the live site lacks (their page says so) are listed in the timings file.
    Also measures the engine's speed in the browser against this desktop Python (the README's figures)."""
    page = watch.page
    manifest = json.loads((live_site / "lessons.json").read_text(encoding="utf-8"))["lessons"]
    live = [name for name, lesson in manifest.items() if not lesson["missing"]]
    assert live, "no lesson can run in the live site"
    open_live_lesson(watch, site_url, live[0])
    seconds: dict[str, float] = {}
    for name in live:
        notebook = json.loads((live_site / "files" / f"{name}.ipynb").read_text(encoding="utf-8"))
        cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
        start = time.monotonic()
        reply = execute(page, RUN_LESSON % (json.dumps(cells), name))
        seconds[name] = round(time.monotonic() - start, 1)
        assert reply["status"] == "ok" and not reply["problems"], f"{name} failed live:\n" + "\n".join(
            reply["problems"]
        )

    browser = execute(page, ENGINE_SPEED + "\nspeed")
    assert browser["status"] == "ok", browser["problems"]
    namespace: dict[str, Any] = {}
    exec(ENGINE_SPEED, namespace)  # the same measurement on this desktop Python
    desktop: dict[str, float] = namespace["speed"]
    speeds = {key: float(value) for key, value in json.loads(browser["result"].replace("'", '"')).items()}
    record(
        "all lessons",
        run_in_one_kernel_s=seconds,
        not_live={name: lesson["missing"] for name, lesson in manifest.items() if lesson["missing"]},
        engine_browser={k: round(v) for k, v in speeds.items()},
        engine_desktop={k: round(v) for k, v in desktop.items()},
    )
    watch.assert_clean()


# A new code cell at the end of the notebook in view, with ``code``, run as a reader runs it (Shift-Enter).
ADD_AND_RUN_CELL = """async (code) => {
    const app = window.jupyterapp;
    const notebook = app.shell.currentWidget.content;
    notebook.activeCellIndex = notebook.widgets.length - 1;
    await app.commands.execute('notebook:insert-cell-below');
    notebook.activeCell.model.sharedModel.setSource(code);
    await app.commands.execute('notebook:run-cell');
}"""


def test_an_anywidget_runs_in_the_live_kernel(watch: Watch, site_url: str, live_site: Path) -> None:
    """Custom widgets work live: anywidget (its wheel in Pyodide's lock, its JupyterLab extension in the site)
    draws a widget from its ES module, and a click goes to Python and back."""
    page = watch.page
    open_live_lesson(watch, site_url, "01_tricks")
    page.evaluate(ADD_AND_RUN_CELL, ANYWIDGET_COUNTER + "\ncounter")
    counter = page.locator(".hl-test-counter")
    expect(counter).to_have_text("count 3 python 30", timeout=RUN_ALL_MS)
    assert counter.evaluate("b => getComputedStyle(b).backgroundColor") == ANYWIDGET_COUNTER_GREEN
    start = time.monotonic()
    counter.click()
    expect(counter).to_have_text("count 4 python 40", timeout=ANSWER_MS)  # Python answered
    record("anywidget", click_to_python_and_back_s=round(time.monotonic() - start, 2))
    page.screenshot(path=str(ARTIFACTS / "live__anywidget.png"))
    assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
    watch.assert_clean()


# The note the live site shows while Python starts (lite/hl-kernel-status.js, added by scripts/build_lite.py).
KERNEL_NOTE = "#hl-kernel-note"
PANEL_WITH_A_STARTING_KERNEL = (
    "() => { " + KERNEL_JS + " return !!kernel && kernel.status !== 'idle' && kernel.status !== 'busy'; }"
)
# Run a new cell as a reader does; return the kernel's status and the note's state at the moment it was asked.
RUN_NOW = (
    "async (code) => { " + KERNEL_JS + " const seen = [kernel ? kernel.status : null,"
    " document.querySelector('#hl-kernel-note').dataset.state]; await (" + ADD_AND_RUN_CELL + ")(code); return seen; }"
)


def test_the_live_page_says_python_is_starting_until_it_is_ready(watch: Watch, site_url: str, live_site: Path) -> None:
    """Opening a lesson live says at once that Python is starting in the browser (JupyterLite alone says only
    "No Kernel"); a cell run while it starts waits and runs; then the note says Python is ready and goes."""
    page = watch.page
    for app in ("notebooks", "lab"):
        html = (live_site / app / "index.html").read_text(encoding="utf-8")
        assert 'src="../hl-kernel-status.js?v=' in html and f'data-app="{app}"' in html, app
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("live/notebooks/index.html?path=01_tricks.ipynb", wait_until="commit")
    note = page.locator(KERNEL_NOTE)
    expect(note).to_be_visible(timeout=30_000)
    expect(note).to_have_attribute("data-state", "starting")
    expect(note).to_contain_text("Python is starting in your browser")
    assert note.get_attribute("role") == "status"
    assert not page.evaluate(KERNEL_READY)
    page.screenshot(path=str(ARTIFACTS / "live__kernel_starting.png"))
    # the reader presses Run while the note says Python is starting: the cell waits for the kernel, then runs
    page.wait_for_function(PANEL_WITH_A_STARTING_KERNEL, timeout=KERNEL_READY_MS, polling=50)
    status, early = page.evaluate(RUN_NOW, "print('the kernel ran this', 6 * 7)")
    assert status not in ("idle", "busy") and early == "starting", (status, early)
    output = page.locator(".jp-OutputArea-output", has_text="the kernel ran this 42")
    expect(output).to_be_visible(timeout=KERNEL_READY_MS)
    expect(note).to_have_attribute("data-state", "ready", timeout=ANSWER_MS)
    expect(note).to_have_text("Python is ready.")
    expect(note).to_be_hidden(timeout=ANSWER_MS)  # and it goes
    states = page.evaluate("() => window.hlKernelNote.states")
    assert [s["state"] for s in states] == ["starting", "ready", "hidden"], states
    record("kernel note", starting_shown_s=round(states[0]["at"] / 1000, 1),
           ready_after_s=round(states[1]["at"] / 1000, 1))  # fmt: skip
    page.screenshot(path=str(ARTIFACTS / "live__kernel_ready.png"))
    assert watch.external == [], f"requests outside 127.0.0.1: {watch.external}"
    watch.assert_clean()
