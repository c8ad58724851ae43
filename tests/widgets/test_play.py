"""The play table (``PlayTable``) driven as a reader would, without a browser: toggles, clicks, typing, uploads.

Bots answer at once (``pace=0``); every game is seeded, so each test replays the same deal and the same bot
moves. The reader's strategy in these tests is "the first card that is not greyed", read from the buttons the
way a reader reads the table.
"""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, datetime
from typing import Any

import ipywidgets as W
import pytest
from play_helpers import MOON_DEAL

from hearts_lessons.cards import Card, Suit
from hearts_lessons.render import suit_colour
from hearts_lessons.rules import STANDARD, Moon
from hearts_lessons.scoring import format_points
from hearts_lessons.state import HandState, Phase
from hearts_lessons.table import seat_name
from hearts_lessons.widgets.play import PlayTable

SEED = 2026  # the seed of the lesson's table (notebooks/04_play_a_game.ipynb)
MUTED = "#a0a0a0"  # the ink of a greyed card button (common.style_card_button)


# -- helpers: what a reader sees and does ----------------------------------------------------------------------
def hand_buttons(table: PlayTable) -> list[W.Button]:
    return [b for b in table.hand_box.children if isinstance(b, W.Button)]


def shown_cards(table: PlayTable) -> list[str]:
    return [b.description for b in hand_buttons(table)]


def playable(table: PlayTable) -> list[W.Button]:
    return [b for b in hand_buttons(table) if b.style.text_color != MUTED]


def greyed(table: PlayTable) -> list[W.Button]:
    return [b for b in hand_buttons(table) if b.style.text_color == MUTED]


def visible(widget: W.Widget) -> bool:
    return widget.layout.display != "none"


def pass_first_three(table: PlayTable) -> list[str]:
    toggles = [t for t in table.pass_picker.children if isinstance(t, W.ToggleButton) and not t.disabled]
    chosen = toggles[:3]
    for toggle in chosen:
        toggle.value = True
    assert table.pass_button.description == "Pass 3/3" and not table.pass_button.disabled
    table.pass_button.click()
    return [t.description for t in chosen]


def play_first_legal(table: PlayTable) -> str:
    button = playable(table)[0]
    card = button.description
    button.click()
    return card


def play_out(table: PlayTable) -> None:
    """Play the reader's cards (first legal each time) until the hand is over."""
    for _ in range(60):
        if table.hand.phase is not Phase.PLAYING:
            return
        play_first_legal(table)
    raise AssertionError("the hand did not end")


def started(seed: int = SEED, **kwargs: Any) -> PlayTable:
    """A table past the pass, the reader to play."""
    table = PlayTable(seed=seed, pace=0, **kwargs)
    pass_first_three(table)
    assert table.hand.phase is Phase.PLAYING and table.hand.to_play == 0
    return table


def saved_text(table: PlayTable) -> str:
    """Click "Save game" and read the file the download link holds."""
    table.save_button.click()
    match = re.search(r'download="hearts-game\.json" href="data:application/json;base64,([^"]+)"',
                      table.save_link.value)  # fmt: skip
    assert match, table.save_link.value
    return base64.b64decode(match.group(1)).decode()


def replay_a_played_card(text: str) -> str:
    """The saved game with its last card changed to the first card of the hand (played long ago)."""
    data = json.loads(text)
    actions = data["hands"][-1]["actions"]
    plays = [a for a in actions if a[0] == "play"]
    assert len(plays) >= 2, actions
    plays[-1][2] = list(plays[0][2])
    return json.dumps(data)


