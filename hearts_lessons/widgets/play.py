"""The play table: a whole game of Hearts against bots, with every option switchable.

The reader sits at the bottom of a card table (:class:`~hearts_lessons.widgets.cardtable.CardTable`, seat 0).
The set-up chooses the opponents by level (Easy · Medium · Hard · Expert: :data:`~hearts_lessons.bots.ratings.LEVELS`,
each a bot at one strength, shown with its rating from the bot ladder) or as one bot of the reader's choice.
Bots act at a visible pace; the cards the reader may not play are dimmed and clicking one says why, at the
table. Undo, save and load, keyboard entry, the last trick, a card-counting aid, a four-colour deck and large
cards are all here. The widget is a thin controller: the engine decides everything, ``tableview`` turns the
state into what the table draws.

>>> table = PlayTable(seed=3, pace=0)
>>> table.phase_name
'passing'
>>> for card in table.game.current.hand(0)[-3:]:
...     table.cards.click(card.code)
>>> table.cards.press("pass")
>>> table.game.current.phase.value
'playing'
>>> expert = PlayTable(level="Expert", seed=3, pace=0, show_setup=False)
>>> [(bot.name, bot.worlds) for bot in expert.bots.values()]
[('coach', 100), ('coach', 100), ('coach', 100)]
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from ..bots.base import BOTS, Policy, bot_step, make_bot
from ..bots.coach import CoachBot
from ..bots.names import bot_name
from ..bots.ratings import LEVELS, Ladder, RatingsFileError, entrant, level, load_ladder
from ..bots.review import review_hand
from ..cards import Card, CardParseError, Suit, cards_of_mask
from ..errors import IllegalActionError
from ..explain import explain_trick
from ..game import GameState
from ..i18n import N_, get_language, join_words, labelled, tr, tr_n, tr_text
from ..pass_words import pass_words
from ..rules import STANDARD, Moon, Rules
from ..scoring import format_points, points_words
from ..sources import HOWTO_WIKI, JA_WIKIPEDIA, KIZU_BLOG
from ..state import HandState, Phase
from ..table import seat_name
from ..tableview import table_view
from ..variants import PRESETS, Preset, rules_name
from .cardtable import CardTable
from .common import choice_words, option_name, safe
from .files import FileButtons

__all__ = ["DEFAULT_BOT", "PlayTable", "covered_fields", "rule_switches"]

HUMAN = 0
DEFAULT_BOT = "rules" if "rules" in BOTS else "beginner"
OWN_CHOICE = ""
"""The level box's value when the reader picks one bot below it instead of a level."""
BotChoice = str | tuple[str, Mapping[str, Any]]
"""An opponent: a bot by name, or by name with options (``("coach", {"worlds": 30})``)."""

MOON_CHOICE_WORDS = {
    "others_add": N_("everyone else adds the points"),
    "shooter_subtracts": N_("take the points off my score"),
    "plus": N_("add them to everyone else"),
    "minus": N_("subtract them from everyone else"),
}
"""What each way of scoring a moon means, on the shooter's buttons (in English: ``tr_text`` words them)."""


def rule_switches() -> dict[str, tuple[str, list[tuple[str, Any]]]]:
    """The options where sources disagree, as (label, [(choice label, value)]) — shown as switches.

    :data:`SWITCH_SOURCES` says which sources play each choice."""
    return {
        "penalty_cards_break_hearts": (tr("Q♠ breaks hearts"), [(tr("yes: any penalty card does"), True),
                                                                (tr("no: only a heart does"), False)]),
        "points_on_first_trick": (tr("Points on trick 1"), [(tr("not allowed"), False), (tr("allowed"), True)]),
        "must_break_hearts": (tr("Hearts must break"), [(tr("yes, before a heart lead"), True),
                                                        (tr("no: lead hearts any time"), False)]),
        "moon": (tr("Moon", context="switch"), [(tr("the others add all points"), Moon.OTHERS_ADD),
                                                 (tr("the shooter subtracts them"), Moon.SHOOTER_SUBTRACTS),
                                                 (tr("the shooter chooses"), Moon.SHOOTER_CHOOSES),
                                                 (tr("others add, shooter to 0"), Moon.RESET_TO_ZERO),
                                                 (tr("no moon rule"), Moon.NONE)]),
        "queen_lead_restricted": (tr("Leading the Q♠"), [(tr("any time"), False),
                                                         (tr("after hearts break"), True)]),
    }  # fmt: skip


_SWITCH_SOURCE_LINES = (
    N_("Q♠ breaks hearts — yes: {ja_wikipedia}; {kizu_blog}. No, only a heart: {howto_wiki}; Windows Hearts."),
    N_("Points on trick 1 — not allowed: {ja_wikipedia}. Allowed: {kizu_blog}; pagat.com."),
    N_("Hearts must break — leading hearts any time is an optional rule in {ja_wikipedia}."),
    N_("Moon — the others add all the points: {kizu_blog}; {howto_wiki}. The shooter subtracts them: "
       "{ja_wikipedia} (its “slam”); an option in {howto_wiki}."),
    N_("Leading the Q♠ — not before hearts are broken: {kizu_blog}. Any time: the other sources."),
)
SOURCE_NAMES = {"ja_wikipedia": JA_WIKIPEDIA, "kizu_blog": KIZU_BLOG, "howto_wiki": HOWTO_WIKI}
"""The sources the switches cite, by placeholder (their English names: :mod:`hearts_lessons.sources`)."""
_SOURCE_WORDS = (N_("Japanese Wikipedia, “Hearts”"), N_("Ayumu Kizu's blog post on Hearts"),
                 N_("the Japanese “How to Play Hearts” (ハートの遊び方)"))  # the same names, marked for translation
