"""Rate the bot ladder: a round robin on duplicate deals, each hand rated with openskill's Bradley–Terry model.

This is the only module that imports *openskill* (a development tool pinned in ``requirements.txt``, not shipped
to the live site); the lessons and the play table read its output through :mod:`hearts_lessons.bots.ratings`.

**The schedule** (:func:`schedule`): every table of ``players`` distinct entrants of
:data:`~hearts_lessons.bots.ratings.ENTRANTS` but its guests (all 35 four-bot tables of the seven entrants), then
each guest's seven tables (:data:`~hearts_lessons.bots.ratings.GUESTS`: the coach at full strength), each seated in
an order shuffled by ``random.Random(seed)``. **The play**: every table plays the same ``deals`` deals of Standard
Hearts (deal ``i`` from :func:`~hearts_lessons.simulate.deal_seed` ``(seed, i)``, hand number ``i``, so the pass
cycles left, right, across, hold), each once per seat rotation (``duplicate=True`` of
:func:`~hearts_lessons.simulate.simulate_hands`): every entrant plays every seat of every deal of its tables.

**The rating** (:func:`rate`): every hand is one four-player match; the entrants are ranked by the points they
took in the hand, fewer first, equal points tied, and ``BradleyTerryFull.rate(teams, ranks=points)`` updates their
ratings (the Weng–Lin Bayesian approximation of the Bradley–Terry model over every pair of the table: Weng and
Lin, *Journal of Machine Learning Research* 12, 2011, Algorithm 1). Hands are rated in a fixed order (deal by
deal; within a deal table by table, then rotation by rotation), so the same seed gives the same ratings. The
model's ``tau`` (a drift added to every uncertainty before each match, for players whose skill changes) is 0: a
bot's skill does not change.

Why not openskill's Plackett–Luce model: in openskill 6.2.0 it mishandles ties (ranks ``[0, 0, 1, 2]`` give the
third player the same gain as the two tied winners; openskill.py issue #155, fix proposed in pull request #176),
and in Hearts ties are common (two players taking no points in a hand). The Bradley–Terry model counts a tie
as a draw between the two players, and a worse place never rates higher (tests/bots/test_ratings.py checks both).

Every hand's points are kept in the file (``results``), so ``--rerate`` can rate them again without playing.

Run it (one process; about 28 processor-minutes with 12 deals per table on the machine it was sized on, the
engine compiled; ``--extend`` plays only the tables after those the file already has)::

    nice -n 10 python -m hearts_lessons.bots.ladder_run --deals 12 --seed 2026

>>> from hearts_lessons.bots.ratings import Entrant
>>> weak = (Entrant("random", "random"), Entrant("beginner", "beginner"), Entrant("rules", "rules"))
>>> doc = run_ladder(deals=2, seed=1, entrants=weak, players=3)
>>> doc["schedule"], [r["hands"] for r in doc["ratings"]]
([['beginner', 'rules', 'random']], [6, 6, 6])
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from importlib.metadata import version
from itertools import combinations
from pathlib import Path
from typing import Any

from openskill.models import BradleyTerryFull

from ..simulate import simulate_hands
from ..stats import average, mean_half
from ..variants import PRESETS
from .ratings import DATA_FILE, ENTRANTS, FORMAT, GUESTS, Entrant

__all__ = ["COMMAND", "document", "main", "rate", "rerate", "run_ladder", "schedule", "write"]

COMMAND = "nice -n 10 python -m hearts_lessons.bots.ladder_run --deals {deals} --seed {seed}"
Result = tuple[int, int, int, tuple[str, ...], tuple[float, ...]]
"""One hand: (deal, table, rotation, the entrant at each seat, the points each seat took)."""


GUEST_OFFSETS = (0, 1, 3)
"""A guest's tables (:func:`schedule`): with the other entrants numbered 0 to 6, the guest sits with entrants
``i``, ``i + 1`` and ``i + 3`` (mod 7) for each ``i``: the seven lines of the Fano plane, so every other entrant meets
the guest at three tables and every two of them sit together with it once."""


def schedule(entrants: Sequence[Entrant], seed: int, players: int = 4,
             guests: Sequence[str] = ()) -> list[tuple[str, ...]]:  # fmt: skip
    """Every table of ``players`` distinct entrants not among ``guests``, then each guest's tables
    (:data:`GUEST_OFFSETS`: four players and seven other entrants), each in a seat order shuffled by
    ``random.Random(seed)``.

    >>> from hearts_lessons.bots.ratings import ENTRANTS, GUESTS
    >>> tables = schedule(ENTRANTS, seed=1, guests=GUESTS)
    >>> len(tables), {sum(e.name in t for t in tables[:35]) for e in ENTRANTS if e.name not in GUESTS}
    (42, {20})
    >>> sorted({sum(e.name in t for t in tables[35:]) for e in ENTRANTS}), all(GUESTS[0] in t for t in tables[35:])
    ([3, 7], True)
    """
    if len(entrants) < players:
        raise ValueError(f"a table needs {players} entrants; the ladder has {len(entrants)}")
    if len({e.name for e in entrants}) != len(entrants):
        raise ValueError("two entrants have the same name")
    names = [e.name for e in entrants]
    unknown = [g for g in guests if g not in names]
    if unknown:
        raise ValueError(f"the guest {unknown[0]!r} is not an entrant")
    hosts = [name for name in names if name not in guests]
    if guests and (players != len(GUEST_OFFSETS) + 1 or len(hosts) != 7):
        raise ValueError("guests play four-player tables with seven other entrants")
    rng = random.Random(seed)
    groups: list[tuple[str, ...]] = list(combinations(hosts, players))
    for guest in guests:
        groups += [(guest, *(hosts[(i + d) % 7] for d in GUEST_OFFSETS)) for i in range(7)]
    tables = []
    for group in groups:
        seats = list(group)
        rng.shuffle(seats)
        tables.append(tuple(seats))
    return tables


def play(entrants: Sequence[Entrant], tables: Sequence[tuple[str, ...]], *, deals: int, seed: int,
         players: int = 4, log: bool = False, processes: int = 1) -> list[Result]:  # fmt: skip
    """Play every table's ``deals`` duplicate deals (in this process, or on ``processes`` worker processes: the
    same hands either way); the hands in rating order."""
    by_name = {e.name: e for e in entrants}
    rules = PRESETS["standard"].rules_for(players)
    results: list[Result] = []
    for t, seats in enumerate(tables):
        start = _cpu()
        hands = simulate_hands(rules, [by_name[name].spec() for name in seats], hands=deals, seed=seed,
                               duplicate=True, processes=processes)  # fmt: skip
        points: dict[tuple[int, int], list[float]] = {}
        for row in hands:
            points.setdefault((row["deal"], row["rotation"]), [0.0] * players)[row["player"]] = float(row["points"])
        results.extend((deal, t, rotation, seats, tuple(p)) for (deal, rotation), p in points.items())
        if log:
            print(f"table {t + 1}/{len(tables)} ({', '.join(seats)}): {_cpu() - start:.1f} s",
                  file=sys.stderr, flush=True)  # fmt: skip
    results.sort(key=lambda r: (r[0], r[1], r[2]))
    return results


def rate(results: Sequence[Result], names: Sequence[str], model: BradleyTerryFull) -> dict[str, tuple[float, float]]:
    """Each entrant's ``(mu, sigma)`` after rating every hand in order: the entrants of a hand are ranked by their
    points, fewer first, equal points tied.

    >>> model = BradleyTerryFull(tau=0.0)
    >>> out = rate([(0, 0, 0, ("a", "b", "c", "d"), (0.0, 13.0, 13.0, 0.0))], "abcd", model)
    >>> out["a"] == out["d"], out["b"] == out["c"], out["a"][0] > 25 > out["b"][0]
    (True, True, True)
    """
    ratings = {name: model.rating(name=name) for name in names}
    for _deal, _table, _rotation, seats, points in results:
        teams = [[ratings[name]] for name in seats]
        for name, (new,) in zip(seats, model.rate(teams, ranks=list(points)), strict=True):
            ratings[name] = new
    return {name: (float(r.mu), float(r.sigma)) for name, r in ratings.items()}


def _cpu() -> float:
    """Processor seconds of this process and of its finished worker processes."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


