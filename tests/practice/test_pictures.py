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
