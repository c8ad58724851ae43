"""The Haggis table as data: what one seat sees of a hand, as the card-table widget's view model.

Pure functions over :class:`~.state.HaggisHand` (no widget imports), built from the game-neutral pieces of
:mod:`hearts_lessons.tableview` (:func:`~hearts_lessons.tableview.positions`,
:func:`~hearts_lessons.tableview.card_entry`, :func:`~hearts_lessons.tableview.seat_entry`). The model is the
Hearts table's schema (``kind`` ``table``) with these Haggis additions, all optional for the front end:

- each seat: ``backs`` (how many card backs to draw: the hidden number cards), ``shown`` (face-up cards beside
  the backs: the seat's wilds, which lie face up), ``facts`` (``[{"text", "keep"}]`` on the plate's facts line:
  cards and points captured, the bet, going out, the hand's score; the front end shows every one, in this order,
  the line breaking between facts on a narrow plate; ``keep`` is no longer read; every fact is in the seat's
  label too);
- ``combo``: the combination on the table, drawn in the middle with a caption — ``{"seat", "who", "name",
  "caption", "bomb", "label", "cards": [card], "history": [str], "note"}`` (``cards`` empty: a caption only,
  e.g. "Your lead");
- ``chips``: ``[{"text", "kind"}]``, extra facts for the bar above the table;
- the last trick's plays carry ``cards`` (the whole combination) as well as ``card``; ``head`` names its taker.

The hand at the bottom is in mode ``choose``: clicking a card selects or unselects it; the ``play`` and ``pass``
actions act on the selection. A card in no combination that may be played now is dimmed, and its accessible name
says why (the engine's words); :func:`selection_report` says what the selected cards form, or why they may not
be played.

:func:`classifier_view` and :func:`classification_report` are the same table for the combination classifier of the
climbing lesson: no seats, a whole deck to pick cards from, the cards to beat beside it, and what the selection
forms whoever holds it.

>>> from hearts_lessons.haggis.state import HaggisHand
>>> hand = HaggisHand.from_cards(hands=["2R 3R 4R 5G 5B 6B 7O 8O 9G 10G 10B 2O 3O 4O",
...                                     "6R 7R 8R 9R 2G 3G 4G 5O 6O 6G 7G 8G 9B 9O"], leader=0)
>>> view = haggis_view(hand, seat=0, names=["You", "Bot"])
>>> [s["name"] for s in view["seats"]], view["hand"]["mode"], view["combo"]["caption"]
(['You', 'Bot'], 'choose', 'Your lead: play any combination')
>>> _ = hand.play("2R 3R 4R")
>>> view = haggis_view(hand, seat=1, names=["You", "Bot"], selected=hand.held[1][:1])
>>> view["combo"]["caption"], [c["code"] for c in view["combo"]["cards"]]
('You: sequence 2-3-4 in red', ['2R', '3R', '4R'])
>>> selection_report(hand, 1, hand.held[1][:1]).text
'2 of green: not a play now — you must play a sequence of 3 higher than 2-3-4, or a bomb'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import get_language, tr, tr_n
from ..tableview import card_entry, seat_entry
from .cards import HaggisCard, card_points, sort_cards
from .combos import Combo, classify, what_beats, why_cannot_follow, why_not
from .plays import candidate_plays
from .render import haggis_card_html
from .rules import BET_SIZES, LITTLE_BET

if TYPE_CHECKING:
    from .state import HaggisHand, Trick

__all__ = [
    "BET_ACTION",
    "CLEAR_ACTION",
    "PASS_ACTION",
    "PLAY_ACTION",
    "SelectionReport",
    "classification_report",
    "classifier_view",
    "combo_entry",
    "haggis_actions",
    "haggis_card",
    "haggis_view",
    "play_reason",
    "selection_report",
]

View = dict[str, Any]

PLAY_ACTION = "play"
"""The action id of "Play" (``play:<n>`` plays the n-th reading of :func:`selection_report` when there are several)."""
PASS_ACTION = "pass"
BET_ACTION = "bet:"
"""Prefix of the bet actions: ``bet:15``, ``bet:30``."""
CLEAR_ACTION = "clear"


def _cards(n: int) -> str:
    return tr_n("{n} card", "{n} cards", n, context="haggis")


def _points(n: int) -> str:
    return tr_n("{n} point", "{n} points", n, context="haggis")


def card_words(card: HaggisCard) -> str:
    """A card's name with its points, as its picture's title says: ``5 of green, 1 point``."""
    points = card_points(card)
    return tr("{card}, {points}", card=card.name, points=_points(points)) if points else card.name


def haggis_card(card: HaggisCard, *, playable: bool = False, selected: bool = False, reason: str | None = None,
                status: str | None = None, seat: int | None = None) -> dict[str, Any]:  # fmt: skip
    """A Haggis card of the model, drawn with the engine's Haggis art (:func:`.render.haggis_card_html`)."""
    short = card.symbol if not card.is_wild else tr("{card} (wild, seat {seat})", card=card.symbol, seat=card.owner)
    return card_entry(card.code, svg=haggis_card_html(card, scale=1.0), name=card_words(card), short=short,
                      playable=playable, selected=selected, reason=reason, status=status, seat=seat)  # fmt: skip