def run_ladder(*, deals: int, seed: int, entrants: Sequence[Entrant] = ENTRANTS, players: int = 4,
               log: bool = False, processes: int = 1, guests: Sequence[str] | None = None,
               kept: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """Play and rate the ladder; the document :func:`~hearts_lessons.bots.ratings.load_ladder` reads. ``guests``
    (default: :data:`~hearts_lessons.bots.ratings.GUESTS` among ``entrants``) play only their tables
    (:func:`schedule`). With ``kept`` (a ratings document of the same seed, deals and players), the hands of its
    tables that open the schedule are kept, not played again: only the tables after them are played."""
    if deals < 1:
        raise ValueError("play at least one deal per table")
    names = [e.name for e in entrants]
    guests = [g for g in GUESTS if g in names] if guests is None else list(guests)
    start = _cpu()
    tables = schedule(entrants, seed, players, guests)
    old: list[Result] = []
    done: list[tuple[str, ...]] = []
    spent = 0.0
    if kept is not None:
        same = (kept.get("seed"), kept.get("deals"), kept.get("players")) == (seed, deals, players)
        done = [tuple(t) for t in kept.get("schedule", [])]
        if not same or done != tables[: len(done)]:
            raise ValueError("the kept ratings file is not the start of this ladder (seed, deals, players or "
                             "tables differ): play the whole ladder instead")  # fmt: skip
        old = [(row[0], row[1], row[2], tables[row[1]], tuple(float(p) for p in row[3:])) for row in kept["results"]]
        spent = float(kept.get("cpu_seconds", 0.0))
    offset = len(done)
    new = play(entrants, tables[offset:], deals=deals, seed=seed, players=players, log=log, processes=processes)
    results = sorted([*old, *((d, t + offset, rot, seats, p) for d, t, rot, seats, p in new)],
                     key=lambda r: (r[0], r[1], r[2]))  # fmt: skip
    return document(results, tables, entrants=entrants, deals=deals, seed=seed, players=players,
                    cpu_seconds=spent + _cpu() - start)  # fmt: skip


def document(results: Sequence[Result], tables: Sequence[tuple[str, ...]], *, entrants: Sequence[Entrant],
             deals: int, seed: int, players: int, cpu_seconds: float) -> dict[str, Any]:  # fmt: skip
    """Rate played hands: the ratings file's document."""
    model = BradleyTerryFull(tau=0.0)
    rated = rate(results, [e.name for e in entrants], model)
    per_unit: dict[str, dict[tuple[int, int], list[float]]] = {e.name: {} for e in entrants}
    for deal, t, _rotation, seats, points in results:
        for name, p in zip(seats, points, strict=True):
            per_unit[name].setdefault((deal, t), []).append(p)
    ratings: list[dict[str, Any]] = []
    for e in sorted(entrants, key=lambda e: -rated[e.name][0]):  # strongest first
        mu, sigma = rated[e.name]
        units = [average(v) for v in per_unit[e.name].values()]  # one value per deal of a table (its rotations)
        mean, half = mean_half(units)
        hands = sum(len(v) for v in per_unit[e.name].values())
        ratings.append({"name": e.name, "mu": mu, "sigma": sigma, "hands": hands, "points": mean,
                        "points_ci95": half})  # fmt: skip
    return {
        "format": FORMAT, "generator": "hearts_lessons/bots/ladder_run.py",
        "command": COMMAND.format(deals=deals, seed=seed), "library": "openskill", "version": version("openskill"),
        "model": {"name": "BradleyTerryFull", "mu": model.mu, "sigma": model.sigma, "beta": model.beta,
                  "tau": model.tau},
        "rules": PRESETS["standard"].rules_for(players).name, "players": players, "seed": seed, "deals": deals,
        "entrants": [{"name": e.name, "bot": e.bot, "options": dict(e.options)} for e in entrants],
        "schedule": [list(t) for t in tables], "ratings": ratings, "cpu_seconds": round(cpu_seconds, 1),
        "results": [[deal, t, rotation, *points] for deal, t, rotation, _seats, points in results],
    }  # fmt: skip


def rerate(path: Path) -> dict[str, Any]:
    """Rate the hands kept in a ratings file again (after a change to the rating step), without playing them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    names = [e["name"] for e in data["entrants"]]
    if names != [e.name for e in ENTRANTS]:
        raise ValueError("the file's entrants are not the ladder's: play the ladder again instead")
    tables = [tuple(t) for t in data["schedule"]]
    results: list[Result] = [(row[0], row[1], row[2], tables[row[1]], tuple(float(p) for p in row[3:]))
                             for row in data["results"]]  # fmt: skip
    return document(results, tables, entrants=ENTRANTS, deals=data["deals"], seed=data["seed"],
                    players=data["players"], cpu_seconds=data["cpu_seconds"])  # fmt: skip


def write(doc: dict[str, Any], path: Path) -> None:
    """Write a ratings document as JSON, indented, one hand of ``results`` a line."""
    head = json.dumps({k: v for k, v in doc.items() if k != "results"}, indent=1, ensure_ascii=False)
    rows = ",\n  ".join(json.dumps(row) for row in doc["results"])
    path.write_text(head.removesuffix("\n}") + f',\n "results": [\n  {rows}\n ]\n}}\n', encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: play, rate and write the ratings file."""
    parser = argparse.ArgumentParser(prog="python -m hearts_lessons.bots.ladder_run", description=__doc__.split(
        "\n")[0])  # fmt: skip
    parser.add_argument("--deals", type=int, default=12, help="duplicate deals per table (default 12)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the schedule and the deals (default 2026)")
    parser.add_argument("--out", type=Path, default=DATA_FILE, help=f"where to write (default {DATA_FILE})")
    parser.add_argument("--rerate", action="store_true", help="rate the hands kept in --out again, without playing")
    parser.add_argument("--extend", action="store_true",
                        help="keep the hands of the tables --out already has; play only the tables after them")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (the same hands; default 1)")
    args = parser.parse_args(argv)
    kept = json.loads(args.out.read_text(encoding="utf-8")) if args.extend else None
    doc = (rerate(args.out) if args.rerate
           else run_ladder(deals=args.deals, seed=args.seed, log=True, processes=args.processes,
                           kept=kept))  # fmt: skip
    write(doc, args.out)
    for r in doc["ratings"]:
        print(f"{r['name']:>20}  mu {r['mu']:6.2f}  ± {1.96 * r['sigma']:.2f}  points/hand {r['points']:5.2f} "
              f"± {r['points_ci95']:.2f}  ({r['hands']} hands)")  # fmt: skip
    print(f"wrote {args.out} in {doc['cpu_seconds']} processor-seconds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
