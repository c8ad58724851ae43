"""The play table (``PlayTable``) driven as a reader would, without a browser: toggles, clicks, typing, uploads.

Bots answer at once (``pace=0``); every game is seeded, so each test replays the same deal and the same bot
moves. The reader's strategy in these tests is "the first card that is not greyed", read from the card table's
model the way a reader reads the table, and clicked through the same handler as the front end's messages.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from play_helpers import MOON_DEAL

import hearts_lessons.widgets.play as play_module
from hearts_lessons.bots import CoachBot
from hearts_lessons.bots.ratings import LEVELS, RatingsFileError, entrant, level, load_ladder
from hearts_lessons.cards import Card, Suit
from hearts_lessons.render import suit_colour
from hearts_lessons.rules import STANDARD, Moon
from hearts_lessons.scoring import format_points
from hearts_lessons.state import HandState, Phase
from hearts_lessons.table import seat_name
from hearts_lessons.widgets.play import OWN_CHOICE, PlayTable

SEED = 2026  # the seed of the lesson's table (notebooks/04_play_a_game.ipynb)


# -- helpers: what a reader sees and does ----------------------------------------------------------------------
def hand_cards(table: PlayTable) -> list[dict[str, Any]]:
    """The cards of the reader's hand as the card table draws them (its view model)."""
    return table.cards.cards()


def shown_cards(table: PlayTable) -> list[str]:
    return [c["short"] for c in hand_cards(table)]


def playable(table: PlayTable) -> list[dict[str, Any]]:
    return [c for c in hand_cards(table) if c["playable"]]


def greyed(table: PlayTable) -> list[dict[str, Any]]:
    return [c for c in hand_cards(table) if not c["playable"]]


def mode(table: PlayTable) -> str:
    return str(table.cards.view["hand"]["mode"])


def click(table: PlayTable, card: dict[str, Any] | Card | str) -> None:
    """Click a card of the hand, as the front end's message does."""
    code = card["code"] if isinstance(card, dict) else card.code if isinstance(card, Card) else card
    table.cards.click(code)


def pass_action(table: PlayTable) -> dict[str, Any]:
    action = table.cards.action("pass")
    assert action is not None, table.cards.view["actions"]
    return action


def pass_first_three(table: PlayTable) -> list[str]:
    chosen = [c for c in hand_cards(table) if c["playable"]][:3]
    for card in chosen:
        click(table, card)
    assert pass_action(table)["label"].startswith("Pass 3/3") and pass_action(table)["enabled"]
    table.cards.press("pass")
    return [c["short"] for c in chosen]


def play_first_legal(table: PlayTable) -> str:
    card = playable(table)[0]
    click(table, card)
    return str(card["short"])


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
    """Press "Save game" and read the file the browser is sent to download."""
    sent: list[dict[str, Any]] = []
    table.files.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    text = table.files.save_text()
    assert sent == [{"event": "download", "name": "hearts-game.json", "text": text}]
    return text


def replay_a_played_card(text: str) -> str:
    """The saved game with its last card changed to the first card of the hand (played long ago)."""
    data = json.loads(text)
    actions = data["hands"][-1]["actions"]
    plays = [a for a in actions if a[0] == "play"]
    assert len(plays) >= 2, actions
    plays[-1][2] = list(plays[0][2])
    return json.dumps(data)


def upload(table: PlayTable, text: str, name: str = "hearts-game.json") -> None:
    """What the "Load a saved game" button sends the kernel when a reader picks a file."""
    table.files._on_front_end(table.files, {"event": "open", "name": name, "text": text}, [])