def _names(hand: HaggisHand, seat: int, names: Sequence[str] | None) -> list[str]:
    if names is not None:
        return list(names)
    return [tr("You", context="seat") if s == seat else tr("Seat {n}", n=s) for s in range(hand.players)]


def combo_entry(combo: Combo, *, seat: int | None = None, who: str = "", caption: str | None = None,
                history: Sequence[str] = (), note: str = "") -> dict[str, Any]:  # fmt: skip
    """A combination in the middle of the table: its cards, its name (``pair of 7s``, ``J-Q bomb``), who played
    it; ``bomb`` marks a bomb."""
    head = caption if caption is not None else (tr("{who}: {combo}", who=who, combo=combo.name) if who else combo.name)
    cards = [haggis_card(c, seat=seat) for c in combo.cards]
    names = tr(", ", context="list").join(c["name"] for c in cards)
    if combo.fills:
        fills = tr(", ", context="list").join(str(f) for f in combo.fills)
        label = tr("{head} ({fills}): {cards}", head=head, fills=fills, cards=names)
    else:
        label = tr("{head}: {cards}", head=head, cards=names)
    return {"seat": seat, "who": who, "name": combo.name, "caption": head, "bomb": combo.is_bomb,
            "label": tr("{label}. {note}", label=label, note=note) if note else label, "cards": cards,
            "history": list(history), "note": note}  # fmt: skip


def play_reason(hand: HaggisHand, seat: int) -> str | None:
    """Why no card of ``seat``'s could be played now in general (not its turn, the hand is over), or ``None``."""
    if hand.is_over:
        return tr("the hand is over", context="haggis")
    if hand.to_act != seat:
        return tr("it is seat {seat}'s turn", seat=hand.to_act)
    return None


def _card_reasons(hand: HaggisHand, seat: int) -> tuple[set[HaggisCard], str | None]:
    """The cards of ``seat`` that some listed play uses, and the reason for the others."""
    general = play_reason(hand, seat)
    if general is not None:
        return set(), general
    top = hand.top
    plays = candidate_plays(hand.held[seat], top.combo if top else None)
    usable = {card for combo in plays for card in combo.cards}
    reason = None
    if top is not None:
        reason = tr("it is in no combination that beats the {combo}: you need {what}", combo=top.combo.name,
                    what=what_beats(top.combo))  # fmt: skip
    return usable, reason


@dataclass(frozen=True, slots=True)
class SelectionReport:
    """What the selected cards are: ``text`` (one line for the table), ``kind`` (``info``/``ok``/``error``),
    ``readings`` (every way they can be played now, the legal ones first) and ``legal`` (how many of them may
    be played)."""

    text: str
    kind: str
    readings: tuple[Combo, ...] = field(default_factory=tuple)
    legal: int = 0
    reason: str | None = None


