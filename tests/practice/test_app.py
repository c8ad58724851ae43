"""The practice app, clicked from pytest: home, one click to the next drill, stages, the ladder, shared progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_lessons.practice.app import PracticeApp, next_drill
from hearts_lessons.practice.drills import PARTS, stage
from hearts_lessons.practice.ladder import PuzzleSet, load_puzzles
from hearts_lessons.practice.progress import Progress
from hearts_lessons.practice.widgets import StageDrills

from .helpers import puzzle_data, write


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.json"


@pytest.fixture
def puzzles(tmp_path: Path) -> PuzzleSet:
    return load_puzzles(write(tmp_path / "puzzles.json", puzzle_data(12)))


def tiles(app: PracticeApp) -> dict[str, str]:
    """The stage tiles of the home screen: the first line of each (the stage's title) → the whole text."""
    found = {}
    for box in app.body.children:
        for child in getattr(box, "children", ()):
            if "hl-tile" in child._dom_classes:
                found[child.description.split("\n")[0]] = child.description
    return found


def test_home_shows_every_stage_and_one_click_opens_the_first_drill(path: Path) -> None:
    app = PracticeApp(path=path)
    assert app.screen == "home" and app.home_button.layout.display == "none"
    titles = tiles(app)
    assert all(stage(k).title in titles for keys in PARTS.values() for k in keys)
    assert {"Puzzle ladder", "Your progress"} <= set(titles)
    assert app.continue_button.description == f"▶ Start: {stage('tricks').title} · drill 1"
    app.continue_button.click()  # one click
    assert app.screen == "stage" and app.drills is not None
    assert (app.drills.stage.key, app.drills.index) == ("tricks", 0) and "Drill 1 of" in app.drills.goal.value
    assert app.drills.compact and app.drills.reveal.value == ""  # no answer block to scroll past
    assert app.home_button.layout.display == "" and app.body.children == (app.drills,)


def test_a_drill_solved_in_the_app_moves_continue_on_and_shows_in_the_notebooks(path: Path) -> None:
    app = PracticeApp(path=path)
    app.continue_button.click()
    drills = app.drills
    assert drills is not None
    drills.picker.select(drills.drill.picture.state.legal_plays())  # type: ignore[union-attr]
    drills.check_button.click()
    assert drills.attempt.stars == 3
    app.home_button.click()
    assert app.screen == "home" and app.continue_button.description.startswith("▶ Continue: ")
    assert app.continue_button.description.endswith("· drill 2")
    assert "3 of 27" in tiles(app)[stage("tricks").title]
    # the notebooks' widget reads the same file: the stage opens at drill 2 with the three stars
    notebook = StageDrills("tricks", path=path)
    assert notebook.index == 1 and "3 of 27 stars" in notebook.header.value
    # and stars earned in a notebook show in the app when it comes home
    StageDrills("breaking", path=path).progress.record_drill("breaking", "breaking-1", 2)
    app.open_stage("points")
    app.home_button.click()
    assert "2 of 24" in tiles(app)[stage("breaking").title]


def test_continue_goes_to_the_ladder_when_every_drill_has_a_star(path: Path, puzzles: PuzzleSet) -> None:
    progress, _ = Progress.load(path)
    for keys in PARTS.values():
        for key in keys:
            progress.stars[key] = {f"{key}-{i + 1}": 1 for i in range(stage(key).count)}
    progress.save()
    assert next_drill(progress) is None
    app = PracticeApp(path=path, puzzles=puzzles)
    assert "puzzle ladder" in app.continue_button.description
    app.continue_button.click()
    assert app.screen == "ladder" and app.ladder is not None and app.ladder.puzzle is not None


def test_the_ladder_opens_in_place_with_the_rating_in_words(path: Path, puzzles: PuzzleSet) -> None:
    app = PracticeApp(path=path, puzzles=puzzles)
    home = " ".join(getattr(w, "value", "") for w in app.body.children)
    assert "about 1500, a first guess" in home and "how sure?" in home and "95% interval 810–2190" in home
    assert "1500 (95%" not in home
    app.ladder_tile.click()
    ladder = app.ladder
    assert app.screen == "ladder" and ladder is not None and ladder.compact and ladder.reveal.value == ""
    p = ladder.puzzle
    assert p is not None
    ladder.table.click(p.answer[0].code)
    assert ladder.solved
    app.home_button.click()
    rating = Progress.load(path)[0].rating
    home = " ".join(getattr(w, "value", "") for w in app.body.children)
    assert f"about {round(rating.rating / 10) * 10}<" in home and "after 1 rated puzzle:" in home
    app.progress_tile.click()
    assert app.screen == "progress" and app.progress_page is not None
    assert f"about {round(rating.rating / 10) * 10}<" in app.progress_page.table.value


def test_a_damaged_progress_file_is_refused_with_what_is_wrong_and_kept(path: Path) -> None:
    damaged = json.dumps({"kind": "hearts-lessons-progress", "schema": 1, "stars": {"tricks": {"tricks-1": 9}}})
    path.write_text(damaged, encoding="utf-8")
    app = PracticeApp(path=path)
    assert "damaged" in app.notice.text and "the stars of drill 'tricks-1' are not 0 to 3" in app.notice.text
    backup = path.with_name(path.name + ".bak")
    assert backup.read_text(encoding="utf-8") == damaged  # nothing lost: the file is kept as it was
    assert app.continue_button.description.startswith("▶ Start: ")  # and the app still works
    app.continue_button.click()
    assert app.screen == "stage"


def test_the_app_notebook_is_one_hidden_cell_that_shows_the_app() -> None:
    notebook = json.loads((Path(__file__).resolve().parents[2] / "app" / "practice.ipynb").read_text("utf-8"))
    [cell] = notebook["cells"]
    assert cell["cell_type"] == "code" and "remove-input" in cell["metadata"]["tags"] and cell["outputs"] == []
    assert "".join(cell["source"]).strip().endswith("PracticeApp()")


def test_the_practice_pages_link_the_app_where_it_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from hearts_lessons.practice.app import LIVE_APP_URL, app_link

    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    book = app_link().value  # the static book: the live site, relative to the page
    assert f"href='../{LIVE_APP_URL.replace('&', '&amp;')}'" in book and "bash scripts/app.sh practice" in book
    monkeypatch.setattr(sys, "platform", "emscripten")  # the live site: beside the lesson's page
    assert "href='../notebooks/index.html?path=practice.ipynb&amp;app=1'" in app_link().value
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("JPY_SESSION_NAME", "40_practice_basics.ipynb")  # JupyterLab on a computer: the command
    lab = app_link().value
    assert "href" not in lab and "bash scripts/app.sh practice" in lab
    for name in ("40_practice_basics", "41_practice_strategy", "42_practice_haggis", "43_puzzle_ladder",
                 "44_your_progress"):  # fmt: skip
        cells = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / f"{name}.ipynb").read_text("utf-8"))
        assert any("app_link()" in "".join(c["source"]) for c in cells["cells"]), name


