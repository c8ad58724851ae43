"""The app's game screen: a slim bar of buttons over a card table that fills the window.

``bash scripts/app.sh`` opens this screen (``app/game.ipynb``: one cell, ``GameApp()``). The bar holds *New game*
(every Hearts variant of :data:`~hearts_lessons.variants.PRESETS` and Haggis, with the player counts each allows),
*Rules* (what the game being played plays, and the house rules a new game may change, each offered once),
*Opponents* (the levels, each with a word and the bot ladder's rating), *Coach* (the coach's advice for the
decision in front of you, or its review of a finished hand), *Undo*, *Settings* (four-colour deck, large cards,
the card-counting aid, typing cards, saving and opening a game) and a link *Learn the rules* into the book. A panel
opens over the top of the table and closes with its own button or the bar's; the table never moves.

The end of a hand shows its scores over the table (and the moon, if one was shot) with *Next hand*; the end of a
game a final scoreboard — each player's score hand by hand, the totals, the winner — with *New game* and *Review
the game*. The screen is a thin controller: :class:`~hearts_lessons.widgets.play.PlayTable` and
:class:`~hearts_lessons.haggis.widgets.PlayHandWidget` play the games; the engine decides everything.

>>> app = GameApp(seed=5, pace=0)
>>> app.game_key, app.table.rules.name
('hearts:standard', 'Standard Hearts')
>>> app.start("hearts:black_maria", players=3)
>>> app.table.rules.players, [b.name for b in app.table.bots.values()]
(3, ['rules', 'rules'])
>>> app.start("haggis", players=2)
>>> type(app.table).__name__, app.table.game is not None
('PlayHandWidget', True)
"""

from __future__ import annotations

import functools
import html
import os
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..bots.ratings import LEVELS, Ladder, RatingsFileError, level, load_ladder
from ..bots.review import review_hand
from ..cards import Card, Suit
from ..errors import IllegalActionError
from ..game import GameState
from ..haggis.bots import GreedyBot, HaggisBot, RandomBot
from ..haggis.game import HaggisGame
from ..haggis.rules import THREE_PLAYERS, TWO_PLAYERS
from ..haggis.widgets import PlayHandWidget
from ..i18n import N_, get_language, join_words, set_language, tr, tr_n, tr_text
from ..rules import Rules
from ..runtime import in_browser
from ..scoring import format_points
from ..state import Phase
from ..tableview import taken_entry
from ..variants import PRESETS, Preset, rules_name
from .common import choice_source, option_name, safe, sentences
from .play import HUMAN, PlayTable, covered_fields, level_word, listed, rule_switches, switch_sources

__all__ = ["GAMES", "HAGGIS_OPPONENTS", "JA_LEARN_URL", "LEARN_URL", "LIVE_LEARN_URL", "GameApp", "default_learn_url",
           "first_seed", "learn_link"]

HAGGIS = "haggis"
GAMES: dict[str, str] = {**{f"hearts:{key}": preset.name for key, preset in PRESETS.items()}, HAGGIS: N_("Haggis")}
"""Every game the app offers, by key: each Hearts variant (``hearts:<preset>``) and Haggis (English names:
:func:`game_name` says them in the book's language)."""

LANGUAGE_CHOICES = (("English", "en"), ("日本語", "ja"))
"""The languages the app's Settings offer, each named in its own language."""


def game_name(key: str) -> str:
    """A game of :data:`GAMES` by its name in the book's language."""
    return tr_text(GAMES[key])

LEARN_URL = "../notebooks/01_tricks.ipynb"
"""Where *Learn the rules* leads from ``app/game.ipynb`` in Voilà: the first lesson (``scripts/app.sh`` serves the
project's folder, so every lesson opens as an app too)."""

LIVE_LEARN_URL = "../../notebooks/01_tricks.html"
"""Where it leads in the live site (``live/notebooks/index.html?path=game.ipynb``): the book's first lesson page."""

JA_LEARN_URL = "../_build/ja-app/notebooks/01_tricks.ipynb"
"""Lesson 1 in Japanese from ``app/game.ipynb`` served in English by Voilà (which serves the project's folder):
where ``HL_LANG=ja bash scripts/app.sh`` writes the Japanese lessons (``scripts/i18n_build.py``; there only once
the Japanese app has been started)."""

LIVE_OTHER_EDITION = {"en": "../../ja/notebooks/01_tricks.html", "ja": "../../../notebooks/01_tricks.html"}
"""The book's first lesson page in the other edition, from the live site of the English book (``live/``) and of the
Japanese one (``ja/live/``): the Japanese book is ``ja/`` inside the English site (``book/_ext/lang_switch.py``)."""


def first_seed(environ: Mapping[str, str] | None = None) -> int:
    """The first game's seed: ``HL_APP_SEED`` when set (``HL_APP_SEED=7 bash scripts/app.sh``: a class, or a test,
    gets the same deals every time), else a new one each time the app opens.

    >>> first_seed({"HL_APP_SEED": "7"})
    7
    >>> first_seed({"HL_APP_SEED": "seven"})
    Traceback (most recent call last):
    ...
    ValueError: HL_APP_SEED must be a whole number (the first game's seed), not 'seven'
    """
    text = (os.environ if environ is None else environ).get("HL_APP_SEED", "").strip()
    if not text:
        return random.SystemRandom().randrange(1, 10**6)
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"HL_APP_SEED must be a whole number (the first game's seed), not {text!r}") from None


