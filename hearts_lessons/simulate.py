"""The strategy lab: play many hands or games between bots, seeded, on every core, and summarise the results
with 95% confidence intervals.

**Results** are :class:`~hearts_lessons.tables.Table` objects (one row, a plain dict, per seat and hand or game,
or per bot in a summary), the statistics are computed in pure Python and the charts are SVG pictures
(:mod:`~hearts_lessons.charts`), so the lab runs the same on a desktop and in the book's in-browser Python, which
has neither pandas nor matplotlib. On a desktop Python ``Table.to_pandas()`` gives a ``pandas.DataFrame`` of any
result, for further analysis.

**Duplicate deals.** With ``duplicate=True`` each deal is played once per seat rotation: the lineup moves one
seat to the left each time, so every bot plays every seat of every deal. Luck of the cards then cancels out
of comparisons, and far fewer hands are needed to tell two bots apart. Results are averaged per deal before the
confidence interval is computed (the hands of one deal are not independent).

**Seeds.** Deal ``i`` is dealt from :func:`deal_seed` ``(seed, i)`` with dealer ``i mod players`` and hand
number ``i`` (so the pass direction cycles as in a game), and every bot decision draws from a generator seeded
by the deal and the rotation: results do not depend on the number of processes, nor on where they run
(a local process pool, or any ``executor=`` such as a Dask cluster's).

>>> hands = simulate_hands(bots=["rules", "beginner", "rules", "beginner"], hands=8, seed=1, processes=1)
>>> len(hands), hands.columns[:6]
(32, ['deal', 'rotation', 'seat', 'player', 'bot', 'points'])
>>> hands.rows[0]["bot"], sum(hands["points"]) >= 8 * 26
('rules', True)
>>> table = summary(hands)
>>> table.columns, sorted(table.keys())
(['bot', 'mean', 'ci95', 'low', 'high', 'deals'], ['beginner', 'rules'])
>>> plot_summary(table).svg.startswith("<svg")
True
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Any, TypeVar

from .bots.base import Policy, make_bot
from .bots.driver import run_hand
from .bots.features import cost_of, hand_features, tables_for
from .bots.names import bot_name
from .charts import Chart, bars, points
from .game import GameState
from .i18n import tr
from .rules import STANDARD, Rules
from .runtime import in_browser
from .state import HandState
from .stats import Z95, average, mean_half, mean_sd, wilson
from .tables import Table

__all__ = [
    "Z95",
    "BotSpec",
    "deal_seed",
    "map_jobs",
    "margin",
    "margins",
    "mean_ci",
    "mean_sd",
    "plot_rates",
    "plot_summary",
    "rates",
    "simulate_games",
    "simulate_hands",
    "summary",
    "wilson",
]

BotSpec = str | tuple[str, Mapping[str, Any]] | Policy
"""A bot by name (``"rules"``), by name with options (``("coach", {"worlds": 20})``), or a bot object."""

HAND_COLUMNS = ("deal", "rotation", "seat", "player", "bot", "points", "relative", "card_points", "moon",
                "moon_hand", "took_queen", "tricks", "direction")  # fmt: skip
GAME_COLUMNS = ("game", "rotation", "seat", "player", "bot", "total", "won", "hands")

J = TypeVar("J")
R = TypeVar("R")


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a simulation seeded with ``seed``."""
    return seed * 1_000_003 + index


def _bot(spec: BotSpec) -> Policy:
    if isinstance(spec, str):
        return make_bot(spec)
    if isinstance(spec, tuple):
        name, options = spec
        return make_bot(name, **dict(options))
    return spec


def _label(spec: BotSpec, bot: Policy) -> str:
    if isinstance(spec, tuple) and spec[1]:
        opts = ", ".join(f"{k}={v}" for k, v in spec[1].items())
        return f"{spec[0]} ({opts})"
    return bot.name


@dataclass(frozen=True)
class _Job:
    rules: Rules
    specs: tuple[BotSpec, ...]
    seed: int
    start: int
    stop: int
    duplicate: bool
    features: bool
    games: bool


