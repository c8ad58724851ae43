"""The coach: Monte Carlo choices, and explanations that name the card and give the numbers."""

from __future__ import annotations

import random
import re

import pytest

from hearts_lessons.bots.coach import CoachBot, evaluate_passes, evaluate_plays, pass_candidates, play_candidates
from hearts_lessons.bots.explain import pass_reasons, play_reasons
from hearts_lessons.bots.features import LiveView
from hearts_lessons.cards import card_from_id, parse_cards
from hearts_lessons.rules import STANDARD, Moon, PassDirection
from hearts_lessons.state import HandState

NUMBER = re.compile(r"\d+\.\d")
NO_MOON = STANDARD.with_options(moon=Moon.NONE)


def queen_position() -> HandState:
    """Seat 0 is void in clubs after the A♣ lead (no moon rule: in a three-card puzzle the sampled worlds deal
    only a few hearts, so a moon would be easy)."""
    s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", NO_MOON, hold=True, trick_number=1,
                             hearts_broken=True, leader=2, check=False)  # fmt: skip
    s.play("AC")
    s.play("9C")
    return s


def test_coach_drops_the_queen_and_says_why() -> None:
    advice = CoachBot(worlds=12).advise(queen_position().view(0), random.Random(3))
    assert [c.code for c in advice.choice] == ["QS"]
    assert "you hold no clubs, so the Q♠ is a discard" in advice.sentence
    assert "the trick would hold 13 points" in advice.sentence
    assert len(NUMBER.findall(advice.sentence)) >= 2
    assert advice.candidates[0].mean <= advice.candidates[1].mean
    assert {row["move"] for row in advice.rows()} == {"Q♠", "5♦", "4♥"}
    assert "Q♠" in advice._repr_html_()


def test_coach_explains_a_pass_with_numbers() -> None:
    s = HandState.from_cards(
        ["2C 5C 9C QS 3S AH 4H 6H 8D TD JD KD AD", "3C 4C 6C 7C 8C TC JC QC KC AC 2D 3D 4D",
         "5D 6D 7D 9D QD 2S 4S 5S 6S 7S 8S 9S TS", "JS KS AS 2H 3H 5H 7H 8H 9H TH JH QH KH"],
        direction=PassDirection.LEFT,
    )  # fmt: skip
    advice = CoachBot(pass_worlds=4).advise(s.view(0), random.Random(1))
    assert advice.kind == "pass" and len(advice.choice) == 3
    assert all(c.symbol in advice.sentence for c in advice.choice)
    assert NUMBER.search(advice.sentence)
    ids = [c.id for c in parse_cards("2C 5C 9C")]
    reasons = " ".join(pass_reasons(s.view(0), ids))
    assert "leaves you no clubs (unless you receive some)" in reasons
    assert "you keep the Q♠ to drop when clubs are led and you hold none" in reasons
    queen = " ".join(pass_reasons(s.view(0), [c.id for c in parse_cards("QS AH AD")]))
    assert "you pass the Q♠, which you hold with the 3♠ below it" in queen


def test_play_reasons_for_ducking_and_bleeding() -> None:
    s = HandState.from_cards("5D 8D JD; 9D 2C 3C; 4C 5C 6C; 7C 8C 9C", hold=True, trick_number=1, leader=1, check=False)
    for card in ["9D", "4C", "7C"]:
        s.play(card)
    reasons = play_reasons(s.view(0), parse_cards("8D")[0].id)
    assert "the 8♦ stays under the 9♦: West is still winning the trick" in reasons
    b = HandState.from_cards("3S 7S 5D 2C; QS 3C 4C 5C; AS 6C 7C 8C; KS 9C TC JC", hold=True, trick_number=2,
                             leader=0, hearts_broken=True, check=False)  # fmt: skip
    assert "bleeding spades" in " ".join(play_reasons(b.view(0), parse_cards("3S")[0].id))


def test_candidates_skip_equivalent_cards() -> None:
    s = HandState.from_cards("8D 9D TD 2C; JD 3C 4C 5C; 6C 7C 8C 9C; TC JC QC KC", hold=True, trick_number=2,
                             leader=0, hearts_broken=True, check=False)  # fmt: skip
    cards = [card_from_id(c).code for c in play_candidates(LiveView(s, 0))]
    assert cards == ["2C", "TD"]


def test_a_card_on_the_table_keeps_two_cards_apart() -> None:
    """West leads the 6♠ (nothing unseen between the 5♠ and the 7♠ but the 6♠, which is on the table): the 5♠
    ducks and the 7♠ wins, so both are candidates, and the coach as a player searches instead of playing the 7♠."""
    s = HandState.from_cards("5S 7S 2D; 6S 3D 4D; QH 5D 6D; 3S 7D 8D", hold=True, trick_number=10, leader=1,
                             hearts_broken=True, check=False)  # fmt: skip
    for card in ("6S", "QH", "3S"):
        s.play(card)
    assert [card_from_id(c).code for c in play_candidates(LiveView(s, 0))] == ["5S", "7S"]
    choice = CoachBot(worlds=8, lookahead=0).choose_play(s.view(0), random.Random(1))
    assert choice.code == "5S"  # ducking takes no points; the 7♠ would take the Q♥


def test_evaluations_use_the_same_worlds_and_compare_with_the_rules() -> None:
    view = queen_position().view(0)
    found = evaluate_plays(view, worlds=6, rng=random.Random(1))
    assert sum(c.reference for c in found) == 1
    assert all(c.worlds == 6 for c in found)
    reference = next(c for c in found if c.reference)
    assert reference.saving == 0 and reference.cards[0].code == "QS"
    again = evaluate_plays(view, worlds=6, rng=random.Random(1))
    assert [(c.cards, c.mean) for c in found] == [(c.cards, c.mean) for c in again]


