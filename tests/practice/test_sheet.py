"""The printable puzzle sheet: the choice of 12 by theme, and its HTML (puzzles without answers, answers last)."""

from __future__ import annotations

import html
import json
import re

import pytest

from hearts_lessons.practice.ladder import THEMES, Puzzle, ladder_puzzles, load_puzzles
from hearts_lessons.practice.puzzle_words import with_interval
from hearts_lessons.practice.sheet import (
    PER_PAGE,
    SHEET_SIZE,
    answer_text,
    choose_sheet,
    sheet_html,
    short_explanation,
)

from .helpers import puzzle_data


@pytest.fixture(scope="module")
def puzzles() -> tuple[Puzzle, ...]:
    data = puzzle_data(20)
    for index, raw in enumerate(data["puzzles"]):  # one theme each, ratings spread over the range
        raw["themes"] = [THEMES[index % len(THEMES)]]
        raw["rating"] = 1000 + (index * 370) % 1200
    return load_puzzles(text=json.dumps(data)).puzzles


def test_twelve_distinct_puzzles_every_theme_present_and_deterministic(puzzles: tuple[Puzzle, ...]) -> None:
    chosen = choose_sheet(puzzles)
    assert len(chosen) == SHEET_SIZE == len({p.id for p, _ in chosen})
    assert {t for _, t in chosen} == {t for p in puzzles for t in p.themes}
    for puzzle, theme in chosen:
        assert theme in puzzle.themes
    assert choose_sheet(list(reversed(puzzles))) == chosen  # the order of the file does not matter
    order = [THEMES.index(t) for _, t in chosen]
    assert order == sorted(order)  # by theme, in the ladder's order


def test_each_theme_gives_its_easiest_and_hardest_first(puzzles: tuple[Puzzle, ...]) -> None:
    few = [p for p in puzzles if "ducking" in p.themes or "counting" in p.themes]
    chosen = choose_sheet(few, count=4)
    for theme in ("ducking", "counting"):
        mine = [p.rating for p, t in chosen if t == theme]
        pool = [p.rating for p in few if theme in p.themes and p.id not in {q.id for q, t in chosen if t != theme}]
        assert min(mine) == min(pool) and max(mine) == max(pool)


def test_fewer_puzzles_than_the_sheet_gives_them_all(puzzles: tuple[Puzzle, ...]) -> None:
    assert len(choose_sheet(puzzles[:5])) == 5
    assert choose_sheet([]) == []


def test_the_html_keeps_answers_off_the_puzzle_pages(puzzles: tuple[Puzzle, ...]) -> None:
    chosen = choose_sheet(puzzles)
    page = sheet_html(chosen)
    head, answers = page.split('class="hl-sheet-answers"')
    assert head.count('class="hl-sheet-page"') == SHEET_SIZE // PER_PAGE
    for number, (puzzle, _) in enumerate(chosen, 1):
        assert f"Puzzle {number}</b>" in head
        assert short_explanation(puzzle) not in head
        assert f"<b>{answer_text(puzzle)}</b> — {html.escape(short_explanation(puzzle))}" in answers
        second = puzzle.costs[0]
        assert f"Saves {with_interval(second['extra'], second['half_width'])} points on average over the" in answers
    assert html.escape("Best means: against players who play like the book's rule-based bot") in answers
    assert "@media print" in page and "break-before: page" in page


def test_the_diagram_shows_the_seats_hand_by_suit_and_the_trick(puzzles: tuple[Puzzle, ...]) -> None:
    puzzle, _ = choose_sheet(puzzles)[0]
    state = puzzle.state()
    page = sheet_html([(puzzle, "")], css=False)
    hand = re.search(r'<div class="hl-sheet-hand">(.*?)</div></div>', page)
    assert hand is not None
    text = re.sub(r"<[^>]+>", " ", hand.group(1))
    for card in state.hand(puzzle.seat):
        assert card.suit.symbol in text and card.rank.label in text
    for _, card in state.current_trick:
        assert card.name in page  # the trick's cards are drawn, with their names for screen readers
    assert "<style>" not in page


def test_the_books_puzzle_file_gives_a_sheet() -> None:
    ladder = ladder_puzzles()
    if len(ladder) < SHEET_SIZE:
        pytest.skip(f"the mined puzzle file has {len(ladder)} puzzles: {ladder.note}")
    chosen = choose_sheet(ladder.puzzles)
    assert len(chosen) == SHEET_SIZE
    assert len({t for _, t in chosen}) >= min(6, len([t for t, n in ladder.themes().items() if n]))
