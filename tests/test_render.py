"""Pictures: a state or a game shows as HTML with inline SVG cards, ``<title>`` text for screen readers, and no
external resources."""

from __future__ import annotations

import random
import re

from hearts_lessons.cards import Card, parse_cards
from hearts_lessons.game import GameState
from hearts_lessons.playout import random_playout
from hearts_lessons.render import card_html, card_svg, cards_row_html, suit_colour
from hearts_lessons.rules import Rules
from hearts_lessons.state import HandState
from hearts_lessons.table import seat_name, table_html, trick_html

SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def assert_self_contained(html: str) -> None:
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+[^\s\"'<>)]*", html))
    assert urls <= {SVG_NAMESPACE}, urls  # the SVG namespace is a name, not something fetched
    for fetch in ("href=", "src=", "url(", "@import", "<script", "<link"):
        assert fetch not in html


def titles(html: str) -> list[str]:
    return re.findall(r"<title>(.*?)</title>", html)


def test_a_hand_state_shows_as_html_with_svg_cards() -> None:
    state = HandState.deal(seed=1)
    html = state._repr_html_()
    assert "<svg" in html and html.count("<svg") == 52
    names = titles(html)
    assert sorted(names) == sorted(c.name for s in range(4) for c in state.hand(s))
    assert "queen of spades" in names
    assert "Standard Hearts · hand 1 · pass left" in html
    assert_self_contained(html)


def test_a_finished_hand_and_a_game_show_their_scores() -> None:
    game = GameState(seed=2)
    random_playout(game.current, random.Random(2))
    finished = game.current._repr_html_()
    assert "Last trick:" in finished and "score: South" in finished and "phase: done" in finished
    game.next_hand()
    html = game._repr_html_()
    assert "<svg" in html and "<title>" in html and "<table" in html and "Score sheet" in html
    assert_self_contained(html)


def test_a_seats_table_hides_the_other_hands() -> None:
    state = HandState.deal(seed=3, hand_number=3)
    for _ in range(5):
        state.play(state.legal_plays()[0])
    html = table_html(state, seat=0)
    names = titles(html)
    assert names.count("face-down card") == sum(len(state.hand(s)) for s in (1, 2, 3))
    for card in state.hand(0):
        assert card.name in names
    for seat in (1, 2, 3):
        for card in state.hand(seat):
            assert card.name not in names
    assert "Trick 2" in html
    assert_self_contained(html)


def test_card_pictures() -> None:
    queen = Card.from_str("QS")
    svg = card_html(queen)
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "<title>queen of spades</title>" in svg
    assert 'aria-label="queen of spades"' in svg and ">Q<" in svg and "♠" in svg
    assert "<title>10 of diamonds</title>" in card_html(Card.from_str("TD")) and ">10<" in card_html(
        Card.from_str("TD")
    )
    assert "face-down card" in card_html(None) and "face-down card" in card_html(queen, face_down=True)
    noted = card_html(queen, note="you must follow ♦", dimmed=True)
    assert "<title>queen of spades (you must follow ♦)</title>" in noted and "stroke-dasharray" in noted
    joker = card_html(Card.from_str("J2"))
    assert "<title>joker 2</title>" in joker and 'id="card-J2"' in joker
    assert suit_colour(queen.suit) != suit_colour(Card.from_str("QH").suit)
    assert suit_colour(Card.from_str("2C").suit, four_colour=True) != suit_colour(queen.suit, four_colour=True)
    assert 'width="30"' in card_html(queen, scale=0.5)


def test_text_is_escaped() -> None:
    svg = card_svg(label="<b>", symbol="&", colour="#000", title='a "quoted" <title>')
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "&amp;" in svg
    assert "<title>a &quot;quoted&quot; &lt;title&gt;</title>" in svg


def test_rows_and_tricks() -> None:
    row = cards_row_html(parse_cards("2C QS"), caption="My hand", dimmed=[True, False], notes=[None, "why"])
    assert 'role="list"' in row and 'aria-label="My hand"' in row and row.count('role="listitem"') == 2
    assert titles(row) == ["2 of clubs", "queen of spades (why)"]
    trick = trick_html([(1, Card.from_str("4D")), (2, Card.from_str("QH"))], 4, winner=2, caption="Trick 3")
    assert "North wins" in trick and "West" in trick and "#d4a017" in trick and 'aria-label="Trick 3"' in trick
    assert seat_name(0, 4) == "South" and seat_name(2, 5) == "Player 3"


def test_other_player_counts_render() -> None:
    for players in (3, 5, 6, 7):
        state = HandState.deal(Rules(players=players), seed=players)
        html = state._repr_html_()
        assert html.count("<svg") == players * Rules(players=players).hand_size + len(state.hole_cards)
        assert f"Player {players}" in html
        assert_self_contained(html)


def test_hole_cards_set_aside_stay_face_down_for_a_seat() -> None:
    state = HandState.deal(Rules(players=7), seed=1, hand_number=2)
    assert len(state.hole_cards) == 3
    names = titles(table_html(state, seat=0))
    assert names.count("face-down card") == 6 * 7 + 3
    assert not {c.name for c in state.hole_cards} & set(names)
