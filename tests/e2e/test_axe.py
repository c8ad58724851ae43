"""Accessibility, measured: axe-core runs inside every page of the built book and the Voilà app.

axe-core (npm, pinned in scripts/vendor_assets.py's TEST_ASSETS, cached in .cache/test-assets/, never part of
the site) is injected into the page by Playwright and runs the WCAG 2.1 A and AA rules once the page's widgets
are drawn. A page fails on any *serious* or *critical* violation; every violation (minor and moderate too) is
printed with its impact and the first elements it names, and all of them are written to
``_build/e2e/axe.json`` (the book) and ``_build/e2e-app/axe-app.json`` (the app) for a human to read.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .app_support import ARTIFACTS as APP_ARTIFACTS
from .app_support import open_watched, require_servers, screenshot, serve_app
from .conftest import ARTIFACTS, ROOT, SITE, Watch, toc_docs

pytestmark = pytest.mark.e2e

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING_IMPACTS = {"serious", "critical"}
SHOWN_TARGETS = 3
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# Every saved widget view on a static page has been replaced by a drawn widget (as in test_pages.py).
VIEWS_RENDERED = """() => {
    const views = [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')];
    return views.every(s => s.parentElement.querySelector('.jupyter-widgets'));
}"""
RUN_AXE = """async (tags) => {
    const result = await window.axe.run(document, {
        runOnly: {type: 'tag', values: tags},
        resultTypes: ['violations'],
    });
    return result.violations.map(v => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes.map(n => n.target.join(' ')),
        summary: v.nodes.length ? v.nodes[0].failureSummary : '',
    }));
}"""
APP_NOTEBOOK = "04_play_a_game.ipynb"
APP_TIMEOUT = 120_000  # ms: Voilà starts a kernel and runs the notebook before the table appears
TABLE = ".hl-cardtable-widget .hl-ct"  # the card table (hearts_lessons/widgets/cardtable.py and cardtable.js)
HAND_CARD = ".hl-ct-hand [data-code]"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe.min.js, fetched from npm once (``npm pack``, checked against its pinned sha512) and cached."""
    spec = importlib.util.spec_from_file_location("hl_vendor_assets_axe", ROOT / "scripts" / "vendor_assets.py")
    assert spec is not None and spec.loader is not None
    vendor = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = vendor  # dataclasses look their module up there
    spec.loader.exec_module(vendor)
    return (vendor.tool_folder("axe-core") / "axe.min.js").read_text(encoding="utf-8")


def run_axe(page: Page, axe_source: str) -> list[dict[str, Any]]:
    """Every WCAG 2.1 A/AA violation axe finds on the page as it is now."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=axe_source)
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE, WCAG_TAGS)
    return violations


def describe(where: str, violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        shown = "; ".join(v["targets"][:SHOWN_TARGETS]) + (" ..." if v["count"] > SHOWN_TARGETS else "")
        lines.append(f"{where}: {v['id']} ({v['impact']}, {v['count']} element(s)): {v['help']} -- {shown}")
    return "\n".join(lines)


def keep(path: Path, key: str, violations: list[dict[str, Any]]) -> None:
    """Add one page's violations to a JSON file of this run (read by a human, and for the figures)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[key] = violations
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def assert_no_serious(where: str, violations: list[dict[str, Any]]) -> None:
    if violations:
        print(describe(where, violations))
    serious = [v for v in violations if v["impact"] in FAILING_IMPACTS]
    assert not serious, f"serious or critical WCAG 2.1 A/AA violations on {where}:\n" + describe(where, serious)


@pytest.mark.parametrize("doc", toc_docs())
def test_book_page_has_no_serious_accessibility_violation(watch: Watch, axe_source: str, doc: str) -> None:
    page = watch.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{doc}.html")
    page.wait_for_load_state("networkidle")
    if WIDGET_STATE in (SITE / f"{doc}.html").read_text(encoding="utf-8"):
        page.wait_for_function(VIEWS_RENDERED, timeout=30_000)
    violations = run_axe(page, axe_source)
    keep(ARTIFACTS / "axe.json", doc, violations)
    assert_no_serious(doc, violations)


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app (``bash scripts/app.sh``) on a copy of the play-a-game lesson."""
    require_servers()
    folder = tmp_path_factory.mktemp("axe-app")
    shutil.copy2(ROOT / "notebooks" / APP_NOTEBOOK, folder / APP_NOTEBOOK)
    with serve_app(folder / APP_NOTEBOOK, APP_ARTIFACTS / "voila-axe.log") as url:
        yield url


def test_app_page_has_no_serious_accessibility_violation(browser: Browser, app_url: str, axe_source: str) -> None:
    with open_watched(browser, viewport={"width": 1280, "height": 1000}) as watch:
        page = watch.page
        page.goto(app_url)
        expect(page.locator(TABLE).first).to_be_visible(timeout=APP_TIMEOUT)
        expect(page.locator(HAND_CARD).first).to_be_visible(timeout=APP_TIMEOUT)  # the hand is dealt
        # Voilà drops its "Executing" spinner once the whole notebook has run.
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1000)
        # Some rules judge only what is on screen (text that is visible): look at the table the reader sees.
        page.locator(HAND_CARD).first.scroll_into_view_if_needed()
        violations = run_axe(page, axe_source)
        screenshot(page, "axe-app")
        keep(APP_ARTIFACTS / "axe-app.json", APP_NOTEBOOK, violations)
        assert_no_serious("the app (scripts/app.sh)", violations)
