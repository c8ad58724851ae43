"""The coach's review of a hand: every decision graded honestly (a difference inside the coach's uncertainty is
too close to tell apart, never costly), the cards drawn, the cost in points in words."""

from __future__ import annotations

import html
import random
import re

import pytest

from hearts_lessons.bots import CoachBot, make_bot, play_hand
from hearts_lessons.bots.coach import Candidate
from hearts_lessons.bots.review import (
    VERDICT_WORDS,
    HandReview,
    ReviewRow,
    _apart,
    review_hand,
    review_verdict,
)
from hearts_lessons.cards import parse_cards
from hearts_lessons.state import HandState


@pytest.fixture(scope="module")
def review() -> HandReview:
    hand = HandState.deal(seed=8)
    play_hand(hand, [make_bot("beginner") for _ in range(4)], random.Random(8))
    return review_hand(hand, 0, coach=CoachBot(worlds=12, pass_worlds=6))


def _candidate(cards: str, mean: float, half: float) -> Candidate:
    return Candidate(tuple(parse_cards(cards)), mean, half, 0.0, 0.0, 0.0, 40)


def test_a_difference_inside_the_uncertainty_is_equal_and_costly_needs_more() -> None:
    best = _candidate("QS", 2.0, 0.6)
    assert review_verdict(_candidate("QS", 2.0, 0.6), best) == "best"
    assert review_verdict(_candidate("2D", 1.9, 0.6), best) == "best"  # no worse on average
    assert review_verdict(_candidate("2D", 2.8, 0.6), best) == "equal"  # 0.8 < √(0.6² + 0.6²) ≈ 0.85
    assert review_verdict(_candidate("2D", 2.3, 0.05), _candidate("QS", 2.0, 0.05)) == "good"
    assert review_verdict(_candidate("2D", 3.0, 0.6), best) == "costly"  # 1.0 > 0.85 and > 0.5


def test_every_row_is_graded_against_its_own_uncertainty(review: HandReview) -> None:
    assert len(review.rows) == 1 + 13 and review.rows[0].kind == "pass"
    for row in review.rows:
        assert row.verdict in VERDICT_WORDS
        inside = row.difference <= row.uncertainty  # the paired interval when the coach measured it
        if row.verdict == "costly":
            assert not inside and row.loss == row.difference > 0.5
        if inside:
            assert row.verdict in ("best", "equal") and row.loss == 0
        if row.kind == "play":
            assert len(row.plays) == 4 and any(s == 0 and c == row.your_cards[0] for s, c in row.plays)
    assert review.total_loss == pytest.approx(sum(r.loss for r in review.rows))
    worst = review.costliest
    if worst is None:
        assert all(r.verdict in ("best", "equal") for r in review.rows) and "None of your choices" in review.summary
    else:
        assert worst.loss == max(r.loss for r in review.rows) > 0
        where = f"at trick {worst.trick}" if worst.kind == "play" else "your pass"
        assert f"Your costliest choice was {where}: about " in review.summary and "In all" not in review.summary


def test_the_summary_never_adds_up_overlapping_costs() -> None:
    """Each decision's cost is measured from its own position on, so the costs overlap: the summary names the
    costliest decision and what it cost, never a sum (which could exceed the points the hand gave)."""
    rows = tuple(ReviewRow("play", n, "2♠", "3♠", 5.0 + n, 1.0, "costly", "", "") for n in (3, 7, 10))
    review = HandReview(0, rows, "you scored 6 points")
    assert review.total_loss == 7 + 11 + 14  # more than the 6 points the hand gave: not a cost to report
    assert review.costliest is rows[2] and review.summary.endswith(
        "Your costliest choice was at trick 10: about 14 points more than the coach's.")
    small = HandReview(0, (ReviewRow("pass", None, "2♠", "3♠", 1.03, 1.0, "good", "", "", paired_diff=0.03,
                                     paired_half=0.01),), "you scored 1 point")  # fmt: skip
    assert small.summary.endswith("1 a little worse. Your costliest choice was your pass: about 0.03 points more "
                                  "than the coach's.")  # a choice graded worse is never "nothing measurable"


