"""The practice app: the practice stages and the puzzle ladder on one screen, with no notebook around them.

:class:`PracticeApp` opens on a home screen: a big **Start** (or **Continue**) button that opens the first drill
not yet solved in one click, the stages of the practice pages (Hearts basics, strategy, Haggis) as tiles with
their stars, the puzzle ladder with the reader's rating in words, and the progress page. Each opens in place,
with **← Home** to come back. It is a thin controller over the practice widgets
(:class:`~hearts_lessons.practice.widgets.StageDrills`, :class:`~hearts_lessons.practice.widgets.PuzzleLadder`,
:class:`~hearts_lessons.practice.widgets.ProgressPage`), which it shows in their ``compact`` form, and over the
progress file (:mod:`~hearts_lessons.practice.progress`): the same file as the practice notebooks', re-read
whenever the home screen is shown, so stars earned in a notebook show here and the other way round.

The app notebook ``app/practice.ipynb`` is one hidden cell, ``PracticeApp()``: ``bash scripts/app.sh practice``
serves it with Voilà, and the live site opens it as an app at ``live/notebooks/index.html?path=practice.ipynb&app=1``
(``lite/hl-kernel-status.js`` hides the notebook around it and runs it once Python is ready).

>>> import tempfile, pathlib
>>> app = PracticeApp(path=pathlib.Path(tempfile.mkdtemp()) / "progress.json")
>>> app.screen, app.continue_button.description
('home', '▶ Start: Following suit and who wins a trick · drill 1')
>>> app.continue_button.click()
>>> app.screen, app.drills.stage.key, app.drills.index
('stage', 'tricks', 0)
>>> app.home_button.click(); app.screen
'home'
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W

from ..i18n import N_, tr, tr_text
from ..widgets.common import MessageLine, live_app_url, safe
from ..widgets.common import app_link as common_app_link
from .drills import PARTS, stage
from .ladder import PuzzleSet, ladder_puzzles
from .progress import Progress
from .widgets import ANSWER_STYLE, NO_STAR, STAR, ProgressPage, PuzzleLadder, StageDrills, rating_html

__all__ = ["LIVE_APP_URL", "PART_TITLES", "PracticeApp", "app_link", "next_drill"]

PART_TITLES = {"basics": N_("Hearts basics"), "strategy": N_("Hearts strategy"), "haggis": N_("Haggis")}
"""Each practice part's title (English, marked: shown with :func:`~hearts_lessons.i18n.tr_text`)."""
"""The practice pages' parts, as the home screen names them (the stages of notebooks 40, 41 and 42)."""

LIVE_APP_URL = live_app_url("practice")
"""Where the live site opens the practice app, from the book's root folder."""

APP_STYLE = """<style>
.hl-practice-app { max-width: 980px; margin: 0 auto; font-family: system-ui, -apple-system, 'Segoe UI', Arial,
  sans-serif; }
.hl-practice-app .hl-app-bar { align-items: center; border-bottom: 1px solid #d0d7de; margin-bottom: 8px;
  padding-bottom: 6px; }
.hl-practice-app .hl-app-continue.jupyter-button { height: auto; min-height: 60px; font-size: 20px;
  font-weight: bold; border-radius: 12px; padding: 10px 24px; white-space: normal; max-width: 100%; }
.hl-practice-app .hl-tiles { display: grid !important; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr));
  gap: 8px; }
.hl-practice-app .hl-tile.jupyter-button { height: auto; min-height: 58px; width: auto; max-width: 100%;
  text-align: left; white-space: pre-line; line-height: 1.35; padding: 8px 12px; margin: 0;
  border-radius: 10px; border: 1px solid #8c959f; background: #ffffff; color: #1f2328; font-size: 15px; }
.hl-practice-app .hl-tile.jupyter-button:hover { background: #eef3fb; }
.hl-practice-app .hl-tile.hl-tile--done.jupyter-button { border-color: #1b6e20; background: #f1faf3; }
.hl-practice-app .jupyter-button:focus-visible, .hl-practice-app .jupyter-button:focus {
  outline: 3px solid #0b57d0; outline-offset: 2px; }
.hl-practice-app .hl-home-button.jupyter-button { font-size: 15px; height: 36px; border-radius: 8px; }
</style>"""


