"""The dependency-free tables the lab and the lessons show."""

from __future__ import annotations

import math

import pytest

from hearts_lessons.i18n import language
from hearts_lessons.tables import Table

ROWS = [
    {"bot": "rules", "points": 5.25, "moon": False},
    {"bot": "random", "points": 9.5, "moon": True},
    {"bot": "beginner", "points": 7.0, "moon": False},
]


def test_columns_keep_first_seen_order_and_index_comes_first() -> None:
    t = Table([{"a": 1, "b": 2}, {"c": 3, "a": 4}], index="c")
    assert t.columns == ["c", "a", "b"]
    assert t.column("b") == [2, None]
    with pytest.raises(ValueError, match="no column 'z'"):
        Table(ROWS, index="z")


def test_lookups_and_errors_name_the_columns() -> None:
    t = Table(ROWS, index="bot")
    assert t.row("random")["points"] == 9.5
    assert t.value("beginner", "points") == 7.0
    assert t.keys() == ["rules", "random", "beginner"]
    assert t["moon"] == [False, True, False]
    with pytest.raises(KeyError, match="bot, points, moon"):
        t.column("score")
    with pytest.raises(KeyError):
        t.row("coach")
    with pytest.raises(ValueError, match="no index"):
        Table(ROWS).row("rules")


def test_mean_counts_booleans() -> None:
    t = Table(ROWS)
    assert math.isclose(t.mean("points"), (5.25 + 9.5 + 7.0) / 3)
    assert math.isclose(t.mean("moon"), 1 / 3)
    with pytest.raises(ValueError, match="empty"):
        t.where(bot="coach").mean("points")


def test_new_tables_leave_the_old_one_alone() -> None:
    t = Table(ROWS, index="bot")
    assert t.where(lambda r: r["points"] > 6).keys() == ["random", "beginner"]
    assert t.where(moon=True).keys() == ["random"]
    assert t.sort("points").keys() == ["rules", "beginner", "random"]
    assert t.sort("points", reverse=True).keys() == ["random", "beginner", "rules"]
    assert t.select("points").columns == ["bot", "points"]
    doubled = t.with_column("double", lambda r: 2 * r["points"])
    assert doubled.column("double") == [10.5, 19.0, 14.0]
    assert t.with_column("n", [1, 2, 3]).column("n") == [1, 2, 3]
    with pytest.raises(ValueError, match="2 values for 3 rows"):
        t.with_column("n", [1, 2])
    assert t.round(0).column("points") == [5.0, 10.0, 7.0]
    assert list(t.groups("moon")) == [False, True]
    assert t.groups("moon")[False].keys() == ["rules", "beginner"]
    assert t.set_index("points").row(7.0)["bot"] == "beginner"
    assert t.columns == ["bot", "points", "moon"] and len(t) == 3  # unchanged
    with pytest.raises(KeyError):
        t.where(score=1)


def test_from_columns_checks_lengths() -> None:
    t = Table.from_columns({"x": [1, 2], "y": ["a", "b"]}, index="y")
    assert t.row("b") == {"x": 2, "y": "b"}
    with pytest.raises(ValueError, match="different lengths"):
        Table.from_columns({"x": [1, 2], "y": ["a"]})


def test_html_escapes_and_aligns_numbers() -> None:
    t = Table([{"name": "<b>", "value": 1.23456}], caption="A & B").round(3)
    page = t._repr_html_()
    assert "&lt;b&gt;" in page and "<b>" not in page and "A &amp; B" in page
    assert "1.235" in page and "text-align:right" in page
    assert "1.235" in repr(t)


def test_long_tables_print_their_ends() -> None:
    t = Table([{"i": i} for i in range(100)])
    text = repr(t)
    assert "60 more rows" in text and "\n99" in text and "\n50\n" not in text


def test_to_pandas_keeps_rows_and_index() -> None:
    pd = pytest.importorskip("pandas")
    frame = Table(ROWS, index="bot").to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert frame.loc["random", "points"] == 9.5


def test_shown_words_change_the_cells_not_the_rows() -> None:
    """A column's values shown through a function (a name kept in English, shown in the book's language): the rows,
    the index and every method that makes a new table keep the function and the keys."""
    t = Table(ROWS, index="bot", shown={"bot": str.upper}).with_words({"points": "Points"})
    assert t.value("random", "points") == 9.5
    for table in (t, t.sort("points"), t.where(lambda r: True), t.select("points"), t.round(1),
                  t.with_caption("c"), t.set_index("bot")):
        page = table._repr_html_()
        assert ">RANDOM<" in page and ">random<" not in page and ">Points<" in page, page
        assert "RANDOM" in repr(table)
    assert t.cell({"bot": None}, "bot") == ""  # nothing to show stays nothing


def test_a_column_in_another_language_says_so() -> None:
    """A column that quotes English on purpose carries lang="en" on a page in another language, and nothing in
    English (the English page is unchanged)."""
    t = Table([{"English": "Black Lady", "meaning": "x"}], lang={"English": "en"})
    assert "lang=" not in t._repr_html_()
    with language("ja"):
        page = t.select("English", "meaning")._repr_html_()
    assert page.count("lang='en'") == 1 and "<td lang='en' style=" in page