def rules_lines(rules: Rules, game: GameState) -> list[str]:
    """How the game being played goes, in a player's words, each line computed from its rules: the basics, the
    scoring, the house rules in play (the set-up's own words for them) and the end.

    >>> from hearts_lessons.rules import STANDARD
    >>> rules_lines(STANDARD, GameState(STANDARD))[2]
    'Scoring: each heart 1 point, the Q♠ 13; the lowest total wins (until a total reaches 100).'
    """
    hearts = sorted(((card, value) for card, value in rules.card_points if card.suit is Suit.HEARTS),
                    key=lambda cv: cv[0].id)  # fmt: skip
    others = [tr("the {card} {points}", card=card.symbol, points=format_points(value))
              for card, value in rules.card_points if card.suit is not Suit.HEARTS]  # fmt: skip
    values = [value for _, value in hearts]
    rising = len(values) > 1 and all(b.real > a.real and not a.imag and not b.imag for a, b in pairwise(values))
    heart_words = ""
    if rising:  # Spot Hearts: each heart its own value, rising with its rank
        heart_words = tr("hearts {low} to {high} points by rank", low=format_points(values[0]),
                         high=format_points(values[-1]))
    elif hearts:  # one value for most hearts, the others named (Pink Lady's Q♥)
        common = max(set(values), key=values.count)
        odd = [tr("the {card} {points}", card=card.symbol, points=format_points(value))
               for card, value in hearts if value != common]
        shown = format_points(common)
        if odd:
            each = tr("each other heart {points} point", points=shown) if common == 1 else \
                tr("each other heart {points} points", points=shown)
        else:
            each = tr("each heart {points} point", points=shown) if common == 1 else \
                tr("each heart {points} points", points=shown)
        heart_words = listed([*odd, each])
    if rules.ten_of_clubs_multiplier != 1:
        others.append(tr("taking the 10♣ multiplies the hand's score by {factor}",
                         factor=format_points(rules.ten_of_clubs_multiplier)))
    if rules.jokers:
        others.append(tr("the jokers as this variant's changes below say"))
    scoring = listed(w for w in (heart_words, *others) if w)
    lines = [
        tr("When the table asks for a pass, choose the cards and press Pass (the arrow says to whom). Then play the "
           "tricks: follow the suit led if you can; otherwise play any card the rules below allow."),
        tr("The highest card of the suit led takes the trick, and its winner leads the next.") if rules.decks == 1
        and not rules.jokers else tr("Who takes a trick: as this variant's changes below say."),
        tr("Scoring: {scoring}; the lowest total wins ({end}).", scoring=scoring, end=game.end_words()),
    ]
    penalty_queen = any(card.code == "QS" and value for card, value in rules.card_points)
    for field, (label, choices) in rule_switches().items():
        if field == "penalty_cards_break_hearts" and not penalty_queen:
            continue  # the Q♠ scores nothing here: whether it breaks hearts says nothing true
        value = getattr(rules, field)
        words = next((text for text, v in choices if v == value), None)
        if words is not None:
            lines.append(tr("{label}: {words}.", label=label, words=words))
    return lines


def point_cards_words(cards: Sequence[Card], rules: Rules) -> str:
    """The point cards among ``cards`` (what a seat took), as a player counts them: ``♥ 5, Q♠``; ``—`` if none.

    >>> from hearts_lessons.cards import parse_cards
    >>> from hearts_lessons.rules import STANDARD
    >>> point_cards_words(parse_cards("2H 9H QS 4C JH"), STANDARD), point_cards_words(parse_cards("4C"), STANDARD)
    ('♥ 3, Q♠', '—')
    """
    named = taken_entry(cards, rules)["named"]  # cards that count on their own: the Q♠, a J♦, a doubling 10♣
    scoring = [c for c in cards if rules.points_of(c) or c.symbol in named]
    hearts = sum(1 for c in scoring if c.suit is Suit.HEARTS and c.symbol not in named)
    others = [c.symbol for c in scoring if c.suit is not Suit.HEARTS and c.symbol not in named]
    parts = ([f"♥ {hearts}"] if hearts else []) + list(named) + others
    return listed(parts) or "—"


def _shown_language() -> str:
    """The Settings' language choice for the book's language now (the pseudo-locale of the tests shows English)."""
    lang = get_language()
    return lang if lang in dict(LANGUAGE_CHOICES).values() else "en"


def default_learn_url() -> str:
    """*Learn the rules*' link where this kernel runs: the book's page in the live site, the lesson in Voilà."""
    return LIVE_LEARN_URL if in_browser() else LEARN_URL


def learn_link(lang: str, edition: str, *, browser: bool, here: Path) -> tuple[str, str]:
    """*Learn the rules*' link, and the language of the lesson it opens, for an app speaking ``lang`` that was opened
    in the ``edition`` of the book (its notebook and lessons: ``en``, or ``ja`` where ``scripts/app.sh`` serves
    ``_build/ja-app`` or in the Japanese live site). The lesson in ``lang`` when it can be reached from ``here``
    (the folder the app's notebook runs in), else the edition's own lesson: Voilà serving the Japanese lessons cannot
    reach the English ones, nor the English app the Japanese ones until the Japanese app has written them.

    >>> learn_link("en", "en", browser=False, here=Path("app"))
    ('../notebooks/01_tricks.ipynb', 'en')
    >>> learn_link("ja", "en", browser=True, here=Path("app"))
    ('../../ja/notebooks/01_tricks.html', 'ja')
    >>> learn_link("en", "ja", browser=False, here=Path("app"))
    ('../notebooks/01_tricks.ipynb', 'ja')
    """
    if lang == edition:
        return (LIVE_LEARN_URL if browser else LEARN_URL), edition
    if browser and lang in LIVE_OTHER_EDITION and edition in LIVE_OTHER_EDITION:
        return LIVE_OTHER_EDITION[edition], lang
    if not browser and edition == "en" and lang == "ja" and (here / JA_LEARN_URL).is_file():
        return JA_LEARN_URL, "ja"
    return (LIVE_LEARN_URL if browser else LEARN_URL), edition

