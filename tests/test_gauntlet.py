"""The gauntlet's pure parts (bench/gauntlet.py, bench/spiel_bridge.py): the card, pass-direction and rules mapping
between the book's engine and OpenSpiel's ``hearts``, the deal's chance outcomes, the tables' names and the
statistics, with golden cases. None of them needs OpenSpiel; the parity test at the end plays hands in both
engines and is skipped where ``pyspiel`` (an optional benchmark dependency, not the project's code) is missing."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hearts_lessons.bots import make_bot
from hearts_lessons.cards import card_from_id, ids_of_mask, parse_cards
from hearts_lessons.layout import direction_offset
from hearts_lessons.rules import STANDARD, OpeningLead, PassDirection, Rules
from hearts_lessons.state import HandState

ROOT = Path(__file__).resolve().parents[1]


def _bench(name: str) -> ModuleType:
    """Import ``bench.<name>`` (bench/ is not an installed package: the repository's root goes on the path)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module(f"bench.{name}")


bridge = _bench("spiel_bridge")
gauntlet = _bench("gauntlet")

SPIEL_CARD_NAMES = [rank + suit for rank in "23456789TJQKA" for suit in "CDHS"]
"""OpenSpiel's names of its actions 0–51 in the play (``state.action_to_string``, OpenSpiel 2.0.2)."""


@pytest.mark.parametrize("module", [bridge, gauntlet], ids=["spiel_bridge", "gauntlet"])
def test_the_bench_modules_doctests_pass(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_openspiel_card_is_the_book_card_of_the_same_name() -> None:
    for action, name in enumerate(SPIEL_CARD_NAMES):
        cid = bridge.book_card_id(action)
        assert card_from_id(cid).code == name
        assert bridge.spiel_action(cid) == action


@pytest.mark.parametrize(("code", "action"), [("2C", 0), ("2D", 1), ("2H", 2), ("2S", 3), ("QS", 43), ("AH", 50),
                                              ("AS", 51), ("TD", 33)])  # fmt: skip
def test_golden_cards(code: str, action: int) -> None:
    (card,) = parse_cards(code)
    assert bridge.spiel_action(card.id) == action
    assert bridge.book_card_id(action) == card.id


@pytest.mark.parametrize("bad", [-1, 13, 64, 64 + 2])
def test_a_card_outside_one_deck_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="not a card"):
        bridge.spiel_action(bad)


@pytest.mark.parametrize("bad", [-1, 52])
def test_an_action_outside_the_deck_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="not an OpenSpiel card"):
        bridge.book_card_id(bad)


def test_masks_and_codes() -> None:
    assert bridge.actions_mask([0, 43]) == sum(1 << c.id for c in parse_cards("2C QS"))
    assert bridge.codes(bridge.actions_mask([51, 0])) == "2C AS"
    assert bridge.codes(0) == "-"


def test_pass_directions_send_the_cards_as_far_in_both_engines() -> None:
    # OpenSpiel gives a passed card to player (passer + direction) mod 4; the book to (seat + offset) mod 4
    for direction in (PassDirection.LEFT, PassDirection.ACROSS, PassDirection.RIGHT):
        assert bridge.spiel_direction(direction) == direction_offset(direction, 4)
    assert [bridge.spiel_direction(d) for d in STANDARD.cycle] == [1, 3, 2, 0]
    with pytest.raises(ValueError, match="no split pass"):
        bridge.spiel_direction(PassDirection.SPLIT)


def test_the_standard_rules_parameters() -> None:
    assert bridge.spiel_params(STANDARD) == {
        "pass_cards": True,
        "no_pts_on_first_trick": True,
        "can_lead_any_club": False,
        "jd_bonus": False,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": True,
        "qs_breaks_hearts": True,
        "can_lead_hearts_instead_of_qs": True,
    }


def test_options_openspiel_has_are_carried_over() -> None:
    rules = dataclasses.replace(STANDARD, points_on_first_trick=True, must_break_hearts=False,
                                opening_lead=OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB)  # fmt: skip
    params = bridge.spiel_params(rules)
    assert params["no_pts_on_first_trick"] is False
    assert params["must_break_hearts"] is False
    assert params["can_lead_any_club"] is True
    hold = dataclasses.replace(STANDARD, pass_cycle=(PassDirection.HOLD,))
    assert bridge.spiel_params(hold)["pass_cards"] is False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 3}, "players"),
        ({"cards_passed": 2}, "cards passed"),
        ({"queen_lead_restricted": True}, "lead restricted"),
        ({"opening_lead": OpeningLead.LEFT_OF_DEALER}, "lowest club"),
        ({"pass_cycle": (PassDirection.LEFT, PassDirection.SPLIT)}, "split"),
    ],
)
def test_rules_openspiel_cannot_play_are_refused(change: dict[str, object], message: str) -> None:
    rules = Rules(**change)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        bridge.spiel_params(rules)


