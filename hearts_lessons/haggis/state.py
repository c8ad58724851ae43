"""One hand of Haggis as a state machine (RULES 4.2 and 4.5–4.8).

A hand is dealt from a seed (or from given cards), then changed only by actions: :class:`Play`, :class:`Pass`
and :class:`Bet`. Each action has three verbs: ``verify_…`` raises with the reason, ``can_…`` answers yes or
no, and the verb itself (``play``, ``pass_turn``, ``bet``) applies it. Legality is a cascade of small named
rules, each returning a reason or ``None``.

>>> hand = HaggisHand.from_cards(hands=["2R 3R 4R 5G 5B 6B 7O 8O 9G 10G 10B 2O 3O 4O",
...                                     "6R 7R 8R 9R 2G 3G 4G 5O 6O 6G 7G 8G 9B 9O"], leader=0)
>>> hand.play("2R 3R 4R").combo.name
'sequence 2-3-4 in red'
>>> hand.why_not_play("2G 3G 4G")
'you must play a sequence of 3 higher than 2-3-4, or a bomb'
>>> hand.play("6R 7R 8R").seat, hand.to_act
(1, 0)
>>> hand.pass_turn().seat, hand.tricks[-1].taker, hand.to_act
(0, 1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import N_, tr, tr_text
from .actions import (
    Bet,
    HaggisAction,
    IllegalHaggisActionError,
    IllegalHaggisBetError,
    IllegalHaggisPassError,
    IllegalHaggisPlayError,
    Pass,
    Play,
)
from .cards import HaggisCard, cards_text, number_deck, parse_cards, sort_cards, wilds_of
from .combos import Combo, ComboKind, beats, classify, why_cannot_follow, why_not
from .rules import BET_SIZES, HAND_SIZE, TWO_PLAYERS, HaggisRules
from .scoring import GoOut, HandResult, capture_points

if TYPE_CHECKING:
    from .view import HaggisView

__all__ = ["HaggisHand", "Trick", "TrickPlay", "next_holder"]


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """One combination played to a trick, and by whom."""

    seat: int
    combo: Combo


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its plays, who played last (``winner``) and who captured it (``taker``).

    ``taker`` differs from ``winner`` when the trick was won by a bomb (RULES 4.6)."""

    plays: tuple[TrickPlay, ...]
    winner: int
    taker: int

    @property
    def cards(self) -> list[HaggisCard]:
        return [card for play in self.plays for card in play.combo.cards]

    @property
    def points(self) -> int:
        return capture_points(self.cards)

    @property
    def won_by_bomb(self) -> bool:
        return self.plays[-1].combo.is_bomb


def next_holder(counts: Sequence[int], seat: int) -> int | None:
    """The next seat after ``seat`` in turn order that still holds cards (``seat`` itself counts last).

    >>> next_holder([3, 0, 5], 0), next_holder([3, 0, 5], 2), next_holder([0, 0, 5], 2)
    (2, 0, 2)
    """
    players = len(counts)
    for step in range(1, players + 1):
        other = (seat + step) % players
        if counts[other]:
            return other
    return None


def _bomb_taker(plays: Sequence[TrickPlay], counts: Sequence[int]) -> int:
    """RULES 4.6: a trick won by a bomb goes to whoever played just before the bomb; a led bomb nobody answered
    goes to the player before the bomber in turn order (project choice: the nearest earlier seat still holding
    cards, as players without cards take no turns)."""
    if len(plays) >= 2:
        return plays[-2].seat
    bomber = plays[-1].seat
    players = len(counts)
    for step in range(1, players):
        other = (bomber - step) % players
        if counts[other]:
            return other
    return (bomber - 1) % players  # cannot happen: a trick ends only when someone else holds cards