# -- the tests -------------------------------------------------------------------------------------------------
def test_pass_three_cards() -> None:
    table = PlayTable(seed=SEED, pace=0)
    assert table.phase_name == "passing" and mode(table) == "pass"
    assert "pass 3 cards to the left (West)" in table.status_text
    assert table.cards.view["pass"]["arrow"] == "←"  # West sits on the reader's left
    cards = hand_cards(table)
    assert len(cards) == 13 and not pass_action(table)["enabled"]
    click(table, cards[0])
    click(table, cards[1])
    assert pass_action(table)["label"] == "Pass 2/3 ←" and not pass_action(table)["enabled"]
    assert [c["selected"] for c in hand_cards(table)][:3] == [True, True, False]  # chosen cards are lifted
    assert hand_cards(table)[0]["label"].endswith("chosen to pass (click to put it back)")
    click(table, cards[2])
    click(table, cards[3])  # a fourth card is refused, at the table, and says how to change the choice
    assert table.message.text == "you pass 3 cards — click a chosen card to put it back"
    assert table.message.kind == "error" and not table.cards.card(cards[3]["code"])["selected"]
    assert pass_action(table)["label"] == "Pass 3/3 ←" and pass_action(table)["enabled"]
    click(table, cards[2])  # put back, choose another
    click(table, cards[3])
    assert [c["selected"] for c in hand_cards(table)][:4] == [True, True, False, True]
    table.cards.escape()  # Escape clears the choice
    assert not any(c["selected"] for c in hand_cards(table)) and "cleared" in table.message.text
    for card in cards[:3]:
        click(table, card)
    passed = [c["short"] for c in cards[:3]]
    hand_before = set(c.symbol for c in table.hand.hand(0))
    table.cards.press("pass")
    assert table.phase_name == "playing" and mode(table) == "play" and table.cards.view["pass"] is None
    received = table.hand.received(0)
    assert table.message.text == f"You received {', '.join(c.symbol for c in received)}."
    assert [c.symbol for c in table.hand.passed(0)] == passed
    assert set(shown_cards(table)) == (hand_before - set(passed)) | {c.symbol for c in received}
    assert len(shown_cards(table)) == 13


def test_play_a_full_hand_by_clicking_to_its_score() -> None:
    table = started()
    plays = 0
    while table.hand.phase is Phase.PLAYING:
        assert "your turn" in table.status_text
        legal = {c.symbol for c in table.hand.legal_plays(0)}
        assert {c["short"] for c in playable(table)} == legal  # exactly the legal cards are lifted
        for card in playable(table):
            assert card["label"] == f"{Card.from_str(card['code']).name} — playable"
        before = len(hand_cards(table))
        play_first_legal(table)
        plays += 1
        assert len(hand_cards(table)) == before - 1
    assert plays == 13 and table.phase_name == "done" and hand_cards(table) == []
    score = table.hand.score
    assert score is not None and sum(score.points) == 26
    assert "Hand over." in table.story.value
    names = ["You", "West", "North", "East"]  # the reader as the table calls them, never "South"
    for seat, points in enumerate(score.points):
        assert f"<li>{names[seat]}: {format_points(points)}</li>" in table.story.value
    assert "South" not in table.story.value and "South" not in table.review.value
    assert "Review this hand trick by trick" in table.review.value and table.review.value.count("<li>") == 13
    assert table.cards.action("next") == {"id": "next", "label": "Next hand", "kind": "primary", "enabled": True}
    # the finished hand counts in the totals at once, so the score sheet and the seats show it before "Next hand"
    assert table.game.totals == list(score.points)
    assert [s["total"] for s in table.cards.view["seats"]] == [format_points(p) for p in score.points]
    assert 'class="hl-scores"' in table.sheet.value and ">1</td>" in table.sheet.value
    assert ">You</th>" in table.sheet.value and "South" not in table.sheet.value
    table.cards.press("next")
    assert table.game.totals == list(score.points)
    assert table.hand.hand_number == 1 and table.phase_name == "passing"
    assert "pass 3 cards to the right (East)" in table.status_text and table.cards.view["pass"]["arrow"] == "→"


