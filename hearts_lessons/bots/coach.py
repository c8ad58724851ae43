"""The coach: a Monte Carlo player that can say why.

For each decision the coach deals the hidden cards again many times, consistently with everything its seat knows,
preferring deals in which the other players' cards so far are the cards a rule-based player would have chosen
(:class:`~hearts_lessons.bots.sampling.Worlds`). In each of these *worlds* it tries every candidate move and lets
the rule-based player finish the hand for all seats (a *rollout*). Every candidate is tried in the same worlds, so
the comparison between candidates is fair even with few worlds; the averages are the numbers behind its
explanation. To choose, it then looks again, in more worlds, at the few best candidates and the rule-based move,
and plays the move with the fewest points on average — unless its saving over the rule-based move is within the
noise (``caution``), in which case it plays the rule-based move.

Five more ideas make it stronger and its advice more honest:

* **looking ahead**: in each rollout, the coach's own later decisions are not left to the rule-based player: at
  each of them every card it could play then is played out in that world and the best is kept (every decision
  where the engine is compiled, the next one in plain Python: :func:`default_lookahead`). A card
  that sets up a good next move (winning a trick safely to lead next, say) is then valued as the coach would play
  it, not as the rules of thumb would. Looking ahead sees the world's cards, so the numbers are a little
  optimistic, but alike for every candidate; against three rule-based bots it saves more points than the plain
  rollout (README, Benchmarks);

* **the moon line**: at every card decision "try to take every point from here" is one more candidate (the seat
  plays :func:`~hearts_lessons.bots.shooter.shooter_play` in the rollouts while the others defend); the coach
  commits to it only when it reached the moon in at least :data:`MOON_COMMIT` of its worlds. A seat that looks
  like shooting (:func:`~hearts_lessons.bots.features.moon_threat`) plays to shoot in every rollout, so the
  coach sees the cost of letting it;
* **reading the pass**: the worlds also prefer deals in which the passer's rule-based pass gives the cards this
  seat received (:func:`~hearts_lessons.bots.sampling.pass_surprises`);
* **the score**: when the hand may end the game, a world's value is :class:`GameStakes` (points, plus a lost
  game), not raw points;
* **adaptive worlds**: the closest candidates get their second look in batches, stopping early when one is
  clearly best and looking longer when the call is close.

When two moves are equal within the coach's uncertainty (:func:`paired`), the advice says so instead of ranking
them, and :func:`grade` calls a move costly only when its cost is beyond that uncertainty.

**On time.** A search costs about its worlds times its candidates times the card plays of a rollout, and a rollout
at a big table or with long hands (6-player Cancellation Hearts: two decks, 17 cards each) plays several times as
many cards, looking ahead at each of the seat's own decisions. So each decision has a budget of estimated card
plays (:func:`rollout_work`, :func:`default_budget`): a hint about 0.6 s on a desktop (under 2 s in the live
site's browser), the coach's own move what its costliest move costs at a four-player table. When the usual search
would cost more, :func:`bound_search` cuts the settings the caller left to the coach (a search whose worlds the
caller gave is a measurement, kept as it is): the worlds first (down to a third), then how many of its own next
decisions it looks ahead, then the worlds again. The cut is deterministic
(the same position, the same search), never happens at four players for the coach's own moves, and the advice
says so (:meth:`Search.note`).

>>> import random
>>> from hearts_lessons.rules import STANDARD, Moon
>>> from hearts_lessons.state import HandState
>>> no_moon = STANDARD.with_options(moon=Moon.NONE)
>>> s = HandState.from_cards("5D QS 4H; 7C KS 4D; AC 2D 8D; 9C 3S 5S", no_moon, hold=True, trick_number=10,
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
from dataclasses import dataclass, field

from ..cards import Card, card_from_id
from ..facts import Fact
from ..i18n import N_, join_sentences, tr, tr_text
from ..lean import Lean, LeanView
from ..rules import GameEnd, Moon, PassDirection
from ..runtime import compiled_modules, in_browser
from ..state import HandState, Phase
from ..stats import Z95, mean_half
from ..table import seat_name
from ..views import SeatView, state_from_view
from .explain import pass_sentences, play_sentences
from .features import Knowledge, bits, cost_of, hand_features, moon_threat, start_of_play_hand, tables_for
from .rollout import Rollout, finish, look_ahead, play_candidates, rules_rollout
from .rulebased import pass_scores, rules_pass, rules_play
from .sampling import DEFAULT_BURN, DEFAULT_THIN, Worlds, pass_reading, sample_hands
from .shooter import shooter_play

__all__ = [
    "DEFAULT_LOOKAHEAD",
    "DEFAULT_PASS_WORLDS",
    "DEFAULT_WORLDS",
    "EVERY_DECISION",
    "HINT_BUDGET",
    "MOON_COMMIT",
    "PURE_HINT_BUDGET",
    "PURE_LOOKAHEAD",
    "PURE_PASS_WORLDS",
    "PURE_WORLDS",
    "Advice",
    "Candidate",
    "CoachBot",
    "GameStakes",
    "Grade",
    "Search",
    "bound_search",
    "compiled_strength",
    "default_budget",
    "default_lookahead",
    "default_pass_worlds",
    "default_worlds",
    "evaluate_passes",
    "evaluate_plays",
    "game_stakes",
    "grade",
    "lookahead_words",
    "paired",
    "pass_candidates",
    "play_candidates",
    "rollout_work",
]  # fmt: skip

DEFAULT_WORLDS = 150
"""Worlds per card decision at the default strength where the engine is compiled (:func:`default_worlds`; the two
best cards and the rule-based card get twice as many more). 150 since the end of 2026-11-27 (100 before): looking
ahead at every decision, with :data:`DEFAULT_PASS_WORLDS` a pass, the coach then saved 2.55 ± 0.18 points a hand
against three rule-based bots on the bench's 1,000 duplicate deals, 2.46 ± 0.17 with 100 (README, Benchmarks)."""
PURE_WORLDS = 100
"""Worlds per card decision by default where the engine runs as plain Python (:func:`default_worlds`)."""
DEFAULT_PASS_WORLDS = 60
"""Worlds per pass decision at the default strength where the engine is compiled (each world tries every
candidate pass; :func:`default_pass_worlds`). 60 since the end of 2026-11-27 (40 before): looking ahead at every
decision, with 100 worlds a card, the coach then saved 2.46 ± 0.17 points a hand against three rule-based bots on
the bench's 1,000 duplicate deals, 2.42 ± 0.16 with 40 (README, Benchmarks)."""
PURE_PASS_WORLDS = 40
"""Worlds per pass decision by default where the engine runs as plain Python (:func:`default_pass_worlds`)."""
DEFAULT_CAUTION = 1.0
"""Standard errors by which a move must beat the rule-based move to be chosen instead of it."""
EVERY_DECISION = 64
"""A ``lookahead`` of every one of the seat's own decisions (no hand has as many cards)."""
DEFAULT_LOOKAHEAD = EVERY_DECISION
"""How many of its own next decisions the coach plays out card by card in each rollout, at the default strength
where the engine is compiled: every one (:func:`default_lookahead`). Against three rule-based bots on the bench's
1,000 duplicate deals this saved 2.42 ± 0.16 points a hand with 40 pass worlds (one decision: 2.14 ± 0.17), for
about 2.4 times the thinking time of one decision (README, Benchmarks). 0: the rule-based player finishes the hand
for the coach."""
PURE_LOOKAHEAD = 1
"""The default ``lookahead`` where the engine runs as plain Python (in a web browser, as on the live site, or on a
desktop without a compiled engine), several times slower: one decision keeps the coach's card decisions under
0.5 s on a desktop and within 2 s in the browser (:func:`default_lookahead`); with :data:`PURE_PASS_WORLDS` it
saved 2.14 ± 0.17 points a hand on the bench's deals."""
MOON_COMMIT = 0.4
"""The share of rollouts that must shoot the moon before the coach commits to its moon line."""
MOON_LOOK = 0.05
"""The coach tries a moon line only for a hand whose :attr:`~hearts_lessons.bots.features.HandFeatures.moon_chance`
(when the play began) is at least this (the others, weaker hands, almost never take every point)."""
MOON_PLAN = "moon"
"""The :attr:`Candidate.plan` of the line "try to take every point from here"."""