class HaggisHand:
    """One hand: the deal, the play, and its result. Seats are numbered in turn order (0, 1[, 2]).

    Build it with :meth:`deal` (seeded) or :meth:`from_cards`. Read the public attributes; change it only with
    the action verbs (and :meth:`undo`).
    """

    def __init__(
        self,
        rules: HaggisRules,
        dealt: Sequence[Sequence[HaggisCard]],
        haggis: Sequence[HaggisCard],
        *,
        dealer: int,
        leader: int,
        seed: int | None = None,
    ) -> None:
        _check_deal(rules, dealt, haggis, dealer, leader)
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.leader = leader
        self.dealt: tuple[tuple[HaggisCard, ...], ...] = tuple(tuple(sort_cards(h)) for h in dealt)
        self.haggis: tuple[HaggisCard, ...] = tuple(sort_cards(haggis))
        self._reset()

    def _reset(self) -> None:
        players = self.rules.players
        self.held: list[list[HaggisCard]] = [
            sort_cards([*self.dealt[s], *wilds_of(s)]) for s in range(players)
        ]
        self.trick: list[TrickPlay] = []
        self.passes = 0
        self.to_act: int | None = self.leader
        self.tricks: list[Trick] = []
        self.captured: list[list[HaggisCard]] = [[] for _ in range(players)]
        self.bets: list[int] = [0] * players
        self.going_out: list[GoOut] = []
        self.actions: list[HaggisAction] = []
        self.result: HandResult | None = None

    # --- construction ---------------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: HaggisRules = TWO_PLAYERS,
        *,
        seed: int,
        dealer: int | None = None,
        leader: int | None = None,
    ) -> HaggisHand:
        """Shuffle with ``seed`` and deal 14 cards each, one at a time from the dealer's left (RULES 4.2).

        Without a ``dealer`` the seed also draws one; the ``leader`` defaults to the player left of the dealer.

        >>> hand = HaggisHand.deal(seed=7)
        >>> [len(h) for h in hand.held], len(hand.haggis)
        ([17, 17], 8)
        """
        rng = random.Random(seed)
        players = rules.players
        drawn = rng.randrange(
            players
        )  # drawn even when a dealer is given, so the cards depend on the seed only
        if dealer is None:
            dealer = drawn
        deck = number_deck(players)
        rng.shuffle(deck)
        hands: list[list[HaggisCard]] = [[] for _ in range(players)]
        for index, card in enumerate(deck[: HAND_SIZE * players]):
            hands[(dealer + 1 + index) % players].append(card)
        if leader is None:
            leader = (dealer + 1) % players
        return cls(rules, hands, deck[HAND_SIZE * players :], dealer=dealer, leader=leader, seed=seed)

    @classmethod
    def from_cards(
        cls,
        rules: HaggisRules = TWO_PLAYERS,
        *,
        hands: Sequence[str | Iterable[HaggisCard]],
        leader: int = 0,
        dealer: int | None = None,
    ) -> HaggisHand:
        """A hand from chosen cards (for lessons and tests): each seat's 14 number cards; the Haggis is the rest."""
        dealt = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
        used = {card for h in dealt for card in h}
        haggis = [card for card in number_deck(rules.players) if card not in used]
        if dealer is None:
            dealer = (leader - 1) % rules.players
        return cls(rules, dealt, haggis, dealer=dealer, leader=leader)

    # --- reading the state ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def counts(self) -> list[int]:
        """How many cards each seat holds (wilds included)."""
        return [len(h) for h in self.held]

    @property
    def top(self) -> TrickPlay | None:
        """The combination to beat, or ``None`` when the player to act leads."""
        return self.trick[-1] if self.trick else None

    @property
    def out_order(self) -> list[int]:
        return [event.seat for event in self.going_out]

    def view(self, seat: int) -> HaggisView:
        """What ``seat`` can see: its own cards, everyone's face-up wilds and card counts, the table."""
        from .view import view_of

        return view_of(self, seat)

    def legal_actions(self) -> list[HaggisAction]:
        """The actions open to the player to act (plays as listed by :func:`~.plays.candidate_plays`)."""
        if self.to_act is None:
            return []
        return self.view(self.to_act).legal_actions()

    # --- the legality cascades ---------------------------------------------------------------------------

    def _reason(self, action: HaggisAction) -> str | None:
        rules: tuple[Callable[[HaggisHand, HaggisAction], str | None], ...]
        if isinstance(action, Play):
            rules = PLAY_RULES
        elif isinstance(action, Pass):
            rules = PASS_RULES
        else:
            rules = BET_RULES
        for rule in rules:
            reason = rule(self, action)
            if reason is not None:
                return reason
        return None

    def verify(self, action: HaggisAction) -> None:
        """Raise the matching :class:`IllegalHaggisActionError` subclass if ``action`` is not allowed now."""
        reason = self._reason(action)
        if reason is not None:
            error = {Play: IllegalHaggisPlayError, Pass: IllegalHaggisPassError, Bet: IllegalHaggisBetError}
            raise error[type(action)](reason)

    def can(self, action: HaggisAction) -> bool:
        return self._reason(action) is None

    def apply(self, action: HaggisAction) -> HaggisAction:
        """Verify and apply any action; return it."""
        self.verify(action)
        if isinstance(action, Play):
            self._apply_play(action)
        elif isinstance(action, Pass):
            self._apply_pass(action)
        else:
            self.bets[action.seat] = action.amount
        self.actions.append(action)
        return action

    # --- plays ------------------------------------------------------------------------------------------------

    def readings(self, cards: str | Iterable[HaggisCard]) -> list[Combo]:
        """The ways these cards can be played now: if a combination is to be beaten, readings that beat it."""
        group = parse_cards(cards) if isinstance(cards, str) else list(cards)
        found = classify(group)
        top = self.top
        if top is not None:
            beating = [c for c in found if beats(c, top.combo)]
            return beating or found
        return found

    def _resolve(self, cards: str | Iterable[HaggisCard] | Combo, kind: ComboKind | str | None) -> Combo:
        if isinstance(cards, Combo):
            return cards
        group = parse_cards(cards) if isinstance(cards, str) else list(cards)
        found = self.readings(group)
        if kind is not None:
            wanted = ComboKind(kind)
            found = [c for c in found if c.kind is wanted]
            if not found:
                raise IllegalHaggisPlayError(tr_text(_KIND_REFUSALS[wanted]))
        if not found:
            raise IllegalHaggisPlayError(why_not(group) or tr("these cards form no combination"))
        if len(found) > 1:
            options = " or ".join(f"a {c.name}" for c in found)  # a programmer's error: English only
            raise IllegalHaggisPlayError(
                f"these cards can be played as {options}: say which (give kind=, or play one of hand.readings())"
            )
        return found[0]

    def _play_action(
        self, cards: str | Iterable[HaggisCard] | Combo, kind: ComboKind | str | None, seat: int | None
    ) -> Play:
        acting = self.to_act if seat is None else seat
        return Play(-1 if acting is None else acting, self._resolve(cards, kind))

    def verify_play(
        self,
        cards: str | Iterable[HaggisCard] | Combo,
        *,
        kind: ComboKind | str | None = None,
        seat: int | None = None,
    ) -> None:
        """Raise :class:`IllegalHaggisPlayError` with the reason if these cards may not be played now.

        ``kind`` chooses the reading when the cards can be read several ways (e.g. a triple or a sequence);
        ``seat`` defaults to the player to act."""
        self.verify(self._play_action(cards, kind, seat))

    def can_play(
        self,
        cards: str | Iterable[HaggisCard] | Combo,
        *,
        kind: ComboKind | str | None = None,
        seat: int | None = None,
    ) -> bool:
        try:
            self.verify_play(cards, kind=kind, seat=seat)
        except IllegalHaggisActionError:
            return False
        return True

    def why_not_play(
        self,
        cards: str | Iterable[HaggisCard] | Combo,
        *,
        kind: ComboKind | str | None = None,
        seat: int | None = None,
    ) -> str | None:
        """The reason these cards may not be played now, or ``None``."""
        try:
            self.verify_play(cards, kind=kind, seat=seat)
        except IllegalHaggisActionError as exc:
            return exc.reason
        return None

    def play(
        self,
        cards: str | Iterable[HaggisCard] | Combo,
        *,
        kind: ComboKind | str | None = None,
        seat: int | None = None,
    ) -> Play:
        """Play cards (or a :class:`Combo`) for the player to act; return the recorded :class:`Play`."""
        action = self._play_action(cards, kind, seat)
        self.apply(action)
        return action

    def _apply_play(self, action: Play) -> None:
        seat = action.seat
        for card in action.combo.cards:
            self.held[seat].remove(card)
        self.trick.append(TrickPlay(seat, action.combo))
        self.passes = 0
        counts = self.counts
        if not counts[seat]:
            opponent = max((s for s in range(self.players) if s != seat), key=lambda s: (counts[s], -s))
            self.going_out.append(GoOut(seat, opponent, counts[opponent]))
        if sum(1 for c in counts if c) <= 1:
            self._close_trick()
            self._finish()
        else:
            self.to_act = next_holder(counts, seat)

    # --- passes ---------------------------------------------------------------------------------------------

    def verify_pass(self, *, seat: int | None = None) -> None:
        """Raise :class:`IllegalHaggisPassError` if the player may not pass now (the leader must play)."""
        self.verify(Pass(self._seat(seat)))

    def can_pass(self, *, seat: int | None = None) -> bool:
        return self.can(Pass(self._seat(seat)))

    def pass_turn(self, *, seat: int | None = None) -> Pass:
        """Pass; the trick ends once every other player holding cards has passed in succession."""
        action = Pass(self._seat(seat))
        self.apply(action)
        return action

    def _apply_pass(self, action: Pass) -> None:
        self.passes += 1
        counts = self.counts
        last = self.trick[-1].seat
        others = sum(1 for s in range(self.players) if s != last and counts[s])
        if self.passes >= others:
            winner = self._close_trick()
            self.to_act = winner if counts[winner] else next_holder(counts, winner)
        else:
            self.to_act = next_holder(counts, action.seat)

    def _close_trick(self) -> int:
        plays = tuple(self.trick)
        winner = plays[-1].seat
        taker = _bomb_taker(plays, self.counts) if plays[-1].combo.is_bomb else winner
        trick = Trick(plays, winner, taker)
        self.tricks.append(trick)
        self.captured[taker].extend(trick.cards)
        self.trick = []
        self.passes = 0
        return winner

    # --- bets -------------------------------------------------------------------------------------------------

    def verify_bet(self, amount: int, *, seat: int | None = None) -> None:
        """Raise :class:`IllegalHaggisBetError` unless the player may bet ``amount`` (15 or 30) now."""
        self.verify(Bet(self._seat(seat), amount))

    def can_bet(self, amount: int, *, seat: int | None = None) -> bool:
        return self.can(Bet(self._seat(seat), amount))

    def bet(self, amount: int, *, seat: int | None = None) -> Bet:
        """Bet little (15) or big (30) on going out first; the same player then plays or passes."""
        action = Bet(self._seat(seat), amount)
        self.apply(action)
        return action

    def _seat(self, seat: int | None) -> int:
        if seat is not None:
            return seat
        return -1 if self.to_act is None else self.to_act

    # --- end of hand, undo ------------------------------------------------------------------------------

    def _finish(self) -> None:
        last = next(s for s in range(self.players) if self.held[s])  # the only player still holding cards
        leftover = tuple(self.held[last])
        first = self.going_out[0].seat
        self.captured[first].extend([*leftover, *self.haggis])
        self.held[last] = []
        self.to_act = None
        self.result = HandResult(
            players=self.players,
            bets=tuple(self.bets),
            going_out=tuple(self.going_out),
            captured=tuple(tuple(sort_cards(pile)) for pile in self.captured),
            leftover=leftover,
            haggis=self.haggis,
            last_player=last,
            last_trick_winner=self.tricks[-1].winner,
            failed_bet_loses=self.rules.failed_bet_loses,
        )

    def replay(self, actions: Iterable[HaggisAction]) -> None:
        """Apply several actions in order (each is verified)."""
        for action in actions:
            self.apply(action)

    def undo(self, count: int = 1) -> list[HaggisAction]:
        """Take back the last ``count`` actions (by replaying the others from the deal); return them."""
        if not 0 <= count <= len(self.actions):
            raise ValueError(f"there are only {len(self.actions)} actions to undo")
        kept, undone = self.actions[: len(self.actions) - count], self.actions[len(self.actions) - count :]
        self._reset()
        self.replay(kept)
        return undone

    def undo_last_of(self, seat: int) -> list[HaggisAction]:
        """Take back ``seat``'s last action and everything after it (e.g. the bots' replies); ``[]`` if none."""
        for index in range(len(self.actions) - 1, -1, -1):
            if self.actions[index].seat == seat:
                return self.undo(len(self.actions) - index)
        return []

    def copy(self) -> HaggisHand:
        """An independent copy (same deal, same actions)."""
        twin = HaggisHand(
            self.rules, self.dealt, self.haggis, dealer=self.dealer, leader=self.leader, seed=self.seed
        )
        twin.replay(self.actions)
        return twin

    # --- records and pictures ---------------------------------------------------------------------------

    def to_record(self) -> str:
        """This hand as a JSON record (shared envelope, kind ``haggis-hand``); see :mod:`.records`."""
        from .records import hand_to_record

        return hand_to_record(self)

    @classmethod
    def from_record(cls, text: str | bytes) -> HaggisHand:
        """Rebuild a hand from its record, replaying and checking every action."""
        from .records import hand_from_record

        return hand_from_record(text)

    def table_html(self, *, viewer: int | None = None, names: Sequence[str] | None = None) -> str:
        """The table as HTML: ``viewer`` sees only their own hand (``None``: all hands face up)."""
        from .render import table_html

        return table_html(self, viewer=viewer, names=names)

    def _repr_html_(self) -> str:
        return self.table_html()

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.to_act} to act"
        hands = "; ".join(f"{s}: {cards_text(h)}" for s, h in enumerate(self.held))
        return f"<HaggisHand {self.players} players, {state}; {hands}>"


