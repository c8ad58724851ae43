"""The trick-play and moon lessons' puzzles (``hearts_lessons.bots.puzzles``): every sentence of each question and
hint is true of its position, each claim made as a checked fact (``hearts_lessons.facts.make`` refuses a false
one) or an assert on the cards."""

from __future__ import annotations

from hearts_lessons.bots.puzzles import PUZZLES
from hearts_lessons.cards import Card, Suit, card_from_id, cards_of_mask
from hearts_lessons.facts import make
from hearts_lessons.state import HandState

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
QUEEN = Card.from_str("QS")


def trick(state: HandState) -> list[tuple[int, str]]:
    return [(seat, card_from_id(cid).code) for seat, cid, _ in state._trick]


def played(state: HandState, card: Card) -> bool:
    return bool(state._seen >> card.id & 1) and not state._hands[SOUTH] >> card.id & 1


def test_every_lesson_puzzle_stops_at_south_with_a_choice() -> None:
    for key, puzzle in PUZZLES.items():
        s = puzzle.state()
        assert s.to_play == SOUTH and len(s.legal_plays()) >= 2, key


def test_queen() -> None:
    """West leads a club, North and East follow, and you have none left."""
    s = PUZZLES["queen"].state()
    plays = trick(s)
    assert [seat for seat, _ in plays] == [WEST, NORTH, EAST] and all(c.endswith("C") for _, c in plays)
    make("discards", s, seat=SOUTH, card="QS", suit=Suit.CLUBS)
    # the hint: the Q♠ is worth the most points of South's cards
    assert QUEEN in s.hand(SOUTH) and s.k.values[QUEEN.id] == max(s.k.values.get(c.id, 0) for c in s.hand(SOUTH))


def test_duck() -> None:
    """West leads the 9♥ and the trick already holds three hearts; the 4♥ can stay under the highest heart."""
    s = PUZZLES["duck"].state()
    assert trick(s)[0] == (WEST, "9H") and all(c.endswith("H") for _, c in trick(s)) and len(trick(s)) == 3
    make("trick_holds", s, points=3)
    make("winning", s, winner=WEST, winning="9H")
    make("ducks", s, seat=SOUTH, card="4H", winning="9H", winner=WEST)


def test_early() -> None:
    """North leads the 2♣ to the first trick and East plays the J♣; no points can fall on South's card: West
    plays after and holds a club, and no heart or Q♠ may go on the first trick."""
    s = PUZZLES["early"].state()
    assert s.trick_number == 0 and trick(s) == [(NORTH, "2C"), (EAST, "JC")]
    assert not s.rules.points_on_first_trick
    assert any(c.suit is Suit.CLUBS for c in s.hand(WEST))  # West must follow with a club


def test_shed() -> None:
    """You play last to a spade trick with no points in it, the Q♠ has not been played, and every spade you may
    play wins the trick."""
    s = PUZZLES["shed"].state()
    assert all(c.endswith("S") for _, c in trick(s))
    make("plays_last", s, seat=SOUTH)
    make("trick_holds", s, points=0)
    assert not played(s, QUEEN) and QUEEN not in s.hand(SOUTH)
    for card in s.legal_plays():
        make("takes_trick", s, seat=SOUTH, card=card)


def test_bleed() -> None:
    """You are on lead; the Q♠ has not been played and you hold no spade above it."""
    s = PUZZLES["bleed"].state()
    assert not s._trick and s.to_play == SOUTH
    make("out", s, seat=SOUTH, card=QUEEN)
    assert not [c for c in s.hand(SOUTH) if c.suit is Suit.SPADES and c.rank >= QUEEN.rank]


def test_count() -> None:
    """Four tricks to go and you hold only diamonds."""
    s = PUZZLES["count"].state()
    assert s.trick_number == 9 and len(s.hand(SOUTH)) == 4
    assert all(c.suit is Suit.DIAMONDS for c in s.hand(SOUTH))


def test_moon() -> None:
    """West has taken every point so far (the Q♠) and led the 5♥; North and East followed."""
    s = PUZZLES["moon"].state()
    make("all_points_to", s, shooter=WEST)
    taken = [c for c in cards_of_mask(s._taken[WEST]) if s.k.values.get(c.id, 0)]
    assert taken == [QUEEN]
    plays = trick(s)
    assert plays[0] == (WEST, "5H") and [seat for seat, _ in plays] == [WEST, NORTH, EAST]
    assert all(c.endswith("H") for _, c in plays)
