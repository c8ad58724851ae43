"""The progress file: round trip, a fresh start, a damaged file kept aside, reset, and widgets sharing a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_lessons.practice.progress import FILE_NAME, SCHEMA, Progress, default_path


def test_missing_file_is_a_fresh_start(tmp_path: Path) -> None:
    p, note = Progress.load(tmp_path / "none.json")
    assert note == "No saved progress yet: a fresh start."
    assert p.stars == {} and p.rating.rating == 1500 and p.attempts == {"drills": 0, "puzzles": 0}
    assert not (tmp_path / "none.json").exists()  # nothing written until something happens


def test_round_trip_survives_a_reload(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    p, _ = Progress.load(path)
    p.record_drill("tricks", "tricks-1", 3)
    p.record_drill("tricks", "tricks-1", 1)  # the best result is kept
    p.record_drill("points", "points-2", 2)
    rating = p.record_puzzle("p001", 1700, won=True)
    p.note_puzzle("p002", tries=3, solved=True)
    again, note = Progress.load(path)
    assert note == "Progress loaded."
    assert again.stars == {"tricks": {"tricks-1": 3}, "points": {"points-2": 2}}
    assert again.rating == rating and again.rating.rating > 1500
    assert again.attempts == {"drills": 3, "puzzles": 1}
    assert again.puzzles["p001"] == {"tries": 1, "solved": True, "result": 1}
    assert again.puzzles["p002"]["solved"] and again.puzzles_done() == {"p001", "p002"}
    data = json.loads(path.read_text())
    assert data["schema"] == SCHEMA and data["kind"] == "hearts-lessons-progress"
    assert again.summary()["puzzles solved"] == 2


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "could not be read as JSON"),
        ("[1, 2]", "does not hold a JSON object"),
        ('{"kind": "hearts-lessons-progress", "schema": 99}', "schema 99"),
        ('{"kind": "something else", "schema": 1}', "not a progress file"),
        ('{"kind": "hearts-lessons-progress", "schema": 1, "stars": {"tricks": {"tricks-1": 7}}}', "0 to 3"),
        ('{"kind": "hearts-lessons-progress", "schema": 1, "rating": {"rating": "high"}}', "not a number"),
    ],
)
def test_a_damaged_file_is_kept_aside_with_a_clear_message(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(text, encoding="utf-8")
    p, note = Progress.load(path)
    assert "damaged" in note and reason in note and "progress.json.bak" in note and "Starting afresh" in note
    assert p.stars == {} and not path.exists()
    assert (tmp_path / "progress.json.bak").read_text(encoding="utf-8") == text
    p.record_drill("tricks", "tricks-1", 2)  # the fresh start is saved in the usual place
    assert Progress.load(path)[0].stars == {"tricks": {"tricks-1": 2}}


def test_reset_forgets_everything_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    p, _ = Progress.load(path)
    p.record_drill("tricks", "tricks-1", 3)
    p.record_puzzle("p1", 1500, won=False)
    p.reset()
    again, _ = Progress.load(path)
    assert again.stars == {} and again.puzzles == {} and again.rating.rating == 1500
    assert again.attempts == {"drills": 0, "puzzles": 0}


def test_two_widgets_on_one_file_do_not_undo_each_other(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    a, _ = Progress.load(path)
    b, _ = Progress.load(path)
    a.record_drill("tricks", "tricks-1", 3)
    b.record_drill("points", "points-1", 2)  # b re-reads the file before writing
    assert Progress.load(path)[0].stars == {"tricks": {"tricks-1": 3}, "points": {"points-1": 2}}


def test_a_file_that_cannot_be_written_says_so(tmp_path: Path) -> None:
    p = Progress(tmp_path / "no such folder" / "progress.json")
    assert "could not be saved" in (p.save() or "")
    p.record_drill("tricks", "tricks-1", 3)  # kept in memory, no exception
    assert p.stars_for("tricks") == {"tricks-1": 3}
    with pytest.raises(ValueError):
        p.record_drill("tricks", "tricks-1", 4)


def test_default_path_is_the_working_folder_unless_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("HEARTS_LESSONS_PROGRESS", raising=False)
    assert default_path() == Path(FILE_NAME)
    monkeypatch.setenv("HEARTS_LESSONS_PROGRESS", str(tmp_path / "x.json"))
    assert default_path() == tmp_path / "x.json"
