"""The bot ladder's ratings: the shipped file, the levels, a small seeded run of the schedule, refused files."""

from __future__ import annotations

import fnmatch
import itertools
import json
import math
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryFull

from hearts_lessons.bots import CoachBot
from hearts_lessons.bots.ladder_run import rate, run_ladder, schedule
from hearts_lessons.bots.ratings import (
    DATA_FILE,
    ENTRANTS,
    GUESTS,
    LEVELS,
    Entrant,
    RatingsFileError,
    entrant,
    level,
    load_ladder,
)
from hearts_lessons.stats import Z95

ROOT = Path(__file__).resolve().parents[2]
SMALL = (Entrant("random", "random"), Entrant("beginner", "beginner"), Entrant("rules", "rules"),
         Entrant("coach (2 worlds)", "coach", (("worlds", 2), ("pass_worlds", 1))))  # fmt: skip


@pytest.fixture(scope="module")
def small_run() -> dict[str, Any]:
    return run_ladder(deals=2, seed=5, entrants=SMALL)


# -- the shipped file -----------------------------------------------------------------------------------------------
def test_the_shipped_file_loads_and_rates_every_entrant() -> None:
    ladder = load_ladder()
    assert ladder.entrants == ENTRANTS and ladder.library == "openskill" and ladder.players == 4
    assert {r.name for r in ladder.ratings} == {e.name for e in ENTRANTS}
    hosts = len(ENTRANTS) - len(GUESTS)
    assert len(ladder.schedule) == math.comb(hosts, 4) + 7 * len(GUESTS)  # every four-bot table, then the guests'
    assert ladder.hands == len(ladder.schedule) * ladder.deals * 4
    for r in ladder.ratings:
        tables = 7 if r.name in GUESTS else math.comb(hosts - 1, 3) + 3 * len(GUESTS)
        assert r.hands == tables * ladder.deals * 4
        assert 0 < r.sigma < 25 / 3 and r.low == pytest.approx(r.mu - Z95 * r.sigma) and r.low < r.mu < r.high
    mus = [r.mu for r in ladder.ratings]
    assert mus == sorted(mus, reverse=True)  # strongest first
    assert ladder.ratings[-1].name == "random"  # the weakest
    assert ladder.table().keys() == [r.name for r in ladder.ratings]


def test_the_levels_are_entrants_in_increasing_rating() -> None:
    ladder = load_ladder()
    assert [lv.name for lv in LEVELS] == ["Easy", "Medium", "Hard", "Expert"]
    ratings = [ladder.level_rating(lv.name) for lv in LEVELS]
    assert all(a.mu < b.mu for a, b in itertools.pairwise(ratings))
    expert = entrant(level("Expert").entrant)
    assert expert.bot == "coach" and isinstance(expert.make(), CoachBot)
    assert ladder.level_words("Expert").startswith("Expert: coach (100 worlds), rating ")
    with pytest.raises(ValueError, match="there is no level 'Insane': choose from Easy, Medium, Hard, Expert"):
        level("Insane")
    with pytest.raises(ValueError, match="no entrant of the ladder is called 'coach'"):
        entrant("coach")


def test_the_file_ships_in_the_wheel() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["hearts_lessons"]
    relative = DATA_FILE.relative_to(ROOT / "hearts_lessons").as_posix()
    assert any(fnmatch.fnmatch(relative, p) for p in patterns), patterns


def test_reading_the_ratings_never_imports_openskill() -> None:
    code = ("import sys\nfrom hearts_lessons.bots.ratings import load_ladder\nload_ladder()\n"
            "import hearts_lessons.widgets.play\nprint('openskill' in sys.modules)")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"


# -- the schedule and a small run -----------------------------------------------------------------------------------
def test_the_schedule_seats_every_table_once_and_depends_on_the_seed() -> None:
    tables = schedule(ENTRANTS, seed=1, guests=GUESTS)
    assert len(tables) == 42 and len({frozenset(t) for t in tables}) == 42
    assert all(len(set(t)) == 4 for t in tables)
    assert schedule(ENTRANTS, seed=1, guests=GUESTS) == tables and schedule(ENTRANTS, seed=2, guests=GUESTS) != tables
    assert len(schedule(ENTRANTS, seed=1)) == math.comb(8, 4)  # without guests: every table of four
    with pytest.raises(ValueError, match="a table needs 4 entrants; the ladder has 3"):
        schedule(SMALL[:3], seed=1)
    with pytest.raises(ValueError, match="the guest 'nobody' is not an entrant"):
        schedule(ENTRANTS, seed=1, guests=["nobody"])
    with pytest.raises(ValueError, match="guests play four-player tables with seven other entrants"):
        schedule(SMALL, seed=1, guests=["rules"])


def test_a_guest_meets_every_other_entrant_three_times_and_every_pair_once() -> None:
    """The guest's seven tables are the Fano plane's lines over the seven other entrants."""
    tables = schedule(ENTRANTS, seed=2026, guests=GUESTS)
    hosts = [e.name for e in ENTRANTS if e.name not in GUESTS]
    assert tables[:35] == schedule([e for e in ENTRANTS if e.name not in GUESTS], seed=2026)  # the old tables kept
    guest_tables = [set(t) - set(GUESTS) for t in tables[35:]]
    assert all(GUESTS[0] in t for t in tables[35:]) and all(len(t) == 3 for t in guest_tables)
    assert all(sum(h in t for t in guest_tables) == 3 for h in hosts)
    for a, b in itertools.combinations(hosts, 2):
        assert sum({a, b} <= t for t in guest_tables) == 1


