"""Pieces every lesson widget shares: card buttons, a message line, and error-safe handlers.

A handler wrapped with :func:`safe` never shows a traceback to a reader: a refused action shows its reason
(the engine's words), and anything unexpected shows a short apology with the error's message.
"""

from __future__ import annotations

import functools
import html
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import ipywidgets as W

from ..cards import Card, Suit
from ..errors import IllegalActionError
from ..i18n import tr, tr_text
from ..render import card_words, suit_colour
from ..sources import source_words
from ..variants import Choice, Option

__all__ = ["CardPicker", "MessageLine", "card_button", "card_label", "choice_source", "choice_words", "number_box",
           "number_refusal", "option_name", "read_number", "safe", "sentences", "style_card_button"]

F = TypeVar("F", bound=Callable[..., Any])

# A greyed card (not playable now, still clickable to ask why): grey ink on grey paper that still reads at
# 4.9:1, above the 4.5:1 WCAG AA asks of text (the former #a0a0a0 read at 2.2:1; tests/e2e/test_axe.py).
MUTED_INK = "#666666"
MUTED_PAPER = "#ececec"
CARD_PAPER = "#fffdf8"


_CHOICE_NOTES = frozenset({"a house option", "this book's default", "this book's default (the sources disagree)"})
"""The book's own notes that stand for a source in :attr:`~hearts_lessons.variants.Choice.source` (marked for
translation in :mod:`hearts_lessons.variants`); any other source is a source document or a citation."""


def option_name(option: Option) -> str:
    """A variant's option as a set-up box names it, with a capital: "Bonus card"; 「ボーナス札」."""
    name = tr_text(option.name)
    return name[:1].upper() + name[1:]


def choice_source(choice: Choice) -> str:
    """Where a variant's choice comes from, in the book's language ("" if the choice names no source)."""
    if not choice.source:
        return ""
    return tr_text(choice.source) if choice.source in _CHOICE_NOTES else source_words(choice.source)


def choice_words(choice: Choice) -> str:
    """A variant's choice in the book's language, with where it comes from in brackets if it names a source:
    "10♦ (Japanese Wikipedia, “Hearts”)"."""
    label = tr_text(choice.label)
    return tr("{choice} ({source})", choice=label, source=choice_source(choice)) if choice.source else label


def sentences(texts: Iterable[str]) -> str:
    """Sentences already in the book's language, one after another (a space between them in English)."""
    return functools.reduce(lambda text, sentence: tr("{text} {sentence}", context="sentences", text=text,
                                                      sentence=sentence), texts)


class MessageLine(W.HTML):
    """A line of feedback: ``ok`` (green), ``info`` (grey), ``error`` (red). Screen readers hear updates."""

    def __init__(self, text: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("hl-message")
        self.show(text)

    def show(self, text: str, kind: str = "info") -> None:
        colour = {"ok": "#1b6e20", "info": "#333", "error": "#b00020"}.get(kind, "#333")
        self.value = (
            f'<div role="status" aria-live="polite" style="color:{colour};font:14px sans-serif;min-height:1.4em">'
            f"{html.escape(text)}</div>"
        )

    @property
    def text(self) -> str:
        """The plain text shown (for tests)."""
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.value))


def number_box() -> W.Text:
    """The box a reader types a number answer in: empty at first (a grey placeholder says what to type), so no
    number looks given; :func:`read_number` reads it and :func:`number_refusal` says why it cannot."""
    box = W.Text(value="", placeholder=tr("a number"), description=tr("Answer:"), layout=W.Layout(width="220px"))
    box.add_class("hl-number")
    return box


