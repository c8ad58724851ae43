"""Puzzle ratings earned from attempts: solvers of known strength try every puzzle, and each puzzle is rated on
the Glicko-2 scale (the reader's scale) from who solved it.

The solvers (:data:`SOLVERS`) are bots whose answers can be repeated: the coach trying each legal card (or each
of its candidate passes) in 1, 2, 3 or 5 sampled deals, every deal as likely, with three seeds each; the
book's rule-based bot; and the beginner bot. A solver "wins" against a puzzle when it finds the answer.

:func:`fit` rates puzzles and solvers together: the chance that a solver of rating ``s`` solves a puzzle of rating
``r`` is ``1 / (1 + 10 ** ((r - s) / 400))``, the expected score of the Glicko-2 system between two ratings known
exactly (Glickman, *Example of the Glicko-2 system*), so a puzzle rated like the reader is one the reader solves
half the time. Each puzzle starts from the reader's starting point, 1500 with a deviation of 350 (a prior that
keeps a puzzle every solver finds, or none does, finite); the ratings are those most likely given every attempt
(Newton steps, puzzles and solvers in turn). Each puzzle's deviation is ``1 / sqrt(1 / 350**2 + q**2 * sum(e *
(1 - e)))`` with ``q = ln 10 / 400`` over its attempts (``e`` each expected score).

Whether the ratings mean what they say is measured with a solver not used to make them (:data:`HELD_OUT`: the
coach at one sampled deal that reads the others' play, a sampling the rating solvers do not use): it should solve
fewer puzzles in each higher band (:data:`BANDS`).

>>> f = fit({"strong": [True, True, False], "weak": [True, False, False]})
>>> f.puzzles[0] < f.puzzles[1] < f.puzzles[2], f.solvers["strong"] > f.solvers["weak"]
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..bots import BeginnerBot
from ..bots.coach import CoachBot
from ..bots.rulebased import RuleBasedBot
from ..cards import Card
from ..i18n import tr, tr_n
from ..state import HandState, Phase

__all__ = ["BANDS", "HELD_OUT", "PRIOR", "SOLVERS", "Fit", "Solver", "band_rates", "fit", "solves"]

PRIOR = (1500.0, 350.0)
"""Every puzzle's rating before its attempts: the Glicko-2 starting point, 1500 with a deviation of 350."""
Q = math.log(10) / 400
BANDS = ((0, 1400), (1400, 1800), (1800, 10_000))
"""The rating bands of the held-out check: the puzzle sheet's easy (below 1400), medium (1400–1799) and hard
(1800 and above)."""


@dataclass(frozen=True, slots=True)
class Solver:
    """A bot that tries puzzles: ``coach`` with ``worlds`` sampled deals (``infer``: reading the others' play) and
    a seed index, or ``rules`` (the rule-based bot) or ``beginner``."""

    name: str
    kind: str
    worlds: int = 0
    seed: int = 0
    infer: bool = False

    def describe(self) -> str:
        """Who this solver is, in the book's language.

        >>> Solver("coach1/0", "coach", 1, 0).describe(), Solver("held-out", "coach", 1, 0, infer=True).describe()
        ('the coach at 1 sampled deal (seed 0)', "the coach at 1 sampled deal, reading the others' play (seed 0)")
        """
        if self.kind == "coach":
            if self.infer:
                return tr_n("the coach at {n} sampled deal, reading the others' play (seed {seed})",
                            "the coach at {n} sampled deals, reading the others' play (seed {seed})", self.worlds,
                            seed=self.seed)
            return tr_n("the coach at {n} sampled deal (seed {seed})", "the coach at {n} sampled deals (seed {seed})",
                        self.worlds, seed=self.seed)
        if self.kind == "rules":
            return tr("the rule-based bot")
        if self.kind == "beginner":
            return tr("the beginner bot")
        raise KeyError(self.kind)


