"""The built practice pages show nobody's progress: an empty record, whatever progress the builder had.

``scripts/_setup.sh`` builds every lesson with an empty progress record (``hl_with_empty_progress``). In CI the
build also puts a builder's progress with stars and a rating beside the notebooks (tests/data/builder_progress.json)
and records it in ``_build/progress-check.json``; these tests then check that none of it reached the pages. Without
that record (a local build) they check the empty state only.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_lessons.practice.progress import Progress
from hearts_lessons.practice.widgets import NO_STAR, STAR, stages

from .conftest import ROOT, Watch, lesson_docs

pytestmark = pytest.mark.e2e

MARK = ROOT / "_build" / "progress-check.json"
EMPTY_RATING = "1500"
STAGE_TITLES = {stage.title: stage.count for stage in stages().values()}


WIDGETS = {"hl-progress-page": "ProgressPage(", "hl-puzzle-ladder": "PuzzleLadder(", "hl-stage-drills": "StageDrills("}
"""Each practice widget's CSS class on the page, and the call that makes it in a lesson's code."""


def practice_docs(widget_class: str) -> list[str]:
    """The lessons of the table of contents whose code makes a practice widget of ``widget_class``."""
    call = WIDGETS[widget_class]
    return [doc for doc in lesson_docs() if call in (ROOT / f"{doc}.ipynb").read_text(encoding="utf-8")]


def builder() -> Progress | None:
    """The builder's progress that was beside the notebooks during the build (CI), or None."""
    if not MARK.exists():
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"{MARK} is missing: in CI the build puts a builder's progress beside the notebooks")
        return None
    progress, note = Progress.load(MARK)
    assert note == "Progress loaded.", note
    return progress


def widget_texts(page: Page, doc: str, widget_class: str) -> list[str]:
    page.goto(f"{doc}.html")
    page.wait_for_load_state("networkidle")
    widgets = page.locator(f".{widget_class}")
    expect(widgets.first).to_be_visible(timeout=30_000)
    return [text.replace("\xa0", " ") for text in widgets.all_inner_texts()]


def not_the_builders(text: str) -> None:
    progress = builder()
    if progress is None:
        return
    rating = f"{progress.rating.rating:.0f}"
    assert rating != EMPTY_RATING and f"rating: {rating}" not in text, text


def test_the_practice_pages_exist(site_dir: Path) -> None:
    """The tests below look at these pages: each is in the build, with its widget in the saved state."""
    for widget_class in WIDGETS:
        docs = practice_docs(widget_class)
        assert docs, f"no lesson makes a {widget_class} widget"
        for doc in docs:
            assert widget_class in (site_dir / f"{doc}.html").read_text(encoding="utf-8"), doc


@pytest.mark.parametrize("doc", practice_docs("hl-progress-page"))
def test_the_progress_page_shows_an_empty_record(watch: Watch, doc: str) -> None:
    (text,) = widget_texts(watch.page, doc, "hl-progress-page")
    rows = re.findall(r"^(.+?)\t([★☆]{5})\t(\d+) of (\d+)\t(\d+) of (\d+)$", text, flags=re.MULTILINE)
    assert {title for title, *_ in rows} == set(STAGE_TITLES), text
    for title, shown, stars, of_stars, done, of_drills in rows:
        assert (shown, stars, done) == (NO_STAR * 5, "0", "0"), f"{title}: {shown} {stars} stars, {done} drills"
        assert (int(of_stars), int(of_drills)) == (3 * STAGE_TITLES[title], STAGE_TITLES[title])
    assert f"Puzzle rating: {EMPTY_RATING} (95% interval" in text, text
    assert "rated puzzle attempts: 0 · puzzles solved: 0 · drill answers completed: 0" in text, text
    assert STAR not in text
    not_the_builders(text)
    watch.assert_clean()


@pytest.mark.parametrize("doc", practice_docs("hl-puzzle-ladder"))
def test_the_puzzle_ladder_shows_the_starting_rating_and_no_attempts(watch: Watch, doc: str) -> None:
    (text,) = widget_texts(watch.page, doc, "hl-puzzle-ladder")
    assert f"Your puzzle rating: {EMPTY_RATING} (95% interval" in text, text
    assert "· 0 rated attempts · 0 solved ·" in text, text
    not_the_builders(text)
    watch.assert_clean()


@pytest.mark.parametrize("doc", practice_docs("hl-stage-drills"))
def test_the_drill_pages_show_no_stars(watch: Watch, doc: str) -> None:
    texts = widget_texts(watch.page, doc, "hl-stage-drills")
    for text in texts:
        counts = re.findall(r"· (\d+) of (\d+) stars", text)
        assert len(counts) == 1 and counts[0][0] == "0", text
        assert STAR not in text, text
    watch.assert_clean()