# -- the bound: how much search one decision may cost ------------------------------------------------------------

WIDE_MASKS = 2.0
"""How many times as much a card play costs, with the compiled engine, where a card's id reaches :data:`WORD_BITS`
(jokers, or two decks): the masks no longer fit a machine word, so mypyc's fast integers give way to Python's big
ones (``bench/coach_time.py``: 3-player Hi-Lo Joker Hearts)."""
TWO_DECKS = 3.5
"""How many times as much a card play costs with two decks (Cancellation Hearts) on top of that, with the compiled
engine: duplicated cards make the rule-based player's work longer (``bench/coach_time.py``: 6- and 7-player
Cancellation Hearts)."""
TWO_DECKS_PURE = 2.0
""":data:`TWO_DECKS` in plain Python (``bench/coach_time.py``)."""
WORD_BITS = 62
"""The most bits a deck's mask may have for its masks to stay machine integers in the compiled engine."""
MIN_WORLDS = 10
"""The fewest worlds the bound leaves a decision (:func:`bound_search`)."""
NOTED_WIDENING = 1.1
"""How much wider than usual the coach's 95% intervals must be, for fewer deals to be worth a caveat
(:attr:`Search.fewer_worlds`): 10% wider, that is fewer than about 83% of the usual deals."""
CHAINS = 4
"""The chains of :class:`~hearts_lessons.bots.sampling.Worlds` (its default)."""


def rollout_work(players: int, cards: int, lookahead: int, *, wide: float = 1.0) -> float:
    """An estimate of the cost of one rollout of one move in one world, in card plays: the rest of the hand
    (``players`` seats, ``cards`` cards each still to play after the move), and, for each of the seat's next
    ``lookahead`` decisions (holding ``k`` cards: ``cards``, ``cards - 1``, …), about ``k / 2`` candidate cards
    each played out to the end of the hand (``k * players`` card plays); at three players, a third more of them
    (longer suits in the hand: more of its cards are legal; ``bench/coach_time.py`` measured 3-player decisions
    at about half the estimated card plays a second of 4-player ones). ``wide`` multiplies it all (a deck too
    big for machine integers or two decks: :func:`wide_factor`).

    >>> rollout_work(4, 12, 0), rollout_work(4, 12, 1), rollout_work(4, 12, EVERY_DECISION)
    (52.0, 340.0, 1354.0)
    """
    plain = players * (cards + 1)
    ahead = sum(max(1.0, k / 2) * k * players for k in range(cards, cards - min(lookahead, cards), -1))
    return (plain + ahead * max(1.0, 4 / players)) * wide


SAMPLE_WORK = 1.3
"""Card plays of work, in :func:`rollout_work`'s units, for each card played so far at each step of the chains that
read the other players (:class:`~hearts_lessons.bots.sampling.Worlds`: a step replays the others' earlier cards;
``bench/coach_time.py``, 7-player Cancellation Hearts, with and without reading them)."""


def sampling_work(steps: float, played: int, *, wide: float = 1.0) -> float:
    """The estimated work of ``steps`` steps of the chains that read the other players' ``played`` earlier cards
    (:data:`SAMPLE_WORK` each), in card plays.

    >>> sampling_work(600, 20)
    15600.0
    """
    return steps * played * SAMPLE_WORK * wide


@dataclass(frozen=True, slots=True)
class Search:
    """How much the coach searched for one decision: the worlds and the lookahead it used, and its usual ones (the
    same unless :func:`bound_search` cut them to keep the answer quick at a big table)."""

    worlds: int
    lookahead: int
    usual_worlds: int
    usual_lookahead: int
    players: int
    cards: int
    """Cards in the seat's hand when it decides."""

    @property
    def cut(self) -> bool:
        """Whether the bound cut the search (fewer worlds, or fewer of the seat's own decisions looked ahead)."""
        return self.worlds < self.usual_worlds or self.shallower

    @property
    def shallower(self) -> bool:
        """Whether the bound looked ahead fewer of the seat's own decisions than the coach usually does."""
        reach = max(self.cards - 1, 0)
        return min(self.lookahead, reach) < min(self.usual_lookahead, reach)

    @property
    def fewer_worlds(self) -> bool:
        """Whether the coach looked at clearly fewer deals than usual: so few that its 95% intervals are at least
        :data:`NOTED_WIDENING` times as wide as usual (an interval's width grows as ``sqrt(usual / worlds)``), that
        is fewer than about 83% of its usual deals. 96 deals instead of 100 widen them by 2%, not worth a caveat.

        >>> Search(96, 1, 100, 1, 6, 17).fewer_worlds, Search(83, 1, 100, 1, 6, 17).fewer_worlds
        (False, False)
        >>> Search(82, 1, 100, 1, 6, 17).fewer_worlds, Search(40, 1, 150, 1, 6, 17).fewer_worlds
        (True, True)
        """
        return self.worlds < self.usual_worlds and (
            math.sqrt(self.usual_worlds / max(self.worlds, 1)) >= NOTED_WIDENING - 1e-9)

    @property
    def noted(self) -> bool:
        """Whether the cut is worth a caveat (:meth:`note`): clearly fewer deals (:attr:`fewer_worlds`), or fewer of
        the seat's own decisions looked ahead (:attr:`shallower`)."""
        return self.fewer_worlds or self.shallower

    def note(self) -> str:
        """What the cut means, in a sentence ('' when the search was not cut, or cut too little to matter: only a
        few deals fewer than usual, see :attr:`fewer_worlds`). It is shown once, at the end of the advice's
        sentence (:attr:`Advice.sentence`), not again in its table.

        >>> Search(40, 1, 150, EVERY_DECISION, 6, 17).note()
        'To answer quickly at this big table (6 players, 17 cards each) the coach looked at 40 sampled deals \
instead of its usual 150, and looked ahead 1 of its own next plays instead of every one, so close calls are less \
sure.'
        >>> Search(150, EVERY_DECISION, 150, EVERY_DECISION, 4, 13).note()
        ''
        >>> Search(96, EVERY_DECISION, 100, EVERY_DECISION, 6, 17).note()
        ''
        >>> Search(96, 1, 100, EVERY_DECISION, 6, 17).note()
        'To answer quickly at this big table (6 players, 17 cards each) the coach looked ahead 1 of its own next \
plays instead of every one, so close calls are less sure.'
        """
        if not self.noted:
            return ""
        parts = []
        if self.fewer_worlds:
            parts.append(tr("looked at {worlds} sampled deals instead of its usual {usual}", worlds=self.worlds,
                            usual=self.usual_worlds))
        reach = max(self.cards - 1, 0)
        if self.shallower:
            if self.usual_lookahead >= reach:
                parts.append(tr("looked ahead {ahead} instead of every one", ahead=_ahead_words(self.lookahead)))
            else:
                parts.append(tr("looked ahead {ahead} instead of {usual}", ahead=_ahead_words(self.lookahead),
                                usual=self.usual_lookahead))
        done = parts[0] if len(parts) == 1 else tr("{first}, and {second}", first=parts[0], second=parts[1])
        if self.players >= 5:
            return tr("To answer quickly at this big table ({players} players, {cards} cards each) the coach {done}, "
                      "so close calls are less sure.", players=self.players, cards=self.cards, done=done)
        return tr("To answer quickly at this table ({players} players, {cards} cards each) the coach {done}, so "
                  "close calls are less sure.", players=self.players, cards=self.cards, done=done)