def test_a_greyed_card_says_why_and_changes_nothing() -> None:
    table = started()
    refused = 0
    while table.hand.phase is Phase.PLAYING and refused < 3:
        for card in greyed(table):
            reason = table.hand.why_not(Card.from_str(card["code"]), 0)
            assert reason and card["reason"] == reason
            assert card["label"] == f"{card['name']} — not playable: {reason}"
            record = table.game.to_json()
            cards = shown_cards(table)
            click(table, card)
            assert table.message.text == reason and table.message.kind == "error"  # shown at the table
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
    assert table.message.text == "Your game is saved as hearts-game.json (see your browser's downloads)."
    data = json.loads(text)
    assert data["kind"] == "game" and data["seed"] == SEED
    other = PlayTable(seed=7, pace=0)
    other.load_text(text)
    assert other.message.text == "Game loaded."
    assert other.game.to_json() == table.game.to_json()
    assert shown_cards(other) == shown_cards(table) and other.status_text == table.status_text
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
    fresh.cards.press("next")
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
    assert table.cards.view["actions"] == []
    while table.hand.phase is Phase.PLAYING:
        best = max(table.hand.legal_plays(0), key=lambda c: c.id)
        click(table, best)
    assert table.phase_name == "moon_choice" and table.cards.action("next") is None
    assert "you shot the moon" in table.cards.view["title"]
    buttons = table.cards.view["actions"]
    assert [b["label"] for b in buttons] == ["everyone else adds the points", "take the points off my score"]
    table.cards.press(next(b["id"] for b in buttons if b["label"] == choice))
    score = table.hand.score
    assert table.phase_name == "done" and score is not None
    assert score.points[0] == south and (south == -26 or score.points[1:] == (26, 26, 26))
    assert [b["id"] for b in table.cards.view["actions"]] == ["next"]
    assert f"<li>You: {format_points(south)}</li>" in table.story.value
    assert "<li>You took every penalty card: shot the moon (M = 26).</li>" in table.story.value
    assert "South" not in table.story.value
    # the plates say what each seat scored, as the result does, not the 26 points the shooter took
    plates = table.cards.view["seats"]
    assert plates[0]["scored"] == f"scored {format_points(south)}" and plates[0]["points"] == "26 points"
    assert all(p["scored"] == f"scored {format_points(score.points[p['seat']])}" for p in plates)


def test_four_colour_and_large_cards_redraw_the_hand() -> None:
    table = started()
    diamond = next(c for c in hand_cards(table) if c["short"].endswith("♦"))
    assert suit_colour(Suit.DIAMONDS) in diamond["svg"] and not table.cards.large
    table.four_colour.value = True
    diamond = table.cards.card(diamond["code"])
    assert suit_colour(Suit.DIAMONDS, four_colour=True) in diamond["svg"]
    for card in hand_cards(table):
        assert suit_colour(Card.from_str(card["code"]).suit, four_colour=True) in card["svg"]
    table.large.value = True
    assert table.cards.large  # the table draws its large cards (a front-end size: the model is unchanged)
    table.large.value = False
    table.four_colour.value = False
    assert not table.cards.large
    for card in hand_cards(table):
        assert suit_colour(Card.from_str(card["code"]).suit) in card["svg"]


def test_four_colour_deck_while_passing() -> None:
    table = PlayTable(seed=SEED, pace=0, four_colour=True)
    assert mode(table) == "pass"
    for card in hand_cards(table):
        assert suit_colour(Card.from_str(card["code"]).suit, four_colour=True) in card["svg"]


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
    for seat in shown:  # the seats at the table show the voids too
        assert table.cards.view["seats"][seat]["voids"] == [s.symbol for s in state.voids(seat)]
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
    assert table.cards.view["last_trick"] is None
    play_first_legal(table)
    last = table.hand.tricks[-1]
    shown = table.cards.view["last_trick"]
    assert [p["card"]["code"] for p in shown["plays"]] == [c.code for c in last.cards]
    assert [p["winner"] for p in shown["plays"]] == [s == last.winner for s, _ in last.plays]
    assert shown["label"].startswith("Last trick: ") and seat_name(last.winner or 0, 4) + " takes it" in shown["label"]
    table.cards.show_last = True  # the table's "Last trick" button opens it; a new hand closes it
    play_out(table)
    table.cards.press("next")
    assert not table.cards.show_last


def test_a_whole_game_to_its_end() -> None:
    table = started(seed=11)
    game = table.game
    for _ in range(40):
        play_out(table)
        if table.hand.phase is Phase.MOON_CHOICE:
            table.cards.press(table.cards.view["actions"][1]["id"])
        assert table.phase_name == "done"
        game = table.game
        table.cards.press("next")
        if game.is_over:
            break
        assert table.phase_name in ("passing", "playing")
        if table.phase_name == "passing":
            pass_first_three(table)
    assert game.is_over and max(game.totals) >= 100
    assert len(game.results) >= 2 and "Something went wrong" not in table.message.text


