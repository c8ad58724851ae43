"""The puzzle ladder's data (``hearts_lessons/practice/data/puzzles.json``, made by ``scripts/mine_puzzles.py``):
every puzzle replays from its record to its position, its answer is legal, every setting of the confirmation that
showed it best is recorded, its themes and every fact its sentences are made of hold on its position, and a
sample of 20 that changes every day is confirmed again with its recorded settings."""

from __future__ import annotations

import itertools
import json
import re
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import hearts_lessons
from hearts_lessons.cards import parse_cards
from hearts_lessons.facts import KINDS, check
from hearts_lessons.facts.puzzles import THEME_RULES, theme_holds
from hearts_lessons.practice.ladder import best_meaning, load_puzzles
from hearts_lessons.practice.puzzle_ratings import HELD_OUT, SOLVERS, band_rates, fit, solves
from hearts_lessons.practice.puzzle_words import fact_from_json, with_interval
from hearts_lessons.practice.recheck import Settings, coach_version, confirm
from hearts_lessons.state import HandState, Phase

from .helpers import mine_puzzles

DATA = Path(hearts_lessons.__file__).parent / "practice" / "data" / "puzzles.json"
THEMES = {"ducking", "unloading", "dumping-queen", "making-void", "counting", "stopping-moon", "shooting", "endgame",
          "passing"}  # fmt: skip
MARGIN = 2.0
SAMPLE = 20
"""Puzzles re-confirmed in CI, a new sample each day."""


@cache
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def puzzles() -> list[dict[str, Any]]:
    return list(data()["puzzles"])


def position(puzzle: dict[str, Any]) -> HandState:
    return HandState.from_json(json.dumps(puzzle["record"]))


def test_file_loads_with_its_generator_and_seed() -> None:
    d = data()
    assert d["format"] == 2
    assert d["generator"] == "scripts/mine_puzzles.py"
    assert isinstance(d["seed"], int)
    assert d["worlds"] >= 1000


def test_enough_puzzles_of_both_kinds_with_unique_ids() -> None:
    found = puzzles()
    assert len(found) >= 280  # 309 mined; those the coach no longer confirms are dropped
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
        assert isinstance(p["rating"], int) and 500 <= p["rating"] <= 2500, p["id"]
        assert len(p["margins"]) == len(p["confirmed"]["seeds"]) == 2, p["id"]
        assert min(p["margins"]) >= MARGIN - 1e-9 and p["margin"] >= MARGIN - 1e-9, p["id"]
        assert set(p["answer"]) != set(p["second"]), p["id"]
        assert p["explanation"].startswith(("Play the ", "Pass the ")), p["id"]
        second = p["costs"][0]
        assert sorted(second["cards"]) == sorted(p["second"]), p["id"]
        assert f"saves {with_interval(second['extra'], second['half_width'])} points" in p["explanation"], p["id"]
        assert all(a["extra"] <= b["extra"] for a, b in zip(p["costs"], p["costs"][1:], strict=False)), p["id"]


def test_every_puzzle_records_the_settings_that_confirmed_it() -> None:
    """Deals, seeds, lookahead, sampling model, the coach's version and the engine build, per puzzle."""
    for p in puzzles():
        settings = Settings.from_dict(p["confirmed"])
        assert settings.worlds >= 1000 and len(set(settings.seeds)) == len(settings.seeds) == 2, p["id"]
        assert settings.lookahead == 0 and settings.rollout == "rule-based" and settings.margin == MARGIN, p["id"]
        assert settings.infer == (p["kind"] == "play"), p["id"]
        assert re.fullmatch(r"[0-9a-f]{12}", settings.coach), p["id"]
        assert settings.engine and re.fullmatch(r"\d{4}-\d\d-\d\d", settings.date), p["id"]
    assert best_meaning(load_puzzles(DATA).puzzles).startswith("Best means: against players who play like")


def test_every_theme_holds_by_its_predicate() -> None:
    """Each theme a puzzle carries is true of its position and answer (:func:`theme_holds`: a shooting puzzle's
    seat can still take every point, a stopping-moon one has another seat that can, …), and no predicate is true
    of every puzzle."""
    true_of = dict.fromkeys(THEME_RULES, 0)
    for p in puzzles():
        state = position(p)
        for theme in THEME_RULES:
            holds = theme_holds(theme, state, p["seat"], p["answer"])
            true_of[theme] += holds
            if theme in p["themes"]:
                assert holds, (p["id"], theme)
    assert all(0 < n < len(puzzles()) for n in true_of.values()), true_of


def test_every_fact_of_every_puzzle_holds_on_its_position() -> None:
    """The explanation's facts are each true of the position; every puzzle has at least one; the explanation is
    what the generator makes of them (and of the second best's measured saving)."""
    mine = mine_puzzles()
    kinds: set[str] = set()
    for p in puzzles():
        state = position(p)
        facts = [fact_from_json(f) for f in p["facts"]]
        assert facts, p["id"]
        for fact in facts:
            assert fact.kind in KINDS and check(fact, state), (p["id"], str(fact))
            kinds.add(fact.kind)
        assert mine.words(p, state) == {"facts": p["facts"], "explanation": p["explanation"]}, p["id"]
    assert len(kinds) >= 12, kinds


