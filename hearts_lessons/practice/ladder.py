"""The puzzle ladder: positions mined from games between the bots, rated from attempts by bot solvers, served near
the reader's rating.

The puzzles are data in the package, ``hearts_lessons/practice/data/puzzles.json``, written by
``scripts/mine_puzzles.py`` (which can rebuild them, and re-confirm them with ``--check``). "Best" is a
measurement: the answer saves at least 2 expected points over every other choice against players who play like
the book's rule-based bot, in every one of its confirmation runs (each puzzle's ``confirmed`` settings say how
many sampled deals, which seeds, which sampling of the hidden cards, and which version of the coach; see
:mod:`hearts_lessons.practice.recheck`). A puzzle's ``rating`` is earned from attempts: solvers of known strength
(the coach at 1 to 5 sampled deals, the rule-based and the beginner bots) try every puzzle, and each puzzle is
rated on the reader's Glicko-2 scale from who solved it (:mod:`hearts_lessons.practice.puzzle_ratings`); a
solver not used for the ratings checks them by band (the file's ``ratings``). The file format (version 2) is one
JSON object::

    {"format": 2,
     "generator": "scripts/mine_puzzles.py",
     "seed": <int: the generator's seed>,
     "worlds": <int: sampled deals per measurement>,
     "puzzles": [
       {"id": <str, unique>,
        "kind": "play" | "pass",
        "record": <HandState.to_json() parsed as an object: the hand up to the position>,
        "seat": <int: the seat to move, whose view the puzzle takes>,
        "answer": [<card codes: the best card (play) or the best pass>],
        "second": [<card codes: the second best>],
        "margin": <float ≥ 2: expected points the answer saves over the second best>,
        "margins": [<float>, ...]  (the margin measured in each confirmation run, one per seed),
        "confirmed": <object: every setting of the confirmation (recheck.Settings.as_dict): worlds, seeds,
                      lookahead, infer, read_pass, moon, thin, margin, caution, rollout, coach, engine, date>,
        "facts": [<{"kind", "args"}: the checked facts the explanation is made of>],
        "costs": [<what each other choice costs against the answer, cheapest first: {"cards", "extra",
                   "half_width", "worlds", "queen", "queen_answer", "moon_against", "moon_answer"}>],
        "themes": [<str> from: ducking, unloading, dumping-queen, making-void, counting, stopping-moon,
                   shooting, endgame, passing]  (a puzzle with no theme is served only under "every theme"),
        "rating": <int: the puzzle's rating, earned from the solvers' attempts>,
        "rating_deviation": <int: its deviation (about half its 95% interval)>,
        "solved_by": [<the names of the solvers that found the answer>],
        "explanation": <str: why the answer is best, in words>}
     ],
     "ratings": <object: the solvers and their ratings, and the held-out solver's result by rating band>}

:func:`load_puzzles` checks every field, replays every record with the engine (a tampered record does not
replay), and checks that the seat is to move and that the answer and the second best are legal for it. A damaged
file is refused with :class:`PuzzleFileError`, whose message names the puzzle and what is wrong; the widgets show
that message, never a traceback. Until the mined file exists the ladder is empty.

Serving (:func:`choose`): the puzzles whose rating is nearest the reader's, not yet solved, optionally of some
themes (a teacher's homework: "ten ducking puzzles" is ``homework(puzzles, "ducking", 10)``).

>>> import json
>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("5D QS; 7C KS; AC 2D; 9C 3S", hold=True, leader=2, trick_number=11, hearts_broken=True)
>>> s.play("AC"); s.play("9C")
>>> conf = {"worlds": 1000, "seeds": ["1/p1/1", "1/p1/2"], "lookahead": 0, "infer": True, "read_pass": True,
...         "moon": True, "thin": 4, "margin": 2.0}
>>> cost = {"cards": ["5D"], "extra": 2.5, "half_width": 0.2, "worlds": 2000, "queen": 1.0, "queen_answer": 0.0,
...         "moon_against": 0.0, "moon_answer": 0.0}
>>> text = json.dumps({"format": 2, "generator": "scripts/mine_puzzles.py", "seed": 1, "worlds": 1000,
...     "puzzles": [{"id": "p1", "kind": "play", "record": json.loads(s.to_json()), "seat": 0, "answer": ["QS"],
...                  "second": ["5D"], "margin": 2.5, "margins": [2.4, 2.6], "themes": ["endgame"],
...                  "rating": 1200, "rating_deviation": 90, "solved_by": ["rules"],
...                  "explanation": "North wins the trick: drop the Q♠ on it", "confirmed": conf,
...                  "facts": [], "costs": [cost]}]})
>>> load_puzzles(text=text).puzzles[0].state().to_play
0
>>> load_puzzles(text=text.replace('"answer": ["QS"]', '"answer": ["KS"]'))
Traceback (most recent call last):
...
hearts_lessons.practice.ladder.PuzzleFileError: puzzle 1 ('p1'): the answer K♠ is not legal: you do not hold the K♠
>>> import textwrap
>>> print(textwrap.fill(load_puzzles(text=text).puzzles[0].feedback(["5D"]), 100))
The 5♦, as with the Q♠: you hold no clubs, so the 5♦ is a discard; but it leaves you void in
diamonds; the trick would hold no points, while with the Q♠: the Q♠ falls on a trick North is
winning; the trick would hold 13 points; it leaves you void in spades. Over 2,000 sampled deals it
costs 2.5 ± 0.2 points more on average than the Q♠; you take the Q♠ in 100% (± 1%) of them (0% (±
1%) after the Q♠).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, CardParseError
from ..errors import RecordError
from ..facts import Fact
from ..i18n import N_, get_language, tr, tr_n
from ..pass_words import pass_words
from ..seats import seat_name
from ..state import HandState, Phase
from .glicko2 import Rating
from .puzzle_words import compare_facts, compare_pass, explanation, fact_from_json, wrong_text
from .recheck import Settings

__all__ = ["DATA_FILE", "FORMAT", "THEMES", "Puzzle", "PuzzleFileError", "PuzzleSet", "best_meaning", "choose",
           "homework", "interval_words", "ladder_puzzles", "load_puzzles", "rating_words"]  # fmt: skip

FORMAT = 2
DATA_FILE = Path(__file__).parent / "data" / "puzzles.json"
THEMES = ("ducking", "unloading", "dumping-queen", "making-void", "counting", "stopping-moon", "shooting", "endgame",
          "passing")  # fmt: skip
"""The themes a puzzle may carry, in the order the ladder's filter lists them."""
THEME_WORDS = {
    "ducking": N_("ducking"), "unloading": N_("unloading high cards"), "dumping-queen": N_("dumping the Q♠"),
    "making-void": N_("making a void"), "counting": N_("counting"), "stopping-moon": N_("stopping a moon"),
    "shooting": N_("shooting"), "endgame": N_("endgame"), "passing": N_("passing"),
}  # fmt: skip
"""Each theme in words (English, marked: shown with :func:`~hearts_lessons.i18n.tr_text`)."""
MIN_MARGIN = 2.0
RATING_RANGE = (500, 2500)


