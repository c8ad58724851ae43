"""Where the engine is running: a desktop Python, or a web browser (the book's live site).

The live site runs every lesson in the reader's browser on Pyodide, CPython compiled to WebAssembly. There the
engine is slower than on a desktop Python and has one thread and no processes, so a lesson that simulates
many hands or games picks a smaller default with :func:`scaled` and says so with :func:`scale_note`::

    from hearts_lessons.runtime import scaled, scale_note

    hands = scaled(2000, browser=200)
    print(scale_note(2000, hands, "hands"))   # says nothing on a desktop
    stats = simulate_hands(hands=hands, processes=scaled(None, browser=1))

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

import os
import sys
from typing import TypeVar

__all__ = ["ENV_VAR", "in_browser", "scale_note", "scaled", "where"]

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
