"""Re-confirming a puzzle's answer with the settings that confirmed it, and what each other choice costs.

A ladder puzzle promises that its answer saves at least :data:`MIN_MARGIN` expected points over every other
choice. That is a measurement, so the puzzle file records, for each puzzle, every setting of the measurement
(:class:`Settings`): how many sampled deals each run tries (``worlds``), the seeds of the runs, how the hidden
cards are sampled (card play: ``infer``, deals in which the others' earlier cards and the pass look like a
rule-based player's; passes: uniform), how far the seat looks ahead in its own rollouts (``lookahead``, 0: the
rule-based player finishes the hand for every seat, the seat to move included), whether the moon line is tried,
the coach's version (:func:`coach_version`: a hash of the source of every module the measurement runs) and the
engine build (:func:`~hearts_lessons.runtime.engine_build`). "Best" therefore means: best against players who
play like the book's rule-based bot, averaged over that many sampled deals of the hidden cards.

:func:`confirm` runs the measurement again with a puzzle's recorded settings (each run a
``CoachBot(worlds=W, pass_worlds=W, caution=0, lookahead=L, infer=…).advise(view, rng)`` with
``rng = random.Random(seed)``: every legal card, or each of the coach's candidate passes, tried in the same
deals). The answer *holds* when it is the best choice in every run by at least the margin. Where the coach's
version is the recorded one the runs repeat the recorded numbers exactly; where the coach changed, they measure
the new coach.

>>> s = Settings.from_dict(Settings(worlds=10, seeds=("1/x/1",)).as_dict())
>>> s.worlds, s.seeds, s.lookahead
(10, ('1/x/1',), 0)
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots.coach import MOON_PLAN, Candidate, CoachBot
from ..bots.sampling import DEFAULT_THIN
from ..cards import Card
from ..runtime import engine_build
from ..state import HandState
from ..stats import mean_half

__all__ = ["COACH_MODULES", "MIN_MARGIN", "Confirmation", "Cost", "Settings", "coach_version", "confirm", "cost_table"]

MIN_MARGIN = 2.0
"""Expected points the answer must save over the second best choice, in every run."""

TOLERANCE = 1e-9
"""Rounding slack for a margin measured as exactly the promised one (a card that costs 2 points in every deal)."""

COACH_MODULES = (
    "bots/coach.py", "bots/rollout.py", "bots/sampling.py", "bots/rulebased.py", "bots/features.py",
    "bots/shooter.py", "bots/base.py", "lean.py", "playout.py", "legality.py", "layout.py", "scoring.py", "rules.py",
    "state.py", "cards.py", "views.py",
)  # fmt: skip
"""The package's modules whose code the measurement runs (the coach, its rollouts and sampling, the engine)."""

_PACKAGE = Path(__file__).resolve().parents[1]


