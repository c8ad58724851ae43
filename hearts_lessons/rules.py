"""The rules of a game of Hearts as data: one frozen :class:`Rules` value holds every option.

Every option of ``RULES.md`` section 2 has a field with a self-explaining name; variants are presets built with
:func:`dataclasses.replace`. An impossible combination is refused when the value is built:

>>> STANDARD.players, STANDARD.moon.value, STANDARD.target
(4, 'others_add', 100)
>>> Rules(players=3, pass_cycle=(PassDirection.ACROSS,))
Traceback (most recent call last):
...
hearts_lessons.errors.RulesError: passing across needs an even number of players (this game has 3)
>>> [c.code for c in Rules(players=5).removed]
['2C', '2D']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .cards import QUEEN_OF_SPADES, Card, CardParseError, Rank, Suit, full_deck, parse_cards
from .errors import RulesError
from .i18n import N_, tr, tr_text

__all__ = [
    "STANDARD",
    "GameEnd",
    "HoleCards",
    "Moon",
    "OpeningLead",
    "PassDirection",
    "Points",
    "Rules",
    "Ties",
    "standard_points",
]

Points = int | complex
"""A card's or a hand's score: an int, or a complex number in Complex Hearts."""


class PassDirection(Enum):
    """Where the cards go before a hand. ``SPLIT`` gives one card to every other player; with
    ``DEALERS_CHOICE`` the dealer names the passes before seeing their hand."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"
    SPLIT = "split"
    DEALERS_CHOICE = "dealers_choice"


class OpeningLead(Enum):
    """Who leads the first trick, and with what."""

    LOWEST_CLUB = "lowest_club"
    """The holder of the lowest club in play leads that club (normally 2♣)."""
    LEFT_OF_DEALER = "left_of_dealer"
    """The player left of the dealer leads any card rules 5–6 allow."""
    LOWEST_CLUB_HOLDER_ANY_CLUB = "lowest_club_holder_any_club"
    """The holder of the lowest club leads any club (project option)."""


class Moon(Enum):
    """What happens when one player takes every penalty card."""

    OTHERS_ADD = "others_add"
    """The shooter scores 0 for penalty cards, every other player scores M."""
    SHOOTER_SUBTRACTS = "shooter_subtracts"
    """The shooter scores −M, the others 0 (seed 000's "slam")."""
    SHOOTER_CHOOSES = "shooter_chooses"
    """The shooter chooses between the two above."""
    RESET_TO_ZERO = "reset_to_zero"
    """Others score M and the shooter's running total is reset to 0."""
    SIGN_TO_OTHERS = "sign_to_others"
    """The shooter picks a sign s and s·M is added to every other player (Complex Hearts option)."""
    NONE = "none"
    """No moon rule: penalty cards score as usual."""


class GameEnd(Enum):
    REACH_TARGET = "reach_target"
    """The game ends when some total reaches or passes the target."""
    EXCEED_TARGET = "exceed_target"
    """The game ends when some total exceeds the target."""
    FIXED_HANDS = "fixed_hands"
    """The game is a fixed number of hands."""


class Ties(Enum):
    SHARE = "share"
    """Players tied for the lowest total share the win."""
    PLAY_ON = "play_on"
    """Keep dealing until one player is lowest."""


class HoleCards(Enum):
    """What happens to cards left over after an even deal (hole cards, a kitty)."""

    SET_ASIDE = "set_aside"
    """Set aside unseen for the hand."""
    FIRST_HEART_TRICK = "first_heart_trick"
    """Given to the winner of the first trick containing a heart (seed 002)."""
    FIRST_PENALTY_TRICK = "first_penalty_trick"
    """Given to the winner of the first trick containing a penalty card (Kitty Hearts option)."""
    FIRST_TRICK = "first_trick"
    """Given to the winner of the first trick (Kitty Hearts; Cancellation Hearts' leftover cards)."""