def _check_deal(
    rules: HaggisRules,
    dealt: Sequence[Sequence[HaggisCard]],
    haggis: Sequence[HaggisCard],
    dealer: int,
    leader: int,
) -> None:
    players = rules.players
    if len(dealt) != players:
        raise ValueError(f"a {players}-player hand needs {players} hands, not {len(dealt)}")
    for seat, cards in enumerate(dealt):
        if len(cards) != HAND_SIZE or any(c.is_wild for c in cards):
            raise ValueError(f"seat {seat} must be dealt {HAND_SIZE} number cards (the wilds come on top)")
    everything = [card for cards in dealt for card in cards] + list(haggis)
    if sorted(everything, key=lambda c: c.sort_key) != sorted(number_deck(players), key=lambda c: c.sort_key):
        raise ValueError(
            f"the hands and the Haggis must hold each of the {9 * len(rules.suits)} number cards once"
        )
    if not (0 <= dealer < players and 0 <= leader < players):
        raise ValueError("the dealer and the leader must be seats of the table")


# --- the cascades: small named rules, each returning a reason or None ------------------------------------------

_KIND_REFUSALS = {
    ComboKind.SET: N_("these cards cannot be played as a set"),
    ComboKind.SEQUENCE: N_("these cards cannot be played as a sequence"),
    ComboKind.SEQUENCE_OF_SETS: N_("these cards cannot be played as a sequence of sets"),
    ComboKind.BOMB: N_("these cards cannot be played as a bomb"),
}