def coach_version() -> str:
    """The coach's version: the first 12 hex digits of a SHA-256 over the source of :data:`COACH_MODULES` (any
    change to the coach or the engine gives a new version).

    >>> len(coach_version())
    12
    """
    digest = hashlib.sha256()
    for name in COACH_MODULES:
        digest.update(name.encode())
        digest.update((_PACKAGE / name).read_bytes())
    return digest.hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting of the solver that confirms a puzzle (see the module docstring)."""

    worlds: int
    """Sampled deals of the hidden cards in each run (every choice is tried in the same deals)."""
    seeds: tuple[str, ...]
    """One ``random.Random`` seed per run (a string such as ``"15/play-00000-11/1"``)."""
    lookahead: int = 0
    """The seat's own decisions played out card by card in each rollout (0: the rule-based player finishes)."""
    infer: bool = True
    """Card play: sample deals in which the others' earlier cards look like a rule-based player's."""
    read_pass: bool = True
    """Card play: read the pass received as a rule-based player's pass too."""
    moon: bool = True
    """Card play: also try the line "take every point from here"."""
    thin: int = DEFAULT_THIN
    margin: float = MIN_MARGIN
    """The saving the answer must show over every other choice, in every run."""
    coach: str = ""
    """The coach's version (:func:`coach_version`) when these settings last confirmed the puzzle."""
    engine: str = ""
    """The engine build then (:func:`~hearts_lessons.runtime.engine_build`)."""
    date: str = ""
    """The day of that confirmation (UTC, ``YYYY-MM-DD``)."""
    rollout: str = "rule-based"
    """Who plays the rest of the hand in every sampled deal: the book's rule-based bot, for every seat."""

    def as_dict(self) -> dict[str, Any]:
        return {"worlds": self.worlds, "seeds": list(self.seeds), "lookahead": self.lookahead, "infer": self.infer,
                "read_pass": self.read_pass, "moon": self.moon, "thin": self.thin, "margin": self.margin,
                "caution": 0, "rollout": self.rollout, "coach": self.coach, "engine": self.engine,
                "date": self.date}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """The settings of a puzzle file's ``confirmed`` object (``ValueError`` naming what is missing)."""
        need = ("worlds", "seeds", "lookahead", "infer", "read_pass", "moon", "thin", "margin")
        missing = [key for key in need if key not in data]
        if missing:
            raise ValueError(f"the confirmation settings lack {', '.join(missing)}")
        seeds = data["seeds"]
        if not isinstance(seeds, list) or not seeds or not all(isinstance(s, str) for s in seeds):
            raise ValueError("the confirmation 'seeds' must be a non-empty list of strings")
        return cls(int(data["worlds"]), tuple(seeds), int(data["lookahead"]), bool(data["infer"]),
                   bool(data["read_pass"]), bool(data["moon"]), int(data["thin"]), float(data["margin"]),
                   str(data.get("coach", "")), str(data.get("engine", "")), str(data.get("date", "")),
                   str(data.get("rollout", "rule-based")))  # fmt: skip

    def current(self, date: str) -> Settings:
        """The same settings stamped with today's coach version, engine build and ``date``."""
        return Settings(self.worlds, self.seeds, self.lookahead, self.infer, self.read_pass, self.moon, self.thin,
                        self.margin, coach_version(), engine_build(), date, self.rollout)  # fmt: skip

    def coach_bot(self) -> CoachBot:
        return CoachBot(worlds=self.worlds, pass_worlds=self.worlds, caution=0, infer=self.infer, moon=self.moon,
                        read_pass=self.read_pass, thin=self.thin, lookahead=self.lookahead)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Cost:
    """What one other choice costs against the answer, measured over every run's deals (paired)."""

    cards: tuple[Card, ...]
    extra: float
    """Expected points more than the answer (the luck of the deal cancels: both tried in the same deals)."""
    half_width: float
    """Half the width of the 95% interval of ``extra``."""
    worlds: int
    """Deals the difference is averaged over (all runs)."""
    queen: float
    """Share of those deals in which the seat takes the Q♠ after this choice."""
    queen_answer: float
    """The same share after the answer."""
    moon_against: float
    """Share of deals in which another seat shoots the moon after this choice."""
    moon_answer: float

    def as_dict(self) -> dict[str, Any]:
        return {"cards": [c.code for c in self.cards], "extra": round(self.extra, 3),
                "half_width": round(self.half_width, 3), "worlds": self.worlds, "queen": round(self.queen, 3),
                "queen_answer": round(self.queen_answer, 3), "moon_against": round(self.moon_against, 3),
                "moon_answer": round(self.moon_answer, 3)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Confirmation:
    """The runs of one confirmation: whether the answer held, each run's margin, and every other choice's cost."""

    holds: bool
    margins: tuple[float, ...]
    """Each run: the second best choice's mean minus the answer's (negative when another choice was better)."""
    best: tuple[tuple[Card, ...], ...]
    """Each run's best choice."""
    costs: tuple[Cost, ...] = field(default=())
    """Every other choice (a card, or a candidate pass), cheapest first."""

    @property
    def margin(self) -> float:
        return sum(self.margins) / len(self.margins)

    @property
    def second(self) -> tuple[Card, ...]:
        return self.costs[0].cards


def _key(cards: Sequence[Card]) -> frozenset[int]:
    return frozenset(c.id for c in cards)


def confirm(state: HandState, seat: int, answer: Sequence[Card], settings: Settings, *,
            runs: int | None = None) -> Confirmation:  # fmt: skip
    """Measure the position again with ``settings`` (its first ``runs`` seeds; default all) and say whether the
    ``answer`` is still best by the settings' margin in every run."""
    view = state.view(seat)
    bot = settings.coach_bot()
    wanted = _key(answer)
    found: list[list[Candidate]] = []
    for seed in settings.seeds[: runs or len(settings.seeds)]:
        advice = bot.advise(view, random.Random(seed))
        found.append(list(advice.candidates))
    margins: list[float] = []
    bests: list[tuple[Card, ...]] = []
    for cands in found:
        ranked = sorted(cands, key=lambda c: c.mean)
        bests.append(tuple(ranked[0].cards))
        mine = min((c for c in cands if _key(c.cards) == wanted), key=lambda c: c.mean, default=None)
        if mine is None:
            margins.append(float("-inf"))
            continue
        others = [c.mean for c in cands if _key(c.cards) != wanted]
        margins.append(min(others) - mine.mean if others else float("inf"))
    costs = cost_table(found, wanted)
    holds = all(m >= settings.margin - TOLERANCE for m in margins)
    return Confirmation(holds, tuple(margins), tuple(bests), costs)


def cost_table(found: Sequence[Sequence[Candidate]], wanted: frozenset[int]) -> tuple[Cost, ...]:
    """Every other choice (the plain card, not the moon line) against the answer's plain line, paired by deal."""
    per: dict[frozenset[int], list[tuple[Candidate, Candidate]]] = {}
    for cands in found:
        plain = {_key(c.cards): c for c in cands if c.plan != MOON_PLAN}
        mine = plain.get(wanted)
        if mine is None:
            continue
        for key, cand in plain.items():
            if key != wanted:
                per.setdefault(key, []).append((cand, mine))
    out: list[Cost] = []
    for pairs in per.values():
        if len(pairs) != len(found):
            continue
        diffs = [u - v for cand, mine in pairs for u, v in zip(cand.values, mine.values, strict=False)]
        extra, half = mean_half(diffs)
        worlds = sum(cand.worlds for cand, _ in pairs)
        share = [cand.worlds / worlds for cand, _ in pairs]
        out.append(Cost(pairs[0][0].cards, extra, half, len(diffs),
                        sum(w * cand.queen for w, (cand, _) in zip(share, pairs, strict=True)),
                        sum(w * mine.queen for w, (_, mine) in zip(share, pairs, strict=True)),
                        sum(w * cand.moon_against for w, (cand, _) in zip(share, pairs, strict=True)),
                        sum(w * mine.moon_against for w, (_, mine) in zip(share, pairs, strict=True))))  # fmt: skip
    out.sort(key=lambda c: (c.extra, sorted(card.id for card in c.cards)))
    return tuple(out)


def settings_json(settings: Settings) -> str:
    return json.dumps(settings.as_dict(), sort_keys=True)