# -- opponents by level ------------------------------------------------------------------------------------------
def set_up_opponents(table: PlayTable, *, level: str | None = None, bot: str | None = None) -> None:
    """Open the set-up, choose a level (or a bot) and press New game, as a reader does."""
    table.setup.selected_index = 0
    if level is not None:
        table.level_box.value = level
    if bot is not None:
        table.bot_box.value = bot
    table.new_button.click()


def test_the_levels_are_offered_with_their_bot_strength_and_rating() -> None:
    ladder = load_ladder()
    table = PlayTable(seed=SEED, pace=0)
    offered = dict((value, text) for text, value in table.level_box.options)
    assert list(offered) == [*(lv.name for lv in LEVELS), OWN_CHOICE]
    for lv in LEVELS:
        rating = ladder.level_rating(lv.name)
        words = f"rating {rating.mu:.1f} ({rating.low:.1f}–{rating.high:.1f})"
        assert offered[lv.name] == f"{lv.name}: {lv.entrant}, {words}"
    assert "coach (100 worlds)" in offered["Expert"]
    # the default opponents (three rule-based bots) are the Medium level, and the note says what it means
    assert table.level_box.value == "Medium" and table.bot_box.value == "rules"
    note = table.level_note.value
    medium = ladder.level_rating("Medium")
    assert f"Its rating is {medium.mu:.1f} (95% interval {medium.low:.1f}–{medium.high:.1f})" in note
    assert "higher is stronger" in note and "cannot be shown" not in note


def test_choosing_expert_gives_three_coaches_as_the_ladder_rated_them() -> None:
    table = PlayTable(seed=SEED, pace=0)
    set_up_opponents(table, level="Expert")
    assert table.bot_box.value == "coach" and "Something went wrong" not in table.message.text
    assert len(table.bots) == 3
    for bot in table.bots.values():
        assert isinstance(bot, CoachBot) and (bot.worlds, bot.pass_worlds, bot.lookahead) == (100, 40, 1)
    assert table.hand.phase is Phase.PASSING and 0 in table.hand.to_pass  # the coaches have passed: your turn


@pytest.mark.parametrize("name", ["Easy", "Medium", "Hard"])
def test_each_level_sets_every_opponent_to_its_bot(name: str) -> None:
    table = PlayTable(seed=SEED, pace=0)
    set_up_opponents(table, level=name)
    wanted = entrant(level(name).entrant)
    for bot in table.bots.values():
        assert bot.name == wanted.bot
        for option, value in wanted.options:
            assert getattr(bot, option) == value


def test_choosing_one_bot_is_the_readers_own_choice_and_a_level_takes_over_again() -> None:
    table = PlayTable(seed=SEED, pace=0)
    set_up_opponents(table, bot="random")
    assert table.level_box.value == OWN_CHOICE
    assert "Every opponent will be the <b>random</b> bot" in table.level_note.value
    assert [b.name for b in table.bots.values()] == ["random"] * 3
    set_up_opponents(table, level="Easy")
    assert table.bot_box.value == "beginner" and [b.name for b in table.bots.values()] == ["beginner"] * 3
    set_up_opponents(table, bot="beginner")  # the bot box already shows the Easy level's bot: still Easy
    assert table.level_box.value == "Easy"


def test_a_level_or_bots_with_options_from_the_code() -> None:
    hard = PlayTable(level="Hard", seed=SEED, pace=0)
    assert hard.level_box.value == "Hard"
    assert {(b.worlds, b.pass_worlds) for b in hard.bots.values() if isinstance(b, CoachBot)} == {(10, 4)}
    mixed = PlayTable(bots=["random", ("coach", {"worlds": 5, "pass_worlds": 2})], seed=SEED, pace=0)
    assert [b.name for b in mixed.bots.values()] == ["random", "coach", "random"]
    assert mixed.level_box.value == OWN_CHOICE
    with pytest.raises(ValueError, match="choose the opponents by level or by bot, not both"):
        PlayTable(level="Easy", bots=["rules"], pace=0)
    with pytest.raises(ValueError, match="there is no level 'Grandmaster'"):
        PlayTable(level="Grandmaster", pace=0)


