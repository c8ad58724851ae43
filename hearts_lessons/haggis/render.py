"""Pictures of Haggis cards, combinations, the bomb ladder and the table, as HTML strings.

Built on the project's card art primitive :func:`hearts_lessons.render.card_svg`. Each suit has a colour and
a shape; the wild J, Q and K are drawn in gold with a chess-piece crown and a "W" in the corner, so they stand
out from every number card.

>>> svg = haggis_card_html(HaggisCard.from_str("K1"))
>>> "wild king of seat 1" in svg and "♚" in svg
True
>>> "3-5-7-9 in one suit" in bomb_ladder_html()
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..i18n import tr, tr_n
from ..render import card_svg
from .cards import JACK, QUEEN, HaggisCard, card_points, number_card
from .combos import BOMB_LADDER, Bomb, Combo, classify, what_beats, why_cannot_follow, why_not

if TYPE_CHECKING:
    from .state import HaggisHand

__all__ = [
    "WILD_COLOUR",
    "bomb_ladder_html",
    "cards_row_html",
    "combo_html",
    "haggis_card_html",
    "table_html",
]

WILD_COLOUR = "#8a6d00"
_WILD_SYMBOL = {JACK: "♞", QUEEN: "♛"}
_KING_SYMBOL = "♚"
_FONT = "font:13px sans-serif;color:#333"


def haggis_card_html(
    card: HaggisCard | None,
    *,
    scale: float = 0.8,
    dimmed: bool = False,
    highlight: str | None = None,
    note: str | None = None,
) -> str:
    """One Haggis card as SVG (``None`` draws a card back). ``note`` is added to the spoken title."""
    if card is None:
        return card_svg(
            label="", symbol="", colour="#000", title=tr("face-down card"), scale=scale, face_down=True
        )
    points = card_points(card)
    title = card.name
    if points:
        title = tr("{card}, {points}", card=title, points=tr_n("{n} point", "{n} points", points, context="haggis"))
    if note:
        title = tr("{card} ({note})", card=title, note=note)
    if card.suit is None:
        return card_svg(
            label=card.code[0],
            symbol=_WILD_SYMBOL.get(card.rank, _KING_SYMBOL),
            colour=WILD_COLOUR,
            title=title,
            scale=scale,
            dimmed=dimmed,
            highlight=highlight,
            corner_symbol="W",
            element_id=f"haggis-{card.code}",
        )
    return card_svg(
        label=str(card.rank),
        symbol=card.suit.symbol,
        colour=card.suit.colour,
        title=title,
        scale=scale,
        dimmed=dimmed,
        highlight=highlight,
    )


def cards_row_html(
    cards: Iterable[HaggisCard | None],
    *,
    caption: str | None = None,
    scale: float = 0.8,
    dimmed: Sequence[bool] | None = None,
    highlight: str | None = None,
) -> str:
    """A row of cards with an accessible list label (and an optional visible caption)."""
    items = list(cards)
    pieces = [
        f'<span role="listitem" style="display:inline-block;margin-right:2px">'
        f"{haggis_card_html(card, scale=scale, dimmed=bool(dimmed[i]) if dimmed else False, highlight=highlight)}"
        "</span>"
        for i, card in enumerate(items)
    ]
    label = html.escape(caption or tr("cards", context="haggis"))
    cap = f'<div style="{_FONT};margin-bottom:2px">{html.escape(caption)}</div>' if caption else ""
    body = "".join(pieces) if pieces else f'<span style="{_FONT}">{html.escape(tr("(none)"))}</span>'
    return f'<div class="hl-haggis-cards" role="list" aria-label="{label}">{cap}{body}</div>'


def combo_html(combo: Combo, *, caption: str | None = None, scale: float = 0.7) -> str:
    """A combination's cards with its description underneath."""
    return (
        f'<div class="hl-haggis-combo" style="display:inline-block;margin:2px 8px 2px 0;vertical-align:top">'
        f"{cards_row_html(combo.cards, caption=caption, scale=scale)}"
        f'<div style="{_FONT}">{html.escape(combo.explain())}</div></div>'
    )


def classification_html(cards: Sequence[HaggisCard], *, against: Sequence[HaggisCard] | None = None) -> str:
    """What some cards form: each reading with its value and what beats it, or why they form nothing; with
    ``against``, whether each reading may follow that combination.

    >>> from hearts_lessons.haggis.cards import parse_cards
    >>> "a sequence needs at least 3 ranks" in classification_html(parse_cards("5R 6R"))
    True
    >>> "may follow" in classification_html(parse_cards("8R 8G"), against=parse_cards("7B 7O"))
    True
    """
    if not cards:
        return f'<div style="{_FONT}">{html.escape(tr("Pick some cards to see what they form."))}</div>'
    parts = [cards_row_html(cards, caption=tr("your cards"), scale=0.6)]
    readings = classify(cards)
    targets = classify(against) if against else []
    if against and not targets:
        parts.append(
            f'<p style="{_FONT}">'
            f'{html.escape(tr("The cards to beat form nothing: {reason}.", reason=why_not(against) or ""))}</p>'
        )
    if not readings:
        parts.append(f'<p style="{_FONT}">' + tr("<b>They form nothing:</b> {reason}.",
                                                 reason=html.escape(why_not(cards) or "")) + "</p>")  # fmt: skip
    items = []
    for reading in readings:
        text = tr("<b>{reading}</b><br>beaten by {what}", reading=html.escape(reading.explain()),
                  what=html.escape(what_beats(reading)))  # fmt: skip
        if targets:
            reason = why_cannot_follow(reading, targets[0])
            verdict = (
                tr("✔ may follow the {target}", target=targets[0].name)
                if reason is None
                else tr("✘ may not follow the {target}: {reason}", target=targets[0].name, reason=reason)
            )
            text += f"<br>{html.escape(verdict)}"
        items.append(f"<li>{text}</li>")
    if items:
        heading = tr("They form:") if len(items) == 1 else tr("They can be played {n} ways:", n=len(items))
        parts.append(f'<div style="{_FONT}">{heading}<ul>{"".join(items)}</ul></div>')
    return f'<div class="hl-haggis-classifier" aria-live="polite">{"".join(parts)}</div>'