def test_after_a_drill_is_solved_the_right_answer_stays_marked(path: Path) -> None:
    app = PracticeApp(path=path)
    app.open_stage("tricks", 2)  # who wins this trick: one button per seat
    drills = app.drills
    assert drills is not None and drills.drill.kind == "choice"
    right = drills.drill.answer[0]
    wrong = next(o for o in drills.drill.options if o != right)
    drills.controls.buttons[right].click()
    drills.controls.buttons[wrong].click()  # a click after solving: checked, but the answer stays shown
    assert "hl-answer--right" in drills.controls.buttons[right]._dom_classes
    assert "hl-answer--wrong" in drills.controls.buttons[wrong]._dom_classes
    assert Progress.load(path)[0].stars_for("tricks") == {"tricks-3": 3}


def test_a_second_damaged_file_never_writes_over_the_first(path: Path) -> None:
    path.write_text("{first", encoding="utf-8")
    PracticeApp(path=path)
    path.write_text("[2]", encoding="utf-8")
    app = PracticeApp(path=path)
    assert "the file does not hold a JSON object" in app.notice.text and "bak-2" in app.notice.text
    assert path.with_name(path.name + ".bak").read_text(encoding="utf-8") == "{first"
    assert path.with_name(path.name + ".bak-2").read_text(encoding="utf-8") == "[2]"


def test_in_the_app_check_and_next_are_buttons_at_the_table(path: Path, puzzles: PuzzleSet) -> None:
    app = PracticeApp(path=path, puzzles=puzzles)
    app.continue_button.click()  # drill 1: tick every card West may play, on the table
    drills = app.drills
    assert drills is not None and drills.table is not None
    table = drills.table
    assert table.action("check") == {"id": "check", "label": "Check (0 chosen)", "enabled": True, "kind": "primary"}
    legal = [c.code for c in drills.drill.picture.state.legal_plays()]  # type: ignore[union-attr]
    for code in legal:
        table.click(code)
    assert table.action("check")["label"] == f"Check ({len(legal)} chosen)"  # type: ignore[index]
    table.press("check")
    assert drills.attempt.stars == 3 and table.action("check") is None
    assert table.action("next") is not None and table.text.startswith("Right: ")  # the feedback at the table
    table.press("next")
    assert drills.index == 1 and table is not drills.table
    app.open_ladder()
    ladder = app.ladder
    assert ladder is not None and ladder.table is not None and ladder.puzzle is not None
    assert ladder.table.action("next") is None
    ladder.table.click(ladder.puzzle.answer[0].code)
    first = ladder.puzzle
    ladder.table.press("next")
    assert ladder.puzzle is not first