def _ahead_words(lookahead: int) -> str:
    if lookahead == 0:
        return tr("none of its own next plays")
    return tr("{n} of its own next plays", n=lookahead)


def bound_search(*, players: int, cards: int, slope: float, worlds: int, lookahead: int, budget: float,
                 free_worlds: bool = True, free_lookahead: bool = True, fixed: float = 0.0, wide: float = 1.0,
                 per_world: float = 0.0, overhead: float = 0.0,
                 floor: int | None = None) -> tuple[int, int]:  # fmt: skip
    """The worlds and lookahead for one decision whose estimated work fits ``budget``: ``slope * worlds + fixed``
    rollouts of :func:`rollout_work` card plays each (``cards``: the seat's cards after the move), plus
    ``per_world`` card plays a world and ``overhead`` (dealing the worlds: :func:`sampling_work`). Nothing is
    cut when the usual ``worlds`` and ``lookahead`` fit; else the free ones are cut, worlds first down to ``floor``
    (default a third of ``worlds``), then the lookahead one decision at a time, then worlds again down to
    :data:`MIN_WORLDS`. Deterministic: the same position gives the same search.

    >>> bound_search(players=4, cards=12, slope=13, worlds=150, lookahead=EVERY_DECISION, budget=3e6)
    (150, 64)
    >>> bound_search(players=6, cards=16, slope=5, worlds=150, lookahead=EVERY_DECISION, budget=3e6, wide=5)
    (56, 3)
    """

    def work(d: int) -> float:
        return rollout_work(players, cards, d, wide=wide)

    def most_worlds(d: int) -> int:
        return int((budget - overhead - fixed * work(d)) / (slope * work(d) + per_world))

    def fits(w: int, d: int) -> bool:
        return (slope * w + fixed) * work(d) + per_world * w + overhead <= budget

    if fits(worlds, lookahead):
        return worlds, lookahead
    least = min(worlds, max(MIN_WORLDS, worlds // 3 if floor is None else floor))
    if free_worlds and free_lookahead:
        for d in range(min(lookahead, cards), 0, -1):
            if most_worlds(d) >= least:
                return min(worlds, most_worlds(d)), lookahead if d == min(lookahead, cards) else d
        d = min(lookahead, 1)
        return max(min(MIN_WORLDS, worlds), min(worlds, most_worlds(d))), d
    if free_worlds:
        return max(min(MIN_WORLDS, worlds), min(worlds, most_worlds(lookahead))), lookahead
    if free_lookahead:
        for d in range(min(lookahead, cards), -1, -1):
            if fits(worlds, d):
                return worlds, lookahead if d == min(lookahead, cards) else d
        return worlds, 0
    return worlds, lookahead


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
    plan: str = ""
    """``moon`` for the line "try to take every point from here" (this card, then the seat plays to win every
    trick while nobody else has taken a point); empty for the card alone (the rule-based player finishes)."""
    values: tuple[float, ...] = field(default=(), repr=False, compare=False)
    """The value in each sampled world, in the order the worlds were dealt (every candidate of one evaluation
    was tried in the same first worlds: :func:`paired`)."""

    @property
    def label(self) -> str:
        text = " ".join(c.symbol for c in self.cards)
        return tr("{cards}, shooting the moon", cards=text) if self.plan == MOON_PLAN else text


def paired(a: Candidate, b: Candidate) -> tuple[float, float]:
    """How many points ``a`` costs more than ``b`` on average in the worlds both were tried in (paired: the luck
    of the deal cancels), and the half width of its 95% interval. The difference is within the coach's
    uncertainty when the interval includes 0 (``abs(mean) <= half``).

    >>> from hearts_lessons.cards import parse_cards
    >>> x = Candidate(tuple(parse_cards("9D")), 14.0, 1.0, 0, 0, 0, 3, values=(13.0, 14.0, 15.0))
    >>> y = Candidate(tuple(parse_cards("7D")), 14.5, 1.0, 0, 0, 0, 3, values=(14.0, 14.0, 15.5))
    >>> [round(v, 2) for v in paired(y, x)]
    [0.5, 0.57]
    """
    return mean_half([u - v for u, v in zip(a.values, b.values, strict=False)])


def within_noise(a: Candidate, b: Candidate) -> bool:
    """Whether ``a`` and ``b`` are equal as far as the coach can tell (their paired difference's 95% interval
    includes 0; with fewer than two shared worlds, nothing tells them apart)."""
    if min(len(a.values), len(b.values)) < 2:
        return True
    diff, half = paired(a, b)
    return abs(diff) <= half


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's choice for one decision, why, and the numbers behind it (best candidate first)."""

    kind: str
    """``play`` or ``pass``."""
    seat: int
    choice: list[Card]
    candidates: tuple[Candidate, ...]
    sentence: str
    """What the coach says; it ends with the caveat of a clearly cut search (:meth:`Search.note`), said here only
    (:meth:`table_html` does not repeat it)."""
    worlds: int
    stakes: GameStakes | None = None
    """Near the end of a game, the utility the averages measure (points, plus a lost game): :func:`game_stakes`."""
    facts: tuple[Fact, ...] = ()
    """Every fact the sentence says, each checked on the position when it was made
    (:func:`~hearts_lessons.bots.explain.play_sentences`)."""
    search: Search | None = None
    """How much the coach searched (and whether the bound cut it: :attr:`Search.cut`)."""
    assumes: str = ""
    """How the coach modelled the other players for this decision, in the book's language
    (:meth:`CoachBot.assumes`): shown under its table."""

    def candidate(self, cards: Sequence[Card]) -> Candidate | None:
        """The candidate for these cards (any order), if the coach tried it."""
        wanted = set(cards)
        found = [c for c in self.candidates if set(c.cards) == wanted]
        return next((c for c in found if not c.plan), found[0] if found else None)

    def rows(self, *, yours: Sequence[Card] = ()) -> list[dict[str, object]]:
        """The candidates as table rows (for pandas or a widget): the coach's choice first, then by average."""
        mine = set(yours)
        out = []
        for index, c in enumerate(self.candidates):
            notes = [self._pick_note()] if index == 0 else []
            if c.reference:
                notes.append(tr("rule of thumb"))
            if mine and set(c.cards) == mine:
                notes.append(tr("yours"))
            out.append({N_("move"): c.label, N_("expected points"): round(c.mean, 2),
                        N_("± (95%)"): round(c.half_width, 2), N_("takes Q♠"): round(c.queen, 2),
                        N_("moon against"): round(c.moon_against, 2),
                        "": tr(", ", context="notes").join(notes)})  # fmt: skip
        return out

    def _pick_note(self) -> str:
        """The mark of the coach's choice in its table; when a candidate shown has a lower average (lower is
        better), why the coach keeps its choice anyway."""
        pick = self.candidates[0]
        lower = [c for c in self.candidates[1:] if c.mean < pick.mean]
        if not lower:
            return tr("coach", context="the coach's choice")
        if all(within_noise(c, pick) for c in lower):
            return tr("coach (the lower averages are within its uncertainty)")
        return tr("coach (the lower averages do not save clearly over the rule of thumb)")

    def table_html(self, *, limit: int = 8, yours: Sequence[Card] = ()) -> str:
        """The candidates as an HTML table: the first ``limit`` rows, plus the rule of thumb's and ``yours``."""
        rows = self.rows(yours=yours)
        head = "".join(f"<th style='padding:2px 8px'>{html.escape(tr_text(k) if k else k)}</th>"
                       for k in rows[0]) if rows else ""  # fmt: skip
        body = []
        for index, row in enumerate(rows):
            if index >= limit and not row[""]:
                continue
            style = " style='font-weight:bold'" if index == 0 else ""
            cells = "".join(f"<td style='padding:2px 8px'>{html.escape(str(v))}</td>" for v in row.values())
            body.append(f"<tr{style}>{cells}</tr>")
        assumes = (f"<p class='hl-assumes' style='font:12px sans-serif;margin:4px 0 0'>{html.escape(self.assumes)}</p>"
                   if self.assumes else "")  # fmt: skip
        return (
            "<table class='hl-advice' style='border-collapse:collapse;font:13px sans-serif'>"
            f"<caption style='text-align:left'>{self._caption()}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>{assumes}"
        )

    def _caption(self) -> str:
        if self.stakes is None:
            return tr("Expected points over {worlds} sampled deals of the hidden cards (lower is better)",
                      worlds=self.worlds)
        return tr("Expected points over {worlds} sampled deals of the hidden cards, a lost game counted as {loss} "
                  "more points (lower is better)", worlds=self.worlds, loss=f"{self.stakes.loss:g}")

    def _repr_html_(self) -> str:
        return f"<p style='font:14px sans-serif'>{html.escape(self.sentence)}</p>{self.table_html()}"


@dataclass(frozen=True, slots=True)
class GameStakes:
    """What a hand is worth near the end of a game, for one seat: its points, plus :attr:`loss` more when the hand
    ends the game and the seat does not win it (its total is not the lowest).

    A simple, defensible utility: far from the end every point counts the same (raw points), but when a total
    may reach the target this hand, a point that ends the game with the seat behind costs a whole game, worth
    here a moon's points. So a seat close to the target avoids every point that would take it there, and a seat
    in the lead does not mind the game ending. (Exact-target resets and moon resets are not modelled.)

    >>> stakes = GameStakes(seat=0, totals=(92.0, 40.0, 60.0, 70.0), target=100, exceed=False, loss=26.0)
    >>> stakes.value([7, 0, 19, 0]), stakes.value([8, 0, 18, 0]), stakes.value([0, 0, 26, 0])
    (7.0, 34.0, 0.0)
    """

    seat: int
    totals: tuple[float, ...]
    target: int
    exceed: bool
    """The game ends when a total exceeds the target (otherwise when it reaches it)."""
    loss: float

    def ends(self, final: Sequence[float]) -> bool:
        return any(f > self.target if self.exceed else f >= self.target for f in final)

    def value(self, points: Sequence[float]) -> float:
        final = [t + p for t, p in zip(self.totals, points, strict=True)]
        lost = self.ends(final) and final[self.seat] > min(final)
        return float(points[self.seat]) + (self.loss if lost else 0.0)


def game_stakes(view: Knowledge) -> GameStakes | None:
    """The seat's :class:`GameStakes` when this hand may end the game (some total plus a moon's points reaches
    the target); ``None`` otherwise, or when the game has no target (a fixed number of hands), complex scores,
    or totals that reset at exact values."""
    rules = view.rules
    totals = view.totals_before
    if rules.game_end is GameEnd.FIXED_HANDS or rules.exact_target_reset or not totals:
        return None
    if any(isinstance(t, complex) for t in totals) or isinstance(view.k.moon_value, complex):
        return None
    most = cost_of(view.k.moon_value)
    plain = tuple(float(t) for t in totals)  # type: ignore[arg-type]
    if max(plain) + most < rules.target:
        return None
    return GameStakes(view.seat, plain, rules.target, rules.game_end is GameEnd.EXCEED_TARGET, most)


def _value(lean: Lean, seat: int, stakes: GameStakes | None) -> float:
    """What the finished hand ``lean`` is worth to ``seat`` (lower is better): its points, or its
    :class:`GameStakes` value."""
    score = lean._score
    assert score is not None
    if stakes is None:
        return cost_of(score.points[seat])
    return stakes.value([cost_of(p) for p in score.points])


class _Tally:
    __slots__ = ("moon_against", "moon_for", "queen", "stakes", "values")

    def __init__(self, stakes: GameStakes | None = None) -> None:
        self.values: list[float] = []
        self.queen = self.moon_for = self.moon_against = 0
        self.stakes = stakes

    def add(self, state: Lean, seat: int, big: int) -> None:
        score = state._score
        assert score is not None
        self.values.append(_value(state, seat, self.stakes))
        self.queen += bool(state._taken[seat] & big)
        if score.shooter is not None:
            if score.shooter == seat:
                self.moon_for += 1
            else:
                self.moon_against += 1

    def candidate(self, cards: tuple[Card, ...], reference: _Tally | None, plan: str = "") -> Candidate:
        n = max(len(self.values), 1)
        mean, half = mean_half(self.values)
        saving = saving_half = 0.0
        if reference is not None:  # paired over the worlds both were tried in
            saving, saving_half = mean_half([r - v for v, r in zip(self.values, reference.values, strict=False)])
        return Candidate(cards, mean, half, self.queen / n, self.moon_against / n, self.moon_for / n,
                         len(self.values), saving, saving_half, reference is self, plan,
                         tuple(self.values))  # fmt: skip


def _pick(found: Sequence[Candidate], caution: float) -> Candidate:
    """The best candidate whose saving over the rule-based move is clear (more than ``caution`` standard
    errors); else the rule-based move. The moon line qualifies only when it shot the moon in at least
    :data:`MOON_COMMIT` of its worlds."""
    reference = next((c for c in found if c.reference), None)
    if reference is None:
        return next(c for c in found if c.plan != MOON_PLAN or c.moon_for >= MOON_COMMIT)
    for candidate in found:  # best mean first
        if candidate.plan == MOON_PLAN and candidate.moon_for < MOON_COMMIT:
            continue
        if candidate is reference or candidate.saving > caution * candidate.saving_half_width / Z95:
            return candidate
    return reference


def moon_line_open(view: Knowledge) -> bool:
    """Whether "take every point from here" is worth a look: the rules have a moon, no other seat has taken a
    point card, and the hand held when the play began is not hopeless (:data:`MOON_LOOK`)."""
    if view.rules.moon is Moon.NONE:
        return False
    t = tables_for(view.k)
    if any(taken & t.points for seat, taken in enumerate(view.taken_masks) if seat != view.seat):
        return False
    return hand_features(start_of_play_hand(view), view.k).moon_chance >= MOON_LOOK


class _Bases:
    """:func:`~hearts_lessons.views.state_from_view` of one view for many worlds: the hand in play with the
    world's cards. Worlds with the same hole cards (none, in most games) differ in the hands only, so the first
    one is kept as a template and the next ones copy it with their hands."""

    __slots__ = ("hole", "template", "view")

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.template: Lean | None = None
        self.hole = 0

    def of(self, hands: list[int]) -> Lean:
        view = self.view
        held = 0
        for mask in hands:
            held |= mask
        hole = view.k.deck & ~held & ~view.played_mask
        if self.template is not None and hole == self.hole and hands[view.seat] == view.hand_mask:
            lean = self.template.lean_copy()
            lean._hands = list(hands)
            return lean
        state = state_from_view(view, hands)
        if self.template is None:
            self.template, self.hole = state.lean_copy(), hole
        return state


def evaluate_plays(
    view: SeatView,
    *,
    worlds: int = PURE_WORLDS,
    rng: random.Random | None = None,
    rollout: Rollout = rules_rollout,
    cards: Sequence[int] | None = None,
    focus: int = 0,
    focus_worlds: int = 0,
    infer: bool = False,
    burn: int = DEFAULT_BURN,
    thin: int = DEFAULT_THIN,
    moon: bool = True,
    game: bool = True,
    adaptive: bool = False,
    read_pass: bool = True,
    lookahead: int = 0,
    fit: bool = False,
) -> list[Candidate]:
    """Try each candidate card (ids; default :func:`play_candidates`) in ``worlds`` sampled worlds; then, with
    ``focus``, try the ``focus`` best cards and the rule-based card in ``focus_worlds`` more worlds. Best first.
    Each candidate's ``saving`` compares it with the rule-based card in the worlds both were tried in. With
    ``infer``, the worlds are those in which the others' earlier cards (and the pass received) look like a
    rule-based player's (:class:`~hearts_lessons.bots.sampling.Worlds`, with ``burn`` steps of burn-in and
    ``thin`` steps between two worlds of a chain, reading
    the pass unless ``read_pass`` is false); without it, every deal consistent with the view is as likely.

    With ``lookahead`` (a number of decisions), each rollout of a card (not of the moon line) plays the seat's own
    next ``lookahead`` decisions by trying each of its candidate cards in that world and keeping the best
    (:func:`~hearts_lessons.bots.rollout.look_ahead`); the other seats play as in the plain rollout.

    With ``moon`` (and :func:`moon_line_open`), one more candidate is the line "take every point from here"
    (``plan="moon"``); and a seat that looks like shooting (:func:`~hearts_lessons.bots.features.moon_threat`)
    plays to shoot in every rollout for as long as it can, while the others defend. With ``game``, the values
    are :class:`GameStakes` when the hand may end the game (:func:`game_stakes`), else the seat's points. With
    ``adaptive``, the focused candidates get their extra worlds in four batches, stopping after the second
    once the best is clearly ahead of the others (paired 95% interval), and taking up to two more while it is
    not."""
    rng = rng or random.Random(0)
    if view.phase is not Phase.PLAYING or view.to_play != view.seat:
        raise ValueError("it is not this seat's turn to play")
    ids = list(cards) if cards is not None else play_candidates(view)
    reference = rules_play(view)
    if reference not in ids:
        ids.append(reference)
    t = tables_for(view.k)
    big = t.big
    stakes = game_stakes(view) if game else None
    keys: list[tuple[int, str]] = [(cid, "") for cid in ids]
    if moon and moon_line_open(view):
        keys.append((shooter_play(view), MOON_PLAN))
    threat = moon_threat(view, t) if moon else -1
    tallies = {key: _Tally(stakes) for key in keys}
    ref_key = (reference, "")

    sampler = Worlds(view, rng, burn=burn, thin=thin, read_pass=read_pass, fit=fit) if infer else None

    bases = _Bases(view)

    def value(state: Lean) -> float:
        return _value(state, view.seat, stakes)

    def run(chosen: Sequence[tuple[int, str]], count: int) -> None:
        worlds_ = sampler.take(count) if sampler else (sample_hands(view, rng) for _ in range(count))
        for hands in worlds_:
            base = bases.of(hands)
            for key in chosen:
                cid, plan = key
                state = base.lean_copy()
                state._apply_play(cid)
                if lookahead and plan != MOON_PLAN:
                    state = look_ahead(state, rollout, rng, threat, view.seat, lookahead, value)
                else:
                    finish(state, rollout, rng, view.seat if plan == MOON_PLAN else threat)
                tallies[key].add(state, view.seat, big)

    def average(key: tuple[int, str]) -> float:
        values = tallies[key].values
        return sum(values) / max(len(values), 1)

    run(keys, worlds)
    if focus and focus_worlds and len(keys) > 1:
        leaders = sorted(keys, key=average)[:focus]
        chosen = list(dict.fromkeys([*leaders, ref_key]))
        if not adaptive:
            run(chosen, focus_worlds)
        else:
            step = max(2, focus_worlds // 4)
            for batch in range(6):
                if batch >= 2 and _clear(chosen, tallies, average):
                    break
                run(chosen, step)
    out = [tallies[key].candidate((card_from_id(key[0]),), tallies[ref_key], key[1]) for key in keys]
    return sorted(out, key=lambda c: (c.mean, c.cards[0].rank, c.cards[0].suit, c.plan))


def _clear(chosen: Sequence[tuple[int, str]], tallies: dict[tuple[int, str], _Tally],
           average: Callable[[tuple[int, str]], float]) -> bool:  # fmt: skip
    """Whether the best of ``chosen`` is ahead of every other beyond the paired 95% interval."""
    best = min(chosen, key=average)
    mine = tallies[best].values
    for key in chosen:
        if key != best:
            diff, half = mean_half([v - b for v, b in zip(tallies[key].values, mine, strict=False)])
            if diff <= half:
                return False
    return True


def pass_candidates(view: Knowledge, *, limit: int = 24) -> list[tuple[int, ...]]:
    """Passes worth trying: the rule-based pass, every choice among the most dangerous cards, and passes that
    empty a short suit."""
    need = sum(count for _, count in view.targets)
    scores = pass_scores(view)
    order = sorted(scores, key=lambda c: (-scores[c], -((c & 15) + 2), c))
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
    rollout: Rollout = rules_rollout,
    focus: int = 0,
    focus_worlds: int = 0,
    lookahead: int = 0,
) -> list[Candidate]:
    """Try each candidate pass (tuples of card ids; default :func:`pass_candidates`) in ``worlds`` sampled
    deals; the other seats pass and play like the rule-based player. With ``focus``, the ``focus`` best passes
    and the rule-based pass are tried in ``focus_worlds`` more deals. With ``lookahead``, the seat's first
    ``lookahead`` card decisions after the pass are looked ahead as in :func:`evaluate_plays`. Best first; each
    candidate's ``saving`` compares it with the rule-based pass in the deals both were tried in."""
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
    stakes = game_stakes(view)
    tallies = [_Tally(stakes) for _ in combos]

    def value(state: Lean) -> float:
        return _value(state, me, stakes)

    def run(chosen: Sequence[int], count: int) -> None:
        for _ in range(count):
            base = _pass_world(view, rng)
            others = {s: tuple(rules_pass(LeanView(base, s))) for s in range(view.players) if s != me}
            for index in chosen:
                state = base.copy()
                state._passes = [combos[index] if s == me else others[s] for s in range(view.players)]
                state._exchange()
                ended: Lean = state
                if lookahead:
                    ended = look_ahead(state, rollout, rng, -1, me, lookahead, value)
                else:
                    finish(state, rollout, rng)
                tallies[index].add(ended, me, big)

    run(range(len(combos)), worlds)
    if focus and focus_worlds and len(combos) > 1:
        leaders = sorted(range(len(combos)), key=lambda i: sum(tallies[i].values))[:focus]
        run(list(dict.fromkeys([*leaders, ref_index])), focus_worlds)
    out = [t.candidate(tuple(card_from_id(c) for c in combo), tallies[ref_index])
           for t, combo in zip(tallies, combos, strict=True)]  # fmt: skip
    return sorted(out, key=lambda c: c.mean)


def lookahead_words(lookahead: int) -> str:
    """How far a ``lookahead`` looks, in words (for the benchmarks' lines).

    >>> [lookahead_words(n) for n in (EVERY_DECISION, 1, 3, 0)]
    ['every decision', '1 decision', '3 decisions', 'no decision (the plain rollout)']
    """
    if lookahead >= EVERY_DECISION:
        return "every decision"
    if lookahead == 0:
        return "no decision (the plain rollout)"
    return f"{lookahead} decision{'' if lookahead == 1 else 's'}"


def compiled_strength() -> bool:
    """Whether the coach plays at its full default strength here: the engine's hot path is compiled
    (``scripts/compile_engine.sh``; ``scripts/lab.sh`` and ``scripts/app.sh`` compile it where they can) and Python
    does not run in a web browser. Plain Python is several times slower, so there the coach's defaults are lighter
    (:func:`default_worlds`, :func:`default_lookahead`, :func:`default_pass_worlds`), to keep its answers quick.

    >>> compiled_strength() == all(compiled_modules().values())  # the tests run on a desktop Python
    True
    """
    return not in_browser() and all(compiled_modules().values())


def default_lookahead() -> int:
    """The coach's ``lookahead`` when none is given: :data:`DEFAULT_LOOKAHEAD` (every decision) where the engine
    is compiled, :data:`PURE_LOOKAHEAD` (one) in plain Python (:func:`compiled_strength`)."""
    return DEFAULT_LOOKAHEAD if compiled_strength() else PURE_LOOKAHEAD


def default_worlds() -> int:
    """The coach's ``worlds`` (card decisions) when none is given: :data:`DEFAULT_WORLDS` where the engine is
    compiled, :data:`PURE_WORLDS` in plain Python (:func:`compiled_strength`)."""
    return DEFAULT_WORLDS if compiled_strength() else PURE_WORLDS


def default_pass_worlds() -> int:
    """The coach's ``pass_worlds`` when none is given: :data:`DEFAULT_PASS_WORLDS` where the engine is compiled,
    :data:`PURE_PASS_WORLDS` in plain Python (:func:`compiled_strength`)."""
    return DEFAULT_PASS_WORLDS if compiled_strength() else PURE_PASS_WORLDS


HINT_BUDGET = {"play": 1.2e6, "pass": 1.7e6}
"""The work (estimated card plays, :func:`rollout_work`) one piece of advice (:meth:`CoachBot.advise`, a hint) may
cost where the engine is compiled: about 0.5 s on a quiet desktop, at the 2 to 3 million estimated card plays a
second of a card decision (3 to 4 million in a pass decision) that ``bench/coach_time.py`` measured on 6-player
Cancellation Hearts and 4-player Standard Hearts; 3-player hands of 17 cards and a busy machine (about 1.5 times
as long) take longer, within 1 s."""
PURE_HINT_BUDGET = {"play": 0.2e6, "pass": 0.3e6}
"""The same in plain Python, where it must stay within 2 s in the browser: about 0.8 s of desktop CPython, the live
site's Pyodide taking up to 2.2 times as long (README, The live site: 1.5 to 2 times for the coach's decisions, up
to 2.2 for random hands)."""
PLAY_PEAK_SLOPE = 13 / 3 + 9
"""Rollouts per world of :meth:`CoachBot.choose_play`'s costliest decision at a four-player table: a third of its
worlds for each of 13 candidates, then up to 4.5 times its worlds for the two best and the rule-based card
(``focus_worlds``, adaptive)."""
PASS_PEAK_SLOPE = 24 + 10.0
"""Rollouts per world of :meth:`CoachBot.choose_pass`'s costliest decision at a four-player table: up to 24
candidate passes, then its four best and the rule-based pass in twice as many more deals."""


def default_budget(kind: str, *, choosing: bool = False) -> float:
    """The work (estimated card plays, :func:`rollout_work`) one decision of ``kind`` (``play`` or ``pass``) may
    cost with this build's defaults: for advice, :data:`HINT_BUDGET` (:data:`PURE_HINT_BUDGET` in plain Python);
    for the coach's own move (``choosing``), at least what its costliest move of that kind costs at a four-player
    table (13 cards each, 13 candidate cards or 24 candidate passes), so that the four-player coach is never cut
    (:func:`bound_search`).

    >>> default_budget("play") < default_budget("play", choosing=True)
    True
    """
    if kind not in ("play", "pass"):
        raise ValueError(f"no budget for a {kind!r} decision: play or pass")
    hint = (HINT_BUDGET if compiled_strength() else PURE_HINT_BUDGET)[kind]
    if not choosing:
        return hint
    if kind == "play":  # at any trick: the rollouts, and the chains that read the cards played before (up to 3 more)
        worlds, lookahead = default_worlds(), default_lookahead()
        steps = 4 * DEFAULT_THIN * worlds + CHAINS * min(DEFAULT_BURN, worlds * 3 // 2)
        peak = max(PLAY_PEAK_SLOPE * worlds * rollout_work(4, 12 - t, lookahead) + sampling_work(steps, 4 * t + 3)
                   for t in range(13))  # fmt: skip
    else:
        peak = PASS_PEAK_SLOPE * default_pass_worlds() * rollout_work(4, 13, default_lookahead())
    return max(hint, peak)


def wide_factor(view: Knowledge) -> float:
    """How many times as much a card play costs with this deck as with one of 52 cards: :data:`WIDE_MASKS` when its
    masks are too wide for machine integers in the compiled engine, times :data:`TWO_DECKS` (:data:`TWO_DECKS_PURE`)
    with two decks."""
    compiled = compiled_strength()
    wide = WIDE_MASKS if view.k.deck.bit_length() > WORD_BITS and compiled else 1.0
    return wide * ((TWO_DECKS if compiled else TWO_DECKS_PURE) if view.k.multi_deck else 1.0)


class CoachBot:
    """The Monte Carlo coach. ``worlds`` (card decisions), ``pass_worlds`` and ``lookahead`` set its strength and
    speed (not given: the defaults for this build, :func:`compiled_strength`);
    ``caution`` is how many standard errors a move must save over the rule-based move to be preferred to it
    (0: always the best average)."""

    name = "coach"

    def __init__(self, worlds: int | None = None, pass_worlds: int | None = None,
                 caution: float = DEFAULT_CAUTION, focus_worlds: int | None = None, infer: bool = True,
                 moon: bool = True, adaptive: bool = True, read_pass: bool = True,
                 thin: int = DEFAULT_THIN, lookahead: int | None = None,
                 budget: float | None = None, fit: bool = False) -> None:  # fmt: skip
        self.budget = budget
        """The work (estimated card plays, :func:`rollout_work`) one decision may cost. ``None``: this build's
        :func:`default_budget`, which bounds only the searches whose worlds are left to the coach (``worlds`` for
        card decisions, ``pass_worlds`` for passes, not given), cutting their worlds and, when it is not given
        either, their ``lookahead``; a number bounds every search (``math.inf``: none)."""
        self._free = (worlds is None, pass_worlds is None, lookahead is None, focus_worlds is None)
        if worlds is None:
            worlds = default_worlds()
        if pass_worlds is None:
            pass_worlds = default_pass_worlds()
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
        self.moon = moon
        """Try the line "take every point from here" at every card decision, and expect a seat that looks like
        shooting to try (see :func:`evaluate_plays`)."""
        self.read_pass = read_pass
        """Read the pass received too: prefer worlds in which the passer's rule-based pass gives those cards."""
        self.adaptive = adaptive
        """Give the closest candidates their extra worlds in batches: fewer when one is clearly best, up to half
        as many more when the call is close."""
        self.burn = min(DEFAULT_BURN, max(10, worlds * 3 // 2))
        """Burn-in steps of each chain when reading the others' play: 150 at the default strength, fewer for a
        weaker, quicker coach."""
        if lookahead is None:
            lookahead = default_lookahead()
        if lookahead < 0:
            raise ValueError("lookahead is a number of decisions: 0 or more")
        self.lookahead = lookahead
        """How many of its own next decisions the coach plays out card by card in each rollout, of a card or of a
        pass (0: the rule-based player finishes the hand for it; see :func:`evaluate_plays`). Not given: every
        decision where the engine is compiled, one in plain Python (:func:`default_lookahead`)."""
        self.fit = fit
        """Read each player's fit: a player whose cards so far no world of the chains explains as a rule-based
        player's is read as a different player, whose surprising cards count for much less
        (:class:`~hearts_lessons.bots.sampling.Worlds`, ``fit``)."""
        self.thin = thin
        """Steps of each chain between two worlds it gives when reading the others' play (more: worlds less alike,
        for more work)."""

    def search(self, view: Knowledge, kind: str, candidates: int, *, choosing: bool = False) -> Search:
        """The worlds and lookahead of one decision of ``kind`` (``play`` or ``pass``) among ``candidates`` moves,
        for :meth:`advise` or (``choosing``) :meth:`choose_play` / :meth:`choose_pass`: the coach's settings, cut
        by :func:`bound_search` when the decision would cost more than the budget (:attr:`budget`). Its
        ``worlds`` are those of the first look at every candidate (:meth:`choose_play` gives each of many candidates
        a share of them, and the closest ones ``focus_worlds`` more).

        >>> from hearts_lessons.state import HandState
        >>> s = HandState.deal(seed=3)
        >>> coach = CoachBot()
        >>> coach.search(s.view(0), "pass", 12).cut  # a four-player table: never cut
        False
        """
        free_worlds, free_pass, free_lookahead, free_focus = self._free
        if self.budget is not None:
            free_worlds = free_pass = free_lookahead = free_focus = True
        budget = default_budget(kind, choosing=choosing) if self.budget is None else self.budget
        cards = view.hand_mask.bit_count()
        usual, free = (self.pass_worlds, free_pass) if kind == "pass" else (self.worlds, free_worlds)
        if not free:  # the caller chose the size of this search: a measurement's settings, kept as they are
            return Search(usual, self.lookahead, usual, self.lookahead, view.players, cards)
        n = max(candidates, 1)
        fixed = 0.0
        if kind == "pass":
            slope = n + 10.0 if choosing else float(n)
            after = cards
        else:
            after = max(cards - 1, 0)
            slope = float(n)
            if choosing:
                spread = 3 * (1.5 if self.adaptive else 1.0)  # the two best and the rule-based card, in batches
                slope = (n if n <= 4 else max(n / 3, 4.0)) + (2 * spread if free_focus else 0.0)
                fixed = 0.0 if free_focus else spread * self.focus_worlds
        wide = wide_factor(view)
        per_world = overhead = 0.0
        if kind == "play" and self.infer:  # the chains that read the others' play: burn-in, then steps a world
            played = view.played_mask.bit_count()
            per_world = sampling_work(self.thin * (4 if choosing else 1), played, wide=wide)
            overhead = sampling_work(CHAINS * self.burn, played, wide=wide)
        worlds, lookahead = bound_search(players=view.players, cards=after, slope=slope, worlds=usual,
                                         lookahead=self.lookahead, budget=budget, free_worlds=free,
                                         free_lookahead=free_lookahead, fixed=fixed, wide=wide, per_world=per_world,
                                         overhead=overhead)  # fmt: skip
        return Search(worlds, lookahead, usual, self.lookahead, view.players, cards)

    def _focus_worlds(self, search: Search) -> int:
        """The extra worlds for the closest candidates: the coach's, or twice the bounded worlds when the bound
        cut worlds left to the coach."""
        if self._free[3] and search.worlds < search.usual_worlds:
            return 2 * search.worlds
        return self.focus_worlds

    def assumes(self, view: SeatView) -> str:
        """How the coach models the other players when it decides for ``view`` (a pass, or a card), in a sentence
        or two in the book's language: what makes one deal of the hidden cards more likely than another, and how
        the others play in its trials. Shown under its advice (:attr:`Advice.assumes`).

        >>> from hearts_lessons.state import HandState
        >>> said = CoachBot(infer=False).assumes(HandState.deal(seed=1, hand_number=3).view(0))
        >>> said.startswith("How the coach sees the others: every deal of the hidden cards that fits"), "moon" in said
        (True, True)
        """
        if view.phase is Phase.PASSING:
            return tr("How the coach sees the others: every deal of the hidden cards is as likely, and in each the "
                      "others pass and play like the book's rule-based bot (the Medium level).")
        # what the sampler will really do here: nothing to read (no card played and no pass read, or a position
        # that starts mid-hand) leaves every deal as likely; a moon only where the rules have one
        plain = not self.infer or Worlds(view, random.Random(0), read_pass=self.read_pass).plain
        moon = self.moon and view.rules.moon is not Moon.NONE
        if plain and moon:
            return tr("How the coach sees the others: every deal of the hidden cards that fits what you have seen is "
                      "as likely, and in each the others play like the book's rule-based bot (the Medium level), one "
                      "who looks like shooting the moon playing to shoot.")
        if plain:
            return tr("How the coach sees the others: every deal of the hidden cards that fits what you have seen is "
                      "as likely, and in each the others play like the book's rule-based bot (the Medium level).")
        if self.read_pass and pass_reading(view) is not None:
            first = tr("How the coach sees the others: a deal of the hidden cards is more likely when their cards so "
                       "far, and the pass you received, are what the book's rule-based bot (the Medium level) would "
                       "have chosen from it; in each deal they finish the hand like that bot.")
        else:
            first = tr("How the coach sees the others: a deal of the hidden cards is more likely when their cards so "
                       "far are what the book's rule-based bot (the Medium level) would have chosen from it; in each "
                       "deal they finish the hand like that bot.")
        more = []
        if self.fit:
            more.append(tr("A player whose cards no such deal explains counts as a different player: its unexpected "
                           "cards count for much less."))
        if moon:
            more.append(tr("One who looks like shooting the moon plays to shoot."))
        return join_sentences([first, *more])

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        combos = pass_candidates(view)
        if len(combos) <= 1:
            return [card_from_id(c) for c in (combos[0] if combos else rules_pass(view))]
        search = self.search(view, "pass", len(combos), choosing=True)
        found = evaluate_passes(view, combos, worlds=search.worlds, rng=rng, focus=4,
                                focus_worlds=2 * search.worlds, lookahead=search.lookahead)  # fmt: skip
        return list(_pick(found, self.caution).cards)

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        ids = play_candidates(view)
        if len(ids) == 1:
            return card_from_id(ids[0])
        search = self.search(view, "play", len(ids), choosing=True)
        # with many candidates, fewer worlds each (at most four candidates' worth of rollouts)
        worlds = search.worlds if len(ids) <= 4 else max(search.worlds // 3, search.worlds * 4 // len(ids))
        found = evaluate_plays(view, worlds=worlds, rng=rng, cards=ids, focus=2,
                               focus_worlds=self._focus_worlds(search), infer=self.infer, burn=self.burn,
                               thin=self.thin, moon=self.moon,
                               adaptive=self.adaptive, read_pass=self.read_pass,
                               lookahead=search.lookahead, fit=self.fit)  # fmt: skip
        return _pick(found, self.caution).cards[0]

    def advise(self, view: SeatView, rng: random.Random | None = None, *, extra: Sequence[Card] = ()) -> Advice:
        """The coach's choice with its reasons and numbers, for a seat that must pass or play now. Every legal
        card (for a pass: the coach's candidates plus ``extra``, e.g. a reader's pass) is tried in the same
        worlds, so the numbers compare fairly (and the moon line, when it reached the moon in at least
        :data:`MOON_COMMIT` of them); :meth:`choose_play` and :meth:`choose_pass` also look twice at the
        closest candidates, so in a close call they may choose differently."""
        rng = rng or random.Random(0)
        if view.phase is Phase.PASSING and view.direction is not PassDirection.HOLD:
            combos = pass_candidates(view)
            if extra:
                state_check = {c.id for c in extra}
                if len(state_check) != len(extra) or any(not (view.hand_mask >> c) & 1 for c in state_check):
                    raise ValueError("the extra pass must be cards of this hand")
                combos.append(tuple(c.id for c in extra))
            search = self.search(view, "pass", len(combos))
            found = evaluate_passes(view, combos, worlds=search.worlds, rng=rng, lookahead=search.lookahead)
            if not found:
                raise ValueError("there is nothing to pass")
            pick = _pick(found, self.caution)
            found = [pick, *(c for c in found if c is not pick)]
            reference = tuple(card_from_id(c) for c in rules_pass(view))
            sentence, said = pass_sentences(view, found, reference)
            return Advice("pass", view.seat, list(pick.cards), tuple(found), _noted(sentence, search),
                          search.worlds, game_stakes(view), tuple(said), search, self.assumes(view))  # fmt: skip
        if view.phase is Phase.PLAYING and view.to_play == view.seat:
            legal = bits(view.legal_mask)
            search = self.search(view, "play", len(legal))
            found = evaluate_plays(view, worlds=search.worlds, rng=rng, cards=legal, infer=self.infer,
                                   burn=self.burn, thin=self.thin, moon=self.moon, read_pass=self.read_pass,
                                   lookahead=search.lookahead, fit=self.fit)  # fmt: skip
            # the moon line is shown only when it is a real option (it reached the moon often enough to commit)
            found = [c for c in found if c.plan != MOON_PLAN or c.moon_for >= MOON_COMMIT]
            pick = _pick(found, self.caution)
            found = [pick, *(c for c in found if c is not pick)]
            sentence, said = play_sentences(view, found)
            return Advice("play", view.seat, list(pick.cards), tuple(found), _noted(sentence, search),
                          search.worlds, game_stakes(view), tuple(said), search, self.assumes(view))  # fmt: skip
        who = seat_name(view.seat, view.players)
        raise ValueError(f"{who} has nothing to decide now")


def _noted(sentence: str, search: Search) -> str:
    """The advice's sentence, followed by :meth:`Search.note` when the bound cut the search clearly enough to say
    so (:attr:`Search.noted`)."""
    note = search.note()
    return tr("{first} {second}", context="two sentences", first=sentence, second=note) if note else sentence


@dataclass(frozen=True, slots=True)
class Grade:
    """A reader's move measured against the coach's, in the same sampled worlds."""

    yours: Candidate
    best: Candidate
    advice: Advice
    verdict: str
    """``best`` (the coach's move, or as good), ``good`` (within ``tolerance`` points, or within the coach's
    uncertainty) or ``costly`` (worse by more than ``tolerance`` and beyond the coach's uncertainty)."""

    @property
    def loss(self) -> float:
        """Expected points the reader's move costs more than the coach's (0 or more)."""
        return max(0.0, self.yours.mean - self.best.mean)

    @property
    def text(self) -> str:
        values = {"yours": self.yours.label, "mean": f"{self.yours.mean:.1f}", "best": self.best.label,
                  "loss": f"{self.loss:.1f}", "advice": self.advice.sentence}  # fmt: skip
        if self.verdict == "best":
            return tr("Well played. Your choice ({yours}) costs {mean} points on average, as good as the coach's. "
                      "{advice}", **values)
        if self.verdict == "good" and within_noise(self.yours, self.best):
            diff, half = paired(self.yours, self.best)
            return tr("Good: Your choice ({yours}) costs {mean} points on average, about the same as the coach's "
                      "{best} (the difference, {diff} ± {half} points, is within the coach's uncertainty). {advice}",
                      diff=f"{diff:.1f}", half=f"{half:.1f}", **values)
        if self.verdict == "good":
            return tr("Good: Your choice ({yours}) costs {mean} points on average, only {loss} more than the coach's "
                      "{best}. {advice}", **values)
        return tr("Costly: Your choice ({yours}) costs {mean} points on average, {loss} more than the coach's "
                  "{best}. {advice}", **values)


def grade(advice: Advice, cards: Sequence[Card], *, tolerance: float = 0.5) -> Grade:
    """Grade a reader's pass or card against the coach's advice (which must have tried it: see
    :meth:`CoachBot.advise`'s ``extra``). ``costly`` needs a difference of more than ``tolerance`` points that is
    also beyond the coach's uncertainty (the paired difference over the worlds both moves were tried in)."""
    yours = advice.candidate(cards)
    if yours is None:
        raise ValueError("the coach did not try that move")
    best = advice.candidates[0]
    if set(yours.cards) == set(best.cards) or yours.mean <= best.mean:
        verdict = "best"
    elif yours.mean - best.mean <= tolerance or within_noise(yours, best):
        verdict = "good"
    else:
        verdict = "costly"
    return Grade(yours, best, advice, verdict)