class PuzzleFileError(ValueError):
    """A puzzle file that is malformed or does not replay; the message says where and what."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One rated puzzle (see the module docstring for each field)."""

    id: str
    kind: str
    record: dict[str, Any] = field(repr=False)
    seat: int
    answer: tuple[Card, ...]
    second: tuple[Card, ...]
    margin: float
    margins: tuple[float, ...]
    themes: tuple[str, ...]
    rating: int
    """Earned from the solvers' attempts (see the module docstring)."""
    explanation: str
    rating_deviation: int
    solved_by: tuple[str, ...]
    confirmed: Settings = field(repr=False)
    """Every setting of the confirmation that showed the answer best."""
    facts: tuple[Fact, ...] = field(repr=False)
    """The checked facts the explanation is made of."""
    costs: tuple[dict[str, Any], ...] = field(repr=False)
    """What each other choice costs against the answer (cheapest first), measured in the confirmation's deals."""

    def state(self) -> HandState:
        """The position, replayed from the record (a fresh copy each time)."""
        return HandState.from_json(json.dumps(self.record))

    @property
    def goal(self) -> str:
        """What the puzzle asks, with where a pass goes (a pass's answer depends on who receives it)."""
        if self.kind == "pass":
            state = self.state()
            n = state.players
            words = pass_words(state.direction, "goal")
            receivers = tr(" and ", context="receivers").join(seat_name((self.seat + offset) % n, n)
                                                             for offset, _ in state.targets)  # fmt: skip
            to = tr(", to {receivers}", receivers=receivers) if receivers else ""
            return tr("Choose the {n} cards to pass {direction}{to}.", n=len(self.answer), direction=words, to=to)
        return tr("Choose the card to play.")

    @property
    def explained(self) -> str:
        """The explanation in the book's language: in English the recorded :attr:`explanation`; in another
        language the same checked facts and measured numbers worded again (:func:`~.puzzle_words.explanation`)."""
        if get_language() == "en":
            return self.explanation
        second = self.cost(self.second)
        if second is None:
            raise ValueError(f"puzzle {self.id}: no measured cost for its second best choice")
        players = int(self.record["rules"]["players"])
        return explanation(self.kind, self.answer, self.facts, second, seat=self.seat, players=players)

    def is_right(self, cards: Iterable[Card | str]) -> bool:
        """Whether these cards are the answer (a pass in any order)."""
        return {c if isinstance(c, Card) else Card.from_str(c) for c in cards} == set(self.answer)

    def cost(self, cards: Iterable[Card | str]) -> dict[str, Any] | None:
        """The measured cost of this other choice (``None`` for a pass the coach did not measure)."""
        wanted = sorted((c if isinstance(c, Card) else Card.from_str(c)).code for c in cards)
        return next((c for c in self.costs if sorted(c["cards"]) == wanted), None)

    def feedback(self, cards: Iterable[Card | str]) -> str:
        """What happens after this wrong choice: its facts, each checked on the position as it is made, and what
        it costs against the answer in the confirmation's sampled deals (:func:`~.puzzle_words.wrong_text`)."""
        chosen = [c if isinstance(c, Card) else Card.from_str(c) for c in cards]
        cost = self.cost(chosen)
        players = int(self.record["rules"]["players"])
        if self.kind == "play":
            alike, apart, answer_apart = compare_facts(self.state(), self.seat, chosen[0], self.answer[0])
            return wrong_text(self.kind, chosen, apart, cost, self.answer, seat=self.seat, players=players,
                              alike=alike, answer_facts=answer_apart)  # fmt: skip
        facts, answer_apart = compare_pass(self.state(), self.seat, chosen, self.answer)
        return wrong_text(self.kind, chosen, facts, cost, self.answer, seat=self.seat, players=players,
                          answer_facts=answer_apart)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    """The puzzles of a file, with how they were made; ``note`` says where they came from for the reader."""

    puzzles: tuple[Puzzle, ...] = ()
    generator: str = ""
    seed: int | None = None
    worlds: int = 0
    note: str = ""
    ratings: dict[str, Any] | None = None
    """How the ratings were earned (``scripts/mine_puzzles.py --rate``): ``solvers`` (``name``, ``solver``,
    ``rating``), ``held_out`` (``solver``, ``solved``: the ids, ``bands``: ``from``, ``to``, ``puzzles``,
    ``solved``), ``coach``, ``date``; ``None`` when the file has none."""

    def __len__(self) -> int:
        return len(self.puzzles)

    def by_id(self, key: str) -> Puzzle:
        for p in self.puzzles:
            if p.id == key:
                return p
        raise KeyError(key)

    def themes(self) -> dict[str, int]:
        """How many puzzles carry each theme."""
        return {t: sum(t in p.themes for p in self.puzzles) for t in THEMES}


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(c, str) for c in value):
        raise PuzzleFileError(f"the {what} must be a non-empty list of card codes")
    try:
        return tuple(Card.from_str(c) for c in value)
    except (CardParseError, ValueError) as exc:
        raise PuzzleFileError(f"the {what} holds something that is not a card ({exc})") from None


