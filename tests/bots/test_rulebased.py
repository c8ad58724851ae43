"""The rule-based bot's habits on golden positions."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.bots.features import LiveView
from hearts_lessons.bots.rulebased import PASS_STYLES, RuleBasedBot, Style, rules_pass, rules_play
from hearts_lessons.cards import Card, card_from_id, parse_cards
from hearts_lessons.rules import STANDARD, PassDirection
from hearts_lessons.state import HandState

RNG = random.Random(0)


def play(bot: RuleBasedBot, state: HandState) -> str:
    """The bot's card for the seat to play, through both paths (they must agree)."""
    seat = state.to_play
    slow = bot.choose_play(state.view(seat), RNG)
    fast = bot.play_id(LiveView(state, seat), RNG)
    assert slow.id == fast
    return slow.code


def test_dumps_the_queen_when_void() -> None:
    s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", hold=True, trick_number=1,
                             hearts_broken=True, leader=2, check=False)  # fmt: skip
    s.play("AC")
    s.play("9C")
    assert play(RuleBasedBot(), s) == "QS"


def test_dumps_a_high_spade_while_the_queen_is_out_then_hearts() -> None:
    s = HandState.from_cards("AS 4H 9H; 7C KS 4D; AC 2D 8D; 9C QS 5S", hold=True, trick_number=1,
                             hearts_broken=True, leader=2, check=False)  # fmt: skip
    s.play("AC")
    s.play("9C")
    assert play(RuleBasedBot(), s) == "AS"
    s2 = HandState.from_cards("2S 4H 9H; 7C KS 4D; AC 2D 8D; 9C QS 5S", hold=True, trick_number=1,
                              hearts_broken=True, leader=2, check=False)  # fmt: skip
    s2.play("AC")
    s2.play("9C")
    assert play(RuleBasedBot(), s2) == "9H"


def test_ducks_with_the_highest_card_that_loses() -> None:
    s = HandState.from_cards("5D 8D JD; 9D 2C 3C; 4C 5C 6C; 7C 8C 9C", hold=True, trick_number=1, leader=1, check=False)
    s.play("9D")
    s.play("4C")
    s.play("7C")
    assert play(RuleBasedBot(), s) == "8D"
    assert play(RuleBasedBot(duck_high=False), s) == "5D"


def test_drops_the_queen_under_a_higher_spade() -> None:
    s = HandState.from_cards("QS 2S 9D; KS 2C 3C; 4C 5C 6C; 7C 8C 9C", hold=True, trick_number=1, leader=1, check=False)
    s.play("KS")
    s.play("4C")
    s.play("7C")
    assert play(RuleBasedBot(), s) == "QS"


def test_wins_with_its_highest_card_when_it_plays_last_and_must_win() -> None:
    s = HandState.from_cards("JD AD 9S; 2D 2C 3C; 4C 5C 6C; 7C 8C 9C", hold=True, trick_number=1, leader=1, check=False)
    s.play("2D")
    s.play("4C")
    s.play("7C")
    assert play(RuleBasedBot(), s) == "AD"


def test_bleeds_spades_while_the_queen_is_out() -> None:
    s = HandState.from_cards("3S 7S 5D 2C; QS 3C 4C 5C; AS 6C 7C 8C; KS 9C TC JC", hold=True, trick_number=2,
                             leader=0, hearts_broken=True, check=False)  # fmt: skip
    assert play(RuleBasedBot(), s) == "3S"
    assert play(RuleBasedBot(bleed=False), s) == "2C"


def test_does_not_lead_spades_holding_the_king() -> None:
    s = HandState.from_cards("3S KS 5D 9C; QS 2C 3C 4C; AS 5C 6C 7C; 4S 8C TC JC", hold=True, trick_number=2,
                             leader=0, hearts_broken=True, check=False)  # fmt: skip
    assert play(RuleBasedBot(), s) not in ("3S", "KS")


def moon_position() -> HandState:
    """Seat 1 has taken the Q♠ (every point so far) and leads a heart; seat 0 plays last with 2♥ or A♥."""
    s = HandState.from_cards("2D 2H AH; KD 5H 9C; QS 3C 7C; 4D 6S 8C", hold=True, trick_number=1,
                             hearts_broken=True, leader=1, check=False)  # fmt: skip
    for card in ["KD", "QS", "4D", "2D", "5H", "3C", "6S"]:
        s.play(card)
    return s


def test_takes_a_point_to_stop_a_moon() -> None:
    s = moon_position()
    assert play(RuleBasedBot(), s) == "AH"
    assert play(RuleBasedBot(stop_moon=False), s) == "2H"


def test_keeps_its_hearts_off_the_shooters_tricks() -> None:
    s = HandState.from_cards("2D AH QD 3H; KD AC 9C 5S; QS 3C 7C 6S; 4D 8C TC 7S", hold=True, trick_number=1,
                             hearts_broken=True, leader=1, check=False)  # fmt: skip
    for card in ["KD", "QS", "4D", "2D", "AC", "3C", "8C"]:
        s.play(card)  # seat 1 took the Q♠, then leads the A♣: seat 0 is void in clubs
    assert play(RuleBasedBot(), s) == "QD"
    assert play(RuleBasedBot(stop_moon=False), s) == "AH"


def test_passes_an_unguarded_queen_and_keeps_a_guarded_one() -> None:
    bare = HandState.from_cards(
        ["QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC 2D 3D", "KC AC 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
         "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2H", "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QC"],
        direction=PassDirection.LEFT,
    )  # fmt: skip
    assert "QS" in [c.code for c in RuleBasedBot().choose_pass(bare.view(0), RNG)]
    guarded = HandState.from_cards(
        ["QS 2S 3S 4S 5C 6C 7C 8C 9C TC JC 2D 3D", "KC AC 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
         "2C 3C 4C 5S 6S 7S 8S 9S TS JS KS AS 2H", "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QC"],
        direction=PassDirection.LEFT,
    )  # fmt: skip
    passed = [c.code for c in RuleBasedBot().choose_pass(guarded.view(0), RNG)]
    assert "QS" not in passed


def test_passes_high_spades_and_hearts_then_empties_a_short_suit() -> None:
    s = HandState.from_cards(
        ["AS 2S 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D TD", "KC AC JD QD KD AD 5S 6S 7S 8S 9S TS JS",
         "2C 5C 6C 7C 8C 9C TC JC QC QS KS 2H 3H", "4H 5H 6H 7H 8H 9H TH JH QH KH AH 3S 4S"],
        direction=PassDirection.LEFT,
    )  # fmt: skip
    passed = [c.code for c in RuleBasedBot().choose_pass(s.view(0), RNG)]
    assert passed == ["AS", "4C", "3C"]


@pytest.mark.parametrize("style", PASS_STYLES)
def test_every_pass_style_passes_legal_cards(style: str) -> None:
    s = HandState.deal(STANDARD.with_options(unpassable=tuple(parse_cards("2C QS"))), seed=4)
    for seat in range(4):
        ids = rules_pass(LiveView(s, seat), Style(passing=style), random.Random(seat))
        s.pass_cards(seat, [card_from_id(c) for c in ids])
    assert s.phase.value == "playing"


def test_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError, match="pass style"):
        Style(passing="sideways")
    assert RuleBasedBot(bleed=False).name == "rules (bleed=False)"


def test_forced_card_is_played_without_thinking() -> None:
    s = HandState.deal(seed=2, hand_number=3)  # hold: the 2♣ opens
    assert rules_play(LiveView(s, s.to_play)) == Card.from_str("2C").id
