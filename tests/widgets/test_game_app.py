"""The app's game screen (hearts_lessons.widgets.game_app): the bar, its panels, every game, the end of a hand and
of a game, saving and opening, and refusals said at the table."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import ipywidgets as W
import pytest
from play_helpers import MOON_DEAL, finish_hand

from hearts_lessons.bots import CoachBot
from hearts_lessons.bots.ratings import LEVELS, load_ladder
from hearts_lessons.haggis.bots import GreedyBot
from hearts_lessons.haggis.widgets import PlayHandWidget
from hearts_lessons.rules import STANDARD
from hearts_lessons.scoring import format_points
from hearts_lessons.state import HandState, Phase
from hearts_lessons.table import seat_name
from hearts_lessons.variants import PRESETS
from hearts_lessons.widgets.game_app import GAMES, LEARN_URL, GameApp
from hearts_lessons.widgets.play import PlayTable, covered_fields, rule_switches

ROOT = Path(__file__).resolve().parents[2]
TAG = re.compile(r"<[^>]+>")


def text(widget: W.Widget) -> str:
    """The words a reader sees in a widget and everything inside it (HTML values, button labels)."""
    parts: list[str] = []
    if isinstance(widget, W.HTML):
        parts.append(html.unescape(TAG.sub(" ", widget.value)))
    if isinstance(widget, W.Button):
        parts.append(widget.description)
    for child in getattr(widget, "children", ()):  # ipywidgets boxes: not the project's code
        parts.append(text(child))
    return re.sub(r"\s+", " ", " ".join(parts)).strip()


def buttons(widget: W.Widget) -> dict[str, W.Button]:
    """Every button inside ``widget``, by its label."""
    found: dict[str, W.Button] = {}
    if isinstance(widget, W.Button):
        found[widget.description] = widget
    for child in getattr(widget, "children", ()):
        found.update(buttons(child))
    return found


def hearts(app: GameApp) -> PlayTable:
    assert isinstance(app.table, PlayTable)
    return app.table


def test_the_screen_is_a_bar_and_the_table_and_nothing_else() -> None:
    app = GameApp(seed=4, pace=0)
    labels = [b.description for b in app.bar.children if isinstance(b, W.Button)]
    assert labels == ["New game", "Rules", "Opponents", "Coach", "Undo", "Settings"]
    assert "Learn the rules" in app.learn.value and f'href="{LEARN_URL}"' in app.learn.value
    assert (ROOT / "app" / LEARN_URL).resolve().is_file()  # the link opens a page Voilà serves (no 403)
    table = hearts(app)
    assert table.children == (table.cards,) and table.cards.fit  # the table alone, filling the window
    assert app.game_box.children[0] is table and app.drawer.layout.display == "none"
    assert app.overlay.layout.display == "none" and "New game of Standard Hearts" in table.message.text


def test_new_game_offers_every_variant_and_haggis_and_each_starts_at_each_count() -> None:
    app = GameApp(seed=4, pace=0)
    app.toggle("new")
    offered = buttons(app.drawer)
    assert all(name in offered for name in GAMES.values()) and "Haggis" in offered
    for key, preset in PRESETS.items():
        for players in preset.players:
            app.start(f"hearts:{key}", players=players)
            table = hearts(app)
            assert table.rules.players == players and "Something went wrong" not in table.message.text
            assert table.rules == preset.build(players)
    for players in (2, 3):
        app.start("haggis", players=players)
        assert isinstance(app.table, PlayHandWidget) and app.table.rules.players == players
        assert app.table.game is not None
    before = app.table
    app.start("hearts:standard", players=2)  # a count the variant does not allow is refused at the table
    assert app.table is before and app.game_key == "haggis"
    assert "Standard Hearts (Black Lady) is played by 3, 4, 5, 6 or 7 players" in app.table.message.text


def test_each_rule_is_offered_once_in_every_variant() -> None:
    switch_labels = {label for label, _ in rule_switches().values()}
    for key, preset in PRESETS.items():
        app = GameApp(seed=1, pace=0, game=f"hearts:{key}")
        app.toggle("rules")
        shown = [text(w) for w in app.drawer.children if isinstance(w, W.HTML)]
        names = [s for s in shown if s in switch_labels or s in {o.name.capitalize() for o in preset.options}]
        assert len(names) == len(set(names)), (key, names)
        covered = covered_fields(preset, preset.players[0])
        uncovered = [label for field, (label, _) in rule_switches().items() if field not in covered]
        assert len(names) == len(preset.options) + len(uncovered) and set(uncovered) <= set(names), key
    assert covered_fields(PRESETS["black_maria"], 3) == {"must_break_hearts", "moon"}  # shown once, as its options


def test_a_house_rule_and_a_variant_option_change_the_next_game() -> None:
    app = GameApp(seed=1, pace=0, game="hearts:black_maria")
    app.toggle("rules")
    buttons(app.drawer)["yes"].click()  # Black Maria's own option: hearts must be broken
    buttons(app.drawer)["allowed"].click()  # points on trick 1
    buttons(app.drawer)["Start a new game with these rules"].click()
    rules = hearts(app).rules
    assert rules.must_break_hearts and rules.points_on_first_trick and rules.players == 3


def test_opponents_are_levels_with_their_rating_in_words_and_the_interval_on_demand() -> None:
    ladder = load_ladder()
    app = GameApp(seed=2, pace=0)
    app.toggle("opponents")
    offered = buttons(app.drawer)
    for lv in LEVELS:
        rating = ladder.level_rating(lv.name)
        label = f"{lv.name} · rating about {rating.mu:.0f}"
        assert label in offered
        assert f"95% interval {rating.low:.1f}–{rating.high:.1f}" in offered[label].tooltip
    assert "Bots" not in text(app.drawer)  # the strength is said once: no second menu of bots
    offered[next(label for label in offered if label.startswith("Expert"))].click()
    buttons(app.drawer)["Start a new game against them"].click()
    assert all(isinstance(bot, CoachBot) for bot in hearts(app).bots.values())


def test_the_end_of_each_hand_and_the_final_scoreboard() -> None:
    app = GameApp(seed=3, pace=0)
    table = hearts(app)
    hands = 0
    while True:
        finish_hand(table)
        hands += 1
        result = table.game.results[-1]
        shown = text(app.overlay)
        assert app.overlay.layout.display == "" and shown
        if table.game.is_over:
            break
        assert f"Hand {hands} is over" in shown
        for seat in range(4):
            name = "You" if seat == 0 else seat_name(seat, 4)
            points, total = format_points(result.score.points[seat]), format_points(table.game.totals[seat])
            assert f"{name} {points} {total}" in shown
        buttons(app.overlay)["Next hand"].click()
        assert app.overlay.layout.display == "none" and table.hand.hand_number == hands
    game = table.game
    assert "Game over" in shown and len(game.results) == hands
    for result in game.results:
        row = " ".join(format_points(p) for p in result.score.points)
        assert f"Hand {result.hand_number + 1} {row}" in shown
    assert "Total " + " ".join(format_points(t) for t in game.totals) in shown
    winners = [seat_name(s, 4) for s in game.winners]
    assert all(w in shown for w in winners)
    end = buttons(app.overlay)
    assert set(end) == {"New game", "Review the game"}
    end["Review the game"].click()
    review = text(app.drawer)
    assert all(f"Hand {i + 1}" in review for i in range(hands))
    end["New game"].click()
    assert hearts(app) is not table and hearts(app).game.results == []


def test_a_moon_is_said_at_the_end_of_the_hand() -> None:
    app = GameApp(seed=3, pace=0)
    table = hearts(app)
    table.game.current = HandState.from_cards(MOON_DEAL, STANDARD, hold=True)
    table._run_bots()
    while table.hand.phase is Phase.PLAYING:
        table.cards.click(max(table.hand.legal_plays(0), key=lambda c: c.id).code)
    score = table.hand.score
    assert score is not None and score.shooter == 0
    assert "You shot the moon!" in text(app.overlay)
    # the result names the reader as the table does ("You"), never "South" beside "You shot the moon!"
    assert "You took every penalty card: shot the moon (M = 26)." in text(app.overlay)
    assert "South" not in text(app.overlay) and "South" not in table.sheet.value
    app.toggle("review")
    assert "You 0" in text(app.drawer) and "South" not in text(app.drawer)


def test_the_coach_answers_in_its_panel_and_reviews_a_finished_hand() -> None:
    app = GameApp(seed=6, pace=0)
    app.coach_button.click()
    table = hearts(app)
    assert app.panel_name == "coach" and "Coach:" in table.coach_box.value
    assert len(table.chosen) == table.hand.cards_to_pass  # its pass is lifted for you
    finish_hand(table)
    buttons(app.overlay)["Coach's review"].click()
    assert app.panel_name == "coach" and "Review ready" in table.message.text


def test_save_and_open_a_game_and_a_damaged_file_is_refused_and_loses_nothing() -> None:
    app = GameApp(seed=8, pace=0)
    table = hearts(app)
    finish_hand(table)
    app.toggle("settings")
    saved = table.files.save_text()
    assert json.loads(saved)["seed"] == table.game.seed
    app.start()
    fresh = hearts(app)
    record = fresh.game.to_json()
    fresh.files.open_text("{not json")
    assert fresh.cards.kind == "error" and fresh.game.to_json() == record
    fresh.files.open_text(saved)
    assert fresh.message.text == "Game loaded." and fresh.game.to_json() == saved


def test_haggis_plays_a_whole_game_hand_after_hand() -> None:
    app = GameApp(seed=9, pace=0, game="haggis")
    table = app.table
    assert isinstance(table, PlayHandWidget) and table.game is not None
    assert app.coach_button.disabled and "Haggis has no coach" in app.coach_button.tooltip
    first = table.hand
    me = GreedyBot()
    for _ in range(200):  # the reader plays as the greedy bot would, through the table's own action path
        if table.hand.is_over:
            break
        table._act(lambda: table.hand.apply(me.choose_action(table.hand.view(0), random.Random(1))))
    assert table.hand.is_over
    assert app.overlay.layout.display == "" and "Hand 1 is over" in text(app.overlay)
    buttons(app.overlay)["Next hand"].click()
    assert table.hand is not first and len(table.game.hands) == 2 and app.overlay.layout.display == "none"


@pytest.mark.parametrize("panel", ["new", "rules", "opponents", "settings"])
def test_a_panel_opens_and_closes_from_the_bar_and_its_close_button(panel: str) -> None:
    app = GameApp(seed=2, pace=0)
    app.toggle(panel)
    assert app.drawer.layout.display == "" and app.panel_name == panel
    buttons(app.drawer)["Close"].click()
    assert app.drawer.layout.display == "none" and app.panel_name == ""
    app.toggle(panel)
    app.toggle(panel)
    assert app.panel_name == ""


def test_the_end_of_hand_panel_shows_the_totals_after_the_hand_is_counted() -> None:
    """At a visible pace the table is redrawn after each bot's card, the last one before the hand is counted into
    the totals: the panel must show the totals with this hand in them."""
    app = GameApp(seed=3, pace=0.001)
    table = hearts(app)
    finish_hand(table)
    shown = text(app.overlay)
    for seat in range(4):
        name = "You" if seat == 0 else seat_name(seat, 4)
        points, total = format_points(table.hand.score.points[seat]), format_points(table.game.totals[seat])
        assert f"{name} {points} {total}" in shown and table.game.totals[seat] == table.hand.score.points[seat]


def test_the_rules_lines_are_true_of_every_variant() -> None:
    """What the Rules panel says is computed from the rules: "by rank" only where each heart's value rises with its
    rank; a lone heart of another value is named; the Q♠ breaking hearts is said only where the Q♠ scores; the
    trick's winner only where nothing (two decks, jokers) changes it; the 10♣'s multiplier is said."""
    from hearts_lessons.cards import parse_cards
    from hearts_lessons.game import GameState
    from hearts_lessons.widgets.game_app import point_cards_words, rules_lines

    def lines(key: str) -> list[str]:
        rules = PRESETS[key].build(PRESETS[key].players[0])
        return rules_lines(rules, GameState(rules))

    assert "hearts 2 to 14 points by rank" in lines("spot")[2]
    pink = lines("pink_lady")[2]
    assert "by rank" not in pink and "the Q♥ 13, each other heart 1 point" in pink
    assert not any(line.startswith("Q♠ breaks hearts") for line in lines("basic"))
    assert any(line.startswith("Q♠ breaks hearts") for line in lines("standard"))
    assert lines("cancellation")[1].startswith("Who takes a trick") and lines("hi_lo_joker")[1].startswith("Who")
    assert lines("standard")[1].startswith("The highest card of the suit led takes the trick")
    assert "taking the 10♣ multiplies the hand's score by 2i" in lines("complex")[2]
    complex_rules = PRESETS["complex"].build(4)
    assert point_cards_words(parse_cards("2H QS JD TC"), complex_rules) == "♥ 1, 10♣, J♦, Q♠"