def standard_points() -> tuple[tuple[Card, Points], ...]:
    """Each heart 1, Q♠ 13 (RULES.md 1.7)."""
    hearts: tuple[tuple[Card, Points], ...] = tuple((Card(Rank(r), Suit.HEARTS), 1) for r in range(2, 15))
    return (*hearts, (QUEEN_OF_SPADES, 13))


# RULES.md 2.1: the default removals by player count (seed 000); 7 players use 3 hole cards instead.
DEFAULT_REMOVALS: Mapping[int, str] = {3: "2D", 4: "", 5: "2C 2D", 6: "2C 2D 2S 2H", 7: ""}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every option of a game of Hearts. Build with keywords; see ``RULES.md`` for each option's sources."""

    name: str = N_("Standard Hearts")
    players: int = 4
    decks: int = 1
    """Two or three decks play Cancellation Hearts: identical cards in a trick cancel."""
    jokers: int = 0
    """Jokers (Hi-Lo Joker Hearts) belong to hearts; the first played ranks above A♥, the second below 2♥."""
    removed_cards: tuple[Card, ...] | None = None
    """Cards taken out before the deal; ``None`` means the default for the player count (RULES.md 2.1)."""
    hole_cards: HoleCards = HoleCards.SET_ASIDE
    pass_cycle: tuple[PassDirection, ...] | None = None
    """Pass direction by hand number, repeating; ``None`` means the default for the player count."""
    cards_passed: int = 3
    unpassable: tuple[Card, ...] = ()
    opening_lead: OpeningLead = OpeningLead.LOWEST_CLUB
    penalty_cards_break_hearts: bool = True
    """True: any penalty card played breaks hearts; False: only a heart does (Windows Hearts)."""
    must_break_hearts: bool = True
    """False: hearts may be led from the second trick on."""
    queen_first_when_only_penalty: bool = False
    """A leader holding only penalty cards, hearts unbroken, must lead Q♠ while holding it. Exists only while
    hearts must be broken (``must_break_hearts``); the two options together are refused."""
    queen_lead_restricted: bool = False
    """Q♠ may not be led until hearts are broken (seed 001)."""
    points_on_first_trick: bool = False
    card_points: tuple[tuple[Card, Points], ...] = field(default_factory=standard_points)
    """Every card that scores, with its value; positive values are penalty cards, negative ones bonuses."""
    ten_of_clubs_multiplier: Points = 1
    """2: whoever takes 10♣ doubles their card points (add-on); 2j in Complex Hearts."""
    moon: Moon = Moon.OTHERS_ADD
    moon_value: Points | None = None
    """M for the moon; ``None`` means the penalty total of the cards in play."""
    shoot_the_sun: bool = False
    no_tricks_bonus: int = 0
    """Points subtracted from a player who took no trick (5 in the common form); 0 is off."""
    floor_at_zero: bool = False
    exact_target_reset: bool = False
    """A total of exactly 50 drops to 0, exactly 100 to 50 (seed 000)."""
    game_end: GameEnd = GameEnd.REACH_TARGET
    target: int = 100
    fixed_hands: int = 0
    ties: Ties = Ties.SHARE
    magnitude_scores: bool = False
    """Complex Hearts: compare and end by |total| rather than by the total itself."""

    def __post_init__(self) -> None:
        # cards given as a set (kept in card order) or a list (in its order) are kept as a tuple: rules stay
        # hashable, equal sets give equal rules, and the compiled engine (which reads these fields as tuples) takes them
        for name in ("removed_cards", "unpassable"):
            cards = getattr(self, name)
            if cards is not None and not isinstance(cards, tuple):
                ordered = sorted(cards, key=lambda c: c.id) if isinstance(cards, (set, frozenset)) else cards
                object.__setattr__(self, name, tuple(ordered))
        _validate(self)

    # -- derived facts -------------------------------------------------------------------------------------
    @property
    def removed(self) -> tuple[Card, ...]:
        """The cards removed before the deal (the default for the player count when not given)."""
        if self.removed_cards is not None:
            return self.removed_cards
        if self.decks > 1 or self.jokers:
            return ()
        return tuple(parse_cards(DEFAULT_REMOVALS[self.players]))

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card used in the hand (dealt or left over), in id order."""
        removed = set(self.removed)
        return tuple(c for c in full_deck(decks=self.decks, jokers=self.jokers) if c not in removed)

    @property
    def hand_size(self) -> int:
        return len(self.deck) // self.players

    @property
    def leftover(self) -> int:
        """How many cards are left after an even deal (hole cards, kitty, leftover cards)."""
        return len(self.deck) % self.players

    @property
    def leftover_face_up(self) -> bool:
        """Cancellation Hearts' left-over cards lie face up (everyone sees them); hole cards and the kitty are
        face down."""
        return self.decks > 1

    @property
    def cycle(self) -> tuple[PassDirection, ...]:
        """The pass cycle in force (RULES.md 2: 3, 5, 7 players L,R,hold; 4, 6 players L,R,A,hold)."""
        if self.pass_cycle is not None:
            return self.pass_cycle
        if self.players % 2:
            return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
        return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)

    def points_of(self, card: Card) -> Points:
        """The value of one card under these rules (0 for most cards)."""
        for scored, value in self.card_points:
            if scored.rank == card.rank and scored.suit == card.suit and (
                card.is_joker is False or scored.copy == card.copy
            ):
                return value
        return 0

    def is_penalty(self, card: Card) -> bool:
        """A penalty card has a positive value (RULES.md 1.7); with 10♣ doubling, 10♣ counts as one for the
        play rules (RULES.md 3.1)."""
        value = self.points_of(card)
        if _positive(value):
            return True
        return self.ten_of_clubs_multiplier != 1 and card.rank == Rank.TEN and card.suit == Suit.CLUBS

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again)."""
        return dataclasses.replace(self, **changes)

    # -- JSON ----------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The rules as plain JSON data (see :meth:`from_json`)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules saved by :meth:`to_json`; unknown or ill-typed fields raise :class:`RulesError`."""
        if not isinstance(data, Mapping):
            raise RulesError("the rules must be a JSON object")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, raw in data.items():
            if key not in fields:
                raise RulesError(f"unknown rules option {key!r}")
            kwargs[key] = _decode(key, raw)
        return cls(**kwargs)

    def describe(self) -> list[str]:
        """The options that differ from standard Hearts, in words."""
        base = Rules(players=self.players) if self.players <= 7 else STANDARD
        out = []
        for f in dataclasses.fields(self):
            if f.name == "name":
                continue
            mine, theirs = getattr(self, f.name), getattr(base, f.name)
            if mine != theirs:
                out.append(tr("{option}: {value} (standard: {standard})", option=option_words(f.name),
                              value=_words(mine), standard=_words(theirs)))  # fmt: skip
        return out


