"""The bot ladder's ratings, and the levels a reader chooses opponents by.

Every entrant of the ladder (:data:`ENTRANTS`: a named bot at one strength, e.g. ``coach (30 worlds)``) plays a
round robin on duplicate deals, and each hand's result is rated with the Bradley–Terry model of the rating
library *openskill* (``BradleyTerryFull``: every pair of players at the table is one comparison, a tie a draw).
The run is :mod:`hearts_lessons.bots.ladder_run` (one command, which needs openskill); it writes
``hearts_lessons/bots/data/ratings.json``. This module only reads that file, so the lessons, the play table and
the live site (which does not ship openskill) never import the library.

**What a rating means.** Each entrant's skill is an estimate ``mu`` on openskill's scale (every entrant starts at
25) with an uncertainty ``sigma``; **higher is stronger**. The 95% interval is ``mu ± 1.96 sigma``. Under the
model, a bot rated ``d`` higher than another finishes a hand ahead of it (with fewer points) with probability
``1 / (1 + exp(-d / c))``, where ``c = sqrt(2 beta² + sigma₁² + sigma₂²)``: about 6 once the sigmas are small
(openskill's ``beta`` is 25/6), so a gap of 6 means ahead about 73 times in 100.

**Levels** (:data:`LEVELS`): Easy · Medium · Hard · Expert, each one entrant of the ladder.

The file format (version 1) is one JSON object::

    {"format": 1,
     "generator": "hearts_lessons/bots/ladder_run.py", "command": <str: how to rerun it>,
     "library": "openskill", "version": <str>,
     "model": {"name": "BradleyTerryFull", "mu": 25.0, "sigma": <float>, "beta": <float>, "tau": <float>},
     "rules": <str: the rules' name>, "players": 4, "seed": <int>, "deals": <int: deals per table>,
     "entrants": [{"name": <str>, "bot": <str: a registered bot>, "options": {<str>: <int>}}],
     "schedule": [[<entrant name>, ...] (one table, in seat order), ...],
     "ratings": [{"name": <str>, "mu": <float>, "sigma": <float > 0>, "hands": <int>,
                  "points": <float: points per hand>, "points_ci95": <float ≥ 0>}, ...],
     "cpu_seconds": <float: the run's processor time>,
     "results": [[<deal>, <table: index in the schedule>, <rotation>, <points of seat 0>, ...], ...]
                (every hand, in the order rated)}

:func:`load_ladder` checks every field, that the file rates exactly the entrants of :data:`ENTRANTS` and that each
entrant played the hands the schedule gives it (the file keeps every hand's points); a damaged file is refused
with :class:`RatingsFileError`, whose message says what is wrong.

>>> ladder = load_ladder()
>>> [level.name for level in LEVELS]
['Easy', 'Medium', 'Hard', 'Expert']
>>> ratings = [ladder.rating(level.entrant).mu for level in LEVELS]
>>> ratings == sorted(ratings)
True
>>> load_ladder(text='{"format": 2}')
Traceback (most recent call last):
...
hearts_lessons.bots.ratings.RatingsFileError: the ratings file has format 2; this version reads format 1
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import N_, tr, tr_text
from ..stats import Z95
from ..tables import Table
from .base import BOTS, Policy, make_bot
from .coach import DEFAULT_LOOKAHEAD, DEFAULT_PASS_WORLDS, DEFAULT_WORLDS, PURE_LOOKAHEAD
from .names import bot_name

__all__ = ["DATA_FILE", "ENTRANTS", "FORMAT", "GUESTS", "LEVELS", "Entrant", "Ladder", "Level", "Rating",
           "RatingsFileError", "entrant", "level", "load_ladder"]  # fmt: skip

FORMAT = 1
DATA_FILE = Path(__file__).parent / "data" / "ratings.json"


class RatingsFileError(ValueError):
    """A ratings file that is malformed or does not fit the ladder; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant of the ladder: a registered bot (``bot``) with its ``options`` (its strength), and the
    ``name`` tables show."""

    name: str
    bot: str
    options: tuple[tuple[str, int], ...] = ()

    def spec(self) -> tuple[str, dict[str, Any]]:
        """The bot as :func:`~hearts_lessons.simulate.simulate_hands` takes it: ``(name, options)``."""
        return self.bot, dict(self.options)

    def make(self) -> Policy:
        """A new bot of this entrant."""
        return make_bot(self.bot, **dict(self.options))


def _coach(worlds: int, pass_worlds: int) -> Entrant:
    # one decision looked ahead, whichever build runs: the table offers these levels in the live site too, where
    # looking ahead at every decision would be too slow (see hearts_lessons.bots.coach.compiled_strength)
    return Entrant(f"coach ({worlds} worlds)", "coach",
                   (("worlds", worlds), ("pass_worlds", pass_worlds), ("lookahead", PURE_LOOKAHEAD)))  # fmt: skip


ENTRANTS: tuple[Entrant, ...] = (
    Entrant("random", "random"),
    Entrant("beginner", "beginner"),
    Entrant("rules", "rules"),
    Entrant("shooter", "shooter"),
    _coach(10, 4),
    _coach(30, 12),
    _coach(100, 40),
    Entrant("coach (full strength)", "coach", (("worlds", DEFAULT_WORLDS), ("pass_worlds", DEFAULT_PASS_WORLDS),
                                               ("lookahead", DEFAULT_LOOKAHEAD))),
)
"""The ladder's entrants. The coach plays at three strengths: sampled deals (worlds) per card decision, and
two fifths as many per pass decision (100 and 40 is the strongest), each looking one decision ahead in its
rollouts: the coach's defaults in plain Python, as in the browser. The last entrant, ``coach (full strength)``, is
the coach as it plays and gives hints where the engine is compiled (a desktop): 150 worlds a card, 60 a pass,
looking ahead at every decision. Each of its decisions costs far more than the others' (more worlds, each played
out with a look-ahead at every one of its own later decisions), so it plays only some tables (:data:`GUESTS`)."""

GUESTS: tuple[str, ...] = ("coach (full strength)",)
"""Entrants too slow for every table: each plays one table with each of seven sets of three other entrants, chosen
so that every other entrant meets it at three tables and every two of them sit together with it once (see
:func:`hearts_lessons.bots.ladder_run.schedule`)."""


@dataclass(frozen=True, slots=True)
class Level:
    """A level of opponents the reader may choose: its ``name``, the ``entrant`` every opponent is, and what it
    is like to play against (``words``). ``name`` and ``words`` are English marked with
    :func:`~hearts_lessons.i18n.N_` (``name`` is also the level's key): shown with :attr:`shown_name` and
    :attr:`shown_words`."""

    name: str
    entrant: str
    words: str

    @property
    def shown_name(self) -> str:
        """The level's name in the book's language."""
        return tr_text(self.name, context="level")

    @property
    def shown_words(self) -> str:
        """What the level is like, in the book's language."""
        return tr_text(self.words)


LEVELS: tuple[Level, ...] = (
    Level(N_("Easy", context="level"), "beginner", N_("passes its highest cards and plays its lowest card")),
    Level(N_("Medium", context="level"), "rules", N_("plays by the rules of thumb of the strategy lessons")),
    Level(N_("Hard", context="level"), "coach (10 worlds)", N_("the coach, thinking over 10 sampled deals per card")),
    Level(N_("Expert", context="level"), "coach (100 worlds)",
          N_("the coach, thinking over 100 sampled deals per card")),
)
"""Easy · Medium · Hard · Expert, weakest first: each level is one entrant of the ladder (a test checks that their
ratings rise in this order)."""


def entrant(name: str) -> Entrant:
    """The entrant called ``name`` (see :data:`ENTRANTS`)."""
    for e in ENTRANTS:
        if e.name == name:
            return e
    raise ValueError(f"no entrant of the ladder is called {name!r} (choose from {', '.join(e.name for e in ENTRANTS)})")


def level(name: str) -> Level:
    """The level called ``name`` (Easy, Medium, Hard or Expert)."""
    for lv in LEVELS:
        if lv.name == name:
            return lv
    raise ValueError(f"there is no level {name!r}: choose from {', '.join(lv.name for lv in LEVELS)}")


@dataclass(frozen=True, slots=True)
class Rating:
    """One entrant's rating: ``mu`` (higher is stronger) and its uncertainty ``sigma``, from ``hands`` hands; and
    the points it took per hand in the same hands (``points``, lower is better, ± ``points_ci95``)."""

    name: str
    mu: float
    sigma: float
    hands: int
    points: float
    points_ci95: float

    @property
    def low(self) -> float:
        """The lower end of the rating's 95% interval, ``mu - 1.96 sigma``."""
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        """The upper end of the rating's 95% interval, ``mu + 1.96 sigma``."""
        return self.mu + Z95 * self.sigma

    def words(self) -> str:
        """The rating with its interval, as shown to readers: ``rating 27.1 (26.3–27.9)``."""
        return tr("rating {mu} ({low}–{high})", mu=f"{self.mu:.1f}", low=f"{self.low:.1f}", high=f"{self.high:.1f}")


@dataclass(frozen=True, slots=True)
class Ladder:
    """The ratings of a ladder run (strongest first) and how they were made (see the module docstring)."""

    ratings: tuple[Rating, ...]
    entrants: tuple[Entrant, ...]
    schedule: tuple[tuple[str, ...], ...]
    seed: int
    deals: int
    rules: str
    players: int
    library: str
    version: str
    model: Mapping[str, Any] = field(repr=False)
    command: str = ""
    cpu_seconds: float = 0.0

    def rating(self, name: str) -> Rating:
        """The rating of the entrant called ``name``."""
        for r in self.ratings:
            if r.name == name:
                return r
        raise ValueError(f"the ladder has no entrant {name!r}")

    def level_rating(self, name: str) -> Rating:
        """The rating of the level called ``name``'s entrant."""
        return self.rating(level(name).entrant)

    def level_words(self, name: str) -> str:
        """A level as the play table offers it: ``Expert: coach (100 worlds), rating 30.2 (29.4–31.0)``."""
        lv = level(name)
        return tr("{level}: {entrant}, {rating}", level=lv.shown_name, entrant=bot_name(lv.entrant),
                  rating=self.rating(lv.entrant).words())

    @property
    def hands(self) -> int:
        """The number of hands played (each rated once)."""
        return len(self.schedule) * self.deals * self.players

    def table(self) -> Table:
        """The ratings as a :class:`~hearts_lessons.tables.Table` indexed by ``bot``, strongest first: ``rating``
        (``mu``) with its 95% interval ``low`` to ``high``, the ``level`` it stands for (if any), its
        ``points per hand`` with ``ci95``, and the ``hands`` it played."""
        levels = {lv.entrant: lv.shown_name for lv in LEVELS}
        rows = [{"bot": r.name, "rating": r.mu, "low": r.low, "high": r.high, "level": levels.get(r.name, ""),
                 "points per hand": r.points, "ci95": r.points_ci95, "hands": r.hands}
                for r in self.ratings]  # fmt: skip
        headers = {"rating": tr("rating", context="column"), "level": tr("level", context="column"),
                   "points per hand": tr("points per hand", context="column")}
        return Table(rows, index="bot", headers=headers, shown={"bot": bot_name}, caption=tr(
            "Ratings ({library} {version}, {model}) from {hands} hands: higher is stronger; low to high is the 95% "
            "interval (rating ± 1.96 sigma). Points per hand: lower is better, ± ci95 (95%).", library=self.library,
            version=self.version, model=self.model.get("name", ""), hands=f"{self.hands:,}"))  # fmt: skip


# -- reading and checking a file ------------------------------------------------------------------------------------
def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "the ratings file") -> Any:
    if key not in data:
        raise RatingsFileError(f"{where} has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):  # true/false is not a number
        raise RatingsFileError(f"{where}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def _number(data: Mapping[str, Any], key: str, where: str) -> float:
    value = float(_need(data, key, (int, float), where))
    if not math.isfinite(value):
        raise RatingsFileError(f"{where}: {key!r} is not a finite number")
    return value


def _entrants(raw: Any) -> tuple[Entrant, ...]:
    if not isinstance(raw, list) or not raw:
        raise RatingsFileError("the ratings file's 'entrants' must be a non-empty list")
    out = []
    for i, item in enumerate(raw, 1):
        where = f"entrant {i}"
        if not isinstance(item, dict):
            raise RatingsFileError(f"{where} is not an object")
        name = _need(item, "name", str, where)
        bot = _need(item, "bot", str, where)
        if bot not in BOTS:
            raise RatingsFileError(f"{where} ({name!r}) is the bot {bot!r}, which is not registered")
        options = _need(item, "options", dict, where)
        if not all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in options.items()):
            raise RatingsFileError(f"{where} ({name!r}): options must map names to whole numbers")
        out.append(Entrant(name, bot, tuple(options.items())))
    return tuple(out)


def _schedule(raw: Any, names: set[str], players: int) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or not raw:
        raise RatingsFileError("the ratings file's 'schedule' must be a non-empty list of tables")
    tables = []
    for i, seats in enumerate(raw, 1):
        if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
            raise RatingsFileError(f"table {i} of the schedule must list {players} entrants")
        unknown = [s for s in seats if s not in names]
        if unknown:
            raise RatingsFileError(f"table {i} of the schedule seats {unknown[0]!r}, who is not an entrant")
        if len(set(seats)) != players:
            raise RatingsFileError(f"table {i} of the schedule seats an entrant twice")
        tables.append(tuple(seats))
    return tuple(tables)


def _rating(item: Any, i: int) -> Rating:
    where = f"rating {i}"
    if not isinstance(item, dict):
        raise RatingsFileError(f"{where} is not an object")
    name = _need(item, "name", str, where)
    where = f"rating {i} ({name!r})"
    sigma = _number(item, "sigma", where)
    if sigma <= 0:
        raise RatingsFileError(f"{where}: sigma must be positive, not {sigma}")
    ci95 = _number(item, "points_ci95", where)
    if ci95 < 0:
        raise RatingsFileError(f"{where}: points_ci95 must not be negative")
    return Rating(name, _number(item, "mu", where), sigma, _need(item, "hands", int, where),
                  _number(item, "points", where), ci95)  # fmt: skip


def _results(raw: Any, schedule: tuple[tuple[str, ...], ...], deals: int, players: int) -> None:
    """Check the kept hands: one per deal, table and rotation, each with every seat's points."""
    if not isinstance(raw, list):
        raise RatingsFileError("the ratings file's 'results' must be a list of hands")
    seen = set()
    for i, row in enumerate(raw, 1):
        fine = isinstance(row, list) and len(row) == 3 + players and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in row)  # fmt: skip
        if not fine or not (0 <= row[0] < deals and 0 <= row[1] < len(schedule) and 0 <= row[2] < players):
            raise RatingsFileError(f"hand {i} of the results is not [deal, table, rotation, {players} points]")
        seen.add(tuple(row[:3]))
    if len(seen) != len(raw) or len(raw) != len(schedule) * deals * players:
        raise RatingsFileError(f"the results must hold each of the {len(schedule) * deals * players} hands once, "
                               f"not {len(raw)} rows")  # fmt: skip