HAGGIS_OPPONENTS: dict[str, tuple[str, Callable[[], HaggisBot]]] = {
    "Easy": (N_("plays a random legal combination, or passes"), RandomBot),
    "Medium": (N_("plays the lowest combination that beats the one on the table"), GreedyBot),
}
"""The Haggis opponents by level: what each does (in English: ``tr_text`` words it), and the bot that does it
(Haggis has no rating ladder)."""

APP_CSS = """
<style>
body:has(.hl-app) { margin: 0; padding: 0; overflow-x: hidden; }
body:has(.hl-app) #rendered_cells, body:has(.hl-app) .jp-Notebook, body:has(.hl-app) .jp-Cell,
body:has(.hl-app) .jp-OutputArea-output, body:has(.hl-app) .jp-Cell-outputWrapper { padding: 0 !important;
  margin: 0 !important; }
body:has(.hl-app) .jp-OutputPrompt, body:has(.hl-app) .jp-InputPrompt { display: none !important; }
body:has(.hl-app) .jp-WindowedPanel-outer, body:has(.hl-app) .jp-WindowedPanel-inner { padding: 0 !important;
  margin: 0 !important; }
.hl-app .hl-app-bar .widget-button i { margin-right: 6px; }
.hl-app { position: relative; width: 100%; max-width: 100vw; box-sizing: border-box;
  font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: #1d2330; }
.hl-app .hl-app-bar { display: flex; flex-flow: row nowrap; gap: 6px; align-items: center; overflow-x: auto;
  padding: 6px 8px; background: #123524; border-radius: 8px 8px 0 0; scrollbar-width: thin; }
.hl-app .hl-app-bar .widget-button, .hl-app .hl-app-bar .widget-toggle-button { flex: 0 0 auto; width: auto;
  height: 34px; padding: 0 12px; border-radius: 17px; background: #f4efe1; color: #1d2330; font-size: 14px; }
.hl-app .hl-app-bar .mod-active, .hl-app .hl-app-bar .widget-button.hl-on { background: #ffd166; }
.hl-app .hl-app-bar .widget-button:disabled { opacity: .55; }
.hl-app .hl-app-bar .widget-html { flex: 0 0 auto; margin: 0 0 0 auto; }
.hl-app .hl-app-bar a { color: #ffe9a8; font-size: 14px; white-space: nowrap; padding: 0 6px; }
.hl-app .hl-app-game { position: relative; justify-content: center; }
.hl-app .hl-app-game > .hl-play-table, .hl-app .hl-app-game > .hl-haggis-play { flex: 1 1 auto; width: 100%;
  min-width: 0; }
.hl-app .hl-app-drawer, .hl-app .hl-app-overlay { position: absolute; z-index: 30; left: 50%;
  transform: translateX(-50%); width: max-content; min-width: min(340px, calc(100% - 16px));
  max-width: min(680px, calc(100% - 16px)); box-sizing: border-box;
  max-height: calc(100% - 16px); overflow: auto; background: #fffdf6; border-radius: 12px;
  box-shadow: 0 8px 28px rgba(0,0,0,.45); padding: 12px 16px; }
.hl-app .hl-app-drawer > *, .hl-app .hl-app-overlay > * { flex-shrink: 0; }
.hl-app .hl-app-drawer { top: 4px; }
.hl-app .hl-app-overlay { top: 8%; border: 3px solid #ffd166; }
.hl-app .hl-app-panel-title { font-weight: 600; font-size: 17px; margin: 0 0 6px; }
.hl-app .hl-app-choices { display: flex; flex-flow: row wrap; gap: 6px; margin: 2px 0 8px; }
.hl-app .hl-app-choices .widget-button { width: auto; height: auto; min-height: 34px; padding: 4px 12px;
  border-radius: 8px; white-space: normal; text-align: left; line-height: 1.25; }
.hl-app .hl-app-choices .widget-button.mod-info { outline: 2px solid #1a5fb4; }
.hl-app .hl-app-label { font-weight: 600; margin: 6px 0 2px; }
.hl-app .hl-app-note { font-size: 13px; color: #3d4452; }
.hl-app .hl-app-row { display: flex; flex-flow: row wrap; gap: 8px; margin-top: 8px; }
.hl-app .hl-app-row .widget-button { width: auto; min-height: 36px; padding: 0 14px; border-radius: 8px; }
.hl-app table.hl-app-scores { border-collapse: collapse; margin: 6px 0; font-size: 14px; }
.hl-app table.hl-app-scores th, .hl-app table.hl-app-scores td { padding: 3px 10px; text-align: right;
  border-bottom: 1px solid #e3dccb; }
.hl-app table.hl-app-scores th:first-child, .hl-app table.hl-app-scores td:first-child { text-align: left; }
.hl-app table.hl-app-scores tr.hl-app-you { background: #eef4ff; font-weight: 600; }
.hl-app table.hl-app-scores .hl-app-winner { background: #fff1c2; font-weight: 700; }
.hl-app .hl-app-big { font-size: 20px; font-weight: 700; margin: 0 0 4px; }
.hl-app .widget-dropdown > select { font-size: 14px; }
@media (max-width: 480px) {
  .hl-app .hl-app-bar { gap: 4px; padding: 4px; border-radius: 0; }
  .hl-app .hl-app-bar .widget-button, .hl-app .hl-app-bar .widget-toggle-button { height: 34px; min-width: 40px;
    padding: 0 10px; font-size: 0; }
  .hl-app .hl-app-bar .widget-button i { font-size: 17px; margin: 0; }
  .hl-app .hl-app-bar a { font-size: 20px; padding: 0 8px; }
  .hl-app .hl-app-learn-words { display: none; }
  .hl-app .hl-app-drawer, .hl-app .hl-app-overlay { width: calc(100% - 8px); padding: 10px; }
}
</style>
"""