def _example_bomb(bomb: Bomb) -> Combo:
    from .cards import HaggisSuit, wilds_of

    jack, queen, king = wilds_of(0)
    if bomb is Bomb.RAINBOW_3579:
        cards = [number_card(r, s) for r, s in zip((3, 5, 7, 9), HaggisSuit, strict=False)]
    elif bomb is Bomb.SUITED_3579:
        cards = [number_card(r, HaggisSuit.BLUE) for r in (3, 5, 7, 9)]
    else:
        cards = [w for w in (jack, queen, king) if w.code[0] in bomb.label]
    return classify(cards)[0]


def bomb_ladder_html(*, scale: float = 0.55) -> str:
    """The six bombs from lowest to highest, each with example cards (RULES 4.5)."""
    rows = []
    for step, bomb in enumerate(BOMB_LADDER, start=1):
        example = _example_bomb(bomb)
        rows.append(
            f'<tr><td style="{_FONT};padding-right:8px">{step}</td>'
            f'<td style="{_FONT};padding-right:8px">{html.escape(bomb.label)}</td>'
            f"<td>{cards_row_html(example.cards, scale=scale, caption=None)}</td></tr>"
        )
    return (
        f'<table class="hl-haggis-bombs" aria-label="{html.escape(tr("the bomb ladder, lowest first"))}">'
        f'<tr><th style="{_FONT}">{html.escape(tr("step", context="bomb ladder"))}</th>'
        f'<th style="{_FONT}">{html.escape(tr("bomb", context="bomb ladder"))}</th>'
        f'<th style="{_FONT}">{html.escape(tr("example", context="bomb ladder"))}</th></tr>'
        f"{''.join(rows)}</table>"
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def table_html(hand: HaggisHand, *, viewer: int | None = None, names: Sequence[str] | None = None) -> str:
    """The table: each seat's cards (face down for others when ``viewer`` is set; wilds are always face up),
    bets and captured points; the current trick; the Haggis; the result once the hand is over."""
    name = list(names) if names is not None else [tr("seat {n}", n=s) for s in range(hand.players)]
    parts = []
    for seat in range(hand.players):
        held = hand.held[seat]
        if viewer is None or viewer == seat:
            shown: list[HaggisCard | None] = list(held)
        else:
            shown = [None] * sum(1 for c in held if not c.is_wild) + [c for c in held if c.is_wild]
        tags = []
        if hand.to_act == seat:
            tags.append(tr("to act"))
        if hand.bets[seat]:
            tags.append(tr("bet {amount}", amount=hand.bets[seat]))
        if seat in hand.out_order:
            tags.append(tr("out ({place}.)", place=hand.out_order.index(seat) + 1))
        points = sum(card_points(c) for c in hand.captured[seat])
        caption = tr("{who}: {n} cards, captured {captured} cards ({points} points)", who=_capital(name[seat]),
                     n=len(held), captured=len(hand.captured[seat]), points=points)  # fmt: skip
        if tags:
            caption = tr("{caption} — {tags}", caption=caption, tags=tr(", ", context="list").join(tags))
        parts.append(cards_row_html(shown, caption=caption, scale=0.6))
    if hand.trick:
        plays = "".join(
            combo_html(play.combo, caption=f"{name[play.seat]}", scale=0.55) for play in hand.trick
        )
        parts.append(f'<div style="{_FONT};margin-top:6px">{html.escape(tr("Current trick:"))}</div><div>{plays}</div>')
    elif not hand.is_over:
        parts.append(
            f'<div style="{_FONT};margin-top:6px">'
            f'{html.escape(tr("{who} to lead.", who=_capital(name[hand.to_act or 0])))}</div>'
        )
    if hand.tricks and not hand.trick:
        last = hand.tricks[-1]
        if last.taker != last.winner:
            said = tr("Last trick: won by {winner}, given to {taker} (won by a bomb), {n} cards, {points} points.",
                      winner=name[last.winner], taker=name[last.taker], n=len(last.cards), points=last.points)
        else:
            said = tr("Last trick: won by {winner}, {n} cards, {points} points.", winner=name[last.winner],
                      n=len(last.cards), points=last.points)  # fmt: skip
        parts.append(f'<div style="{_FONT}">{html.escape(said)}</div>')
    haggis: list[HaggisCard | None] = list(hand.haggis) if hand.is_over else [None] * len(hand.haggis)
    parts.append(cards_row_html(haggis, caption=tr("the Haggis ({n} cards)", n=len(hand.haggis)),
                                scale=0.45))  # fmt: skip
    if hand.result is not None:
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in hand.result.explain(name))
        parts.append(f'<div style="{_FONT}"><b>{html.escape(tr("Scoring"))}</b><ul>{lines}</ul></div>')
    return f'<div class="hl-haggis-table">{"".join(parts)}</div>'
