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
import math
import random
from dataclasses import dataclass

from ..cards import Card
from ..facts import Fact
from ..i18n import N_, tr, tr_n, tr_text
from ..render import card_html
from ..scoring import format_points
from ..seats import seat_name
from ..state import HandState, Phase
from .coach import Candidate, CoachBot, grade, paired, within_noise

__all__ = ["VERDICT_WORDS", "HandReview", "ReviewRow", "review_hand", "review_verdict"]

VERDICT_WORDS = {
    "best": ("✓", N_("the coach's choice")),
    "equal": ("≈", N_("too close to tell apart: within the coach's uncertainty")),
    "good": ("≈", N_("a little worse")),
    "costly": ("✗", N_("costly")),
}
"""The mark and the words of each verdict in the coach's notes (English, marked: :func:`~hearts_lessons.i18n.tr_text`
words them where they are shown)."""

TOLERANCE = 0.5
"""A difference beyond the coach's uncertainty but at most this many points is ``good`` (a little worse)."""


def review_verdict(yours: Candidate, best: Candidate) -> str:
    """How a decision compares with the coach's, honest about the coach's own uncertainty.

    ``best``: the coach's move (or one no worse on average); ``equal``: worse on average, but within the coach's
    uncertainty: the paired difference's 95% interval (over the worlds both moves were tried in) includes 0, or,
    for candidates without their worlds' values, the difference is less than the two averages' intervals together
    can explain (``√(h₁² + h₂²)``); ``good``: worse beyond that, by at most :data:`TOLERANCE` points;
    ``costly``: worse beyond both.

    >>> from hearts_lessons.cards import parse_cards
    >>> a, b = (Candidate(tuple(parse_cards(c)), m, h, 0, 0, 0, 40) for c, m, h in (("QS", 2.0, 0.8), ("2D", 3.0, 0.9)))
    >>> review_verdict(b, a), review_verdict(b, Candidate(a.cards, 2.0, 0.1, 0, 0, 0, 40))
    ('equal', 'costly')
    """
    if set(yours.cards) == set(best.cards):
        return "best"
    if min(len(yours.values), len(best.values)) >= 2:
        # both moves tried in the same worlds: the difference there decides (the one the notes show)
        diff = paired(yours, best)[0]
        if diff <= 0:
            return "best"
        if within_noise(yours, best):
            return "equal"
    else:
        diff = yours.mean - best.mean
        if diff <= 0:
            return "best"
        if diff <= math.hypot(yours.half_width, best.half_width):
            return "equal"
    return "good" if diff <= TOLERANCE else "costly"


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
    """``best``, ``equal``, ``good`` or ``costly`` (see :func:`review_verdict`)."""
    taken_by: str
    """Who took the trick, and its points (plays only)."""
    sentence: str
    your_cards: tuple[Card, ...] = ()
    coach_cards: tuple[Card, ...] = ()
    your_half: float = 0.0
    """Half the width of the 95% interval of ``your_points``."""
    coach_half: float = 0.0
    plays: tuple[tuple[int, Card], ...] = ()
    """The whole trick this card went to, in order (plays only)."""
    winner: int | None = None
    only_choice: bool = False
    paired_half: float | None = None
    """Half the width of the 95% interval of the paired difference between the two moves (over the worlds both
    were tried in), when the coach measured it."""
    facts: tuple[Fact, ...] = ()
    """The checked facts the coach's sentence says (:attr:`~hearts_lessons.bots.coach.Advice.facts`): the review
    says what the coach said at that decision, from the same facts."""
    paired_diff: float | None = None
    """How many points the seat's move took more than the coach's in the worlds both were tried in (the paired
    difference whose interval ``paired_half`` is), when the coach measured it."""

    @property
    def difference(self) -> float:
        """Expected points the seat's move took more than the coach's (0 or more), measured or not: the paired
        difference when the coach measured it (the one its verdict and uncertainty are about), else the difference
        of the two averages."""
        if self.paired_diff is not None:
            return max(0.0, self.paired_diff)
        return max(0.0, self.your_points - self.coach_points)

    @property
    def uncertainty(self) -> float:
        """How far apart the two averages may be by chance alone (95%): the paired difference's half width when
        the coach measured it, else the two intervals together."""
        if self.paired_half is not None:
            return self.paired_half
        return math.hypot(self.your_half, self.coach_half)

    @property
    def loss(self) -> float:
        """The cost counted against the seat: the difference, when it is beyond the coach's uncertainty."""
        return self.difference if self.verdict in ("good", "costly") else 0.0


