"""What a reader has done: stars per drill, the puzzle rating, attempts — kept in a small JSON file.

The file lives in the working folder: beside the notebooks in JupyterLab and Voilà; on the live site the working
folder of JupyterLite's Pyodide kernel is the browser-backed drive, so a plain file write there is kept in the
browser's storage and survives a reload. Loading never raises: a missing file is a fresh start; a damaged one is
renamed aside (``….json.bak``, or ``.bak-2``… when an earlier one is there: none is written over) and the reader
gets a clear message, saying what is wrong, and a fresh start.

The file (schema 1)::

    {"schema": 1, "kind": "hearts-lessons-progress",
     "stars": {"<stage key>": {"<drill id>": 0-3}},
     "rating": {"rating": 1500.0, "rd": 350.0, "volatility": 0.06},
     "puzzles": {"<puzzle id>": {"tries": 2, "solved": true, "result": 0}},
     "attempts": {"drills": 12, "puzzles": 3}}

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> p, note = Progress.load(path)
>>> note
'No saved progress yet: a fresh start.'
>>> p.record_drill("tricks", "tricks-1", 3)
>>> Progress.load(path)[0].stars_for("tricks")
{'tricks-1': 3}
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import N_, tr, tr_text
from .glicko2 import Rating, update

__all__ = ["FILE_NAME", "SCHEMA", "Progress", "default_path"]

SCHEMA = 1
KIND = "hearts-lessons-progress"
FILE_NAME = "hearts_lessons_progress.json"
ENV_VAR = "HEARTS_LESSONS_PROGRESS"
"""An environment variable naming another progress file (tests, or a teacher's copy)."""
PUZZLE_RD = 80.0
"""A puzzle's rating deviation: puzzles are rated by their difficulty, known better than a new reader's."""


def default_path() -> Path:
    """Where progress is kept: ``$HEARTS_LESSONS_PROGRESS`` if set, else ``hearts_lessons_progress.json`` in the
    working folder (the notebooks' folder). The static book is built with the variable naming an empty record in a
    temporary folder (``scripts/_setup.sh``: ``hl_with_empty_progress``), so its pages show nobody's progress."""
    return Path(os.environ.get(ENV_VAR) or FILE_NAME)


class _Damaged(ValueError):
    pass


def _number(value: Any, what: str, *, low: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Damaged(tr("{what} is not a number", what=tr_text(what)))
    if low is not None and value < low:
        raise _Damaged(tr("{what} is out of range", what=tr_text(what)))
    return float(value)


def _parse(data: Any) -> dict[str, Any]:
    """Check a loaded file; return its parts or raise :class:`_Damaged` saying what is wrong."""
    if not isinstance(data, dict):
        raise _Damaged(tr("the file does not hold a JSON object"))
    if data.get("kind") != KIND:
        raise _Damaged(tr("the file is not a progress file of this book"))
    if data.get("schema") != SCHEMA:
        raise _Damaged(tr("the file has schema {found}; this book reads schema {schema}",
                          found=repr(data.get("schema")), schema=SCHEMA))
    stars = data.get("stars", {})
    if not isinstance(stars, dict):
        raise _Damaged(tr("'stars' is not an object"))
    clean_stars: dict[str, dict[str, int]] = {}
    for stage, drills in stars.items():
        if not isinstance(drills, dict):
            raise _Damaged(tr("the stars of stage {stage} are not an object", stage=repr(stage)))
        for drill, count in drills.items():
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 3:
                raise _Damaged(tr("the stars of drill {drill} are not 0 to 3", drill=repr(drill)))
        clean_stars[str(stage)] = {str(k): int(v) for k, v in drills.items()}
    raw_rating = data.get("rating", {})
    if not isinstance(raw_rating, dict):
        raise _Damaged(tr("'rating' is not an object"))
    try:
        rating = Rating(_number(raw_rating.get("rating", 1500.0), N_("the rating")),
                        _number(raw_rating.get("rd", 350.0), N_("the rating deviation"), low=1e-9),
                        _number(raw_rating.get("volatility", 0.06), N_("the volatility"), low=1e-9))  # fmt: skip
    except ValueError as exc:
        raise _Damaged(str(exc)) from None
    puzzles = data.get("puzzles", {})
    if not isinstance(puzzles, dict) or not all(isinstance(v, dict) for v in puzzles.values()):
        raise _Damaged(tr("'puzzles' is not an object of objects"))
    attempts = data.get("attempts", {})
    if not isinstance(attempts, dict):
        raise _Damaged(tr("'attempts' is not an object"))
    what = {"drills": N_("the number of drill attempts"), "puzzles": N_("the number of puzzle attempts")}
    counts = {k: int(_number(attempts.get(k, 0), what[k], low=0)) for k in ("drills", "puzzles")}
    return {"stars": clean_stars, "rating": rating, "puzzles": {str(k): dict(v) for k, v in puzzles.items()},
            "attempts": counts}  # fmt: skip


def _free_backup(where: Path) -> Path:
    """Where a damaged file is kept: ``….json.bak``, or ``….json.bak-2``, ``-3``… when an earlier one is there
    (a damaged file is never written over).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _free_backup(folder / "p.json").name
    'p.json.bak'
    >>> _ = (folder / "p.json.bak").write_text("{")
    >>> _free_backup(folder / "p.json").name
    'p.json.bak-2'
    """
    backup = where.with_name(where.name + ".bak")
    number = 2
    while backup.exists():
        backup = where.with_name(f"{where.name}.bak-{number}")
        number += 1
    return backup


@dataclass
class Progress:
    """A reader's progress, saved to ``path`` after every change (``path=None``: kept in memory only)."""

    path: Path | None = None
    stars: dict[str, dict[str, int]] = field(default_factory=dict)
    rating: Rating = field(default_factory=Rating)
    puzzles: dict[str, dict[str, Any]] = field(default_factory=dict)
    attempts: dict[str, int] = field(default_factory=lambda: {"drills": 0, "puzzles": 0})
    damaged: bool = field(default=False, compare=False)
    """Whether the last :meth:`load` (or :meth:`reload`) found the file damaged and started afresh."""

    # -- loading and saving ------------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path | None = None) -> tuple[Progress, str]:
        """The saved progress and a sentence for the reader. Never raises on a missing or damaged file."""
        where = Path(path) if path is not None else default_path()
        if not where.exists():
            return cls(where), tr("No saved progress yet: a fresh start.")
        try:
            parts = _parse(json.loads(where.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, _Damaged) as exc:
            reason = str(exc) if isinstance(exc, _Damaged) else tr("the file could not be read as JSON")
            backup = _free_backup(where)
            try:
                where.replace(backup)
                note = tr("Your progress file was damaged ({reason}); it was kept as {backup}. Starting afresh.",
                          reason=reason, backup=backup.name)
            except OSError:
                note = tr("Your progress file was damaged ({reason}); it could not be moved aside. Starting afresh.",
                          reason=reason)
            return cls(where, damaged=True), note
        progress = cls(where, parts["stars"], parts["rating"], parts["puzzles"], parts["attempts"])
        return progress, tr("Progress loaded.")

    def to_json(self) -> dict[str, Any]:
        r = self.rating
        return {"schema": SCHEMA, "kind": KIND, "stars": self.stars,
                "rating": {"rating": r.rating, "rd": r.rd, "volatility": r.volatility},
                "puzzles": self.puzzles, "attempts": self.attempts}  # fmt: skip

    def save(self) -> str | None:
        """Write the file (atomically: a temporary file, then a rename). Returns a message if it failed."""
        if self.path is None:
            return None
        try:
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as exc:
            return tr("Progress could not be saved ({error}); it is kept until the page closes.",
                      error=exc.strerror or exc)
        return None

    def reset(self) -> None:
        """Forget everything (and save the empty progress)."""
        self.stars, self.rating, self.puzzles = {}, Rating(), {}
        self.attempts = {"drills": 0, "puzzles": 0}
        self.save()

    def reload(self) -> str:
        """Read the file again (another page, or another widget, may have saved since); returns the message of
        :meth:`load`. Every change re-reads first, so widgets sharing one file never undo each other's work."""
        if self.path is None:
            return ""
        fresh, note = Progress.load(self.path)
        self.stars, self.rating, self.puzzles, self.attempts = fresh.stars, fresh.rating, fresh.puzzles, fresh.attempts
        self.damaged = fresh.damaged
        return note

    # -- drills ---------------------------------------------------------------------------------------------
    def record_drill(self, stage: str, drill: str, stars: int) -> None:
        """A drill finished with ``stars`` (0–3); the best result is kept."""
        if not 0 <= stars <= 3:
            raise ValueError("stars are 0 to 3")
        self.reload()
        mine = self.stars.setdefault(stage, {})
        mine[drill] = max(stars, mine.get(drill, 0))
        self.attempts["drills"] = self.attempts.get("drills", 0) + 1
        self.save()

    def stars_for(self, stage: str) -> dict[str, int]:
        return dict(self.stars.get(stage, {}))

    def stage_stars(self, stage: str) -> int:
        return sum(self.stars.get(stage, {}).values())

    # -- puzzles --------------------------------------------------------------------------------------------
    def record_puzzle(self, puzzle: str, puzzle_rating: float, *, won: bool) -> Rating:
        """The rated game between the reader and a puzzle, decided by the first answer (won: right at once).
        Returns the new rating. Later tries are noted with :meth:`note_puzzle` and do not change the rating."""
        self.reload()
        self.rating = update(self.rating, [(Rating(puzzle_rating, PUZZLE_RD), 1.0 if won else 0.0)])
        self.puzzles[puzzle] = {"tries": 1, "solved": won, "result": int(won)}
        self.attempts["puzzles"] = self.attempts.get("puzzles", 0) + 1
        self.save()
        return self.rating

    def note_puzzle(self, puzzle: str, *, tries: int, solved: bool) -> None:
        """A later try at a puzzle already rated: how many tries so far, and whether it is solved now."""
        self.reload()
        entry = self.puzzles.setdefault(puzzle, {"result": 0})
        entry.update(tries=tries, solved=bool(entry.get("solved")) or solved)
        self.save()

    def puzzles_done(self) -> set[str]:
        """Puzzles already rated (served again only when every puzzle of the filter is done)."""
        return set(self.puzzles)

    def summary(self, stages: Mapping[str, int] | None = None) -> dict[str, Any]:
        """Totals for the progress page: stars per stage (of ``3 × drills`` when ``stages`` gives the drill
        counts), the rating, attempts."""
        per_stage = {key: self.stage_stars(key) for key in (stages or self.stars)}
        return {"stars": per_stage, "rating": self.rating, "attempts": dict(self.attempts),
                "puzzles solved": sum(bool(p.get("solved")) for p in self.puzzles.values())}  # fmt: skip
