"""The puzzle themes of ``scripts/mine_puzzles.py`` (``play_themes``, ``pass_themes``, ``moon_seat``) on
hand-built positions: each rule of the script's docstring tagged where it applies and not where it does not.

Seats: 0 South, 1 West, 2 North, 3 East; play goes 0 → 1 → 2 → 3. A position set up after N tricks counts the
cards not dealt as played in them, so a card "still out" is one another seat holds.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from hearts_lessons.cards import Card, parse_cards
from hearts_lessons.practice.ladder import THEMES
from hearts_lessons.state import HandState

from .helpers import mine_puzzles


@pytest.fixture(scope="module")
def mine() -> ModuleType:
    return mine_puzzles()


def after(hands: str, plays: str = "", *, leader: int, trick: int = 8, broken: bool = True) -> HandState:
    """A position from the middle of a hand: the hands, the leader, then ``plays`` in turn."""
    state = HandState.from_cards(hands, hold=True, leader=leader, trick_number=trick, hearts_broken=broken, check=False)
    for code in plays.split():
        state.play(code)
    return state


def themes(mine: ModuleType, state: HandState, code: str) -> list[str]:
    return list(mine.play_themes(state.view(state.to_play), Card.from_str(code).id))


# East leads the 8♠; South holds 2♠ 9♠ K♠ and plays second, West and North after.
SPADES = "2S 9S KS 4D 5D; 7S 7C 8C 9C TC; TS JC QC KC AC; 8S 3C 4C 5C 6C"


def test_the_script_and_the_ladder_list_the_same_themes(mine: ModuleType) -> None:
    assert mine.THEMES == THEMES
    assert "unloading" in THEMES and len(set(THEMES)) == len(THEMES)
    assert all(f"``{theme}``" in mine.__doc__ for theme in THEMES)  # each is defined in the docstring


def test_ducking_under_the_winner_while_holding_a_winner(mine: ModuleType) -> None:
    state = after(SPADES, "8S", leader=3)
    assert "ducking" in themes(mine, state, "2S")  # under the 8♠, with the 9♠ and K♠ that would win
    assert "ducking" not in themes(mine, state, "9S") and "ducking" not in themes(mine, state, "KS")


def test_ducking_by_playing_low_when_every_card_goes_over(mine: ModuleType) -> None:
    state = after("9S KS 4D 5D 6D; 7S 7C 8C 9C TC; AS JC QC KC AC; 8S 3C 4C 5C 6C", "8S", leader=3)
    assert "ducking" in themes(mine, state, "9S")  # the lowest; North's A♠, still out, can beat it
    assert "ducking" not in themes(mine, state, "KS")
    # playing last, the lowest card still wins: no ducking
    last = after("9S KS 4D 5D 6D; 8S 3C 4C 5C 6C; 7S 7C 8C 9C TC; 2S JC QC KC AC", "8S 7S 2S", leader=1)
    assert last.to_play == 0 and "ducking" not in themes(mine, last, "9S")
    # nothing unseen can beat the lowest: no ducking
    top = after("KS AS 4D 5D 6D; JS 7C 8C 9C TC; QS JC QC KC AC; TS 3C 4C 5C 6C", "TS", leader=3)
    assert "ducking" not in themes(mine, top, "KS")


def test_ducking_by_leading_low(mine: ModuleType) -> None:
    state = after("3D 9D 4S 5S 6S; 8S 3C 4C 5C TD; 7S 7C 8C 9C TC; TS JC QC KC AC", leader=0)
    assert "ducking" in themes(mine, state, "3D")  # the lowest of two diamonds; West's 10♦ is out above it
    assert "ducking" not in themes(mine, state, "9D")
    single = after("3D 9C 2C 5S 6S; 8S 3C 4C 5C 6C; 7S 7C 8C TD TC; TS JC QC KC AC", leader=0)
    assert "ducking" not in themes(mine, single, "3D")  # a singleton: that is making a void
    assert "making-void" in themes(mine, single, "3D")


def test_unloading_a_discard(mine: ModuleType) -> None:
    south = after("3D KD 4S 5S 6S; 8C 3C 4C 5C 6C; 7C 8S 9S TS JS; 9C JC QC 2H AC", "8C 7C 9C", leader=1)
    assert south.to_play == 0
    assert "unloading" in themes(mine, south, "KD")  # void in clubs: away with the K♦, the 3♦ kept
    assert "unloading" not in themes(mine, south, "3D")  # the lowest diamond


def test_unloading_under_the_winner_and_when_the_trick_is_taken_anyway(mine: ModuleType) -> None:
    ducks = after("2S 9S 4D 5D 6D; 7S 7C 8C 9C TC; TS JC QC KC AC; KS 3C 4C 5C 6C", "KS", leader=3)
    assert "unloading" in themes(mine, ducks, "9S") and "unloading" not in themes(mine, ducks, "2S")
    # South plays last; the 4♠ and the A♠ both win a trick with no points
    last = after("4S AS 4D 5D 6D; 2S 3C 4C 5C 6C; 3S 7C 8C 9C TC; 2D JC QC KC AC", "2S 3S 2D", leader=1)
    assert last.to_play == 0
    assert "unloading" in themes(mine, last, "AS") and "unloading" not in themes(mine, last, "4S")


def test_unloading_needs_a_cheap_moment(mine: ModuleType) -> None:
    # a clean trick: going over with the K♠ is unloading
    clean = after(SPADES, "8S", leader=3)
    assert "unloading" in themes(mine, clean, "KS")
    # hearts on the table and the A♥ cannot be beaten: taking them with it is not unloading
    hearts = "2H AH 4D 5D 6D; 5H 3C 4C 5C 6C; 7S 7C 8C 9C TC; TS JC QC KC AC"
    points = after(hearts, "5H 7S TS", leader=1)
    assert points.to_play == 0 and "unloading" not in themes(mine, points, "AH")
    # but the K♥ with the A♥ still out can lose: unloading
    king = hearts.replace("AH", "KH").replace("5H 3C 4C 5C 6C", "5H 3C 4C 5C AH")  # West holds the A♥
    assert "unloading" in themes(mine, after(king, "5H 7S TS", leader=1), "KH")


def test_dumping_the_queen(mine: ModuleType) -> None:
    state = after("QS 3D 4H 5H 6H; 8C 3C 4C 5C 6C; 7C 8S 9S TS JS; 9C JC QC 2H AC", "8C 7C 9C", leader=1)
    assert "dumping-queen" in themes(mine, state, "QS")  # onto East's trick
    assert "dumping-queen" not in themes(mine, state, "3D")
    # playing last with the Q♠ and the A♠: take the trick with the A♠, keep the Q♠
    keep = "QS AS 4D 5D 6D; 4S 3C 4C 5C 6C; JS 7C 8C 9C TC; 2D JC QC KC AC"
    last = after(keep, "4S JS 2D", leader=1)
    assert "dumping-queen" in themes(mine, last, "AS")
    # with the K♠ on the table the Q♠ would not take the trick: nothing to keep it from
    king = after(keep.replace("JS", "KS"), "4S KS 2D", leader=1)
    assert "dumping-queen" not in themes(mine, king, "AS")


def test_making_a_void_and_counting(mine: ModuleType) -> None:
    state = after("3D 9C 2C 5S 6S; 8S 3C 4C 5C 6C; 7S 7C 8C TD TC; TS JC QC KC AC", leader=0)
    assert "making-void" in themes(mine, state, "3D") and "making-void" not in themes(mine, state, "9C")
    # South's A♦ took an earlier trick: the K♦ is now higher than every diamond out, and South leads it
    counted = after("AD KD 2D 5S 6S; 5D 3C 4C 5C 6D; 3D 7C 8C 9C TC; 4D JC QC KC AC", "AD 5D 3D 4D", leader=0,
                    trick=7)  # fmt: skip (West keeps the 6♦: a diamond still out)
    assert counted.to_play == 0
    assert "counting" in themes(mine, counted, "KD") and "counting" not in themes(mine, counted, "2D")


# North takes the Q♠ in the first trick of the position; then North leads a heart.
MOON = "3C 9H KH 4D 5D; 2C AH 7H 8D 9D; AC 3H TH JD 7S; QS 2H JH 2D 3D"


def test_moon_seat(mine: ModuleType) -> None:
    state = after(MOON, "AC QS 3C 2C", leader=2)
    assert state.to_play == 2
    assert mine.moon_seat(state.view(0)) == 2 and mine.moon_seat(state.view(2)) == -1  # not oneself
    # West took one heart: not 40% of the points, no Q♠, and South passed it nothing
    one = after("4D 5S 6S 7S 8S; AD 3C 4C 5C 6C; 2H 7C 8C 9C TC; 3D JC QC KC AC", "AD 2H 3D 4D", leader=1)
    assert one.view(0).points_taken(1) == 1 and mine.moon_seat(one.view(0)) == -1


def test_moon_seat_from_what_the_seat_passed(mine: ModuleType) -> None:
    state = HandState.from_cards(
        "2C 3D 4D QH AH KH; 3C 4C 5C 6C KD 2H; 8C 9C TC JC 3H 5H; QC KC AC 6D 7D 4H", dealer=0, hand_number=0,
        check=False,
    )
    for seat, cards in enumerate(("AH KH 4D", "4C 5C 6C", "8C 9C TC", "QC KC AC")):
        state.pass_cards(seat, parse_cards(cards))
    for card in parse_cards("2C 3C 4C TC 6D 3D KD 3H"):  # East takes the clubs; West's K♦ takes the 3♥
        state.play(card)
    assert [state.view(0).points_taken(s) for s in range(4)] == [0, 1, 0, 0]
    assert mine.moon_seat(state.view(0)) == 1  # South passed West the A♥ and K♥, above its Q♥
    assert mine.moon_seat(state.view(2)) == -1 and mine.moon_seat(state.view(3)) == -1  # one point, no pass


def test_stopping_a_moon(mine: ModuleType) -> None:
    # North (13 points) leads the 10♥, East follows with the 2♥: South takes it with the K♥, or ducks the 9♥
    over = after(MOON, "AC QS 3C 2C TH 2H", leader=2)
    assert over.to_play == 0
    assert "stopping-moon" in themes(mine, over, "KH")
    assert "stopping-moon" not in themes(mine, over, "9H")  # North keeps the trick; the A♥ is out
    # North leads the 3♥ and East's J♥ wins: South's 9♥ leaves the hearts with East
    under = after(MOON, "AC QS 3C 2C 3H JH", leader=2)
    assert "stopping-moon" in themes(mine, under, "9H")
    # South holds the A♥: ducking keeps the stopper
    stopper = after(MOON.replace("KH", "XX").replace("AH", "KH").replace("XX", "AH"), "AC QS 3C 2C TH 2H", leader=2)
    assert "stopping-moon" in themes(mine, stopper, "9H")
    # no threat (South itself took the Q♠): no stopping-moon
    none = after(MOON.replace("3C", "KC").replace("AC", "4C"), "4C QS KC 2C", leader=2)
    assert none.to_play == 0 and "stopping-moon" not in themes(mine, none, "KH")


# South takes the Q♠ in the first trick of the position, then leads.
SHOOT = "AC AD 3D 4S 5S; QS 5D 6D 7S 8S; 3C 7D 8D 9S TS; 4C 9D TD JS KS"


def test_shooting(mine: ModuleType) -> None:
    state = after(SHOOT, "AC QS 3C 4C", leader=0)
    assert state.to_play == 0
    assert "shooting" in themes(mine, state, "AD")  # the boss diamond keeps the lead
    assert "unloading" not in themes(mine, state, "AD")  # a shooter keeps its winners
    assert "shooting" not in themes(mine, state, "3D")  # may lose the lead
    assert "ducking" in themes(mine, state, "3D")
    # later East leads the 9♦ to a clean trick: the shooter takes it with the A♦, and that is not unloading
    follow = after("AC AD 3D 4S 5S 6S; QS 5D 6D 7S 8S 8D; 3C 7D 9S TS JS 2D; 4C 9D TD JD KS QD",
                   "AC QS 3C 4C 4S 7S 9S KS 9D", leader=0, trick=7)  # fmt: skip
    assert follow.to_play == 0
    assert "shooting" in themes(mine, follow, "AD") and "unloading" not in themes(mine, follow, "AD")
    assert "unloading" not in themes(mine, follow, "3D") and "shooting" not in themes(mine, follow, "3D")


def test_endgame_and_every_play_theme_is_listed(mine: ModuleType) -> None:
    state = after(SPADES, "8S", leader=3, trick=9)
    assert "endgame" in themes(mine, state, "2S")
    assert "endgame" not in themes(mine, after(SPADES, "8S", leader=3, trick=8), "2S")
    for code in ("2S", "9S", "KS"):
        found = themes(mine, state, code)
        assert found == [t for t in THEMES if t in found]  # in the ladder's order


def test_pass_themes(mine: ModuleType) -> None:
    hand = "AH KH 2C 3C 4C 5D 6D 7D QS 8S 9S TS JS"
    others = "3H 4H 5H 6H 7H 8H 9H TH JH QH 6C 7C 8C; 2D 3D 4D 8D 9D TD JD QD KD AD 9C TC JC; " \
             "2S 3S 4S 5S 6S 7S KS AS 2H QC KC AC 5C"  # fmt: skip
    state = HandState.from_cards(f"{hand}; {others}", dealer=0, hand_number=0)
    view = state.view(0)

    def passing(cards: str) -> list[str]:
        return list(mine.pass_themes(view, [c.id for c in parse_cards(cards)]))

    assert passing("2C 3C 4C") == ["making-void", "shooting", "passing"]  # keeps A♥ K♥, passes low clubs
    assert passing("AH KH QS") == ["dumping-queen", "making-void", "passing"]
    assert passing("AH 2C 3C") == ["passing"]  # gives away the A♥: no moon
    assert passing("JS 2C 3C") == ["passing"]  # a card above the 10: not a moon pass
