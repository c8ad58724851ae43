"""Claims of the strategy lessons (10-12) about given deals, checked against the cards.

Each test names the lesson sentence it keeps true: who holds what, what may be played, which card wins.
"""

from __future__ import annotations

import random
from math import comb

from hearts_lessons.bots import RuleBasedBot
from hearts_lessons.bots.puzzles import PUZZLES
from hearts_lessons.bots.rulebased import rules_pass
from hearts_lessons.cards import Suit, card_from_id, cards_of_mask
from hearts_lessons.rules import PassDirection
from hearts_lessons.state import HandState


def _codes(cards: object) -> list[str]:
    return sorted(c.code for c in cards)  # type: ignore[attr-defined]


# -- lesson 10 ----------------------------------------------------------------------------------------------------

QUIZ_HANDS = ["QS 4S 2C 9C KC 3D 6D TD 5H 8H JH AH 7S", "3C 4C 5C 6C 7C 8C TC JC QC AC 2D 4D 5D",
              "7D 8D 9D JD QD KD AD 2S 3S 5S 6S 8S 9S", "TS JS KS AS 2H 3H 4H 6H 7H 9H TH QH KH"]  # fmt: skip


def test_passing_quiz_hand_has_two_spades_under_the_queen_and_passes_it() -> None:
    """Lesson 10, quiz 2: "The Q♠ has only two lower spades (4♠ and 7♠) ... then the J♥ and A♥"."""
    hand = HandState.from_cards(QUIZ_HANDS, direction=PassDirection.LEFT)
    spades = [c for c in hand.hand(0) if c.suit == Suit.SPADES]
    assert _codes(c for c in spades if c.code != "QS") == ["4S", "7S"]
    passed = [card_from_id(c) for c in rules_pass(hand.view(0))]
    assert _codes(passed) == ["AH", "JH", "QS"]


def test_danger_pass_keeps_a_queen_with_four_guards() -> None:
    """Lesson 10, quiz 3: with Q♠ 2♠ 5♠ 8♠ 9♠ the danger pass keeps the Q♠."""
    hand = HandState.from_cards(["QS 2S 5S 8S 9S 2C 3C 4C 2D 3D 4D 5D 2H", "3S 4S 6S 7S TS JS KS AS 5C 6C 7C 8C 9C",
                                 "TC JC QC KC AC 6D 7D 8D 9D TD JD QD KD", "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"],
                                direction=PassDirection.LEFT)  # fmt: skip
    assert "QS" not in [card_from_id(c).code for c in rules_pass(hand.view(0))]


def test_remembered_pass_is_in_the_receivers_hand() -> None:
    """Lesson 10, "Remember what you passed": South passes A♥ J♥ A♦ to West, whose A♦ beats South's diamonds."""
    state = HandState.deal(seed=21)
    assert state.direction is PassDirection.LEFT
    for seat in range(4):
        state.pass_cards(seat, RuleBasedBot().choose_pass(state.view(seat), random.Random(1)))
    passed = state.passed(0)
    assert [c.code for c in passed] == ["AH", "JH", "AD"]
    assert all(c in state.hand(1) for c in passed)
    assert all(c.rank < passed[2].rank for c in state.hand(0) if c.suit == Suit.DIAMONDS)


# -- lesson 11 ----------------------------------------------------------------------------------------------------


def test_duck_puzzle_trick_and_choices() -> None:
    """Lesson 11: West leads the 9♥, North and East follow with the 8♥ and 6♥; South holds the 4♥ and 10♥."""
    s = PUZZLES["duck"].state()
    assert [(seat, c.code) for seat, c in s.current_trick] == [(1, "9H"), (2, "8H"), (3, "6H")]
    assert _codes(s.legal_plays()) == ["4H", "TH"]
    low, high = s.copy(), s.copy()
    low.play("4H")
    high.play("TH")
    assert low.tricks[-1].winner == 1  # West takes it
    assert high.tricks[-1].winner == 0 and sum(c.suit == Suit.HEARTS for c in high.tricks[-1].cards) == 4


def test_first_trick_puzzle_is_protected() -> None:
    """Lesson 11: North leads the 2♣, East the J♣; South holds A♣ K♣ 4♣ 3♣; West after South must follow, and no
    point can be played on the first trick."""
    s = PUZZLES["early"].state()
    assert s.trick_number == 0
    assert [(seat, c.code) for seat, c in s.current_trick] == [(2, "2C"), (3, "JC")]
    assert _codes(c for c in s.hand(0) if c.suit == Suit.CLUBS) == ["3C", "4C", "AC", "KC"]
    king = s.copy()
    king.play("KC")
    assert king.to_play == 1 and all(c.suit == Suit.CLUBS for c in king.legal_plays())
    king.play(king.legal_plays()[0])
    assert king.tricks[-1].winner == 0 and not any(c.suit == Suit.HEARTS or c.code == "QS"
                                                   for c in king.tricks[-1].cards)  # fmt: skip