def upload(table: PlayTable, text: str, name: str = "hearts-game.json") -> None:
    """What the "Load game" button sends the kernel when a reader picks a file."""
    content = text.encode()
    table.load_upload.value = (
        {"name": name, "type": "application/json", "size": len(content), "content": memoryview(content),
         "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},
    )  # fmt: skip


# -- the tests -------------------------------------------------------------------------------------------------
def test_pass_three_cards() -> None:
    table = PlayTable(seed=SEED, pace=0)
    assert table.phase_name == "passing" and visible(table.pass_box) and not visible(table.hand_box)
    assert "pass 3 cards to the left (West)" in table.status.value
    toggles = list(table.pass_picker.children)
    assert len(toggles) == 13 and table.pass_button.disabled
    toggles[0].value = toggles[1].value = True
    assert table.pass_button.description == "Pass 2/3" and table.pass_button.disabled
    toggles[2].value = toggles[3].value = True  # a fourth card is refused: the picker keeps three
    assert not toggles[3].value and table.pass_button.description == "Pass 3/3"
    passed = [t.description for t in toggles[:3]]
    hand_before = set(c.symbol for c in table.hand.hand(0))
    table.pass_button.click()
    assert table.phase_name == "playing" and not visible(table.pass_box) and visible(table.hand_box)
    received = table.hand.received(0)
    assert table.message.text == f"You received {', '.join(c.symbol for c in received)}."
    assert [c.symbol for c in table.hand.passed(0)] == passed
    assert set(shown_cards(table)) == (hand_before - set(passed)) | {c.symbol for c in received}
    assert len(shown_cards(table)) == 13


def test_play_a_full_hand_by_clicking_to_its_score() -> None:
    table = started()
    plays = 0
    while table.hand.phase is Phase.PLAYING:
        assert "your turn" in table.status.value
        legal = {c.symbol for c in table.hand.legal_plays(0)}
        assert {b.description for b in playable(table)} == legal  # exactly the legal cards are in ink
        for button in playable(table):
            assert button.tooltip == Card.from_str(button.description).name
        before = len(hand_buttons(table))
        play_first_legal(table)
        plays += 1
        assert len(hand_buttons(table)) == before - 1
    assert plays == 13 and table.phase_name == "done" and hand_buttons(table) == []
    score = table.hand.score
    assert score is not None and sum(score.points) == 26
    assert "Hand over." in table.story.value
    for seat, points in enumerate(score.points):
        assert f"<li>{seat_name(seat, 4)}: {format_points(points)}</li>" in table.story.value
    assert "Review this hand trick by trick" in table.review.value and table.review.value.count("<li>") == 13
    assert visible(table.next_button) and table.next_button.description == "Next hand"
    # the finished hand counts in the totals at once, so the score sheet shows it before "Next hand"
    assert table.game.totals == list(score.points)
    assert 'class="hl-scores"' in table.sheet.value and ">1</td>" in table.sheet.value
    table.next_button.click()
    assert table.game.totals == list(score.points)
    assert table.hand.hand_number == 1 and table.phase_name == "passing"
    assert "pass 3 cards to the right (East)" in table.status.value


def test_a_greyed_card_says_why_and_changes_nothing() -> None:
    table = started()
    refused = 0
    while table.hand.phase is Phase.PLAYING and refused < 3:
        for button in greyed(table):
            card = Card.from_str(button.description)
            reason = table.hand.why_not(card, 0)
            assert reason and button.tooltip == reason
            record = table.game.to_json()
            cards = shown_cards(table)
            button.click()
            assert table.message.text == reason
            assert "color:#b00020" in table.message.value  # shown as an error
            assert table.game.to_json() == record and shown_cards(table) == cards
            refused += 1
            break
        play_first_legal(table)
    assert refused == 3, "this seeded hand should offer greyed cards on three turns"


def test_a_card_before_the_readers_turn_is_refused() -> None:
    table = PlayTable(seed=SEED, pace=0)  # still passing: no card may be played
    table.play("2C")
    assert table.message.text  # the engine's reason, not a traceback
    assert "Something went wrong" not in table.message.text
    assert table.phase_name == "passing"


def test_keyboard_entry() -> None:
    table = started()
    text_box = table.keyboard
    assert not text_box.disabled and text_box.description == "Play:"
    card = table.hand.legal_plays(0)[0]
    spelled = card.rank.label + card.suit.letter  # "10D" rather than "TD", as the placeholder shows
    text_box.value = spelled  # what pressing Enter sends (continuous_update=False)
    assert text_box.value == "" and card.symbol not in shown_cards(table)
    assert card not in table.hand.hand(0) and table.message.text != ""
    # an illegal card by keyboard: refused with the reason, nothing changes
    illegal = next((c for c in table.hand.hand(0) if table.hand.why_not(c, 0)), None)
    assert illegal is not None, "in this seeded hand the reader must follow suit on the second trick"
    record = table.game.to_json()
    text_box.value = illegal.code.lower()
    assert table.message.text == table.hand.why_not(illegal, 0)
    assert table.game.to_json() == record
    # not a card at all
    record = table.game.to_json()
    text_box.value = "ZZ"
    assert "'ZZ' is not a card" in table.message.text and table.game.to_json() == record
    # suit symbols work too
    card = table.hand.legal_plays(0)[0]
    text_box.value = card.symbol
    assert card not in table.hand.hand(0)


def test_undo_takes_back_the_readers_last_card() -> None:
    table = started()
    for _ in range(3):
        play_first_legal(table)
    hand_before = shown_cards(table)
    tricks_before = len(table.hand.tricks)
    record_before = json.loads(table.game.to_json())
    played = play_first_legal(table)
    assert played not in shown_cards(table)
    table.undo_button.click()
    assert table.message.text == "Taken back."
    assert shown_cards(table) == hand_before and table.hand.to_play == 0
    assert len(table.hand.tricks) == tricks_before
    assert json.loads(table.game.to_json())["hands"][0]["actions"] == record_before["hands"][0]["actions"]
    # and the game goes on from there
    play_first_legal(table)
    assert len(shown_cards(table)) == len(hand_before) - 1


def test_save_then_load_round_trip() -> None:
    table = started()
    for _ in range(5):
        play_first_legal(table)
    text = saved_text(table)
    assert table.message.text == "Your game is ready to download."
    data = json.loads(text)
    assert data["kind"] == "game" and data["seed"] == SEED
    other = PlayTable(seed=7, pace=0)
    other.load_text(text)
    assert other.message.text == "Game loaded."
    assert other.game.to_json() == table.game.to_json()
    assert shown_cards(other) == shown_cards(table) and other.status.value == table.status.value
    # the loaded game plays on to its score
    play_out(other)
    assert other.phase_name == "done" and other.hand.score is not None


def test_load_through_the_upload_button_even_at_the_end_of_a_hand() -> None:
    table = started()
    play_out(table)
    text = saved_text(table)
    fresh = PlayTable(seed=99, pace=0)
    upload(fresh, text)
    assert fresh.message.text == "Game loaded."
    assert fresh.phase_name == "done" and fresh.story.value == table.story.value
    fresh.next_button.click()
    assert fresh.game.totals == list(table.hand.score.points)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (lambda text: text[:-20], "not valid JSON"),
        (lambda text: text.replace('"kind": "game"', '"kind": "hand"'), "not a 'game'"),
        (lambda text: json.dumps({**json.loads(text), "seed": 12345}), "was not dealt from this game's seed"),
        (lambda text: replay_a_played_card(text), "hand 1:"),
    ],
    ids=["cut short", "not a game", "other seed", "card changed"],
)
def test_a_tampered_file_is_refused_with_its_reason_and_the_game_kept(tamper: Any, reason: str) -> None:
    table = started()
    for _ in range(2):
        play_first_legal(table)
    text = saved_text(table)
    current = PlayTable(seed=SEED + 1, pace=0)
    pass_first_three(current)
    play_first_legal(current)
    record, cards = current.game.to_json(), shown_cards(current)
    upload(current, tamper(text))
    assert reason in current.message.text and "Something went wrong" not in current.message.text
    assert current.game.to_json() == record and shown_cards(current) == cards


