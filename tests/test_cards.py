"""Cards: every notation of RULES.md (``QS``, ``TD``, ``10D``, ``Q♠``, ``10♦``, ``♠Q``, lowercase, jokers), printing,
sorting, masks and decks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.cards import (
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_from_id,
    cards_of_mask,
    full_deck,
    mask_of,
    parse_cards,
    sort_hand,
)

QS = Card(Rank.QUEEN, Suit.SPADES)
TD = Card(Rank.TEN, Suit.DIAMONDS)
JOKER_1 = Card(Rank.JOKER, Suit.HEARTS, 0)
JOKER_2 = Card(Rank.JOKER, Suit.HEARTS, 1)

ALL_CARDS = full_deck(decks=1, jokers=2)
HYPOTHESIS = settings(max_examples=100, derandomize=True, deadline=None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QS", QS),
        ("TD", TD),
        ("10D", TD),
        ("Q♠", QS),
        ("10♦", TD),
        ("♠Q", QS),
        ("♦10", TD),
        ("qs", QS),
        ("td", TD),
        ("10d", TD),
        ("q♠", QS),
        ("  QS ", QS),
        ("10 ♦", TD),
        ("Q♠\ufe0f", QS),  # the emoji variation selector some keyboards add
        ("Q♤", QS),  # outlined suit symbols
        ("10♢", TD),
        ("2C", TWO_OF_CLUBS),
        ("2♣", TWO_OF_CLUBS),
        ("♧2", TWO_OF_CLUBS),
        ("AH", Card(Rank.ACE, Suit.HEARTS)),
        ("A♡", Card(Rank.ACE, Suit.HEARTS)),
        ("JC", Card(Rank.JACK, Suit.CLUBS)),  # a jack, not a joker
        ("J1", JOKER_1),
        ("J2", JOKER_2),
        ("j1", JOKER_1),
        ("Joker 2", JOKER_2),
    ],
)
def test_every_notation_parses(text: str, expected: Card) -> None:
    assert Card.from_str(text) == expected


@pytest.mark.parametrize(
    "text", ["", " ", "Q", "S", "QQ", "QSS", "1D", "11D", "10", "1♦", "ZZ", "J0", "J3", "♠", "Q S D"]
)
def test_bad_notation_is_refused_with_a_readable_message(text: str) -> None:
    with pytest.raises(CardParseError, match="is not a card"):
        Card.from_str(text)


@pytest.mark.parametrize("value", [None, 12, 1.5, ["QS"]])
def test_non_text_is_refused_with_card_parse_error(value: object) -> None:
    with pytest.raises(CardParseError):
        Card.from_str(value)  # type: ignore[arg-type]


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)


def test_printing() -> None:
    assert QS.code == "QS" and str(QS) == "QS" and repr(QS) == "QS"
    assert TD.code == "TD" and TD.symbol == "10♦"
    assert QS.symbol == "Q♠"
    assert QS.name == "queen of spades"
    assert TD.name == "10 of diamonds"
    assert Card(Rank.ACE, Suit.HEARTS).name == "ace of hearts"
    assert JOKER_1.code == "J1" and JOKER_2.code == "J2"
    assert JOKER_2.symbol == "Joker 2" and JOKER_1.name == "joker 1"
    assert repr(parse_cards("2C QS TD")) == "[2C, QS, TD]"


def test_suits_and_ranks() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "S", "H"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♠", "♥"]
    assert [s.is_red for s in Suit] == [False, True, False, True]
    for text, suit in [("c", Suit.CLUBS), ("♦", Suit.DIAMONDS), ("spades", Suit.SPADES), ("Heart", Suit.HEARTS)]:
        assert Suit.from_str(text) is suit
    with pytest.raises(CardParseError, match="is not a suit"):
        Suit.from_str("x")
    assert Rank.TEN.letter == "T" and Rank.TEN.label == "10" and Rank.QUEEN.label == "Q"
    assert Rank.ACE > Rank.KING > Rank.TWO  # ace high


def test_constants() -> None:
    assert Card.from_str("Q♠") == QUEEN_OF_SPADES
    assert Card.from_str("2♣") == TWO_OF_CLUBS


def test_parse_cards_separators_and_mixed_input() -> None:
    assert parse_cards("2C, 3c  QS") == [TWO_OF_CLUBS, Card(Rank.THREE, Suit.CLUBS), QS]
    assert parse_cards("10D;Q♠\n2c") == [TD, QS, TWO_OF_CLUBS]
    assert parse_cards(["QS", TD, "♠Q"]) == [QS, TD, QS]
    assert parse_cards("") == []
    with pytest.raises(CardParseError):
        parse_cards("2C XX")


def test_sort_hand_alternates_colours_low_to_high() -> None:
    hand = parse_cards("2H AS 3C KD QS 10C 2D J1")
    assert sort_hand(hand) == parse_cards("3C TC 2D KD QS AS 2H J1")
    assert sort_hand(parse_cards("2H AS 3C KD")) == parse_cards("3C KD AS 2H")


def test_cards_are_frozen_and_hashable() -> None:
    with pytest.raises(AttributeError):
        QS.rank = Rank.KING  # type: ignore[misc]
    assert len({QS, Card.from_str("QS"), TD}) == 2


def test_second_deck_cards_are_distinct_but_print_alike() -> None:
    other = Card(Rank.QUEEN, Suit.SPADES, 1)
    assert other != QS and other.code == "QS" and other.id == QS.id + 64


def test_ids_and_masks_round_trip() -> None:
    deck = full_deck(decks=3, jokers=0)
    assert len({c.id for c in deck}) == len(deck) == 156
    assert all(card_from_id(c.id) == c for c in deck)
    assert cards_of_mask(mask_of(deck)) == sort_hand(deck)
    assert mask_of([QS, QS]) == QS.bit
    for bad in (14, 15, 16 + 15, 64 * 5 + 14, -1):  # offsets 14 and 15 (ranks 16 and 17), and below 0
        with pytest.raises(ValueError):
            card_from_id(bad)


def test_full_deck_sizes() -> None:
    assert len(full_deck()) == 52 and len(set(full_deck())) == 52
    assert len(full_deck(jokers=2)) == 54
    assert len(full_deck(decks=2)) == 104
    assert sum(c.suit is Suit.HEARTS for c in full_deck()) == 13
    for kwargs in ({"decks": 0}, {"decks": 4}, {"jokers": 3}, {"jokers": -1}):
        with pytest.raises(ValueError):
            full_deck(**kwargs)


cards = st.sampled_from(ALL_CARDS)


@HYPOTHESIS
@given(cards)
def test_code_and_symbol_round_trip(card: Card) -> None:
    assert Card.from_str(card.code) == card
    assert Card.from_str(card.symbol) == card
    assert Card.from_str(card.code.lower()) == card
    assert Card.from_str(f" {card.symbol} ") == card
    if not card.is_joker:
        assert Card.from_str(card.suit.symbol + card.rank.label) == card  # suit first: ♠Q, ♦10
        assert Card.from_str(card.rank.label + card.suit.letter.lower()) == card  # 10d


@HYPOTHESIS
@given(st.lists(cards, max_size=20), st.sampled_from([" ", ", ", ";", "  "]), st.booleans())
def test_parse_cards_round_trip(hand: list[Card], sep: str, symbols: bool) -> None:
    text = sep.join(c.symbol.replace(" ", "") if symbols else c.code for c in hand)
    assert parse_cards(text) == hand


@HYPOTHESIS
@given(st.text(alphabet="0123456789TJQKAtjqkaCDSHcdsh♣♦♠♥ #*x", max_size=6))
def test_arbitrary_text_gives_a_card_or_card_parse_error(text: str) -> None:
    try:
        card = Card.from_str(text)
    except CardParseError:
        return
    assert card in ALL_CARDS
    assert Card.from_str(card.code) == card
