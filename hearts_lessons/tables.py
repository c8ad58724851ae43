"""Small HTML tables for lessons, with no dependency (pandas is not available in the in-browser Python).

>>> t = Table([{"players": 3, "cards each": 17}, {"players": 4, "cards each": 13}], index="players")
>>> t.column("cards each")
[17, 13]
>>> "<th" in t._repr_html_() and "17" in t._repr_html_()
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["Table"]


class Table:
    """Rows of named values shown as an HTML table; ``index`` names the column shown first, in bold."""

    def __init__(self, rows: Sequence[Mapping[str, Any]], *, index: str | None = None,
                 caption: str | None = None) -> None:  # fmt: skip
        self.rows = [dict(r) for r in rows]
        self.index = index
        self.caption = caption
        columns: list[str] = []
        for row in self.rows:
            for key in row:
                if key not in columns:
                    columns.append(key)
        if index is not None:
            if index not in columns:
                raise ValueError(f"no column {index!r}")
            columns.remove(index)
            columns.insert(0, index)
        self.columns = columns

    def column(self, name: str) -> list[Any]:
        """The values of one column, in row order."""
        return [row.get(name) for row in self.rows]

    def row(self, key: Any) -> dict[str, Any]:
        """The row whose index value is ``key``."""
        if self.index is None:
            raise ValueError("this table has no index column")
        for row in self.rows:
            if row.get(self.index) == key:
                return row
        raise KeyError(key)

    def _repr_html_(self) -> str:
        cell = "padding:3px 10px;border-bottom:1px solid #ddd;text-align:left"
        head = "".join(f"<th style='{cell}'>{html.escape(str(c))}</th>" for c in self.columns)
        body = []
        for row in self.rows:
            cells = []
            for c in self.columns:
                tag = "th" if c == self.index else "td"
                cells.append(f"<{tag} style='{cell}'>{html.escape(_text(row.get(c, '')))}</{tag}>")
            body.append("<tr>" + "".join(cells) + "</tr>")
        caption = f"<caption style='text-align:left'>{html.escape(self.caption)}</caption>" if self.caption else ""
        return (f"<table class='hl-table-data' style='border-collapse:collapse;font:14px sans-serif'>{caption}"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")  # fmt: skip

    def __repr__(self) -> str:
        widths = {c: max(len(str(c)), *(len(_text(r.get(c, ""))) for r in self.rows)) for c in self.columns}
        lines = ["  ".join(str(c).ljust(widths[c]) for c in self.columns)]
        for row in self.rows:
            lines.append("  ".join(_text(row.get(c, "")).ljust(widths[c]) for c in self.columns))
        return "\n".join(lines)


def _text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, tuple):
        return ", ".join(_text(v) for v in value)
    return str(value)