def selection_report(hand: HaggisHand, seat: int, selected: Iterable[HaggisCard]) -> SelectionReport:
    """What ``selected`` form and whether ``seat`` may play them now, in the engine's words.

    >>> from hearts_lessons.haggis.state import HaggisHand
    >>> from hearts_lessons.haggis.cards import parse_cards
    >>> hand = HaggisHand.from_cards(hands=["2R 3R 4R 5G 5B 6B 7O 8O 9G 10G 10B 2O 3O 4O",
    ...                                     "6R 7R 8R 9R 2G 3G 4G 5O 6O 6G 7G 8G 9B 9O"], leader=0)
    >>> selection_report(hand, 0, parse_cards("5G 5B")).text
    'Pair of 5s: press Play.'
    >>> r = selection_report(hand, 0, parse_cards("2R 3R 4R J0"))
    >>> r.legal, [c.name for c in r.readings]
    (1, ['sequence 2-3-4-5 in red'])
    >>> selection_report(hand, 0, parse_cards("2R 10G")).reason
    'a pair needs two cards of the same rank, and a sequence at least 3 ranks'
    """
    cards = sort_cards(selected)
    if not cards:
        general = play_reason(hand, seat)
        if general is not None:
            return SelectionReport("", "info", reason=general)
        return SelectionReport("", "info")
    shown = " ".join(c.symbol for c in cards)
    readings = hand.readings(cards)
    if not readings:
        reason = why_not(cards) or tr("these cards form no combination")
        return SelectionReport(tr("{cards}: not a combination — {reason}", cards=shown, reason=reason), "info",
                               reason=reason)  # fmt: skip
    reasons = [hand.why_not_play(r, seat=seat) for r in readings]
    legal = [r for r, why in zip(readings, reasons, strict=True) if why is None]
    ordered = tuple(legal + [r for r, why in zip(readings, reasons, strict=True) if why is not None])
    if not legal:
        reason = next(why for why in reasons if why is not None)
        words = shown if len(cards) > 1 else card_words(cards[0])
        return SelectionReport(tr("{cards}: not a play now — {reason}", cards=words, reason=reason), "info", ordered,
                               0, reason)  # fmt: skip
    if len(legal) == 1:
        name = legal[0].name
        return SelectionReport(tr("{combo}: press Play.", combo=f"{name[:1].upper()}{name[1:]}"), "ok", ordered, 1)
    ways = tr(" or ", context="list").join(tr("a {combo}", combo=r.name) for r in legal)
    return SelectionReport(tr("{cards} can be played as {ways}: press the button of the one you mean.", cards=shown,
                              ways=ways), "ok", ordered, len(legal))  # fmt: skip


def haggis_actions(hand: HaggisHand, seat: int, selected: Sequence[HaggisCard] = ()) -> list[dict[str, Any]]:
    """The table's buttons for ``seat`` now: Play (one button per reading when the selection can be played
    several ways), Pass, the bets while they are open, Clear."""
    mine = not hand.is_over and hand.to_act == seat
    report = selection_report(hand, seat, selected)
    actions: list[dict[str, Any]] = []
    if report.legal > 1:
        actions += [{"id": f"{PLAY_ACTION}:{i}", "label": tr("Play as {combo}", combo=r.name), "kind": "primary",
                     "enabled": mine}
                    for i, r in enumerate(report.readings[: report.legal])]  # fmt: skip
    else:
        label = (tr("Play {combo}", combo=report.readings[0].name) if report.legal == 1
                 else tr("Play", context="button"))  # fmt: skip
        actions.append({"id": PLAY_ACTION, "label": label, "kind": "primary", "enabled": mine and bool(selected)})
    actions.append({"id": PASS_ACTION, "label": tr("Pass", context="button"), "kind": "default",
                    "enabled": mine and hand.top is not None})  # fmt: skip
    for amount in BET_SIZES:
        if hand.can_bet(amount, seat=seat):
            label = (tr("Bet little ({amount})", amount=amount) if amount == LITTLE_BET
                     else tr("Bet big ({amount})", amount=amount))  # fmt: skip
            actions.append({"id": f"{BET_ACTION}{amount}", "label": label, "kind": "danger", "enabled": True})
    actions.append({"id": CLEAR_ACTION, "label": tr("Clear", context="button"), "kind": "default",
                    "enabled": bool(selected)})  # fmt: skip
    return actions