def _float(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PuzzleFileError(f"the {what} must be a number")
    return float(value)


def _int(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleFileError(f"the {what} ({key!r}) must be a whole number")
    return value


def _legality(state: HandState, kind: str, seat: int, cards: tuple[Card, ...], what: str) -> None:
    if kind == "play":
        if len(cards) != 1:
            raise PuzzleFileError(f"the {what} of a play puzzle must be one card")
        reason = state.why_not(cards[0], seat)
        if reason:
            raise PuzzleFileError(f"the {what} {cards[0].symbol} is not legal: {reason}")
    else:
        for card in cards:
            reason = state.why_not_pass(seat, card)
            if reason:
                raise PuzzleFileError(f"the {what} may not pass the {card.symbol}: {reason}")
        if not state.can_pass(seat, cards):
            raise PuzzleFileError(f"the {what} is not a legal pass of {state.cards_to_pass} cards")


def _puzzle(raw: Any, *, replay: bool) -> Puzzle:
    if not isinstance(raw, dict):
        raise PuzzleFileError("it is not a JSON object")
    key = raw.get("id")
    if not isinstance(key, str) or not key:
        raise PuzzleFileError("its 'id' must be a non-empty string")
    kind = raw.get("kind")
    if kind not in ("play", "pass"):
        raise PuzzleFileError(f"its 'kind' must be 'play' or 'pass', not {kind!r}")
    record = raw.get("record")
    if not isinstance(record, dict):
        raise PuzzleFileError("its 'record' must be a saved hand (HandState.to_json() as an object)")
    seat = _int(raw, "seat", "seat")
    answer, second = _cards(raw.get("answer"), "answer"), _cards(raw.get("second"), "second best")
    if set(answer) == set(second):
        raise PuzzleFileError("the answer and the second best are the same")
    margin = _float(raw.get("margin"), "margin")
    if margin < MIN_MARGIN:
        raise PuzzleFileError(f"the margin {margin:g} is below {MIN_MARGIN:g} points: the answer is not clearly best")
    margins = raw.get("margins")
    if not isinstance(margins, list) or not margins:
        raise PuzzleFileError("'margins' must list each confirmation run's margin")
    pair = tuple(_float(m, "run's margin") for m in margins)
    if min(pair) < MIN_MARGIN:
        raise PuzzleFileError(f"the answer must save at least {MIN_MARGIN:g} points in every confirmation run")
    themes = raw.get("themes")
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise PuzzleFileError("'themes' must be a list of theme names")
    unknown = [t for t in themes if t not in THEMES]
    if unknown:
        raise PuzzleFileError(f"unknown theme {unknown[0]!r} (the themes are {', '.join(THEMES)})")
    rating = _int(raw, "rating", "rating")
    if not RATING_RANGE[0] <= rating <= RATING_RANGE[1]:
        raise PuzzleFileError(f"the rating {rating} is outside {RATING_RANGE[0]}–{RATING_RANGE[1]}")
    explanation = raw.get("explanation")
    if not isinstance(explanation, str) or not explanation.strip():
        raise PuzzleFileError("its 'explanation' must be a sentence")
    confirmed_raw = raw.get("confirmed")
    if not isinstance(confirmed_raw, dict):
        raise PuzzleFileError("its 'confirmed' must be the settings of its confirmation (an object)")
    try:
        confirmed = Settings.from_dict(confirmed_raw)
    except (ValueError, TypeError) as exc:
        raise PuzzleFileError(f"its 'confirmed' settings are damaged ({exc})") from None
    if len(confirmed.seeds) != len(pair):
        raise PuzzleFileError("'margins' must give one margin per confirmation seed")
    try:
        facts = tuple(fact_from_json(f) for f in raw.get("facts", []))
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise PuzzleFileError(f"its 'facts' are damaged ({exc})") from None
    costs = raw.get("costs")
    if not isinstance(costs, list) or not costs or not all(isinstance(c, dict) for c in costs):
        raise PuzzleFileError("its 'costs' must list what each other choice costs")
    need = {"cards", "extra", "half_width", "worlds", "queen", "queen_answer", "moon_against", "moon_answer"}
    for cost in costs:
        if need - set(cost):
            raise PuzzleFileError(f"a cost lacks {', '.join(sorted(need - set(cost)))}")
    deviation = _int(raw, "rating_deviation", "rating's deviation")
    solved_by = raw.get("solved_by")
    if not isinstance(solved_by, list) or not all(isinstance(n, str) for n in solved_by):
        raise PuzzleFileError("its 'solved_by' must list the solvers that found the answer")
    puzzle = Puzzle(key, kind, record, seat, answer, second, margin, pair, tuple(themes), rating, explanation,
                    deviation, tuple(solved_by), confirmed, facts, tuple(costs))  # fmt: skip
    if replay:
        try:
            state = puzzle.state()
        except RecordError as exc:
            raise PuzzleFileError(f"its record does not replay: {exc}") from None
        if not 0 <= seat < state.players:
            raise PuzzleFileError(f"there is no seat {seat}")
        if kind == "play" and (state.phase is not Phase.PLAYING or state.to_play != seat):
            raise PuzzleFileError("its record does not stop at the seat's turn to play")
        if kind == "pass" and (state.phase is not Phase.PASSING or seat not in state.to_pass):
            raise PuzzleFileError("its record does not stop where the seat must pass")
        _legality(state, kind, seat, answer, "answer")
        _legality(state, kind, seat, second, "second best")
    return puzzle


def load_puzzles(path: str | Path | None = None, *, text: str | None = None, replay: bool = True) -> PuzzleSet:
    """The puzzles of ``path`` (default: the package's mined file; if it does not exist yet, an empty ladder),
    or of ``text``. Every puzzle is checked and, with ``replay``, replayed; a damaged file raises
    :class:`PuzzleFileError` naming what is wrong."""
    where = "the puzzle file"
    if text is None:
        file = Path(path) if path is not None else DATA_FILE
        if not file.exists():
            if path is None:
                return PuzzleSet(note=tr("The mined puzzle file is not in the package yet: the ladder is empty."))
            raise PuzzleFileError(f"there is no puzzle file at {file}")
        where = f"the puzzle file {file.name}"
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PuzzleFileError(f"{where} cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFileError(f"{where} is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise PuzzleFileError(f"{where} must hold a JSON object")
    if data.get("format") != FORMAT:
        raise PuzzleFileError(f"{where} has format {data.get('format')!r}; this book reads format {FORMAT}")
    generator = data.get("generator")
    if not isinstance(generator, str) or not generator:
        raise PuzzleFileError(f"{where} does not name its generator")
    seed = _int(data, "seed", "generator's seed")
    worlds = _int(data, "worlds", "number of sampled deals")
    if worlds < 1:
        raise PuzzleFileError(f"{where}: 'worlds' must be positive")
    raw = data.get("puzzles")
    if not isinstance(raw, list):
        raise PuzzleFileError(f"{where} has no list of 'puzzles'")
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for index, item in enumerate(raw, 1):
        name = item.get("id") if isinstance(item, dict) else None
        label = f"puzzle {index}" + (f" ({name!r})" if isinstance(name, str) else "")
        try:
            puzzle = _puzzle(item, replay=replay)
        except PuzzleFileError as exc:
            raise PuzzleFileError(f"{label}: {exc}") from None
        if puzzle.id in seen:
            raise PuzzleFileError(f"{label}: the id {puzzle.id!r} is used twice")
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    check = data.get("ratings")
    if check is not None:
        held = check.get("held_out") if isinstance(check, dict) else None
        bands = held.get("bands") if isinstance(held, dict) else None
        keys = ("from", "to", "puzzles", "solved")
        whole = isinstance(bands, list) and all(isinstance(b, dict) and all(isinstance(b.get(k), int) for k in keys)
                                                for b in bands)  # fmt: skip
        solvers = check.get("solvers") if isinstance(check, dict) else None
        if not isinstance(held, dict) or not isinstance(held.get("solver"), str) or not whole or not (
                isinstance(solvers, list) and solvers):  # fmt: skip
            raise PuzzleFileError(f"{where}: 'ratings' must list its solvers and the held-out solver's bands")
    note = tr("{count} puzzles made by {generator} (seed {seed}); each answer confirmed best against players who play "
              "like the book's rule-based bot, in {worlds} sampled deals per run.", count=len(puzzles),
              generator=generator, seed=seed, worlds=f"{worlds:,}")
    return PuzzleSet(tuple(puzzles), generator, seed, worlds, note, check)


def best_meaning(puzzles: Iterable[Puzzle]) -> str:
    """What "best" means for these puzzles, in one sentence made from their recorded settings (runs, deals,
    sampling, margin, lookahead); ``ValueError`` if they were confirmed with different settings of those."""
    shapes = {(len(p.confirmed.seeds), p.confirmed.worlds, p.confirmed.margin, p.confirmed.lookahead,
               p.confirmed.rollout) for p in puzzles}  # fmt: skip
    if len(shapes) != 1:
        raise ValueError(f"the puzzles were confirmed with {len(shapes)} different settings")
    runs, worlds, margin, lookahead, rollout = shapes.pop()
    if rollout != "rule-based" or lookahead != 0:
        raise ValueError("this sentence describes confirmations whose rollouts the rule-based bot plays")
    return tr("Best means: against players who play like the book's rule-based bot (it also finishes the hand for "
              "you in every sampled deal), the answer saved at least {margin} points on average over every other "
              "legal card (for a pass, over each of the coach's candidate passes) in each of {runs} runs of "
              "{worlds} sampled deals of the hidden cards (for card play, deals in which the others' earlier cards "
              "and pass look like a rule-based player's; for passes, every deal as likely).", margin=f"{margin:g}",
              runs=runs, worlds=f"{worlds:,}")


def ladder_puzzles(path: str | Path | None = None) -> PuzzleSet:
    """The ladder's puzzles for a page: like :func:`load_puzzles`, but a damaged file gives an empty ladder whose
    ``note`` says what is wrong (a page never stops on it)."""
    try:
        return load_puzzles(path)
    except PuzzleFileError as exc:
        return PuzzleSet(note=tr("The puzzle file could not be used: {error}", error=exc))


def _matching(puzzles: Iterable[Puzzle], themes: Sequence[str], kind: str | None) -> list[Puzzle]:
    wanted = set(themes)
    return [p for p in puzzles if (not wanted or wanted & set(p.themes)) and (kind is None or p.kind == kind)]


def choose(puzzles: Iterable[Puzzle], rating: float, *, themes: Sequence[str] = (), done: Iterable[str] = (),
           rng: random.Random | None = None, nearest: int = 5, kind: str | None = None) -> Puzzle | None:  # fmt: skip
    """A puzzle near ``rating``: one of the ``nearest`` unsolved puzzles (of ``themes``, if given) whose rating
    is closest to it, at random. When every matching puzzle is done, solved ones are served again. ``None`` if
    no puzzle matches."""
    pool = _matching(puzzles, themes, kind)
    if not pool:
        return None
    finished = set(done)
    fresh = [p for p in pool if p.id not in finished] or pool
    fresh.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return (rng or random.Random(0)).choice(fresh[: max(1, nearest)])


ROUGH_RD = 300.0
"""A deviation above this makes a rating "a first guess" in words: a new reader's is 350 (a 95% interval of
about ±690); one rated puzzle brings it to about 250."""


def rating_words(rating: Rating) -> str:
    """A rating as a reader says it: ``about 1440``, to the nearest ten (the 95% interval, at least ±60 for any
    reader with a handful of rated puzzles, is far wider than that rounding); the interval itself is for
    :func:`interval_words`, shown on demand.

    >>> rating_words(Rating(1444.4, 205.0)), rating_words(Rating(1500.0, 350.0)), rating_words(Rating(38.0, 60.0))
    ('about 1440', 'about 1500, a first guess', 'about 40')
    """
    rounded = max(0, round(rating.rating / 10.0) * 10)
    if rating.rd > ROUGH_RD:
        return tr("about {rating}, a first guess", rating=rounded)
    return tr("about {rating}", rating=rounded)


def interval_words(rating: Rating, attempts: int) -> str:
    """The 95% interval of a rating, in a sentence (for a details box or a tooltip).

    >>> interval_words(Rating(1444.4, 205.0), 3)
    '95% interval 1040–1850, after 3 rated puzzles: the more puzzles you answer, the narrower it gets.'
    >>> interval_words(Rating(), 0)
    '95% interval 810–2190: no rated puzzle yet, so every reader starts here.'
    """
    low, high = rating.interval
    values = {"low": f"{max(0, round(low / 10) * 10):.0f}", "high": f"{round(high / 10) * 10:.0f}"}
    if attempts == 0:
        return tr("95% interval {low}–{high}: no rated puzzle yet, so every reader starts here.", **values)
    return tr_n("95% interval {low}–{high}, after {n} rated puzzle: the more puzzles you answer, the narrower it gets.",
                "95% interval {low}–{high}, after {n} rated puzzles: the more puzzles you answer, the narrower it "
                "gets.", attempts, **values)


def homework(puzzles: Iterable[Puzzle], theme: str, count: int = 10) -> list[Puzzle]:
    """A teacher's homework: ``count`` puzzles of one theme, easiest first."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r} (the themes are {', '.join(THEMES)})")
    return sorted(_matching(puzzles, [theme], None), key=lambda p: (p.rating, p.id))[:count]
