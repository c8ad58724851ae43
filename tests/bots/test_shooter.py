"""The moon shooter: recognising a shooting hand, playing to win every trick, and the shoot-or-not measure."""

from __future__ import annotations

import random

from hearts_lessons.bots.features import LiveView
from hearts_lessons.bots.shooter import ShooterBot, moon_verdict, shooter_play, shooting, shooting_deals
from hearts_lessons.rules import STANDARD, Moon, PassDirection
from hearts_lessons.state import HandState

DEAL = ("AH KH QH JH TH 9H AS KS QS AD KD AC KC; 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D; "
        "4D 5D 6D 7D 8D 9D TD JD QD 2S 3S 4S 5S; 6S 7S 8S 9S TS JS 2H 3H 4H 5H 6H 7H 8H")  # fmt: skip


def test_recognises_a_shooting_hand_only_with_a_moon_rule() -> None:
    s = HandState.from_cards(DEAL, hold=True)
    assert shooting(s.view(0)) and not shooting(s.view(1))
    no_moon = HandState.from_cards(DEAL, STANDARD.with_options(moon=Moon.NONE), hold=True)
    assert not shooting(no_moon.view(0))
    assert ShooterBot(always=True).wants_to_shoot(s.view(1))


def test_gives_up_once_someone_else_takes_a_point() -> None:
    s = HandState.from_cards("2D 2H AH; KD 5H 9C; QS 3C 7C; 4D 6S 8C", hold=True, trick_number=1,
                             hearts_broken=True, leader=1, check=False)  # fmt: skip
    for card in ["KD", "QS", "4D", "2D"]:
        s.play(card)  # West takes the Q♠
    assert not ShooterBot(always=True).wants_to_shoot(s.view(0))


def test_a_shooter_passes_low_cards_and_keeps_point_cards() -> None:
    s = HandState.from_cards(DEAL, direction=PassDirection.LEFT)
    passed = [c.code for c in ShooterBot().choose_pass(s.view(0), random.Random(0))]
    assert passed == ["KC", "KD", "KS"]


def test_a_shooter_leads_masters_and_wins_what_it_can() -> None:
    s = HandState.from_cards("AH 5H 3C; KH 2C 9D; QH 4C 8D; JH 5C 7D", hold=True, leader=0, trick_number=1,
                             hearts_broken=True, check=False)  # fmt: skip
    assert shooter_play(LiveView(s, 0)) == s.hand(0)[-1].id  # the A♥: nobody can beat it
    t = HandState.from_cards("AC 3C 5H; 9C 2D 9D; 4C 4D 8D; 5C 5D 7D", hold=True, leader=1, trick_number=1, check=False)
    t.play("9C")
    t.play("4C")
    t.play("5C")
    assert [c.code for c in t.legal_plays()] == ["3C", "AC"]
    assert shooter_play(LiveView(t, 0)) == next(c.id for c in t.legal_plays() if c.code == "AC")


def test_moon_verdict_plays_both_plans_in_the_same_deals() -> None:
    strong = HandState.from_cards(DEAL, hold=True)
    v = moon_verdict(strong.view(0), worlds=8, rng=random.Random(1))
    assert v.worlds == 8 and v.success == 1.0 and v.shoot_relative == -26 and v.chance > 0.9
    weak = moon_verdict(strong.view(1), worlds=8, rng=random.Random(1))
    assert not weak.shoot and weak.success == 0 and "Play it safe" in weak.text


def test_shooting_deals_have_a_real_chance() -> None:
    hold = STANDARD.with_options(pass_cycle=(PassDirection.HOLD,))
    deals = shooting_deals(hold, minimum=0.5)
    first, second = next(deals), next(deals)
    assert first.seed is not None and second.seed is not None and first.seed < second.seed
