"""Pictures of cards as SVG and HTML strings: the project's own card art, with text for screen readers.

These are pure functions with keyword-only options; objects of the engine call them in ``_repr_html_`` so a
bare ``state`` in a notebook cell shows the table, also on a static page. Nothing here imports ipywidgets.

>>> svg = card_svg(label="Q", symbol="♠", colour="#111", title="queen of spades")
>>> svg.startswith("<svg") and "<title>queen of spades</title>" in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from .cards import Card, Rank, Suit
from .i18n import tr

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "card_html",
    "card_svg",
    "card_words",
    "cards_row_html",
    "suit_colour",
]

CARD_WIDTH = 60
CARD_HEIGHT = 84

TWO_COLOURS = {Suit.CLUBS: "#1b1b1b", Suit.SPADES: "#1b1b1b", Suit.DIAMONDS: "#c8102e", Suit.HEARTS: "#c8102e"}
FOUR_COLOURS = {Suit.CLUBS: "#1d7a2e", Suit.SPADES: "#1b1b1b", Suit.DIAMONDS: "#1f5fbf", Suit.HEARTS: "#c8102e"}


def suit_colour(suit: Suit, *, four_colour: bool = False) -> str:
    """The ink of a suit: red and black, or the four-colour deck (♣ green, ♦ blue)."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def card_svg(
    *,
    label: str,
    symbol: str,
    colour: str,
    title: str,
    scale: float = 1.0,
    face_down: bool = False,
    dimmed: bool = False,
    highlight: str | None = None,
    element_id: str | None = None,
    corner_symbol: str | None = None,
) -> str:
    """One card face (or back) as a standalone SVG element.

    ``label`` is the rank text printed in the corner, ``symbol`` the large central symbol, ``title`` the words a
    screen reader says. ``dimmed`` greys the card (e.g. not playable now); ``highlight`` is a colour for a frame
    (e.g. the trick's winning card).
    """
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    esc_title = html.escape(title)
    ident = f' id="{html.escape(element_id)}"' if element_id else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg"{ident} class="hl-card" role="img" aria-label="{esc_title}" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">',
        f"<title>{esc_title}</title>",
    ]
    stroke = highlight or "#555"
    stroke_width = 3 if highlight else 1
    if face_down:
        parts.append(
            f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" fill="#28527a" '
            f'stroke="{stroke}" stroke-width="{stroke_width}"/>'
            f'<rect x="6" y="6" width="{CARD_WIDTH - 12}" height="{CARD_HEIGHT - 12}" rx="4" fill="none" '
            'stroke="#e8d28b" stroke-width="1.5"/>'
            f'<path d="M{CARD_WIDTH / 2} 20 L{CARD_WIDTH - 16} {CARD_HEIGHT / 2} L{CARD_WIDTH / 2} '
            f'{CARD_HEIGHT - 20} L16 {CARD_HEIGHT / 2} Z" fill="none" stroke="#e8d28b" stroke-width="1.5"/>'
        )
    else:
        fill = "#e4e4e4" if dimmed else "#fffdf8"
        ink = "#9a9a9a" if dimmed else colour
        small = html.escape(corner_symbol if corner_symbol is not None else symbol)
        esc_label = html.escape(label)
        label_size = 15 if len(label) < 3 else 11
        parts.append(
            f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{stroke_width}"/>'
            f'<g fill="{ink}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold">'
            f'<text x="5" y="17" font-size="{label_size}">{esc_label}</text>'
            f'<text x="5" y="31" font-size="13">{small}</text>'
            f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2 + 12}" font-size="32" text-anchor="middle">'
            f"{html.escape(symbol)}</text>"
            f'<text x="{CARD_WIDTH - 5}" y="{CARD_HEIGHT - 8}" font-size="{label_size}" text-anchor="end">'
            f"{esc_label}</text></g>"
        )
        if dimmed:
            parts.append(
                f'<line x1="8" y1="{CARD_HEIGHT - 8}" x2="{CARD_WIDTH - 8}" y2="8" stroke="#9a9a9a" '
                'stroke-width="1.5" stroke-dasharray="4 3"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def card_words(card: Card) -> str:
    """A card in words for screen readers, in the book's language: ``queen of spades`` (:attr:`Card.name`, which
    stays English), 「スペードのQ」.

    >>> card_words(Card.from_str("QS")), card_words(Card.from_str("TD"))
    ('queen of spades', '10 of diamonds')
    """
    if card.is_joker:
        return tr("joker {n}", n=card.copy + 1)
    rank = {
        Rank.JACK: lambda: tr("jack", context="rank"), Rank.QUEEN: lambda: tr("queen", context="rank"),
        Rank.KING: lambda: tr("king", context="rank"), Rank.ACE: lambda: tr("ace", context="rank"),
    }.get(card.rank, lambda: str(int(card.rank)))()  # fmt: skip
    return tr("{rank} of {suit}", rank=rank, suit=card.suit.word)


def card_html(
    card: Card | None,
    *,
    scale: float = 1.0,
    four_colour: bool = False,
    face_down: bool = False,
    dimmed: bool = False,
    highlight: str | None = None,
    note: str | None = None,
) -> str:
    """A Hearts card as SVG. ``card=None`` (or ``face_down``) draws a card back. ``note`` is added to the title
    (e.g. why the card cannot be played)."""
    if card is None or face_down:
        return card_svg(label="", symbol="", colour="#000", title=tr("face-down card"), scale=scale, face_down=True)
    title = card_words(card) + (f" ({note})" if note else "")
    if card.is_joker:
        return card_svg(
            label="★", symbol="★", colour="#6a1b9a", title=title, scale=scale, dimmed=dimmed,
            highlight=highlight, corner_symbol=str(card.copy + 1), element_id=f"card-J{card.copy + 1}",
        )
    return card_svg(
        label=card.rank.label,
        symbol=card.suit.symbol,
        colour=suit_colour(card.suit, four_colour=four_colour),
        title=title,
        scale=scale,
        dimmed=dimmed,
        highlight=highlight,
    )


def cards_row_html(
    cards: Iterable[Card | None],
    *,
    scale: float = 1.0,
    four_colour: bool = False,
    dimmed: Sequence[bool] | None = None,
    notes: Sequence[str | None] | None = None,
    caption: str | None = None,
    overlap: bool = False,
) -> str:
    """A row of cards (a hand, a trick) as HTML, with an accessible list label."""
    items = list(cards)
    pieces = []
    for index, card in enumerate(items):
        dim = bool(dimmed[index]) if dimmed is not None else False
        note = notes[index] if notes is not None else None
        margin = "margin-right:-22px;" if overlap and index < len(items) - 1 else "margin-right:3px;"
        pieces.append(
            f'<span role="listitem" style="display:inline-block;{margin}">'
            f"{card_html(card, scale=scale, four_colour=four_colour, dimmed=dim, note=note)}</span>"
        )
    label = html.escape(caption or tr("cards", context="aria"))
    cap = (
        f'<div style="font:13px sans-serif;color:#444;margin-bottom:2px">{html.escape(caption)}</div>'
        if caption
        else ""
    )
    return f'<div class="hl-cards" role="list" aria-label="{label}">{cap}{"".join(pieces)}</div>'
