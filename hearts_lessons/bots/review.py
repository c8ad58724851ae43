"""A review of a finished hand for one seat: each of its decisions graded against the coach's, trick by trick.

The hand is replayed from its record; at each of the seat's decisions the coach evaluates every legal move from
that seat's own view (what the seat knew then, nothing more), and the seat's actual move is graded against the
coach's choice in the same sampled deals.

>>> import random
>>> from hearts_lessons.bots import make_bot, play_hand
>>> from hearts_lessons.state import HandState
>>> hand = HandState.deal(seed=8)
>>> _ = play_hand(hand, [make_bot("beginner") for _ in range(4)], random.Random(8))
>>> review = review_hand(hand, 0, coach=CoachBot(worlds=12, pass_worlds=6))
>>> len(review.rows) == 1 + 13 and review.rows[0].kind == "pass"
True
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass

from ..scoring import format_points, points_words
from ..seats import seat_name
from ..state import HandState, Phase
from .coach import CoachBot, grade

__all__ = ["HandReview", "ReviewRow", "review_hand"]

@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One decision of the reviewed seat."""

    kind: str
    """``pass`` or ``play``."""
    trick: int | None
    """The trick number (from 1) for a play."""
    yours: str
    coach: str
    your_points: float
    coach_points: float
    verdict: str
    """``best``, ``good`` or ``costly`` (see :func:`~hearts_lessons.bots.coach.grade`)."""
    taken_by: str
    """Who took the trick, and its points (plays only)."""
    sentence: str

    @property
    def loss(self) -> float:
        return max(0.0, self.your_points - self.coach_points)


@dataclass(frozen=True, slots=True)
class HandReview:
    seat: int
    rows: tuple[ReviewRow, ...]
    score: str

    @property
    def total_loss(self) -> float:
        """Expected points the seat's decisions cost compared with the coach's, summed over the hand."""
        return sum(r.loss for r in self.rows)

    def html(self) -> str:
        """The review as an HTML table, costly decisions marked."""
        body = []
        marks = {"best": "✓", "good": "≈", "costly": "✗"}
        for row in self.rows:
            when = "pass" if row.kind == "pass" else f"trick {row.trick}"
            style = " style='background:#fde8e8'" if row.verdict == "costly" else ""
            body.append(
                f"<tr{style}><td>{when}</td><td>{html.escape(row.yours)}</td><td>{html.escape(row.coach)}</td>"
                f"<td>{row.your_points:.1f}</td><td>{row.coach_points:.1f}</td>"
                f"<td>{marks.get(row.verdict, '')} {row.verdict}</td><td>{html.escape(row.taken_by)}</td></tr>"
            )
        return (
            "<table class='hl-review' style='border-collapse:collapse;font:13px sans-serif'>"
            f"<caption style='text-align:left'>Your decisions against the coach's ({self.score}). Expected points "
            "are averages over sampled deals of the cards you could not see; lower is better. In all, your "
            f"choices cost {self.total_loss:.1f} expected points more than the coach's.</caption>"
            "<thead><tr><th>when</th><th>you</th><th>coach</th><th>your expected points</th>"
            "<th>coach's expected points</th><th>verdict</th><th>trick went to</th></tr></thead><tbody>"
            + "".join(body) + "</tbody></table>"
        )


def review_hand(hand: HandState, seat: int, *, coach: CoachBot | None = None, seed_base: int = 0) -> HandReview:
    """Grade every pass and play ``seat`` made in ``hand`` (finished or in progress) against the coach.

    The coach's sampling at the decision after ``k`` actions is seeded with ``seed_base + k``: a widget that
    seeds its hints the same way gets a review that agrees with the hints it gave."""
    coach = coach or CoachBot()
    n = hand.players
    replay = hand.restart()
    rows: list[ReviewRow] = []
    for action in hand.actions:
        if action.seat == seat and action.kind in ("pass", "play"):
            view = replay.view(seat)
            trick_number = replay.trick_number + 1 if action.kind == "play" else None
            only_choice = action.kind == "play" and view.legal_mask.bit_count() == 1
            if not only_choice:
                extra = list(action.cards) if action.kind == "pass" else []
                advice = coach.advise(view, random.Random(seed_base + len(replay.actions)), extra=extra)
                graded = grade(advice, list(action.cards))
                yours, best = graded.yours, graded.best
                row_kind = action.kind
                coach_cards = " ".join(c.symbol for c in best.cards)
                your_points, coach_points, verdict = yours.mean, best.mean, graded.verdict
                sentence = advice.sentence
            else:
                row_kind = "play"
                coach_cards = action.cards[0].symbol
                your_points = coach_points = 0.0
                verdict = "best"
                sentence = "Your only legal card."
            done = len(replay.tricks)
            replay.apply(action)
            taken_by = ""
            if action.kind == "play":
                # the trick this card belongs to is complete once every seat has played to it
                probe = replay.copy()
                while len(probe.tricks) == done and probe.phase is Phase.PLAYING:
                    later = hand.actions[len(probe.actions)] if len(probe.actions) < len(hand.actions) else None
                    if later is None:
                        break
                    probe.apply(later)
                if len(probe.tricks) > done:
                    trick = probe.tricks[done]
                    who = seat_name(trick.winner, n) if trick.winner is not None else "nobody"
                    taken_by = f"{who} ({points_words(trick.points)})"
            rows.append(ReviewRow(row_kind, trick_number, " ".join(c.symbol for c in action.cards), coach_cards,
                                  your_points, coach_points, verdict, taken_by, sentence))  # fmt: skip
            continue
        replay.apply(action)
    score = hand.score
    summary = f"you scored {format_points(score.points[seat])}" if score is not None else "hand in progress"
    return HandReview(seat, tuple(rows), summary)
