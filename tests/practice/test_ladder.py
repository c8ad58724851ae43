"""The puzzle file's loader refuses damaged files with a clear message; serving is near the rating, by theme."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from hearts_lessons.cards import Card
from hearts_lessons.practice import ladder
from hearts_lessons.practice.ladder import (
    DATA_FILE,
    THEMES,
    PuzzleFileError,
    choose,
    homework,
    load_puzzles,
)

from .helpers import puzzle_data, write


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return puzzle_data(12)


def test_a_good_file_loads_and_replays(tmp_path: Path, data: dict[str, Any]) -> None:
    loaded = load_puzzles(write(tmp_path / "puzzles.json", data))
    assert len(loaded) == 12 and loaded.seed == 5 and loaded.worlds == 1000
    assert "12 puzzles made by scripts/mine_puzzles.py" in loaded.note
    first = loaded.puzzles[0]
    state = first.state()
    assert state.to_play == first.seat and first.answer[0] in state.legal_plays()
    assert first.is_right([first.answer[0].code]) and not first.is_right(first.second)
    assert loaded.by_id("p003").rating == 1300
    assert loaded.themes()["endgame"] == 12 and loaded.themes()["ducking"] == 2
    assert first.confirmed.worlds == 1000 and first.confirmed.seeds == ("5/p000/1", "5/p000/2")


def test_a_wrong_answer_is_told_what_its_card_does_and_costs(tmp_path: Path, data: dict[str, Any]) -> None:
    first = load_puzzles(write(tmp_path / "puzzles.json", data)).puzzles[0]
    wrong = first.costs[0]
    text = first.feedback(wrong["cards"])
    assert text.startswith(f"The {Card.from_str(wrong['cards'][0]).symbol}")
    assert "costs 2.0 ± 0.3 points more on average than the " in text and "2,000 sampled deals" in text
    assert "Q♠" not in text.split("than the")[1]  # the same share of Q♠s after both: not worth a clause


def _broken(data: dict[str, Any], change: Any) -> dict[str, Any]:
    bad = copy.deepcopy(data)
    change(bad)
    return bad


def _tamper_deal(d: dict[str, Any]) -> None:
    deal = d["puzzles"][1]["record"]["deal"]
    deal[0][0], deal[1][0] = deal[1][0], deal[0][0]  # swap a card between two hands: the actions no longer replay


CASES = [
    (lambda d: d.update(format=1), "has format 1"),
    (lambda d: d.pop("generator"), "does not name its generator"),
    (lambda d: d.update(seed="x"), "seed"),
    (lambda d: d.update(puzzles={}), "no list of 'puzzles'"),
    (lambda d: d["puzzles"][2].update(kind="lead"), "puzzle 3 ('p002'): its 'kind'"),
    (lambda d: d["puzzles"][0].update(answer=["ZZ"]), "puzzle 1 ('p000'): the answer holds something that is not"),
    (lambda d: d["puzzles"][0].update(answer=d["puzzles"][0]["second"]), "the answer and the second best are"),
    (lambda d: d["puzzles"][0].update(margin=1.5), "below 2 points"),
    (lambda d: d["puzzles"][0].update(margins=[2.0, 1.5]), "at least 2 points in every confirmation run"),
    (lambda d: d["puzzles"][0].update(margins=[2.5]), "one margin per confirmation seed"),
    (lambda d: d["puzzles"][0].pop("confirmed"), "its 'confirmed' must be the settings"),
    (lambda d: d["puzzles"][0]["confirmed"].pop("lookahead"), "settings lack lookahead"),
    (lambda d: d["puzzles"][0].update(costs=[]), "its 'costs' must list"),
    (lambda d: d["puzzles"][0]["costs"][0].pop("half_width"), "a cost lacks half_width"),
    (lambda d: d["puzzles"][0]["costs"][0].pop("queen"), "a cost lacks queen"),
    (lambda d: d["puzzles"][0].update(facts=[{"kind": "ducks"}]), "its 'facts' are damaged"),
    (lambda d: d["puzzles"][0].update(themes=["luck"]), "unknown theme 'luck'"),
    (lambda d: d["puzzles"][0].update(themes="ducking"), "'themes' must be a list"),
    (lambda d: d["puzzles"][0].update(rating=2600), "outside 500–2500"),
    (lambda d: d["puzzles"][0].pop("rating_deviation"), "'rating_deviation'"),
    (lambda d: d["puzzles"][0].update(solved_by="rules"), "its 'solved_by' must list"),
    (lambda d: d["puzzles"][0].update(explanation=" "), "'explanation'"),
    (lambda d: d["puzzles"][0].update(seat=(d["puzzles"][0]["seat"] + 1) % 4), "does not stop at the seat's turn"),
    (_tamper_deal, "puzzle 2 ('p001'): its record does not replay"),
    (lambda d: d["puzzles"][3].update(id="p000"), "the id 'p000' is used twice"),
    (lambda d: d["puzzles"][0]["record"].update(format="other"), "its record does not replay"),
]


@pytest.mark.parametrize(("change", "message"), CASES)
def test_a_damaged_file_is_refused_naming_what_is_wrong(tmp_path: Path, data: dict[str, Any], change: Any,
                                                          message: str) -> None:  # fmt: skip
    path = write(tmp_path / "puzzles.json", _broken(data, change))
    with pytest.raises(PuzzleFileError) as caught:
        load_puzzles(path)
    assert message in str(caught.value)


def test_an_illegal_answer_names_the_engine_reason(tmp_path: Path, data: dict[str, Any]) -> None:
    bad = copy.deepcopy(data)
    puzzle = bad["puzzles"][0]
    state = load_puzzles(text=json.dumps(data)).puzzles[0].state()
    illegal = next((c for c in state.hand(state.to_play) if not state.can_play(c)), None)
    if illegal is None:  # every card legal here: use a card the seat does not hold
        illegal = next(c for c in state.hand((state.to_play + 1) % 4))
    puzzle["answer"] = [illegal.code]
    with pytest.raises(PuzzleFileError, match=r"the answer .* is not legal: ") as caught:
        load_puzzles(text=json.dumps(bad))
    assert (state.why_not(illegal) or "") in str(caught.value)


def test_not_json_and_missing_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text("{oops", encoding="utf-8")
    with pytest.raises(PuzzleFileError, match="is not valid JSON"):
        load_puzzles(path)
    with pytest.raises(PuzzleFileError, match="there is no puzzle file"):
        load_puzzles(tmp_path / "absent.json")
    monkeypatch.setattr(ladder, "DATA_FILE", tmp_path / "not yet mined.json")
    empty = load_puzzles()
    assert len(empty) == 0 and "ladder is empty" in empty.note


def test_the_packaged_file_loads_if_it_is_there() -> None:
    if not DATA_FILE.exists():
        pytest.skip("the mined puzzle file has not landed yet")
    loaded = load_puzzles()
    assert len(loaded) > 0 and all(p.margin >= 2 for p in loaded.puzzles)


def test_serving_near_the_rating_by_theme_and_not_twice(data: dict[str, Any]) -> None:
    puzzles = load_puzzles(text=json.dumps(data)).puzzles
    rng = random.Random(1)
    for rating in (900, 1420, 1750, 2400):
        served = {choose(puzzles, rating, rng=rng, nearest=3).id for _ in range(30)}  # type: ignore[union-attr]
        nearest = sorted(puzzles, key=lambda p: (abs(p.rating - rating), p.id))[:3]
        assert served <= {p.id for p in nearest}
    ducking = [p for p in puzzles if "ducking" in p.themes]
    got = choose(puzzles, 1500, themes=["ducking"], rng=rng)
    assert got in ducking
    done = {p.id for p in ducking[:-1]}
    assert choose(puzzles, 1000, themes=["ducking"], done=done, rng=rng) is ducking[-1]
    assert choose(puzzles, 1000, themes=["ducking"], done={p.id for p in ducking}, rng=rng) in ducking  # served again
    assert choose(puzzles, 1500, themes=["ducking"], kind="pass") is None
    assert choose((), 1500) is None


def test_homework_is_one_theme_easiest_first(data: dict[str, Any]) -> None:
    puzzles = load_puzzles(text=json.dumps(data)).puzzles
    ten = homework(puzzles, "endgame", 10)
    assert len(ten) == 10 and all("endgame" in p.themes for p in ten)
    assert [p.rating for p in ten] == sorted(p.rating for p in ten)
    # the helper gives puzzle i the theme THEMES[i % len(THEMES)] and a rating rising with i
    assert [p.id for p in homework(puzzles, THEMES[0], 10)] == [f"p{i:03d}" for i in range(0, 12, len(THEMES))]
    with pytest.raises(ValueError, match="unknown theme"):
        homework(puzzles, "luck")
