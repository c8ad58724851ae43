"""The printable puzzle sheet (notebooks/45_puzzle_sheet.ipynb) prints from the browser as a teacher needs it:
puzzles six to a page without the site's menus, and the answers only on the last page (A4 and Letter), checked
as the rules sheet is (tests/e2e/test_pages.py): Chromium prints the built page to PDF and pypdf reads each page.

``HL_SITE=/path/to/_build/html`` runs it against another build (e.g. a small book of this page alone)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from hearts_lessons.practice.ladder import ladder_puzzles
from hearts_lessons.practice.sheet import PER_PAGE, answer_text, choose_sheet, short_explanation

from .conftest import ARTIFACTS, SITE, Watch, required

pytestmark = pytest.mark.e2e

DOC = "notebooks/45_puzzle_sheet"
BUILT = Path(os.environ.get("HL_SITE", SITE))


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built book (``$HL_SITE`` overrides ``_build/html``), which must hold the puzzle sheet's page."""
    if not (BUILT / f"{DOC}.html").exists():
        message = f"no {DOC}.html in {BUILT}: add {DOC} to _toc.yml and run `bash scripts/build.sh`"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return BUILT


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def snippet(text: str) -> str:
    """The start of an explanation, short enough that pypdf's line breaks rarely fall inside it."""
    return flat(text)[:28]


# As for the rules sheet: the theme's fonts, and DejaVu Sans, wider, the usual Linux fallback.
WIDE_FONT = "* { font-family: 'DejaVu Sans', sans-serif !important; }"
# Puzzles whose diagram does not fit its box (the print style gives each box a fixed height and clips it).
CLIPPED = """() => [...document.querySelectorAll('.hl-sheet-puzzle')]
    .filter(box => box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)
    .map(box => box.querySelector('.hl-sheet-head').innerText)"""
PRINTED_WIDTH = {"A4": 703, "Letter": 726}  # CSS pixels between the 12 mm margins


@pytest.mark.parametrize("font", ["theme", "wide"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_puzzle_sheet_prints_with_the_answers_only_on_the_last_page(watch: Watch, paper: str, font: str) -> None:
    chosen = choose_sheet(ladder_puzzles().puzzles)
    if not chosen:
        pytest.skip("the package has no puzzles yet")
    page = watch.page
    page.goto(f"{DOC}.html")
    page.wait_for_load_state("load")
    page.wait_for_load_state("networkidle")
    if font == "wide":
        page.add_style_tag(content=WIDE_FONT)
    expect(page.locator(".hl-sheet-puzzle")).to_have_count(len(chosen))
    # On screen the answers are there too (below the puzzles), as on the printed last page.
    expect(page.locator(".hl-sheet-answers")).to_be_visible()
    page.emulate_media(media="print")
    for chrome in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".prev-next-area"):
        locator = page.locator(chrome)
        for i in range(locator.count()):
            expect(locator.nth(i)).to_be_hidden()
    page.set_viewport_size({"width": PRINTED_WIDTH[paper], "height": 1000})  # lay out as on the paper
    assert page.evaluate(CLIPPED) == [], f"diagrams cut off by their boxes on {paper}"
    pdf = page.pdf(format=paper, print_background=True)
    (ARTIFACTS / f"puzzle_sheet-{paper}-{font}.pdf").write_bytes(pdf)
    pages = [flat(p.extract_text()) for p in PdfReader(io.BytesIO(pdf)).pages]
    sheets = -(-len(chosen) // PER_PAGE)
    assert len(pages) == sheets + 1, f"the sheet prints on {len(pages)} {paper} pages, not {sheets} + 1 for answers"
    for index, text in enumerate(pages[:-1]):
        numbers = [int(n) for n in re.findall(r"Puzzle (\d+)", text)]
        first = index * PER_PAGE + 1
        assert numbers == list(range(first, min(first + PER_PAGE, len(chosen) + 1))), (
            f"{paper} page {index + 1} holds puzzles {numbers}"
        )
        assert "Answers" not in text, f"{paper} page {index + 1} shows the answers"
        for puzzle, _ in chosen:
            assert snippet(short_explanation(puzzle)) not in text, f"{paper} page {index + 1} explains {puzzle.id}"
        assert "To print" not in text, "the page's introduction is printed"
    last = pages[-1]
    assert "Answers" in last and "Puzzle 1 " not in last
    for puzzle, _ in chosen:
        assert snippet(short_explanation(puzzle)) in last, f"the answer of {puzzle.id} is not on the last {paper} page"
        assert answer_text(puzzle).split()[-1] in last
    watch.assert_clean()
