"""Haggis cards: notation, decks, points."""

from __future__ import annotations

import pytest

from hearts_lessons.haggis.cards import (
    HaggisCard,
    HaggisCardParseError,
    HaggisSuit,
    card_points,
    cards_text,
    number_card,
    number_deck,
    parse_cards,
    sort_cards,
    suits_in_play,
    wild_card,
    wilds_of,
)


def test_every_card_prints_and_parses_back() -> None:
    cards = [*number_deck(3), *wilds_of(0), *wilds_of(1), *wilds_of(2)]
    assert parse_cards(" ".join(c.code for c in cards)) == cards
    assert len({c.code for c in cards}) == 54


@pytest.mark.parametrize(
    ("text", "rank", "suit", "owner"),
    [
        ("5R", 5, HaggisSuit.RED, None),
        ("10g", 10, HaggisSuit.GREEN, None),
        ("TB", 10, HaggisSuit.BLUE, None),
        ("2✦", 2, HaggisSuit.VIOLET, None),
        ("9◆", 9, HaggisSuit.ORANGE, None),
        ("J", 11, None, 0),
        ("q2", 12, None, 2),
        ("K1", 13, None, 1),
    ],
)
def test_parse(text: str, rank: int, suit: HaggisSuit | None, owner: int | None) -> None:
    card = HaggisCard.from_str(text)
    assert (card.rank, card.suit, card.owner) == (rank, suit, owner)


@pytest.mark.parametrize("text", ["1R", "11R", "AR", "5X", "J3", "JOKER", "", "5 R"])
def test_parse_refuses_non_cards(text: str) -> None:
    with pytest.raises(HaggisCardParseError, match="not a Haggis card"):
        HaggisCard.from_str(text)


def test_cards_refuse_impossible_values() -> None:
    with pytest.raises(ValueError):
        HaggisCard(11, HaggisSuit.RED)
    with pytest.raises(ValueError):
        HaggisCard(12, None, None)
    with pytest.raises(ValueError):
        number_card(1, HaggisSuit.RED)
    with pytest.raises(ValueError):
        wild_card(10, 0)


def test_decks_by_player_count() -> None:
    assert suits_in_play(2) == (HaggisSuit.RED, HaggisSuit.ORANGE, HaggisSuit.GREEN, HaggisSuit.BLUE)
    assert len(number_deck(2)) == 36 and len(number_deck(3)) == 45
    assert not any(c.suit is HaggisSuit.VIOLET for c in number_deck(2))
    with pytest.raises(ValueError):
        suits_in_play(4)


def test_card_points_total_per_deck() -> None:
    # RULES 4.8: 3, 5, 7, 9 one point each; J 2, Q 3, K 5
    assert sum(card_points(c) for c in number_deck(2)) == 16
    assert sum(card_points(c) for c in wilds_of(1)) == 10
    assert [card_points(c) for c in parse_cards("2R 3R 4R 5R 6R 7R 8R 9R 10R")] == [0, 1, 0, 1, 0, 1, 0, 1, 0]


def test_sort_and_text() -> None:
    cards = parse_cards("K0 10B 2G 2R J1 5V")
    assert cards_text(cards) == "2R 2G 5V 10B J1 K0"
    assert sort_cards(cards)[0] == HaggisCard.from_str("2R")
    assert HaggisCard.from_str("J0").name == "wild jack of seat 0"
    assert HaggisCard.from_str("7B").symbol == "7■"