def _hand_is_on(hand: HaggisHand, action: HaggisAction) -> str | None:
    return tr("the hand is over", context="haggis") if hand.is_over else None


def _their_turn(hand: HaggisHand, action: HaggisAction) -> str | None:
    if action.seat != hand.to_act:
        return tr("it is seat {turn}'s turn, not seat {seat}'s", turn=hand.to_act, seat=action.seat)
    return None


def _holds_the_cards(hand: HaggisHand, action: HaggisAction) -> str | None:
    assert isinstance(action, Play)
    held = hand.held[action.seat]
    missing = [card for card in action.combo.cards if card not in held]
    if missing:
        return tr("seat {seat} does not hold {cards}", seat=action.seat, cards=cards_text(missing))
    return None


def _is_a_reading(hand: HaggisHand, action: HaggisAction) -> str | None:
    assert isinstance(action, Play)
    if action.combo not in classify(action.combo.cards):
        return why_not(action.combo.cards) or tr("these cards cannot be played as a {combo}",
                                                combo=action.combo.name)  # fmt: skip
    return None


def _follows_the_trick(hand: HaggisHand, action: HaggisAction) -> str | None:
    assert isinstance(action, Play)
    top = hand.top
    return None if top is None else why_cannot_follow(action.combo, top.combo)