def test_pass_candidates_and_evaluation() -> None:
    s = HandState.deal(seed=5)
    view = s.view(0)
    combos = pass_candidates(view)
    assert 1 < len(combos) <= 24 and all(len(c) == 3 for c in combos)
    found = evaluate_passes(view, combos[:3], worlds=3, rng=random.Random(0))
    assert len(found) >= 3 and found[0].mean <= found[-1].mean


def test_coach_refuses_when_there_is_nothing_to_decide() -> None:
    s = queen_position()
    with pytest.raises(ValueError, match="nothing to decide"):
        CoachBot().advise(s.view(1))
    with pytest.raises(ValueError, match="at least one world"):
        CoachBot(worlds=0)


def test_focus_gives_the_leading_cards_more_worlds() -> None:
    view = queen_position().view(0)
    found = evaluate_plays(view, worlds=4, rng=random.Random(2), focus=1, focus_worlds=6)
    by_card = {c.cards[0].code: c.worlds for c in found}
    assert by_card["QS"] == 10  # the best card and the rule-based card (here the same)
    assert sorted(by_card.values()) == [4, 4, 10]
    passes = evaluate_passes(HandState.deal(seed=5).view(0), worlds=2, rng=random.Random(0), focus=2, focus_worlds=3)
    assert 2 <= sum(c.worlds == 5 for c in passes) <= 3 and all(c.worlds in (2, 5) for c in passes)


def test_the_coach_can_weigh_worlds_by_the_others_play() -> None:
    from hearts_lessons.bots import RuleBasedBot
    from hearts_lessons.bots.base import play_hand

    state = HandState.deal(seed=7, hand_number=3)
    others = {s: RuleBasedBot() for s in (1, 2, 3)}
    rng = random.Random(7)
    play_hand(state, others, rng, until_seat=0)
    for _ in range(4):
        state.play(RuleBasedBot().choose_play(state.view(0), rng))
        play_hand(state, others, rng, until_seat=0)
    for infer in (True, False):  # reading the others' play (the default), or every consistent deal alike
        card = CoachBot(worlds=4, infer=infer).choose_play(state.view(0), random.Random(1))
        assert card in state.legal_plays()


def test_a_weaker_coach_reads_the_play_with_shorter_chains() -> None:
    assert CoachBot().burn == 150  # the benchmarked default
    assert CoachBot(worlds=20).burn == 30 and CoachBot(worlds=2).burn == 10
    assert CoachBot(worlds=400).burn == 150


def test_the_advice_says_how_the_coach_models_the_others() -> None:
    """Under its table the advice says what the coach assumes of the others, true to its settings and the
    position: the pass received is named only when there is one to read, the fit only with ``fit=True``."""
    from hearts_lessons.i18n import language

    passing = HandState.deal(seed=5, hand_number=0)
    coach = CoachBot(worlds=12, pass_worlds=6)
    advice = coach.advise(passing.view(0), random.Random(1))
    assert advice.assumes.startswith("How the coach sees the others: every deal of the hidden cards is as likely")
    assert "pass and play like the book's rule-based bot" in advice.assumes
    assert "hl-assumes" in advice.table_html() and "rule-based bot" in advice.table_html()
    for seat in range(4):
        passing.pass_cards(seat, passing.hand(seat)[:3])
    received = coach.advise(passing.view(passing.to_play), random.Random(1))
    assert "the pass you received" in received.assumes
    assert "One who looks like shooting the moon plays to shoot." in received.assumes
    hold = HandState.deal(seed=5, hand_number=3)  # no pass: nothing received to read
    while hold.trick_number < 2:  # cards played: something to read
        hold.play_id(hold.legal_mask(hold.to_play).bit_length() - 1)
    quiet = CoachBot(worlds=12, moon=False).assumes(hold.view(hold.to_play))
    assert "pass" not in quiet and "moon" not in quiet
    assert "different player" in CoachBot(fit=True).assumes(hold.view(hold.to_play))
    assert "fits what you have seen is as likely" in CoachBot(infer=False).assumes(hold.view(hold.to_play))
    with language("ja"):
        said = coach.advise(hold.view(hold.to_play), random.Random(1)).assumes
    assert said.startswith("コーチはほかのプレイヤーをこう見ています") and "ルールベースのボット" in said


def test_the_stated_model_is_what_the_sampler_does_here() -> None:
    """Nothing to read yet (a hold hand's first lead, a pass not read before any card, a puzzle from mid-hand)
    means every deal is as likely, and the sentence says so; no moon clause where the rules have no moon."""
    from hearts_lessons.rules import Moon, Rules

    hold = HandState.deal(seed=5, hand_number=3)  # no card played, nothing passed
    assert "fits what you have seen is as likely" in CoachBot().assumes(hold.view(hold.to_play))
    passed = HandState.deal(seed=5, hand_number=1)
    for seat in range(4):
        passed.pass_cards(seat, passed.hand(seat)[:3])
    first = passed.view(passed.to_play)
    assert "the pass you received" in CoachBot().assumes(first)
    assert "fits what you have seen is as likely" in CoachBot(read_pass=False).assumes(first)
    bare = HandState.deal(Rules(moon=Moon.NONE), seed=5, hand_number=3)
    while bare.trick_number < 3:
        bare.play_id(bare.legal_mask(bare.to_play).bit_length() - 1)
    said = CoachBot().assumes(bare.view(bare.to_play))
    assert "more likely when their cards so far" in said and "moon" not in said