def _lineup(bots: Sequence[Policy], rotation: int) -> list[Policy]:
    """Player ``i`` of the lineup sits at seat ``(i + rotation) % n``."""
    n = len(bots)
    return [bots[(seat - rotation) % n] for seat in range(n)]


def _hand_rows(job: _Job, bots: list[Policy], labels: list[str], index: int) -> list[tuple[Any, ...]]:
    rules = job.rules
    n = rules.players
    seed = deal_seed(job.seed, index)
    base = HandState.deal(rules, seed=seed, dealer=index % n, hand_number=index)
    big = tables_for(base.k).big
    feats = [hand_features(base.hand_mask(s), base.k) for s in range(n)] if job.features else []
    rows: list[tuple[Any, ...]] = []
    for rotation in range(n) if job.duplicate else (0,):
        state = run_hand(base.copy(), _lineup(bots, rotation), random.Random(seed * 31 + rotation))
        score = state.score
        assert score is not None
        points = [cost_of(p) for p in score.points]
        total = sum(points)
        for seat in range(n):
            player = (seat - rotation) % n
            row: tuple[Any, ...] = (
                index, rotation, seat, player, labels[player], points[seat],
                points[seat] - (total - points[seat]) / (n - 1), cost_of(score.card_points[seat]),
                score.shooter == seat, score.shooter is not None, bool(state._taken[seat] & big),
                state._tricks_won[seat], state.direction.value,
            )  # fmt: skip
            if job.features:
                row += (*feats[seat].as_dict().values(), feats[seat].moon_chance)
            rows.append(row)
    return rows


def _game_rows(job: _Job, bots: list[Policy], labels: list[str], index: int) -> list[tuple[Any, ...]]:
    rules = job.rules
    n = rules.players
    seed = deal_seed(job.seed, index)
    rows: list[tuple[Any, ...]] = []
    for rotation in range(n) if job.duplicate else (0,):
        game = GameState(rules, seed=seed, first_dealer=index % n)
        seats = _lineup(bots, rotation)
        rng = random.Random(seed * 31 + rotation)
        while True:
            run_hand(game.current, seats, rng)
            if game.next_hand() is None:
                break
        winners = game.winners
        for seat in range(n):
            player = (seat - rotation) % n
            won = 1.0 / len(winners) if seat in winners else 0.0
            rows.append((index, rotation, seat, player, labels[player], cost_of(game.totals[seat]), won,
                         len(game.results)))  # fmt: skip
    return rows


def _run(job: _Job) -> tuple[int, list[tuple[Any, ...]]]:
    bots = [_bot(spec) for spec in job.specs]
    labels = [_label(spec, bot) for spec, bot in zip(job.specs, bots, strict=True)]
    rows: list[tuple[Any, ...]] = []
    play = _game_rows if job.games else _hand_rows
    for index in range(job.start, job.stop):
        rows.extend(play(job, bots, labels, index))
    return job.stop - job.start, rows


def _jobs(rules: Rules, bots: Sequence[BotSpec], count: int, seed: int, duplicate: bool, features: bool,
          games: bool, processes: int) -> list[_Job]:  # fmt: skip
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} bots are needed (one per seat), not {len(bots)}")
    if count < 1:
        raise ValueError("simulate at least one deal")
    for spec in bots:
        _bot(spec)  # fail early on an unknown name or option
    size = max(1, min(250, math.ceil(count / (processes * 8))))
    return [_Job(rules, tuple(bots), seed, a, min(a + size, count), duplicate, features, games)
            for a in range(0, count, size)]  # fmt: skip