def test_a_loaded_game_keeps_the_chosen_level() -> None:
    table = PlayTable(level="Easy", seed=SEED, pace=0)
    text = saved_text(table)
    table.load_text(text)
    assert table.message.text == "Game loaded." and [b.name for b in table.bots.values()] == ["beginner"] * 3


def test_a_damaged_ratings_file_is_said_and_the_levels_still_play(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise RatingsFileError("the ratings file is not valid JSON (Expecting value at line 1)")

    monkeypatch.setattr(play_module, "load_ladder", refuse)
    table = PlayTable(seed=SEED, pace=0)
    assert "The ratings cannot be shown: the ratings file is not valid JSON" in table.level_note.value
    assert [text for text, _ in table.level_box.options][:4] == [f"{lv.name}: {lv.entrant}" for lv in LEVELS]
    set_up_opponents(table, level="Hard")
    assert {b.name for b in table.bots.values()} == {"coach"}


def test_trick_explanations_name_the_reader_as_the_table_does() -> None:
    """The table calls the reader "You"; the sentence explaining each trick does too (never "South")."""
    table = PlayTable(seed=2026, pace=0)
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    table.cards.press("pass")
    explained = []
    while table.hand.phase.name == "PLAYING" and table.hand.to_play == 0:
        table.cards.click(table.hand.legal_plays(0)[0].code)
        if " the next trick." in table.cards.message:
            explained.append(table.cards.message)
    assert "You" in {s["name"] for s in table.cards.view["seats"]}
    assert explained and any("You" in text or "your" in text for text in explained), explained
    assert not any("South" in text for text in explained), explained


@pytest.mark.parametrize("seed", range(8))
def test_undo_after_the_pass_takes_the_pass_back_and_the_game_goes_on(seed: int) -> None:
    """Undo right after the pass (a bot may already have led the 2♣): back to the reader's pass, with the hand as
    dealt; passing again and playing on work (the table never waits for a bot that is not asked)."""
    table = PlayTable(seed=seed, pace=0)
    dealt = sorted(c.code for c in table.hand.hand(0))
    pass_first_three(table)
    assert table.hand.phase is Phase.PLAYING
    table.undo_button.click()
    assert table.message.text == "Taken back."
    assert table.hand.phase is Phase.PASSING and 0 in table.hand.to_pass
    assert sorted(c.code for c in table.hand.hand(0)) == dealt
    pass_first_three(table)
    assert table.hand.phase is Phase.PLAYING and table.hand.to_play == 0
    play_first_legal(table)
    assert "Something went wrong" not in table.message.text


def test_the_counting_aid_does_not_count_your_own_kitty_as_still_out() -> None:
    """Kitty Hearts: once you took the kitty you know its card: the aid's "still out (not yours, not played)" leaves
    it out."""
    from hearts_lessons.variants import PRESETS

    found = 0
    for seed in range(60):
        table = PlayTable(PRESETS["kitty"].rules, seed=seed, pace=0, counting=True)
        state = table.hand
        while state.phase is not Phase.DONE and state.hole_owner is None:
            if state.phase is Phase.PASSING and 0 in state.to_pass:
                for card in state.hand(0)[: state.cards_to_pass]:
                    table.cards.click(card.code)
                table.cards.press("pass")
            elif state.phase is Phase.PLAYING and state.to_play == 0:
                table.cards.click(state.legal_plays()[0].code)
            state = table.hand
        if state.hole_owner != 0 or state.phase is not Phase.PLAYING:
            continue
        found += 1
        (kitty,) = state.hole_cards
        text = re.sub(r"<[^>]+>", " ", table._counting_html()).split("Voids shown")[0]
        line = next(part for part in text.split(" · ") if f"{kitty.suit.symbol} " in part and " out: " in part)
        assert kitty.rank.label not in line.split(" out: ")[1].split(), (kitty, line)
        if found == 3:
            break
    assert found, "the reader never took the kitty in these deals"
