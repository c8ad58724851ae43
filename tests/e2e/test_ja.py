"""The Japanese edition in a real browser, a smoke set (the English edition's tests cover the machinery in depth):
the edition switch on a lesson page, both ways, at a phone's and a laptop's width; that page checked by axe; the
Japanese search; one Japanese lesson run live in the Japanese live site, speaking Japanese.

Screenshots of the switch are kept in ``_build/e2e/ja__*.png`` for a person to look at.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import ARTIFACTS, SITE, Watch, required
from .test_axe import assert_no_serious, axe_source, run_axe  # noqa: F401  (axe_source: a fixture)
from .test_lite import CELL_ERRORS, KERNEL_INFO, KERNEL_NOTE, KERNEL_READY, KERNEL_READY_MS, RUN_ALL_DONE, RUN_ALL_MS

pytestmark = pytest.mark.e2e

JA = SITE / "ja"
LESSON = "01_tricks"
PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1280, "height": 800}
# A word every Japanese edition says (lesson 1's subject) and that Sphinx's Japanese splitter keeps whole.
SEARCH_WORD = "トリック"


@pytest.fixture(scope="session")
def ja_site(site_dir: Path) -> Path:
    if not (JA / "index.html").exists():
        message = "no Japanese edition in _build/html/ja: run `bash scripts/build.sh`"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    return JA


def html_lang(page: Page) -> str:
    return page.evaluate("document.documentElement.lang")


def switch_link(page: Page, name: str) -> tuple[str, dict[str, float]]:
    """The switch's link to the edition called ``name``: its address, once it is visible inside the window."""
    link = page.locator(".bd-header-article nav.hl-lang-switch a", has_text=name)
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box is not None
    size = page.viewport_size
    assert size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], f"the switch is cut off: {box}"
    assert box["height"] >= 24 and box["width"] >= 24, f"the switch is too small to tap: {box}"
    return link.get_attribute("href") or "", box


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_switch_leads_to_the_same_lesson_in_english_and_back(watch: Watch, ja_site: Path,
                                                                 size: dict[str, int]) -> None:
    page = watch.page
    page.set_viewport_size(size)
    page.goto(f"ja/notebooks/{LESSON}.html", wait_until="networkidle")
    assert html_lang(page) == "ja"
    current = page.locator("nav.hl-lang-switch [aria-current='page']")
    expect(current).to_have_text("日本語")
    page.screenshot(path=str(ARTIFACTS / f"ja__{LESSON}_{size['width']}.png"))
    href, _ = switch_link(page, "English")
    assert href == f"../../notebooks/{LESSON}.html"
    page.locator("nav.hl-lang-switch a", has_text="English").click()
    page.wait_for_url(re.compile(rf"/notebooks/{LESSON}\.html$"))
    assert "/ja/" not in page.url and html_lang(page) == "en"
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(ARTIFACTS / f"en__{LESSON}_{size['width']}.png"))
    switch_link(page, "日本語")
    page.locator("nav.hl-lang-switch a", has_text="日本語").click()
    page.wait_for_url(re.compile(rf"/ja/notebooks/{LESSON}\.html$"))
    assert html_lang(page) == "ja"
    page.wait_for_load_state("networkidle")
    watch.assert_clean()


def test_the_japanese_lesson_page_has_no_serious_accessibility_violation(watch: Watch, ja_site: Path,
                                                                        axe_source: str) -> None:  # noqa: F811
    """The Japanese page as a phone shows it (the switch in the header beside the buttons), checked by axe."""
    page = watch.page
    page.set_viewport_size(PHONE)
    page.goto(f"ja/notebooks/{LESSON}.html", wait_until="networkidle")
    assert_no_serious(f"ja/notebooks/{LESSON}", run_axe(page, axe_source))


def test_the_japanese_search_finds_a_japanese_word(watch: Watch, ja_site: Path) -> None:
    page = watch.page
    page.set_viewport_size(LAPTOP)
    page.goto(f"ja/search.html?q={SEARCH_WORD}", wait_until="networkidle")
    results = page.locator("#search-results ul.search li")
    expect(results.first).to_be_visible(timeout=20_000)
    assert results.count() >= 1
    assert any(f"notebooks/{LESSON}.html" in (a.get_attribute("href") or "")
               for a in page.locator("#search-results ul.search li a").all()), "lesson 1 is not found"
    watch.assert_clean()


def test_a_japanese_lesson_runs_live_and_speaks_japanese(watch: Watch, ja_site: Path) -> None:
    """Lesson 1's "Run it live" leads into the Japanese live site; its cells run, and the engine's widgets name the
    seats in Japanese (南: the hidden first cell set the language)."""
    if not (JA / "live" / "index.html").exists():
        message = "no Japanese live site in _build/html/ja/live"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    page = watch.page
    page.set_viewport_size(LAPTOP)
    page.goto(f"ja/notebooks/{LESSON}.html", wait_until="networkidle")
    href = page.locator("a.hl-live-link-button").get_attribute("href") or ""
    assert href == f"../live/notebooks/index.html?path={LESSON}.ipynb", href
    page.goto(f"ja/notebooks/{href}")  # ja/live/...: the Japanese live site
    assert "/ja/live/" in page.url
    # the note that Python is starting speaks Japanese (lite/hl-kernel-status.js, data-lang="ja")
    note = page.locator(KERNEL_NOTE)
    expect(note).to_contain_text("Pythonを起動しています", timeout=30_000)
    page.wait_for_function(KERNEL_READY, timeout=KERNEL_READY_MS, polling=100)
    assert page.evaluate(KERNEL_INFO)["implementation"] == "pyodide"
    start = time.monotonic()
    # JupyterLite's own menus speak Japanese too (JupyterLab's Japanese language pack, locale ja_JP)
    expect(page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^ファイル$"))).to_be_visible()
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^実行$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^すべてのセルを実行$")).click()
    page.wait_for_function(RUN_ALL_DONE, timeout=RUN_ALL_MS, polling=100)
    assert page.evaluate(CELL_ERRORS) == []
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="南").first).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / f"ja__live_{LESSON}.png"), full_page=True)
    print(f"Japanese lesson 1 live: kernel ready, all cells run in {time.monotonic() - start:.1f} s")
    watch.assert_clean()
