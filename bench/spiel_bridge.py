"""A bridge between the book's engine and OpenSpiel's ``hearts`` game (for ``bench/gauntlet.py``).

OpenSpiel (``pip install open-spiel``) is an optional benchmark dependency, never a requirement of the book: this
module imports nothing from it. The functions that map cards, pass directions and rules between the two engines
are pure and tested without it (``tests/test_gauntlet.py``); :class:`SpielMirror` and :class:`SpielSearch` take
an OpenSpiel game object from the caller.

**Cards.** The book numbers a card ``suit * 16 + rank - 2`` with suits ♣ ♦ ♠ ♥ (0–3); OpenSpiel numbers it
``(rank - 2) * 4 + suit`` with suits ♣ ♦ ♥ ♠ (0–3). Seats are the same numbers in both (seat 0 is OpenSpiel's
North; "left" is the next seat in play order in both). **Pass directions** are OpenSpiel's first chance outcome:
0 no pass, 1 left, 2 across, 3 right (the cards go ``direction`` seats on). **The deal** is 52 more chance
outcomes, the ``i``-th card going to player ``i mod 4``.

**Rules.** :func:`spiel_params` gives OpenSpiel's parameters for a book rule set and refuses one they cannot
express (OpenSpiel plays four players, 52 cards, hearts 1 and Q♠ 13, the moon adding 26 to the others).

**Parity.** :class:`SpielMirror` plays a book hand's actions in OpenSpiel as they happen and compares, at every
decision, who is to act and the two engines' legal sets (each card of a pass, each card of the play), and at the
end the scores; a difference raises :class:`ParityError` with the position.

**OpenSpiel's search players.** :class:`SpielSearch` asks OpenSpiel's C++ ISMCTS (``pyspiel.ISMCTSBot``, random
rollouts) for a seat's pass and cards. OpenSpiel 2.0.2's ``hearts`` resamples hidden hands inconsistently once
cards have been passed (:func:`resample_defects` counts how often: some players get too many cards), and its C++
ISMCTS then crashes the process. So the search decides its pass in a fresh game in which it sits North and the
others have not passed yet (where resampling is sound), and its cards in a game without a pass whose deal is the
hands after the pass: it knows its own cards and every card played, but not where the cards it passed went.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from hearts_lessons.cards import card_from_id, ids_of_mask
from hearts_lessons.rules import STANDARD, Moon, OpeningLead, PassDirection, Rules
from hearts_lessons.state import HandState

__all__ = [
    "ParityError",
    "SpielMirror",
    "SpielSearch",
    "actions_mask",
    "book_card_id",
    "codes",
    "deal_actions",
    "resample_defects",
    "spiel_action",
    "spiel_direction",
    "spiel_params",
]

PLAYERS = 4
CARDS = 52
BOOK_TO_SPIEL_SUIT = (0, 1, 3, 2)
"""OpenSpiel's suit number of each book suit: ♣ 0 → 0, ♦ 1 → 1, ♠ 2 → 3, ♥ 3 → 2."""
SPIEL_TO_BOOK_SUIT = (0, 1, 3, 2)
"""The book's suit number of each OpenSpiel suit: ♣ 0 → 0, ♦ 1 → 1, ♥ 2 → 3, ♠ 3 → 2 (the same swap)."""
SPIEL_DIRECTIONS = {PassDirection.HOLD: 0, PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3}


def spiel_action(card_id: int) -> int:
    """OpenSpiel's action (card) number of the book's card ``card_id``.

    >>> spiel_action(0), spiel_action(card_from_id(0).id + 12)  # 2♣ and A♣
    (0, 48)
    """
    suit, rank = card_id >> 4, card_id & 15
    if not 0 <= card_id < 64 or rank > 12:
        raise ValueError(f"{card_id} is not a card of a single 52-card deck")
    return rank * 4 + BOOK_TO_SPIEL_SUIT[suit]


def book_card_id(action: int) -> int:
    """The book's card id of OpenSpiel's card ``action`` (0–51).

    >>> card_from_id(book_card_id(43)).code  # OpenSpiel's 43 is the queen of spades
    'QS'
    """
    if not 0 <= action < CARDS:
        raise ValueError(f"{action} is not an OpenSpiel card (0-51)")
    return SPIEL_TO_BOOK_SUIT[action % 4] * 16 + action // 4


def actions_mask(actions: Iterable[int]) -> int:
    """The book's card mask of some OpenSpiel cards."""
    mask = 0
    for action in actions:
        mask |= 1 << book_card_id(action)
    return mask


def codes(mask: int) -> str:
    """A book card mask as short codes in the book's order (for messages)."""
    return " ".join(card_from_id(c).code for c in ids_of_mask(mask)) or "-"


def spiel_direction(direction: PassDirection) -> int:
    """OpenSpiel's pass-direction chance outcome for a four-player hand's direction."""
    try:
        return SPIEL_DIRECTIONS[direction]
    except KeyError:
        raise ValueError(f"OpenSpiel's hearts has no {direction.value} pass") from None


