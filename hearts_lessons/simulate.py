"""The strategy lab: play many hands or games between bots, seeded, on every core, and summarise the results
with 95% confidence intervals.

**Duplicate deals.** With ``duplicate=True`` each deal is played once per seat rotation: the lineup moves one
seat to the left each time, so every bot plays every seat of every deal. Luck of the cards then cancels out
of comparisons, and far fewer hands are needed to tell two bots apart. Results are averaged per deal before the
confidence interval is computed (the hands of one deal are not independent).

**Seeds.** Deal ``i`` is dealt from :func:`deal_seed` ``(seed, i)`` with dealer ``i mod players`` and hand
number ``i`` (so the pass direction cycles as in a game), and every bot decision draws from a generator seeded
by the deal and the rotation: results do not depend on the number of processes.

>>> df = simulate_hands(bots=["rules", "beginner", "rules", "beginner"], hands=8, seed=1, processes=1)
>>> len(df), list(df.columns)[:6]
(32, ['deal', 'rotation', 'seat', 'player', 'bot', 'points'])
>>> table = summary(df)
>>> list(table.columns)
['bot', 'mean', 'ci95', 'low', 'high', 'deals']
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bots.base import Policy, make_bot
from .bots.driver import run_hand
from .bots.features import cost_of, hand_features, tables_for
from .game import GameState
from .rules import STANDARD, Rules
from .runtime import in_browser
from .state import HandState

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "BotSpec",
    "deal_seed",
    "margin",
    "margins",
    "plot_rates",
    "plot_summary",
    "rates",
    "simulate_games",
    "simulate_hands",
    "summary",
]

BotSpec = str | tuple[str, Mapping[str, Any]] | Policy
"""A bot by name (``"rules"``), by name with options (``("coach", {"worlds": 20})``), or a bot object."""

HAND_COLUMNS = ("deal", "rotation", "seat", "player", "bot", "points", "relative", "card_points", "moon",
                "moon_hand", "took_queen", "tricks", "direction")  # fmt: skip
GAME_COLUMNS = ("game", "rotation", "seat", "player", "bot", "total", "won", "hands")


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


def _execute(jobs: list[_Job], processes: int, progress: bool, total: int, unit: str) -> list[tuple[Any, ...]]:
    from tqdm.auto import tqdm

    rows: list[tuple[Any, ...]] = []
    with tqdm(total=total, disable=not progress, unit=unit, leave=False) as bar:
        results: Iterator[tuple[int, list[tuple[Any, ...]]]] | Iterable[tuple[int, list[tuple[Any, ...]]]]
        if processes <= 1 or len(jobs) == 1:
            results = map(_run, jobs)
            for done, chunk in results:
                rows.extend(chunk)
                bar.update(done)
        else:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
            with multiprocessing.get_context(method).Pool(processes) as pool:
                for done, chunk in pool.imap(_run, jobs):
                    rows.extend(chunk)
                    bar.update(done)
    return rows


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
                   features: bool = False) -> pd.DataFrame:  # fmt: skip
    """Play ``hands`` deals between ``bots`` (player ``i`` of the lineup at seat ``i``; with ``duplicate`` every
    rotation of the lineup). One row per seat and hand: ``points`` scored (moon included), ``relative`` (points
    minus the average of the other seats' points: what decides games), ``card_points``,
    ``moon`` (this seat shot), ``moon_hand`` (someone shot), ``took_queen`` (took a big penalty card), ``tricks``,
    ``direction``; with ``features``, the counts of :class:`~hearts_lessons.bots.features.HandFeatures` of the
    hand dealt to the seat (``queen``: it was dealt the Q♠) and its ``moon_chance``. ``processes=None`` uses
    every core; ``1`` runs here (always, in a browser)."""
    import pandas as pd

    workers = _processes(processes)
    jobs = _jobs(rules, bots, hands, seed, duplicate, features, False, workers)
    rows = _execute(jobs, workers, progress, hands, "deal")
    columns = list(HAND_COLUMNS)
    if features:
        sample = hand_features(0, tables_for(HandState.deal(rules).k).k)
        columns += [*sample.as_dict(), "moon_chance"]
    return pd.DataFrame(rows, columns=columns)


def simulate_games(rules: Rules = STANDARD, bots: Sequence[BotSpec] = ("rules",) * 4, *, games: int = 100,
                   seed: int = 0, duplicate: bool = False, processes: int | None = None,
                   progress: bool = False) -> pd.DataFrame:  # fmt: skip
    """Play ``games`` whole games between ``bots``. One row per seat and game: final ``total``, ``won`` (1, or
    a share of 1 when several players tie for the win) and the number of ``hands``."""
    import pandas as pd

    workers = _processes(processes)
    jobs = _jobs(rules, bots, games, seed, duplicate, False, True, workers)
    rows = _execute(jobs, workers, progress, games, "game")
    return pd.DataFrame(rows, columns=list(GAME_COLUMNS))


def _unit(df: pd.DataFrame) -> str:
    return "deal" if "deal" in df.columns else "game"


def summary(df: pd.DataFrame, *, value: str | None = None, by: str = "bot") -> pd.DataFrame:
    """Mean ``value`` (points per hand, or total per game) per bot, with a 95% confidence interval over deals
    (each deal's rows averaged first), best (lowest) first."""
    import pandas as pd

    unit = _unit(df)
    value = value or ("points" if unit == "deal" else "total")
    per = df.groupby([unit, by])[value].mean().unstack(by)
    mean = per.mean()
    count = per.count()
    sd = per.std(ddof=1).fillna(0.0)
    half = 1.96 * sd / count.pow(0.5)
    table = pd.DataFrame({by: mean.index, "mean": mean.values, "ci95": half.values, "low": (mean - half).values,
                          "high": (mean + half).values, "deals": count.values})  # fmt: skip
    return table.sort_values("mean", kind="stable").reset_index(drop=True)


def margin(df: pd.DataFrame, base: pd.DataFrame, *, bot: str, baseline: str, value: str | None = None
           ) -> dict[str, float]:  # fmt: skip
    """How many points per hand ``bot`` saves compared with ``baseline`` in the same seats of the same deals:
    rows of ``df`` where ``bot`` sat are paired with the rows of ``base`` where ``baseline`` sat in that seat of
    that deal; the per-deal average difference (baseline minus bot: positive means ``bot`` is better) gives the
    mean and its 95% confidence interval."""
    per = _paired(df, base, bot, baseline, value, None)
    return _mean_ci(per)


def margins(df: pd.DataFrame, base: pd.DataFrame, *, bot: str, baseline: str, by: str, value: str | None = None
            ) -> pd.DataFrame:  # fmt: skip
    """:func:`margin` for each value of the column ``by`` of ``df`` (e.g. ``direction``, or a hand feature)."""
    import pandas as pd

    per = _paired(df, base, bot, baseline, value, by)
    rows = [{by: key, **_mean_ci(group.droplevel(by))} for key, group in per.groupby(level=by)]
    return pd.DataFrame(rows)


def _paired(df: pd.DataFrame, base: pd.DataFrame, bot: str, baseline: str, value: str | None,
            by: str | None) -> pd.Series:  # fmt: skip
    unit = _unit(df)
    value = value or ("points" if unit == "deal" else "total")
    keys = [unit, "seat"]
    extra = [by] if by else []
    left = df[df["bot"] == bot][[*keys, value, *extra]]
    right = base[base["bot"] == baseline][[*keys, value]]
    pairs = left.merge(right, on=keys, suffixes=("_bot", "_base"))
    if pairs.empty:
        raise ValueError(f"no seat of any deal was played by both {bot!r} (in df) and {baseline!r} (in base)")
    diff = pairs[f"{value}_base"] - pairs[f"{value}_bot"]
    return diff.groupby([pairs[c] for c in [*extra, unit]]).mean()


def _mean_ci(per: pd.Series) -> dict[str, float]:
    n = len(per)
    sd = float(per.std(ddof=1)) if n > 1 else 0.0
    return {"mean": float(per.mean()), "ci95": 1.96 * sd / math.sqrt(n), "deals": float(n)}


def rates(df: pd.DataFrame, by: str, outcome: str = "moon", *, minimum: int = 1) -> pd.DataFrame:
    """The share of rows where ``outcome`` is true, for each value of ``by``, with a 95% (Wilson) interval;
    groups with fewer than ``minimum`` rows are left out."""
    import pandas as pd

    groups = df.groupby(by)[outcome].agg(["sum", "count"])
    groups = groups[groups["count"] >= minimum]
    z = 1.96
    rows = []
    for key, (hits, n) in groups.iterrows():
        p = hits / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        rows.append({by: key, "rate": p, "low": max(0.0, centre - half), "high": min(1.0, centre + half),
                     "hands": int(n)})  # fmt: skip
    return pd.DataFrame(rows)


def plot_summary(table: pd.DataFrame, *, ax: Axes | None = None, by: str = "bot", title: str = "",
                 xlabel: str = "points per hand (lower is better)") -> Axes:  # fmt: skip
    """A horizontal bar for each bot's mean with its 95% interval (a :func:`summary` table)."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(table)))
    labels = [str(v) for v in table[by]]
    ax.barh(labels, table["mean"], xerr=table["ci95"], color="#7a9cc6", capsize=4)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    if title:
        ax.set_title(title)
    return ax


def plot_rates(table: pd.DataFrame, by: str, *, ax: Axes | None = None, title: str = "",
               ylabel: str = "share of hands") -> Axes:  # fmt: skip
    """Rates with their 95% intervals against a feature (a :func:`rates` table)."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3))
    ax.errorbar(table[by], table["rate"], yerr=[table["rate"] - table["low"], table["high"] - table["rate"]],
                fmt="o-", capsize=3, color="#b03a2e")  # fmt: skip
    ax.set_xlabel(by.replace("_", " "))
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    return ax