@dataclass(frozen=True, slots=True)
class HandReview:
    seat: int
    rows: tuple[ReviewRow, ...]
    score: str
    players: int = 4

    @property
    def total_loss(self) -> float:
        """Expected points the seat's decisions cost compared with the coach's, summed over the hand (only the
        differences beyond the coach's uncertainty count)."""
        return sum(r.loss for r in self.rows)

    @property
    def costliest(self) -> ReviewRow | None:
        """The decision graded a little worse or costly (beyond the coach's uncertainty) that cost the most (the
        first of equals), or ``None`` when none was. Each decision's cost is measured from its own position on,
        with the coach playing the rest, so the costs of a hand's decisions overlap and are not added up for a
        reader."""
        worse = [r for r in self.rows if r.verdict in ("good", "costly")]
        return max(worse, key=lambda r: r.loss) if worse else None

    def costliest_words(self) -> tuple[str, str]:
        """Where the costliest decision was ("at trick 7", "your pass") and what it cost ("2.5 points")."""
        worst = self.costliest
        if worst is None:
            raise ValueError("no decision was graded worse than the coach's")
        points = _pts(worst.loss) if round(worst.loss, 1) else _points(round(worst.loss, 2))
        if worst.kind == "pass":
            return tr("your pass"), points
        return tr("at trick {n}", n=worst.trick), points

    @property
    def summary(self) -> str:
        """One sentence: how many decisions matched the coach, and what the costly ones cost."""
        count = {v: sum(r.verdict == v for r in self.rows) for v in VERDICT_WORDS}
        bits = [tr_n("{n} decision the coach's or as good", "{n} decisions the coach's or as good", count["best"])]
        if count["equal"]:
            bits.append(tr("{n} too close to tell apart (within the coach's uncertainty)", n=count["equal"]))
        if count["good"]:
            bits.append(tr("{n} a little worse", n=count["good"]))
        if count["costly"]:
            bits.append(tr("{n} costly", n=count["costly"]))
        counts = tr("; ", context="review summary").join(bits)
        if self.costliest is not None:
            where, points = self.costliest_words()
            return tr("{counts}. Your costliest choice was {where}: about {points} more than the coach's.",
                      counts=counts, where=where, points=points)  # fmt: skip
        return tr("{counts}. None of your choices cost more than the coach's beyond its uncertainty.", counts=counts)

    def html(self, *, four_colour: bool = False) -> str:
        """The review as a coach's notes: each decision with its cards drawn, your card and the coach's, and
        the cost in points; a difference within the coach's uncertainty is shown as too close to tell apart."""
        items = [_row_html(row, self.seat, self.players, four_colour) for row in self.rows]
        title = tr("The coach's notes on your hand")
        shown = html.escape(title, quote=False)
        head = tr("<b>{title}</b> ({score}).", title=shown, score=html.escape(self.score))
        return (
            f"<div class='hl-review' role='region' aria-label=\"{shown.replace(chr(34), '&quot;')}\" "
            "style='font:14px/1.4 system-ui,sans-serif;color:#1d1d1d;max-width:760px'>"
            f"<p style='margin:4px 0'>{head} {html.escape(self.summary)}</p>"
            "<p style='margin:4px 0;color:#444;font-size:13px'>"
            + tr("Points are what each move takes on average over deals of the cards you could not see (lower is "
                 "better), ± the coach's 95% uncertainty. The verdict compares the two moves on the same deals, where "
                 "the luck of the deal cancels: a difference within the uncertainty of that comparison is shown as "
                 "too close to tell apart.")
            + "</p><ol class='hl-review-list' style='list-style:none;margin:0;padding:0'>" + "".join(items)
            + "</ol></div>"
        )


