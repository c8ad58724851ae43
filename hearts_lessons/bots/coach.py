"""The coach: a Monte Carlo player that can say why.

For each decision the coach deals the hidden cards again many times, consistently with everything its seat knows,
preferring deals in which the other players' cards so far are the cards a rule-based player would have chosen
(:class:`~hearts_lessons.bots.sampling.Worlds`). In each of these *worlds* it tries every candidate move and lets
the rule-based player finish the hand for all seats (a *rollout*). Every candidate is tried in the same worlds, so
the comparison between candidates is fair even with few worlds; the averages are the numbers behind its
explanation. To choose, it then looks again, in more worlds, at the few best candidates and the rule-based move,
and plays the move with the fewest points on average — unless its saving over the rule-based move is within the
noise (``caution``), in which case it plays the rule-based move.

>>> import random
>>> from hearts_lessons.rules import STANDARD, Moon
>>> from hearts_lessons.state import HandState
>>> no_moon = STANDARD.with_options(moon=Moon.NONE)
>>> s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", no_moon, hold=True, trick_number=1,
...                          hearts_broken=True, leader=2)
>>> s.play("AC"); s.play("9C")
>>> advice = CoachBot(worlds=20).advise(s.view(0), random.Random(1))
>>> advice.choice, advice.candidates[0].mean < advice.candidates[-1].mean
([QS], True)
"""

from __future__ import annotations

import html
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import Card, card_from_id
from ..lean import Lean, LeanView
from ..rules import PassDirection
from ..state import HandState, Phase
from ..stats import Z95, mean_half
from ..table import seat_name
from ..views import SeatView, state_from_view
from .explain import pass_sentence, play_sentence
from .features import Knowledge, bits, cost_of, tables_for
from .rulebased import pass_scores, rules_pass, rules_play
from .sampling import DEFAULT_BURN, Worlds, sample_hands

__all__ = ["DEFAULT_PASS_WORLDS", "DEFAULT_WORLDS", "Advice", "Candidate", "CoachBot", "Grade", "evaluate_passes",
           "evaluate_plays", "grade", "pass_candidates", "play_candidates"]  # fmt: skip

DEFAULT_WORLDS = 100
"""Worlds per card decision at the coach's default strength."""
DEFAULT_PASS_WORLDS = 40
"""Worlds per pass decision at the default strength (each world tries every candidate pass)."""
DEFAULT_CAUTION = 1.0
"""Standard errors by which a move must beat the rule-based move to be chosen instead of it."""

