"""The simulation harness: seeded, the same with one process or several, duplicate deals rotate the seats; its
pure-Python statistics against values worked out by hand; its charts."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from hearts_lessons.bots import RuleBasedBot
from hearts_lessons.charts import Chart
from hearts_lessons.rules import Rules
from hearts_lessons.simulate import (
    GAME_COLUMNS,
    HAND_COLUMNS,
    deal_seed,
    map_jobs,
    margin,
    margins,
    mean_ci,
    mean_sd,
    plot_rates,
    plot_summary,
    rates,
    simulate_games,
    simulate_hands,
    summary,
    wilson,
)
from hearts_lessons.tables import Table
from hearts_lessons.variant_lab import simulate

LINEUP = ["rules", "beginner", "random", ("rules", {"bleed": False})]


def test_hands_are_deterministic_for_a_seed_and_any_number_of_processes() -> None:
    a = simulate_hands(bots=LINEUP, hands=12, seed=3, processes=1)
    b = simulate_hands(bots=LINEUP, hands=12, seed=3, processes=2)
    assert isinstance(a, Table) and a.columns == list(HAND_COLUMNS) and a.rows == b.rows
    c = simulate_hands(bots=LINEUP, hands=12, seed=4, processes=1)
    assert a["points"] != c["points"]
    assert list(dict.fromkeys(a["bot"])) == ["rules", "beginner", "random", "rules (bleed=False)"]


def test_duplicate_mode_rotates_the_lineup_through_every_seat() -> None:
    df = simulate_hands(bots=LINEUP, hands=5, seed=1, duplicate=True, processes=1)
    assert len(df) == 5 * 4 * 4
    for deal in range(5):
        for rotation in range(4):
            rows = df.where(deal=deal, rotation=rotation)
            assert sorted(rows["seat"]) == [0, 1, 2, 3]
            assert all(row["seat"] == (row["player"] + rotation) % 4 for row in rows)
            # the points of a deal add up to the same total whatever the rotation, unless someone shot the moon
            if not any(rows["moon_hand"]):
                assert sum(rows["points"]) == 26
        # each bot sits in each seat of each deal once
        for bot in set(df["bot"]):
            assert sorted(df.where(deal=deal, bot=bot)["seat"]) == [0, 1, 2, 3]


def test_summary_has_confidence_intervals_over_deals() -> None:
    df = simulate_hands(bots=["rules", "random", "rules", "random"], hands=40, seed=2, duplicate=True, processes=1)
    table = summary(df)
    assert table.keys() == ["rules", "random"] and table.index == "bot"
    assert all(ci > 0 for ci in table["ci95"]) and table["deals"] == [40, 40]
    assert table.value("rules", "mean") < table.value("random", "mean")
    assert all(row["low"] < row["mean"] < row["high"] for row in table)
    assert table.value("rules", "mean") == pytest.approx(df.where(bot="rules").mean("points"))


def test_margin_pairs_the_same_seats_of_the_same_deals() -> None:
    base = simulate_hands(bots=["rules"] * 4, hands=10, seed=5, processes=1)
    same = simulate_hands(bots=["rules"] * 4, hands=10, seed=5, duplicate=True, processes=1)
    assert margin(same, base, bot="rules", baseline="rules") == {"mean": 0.0, "ci95": 0.0, "deals": 10.0}
    worse = simulate_hands(bots=["random", "rules", "rules", "rules"], hands=30, seed=5, duplicate=True,
                           processes=1)  # fmt: skip
    base30 = simulate_hands(bots=["rules"] * 4, hands=30, seed=5, processes=1)
    result = margin(worse, base30, bot="random", baseline="rules")
    assert result["mean"] < 0 and result["deals"] == 30
    with pytest.raises(ValueError, match="no seat"):
        margin(worse, base, bot="coach", baseline="rules")


def test_features_and_rates() -> None:
    df = simulate_hands(bots=[("shooter", {"always": True}), "rules", "rules", "rules"], hands=30, seed=1,
                        processes=1, features=True)  # fmt: skip
    assert {"top_hearts", "moon_chance", "spade_guards"} <= set(df.columns)
    assert df.columns[: len(HAND_COLUMNS)] == list(HAND_COLUMNS)
    shooters = df.where(player=0)
    table = rates(shooters, "top_hearts")
    assert table.columns == ["top_hearts", "rate", "low", "high", "hands"] and table.index == "top_hearts"
    assert table.keys() == sorted(set(shooters["top_hearts"])) and sum(table["hands"]) == 30
    assert all(row["low"] <= row["rate"] <= row["high"] for row in table)
    assert rates(shooters, "top_hearts", minimum=31).rows == []


def test_games() -> None:
    df = simulate_games(Rules(target=30), bots=["rules", "random", "beginner", "rules"], games=3, seed=1,
                        processes=1, duplicate=True)  # fmt: skip
    assert len(df) == 3 * 4 * 4
    assert df.columns == list(GAME_COLUMNS)
    for game in range(3):
        for rotation in range(4):
            assert sum(df.where(game=game, rotation=rotation)["won"]) == pytest.approx(1.0)
    won = summary(df, value="won")
    assert won.columns[:2] == ["bot", "mean"] and won["deals"] == [3, 3, 3]
    # one win per game and rotation: "rules" has two seats of the four, the others one each
    means = dict(zip(won.keys(), won["mean"], strict=True))
    assert 2 * means["rules"] + means["random"] + means["beginner"] == pytest.approx(1.0)


def test_bad_calls_are_refused() -> None:
    with pytest.raises(ValueError, match="4 bots are needed"):
        simulate_hands(bots=["rules"] * 3, hands=1)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate_hands(bots=["rules"] * 3 + ["oracle"], hands=1)
    with pytest.raises(ValueError, match="at least one"):
        simulate_hands(hands=0)
    with pytest.raises(ValueError, match="processes"):
        simulate_hands(hands=1, processes=0)
    assert deal_seed(1, 2) != deal_seed(2, 1)


def test_bot_objects_can_be_passed_too() -> None:
    df = simulate_hands(bots=[RuleBasedBot(duck_high=False)] + ["rules"] * 3, hands=4, seed=1, processes=2)
    assert "rules (duck_high=False)" in set(df["bot"])


def test_margins_by_a_column() -> None:
    base = simulate_hands(bots=["rules"] * 4, hands=16, seed=6, processes=1)
    df = simulate_hands(bots=[("rules", {"passing": "random"}), "rules", "rules", "rules"], hands=16, seed=6,
                        duplicate=True, processes=1)  # fmt: skip
    table = margins(df, base, bot="rules (passing=random)", baseline="rules", by="direction")
    assert table.keys() == ["across", "hold", "left", "right"]
    assert table.columns == ["direction", "mean", "ci95", "deals"]
    assert table.value("hold", "mean") == 0 and table.value("hold", "ci95") == 0
    assert sum(table["deals"]) == 16


def test_a_browser_runs_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_RUNTIME", "browser")
    df = simulate_hands(hands=3, seed=1, processes=4)
    assert len(df) == 12


# -- the statistics, against values worked out by hand --------------------------------------------------------------

SD2_CI = 1.96 * 2 / math.sqrt(3)  # the 95% half width of three values with standard deviation 2


def test_mean_sd_and_ci_by_hand() -> None:
    assert mean_sd([3.0, 5.0, 7.0]) == (5.0, 2.0)
    assert mean_sd([4.0]) == (4.0, 0.0)
    assert mean_sd([0.1] * 10)[1] == 0.0
    assert mean_ci([3.0, 5.0, 7.0]) == {"mean": 5.0, "ci95": pytest.approx(SD2_CI), "deals": 3}
    with pytest.raises(ValueError):
        mean_sd([])


def test_summary_averages_each_deal_first() -> None:
    rows = [
        {"deal": 0, "bot": "a", "points": 2}, {"deal": 0, "bot": "a", "points": 4},
        {"deal": 0, "bot": "b", "points": 10},
        {"deal": 1, "bot": "a", "points": 5}, {"deal": 1, "bot": "b", "points": 8},
        {"deal": 2, "bot": "a", "points": 7}, {"deal": 2, "bot": "b", "points": 12},
    ]  # fmt: skip
    # per deal, a: 3, 5, 7 and b: 10, 8, 12; both have standard deviation 2
    table = summary(Table(rows))
    assert table.index == "bot" and table.keys() == ["a", "b"]
    assert table.row("a") == {"bot": "a", "mean": 5.0, "ci95": pytest.approx(SD2_CI), "low": pytest.approx(5 - SD2_CI),
                              "high": pytest.approx(5 + SD2_CI), "deals": 3}  # fmt: skip
    assert table.value("b", "mean") == 10.0 and table.value("b", "ci95") == pytest.approx(SD2_CI)
    one = summary(Table(rows[:3]))  # a single deal: no spread to measure
    assert one.value("a", "ci95") == 0.0 and one["deals"] == [1, 1]
    games = summary(Table([{"game": 0, "bot": "a", "total": 40}, {"game": 1, "bot": "a", "total": 60}]))
    assert games.row("a")["mean"] == 50.0 and games.value("a", "ci95") == pytest.approx(19.6)  # 1.96 √200 / √2


def test_margin_by_hand() -> None:
    df = Table([
        {"deal": 0, "seat": 0, "bot": "x", "points": 3, "direction": "left"},
        {"deal": 0, "seat": 1, "bot": "rules", "points": 0, "direction": "left"},  # not the bot: left out
        {"deal": 1, "seat": 0, "bot": "x", "points": 5, "direction": "left"},
        {"deal": 2, "seat": 2, "bot": "x", "points": 10, "direction": "hold"},
        {"deal": 3, "seat": 3, "bot": "x", "points": 1, "direction": "hold"},  # no baseline in that seat: left out
    ])  # fmt: skip
    base = Table([
        {"deal": 0, "seat": 0, "bot": "rules", "points": 4}, {"deal": 1, "seat": 0, "bot": "rules", "points": 9},
        {"deal": 2, "seat": 2, "bot": "rules", "points": 10}, {"deal": 3, "seat": 0, "bot": "rules", "points": 26},
    ])  # fmt: skip
    # differences (baseline minus bot) 1, 4, 0: mean 5/3, variance (4/9 + 49/9 + 25/9) / 2 = 13/3
    result = margin(df, base, bot="x", baseline="rules")
    assert result == {"mean": pytest.approx(5 / 3), "ci95": pytest.approx(1.96 * math.sqrt(13 / 3 / 3)), "deals": 3}
    by = margins(df, base, bot="x", baseline="rules", by="direction")
    assert by.keys() == ["hold", "left"]
    assert by.row("hold") == {"direction": "hold", "mean": 0.0, "ci95": 0.0, "deals": 1}
    assert by.row("left") == {"direction": "left", "mean": 2.5, "ci95": pytest.approx(1.96 * math.sqrt(4.5 / 2)),
                              "deals": 2}  # fmt: skip
    # a seat played twice in one deal (two rotations) is averaged within the deal: differences 1 and -1 give 0
    twice = Table([{"deal": 0, "seat": 0, "bot": "x", "points": p} for p in (3, 5)])
    assert margin(twice, base, bot="x", baseline="rules") == {"mean": 0.0, "ci95": 0.0, "deals": 1}
    assert margin(df, base, bot="x", baseline="rules", value="points") == result


def test_wilson_interval_known_values() -> None:
    assert wilson(5, 10) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(0, 20) == (0.0, pytest.approx(0.1611, abs=1e-4))
    assert wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    assert wilson(50, 100) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_rates_by_hand() -> None:
    rows = [{"top": 0, "moon": i < 1} for i in range(10)] + [{"top": 2, "moon": i < 5} for i in range(10)]
    rows += [{"top": 1, "moon": True}]
    table = rates(Table(rows), "top", minimum=2)
    assert table.keys() == [0, 2]  # top 1 has a single row
    assert table.row(2) == {"top": 2, "rate": 0.5, "low": pytest.approx(0.2366, abs=1e-4),
                            "high": pytest.approx(0.7634, abs=1e-4), "hands": 10}  # fmt: skip
    assert table.value(0, "rate") == 0.1 and (table.value(0, "low"), table.value(0, "high")) == wilson(1, 10)


def test_charts_are_svg_with_the_labels() -> None:
    table = Table([{"bot": "rules", "mean": 5.5, "ci95": 0.3}, {"bot": "random", "mean": 9.75, "ci95": 0.4}])
    chart = plot_summary(table, title="One table")
    assert isinstance(chart, Chart) and chart.svg.startswith("<svg")
    assert "rules" in chart.svg and "random" in chart.svg and "One table" in chart.svg
    assert chart.svg.index(">rules<") < chart.svg.index(">random<")  # the first row on top
    assert "points per hand (lower is better)" in chart.svg and "9.75" in chart.description
    styles = Table([{"style": "keep_queen", "mean": -0.8, "ci95": 0.2}])
    assert "keep_queen" in plot_summary(styles, by="style", xlabel="saved").svg
    moons = rates(Table([{"top_hearts": t, "moon": t > i} for t in range(4) for i in range(4)]), "top_hearts")
    chart = plot_rates(moons, "top_hearts", title="Moons", ylabel="share of attempts")
    assert isinstance(chart, Chart) and "top hearts" in chart.svg and "share of attempts" in chart.svg
    assert "Moons" in chart.description and "<circle" in chart.svg
    assert "<html" not in chart._repr_html_() and "<svg" in chart._repr_html_()


def test_the_lab_needs_neither_pandas_nor_matplotlib() -> None:
    script = """
import sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pandas", "matplotlib"):
            raise ImportError(name)

sys.meta_path.insert(0, Block())
from hearts_lessons.simulate import plot_rates, plot_summary, rates, simulate_hands, summary
df = simulate_hands(hands=3, seed=1, processes=1, features=True)
plot_summary(summary(df))
plot_rates(rates(df, "top_hearts"), "top_hearts")
print(sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "matplotlib")))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_any_executor_runs_the_same_seeded_jobs() -> None:
    from concurrent.futures import ThreadPoolExecutor

    local = simulate_hands(bots=LINEUP, hands=12, seed=3, processes=1)
    with ThreadPoolExecutor(2) as pool:
        assert simulate_hands(bots=LINEUP, hands=12, seed=3, executor=pool, progress=True).rows == local.rows
        games = simulate_games(Rules(target=30), bots=LINEUP, games=2, seed=1, executor=pool)
    assert games.rows == simulate_games(Rules(target=30), bots=LINEUP, games=2, seed=1, processes=1).rows


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A Dask client of a 2-worker in-process ``LocalCluster`` (a few seconds to start), shared by this module."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_a_dask_cluster_gives_the_results_of_a_local_run(dask_client: Any) -> None:
    """Two workers of a Dask cluster: the same rows as a local run, with the progress bar on."""
    local = simulate_hands(bots=LINEUP, hands=16, seed=7, duplicate=True, processes=1)
    remote = simulate_hands(bots=LINEUP, hands=16, seed=7, duplicate=True, processes=2, progress=True,
                            executor=dask_client.get_executor())  # fmt: skip
    assert remote.rows == local.rows


def test_the_variant_lab_on_a_dask_cluster_measures_what_a_local_run_measures(dask_client: Any) -> None:
    """The lab's games (``min_hands`` asking for more games than ``games``) on the cluster, on a local pool of
    two processes and here: the same statistics, game for game."""
    rules = Rules(target=40)
    here = simulate(rules, games=3, seed=5, min_hands=12, processes=1)
    assert here.games > 3 and here.hands >= 12  # the second batch of games ran
    assert simulate(rules, games=3, seed=5, min_hands=12, processes=2) == here
    assert simulate(rules, games=3, seed=5, min_hands=12, executor=dask_client.get_executor()) == here


def test_map_jobs_keeps_the_order_of_the_jobs() -> None:
    from concurrent.futures import ThreadPoolExecutor

    jobs = list(range(-20, 20))
    assert map_jobs(abs, jobs, processes=1) == map_jobs(abs, jobs, processes=2) == [abs(j) for j in jobs]
    with ThreadPoolExecutor(3) as pool:
        assert map_jobs(abs, jobs, executor=pool) == [abs(j) for j in jobs]
