"""The card table as data: what one seat sees of a deal, as a JSON-able view model for the card-table widget.

Pure functions over the engine's state (no widget imports): seats around an oval (3–7 players, the viewer at
the bottom), each with its name, card count, tricks, points, total and flags; the viewer's hand sorted as
players sort, every card with the engine's own SVG art, an accessible name and the engine's reason when it may
not be played or passed; the trick with each card in front of its player and the winner marked; the last
trick; the pass direction; a status line. The widget (:mod:`hearts_lessons.widgets.cardtable`) only draws
this and sends clicks back, so everything a card shows comes from the engine.

The model is a plain ``dict`` (schema below) so that other games can build it too: :func:`card_entry`,
:func:`seat_entry` and :func:`positions` are the game-neutral pieces; :func:`table_view`, :func:`open_view`,
:func:`hand_view` and :func:`trick_view` build it for Hearts.

Schema (``kind`` is ``table``, ``hand`` or ``trick``)::

    {"kind", "players", "viewer", "title", "status", "hearts_broken", "turn", "dealer" (None: nobody dealt),
     "lead" (words for the middle while a trick waits for its lead: "Your lead", "West leads"; else None),
     "seats": [{"seat", "name", "you", "x", "y", "angle", "count", "tricks", "points", "scored", "total",
                "dealer", "turn", "voids", "label", "cards" (face-up cards of an open deal, else None),
                "taken" (the cards the seat took, as piles by suit: see :func:`taken_entry`; else None),
                optional "facts": [{"text", "keep"}] (another game's facts for the plate's facts line, after
                the Hearts facts; ``keep`` is no longer read: every fact is shown, the line wraps between
                them)}],
     ("points": the card points taken so far, in words; "scored": once the hand is scored, what it scores
     (``scored 0`` for a moon shooter who took 26), which the plate shows instead; else None)
     "hand": {"seat", "mode" ("play" | "pass" | "choose" | "view"), "label", "cards": [card]},
     "trick": {"number", "complete", "winner", "label", "plays": [{"seat", "winner", "card": card}]} | None,
     "last_trick": (as "trick") | None, "pass": {"count", "to", "arrow", "words", "chosen"} | None,
     "hole": {"label", "cards": [card]} | None, "actions": [{"id", "label", "enabled", "kind"}]}
    card = {"code", "short", "name", "label", "svg", "playable", "selected", "reason", "seat"}

>>> from hearts_lessons.state import HandState
>>> view = table_view(HandState.deal(seed=1))
>>> [s["name"] for s in view["seats"]], view["seats"][0]["y"], view["hand"]["mode"]
(['You', 'West', 'North', 'East'], 1.0, 'pass')
>>> view["hand"]["cards"][0]["label"].split(" — ")[1]
'click to choose it for the pass'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card, Rank, Suit, sort_hand
from .i18n import tr, tr_n
from .pass_words import pass_words
from .render import card_html, card_words
from .rules import PassDirection, Points, Rules
from .scoring import format_points, points_words
from .seats import seat_name
from .state import direction_offset
from .variants import rules_name

if TYPE_CHECKING:
    from .state import HandState, Trick

__all__ = [
    "ARROWS",
    "card_code",
    "card_entry",
    "direction_words",
    "hand_view",
    "hearts_card",
    "lead_words",
    "open_view",
    "positions",
    "seat_entry",
    "still",
    "table_view",
    "taken_entry",
    "trick_view",
]

View = dict[str, Any]

ARROWS = {"left": "←", "right": "→", "across": "↑"}
"""The arrow a pass goes in, seen from the bottom of the table (by where the receiving seat sits)."""

# -- game-neutral pieces ---------------------------------------------------------------------------------------
def positions(players: int, viewer: int = 0) -> list[tuple[float, float, float]]:
    """Where each seat sits on the oval, as ``(x, y, angle)``: ``x``/``y`` in ``[0, 1]`` of the table's box, the
    viewer at the bottom centre, play going clockwise (the next seat on the viewer's left, as at a real table);
    ``angle`` in degrees from the bottom, clockwise.

    >>> [(x, y) for x, y, _ in positions(4)]
    [(0.5, 1.0), (0.0, 0.5), (0.5, 0.0), (1.0, 0.5)]
    """
    if players < 1:
        raise ValueError("a table needs at least one seat")
    out = []
    for seat in range(players):
        step = (seat - viewer) % players
        angle = 360.0 * step / players
        rad = math.radians(angle)
        x = round(0.5 - 0.5 * math.sin(rad), 4) + 0.0
        y = round(0.5 + 0.5 * math.cos(rad), 4) + 0.0
        out.append((x, y, round(angle, 2)))
    return out


def card_entry(code: str, *, svg: str, name: str, short: str, playable: bool = False, selected: bool = False,
               reason: str | None = None, status: str | None = None,
               seat: int | None = None) -> dict[str, Any]:  # fmt: skip
    """One card of the model. ``label`` (its accessible name) is ``name — reason`` for a card that may not be
    played, else ``name — status`` (``playable``, ``chosen to pass``…), else the name."""
    if reason:
        label = (tr("{name} — not playable: {reason}", name=name, reason=reason) if not status
                 else tr("{name} — {status}: {reason}", name=name, status=status, reason=reason))  # fmt: skip
    elif status:
        label = tr("{name} — {status}", name=name, status=status)
    else:
        label = name
    return {"code": code, "short": short, "name": name, "label": label, "svg": svg, "playable": playable,
            "selected": selected, "reason": reason, "seat": seat}  # fmt: skip


def seat_entry(seat: int, players: int, *, viewer: int = 0, name: str | None = None, count: int = 0,
               tricks: int | None = None, points: str | None = None, scored: str | None = None,
               total: str | None = None, dealer: bool = False, turn: bool = False, voids: Sequence[str] = (),
               cards: list[dict[str, Any]] | None = None,
               taken: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """One seat of the model, placed by :func:`positions`, with the words a screen reader says for it
    (``taken``: the cards it took, from :func:`taken_entry`; ``points``: the card points taken, in words;
    ``scored``: once the hand is scored, what it scores (a formatted number), which the plate shows instead of
    ``points``)."""
    x, y, angle = positions(players, viewer)[seat]
    you = seat == viewer
    shown = name if name is not None else (tr("You", context="player") if you else seat_name(seat, players))
    bits = [shown, tr_n("{n} card", "{n} cards", count)]
    if tricks is not None:
        bits.append(tr_n("{n} trick", "{n} tricks", tricks))
    if scored is not None:
        bits.append(tr("scores {points} this hand", points=scored))
    elif points is not None:
        bits.append(tr("{points} this hand", points=points))
    if total is not None:
        bits.append(tr("total {total}", total=total))
    if dealer:
        bits.append(tr("dealer", context="seat mark"))
    if turn:
        bits.append(tr("to play", context="seat mark"))
    if voids:
        bits.append(tr("void in {suits}", suits=" ".join(voids)))
    if taken is not None:
        bits.append(taken["label"])
    return {"seat": seat, "name": shown, "you": you, "x": x, "y": y, "angle": angle, "count": count,
            "tricks": tricks, "points": points,
            "scored": tr("scored {points}", context="seat plate", points=scored) if scored is not None else None,
            "total": total, "dealer": dealer, "turn": turn,
            "voids": list(voids), "label": ", ".join(bits), "cards": cards, "taken": taken}  # fmt: skip


def taken_entry(cards: Iterable[Card], rules: Rules) -> dict[str, Any]:
    """The cards a seat took, as the table shows them: one pile per suit with its count and ranks (clubs,
    diamonds, spades, hearts: the order a hand is sorted in), and the cards worth more than one point each
    (the Q♠, a J♦ bonus, Black Maria's spades) named on their own, so that a reader can count the points.

    >>> from hearts_lessons.cards import parse_cards
    >>> from hearts_lessons.rules import STANDARD
    >>> t = taken_entry(parse_cards("2H 9H QS 4C JH 3S"), STANDARD)
    >>> [(p["symbol"], p["count"], p["ranks"]) for p in t["piles"]], t["named"]
    ([('♣', 1, '4'), ('♠', 2, '3 Q'), ('♥', 3, '2 9 J')], ['Q♠'])
    >>> t["label"]
    'took 6 cards: 1 club (4), 2 spades (3 Q), 3 hearts (2 9 J)'
    >>> taken_entry([], STANDARD)["label"]
    'took no cards'
    """
    shown = sort_hand(cards)
    piles: list[dict[str, Any]] = []
    for suit in Suit:
        mine = [c for c in shown if c.suit is suit and not c.is_joker]
        if not mine:
            continue
        ranks = " ".join(c.rank.label for c in mine)
        named = [c.symbol for c in mine if _counts_alone(c, rules)]
        piles.append({"suit": suit.letter, "symbol": suit.symbol, "red": suit.is_red, "count": len(mine),
                      "ranks": ranks, "named": named,
                      "label": tr_n("{n} {one} ({ranks})", "{n} {suits} ({ranks})", len(mine), one=suit.one,
                                    suits=suit.word, ranks=ranks)})  # fmt: skip
    jokers = [c for c in shown if c.is_joker]
    if jokers:
        piles.append({"suit": "*", "symbol": "★", "red": True, "count": len(jokers), "ranks": "",
                      "named": [c.symbol for c in jokers],
                      "label": tr_n("{n} joker", "{n} jokers", len(jokers))})  # fmt: skip
    named = [c.symbol for c in shown if c.is_joker or _counts_alone(c, rules)]
    if shown:
        label = tr_n("took {n} card: {piles}", "took {n} cards: {piles}", len(shown),
                     piles=", ".join(p["label"] for p in piles))  # fmt: skip
    else:
        label = tr("took no cards")
    return {"count": len(shown), "piles": piles, "named": named, "label": label}


def _counts_alone(card: Card, rules: Rules) -> bool:
    """A card a reader counts by name, not with its suit: worth more (or less) than one point, or 10♣ that
    doubles the hand (RULES.md 3.1)."""
    value = rules.points_of(card)
    if value and abs(value) != 1:
        return True
    return rules.ten_of_clubs_multiplier != 1 and card.rank == Rank.TEN and card.suit is Suit.CLUBS


# -- Hearts ----------------------------------------------------------------------------------------------------
def card_code(card: Card) -> str:
    """The code the widget sends back for a card: ``QS``; a second deck's ``QS#1`` (as saved games write it)."""
    return card.code if card.copy == 0 or card.is_joker else f"{card.code}#{card.copy}"


def hearts_card(card: Card, *, four_colour: bool = False, playable: bool = False, selected: bool = False,
                reason: str | None = None, status: str | None = None,
                seat: int | None = None) -> dict[str, Any]:  # fmt: skip
    """A Hearts card of the model, drawn with the engine's art (:func:`hearts_lessons.render.card_html`)."""
    return card_entry(card_code(card), svg=card_html(card, four_colour=four_colour), name=card_words(card),
                      short=card.symbol, playable=playable, selected=selected, reason=reason, status=status,
                      seat=seat)  # fmt: skip


def hand_view(cards: Iterable[Card], *, four_colour: bool = False, playable: Iterable[Card] | None = None,
              reasons: Mapping[Card, str] | None = None, selected: Iterable[Card] = (), label: str | None = None,
              mode: str = "view", sort: bool = True, actions: Sequence[Mapping[str, Any]] = (),
              status: str = "") -> View:  # fmt: skip
    """A hand on its own (lesson 2's hand, a variant's sample hand, a puzzle's choice): ``kind`` ``hand``.

    ``playable`` (default: every card not in ``reasons``) lifts cards; ``reasons`` explains the others; ``label``
    names the hand ("Your hand" in the book's language by default).

    >>> from hearts_lessons.cards import parse_cards
    >>> v = hand_view(parse_cards("QS 2C AH"), reasons={Card.from_str("AH"): "not now"}, mode="choose")
    >>> [(c["code"], c["playable"]) for c in v["hand"]["cards"]], v["hand"]["cards"][2]["label"]
    ([('2C', True), ('QS', True), ('AH', False)], 'ace of hearts — not playable: not now')
    """
    shown = sort_hand(cards) if sort else list(cards)
    why = dict(reasons or {})
    ok = set(playable) if playable is not None else {c for c in shown if c not in why}
    chosen = set(selected)
    entries = [hearts_card(c, four_colour=four_colour, playable=c in ok, selected=c in chosen, reason=why.get(c),
                           status=tr("chosen", context="card status") if c in chosen else None)
               for c in shown]  # fmt: skip
    words = tr_n("{label}: {n} card", "{label}: {n} cards", len(shown),
                 label=label if label is not None else tr("Your hand"))  # fmt: skip
    return _empty(kind="hand", status=status, hand={"seat": 0, "mode": mode, "label": words, "cards": entries},
                  actions=[dict(a) for a in actions])  # fmt: skip


def trick_view(trick: Trick | Sequence[tuple[int, Card]], players: int, *, viewer: int = 0,
               winner: int | None = None, four_colour: bool = False, caption: str | None = None,
               names: Sequence[str] | None = None) -> View:  # fmt: skip
    """One trick drawn on its own (the coach's review, a puzzle's history): ``kind`` ``trick``; each card sits
    in front of its player and the winner's card is marked."""
    view = _empty(kind="trick", players=players, viewer=viewer, status=caption or "")
    view["seats"] = [seat_entry(s, players, viewer=viewer, name=names[s] if names else seat_name(s, players))
                     for s in range(players)]  # fmt: skip
    view["trick"] = _trick_entry(trick, players, winner=winner, four_colour=four_colour, caption=caption)
    return view


def table_view(state: HandState, *, seat: int = 0, totals: Sequence[Points] | None = None,
               selected: Iterable[Card] = (), four_colour: bool = False, names: Sequence[str] | None = None,
               title: str | None = None, actions: Sequence[Mapping[str, Any]] = (),
               show_completed: bool = True, dealer: bool = True, taken: bool = False) -> View:  # fmt: skip
    """What ``seat`` sees of a hand: the others' card backs, its own hand with playable flags and reasons.

    ``totals`` are the game's running totals; ``selected`` the cards chosen to pass so far; ``names`` replaces
    the seat names (``You`` for the viewer by default); ``show_completed`` keeps the trick just taken in the
    middle (marked complete) until the next card is led, so the front end can show it going to its winner.
    ``dealer=False`` is for a position that nobody dealt (a puzzle, a drill, a position set up from given
    cards): no seat is marked as the dealer, the model's ``dealer`` is ``None`` and the status names none.
    ``taken=True`` shows at every seat the cards it took, as piles by suit (:func:`taken_entry`).

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=0, trick_number=11,
    ...                          hearts_broken=True)
    >>> v = table_view(s, dealer=False)
    >>> v["dealer"], [seat["dealer"] for seat in v["seats"]], v["status"], v["lead"]
    (None, [False, False, False, False], 'your turn', 'Your lead')
    >>> table_view(s, taken=True)["seats"][0]["taken"]["label"]
    'took no cards'
    """
    return _view(state, seat=seat, totals=totals, selected=selected, four_colour=four_colour, names=names,
                 title=title, actions=actions, show_completed=show_completed, open_hands=False,
                 dealer=dealer, taken=taken)  # fmt: skip


def open_view(state: HandState, *, seat: int = 0, totals: Sequence[Points] | None = None,
              four_colour: bool = False, names: Sequence[str] | None = None, title: str | None = None,
              actions: Sequence[Mapping[str, Any]] = (), show_completed: bool = True,
              dealer: bool = True, taken: bool = False) -> View:  # fmt: skip
    """A deal played open (lessons, puzzles, the trick playground): every hand face up; the player to move's
    cards carry playable flags and the engine's reasons, every other card says whose turn it is. ``seat``
    only chooses who sits at the bottom; ``dealer=False`` and ``taken`` as for :func:`table_view`.

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=1, trick_number=11,
    ...                          hearts_broken=True)
    >>> open_view(s, dealer=False)["lead"]
    'West leads'
    """
    view = _view(state, seat=seat, totals=totals, selected=(), four_colour=four_colour, names=names, title=title,
                 actions=actions, show_completed=show_completed, open_hands=True, dealer=dealer,
                 taken=taken)  # fmt: skip
    return view


def still(view: View) -> View:
    """The same model with nothing to click (a figure in a lesson): every card plain, the hand only shown, no
    pass to choose and no buttons. The model is changed in place and returned.

    >>> from hearts_lessons.state import HandState
    >>> v = still(open_view(HandState.deal(seed=1)))
    >>> v["hand"]["mode"], v["pass"], any(c["playable"] for c in v["hand"]["cards"])
    ('view', None, False)
    """
    cards = list((view.get("hand") or {}).get("cards") or [])
    for seat in view.get("seats") or []:
        cards.extend(seat.get("cards") or [])
    for card in cards:
        card.update(playable=False, selected=False, reason=None, label=card["name"])
    if view.get("hand"):
        view["hand"]["mode"] = "view"
    view["pass"] = None
    view["actions"] = []
    return view


# -- building blocks -------------------------------------------------------------------------------------------
def _empty(*, kind: str, players: int = 0, viewer: int = 0, status: str = "", **extra: Any) -> View:
    view: View = {"kind": kind, "players": players, "viewer": viewer, "title": "", "status": status,
                  "hearts_broken": None, "turn": None, "dealer": None, "lead": None, "seats": [], "hand": None,
                  "trick": None,
                  "last_trick": None, "pass": None, "hole": None, "actions": []}  # fmt: skip
    view.update(extra)
    return view


def _trick_entry(trick: Trick | Sequence[tuple[int, Card]], players: int, *, winner: int | None = None,
                 four_colour: bool = False, complete: bool | None = None, caption: str | None = None,
                 number: int | None = None) -> dict[str, Any]:  # fmt: skip
    from .state import Trick

    plays: Sequence[tuple[int, Card]]
    if isinstance(trick, Trick):
        plays, winner, number = trick.plays, trick.winner, trick.number
        complete = True if complete is None else complete
    else:
        plays = list(trick)
    entries = [{"seat": s, "winner": s == winner, "card": hearts_card(c, four_colour=four_colour, seat=s)}
               for s, c in plays]  # fmt: skip
    words = (", ".join(tr("{name}: {card}", name=seat_name(s, players), card=c.symbol) for s, c in plays)
             or tr("no cards yet"))  # fmt: skip
    if winner is not None:
        words = tr("{plays}; {name} takes it", plays=words, name=seat_name(winner, players))
    head = caption or (tr("Trick {n}", n=number + 1) if number is not None else tr("Trick", context="caption"))
    return {"number": number, "complete": bool(complete if complete is not None else winner is not None),
            "winner": winner, "label": tr("{head}: {words}", head=head, words=words), "plays": entries}  # fmt: skip


def _view(state: HandState, *, seat: int, totals: Sequence[Points] | None, selected: Iterable[Card],
          four_colour: bool, names: Sequence[str] | None, title: str | None, actions: Sequence[Mapping[str, Any]],
          show_completed: bool, open_hands: bool, dealer: bool, taken: bool = False) -> View:  # fmt: skip
    from .state import Phase

    n = state.players
    phase = state.phase
    playing = phase is Phase.PLAYING
    turn = state.to_play if playing else None
    chosen = set(selected)
    seats = []
    score = state.score  # once the hand is over: the plates say what each seat scores, as the result does
    for s in range(n):
        name = names[s] if names else (tr("You", context="player") if s == seat and not open_hands else seat_name(s, n))
        face_up = None
        if open_hands and s != seat:
            face_up = [_play_card(state, c, s, four_colour) for c in state.hand(s)]
        seats.append(seat_entry(
            s, n, viewer=seat, name=name, count=state.hand_mask(s).bit_count(), tricks=state.tricks_won(s),
            points=points_words(state.points_taken(s) if open_hands else state.points_seen(s, seat)),
            scored=format_points(score.points[s]) if score is not None else None,
            total=format_points(totals[s]) if totals is not None else None,
            dealer=dealer and s == state.dealer, turn=s == turn,
            voids=[v.symbol for v in state.voids(s)], cards=face_up,
            taken=taken_entry(state.taken(s) if open_hands else state.taken_seen(s, seat), state.rules)
            if taken else None,
        ))  # fmt: skip
    # the viewer's hand
    passing = phase is Phase.PASSING and seat in state.to_pass
    mine = state.hand(seat)
    if passing:
        mode = "pass"
        cards = [_pass_card(state, c, seat, c in chosen, four_colour) for c in mine]
    else:
        mode = "play" if playing and (turn == seat or open_hands) else "view"
        cards = [_play_card(state, c, seat, four_colour) for c in mine]
    if open_hands:
        label = tr_n("{name}'s hand: {n} card", "{name}'s hand: {n} cards", len(mine), name=seat_name(seat, n))
    else:
        label = tr_n("Your hand: {n} card", "Your hand: {n} cards", len(mine))
    # the middle of the table
    trick = None
    if state.current_trick:
        trick = _trick_entry(state.current_trick, n, four_colour=four_colour, complete=False,
                             number=state.trick_number)  # fmt: skip
    elif show_completed and state.tricks and phase is not Phase.PASSING:
        trick = _trick_entry(state.tricks[-1], n, four_colour=four_colour)
    last = (_trick_entry(state.tricks[-1], n, four_colour=four_colour, caption=tr("Last trick")) if state.tricks
            else None)  # fmt: skip
    pass_info = None
    if passing:
        pass_info = _pass_entry(state, seat, len(chosen & set(mine)))
    hole = None
    if state.hole_cards:
        hole = _hole_entry(state, seat, four_colour, open_hands, [entry["name"] for entry in seats])
    status = _status(state, seat, pass_info, dealer=dealer, open_hands=open_hands)
    lead = lead_words(seats[turn]) if turn is not None and not state.current_trick else None
    return _empty(
        kind="table", players=n, viewer=seat, status=status, lead=lead,
        title=title if title is not None else tr("{name} · hand {n}", name=rules_name(state.rules),
                                                 n=state.hand_number + 1),
        hearts_broken=state.hearts_broken, turn=turn, dealer=state.dealer if dealer else None, seats=seats,
        hand={"seat": seat, "mode": mode, "label": label, "cards": cards}, trick=trick, last_trick=last,
        hole=hole, actions=[dict(a) for a in actions],
        **{"pass": pass_info},
    )  # fmt: skip


def _play_card(state: HandState, card: Card, seat: int, four_colour: bool) -> dict[str, Any]:
    from .state import Phase

    if state.phase is not Phase.PLAYING:
        return hearts_card(card, four_colour=four_colour, seat=seat)
    reason = state.why_not(card, seat)
    return hearts_card(card, four_colour=four_colour, playable=reason is None, reason=reason,
                       status=None if reason else tr("playable", context="card status"), seat=seat)  # fmt: skip


def _pass_card(state: HandState, card: Card, seat: int, chosen: bool, four_colour: bool) -> dict[str, Any]:
    reason = state.why_not_pass(seat, card)
    if reason:
        return hearts_card(card, four_colour=four_colour, reason=reason, status=tr("may not be passed"), seat=seat)
    status = tr("chosen to pass (click to put it back)") if chosen else tr("click to choose it for the pass")
    return hearts_card(card, four_colour=four_colour, playable=True, selected=chosen, status=status, seat=seat)


def lead_words(seat: Mapping[str, Any]) -> str:
    """What the middle of the table says while a trick waits for ``seat``'s lead (a seat of the model): ``Your
    lead`` for the viewer called "You", else ``West leads`` (the playground's header says the same words).

    >>> lead_words({"name": "You", "you": True}), lead_words({"name": "West", "you": False})
    ('Your lead', 'West leads')
    """
    if seat["you"] and seat["name"] == tr("You", context="player"):
        return tr("Your lead")
    return tr("{name} leads", name=seat["name"])


def direction_words(direction: PassDirection, players: int) -> str:
    """Where a pass from the bottom seat (seat 0) goes, naming the receiving seat: ``to the left (West)``.

    >>> direction_words(PassDirection.LEFT, 4), direction_words(PassDirection.ACROSS, 6)
    ('to the left (West)', 'across (Player 4)')
    """
    words = pass_words(direction, "where")
    if direction in (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS):
        to = seat_name(direction_offset(direction, players), players)
        return tr("{direction} ({name})", direction=words, name=to)
    return words


def _pass_entry(state: HandState, seat: int, chosen: int) -> dict[str, Any]:
    n = state.players
    direction = state.direction
    to = None
    arrow = ""
    words = pass_words(direction, "where")
    if len(state.targets) == 1:
        offset = state.targets[0][0]
        to = (seat + offset) % n
        x = positions(n, seat)[to][0]
        arrow = ARROWS["left"] if x < 0.4 else ARROWS["right"] if x > 0.6 else ARROWS["across"]
        if direction in (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS):
            words = tr("{direction} ({name})", direction=words, name=seat_name(to, n))
        else:
            words = tr("to {name}", context="pass", name=seat_name(to, n))
    return {"count": state.cards_to_pass, "to": to, "arrow": arrow, "words": words, "chosen": chosen}


def _hole_entry(state: HandState, seat: int, four_colour: bool, open_hands: bool,
                names: Sequence[str]) -> dict[str, Any]:  # fmt: skip
    """The hole cards (kitty, left-overs) as the viewer sees them; their taker named as its plate names it."""
    from .rules import HoleCards

    rules = state.rules
    owner = state.hole_owner
    if rules.leftover_face_up:
        what, shown = tr("Left-over cards (face up)"), True
    elif rules.hole_cards is HoleCards.SET_ASIDE:
        what, shown = tr("Hole cards (set aside)"), open_hands
    else:
        what = tr("Kitty") if len(state.hole_cards) == 1 else tr("Hole cards")
        shown = open_hands or owner == seat
    if owner is not None:
        what = (tr("{what}: you took it", what=what) if owner == seat and not open_hands else
                tr("{what}: taken by {name}", what=what, name=names[owner]))  # fmt: skip
    back = card_html(None)
    cards = [hearts_card(c, four_colour=four_colour) if shown else
             card_entry("", svg=back, name=tr("face-down card"), short="?") for c in state.hole_cards]  # fmt: skip
    return {"label": what, "cards": cards}


def _status(state: HandState, seat: int, pass_info: dict[str, Any] | None, *, dealer: bool = True,
            open_hands: bool = False) -> str:  # fmt: skip
    """The status line. At an open table nobody is "you": the status names the seats."""
    from .state import Phase

    n = state.players
    bits = []
    if dealer:
        if state.dealer != seat:
            bits.append(tr("dealer {name}", name=seat_name(state.dealer, n)))
        elif open_hands:
            bits.append(tr("{name} deals", name=seat_name(seat, n)))
        else:
            bits.append(tr("you deal"))
    if pass_info is not None:
        bits.append(tr_n("pass {n} card {words}", "pass {n} cards {words}", pass_info["count"],
                         words=pass_info["words"]))  # fmt: skip
    elif state.phase is Phase.PASSING:
        bits.append(tr("waiting for the others to pass"))
    elif state.phase is Phase.PLAYING:
        if state.to_play == seat and not open_hands:
            bits.append(tr("your turn"))
        else:
            bits.append(tr("{name} to play", name=seat_name(state.to_play, n)))
    elif state.phase is Phase.MOON_CHOICE:
        bits.append(tr("the moon was shot: the shooter chooses how it scores"))
    elif state.phase is Phase.DONE:
        bits.append(tr("hand over"))
    elif state.phase is Phase.DEALERS_CHOICE:
        bits.append(tr("the dealer chooses the passes"))
    return " · ".join(bits)