SWITCH_SOURCES = tuple(line.format(**SOURCE_NAMES) for line in _SWITCH_SOURCE_LINES)
"""Where each switch's choices come from, in a reader's words (the set-up shows them under the switches), in
English; :func:`switch_sources` says them in the book's language."""


def switch_sources() -> list[str]:
    """:data:`SWITCH_SOURCES` in the book's language (the sources' names too)."""
    names = {key: tr_text(name) for key, name in SOURCE_NAMES.items()}
    return [tr_text(line, **names) for line in _SWITCH_SOURCE_LINES]


_LEVEL_WORDS = (N_("Easy", context="level"), N_("Medium", context="level"), N_("Hard", context="level"),
                N_("Expert", context="level"))  # the levels' names (bots.ratings.LEVELS), marked for translation


def level_word(name: str) -> str:
    """A level's name (``Easy``…) in the book's language."""
    return tr_text(name, context="level")


def _played_words(seat: int, card: str, players: int) -> Callable[[], str]:
    """How to say that ``seat`` played ``card`` (its symbol), in the book's language when it is said."""
    return lambda: tr("{seat} played the {card}.", seat=seat_name(seat, players), card=card)


class PlayTable(W.VBox):
    """A game of Hearts: the reader (South) against bots."""

    def __init__(self, rules: Rules = STANDARD, *, bots: Sequence[BotChoice] | None = None, level: str | None = None,
                 seed: int = 1, pace: float = 0.35, four_colour: bool = False, large: bool = False,
                 counting: bool = False, show_setup: bool = True,
                 presets: dict[str, Preset] | None = None) -> None:  # fmt: skip
        """``bots``: the opponents, repeated around the table (default: the rule-based bot); or ``level``: every
        opponent is that level's bot (Easy, Medium, Hard or Expert)."""
        super().__init__()
        self.add_class("hl-play-table")
        self.rules = rules
        self.seed = seed
        self.pace = pace
        self.rng = random.Random(seed)
        self.presets = presets if presets is not None else _presets()
        if bots is not None and level is not None:
            raise ValueError("choose the opponents by level or by bot, not both")
        if level is not None:
            choices: list[BotChoice] = [_level_spec(level)]
        else:
            choices = list(bots) if bots is not None else [DEFAULT_BOT]
        self.bot_specs = [_spec(c) for c in choices]
        self._syncing = False  # the level box is setting the bot box (not the reader)
        self._seated: list[str] = []  # the opponents' bots by name, seat by seat (set with the bots)
        for name, options in self.bot_specs:
            make_bot(name, **options)  # an unknown bot or option is refused here, not in the middle of a game
        self.cards = CardTable(large=large, pace=max(pace, 0.3), label=tr("Card table: your game of Hearts"),
                               optimistic=True)  # fmt: skip
        self.message = self.cards  # the table's own message line, beside the hand (screen readers hear it)
        self._saying: tuple[Callable[[], str], str, str] | None = None  # how to say the message again (_say)
        self.chosen: list[Card] = []  # the cards the reader has chosen to pass so far
        self.cards.on_card(self._card_clicked)
        self.cards.on_action(self._action)
        self.cards.on_clear(self._clear)
        self.story = W.HTML()
        self.keyboard = W.Text(placeholder=tr("type a card (QS, 10D, Q♠) and press Enter"),
                               continuous_update=False, description=tr("Play:", context="typed card"),
                               layout=W.Layout(width="360px", max_width="100%"))  # fmt: skip
        self.keyboard.observe(self._typed, names="value")
        self.undo_button = W.Button(description=tr("Undo"), tooltip=tr("Take back your last action"),
                                    layout=W.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self._undo())
        self.four_colour = W.Checkbox(value=four_colour, description=tr("four-colour deck"), indent=False,
                                      layout=W.Layout(width="auto"))  # fmt: skip
        self.large = W.Checkbox(value=large, description=tr("large cards"), indent=False, layout=W.Layout(width="auto"))
        self.counting = W.Checkbox(value=counting, description=tr("card-counting aid"), indent=False,
                                   layout=W.Layout(width="auto"))  # fmt: skip
        for box in (self.four_colour, self.counting):
            box.observe(lambda _: self._render(), names="value")
        W.link((self.large, "value"), (self.cards, "large"))
        self.hint_button = W.Button(description=tr("Ask the coach"), button_style="info",
                                    layout=W.Layout(width="auto"),
                                    tooltip=tr("Ask the coach what to pass or play, and why"))  # fmt: skip
        self.hint_button.on_click(lambda _: self.hint())
        self.review_button = W.Button(description=tr("Review this hand with the coach"), button_style="info",
                                      layout=W.Layout(width="auto"))  # fmt: skip
        self.review_button.on_click(lambda _: self.review_with_coach())
        self.coach_box = W.HTML()
        self.count_view = W.HTML()
        self.sheet = W.HTML()
        self.review = W.HTML()
        self.files = FileButtons(filename="hearts-game.json", save_label=tr("Save game"),
                                 open_label=tr("Load a saved game"))
        self.files.on_save(self._save)
        self.files.on_open(self._load)
        self.advice_where = "table"
        """Where the coach's advice shows: ``"table"`` (below the table) or ``"panel"`` (the app's game screen
        shows it in its Coach panel)."""
        self.render_hooks: list[Callable[[], None]] = []
        """Called after every redraw (the app's game screen keeps its own panels up to date with them)."""
        self.setup = self._setup_panel() if show_setup else W.VBox()
        wrap = W.Layout(flex_flow="row wrap", align_items="center")
        tools = W.HBox([self.keyboard, self.hint_button, self.undo_button, self.four_colour, self.large,
                        self.counting], layout=wrap)  # fmt: skip
        self.children: tuple[W.Widget, ...] = (
            self.setup, self.cards, tools, self.coach_box, self.story, self.count_view, self.sheet, self.review,
            self.review_button, self.files,
        )  # fmt: skip
        self.new_game()

    def relabel(self) -> None:
        """Say the table's words again in the book's language (after :func:`~hearts_lessons.i18n.set_language`):
        its buttons, boxes and set-up, and the table itself. The game is not changed."""
        self.cards.label = tr("Card table: your game of Hearts")
        self.cards.relabel()
        self.keyboard.placeholder = tr("type a card (QS, 10D, Q♠) and press Enter")
        self.keyboard.description = tr("Play:", context="typed card")
        self.undo_button.description = tr("Undo")
        self.undo_button.tooltip = tr("Take back your last action")
        self.four_colour.description = tr("four-colour deck")
        self.large.description = tr("large cards")
        self.counting.description = tr("card-counting aid")
        self.hint_button.description = tr("Ask the coach")
        self.hint_button.tooltip = tr("Ask the coach what to pass or play, and why")
        self.review_button.description = tr("Review this hand with the coach")
        self.files.save_label = tr("Save game")
        self.files.open_label = tr("Load a saved game")
        if isinstance(self.setup, W.Accordion):
            self.setup = self._setup_panel()
            self.children = (self.setup, *self.children[1:])
        self._resay()
        self._render()

    def _say(self, words: Callable[[], str], kind: str = "info") -> None:
        """Say ``words()`` on the table's message line, and keep how, so that :meth:`relabel` says it again in
        another language (a message said only once, such as a refusal, is cleared instead)."""
        text = words()
        self._saying = (words, kind, text)
        self.message.show(text, kind)

    def _resay(self) -> None:
        """The message showing, said again in the book's language now: re-worded when :meth:`_say` said it, else
        cleared (no sentence of the former language stays beside the table's new words)."""
        saying = self._saying
        if saying is not None and saying[2] == self.message.text:
            self._say(saying[0], saying[1])
        elif self.message.text:
            self._saying = None
            self.message.show("", "info")

    # -- set-up --------------------------------------------------------------------------------------------
    def _setup_panel(self) -> W.Widget:
        key = _preset_key(self.presets, self.rules)
        preset = self.presets[key]
        self.preset_box = W.Dropdown(options=[(tr_text(p.name), k) for k, p in self.presets.items()], value=key,
                                     description=tr("Rules:"), layout=W.Layout(width="auto"))  # fmt: skip
        self.players_box = W.Dropdown(options=list(preset.players), value=self.rules.players,
                                      description=tr("Players:"), layout=W.Layout(width="160px"))  # fmt: skip
        self.ladder: Ladder | None = None
        self.ladder_problem = ""
        try:
            self.ladder = load_ladder()
        except RatingsFileError as exc:  # shown in the note under the levels: the levels still work, unrated
            self.ladder_problem = str(exc)
        self.level_box = W.Dropdown(options=self._level_options(), value=_level_of(self.bot_specs),
                                    description=tr("Opponents:"), style={"description_width": "initial"},
                                    layout=W.Layout(width="auto", max_width="100%"))  # fmt: skip
        self.bot_box = W.Dropdown(options=[(bot_name(b), b) for b in BOTS], value=self.bot_specs[0][0],
                                  description=tr("Bots:"), layout=W.Layout(width="200px"))  # fmt: skip
        self.level_note = W.HTML()
        self.level_box.observe(lambda _: self._level_chosen(), names="value")
        self.bot_box.observe(lambda _: self._bot_chosen(), names="value")
        self._show_level()
        self.options_box = W.VBox()
        self.option_boxes: dict[str, W.Dropdown] = {}
        self.switches: dict[str, W.Dropdown] = {}
        wide = {"description_width": "140px"}
        for field, (label, choices) in rule_switches().items():
            self.switches[field] = W.Dropdown(options=choices, description=label, style=wide,
                                              layout=W.Layout(width="auto", max_width="100%"))  # fmt: skip
        self.variant_note = W.HTML()
        self.preset_box.observe(lambda _: self._show_preset(), names="value")
        self._show_preset(rules=self.rules)
        self.new_button = W.Button(description=tr("New game"), button_style="warning")
        self.new_button.on_click(lambda _: self._new_from_setup())
        sources = "".join(f"<li>{html.escape(line)}</li>" for line in switch_sources())
        panel = W.VBox([
            W.HBox([self.preset_box, self.players_box], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.level_box, self.bot_box], layout=W.Layout(flex_flow="row wrap")),
            self.level_note,
            self.variant_note,
            self.options_box,
            W.VBox(list(self.switches.values())),
            W.HTML(f"<details style='font:13px sans-serif'><summary>{tr('Where these rules come from')}</summary>"
                   f"<ul>{sources}</ul></details>"),
            self.new_button,
        ])  # fmt: skip
        return W.Accordion(children=[panel], titles=(tr("Game set-up: variant, players, rules, opponents"),),
                           selected_index=None)  # fmt: skip

    def _level_options(self) -> list[tuple[str, str]]:
        """The level box's choices: each level with its bot, strength and rating, then the reader's own choice."""
        options = []
        for lv in LEVELS:
            text = (self.ladder.level_words(lv.name) if self.ladder
                    else tr("{level}: {entrant}", level=lv.shown_name, entrant=bot_name(lv.entrant)))
            options.append((text, lv.name))
        return [*options, (tr("one bot of your choice (Bots)"), OWN_CHOICE)]

    def _level_chosen(self) -> None:
        """A level was chosen: show its bot in the bot box (the opponents change at the next new game)."""
        if self.level_box.value != OWN_CHOICE:
            bot = entrant(level(self.level_box.value).entrant).bot
            if self.bot_box.value != bot:
                self._syncing = True
                try:
                    self.bot_box.value = bot
                finally:
                    self._syncing = False
        self._show_level()

    def _bot_chosen(self) -> None:
        """The reader chose one bot: that is their own choice, not a level (unless the level is that bot)."""
        if self._syncing:
            return
        chosen = _level_of([(self.bot_box.value, {})])
        if self.level_box.value != chosen:
            self.level_box.value = chosen  # the observer shows the note
        else:
            self._show_level()

    def _show_level(self) -> None:
        """The note under the opponents: who they will be, how strong, and what the rating means."""
        value = self.level_box.value
        self.bot_box.layout.display = "" if value == OWN_CHOICE else "none"  # the strength is said once
        if value == OWN_CHOICE:
            text = tr("Every opponent will be the <b>{bot}</b> bot.", bot=html.escape(bot_name(self.bot_box.value)))
        else:
            lv = level(value)
            text = tr("<b>{level}</b>: every opponent plays as {entrant} — {words}.",
                      level=html.escape(level_word(lv.name)), entrant=html.escape(bot_name(lv.entrant)),
                      words=html.escape(lv.shown_words))  # fmt: skip
            if self.ladder is not None:
                r = self.ladder.rating(lv.entrant)
                text += tr(" Its rating is {mu} (95% interval {low}–{high}); higher is stronger. The ratings come "
                           "from a round robin of {hands} hands between the bots (<i>How the bots think</i>).",
                           mu=f"{r.mu:.1f}", low=f"{r.low:.1f}", high=f"{r.high:.1f}",
                           hands=f"{self.ladder.hands:,}")  # fmt: skip
        if self.ladder_problem:
            text += tr(" The ratings cannot be shown: {problem}.", problem=html.escape(self.ladder_problem))
        self.level_note.value = (f"<div style='font:13px sans-serif'>{text}"
                                 f"{tr(' Press New game to play them.')}</div>")  # fmt: skip

    def _show_preset(self, rules: Rules | None = None) -> None:
        """Show the chosen variant's player counts, options and rules in the set-up (``rules``: the game's own)."""
        preset = self.presets[self.preset_box.value]
        shown = rules if rules is not None else preset.rules
        self.players_box.options = list(preset.players)
        self.players_box.value = shown.players if shown.players in preset.players else preset.players[0]
        self.option_boxes = {
            option.name: W.Dropdown(options=[(choice_words(c), c.label) for c in option.choices],
                                    value=option.choices[0].label, description=option_name(option),
                                    style={"description_width": "140px"},
                                    layout=W.Layout(width="auto", max_width="100%"))
            for option in preset.options
        }  # fmt: skip
        self.options_box.children = tuple(self.option_boxes.values())
        for box in self.option_boxes.values():
            box.observe(lambda _: self._sync_switches(), names="value")
        # each rule is offered once: a switch whose rule the variant's own option sets is not shown
        self.covered = covered_fields(preset, shown.players)
        for field, switch in self.switches.items():
            switch.layout.display = "none" if field in self.covered else ""
        self._sync_switches(shown)
        changes = "".join(f"<li>{html.escape(tr_text(line))}</li>" for line in preset.changes)
        head = tr("<b>{name}</b> ({counts} players)", name=html.escape(tr_text(preset.name)),
                  counts=_counts_words(preset.players))
        self.variant_note.value = f"<div style='font:13px sans-serif'>{head}<ul>{changes}</ul></div>"

    def _chosen_variant(self) -> Rules:
        """The rules of the chosen variant, player count and options, before the switches."""
        preset = self.presets[self.preset_box.value]
        choices = {name: box.value for name, box in self.option_boxes.items()}
        return preset.rules_for(self.players_box.value, choices)

    def _sync_switches(self, shown: Rules | None = None) -> None:
        """Set the switches to what the chosen variant plays, so that only a switch the reader moves changes it."""
        shown = shown if shown is not None else self._chosen_variant()
        for field, box in self.switches.items():
            value = getattr(shown, field)
            values = [v for _, v in box.options]
            if value not in values:  # a variant's own rule that no switch offers: keep it as a choice
                box.options = [*box.options, (tr("as this variant plays it"), value)]
            box.value = value

    @safe(lambda self: self.message)
    def _new_from_setup(self) -> None:
        base = self._chosen_variant()  # a count the variant does not allow is refused
        changes: dict[str, Any] = {f: w.value for f, w in self.switches.items()
                                   if f not in self.covered and w.value != getattr(base, f)}  # fmt: skip
        self.rules = base.with_options(**changes) if changes else base  # an impossible combination is refused
        if self.level_box.value == OWN_CHOICE:
            self.bot_specs = [(self.bot_box.value, {})]
        else:
            self.bot_specs = [_level_spec(self.level_box.value)]
        self.seed += 1
        self.new_game()

    def new_game(self) -> None:
        """Start a new game with the current rules and bots."""
        self.game = GameState(self.rules, seed=self.seed)
        self.coach = CoachBot()
        self.bots: dict[int, Policy] = self._opponents(self.rules.players)
        self.rng = random.Random(self.seed)
        self.coach_box.value = ""
        rules = self.rules
        self._say(lambda: tr("New game of {name}: you are {seat}, at the bottom of the table. Good luck!",
                             name=rules_name(rules), seat=seat_name(HUMAN, rules.players)), "info")
        self._run_bots()

    def _unlike_note(self) -> str:
        """Under the coach's advice, when some opponent at this table is not the rule-based bot: who they are, and
        that the coach models them as that bot all the same (its sentence above says how)."""
        seated = list(dict.fromkeys(self._seated))
        if seated == ["rules"]:
            return ""
        note = tr("At this table the others are: {bots}. The coach models them as the rule-based bot all the same.",
                  bots=join_words([bot_name(name) for name in seated]))  # fmt: skip
        return f"<p class='hl-unlike' style='font:12px sans-serif;margin:2px 0 0'>{html.escape(note)}</p>"

    def seat_names(self) -> list[str]:
        """The players as the table names them: "You" for the reader (South), the others by seat; the hand's
        result, the score sheet and the review say the same names."""
        n = self.rules.players
        return [tr("You", context="player") if s == HUMAN else seat_name(s, n) for s in range(n)]

    @property
    def bot_names(self) -> list[str]:
        """The opponents' bots by name, in the order they repeat around the table."""
        return [name for name, _ in self.bot_specs]

    def _opponents(self, players: int) -> dict[int, Policy]:
        """A new bot for every seat but the reader's, the chosen bots repeating around the table."""
        specs = self.bot_specs
        # the bots' names, seat by seat (a coach by its worlds, as the ladder names it)
        self._seated = [f"coach ({kw['worlds']} worlds)" if name == "coach" and "worlds" in kw else name
                        for name, kw in (specs[(s - 1) % len(specs)] for s in range(1, players))]  # fmt: skip
        return {s: make_bot(specs[(s - 1) % len(specs)][0], **specs[(s - 1) % len(specs)][1])
                for s in range(1, players)}  # fmt: skip

    # -- engine calls --------------------------------------------------------------------------------------
    @property
    def hand(self) -> HandState:
        return self.game.current

    @property
    def phase_name(self) -> str:
        return self.hand.phase.value

    def _run_bots(self) -> None:
        """Let the bots act until it is the reader's turn (or the hand ends), showing each move at a visible pace;
        a finished trick stays on the table long enough to be seen going to its winner. The pause comes before a
        bot's card, never after the last one: when the table says "your turn", the kernel is ready for the click."""
        if self.pace:
            self._render()
        while True:
            if self.pace and self.hand.phase is Phase.PLAYING and self.hand.to_play in self.bots:
                time.sleep(self.pace * (2.5 if self._trick_just_taken() else 1))
            said = bot_step(self.hand, self.bots, self.rng)
            if said is None:
                break
            if self.pace and self.hand.actions and self.hand.actions[-1].kind == "play":
                action = self.hand.actions[-1]  # said in the book's language (bot_step's sentence is English)
                self._say(_played_words(action.seat, action.cards[0].symbol, self.hand.players), "info")
                self._render()
        self._settle()
        self._render()

    def _trick_just_taken(self) -> bool:
        state = self.hand
        return bool(state.tricks) and not state.current_trick and bool(state.actions) and (
            state.actions[-1].kind == "play")  # fmt: skip

    def _settle(self) -> None:
        """Count a finished hand into the totals at once, so the score sheet and the end of the game show."""
        if self.hand.phase is Phase.DONE:
            self.game.score_hand()

    def _card_clicked(self, code: str, _seat: int | None = None) -> None:
        """A card of the reader's hand was clicked (or chosen with Enter): choose it for the pass, or play it."""
        if self.hand.phase is Phase.PASSING and HUMAN in self.hand.to_pass:
            self.choose_for_pass(code)
        else:
            self.play(code)

    @safe(lambda self: self.message)
    def choose_for_pass(self, card: Card | str) -> None:
        """Choose a card to pass, or put a chosen card back (what clicking a card does while passing)."""
        state = self.hand
        c = _card(card)
        reason = state.why_not_pass(HUMAN, c)
        if reason:
            raise IllegalActionError(reason)
        need = state.cards_to_pass
        if c in self.chosen:
            self.chosen.remove(c)
            chosen = len(self.chosen)
            self._say(lambda: tr("The {card} is back in your hand: {chosen} of {need} chosen.", card=c.symbol,
                                 chosen=chosen, need=need), "info")  # fmt: skip
        elif len(self.chosen) >= need:
            raise IllegalActionError(tr_n("you pass {n} card — click a chosen card to put it back",
                                          "you pass {n} cards — click a chosen card to put it back", need))
        else:
            self.chosen.append(c)
            left = need - len(self.chosen)
            if left:
                self._say(lambda: tr("The {card} is chosen: choose {left} more.", card=c.symbol, left=left), "info")
            else:
                self._say(lambda: tr("The {card} is chosen: press Pass.", card=c.symbol), "info")
        self._render()

    def _clear(self) -> None:
        """Escape at the table: put back the cards chosen for the pass."""
        if self.chosen:
            self.chosen = []
            self._say(lambda: tr("Your choice is cleared: choose again."), "info")
            self._render()

    def _action(self, action: str) -> None:
        """A button of the table: pass, next hand, or the shooter's choice of how the moon scores."""
        if action == "pass":
            self._pass()
        elif action == "next":
            self._next_hand()
        elif action.startswith("moon:"):
            self._moon(action.removeprefix("moon:"))

    @safe(lambda self: self.message)
    def _pass(self) -> None:
        cards = list(self.chosen)
        self.hand.pass_cards(HUMAN, cards)
        self.chosen = []
        self.coach_box.value = ""
        self._say(lambda: tr("You passed {cards}.", cards=listed(c.symbol for c in cards)), "ok")
        self._run_bots()
        if self.hand.phase is Phase.PLAYING:
            got = self.hand.received(HUMAN)
            self._say(lambda: tr("You received {cards}.", cards=listed(c.symbol for c in got)), "ok")
            self._render()

    @safe(lambda self: self.message)
    def play(self, card: Card | str) -> None:
        """Play a card for the reader (what clicking a card does)."""
        state = self.hand
        if state.phase is Phase.PLAYING and state.to_play != HUMAN:
            raise IllegalActionError(tr("wait: it is not your turn yet"))
        before = len(state.tricks)
        state.play(_card(card) if isinstance(card, str) and "#" in card else card, HUMAN)
        self.coach_box.value = ""
        played = state.actions[-1].cards[0].symbol
        self._say(lambda: tr("You played the {card}.", card=played), "info")
        self._run_bots()
        tricks = self.hand.tricks
        if len(tricks) > before:
            trick, players = tricks[before], state.players
            last = len(tricks) == before + 1 and self.hand.phase is not Phase.PLAYING  # nobody leads again
            self._say(lambda: explain_trick(trick, players, you=HUMAN, last=last, state=state), "info")

    def _typed(self, change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if text:
            self.keyboard.value = ""
            self._card_clicked(text)

    @safe(lambda self: self.message)
    def _moon(self, choice: str) -> None:
        self.hand.choose_moon(choice)
        self._settle()
        self._render()

    @safe(lambda self: self.message)
    def _next_hand(self) -> None:
        if self.hand.phase is not Phase.DONE:
            raise IllegalActionError(tr("finish this hand first"))
        if self.game.is_over:
            self.seed += 1
            self.new_game()
            return
        self.game.next_hand()
        self.chosen = []
        self.cards.show_last = False
        direction, number = self.hand.direction, self.hand.hand_number + 1
        self._say(lambda: pass_words(direction, "new hand", hand=number), "info")
        self._run_bots()

    @safe(lambda self: self.message)
    def hint(self) -> None:
        """The coach's advice for the reader's current decision, with its numbers (the game is not changed)."""
        state = self.hand
        if not ((state.phase is Phase.PASSING and HUMAN in state.to_pass) or
                (state.phase is Phase.PLAYING and state.to_play == HUMAN)):  # fmt: skip
            raise IllegalActionError(tr("the coach gives hints when it is your turn to pass or play"))
        self.coach_box.value = f"<i>{tr('The coach is thinking…')}</i>"
        advice = self.coach.advise(state.view(HUMAN), random.Random(self._coach_seed() + len(state.actions)))
        said = tr("<b>Coach:</b> {advice}", advice=html.escape(advice.sentence))
        self.coach_box.value = (f"<div class='hl-coach' style='font:14px sans-serif'>{said}</div>"
                                f"{advice.table_html(limit=6)}{self._unlike_note()}")  # fmt: skip
        lifted, panel = advice.kind == "pass", self.advice_where == "panel"
        if lifted:
            self.chosen = list(advice.choice)
            self._render()

        def where() -> str:
            if lifted and panel:
                return tr("The coach has chosen its pass for you (lifted): see why in the Coach panel.")
            if lifted:
                return tr("The coach has chosen its pass for you (lifted): see why below the table.")
            if panel:
                return tr("The coach has an idea: see in the Coach panel.")
            return tr("The coach has an idea: see below the table.")

        self._say(where, "info")

    def _coach_seed(self, hand_number: int | None = None) -> int:
        """The coach's sampling seed for a hand of this game (default: the hand in play): hints and the review of
        the same hand agree."""
        number = self.hand.hand_number if hand_number is None else hand_number
        return self.seed * 1009 + 7919 * number

    @safe(lambda self: self.message)
    def review_with_coach(self) -> None:
        """Grade each of the reader's decisions in the finished hand against the coach's."""
        if self.hand.phase is not Phase.DONE:
            raise IllegalActionError(tr("finish the hand first: the review looks at every decision you made"))
        self.coach_box.value = f"<i>{tr('The coach is replaying your hand…')}</i>"
        review = review_hand(self.hand, HUMAN, coach=self.coach, seed_base=self._coach_seed())
        self.coach_box.value = review.html()

        def said() -> str:
            if review.costliest is None:
                return tr("Review ready, below: none of your choices cost more than the coach's beyond its "
                          "uncertainty.")  # fmt: skip
            where, points = review.costliest_words()
            return tr("Review ready, below. Your costliest choice was {where}: about {points} more than the "
                      "coach's.", where=where, points=points)  # fmt: skip

        self._say(said, "info")

    @safe(lambda self: self.message)
    def _undo(self) -> None:
        """Undo back to the reader's previous decision (bots' moves after it are taken back too)."""
        game = self.game
        hands = [*game.hands, *([] if any(h is game.current for h in game.hands) else [game.current])]
        if not any(a.seat == HUMAN for h in hands for a in h.actions):
            raise IllegalActionError(tr("nothing to undo yet: you have not passed or played a card in this game"))
        while True:
            game.undo()
            actions = game.current.actions
            # back to a decision of the reader's: their turn to play, or to pass again (a pass is taken back
            # whole: stopping just after it would leave the table waiting for a bot that is never asked)
            if not actions or (game.current.phase is Phase.PLAYING and game.current.to_play == HUMAN) or (
                    game.current.phase is Phase.PASSING and HUMAN in game.current.to_pass):  # fmt: skip
                break
        self.chosen = []
        self._say(lambda: tr("Taken back."), "info")
        self._render()

    def _save(self) -> str:
        """The game as the saved file holds it (what *Save game* downloads)."""
        self._say(lambda: tr("Your game is saved as {file} (see your browser's downloads).", file="hearts-game.json"),
                  "ok")
        return self.game.to_json()

    def load_text(self, text: str | bytes) -> None:
        """Load a saved game (what the upload button does); a refused file says why and changes nothing."""
        self._load(text)

    @safe(lambda self: self.message)
    def _load(self, text: str | bytes) -> None:
        game = GameState.from_json(text)
        self.rules = game.rules
        self.game = game
        self.chosen = []
        self.bots = self._opponents(game.players)
        if hasattr(self, "players_box"):
            self.players_box.value = game.players
            for field, box in self.switches.items():
                value = getattr(game.rules, field)
                if value in [v for _, v in box.options]:
                    box.value = value
        self._say(lambda: tr("Game loaded."), "ok")
        self._run_bots()

    # -- view ----------------------------------------------------------------------------------------------
    @property
    def status_text(self) -> str:
        """The table's status line (for tests and readers of the model)."""
        return str(self.cards.view.get("status", ""))

    def _actions(self, arrow: str = "") -> list[dict[str, Any]]:
        """The table's buttons for the reader's decision now: pass, the moon's scoring, the next hand."""
        state = self.hand
        if state.phase is Phase.PASSING and HUMAN in state.to_pass:
            need = state.cards_to_pass
            label = tr("Pass {chosen}/{need} {arrow}", context="button", chosen=len(self.chosen), need=need,
                       arrow=arrow).strip()
            return [{"id": "pass", "label": label, "kind": "primary", "enabled": len(self.chosen) == need}]
        if state.phase is Phase.MOON_CHOICE and state.moon_shooter == HUMAN:
            return [{"id": f"moon:{c}", "label": tr_text(MOON_CHOICE_WORDS[c]) if c in MOON_CHOICE_WORDS else
                     c.replace("_", " "), "kind": "danger", "enabled": True} for c in state.moon_choices]  # fmt: skip
        if state.phase is Phase.DONE:
            label = tr("New game") if self.game.is_over else tr("Next hand")
            return [{"id": "next", "label": label, "kind": "primary", "enabled": True}]
        return []

    def _render(self) -> None:
        state = self.hand
        my_turn = state.phase is Phase.PLAYING and state.to_play == HUMAN
        title = tr("{name} · hand {number}", name=rules_name(self.rules), number=state.hand_number + 1)
        if state.phase is Phase.MOON_CHOICE and state.moon_shooter == HUMAN:
            title += tr(" · you shot the moon! Choose how it scores")
        view = table_view(state, seat=HUMAN, totals=self.game.totals, selected=self.chosen,
                          four_colour=self.four_colour.value, title=title)  # fmt: skip
        view["actions"] = self._actions(view["pass"]["arrow"] if view["pass"] else "")
        self.cards.view = view
        self.keyboard.disabled = not (my_turn or (state.phase is Phase.PASSING and HUMAN in state.to_pass))
        self.undo_button.disabled = self.game.is_over
        self.story.value = self._score_html() if state.phase is Phase.DONE else ""
        self.review_button.layout.display = "" if state.phase is Phase.DONE else "none"
        my_decision = (state.phase is Phase.PASSING and HUMAN in state.to_pass) or my_turn
        self.hint_button.disabled = not my_decision
        self.count_view.value = self._counting_html() if self.counting.value else ""
        self.sheet.value = self.game.score_sheet_html(self.seat_names()) if self.game.results else ""
        self.review.value = self._review_html() if state.phase is Phase.DONE else ""
        for hook in list(self.render_hooks):
            hook()

    def _score_html(self) -> str:
        score = self.hand.score
        if score is None:
            return ""
        names = self.seat_names()
        rows = "".join(f"<li>{html.escape(labelled(names[s], format_points(p)))}</li>"
                       for s, p in enumerate(score.points))  # fmt: skip
        notes = "".join(f"<li>{html.escape(note)}</li>" for note in score.notes_for(HUMAN))
        over = ""
        if self.game.is_over:
            winners = listed(names[s] for s in self.game.winners)
            over = f"<p><b>{tr('Game over. Lowest total wins: {winners}.', winners=winners)}</b></p>"
        return (f"<div style='font:14px sans-serif'><b>{tr('Hand over.')}</b><ul>{rows}</ul><ul>{notes}</ul>{over}"
                "</div>")

    def _counting_html(self) -> str:
        state = self.hand
        n = state.players
        unseen = state.k.deck & ~state.played_mask & ~state.hand_mask(HUMAN) & ~state.taken_mask(HUMAN)  # a kitty
        if state.rules.leftover_face_up:  # Cancellation's left-over cards lie face up: seen by all
            unseen &= ~state.hole_cards_mask
        parts = []
        for suit in Suit:
            out = cards_of_mask(unseen & state.k.suit_masks[suit])
            parts.append(tr("{suit} {n} out: {ranks}", suit=suit.symbol, n=len(out),
                            ranks=" ".join(c.rank.label for c in out) or "—"))
        voids = [labelled(seat_name(s, n), " ".join(v.symbol for v in state.voids(s))) for s in range(n)
                 if s != HUMAN and state.voids(s)]  # fmt: skip
        between = "、" if get_language() == "ja" else "; "  # one seat's voids, then the next's
        return ("<div style='font:13px monospace'>" + tr("<b>Cards still out</b> (not yours, not played): ")
                + " · ".join(parts) + (tr("<br><b>Voids shown</b>: ") + between.join(voids) if voids else "")
                + "</div>")  # fmt: skip

    def _review_html(self) -> str:
        state = self.hand
        names = self.seat_names()
        items = []
        for trick in state.tricks:
            where = names[trick.winner] if trick.winner is not None else tr("nobody")
            cards = " ".join(c.symbol for c in trick.cards)
            mark = " ⚠" if trick.winner == HUMAN and trick.points else ""
            line = tr("Trick {number}: {cards} → {winner}, {points}", number=trick.number + 1, cards=cards,
                      winner=where, points=points_words(trick.points))
            items.append(f"<li>{line}{mark}</li>")
        return (f"<details><summary>{tr('Review this hand trick by trick')}</summary>"
                "<ol style='font:13px sans-serif'>" + "".join(items) + "</ol></details>")  # fmt: skip


def _card(value: Card | str) -> Card:
    """A card from the table's code (``QS``; ``QS#1`` for a second deck's card) or a typed one (``10D``, ``Q♠``)."""
    if isinstance(value, Card):
        return value
    code, sep, copy = value.strip().partition("#")
    card = Card.from_str(code)
    if not sep:
        return card
    if copy not in ("0", "1", "2"):
        raise CardParseError(f"{value!r} is not a card")
    return Card(card.rank, card.suit, int(copy))


def _spec(choice: BotChoice) -> tuple[str, dict[str, Any]]:
    """A bot choice as ``(name, options)``."""
    if isinstance(choice, str):
        return choice, {}
    name, options = choice
    return name, dict(options)


def _level_spec(name: str) -> tuple[str, dict[str, Any]]:
    """The bot (name and options) every opponent is at the level called ``name``."""
    return entrant(level(name).entrant).spec()


def _level_of(specs: Sequence[tuple[str, dict[str, Any]]]) -> str:
    """The level whose bot every one of ``specs`` is, else :data:`OWN_CHOICE`."""
    for lv in LEVELS:
        if all(spec == _level_spec(lv.name) for spec in specs):
            return lv.name
    return OWN_CHOICE


def covered_fields(preset: Preset, players: int) -> frozenset[str]:
    """The rules that ``preset``'s own options set (its set-up shows no switch for them).

    >>> from hearts_lessons.variants import PRESETS
    >>> sorted(covered_fields(PRESETS["black_maria"], 3))
    ['moon', 'must_break_hearts']
    """
    rules = preset.build(players)
    return frozenset().union(*(option.fields(rules) for option in preset.options))


def _presets() -> dict[str, Preset]:
    """Every variant of :data:`hearts_lessons.variants.PRESETS`, by key: all of them can be played at the table."""
    return dict(PRESETS)


def _preset_key(presets: dict[str, Preset], rules: Rules) -> str:
    """The preset whose rules (for their player count) are ``rules``; Standard Hearts when none is."""
    for key, preset in presets.items():
        if rules.players in preset.players and preset.build(rules.players) == rules:
            return key
    return "standard" if "standard" in presets else next(iter(presets))


def listed(items: Iterable[str]) -> str:
    """Items one after another, as a list is written in the book's language: ``Q♠, 2♣`` (「Q♠、2♣」)."""
    return tr(", ", context="list separator").join(items)


def _counts_words(counts: Sequence[int]) -> str:
    """Player counts as a phrase: ``3, 4 or 5`` (in the book's language)."""
    return join_words([str(c) for c in sorted(counts)], "or")