def _positive(value: Points) -> bool:
    if isinstance(value, complex):
        return value.real > 0 or value.imag > 0
    return value > 0


OPTION_NAMES: dict[str, str] = {
    "name": N_("name", context="option"),
    "players": N_("players", context="option"),
    "decks": N_("decks", context="option"),
    "jokers": N_("jokers", context="option"),
    "removed_cards": N_("removed cards", context="option"),
    "hole_cards": N_("hole cards", context="option"),
    "pass_cycle": N_("pass cycle", context="option"),
    "cards_passed": N_("cards passed", context="option"),
    "unpassable": N_("unpassable", context="option"),
    "opening_lead": N_("opening lead", context="option"),
    "penalty_cards_break_hearts": N_("penalty cards break hearts", context="option"),
    "must_break_hearts": N_("must break hearts", context="option"),
    "queen_first_when_only_penalty": N_("queen first when only penalty", context="option"),
    "queen_lead_restricted": N_("queen lead restricted", context="option"),
    "points_on_first_trick": N_("points on first trick", context="option"),
    "card_points": N_("card points", context="option"),
    "ten_of_clubs_multiplier": N_("ten of clubs multiplier", context="option"),
    "moon": N_("moon", context="option"),
    "moon_value": N_("moon value", context="option"),
    "shoot_the_sun": N_("shoot the sun", context="option"),
    "no_tricks_bonus": N_("no tricks bonus", context="option"),
    "floor_at_zero": N_("floor at zero", context="option"),
    "exact_target_reset": N_("exact target reset", context="option"),
    "game_end": N_("game end", context="option"),
    "target": N_("target", context="option"),
    "fixed_hands": N_("fixed hands", context="option"),
    "ties": N_("ties", context="option"),
    "magnitude_scores": N_("magnitude scores", context="option"),
}
"""Each option of :class:`Rules` in words (its field name with spaces), marked for translation:
:func:`option_words` words it where it is shown."""