def moon_table() -> PlayTable:
    """A table under "shooter chooses" whose hand is MOON_DEAL: South holds every penalty card but one
    heart-free trick, and the bots cannot stop the moon when South plays high."""
    rules = STANDARD.with_options(moon=Moon.SHOOTER_CHOOSES)
    table = PlayTable(rules, seed=SEED, pace=0)
    table.game.current = HandState.from_cards(MOON_DEAL, rules, hold=True)
    table._run_bots()  # West holds the 2♣ and leads
    return table


@pytest.mark.parametrize(("choice", "south"), [("everyone else adds the points", 0),
                                               ("take the points off my score", -26)])
def test_moon_choice_buttons_when_the_reader_shoots(choice: str, south: int) -> None:
    table = moon_table()
    assert table.moon_box.children == ()
    while table.hand.phase is Phase.PLAYING:
        best = max(table.hand.legal_plays(0), key=lambda c: c.id)
        table.button_for(best).click()
    assert table.phase_name == "moon_choice" and not visible(table.next_button)
    header, *buttons = table.moon_box.children
    assert "You shot the moon" in header.value
    assert [b.description for b in buttons] == ["everyone else adds the points", "take the points off my score"]
    next(b for b in buttons if b.description == choice).click()
    score = table.hand.score
    assert table.phase_name == "done" and score is not None
    assert score.points[0] == south and (south == -26 or score.points[1:] == (26, 26, 26))
    assert table.moon_box.children == () and visible(table.next_button)
    assert f"<li>South: {format_points(south)}</li>" in table.story.value


