"""The built practice pages show nobody's progress: an empty record, whatever progress the builder had.

``scripts/_setup.sh`` builds every lesson with an empty progress record (``hl_with_empty_progress``). In CI the
build also puts a builder's progress with stars and a rating beside the notebooks (tests/data/builder_progress.json)
and records it in ``_build/progress-check.json``; these tests then check that none of it reached the pages. Without
that record (a local build) they check the empty state only.

What a page must show is what the practice widget itself draws for an empty record (made here, in Python, from an
empty temporary file), so the test follows the widgets' wording when it changes.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_lessons.practice.progress import Progress
from hearts_lessons.practice.widgets import STAR, ProgressPage, PuzzleLadder, StageDrills, stages

from .conftest import ROOT, Watch, lesson_docs

pytestmark = pytest.mark.e2e

MARK = ROOT / "_build" / "progress-check.json"
WIDGETS = {"hl-progress-page": "ProgressPage(", "hl-puzzle-ladder": "PuzzleLadder(", "hl-stage-drills": "StageDrills("}
"""Each practice widget's CSS class on the page, and the call that makes it in a lesson's code."""


def practice_docs(widget_class: str) -> list[str]:
    """The lessons of the table of contents whose code makes a practice widget of ``widget_class``."""
    call = WIDGETS[widget_class]
    return [doc for doc in lesson_docs() if call in (ROOT / f"{doc}.ipynb").read_text(encoding="utf-8")]


def words(text: str) -> str:
    """Text with its whitespace (tabs of table cells, line breaks) made single spaces."""
    return " ".join(text.replace("\xa0", " ").split())


def text_of(markup: str) -> str:
    """What a browser shows of an HTML fragment, as :func:`words` (of a closed ``<details>``, its summary only:
    e.g. a rating's interval, shown on demand)."""
    shown = re.sub(r"</summary>.*?</details>", " ", markup, flags=re.S)
    return words(html.unescape(re.sub(r"<[^>]+>", " ", shown)))


@pytest.fixture(scope="module")
def empty(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A progress file that does not exist yet: an empty record (checked unchanged after each use)."""
    path = tmp_path_factory.mktemp("no-progress") / "progress.json"
    yield path
    assert not path.exists(), "drawing a widget wrote the empty record"


def builder() -> Path | None:
    """The builder's progress that sat beside the notebooks during the build (CI), or None."""
    if not MARK.exists():
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"{MARK} is missing: in CI the build puts a builder's progress beside the notebooks")
        return None
    progress, note = Progress.load(MARK)
    assert note == "Progress loaded." and progress.stars, note
    return MARK


def widget_texts(page: Page, doc: str, widget_class: str) -> list[str]:
    page.goto(f"{doc}.html")
    page.wait_for_load_state("networkidle")
    widgets = page.locator(f".{widget_class}")
    expect(widgets.first).to_be_visible(timeout=30_000)
    return [words(text) for text in widgets.all_inner_texts()]


def test_the_practice_pages_exist(site_dir: Path) -> None:
    """The tests below look at these pages: each is in the build, with its widget in the saved state."""
    for widget_class in WIDGETS:
        docs = practice_docs(widget_class)
        assert docs, f"no lesson makes a {widget_class} widget"
        for doc in docs:
            assert widget_class in (site_dir / f"{doc}.html").read_text(encoding="utf-8"), doc


@pytest.mark.parametrize("doc", practice_docs("hl-progress-page"))
def test_the_progress_page_shows_an_empty_record(watch: Watch, doc: str, empty: Path) -> None:
    (text,) = widget_texts(watch.page, doc, "hl-progress-page")
    shown = text_of(ProgressPage(path=empty).table.value)
    assert shown in text, f"the page shows\n  {text}\nnot the empty record's\n  {shown}"
    assert all(title in shown for title in (s.title for s in stages().values()))  # every stage, no stars
    assert STAR not in text
    theirs = builder()
    if theirs is not None:
        assert text_of(ProgressPage(path=theirs).table.value) not in text
    watch.assert_clean()


@pytest.mark.parametrize("doc", practice_docs("hl-puzzle-ladder"))
def test_the_puzzle_ladder_shows_the_starting_rating_and_no_attempts(watch: Watch, doc: str, empty: Path) -> None:
    (text,) = widget_texts(watch.page, doc, "hl-puzzle-ladder")
    shown = text_of(PuzzleLadder(path=empty).rating_line.value)
    assert shown in text, f"the page shows\n  {text[:400]}\nnot the empty record's\n  {shown}"
    theirs = builder()
    if theirs is not None:
        assert text_of(PuzzleLadder(path=theirs).rating_line.value) not in text
    watch.assert_clean()


@pytest.mark.parametrize("doc", practice_docs("hl-stage-drills"))
def test_the_drill_pages_show_no_stars(watch: Watch, doc: str, empty: Path) -> None:
    texts = widget_texts(watch.page, doc, "hl-stage-drills")
    by_title = {s.title: s for s in stages().values()}
    for text in texts:
        (stage,) = [s for title, s in by_title.items() if text.startswith(title)]
        shown = text_of(StageDrills(stage, path=empty).header.value)
        assert shown in text, f"the page shows\n  {text[:300]}\nnot the empty record's\n  {shown}"
        assert STAR not in shown
    watch.assert_clean()
