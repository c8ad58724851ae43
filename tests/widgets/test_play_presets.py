"""Every variant at the play table: the set-up offers each preset of ``variants.PRESETS`` with its player counts and
options, and a reader can play a hand of each against the bots (clicking, as a reader does).

The seat names and the words of the table make sense for every player count ("Player 1", never "South" beside
"Player 2").
"""

from __future__ import annotations

import pytest

from hearts_lessons.rules import Moon, PassDirection
from hearts_lessons.seats import seat_name
from hearts_lessons.state import Phase
from hearts_lessons.tableview import direction_words
from hearts_lessons.variants import PRESETS
from hearts_lessons.widgets.play import SWITCH_SOURCES, PlayTable


def table_for(key: str, players: int | None = None, **options: str) -> PlayTable:
    """A table whose set-up was used as a reader uses it: choose the variant, the players, the options; New game."""
    table = PlayTable(seed=5, pace=0)
    table.preset_box.value = key
    if players is not None:
        table.players_box.value = players
    for name, label in options.items():
        table.option_boxes[name].value = label
    table.new_button.click()
    return table


def play_hand(table: PlayTable) -> None:
    """Pass the first cards offered, then click the first playable card until the hand is over."""
    for _ in range(200):
        hand = table.hand
        if hand.phase is Phase.DONE:
            return
        if hand.phase is Phase.PASSING:
            offered = [c for c in table.cards.cards() if c["playable"]]
            for card in offered[: hand.cards_to_pass]:
                table.cards.click(card["code"])
            table.cards.press("pass")
        elif hand.phase is Phase.MOON_CHOICE:
            table.cards.press(table.cards.view["actions"][0]["id"])
        else:
            playable = [c for c in table.cards.cards() if c["playable"]]
            table.cards.click(playable[0]["code"])
    raise AssertionError("the hand did not finish")


def test_the_set_up_offers_every_preset() -> None:
    table = PlayTable(seed=1, pace=0)
    offered = [key for _, key in table.preset_box.options]
    assert offered == list(PRESETS), "a preset is missing from the table's set-up"
    assert [name for name, _ in table.preset_box.options] == [p.name for p in PRESETS.values()]


@pytest.mark.parametrize("key", list(PRESETS))
def test_choosing_a_preset_shows_its_player_counts_and_options(key: str) -> None:
    preset = PRESETS[key]
    table = PlayTable(seed=1, pace=0)
    table.preset_box.value = key
    assert list(table.players_box.options) == list(preset.players)
    assert list(table.option_boxes) == [o.name for o in preset.options]
    for option in preset.options:
        assert [v for _, v in table.option_boxes[option.name].options] == [c.label for c in option.choices]
    assert preset.name in table.variant_note.value
    # untouched, the switches show the variant's own rules, so New game plays exactly the preset
    table.new_button.click()
    assert table.rules == preset.rules
    assert table.message.text.startswith(f"New game of {preset.rules.name}")


@pytest.mark.parametrize("key", list(PRESETS))
def test_a_hand_of_every_variant_can_be_played_at_the_table(key: str) -> None:
    preset = PRESETS[key]
    table = table_for(key)
    assert table.rules == preset.rules
    play_hand(table)
    score = table.hand.score
    assert score is not None and len(score.points) == preset.rules.players
    assert "Hand over" in table.story.value


@pytest.mark.parametrize("players", [6, 7])
def test_cancellation_hearts_seats_six_and_seven(players: int) -> None:
    table = table_for("cancellation", players)
    assert table.rules.players == players and table.rules.decks == 2
    play_hand(table)
    assert table.hand.phase is Phase.DONE
    names = [seat["name"] for seat in table.cards.view["seats"]]
    assert names == ["You", *(f"Player {s + 1}" for s in range(1, players))]


def test_a_variant_option_is_played() -> None:
    table = table_for("spot", **{"moon": "no moon rule"})
    assert table.rules.moon is Moon.NONE
    table = table_for("omnibus", 5, **{"bonus card": "J♦"})
    assert table.rules.players == 5 and "J♦" in table.rules.name


def test_a_count_the_variant_does_not_allow_is_not_offered() -> None:
    table = PlayTable(seed=1, pace=0)
    table.preset_box.value = "kitty"
    assert list(table.players_box.options) == [3]


def test_a_switch_changes_the_variant_and_only_what_the_reader_moved() -> None:
    table = PlayTable(seed=1, pace=0)
    table.preset_box.value = "black_maria"
    assert table.switches["must_break_hearts"].value is False  # the switches show Black Maria's own rules
    table.switches["points_on_first_trick"].value = True
    table.new_button.click()
    expected = PRESETS["black_maria"].rules.with_options(points_on_first_trick=True)
    assert table.rules == expected and table.rules.name == PRESETS["black_maria"].rules.name


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_seat_names_make_sense_for_every_count(players: int) -> None:
    table = table_for("standard", players)
    you = seat_name(0, players)
    assert f"you are {you}" in table.message.text or table.message.kind != "info"
    others = " ".join(seat["label"] for seat in table.cards.view["seats"])
    if players == 4:
        assert "Player " not in others and "West" in others
    else:
        assert "South" not in others and "West" not in others and "Player 2" in others
    status = table.status_text
    if table.hand.phase is Phase.PASSING and table.hand.direction is PassDirection.LEFT:
        assert direction_words(PassDirection.LEFT, players) in status
        assert seat_name(1, players) in status


def test_points_are_words_and_sources_are_named_for_readers() -> None:
    table = table_for("standard")
    play_hand(table)
    others = " ".join(seat["label"] for seat in table.cards.view["seats"])
    assert " pts" not in others and " pts" not in table.review.value and "1 points" not in others
    assert "1 points" not in table.review.value
    text = " ".join(SWITCH_SOURCES)
    assert "seed" not in text.lower() and "Japanese Wikipedia" in text
    for _, choices in [(b.description, b.options) for b in table.switches.values()]:
        assert all("seed" not in label.lower() for label, _ in choices)


def test_undo_with_nothing_to_undo_says_so() -> None:
    table = PlayTable(seed=5, pace=0)
    assert not table.undo_button.disabled
    before = table.game.to_json()
    table.undo_button.click()
    assert "nothing to undo yet" in table.message.text and table.game.to_json() == before
