"""An interactive timeline for the history lesson.

>>> t = Timeline()
>>> t.next_button.click(); t.index
1
>>> "France" in t.card.value
True
"""

from __future__ import annotations

import html

import ipywidgets as W

from ..history import TIMELINE, Event, event_html
from ..i18n import tr, tr_text

__all__ = ["Timeline"]


class Timeline(W.VBox):
    """Step through the history of Hearts with a slider or the arrows; each stop shows its sources."""

    def __init__(self, events: tuple[Event, ...] = TIMELINE) -> None:
        super().__init__()
        self.events = events
        self.slider = W.SelectionSlider(
            options=[(tr("{when}: {title}", when=tr_text(e.when), title=tr_text(e.title)), i)
                     for i, e in enumerate(events)],
            value=0, description=tr("When:"), layout=W.Layout(width="620px"), continuous_update=True,
        )  # fmt: skip
        self.prev_button = W.Button(description=tr("◀ Earlier"))
        self.next_button = W.Button(description=tr("Later ▶"))
        self.prev_button.on_click(lambda _: self._step(-1))
        self.next_button.on_click(lambda _: self._step(1))
        self.strip = W.HTML()
        self.card = W.HTML()
        self.slider.observe(lambda _: self._render(), names="value")
        self.children = (self.strip, self.slider, W.HBox([self.prev_button, self.next_button]), self.card)
        self._render()

    @property
    def index(self) -> int:
        return int(self.slider.value)

    def _step(self, delta: int) -> None:
        self.slider.value = max(0, min(len(self.events) - 1, self.index + delta))

    def _render(self) -> None:
        first, last = self.events[0].year, self.events[-1].year
        span = max(1, last - first)
        marks = []
        for i, event in enumerate(self.events):
            left = 2 + 94 * (event.year - first) / span
            colour = "#c8102e" if i == self.index else "#999"
            title = html.escape(tr_text(event.title), quote=True)
            marks.append(
                f'<div title="{title}" style="position:absolute;left:{left:.1f}%;top:6px;width:12px;'
                f'height:12px;border-radius:6px;background:{colour}"></div>'
            )
        label = html.escape(tr("timeline from the 16th century to 2010"), quote=True)
        self.strip.value = (
            f'<div role="img" aria-label="{label}" style="position:relative;'
            'height:24px;width:620px;border-bottom:2px solid #bbb">' + "".join(marks) + "</div>"
        )
        self.card.value = event_html(self.events[self.index])
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.events) - 1
