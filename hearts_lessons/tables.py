"""Small tables of named values, with no dependency: the lessons' and the strategy lab's results.

pandas is not available in the book's in-browser Python, so the lab returns these instead; on a desktop Python
:meth:`Table.to_pandas` hands the same rows to pandas for any further analysis.

>>> t = Table([{"players": 3, "cards each": 17}, {"players": 4, "cards each": 13}], index="players")
>>> t.column("cards each")
[17, 13]
>>> t.row(4)["cards each"]
13
>>> "<th" in t._repr_html_() and "17" in t._repr_html_()
True
>>> len(t.where(lambda r: r["cards each"] > 15)), t.sort("cards each").column("players")
(1, [4, 3])
>>> Table.from_columns({"suit": ["♣", "♦"], "cards": [13, 13]}, index="suit").row("♦")
{'suit': '♦', 'cards': 13}
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .i18n import N_, get_language, join_words, tr, tr_text
from .stats import average

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMN_WORDS", "Table", "column_words"]

Row = dict[str, Any]


COLUMN_WORDS: dict[str, str] = {
    "variant": N_("variant", context="column"), "players": N_("players", context="column"),
    "cards each": N_("cards each", context="column"), "M": N_("M", context="column"),
    "game ends when a": N_("game ends when a", context="column"), "moon": N_("moon", context="column"),
    "sources": N_("sources", context="column"), "option": N_("option", context="column"),
    "choice": N_("choice", context="column"), "source": N_("source", context="column"),
    "deal": N_("deal", context="column"), "rotation": N_("rotation", context="column"),
    "seat": N_("seat", context="column"), "player": N_("player", context="column"), "bot": N_("bot", context="column"),
    "points": N_("points", context="column"), "relative": N_("relative", context="column"),
    "card_points": N_("card_points", context="column"), "moon_hand": N_("moon_hand", context="column"),
    "took_queen": N_("took_queen", context="column"), "tricks": N_("tricks", context="column"),
    "direction": N_("direction", context="column"), "game": N_("game", context="column"),
    "total": N_("total", context="column"), "won": N_("won", context="column"), "hands": N_("hands", context="column"),
    "mean": N_("mean", context="column"), "ci95": N_("ci95", context="column"), "low": N_("low", context="column"),
    "high": N_("high", context="column"), "deals": N_("deals", context="column"), "rate": N_("rate", context="column"),
}  # fmt: skip
"""The engine's column names (the tables of :mod:`~hearts_lessons.variants` and :mod:`~hearts_lessons.simulate`),
marked for translation: a table shows them in the book's language; the rows keep them as keys."""


def column_words(column: object) -> str:
    """A column's header in the book's language: one of :data:`COLUMN_WORDS` translated, any other as it is (a
    column a lesson named itself)."""
    name = str(column)
    return tr_text(COLUMN_WORDS[name], context="column") if name in COLUMN_WORDS else name


