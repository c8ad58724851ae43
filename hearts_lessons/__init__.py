"""hearts-lessons: a typed engine for Hearts (and Haggis) behind an interactive book."""
from .cards import QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, CardParseError, Rank, Suit, parse_cards, sort_hand

__all__ = ["QUEEN_OF_SPADES", "TWO_OF_CLUBS", "Card", "CardParseError", "Rank", "Suit", "parse_cards", "sort_hand"]
