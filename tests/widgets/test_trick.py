"""Lesson 1's trick playground on the card table: every hand open, the engine's flags and reasons, clicks."""

from __future__ import annotations

from hearts_lessons.cards import Card
from hearts_lessons.state import HandState
from hearts_lessons.widgets.trick import TrickPlayground


def _agrees(pg: TrickPlayground) -> None:
    """The table's model says what the engine says: every hand face up, the player to move's cards lifted
    exactly when legal, each other card with the engine's reason."""
    state: HandState = pg.state
    view = pg.cards.view
    turn = state.to_play
    legal = {c.code for c in state.legal_plays()}
    assert view["kind"] == "table" and view["turn"] == turn
    hands = {0: pg.cards.cards()} | {s["seat"]: s["cards"] for s in view["seats"] if s["seat"] != 0}
    for seat, cards in hands.items():
        assert sorted(c["code"] for c in cards) == sorted(c.code for c in state.hand(seat))
        for entry in cards:
            card = Card.from_str(entry["code"])
            assert entry["reason"] == state.why_not(card, seat)
            assert entry["playable"] == (seat == turn and entry["code"] in legal)


def test_the_playground_shows_every_hand_open_and_agrees_with_the_engine() -> None:
    pg = TrickPlayground(seed=2024, cards_each=5)
    assert pg.message.text == "Click a card of the player to move."
    assert all(s["cards"] is not None for s in pg.cards.view["seats"] if s["seat"] != 0)
    _agrees(pg)
    for _ in range(4):  # a whole trick, clicked at the table
        seat = pg.state.to_play
        pg.cards.click(pg.state.legal_plays()[0].code, seat)
        _agrees(pg)
    assert "wins the trick" in pg.message.text and pg.message.kind == "ok"
    trick = pg.cards.view["trick"]
    assert trick["complete"] and len(trick["plays"]) == 4 and "The trick:" in trick["label"]
    assert pg.story.value and pg.cards.action("next")["enabled"]  # type: ignore[index]
    pg.cards.press("next")
    assert pg.cards.view["trick"] is None and not pg.cards.action("next")["enabled"]  # type: ignore[index]


def test_refusals_are_said_at_the_table_with_the_engines_reason() -> None:
    pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
    pg.cards.click("3S", 2)  # North's card while South is to lead
    assert pg.message.text == "It is South's turn, not North's." and pg.message.kind == "error"
    pg.cards.click("4D", 0)
    assert pg.message.text == "South played the 4♦." and pg.state.to_play == 1
    pg.cards.click("QH", 1)
    pg.cards.click("3S", 2)
    assert pg.message.text == pg.state.why_not(Card.from_str("3S"), 2) == "you must follow ♦: you still hold diamonds"
    assert pg.message.kind == "error" and len(pg.state.current_trick) == 2
    north = next(s for s in pg.cards.view["seats"] if s["seat"] == 2)
    assert [c["playable"] for c in north["cards"]] == [c.code == "TD" for c in pg.state.hand(2)]


def test_undo_next_and_new_deal_are_table_buttons() -> None:
    pg = TrickPlayground(seed=3, cards_each=4)
    pg.cards.press("undo")
    assert "nothing to undo" in pg.message.text
    first = pg.state.legal_plays()[0]
    pg.click(pg.state.to_play, first)
    assert pg.cards.action("undo")["enabled"]  # type: ignore[index]
    pg.cards.press("undo")
    assert pg.message.text == f"Took back the {first.symbol}." and not pg.state.actions
    before = [pg.state.hand(s) for s in range(4)]
    pg.cards.press("deal")
    assert pg.seed == 4 and [pg.state.hand(s) for s in range(4)] != before
    pg.broken.value = True
    assert pg.state.hearts_broken and "hearts are broken" in pg.cards.view["status"]


def test_the_old_button_interface_still_clicks_through_the_table() -> None:
    pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
    pg.button_for(0, "4D").click()
    assert pg.state.current_trick == [(0, Card.from_str("4D"))]