class _NoBar:
    """Stands in for a progress bar when none is wanted (tqdm is then not even imported)."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, count: int) -> None:
        return None


def _execute(jobs: list[_Job], processes: int, progress: bool, total: int, unit: str,
             executor: Executor | None = None) -> list[tuple[Any, ...]]:  # fmt: skip
    """Run the jobs (here, on a local process pool, or on ``executor``) and return their rows in job order."""
    rows: list[tuple[Any, ...]] = []
    bar: Any = _NoBar()
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit=unit, leave=False)
    with bar:
        if executor is not None:
            futures = [executor.submit(_run, job) for job in jobs]
            chunks: dict[int, list[tuple[Any, ...]]] = {}
            index_of = {id(f): i for i, f in enumerate(futures)}
            for future in as_completed(futures):  # the bar moves as jobs finish, in any order
                done, chunk = future.result()
                chunks[index_of[id(future)]] = chunk
                bar.update(done)
            for index in range(len(futures)):
                rows.extend(chunks[index])
        elif processes <= 1 or len(jobs) == 1:
            for done, chunk in map(_run, jobs):
                rows.extend(chunk)
                bar.update(done)
        else:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
            with multiprocessing.get_context(method).Pool(processes) as pool:
                for done, chunk in pool.imap(_run, jobs):
                    rows.extend(chunk)
                    bar.update(done)
    return rows


def map_jobs(fn: Callable[[J], R], jobs: Sequence[J], *, processes: int | None = None,
             executor: Executor | None = None) -> list[R]:  # fmt: skip
    """``[fn(job) for job in jobs]``, run on ``executor`` when given (any
    :class:`concurrent.futures.Executor`, e.g. a Dask cluster's ``client.get_executor()``), else on a local pool of
    ``processes`` processes (``None``: every core; ``1``, a single job or a browser: here, in order). ``fn`` must be
    a module-level function and the jobs picklable; the results come back in job order wherever they ran.

    >>> map_jobs(abs, [-2, 3, -5], processes=1)
    [2, 3, 5]
    """
    if executor is not None:
        return list(executor.map(fn, jobs))
    workers = _processes(processes)
    if workers <= 1 or len(jobs) <= 1:
        return [fn(job) for job in jobs]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    with multiprocessing.get_context(method).Pool(min(workers, len(jobs))) as pool:
        return pool.map(fn, jobs)


def _processes(processes: int | None) -> int:
    if in_browser():
        return 1  # Pyodide has no processes
    if processes is None:
        return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))
    if processes < 1:
        raise ValueError("processes must be 1 or more")
    return processes


def simulate_hands(rules: Rules = STANDARD, bots: Sequence[BotSpec] = ("rules",) * 4, *, hands: int = 1000,
                   seed: int = 0, duplicate: bool = False, processes: int | None = None, progress: bool = False,
                   features: bool = False, executor: Executor | None = None) -> Table:  # fmt: skip
    """Play ``hands`` deals between ``bots`` (player ``i`` of the lineup at seat ``i``; with ``duplicate`` every
    rotation of the lineup). A :class:`~hearts_lessons.tables.Table` with one row per seat and hand: ``points``
    scored (moon included), ``relative`` (points minus the average of the other seats' points: what decides
    games), ``card_points``, ``moon`` (this seat shot), ``moon_hand`` (someone shot), ``took_queen`` (took a big
    penalty card), ``tricks``, ``direction``; with ``features``, the counts of
    :class:`~hearts_lessons.bots.features.HandFeatures` of the hand dealt to the seat (``queen``: it was dealt the
    Q♠) and its ``moon_chance``. ``processes=None`` uses every core; ``1`` runs here (always, in a browser).
    ``executor`` (any :class:`concurrent.futures.Executor`, e.g. a Dask cluster's ``client.get_executor()``) runs
    the deals there instead, with the same results (``processes`` then only sets how finely they are split: eight
    jobs per process). ``.to_pandas()`` turns the table into a ``pandas.DataFrame`` on a desktop Python."""
    workers = _processes(processes)
    jobs = _jobs(rules, bots, hands, seed, duplicate, features, False, workers)
    rows = _execute(jobs, workers, progress, hands, "deal", executor)
    columns = list(HAND_COLUMNS)
    if features:
        sample = hand_features(0, tables_for(HandState.deal(rules).k).k)
        columns += [*sample.as_dict(), "moon_chance"]
    return Table([dict(zip(columns, row, strict=True)) for row in rows], columns=columns)


def simulate_games(rules: Rules = STANDARD, bots: Sequence[BotSpec] = ("rules",) * 4, *, games: int = 100,
                   seed: int = 0, duplicate: bool = False, processes: int | None = None,
                   progress: bool = False, executor: Executor | None = None) -> Table:  # fmt: skip
    """Play ``games`` whole games between ``bots``. A :class:`~hearts_lessons.tables.Table` with one row per seat
    and game: final ``total``, ``won`` (1, or a share of 1 when several players tie for the win) and the number
    of ``hands``. ``processes`` and ``executor`` as for :func:`simulate_hands`."""
    workers = _processes(processes)
    jobs = _jobs(rules, bots, games, seed, duplicate, False, True, workers)
    rows = _execute(jobs, workers, progress, games, "game", executor)
    columns = list(GAME_COLUMNS)
    return Table([dict(zip(columns, row, strict=True)) for row in rows], columns=columns)


# -- statistics ---------------------------------------------------------------------------------------------------


def mean_ci(values: Sequence[float]) -> dict[str, float]:
    """The mean of independent values with the half width ``ci95`` of its 95% confidence interval
    (1.96 standard errors), and their number (``deals``).

    >>> stats = mean_ci([1.0, 2.0, 3.0, 4.0])  # sd = √(5/3)
    >>> stats["mean"], round(stats["ci95"], 4), stats["deals"]
    (2.5, 1.2652, 4)
    """
    mean, half = mean_half(values)
    return {"mean": mean, "ci95": half, "deals": len(values)}


def _ordered(keys: Iterable[Hashable]) -> list[Any]:
    """Distinct keys, sorted if they can be (as a group-by sorts them), else in order of first appearance."""
    distinct = list(dict.fromkeys(keys))
    try:
        return sorted(distinct)
    except TypeError:
        return distinct


def _unit(table: Table) -> str:
    return "deal" if "deal" in table.columns else "game"


def _value(table: Table, value: str | None) -> str:
    return value or ("points" if _unit(table) == "deal" else "total")


def summary(table: Table, *, value: str | None = None, by: str = "bot") -> Table:
    """Mean ``value`` (points per hand, or total per game) per bot (or per value of the column ``by``), with a 95%
    confidence interval over deals (each deal's rows averaged first): a :class:`~hearts_lessons.tables.Table`
    indexed by ``by`` with the columns ``mean``, ``ci95`` (half the interval's width), ``low``, ``high`` and
    ``deals``, best (lowest) first."""
    unit = _unit(table)
    value = _value(table, value)
    per: dict[Any, dict[Any, list[float]]] = {}
    for key, deal, v in zip(table.column(by), table.column(unit), table.column(value), strict=True):
        per.setdefault(key, {}).setdefault(deal, []).append(float(v))
    rows = []
    for key in _ordered(per):
        stats = mean_ci([average(values) for values in per[key].values()])
        mean, half = stats["mean"], stats["ci95"]
        rows.append({by: key, "mean": mean, "ci95": half, "low": mean - half, "high": mean + half,
                     "deals": len(per[key])})  # fmt: skip
    rows.sort(key=lambda row: row["mean"])
    shown = {"bot": bot_name} if by == "bot" else {}  # a bot's name in the book's language; the key stays
    return Table(rows, index=by, columns=[by, "mean", "ci95", "low", "high", "deals"], shown=shown)


def margin(df: Table, base: Table, *, bot: str, baseline: str, value: str | None = None) -> dict[str, float]:
    """How many points per hand ``bot`` saves compared with ``baseline`` in the same seats of the same deals:
    rows of ``df`` where ``bot`` sat are paired with the rows of ``base`` where ``baseline`` sat in that seat of
    that deal; the per-deal average difference (baseline minus bot: positive means ``bot`` is better) gives the
    ``mean`` and the half width ``ci95`` of its 95% confidence interval, over ``deals`` deals (a dict)."""
    return mean_ci(_paired(df, base, bot, baseline, value, None)[None])


def margins(df: Table, base: Table, *, bot: str, baseline: str, by: str, value: str | None = None) -> Table:
    """:func:`margin` for each value of the column ``by`` of ``df`` (e.g. ``direction``, or a hand feature): a
    :class:`~hearts_lessons.tables.Table` indexed by ``by`` with the columns ``mean``, ``ci95`` and ``deals``."""
    per = _paired(df, base, bot, baseline, value, by)
    return Table([{by: key, **mean_ci(per[key])} for key in _ordered(per)], index=by,
                 columns=[by, "mean", "ci95", "deals"])  # fmt: skip


def _paired(df: Table, base: Table, bot: str, baseline: str, value: str | None,
            by: str | None) -> dict[Any, list[float]]:  # fmt: skip
    """For each value of ``by`` (``None`` if none), the per-deal average of baseline minus bot over the pairs."""
    unit = _unit(df)
    value = _value(df, value)
    theirs: dict[tuple[Any, Any], list[float]] = {}
    for deal, seat, name, v in zip(base.column(unit), base.column("seat"), base.column("bot"), base.column(value),
                                   strict=True):  # fmt: skip
        if name == baseline:
            theirs.setdefault((deal, seat), []).append(float(v))
    groups = df.column(by) if by else [None] * len(df)
    diffs: dict[Any, dict[Any, list[float]]] = {}
    for deal, seat, name, v, key in zip(df.column(unit), df.column("seat"), df.column("bot"), df.column(value),
                                        groups, strict=True):  # fmt: skip
        if name == bot:
            for other in theirs.get((deal, seat), ()):
                diffs.setdefault(key, {}).setdefault(deal, []).append(other - float(v))
    if not diffs:
        raise ValueError(f"no seat of any deal was played by both {bot!r} (in df) and {baseline!r} (in base)")
    return {key: [average(d) for d in per.values()] for key, per in diffs.items()}


def rates(table: Table, by: str, outcome: str = "moon", *, minimum: int = 1) -> Table:
    """The share of rows where ``outcome`` is true, for each value of ``by``, with a 95% (Wilson) interval: a
    :class:`~hearts_lessons.tables.Table` indexed by ``by`` with the columns ``rate``, ``low``, ``high`` and
    ``hands``; groups with fewer than ``minimum`` rows are left out."""
    counts: dict[Any, list[int]] = {}
    for key, hit in zip(table.column(by), table.column(outcome), strict=True):
        tally = counts.setdefault(key, [0, 0])
        tally[0] += bool(hit)
        tally[1] += 1
    rows = []
    for key in _ordered(counts):
        hits, n = counts[key]
        if n >= minimum:
            low, high = wilson(hits, n)
            rows.append({by: key, "rate": hits / n, "low": low, "high": high, "hands": n})
    return Table(rows, index=by, columns=[by, "rate", "low", "high", "hands"])


# -- charts -------------------------------------------------------------------------------------------------------


def plot_summary(table: Table, *, by: str = "bot", title: str = "", xlabel: str | None = None) -> Chart:
    """A horizontal bar for each row's ``mean`` with its 95% interval (a :func:`summary` or :func:`margins` table,
    or any table with the columns ``by``, ``mean`` and ``ci95``), the first row at the top: an SVG
    :class:`~hearts_lessons.charts.Chart`, shown when it is a cell's last value. ``xlabel`` defaults to "points
    per hand (lower is better)" in the book's language."""
    if xlabel is None:
        xlabel = tr("points per hand (lower is better)")
    labels = [table.shown[by](v) for v in table.column(by)] if by in table.shown else table.column(by)
    return bars(labels, table.column("mean"), errors=table.column("ci95"), title=title, xlabel=xlabel)


def plot_rates(table: Table, by: str, *, title: str = "", ylabel: str | None = None) -> Chart:
    """Rates with their 95% intervals against a feature (a :func:`rates` table): an SVG
    :class:`~hearts_lessons.charts.Chart`, shown when it is a cell's last value. ``ylabel`` defaults to "share of
    hands" in the book's language."""
    if ylabel is None:
        ylabel = tr("share of hands")
    return points(table.column(by), table.column("rate"), low=table.column("low"), high=table.column("high"),
                  title=title, xlabel=table.headers.get(by, by.replace("_", " ")), ylabel=ylabel)  # fmt: skip