_COLOURS = {"best": ("#e7f4ea", "#14532d"), "equal": ("#eef2f7", "#1e3a5f"), "good": ("#fff6dc", "#6b4e00"),
            "costly": ("#fdecee", "#8a0019")}  # fmt: skip


def _points(value: int | float | complex) -> str:
    """A score in words, in the book's language: ``1 point``, ``13 points``, ``0.5 points``."""
    text = format_points(value)
    if text == "1":
        return tr("{points} point", points=text)
    return tr("{points} points", points=text)


def _pts(value: float) -> str:
    """``1 point``, ``2.3 points``: a measured average in words."""
    rounded = round(value, 1)
    if rounded == int(rounded):
        return _points(int(rounded))
    return tr("{points} points", points=f"{rounded:.1f}")


def _apart(difference: float, uncertainty: float) -> tuple[str, str]:
    """A difference and the uncertainty it is beyond, in words, with enough decimals that the first reads larger
    (rounded to 0.1 both could read "1 point").

    >>> _apart(1.04, 0.96), _apart(0.8, 0.5)
    (('1.04 points', '0.96 points'), ('0.8 points', '0.5 points'))
    """
    if round(difference, 1) > round(uncertainty, 1):
        return _pts(difference), _pts(uncertainty)
    return (tr("{points} points", points=f"{difference:.2f}"), tr("{points} points", points=f"{uncertainty:.2f}"))


def _faces(cards: tuple[Card, ...], four_colour: bool, *, mark: str | None = None) -> str:
    return "".join(
        f"<span style='display:inline-block;margin:0 2px;vertical-align:middle'>"
        f"{card_html(c, scale=0.6, four_colour=four_colour, highlight=mark)}</span>"
        for c in cards
    )