def test_second_trick_is_not_protected() -> None:
    """Lesson 11: in the second-trick deal North has no club left and may drop the Q♠ on South's K♣; seven clubs
    are out, and some player is void in about one deal in eight."""
    s = HandState.from_cards(
        "5C KC AC 3D 5D 6D 9D AD TS KS AS 2H JH; 6C 7C 8C 9C TC 2D 4S 6S 7S 4H 6H 7H TH; "
        "4C 8D TD JD KD 2S 5S 8S 9S JS QS 5H AH; 2C 3C JC QC 4D 7D QD 3S 3H 8H 9H QH KH",
        hold=True,
    )
    for code in ["2C", "AC", "TC", "4C"]:
        s.play(code)
    assert s.to_play == 0 and _codes(c for c in s.hand(0) if c.suit == Suit.CLUBS) == ["5C", "KC"]
    unseen = cards_of_mask(s.view(0).unseen_mask)
    assert len(unseen) == 36 and sum(c.suit == Suit.CLUBS for c in unseen) == 7
    s.play("KC")
    s.play(RuleBasedBot().choose_play(s.view(1), random.Random(0)))
    assert not any(c.suit == Suit.CLUBS for c in s.hand(2)) and "QS" in [c.code for c in s.legal_plays()]
    assert RuleBasedBot().choose_play(s.view(2), random.Random(0)).code == "QS"
    fine = sum(comb(12, a) * comb(12, b) * comb(12, 7 - a - b) for a in range(1, 6) for b in range(1, 7 - a))
    assert 0.12 < 1 - fine / comb(36, 7) < 0.13


def test_queen_puzzle_south_is_void_and_may_drop_the_queen() -> None:
    """Lesson 11, "What to discard first": West leads a club, North and East follow, and South has none, so the
    Q♠ may go."""
    s = PUZZLES["queen"].state()
    assert s.current_trick[0][1].suit == Suit.CLUBS
    assert not any(c.suit == Suit.CLUBS for c in s.hand(0)) and "QS" in [c.code for c in s.legal_plays()]


def test_bleed_puzzle_spades() -> None:
    """Lesson 11: South leads holding the 8♠, its only spade; the Q♠, K♠ and J♠ are still out."""
    s = PUZZLES["bleed"].state()
    assert s.to_play == 0 and not s.current_trick
    assert _codes(c for c in s.hand(0) if c.suit == Suit.SPADES) == ["8S"]
    out = {c.code for c in cards_of_mask(s.view(0).unseen_mask)}
    assert {"QS", "KS", "JS"} <= out


def test_count_puzzle_diamonds() -> None:
    """Lesson 11 and its quiz 5: South holds 8♦ J♦ Q♦ A♦; only the 9♦ and 10♦ are out; three diamonds can win; the
    Q♠ and hearts are still out."""
    s = PUZZLES["count"].state()
    assert _codes(s.hand(0)) == ["8D", "AD", "JD", "QD"]
    out = cards_of_mask(s.view(0).unseen_mask)
    out_diamonds = [c for c in out if c.suit == Suit.DIAMONDS]
    assert _codes(out_diamonds) == ["9D", "TD"]
    assert sum(all(c.rank > o.rank for o in out_diamonds) for c in s.hand(0)) == 3
    assert "QS" in {c.code for c in out} and any(c.suit == Suit.HEARTS for c in out)


# -- lesson 12 ----------------------------------------------------------------------------------------------------


def test_moon_puzzle_north_is_winning_and_south_holds_four_hearts() -> None:
    """Lesson 12: West has every point so far (the Q♠), leads the 5♥; North plays the 9♥, East the 3♥; South holds
    4♥ 8♥ J♥ K♥, and the 8♥ stays under North's 9♥."""
    s = PUZZLES["moon"].state()
    assert [(seat, c.code) for seat, c in s.current_trick] == [(1, "5H"), (2, "9H"), (3, "3H")]
    assert _codes(s.legal_plays()) == ["4H", "8H", "JH", "KH"]
    taken = [seat for seat in range(4) for trick in s.tricks if trick.winner == seat
             and any(c.suit == Suit.HEARTS or c.code == "QS" for c in trick.cards)]  # fmt: skip
    assert set(taken) == {1}
    duck = s.copy()
    duck.play("8H")
    assert duck.tricks[-1].winner == 2
