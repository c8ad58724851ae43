"""The stronger coach's ideas, each on a seeded position where it changes what the coach does or says: looking
ahead in the rollouts, the moon line, reading the pass, the score near the end of a game, adaptive worlds, and
advice that is honest about the coach's own uncertainty."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.bots import CoachBot, Policy, RuleBasedBot
from hearts_lessons.bots import coach as coach_module
from hearts_lessons.bots.base import bot_step
from hearts_lessons.bots.coach import (
    DEFAULT_LOOKAHEAD,
    DEFAULT_PASS_WORLDS,
    DEFAULT_WORLDS,
    EVERY_DECISION,
    MOON_PLAN,
    PURE_LOOKAHEAD,
    PURE_PASS_WORLDS,
    PURE_WORLDS,
    Advice,
    Candidate,
    GameStakes,
    _value,
    compiled_strength,
    default_lookahead,
    default_pass_worlds,
    default_worlds,
    evaluate_plays,
    game_stakes,
    grade,
    paired,
    within_noise,
)
from hearts_lessons.bots.driver import run_hand
from hearts_lessons.bots.explain import play_reasons, play_sentence
from hearts_lessons.bots.features import LiveView
from hearts_lessons.bots.rollout import finish, look_ahead, rules_rollout
from hearts_lessons.bots.rulebased import rules_pass, rules_play
from hearts_lessons.bots.sampling import Worlds, pass_reading, pass_surprises, sample_hands
from hearts_lessons.cards import Rank, Suit, card_from_id, cards_of_mask, parse_cards
from hearts_lessons.rules import STANDARD, Moon
from hearts_lessons.runtime import ENV_VAR
from hearts_lessons.state import HandState, Phase

NO_MOON = STANDARD.with_options(moon=Moon.NONE)


def _rule_based_until(seed: int, trick: int, hand_number: int = 3) -> HandState:
    """A seeded deal (hand 4 of the cycle: no pass) played by four rule-based players until South's turn at
    trick ``trick`` (from 0)."""
    state = HandState.deal(STANDARD, seed=seed, hand_number=hand_number)
    bots: dict[int, Policy] = {seat: RuleBasedBot() for seat in range(4)}
    rng = random.Random(seed)
    while state.trick_number < trick or state.to_play != 0:
        bot_step(state, bots, rng)
    return state


def test_looking_ahead_wins_a_trick_to_lead_the_next() -> None:
    """Deal 169 (no pass), trick 5: West leads the 10♦, North plays the Q♦, East the 2♦; South plays last with
    7♦ 9♦ J♦ K♦ J♠ 4♥ 9♥ J♥ A♥, and the trick holds no point. The rule of thumb ducks (the J♦ under the Q♦).
    Looking ahead, the coach wins it with the K♦ (taking no point) to choose its next lead itself; rolled out
    with the rule-based lead after it, winning is worth less, so the plain coach ducks too."""
    state = _rule_based_until(169, 4)
    view = state.view(0)
    assert [c.code for c in state.hand(0)] == ["7D", "9D", "JD", "KD", "JS", "4H", "9H", "JH", "AH"]
    assert [(seat, card_from_id(cid).code) for seat, cid, _ in state._trick] == [(1, "TD"), (2, "QD"), (3, "2D")]
    assert card_from_id(rules_play(view)).code == "JD"
    assert CoachBot(lookahead=0).choose_play(view, random.Random(1)).code == "JD"
    assert CoachBot().choose_play(view, random.Random(1)).code == "KD"
    advice = CoachBot().advise(view, random.Random(1))
    king, jack = advice.candidate(parse_cards("KD")), advice.candidate(parse_cards("JD"))
    assert king is not None and jack is not None
    diff, half = paired(jack, king)
    assert diff > half  # the K♦ is better beyond the coach's uncertainty


def test_looking_ahead_at_every_decision_changes_the_lead() -> None:
    """Deal 208 (no pass), trick 7: South leads, holding 10♣ Q♣ K♦ 4♥ 8♥ K♥ A♥, and no diamond still out beats
    the K♦. Looking ahead at its next decision only (the coach in plain Python), the coach leads a club, as the rule
    of thumb does; looking ahead at every one of its decisions (the compiled engine's default) it cashes the K♦
    first, and says why: with its later leads played as it would play them, that saves points beyond its
    uncertainty."""
    state = _rule_based_until(208, 6)
    view = state.view(0)
    assert [c.code for c in state.hand(0)] == ["TC", "QC", "KD", "4H", "8H", "KH", "AH"]
    assert state.to_play == 0 and not state._trick  # South leads
    assert not any(c.suit == Suit.DIAMONDS and c.rank > Rank.KING for c in cards_of_mask(view.unseen_mask))
    assert card_from_id(rules_play(view)).code == "TC"
    assert CoachBot(lookahead=PURE_LOOKAHEAD).choose_play(view, random.Random(1)).code == "TC"
    every = CoachBot(lookahead=EVERY_DECISION)
    assert every.choose_play(view, random.Random(1)).code == "KD"
    advice = every.advise(view, random.Random(1))
    king, club = advice.candidate(parse_cards("KD")), advice.candidate(parse_cards("TC"))
    assert king is not None and club is not None and advice.choice == [king.cards[0]]
    diff, half = paired(club, king)
    assert diff > half
    assert "K♦" in advice.sentence and "no diamond still out can beat the K♦" in advice.sentence


@pytest.mark.parametrize(
    ("runtime", "compiled", "full"),
    [("desktop", True, True), ("desktop", False, False), ("browser", False, False), ("browser", True, False)],
)
def test_the_coach_plays_at_full_strength_where_the_engine_is_compiled(
        monkeypatch: pytest.MonkeyPatch, runtime: str, compiled: bool, full: bool) -> None:  # fmt: skip
    monkeypatch.setenv(ENV_VAR, runtime)
    monkeypatch.setattr(coach_module, "compiled_modules", lambda: {"hearts_lessons.lean": compiled})
    assert compiled_strength() is full
    expected = ((DEFAULT_WORLDS, DEFAULT_LOOKAHEAD, DEFAULT_PASS_WORLDS) if full
                else (PURE_WORLDS, PURE_LOOKAHEAD, PURE_PASS_WORLDS))  # fmt: skip
    assert (default_worlds(), default_lookahead(), default_pass_worlds()) == expected
    coach = CoachBot()
    assert (coach.worlds, coach.lookahead, coach.pass_worlds) == expected
    given = CoachBot(worlds=12, lookahead=3, pass_worlds=7)  # given, they are kept wherever Python runs
    assert (given.worlds, given.lookahead, given.pass_worlds) == (12, 3, 7)
    assert (DEFAULT_WORLDS, DEFAULT_LOOKAHEAD, DEFAULT_PASS_WORLDS) == (150, EVERY_DECISION, 60)
    assert (PURE_WORLDS, PURE_LOOKAHEAD, PURE_PASS_WORLDS) == (100, 1, 40)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), trick=st.integers(0, 11), hand_number=st.integers(0, 3),
       depth=st.sampled_from([1, 2, 13]))  # fmt: skip
def test_looking_ahead_never_does_worse_in_its_own_world(seed: int, trick: int, hand_number: int,
                                                         depth: int) -> None:  # fmt: skip
    """In one world (here the true deal), playing a card and then looking ahead (at the seat's next ``depth``
    decisions; 13: every one) ends with no more points than the plain rollout of that card: at each decision
    looked at, the card the rollout would play is one of those compared, and the rollout after it is the same."""
    state = HandState.deal(STANDARD, seed=seed, hand_number=hand_number)
    bots: dict[int, Policy] = {s: RuleBasedBot() for s in range(4)}
    rng = random.Random(seed)
    while state.phase is not Phase.PLAYING or state.trick_number < trick:
        bot_step(state, bots, rng)
        if state.phase is Phase.DONE:
            return
    seat = state.to_play
    for cid in [c.id for c in state.legal_plays()]:
        plain = state.lean_copy()
        plain._apply_play(cid)
        ahead = plain.lean_copy()
        finish(plain, rules_rollout, random.Random(0))
        ended = look_ahead(ahead, rules_rollout, random.Random(0), -1, seat, depth,
                           lambda lean: _value(lean, seat, None))  # fmt: skip
        assert ended.phase is Phase.DONE
        assert _value(ended, seat, None) <= _value(plain, seat, None)


def test_looking_ahead_needs_a_number_of_decisions() -> None:
    with pytest.raises(ValueError, match="lookahead"):
        CoachBot(lookahead=-1)


def test_the_moon_line_takes_a_hand_the_old_coach_could_not() -> None:
    """Deal 10 (no pass): South's hand can take every point. Without the moon line the coach plays safe and
    takes points (nobody shoots); with it, it shoots the moon (0 points, 26 to each other seat)."""
    results = []
    for moon in (True, False):
        state = HandState.deal(STANDARD, seed=10, hand_number=3)
        run_hand(state, [CoachBot(worlds=30, moon=moon), RuleBasedBot(), RuleBasedBot(), RuleBasedBot()],
                 random.Random(10))  # fmt: skip
        assert state.score is not None
        results.append((state.score.shooter, state.score.points[0]))
    assert results[0] == (0, 0)
    assert results[1][0] is None and results[1][1] > 0


def _moon_deal(rules: object = STANDARD, trick: int = 0) -> HandState:
    """Deal 10 (no pass), the coach in South's seat against three rule-based players, until South's turn at
    trick ``trick`` (from 0)."""
    state = HandState.deal(rules, seed=10, hand_number=3)  # type: ignore[arg-type]
    # the coach as it played when these positions were recorded (no looking ahead)
    bots: dict[int, Policy] = {0: CoachBot(worlds=30, lookahead=0), 1: RuleBasedBot(), 2: RuleBasedBot(),
                               3: RuleBasedBot()}  # fmt: skip
    rng = random.Random(10)
    while state.trick_number < trick or state.to_play != 0:
        bot_step(state, bots, rng)
    return state


def test_the_moon_line_is_a_candidate_only_while_a_moon_is_possible() -> None:
    state = _moon_deal()
    found = evaluate_plays(state.view(0), worlds=12, rng=random.Random(1))
    line = [c for c in found if c.plan == MOON_PLAN]
    assert len(line) == 1 and "shooting the moon" in line[0].label
    assert line[0].moon_for < 0.4 and found[0].plan == ""  # too early to commit: the rollouts rarely shoot
    assert not any(c.plan for c in evaluate_plays(state.view(0), worlds=4, rng=random.Random(1), moon=False))
    no_moon = _moon_deal(NO_MOON)
    assert not any(c.plan for c in evaluate_plays(no_moon.view(0), worlds=4, rng=random.Random(1)))


def _across(seed: int) -> HandState:
    state = HandState.deal(seed=seed, hand_number=2)  # an across pass
    for seat in range(4):
        state.pass_cards(seat, [card_from_id(c) for c in rules_pass(LiveView(state, seat))])
    return state


def test_reading_the_pass_keeps_passed_cards_with_the_receiver_and_moves_shed_cards() -> None:
    """Deal 2, across: North passed South 9♣ K♦ K♥. A rule-based North holding the A♥ would have passed it
    before the K♥, so in the worlds that read the pass North rarely holds it; without reading, North holds it
    in about a fifth of the worlds (uniform deals put it in any of three hands)."""
    state = _across(2)
    view = state.view(0)
    assert pass_reading(view) == (2, True)
    assert sorted(c.code for c in state.received(0)) == ["9C", "KD", "KH"]
    truth = [state.hand_mask(s) for s in range(4)]
    assert pass_surprises(view, truth) == 0  # the real deal explains the pass
    read = Worlds(view, random.Random(1)).take(120)
    plain = Worlds(view, random.Random(1), read_pass=False).take(120)
    assert all(hands[2] & view.passed_mask == view.passed_mask for hands in read + plain)
    ace = parse_cards("AH")[0].bit
    assert not view.hand_mask & ace
    share_read = sum(bool(hands[2] & ace) for hands in read) / len(read)
    share_plain = sum(bool(hands[2] & ace) for hands in plain) / len(plain)
    assert share_read < 0.1 and share_plain > 0.15 and share_plain > 3 * share_read
    assert sum(pass_surprises(view, h) for h in read) < 0.7 * sum(pass_surprises(view, h) for h in plain)


def test_a_left_pass_is_read_in_part_and_a_hold_not_at_all() -> None:
    state = HandState.deal(seed=4, hand_number=0)  # left: South receives from East, who received from North
    for seat in range(4):
        state.pass_cards(seat, [card_from_id(c) for c in rules_pass(LiveView(state, seat))])
    assert pass_reading(state.view(0)) == (3, False)
    assert pass_reading(HandState.deal(seed=4, hand_number=3).view(0)) is None
    hands = sample_hands(state.view(0), random.Random(0))
    assert 0 <= pass_surprises(state.view(0), hands) <= 3


def _late(seed: int, totals: tuple[int, ...] | None) -> HandState:
    state = HandState.deal(STANDARD, seed=seed, hand_number=3, totals_before=totals)
    bots = {i: RuleBasedBot() for i in range(4)}
    rng = random.Random(seed)
    while state.phase is Phase.PLAYING and (state.trick_number < 8 or state.legal_mask().bit_count() < 2):
        bot_step(state, bots, rng)
    return state


def test_near_the_end_of_the_game_the_coach_plays_for_the_game() -> None:
    """Deal 16 (no pass), East to lead at trick 9 with hearts only (3♥ 5♥ 6♥ 7♥ Q♥), over 200 sampled deals. For
    points alone the Q♥ is best (a heart trick taken now, the lead given up with a low heart later); with 99 points
    (the game ends at 100, East not in the lead) any point loses the game: the 3♥ is best, and the Q♥, which
    may win the trick, clearly worse. (The plain rollout, as when this was written: looking ahead also sees that
    the low hearts can give up the lead later, and for points alone the two are then within the coach's
    uncertainty.)"""
    free = _late(16, None)
    near = _late(16, (40, 50, 60, 99))
    assert free.to_play == near.to_play == 3 and free.view(3).hand_mask == near.view(3).hand_mask
    assert [c.code for c in free.hand(3)] == ["3H", "5H", "6H", "7H", "QH"] and not free.current_trick
    assert game_stakes(free.view(3)) is None
    stakes = game_stakes(near.view(3))
    assert stakes is not None and stakes.target == 100 and stakes.loss == 26
    calm = CoachBot(worlds=200, lookahead=0).advise(free.view(3), random.Random(1))
    tense = CoachBot(worlds=200, lookahead=0).advise(near.view(3), random.Random(1))
    assert [c.code for c in calm.choice] == ["QH"] and [c.code for c in tense.choice] == ["3H"]
    for advice, worse in ((calm, "3H"), (tense, "QH")):
        other = advice.candidate(parse_cards(worse))
        assert other is not None and paired(other, advice.candidates[0])[0] > 0
        assert not within_noise(other, advice.candidates[0])
    assert tense.sentence.startswith(
        "Play the 3♥: you have 99 points and the game ends at 100; taking 1 point more "
        "would end the game; another player's total is lower than yours"
    )
    assert "99 points" not in calm.sentence
    assert "a lost game counted as 26 more points" in tense.table_html()
    assert "lost game" not in calm.table_html()


def test_the_game_utility() -> None:
    leader = GameStakes(seat=1, totals=(92.0, 40.0, 60.0, 70.0), target=100, exceed=False, loss=26.0)
    assert leader.value([8, 5, 13, 0]) == 5.0  # the game ends with the leader winning: just its points
    assert leader.value([0, 26, 0, 0]) == 26.0
    exceed = GameStakes(seat=0, totals=(92.0, 40.0, 60.0, 70.0), target=100, exceed=True, loss=26.0)
    assert exceed.value([8, 0, 18, 0]) == 8.0 and exceed.value([9, 0, 17, 0]) == 35.0


def test_adaptive_worlds_spend_less_when_clear_and_more_when_close() -> None:
    s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", NO_MOON, hold=True, trick_number=1,
                             hearts_broken=True, leader=2, check=False)  # fmt: skip
    s.play("AC")
    s.play("9C")
    found = evaluate_plays(s.view(0), worlds=8, rng=random.Random(2), focus=1, focus_worlds=16, adaptive=True)
    focused = [c.worlds for c in found if c.worlds > 8]
    assert focused and all(8 + 8 <= w <= 8 + 24 for w in focused)
    queen = next(c for c in found if c.cards[0].code == "QS")
    assert queen.worlds == 16  # clearly best after half the extra worlds: it stops there


def _cand(code: str, values: list[float], reference: bool = False) -> Candidate:
    mean = sum(values) / len(values)
    return Candidate(tuple(parse_cards(code)), mean, 0.5, 0, 0, 0, len(values), reference=reference,
                     values=tuple(values))  # fmt: skip


def _position() -> HandState:
    s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", NO_MOON, hold=True, trick_number=1,
                             hearts_broken=True, leader=2, check=False)  # fmt: skip
    s.play("AC")
    s.play("9C")
    return s


def test_two_cards_within_the_coach_uncertainty_are_called_equal() -> None:
    view = _position().view(0)
    a = _cand("QS", [14.0, 15.0, 13.0, 14.5, 14.5])
    b = _cand("5D", [15.0, 14.0, 14.0, 14.0, 15.0])  # differs by 0.2 ± about 0.9
    worse = _cand("4H", [20.0, 21.0, 22.0, 20.0, 21.0])
    text = play_sentence(view, [a, b, worse])
    # the Q♠ and the 5♦ are both discards, but into a trick of 13 points and of none: they do different things
    assert text.startswith("Play the Q♠: ") and "or the 5♦" not in text.split(".")[0]
    assert "The 5♦ does something else (" in text and "averaged 14.4, higher" in text
    assert "within the coach's uncertainty" in text and "next best" not in text
    clear = _cand("5D", [17.0, 18.0, 16.0, 17.5, 17.5])
    ranked = play_sentence(view, [a, clear, worse])
    assert "Either" not in ranked and "the next best, 5♦, costs 17.2" in ranked


def test_costly_needs_a_difference_beyond_the_uncertainty() -> None:
    view = _position().view(0)
    best = _cand("QS", [10.0, 12.0, 9.0, 13.0, 11.0, 10.0])
    noisy = _cand("5D", [9.0, 15.0, 9.0, 16.0, 11.0, 14.0])  # 1.5 more on average, but ± 2.1
    costly = _cand("4H", [12.0, 14.0, 11.0, 15.0, 13.0, 12.0])  # 2 more in every world
    advice = Advice("play", 0, list(best.cards), (best, noisy, costly), play_sentence(view, [best, noisy, costly]), 6)
    assert within_noise(noisy, best) and not within_noise(costly, best)
    verdict = grade(advice, noisy.cards)
    assert verdict.verdict == "good" and "within the coach's uncertainty" in verdict.text
    assert grade(advice, costly.cards).verdict == "costly"
    assert grade(advice, best.cards).verdict == "best"


def test_explanations_name_the_reason() -> None:
    """West takes three hearts with the A♣ and the Q♠ with the A♠ (16 of the 26 points, past THREAT_SHARE) and
    leads a heart: South, last to play, can take it with the K♥."""
    s = HandState.from_cards("KH 5H 2D 3D; AC AS 4H 4D; QS 2H 5D 6D; 2S 3H 7D 8D", hold=True, trick_number=9,
                             hearts_broken=True, leader=1)  # fmt: skip
    for card in ["AC", "2H", "3H", "5H", "AS", "QS", "2S", "2D", "4H", "5D", "7D"]:
        s.play(card)
    assert s.to_play == 0
    reasons = play_reasons(s.view(0), parse_cards("KH")[0].id)
    assert reasons[:2] == [
        "West has taken every point card so far (16 points) and may shoot the moon",
        "if the K♥ keeps the trick, West cannot take every point",
    ]
    with pytest.raises(ValueError, match="may not be played here"):  # South must follow hearts
        play_reasons(s.view(0), parse_cards("3D")[0].id)
    state = _moon_deal(trick=5)  # South has taken every point so far
    advice = CoachBot(worlds=30).advise(state.view(0), random.Random(4))
    line = advice.candidates[0]
    assert line.plan == MOON_PLAN and [c.code for c in advice.choice] == ["KH"] and line.moon_for >= 0.8
    assert advice.sentence.startswith(
        "Play the K♥: no other player has taken a point card: you can still take every point: going for the moon"
    )
    assert "no points" not in advice.sentence  # the reasons for avoiding points are not the moon line's
    assert f"shot it in {line.moon_for:.0%} of the sampled deals" in advice.sentence
