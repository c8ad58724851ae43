"""Widgets of the variant lessons: the variant explorer, the scoring calculator and the lab's controls.

They are thin controllers: every number comes from :mod:`hearts_lessons.variants` and
:mod:`hearts_lessons.variant_lab`; a refused combination shows the engine's reason, never a traceback.

>>> ex = VariantExplorer("omnibus")
>>> ex.rules.name
'Omnibus Hearts'
>>> ex.addon_boxes["ten_of_clubs"].value = True
>>> ex.rules.name
'Omnibus Hearts + 10♣ doubles'
>>> ex.calculator.picker.select(parse_cards("TD TC 2H 3H"))
>>> ex.calculator.result_text()
'Player 1 scores -16.'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from ..cards import parse_cards
from ..errors import RulesError
from ..i18n import N_, tr, tr_text
from ..layout import layout_for
from ..rules import Rules
from ..scoring import MOON_CHOICES, HandScore, format_points
from ..sources import source_words
from ..state import HandState
from ..table import seat_name
from ..tableview import hand_view
from ..variant_lab import VariantStats, compare, plot_lab, sample_hand, stats_table, story_html
from ..variants import (
    ADDONS,
    PRESETS,
    Preset,
    changes_from_standard,
    combine,
    point_table,
    rules_name,
    score_captured,
    scoring_cards,
)
from .cardtable import CardTable
from .common import CardPicker, MessageLine, safe
from .play import listed

_MOON_CHOICE_WORDS = {
    "others_add": N_("the others each add M", context="moon choice"),
    "shooter_subtracts": N_("the shooter subtracts M", context="moon choice"),
    "plus": N_("+M to each other player", context="moon choice"),
    "minus": N_("−M to each other player", context="moon choice"),
}
"""The moon choices of :data:`~hearts_lessons.scoring.MOON_CHOICES` as the calculator's box offers them (the codes
stay the box's values), marked for translation."""

__all__ = ["LabControls", "ScoringCalculator", "VariantExplorer", "point_table_html", "stats_html"]

_ = parse_cards  # imported for the doctests of this module