def _seat_notes(hand: HaggisHand, s: int) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each note on a seat's plate, with the facts it gives the plate's one facts line."""
    pile = hand.captured[s]
    points = _points(sum(card_points(c) for c in pile))
    # two facts: the points stay, the card count goes first
    captured = tr("captured {cards}", cards=_cards(len(pile)))
    notes = [(tr("captured {cards} · {points}", cards=_cards(len(pile)), points=points),
              [{"text": points, "keep": 1}, {"text": captured, "keep": 3}])]  # fmt: skip
    words: list[str] = []
    if hand.bets[s]:
        amount = hand.bets[s]
        words.append(tr("bet little ({amount})", amount=amount) if amount == LITTLE_BET
                     else tr("bet big ({amount})", amount=amount))  # fmt: skip
    if s in hand.out_order:
        place = hand.out_order.index(s) + 1
        words.append(tr("out first") if place == 1 else tr("out second") if place == 2
                     else tr("out {place}th", place=place))  # fmt: skip
    if hand.result is not None:
        words.append(tr("hand score {score}", score=hand.result.totals[s]))
    return notes + [(w, [{"text": w, "keep": 2}]) for w in words]


def _last_trick(trick: Trick, names: Sequence[str]) -> dict[str, Any]:
    plays = []
    for play in trick.plays:
        cards = [haggis_card(c, seat=play.seat) for c in play.combo.cards]
        plays.append({"seat": play.seat, "winner": play is trick.plays[-1], "card": cards[0], "cards": cards,
                      "name": play.combo.name})  # fmt: skip
    if trick.taker != trick.winner:
        head = tr("Last trick: {taker} took it (won by {winner}'s bomb), {points}", taker=names[trick.taker],
                  winner=names[trick.winner], points=_points(trick.points))  # fmt: skip
    else:
        head = tr("Last trick: {taker} took it, {points}", taker=names[trick.taker], points=_points(trick.points))
    words = "; ".join(tr("{who}: {combo}", who=names[p.seat], combo=p.combo.name) for p in trick.plays)
    return {"number": None, "complete": True, "winner": trick.winner, "head": head,
            "label": tr("{label}. {note}", label=head, note=words), "plays": plays}  # fmt: skip


def haggis_view(hand: HaggisHand, *, seat: int = 0, selected: Iterable[HaggisCard] = (),
                names: Sequence[str] | None = None, title: str | None = None,
                actions: Sequence[Mapping[str, Any]] | None = None, reveal: bool | None = None,
                interactive: bool = True) -> View:  # fmt: skip
    """What ``seat`` sees of a Haggis hand, as the card table's model (see the module docstring).

    ``selected``: the cards chosen so far; ``names``: the seats' names (``You`` and ``Seat n`` by default);
    ``actions``: the table's buttons (default :func:`haggis_actions`); ``reveal`` shows every hand and the Haggis
    face up (default: once the hand is over); ``interactive=False`` draws the table to look at (a lesson's
    deal): no buttons, the hand not for choosing.
    """
    n = hand.players
    name = _names(hand, seat, names)
    chosen = [c for c in sort_cards(set(selected)) if c in hand.held[seat]]
    open_all = hand.is_over if reveal is None else reveal
    seats = []
    for s in range(n):
        held = hand.held[s]
        wilds = [c for c in held if c.is_wild]
        hidden = len(held) - len(wilds)
        entry = seat_entry(s, n, viewer=seat, name=name[s], count=len(held), dealer=s == hand.dealer,
                           turn=s == hand.to_act)  # fmt: skip
        noted = _seat_notes(hand, s)
        notes = [note for note, _ in noted]
        # one facts line under the name (a plate is two lines): the bet, the place out and the hand's score stay
        # longest on a narrow plate, what was captured goes first; every note stays in the label
        entry["facts"] = [fact for _, facts in noted for fact in facts]
        entry["backs"] = hidden
        entry["shown"] = [haggis_card(c, seat=s, status=tr("face up")) for c in wilds] if s != seat else []
        if open_all and s != seat:
            entry["cards"] = [haggis_card(c, seat=s) for c in held] or None
        bits = [name[s], tr("seat {n}", n=s), _cards(len(held))]
        if s != seat and held:
            bits.append(tr("{n} face down, wild {wilds} face up", n=hidden, wilds=" ".join(c.symbol for c in wilds))
                        if wilds else tr("{n} face down", n=hidden))  # fmt: skip
        bits += notes
        if s == hand.dealer:
            bits.append(tr("dealer"))
        if s == hand.to_act:
            bits.append(tr("to play"))
        entry["label"] = tr(", ", context="list").join(bits)
        seats.append(entry)
    # the hand at the bottom
    usable, reason = _card_reasons(hand, seat) if interactive else (set(), None)
    mine = interactive and not hand.is_over and hand.to_act == seat
    cards = []
    for c in hand.held[seat]:
        picked = c in chosen
        ok = c in usable
        why = None if ok or not mine else reason
        if picked:
            status: str | None = tr("selected") if why else tr("selected (click to put it back)")
        else:
            status = tr("click to select it") if mine and not why else None
        cards.append(haggis_card(c, playable=ok, selected=picked, reason=why, status=status, seat=seat))
    owner = tr("Your hand") if name[seat] == tr("You", context="seat") else tr("{who}'s hand", who=name[seat])
    count = _cards(len(hand.held[seat]))
    label = (tr("{owner}: {cards}, {n} selected", owner=owner, cards=count, n=len(chosen)) if chosen
             else tr("{owner}: {cards}", owner=owner, cards=count))  # fmt: skip
    # the middle: the combination to beat
    if hand.trick:
        top = hand.trick[-1]
        history = [tr("{who}: {combo}", who=name[p.seat], combo=p.combo.name) for p in hand.trick[:-1]]
        passes = hand.passes
        note = tr("to beat: {what}", what=what_beats(top.combo))
        if passes:
            note = tr_n("{n} pass since · {note}", "{n} passes since · {note}", passes, note=note)
        combo = combo_entry(top.combo, seat=top.seat, who=name[top.seat], history=history, note=note)
    elif hand.is_over:
        assert hand.result is not None
        first = hand.result.first_out
        over = tr("Hand over: {who} went out first", who=name[first])
        combo = {"seat": None, "who": "", "name": "", "caption": over, "bomb": False, "label": over, "cards": [],
                 "history": [], "note": ""}  # fmt: skip
    else:
        who = hand.to_act if hand.to_act is not None else seat
        caption = (tr("Your lead: play any combination") if who == seat and interactive else
                   tr("{who} to lead", who=name[who]))  # fmt: skip
        combo = {"seat": who, "who": name[who], "name": "", "caption": caption, "bomb": False, "label": caption,
                 "cards": [], "history": [], "note": ""}  # fmt: skip
    # the Haggis, the last trick, the status
    if hand.haggis:
        shown = open_all
        hole = {"label": tr("The Haggis: {cards} (to the first player out)", cards=_cards(len(hand.haggis)))
                         if shown else
                         tr("The Haggis: {cards}, face down, for the first player out", cards=_cards(len(hand.haggis))),
                "cards": [haggis_card(c) if shown else card_entry("", svg=haggis_card_html(None, scale=1.0),
                                                                  name=tr("face-down card"), short="?")
                          for c in hand.haggis]}  # fmt: skip
    else:
        hole = None
    last = _last_trick(hand.tricks[-1], name) if hand.tricks else None
    chips = [{"text": tr("Haggis: {n} face down", n=len(hand.haggis)) if not open_all
              else tr("Haggis: {n}", n=len(hand.haggis)), "kind": "info"}]  # fmt: skip
    if any(hand.bets):
        bets = tr(", ", context="list").join(tr("{who} {amount}", who=name[s], amount=b)
                                              for s, b in enumerate(hand.bets) if b)  # fmt: skip
        chips.append({"text": tr("bets: {bets}", bets=bets), "kind": "bet"})
    status = _status(hand, seat, name)
    buttons: list[Mapping[str, Any]]
    if actions is not None:
        buttons = list(actions)
    else:
        buttons = []
        if interactive:
            buttons += haggis_actions(hand, seat, chosen)
    return {
        "kind": "table", "players": n, "viewer": seat, "status": status,
        "title": title if title is not None else tr("Haggis · {n} players", n=n),
        "hearts_broken": None, "turn": hand.to_act, "dealer": hand.dealer, "seats": seats,
        "hand": {"seat": seat, "mode": "choose" if mine else "view", "label": label, "cards": cards} if cards else None,
        "trick": None, "last_trick": last, "pass": None, "hole": hole,
        "actions": [dict(a) for a in buttons],
        "combo": combo, "chips": chips,
    }  # fmt: skip


def _status(hand: HaggisHand, seat: int, name: Sequence[str]) -> str:
    if hand.result is not None:
        totals = tr(", ", context="list").join(tr("{who} {amount}", who=name[s], amount=t)
                                                for s, t in enumerate(hand.result.totals))  # fmt: skip
        return tr("hand over · scores: {totals}", totals=totals)
    bits = [tr("you deal", context="haggis") if hand.dealer == seat else tr("{who} deals", who=name[hand.dealer])]
    if hand.to_act == seat:
        bits.append(tr("your turn: lead a combination") if hand.top is None else
                    tr("your turn: beat the {combo}, or pass", combo=hand.top.combo.name))  # fmt: skip
    elif hand.to_act is not None:
        bits.append(tr("{who} to play", who=name[hand.to_act]))
    return " · ".join(bits)


# -- the combination classifier ----------------------------------------------------------------------------------
def _reading_words(combo: Combo, target: Combo | None) -> tuple[str, str | None]:
    """One reading as words (its value, what beats it, whether it may follow ``target``) and why it may not."""
    words = tr("{reading}; what beats it: {what}", reading=combo.explain(), what=what_beats(combo))
    if target is None:
        return words, None
    reason = why_cannot_follow(combo, target)
    if reason is None:
        return tr("{words}; ✔ may follow the {target}", words=words, target=target.name), None
    return tr("{words}; ✘ may not follow the {target}: {reason}", words=words, target=target.name,
              reason=reason), reason  # fmt: skip


def classification_report(selected: Iterable[HaggisCard], *,
                          against: Sequence[HaggisCard] | None = None) -> SelectionReport:  # fmt: skip
    """What ``selected`` form, whoever holds them: every reading with its value and what beats it, or why the
    cards form nothing; with ``against`` (the combination to beat, read the first way :func:`.combos.classify`
    lists), whether each reading may follow it. ``legal`` counts the readings that may follow (every reading
    when there is nothing to beat); ``kind`` is ``ok`` when there is at least one.

    >>> from hearts_lessons.haggis.cards import parse_cards
    >>> classification_report(parse_cards("5R 6R")).text
    '5● 6● form nothing: a sequence needs at least 3 ranks.'
    >>> r = classification_report(parse_cards("5B J0 Q0"), against=parse_cards("4R 4G 4O"))
    >>> len(r.readings), r.legal, r.kind
    (2, 1, 'ok')
    >>> r.text.split(" (2) ")[1]
    'sequence 5-6-7 in blue (J0 as 6 of blue, Q0 as 7 of blue); value 7; what beats it: a higher sequence of 3 (6-7-8 up to 8-9-10), or any bomb; ✘ may not follow the triple of 4s: you must play a triple higher than 4-4-4, or a bomb.'
    """  # noqa: E501
    cards = sort_cards(selected)
    prefix = ""
    target: Combo | None = None
    if against:
        targets = classify(against)
        if targets:
            target = targets[0]
        else:
            shown_against = " ".join(c.symbol for c in sort_cards(against))
            prefix = tr("The cards to beat, {cards}, form nothing: {reason}. ", cards=shown_against,
                        reason=why_not(against))  # fmt: skip
    if not cards:
        return SelectionReport(prefix + tr("Pick some cards to see what they form."), "info")
    shown = " ".join(c.symbol for c in cards)
    readings = classify(cards)
    if not readings:
        nothing = why_not(cards) or tr("these cards form no combination")
        return SelectionReport(prefix + tr("{cards} form nothing: {reason}.", cards=shown, reason=nothing), "info",
                               reason=nothing)  # fmt: skip
    said = [_reading_words(r, target) for r in readings]
    legal = sum(1 for _, why in said if why is None)
    reason = next((why for _, why in said if why is not None), None) if not legal else None
    if len(said) == 1:
        words = said[0][0]
        text = tr("{reading}.", reading=f"{words[:1].upper()}{words[1:]}")
    else:
        between = "" if get_language() == "ja" else " "  # Japanese sentences follow one another without a space
        ways = between.join(tr("({i}) {reading}.", i=i, reading=words) for i, (words, _) in enumerate(said, 1))
        text = tr("{cards} can be played {n} ways: {readings}", cards=shown, n=len(said), readings=ways)
    kind = "ok" if legal and not prefix else "info"
    return SelectionReport(prefix + text, kind, tuple(readings), legal, reason)


def classifier_view(deck: Sequence[HaggisCard], selected: Iterable[HaggisCard] = (), *,
                    against: Sequence[HaggisCard] | None = None) -> View:  # fmt: skip
    """The classifier's table (``kind`` ``hand``): ``deck`` in the order given as one hand to choose from
    (mode ``choose``, every card clickable, the ``selected`` ones lifted), the cards to beat (``against``) as a
    row beside it captioned with the combination they form, and a Clear button. No title or status line: the
    lesson's text says how to use it, each card's accessible name says what a click does.

    >>> from hearts_lessons.haggis.cards import number_deck, parse_cards, wilds_of
    >>> v = classifier_view([*number_deck(2), *wilds_of(0)], parse_cards("7R J0"), against=parse_cards("2B 3B 4B"))
    >>> v["hand"]["label"], [c["code"] for c in v["hand"]["cards"] if c["selected"]], v["hole"]["label"]
    ('The deck: 39 cards, 2 selected', ['7R', 'J0'], 'To beat: sequence 2-3-4 in blue')
    """
    chosen = set(selected)
    cards = [haggis_card(c, playable=True, selected=c in chosen,
                         status=tr("selected (click to put it back)") if c in chosen else tr("click to select it"))
             for c in deck]  # fmt: skip
    picked = sum(1 for c in deck if c in chosen)
    label = (tr("The deck: {cards}, {n} selected", cards=_cards(len(deck)), n=picked) if picked
             else tr("The deck: {cards}", cards=_cards(len(deck))))  # fmt: skip
    hole = None
    if against:
        targets = classify(against)
        if not targets:
            head = tr("To beat: these cards form nothing")
        elif len(targets) == 1:
            head = tr("To beat: {combo}", combo=targets[0].name)
        else:
            head = tr("To beat: {combo} (the first of {n} readings)", combo=targets[0].name, n=len(targets))
        hole = {"label": head, "cards": [haggis_card(c) for c in sort_cards(against)]}
    return {
        "kind": "hand", "players": 0, "viewer": 0, "title": "", "status": "", "hearts_broken": None,
        "turn": None, "dealer": None, "seats": [],
        "hand": {"seat": None, "mode": "choose", "label": label, "cards": cards},
        "trick": None, "last_trick": None, "pass": None, "hole": hole,
        "actions": [{"id": CLEAR_ACTION, "label": tr("Clear", context="button"), "kind": "default",
                     "enabled": picked > 0}],
    }  # fmt: skip