def spiel_params(rules: Rules = STANDARD) -> dict[str, bool]:
    """OpenSpiel's ``hearts`` parameters that play ``rules``; a rule OpenSpiel cannot express raises ValueError.

    >>> spiel_params()["can_lead_hearts_instead_of_qs"]
    True
    """
    fixed = {
        "players": (rules.players, 4),
        "decks": (rules.decks, 1),
        "jokers": (rules.jokers, 0),
        "removed cards": (tuple(rules.removed), ()),
        "cards passed": (rules.cards_passed, 3),
        "unpassable cards": (tuple(rules.unpassable), ()),
        "card points": (rules.card_points, STANDARD.card_points),
        "moon": (rules.moon, Moon.OTHERS_ADD),
        "moon value": (rules.moon_value, None),
        "shoot the sun": (rules.shoot_the_sun, False),
        "Q♠ lead restricted": (rules.queen_lead_restricted, False),
        "10♣ multiplier": (rules.ten_of_clubs_multiplier, 1),
    }
    for name, (value, wanted) in fixed.items():
        if value != wanted:
            raise ValueError(f"OpenSpiel's hearts cannot play {name} {value!r} (it plays {wanted!r})")
    if rules.opening_lead is OpeningLead.LEFT_OF_DEALER:
        raise ValueError("OpenSpiel's hearts always opens with the lowest club's holder")
    if rules.no_tricks_bonus not in (0, -5):
        raise ValueError(f"OpenSpiel's avoid-all-tricks bonus is -5, not {rules.no_tricks_bonus}")
    for direction in rules.cycle:
        spiel_direction(direction)  # raises for split and dealer's choice
    return {
        "pass_cards": any(d is not PassDirection.HOLD for d in rules.cycle),
        "no_pts_on_first_trick": not rules.points_on_first_trick,
        "can_lead_any_club": rules.opening_lead is OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB,
        "jd_bonus": False,
        "avoid_all_tricks_bonus": rules.no_tricks_bonus == -5,
        "must_break_hearts": rules.must_break_hearts,
        "qs_breaks_hearts": rules.penalty_cards_break_hearts,
        # with hearts unbroken and only Q♠ and hearts in hand, the book lets the leader lead any of them
        # (RULES.md 1.5); OpenSpiel forces Q♠ unless this is set
        "can_lead_hearts_instead_of_qs": not rules.queen_first_when_only_penalty,
    }