class Table:
    """Rows of named values shown as an HTML table; ``index`` names the column shown first, in bold, and the one
    :meth:`row` looks values up in. Methods that change a table return a new one; the rows are plain dicts."""

    def __init__(self, rows: Sequence[Mapping[str, Any]], *, index: str | None = None, caption: str | None = None,
                 columns: Sequence[str] | None = None, headers: Mapping[str, str] | None = None,
                 shown: Mapping[str, Callable[[Any], str]] | None = None,
                 lang: Mapping[str, str] | None = None) -> None:  # fmt: skip
        self.rows: list[Row] = [dict(r) for r in rows]
        self.index = index
        self.caption = caption
        #: The words shown above a column, where they are not :func:`column_words` of its name: the rows keep
        #: their keys (code reads ``table.value("Basic", "players")`` in any language) while the reader sees the
        #: headers in the book's language.
        self.headers: dict[str, str] = dict(headers or {})
        #: How a column's values are shown, where not as they are: a function of the value (a name kept in English
        #: as a key, shown in the book's language). The rows keep the values; only the reader sees the words.
        self.shown: dict[str, Callable[[Any], str]] = dict(shown or {})
        #: The language of a column's values where it is not the book's (``{"English": "en"}``: a column that
        #: quotes English names on purpose): its cells say so (``lang="en"``) when the book speaks another language.
        self.lang: dict[str, str] = dict(lang or {})
        if columns is not None:
            names = list(columns)
        else:
            names = []
            seen: set[str] = set()
            for row in self.rows:
                for key in row:
                    if key not in seen:
                        seen.add(key)
                        names.append(key)
        if index is not None:
            if index not in names:
                raise ValueError(f"no column {index!r}")
            names.remove(index)
            names.insert(0, index)
        self.columns = names

    @classmethod
    def from_columns(cls, columns: Mapping[str, Sequence[Any]], *, index: str | None = None,
                     caption: str | None = None) -> Table:  # fmt: skip
        """A table from equal-length columns (name → values)."""
        lengths = {len(v) for v in columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"columns of different lengths: {sorted(lengths)}")
        count = lengths.pop() if lengths else 0
        rows = [{name: values[i] for name, values in columns.items()} for i in range(count)]
        return cls(rows, index=index, caption=caption, columns=list(columns))

    # -- reading --------------------------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def __getitem__(self, name: str) -> list[Any]:
        return self.column(name)

    def column(self, name: str) -> list[Any]:
        """The values of one column, in row order."""
        if name not in self.columns:
            raise KeyError(f"no column {name!r}; the columns are {', '.join(self.columns)}")
        return [row.get(name) for row in self.rows]

    def row(self, key: Any) -> Row:
        """The row whose index value is ``key``."""
        if self.index is None:
            raise ValueError("this table has no index column")
        for row in self.rows:
            if row.get(self.index) == key:
                return row
        raise KeyError(key)

    def value(self, key: Any, column: str) -> Any:
        """One cell: the ``column`` of the row whose index value is ``key``."""
        return self.row(key)[column]

    def mean(self, column: str) -> float:
        """The average of a column (booleans count as 0 and 1)."""
        values = [float(v) for v in self.column(column)]
        if not values:
            raise ValueError("the mean of an empty column")
        return average(values)

    def keys(self) -> list[Any]:
        """The index column's values."""
        if self.index is None:
            raise ValueError("this table has no index column")
        return self.column(self.index)

    # -- new tables -----------------------------------------------------------------------------------------------

    def _like(self, rows: Sequence[Row], *, index: str | None = None, columns: Sequence[str] | None = None) -> Table:
        keep = index if index is not None else self.index
        cols = list(columns) if columns is not None else self.columns
        if keep is not None and keep not in cols:
            keep = None
        return Table(rows, index=keep, caption=self.caption, columns=cols, headers=self.headers, shown=self.shown,
                     lang=self.lang)

    def where(self, test: Callable[[Row], object] | None = None, /, **equal: Any) -> Table:
        """The rows that pass ``test`` (a function of a row) and whose columns equal the given values."""
        for name in equal:
            if name not in self.columns:
                raise KeyError(f"no column {name!r}")
        rows = [r for r in self.rows if all(r.get(k) == v for k, v in equal.items()) and (test is None or test(r))]
        return self._like(rows)

    def sort(self, by: str, *, reverse: bool = False) -> Table:
        """The rows ordered by a column (stable; rows missing the value last)."""
        self.column(by)
        present = [r for r in self.rows if r.get(by) is not None]
        missing = [r for r in self.rows if r.get(by) is None]
        return self._like([*sorted(present, key=lambda r: _SortKey(r.get(by)), reverse=reverse), *missing])

    def select(self, *names: str) -> Table:
        """Only these columns (and the index), in this order."""
        for name in names:
            self.column(name)
        cols = list(names)
        if self.index is not None and self.index not in cols:
            cols.insert(0, self.index)
        return self._like([{c: r.get(c) for c in cols} for r in self.rows], columns=cols)

    def with_column(self, name: str, values: Callable[[Row], Any] | Sequence[Any]) -> Table:
        """A copy with a column added (or replaced): a function of each row, or a sequence of values."""
        if callable(values):
            new = [values(r) for r in self.rows]
        else:
            new = list(values)
            if len(new) != len(self.rows):
                raise ValueError(f"{len(new)} values for {len(self.rows)} rows")
        rows = [{**r, name: v} for r, v in zip(self.rows, new, strict=True)]
        cols = self.columns if name in self.columns else [*self.columns, name]
        return self._like(rows, columns=cols)

    def set_index(self, name: str) -> Table:
        """The same rows with ``name`` as the index column."""
        self.column(name)
        return Table(self.rows, index=name, caption=self.caption, columns=self.columns, headers=self.headers,
                     shown=self.shown, lang=self.lang)

    def round(self, digits: int = 2) -> Table:
        """A copy with every float rounded to ``digits`` decimals (for reading)."""
        rows = [{k: round(v, digits) if isinstance(v, float) else v for k, v in r.items()} for r in self.rows]
        table = self._like(rows)
        table._digits = digits
        return table

    def groups(self, by: str) -> dict[Any, Table]:
        """The rows split by the value of a column, in order of first appearance."""
        self.column(by)
        out: dict[Any, list[Row]] = {}
        for r in self.rows:
            out.setdefault(r.get(by), []).append(r)
        return {key: self._like(rows) for key, rows in out.items()}

    def with_words(self, headers: Mapping[str, str] | None = None,
                   shown: Mapping[str, Callable[[Any], str]] | None = None) -> Table:  # fmt: skip
        """The same rows shown with these :attr:`headers` (column → words) and :attr:`shown` functions (column →
        how its values read), added to the table's own: what a lesson's table shows in the book's language while
        its rows keep their keys.

        >>> t = Table([{"bot": "rules", "mean": 2.5}], index="bot").with_words({"mean": "Mean"}, {"bot": str.title})
        >>> repr(t).splitlines()
        ['bot    Mean', 'Rules  2.50']
        >>> t.value("rules", "mean")
        2.5
        """
        return Table(self.rows, index=self.index, caption=self.caption, columns=self.columns,
                     headers={**self.headers, **(headers or {})}, shown={**self.shown, **(shown or {})},
                     lang=self.lang)

    def with_caption(self, caption: str) -> Table:
        """The same table with a caption above it."""
        return Table(self.rows, index=self.index, caption=caption, columns=self.columns, headers=self.headers,
                     shown=self.shown, lang=self.lang)

    def to_pandas(self) -> pd.DataFrame:
        """The rows as a ``pandas.DataFrame`` (indexed by the index column, if any). Needs pandas, which a
        desktop install has and the in-browser Python does not."""
        import pandas as pd

        frame = pd.DataFrame(self.rows, columns=self.columns)
        return frame.set_index(self.index) if self.index is not None else frame

    # -- showing --------------------------------------------------------------------------------------------------

    _digits = 2

    def _text(self, value: Any) -> str:
        if isinstance(value, float):
            if math.isnan(value):
                return "–"
            return f"{value:.{self._digits}f}"
        if isinstance(value, tuple):
            return ", ".join(self._text(v) for v in value)
        if value is None:
            return ""
        return str(value)

    def cell(self, row: Mapping[str, Any], column: str) -> str:
        """The words shown in one cell: the value through :attr:`shown` if the column has a function there, else as
        :meth:`_text` writes it.

        >>> Table([{"name": "b"}], shown={"name": str.upper}).cell({"name": "b"}, "name")
        'B'
        """
        value = row.get(column, "")
        if column in self.shown and value is not None and value != "":
            return self.shown[column](value)
        return self._text(value)

    def header(self, column: str) -> str:
        """The words shown above ``column``: its entry in :attr:`headers`, else :func:`column_words`."""
        return self.headers[column] if column in self.headers else column_words(column)

    def _repr_html_(self) -> str:
        cell = "padding:3px 10px;border-bottom:1px solid #ddd;text-align:left"
        num = "padding:3px 10px;border-bottom:1px solid #ddd;text-align:right;font-variant-numeric:tabular-nums"
        head = "".join(f"<th style='{cell}'>{html.escape(self.header(c))}</th>" for c in self.columns)
        body = []
        for row in self.rows:
            cells = []
            for c in self.columns:
                value = row.get(c, "")
                tag = "th" if c == self.index else "td"
                style = num if isinstance(value, int | float) and not isinstance(value, bool) and tag == "td" else cell
                lang = f" lang='{self.lang[c]}'" if c in self.lang and self.lang[c] != get_language() else ""
                cells.append(f"<{tag}{lang} style='{style}'>{html.escape(self.cell(row, c))}</{tag}>")
            body.append("<tr>" + "".join(cells) + "</tr>")
        caption = f"<caption style='text-align:left'>{html.escape(self.caption)}</caption>" if self.caption else ""
        # a table wider than a phone scrolls sideways in its own box (focusable, named: a keyboard can scroll it too)
        label = html.escape(self.caption or tr("Table: {columns}", columns=join_words(
            self.header(c) for c in self.columns)), quote=True)  # fmt: skip
        return (f"<div class='hl-table-scroll' role='region' tabindex='0' aria-label='{label}' "
                "style='overflow-x:auto;max-width:100%'>"
                f"<table class='hl-table-data' style='border-collapse:collapse;font:14px sans-serif'>{caption}"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")  # fmt: skip

    def __repr__(self) -> str:
        shown = self.rows if len(self.rows) <= 40 else self.rows[:20] + self.rows[-20:]
        widths = {c: max(len(self.header(c)), *(len(self.cell(r, c)) for r in shown)) for c in self.columns}
        lines = ["  ".join(self.header(c).ljust(widths[c]) for c in self.columns)]
        for i, row in enumerate(shown):
            if len(shown) < len(self.rows) and i == 20:
                lines.append(tr("… {n} more rows …", n=len(self.rows) - 40))
            lines.append("  ".join(self.cell(row, c).ljust(widths[c]) for c in self.columns))
        return "\n".join(lines)



class _SortKey:
    """A column's value as a sort key (any values that ``<`` compares)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __lt__(self, other: _SortKey) -> bool:
        return bool(self.value < other.value)