def test_the_deal_goes_to_the_same_seats() -> None:
    state = HandState.deal(STANDARD, seed=7, dealer=2, hand_number=5)
    hands = [state.hand_mask(s) for s in range(4)]
    actions = bridge.deal_actions(hands)
    assert sorted(actions) == list(range(52))
    for i, action in enumerate(actions):  # OpenSpiel deals its i-th card to player i mod 4
        assert (hands[i % 4] >> bridge.book_card_id(action)) & 1
    rotated = bridge.deal_actions(hands, first=3)  # player p holds seat (p + 3) mod 4's cards
    for i, action in enumerate(rotated):
        assert (hands[(i % 4 + 3) % 4] >> bridge.book_card_id(action)) & 1
    with pytest.raises(ValueError, match="four hands of 13"):
        bridge.deal_actions(hands[:3])


def test_tables_and_opponents() -> None:
    assert gauntlet.parse_table("rules") == ("rules", "rules", "rules")
    assert gauntlet.parse_table("ismcts1000+rules+shooter") == ("ismcts1000", "rules", "shooter")
    assert gauntlet.search_simulations("ismcts5000") == 5000
    assert gauntlet.search_simulations("shooter") is None
    for bad in ("ismcts", "ismcts0", "coach", "ismctsx"):
        with pytest.raises(ValueError, match="unknown opponent"):
            gauntlet.search_simulations(bad)
    with pytest.raises(ValueError, match="three joined"):
        gauntlet.parse_table("rules+shooter")
    assert gauntlet.table_deals("rules:40", 10) == ("rules", 40)
    with pytest.raises(ValueError, match="positive"):
        gauntlet.table_deals("rules:0", 10)


def test_jobs_go_deal_by_deal_while_each_table_has_deals() -> None:
    jobs = list(gauntlet.jobs(["rules:2", "random"], 3, 5, 2.0))
    assert [(j.table, j.deal) for j in jobs] == [("rules", 0), ("random", 0), ("rules", 1), ("random", 1),
                                                 ("random", 2)]  # fmt: skip
    assert {j.seed for j in jobs} == {5}


def test_t_quantiles_and_intervals() -> None:
    assert gauntlet.t_quantile(1) == 12.706
    assert gauntlet.t_quantile(30) == 2.042
    assert gauntlet.t_quantile(31) == 1.96
    with pytest.raises(ValueError):
        gauntlet.t_quantile(0)
    mean, half = gauntlet.interval([2.0, 4.0])  # sd √2, two values: 12.706 × √2 / √2
    assert (mean, round(half, 3)) == (3.0, 12.706)
    values = [float(v % 7) for v in range(40)]  # 40 values: 1.96 standard errors
    mean, half = gauntlet.interval(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 39)
    assert math.isclose(half, 1.96 * sd / math.sqrt(40))
    assert gauntlet.interval([5.0]) == (5.0, math.inf)
    with pytest.raises(ValueError):
        gauntlet.interval([])


def test_a_deals_margin_is_the_baselines_points_less_the_coachs() -> None:
    assert gauntlet.deal_margin([0, 26, 3, 0], [13, 0, 3, 1]) == -3.0  # (13 − 26 + 0 + 1) / 4
    with pytest.raises(ValueError):
        gauntlet.deal_margin([1, 2], [1, 2, 3])


def _row(table: str, direction: str, coach: list[int], baseline: list[int]) -> dict[str, object]:
    return {"table": table, "direction": direction, "coach": coach, "baseline": baseline,
            "margin": gauntlet.deal_margin(coach, baseline), "hands": 8, "decisions": 100,
            "times": {"coach card": [0.1, 0.3]}}  # fmt: skip