SOLVERS = (*(Solver(f"coach{w}/{k}", "coach", w, k) for w in (1, 2, 3, 5) for k in range(3)),
           Solver("rules", "rules"), Solver("beginner", "beginner"))  # fmt: skip
"""The solvers whose attempts rate the puzzles."""
HELD_OUT = Solver("held-out", "coach", 1, 0, infer=True)
"""A solver not used for the ratings: the coach at one sampled deal, reading the others' play."""


def solves(solver: Solver, state: HandState, seat: int, answer: Sequence[Card], puzzle_id: str) -> bool:
    """Whether ``solver`` finds the ``answer`` at this position (its own seed: ``{name}/{puzzle_id}``)."""
    view = state.view(seat)
    rng = random.Random(f"{solver.name}/{puzzle_id}")
    bot: CoachBot | RuleBasedBot | BeginnerBot
    if solver.kind == "coach":
        bot = CoachBot(worlds=solver.worlds, pass_worlds=solver.worlds, caution=0, lookahead=0, infer=solver.infer,
                       adaptive=False, focus_worlds=0)  # fmt: skip
    elif solver.kind == "rules":
        bot = RuleBasedBot()
    else:
        bot = BeginnerBot()
    if state.phase is Phase.PASSING:
        return {c.id for c in bot.choose_pass(view, rng)} == {c.id for c in answer}
    return bot.choose_play(view, rng).id == answer[0].id


@dataclass(frozen=True, slots=True)
class Fit:
    puzzles: tuple[float, ...]
    """Each puzzle's rating, in the order of the attempts."""
    deviations: tuple[float, ...]
    """Each puzzle's rating deviation (its 95% interval is about ± 2 deviations)."""
    solvers: dict[str, float]
    """Each solver's rating."""


def _expected(puzzle: float, solver: float) -> float:
    """The chance that a solver of rating ``solver`` solves a puzzle of rating ``puzzle``."""
    return 1.0 / (1.0 + 10 ** ((puzzle - solver) / 400))


def fit(attempts: Mapping[str, Sequence[bool]], *, sweeps: int = 60) -> Fit:
    """Rate puzzles and solvers from ``attempts`` (for each solver, whether it solved each puzzle, in one order
    for all): the most likely ratings with each puzzle's 1500 ± 350 prior (see the module docstring)."""
    names = list(attempts)
    if not names:
        raise ValueError("no attempts to rate from")
    count = len(attempts[names[0]])
    if any(len(attempts[n]) != count for n in names):
        raise ValueError("every solver must have tried every puzzle")
    mean, deviation = PRIOR
    puzzles = [mean] * count
    solvers = dict.fromkeys(names, mean)
    for _ in range(sweeps):
        for i in range(count):
            grad = -(puzzles[i] - mean) / deviation**2
            info = 1 / deviation**2
            for n in names:
                e = _expected(puzzles[i], solvers[n])
                grad -= Q * (attempts[n][i] - e)
                info += Q * Q * e * (1 - e)
            puzzles[i] += max(-200.0, min(200.0, grad / info))
        for n in names:
            grad, info = 0.0, 1e-9
            for i in range(count):
                e = _expected(puzzles[i], solvers[n])
                grad += Q * (attempts[n][i] - e)
                info += Q * Q * e * (1 - e)
            solvers[n] += max(-200.0, min(200.0, grad / info))
    deviations = []
    for i in range(count):
        info = 1 / deviation**2 + sum(Q * Q * e * (1 - e) for e in (_expected(puzzles[i], solvers[n]) for n in names))
        deviations.append(1 / math.sqrt(info))
    return Fit(tuple(puzzles), tuple(deviations), solvers)


def band_rates(ratings: Sequence[float], solved: Sequence[bool]) -> list[tuple[int, int, int, int]]:
    """For each of :data:`BANDS`: (from, to, puzzles, solved by the held-out solver)."""
    out = []
    for low, high in BANDS:
        inside = [s for r, s in zip(ratings, solved, strict=True) if low <= r < high]
        out.append((low, high, len(inside), sum(inside)))
    return out
