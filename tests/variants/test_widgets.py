"""The variant widgets, driven as a reader would: choosing, ticking, picking cards and clicking."""

from __future__ import annotations

import subprocess
import sys

from hearts_lessons.cards import parse_cards
from hearts_lessons.variants import PRESETS
from hearts_lessons.widgets.variants import LabControls, ScoringCalculator, VariantExplorer


def test_explorer_follows_the_variant_and_its_options() -> None:
    ex = VariantExplorer()
    assert ex.rules.name == "Standard Hearts"
    ex.variant.value = "spot"
    assert "M = 129" in ex.points.value and "its rank" in ex.points.value
    ex.option_buttons["point table"].value = "J Q K♥ 10, A♥ 15"
    assert "M = 124" in ex.points.value
    ex.variant.value = "cancellation"
    assert ex.players.options[0] == ("6", 6) and ex.rules.players == 6
    ex.players.value = 12
    assert ex.rules.decks == 3 and "M = 78" in ex.points.value
    assert "Wikipedia: Cancellation Hearts" in ex.about.value


def test_explorer_refuses_a_nonsensical_addon_with_the_reason() -> None:
    ex = VariantExplorer("black_maria")
    ex.addon_boxes["shoot_the_sun"].value = True
    assert ex.addon_boxes["shoot_the_sun"].value is False
    assert "no moon rule" in ex.message.text
    assert not ex.rules.shoot_the_sun
    ex.option_buttons["moon"].value = "moon with M"
    ex.addon_boxes["shoot_the_sun"].value = True
    assert ex.rules.shoot_the_sun and ex.message.text == ""
    ex.option_buttons["moon"].value = "no moon rule"  # the sun is switched off again, with the reason
    assert not ex.rules.shoot_the_sun and ex.addon_boxes["shoot_the_sun"].value is False
    assert "no moon rule" in ex.message.text


def test_explorer_plays_a_sample_hand() -> None:
    ex = VariantExplorer("hi_lo_joker")
    ex.seed.value = 3
    ex.play_button.click()
    assert "Score of the hand" in ex.story.value and "Hi-Lo Joker Hearts" in ex.story.value
    assert ex.hand_table.layout.display == ""
    ex.variant.value = "omnibus"
    assert ex.story.value == "" and ex.hand_table.layout.display == "none"


def test_explorer_draws_the_sample_hand_at_the_card_table() -> None:
    from hearts_lessons.cards import sort_hand
    from hearts_lessons.variant_lab import sample_hand

    for key, players in (("pink_lady", 4), ("cancellation", 6), ("hi_lo_joker", 3)):
        ex = VariantExplorer(key, seed=7)
        ex.players.value = players
        ex.play_button.click()
        state = sample_hand(ex.rules, seed=7)
        dealt = state.restart().hand(0)
        view = ex.hand_table.view
        assert view["kind"] == "hand" and view["hand"]["mode"] == "view"
        assert [c["code"] for c in ex.hand_table.cards()] == [c.code if not c.copy else f"{c.code}#{c.copy}"
                                                               for c in sort_hand(dealt)]  # fmt: skip
        passed = {c.code for c in state.passed(0)} if ex.rules.cycle[0].value != "hold" else set()
        assert {c["code"].partition("#")[0] for c in ex.hand_table.cards() if c["selected"]} == passed


def test_calculator() -> None:
    calc = ScoringCalculator(PRESETS["complex"].rules)
    calc.picker.select(parse_cards("2H 3H 4H QS"))
    assert calc.result_text() == "Player 1 scores 3+13i."
    calc.all_button.click()
    assert "shot the moon" in calc.result_text()
    assert calc.moon_choice.options == (("the others each add M", "others_add"),
                                        ("the shooter subtracts M", "shooter_subtracts"))  # fmt: skip
    calc.moon_choice.value = "shooter_subtracts"
    assert calc.result_text().startswith("Player 1 scores -13-13i.")
    calc.set_rules(PRESETS["omnibus"].rules)
    assert calc.moon_choice.layout.display == "none"
    calc.every_trick.value = True
    assert calc.result_text().startswith("Player 1 scores -10.")
    calc.clear_button.click()
    assert calc.picker.selected == []


def test_lab_controls() -> None:
    lab = LabControls(("basic",), games=5, seed=2)
    lab.run_button.click()
    assert "Basic Hearts" in lab.table.value and lab.figure.value.startswith("<svg")
    assert "Hands per game" in lab.figure.value and "<img" not in lab.figure.value
    assert lab.message.text.startswith("Played")
    lab.variants.value = ()
    lab.run_button.click()
    assert lab.message.text == "Choose at least one variant."


def test_engine_modules_do_not_load_widgets_or_plots() -> None:
    code = (
        "import sys, hearts_lessons.variants, hearts_lessons.variant_lab;"
        "print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_the_moon_choices_are_offered_in_words_not_codes() -> None:
    """The calculator's moon box shows what each choice does (its values stay the scoring's codes)."""
    from hearts_lessons.i18n import language
    from hearts_lessons.rules import Rules
    from hearts_lessons.scoring import MOON_CHOICES
    from hearts_lessons.widgets.variants import ScoringCalculator

    for moon, codes in MOON_CHOICES.items():
        calc = ScoringCalculator(Rules(moon=moon, players=4))
        labels = [label for label, _ in calc.moon_choice.options]
        assert [value for _, value in calc.moon_choice.options] == list(codes)
        assert all("_" not in label and label not in codes and "M" in label for label in labels)
        with language("ja"):
            calc.set_rules(Rules(moon=moon, players=4))
            assert all("M" in label and ("ほか" in label or "達成者" in label) for label, _ in calc.moon_choice.options)