def next_drill(progress: Progress) -> tuple[str, int] | None:
    """The first drill without a star, in the practice pages' order (basics, strategy, Haggis): its stage and
    index; ``None`` when every drill has a star.

    >>> p = Progress()
    >>> next_drill(p)
    ('tricks', 0)
    >>> p.stars["tricks"] = {"tricks-1": 3}
    >>> next_drill(p)
    ('tricks', 1)
    """
    for part in PARTS.values():
        for key in part:
            done = progress.stars_for(key)
            count = stage(key).count
            for index in range(count):
                if not done.get(f"{key}-{index + 1}"):
                    return key, index
    return None


class _Notice(MessageLine):
    """The app's notice line (a damaged progress file, an unexpected error): takes no room while it is empty."""

    def show(self, text: str, kind: str = "info") -> None:
        super().show(text, kind)
        self.layout.display = "" if text else "none"


def _tile_stars(got: int, of: int) -> str:
    filled = round(5 * got / of) if of else 0
    return STAR * filled + NO_STAR * (5 - filled)


class PracticeApp(W.VBox):
    """The practice stages and the puzzle ladder as an app: a home screen, one click to the next drill, each
    stage, the ladder and the progress page opened in place with a way back home.

    ``path``: the progress file (default: :func:`~hearts_lessons.practice.progress.default_path`, the practice
    notebooks' own); ``puzzles``/``puzzle_file``: the ladder's puzzles (default: the book's, loaded when the
    ladder first opens); ``seed``: the ladder's choice among puzzles near the reader's rating."""

    def __init__(self, *, path: str | Path | None = None, puzzles: PuzzleSet | None = None,
                 puzzle_file: str | Path | None = None, seed: int = 0) -> None:  # fmt: skip
        super().__init__()
        self.add_class("hl-practice-app")
        self.progress, note = Progress.load(path)
        self._puzzles = puzzles
        self._puzzle_file = puzzle_file
        self._seed = seed
        self.screen = "home"
        self.drills: StageDrills | None = None
        self.ladder: PuzzleLadder | None = None
        self.progress_page: ProgressPage | None = None
        self.title = W.HTML()
        self.home_button = W.Button(description=tr("← Home"), tooltip=tr("Back to the practice home screen"))
        self.home_button.add_class("hl-home-button")
        self.home_button.on_click(lambda _: self.show_home())
        self.notice = _Notice()
        if self.progress.damaged:
            self.notice.show(note, "error")
        self.continue_button = W.Button(button_style="success", layout=W.Layout(width="auto", height="auto"))
        self.continue_button.add_class("hl-app-continue")
        self.continue_button.on_click(lambda _: self.continue_())
        self.body = W.VBox()
        self.bar = W.HBox([self.home_button, self.title])
        self.bar.add_class("hl-app-bar")
        self.children = (W.HTML(APP_STYLE + ANSWER_STYLE), self.bar, self.notice, self.body)
        self.show_home()

    # -- screens -----------------------------------------------------------------------------------------------
    def _screen(self, name: str, title: str, *children: W.Widget) -> None:
        self.screen = name
        self.home_button.layout.display = "none" if name == "home" else ""
        self.title.value = (f"<div style='font:bold 20px system-ui,sans-serif;margin:0 10px'>"
                            f"{html.escape(title)}</div>")  # fmt: skip
        self.body.children = children

    @safe(lambda self: self.notice)
    def show_home(self) -> None:
        """The home screen: Start/Continue, the stages with their stars, the ladder with the rating, progress."""
        if self.screen != "home" or not self.body.children:  # what other pages saved meanwhile
            note = self.progress.reload()
            if self.progress.damaged:
                self.notice.show(note, "error")
        upcoming = next_drill(self.progress)
        started = any(self.progress.stars.values())
        if upcoming is None:
            self.continue_button.description = tr("▶ Every drill has a star: climb the puzzle ladder")
        else:
            key, index = upcoming
            title = tr_text(stage(key).title)
            if started:
                self.continue_button.description = tr("▶ Continue: {stage} · drill {n}", stage=title, n=index + 1)
            else:
                self.continue_button.description = tr("▶ Start: {stage} · drill {n}", stage=title, n=index + 1)
        sections: list[W.Widget] = [
            W.HTML("<div style='font:15px system-ui,sans-serif;color:#333;margin:2px 0 10px'>"
                   + tr("Short drills with instant feedback, then rated puzzles from real games.") + "</div>"),
            self.continue_button,
        ]
        for part, keys in PARTS.items():
            tiles = []
            for key in keys:
                s = stage(key)
                got = self.progress.stage_stars(key)
                done = sum(1 for v in self.progress.stars_for(key).values() if v)
                title = tr_text(s.title)
                shown = tr("{got} of {most}", got=got, most=3 * s.count)
                tile = W.Button(description=f"{title}\n{_tile_stars(got, 3 * s.count)} {shown}",
                                tooltip=tr("{stage}: {got} of {most} stars, {done} of {count} drills done", stage=title,
                                           got=got, most=3 * s.count, done=done, count=s.count),
                                layout=W.Layout(height="auto"))  # fmt: skip
                tile.add_class("hl-tile")
                if done == s.count:
                    tile.add_class("hl-tile--done")
                tile.on_click(lambda _, k=key: self.open_stage(k))
                tiles.append(tile)
            sections.append(W.HTML(f"<h3 style='font:bold 17px system-ui,sans-serif;margin:14px 0 4px'>"
                                   f"{html.escape(tr_text(PART_TITLES[part]))}</h3>"))  # fmt: skip
            sections.append(self._tiles(tiles))
        attempts = self.progress.attempts.get("puzzles", 0)
        ladder = W.Button(description=tr("Puzzle ladder") + "\n" + tr("Positions from real games, rated"),
                          layout=W.Layout(height="auto"), tooltip=tr("Rated puzzles near your rating"))  # fmt: skip
        ladder.add_class("hl-tile")
        ladder.on_click(lambda _: self.open_ladder())
        progress = W.Button(description=tr("Your progress") + "\n" + tr("Stars, rating, reset"),
                            layout=W.Layout(height="auto"), tooltip=tr("Your stars and rating"))  # fmt: skip
        progress.add_class("hl-tile")
        progress.on_click(lambda _: self.open_progress())
        self.ladder_tile, self.progress_tile = ladder, progress
        sections += [
            W.HTML(f"<h3 style='font:bold 17px system-ui,sans-serif;margin:14px 0 4px'>{tr('Puzzles')}</h3>"),
            self._tiles([ladder, progress]),
            W.HTML("<div class='hl-app-rating' style='font:15px system-ui,sans-serif;margin:4px 0'>"
                   + tr("Your puzzle rating: {rating}", rating=rating_html(self.progress.rating, attempts)) + "</div>"),
        ]  # fmt: skip
        self._screen("home", tr("Practice"), *sections)

    @staticmethod
    def _tiles(tiles: list[W.Button]) -> W.Box:
        box = W.Box(tiles)
        box.add_class("hl-tiles")
        return box

    @safe(lambda self: self.notice)
    def continue_(self) -> None:
        """One click from home to the next drill without a star (or to the ladder when every drill has one)."""
        upcoming = next_drill(self.progress)
        if upcoming is None:
            self.open_ladder()
        else:
            self.open_stage(*upcoming)

    @safe(lambda self: self.notice)
    def open_stage(self, key: str, index: int | None = None) -> None:
        """A stage's drills, at ``index`` (default: its first drill without a star)."""
        self.drills = StageDrills(key, progress=self.progress, start=index, compact=True)
        self._screen("stage", tr_text(stage(key).title), self.drills)

    @safe(lambda self: self.notice)
    def open_ladder(self) -> None:
        """The puzzle ladder (its puzzles are read the first time it opens)."""
        if self._puzzles is None:
            self._puzzles = ladder_puzzles(self._puzzle_file)
        self.ladder = PuzzleLadder(puzzles=self._puzzles, progress=self.progress, seed=self._seed, compact=True)
        self._screen("ladder", tr("Puzzle ladder"), self.ladder)

    @safe(lambda self: self.notice)
    def open_progress(self) -> None:
        self.progress.reload()
        self.progress_page = ProgressPage(progress=self.progress)
        self._screen("progress", tr("Your progress"), self.progress_page)


def app_link() -> W.HTML:
    """The link to the practice app for a practice page (:func:`~hearts_lessons.widgets.common.app_link`)."""
    return common_app_link("practice", tr("the practice app"), tr("every drill and the puzzle ladder, without code"))