def test_the_notes_draw_the_cards_and_say_points_in_words(review: HandReview) -> None:
    text = review.html()
    assert text.count("class='hl-review-item") == len(review.rows)
    assert text.count("<svg") >= 4 * 13 + 2 * 3  # every trick, your pass and the coach's
    assert " pts" not in text and not re.search(r"(?<![\d.])1 points", text) and "1.0 points" not in text
    for row in review.rows:
        if row.verdict == "equal":
            assert "too close to tell apart: within the coach&#x27;s uncertainty" in text
    assert "costly" not in " ".join(re.findall(r"is-equal.*?</li>", text))
    assert "The coach's notes" in text and review.summary in text.replace("&#x27;", "'")


def test_the_verdict_uses_the_paired_difference_when_the_worlds_are_known() -> None:
    """Two moves tried in the same worlds: a steady difference of 1 point in every world is beyond the coach's
    uncertainty, though the two averages' own intervals overlap widely."""
    worlds = [2.0, 9.0, 4.0, 13.0, 6.0, 1.0]

    def tried(cards: str, shift: float) -> Candidate:
        values = tuple(v + shift for v in worlds)
        return Candidate(tuple(parse_cards(cards)), sum(values) / 6, 4.0, 0.0, 0.0, 0.0, 6, values=values)

    best, steady = tried("QS", 0.0), tried("2D", 1.0)
    assert review_verdict(steady, best) == "costly"
    assert review_verdict(_candidate("2D", best.mean + 1.0, 4.0), _candidate("QS", best.mean, 4.0)) == "equal"


def test_a_worse_move_is_shown_with_the_uncertainty_its_verdict_is_about(review: HandReview) -> None:
    """A reader's finding: a row marked costly said "about 0.8 points more" beside averages of ± 1.0 and a note
    about another card "within the coach's uncertainty". The heading of a move graded a little worse or costly
    gives the difference and the uncertainty it is beyond (the paired one, over the same worlds, when measured),
    and a note beside a move that was not the coach's says it explains the coach's choice."""
    text = html.unescape(review.html())
    for row in review.rows:
        if row.verdict in ("good", "costly"):
            assert row.difference > row.uncertainty
            points, uncertainty = _apart(row.difference, row.uncertainty)
            assert (f"about {points} more than the coach's on the same deals, beyond the uncertainty of that "
                    f"difference (± {uncertainty})") in text
        if not row.only_choice and set(row.your_cards) != set(row.coach_cards):
            assert f"Why the coach chose {row.coach}: " in text
    assert any(r.verdict in ("good", "costly") for r in review.rows) and any(
        not r.only_choice and set(r.your_cards) != set(r.coach_cards) for r in review.rows)


def test_the_paired_difference_decides_between_a_little_worse_and_costly() -> None:
    """With the worlds known, the tolerance applies to the difference in the same worlds, the one the note shows:
    a steady 0.4 points more in every world is a little worse, even where the two averages differ by more."""
    worlds = [2.0, 9.0, 4.0, 13.0, 6.0, 1.0]
    best_values = tuple(worlds)
    yours_values = tuple(v + 0.4 for v in worlds)
    best = Candidate(tuple(parse_cards("QS")), 5.0, 4.0, 0.0, 0.0, 0.0, 6, values=best_values)
    yours = Candidate(tuple(parse_cards("2D")), 5.9, 4.0, 0.0, 0.0, 0.0, 6, values=yours_values)  # averages: 0.9
    assert review_verdict(yours, best) == "good"


def test_with_the_worlds_known_the_paired_difference_decides_both_ways() -> None:
    """A move whose own average is lower (over other worlds) but which costs more in the worlds both moves were
    tried in, beyond the uncertainty, is not "as good as the coach's"; one whose average is higher but which costs
    no more in those worlds is."""
    worlds = [2.0, 9.0, 4.0, 13.0, 6.0, 1.0]

    def tried(cards: str, mean: float, shift: float) -> Candidate:
        return Candidate(tuple(parse_cards(cards)), mean, 4.0, 0.0, 0.0, 0.0, 6,
                         values=tuple(v + shift for v in worlds))  # fmt: skip

    coach = tried("QS", 5.8, 0.0)
    assert review_verdict(tried("2D", 5.5, 1.0), coach) == "costly"  # lower average, 1 point more in every world
    assert review_verdict(tried("3D", 6.5, 0.0), coach) == "best"  # higher average, the same in every world
