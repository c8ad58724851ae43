"""Rules grids shared by the bot tests: every player count and the options of the standard game, plus a few
variants built from options (the bots must play all of them without an illegal move)."""

from __future__ import annotations

from hearts_lessons.cards import Card, Rank, Suit, parse_cards
from hearts_lessons.rules import STANDARD, HoleCards, Moon, OpeningLead, PassDirection, Rules

P = PassDirection


def player_counts() -> list[Rules]:
    return [Rules(players=n) for n in range(3, 8)]


def option_grid() -> list[Rules]:
    """One rules value per option of RULES.md section 2 (each changed alone from the standard game), and a few
    combined with other player counts and hole cards."""
    out = [
        STANDARD.with_options(pass_cycle=(P.SPLIT,)),
        STANDARD.with_options(pass_cycle=(P.DEALERS_CHOICE,)),
        STANDARD.with_options(pass_cycle=(P.LEFT,), cards_passed=1),
        STANDARD.with_options(pass_cycle=(P.RIGHT,), cards_passed=4),
        STANDARD.with_options(pass_cycle=(P.HOLD,)),
        STANDARD.with_options(unpassable=tuple(parse_cards("2C QS"))),
        STANDARD.with_options(opening_lead=OpeningLead.LEFT_OF_DEALER),
        STANDARD.with_options(opening_lead=OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB),
        STANDARD.with_options(penalty_cards_break_hearts=False),
        STANDARD.with_options(must_break_hearts=False),
        STANDARD.with_options(queen_first_when_only_penalty=True),
        STANDARD.with_options(queen_lead_restricted=True),
        STANDARD.with_options(points_on_first_trick=True),
        STANDARD.with_options(moon=Moon.SHOOTER_SUBTRACTS),
        STANDARD.with_options(moon=Moon.SHOOTER_CHOOSES),
        STANDARD.with_options(moon=Moon.RESET_TO_ZERO),
        STANDARD.with_options(moon=Moon.NONE),
        STANDARD.with_options(shoot_the_sun=True, no_tricks_bonus=5, floor_at_zero=True, exact_target_reset=True),
        STANDARD.with_options(ten_of_clubs_multiplier=2),
        Rules(players=3, removed_cards=(), hole_cards=HoleCards.FIRST_HEART_TRICK),
        Rules(players=5, removed_cards=(), hole_cards=HoleCards.SET_ASIDE, pass_cycle=(P.SPLIT, P.LEFT)),
        Rules(players=7, hole_cards=HoleCards.FIRST_HEART_TRICK),
        Rules(players=6, pass_cycle=(P.ACROSS,)),
    ]
    return out


def variants() -> list[Rules]:
    """Variant-like rule sets built from options (Omnibus, Black Maria, Spot, jokers, two decks, Complex)."""
    ten_d = Card(Rank.TEN, Suit.DIAMONDS)
    hearts = tuple((Card(Rank(r), Suit.HEARTS), 1) for r in range(2, 15))
    queen = Card(Rank.QUEEN, Suit.SPADES)
    return [
        Rules(name="Omnibus", card_points=(*hearts, (queen, 13), (ten_d, -10))),
        Rules(
            name="Black Maria",
            players=3,
            removed_cards=tuple(parse_cards("2C")),
            pass_cycle=(P.RIGHT,),
            card_points=(*hearts, (queen, 13), (Card(Rank.KING, Suit.SPADES), 10), (Card(Rank.ACE, Suit.SPADES), 7)),
            opening_lead=OpeningLead.LEFT_OF_DEALER,
            must_break_hearts=False,
            moon=Moon.NONE,
        ),
        Rules(
            name="Spot", card_points=(*((Card(Rank(r), Suit.HEARTS), r) for r in range(2, 15)), (queen, 25)), target=500
        ),
        Rules(
            name="Hi-Lo Joker",
            players=3,
            jokers=2,
            removed_cards=(),
            card_points=(
                *hearts,
                (Card(Rank.JOKER, Suit.HEARTS, 0), 1),
                (Card(Rank.JOKER, Suit.HEARTS, 1), 1),
                (queen, 15),
            ),
        ),
        Rules(
            name="Cancellation",
            players=6,
            decks=2,
            opening_lead=OpeningLead.LEFT_OF_DEALER,
            hole_cards=HoleCards.FIRST_TRICK,
            pass_cycle=(P.LEFT, P.RIGHT, P.HOLD),
            card_points=(
                *hearts,
                (queen, 13),
                *((Card(Rank(r), Suit.HEARTS, 1), 1) for r in range(2, 15)),
                (Card(Rank.QUEEN, Suit.SPADES, 1), 13),
            ),
        ),
        Rules(
            name="Complex",
            card_points=(*hearts, (queen, 13j), (Card(Rank.JACK, Suit.DIAMONDS), -10)),
            ten_of_clubs_multiplier=2j,
            magnitude_scores=True,
        ),
    ]
