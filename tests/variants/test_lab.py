"""The variant lab: its statistics on small seeded runs, and its plots."""

from __future__ import annotations

import math
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from hearts_lessons.bots import make_bot
from hearts_lessons.variant_lab import (
    _between_share,
    compare,
    deal_share,
    default_bots,
    leader_changes,
    play_game_fast,
    plot_complex_game,
    plot_lab,
    plot_ten_of_clubs,
    sample_hand,
    simulate,
    stats_rows,
    stats_table,
)
from hearts_lessons.variants import BASIC, COMPLEX, KITTY, cancellation


def test_leader_changes() -> None:
    assert leader_changes([]) == 0
    assert leader_changes([(0, 0, 0), (1, 0, 0), (1, 2, 0), (5, 2, 3)]) == 1  # no leader while tied
    assert leader_changes([(3 + 4j, 6), (10, 1)], magnitude=True) == 1
    assert leader_changes([(3 + 4j, 4)], magnitude=True) == 0


def test_between_share_extremes() -> None:
    assert _between_share([[5, 5, 5], [1, 1, 1], [9, 9, 9]]) == pytest.approx(1.0)
    assert _between_share([[1, 9, 5], [9, 5, 1], [5, 1, 9]]) == 0.0
    assert _between_share([[1j, 1j], [-1j, -1j]]) == pytest.approx(1.0)
    assert _between_share([[0, 0]]) == 0.0


def test_simulate_is_seeded_and_consistent() -> None:
    a = simulate(BASIC, games=4, seed=3)
    b = simulate(BASIC, games=4, seed=3)
    assert a == b
    assert a.hands == sum(a.hands_per_game) and len(a.hand_scores) == a.hands * 4
    assert 0 <= a.moon_rate <= 1 and a.moon_value == 13
    assert a.deal_share is None
    assert a.bots == (default_bots()[0],)


def test_simulate_plays_enough_hands() -> None:
    s = simulate(BASIC, games=1, seed=2, min_hands=60)
    assert s.hands >= 60 and s.games == len(s.hands_per_game) > 1


def test_simulate_counts_the_games_one_after_another_would() -> None:
    """Games run in batches (on a pool or a cluster) and the extra games of a batch are dropped: the statistics
    are those of playing game after game while fewer than ``games`` games or ``min_hands`` hands were played."""
    bots = [make_bot(default_bots()[0]) for _ in range(4)]
    per_game, scores = [], []
    while len(per_game) < 1 or sum(per_game) < 60:
        game = play_game_fast(BASIC, bots, seed=2 * 100_003 + len(per_game))
        per_game.append(len(game.results))
        scores.extend(float(p) for result in game.results for p in result.score.points)
    s = simulate(BASIC, games=1, seed=2, min_hands=60, processes=1)
    assert s.hands_per_game == tuple(per_game) and s.hand_scores == tuple(scores)
    assert simulate(BASIC, games=1, seed=2, min_hands=60, processes=2) == s


def test_simulate_complex_and_cancellation() -> None:
    c = simulate(COMPLEX, games=2, seed=1)
    assert all(v >= 0 for v in c.hand_scores)  # sizes of complex scores
    assert not math.isnan(c.relative_sd)
    big = simulate(cancellation(8), games=1, seed=1)
    assert big.players == 8 and big.hands >= 1


def test_deal_share_is_a_share() -> None:
    share = deal_share(KITTY, deals=4, seed=2)
    assert 0.0 <= share <= 1.0
    assert deal_share(KITTY, deals=4, seed=2) == share


def test_rows_and_plots() -> None:
    stats = compare({"Basic": BASIC, "Kitty": KITTY}, games=2, seed=1, deal_rounds=2)
    rows = stats_rows(stats)
    assert [r["variant"] for r in rows] == ["Basic", "Kitty"]
    assert {"moons per 100 hands", "hands per game", "leader changes per game", "deal decides"} <= set(rows[0])
    table = stats_table(stats)
    assert table.index == "variant" and table.keys() == ["Basic", "Kitty"]
    assert table.value("Kitty", "hands per game") == rows[1]["hands per game"]
    chart = plot_lab(stats)
    root = ET.fromstring(chart.svg)
    assert len(root.findall("{http://www.w3.org/2000/svg}svg")) == 5  # five panels
    assert "How much the deal decides" in chart.description and "Kitty" in chart.svg
    assert "box plot of hand score ÷ M; Basic median" in chart.description
    assert f"{stats[0].mean_hands:.3g}" in chart.description
    with pytest.raises(ValueError):
        plot_lab([])


def test_plot_lab_panels_without_deal_share() -> None:
    stats = compare({"Basic": BASIC}, games=2, seed=1)
    panels = ET.fromstring(plot_lab(stats).svg).findall("{http://www.w3.org/2000/svg}svg")
    assert len(panels) == 4


def test_complex_plots() -> None:
    game = play_game_fast(COMPLEX, [make_bot("rules") for _ in range(4)], seed=2)
    chart = plot_complex_game(game)
    ET.fromstring(chart.svg)
    assert "|total| = 100" in chart.svg and "South" in chart.description
    assert f"{len(game.results) + 1} points" in chart.description
    ten = plot_ten_of_clubs([5, 13j, -10, 4 + 8j])
    ET.fromstring(ten.svg)
    assert "5 → 10i" in ten.description and "13i → -26" in ten.description and "-10 → -20i" in ten.description


BLOCKER = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pandas", "matplotlib"):
            raise ImportError(f"{name} is blocked")
sys.meta_path.insert(0, Block())
"""


def test_lab_runs_without_pandas_and_matplotlib() -> None:
    code = BLOCKER + (
        "from hearts_lessons.variant_lab import compare, plot_lab, stats_table\n"
        "from hearts_lessons.variants import BASIC\n"
        "stats = compare({'Basic': BASIC}, games=1, seed=1)\n"
        "print(stats_table(stats).keys(), plot_lab(stats).svg[:4])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["['Basic']", "<svg"]


def test_sample_hand_is_recorded() -> None:
    state = sample_hand(KITTY, seed=5)
    assert state.is_over and state.actions
    assert state.hole_owner is not None


def test_the_lab_shows_the_variants_names_and_sources_in_the_books_language() -> None:
    """The rows keep the presets' English names (code looks them up in any language); the table, its charts and
    the variants' tables show them, and the sources, in Japanese."""
    from hearts_lessons.i18n import language, latin_words
    from hearts_lessons.tables import Table
    from hearts_lessons.variants import PRESETS, options_rows, overview_rows

    stats = compare({p.name: p.rules for p in (PRESETS["basic"], PRESETS["black_maria"])}, games=2, seed=1)
    with language("ja"):
        table = stats_table(stats)
        page = table.select("players")._repr_html_() + plot_lab(stats).svg
        sources = [row["sources"] for row in overview_rows()] + [row["source"] for row in options_rows()]
        overview = Table(overview_rows(), index="variant")._repr_html_()
    assert table.keys() == ["Basic Hearts", "Black Maria"]
    assert ">基本ハーツ<" in page and "ブラック・マリア" in page and "Basic" not in page and "Maria" not in page
    assert "pagat.com (Hearts pages)" not in overview and "Wikipedia: Black Maria" not in overview
    assert "after 松田" not in overview and "松田道弘『トランプゲーム事典』1988による" in overview
    names = {"pagat", "com", "rdieter", "Wikipedia"}
    assert [w for s in sources for w in latin_words(s) if w not in names] == []