def point_table_html(rules: Rules) -> str:
    """The variant's point table as an HTML table, with M."""
    rows = "".join(
        f"<tr><td style='padding:2px 10px'>{html.escape(card)}</td><td style='padding:2px 10px'>"
        f"{html.escape(value)}</td></tr>"
        for card, value in point_table(rules)
    )
    m = format_points(layout_for(rules).moon_value)
    return (
        '<table class="hl-points" style="border-collapse:collapse;font:13px sans-serif">'
        f"<caption style='text-align:left'>{tr('Points in {name} (M = {m})', name=html.escape(rules_name(rules)), m=m)}"
        f"</caption><thead><tr><th>{tr('card')}</th><th>{tr('points')}</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def sample_hand_view(state: HandState, seat: int = 0) -> dict[str, Any]:
    """The card table's model of ``seat``'s hand as dealt in a sample hand (the cards it passed lifted), with
    what it passed and received in the status line.

    >>> from hearts_lessons.variants import PRESETS
    >>> view = sample_hand_view(sample_hand(PRESETS["standard"].rules, seed=1))
    >>> view["kind"], len(view["hand"]["cards"]), view["status"].startswith("South passed")
    ('hand', 13, True)
    """
    n = state.players
    dealt = state.restart()
    passed = list(state.passed(seat)) if dealt.phase.value == "passing" else []
    status = tr("No passing in this hand.")
    if passed:
        got = state.received(seat)
        status = tr("{seat} passed {passed} (lifted) and received {got}.", seat=seat_name(seat, n),
                    passed=" ".join(c.symbol for c in passed), got=" ".join(c.symbol for c in got))  # fmt: skip
    return hand_view(dealt.hand(seat), selected=passed, label=tr("{seat}'s hand as dealt", seat=seat_name(seat, n)),
                     mode="view", status=status)  # fmt: skip


def stats_html(stats: Sequence[VariantStats]) -> str:
    """The lab's table of results as HTML: the table :func:`~hearts_lessons.variant_lab.stats_table` shows in a
    lesson."""
    if not stats:
        return f"<p>{tr('No variant chosen.')}</p>"
    return stats_table(stats)._repr_html_()


class ScoringCalculator(W.VBox):
    """Pick the cards Player 1 captured in one hand and see the score under the chosen rules.

    >>> calc = ScoringCalculator(PRESETS["complex"].rules)
    >>> calc.picker.select(parse_cards("QS TC"))
    >>> calc.result_text()
    'Player 1 scores -26.'
    """

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.message = MessageLine()
        self.picker = CardPicker(on_change=lambda _: self._update())
        self.every_trick = W.Checkbox(value=False, description=tr("Player 1 took every trick"), indent=False,
                                      layout=W.Layout(width="auto"))  # fmt: skip
        self.moon_choice = W.Dropdown(description=tr("Moon choice:"), layout=W.Layout(width="340px"))
        self.all_button = W.Button(description=tr("Take all penalty cards"), tooltip=tr("Select every penalty card"),
                                    layout=W.Layout(width="auto"))  # fmt: skip
        self.clear_button = W.Button(description=tr("Clear"), tooltip=tr("Select no card"))
        self.result = W.HTML()
        self.every_trick.observe(lambda _: self._update(), names="value")
        self.moon_choice.observe(lambda _: self._update(), names="value")
        self.all_button.on_click(lambda _: self._select_penalties())
        self.clear_button.on_click(lambda _: self.picker.select(()))
        self.children = (
            W.HTML(tr("<b>Scoring calculator</b>: pick the cards Player 1 captured in one hand.")),
            self.picker,
            W.HBox([self.all_button, self.clear_button, self.every_trick], layout=W.Layout(flex_flow="row wrap")),
            self.moon_choice,
            self.result,
            self.message,
        )
        self.set_rules(rules)

    def set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.picker.set_cards(scoring_cards(rules))
        choices = MOON_CHOICES.get(rules.moon, ())
        self.moon_choice.options = [(tr_text(_MOON_CHOICE_WORDS[c], context="moon choice"), c) for c in choices]
        self.moon_choice.value = choices[0] if choices else None
        self.moon_choice.layout.display = None if choices else "none"
        self._update()

    @safe(lambda self: self.message)
    def _select_penalties(self) -> None:
        k = layout_for(self.rules)
        self.picker.select([c for c in scoring_cards(self.rules) if c.bit & k.moon_cards])

    def score(self) -> HandScore:
        return score_captured(
            self.rules, self.picker.selected, every_trick=self.every_trick.value, moon_choice=self.moon_choice.value
        )

    def result_text(self) -> str:
        """The result in words (for tests and screen readers)."""
        score = self.score()
        text = tr("Player 1 scores {points}.", points=format_points(score.points[0]))
        if score.shooter == 0:
            text += " " + " ".join(score.notes)
        return text

    @safe(lambda self: self.message)
    def _update(self) -> None:
        score = self.score()
        player_one = tr("Player {n}", context="seat", n=1)  # the calculator's Player 1 (seat 0) as the notes name it
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in score.notes if player_one in n)
        if score.shooter == 0:
            notes = "".join(f"<li>{html.escape(n)}</li>" for n in score.notes)
        self.result.value = (
            "<div style='font:14px sans-serif'>"
            + tr("Card points of Player 1: <b>{card_points}</b>. This hand Player 1 scores <b>{points}</b>.",
                 card_points=format_points(score.card_points[0]), points=format_points(score.points[0]))
            + "</div>"
            + (f"<ul>{notes}</ul>" if notes else "")
        )
        self.message.show("")