def read_number(text: object) -> float | None:
    """The number typed in a :func:`number_box` (spaces around it ignored; full-width digits read too), or ``None``
    when the box is empty or holds no finite number.

    >>> read_number(" 14 "), read_number("-2.5"), read_number("１４"), read_number(7)
    (14.0, -2.5, 14.0, 7.0)
    >>> read_number(""), read_number("fourteen"), read_number("nan"), read_number(None)
    (None, None, None, None)
    """
    if isinstance(text, bool) or text is None:
        return None
    if isinstance(text, int | float):
        value = float(text)
    else:
        try:
            value = float(str(text).strip())
        except ValueError:
            return None
    return value if math.isfinite(value) else None


def number_refusal(text: object) -> str:
    """Why what was typed in a :func:`number_box` is not an answer yet (``""`` when it is a number): empty, or not
    a number. The words are in the book's language.

    >>> number_refusal("14"), number_refusal("")
    ('', 'Type a number first.')
    >>> number_refusal("abc")
    '“abc” is not a number: type the answer in digits, such as 14.'
    """
    if read_number(text) is not None:
        return ""
    typed = "" if text is None else str(text).strip()
    if not typed:
        return tr("Type a number first.")
    return tr("“{typed}” is not a number: type the answer in digits, such as 14.", typed=typed)


def safe(message: Callable[[Any], MessageLine]) -> Callable[[F], F]:
    """Decorate a method handler: refused actions show their reason on ``message(self)``; nothing raises."""

    def wrap(handler: F) -> F:
        @functools.wraps(handler)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return handler(self, *args, **kwargs)
            except IllegalActionError as exc:
                message(self).show(exc.reason, "error")
            except ValueError as exc:
                message(self).show(str(exc), "error")
            except Exception as exc:  # a widget never dumps a traceback on a reader
                message(self).show(tr("Something went wrong ({error}). Try again.",
                                      error=f"{type(exc).__name__}: {exc}"), "error")
            return None

        return run  # type: ignore[return-value]

    return wrap


def card_label(card: Card) -> str:
    """The text on a card button: ``Q♠``, ``10♦``."""
    return card.symbol


def card_button(card: Card, *, four_colour: bool = False, large: bool = False, disabled: bool = False,
                tooltip: str | None = None) -> W.Button:  # fmt: skip
    """A button showing a card, coloured by suit, with the card's name for screen readers."""
    button = W.Button(disabled=disabled)
    button.add_class("hl-card-button")
    style_card_button(button, card, four_colour=four_colour, large=large, muted=disabled, tooltip=tooltip)
    return button


def style_card_button(button: W.Button, card: Card, *, four_colour: bool = False, large: bool = False,
                      muted: bool = False, tooltip: str | None = None) -> None:  # fmt: skip
    """Make ``button`` show ``card``; ``muted`` greys it (not playable now, but still clickable to ask why)."""
    button.description = card_label(card)
    button.tooltip = tooltip or card_words(card)
    button.layout.width = "62px" if large else "50px"
    button.layout.height = "46px" if large else "36px"
    button.layout.padding = "0"
    button.style.text_color = MUTED_INK if muted else suit_colour(card.suit, four_colour=four_colour)
    button.style.button_color = MUTED_PAPER if muted else CARD_PAPER
    button.style.font_weight = "bold"
    button.style.font_size = "20px" if large else "15px"