def _button(label: str, callback: Callable[[], None], *, tooltip: str = "", style: str = "",
            icon: str = "") -> W.Button:  # fmt: skip
    button = W.Button(description=label, tooltip=tooltip or label, button_style=style, icon=icon,
                      layout=W.Layout(width="auto"))  # fmt: skip
    button.on_click(lambda _: callback())
    return button


def _choices(options: list[tuple[str, str, str]], chosen: str, pick: Callable[[str], None]) -> W.Box:
    """A row of buttons, one per ``(label, value, tooltip)``, the chosen one marked (a choice is a button)."""
    buttons = []
    for label, value, tooltip in options:
        button = W.Button(description=label, tooltip=tooltip or label, layout=W.Layout(width="auto"),
                          button_style="info" if value == chosen else "")  # fmt: skip
        button.on_click(lambda _, v=value: pick(v))
        buttons.append(button)
    box = W.Box(buttons)
    box.add_class("hl-app-choices")
    return box


def _html(text: str, cls: str = "") -> W.HTML:
    widget = W.HTML(text)
    if cls:
        widget.add_class(cls)
    return widget


class GameApp(W.VBox):
    """The game screen: the bar and one game (Hearts at the chosen variant, or Haggis)."""

    def __init__(self, *, seed: int | None = None, pace: float = 0.35, large: bool = False,
                 learn_url: str | None = None, game: str = "hearts:standard", players: int | None = None,
                 level_name: str = "Medium", here: Path | None = None) -> None:  # fmt: skip
        super().__init__()
        self.add_class("hl-app")
        self.seed = seed if seed is not None else first_seed()
        self.pace = pace
        self.large = large
        self.level_name = level(level_name).name
        self.ladder: Ladder | None = None
        self.ladder_problem = ""
        try:
            self.ladder = load_ladder()
        except RatingsFileError as exc:  # the levels still play; the panel says why they are unrated
            self.ladder_problem = str(exc)
        # what the next new game will be (the panels change these; the table changes only at a new game)
        self.game_key = game
        self.next_players: int | None = players
        self.house: dict[str, Any] = {}  # house-rule switches chosen for the next Hearts game
        self.options: dict[str, str] = {}  # the variant's own options chosen for the next Hearts game
        self.panel_name = ""
        self.overlay_closed = False  # the reader closed the end-of-hand panel to look at the table
        self._end_key: tuple[Any, ...] | None = None  # the state the end-of-hand panel was drawn for
        self._coach_moment: tuple[int, int] = (0, 0)  # the hand and action the coach's panel answered
        self.four_colour = False
        self.counting = False
        # the bar (its words: _label_bar, again when the language changes)
        self.new_button = _button("", lambda: self.toggle("new"), icon="plus")
        self.rules_button = _button("", lambda: self.toggle("rules"), icon="book")
        self.opponents_button = _button("", lambda: self.toggle("opponents"), icon="users")
        self.coach_button = _button("", self.ask_coach, icon="lightbulb-o")
        self.undo_button = _button("", self.undo, icon="undo")
        self.settings_button = _button("", lambda: self.toggle("settings"), icon="cog")
        self._label_bar()
        self.language_box = W.ToggleButtons(options=list(LANGUAGE_CHOICES), value=_shown_language(),
                                            style={"button_width": "auto"})  # fmt: skip
        self.language_box.add_class("hl-app-language")
        self.language_box.observe(lambda change: self.set_language(str(change["new"])), names="value")
        self.learn = _html("")
        self.learn_url = learn_url if learn_url is not None else default_learn_url()
        self._learn_given = learn_url is not None  # a link given is kept in every language
        self.edition = _shown_language()
        """The book's edition the app was opened in (its lessons' language: :func:`learn_link`)."""
        self.here = here if here is not None else Path.cwd()
        """The folder the app's notebook runs in (Voilà: ``app/``), from which the lessons are linked."""
        self.bar = W.Box([self.new_button, self.rules_button, self.opponents_button, self.coach_button,
                          self.undo_button, self.settings_button, self.learn])  # fmt: skip
        self.bar.add_class("hl-app-bar")
        self.drawer = W.VBox()
        self.drawer.add_class("hl-app-drawer")
        self.overlay = W.VBox()
        self.overlay.add_class("hl-app-overlay")
        self.game_box = W.Box()
        self.game_box.add_class("hl-app-game")
        if game not in GAMES:
            raise ValueError(f"there is no game {game!r} (choose from {', '.join(GAMES)})")
        self.table: PlayTable | PlayHandWidget = (
            self._haggis(self._next_players()) if self.is_haggis else self._hearts(self._next_rules()))
        self.children = (_html(APP_CSS), self.bar, self.game_box)
        self._show_table()

    def _label_bar(self) -> None:
        """The bar's words, in the book's language."""
        for button, label, tooltip in (
            (self.new_button, tr("New game"), tr("New game: every Hearts variant and Haggis")),
            (self.rules_button, tr("Rules"), tr("Rules: what this game plays, house rules")),
            (self.opponents_button, tr("Opponents"), tr("Opponents: who you play against")),
            (self.coach_button, tr("Coach"), tr("Coach: what to pass or play, and why")),
            (self.undo_button, tr("Undo"), tr("Undo: take back your last pass or card")),
            (self.settings_button, tr("Settings"), tr("Settings: cards, counting aid, typing, saving a game")),
        ):  # fmt: skip
            button.description = label
            button.tooltip = tooltip

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` (``"en"`` or ``"ja"``) from now on, and say everything on the screen again in it: the
        bar, the open panel, the table and its set-up. The game in play goes on, untouched."""
        set_language(lang)
        if self.language_box.value != lang and lang in dict(LANGUAGE_CHOICES).values():
            self.language_box.value = lang  # the observer calls back here: the words are said once more, no harm
        self._label_bar()
        self.table.relabel()  # its message too: said again in the new language (Haggis: its prompt)
        self._show_table()

    # -- games -----------------------------------------------------------------------------------------------------
    @property
    def is_haggis(self) -> bool:
        return self.game_key == HAGGIS

    @property
    def preset(self) -> Preset:
        """The Hearts variant chosen for the next game."""
        return PRESETS[self.game_key.removeprefix("hearts:")]

    def _player_counts(self) -> tuple[int, ...]:
        return (2, 3) if self.is_haggis else self.preset.players

    def _next_players(self) -> int:
        counts = self._player_counts()
        return self.next_players if self.next_players in counts else counts[0]

    def _next_rules(self) -> Any:
        """The rules of the next Hearts game: the variant, its player count, its options and the house rules."""
        preset = self.preset
        players = self._next_players()
        rules = preset.rules_for(players, self.options) if self.options else preset.build(players)
        covered = covered_fields(preset, players)
        changes = {f: v for f, v in self.house.items() if f not in covered and getattr(rules, f) != v}
        return rules.with_options(**changes) if changes else rules

    def _hearts(self, rules: Any) -> PlayTable:
        table = PlayTable(rules, level=self.level_name, seed=self.seed, pace=self.pace, large=self.large,
                          four_colour=self.four_colour, counting=self.counting, show_setup=False)  # fmt: skip
        table.children = (table.cards,)  # the rest of the lesson's table lives in the app's panels
        table.advice_where = "panel"
        table.cards.fit = True
        table.render_hooks.append(self._draw_state)
        return table

    def _haggis(self, players: int) -> PlayHandWidget:
        rules = TWO_PLAYERS if players == 2 else THREE_PLAYERS
        bot = HAGGIS_OPPONENTS[self.level_name][1]() if self.level_name in HAGGIS_OPPONENTS else GreedyBot()
        table = PlayHandWidget(seed=self.seed, players=players, large=self.large, bot=bot,
                               game=HaggisGame(rules, seed=self.seed))  # fmt: skip
        table.children = (table.cards,)
        table.cards.fit = True
        table.render_hooks.append(self._draw_state)
        return table

    @safe(lambda self: self.table.message)
    def start(self, key: str | None = None, *, players: int | None = None) -> None:
        """Start a new game: ``key`` one of :data:`GAMES` (default: the one chosen), ``players`` its count. A game
        or count that does not exist is refused at the table, and the game in play goes on."""
        if key is not None and key not in GAMES:
            raise IllegalActionError(tr("there is no game {key} here", key=repr(key)))
        chosen = key if key is not None else self.game_key
        counts = (2, 3) if chosen == HAGGIS else tuple(sorted(PRESETS[chosen.removeprefix("hearts:")].players))
        if players is not None and players not in counts:
            words = join_words([str(c) for c in counts], "or")
            raise IllegalActionError(tr("{game} is played by {counts} players", game=game_name(chosen), counts=words))
        if chosen != self.game_key:
            self.options = {}
        self.game_key = chosen
        if players is not None:
            self.next_players = players
        self.seed += 1
        if self.is_haggis:
            self.table = self._haggis(self._next_players())
        else:
            self.table = self._hearts(self._next_rules())
        self.panel_name = ""
        self._show_table()

    def _show_table(self) -> None:
        self.overlay_closed = False
        lang = _shown_language()
        opens = lang
        if not self._learn_given:
            self.learn_url, opens = learn_link(lang, self.edition, browser=in_browser(), here=self.here)
        if opens == lang:
            label, words = tr("Learn the rules (the book, in a new tab)"), tr("Learn the rules")
        elif opens == "ja":  # the lesson in the app's language is out of reach: the link says where it goes
            label = tr("Learn the rules (the book in Japanese, in a new tab)")
            words = tr("Learn the rules (in Japanese)")
        else:
            label = tr("Learn the rules (the book in English, in a new tab)")
            words = tr("Learn the rules (in English)")
        self.learn.value = (f'<a class="hl-app-learn" href="{html.escape(self.learn_url)}" target="_blank" '
                            f'rel="noopener" aria-label="{html.escape(label, quote=True)}" hreflang="{opens}">'
                            '<i class="fa fa-graduation-cap" aria-hidden="true"></i>'
                            f'<span class="hl-app-learn-words"> {words}</span></a>')  # fmt: skip
        self._update()

    # -- the bar ---------------------------------------------------------------------------------------------------
    def toggle(self, name: str) -> None:
        """Open the panel called ``name`` (new, rules, opponents, settings, coach, review), or close it if open."""
        self.panel_name = "" if self.panel_name == name else name
        self._update()

    def close(self) -> None:
        self.panel_name = ""
        self._update()

    def ask_coach(self) -> None:
        """The coach's advice for the decision in front of you, or its review of the finished hand."""
        table = self.table
        if not isinstance(table, PlayTable):
            return
        if table.hand.phase is Phase.DONE:
            table.review_with_coach()
        else:
            table.hint()
        self.panel_name = "coach"
        self._coach_moment = (id(table.hand), len(table.hand.actions))
        self._update()

    def undo(self) -> None:
        table = self.table
        if isinstance(table, PlayTable):
            table._undo()
        else:
            table.undo()
        self._update()

    # -- panels ----------------------------------------------------------------------------------------------------
    def _panel(self, title: str, *parts: W.Widget) -> list[W.Widget]:
        close = _button(tr("Close"), self.close)
        head = W.HBox([_html(f"<div class='hl-app-panel-title'>{html.escape(title)}</div>"), close],
                      layout=W.Layout(justify_content="space-between", align_items="center"))  # fmt: skip
        return [head, *parts]

    def _new_panel(self) -> list[W.Widget]:
        games = _choices([(game_name(key), key, "") for key in GAMES], self.game_key, self._pick_game)
        counts = self._player_counts()
        players = _choices([(tr_n("{n} player", "{n} players", c), str(c), "") for c in counts],
                           str(self._next_players()), lambda v: self._pick_players(int(v)))  # fmt: skip
        if self.is_haggis:
            about = tr("A climbing game with bombs: play higher sets and runs than the last, go out first.")
        elif self.preset.key == "standard":
            about = tr("The standard game, as the lessons teach it: the yardstick for the other variants.")
        else:
            about = sentences(tr_text(c) for c in self.preset.changes)
        start = _button(tr("Start {game}", game=game_name(self.game_key)), lambda: self.start(), style="success")
        return self._panel(
            tr("New game"),
            _html(f"<div class='hl-app-label'>{tr('Game')}</div>"), games,
            _html(f"<div class='hl-app-note'>{html.escape(about)}</div>"),
            _html(f"<div class='hl-app-label'>{tr('Players')}</div>"), players,
            W.Box([start], layout=W.Layout(margin="8px 0 0")),
        )  # fmt: skip

    def _pick_game(self, key: str) -> None:
        if key != self.game_key:
            self.game_key = key
            self.options = {}
        self._update()

    def _pick_players(self, count: int) -> None:
        self.next_players = count
        self._update()

    def _rules_panel(self) -> list[W.Widget]:
        table = self.table
        if isinstance(table, PlayHandWidget):
            rules = table.rules
            text = tr("<p>Haggis for {players} players, to {target} points. You sit at the bottom. Beat the "
                      "combination in the middle with a higher one of the same kind, or a bomb; the first to go out "
                      "scores for every card the others still hold.</p>", players=rules.players,
                      target=rules.target)  # fmt: skip
            return self._panel(tr("Rules: Haggis"), _html(text, "hl-app-note"))
        playing = table.rules
        preset = self.preset if not self.is_haggis else PRESETS["standard"]
        now = tr("<p><b>Now playing:</b> {name}, {players} players. You sit at the bottom.</p>",
                 name=html.escape(rules_name(playing)), players=playing.players)
        now += "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in rules_lines(playing, table.game)) + "</ul>"
        if preset.key != "standard":
            changes = "".join(f"<li>{html.escape(tr_text(c))}</li>" for c in preset.changes)
            now += tr("<p><b>What {name} changes</b> against the standard game:</p>",
                      name=html.escape(tr_text(preset.name)))
            now += f"<ul>{changes}</ul>"
        parts: list[W.Widget] = [_html(now, "hl-app-note"),
                                 _html(f"<div class='hl-app-label'>{tr('House rules for your next game')}</div>")]
        base = self._next_rules()
        players = self._next_players()
        for option in preset.options:
            chosen = self.options.get(option.name, option.choices[0].label)
            parts.append(_html(f"<div class='hl-app-note'>{html.escape(option_name(option))}</div>"))
            parts.append(_choices([(tr_text(c.label), c.label, choice_source(c)) for c in option.choices], chosen,
                                  functools.partial(self._pick_option, option.name)))  # fmt: skip
        covered = covered_fields(preset, players)
        for field, (label, choices) in rule_switches().items():
            if field in covered:
                continue
            value = getattr(base, field)
            offered = [(text, str(v), "") for text, v in choices]
            if value not in [v for _, v in choices]:
                offered.append((tr("as this variant plays it"), str(value), ""))
            parts.append(_html(f"<div class='hl-app-note'>{html.escape(label)}</div>"))
            parts.append(_choices(offered, str(value), functools.partial(self._pick_switch, field)))
        sources = "".join(f"<li>{html.escape(line)}</li>" for line in switch_sources())
        parts.append(_html(f"<details class='hl-app-note'><summary>{tr('Where these rules come from')}</summary>"
                           f"<ul>{sources}</ul></details>"))  # fmt: skip
        parts.append(W.Box([_button(tr("Start a new game with these rules"), lambda: self.start(), style="success")],
                           layout=W.Layout(margin="8px 0 0")))  # fmt: skip
        return self._panel(tr("Rules"), *parts)

    def _pick_option(self, name: str, label: str) -> None:
        self.options[name] = label
        self._update()

    def _pick_switch(self, field: str, text: str) -> None:
        for _, value in rule_switches()[field][1]:
            if str(value) == text:
                self.house[field] = value
        self._update()

    def level_label(self, name: str) -> tuple[str, str]:
        """A level's button: its name and, for Hearts, its rating in words (the interval as the tooltip)."""
        lv = level(name)
        if self.ladder is None:
            return lv.shown_name, lv.shown_words
        rating = self.ladder.level_rating(name)
        return (tr("{level} · rating about {mu}", level=lv.shown_name, mu=f"{rating.mu:.0f}"),
                tr("{words}; rating {mu}, 95% interval {low}–{high}, higher is stronger", words=lv.shown_words,
                   mu=f"{rating.mu:.1f}", low=f"{rating.low:.1f}", high=f"{rating.high:.1f}"))  # fmt: skip

    def _opponents_panel(self) -> list[W.Widget]:
        if self.is_haggis:
            options = [(level_word(name), name, tr_text(words)) for name, (words, _) in HAGGIS_OPPONENTS.items()]
            chosen = self.level_name if self.level_name in HAGGIS_OPPONENTS else "Medium"
            note = tr_text(HAGGIS_OPPONENTS[chosen][0])
            said = tr("{level}: {words}. Your choice plays from the next new game.",
                      level=html.escape(level_word(chosen)), words=html.escape(note))
            return self._panel(tr("Opponents"), _choices(options, chosen, self._pick_level),
                               _html(f"<div class='hl-app-note'>{said}</div>"))  # fmt: skip
        options = [(*self.level_label(lv.name)[:1], lv.name, self.level_label(lv.name)[1]) for lv in LEVELS]
        lv = level(self.level_name)
        note = tr("{level}: every opponent {words}.", level=lv.shown_name, words=html.escape(lv.shown_words))
        if self.ladder is not None:
            r = self.ladder.level_rating(lv.name)
            note += tr(" <details><summary>About the rating</summary>Rating {mu} (95% interval {low}–{high}); "
                       "higher is stronger. The ratings come from a round robin of {hands} hands between the book's "
                       "bots.</details>", mu=f"{r.mu:.1f}", low=f"{r.low:.1f}", high=f"{r.high:.1f}",
                       hands=f"{self.ladder.hands:,}")  # fmt: skip
        if self.ladder_problem:
            note += tr(" The ratings cannot be shown: {problem}.", problem=html.escape(self.ladder_problem))
        return self._panel(tr("Opponents"), _choices(options, self.level_name, self._pick_level),
                           _html(f"<div class='hl-app-note'>{note}{tr(' Your choice plays from the next new game.')}"
                                 "</div>"),
                           W.Box([_button(tr("Start a new game against them"), lambda: self.start(),
                                          style="success")], layout=W.Layout(margin="8px 0 0")))  # fmt: skip

    def _pick_level(self, name: str) -> None:
        self.level_name = level(name).name
        self._update()

    def _settings_panel(self) -> list[W.Widget]:
        table = self.table
        parts: list[W.Widget] = []
        if isinstance(table, PlayTable):
            parts += [W.HBox([table.four_colour, table.large, table.counting], layout=W.Layout(flex_flow="row wrap")),
                      table.count_view, table.keyboard, table.files]  # fmt: skip
        else:
            parts += [table.large, table.keyboard]
        parts += [_html(f"<div class='hl-app-label'>{tr('Language')}</div>"), self.language_box]
        return self._panel(tr("Settings"), *parts)

    def _coach_panel(self) -> list[W.Widget]:
        table = self.table
        if not isinstance(table, PlayTable):
            return []
        return self._panel(tr("Coach"), table.coach_box)

    def _review_panel(self) -> list[W.Widget]:
        """Every hand of the game, trick by trick, each with the coach's review on demand."""
        table = self.table
        if not isinstance(table, PlayTable):
            return []
        parts: list[W.Widget] = []
        game = table.game
        names = table.seat_names()
        for index, hand in enumerate(game.hands):
            score = hand.score
            points = listed(f"{names[s]} {format_points(p)}" for s, p in enumerate(score.points)) \
                if score is not None else ""
            tricks = "".join(
                f"<li>{' '.join(c.symbol for c in t.cards)} → "
                f"{html.escape(names[t.winner]) if t.winner is not None else '—'}</li>"
                for t in hand.tricks)  # fmt: skip
            out = W.HTML()
            button = W.Button(description=tr("Coach's review of hand {number}", number=index + 1),
                              layout=W.Layout(width="auto"))
            button.on_click(lambda _, h=hand, o=out, i=index: self._review_one(h, o, i))
            summary = tr("<b>Hand {number}</b>: {points}", number=index + 1, points=html.escape(points))
            parts.append(_html(f"<details><summary>{summary}</summary>"
                               f"<ol class='hl-app-note'>{tricks}</ol></details>"))  # fmt: skip
            parts += [button, out]
        return self._panel(tr("Review the game"), *parts)

    @safe(lambda self: self.table.message)
    def _review_one(self, hand: Any, out: W.HTML, index: int) -> None:
        table = self.table
        if not isinstance(table, PlayTable):
            return
        out.value = f"<i>{tr('The coach is replaying your hand…')}</i>"
        out.value = review_hand(hand, 0, coach=table.coach, seed_base=table._coach_seed(hand.hand_number)).html()

    # -- the end of a hand and of a game -------------------------------------------------------------------------
    def close_overlay(self) -> None:
        self.overlay_closed = True
        self._update()

    def _next(self) -> None:
        table = self.table
        if isinstance(table, PlayTable):
            table._next_hand()
        else:
            table.next_hand()
        self.overlay_closed = False
        self._update()

    def _hearts_end(self, table: PlayTable) -> list[W.Widget]:
        game = table.game
        state = table.hand
        score = state.score
        if state.phase is not Phase.DONE or score is None:
            return []
        over = game.is_over
        names = table.seat_names()
        if over:
            winners = game.winners
            who = names[winners[0]]
            for s in winners[1:]:
                who = tr("{first} and {second}", first=who, second=names[s])
            if winners == [0]:
                head = tr("Game over: you win!")
            elif len(winners) > 1:
                head = tr("Game over: {who} win.", who=who)
            else:
                head = tr("Game over: {who} wins.", who=who)
            rows = []
            for result in game.results:
                cells = "".join(f"<td>{format_points(p)}</td>" for p in result.score.points)
                rows.append(f"<tr><td>{tr('Hand {number}', number=result.hand_number + 1)}</td>{cells}</tr>")
            totals = "".join(f"<td{' class=hl-app-winner' if s in winners else ''}>{format_points(t)}</td>"
                             for s, t in enumerate(game.totals))  # fmt: skip
            head_cells = "".join(f"<th{' class=hl-app-winner' if s in winners else ''}>{html.escape(x)}"
                                 f"{' 🏆' if s in winners else ''}</th>" for s, x in enumerate(names))  # fmt: skip
            final = html.escape(tr("Final scores"), quote=True)
            board = (f"<table class='hl-app-scores' aria-label='{final}'><thead><tr><th></th>{head_cells}</tr>"
                     f"</thead><tbody>{''.join(rows)}</tbody><tfoot><tr><th>{tr('Total')}</th>{totals}"
                     f"</tr></tfoot></table><div class='hl-app-note'>"
                     f"{tr('The lowest total wins ({end}).', end=html.escape(game.end_words()))}</div>")  # fmt: skip
            return [_html(f"<div class='hl-app-big'>{html.escape(head)}</div>{board}"),
                    W.Box([_button(tr("New game"), lambda: self.start(), style="success"),
                           _button(tr("Review the game"), lambda: self.toggle("review"))])]  # fmt: skip
        lines = "".join(
            f"<tr{' class=hl-app-you' if s == 0 else ''}><td>{html.escape(names[s])}</td>"
            f"<td>{format_points(score.points[s])}</td><td>{format_points(game.totals[s])}</td>"
            f"<td>{html.escape(point_cards_words(state.taken(s), state.rules))}</td></tr>"
            for s in range(game.players))  # fmt: skip
        notes = "".join(f"<li>{html.escape(note)}</li>" for note in score.notes_for(HUMAN))
        moon = ""
        if score.shooter is not None:
            if score.shooter == 0:
                shot = tr("You shot the moon!")
            else:
                shot = tr("{who} shot the moon!", who=html.escape(names[score.shooter]))
            moon = f"<div class='hl-app-big'>🌕 {shot}</div>"
        label = html.escape(tr("Scores of this hand"), quote=True)
        board = (f"<table class='hl-app-scores' aria-label='{label}'><thead><tr><th></th>"
                 f"<th>{tr('This hand')}</th><th>{tr('Total')}</th><th>{tr('Point cards taken')}</th></tr></thead>"
                 f"<tbody>{lines}</tbody></table><div class='hl-app-note'>"
                 f"{tr('The lowest total wins ({end}).', end=html.escape(game.end_words()))}</div>")  # fmt: skip
        head = tr("Hand {number} is over", number=state.hand_number + 1)
        return [_html(f"<div class='hl-app-big'>{head}</div>{moon}{board}"
                      f"<ul class='hl-app-note'>{notes}</ul>"),
                W.Box([_button(tr("Next hand"), self._next, style="success"),
                       _button(tr("Coach's review"), self.ask_coach),
                       _button(tr("Look at the table"), self.close_overlay)])]  # fmt: skip

    def _haggis_end(self, table: PlayHandWidget) -> list[W.Widget]:
        hand = table.hand
        game = table.game
        if hand.result is None or game is None:
            return []
        names = [n[:1].upper() + n[1:] for n in table.names]
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in hand.result.explain(table.names))
        board = game.scoreboard_html(names)
        if game.is_over:
            winner = game.winner
            head = tr("Game over: you win!") if winner == 0 else tr("Game over: {who} wins.",
                                                                     who=names[winner or 0])
            return [_html(f"<div class='hl-app-big'>{html.escape(head)}</div>{board}"),
                    W.Box([_button(tr("New game"), lambda: self.start(), style="success")])]  # fmt: skip
        head = tr("Hand {number} is over", number=len(game.hands))
        return [_html(f"<div class='hl-app-big'>{head}</div><ul class='hl-app-note'>"
                      f"{lines}</ul>{board}"),
                W.Box([_button(tr("Next hand"), self._next, style="success"),
                       _button(tr("Look at the table"), self.close_overlay)])]  # fmt: skip

    # -- drawing -----------------------------------------------------------------------------------------------------
    def _update(self) -> None:
        """Redraw the bar, the open panel and the end-of-hand panel (after a choice of the reader's)."""
        for button, name in ((self.new_button, "new"), (self.rules_button, "rules"),
                             (self.opponents_button, "opponents"), (self.settings_button, "settings")):  # fmt: skip
            button.button_style = "warning" if self.panel_name == name else ""
        panels: dict[str, Callable[[], list[W.Widget]]] = {
            "new": self._new_panel, "rules": self._rules_panel, "opponents": self._opponents_panel,
            "settings": self._settings_panel, "coach": self._coach_panel, "review": self._review_panel,
        }  # fmt: skip
        drawer = panels[self.panel_name]() if self.panel_name in panels else []
        self.drawer.children = tuple(drawer)
        self.drawer.layout.display = "" if drawer else "none"
        self._end_key = None
        self._draw_state()

    def _draw_state(self) -> None:
        """Redraw what follows the game (called after every redraw of the table): the bar's Coach and Undo, and
        the end-of-hand or end-of-game panel."""
        table = self.table
        if not isinstance(table, PlayTable):  # said, not hidden: the bar keeps its place
            self.coach_button.disabled = True
            self.coach_button.tooltip = tr("Coach: it advises on Hearts; Haggis has no coach yet")
        else:
            self.coach_button.tooltip = tr("Coach: what to pass or play, and why")
        if isinstance(table, PlayTable) and self.panel_name == "coach" and self._coach_moment != (
                id(table.hand), len(table.hand.actions)):  # fmt: skip
            self.panel_name = ""  # the advice was for a decision now made: it goes with it
            self.drawer.children = ()
            self.drawer.layout.display = "none"
        if isinstance(table, PlayTable):
            state = table.hand
            mine = (state.phase is Phase.PASSING and 0 in state.to_pass) or (
                state.phase is Phase.PLAYING and state.to_play == 0) or state.phase is Phase.DONE  # fmt: skip
            self.coach_button.disabled = not mine
            self.undo_button.disabled = table.game.is_over
            ended = table.hand.phase is Phase.DONE and table.game.hand_scored  # counted into the totals
            state_key: tuple[Any, ...] = (id(table), id(table.hand), ended, table.game.is_over)
        else:
            self.undo_button.disabled = table.hand.is_over
            ended = table.hand.result is not None
            state_key = (id(table), id(table.hand), ended, table.game is not None and table.game.is_over)
        if not ended:
            self.overlay_closed = False
        shown = ended and not self.overlay_closed and not self.panel_name
        key: tuple[Any, ...] = (*state_key, shown)
        if key != self._end_key:
            self._end_key = key
            end = [] if not shown else self._hearts_end(table) if isinstance(table, PlayTable) else \
                self._haggis_end(table)
            for box in end[1:]:
                box.add_class("hl-app-row")
            self.overlay.children = tuple(end)
            self.overlay.layout.display = "" if end else "none"
        if self.game_box.children[:1] != (table,):
            self.game_box.children = (table, self.drawer, self.overlay)