def _leader_plays(hand: HaggisHand, action: HaggisAction) -> str | None:
    if hand.top is None:
        return tr("the leader cannot pass: start the trick with any combination")
    return None


def _bet_size(hand: HaggisHand, action: HaggisAction) -> str | None:
    assert isinstance(action, Bet)
    if action.amount not in BET_SIZES:
        return tr("a bet is little ({little}) or big ({big}), not {amount}", little=BET_SIZES[0], big=BET_SIZES[1],
                  amount=action.amount)  # fmt: skip
    return None


def _one_bet(hand: HaggisHand, action: HaggisAction) -> str | None:
    already = hand.bets[action.seat]
    if already:
        return tr("seat {seat} has already bet {amount} this hand", seat=action.seat, amount=already)
    return None


def _holds_everything(hand: HaggisHand, action: HaggisAction) -> str | None:
    if len(hand.held[action.seat]) < HAND_SIZE + 3:
        return tr("a bet is allowed only while you still hold all your cards")
    return None


PLAY_RULES: tuple[Callable[[HaggisHand, HaggisAction], str | None], ...] = (
    _hand_is_on,
    _their_turn,
    _holds_the_cards,
    _is_a_reading,
    _follows_the_trick,
)
PASS_RULES: tuple[Callable[[HaggisHand, HaggisAction], str | None], ...] = (
    _hand_is_on,
    _their_turn,
    _leader_plays,
)
BET_RULES: tuple[Callable[[HaggisHand, HaggisAction], str | None], ...] = (
    _hand_is_on,
    _their_turn,
    _bet_size,
    _one_bet,
    _holds_everything,
)