def test_four_colour_and_large_cards_redraw_the_hand() -> None:
    table = started()
    diamond = next(b for b in hand_buttons(table) if b.description.endswith("♦"))
    ink = diamond.style.text_color
    assert diamond.layout.width == "50px" and diamond.style.font_size == "15px"
    table.four_colour.value = True
    if ink != MUTED:
        assert diamond.style.text_color == suit_colour(Suit.DIAMONDS, four_colour=True) != ink
    for button in playable(table):
        assert button.style.text_color == suit_colour(Card.from_str(button.description).suit, four_colour=True)
    table.large.value = True
    for button in hand_buttons(table):
        assert button.layout.width == "62px" and button.style.font_size == "20px"
    table.large.value = False
    table.four_colour.value = False
    for button in playable(table):
        assert button.style.text_color == suit_colour(Card.from_str(button.description).suit)
        assert button.layout.width == "50px"


def test_four_colour_deck_in_the_pass_picker() -> None:
    table = PlayTable(seed=SEED, pace=0, four_colour=True)
    for toggle in table.pass_picker.children:
        card = Card.from_str(toggle.description)
        assert toggle.style.text_color == suit_colour(card.suit, four_colour=True)


def test_counting_aid_lists_cards_out_and_voids() -> None:
    table = started()
    assert table.count_view.value == ""
    table.counting.value = True
    assert "Cards still out" in table.count_view.value and "Voids shown" not in table.count_view.value
    for _ in range(13):
        if any(table.hand.voids(seat) for seat in (1, 2, 3)) or table.hand.phase is not Phase.PLAYING:
            break
        play_first_legal(table)
    state = table.hand
    shown = [seat for seat in (1, 2, 3) if state.voids(seat)]
    assert shown, "some bot should have shown a void in this seeded hand"
    assert "Voids shown" in table.count_view.value
    for seat in shown:
        symbols = " ".join(s.symbol for s in state.voids(seat))
        assert f"{seat_name(seat, 4)}: {symbols}" in table.count_view.value
    mine = state.hand(0)
    played = [c for trick in state.tricks for c in trick.cards] + [c for _, c in state.current_trick]
    for suit in Suit:
        out = 13 - sum(c.suit is suit for c in mine) - sum(c.suit is suit for c in played)
        assert f"{suit.symbol} {out} out" in table.count_view.value
    table.counting.value = False
    assert table.count_view.value == ""


def test_last_trick_toggle_shows_the_trick_just_taken() -> None:
    table = started()
    play_first_legal(table)
    table.last_button.value = True
    assert "Last trick" in table.centre.value
    table.last_button.value = False
    assert "Last trick" not in table.centre.value or not table.hand.current_trick


def test_a_whole_game_to_its_end() -> None:
    table = started(seed=11)
    game = table.game
    for _ in range(40):
        play_out(table)
        if table.hand.phase is Phase.MOON_CHOICE:
            table.moon_box.children[1].click()
        assert table.phase_name == "done"
        game = table.game
        table.next_button.click()
        if game.is_over:
            break
        assert table.phase_name in ("passing", "playing")
        if table.phase_name == "passing":
            pass_first_three(table)
    assert game.is_over and max(game.totals) >= 100
    assert len(game.results) >= 2 and "Something went wrong" not in table.message.text