def test_extending_a_ladder_keeps_its_hands_and_plays_only_the_new_tables() -> None:
    five = (*SMALL, Entrant("shooter", "shooter"))
    whole = run_ladder(deals=1, seed=3, entrants=five)
    part = {**whole, "schedule": whole["schedule"][:2], "results": [r for r in whole["results"] if r[1] < 2]}
    extended = run_ladder(deals=1, seed=3, entrants=five, kept=part)
    assert extended["results"] == whole["results"] and extended["ratings"] == whole["ratings"]
    with pytest.raises(ValueError, match="is not the start of this ladder"):
        run_ladder(deals=1, seed=4, entrants=five, kept=part)


def test_a_small_run_is_reproducible_and_valid(small_run: dict[str, Any]) -> None:
    again = run_ladder(deals=2, seed=5, entrants=SMALL)
    assert again["ratings"] == small_run["ratings"] and again["schedule"] == small_run["schedule"]
    ladder = load_ladder(text=json.dumps(small_run), entrants=SMALL)
    assert ladder.seed == 5 and ladder.deals == 2 and ladder.hands == 8 and len(small_run["results"]) == 8
    assert all(r.hands == 8 and 0 < r.sigma < 25 / 3 and math.isfinite(r.mu) for r in ladder.ratings)
    assert len({round(r.mu, 9) for r in ladder.ratings}) > 1  # the hands moved the ratings apart
    assert ladder.model["tau"] == 0.0 and small_run["version"] == "6.2.0"
    other = run_ladder(deals=2, seed=6, entrants=SMALL)
    assert other["ratings"] != small_run["ratings"]  # the seed picks the deals


def test_worker_processes_play_the_same_ladder(small_run: dict[str, Any]) -> None:
    """``--processes 2`` splits each table's deals between two processes: the same hands, the same ratings."""
    pooled = run_ladder(deals=2, seed=5, entrants=SMALL, processes=2)
    assert pooled["results"] == small_run["results"] and pooled["ratings"] == small_run["ratings"]
    assert pooled["cpu_seconds"] > 0


def test_the_small_run_is_refused_as_the_shipped_ladder(small_run: dict[str, Any]) -> None:
    with pytest.raises(RatingsFileError, match=r"but the ladder's entrants are random, beginner, rules, shooter"):
        load_ladder(text=json.dumps(small_run))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=4, max_size=4))
def test_fewer_points_never_rate_lower(points: list[int]) -> None:
    out = rate([(0, 0, 0, ("a", "b", "c", "d"), tuple(float(p) for p in points))], "abcd", BradleyTerryFull(tau=0.0))
    for x, px in zip("abcd", points, strict=True):
        for y, py in zip("abcd", points, strict=True):
            if px < py:
                assert out[x][0] > out[y][0]
            elif px == py:
                assert out[x] == pytest.approx(out[y])


# -- damaged files ------------------------------------------------------------------------------------------------
def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def damaged(change: str) -> str:
    data = shipped()
    if change == "format":
        data["format"] = 9
    elif change == "no seed":
        del data["seed"]
    elif change == "sigma":
        data["ratings"][0]["sigma"] = -1.0
    elif change == "mu":
        data["ratings"][1]["mu"] = "high"
    elif change == "hands":
        data["ratings"][2]["hands"] += 1
    elif change == "strength":
        data["entrants"][-1]["options"]["worlds"] = 200
    elif change == "schedule":
        data["schedule"][0][0] = "grandmaster"
    elif change == "twice":
        data["ratings"].append(data["ratings"][0])
    elif change == "library":
        data["library"] = "trueskill"
    elif change == "results":
        data["results"].pop()
    elif change == "a result":
        data["results"][2][1] = len(data["schedule"])
    return json.dumps(data)


@pytest.mark.parametrize(("change", "reason"), [
    ("format", "the ratings file has format 9; this version reads format 1"),
    ("no seed", "the ratings file has no 'seed'"),
    ("sigma", "sigma must be positive, not -1.0"),
    ("mu", "'mu' has the wrong type (str)"),
    ("hands", "hands, but the schedule gives it"),
    ("strength", "coach (full strength) (with their options): rerun the ladder"),
    ("schedule", "table 1 of the schedule seats 'grandmaster', who is not an entrant"),
    ("twice", "must rate every entrant exactly once"),
    ("library", "was made with trueskill BradleyTerryFull, not openskill's BradleyTerryFull"),
    ("results", "the results must hold each of the 2016 hands once, not 2015 rows"),
    ("a result", "hand 3 of the results is not [deal, table, rotation, 4 points]"),
])  # fmt: skip
def test_a_damaged_file_is_refused_with_its_reason(change: str, reason: str) -> None:
    with pytest.raises(RatingsFileError) as info:
        load_ladder(text=damaged(change))
    assert reason in str(info.value)


def test_a_file_that_is_not_json_or_missing_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RatingsFileError, match="the ratings file is not valid JSON"):
        load_ladder(text=DATA_FILE.read_text(encoding="utf-8")[:-40])
    with pytest.raises(RatingsFileError, match=r"there is no ratings file at .*: run `python -m "):
        load_ladder(tmp_path / "ratings.json")
