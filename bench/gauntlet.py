"""Benchmark: the coach against opponents it was not tuned on, on duplicate deals (issue 32's gauntlet).

Prints figures; asserts nothing. Needs OpenSpiel for its search players (``pip install open-spiel`` into a
separate environment: an optional benchmark dependency, never a requirement of the book), with the engine on
``PYTHONPATH``; the figures in docs/benchmarks.md were made so::

    python3.11 -m venv /work/venv-spiel && /work/venv-spiel/bin/pip install open-spiel
    PYTHONPATH=$PWD nice -n 19 /work/venv-spiel/bin/python bench/gauntlet.py --deals 20 --processes 2

**Opponents.** ``ismctsN``: OpenSpiel's C++ ISMCTS with N simulations a move on OpenSpiel's ``hearts`` (random
rollouts, UCT constant ``--uct-c``, the most visited move; see ``bench/spiel_bridge.py`` for how it is seated);
``random``, ``beginner``, ``rules``, ``shooter``: the book's bots. A *table* is three opponents: one name for
three of a kind (``ismcts1000``), or three names joined by ``+`` (``ismcts1000+rules+shooter``).

**Duplicate deals.** Deal ``i`` is the bench's deal (``simulate.deal_seed(seed, i)``, dealer ``i mod 4``, hand
number ``i``: the pass cycles left, right, across, hold). It is played eight times at each table: with the coach
in each seat in turn, the three opponents in the other seats in the same order after it, and again with the
rule-based bot in the coach's place (the *baseline*), every other seat drawing from the same seeded generator
as in the coach's hand. The deal's *margin* is the baseline's points minus the coach's, averaged over the four
seats: positive when the coach, in the same seat of the same cards against the same players, loses fewer
points. The luck of the cards cancels out; 95% confidence intervals are over deals (Student's t for fewer than
31), over all deals and split into passing deals and hold deals.

**Parity.** Every hand is played in both engines at once (``spiel_bridge.SpielMirror``): at every decision
(each card of a pass, each card played, forced or not) who is to act and the legal sets must agree, and at the
end the points; a disagreement stops the run with the position. OpenSpiel's parameters are set from the book's
standard rules (``spiel_bridge.spiel_params``).

**Thinking time.** CPU seconds per decision of the coach (at ``CoachBot()``'s defaults in this build: the
first lines say which) and of each search player, for decisions with a choice (a forced card is not asked).

**Coaches compared.** ``--coaches coach,coach-fit,...`` (:data:`COACH_OPTIONS`) plays each coach in each seat of
each deal beside one baseline; the rows keep every coach's points, and the report adds each other coach's saving
over the first on the same deals (``paired_lines``). ``--directions left,right,across`` keeps only those deals.

    python bench/gauntlet.py [--deals 20] [--sims 1000,5000] [--tables ismcts1000,rules,...] [--seed 2026]
                             [--coaches coach,coach-fit] [--directions left,right,across,hold]
                             [--processes 2] [--minutes 60] [--out results.jsonl] [--summarize results.jsonl]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bench.spiel_bridge import SpielMirror, SpielSearch, resample_defects, spiel_params
from hearts_lessons.bots import CoachBot, make_bot
from hearts_lessons.bots.base import Policy
from hearts_lessons.bots.coach import default_lookahead, default_pass_worlds, default_worlds, lookahead_words
from hearts_lessons.bots.driver import FastPolicy, SightPolicy
from hearts_lessons.bots.features import LiveView, Sight, cost_of
from hearts_lessons.bots.rulebased import rules_pass
from hearts_lessons.cards import Card, card_from_id
from hearts_lessons.rules import STANDARD, PassDirection
from hearts_lessons.runtime import engine_build
from hearts_lessons.scoring import best_moon_choice
from hearts_lessons.simulate import deal_seed
from hearts_lessons.state import HandState, Phase
from hearts_lessons.views import SeatView

SEED = 2026
BOOK_OPPONENTS = ("random", "beginner", "rules", "shooter")
DEFAULT_TABLES = ("ismcts1000", "ismcts5000", "rules", "shooter", "beginner", "random", "random+beginner+shooter",
                  "ismcts1000+rules+shooter")  # fmt: skip
COACH_OPTIONS: dict[str, dict[str, Any]] = {
    "coach": {},
    "coach-no-pass-read": {"read_pass": False},
    "coach-no-infer": {"infer": False},
    "coach-rules-pass": {},
    "coach-fit": {"fit": True},
}
"""The coaches a run may compare (``--coaches``), each a :class:`CoachBot` at this build's defaults with these
options: ``coach`` as the book ships it; ``coach-no-pass-read`` does not read the pass it received;
``coach-no-infer`` treats every deal consistent with what it saw as equally likely (it reads neither the play nor
the pass); ``coach-rules-pass`` plays as the coach but passes as the rule-based bot (to tell a pass's share of the
margin from the play's)."""


class RulesPassCoach(CoachBot):
    """The coach's play with the rule-based bot's pass."""

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        return [card_from_id(c) for c in rules_pass(view)]


def make_coach(name: str) -> CoachBot:
    """A new coach of the name (:data:`COACH_OPTIONS`), named so in the rows and the thinking times."""
    if name not in COACH_OPTIONS:
        raise ValueError(f"unknown coach {name!r} (one of {', '.join(COACH_OPTIONS)})")
    coach = RulesPassCoach() if name == "coach-rules-pass" else CoachBot(**COACH_OPTIONS[name])
    coach.name = name
    return coach


T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
    2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t, 97.5th percentile, for 1 to 30 degrees of freedom (a 95% interval's half width in standard errors)."""


# -- tables and statistics (pure functions, tested without OpenSpiel) -----------------------------------------------


def search_simulations(name: str) -> int | None:
    """The simulations of an ``ismctsN`` opponent's name, ``None`` for a book bot; anything else raises."""
    if name in BOOK_OPPONENTS:
        return None
    digits = name.removeprefix("ismcts")
    if name.startswith("ismcts") and digits.isdigit() and int(digits) > 0:
        return int(digits)
    raise ValueError(f"unknown opponent {name!r} (ismctsN, or one of {', '.join(BOOK_OPPONENTS)})")


def parse_table(text: str) -> tuple[str, str, str]:
    """A table's three opponents: ``"rules"`` is three rule-based bots, ``"a+b+c"`` three named ones.

    >>> parse_table("ismcts1000"), parse_table("random+rules+shooter")
    (('ismcts1000', 'ismcts1000', 'ismcts1000'), ('random', 'rules', 'shooter'))
    """
    names = [n.strip() for n in text.split("+")]
    if len(names) == 1:
        names *= 3
    if len(names) != 3:
        raise ValueError(f"a table is one opponent or three joined by '+', not {text!r}")
    for name in names:
        search_simulations(name)
    return names[0], names[1], names[2]


def t_quantile(df: int) -> float:
    """The 95% interval's half width in standard errors for ``df`` degrees of freedom (1.96 from 31 on)."""
    if df < 1:
        raise ValueError("an interval needs at least two values")
    return T975[df - 1] if df <= len(T975) else 1.96


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of independent values and the half width of its 95% confidence interval (Student's t below 31
    values, 1.96 standard errors from 31 on); the half width is ``inf`` for a single value.

    >>> mean, half = interval([1.0, 2.0, 3.0])  # sd 1, 3 values: t(2) = 4.303 standard errors of 1/√3
    >>> mean, round(half, 4)
    (2.0, 2.4843)
    """
    if not values:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    if len(values) == 1:
        return mean, math.inf
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, half


def deal_margin(coach_points: Sequence[int], baseline_points: Sequence[int]) -> float:
    """A deal's margin: the baseline's points minus the coach's, averaged over the seats it sat in.

    >>> deal_margin([0, 13, 3, 26], [5, 13, 1, 26])
    0.75
    """
    if len(coach_points) != len(baseline_points) or not coach_points:
        raise ValueError("one coach's and one baseline's score per seat are needed")
    return statistics.fmean(b - c for c, b in zip(coach_points, baseline_points, strict=True))


@dataclass(frozen=True)
class Line:
    """One table's figures: margins over all deals, over passing deals and over hold deals."""

    table: str
    deals: int
    margin: tuple[float, float]
    passing: tuple[float, float] | None
    passing_deals: int
    hold: tuple[float, float] | None
    hold_deals: int
    coach_points: float
    baseline_points: float

    @property
    def game(self) -> tuple[float, float] | None:
        """The margin over a game's hands (:func:`game_mix` of the passing and hold margins), or ``None`` without
        both."""
        if self.passing is None or self.hold is None:
            return None
        if min(self.passing_deals, self.hold_deals) < FEWEST_FOR_AN_INTERVAL:
            return None
        return game_mix(self.passing, self.hold)


HOLD_SHARE = 0.25
"""The share of hold hands in a game of the standard rules (the passes go left, right, across, hold)."""


def game_mix(passing: tuple[float, float], hold: tuple[float, float]) -> tuple[float, float]:
    """The margin over a game's hands from the margins over passing and hold deals measured apart: three parts
    passing to one part hold (:data:`HOLD_SHARE`), the two intervals' half widths combined as independent errors
    (each deal is passing or hold, never both).

    >>> mean, half = game_mix((2.0, 0.4), (1.0, 0.8))
    >>> round(mean, 2), round(half, 3)
    (1.75, 0.361)
    """
    (p, p_half), (h, h_half) = passing, hold
    share = 1 - HOLD_SHARE
    return share * p + HOLD_SHARE * h, math.hypot(share * p_half, HOLD_SHARE * h_half)


def coach_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of :func:`run_deal` that compared several coaches (``--coaches``) as one row per coach: its table
    named ``"table (coach)"``, its points as ``coach`` and its margin; a row of one coach as it is.

    >>> row = {"table": "rules", "deal": 0, "direction": "left", "coach": [1, 2, 3, 4], "baseline": [2, 2, 3, 4],
    ...        "margin": 0.25, "coaches": {"coach": [1, 2, 3, 4], "coach-no-infer": [3, 2, 3, 4]}}
    >>> [(r["table"], r["margin"]) for r in coach_rows([row])]
    [('rules (coach)', 0.25), ('rules (coach-no-infer)', -0.25)]
    """
    out = []
    for row in rows:
        coaches = row.get("coaches", {})
        if len(coaches) <= 1:
            out.append(row)
            continue
        for name, points in coaches.items():
            out.append({**row, "table": f"{row['table']} ({name})", "coach": points,
                        "margin": deal_margin(points, row["baseline"])})  # fmt: skip
    return out


def paired_lines(rows: Sequence[dict[str, Any]]) -> list[Line]:
    """For rows that compared several coaches: each other coach against the first on the same deals (points a
    hand the other coach saves over the first, positive when it takes fewer), as :class:`Line` s whose
    ``coach_points`` and ``baseline_points`` are the other's and the first's average points.

    >>> rows = [{"table": "t", "direction": d, "baseline": [0] * 4,
    ...          "coaches": {"coach": [4, 0, 0, 0], "coach-x": [x, 0, 0, 0]}} for d, x in
    ...         (("left", 0), ("hold", 4), ("right", 2))]
    >>> line = paired_lines(rows)[0]
    >>> line.table, line.margin[0], line.passing_deals, line.hold[0]
    ('t: coach-x − coach', 0.5, 2, 0.0)
    """
    pairs: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for row in rows:
        coaches = row.get("coaches", {})
        names = list(coaches)
        for other in names[1:]:
            pairs.setdefault((row["table"], names[0], other), []).append(row)
    lines = []
    for (table, first, other), mine in pairs.items():
        diffs = [(deal_margin(row["coaches"][other], row["coaches"][first]), row["direction"]) for row in mine]
        passing = [d for d, direction in diffs if direction != PassDirection.HOLD.value]
        hold = [d for d, direction in diffs if direction == PassDirection.HOLD.value]
        lines.append(Line(
            f"{table}: {other} − {first}", len(mine), interval([d for d, _ in diffs]),
            interval(passing) if passing else None, len(passing), interval(hold) if hold else None, len(hold),
            statistics.fmean(p for row in mine for p in row["coaches"][other]),
            statistics.fmean(p for row in mine for p in row["coaches"][first]),
        ))  # fmt: skip
    return lines


def summarize(rows: Sequence[dict[str, Any]]) -> list[Line]:
    """One line per table (in the order tables first appear) from the per-deal rows of :func:`run_deal`; a table
    that compared several coaches gives one line per coach (:func:`coach_rows`)."""
    rows = coach_rows(rows)
    lines = []
    for table in dict.fromkeys(row["table"] for row in rows):
        mine = [row for row in rows if row["table"] == table]
        passing = [row["margin"] for row in mine if row["direction"] != PassDirection.HOLD.value]
        hold = [row["margin"] for row in mine if row["direction"] == PassDirection.HOLD.value]
        lines.append(Line(
            table, len(mine), interval([row["margin"] for row in mine]),
            interval(passing) if passing else None, len(passing), interval(hold) if hold else None, len(hold),
            statistics.fmean(p for row in mine for p in row["coach"]),
            statistics.fmean(p for row in mine for p in row["baseline"]),
        ))  # fmt: skip
    return lines


FEWEST_FOR_AN_INTERVAL = 3
"""Deals below which a margin is printed without an interval (two equal margins would give ± 0.00)."""


def _figure(pair: tuple[float, float] | None, deals: int) -> str:
    if pair is None:
        return "-"
    mean, half = pair
    if deals < FEWEST_FOR_AN_INTERVAL:
        return f"{mean:+.2f} (too few deals for an interval)"
    return f"{mean:+.2f} ± {half:.2f}"


def table_text(lines: Sequence[Line]) -> str:
    """The figures as a Markdown table.

    The *game* column weighs passing and hold deals as a game of the standard rules does (:func:`game_mix`):
    the *margin* column is over the deals played, whatever their mix.

    >>> print(table_text([Line("rules", 4, (2.0, 1.5), (2.5, 3.0), 3, (0.5, math.inf), 1, 5.0, 7.0)]))
    ... # doctest: +NORMALIZE_WHITESPACE
    | opponents | deals | margin (points a hand) | passing deals | hold deals | game (¾ passing, ¼ hold)
      | coach | baseline |
    |---|---|---|---|---|---|---|---|
    | rules | 4 | +2.00 ± 1.50 | +2.50 ± 3.00 (3) | +0.50 (too few deals for an interval) (1) | - | 5.00 | 7.00 |
    """
    out = ["| opponents | deals | margin (points a hand) | passing deals | hold deals | game (¾ passing, ¼ hold) "
           "| coach | baseline |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for line in lines:
        out.append(f"| {line.table} | {line.deals} | {_figure(line.margin, line.deals)} | "
                   f"{_figure(line.passing, line.passing_deals)} ({line.passing_deals}) | "
                   f"{_figure(line.hold, line.hold_deals)} ({line.hold_deals}) | "
                   f"{_figure(line.game, FEWEST_FOR_AN_INTERVAL)} | {line.coach_points:.2f} "
                   f"| {line.baseline_points:.2f} |")  # fmt: skip
    return "\n".join(out)


def moon_counts(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per table, in the hero's hands: moons it shot and moons another seat shot against it, for the coach and the
    baseline (rows without moon records, from before they were kept, are left out).

    >>> moon_counts([{"table": "rules", "moons": {"coach": ["", "self", "", "other"], "baseline": ["", "", "", ""]}}])
    {'rules': {'coach self': 1, 'coach other': 1, 'baseline self': 0, 'baseline other': 0, 'hands': 4}}
    """
    out: dict[str, dict[str, int]] = {}
    for row in rows:
        if "moons" not in row:
            continue
        counts = out.setdefault(row["table"], {"coach self": 0, "coach other": 0, "baseline self": 0,
                                               "baseline other": 0, "hands": 0})  # fmt: skip
        for kind in ("coach", "baseline"):
            for who in row["moons"][kind]:
                if who:
                    counts[f"{kind} {who}"] += 1
        counts["hands"] += len(row["moons"]["coach"])
    return out


def time_text(rows: Sequence[dict[str, Any]]) -> str:
    """Thinking time per decision (CPU seconds) of the coach and of each search player, over every row."""
    out = []
    kinds: dict[str, list[float]] = {}
    for row in rows:
        for key, values in row["times"].items():
            kinds.setdefault(key, []).extend(values)
    for key in sorted(kinds):
        values = sorted(kinds[key])
        if values:
            out.append(f"{key}: {len(values)} decisions, mean {statistics.fmean(values):.3f} s, 90th percentile "
                       f"{values[int(0.9 * len(values))]:.3f} s, max {values[-1]:.3f} s")  # fmt: skip
    return "\n".join(out)


# -- playing (needs OpenSpiel) -----------------------------------------------------------------------------------

_SPIEL: dict[str, Any] = {}


def _spiel() -> tuple[Any, Any]:
    """pyspiel and its ``hearts`` game at the book's standard rules (loaded once per process)."""
    if not _SPIEL:
        import pyspiel

        _SPIEL["pyspiel"] = pyspiel
        _SPIEL["game"] = pyspiel.load_game("hearts", spiel_params(STANDARD))
    return _SPIEL["pyspiel"], _SPIEL["game"]


@dataclass(frozen=True)
class Job:
    table: str
    opponents: tuple[str, str, str]
    deal: int
    seed: int
    uct_c: float
    coaches: tuple[str, ...] = ("coach",)


Player = Policy | SpielSearch


def _play(base: HandState, lineup: Sequence[Player], seeds: Sequence[int], where: str,
          times: dict[str, list[float]]) -> tuple[list[int], int, int | None]:  # fmt: skip
    """Play one hand in both engines; return the points per seat, the decisions compared and the seat that shot
    the moon (``None`` if no one did)."""
    _, game = _spiel()
    state = base.copy()
    mirror = SpielMirror(game, state, where)
    searches = {id(p): p for p in lineup if isinstance(p, SpielSearch)}
    for search in searches.values():
        search.start({seat: seeds[seat] for seat, p in enumerate(lineup) if p is search})
    rngs = [random.Random(seed) for seed in seeds]
    label = [p.name for p in lineup]
    if state.phase is Phase.PASSING:
        chosen: list[list[int]] = []
        for seat, player in enumerate(lineup):
            start = time.process_time()
            if isinstance(player, SpielSearch):
                ids = player.choose_pass(seat, state)
            elif isinstance(player, FastPolicy):
                ids = player.pass_ids(LiveView(state, seat, 0), rngs[seat])
            else:
                ids = [c.id for c in player.choose_pass(state.view(seat), rngs[seat])]
            times.setdefault(f"{label[seat]} pass", []).append(time.process_time() - start)
            mirror.pass_cards(seat, ids, state)
            chosen.append(ids)
        for seat, ids in enumerate(chosen):
            state.pass_cards(seat, [card_from_id(c) for c in ids])
    for search in searches.values():
        search.begin_play(state)
    sight = Sight(state.k, state.rules)
    while state.phase is Phase.PLAYING:
        seat = state.to_play
        legal = state.legal_mask(seat)
        player = lineup[seat]
        doing = f"{where}, trick {state.trick_number + 1}"
        if legal & (legal - 1):
            start = time.process_time()
            if isinstance(player, SpielSearch):
                cid = player.choose_play(seat, legal, doing)
            elif isinstance(player, SightPolicy):
                cid = player.play_sight(sight.look(state, seat), legal, rngs[seat])
            elif isinstance(player, FastPolicy):
                cid = player.play_id(LiveView(state, seat, legal), rngs[seat])
            else:
                cid = player.choose_play(state.view(seat), rngs[seat]).id
            times.setdefault(f"{label[seat]} card", []).append(time.process_time() - start)
        else:
            cid = legal.bit_length() - 1
        mirror.play(seat, cid, legal, doing)
        state.play_id(cid)
        for search in searches.values():
            search.played(cid)
    if state.phase is Phase.MOON_CHOICE:
        shooter = state.moon_shooter
        assert shooter is not None
        state.choose_moon(best_moon_choice(state.rules, shooter, state.totals_before))
    assert state.score is not None
    points = [int(cost_of(p)) for p in state.score.points]
    mirror.finish(points)
    return points, mirror.decisions, state.score.shooter


def run_deal(job: Job) -> dict[str, Any]:
    """Play one deal at one table: the coach and the baseline in each seat in turn (eight hands)."""
    pyspiel, game = _spiel()
    index = job.deal
    seed = deal_seed(job.seed, index)
    base = HandState.deal(STANDARD, seed=seed, dealer=index % 4, hand_number=index)
    searches: dict[str, SpielSearch] = {}
    kinds = (*job.coaches, "baseline")
    points_of: dict[str, list[int]] = {kind: [] for kind in kinds}
    moons: dict[str, list[str]] = {kind: [] for kind in kinds}
    decisions = 0
    times: dict[str, list[float]] = {}
    for hero_seat in range(4):
        others: list[Player] = []
        for name in job.opponents:
            sims = search_simulations(name)
            if sims is None:
                others.append(make_bot(name))
            else:
                others.append(searches.setdefault(name, SpielSearch(pyspiel, game, sims, job.uct_c)))
        seeds = [seed * 131 + hero_seat * 7 + seat for seat in range(4)]
        for kind in kinds:
            hero: Policy = make_bot("rules") if kind == "baseline" else make_coach(kind)
            out = points_of[kind]
            lineup: list[Player] = [others[(seat - hero_seat - 1) % 4] if seat != hero_seat else hero
                                    for seat in range(4)]  # fmt: skip
            where = f"deal {index} at table {job.table}, {hero.name} in seat {hero_seat}"
            hand_times: dict[str, list[float]] = {}
            points, compared, shooter = _play(base, lineup, seeds, where, hand_times)
            decisions += compared
            out.append(points[hero_seat])
            moons[kind].append("" if shooter is None else "self" if shooter == hero_seat else "other")
            for key, values in hand_times.items():
                if key.startswith(("coach", "ismcts")):
                    times.setdefault(key, []).extend(values)
    first = points_of[job.coaches[0]]
    return {
        "table": job.table, "deal": index, "direction": base.direction.value, "coach": first,
        "baseline": points_of["baseline"], "margin": deal_margin(first, points_of["baseline"]),
        "hands": 4 * len(kinds), "decisions": decisions, "times": times,
        "moons": {"coach": moons[job.coaches[0]], "baseline": moons["baseline"]},
        "coaches": {kind: points_of[kind] for kind in job.coaches}, "coach_moons": {k: moons[k] for k in job.coaches},
    }  # fmt: skip


def table_deals(entry: str, deals: int) -> tuple[str, int]:
    """A ``--tables`` entry and its deals: ``"rules:40"`` is 40 deals at the table ``rules``, ``"rules"``
    ``deals`` of them.

    >>> table_deals("ismcts1000+rules+shooter:25", 100), table_deals("rules", 100)
    (('ismcts1000+rules+shooter', 25), ('rules', 100))
    """
    table, _, count = entry.partition(":")
    parse_table(table)
    if count and (not count.isdigit() or int(count) < 1):
        raise ValueError(f"{entry!r}: the deals after ':' must be a positive number")
    return table, int(count) if count else deals


DIRECTION_CYCLE = ("left", "right", "across", "hold")
"""The pass of deal ``i`` (hand number ``i``): ``DIRECTION_CYCLE[i % 4]``."""


def jobs(tables: Sequence[str], deals: int, seed: int, uct_c: float, coaches: Sequence[str] = ("coach",),
         directions: Sequence[str] = DIRECTION_CYCLE) -> Iterator[Job]:  # fmt: skip
    """Deal by deal, every table that still has deals to play (so a run stopped early has played the first deals
    at every table); only deals whose pass is one of ``directions``.

    >>> [job.deal for job in jobs(["rules:6"], 6, 1, 2.0, directions=("hold",))]
    [3]
    """
    parsed = [(table, parse_table(table), count) for table, count in (table_deals(t, deals) for t in tables)]
    for index in range(max(count for _, _, count in parsed)):
        if DIRECTION_CYCLE[index % 4] not in directions:
            continue
        for table, opponents, count in parsed:
            if index < count:
                yield Job(table, opponents, index, seed, uct_c, tuple(coaches))


def report(rows: Sequence[dict[str, Any]], wall: float | None = None) -> None:
    hands = sum(row["hands"] for row in rows)
    decisions = sum(row["decisions"] for row in rows)
    print(f"## parity: {hands} hands, {decisions} decisions compared in both engines (legal sets and who acts), "
          f"{hands} final scores: no disagreement")  # fmt: skip
    print("## the coach's margin over a rule-based bot in its seat (points a hand, positive is better; "
          "95% intervals over deals)")  # fmt: skip
    print(table_text(summarize(rows)))
    paired = paired_lines(rows)
    if paired:
        print("## coaches compared on the same deals (points a hand the second saves over the first, positive is "
              "better for it; 95% intervals over deals; the last two columns: its and the first's points a hand)")
        print(table_text(paired))
    print("## thinking time (CPU seconds per decision with a choice)")
    print(time_text(rows))
    print("## moons (in the hero's hands: shot by it, and shot by another seat against it)")
    for table, counts in moon_counts(rows).items():
        print(f"{table}: the coach shot {counts['coach self']}, others against it {counts['coach other']}; the "
              f"baseline shot {counts['baseline self']}, others against it {counts['baseline other']} "
              f"({counts['hands']} hands each)")  # fmt: skip
    if wall is not None:
        print(f"wall time {wall / 60:.1f} min")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="duplicate deals per table (a table:N entry: N)")
    parser.add_argument(
        "--sims", default=None, help="comma-separated ISMCTS simulations; tables ismctsN for each (default: the tables)"
    )
    parser.add_argument(
        "--tables",
        default=",".join(DEFAULT_TABLES),
        help="comma-separated tables, each with ':N' for N deals there (default: --deals)",
    )
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS's UCT exploration constant")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this wall time (0: no limit)")
    parser.add_argument("--out", default=None, help="append each deal's row to this JSON-lines file")
    parser.add_argument("--coaches", default="coach",
                        help=f"comma-separated coaches to compare on the same deals ({', '.join(COACH_OPTIONS)})")
    parser.add_argument("--directions", default=",".join(DIRECTION_CYCLE),
                        help="only the deals with these passes (comma-separated: left,right,across,hold)")
    parser.add_argument("--summarize", default=None, help="only print the figures of a JSON-lines file")
    parser.add_argument("--resume", action="store_true",
                        help="keep the rows already in --out and play only the deals they lack")  # fmt: skip
    args = parser.parse_args()
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            report([json.loads(line) for line in f if line.strip()])
        return
    tables = [t for t in args.tables.split(",") if t]
    if args.sims:
        tables = [f"ismcts{n}" for n in args.sims.split(",")] + [t for t in tables if not t.startswith("ismcts")]
    pyspiel, game = _spiel()
    print(f"engine: {engine_build()}")
    print(f"coach: CoachBot() at this build's defaults: {default_worlds()} worlds a card, looking ahead "
          f"{lookahead_words(default_lookahead())}, {default_pass_worlds()} worlds a pass")  # fmt: skip
    print(f"OpenSpiel {getattr(pyspiel, '__version__', '?')}: hearts {game.get_parameters()}")
    bad, total, bad_hold, total_hold = resample_defects(pyspiel, game, 30, args.seed)
    print(f"OpenSpiel's own resampling of hidden hands: {bad} of {total} resamples inconsistent after a pass, "
          f"{bad_hold} of {total_hold} without one (so its search is seated as spiel_bridge says)")  # fmt: skip
    print(f"tables: {', '.join(tables)}; {args.deals} deals where no ':N' says, seed {args.seed}, "
          f"{args.processes} process(es), ISMCTS UCT c {args.uct_c}")  # fmt: skip
    sys.stdout.flush()
    rows: list[dict[str, Any]] = []
    if args.resume and args.out:
        with open(args.out, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        print(f"resuming: {len(rows)} deals already played (in {args.out})")
    done = {(row["table"], row["deal"]) for row in rows}
    coaches = [c for c in args.coaches.split(",") if c]
    for name in coaches:
        make_coach(name)
    directions = [d for d in args.directions.split(",") if d]
    if not directions or any(d not in DIRECTION_CYCLE for d in directions):
        raise SystemExit(f"--directions: some of {', '.join(DIRECTION_CYCLE)}")
    print(f"coaches: {', '.join(coaches)}; deals passing {', '.join(directions)}")
    todo = (job for job in jobs(tables, args.deals, args.seed, args.uct_c, coaches, directions)
            if (job.table, job.deal) not in done)  # fmt: skip
    start = time.perf_counter()
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115 (closed below)
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    pool = multiprocessing.get_context(method).Pool(args.processes)
    try:
        for row in pool.imap_unordered(run_deal, todo):
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            print(f"deal {row['deal']:4d} {row['table']:26s} margin {row['margin']:+6.2f} "
                  f"({(time.perf_counter() - start) / 60:.1f} min)", flush=True)  # fmt: skip
            if args.minutes and time.perf_counter() - start > args.minutes * 60:
                print(f"stopped after {args.minutes} minutes")
                break
    finally:
        pool.terminate()
        if out is not None:
            out.close()
    report(rows, time.perf_counter() - start)


if __name__ == "__main__":
    main()