VALUE_NAMES: dict[str, str] = {
    "left": N_("left", context="option value"),
    "right": N_("right", context="option value"),
    "across": N_("across", context="option value"),
    "hold": N_("hold", context="option value"),
    "split": N_("split", context="option value"),
    "dealers choice": N_("dealers choice", context="option value"),
    "lowest club": N_("lowest club", context="option value"),
    "left of dealer": N_("left of dealer", context="option value"),
    "lowest club holder any club": N_("lowest club holder any club", context="option value"),
    "others add": N_("others add", context="option value"),
    "shooter subtracts": N_("shooter subtracts", context="option value"),
    "shooter chooses": N_("shooter chooses", context="option value"),
    "reset to zero": N_("reset to zero", context="option value"),
    "sign to others": N_("sign to others", context="option value"),
    "none": N_("none", context="option value"),
    "reach target": N_("reach target", context="option value"),
    "exceed target": N_("exceed target", context="option value"),
    "fixed hands": N_("fixed hands", context="option value"),
    "share": N_("share", context="option value"),
    "play on": N_("play on", context="option value"),
    "set aside": N_("set aside", context="option value"),
    "first heart trick": N_("first heart trick", context="option value"),
    "first penalty trick": N_("first penalty trick", context="option value"),
    "first trick": N_("first trick", context="option value"),
    "default": N_("default", context="option value"),
    "True": N_("True", context="option value"),
    "False": N_("False", context="option value"),
}
"""The words of the options' values (an enum's value with spaces, ``none``, ``default``, a yes/no), marked for
translation."""


def option_words(field_name: str) -> str:
    """An option of :class:`Rules` in the book's language ("pass cycle"; 「パスの順番」)."""
    return tr_text(OPTION_NAMES[field_name], context="option")


def _value_words(text: str) -> str:
    return tr_text(VALUE_NAMES[text], context="option value")


def _words(value: Any) -> str:
    if isinstance(value, Enum):
        return _value_words(str(value.value).replace("_", " "))
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return ", ".join(f"{c.symbol} {v}" for c, v in value)
        return ", ".join(c.symbol if isinstance(c, Card) else _words(c) for c in value) or _value_words("none")
    if value is None:
        return _value_words("default")
    if isinstance(value, bool):
        return _value_words(str(value))
    return str(value)


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return value.code if value.copy == 0 or value.is_joker else f"{value.code}#{value.copy}"
    if isinstance(value, complex):
        return {"re": value.real, "im": value.imag}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


_ENUM_FIELDS: dict[str, type[Enum]] = {
    "hole_cards": HoleCards,
    "opening_lead": OpeningLead,
    "moon": Moon,
    "game_end": GameEnd,
    "ties": Ties,
}