def _row_html(row: ReviewRow, seat: int, players: int, four_colour: bool) -> str:
    mark, words = VERDICT_WORDS.get(row.verdict, ("", row.verdict))
    words = tr_text(words) if row.verdict in VERDICT_WORDS else words
    back, ink = _COLOURS.get(row.verdict, ("#f4f4f4", "#1d1d1d"))
    when = tr("Your pass") if row.kind == "pass" else tr("Trick {n}", n=row.trick)
    if row.only_choice:
        verdict = tr("your only legal card")
    elif row.verdict == "best":
        if set(row.your_cards) == set(row.coach_cards):
            verdict = f"{mark} {words}"
        else:
            verdict = f"{mark} " + tr("as good as the coach's")
    elif row.verdict == "equal":
        verdict = f"{mark} " + tr("{verdict} (a difference of {points}, ± {uncertainty})", verdict=words,
                                  points=_pts(row.difference), uncertainty=_pts(row.uncertainty))
    else:
        points, uncertainty = _apart(row.difference, row.uncertainty)
        verdict = f"{mark} " + tr("{verdict}: about {points} more than the coach's on the same deals, beyond the "
                                  "uncertainty of that difference (± {uncertainty})", verdict=words, points=points,
                                  uncertainty=uncertainty)  # fmt: skip
    parts = [
        f"<li class='hl-review-item is-{row.verdict}' style='background:{back};border-left:5px solid {ink};"
        "border-radius:8px;margin:6px 0;padding:6px 10px;overflow-wrap:anywhere'>",
        f"<div style='font-weight:700;color:{ink}'>{when} · {html.escape(verdict)}</div>",
    ]
    if row.plays:
        cells = []
        for who, card in row.plays:
            name = tr("you", context="seat") if who == seat else seat_name(who, players)
            wins = who == row.winner
            face = card_html(card, scale=0.6, four_colour=four_colour, highlight="#b8860b" if wins else None)
            cells.append(
                "<span style='display:inline-flex;flex-direction:column;align-items:center;margin:0 3px'>"
                f"{face}<span style='font-size:12px{';font-weight:700' if who == seat else ''}'>"
                f"{html.escape(name)}{' ★' if wins else ''}</span></span>"
            )
        took = f" → {html.escape(row.taken_by)}" if row.taken_by else ""
        label = tr("The trick:")
        parts.append(f"<div style='margin:4px 0'><span style='font-size:13px'>{label}</span> {''.join(cells)}"
                     f"<span style='font-size:13px'>{took}</span></div>")  # fmt: skip
    yours = _faces(row.your_cards, four_colour) or html.escape(row.yours)
    coach = _faces(row.coach_cards, four_colour) or html.escape(row.coach)
    if row.only_choice:
        parts.append("<div>" + tr("You played {cards}: the only card you could play.", cards=yours) + "</div>")
    else:
        same = row.verdict == "best" and set(row.your_cards) == set(row.coach_cards)
        mine = f"<span style='font-size:13px'>≈ {_pts(row.your_points)} ± {row.your_half:.1f}</span>"
        if row.kind == "pass":
            you_did = tr("You passed {cards} {numbers}", cards=yours, numbers=mine)
        else:
            you_did = tr("You played {cards} {numbers}", cards=yours, numbers=mine)
        theirs = f"<span style='font-size:13px'>≈ {_pts(row.coach_points)} ± {row.coach_half:.1f}</span>"
        parts.append(
            "<div style='display:flex;flex-wrap:wrap;gap:4px 18px;align-items:center;margin:2px 0'>"
            f"<span>{you_did}</span>"
            + ("<span>" + tr("— the coach's choice too.") + "</span>" if same else
               "<span>" + tr("The coach: {cards} {numbers}", cards=coach, numbers=theirs) + "</span>")
            + "</div>"
        )  # fmt: skip
        note = html.escape(row.sentence)
        if not same:  # the coach's sentence is about its own choice: say so beside a move that was not it
            note = html.escape(tr("Why the coach chose {cards}: {sentence}", cards=row.coach, sentence=row.sentence))
        parts.append(f"<div style='font-size:13px;color:#333'>{note}</div>")
    parts.append("</li>")
    return "".join(parts)


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
            mine = tuple(action.cards)
            if not only_choice:
                extra = list(action.cards) if action.kind == "pass" else []
                advice = coach.advise(view, random.Random(seed_base + len(replay.actions)), extra=extra)
                graded = grade(advice, list(action.cards))
                yours, best = graded.yours, graded.best
                coach_cards = tuple(best.cards)
                your_points, coach_points = yours.mean, best.mean
                your_half, coach_half = yours.half_width, best.half_width
                verdict = review_verdict(yours, best)
                sentence = advice.sentence
                facts = advice.facts
                shared = min(len(yours.values), len(best.values)) >= 2 and yours is not best
                paired_diff, paired_half = paired(yours, best) if shared else (None, None)
            else:
                coach_cards = mine
                your_points = coach_points = your_half = coach_half = 0.0
                verdict = "best"
                sentence = tr("Your only legal card.")
                facts = ()
                paired_diff = paired_half = None
            done = len(replay.tricks)
            replay.apply(action)
            taken_by = ""
            plays: tuple[tuple[int, Card], ...] = ()
            winner = None
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
                    who = seat_name(trick.winner, n) if trick.winner is not None else tr("nobody")
                    who = tr("you", context="seat") if trick.winner == seat else who
                    taken_by = tr("{who} ({points})", who=who, points=_points(trick.points))
                    plays, winner = tuple(trick.plays), trick.winner
                else:
                    plays = tuple(probe.current_trick)
            rows.append(ReviewRow(action.kind, trick_number, " ".join(c.symbol for c in mine),
                                  " ".join(c.symbol for c in coach_cards), your_points, coach_points, verdict,
                                  taken_by, sentence, mine, coach_cards, your_half, coach_half, plays, winner,
                                  only_choice, paired_half, facts, paired_diff))  # fmt: skip
            continue
        replay.apply(action)
    score = hand.score
    if score is not None:
        summary = tr("you scored {points}", points=_points(score.points[seat]))
    else:
        summary = tr("hand in progress")
    return HandReview(seat, tuple(rows), summary, n)