class VariantExplorer(W.VBox):
    """Pick a variant (and its options and add-ons): what changes, its points, a calculator, a sample hand."""

    def __init__(self, key: str = "standard", *, seed: int = 1) -> None:
        super().__init__()
        self.message = MessageLine()
        self.variant = W.Dropdown(options=[(tr_text(p.name), k) for k, p in PRESETS.items()], value=key,
                                  description=tr("Variant:"), layout=W.Layout(width="380px"))  # fmt: skip
        self.players = W.Dropdown(description=tr("Players:"), layout=W.Layout(width="200px"))
        self.options_box = W.VBox()
        self.option_buttons: dict[str, W.ToggleButtons] = {}
        self.addon_boxes = {
            key_: W.Checkbox(value=False, description=tr_text(addon.name), indent=False, tooltip=tr_text(addon.summary),
                             layout=W.Layout(width="auto"))
            for key_, addon in ADDONS.items()
        }
        self.about = W.HTML()
        self.points = W.HTML()
        self.calculator = ScoringCalculator(PRESETS[key].rules)
        self.seed = W.BoundedIntText(value=seed, min=0, max=10**6, description=tr("Deal no.:"),
                                     layout=W.Layout(width="200px"),
                                     tooltip=tr("The number of the shuffle: the same number deals the same cards"))
        self.play_button = W.Button(description=tr("Play a sample hand"), icon="play", tooltip=tr("Bots play one hand"),
                                    layout=W.Layout(width="auto"))  # fmt: skip
        self.hand_table = CardTable(label=tr("Player 1's hand in the sample hand, as dealt"))
        self.hand_table.layout.display = "none"
        self.story = W.HTML()
        self.rules: Rules = PRESETS[key].rules
        self._busy = False
        self.variant.observe(lambda _: self._choose_variant(), names="value")
        self.players.observe(lambda _: self._rebuild(), names="value")
        for box in self.addon_boxes.values():
            box.observe(self._addon_changed, names="value")
        self.play_button.on_click(lambda _: self._play())
        self.children = (
            W.HBox([self.variant, self.players], layout=W.Layout(flex_flow="row wrap")),
            self.options_box,
            W.HBox(list(self.addon_boxes.values()), layout=W.Layout(flex_flow="row wrap")),
            self.message,
            self.about,
            self.points,
            self.calculator,
            W.HBox([self.seed, self.play_button], layout=W.Layout(flex_flow="row wrap")),
            self.hand_table,
            self.story,
        )
        self.add_class("hl-variant-explorer")
        self._choose_variant()

    @property
    def preset(self) -> Preset:
        return PRESETS[self.variant.value]

    # -- controller ----------------------------------------------------------------------------------------
    @safe(lambda self: self.message)
    def _choose_variant(self) -> None:
        preset = self.preset
        self._busy = True
        try:
            self.players.options = [(str(n), n) for n in sorted(preset.players)]
            self.players.value = preset.players[0]
            self.option_buttons = {}
            for option in preset.options:
                buttons = W.ToggleButtons(options=[(tr_text(c.label), c.label) for c in option.choices],
                                          description=tr("{option}:", option=tr_text(option.name)),
                                          style={"description_width": "initial", "button_width": "auto"},
                                          layout=W.Layout(width="auto", max_width="100%"))  # fmt: skip
                buttons.observe(lambda _: self._rebuild(), names="value")
                self.option_buttons[option.name] = buttons
            self.options_box.children = tuple(self.option_buttons.values())
            for box in self.addon_boxes.values():
                box.value = False
        finally:
            self._busy = False
        self._rebuild()

    def _addon_changed(self, change: dict[str, Any]) -> None:
        if not self._busy:
            self._rebuild()

    @safe(lambda self: self.message)
    def _rebuild(self) -> None:
        """Build the rules from the choices; an add-on that makes no sense with them is switched off, and the
        message says why."""
        if self._busy:
            return
        choices = {name: buttons.value for name, buttons in self.option_buttons.items()}
        rules = self.preset.rules_for(self.players.value, choices)
        refused = []
        for key, box in self.addon_boxes.items():
            if not box.value:
                continue
            try:
                rules = combine(rules, [key])
            except RulesError as exc:
                refused.append(tr("{addon} cannot be added: {reason}", addon=box.description, reason=exc))
                self._busy = True
                box.value = False
                self._busy = False
        self.rules = rules
        self.message.show(" ".join(refused), "error" if refused else "info")
        self._render()

    @safe(lambda self: self.message)
    def _play(self) -> None:
        state = sample_hand(self.rules, seed=int(self.seed.value))
        n = self.rules.players
        names = listed(seat_name(s, n) for s in range(n))
        self.hand_table.view = sample_hand_view(state)
        self.hand_table.layout.display = ""
        self.story.value = (
            "<h4>" + tr("A sample hand of {name} (seed {seed}; bots at {seats})",
                        name=html.escape(rules_name(self.rules)), seed=self.seed.value, seats=names) + "</h4>"
            + story_html(state)
        )

    # -- view ----------------------------------------------------------------------------------------------
    def _render(self) -> None:
        preset, rules = self.preset, self.rules
        changes = "".join(f"<li>{html.escape(tr_text(c))}</li>" for c in preset.changes)
        sources = tr("; ", context="sources").join(source_words(s) for s in preset.sources)
        computed = "".join(f"<li>{html.escape(c)}</li>" for c in changes_from_standard(rules)) or \
            f"<li>{tr('none')}</li>"
        self.about.value = (
            f"<h3 style='margin:4px 0'>{html.escape(rules_name(rules))}</h3>"
            f"<p><i>{html.escape(tr_text(preset.history))}</i></p>"
            f"<p><b>{tr('What changes against standard Hearts')}</b></p><ul>{changes}</ul>"
            f"<details><summary>{tr('Every rule that differs, read from the rules data')}</summary><ul>{computed}</ul>"
            "</details><p style='color:#555'>"
            + tr("Sources: {sources}", sources=html.escape(sources)) + "</p>"
        )
        self.points.value = point_table_html(rules)
        self.calculator.set_rules(rules)
        self.story.value = ""
        self.hand_table.layout.display = "none"


