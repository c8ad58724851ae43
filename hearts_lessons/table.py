"""The table of a hand as HTML: every seat's cards (or backs), the trick in the middle, and the score so far.

Pure functions over the engine's state; notebooks show a :class:`~hearts_lessons.state.HandState` through its
``_repr_html_``, which calls :func:`table_html`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import Card
from .i18n import tr
from .lean import Phase
from .pass_words import pass_words
from .render import card_html, cards_row_html
from .scoring import format_points
from .seats import seat_name
from .variants import rules_name

if TYPE_CHECKING:
    from .state import HandState, Trick

__all__ = ["seat_name", "table_html", "trick_html"]

def trick_html(
    plays: list[tuple[int, Card]], players: int, *, winner: int | None = None, caption: str | None = None,
    four_colour: bool = False, scale: float = 1.0,
) -> str:  # fmt: skip
    """A trick: each card with the name of the seat that played it; the winner's card framed in gold."""
    cells = []
    for seat, card in plays:
        frame = "#d4a017" if winner == seat else None
        name = seat_name(seat, players)
        label = html.escape(tr("{name} wins", name=name) if winner == seat else name)
        cells.append(
            '<div style="display:inline-block;text-align:center;margin:0 4px">'
            f"{card_html(card, scale=scale, four_colour=four_colour, highlight=frame)}"
            f'<div style="font:12px sans-serif">{label}</div></div>'
        )
    cap = f'<div style="font:13px sans-serif;color:#444">{html.escape(caption)}</div>' if caption else ""
    label = html.escape(caption or tr("trick", context="aria"))
    return f'<div class="hl-trick" role="group" aria-label="{label}">{cap}{"".join(cells)}</div>'


def _hole_html(state: HandState, seat: int | None, *, four_colour: bool, scale: float) -> str:
    """The cards left over after the deal: the kitty (face down), hole cards, or Cancellation's face-up cards."""
    from .rules import HoleCards

    rules = state.rules
    owner = state.hole_owner
    cards = state.hole_cards
    if rules.leftover_face_up:
        what, shown = tr("Left-over cards (face up)"), True
    elif rules.hole_cards is HoleCards.SET_ASIDE:
        what, shown = tr("Hole cards (set aside)"), seat is None
    else:
        what, shown = (tr("Kitty") if len(cards) == 1 else tr("Hole cards")), seat is None or seat == owner
    if owner is not None:
        what = tr("{what}: taken by {name}", what=what, name=seat_name(owner, state.players))
    faces: list[Card | None] = list(cards) if shown else [None] * len(cards)
    return cards_row_html(faces, scale=scale, four_colour=four_colour, caption=what)


def table_html(state: HandState, *, seat: int | None = None, four_colour: bool = False, scale: float = 0.8) -> str:
    """The whole table. ``seat`` shows that seat's point of view (others' hands face down); ``None`` shows all."""
    n = state.players
    rows = []
    for s in range(n):
        name = seat_name(s, n)
        cards: list[Card | None]
        if seat is None or s == seat:
            cards = list(state.hand(s))
        else:
            cards = [None] * state.hand_mask(s).bit_count()
        marks = []
        if s == state.dealer:
            marks.append(tr("dealer", context="seat mark"))
        if s == state.to_play:
            marks.append(tr("to play", context="seat mark"))
        taken = format_points(state.points_taken(s))
        who = tr("{name} ({marks})", name=name, marks=", ".join(marks)) if marks else name
        info = tr("{who} · tricks {tricks} · points {points}", who=who, tricks=state.tricks_won(s), points=taken)
        rows.append(cards_row_html(cards, scale=scale, four_colour=four_colour, caption=info, overlap=len(cards) > 9))
    if state.hole_cards:
        rows.append(_hole_html(state, seat, four_colour=four_colour, scale=scale))
    trick = state.current_trick
    if trick:
        middle = trick_html(trick, n, caption=tr("Trick {n}", n=state.trick_number + 1), four_colour=four_colour,
                            scale=scale)
    elif state.tricks:
        last: Trick = state.tricks[-1]
        caption = (tr("Last trick: {name} took it", name=seat_name(last.winner, n)) if last.winner is not None
                   else tr("Last trick: nobody took it"))  # fmt: skip
        middle = trick_html(
            list(last.plays), n, winner=last.winner, caption=caption,
            four_colour=four_colour, scale=scale,
        )  # fmt: skip
    else:
        middle = ""
    status = [tr("{name} · hand {n} · pass {direction}", name=rules_name(state.rules), n=state.hand_number + 1,
                 direction=pass_words(state.direction))]  # fmt: skip
    status.append(tr("hearts broken") if state.hearts_broken else tr("hearts not broken"))
    status.append(tr("phase: {phase}", phase=_PHASES[state.phase]()))
    if state.score is not None:
        pts = ", ".join(f"{seat_name(s, n)} {format_points(p)}" for s, p in enumerate(state.score.points))
        status.append(tr("score: {points}", points=pts))
    head = html.escape(" · ".join(status))
    return (
        '<div class="hl-table" style="border:1px solid #bbb;border-radius:8px;padding:8px;background:#f3f7f1">'
        f'<div style="font:bold 13px sans-serif;margin-bottom:6px">{head}</div>'
        f'{"".join(rows)}<div style="margin-top:6px">{middle}</div></div>'
    )


_PHASES: dict[Phase, Callable[[], str]] = {
    Phase.PASSING: lambda: tr("passing", context="phase"),
    Phase.DEALERS_CHOICE: lambda: tr("dealers choice", context="phase"),
    Phase.PLAYING: lambda: tr("playing", context="phase"),
    Phase.MOON_CHOICE: lambda: tr("moon choice", context="phase"),
    Phase.DONE: lambda: tr("done", context="phase"),
}
"""A phase as the table's status line names it (worded when shown)."""
