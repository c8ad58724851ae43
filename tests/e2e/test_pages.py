"""The built book in a real browser: offline, widgets drawn from their saved state, rules sheet on one page."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from .conftest import (
    ANYWIDGET_COUNTER,
    ANYWIDGET_COUNTER_GREEN,
    ARTIFACTS,
    LOCAL_HOST,
    ROOT,
    SITE,
    Watch,
    free_port,
    lesson_docs,
    toc_docs,
    watch_page,
)
from .words import broken_words

pytestmark = pytest.mark.e2e

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# Every saved widget view (a <script> the HTML manager replaces) has a rendered widget next to it.
ALL_VIEWS_RENDERED = f"""() => {{
    const views = [...document.querySelectorAll('script[type="{WIDGET_VIEW}"]')];
    return views.length > 0 && views.every(s => s.parentElement.querySelector('.jupyter-widgets'));
}}"""


def slug(doc: str) -> str:
    return doc.replace("/", "__")


def settle(page: Page) -> None:
    """Wait until the page has loaded and fetched everything it is going to fetch."""
    page.wait_for_load_state("load")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("doc", toc_docs())
def test_page_loads_everything_from_the_site(watch: Watch, doc: str) -> None:
    """Every page of the table of contents: no request leaves 127.0.0.1, no 404, no console error."""
    page = watch.page
    response = page.goto(f"{doc}.html")
    assert response is not None and response.ok, f"{doc}.html: HTTP {response and response.status}"
    settle(page)
    expect(page.locator("article h1").first).to_be_visible()
    # The theme's icons come from its own bundled Font Awesome, not a CDN stylesheet.
    assert page.locator("link[href*='fontawesome'], link[href*='font-awesome']").count() == 0
    # Pages with math load MathJax; it must be the site's copy.
    for script in page.locator("script[src*='mathjax' i]").all():
        assert "/_static/hl-vendor/mathjax-" in (script.get_attribute("src") or "")
    if not doc.startswith("notebooks/"):  # lesson pages are photographed with their widgets below
        page.screenshot(path=str(ARTIFACTS / f"{slug(doc)}.png"), full_page=True)
    watch.assert_clean()


@pytest.mark.parametrize("doc", lesson_docs())
def test_lesson_widgets_render_from_saved_state(watch: Watch, doc: str) -> None:
    """A lesson page draws its saved ipywidgets with the self-hosted HTML manager, and its plots."""
    source = (SITE / f"{doc}.html").read_text(encoding="utf-8")
    page = watch.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{doc}.html")
    settle(page)
    if WIDGET_STATE in source:
        for src in ("hl-vendor/requirejs-", "hl-vendor/html-manager-"):
            assert page.locator(f"script[src*='{src}']").count() == 1, f"{src} is not on the page"
        expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=30_000)
        page.wait_for_function(ALL_VIEWS_RENDERED, timeout=30_000)
        assert page.locator(".jupyter-widgets-error-widget").count() == 0, "a widget failed to render"
        buttons = page.locator(".widget-button:visible")  # some sit in folded panels (e.g. game set-up)
        if page.locator(".widget-button").count():
            expect(buttons.first).to_be_visible()
        assert broken_words(page) == [], "a widget shows an unprinted value"
    stderr = page.locator(".cell_output .output.stderr")
    assert stderr.count() == 0, f"the page shows stderr output: {stderr.first.inner_text()[:300]!r}"
    broken = page.evaluate(
        "() => [...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
    )
    assert broken == [], f"images that did not load: {broken}"
    page.screenshot(path=str(ARTIFACTS / f"{slug(doc)}.png"), full_page=True)
    watch.assert_clean()


def test_at_least_one_lesson_has_saved_widgets() -> None:
    """The static book is only worth testing for widgets if some lesson saved widget state."""
    lessons = lesson_docs()
    assert lessons, "_toc.yml lists no lesson notebooks"
    with_widgets = [d for d in lessons if WIDGET_STATE in (SITE / f"{d}.html").read_text(encoding="utf-8")]
    assert with_widgets, f"no built lesson page has saved ipywidgets state: {lessons}"


# The theme's font stack ends in whatever sans-serif the machine has; DejaVu Sans, the usual Linux
# fallback, is wider than Liberation Sans or Arial, so the sheet must fit with it too.
WIDE_FONT = "* { font-family: 'DejaVu Sans', sans-serif !important; }"


@pytest.mark.parametrize("font", ["theme", "wide"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_rules_sheet_prints_on_exactly_one_page(watch: Watch, paper: str, font: str) -> None:
    page = watch.page
    page.goto("book/rules_sheet.html")
    settle(page)
    if font == "wide":
        page.add_style_tag(content=WIDE_FONT)
    page.emulate_media(media="print")
    # The print stylesheet hides the site's chrome and keeps the sheet.
    for chrome in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".prev-next-area"):
        locator = page.locator(chrome)
        for i in range(locator.count()):
            expect(locator.nth(i)).to_be_hidden()
    expect(page.locator(".hl-rules-sheet").first).to_be_visible()
    pdf = page.pdf(format=paper, print_background=True)
    Path(ARTIFACTS / f"rules_sheet-{paper}-{font}.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1, f"the rules sheet prints on {len(reader.pages)} {paper} pages, not 1"
    text = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    for phrase in ("Hearts", "follow suit", "Shooting the moon", "100"):
        assert phrase.lower() in text.lower(), f"{phrase!r} is missing from the printed sheet"
    watch.assert_clean()


def test_a_lesson_opened_from_a_file_says_how_to_serve_the_live_site(page: Page) -> None:
    """From file:// the live site cannot start: the lesson's box says how to serve it, and its link is off."""
    doc = lesson_docs()[0]
    page.goto((SITE / f"{doc}.html").resolve().as_uri())
    note = page.locator(".hl-file-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("bash scripts/serve.sh")
    link = page.locator(".hl-live-link-button")
    assert link.get_attribute("href") is None and link.get_attribute("aria-disabled") == "true"


def test_a_served_lesson_keeps_its_live_link(watch: Watch) -> None:
    doc = lesson_docs()[0]
    watch.page.goto(f"{doc}.html")
    expect(watch.page.locator(".hl-file-note")).to_be_hidden()
    assert "index.html?path=" in (watch.page.locator(".hl-live-link-button").get_attribute("href") or "")


# Custom widgets (anywidget) on static pages ---------------------------------------------------------------

CARD_TABLE = ".hl-cardtable-widget"  # the card table's view (hearts_lessons/widgets/cardtable.py adds the class)
ANYWIDGET_SHIM = "_static/hl-amd/anywidget.js"
LOADED_SCRIPTS = "() => performance.getEntriesByType('resource').map(e => e.name)"


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``python -m http.server`` on ``folder`` at a free port of 127.0.0.1."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", LOCAL_HOST, "--directory", str(folder), str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection((LOCAL_HOST, port), timeout=0.5):
                    break
            except OSError:
                assert time.monotonic() < deadline, "http.server did not start"
                time.sleep(0.1)
        yield f"http://{LOCAL_HOST}:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


def static_page_with(widget_state: dict[str, object], view: dict[str, object], folder: Path) -> Path:
    """A page that loads widgets as the book's pages do (_config.yml's nb_ipywidgets_js, in its order), from
    a copy of the site's static files: the vendored require.js and HTML manager, and book/_static."""
    static = folder / "_static"
    shutil.copytree(ROOT / "_vendor" / "hl-vendor", static / "hl-vendor")
    shutil.copytree(ROOT / "book" / "_static", static, dirs_exist_ok=True)
    page = folder / "index.html"
    page.write_text(
        f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>anywidget</title>
<script src="_static/hl-vendor/requirejs-2.3.4/require.js"></script>
<script src="_static/hearts-widgets.js"></script>
<script src="_static/hl-vendor/html-manager-1.0.6/embed-amd.js"
        data-jupyter-widgets-cdn="_static/hl-vendor/no-cdn/"></script>
<script type="{WIDGET_STATE}">{json.dumps(widget_state)}</script>
</head><body><main><h1>anywidget</h1>
<div class="output"><script type="{WIDGET_VIEW}">{json.dumps(view)}</script></div></main></body></html>""",
        encoding="utf-8",
    )
    return page


def test_any_anywidget_renders_from_saved_state_with_nothing_from_outside(browser: Browser, tmp_path: Path) -> None:
    """The static book's AMD module "anywidget" (book/_static/hl-amd/anywidget.js) draws an anywidget from the
    ES module and CSS in its saved state, and a click updates it on the page; no request leaves 127.0.0.1.

    The widget state is saved here as a notebook build saves it (every trait, defaults included), so this
    needs no book build, only the vendored files (python scripts/vendor_assets.py)."""
    from ipywidgets.embed import embed_data

    if not (ROOT / "_vendor" / "hl-vendor").is_dir():
        pytest.skip("no vendored assets: run python scripts/vendor_assets.py")
    namespace: dict[str, object] = {}
    exec(ANYWIDGET_COUNTER, namespace)
    saved = embed_data(views=[namespace["counter"]], drop_defaults=False)
    static_page_with(saved["manager_state"], saved["view_specs"][0], tmp_path)
    page = browser.new_page()
    watch = watch_page(page, page)
    with serve(tmp_path) as url:
        page.goto(url + "index.html")
        counter = page.locator(".hl-test-counter")
        expect(counter).to_have_text("count 3 python 30", timeout=30_000)
        assert counter.evaluate("b => getComputedStyle(b).backgroundColor") == ANYWIDGET_COUNTER_GREEN
        assert counter.evaluate("b => b.closest('.jupyter-widgets') !== null")
        counter.click()
        expect(counter).to_have_text("count 4 python 30")  # drawn again on the page; no Python to answer
        assert any(name.endswith(ANYWIDGET_SHIM) for name in page.evaluate(LOADED_SCRIPTS))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "anywidget-static.png"))
    page.close()
    watch.assert_clean()


def test_lesson_4_draws_the_card_table_from_its_saved_state(watch: Watch) -> None:
    """The play table of lesson 4 is a custom widget (anywidget): the built page draws it from its saved state
    with the site's own anywidget module, and asks no other site for anything."""
    doc = "notebooks/04_play_a_game"
    html = (SITE / f"{doc}.html").read_text(encoding="utf-8")
    assert '"model_module": "anywidget"' in html, "lesson 4 saved no anywidget state"
    page = watch.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{doc}.html")
    settle(page)
    table = page.locator(CARD_TABLE).first
    expect(table).to_be_visible(timeout=30_000)
    page.wait_for_function(ALL_VIEWS_RENDERED, timeout=30_000)
    assert page.locator(".jupyter-widgets-error-widget").count() == 0, "a widget failed to render"
    # Drawn, not just placed: the hand's cards are on the page with their accessible names.
    cards = table.locator("[aria-label]")
    expect(cards.first).to_be_visible()
    assert table.evaluate("t => t.getBoundingClientRect().height") > 100
    assert any(name.endswith(ANYWIDGET_SHIM) for name in page.evaluate(LOADED_SCRIPTS))
    table.evaluate("t => t.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(ARTIFACTS / "card-table-static.png"))
    watch.assert_clean()


TABLES_AT_375 = """() => [...document.querySelectorAll('table.hl-table-data')].map(t => {
    const box = t.closest('.hl-table-scroll');
    // the nearest box that scrolls sideways and lies inside the window: the table's own, or a widget's panel
    let e = box, right = Infinity, scroll = 0;
    while (e && e !== document.body) {
        const r = e.getBoundingClientRect(), x = getComputedStyle(e).overflowX;
        if ((x === 'auto' || x === 'scroll') && r.right <= window.innerWidth + 1) {
            right = r.right; scroll = e.scrollWidth; break;
        }
        e = e.parentElement;
    }
    return {caption: (t.caption ? t.caption.textContent : '').slice(0, 50), table: t.getBoundingClientRect().width,
            box: !!box, right, scroll, client: box ? box.clientWidth : 0,
            focusable: !!box && box.tabIndex === 0 && !!box.getAttribute('aria-label')};
})"""


def test_data_tables_are_whole_on_a_phone(watch: Watch) -> None:
    """At 375 px every lesson's data table lies in a box inside the window: it fits, or it scrolls sideways in that
    box (its own, which a keyboard can focus, or the panel of the widget that shows it), so no column is cut off; on
    a phone most fit without scrolling."""
    page = watch.page
    page.set_viewport_size({"width": 375, "height": 800})
    tables = 0
    fit = 0
    for doc in lesson_docs():
        page.goto(f"{doc}.html")
        settle(page)
        for t in page.evaluate(TABLES_AT_375):
            tables += 1
            where = f"{doc}: {t['caption']!r}"
            assert t["box"] and t["focusable"], f"{where}: no focusable scroll box"
            assert t["right"] <= 375 + 1, f"{where}: no box inside the window scrolls it"
            assert t["scroll"] >= t["table"] - 1, f"{where}: the box cuts the table off"
            fit += t["table"] <= t["client"] + 1
    assert tables >= 20 and fit >= 0.8 * tables, (fit, tables)
    watch.assert_clean()