def test_a_wrong_answer_says_what_that_choice_does_and_costs() -> None:
    """Every other choice of every puzzle: the feedback is made (each of its facts checked as it is made) and
    gives that choice's measured cost and interval."""
    for p in load_puzzles(DATA).puzzles:
        for other in p.costs:
            text = p.feedback(other["cards"])
            assert f"costs {with_interval(other['extra'], other['half_width'])} points more" in text, p.id
            assert f"Over {other['worlds']:,} sampled deals" in text, p.id


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


def test_ratings_are_fitted_from_the_recorded_attempts() -> None:
    """Each puzzle's rating and deviation, and each solver's rating, are what ``puzzle_ratings.fit`` gives from the
    attempts the file records (``solved_by``); a puzzle solved by more solvers is never rated higher than one
    solved by a subset of them."""
    found = puzzles()
    names = [solver.name for solver in SOLVERS]
    assert all(set(p["solved_by"]) <= set(names) for p in found)
    rated = fit({n: [n in p["solved_by"] for p in found] for n in names})
    for p, value, deviation in zip(found, rated.puzzles, rated.deviations, strict=True):
        assert (p["rating"], p["rating_deviation"]) == (round(value), round(deviation)), p["id"]
    assert {s["name"]: s["rating"] for s in data()["ratings"]["solvers"]} == {
        n: round(v) for n, v in rated.solvers.items()}
    by_set = sorted(found, key=lambda p: len(p["solved_by"]))
    for a in by_set[::7]:
        for b in by_set[::11]:
            if set(a["solved_by"]) < set(b["solved_by"]):
                assert a["rating"] >= b["rating"], (a["id"], b["id"])


def test_a_held_out_solver_solves_fewer_puzzles_in_each_higher_band() -> None:
    """The solver not used for the ratings (the coach at one deal, reading the others' play): its recorded
    results add up to the bands, and its share falls from each band to the next, by more than the noise."""
    held = data()["ratings"]["held_out"]
    by_id = {p["id"]: p for p in puzzles()}
    assert set(held["solved"]) <= set(by_id)
    expected = band_rates([p["rating"] for p in puzzles()], [p["id"] in held["solved"] for p in puzzles()])
    assert [(b["from"], b["to"], b["puzzles"], b["solved"]) for b in held["bands"]] == expected
    shares = []
    for _, _, count, solved in expected:
        assert count >= 20
        share = solved / count
        shares.append((share, 1.96 * (share * (1 - share) / count) ** 0.5))
    for (upper, upper_half), (lower, lower_half) in itertools.pairwise(shares):
        assert upper - upper_half > lower + lower_half, shares


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


def dated_sample(day: str, count: int = SAMPLE) -> list[dict[str, Any]]:
    """``count`` puzzles drawn by ``random.Random(day)`` (the script's ``--check N --check-seed DAY``)."""
    ids = [p["id"] for p in puzzles()]
    chosen = mine_puzzles().check_sample(ids, count, day)
    return [p for p in puzzles() if p["id"] in chosen]


def test_the_dated_sample_changes_by_day_and_mixes_kinds() -> None:
    a, b = dated_sample("2026-11-28"), dated_sample("2026-11-29")
    assert len(a) == len(b) == SAMPLE and {p["id"] for p in a} != {p["id"] for p in b}


TODAY = time.strftime("%Y-%m-%d", time.gmtime())


@pytest.mark.parametrize("index", range(SAMPLE))
def test_todays_sample_still_holds_with_its_recorded_settings(index: int) -> None:
    """Today's 20 puzzles, each measured again with every recorded setting (both confirmation runs, each with its
    seed and its 1,000 deals): the answer is still best by the promised 2 points in each run. Where the coach is
    the recorded version this repeats the recorded runs exactly; where it changed, a puzzle that fails is to be
    re-mined or dropped (``scripts/mine_puzzles.py --check all --record``)."""
    p = dated_sample(TODAY)[index]
    settings = Settings.from_dict(p["confirmed"])
    done = confirm(position(p), p["seat"], parse_cards(" ".join(p["answer"])), settings)
    assert done.holds, (p["id"], done.margins)
    if settings.coach == coach_version():
        assert [round(m, 3) for m in done.margins] == p["margins"], p["id"]


def test_todays_attempts_repeat() -> None:
    """Five puzzles of today's sample, tried again by every rating solver and the held-out one: where the coach is
    the recorded version, each finds the answer exactly when the file says so."""
    if data()["ratings"]["coach"] != coach_version():
        pytest.skip("the coach changed since the ratings were earned: scripts/mine_puzzles.py --rate")
    held = set(data()["ratings"]["held_out"]["solved"])
    for p in dated_sample(TODAY)[:5]:
        state = position(p)
        answer = parse_cards(" ".join(p["answer"]))
        for solver in SOLVERS:
            assert solves(solver, state, p["seat"], answer, p["id"]) == (solver.name in p["solved_by"]), p["id"]
        assert solves(HELD_OUT, state, p["seat"], answer, p["id"]) == (p["id"] in held), p["id"]