class CardPicker(W.HBox):
    """Toggle buttons for choosing some cards from a hand (passing, puzzles). ``selected`` lists the choice."""

    def __init__(self, cards: Sequence[Card] = (), *, limit: int | None = None, four_colour: bool = False,
                 on_change: Callable[[list[Card]], None] | None = None) -> None:  # fmt: skip
        super().__init__(layout=W.Layout(flex_flow="row wrap"))
        self.limit = limit
        self.four_colour = four_colour
        self.on_change = on_change
        self._toggles: dict[Card, W.ToggleButton] = {}
        self._pool: list[W.ToggleButton] = []
        self._quiet = False
        self.set_cards(cards)

    def set_cards(self, cards: Iterable[Card], *, disabled: Iterable[Card] = (), reasons: dict[Card, str] | None = None
                  ) -> None:  # fmt: skip
        """Show these cards, unselected. Toggle widgets are reused, so this is cheap to call on every render."""
        off = set(disabled)
        wanted = list(cards)
        while len(self._pool) < len(wanted):
            toggle = W.ToggleButton(layout=W.Layout(width="50px", height="36px", padding="0"))
            toggle.style.font_weight = "bold"
            toggle.add_class("hl-card-toggle")
            toggle.observe(self._changed, names="value")
            self._pool.append(toggle)
        self._toggles = {}
        self._quiet = True
        try:
            for card, toggle in zip(wanted, self._pool, strict=False):
                toggle.value = False
                toggle.description = card_label(card)
                toggle.tooltip = (reasons or {}).get(card, card_words(card))
                toggle.disabled = card in off
                colour = suit_colour(card.suit, four_colour=self.four_colour)
                toggle.style.text_color = "#999" if card in off else colour
                self._toggles[card] = toggle
        finally:
            self._quiet = False
        self.children = tuple(self._pool[: len(wanted)])

    def _changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if self.limit is not None and change["new"] and len(self.selected) > self.limit:
            change["owner"].value = False
            return
        if self.on_change:
            self.on_change(self.selected)

    @property
    def selected(self) -> list[Card]:
        return [c for c, t in self._toggles.items() if t.value]

    def select(self, cards: Iterable[Card]) -> None:
        wanted = set(cards)
        for card, toggle in self._toggles.items():
            toggle.value = card in wanted

    def toggle_for(self, card: Card) -> W.ToggleButton:
        return self._toggles[card]


SUIT_ORDER: tuple[Suit, ...] = tuple(Suit)


def live_app_url(name: str) -> str:
    """The live site's address of the app notebook ``app/NAME.ipynb``, from the book's root (the notebook view in
    app mode: scripts/build_lite.py and lite/hl-kernel-status.js)."""
    return f"live/notebooks/index.html?path={name}.ipynb&app=1"


def app_link(name: str, title: str, words: str) -> W.HTML:
    """A link to the app ``app/NAME.ipynb`` for a lesson page: in the live site (Pyodide) and the static book, the
    live site's app page; in a Jupyter server on a computer, the command that serves it with Voilà. A widget, not
    an HTML output: JupyterLab rewrites the relative links of HTML outputs into paths of its own files, while a
    widget's link is relative to the page, as in the book.

    >>> "bash scripts/app.sh practice" in app_link("practice", "the practice app", "every drill").value
    True
    """
    style = ("display:inline-block;padding:8px 16px;border-radius:8px;background:#1b6e20;color:#ffffff;"
             "font:bold 15px system-ui,sans-serif;text-decoration:none")  # fmt: skip
    url = live_app_url(name)
    script = "" if name == "game" else f" {name}"
    command = tr("{command} opens it with Voilà on your computer (see the README).",
                 command=f"<code>bash scripts/app.sh{script}</code>")
    opened = tr("▶ Open {title}", title=html.escape(title))
    if sys.platform == "emscripten":  # the live site: the page is live/notebooks/index.html (or live/lab/…)
        href = "../" + url.removeprefix("live/")
        return W.HTML(f"<p><a href='{html.escape(href)}' target='_blank' rel='noopener' style='{style}'>{opened}"
                      f"</a>{tr(' — {words}.', words=html.escape(words))}</p>")  # fmt: skip
    if os.environ.get("JPY_SESSION_NAME"):  # a notebook server on a computer: no live site beside it
        said = tr("<b>{title}</b> — {words}: {command}", title=html.escape(title[:1].upper() + title[1:]),
                  words=html.escape(words), command=command)
        return W.HTML(f"<p>{said}</p>")
    return W.HTML(f"<p><a href='../{html.escape(url)}' target='_blank' rel='noopener' style='{style}'>{opened}</a>"
                  f"{tr(' — {words}, in your browser. Or {command}', words=html.escape(words), command=command)}"
                  "</p>")  # fmt: skip
