"""The puzzle ladder's data (``hearts_lessons/practice/data/puzzles.json``, made by ``scripts/mine_puzzles.py``):
every puzzle replays from its record to its position, its answer is legal, and the coach still finds it."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import hearts_lessons
from hearts_lessons.bots import CoachBot
from hearts_lessons.cards import parse_cards
from hearts_lessons.state import HandState, Phase

from .helpers import mine_puzzles

DATA = Path(hearts_lessons.__file__).parent / "practice" / "data" / "puzzles.json"
THEMES = {"ducking", "unloading", "dumping-queen", "making-void", "counting", "stopping-moon", "shooting", "endgame",
          "passing"}  # fmt: skip
MARGIN = 2.0


@cache
def data() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def puzzles() -> list[dict[str, Any]]:
    return list(data()["puzzles"])


def position(puzzle: dict[str, Any]) -> HandState:
    return HandState.from_json(json.dumps(puzzle["record"]))


def test_file_loads_with_its_generator_and_seed() -> None:
    d = data()
    assert d["format"] == 1
    assert d["generator"] == "scripts/mine_puzzles.py"
    assert isinstance(d["seed"], int)
    assert d["worlds"] >= 1000


def test_enough_puzzles_of_both_kinds_with_unique_ids() -> None:
    found = puzzles()
    assert len(found) >= 300
    assert sum(p["kind"] == "pass" for p in found) >= 30
    assert sum(p["kind"] == "play" for p in found) >= 200
    ids = [p["id"] for p in found]
    assert len(set(ids)) == len(ids)


def test_fields_themes_ratings_and_margins() -> None:
    for p in puzzles():
        assert p["kind"] in ("play", "pass"), p["id"]
        assert set(p["themes"]) <= THEMES, p["id"]
        assert p["themes"] and len(set(p["themes"])) == len(p["themes"]), p["id"]
        assert ("passing" in p["themes"]) == (p["kind"] == "pass"), p["id"]
        assert isinstance(p["rating"], int) and 1000 <= p["rating"] <= 2200, p["id"]
        assert len(p["margins"]) == 2 and min(p["margins"]) >= MARGIN, p["id"]
        assert p["margin"] >= MARGIN, p["id"]
        assert set(p["answer"]) != set(p["second"]), p["id"]
        assert p["explanation"].startswith(("Play the ", "Pass the ")), p["id"]
        assert f"{p['margin']:.1f}" in p["explanation"], p["id"]


def test_themes_follow_the_generators_rules() -> None:
    """Every puzzle's themes are what ``scripts/mine_puzzles.py``'s rules give for its position and answer (the
    file was rewritten after the rules last changed), every puzzle has one, and every theme is used."""
    mine = mine_puzzles()
    counts = dict.fromkeys(THEMES, 0)
    for p in puzzles():
        view = position(p).view(p["seat"])
        answer = [card.id for card in parse_cards(" ".join(p["answer"]))]
        found = mine.play_themes(view, answer[0]) if p["kind"] == "play" else mine.pass_themes(view, answer)
        assert found == p["themes"], p["id"]
        for theme in found:
            counts[theme] += 1
    assert min(counts.values()) >= 2, counts


def test_explanations_and_ratings_follow_the_generators_rules() -> None:
    """Every puzzle's explanation and rating are what ``scripts/mine_puzzles.py`` gives for its position, answer
    and margin today (the file is rewritten whenever the coach's sentences change)."""
    mine = mine_puzzles()
    for p in puzzles():
        fresh = mine.annotate(p)
        assert (fresh["explanation"], fresh["rating"]) == (p["explanation"], p["rating"]), p["id"]


def test_every_record_replays_to_its_position_and_the_answer_is_legal() -> None:
    for p in puzzles():
        state = position(p)
        seat = p["seat"]
        if p["kind"] == "play":
            assert state.phase is Phase.PLAYING and state.to_play == seat, p["id"]
            legal = [c.code for c in state.legal_plays()]
            assert len(p["answer"]) == 1 and p["answer"][0] in legal, p["id"]
            assert len(p["second"]) == 1 and p["second"][0] in legal, p["id"]
            assert len(legal) >= 2, p["id"]
        else:
            assert state.phase is Phase.PASSING and seat in state.to_pass, p["id"]
            assert state.can_pass(seat, p["answer"]), p["id"]
            assert state.can_pass(seat, p["second"]), p["id"]


@cache
def _sample() -> list[dict[str, Any]]:
    """Three card-play puzzles chosen by a fixed rule: the fewest legal cards, then the smallest id."""
    plays = [p for p in puzzles() if p["kind"] == "play"]
    return sorted(plays, key=lambda p: (len(position(p).legal_plays()), p["id"]))[:3]


@pytest.mark.parametrize("index", range(3))
def test_the_coach_still_finds_the_answer(index: int) -> None:
    """The coach at the recorded strength, seeded as the generator's first confirmation, picks the answer by at
    least the margin the ladder promises."""
    p = _sample()[index]
    view = position(p).view(p["seat"])
    rng = random.Random(f"{data()['seed']}/{p['id']}/1")
    advice = CoachBot(worlds=data()["worlds"], caution=0).advise(view, rng)
    ranked = sorted(advice.candidates, key=lambda c: c.mean)
    assert [c.code for c in ranked[0].cards] == p["answer"]
    assert ranked[1].mean - ranked[0].mean >= MARGIN