def _decode_card(raw: Any) -> Card:
    if not isinstance(raw, str):
        raise RulesError(f"{raw!r} is not a card code")
    code, _, copy = raw.partition("#")
    try:
        card = Card.from_str(code)
    except CardParseError as exc:
        raise RulesError(str(exc)) from None
    if copy:
        if not copy.isdigit():
            raise RulesError(f"{raw!r} is not a card code")
        card = Card(card.rank, card.suit, int(copy))
    return card


def _decode_points(raw: Any) -> Points:
    if isinstance(raw, dict) and set(raw) == {"re", "im"}:
        re, im = raw["re"], raw["im"]
        if isinstance(re, (int, float)) and isinstance(im, (int, float)):
            return complex(re, im)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise RulesError(f"{raw!r} is not a score")


def _decode(key: str, raw: Any) -> Any:
    if key in _ENUM_FIELDS:
        try:
            return _ENUM_FIELDS[key](raw)
        except ValueError:
            choices = ", ".join(str(m.value) for m in _ENUM_FIELDS[key])
            raise RulesError(f"{raw!r} is not a value of {key} (choose from {choices})") from None
    if key == "pass_cycle":
        if raw is None:
            return None
        if not isinstance(raw, list):
            raise RulesError("pass_cycle must be a list")
        try:
            return tuple(PassDirection(v) for v in raw)
        except ValueError:
            raise RulesError(f"{raw!r} has an unknown pass direction") from None
    if key in ("removed_cards", "unpassable"):
        if raw is None and key == "removed_cards":
            return None
        if not isinstance(raw, list):
            raise RulesError(f"{key} must be a list of card codes")
        return tuple(_decode_card(c) for c in raw)
    if key == "card_points":
        if not isinstance(raw, list) or not all(isinstance(p, list) and len(p) == 2 for p in raw):
            raise RulesError("card_points must be a list of [card, value] pairs")
        return tuple((_decode_card(c), _decode_points(v)) for c, v in raw)
    if key in ("ten_of_clubs_multiplier", "moon_value"):
        if raw is None and key == "moon_value":
            return None
        return _decode_points(raw)
    if key == "name":
        if not isinstance(raw, str):
            raise RulesError("name must be text")
        return raw
    field_types = {
        "players": int, "decks": int, "jokers": int, "cards_passed": int, "no_tricks_bonus": int,
        "target": int, "fixed_hands": int,
    }  # fmt: skip
    if key in field_types:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise RulesError(f"{key} must be a whole number")
        return raw
    if not isinstance(raw, bool):
        raise RulesError(f"{key} must be true or false")
    return raw


