"""Saving and loading Haggis hands and games in the project's shared record envelope.

A record holds the rules, the seed, the dealt cards, every action and the resulting scores. Loading deals
again, replays every action through the legality cascade and compares the scores, so a record that was edited
by hand is refused with a message saying what does not hold.

>>> from hearts_lessons.haggis.state import HaggisHand
>>> hand = HaggisHand.deal(seed=5, dealer=0)
>>> _ = hand.play(hand.legal_actions()[0].combo)
>>> again = hand_from_record(hand_to_record(hand))
>>> again.actions == hand.actions
True
>>> hand_from_record(hand_to_record(hand).replace('"seed": 5', '"seed": 6'))
Traceback (most recent call last):
...
hearts_lessons.errors.RecordError: the dealt cards do not match seed 6 (seat 0's hand differs)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError, RecordError, RulesError
from ..i18n import tr
from ..records import dump_record, load_record, require
from .actions import action_from_json, action_to_json
from .cards import HaggisCard, HaggisCardParseError, cards_text, parse_cards
from .rules import HaggisRules
from .state import HaggisHand

if TYPE_CHECKING:
    from .game import HaggisGame

__all__ = [
    "GAME_KIND",
    "HAND_KIND",
    "game_from_record",
    "game_to_record",
    "hand_from_record",
    "hand_to_record",
]

HAND_KIND = "haggis-hand"
GAME_KIND = "haggis-game"


def _hand_payload(hand: HaggisHand) -> dict[str, Any]:
    return {
        "seed": hand.seed,
        "dealer": hand.dealer,
        "leader": hand.leader,
        "hands": [cards_text(cards) for cards in hand.dealt],
        "haggis": cards_text(hand.haggis),
        "actions": [action_to_json(a) for a in hand.actions],
        "totals": list(hand.result.totals) if hand.result is not None else None,
    }


def hand_to_record(hand: HaggisHand) -> str:
    """A hand as JSON text under the shared envelope."""
    return dump_record(HAND_KIND, {"rules": hand.rules.to_dict(), **_hand_payload(hand)})


def _rules_from(data: dict[str, Any]) -> HaggisRules:
    try:
        return HaggisRules.from_dict(require(data, "rules", dict))
    except (RulesError, TypeError) as exc:
        raise RecordError(tr("the record's rules are not valid: {problem}", problem=exc)) from None


def _cards(data: dict[str, Any], key: str, where: str) -> list[HaggisCard]:
    try:
        return parse_cards(require(data, key, str, where))
    except HaggisCardParseError as exc:
        raise RecordError(tr("the {where}'s {key} names a card that does not exist: {problem}", where=where,
                             key=repr(key), problem=exc)) from None  # fmt: skip


def _deal_from(rules: HaggisRules, data: dict[str, Any], where: str) -> HaggisHand:
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(tr("the {where}'s seed must be a whole number or null", where=where))
    dealer = require(data, "dealer", int, where)
    leader = require(data, "leader", int, where)
    texts = require(data, "hands", list, where)
    if not all(isinstance(t, str) for t in texts):
        raise RecordError(tr("the {where}'s hands must be lists of card codes in strings", where=where))
    try:
        dealt = [parse_cards(t) for t in texts]
    except HaggisCardParseError as exc:
        raise RecordError(tr("the {where}'s hands name a card that does not exist: {problem}", where=where,
                             problem=exc)) from None  # fmt: skip
    haggis = _cards(data, "haggis", where)
    try:
        hand = HaggisHand(rules, dealt, haggis, dealer=dealer, leader=leader, seed=seed)
    except ValueError as exc:
        raise RecordError(tr("the {where}'s deal is not possible: {problem}", where=where, problem=exc)) from None
    if seed is not None:
        fresh = HaggisHand.deal(rules, seed=seed, dealer=dealer, leader=leader)
        for seat in range(rules.players):
            if fresh.dealt[seat] != hand.dealt[seat]:
                raise RecordError(tr("the dealt cards do not match seed {seed} (seat {seat}'s hand differs)", seed=seed,
                                        seat=seat))  # fmt: skip
    return hand


def _replay(hand: HaggisHand, data: dict[str, Any], where: str) -> HaggisHand:
    actions = require(data, "actions", list, where)
    for number, item in enumerate(actions, start=1):
        action = action_from_json(item)
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            raise RecordError(tr("action {number} of the {where} ({action}) is not legal: {reason}", number=number,
                                 where=where, action=action.text, reason=exc.reason)) from None  # fmt: skip
    saved = data.get("totals")
    if hand.result is None:
        if saved is not None:
            raise RecordError(tr("the {where} claims final scores, but its actions do not finish the hand",
                                 where=where))  # fmt: skip
    elif saved != list(hand.result.totals):
        raise RecordError(tr("the {where}'s saved scores {saved} do not match the replayed hand {totals}",
                             where=where, saved=saved, totals=list(hand.result.totals)))  # fmt: skip
    return hand


def hand_from_record(text: str | bytes) -> HaggisHand:
    """Rebuild and verify a hand saved by :func:`hand_to_record`; raise :class:`RecordError` if it is wrong."""
    data = load_record(text, HAND_KIND)
    rules = _rules_from(data)
    where = tr("record", context="haggis record")
    return _replay(_deal_from(rules, data, where), data, where)


def game_to_record(game: HaggisGame) -> str:
    """A game as JSON text: the rules, the seed, the first dealer and every hand."""
    return dump_record(
        GAME_KIND,
        {
            "rules": game.rules.to_dict(),
            "seed": game.seed,
            "first_dealer": game.first_dealer,
            "hands": [_hand_payload(h) for h in game.hands],
            "totals": list(game.totals),
        },
    )


def game_from_record(text: str | bytes) -> HaggisGame:
    """Rebuild and verify a game: each hand must be the one the game deals next, replay, and score as saved."""
    from .game import HaggisGame

    data = load_record(text, GAME_KIND)
    rules = _rules_from(data)
    seed = require(data, "seed", int)
    first_dealer = require(data, "first_dealer", int)
    try:
        game = HaggisGame(rules, seed=seed, first_dealer=first_dealer)
    except ValueError as exc:
        raise RecordError(tr("the game record is not possible: {problem}", problem=exc)) from None
    hands = require(data, "hands", list)
    if not hands:
        raise RecordError(tr("the game record has no hands"))
    for number, item in enumerate(hands, start=1):
        where = tr("hand {n}", context="haggis record", n=number)
        if not isinstance(item, dict):
            raise RecordError(tr("{where} must be a JSON object", where=where))
        if number > 1:
            if not game.current.is_over:
                raise RecordError(tr("{where} starts before hand {n} is over", where=where, n=number - 1))
            if game.is_over:
                raise RecordError(tr("{where} follows the end of the game", where=where))
            game.start_next_hand()
        expected = game.current
        for field in ("seed", "dealer", "leader"):
            if item.get(field) != getattr(expected, field):
                raise RecordError(tr("{where}'s {field} is {value}, but the game gives {expected}", where=where,
                                     field=field, value=item.get(field), expected=getattr(expected, field)))
        _deal_from(rules, item, where)  # the saved cards must be the ones this seed deals
        _replay(expected, item, where)
    if data.get("totals") != list(game.totals):
        raise RecordError(tr("the saved totals {saved} do not match the replayed game {totals}",
                             saved=data.get("totals"), totals=list(game.totals)))  # fmt: skip
    return game