class LabControls(W.VBox):
    """Choose variants, the number of games and a seed; run the lab; see the table and the plots (an SVG chart,
    drawn the same on a desktop and in the browser)."""

    def __init__(self, keys: Sequence[str] = ("standard", "basic", "spot", "cancellation"), *, games: int = 20,
                 seed: int = 0) -> None:  # fmt: skip
        super().__init__()
        self.message = MessageLine(tr("Choose variants and press Run."))
        self.variants = W.SelectMultiple(options=[(tr_text(p.name), k) for k, p in PRESETS.items()], value=tuple(keys),
                                         description=tr("Variants:"), rows=min(len(PRESETS), 10),
                                         layout=W.Layout(width="420px"))  # fmt: skip
        self.games = W.IntSlider(value=games, min=5, max=500, step=5, description=tr("Games each:"))
        self.seed = W.BoundedIntText(value=seed, min=0, max=10**6, description=tr("Deal no.:"),
                                     layout=W.Layout(width="200px"),
                                     tooltip=tr("The number of the shuffle: the same number deals the same cards"))
        self.deal = W.Checkbox(value=False, description=tr("measure how much the deal decides (slower)"), indent=False,
                                layout=W.Layout(width="auto"))  # fmt: skip
        self.run_button = W.Button(description=tr("Run", context="button"), icon="play", button_style="primary",
                                   tooltip=tr("Run the lab"))
        self.table = W.HTML()
        self.figure = W.HTML()
        self.stats: list[VariantStats] = []
        self.run_button.on_click(lambda _: self.run())
        self.children = (
            self.variants,
            W.HBox([self.games, self.seed]),
            self.deal,
            self.run_button,
            self.message,
            self.table,
            self.figure,
        )

    @safe(lambda self: self.message)
    def run(self) -> None:
        keys = list(self.variants.value)
        if not keys:
            self.message.show(tr("Choose at least one variant."), "error")
            return
        chosen = {tr_text(PRESETS[k].name): PRESETS[k].rules for k in keys}  # the table's and plot's names
        self.stats = compare(chosen, games=int(self.games.value), seed=int(self.seed.value),
                             deal_rounds=30 if self.deal.value else 0)  # fmt: skip
        self.table.value = stats_html(self.stats)
        self.figure.value = plot_lab(self.stats).svg
        hands = sum(s.hands for s in self.stats)
        self.message.show(tr("Played {n} hands.", n=hands), "ok")
