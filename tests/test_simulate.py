"""The simulation harness: seeded, the same with one process or several, duplicate deals rotate the seats."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest

from hearts_lessons.bots import RuleBasedBot
from hearts_lessons.rules import Rules
from hearts_lessons.simulate import (
    deal_seed,
    margin,
    margins,
    plot_rates,
    plot_summary,
    rates,
    simulate_games,
    simulate_hands,
    summary,
)

LINEUP = ["rules", "beginner", "random", ("rules", {"bleed": False})]


def test_hands_are_deterministic_for_a_seed_and_any_number_of_processes() -> None:
    a = simulate_hands(bots=LINEUP, hands=12, seed=3, processes=1)
    b = simulate_hands(bots=LINEUP, hands=12, seed=3, processes=2)
    pd.testing.assert_frame_equal(a, b)
    c = simulate_hands(bots=LINEUP, hands=12, seed=4, processes=1)
    assert not a["points"].equals(c["points"])
    assert list(a["bot"].unique()) == ["rules", "beginner", "random", "rules (bleed=False)"]


def test_duplicate_mode_rotates_the_lineup_through_every_seat() -> None:
    df = simulate_hands(bots=LINEUP, hands=5, seed=1, duplicate=True, processes=1)
    assert len(df) == 5 * 4 * 4
    for (_deal, rotation), rows in df.groupby(["deal", "rotation"]):
        assert sorted(rows["seat"]) == [0, 1, 2, 3]
        for _, row in rows.iterrows():
            assert row["seat"] == (row["player"] + rotation) % 4
    # each bot sits in each seat of each deal once
    assert (df.groupby(["deal", "bot"])["seat"].nunique() == 4).all()
    # the points of a deal add up to the same total whatever the rotation, unless someone shot the moon
    plain = df[~df["moon_hand"]]
    assert (plain.groupby(["deal", "rotation"])["points"].sum() == 26).all()


def test_summary_has_confidence_intervals_over_deals() -> None:
    df = simulate_hands(bots=["rules", "random", "rules", "random"], hands=40, seed=2, duplicate=True, processes=1)
    table = summary(df)
    assert list(table["bot"]) == ["rules", "random"]
    assert (table["ci95"] > 0).all() and (table["deals"] == 40).all()
    assert table.loc[0, "mean"] < table.loc[1, "mean"]
    assert (table["low"] < table["mean"]).all() and (table["mean"] < table["high"]).all()


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
    shooters = df[df["player"] == 0]
    table = rates(shooters, "top_hearts")
    assert {"rate", "low", "high", "hands"} <= set(table.columns)
    assert ((table["low"] <= table["rate"]) & (table["rate"] <= table["high"])).all()
    assert plot_rates(table, "top_hearts") is not None
    assert plot_summary(summary(df)) is not None


def test_games() -> None:
    df = simulate_games(Rules(target=30), bots=["rules", "random", "beginner", "rules"], games=3, seed=1,
                        processes=1, duplicate=True)  # fmt: skip
    assert len(df) == 3 * 4 * 4
    assert (df.groupby(["game", "rotation"])["won"].sum() == 1.0).all()
    assert list(summary(df, value="won").columns)[:2] == ["bot", "mean"]


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
    assert list(table["direction"]) == ["across", "hold", "left", "right"]
    assert (table.set_index("direction").loc["hold", ["mean", "ci95"]] == 0).all()
    assert table["deals"].sum() == 16


def test_a_browser_runs_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_RUNTIME", "browser")
    df = simulate_hands(hands=3, seed=1, processes=4)
    assert len(df) == 12
