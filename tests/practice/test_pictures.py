"""Drill pictures on the card table: a drill's position marks no dealer (it plays no part in any question)."""

from __future__ import annotations

from hearts_lessons.practice.drills import stages
from hearts_lessons.practice.pictures import table_model


def test_no_drill_table_marks_a_dealer() -> None:
    drawn = 0
    for stage in stages().values():
        for drill in stage.drills():
            model = table_model(drill.picture)
            if model is None:
                continue
            drawn += 1
            assert model.get("dealer") is None, drill.id
            assert not any(s.get("dealer") for s in model.get("seats", [])), drill.id
    assert drawn >= 20  # most card drills are drawn on the table


def test_taken_cards_are_piles_a_reader_can_count() -> None:
    """A "taken" picture (the points and moon drills) shows each seat's cards as one pile per suit with its count
    and ranks, and the Q♠ named: the counts add up to what the seat took, and no card is drawn as a sliver."""
    import re

    from hearts_lessons.cards import Suit
    from hearts_lessons.practice.drills import stages
    from hearts_lessons.practice.pictures import draw
    from hearts_lessons.seats import seat_name

    seen = 0
    for st in stages().values():
        for d in (st.drill(i) for i in range(st.count)):
            if d.picture.show != "taken" or d.picture.state is None:
                continue
            seen += 1
            state = d.picture.state
            shown = draw(d.picture)
            assert "hl-ct-card" not in shown and "<svg" not in shown  # piles, not overlapped card faces
            rows = shown.split('class="hl-drill-taken-row"')[1:]
            assert len(rows) == state.players
            for seat, row in enumerate(rows):
                taken = state.taken(seat)
                assert seat_name(seat, state.players) in row
                counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"([♣♦♠♥]) (\d+)</b>", row)}
                wanted = {suit.symbol: n for suit in Suit if (n := sum(1 for c in taken if c.suit is suit))}
                assert counts == wanted, (d.key, seat)
                assert ("Q♠</b>" in row) == any(c.code == "QS" for c in taken)
    assert seen >= 3