def deal_actions(hands: Sequence[int], first: int = 0) -> list[int]:
    """OpenSpiel's 52 deal outcomes giving OpenSpiel's player ``p`` the book's hand ``hands[(p + first) % 4]``
    (card masks; OpenSpiel deals its ``i``-th card to player ``i mod 4``)."""
    if len(hands) != PLAYERS or any(h.bit_count() != CARDS // PLAYERS for h in hands):
        raise ValueError("four hands of 13 cards are needed")
    ordered = [[spiel_action(c) for c in ids_of_mask(hands[(p + first) % PLAYERS])] for p in range(PLAYERS)]
    return [ordered[p][i] for i in range(CARDS // PLAYERS) for p in range(PLAYERS)]


class ParityError(AssertionError):
    """The two engines disagree (who is to act, a legal set, or the score): the message says where."""


class SpielMirror:
    """A book hand, action for action, in OpenSpiel: each action is checked before it is applied.

    Counts what it compared: :attr:`decisions` (every pass card and every card played, forced or not).
    """

    def __init__(self, game: Any, state: HandState, where: str = "") -> None:
        self.state = game.new_initial_state()
        self.where = where
        self.decisions = 0
        self.state.apply_action(spiel_direction(state.direction))
        for action in deal_actions([state.hand_mask(s) for s in range(PLAYERS)]):
            self.state.apply_action(action)
        self._passed = [0] * PLAYERS

    def _fail(self, what: str) -> None:
        raise ParityError(f"{self.where}: {what}\nOpenSpiel's position:\n{self.state}")

    def _check(self, seat: int, book_legal: int, doing: str) -> None:
        player = self.state.current_player()
        if player != seat:
            self._fail(f"{doing}: the book asks seat {seat}, OpenSpiel player {player}")
        theirs = actions_mask(self.state.legal_actions())
        if theirs != book_legal:
            self._fail(f"{doing} for seat {seat}: the book allows {codes(book_legal)}, OpenSpiel {codes(theirs)}")
        self.decisions += 1

    def pass_cards(self, seat: int, ids: Sequence[int], book: HandState) -> None:
        """Seat ``seat`` passes ``ids``: before each card, its passable cards in the book (the hand less what it
        has chosen, less any unpassable card) must be OpenSpiel's legal set."""
        for cid in sorted(ids):
            passable = book.hand_mask(seat) & ~book.k.unpassable & ~self._passed[seat]
            self._check(seat, passable, "passing")
            self._passed[seat] |= 1 << cid
            self.state.apply_action(spiel_action(cid))

    def play(self, seat: int, cid: int, book_legal: int, doing: str = "playing") -> None:
        """Seat ``seat`` plays ``cid``; ``book_legal`` is the book's legal mask before it (``doing`` names the
        moment in a message)."""
        self._check(seat, book_legal, doing)
        self.state.apply_action(spiel_action(cid))

    def finish(self, points: Sequence[int]) -> None:
        """The hand is over in both engines with the same points per seat."""
        if not self.state.is_terminal():
            self._fail("the book's hand is over, OpenSpiel's is not")
        theirs = [round(26 - r) for r in self.state.returns()]  # returns are 26 − points
        if theirs != list(points):
            self._fail(f"the book scores {list(points)}, OpenSpiel {theirs}")


class SpielSearch:
    """OpenSpiel's C++ ISMCTS with ``simulations`` a move (random rollouts, UCT constant ``uct_c``, the most
    visited move) playing the seats named in a hand's :meth:`start`. See the module's note on passing."""

    def __init__(self, pyspiel: Any, game: Any, simulations: int, uct_c: float = 2.0) -> None:
        self.pyspiel = pyspiel
        self.game = game
        self.simulations = simulations
        self.uct_c = uct_c
        self.name = f"ismcts{simulations}"
        self.play_state: Any = None
        self._bots: dict[int, tuple[Any, Any]] = {}

    def _bot(self, seed: int) -> tuple[Any, Any]:
        ps = self.pyspiel
        seed %= 2**31  # OpenSpiel's seeds are C ints
        evaluator = ps.RandomRolloutEvaluator(1, seed)  # kept with the bot: the bot holds a reference only
        bot = ps.ISMCTSBot(seed, evaluator, self.uct_c, self.simulations, -1,
                           ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)  # fmt: skip
        return bot, evaluator

    def start(self, seeds: dict[int, int]) -> None:
        """A new hand: one search per seat in ``seeds`` (seat → seed)."""
        self._bots = {seat: self._bot(seed) for seat, seed in seeds.items()}
        self.play_state = None

    def choose_pass(self, seat: int, state: HandState) -> list[int]:
        """The seat's pass (book card ids), searched in a game where it sits North and no one has passed."""
        game_state = self.game.new_initial_state()
        game_state.apply_action(spiel_direction(state.direction))
        for action in deal_actions([state.hand_mask(s) for s in range(PLAYERS)], first=seat):
            game_state.apply_action(action)
        bot = self._bots[seat][0]
        chosen: list[int] = []
        for _ in range(state.cards_to_pass):
            action = bot.step(game_state)
            chosen.append(book_card_id(action))
            game_state.apply_action(action)
        return chosen

    def begin_play(self, state: HandState) -> None:
        """The play begins: a game without a pass whose deal is the hands after the pass."""
        self.play_state = self.game.new_initial_state()
        self.play_state.apply_action(0)
        for action in deal_actions([state.hand_mask(s) for s in range(PLAYERS)]):
            self.play_state.apply_action(action)

    def choose_play(self, seat: int, book_legal: int, where: str) -> int:
        """The seat's card (a book card id); the play game's legal set must be the book's."""
        theirs = actions_mask(self.play_state.legal_actions())
        if self.play_state.current_player() != seat or theirs != book_legal:
            raise ParityError(f"{where}: the search's game has player {self.play_state.current_player()} to play "
                              f"{codes(theirs)}, the book seat {seat} with {codes(book_legal)}")  # fmt: skip
        return book_card_id(self._bots[seat][0].step(self.play_state))

    def played(self, cid: int) -> None:
        """A card was played (by any seat)."""
        if self.play_state is not None:
            self.play_state.apply_action(spiel_action(cid))


def resample_defects(pyspiel: Any, game: Any, positions: int, seed: int = 0) -> tuple[int, int, int, int]:
    """How often OpenSpiel's own resampling of hidden hands deals the acting player's opponents the wrong number
    of cards, in ``positions`` random positions of hands with a pass and as many without (ten resamples each):
    ``(bad with a pass, resamples, bad without, resamples)``."""
    rng = random.Random(seed)
    counts = [0, 0, 0, 0]
    for n in range(2 * positions):
        passing = n % 2 == 0
        state = game.new_initial_state()
        state.apply_action(rng.choice((1, 2, 3)) if passing else 0)
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        for _ in range(rng.randrange(0, 60 if passing else 48)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        player = state.current_player()
        sizes = [len(h) for h in state.to_struct().hands]
        for k in range(10):
            world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(seed + 10 * n + k, 0, 1))
            slot = 0 if passing else 2
            counts[slot] += [len(h) for h in world.to_struct().hands] != sizes
            counts[slot + 1] += 1
    return counts[0], counts[1], counts[2], counts[3]
