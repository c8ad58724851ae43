"""The variants on screen: complex scores on the score sheet, jokers, duplicate cards, the kitty and the
face-up leftovers in the table, and a hand told trick by trick."""

from __future__ import annotations

from hearts_lessons.game import GameState
from hearts_lessons.state import HandState
from hearts_lessons.table import table_html
from hearts_lessons.variant_lab import story_html
from hearts_lessons.variants import COMPLEX, HI_LO_JOKER, KITTY, cancellation

from .golden import golden_cases, replay

GOLDEN = {c["name"]: c for c in golden_cases()}


def test_score_sheet_shows_complex_scores() -> None:
    game = GameState(COMPLEX, seed=0)
    game.current = replay(GOLDEN["complex score 3+13i"])
    game.next_hand()
    sheet = game.score_sheet()
    assert sheet[0][4] == "3+13i → 3+13i"
    html = game.score_sheet_html()
    assert "3+13i" in html and "Complex Hearts" in html
    assert "3+13i" in repr(game)
    assert "3+13i" in game._repr_html_()


def test_table_shows_jokers() -> None:
    state = HandState.deal(HI_LO_JOKER, seed=1)
    html = table_html(state)
    assert "joker 1" in html and "joker 2" in html
    assert 'id="card-J1"' in html


def test_table_shows_the_kitty_face_down_until_its_owner_looks() -> None:
    case = GOLDEN["kitty: the kitty's points go to the first trick's winner"]
    state = HandState.from_cards(case["hands"], KITTY, hole=case["hole"], dealer=2, hold=True, check=False)
    assert "Kitty" in table_html(state, seat=0)
    assert "queen of spades" not in table_html(state, seat=0)
    assert "queen of spades" in table_html(state)  # the all-seeing view shows it
    for code in case["tricks"][0].split():
        state.play(code)
    assert "Kitty: taken by Player 2" in table_html(state, seat=1)
    assert "queen of spades" in table_html(state, seat=1)
    assert "queen of spades" not in table_html(state, seat=2)


def test_table_shows_the_leftovers_face_up_and_both_copies_of_a_card() -> None:
    case = GOLDEN["cancellation: a fully cancelled trick and a cancelled last trick"]
    state = HandState.from_cards(case["hands"], cancellation(6), hole=case["hole"], dealer=5, hold=True, check=False)
    html = table_html(state, seat=3)
    assert "Left-over cards (face up)" in html
    assert "2 of hearts" in html and "3 of hearts" in html
    assert table_html(state).count("<title>5 of clubs</title>") == 2


def test_story_of_a_cancelled_trick() -> None:
    state = replay(GOLDEN["cancellation: a fully cancelled trick and a cancelled last trick"])
    story = story_html(state)
    assert "every card of the suit led is cancelled" in story
    assert "cancelled: 5♣" in story
    assert "Left-over cards: taken by Player 3" in story
    assert "Score of the hand" in story
