"""How a drill's position is drawn: one place, so the drawing can move onto the card table in one step.

:func:`draw` gives HTML for every :class:`~hearts_lessons.practice.drills.Picture` (the book's pure renderers:
:func:`~hearts_lessons.table.table_html`, :func:`~hearts_lessons.render.cards_row_html`, the Haggis renderers),
so a drill reads on a static page too. :func:`table_model` gives the card table's view model
(:mod:`hearts_lessons.tableview`) for the pictures the card table can draw — a Hearts table or hand — with
every card of the reader's hand shown alike: the table must not give away which cards are legal when that is
the question. Nothing here imports ipywidgets.

>>> from hearts_lessons.practice.drills import stage
>>> d = stage("tricks").drill(0)
>>> "hl-table" in draw(d.picture), table_model(d.picture)["hand"]["mode"]
(True, 'choose')
>>> all(c["playable"] and not c["reason"] for c in table_model(d.picture)["hand"]["cards"])
True
"""

from __future__ import annotations

import html
from typing import Any

from ..cards import Card
from ..i18n import tr, tr_n
from ..render import cards_row_html
from ..scoring import format_points
from ..seats import seat_name
from ..table import table_html, trick_html
from .drills import Picture

__all__ = ["draw", "table_model"]

_FONT = "font:13px sans-serif;color:#333"


def _played_html(picture: Picture) -> str:
    state = picture.state
    assert state is not None
    n = state.players
    rows = [trick_html(list(t.plays), n, winner=t.winner, caption=tr("Trick {n}", n=t.number + 1), scale=0.45)
            for t in state.tricks]  # fmt: skip
    if state.current_trick:
        rows.append(trick_html(state.current_trick, n, caption=tr("Trick {n} (now)", n=state.trick_number + 1),
                               scale=0.45))
    seat = picture.seat or 0
    hand = cards_row_html(state.hand(seat), scale=0.7, caption=tr("{who}'s hand", who=seat_name(seat, n)))
    tricks = "".join(f'<div style="display:inline-block;margin:0 10px 6px 0">{r}</div>' for r in rows)
    title = f'<div style="{_FONT};margin-top:6px">{tr("Cards played so far")}</div>'
    return f'<div class="hl-drill-played">{hand}{title}{tricks}</div>'


def _taken_html(picture: Picture) -> str:
    """Each seat's taken cards as piles a reader can count: one chip per suit with its count and ranks, and the
    cards that count on their own (the Q♠) named (:func:`~hearts_lessons.tableview.taken_entry`)."""
    from ..tableview import taken_entry

    state = picture.state
    assert state is not None
    n = state.players
    rows = []
    for s in range(n):
        taken = state.taken(s)
        tricks = len(taken) // n
        name = html.escape(seat_name(s, n))
        if not taken:
            none = tr("{who} took no trick", who=name)
            rows.append(f'<div class="hl-drill-taken-row" style="{_FONT};margin:4px 0">{none}</div>')
            continue
        entry = taken_entry(taken, state.rules)
        chips = []
        for pile in entry["piles"]:
            colour = "#b3001b" if pile["red"] else "#1d2330"
            named = "".join(f' <b style="color:{colour}">{html.escape(c)}</b>' for c in pile["named"])
            chips.append(
                f'<span class="hl-drill-pile" title="{html.escape(pile["label"])}" style="display:inline-block;'
                f'margin:2px 6px 2px 0;padding:3px 8px;border:1px solid #c9c2b0;border-radius:6px;background:#fff;'
                f'font:14px sans-serif;color:#1d2330"><b style="color:{colour};font-size:16px">{pile["symbol"]} '
                f'{pile["count"]}</b> <span style="color:#555">{html.escape(pile["ranks"])}</span>{named}</span>')
        caption = tr_n("{who} took {n} trick", "{who} took {n} tricks", tricks, who=name)
        rows.append(f'<div class="hl-drill-taken-row" role="group" aria-label="{caption}: '
                    f'{html.escape(entry["label"].removeprefix("took "))}" style="margin:4px 0">'
                    f'<div style="{_FONT}">{caption}</div>{"".join(chips)}</div>')
    return f'<div class="hl-drill-taken">{"".join(rows)}</div>'


def draw(picture: Picture) -> str:
    """The picture as HTML: a Hearts table, trick, hand, the tricks played or taken, or rows of Haggis cards."""
    caption = f'<div style="{_FONT};margin-bottom:4px">{html.escape(picture.caption)}</div>' if picture.caption else ""
    if picture.haggis:
        from ..haggis.render import cards_row_html as haggis_row

        rows = "".join(haggis_row(cards, caption=label, scale=0.6) for label, cards in picture.haggis)
        return f'<div class="hl-drill-picture">{caption}{rows}</div>'
    state = picture.state
    if state is None:
        return caption
    if picture.show == "trick":
        trick = state.tricks[-1]
        body = trick_html(list(trick.plays), state.players, caption=tr("Trick {n}", n=trick.number + 1))
    elif picture.show == "hand":
        seat = picture.seat or 0
        body = cards_row_html(state.hand(seat), caption=tr("{who}'s hand", who=seat_name(seat, state.players)))
    elif picture.show == "played":
        body = _played_html(picture)
    elif picture.show == "taken":
        body = _taken_html(picture)
    else:
        body = table_html(state, seat=picture.seat)
    return f'<div class="hl-drill-picture">{caption}{body}</div>'


def table_model(picture: Picture, *, selected: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The card table's view model for a Hearts ``table`` or ``hand`` picture (else ``None``): the position from
    the picture's seat, every card of that seat's hand clickable and unmarked; ``selected`` cards are raised."""
    from ..tableview import hand_view, hearts_card, open_view, table_view

    state = picture.state
    if state is None or picture.haggis or picture.show not in ("table", "hand"):
        return None
    seat = picture.seat if picture.seat is not None else 0
    chosen = set(selected)
    if picture.show == "hand":
        return hand_view(state.hand(seat), selected=[Card.from_str(c) for c in selected], mode="choose",
                         label=tr("{who}'s hand", who=seat_name(seat, state.players)))  # fmt: skip
    names = [seat_name(s, state.players) for s in range(state.players)]
    # a drill's position has no dealer that matters to its question: no seat is marked as dealing
    view = (table_view(state, seat=seat, names=names, dealer=False) if picture.seat is not None
            else open_view(state, seat=seat, dealer=False))  # fmt: skip
    hand = view.get("hand") or {}
    hand["mode"] = "choose"
    hand["cards"] = [hearts_card(c, playable=True, selected=c.code in chosen, seat=seat) for c in state.hand(seat)]
    view["hand"] = hand
    if view.get("pass"):
        view["pass"] = None
    taken = ", ".join(f"{seat_name(s, state.players)} {format_points(state.points_taken(s))}"
                      for s in range(state.players))  # fmt: skip
    view["status"] = tr("Trick {n} · points taken: {taken}", n=state.trick_number + 1, taken=taken)
    return view