def _validate(r: Rules) -> None:
    if not 1 <= r.decks <= 3:
        raise RulesError(tr("a game uses 1 to 3 decks"))
    if r.decks == 1 and not 3 <= r.players <= 7:
        raise RulesError(tr("one deck is for 3 to 7 players (not {n})", n=r.players))
    if r.decks == 2 and not 6 <= r.players <= 10:
        raise RulesError(tr("two decks are for 6 to 10 players (not {n})", n=r.players))
    if r.decks == 3 and not 11 <= r.players <= 15:
        raise RulesError(tr("three decks are for 11 to 15 players (not {n})", n=r.players))
    if not 0 <= r.jokers <= 2:
        raise RulesError(tr("at most two jokers"))
    if r.jokers and r.decks > 1:
        raise RulesError(tr("jokers are played with one deck only"))
    if r.removed_cards is not None:
        deck = set(full_deck(decks=r.decks, jokers=r.jokers))
        for card in r.removed_cards:
            if card not in deck:
                raise RulesError(tr("cannot remove {card}: it is not in the deck", card=card.symbol))
        if len(set(r.removed_cards)) != len(r.removed_cards):
            raise RulesError(tr("a removed card is listed twice"))
    deck_size = len(r.deck)
    if deck_size // r.players < 2:
        raise RulesError(tr("too few cards for this many players"))
    if r.pass_cycle is not None and not r.pass_cycle:
        raise RulesError(tr("the pass cycle needs at least one entry (use hold for no passing)"))
    if PassDirection.ACROSS in r.cycle and r.players % 2:
        raise RulesError(tr("passing across needs an even number of players (this game has {n})", n=r.players))
    if not 1 <= r.cards_passed <= 4:
        raise RulesError(tr("between 1 and 4 cards are passed"))
    if PassDirection.SPLIT in r.cycle and r.players - 1 >= r.hand_size:
        raise RulesError(tr("a split pass gives {n} cards but a hand has only {size}", n=r.players - 1,
                            size=r.hand_size))
    passes_full = {PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.DEALERS_CHOICE}
    if passes_full & set(r.cycle) and r.cards_passed >= r.hand_size:
        raise RulesError(tr("cannot pass {n} cards from a hand of {size}", n=r.cards_passed, size=r.hand_size))
    for card in r.unpassable:
        if card not in set(r.deck):
            raise RulesError(tr("{card} is unpassable but is not in the deck", card=card.symbol))
    scored = [c for c, _ in r.card_points]
    if len(set(scored)) != len(scored):
        raise RulesError(tr("a card has two point values"))
    if r.ten_of_clubs_multiplier == 0:
        raise RulesError(tr("the 10♣ multiplier cannot be 0 (use 1 to switch it off)"))
    if r.ten_of_clubs_multiplier != 1 and not any(c.rank == Rank.TEN and c.suit == Suit.CLUBS for c in r.deck):
        raise RulesError(tr("the 10♣ multiplies scores, but it is removed from the deck"))
    if r.queen_first_when_only_penalty and not r.must_break_hearts:
        raise RulesError(tr(
            "\"lead the Q♠ first when holding only penalty cards\" is a rule for games where hearts must be broken; "
            "here hearts may be led from the second trick on, so switch one of the two options off"
        ))
    if r.moon == Moon.NONE and r.shoot_the_sun:
        raise RulesError(tr("shooting the sun scores as a moon: it needs a moon rule"))
    if r.moon == Moon.NONE and r.moon_value is not None:
        raise RulesError(tr("a moon value needs a moon rule"))
    complex_scores = any(isinstance(v, complex) for _, v in r.card_points) or isinstance(
        r.ten_of_clubs_multiplier, complex
    )
    if complex_scores and not r.magnitude_scores:
        raise RulesError(tr("complex card values need magnitude_scores (the game is decided by |total|)"))
    if r.magnitude_scores and (r.floor_at_zero or r.exact_target_reset):
        raise RulesError(tr("complex totals cannot be floored at 0 or reset at exact targets"))
    if r.no_tricks_bonus < 0:
        raise RulesError(tr("the avoid-all-tricks bonus is the number of points subtracted (0 or more)"))
    if r.target <= 0:
        raise RulesError(tr("the game target must be a positive number"))
    if r.game_end == GameEnd.FIXED_HANDS and r.fixed_hands < 1:
        raise RulesError(tr("a game of a fixed number of hands needs fixed_hands of 1 or more"))
    if r.game_end != GameEnd.FIXED_HANDS and r.fixed_hands:
        raise RulesError(tr("fixed_hands is used only with game_end=fixed_hands"))
    if r.leftover == 0 and r.hole_cards != HoleCards.SET_ASIDE:
        raise RulesError(tr("this deal leaves no hole cards, so they cannot go to anyone"))
    if r.opening_lead != OpeningLead.LEFT_OF_DEALER:
        clubs_in_play = [c for c in r.deck if c.suit == Suit.CLUBS]
        if r.decks > 1:
            raise RulesError(tr("with two or more decks the player left of the dealer leads (there are two 2♣)"))
        if r.leftover and not clubs_in_play:
            raise RulesError(tr("the lowest club cannot lead: no clubs are in play"))


STANDARD = Rules()
"""Standard Hearts ("Black Lady"), RULES.md section 1."""