Rollout = Callable[[Knowledge, int], int]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One move the coach tried, with what it cost over the sampled worlds."""

    cards: tuple[Card, ...]
    """The card played (or the cards passed)."""
    mean: float
    """Average points this seat took in the hand (lower is better)."""
    half_width: float
    """Half the width of a 95% confidence interval for ``mean``."""
    queen: float
    """Share of worlds in which this seat took a big penalty card (the Q♠)."""
    moon_against: float
    """Share of worlds in which another seat shot the moon."""
    moon_for: float
    """Share of worlds in which this seat shot the moon."""
    worlds: int
    saving: float = 0.0
    """Points saved on average compared with the rule-based move in the same worlds (positive is better)."""
    saving_half_width: float = 0.0
    """Half the width of a 95% confidence interval for ``saving``."""
    reference: bool = False
    """This is the rule-based player's move."""

    @property
    def label(self) -> str:
        return " ".join(c.symbol for c in self.cards)


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's choice for one decision, why, and the numbers behind it (best candidate first)."""

    kind: str
    """``play`` or ``pass``."""
    seat: int
    choice: list[Card]
    candidates: tuple[Candidate, ...]
    sentence: str
    worlds: int

    def candidate(self, cards: Sequence[Card]) -> Candidate | None:
        """The candidate for these cards (any order), if the coach tried it."""
        wanted = set(cards)
        return next((c for c in self.candidates if set(c.cards) == wanted), None)

    def rows(self, *, yours: Sequence[Card] = ()) -> list[dict[str, object]]:
        """The candidates as table rows (for pandas or a widget): the coach's choice first, then by average."""
        mine = set(yours)
        out = []
        for index, c in enumerate(self.candidates):
            notes = ["coach"] if index == 0 else []
            if c.reference:
                notes.append("rule of thumb")
            if mine and set(c.cards) == mine:
                notes.append("yours")
            out.append({"move": c.label, "expected points": round(c.mean, 2), "± (95%)": round(c.half_width, 2),
                        "takes Q♠": round(c.queen, 2), "moon against": round(c.moon_against, 2),
                        "": ", ".join(notes)})  # fmt: skip
        return out

    def table_html(self, *, limit: int = 8, yours: Sequence[Card] = ()) -> str:
        """The candidates as an HTML table: the first ``limit`` rows, plus the rule of thumb's and ``yours``."""
        rows = self.rows(yours=yours)
        head = "".join(f"<th style='padding:2px 8px'>{html.escape(k)}</th>" for k in rows[0]) if rows else ""
        body = []
        for index, row in enumerate(rows):
            if index >= limit and not row[""]:
                continue
            style = " style='font-weight:bold'" if index == 0 else ""
            cells = "".join(f"<td style='padding:2px 8px'>{html.escape(str(v))}</td>" for v in row.values())
            body.append(f"<tr{style}>{cells}</tr>")
        return (
            "<table class='hl-advice' style='border-collapse:collapse;font:13px sans-serif'>"
            f"<caption style='text-align:left'>Expected points over {self.worlds} sampled deals of the hidden "
            f"cards (lower is better)</caption><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )

    def _repr_html_(self) -> str:
        return f"<p style='font:14px sans-serif'>{html.escape(self.sentence)}</p>{self.table_html()}"


def _rules_rollout(view: Knowledge, legal: int) -> int:
    return rules_play(view, legal)


def _rules_choice(lean: Lean, seat: int, mask: int) -> int:
    return rules_play(LeanView(lean, seat, mask), mask)


def _finish(lean: Lean, rollout: Rollout, rng: random.Random) -> None:
    """A rollout: every seat plays ``rollout``'s cards to the end of the hand, on the hot path."""
    if rollout is _rules_rollout:
        lean.finish(_rules_choice)
    else:
        lean.finish(lambda ln, seat, mask: rollout(LeanView(ln, seat, mask), mask))
    lean.settle(rng)


class _Tally:
    __slots__ = ("moon_against", "moon_for", "queen", "values")

    def __init__(self) -> None:
        self.values: list[float] = []
        self.queen = self.moon_for = self.moon_against = 0

    def add(self, state: Lean, seat: int, big: int) -> None:
        score = state._score
        assert score is not None
        self.values.append(cost_of(score.points[seat]))
        self.queen += bool(state._taken[seat] & big)
        if score.shooter is not None:
            if score.shooter == seat:
                self.moon_for += 1
            else:
                self.moon_against += 1

    def candidate(self, cards: tuple[Card, ...], reference: _Tally | None) -> Candidate:
        n = max(len(self.values), 1)
        mean, half = mean_half(self.values)
        saving = saving_half = 0.0
        if reference is not None:  # paired over the worlds both were tried in
            saving, saving_half = mean_half([r - v for v, r in zip(self.values, reference.values, strict=False)])
        return Candidate(cards, mean, half, self.queen / n, self.moon_against / n, self.moon_for / n,
                         len(self.values), saving, saving_half, reference is self)  # fmt: skip


def _pick(found: Sequence[Candidate], caution: float) -> Candidate:
    """The best candidate whose saving over the rule-based move is clear (more than ``caution`` standard
    errors); else the rule-based move."""
    reference = next((c for c in found if c.reference), None)
    if reference is None:
        return found[0]
    for candidate in found:  # best mean first
        if candidate is reference or candidate.saving > caution * candidate.saving_half_width / Z95:
            return candidate
    return reference


def play_candidates(view: Knowledge) -> list[int]:
    """The legal cards worth trying: of cards that are equivalent (same suit, no unseen card between them,
    same points), only the highest."""
    t = tables_for(view.k)
    legal = view.legal_mask
    unseen = view.unseen_mask
    out: list[int] = []
    for cid in sorted(bits(legal), key=lambda c: (t.suit[c], c & 15)):
        if out:
            prev = out[-1]
            suit = t.suit[cid]
            if t.suit[prev] == suit and t.cost[prev] == t.cost[cid] and not t.multi:
                between = t.under[suit][cid & 15] & ~t.under[suit][(prev & 15) + 1]
                if not between & unseen and not (t.catchers | t.big) >> prev & 1:
                    out[-1] = cid
                    continue
        out.append(cid)
    return out


def evaluate_plays(
    view: SeatView,
    *,
    worlds: int = DEFAULT_WORLDS,
    rng: random.Random | None = None,
    rollout: Rollout = _rules_rollout,
    cards: Sequence[int] | None = None,
    focus: int = 0,
    focus_worlds: int = 0,
    infer: bool = False,
    burn: int = DEFAULT_BURN,
) -> list[Candidate]:
    """Try each candidate card (ids; default :func:`play_candidates`) in ``worlds`` sampled worlds; then, with
    ``focus``, try the ``focus`` best cards and the rule-based card in ``focus_worlds`` more worlds. Best first.
    Each candidate's ``saving`` compares it with the rule-based card in the worlds both were tried in. With
    ``infer``, the worlds are those in which the others' earlier cards look like a rule-based player's
    (:class:`~hearts_lessons.bots.sampling.Worlds`, with ``burn`` steps of burn-in); without it, every deal
    consistent with the view is as likely."""
    rng = rng or random.Random(0)
    if view.phase is not Phase.PLAYING or view.to_play != view.seat:
        raise ValueError("it is not this seat's turn to play")
    ids = list(cards) if cards is not None else play_candidates(view)
    reference = rules_play(view)
    if reference not in ids:
        ids.append(reference)
    big = tables_for(view.k).big
    tallies = {cid: _Tally() for cid in ids}

    sampler = Worlds(view, rng, burn=burn) if infer else None

    def run(chosen: Sequence[int], count: int) -> None:
        worlds_ = sampler.take(count) if sampler else (sample_hands(view, rng) for _ in range(count))
        for hands in worlds_:
            base = state_from_view(view, hands)
            for cid in chosen:
                state = base.lean_copy()
                state._apply_play(cid)
                _finish(state, rollout, rng)
                tallies[cid].add(state, view.seat, big)

    run(ids, worlds)
    if focus and focus_worlds and len(ids) > 1:
        leaders = sorted(ids, key=lambda c: sum(tallies[c].values))[:focus]
        run(list(dict.fromkeys([*leaders, reference])), focus_worlds)
    out = [tallies[cid].candidate((card_from_id(cid),), tallies[reference]) for cid in ids]
    return sorted(out, key=lambda c: (c.mean, c.cards[0].rank, c.cards[0].suit))


def pass_candidates(view: Knowledge, *, limit: int = 24) -> list[tuple[int, ...]]:
    """Passes worth trying: the rule-based pass, every choice among the most dangerous cards, and passes that
    empty a short suit."""
    need = sum(count for _, count in view.targets)
    scores = pass_scores(view)
    order = sorted(scores, key=lambda c: (-scores[c], -(c & 15), c))
    if need <= 0 or len(order) < need:
        return []
    out: list[tuple[int, ...]] = [tuple(rules_pass(view))]
    pool = need + 3
    while pool > need and math.comb(min(pool, len(order)), need) > limit - 6:
        pool -= 1
    for combo in itertools.combinations(order[:pool], need):
        out.append(combo)
    k = view.k
    for suit in range(4):
        mine = [c for c in order if (k.suit_masks[suit] >> c) & 1]
        if 0 < len(mine) <= need and len(mine) == (view.hand_mask & k.suit_masks[suit]).bit_count():
            rest = [c for c in order if c not in mine][: need - len(mine)]
            out.append(tuple(mine + rest))
    seen: set[frozenset[int]] = set()
    unique = []
    for combo in out:
        key = frozenset(combo)
        if key not in seen and len(key) == need:
            seen.add(key)
            unique.append(combo)
    return unique[:limit]


def _pass_world(view: SeatView, rng: random.Random) -> HandState:
    hands = sample_hands(view, rng)
    held = 0
    for mask in hands:
        held |= mask
    state = HandState(view.rules, hands, view.k.deck & ~held, dealer=view.dealer, hand_number=view.hand_number,
                      direction=view.direction, totals_before=view.totals_before)  # fmt: skip
    if state.phase is Phase.DEALERS_CHOICE:
        state.targets = view.targets
        state.phase = Phase.PASSING
    return state


def evaluate_passes(
    view: SeatView,
    candidates: Sequence[Sequence[int]] | None = None,
    *,
    worlds: int = DEFAULT_PASS_WORLDS,
    rng: random.Random | None = None,
    rollout: Rollout = _rules_rollout,
    focus: int = 0,
    focus_worlds: int = 0,
) -> list[Candidate]:
    """Try each candidate pass (tuples of card ids; default :func:`pass_candidates`) in ``worlds`` sampled
    deals; the other seats pass and play like the rule-based player. With ``focus``, the ``focus`` best passes
    and the rule-based pass are tried in ``focus_worlds`` more deals. Best first; each candidate's ``saving``
    compares it with the rule-based pass in the deals both were tried in."""
    rng = rng or random.Random(0)
    if view.phase is not Phase.PASSING:
        raise ValueError("it is not time to pass")
    combos = [tuple(c) for c in (candidates if candidates is not None else pass_candidates(view))]
    reference = tuple(rules_pass(view))
    if frozenset(reference) not in {frozenset(c) for c in combos}:
        combos.append(reference)
    ref_index = next(i for i, c in enumerate(combos) if frozenset(c) == frozenset(reference))
    me = view.seat
    big = tables_for(view.k).big
    tallies = [_Tally() for _ in combos]

    def run(chosen: Sequence[int], count: int) -> None:
        for _ in range(count):
            base = _pass_world(view, rng)
            others = {s: tuple(rules_pass(LeanView(base, s))) for s in range(view.players) if s != me}
            for index in chosen:
                state = base.copy()
                state._passes = [combos[index] if s == me else others[s] for s in range(view.players)]
                state._exchange()
                _finish(state, rollout, rng)
                tallies[index].add(state, me, big)

    run(range(len(combos)), worlds)
    if focus and focus_worlds and len(combos) > 1:
        leaders = sorted(range(len(combos)), key=lambda i: sum(tallies[i].values))[:focus]
        run(list(dict.fromkeys([*leaders, ref_index])), focus_worlds)
    out = [t.candidate(tuple(card_from_id(c) for c in combo), tallies[ref_index])
           for t, combo in zip(tallies, combos, strict=True)]  # fmt: skip
    return sorted(out, key=lambda c: c.mean)


class CoachBot:
    """The Monte Carlo coach. ``worlds`` (card decisions) and ``pass_worlds`` set its strength and speed;
    ``caution`` is how many standard errors a move must save over the rule-based move to be preferred to it
    (0: always the best average)."""

    name = "coach"

    def __init__(self, worlds: int = DEFAULT_WORLDS, pass_worlds: int = DEFAULT_PASS_WORLDS,
                 caution: float = DEFAULT_CAUTION, focus_worlds: int | None = None, infer: bool = True
                 ) -> None:  # fmt: skip
        if worlds < 1 or pass_worlds < 1:
            raise ValueError("the coach needs at least one world per decision")
        self.worlds = worlds
        self.pass_worlds = pass_worlds
        self.caution = caution
        self.focus_worlds = 2 * worlds if focus_worlds is None else focus_worlds
        """Extra worlds for the two best cards and the rule-based card (a pass decision tries its four best
        passes and the rule-based pass in ``2 * pass_worlds`` more deals)."""
        self.infer = infer
        """Read the other players: prefer worlds in which their cards so far are the cards a rule-based player
        would have chosen (:class:`~hearts_lessons.bots.sampling.Worlds`). Against three rule-based bots this is
        what makes the coach clearly better than they are (see ``bench/bots.py``); ``infer=False`` treats every
        deal consistent with the view as equally likely."""
        self.burn = min(DEFAULT_BURN, max(10, worlds * 3 // 2))
        """Burn-in steps of each chain when reading the others' play: 150 at the default strength, fewer for a
        weaker, quicker coach."""

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        combos = pass_candidates(view)
        if len(combos) <= 1:
            return [card_from_id(c) for c in (combos[0] if combos else rules_pass(view))]
        found = evaluate_passes(view, combos, worlds=self.pass_worlds, rng=rng, focus=4,
                                focus_worlds=2 * self.pass_worlds)  # fmt: skip
        return list(_pick(found, self.caution).cards)

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        ids = play_candidates(view)
        if len(ids) == 1:
            return card_from_id(ids[0])
        # with many candidates, fewer worlds each (at most four candidates' worth of rollouts)
        worlds = self.worlds if len(ids) <= 4 else max(self.worlds // 3, self.worlds * 4 // len(ids))
        found = evaluate_plays(view, worlds=worlds, rng=rng, cards=ids, focus=2, focus_worlds=self.focus_worlds,
                               infer=self.infer, burn=self.burn)  # fmt: skip
        return _pick(found, self.caution).cards[0]

    def advise(self, view: SeatView, rng: random.Random | None = None, *, extra: Sequence[Card] = ()) -> Advice:
        """The coach's choice with its reasons and numbers, for a seat that must pass or play now. Every legal
        card (for a pass: the coach's candidates plus ``extra``, e.g. a reader's pass) is tried in the same
        worlds, so the numbers compare fairly; :meth:`choose_play` and :meth:`choose_pass` also look twice at the
        closest candidates, so in a close call they may choose differently."""
        rng = rng or random.Random(0)
        if view.phase is Phase.PASSING and view.direction is not PassDirection.HOLD:
            combos = pass_candidates(view)
            if extra:
                state_check = {c.id for c in extra}
                if len(state_check) != len(extra) or any(not (view.hand_mask >> c) & 1 for c in state_check):
                    raise ValueError("the extra pass must be cards of this hand")
                combos.append(tuple(c.id for c in extra))
            found = evaluate_passes(view, combos, worlds=self.pass_worlds, rng=rng)
            if not found:
                raise ValueError("there is nothing to pass")
            pick = _pick(found, self.caution)
            found = [pick, *(c for c in found if c is not pick)]
            reference = tuple(card_from_id(c) for c in rules_pass(view))
            sentence = pass_sentence(view, found, reference)
            return Advice("pass", view.seat, list(pick.cards), tuple(found), sentence, self.pass_worlds)
        if view.phase is Phase.PLAYING and view.to_play == view.seat:
            legal = bits(view.legal_mask)
            found = evaluate_plays(view, worlds=self.worlds, rng=rng, cards=legal, infer=self.infer, burn=self.burn)
            pick = _pick(found, self.caution)
            found = [pick, *(c for c in found if c is not pick)]
            return Advice("play", view.seat, list(pick.cards), tuple(found), play_sentence(view, found),
                          self.worlds)  # fmt: skip
        who = seat_name(view.seat, view.players)
        raise ValueError(f"{who} has nothing to decide now")


@dataclass(frozen=True, slots=True)
class Grade:
    """A reader's move measured against the coach's, in the same sampled worlds."""

    yours: Candidate
    best: Candidate
    advice: Advice
    verdict: str
    """``best`` (the coach's move, or as good), ``good`` (within ``tolerance`` points) or ``costly``."""

    @property
    def loss(self) -> float:
        """Expected points the reader's move costs more than the coach's (0 or more)."""
        return max(0.0, self.yours.mean - self.best.mean)

    @property
    def text(self) -> str:
        you = f"Your choice ({self.yours.label}) costs {self.yours.mean:.1f} points on average"
        if self.verdict == "best":
            return f"Well played. {you}, as good as the coach's. {self.advice.sentence}"
        if self.verdict == "good":
            return (f"Good: {you}, only {self.loss:.1f} more than the coach's {self.best.label}. "
                    f"{self.advice.sentence}")  # fmt: skip
        return f"Costly: {you}, {self.loss:.1f} more than the coach's {self.best.label}. {self.advice.sentence}"


def grade(advice: Advice, cards: Sequence[Card], *, tolerance: float = 0.5) -> Grade:
    """Grade a reader's pass or card against the coach's advice (which must have tried it: see
    :meth:`CoachBot.advise`'s ``extra``)."""
    yours = advice.candidate(cards)
    if yours is None:
        raise ValueError("the coach did not try that move")
    best = advice.candidates[0]
    if set(yours.cards) == set(best.cards) or yours.mean <= best.mean:
        verdict = "best"
    elif yours.mean - best.mean <= tolerance:
        verdict = "good"
    else:
        verdict = "costly"
    return Grade(yours, best, advice, verdict)
