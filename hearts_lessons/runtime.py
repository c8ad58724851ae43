"""Where the engine is running: a desktop Python, or a web browser (the book's live site).

The live site runs every lesson in the reader's browser on Pyodide, CPython compiled to WebAssembly. There the
engine is slower than on a desktop Python and has one thread and no processes, so a lesson that simulates
many hands or games picks a smaller default with :func:`scaled` and says so with :func:`scale_note`::

    from hearts_lessons.runtime import scaled, scale_note

    hands = scaled(2000, browser=200)
    print(scale_note(2000, hands, "hands"))   # says nothing on a desktop
    stats = simulate_hands(hands=hands, processes=scaled(None, browser=1))

On a desktop the engine's hot path can be compiled with mypyc (``scripts/compile_engine.sh``);
:func:`engine_build` says whether the compiled modules are the ones in use.

Set the environment variable ``HEARTS_LESSONS_RUNTIME`` to ``browser`` (or ``desktop``) to pretend, e.g. to
check a lesson's browser defaults with ``pytest --nbval-lax`` on a desktop.

>>> in_browser()  # the tests run on a desktop Python
False
>>> scaled(2000, browser=200)
2000
>>> scale_note(2000, 2000, "hands")
''
>>> scale_note(2000, 200, "hands")
'Running in your browser: 200 hands instead of 2,000, to keep the wait short.'
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import TypeVar

__all__ = [
    "COMPILED_MODULES",
    "ENV_VAR",
    "compiled_modules",
    "engine_build",
    "in_browser",
    "scale_note",
    "scaled",
    "stale_modules",
    "where",
]

COMPILED_MODULES = ("hearts_lessons.layout", "hearts_lessons.legality", "hearts_lessons.lean", "hearts_lessons.playout",
                    "hearts_lessons.scoring", "hearts_lessons.bots.features",
                    "hearts_lessons.bots.rulebased", "hearts_lessons.bots.sampling",
                    "hearts_lessons.bots.rollout")  # fmt: skip
"""The modules ``scripts/compile_engine.sh`` compiles with mypyc: the play of a hand on ints, the rule-based
player that the coach's rollouts and the lab's hands call for almost every card, the coach's dealing of the
hidden cards and its rollouts."""

STAMP = Path(__file__).with_name("compiled_engine.json")
"""Written by ``scripts/compile_engine.sh``: the SHA-256 of each module's source when it was compiled."""

ENV_VAR = "HEARTS_LESSONS_RUNTIME"

T = TypeVar("T")


def in_browser() -> bool:
    """True when Python runs inside a web browser (Pyodide or another Emscripten build), as on the live site.

    ``HEARTS_LESSONS_RUNTIME=browser`` or ``=desktop`` overrides the detection (any other value is ignored).
    """
    forced = os.environ.get(ENV_VAR, "").strip().lower()
    if forced in {"browser", "desktop"}:
        return forced == "browser"
    return sys.platform == "emscripten"


def where() -> str:
    """``"browser"`` or ``"desktop"``: where this Python runs (see :func:`in_browser`)."""
    return "browser" if in_browser() else "desktop"


def scaled(desktop: T, browser: T) -> T:
    """``browser`` when running in a browser, else ``desktop``: a lesson's default that depends on speed.

    Any type works: a number of hands, a bot's search depth, ``processes=scaled(None, browser=1)``.
    """
    return browser if in_browser() else desktop


def scale_note(desktop: int, used: int, what: str) -> str:
    """A sentence telling the reader that the browser runs a smaller ``what`` than a desktop ('' if not)."""
    if used == desktop:
        return ""
    return f"Running in your browser: {used:,} {what} instead of {desktop:,}, to keep the wait short."


def compiled_modules() -> dict[str, bool]:
    """For each of :data:`COMPILED_MODULES`: whether the module imported is a compiled extension (``False``: its
    ``.py`` source runs as Python)."""
    return {
        name: (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        for name in COMPILED_MODULES
    }


def stale_modules() -> list[str]:
    """The compiled modules whose source changed since they were compiled (they run the old code: compile again,
    or remove them with ``scripts/compile_engine.sh --clean``)."""
    compiled = [name for name, is_compiled in compiled_modules().items() if is_compiled]
    if not compiled:
        return []
    stamp: dict[str, str] = json.loads(STAMP.read_text()) if STAMP.exists() else {}
    stale = []
    for name in compiled:
        source = Path(__file__).parent.joinpath(*name.split(".")[1:]).with_suffix(".py")
        if stamp.get(name) != hashlib.sha256(source.read_bytes()).hexdigest():
            stale.append(name)
    return stale


def engine_build() -> str:
    """Which build of the engine runs, in a line: ``pure Python``, ``compiled (mypyc): …`` with the modules, or
    ``partly compiled``; a compiled module older than its source is named as stale.

    >>> engine_build() in ("pure Python", "compiled (mypyc): layout, legality, lean, playout, scoring, "
    ...                    "bots.features, bots.rulebased, bots.sampling, bots.rollout")
    True
    """
    flags = compiled_modules()
    names = [name.split(".", 1)[1] for name, is_compiled in flags.items() if is_compiled]
    if not names:
        return "pure Python"
    line = f"{'compiled' if len(names) == len(flags) else 'partly compiled'} (mypyc): {', '.join(names)}"
    stale = stale_modules()
    if stale:
        line += f"; STALE, older than their source: {', '.join(n.split('.', 1)[1] for n in stale)}"
    return line