def load_ladder(path: str | Path = DATA_FILE, *, text: str | None = None,
                entrants: Sequence[Entrant] = ENTRANTS) -> Ladder:  # fmt: skip
    """Read and check a ratings file (by default the package's own; ``text``: the file's contents). The file must
    rate exactly ``entrants`` (name, bot and options); a damaged or stale file raises :class:`RatingsFileError`
    saying what is wrong."""
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RatingsFileError(f"there is no ratings file at {path}: run `python -m "
                                   "hearts_lessons.bots.ladder_run` to make it") from None  # fmt: skip
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RatingsFileError(f"the ratings file is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise RatingsFileError("the ratings file must hold one JSON object")
    if data.get("format") != FORMAT:
        raise RatingsFileError(f"the ratings file has format {data.get('format')}; this version reads format {FORMAT}")
    players = _need(data, "players", int)
    deals = _need(data, "deals", int)
    if players < 2 or deals < 1:
        raise RatingsFileError("the ratings file needs at least 2 players and 1 deal per table")
    found = _entrants(data.get("entrants"))
    if found != tuple(entrants):
        ours = ", ".join(e.name for e in entrants)
        raise RatingsFileError(f"the ratings file rates {', '.join(e.name for e in found)}, but the ladder's "
                               f"entrants are {ours} (with their options): rerun the ladder")  # fmt: skip
    names = {e.name for e in found}
    schedule = _schedule(data.get("schedule"), names, players)
    raw = data.get("ratings")
    if not isinstance(raw, list):
        raise RatingsFileError("the ratings file's 'ratings' must be a list")
    ratings = tuple(_rating(item, i) for i, item in enumerate(raw, 1))
    if sorted(r.name for r in ratings) != sorted(names):
        raise RatingsFileError("the ratings file must rate every entrant exactly once")
    for r in ratings:
        played = sum(r.name in seats for seats in schedule) * deals * players
        if r.hands != played:
            raise RatingsFileError(f"{r.name!r} is rated on {r.hands} hands, but the schedule gives it {played}")
    _results(data.get("results"), schedule, deals, players)
    model = _need(data, "model", dict)
    library = _need(data, "library", str)
    if library != "openskill" or model.get("name") != "BradleyTerryFull":
        raise RatingsFileError(f"the ratings file was made with {library} {model.get('name')}, not openskill's "
                               "BradleyTerryFull")  # fmt: skip
    return Ladder(
        ratings=tuple(sorted(ratings, key=lambda r: -r.mu)), entrants=found, schedule=schedule,
        seed=_need(data, "seed", int), deals=deals, rules=_need(data, "rules", str), players=players,
        library=library, version=_need(data, "version", str), model=dict(model), command=str(data.get("command", "")),
        cpu_seconds=float(data.get("cpu_seconds", 0.0)),
    )  # fmt: skip
