"""The practice widgets, driven from pytest by clicking (ipywidgets' own style): drills, the ladder, progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_lessons.practice.ladder import PuzzleSet, load_puzzles
from hearts_lessons.practice.progress import Progress
from hearts_lessons.practice.widgets import PracticePart, ProgressPage, PuzzleLadder, StageDrills

from .helpers import puzzle_data, write


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.json"


def test_a_stage_opens_at_its_first_drill_and_gives_three_stars_for_a_first_try(path: Path) -> None:
    w = StageDrills("tricks", path=path)
    assert w.index == 0 and "Drill 1 of 9" in w.goal.value and "0 of 27 stars" in w.header.value
    w.picker.select(w.drill.picture.state.legal_plays())  # type: ignore[union-attr]
    w.check_button.click()
    assert w.attempt.stars == 3 and w.message.text.startswith("Right: ") and "★★★" in w.message.text
    assert w.next_button.button_style == "success" and "3 of 27 stars" in w.header.value
    assert Progress.load(path)[0].stars_for("tricks") == {"tricks-1": 3}
    w.next_button.click()
    assert w.index == 1 and "Drill 2 of 9" in w.goal.value
    again = StageDrills("tricks", path=path)  # a reload opens the first drill not yet done
    assert again.index == 1


def test_a_miss_gives_the_reason_then_a_hint_then_the_answer(path: Path) -> None:
    w = StageDrills("tricks", path=path, start=1)  # win this trick: a click on a card of the table
    d = w.drill
    table = w.position.children[0]
    wrong = [c for c in d.options if c not in d.answer]
    table.click(wrong[0])
    assert w.message.text == f"Not yet: {d.why[wrong[0]].rstrip('.')}." and "Hint:" in w.more.value
    assert "The answer" not in w.more.value
    table.click(wrong[-1])
    assert "The answer: " in w.more.value
    table.click(d.answer[0])
    assert w.attempt.stars == 1 and Progress.load(path)[0].stars_for("tricks") == {"tricks-2": 1}


def test_the_card_table_draws_the_position_and_its_clicks_answer(path: Path) -> None:
    w = StageDrills("tricks", path=path, start=1)
    table = w.position.children[0]
    assert type(table).__name__ == "CardTable"
    codes = [c["code"] for c in table.cards()]
    assert set(codes) == set(w.drill.options)
    assert all(c["playable"] and not c["reason"] for c in table.cards())  # the table does not give the answer away
    table.click(w.drill.answer[0])
    assert w.attempt.solved and w.attempt.stars == 3
    tick = StageDrills("first_trick", path=path, start=1)  # tick the cards the leader may lead
    table = tick.position.children[0]
    assert tick.picker.layout.display == "none"  # the table is the picker: no grey chips beside it
    table.click("2C")
    assert [c.code for c in tick.picker.selected] == ["2C"] and table.card("2C")["selected"]  # raised
    assert "Chosen: 2♣" in tick.controls.chosen_line.value
    tick.check_button.click()
    assert tick.attempt.stars == 3


def test_the_card_clicked_in_a_drill_is_played_to_the_trick(path: Path) -> None:
    w = StageDrills("ducking", path=path, start=0)
    table = w.position.children[0]
    d = w.drill
    state = d.picture.state
    assert state is not None and d.kind == "play"
    before = len((table.view.get("trick") or {}).get("plays") or [])
    wrong = next(c for c in d.options if c not in d.answer and state.can_play(c, d.picture.seat))
    table.click(wrong)
    plays = table.view["trick"]["plays"]  # the engine played it on a copy: the card lies in the trick
    assert len(plays) == before + 1 and plays[-1]["card"]["code"] == wrong and plays[-1]["seat"] == d.picture.seat
    assert wrong not in [c["code"] for c in table.cards()] and "Not yet:" in w.message.text
    assert all(c["playable"] for c in table.cards())  # not solved: another card may be tried
    assert d.picture.state.hand(d.picture.seat) == state.hand(d.picture.seat)  # the drill's position is untouched
    table.click(d.answer[0])  # another try, on the drill's own position
    assert table.view["trick"]["plays"][-1]["card"]["code"] == d.answer[0] and w.attempt.solved
    assert not any(c["playable"] for c in table.cards()) and w.next_button.button_style == "success"
    w.next_button.click()
    assert w.index == 1 and len((w.position.children[0].view.get("trick") or {}).get("plays") or []) < 4


def test_choice_drills_answer_by_buttons_marked_after_answering(path: Path) -> None:
    w = StageDrills("tricks", path=path, start=2)  # who wins: a choice, drawn as HTML (a finished trick)
    assert type(w.position.children[0]).__name__ == "HTML"
    d = w.drill
    buttons = w.controls.buttons
    assert list(buttons) == list(d.options)  # one button per answer, in the drill's order, no radio buttons
    assert all("hl-answer" in b._dom_classes and b.description == d.label(o) for o, b in buttons.items())
    wrong = [o for o in d.options if o not in d.answer]
    buttons[wrong[0]].click()
    assert "Not yet:" in w.message.text
    # the chosen answer is marked wrong, in words too; the right one is not given away after one miss
    assert "hl-answer--wrong" in buttons[wrong[0]]._dom_classes and buttons[wrong[0]].description.startswith("✗ ")
    assert not any("hl-answer--right" in b._dom_classes for b in buttons.values())
    buttons[d.answer[0]].click()
    assert w.attempt.stars == 2
    assert "hl-answer--right" in buttons[d.answer[0]]._dom_classes and buttons[d.answer[0]].description.startswith("✓ ")
    assert "hl-answer--wrong" not in buttons[wrong[0]]._dom_classes  # only the last answer is marked

def test_number_drills(path: Path) -> None:
    n = StageDrills("points", path=path, start=0)
    n.controls.entry.value = str(n.drill.answer[0])  # type: ignore[union-attr]
    n.check_button.click()
    assert n.attempt.stars == 3


def test_a_number_drill_starts_empty_and_refuses_what_is_not_a_number(path: Path) -> None:
    """The box is empty at first (no number looks given); an empty box or words are refused, not counted."""
    n = StageDrills("points", path=path, start=0)
    entry = n.controls.entry
    assert entry is not None and entry.value == "" and entry.placeholder == "a number"
    n.check_button.click()
    assert n.message.text == "Type a number first." and n.attempt.tries == 0
    entry.value = "many"
    n.check_button.click()
    assert n.message.text == "“many” is not a number: type the answer in digits, such as 14." and n.attempt.tries == 0
    entry.value = f" {n.drill.answer[0]} "
    n.check_button.click()
    assert n.attempt.solved and n.attempt.stars == 3


def test_a_damaged_progress_file_is_said_and_the_stage_still_works(path: Path) -> None:
    path.write_text("{broken", encoding="utf-8")
    w = StageDrills("breaking", path=path)
    assert "damaged" in w.message.text and "Starting afresh" in w.message.text
    assert path.with_name("progress.json.bak").exists()


def test_practice_part_makes_a_stage_when_its_tab_opens(path: Path) -> None:
    part = PracticePart("basics", path=path)
    assert len(part.stages) == 1 and len(part.tabs.children) == 4
    part.tabs.selected_index = 2
    assert len(part.stages) == 3 and part.tabs.children[2] is part.stages[2]
    assert part.stages[2].stage.key == "breaking"


@pytest.fixture
def puzzles(tmp_path: Path) -> PuzzleSet:
    return load_puzzles(write(tmp_path / "puzzles.json", puzzle_data(12)))


def test_ladder_serves_near_the_rating_and_rates_the_first_answer(path: Path, puzzles: PuzzleSet) -> None:
    w = PuzzleLadder(puzzles=puzzles, path=path)
    assert "12 puzzles on the ladder" in w.rating_line.value and "about 1500, a first guess" in w.rating_line.value
    assert "95% interval 810–2190" in w.rating_line.value  # on demand: in a tooltip and a details box
    p = w.puzzle
    assert p is not None and abs(p.rating - 1500) <= 200
    state = p.state()
    illegal = next((c for c in state.hand(p.seat) if not state.can_play(c, p.seat)), None)
    table = w.table
    if illegal is not None:
        table.click(illegal.code)
        assert w.message.text.startswith("Not allowed: ") and w.tries == 0
    wrong = next(c for c in state.legal_plays() if c not in p.answer)
    table.click(wrong.code)
    assert "Not this one" in w.message.text and "Hint:" in w.more.value
    assert table.view["trick"]["plays"][-1]["card"]["code"] == wrong.code  # played to the trick
    saved = Progress.load(path)[0]
    assert saved.rating.rating < 1500 and saved.puzzles[p.id]["result"] == 0
    table.click(wrong.code)
    assert "The answer: " in w.more.value and p.explanation in w.more.value
    table.click(p.answer[0].code)
    assert w.solved and w.message.text == f"Right: {p.explanation}"
    assert table.view["trick"]["plays"][-1]["card"]["code"] == p.answer[0].code
    assert Progress.load(path)[0].rating.rating == saved.rating.rating  # later tries do not change the rating
    w.next_button.click()
    assert w.puzzle is not None and w.puzzle.id != p.id
    first = w.puzzle
    w.table.click(first.answer[0].code)
    assert Progress.load(path)[0].rating.rating > saved.rating.rating


def test_ladder_theme_filter_and_empty_or_damaged_files(path: Path, puzzles: PuzzleSet, tmp_path: Path) -> None:
    w = PuzzleLadder(puzzles=puzzles, path=path)
    w.theme.value = "ducking"
    assert w.puzzle is not None and "ducking" in w.puzzle.themes
    empty = PuzzleLadder(puzzles=PuzzleSet(note="The ladder is empty."), path=path)
    assert empty.puzzle is None and "No puzzle to serve yet." in empty.message.text
    assert "0 puzzles on the ladder" in empty.rating_line.value
    bad = write(tmp_path / "bad.json", {"format": 1})
    broken = PuzzleLadder(puzzle_file=bad, path=path)
    assert broken.puzzle is None and "could not be used" in broken.header.value


def test_progress_page_shows_stars_rating_and_resets_with_confirmation(path: Path) -> None:
    p, _ = Progress.load(path)
    p.record_drill("tricks", "tricks-1", 3)
    p.record_drill("haggis_bombs", "haggis_bombs-2", 2)
    p.record_puzzle("p1", 1800, won=True)
    page = ProgressPage(path=path)
    assert page.stars_of("tricks") == 3 and "3 of 27" in page.table.value and "2 of 24" in page.table.value
    rating = Progress.load(path)[0].rating
    assert "Puzzle rating: <b title='95% interval" in page.table.value
    assert "rated puzzle attempts: 1" in page.table.value
    assert f">about {round(rating.rating / 10) * 10}</b>" in page.table.value
    page.reset_button.click()
    assert page.confirm.layout.display == "flex" and Progress.load(path)[0].stars  # not yet
    page.cancel_button.click()
    assert page.confirm.layout.display == "none" and Progress.load(path)[0].stars
    page.reset_button.click()
    page.confirm_button.click()
    assert Progress.load(path)[0].stars == {} and "0 of 27" in page.table.value and "reset" in page.message.text


def test_progress_page_reload_reads_what_other_pages_saved(path: Path) -> None:
    page = ProgressPage(path=path)
    assert "0 of 27" in page.table.value
    StageDrills("tricks", path=path).progress.record_drill("tricks", "tricks-1", 2)
    page.reload_button.click()
    assert "2 of 27" in page.table.value and page.message.text == "Progress loaded."
    path.write_text(json.dumps({"kind": "hearts-lessons-progress", "schema": 7}), encoding="utf-8")
    page.reload_button.click()
    assert "damaged" in page.message.text and "0 of 27" in page.table.value