def test_the_summary_splits_passing_and_hold_deals() -> None:
    rows = [
        _row("rules", "left", [0, 0, 0, 0], [4, 4, 4, 4]),  # margin 4
        _row("rules", "right", [0, 0, 0, 0], [2, 2, 2, 2]),  # 2
        _row("rules", "hold", [1, 1, 1, 1], [0, 0, 0, 0]),  # -1
        _row("rules", "hold", [0, 0, 0, 0], [1, 1, 1, 1]),  # 1
        _row("ismcts1000", "across", [13, 0, 0, 0], [0, 0, 0, 0]),  # -3.25
    ]
    rules, search = gauntlet.summarize(rows)
    assert (rules.table, rules.deals, rules.passing_deals, rules.hold_deals) == ("rules", 4, 2, 2)
    assert rules.margin[0] == 1.5 and rules.passing is not None and rules.passing[0] == 3.0
    assert rules.hold is not None and rules.hold[0] == 0.0
    assert round(rules.passing[1], 3) == 12.706  # two deals, sd √2
    assert (rules.coach_points, rules.baseline_points) == (0.25, 1.75)
    assert (search.deals, search.hold, search.margin) == (1, None, (-3.25, math.inf))
    assert rules.game is None and search.game is None  # two hold deals, no hold deal: no game figure
    extra = [_row("rules", "hold", [0] * 4, [2] * 4), _row("rules", "left", [0] * 4, [3] * 4)]
    more = gauntlet.summarize([*rows, *extra])[0]
    assert more.game is not None and more.passing is not None and more.hold is not None
    assert more.game[0] == 0.75 * more.passing[0] + 0.25 * more.hold[0] == 0.75 * 3.0 + 0.25 * (2 / 3)
    assert more.game[1] < 0.75 * more.passing[1] + 0.25 * more.hold[1]  # independent errors partly cancel
    text = gauntlet.table_text([rules, search])
    assert "| rules | 4 | +1.50 ± " in text and "| ismcts1000 | 1 | -3.25 (too few deals for an interval) |" in text
    assert "| +0.00 (too few deals for an interval) (2) |" in text  # two hold deals: no ± 0.00
    assert gauntlet.time_text(rows) == ("coach card: 10 decisions, mean 0.200 s, 90th percentile 0.300 s, "
                                        "max 0.300 s")  # fmt: skip


# -- parity with OpenSpiel itself (skipped without pyspiel, an optional benchmark dependency) ------------------


def test_hands_play_alike_in_both_engines() -> None:
    """Book bots and OpenSpiel's search play whole hands through the mirror: every legal set and every score agree
    (the mirror raises otherwise); and a wrong legal set is caught."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("hearts", bridge.spiel_params(STANDARD))
    compared = 0
    for n in range(8):  # two of each pass direction
        base = HandState.deal(STANDARD, seed=100 + n, dealer=n % 4, hand_number=n)
        search = bridge.SpielSearch(pyspiel, game, 30)
        lineup = [search, make_bot("random"), make_bot("rules"), make_bot("shooter")]
        points, decisions, shooter = gauntlet._play(base, lineup, [n, n + 1, n + 2, n + 3], f"test hand {n}", {})
        assert sum(points) == (26 if shooter is None else 78)
        compared += decisions
    assert compared >= 8 * 52
    state = HandState.deal(STANDARD, seed=1)
    mirror = bridge.SpielMirror(game, state, "a wrong legal set")
    seat = 0
    with pytest.raises(bridge.ParityError, match="the book allows"):
        mirror.pass_cards(seat, list(ids_of_mask(state.hand_mask(seat)))[:3], _FewerCards(state))


class _FewerCards:
    """A hand whose seat 0 seems to hold one card fewer (to see the mirror catch a difference)."""

    def __init__(self, state: HandState) -> None:
        self.k = state.k
        self._state = state

    def hand_mask(self, seat: int) -> int:
        mask = self._state.hand_mask(seat)
        return mask & (mask - 1)


def test_openspiels_resampling_after_a_pass_is_what_the_bridge_works_around() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("hearts", bridge.spiel_params(STANDARD))
    bad, total, bad_hold, total_hold = bridge.resample_defects(pyspiel, game, 20, seed=3)
    assert total > 0 and total_hold > 0
    assert bad_hold == 0  # without a pass every resampled world deals the right number of cards
    assert bad > 0  # after a pass some do not (OpenSpiel 2.0.2): if this fails, the workaround may go


def test_the_coaches_a_run_compares() -> None:
    """Each ``--coaches`` name makes a coach of that name and those options; the rules-pass coach passes as the
    rule-based bot does; an unknown name is refused with the choices."""
    import random

    from hearts_lessons.bots import RuleBasedBot
    from hearts_lessons.state import HandState

    for name, options in gauntlet.COACH_OPTIONS.items():
        coach = gauntlet.make_coach(name)
        assert coach.name == name and all(getattr(coach, k) == v for k, v in options.items())
    view = HandState.deal(seed=11, hand_number=0).view(0)
    rules = RuleBasedBot().choose_pass(view, random.Random(1))
    assert gauntlet.make_coach("coach-rules-pass").choose_pass(view, random.Random(2)) == rules
    with pytest.raises(ValueError, match="unknown coach 'coach-x'"):
        gauntlet.make_coach("coach-x")
