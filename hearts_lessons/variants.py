"""Every variant of Hearts in ``RULES.md`` section 3 as a rules preset, and the scoring add-ons of section 3.1.

A variant is data: a :class:`~hearts_lessons.rules.Rules` value built from the standard game with
:func:`dataclasses.replace`. The add-ons are functions that return a copy of any rules with the add-on switched
on, or refuse with a :class:`~hearts_lessons.errors.RulesError` that says why the combination makes no sense.

>>> OMNIBUS.moon_value if OMNIBUS.moon_value is not None else layout_for(OMNIBUS).moon_value
26
>>> [layout_for(r).moon_value for r in (BASIC, PINK_LADY, BLACK_MARIA, SPOT, SPOT_ALT, HI_LO_JOKER)]
[13, 38, 43, 129, 124, 30]
>>> layout_for(cancellation(7)).moon_value, layout_for(cancellation(11)).moon_value
(52, 78)
>>> with_shoot_the_sun(BLACK_MARIA)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts_lessons.errors.RulesError: Black Maria has no moon rule, and shooting the sun scores as a moon: ...
>>> with_ten_of_clubs_doubling(OMNIBUS).name
'Omnibus Hearts + 10♣ doubles'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import QUEEN_OF_SPADES, Card, Rank, Suit, cards_of_mask, parse_cards
from .errors import RulesError
from .i18n import N_, join_words, tr, tr_text
from .layout import layout_for
from .pass_words import pass_words
from .rules import (
    DEFAULT_REMOVALS,
    STANDARD,
    GameEnd,
    HoleCards,
    Moon,
    OpeningLead,
    PassDirection,
    Points,
    Rules,
    standard_points,
)
from .scoring import MOON_CHOICES, HandScore, format_points, score_taken
from .sources import HOWTO_WIKI, JA_WIKIPEDIA, KIZU_BLOG, OTHER_SOURCES, PAGAT_HEARTS, source_words

__all__ = [
    "ADDONS",
    "BASIC",
    "BLACK_MARIA",
    "CANCELLATION",
    "COMPLEX",
    "HI_LO_JOKER",
    "KITTY",
    "OMNIBUS",
    "OMNIBUS_JACK",
    "PINK_LADY",
    "PRESETS",
    "SPOT",
    "SPOT_ALT",
    "Addon",
    "Choice",
    "Option",
    "Preset",
    "addon_rows",
    "addon_verdict",
    "black_maria",
    "cancellation",
    "changes_from_standard",
    "combine",
    "options_rows",
    "overview_rows",
    "point_table",
    "score_captured",
    "scoring_cards",
    "variant_name",
    "with_exact_target",
    "with_shoot_the_sun",
    "with_ten_of_clubs_doubling",
]

TEN_OF_DIAMONDS = Card(Rank.TEN, Suit.DIAMONDS)
JACK_OF_DIAMONDS = Card(Rank.JACK, Suit.DIAMONDS)
JOKERS = (Card(Rank.JOKER, Suit.HEARTS, 0), Card(Rank.JOKER, Suit.HEARTS, 1))


def _hearts(value: Callable[[Rank], Points] = lambda rank: 1) -> tuple[tuple[Card, Points], ...]:
    return tuple((Card(Rank(r), Suit.HEARTS), value(Rank(r))) for r in range(2, 15))


def _spot_alt(rank: Rank) -> int:
    if rank == Rank.ACE:
        return 15
    return min(int(rank), 10)


# -- the presets (RULES.md section 3) ---------------------------------------------------------------------------

BASIC = Rules(name=N_("Basic Hearts"), card_points=_hearts())
"""Hearts only: Q♠ scores nothing, M = 13."""

OMNIBUS = Rules(name=N_("Omnibus Hearts"), card_points=(*standard_points(), (TEN_OF_DIAMONDS, -10)))
"""Standard Hearts plus a bonus: whoever takes the 10♦ scores −10."""

OMNIBUS_JACK = dataclasses.replace(
    OMNIBUS, name=N_("Omnibus Hearts (J♦)"), card_points=(*standard_points(), (JACK_OF_DIAMONDS, -10))
)
"""Omnibus with the J♦ as the bonus card (pagat.com)."""

PINK_LADY = Rules(
    name=N_("Pink Lady"),
    card_points=(
        *_hearts(lambda rank: 13 if rank == Rank.QUEEN else 1),
        (QUEEN_OF_SPADES, 13),
        (TEN_OF_DIAMONDS, -10),
    ),
)
"""Q♥ scores 13 like Q♠, with the Omnibus 10♦ bonus: M = 38."""

_BLACK_MARIA_REMOVALS: Mapping[int, str] = {3: "2C", 4: "", 5: "2C 2S", 6: "2C 2D 2S 2H"}


def black_maria(players: int = 3) -> Rules:
    """Black Maria, the British game, for 3 to 6 players (3 is the usual table).

    >>> [c.code for c in black_maria(5).removed], black_maria(3).hand_size
    (['2C', '2S'], 17)
    """
    if players not in _BLACK_MARIA_REMOVALS:
        raise RulesError(tr("Black Maria is played by 3 to 6 players (not {n})", n=players))
    return Rules(
        name=N_("Black Maria"),
        players=players,
        removed_cards=tuple(parse_cards(_BLACK_MARIA_REMOVALS[players])),
        pass_cycle=(PassDirection.RIGHT,),
        opening_lead=OpeningLead.LEFT_OF_DEALER,
        must_break_hearts=False,
        card_points=(
            *_hearts(),
            (QUEEN_OF_SPADES, 13),
            (Card(Rank.KING, Suit.SPADES), 10),
            (Card(Rank.ACE, Suit.SPADES), 7),
        ),
        moon=Moon.NONE,
    )


BLACK_MARIA = black_maria()
"""Black Maria for three players: K♠ 10 and A♠ 7 join Q♠ 13, pass right, no moon rule."""

SPOT = Rules(name=N_("Spot Hearts"), card_points=(*_hearts(int), (QUEEN_OF_SPADES, 25)), target=500)
"""Each heart scores its rank (A♥ 14), Q♠ 25: M = 129, game to 500."""

SPOT_ALT = dataclasses.replace(
    SPOT, name=N_("Spot Hearts (J Q K 10, A 15)"), card_points=(*_hearts(_spot_alt), (QUEEN_OF_SPADES, 25))
)
"""The other point table of Spot Hearts: J, Q, K♥ 10 each, A♥ 15, Q♠ 25 (M = 124)."""

KITTY = Rules(
    name=N_("Kitty Hearts"),
    players=3,
    removed_cards=(),
    hole_cards=HoleCards.FIRST_TRICK,
    opening_lead=OpeningLead.LEFT_OF_DEALER,
)
"""Three players, all 52 cards: 17 each and one face-down kitty for the first trick's winner."""

HI_LO_JOKER = Rules(
    name=N_("Hi-Lo Joker Hearts"),
    players=3,
    jokers=2,
    removed_cards=(),
    card_points=(*_hearts(), *((joker, 1) for joker in JOKERS), (QUEEN_OF_SPADES, 15)),
)
"""Three players, 54 cards: two jokers are hearts, the first played ranks above A♥, the second below 2♥."""


def cancellation(players: int = 6, *, passing: bool = True) -> Rules:
    """Cancellation Hearts for 6 to 10 players (two decks) or 11 to 15 (three decks).

    >>> r = cancellation(7)
    >>> r.decks, r.hand_size, r.leftover, r.hole_cards.value
    (2, 14, 6, 'first_trick')
    >>> cancellation(8).leftover, cancellation(8).hole_cards.value
    (0, 'set_aside')
    """
    if not 6 <= players <= 15:
        raise RulesError(tr("Cancellation Hearts is for 6 to 15 players (not {n})", n=players))
    decks = 2 if players <= 10 else 3
    leftover = (52 * decks) % players
    return Rules(
        name=N_("Cancellation Hearts"),
        players=players,
        decks=decks,
        removed_cards=(),
        hole_cards=HoleCards.FIRST_TRICK if leftover else HoleCards.SET_ASIDE,
        opening_lead=OpeningLead.LEFT_OF_DEALER,
        pass_cycle=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD) if passing else (PassDirection.HOLD,),
    )


CANCELLATION = cancellation
"""The Cancellation preset is a function of the player count (6–15): ``CANCELLATION(8)``."""

COMPLEX = Rules(
    name=N_("Complex Hearts"),
    card_points=(*_hearts(), (QUEEN_OF_SPADES, 13j), (JACK_OF_DIAMONDS, -10)),
    ten_of_clubs_multiplier=2j,
    moon=Moon.SHOOTER_CHOOSES,
    moon_value=13 + 13j,
    magnitude_scores=True,
    game_end=GameEnd.EXCEED_TARGET,
)
"""Complex scores: hearts 1, Q♠ 13i, J♦ −10, 10♣ multiplies by 2i; the game ends when some |total| > 100."""


# -- the scoring add-ons (RULES.md 3.1) ------------------------------------------------------------------------


EXACT_TARGET = N_("exact target")
TEN_OF_CLUBS_DOUBLES = N_("10♣ doubles")
SHOOT_THE_SUN = N_("shoot the sun")


def _with_name(rules: Rules, suffix: str) -> str:
    return rules.name if suffix in rules.name else f"{rules.name} + {suffix}"


def rules_name(rules: Rules) -> str:
    """The name of ``rules`` in the book's language (``rules.name`` stays English: records keep it). A name is a
    preset's, add-ons joined with " + ", and a bonus card in brackets; a part this module did not name (a name
    given by hand) is shown as it is.

    >>> rules_name(with_shoot_the_sun(OMNIBUS_JACK))
    'Omnibus Hearts (J♦) + shoot the sun'
    """
    return variant_name(rules.name)


def variant_name(name: str) -> str:
    """A variant's name (a :attr:`Rules.name`, the key a table or a record keeps) as a reader sees it, in the book's
    language: the one place that words the presets' names (see :func:`rules_name`). Any other name (one a lesson
    gave, already in the reader's language) is shown as it is.

    >>> variant_name("Black Maria"), variant_name("my house rules")
    ('Black Maria', 'my house rules')
    """
    parts = []
    for part in name.split(" + "):
        bracket = re.fullmatch(r"(.+) (\([^()]+\))", part)
        if part in _NAMED:
            parts.append(tr_text(part))
        elif bracket and bracket.group(1) in _NAMED:
            parts.append(f"{tr_text(bracket.group(1))} {bracket.group(2)}")
        else:
            parts.append(part)
    return " + ".join(parts)


def with_exact_target(rules: Rules) -> Rules:
    """A total of exactly 50 drops to 0, exactly 100 to 50 (seed 000).

    >>> with_exact_target(COMPLEX)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hearts_lessons.errors.RulesError: Complex Hearts totals are complex numbers, compared by |total|: ...
    """
    if rules.magnitude_scores:
        raise RulesError(tr(
            "{name} totals are complex numbers, compared by |total|: a total is never \"exactly 50\" "
            "in the sense of this add-on", name=rules_name(rules)
        ))
    return dataclasses.replace(rules, exact_target_reset=True, name=_with_name(rules, EXACT_TARGET))


def with_ten_of_clubs_doubling(rules: Rules) -> Rules:
    """Whoever takes the 10♣ doubles their card points for the hand (seed 000).

    With two or three decks, taking one 10♣ or several doubles once (project choice)."""
    if rules.ten_of_clubs_multiplier == 2:
        return rules
    if rules.ten_of_clubs_multiplier != 1:
        raise RulesError(tr(
            "in {name} the 10♣ already multiplies its taker's points by {factor}: it cannot also double them",
            name=rules_name(rules), factor=format_points(rules.ten_of_clubs_multiplier)
        ))
    if not any(c.rank == Rank.TEN and c.suit == Suit.CLUBS for c in rules.deck):
        raise RulesError(tr("the 10♣ is removed from the deck in {name}, so it cannot double anything",
                              name=rules_name(rules)))
    if any(c.rank == Rank.TEN and c.suit == Suit.CLUBS for c, _ in rules.card_points):
        raise RulesError(tr("the 10♣ already has a point value in {name}: it cannot also be the doubler",
                              name=rules_name(rules)))
    return dataclasses.replace(rules, ten_of_clubs_multiplier=2, name=_with_name(rules, TEN_OF_CLUBS_DOUBLES))


def with_shoot_the_sun(rules: Rules) -> Rules:
    """Taking every trick scores as a moon with 2M in place of M (a sun is also a moon)."""
    if rules.moon is Moon.NONE:
        raise RulesError(tr(
            "{name} has no moon rule, and shooting the sun scores as a moon: switch the moon rule on first",
            name=rules_name(rules)
        ))
    return dataclasses.replace(rules, shoot_the_sun=True, name=_with_name(rules, SHOOT_THE_SUN))


@dataclass(frozen=True, slots=True)
class Addon:
    """A scoring add-on of RULES.md 3.1: its name, what it does, and the function that switches it on."""

    key: str
    name: str
    summary: str
    source: str
    apply: Callable[[Rules], Rules]


ADDONS: dict[str, Addon] = {
    a.key: a
    for a in (
        Addon("exact_target", N_("Target score"), N_("A total of exactly 50 drops to 0; exactly 100 drops to 50."),
              JA_WIKIPEDIA, with_exact_target),
        Addon("ten_of_clubs", N_("10♣ doubles"), N_("Whoever takes the 10♣ doubles their card points for the hand "
              "(a negative score doubles too)."), JA_WIKIPEDIA, with_ten_of_clubs_doubling),
        Addon("shoot_the_sun", N_("Shoot the sun"), N_("Taking every trick scores as a moon worth 2M."),
              JA_WIKIPEDIA, with_shoot_the_sun),
    )
}  # fmt: skip
"""The add-ons by key, in the order of RULES.md 3.1."""


def combine(rules: Rules, addons: Iterable[str]) -> Rules:
    """``rules`` with the named add-ons switched on (keys of :data:`ADDONS`); refuses what makes no sense.

    >>> combine(SPOT, ["exact_target", "shoot_the_sun"]).name
    'Spot Hearts + exact target + shoot the sun'
    """
    for key in addons:
        if key not in ADDONS:
            raise RulesError(f"unknown add-on {key!r} (choose from {', '.join(ADDONS)})")
        rules = ADDONS[key].apply(rules)
    return rules


# -- the registry used by the lessons ----------------------------------------------------------------------------


def _same(rules: Rules) -> Rules:
    return rules


@dataclass(frozen=True, slots=True)
class Choice:
    """One way to play a point where the sources disagree; ``apply`` turns the preset's rules into it."""

    label: str
    apply: Callable[[Rules], Rules] = _same
    source: str = ""


@dataclass(frozen=True, slots=True)
class Option:
    """A point where the sources disagree: the choices, the preset's default first."""

    name: str
    choices: tuple[Choice, ...]

    def fields(self, rules: Rules) -> frozenset[str]:
        """The fields of ``rules`` that this option's choices change (besides the name): a set-up that shows
        the option shows no other control for them.

        >>> sorted(PRESETS["black_maria"].options[1].fields(PRESETS["black_maria"].build(3)))
        ['moon']
        """
        changed: set[str] = set()
        for c in self.choices:
            other = c.apply(rules)
            changed |= {f.name for f in dataclasses.fields(rules) if getattr(other, f.name) != getattr(rules, f.name)}
        return frozenset(changed - {"name"})

    def choice(self, label: str) -> Choice:
        for c in self.choices:
            if c.label == label:
                return c
        raise RulesError(f"{label!r} is not a choice of {self.name} (choose from "
                         f"{', '.join(c.label for c in self.choices)})")  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Preset:
    """A variant as the lessons present it: its rules, where it comes from, and what it changes."""

    key: str
    name: str
    build: Callable[[int], Rules]
    """The rules for a player count."""
    players: tuple[int, ...]
    """The player counts it can be played with; the first is the default."""
    changes: tuple[str, ...]
    """What changes against standard Hearts, in words."""
    history: str
    sources: tuple[str, ...]
    options: tuple[Option, ...] = ()

    @property
    def rules(self) -> Rules:
        """The preset's default rules."""
        return self.build(self.players[0])

    def rules_for(self, players: int | None = None, choices: Mapping[str, str] | None = None) -> Rules:
        """The rules for ``players`` (default: the usual count) with some options switched by name."""
        count = self.players[0] if players is None else players
        if count not in self.players:
            raise RulesError(tr("{name} is played by {counts} players (not {n})", name=tr_text(self.name),
                                counts=_counts(self.players), n=count))
        rules = self.build(count)
        known = {o.name: o for o in self.options}
        for name, label in (choices or {}).items():
            if name not in known:
                raise RulesError(f"{self.name} has no option {name!r}")
            rules = known[name].choice(label).apply(rules)
        return rules


def _counts(counts: Sequence[int]) -> str:
    ordered = sorted(counts)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return tr("{low} to {high}", low=ordered[0], high=ordered[-1])
    return join_words([str(c) for c in ordered], "or")


def _fixed(rules: Rules) -> Callable[[int], Rules]:
    def build(players: int) -> Rules:
        return rules if players == rules.players else dataclasses.replace(rules, players=players)

    return build


def _bonus_card(card: Card) -> Callable[[Rules], Rules]:
    def apply(rules: Rules) -> Rules:
        points = tuple((c, v) for c, v in rules.card_points if c not in (TEN_OF_DIAMONDS, JACK_OF_DIAMONDS))
        return dataclasses.replace(rules, card_points=(*points, (card, -10)), name=f"{rules.name} ({card.symbol})")

    return apply


def _replace(**changes: Any) -> Callable[[Rules], Rules]:
    def apply(rules: Rules) -> Rules:
        return dataclasses.replace(rules, **changes)

    return apply


def _queen_of_spades(value: int) -> Callable[[Rules], Rules]:
    def apply(rules: Rules) -> Rules:
        points = tuple((c, value if c == QUEEN_OF_SPADES else v) for c, v in rules.card_points)
        return dataclasses.replace(rules, card_points=points)

    return apply


_MOON_ON = Choice(N_("moon with M"), _replace(moon=Moon.OTHERS_ADD), N_("a house option"))

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            key="standard",
            name=N_("Standard Hearts (Black Lady)"),
            build=lambda n: STANDARD if n == 4 else Rules(players=n),
            players=(4, 3, 5, 6, 7),
            changes=(N_("Nothing: this is the game of section 1 of the rules, the yardstick for the others."),),
            history=N_("Black Lady added the Q♠ (13 points) to plain Hearts, overshadowed it early in the 20th "
                    "century and became the game most people mean by Hearts; Microsoft Hearts made it familiar "
                    "worldwide."),
            sources=(JA_WIKIPEDIA, KIZU_BLOG, HOWTO_WIKI, PAGAT_HEARTS, OTHER_SOURCES["wikipedia hearts"]),
        ),
        Preset(
            key="basic",
            name=N_("Basic Hearts"),
            build=_fixed(BASIC),
            players=(4, 3, 5, 6, 7),
            changes=(N_("The Q♠ is an ordinary card: only the 13 hearts score, 1 point each (M = 13)."),
                     N_("Shooting the moon means taking all 13 hearts.")),
            history=N_("The original game of the 1880s, a modern form of Reversis; it was overshadowed by Black "
                    "Lady in the early 20th century."),
            sources=(f"{JA_WIKIPEDIA} (基本ハーツ, after 松田道弘『トランプゲーム事典』1988)",
                     PAGAT_HEARTS),
        ),
        Preset(
            key="omnibus",
            name=N_("Omnibus Hearts"),
            build=_fixed(OMNIBUS),
            players=(4, 3, 5, 6, 7),
            changes=(N_("The 10♦ is a bonus card: whoever takes it scores −10."),
                     N_("The moon still needs only the hearts and the Q♠; the bonus counts on top for its taker.")),
            history=N_("A card worth taking: with the bonus, one trick of the hand is one you want to win."),
            sources=(f"{JA_WIKIPEDIA} (オムニバスハーツ, after 松田道弘『トランプゲーム事典』1988)",
                     PAGAT_HEARTS),
            options=(Option(N_("bonus card"), (Choice(N_("10♦"), source=JA_WIKIPEDIA),
                                           Choice(N_("J♦"), _bonus_card(JACK_OF_DIAMONDS),
                                                  OTHER_SOURCES["pagat, japanese wikipedia"]))),),
        ),
        Preset(
            key="pink_lady",
            name=N_("Pink Lady"),
            build=_fixed(PINK_LADY),
            players=(4, 3, 5, 6, 7),
            changes=(N_("The Q♥ (the pink lady) scores 13, like the Q♠; the other hearts 1 each."),
                     N_("The Omnibus bonus: the 10♦ scores −10."),
                     N_("M = 38; the moon needs every penalty card.")),
            history=N_("Omnibus with a second queen to fear: the game has two 13-point queens and a bonus card."),
            sources=(f"{JA_WIKIPEDIA} (ピンクレディ, after 松田道弘『トランプゲーム事典』1988)",
                     PAGAT_HEARTS),
            options=(Option(N_("bonus card"), (Choice(N_("10♦"), source=JA_WIKIPEDIA),
                                           Choice(N_("J♦"), _bonus_card(JACK_OF_DIAMONDS), JA_WIKIPEDIA))),),
        ),
        Preset(
            key="black_maria",
            name=N_("Black Maria"),
            build=black_maria,
            players=(3, 4, 5, 6),
            changes=(N_("The K♠ scores 10 and the A♠ 7, besides the Q♠ 13 and the hearts (M = 43)."),
                     N_("Three players; the 2♣ is removed (five players: 2♣ 2♠; six: all four 2s)."),
                     N_("Pass 3 cards to the right every hand."),
                     N_("The player left of the dealer leads the first trick with any card the rules allow."),
                     N_("Hearts may be led from the second trick on; no moon rule.")),
            history=N_("The British three-player cousin of Black Lady, first printed in 1939. Japanese Wikipedia and "
                    "the Japanese “How to Play Hearts” use the name for standard Hearts; here it means only the "
                    "British game."),
            sources=(PAGAT_HEARTS, OTHER_SOURCES["wikipedia black maria"]),
            options=(
                Option(N_("must break hearts"), (
                    Choice(N_("no"), source=N_("this book's default (the sources disagree)")),
                    Choice(N_("yes"), _replace(must_break_hearts=True), N_("a house option")),
                )),
                Option(N_("moon"), (Choice(N_("no moon rule"), source=N_("this book's default")), _MOON_ON)),
            ),
        ),
        Preset(
            key="spot",
            name=N_("Spot Hearts"),
            build=_fixed(SPOT),
            players=(4, 3, 5, 6, 7),
            changes=(N_("Each heart scores its rank: 2♥ 2 … 10♥ 10, J 11, Q 12, K 13, A 14; the Q♠ 25 (M = 129)."),
                     N_("The game goes to 500.")),
            history=N_("High hearts hurt more than low ones; a hand hands out 129 points, so a game usually goes "
                    "to 500 (Japanese Wikipedia)."),
            sources=(f"{JA_WIKIPEDIA} (スポット・ハーツ)", PAGAT_HEARTS),
            options=(
                Option(N_("point table"), (
                    Choice(N_("hearts by rank, A♥ 14"), source=JA_WIKIPEDIA),
                    Choice(N_("J Q K♥ 10, A♥ 15"), lambda r: dataclasses.replace(
                        r, name=SPOT_ALT.name, card_points=SPOT_ALT.card_points), JA_WIKIPEDIA),
                )),
                Option(N_("moon"), (Choice(N_("moon with M"), source=JA_WIKIPEDIA),
                                Choice(N_("no moon rule"), _replace(moon=Moon.NONE), JA_WIKIPEDIA))),
            ),
        ),
        Preset(
            key="kitty",
            name=N_("Kitty Hearts"),
            build=_fixed(KITTY),
            players=(3,),
            changes=(N_("Three players with all 52 cards: 17 each and one card face down, the kitty."),
                     N_("The winner of the first trick takes the kitty (and alone sees it); it counts as taken."),
                     N_("The player left of the dealer leads the first trick (this book's choice: the source "
                     "leaves it open); the 2♣ may be the kitty.")),
            history=N_("A three-player way to use the whole pack. Because the kitty may be worth having, Japanese "
                    "Wikipedia notes that the 2♣ need not open: some other opening lead rule is used."),
            sources=(f"{JA_WIKIPEDIA} (キティ・ハーツ)", PAGAT_HEARTS),
            options=(Option(N_("kitty goes to"), (
                Choice(N_("the first trick's winner"), source=JA_WIKIPEDIA),
                Choice(N_("the first trick with a penalty card"), _replace(hole_cards=HoleCards.FIRST_PENALTY_TRICK),
                       JA_WIKIPEDIA),
            )),),
        ),
        Preset(
            key="hi_lo_joker",
            name=N_("Hi-Lo Joker Hearts"),
            build=_fixed(HI_LO_JOKER),
            players=(3,),
            changes=(N_("Three players, 54 cards (two jokers), 18 each, no kitty."),
                     N_("Both jokers are hearts for every rule and score 1 each."),
                     N_("The first joker played ranks above the A♥, the second below the 2♥."),
                     N_("The Q♠ scores 15 (M = 30).")),
            history=N_("Also called Hello Hearts (Japanese Wikipedia). With the jokers there are 15 hearts, so the Q♠ "
                    "is often raised to 15: the players agree on it before the game."),
            sources=(f"{JA_WIKIPEDIA} (ハイロー・ジョーカー・ハーツ)", PAGAT_HEARTS),
            options=(Option(N_("Q♠"), (Choice(N_("15"), source=JA_WIKIPEDIA),
                                   Choice(N_("13"), _queen_of_spades(13), JA_WIKIPEDIA))),),
        ),
        Preset(
            key="cancellation",
            name=N_("Cancellation Hearts"),
            build=cancellation,
            players=tuple(range(6, 16)),
            changes=(N_("6 to 10 players with two decks, 11 to 15 with three."),
                     N_("Identical cards in one trick cancel: neither can win, both still score (of three, only "
                     "the first two cancel)."),
                     N_("A trick whose led-suit cards all cancel has no winner: it stays on the table for the "
                     "next trick that has one; if the last trick has no winner, its leader takes it."),
                     N_("Cards left after an even deal lie face up and go to the first trick's winner."),
                     N_("The player left of the dealer leads first; pass 3 cards left, right, hold."),
                     N_("M = 52 with two decks, 78 with three.")),
            history=N_("The variant for big groups (six or more, Japanese Wikipedia): with two decks a moon is rare, "
                    "and with three a moon of 78 usually ends the game."),
            sources=(f"{JA_WIKIPEDIA} (キャンセレーション・ハーツ)", OTHER_SOURCES["wikipedia cancellation"]),
            options=(Option(N_("passing"), (Choice(N_("left, right, hold"), source=N_("this book's default")),
                                        Choice(N_("no passing"), _replace(pass_cycle=(PassDirection.HOLD,)),
                                               N_("a house option")))),),
        ),
        Preset(
            key="complex",
            name=N_("Complex Hearts"),
            build=_fixed(COMPLEX),
            players=(4,),
            changes=(N_("Scores are complex numbers: each heart 1, the Q♠ 13i, the J♦ −10."),
                     N_("Taking the 10♣ multiplies your hand score by 2i."),
                     N_("A player loses when |total| exceeds 100; the smallest |total| wins."),
                     N_("Moon: the shooter subtracts 13+13i from their own total or adds it to everyone else's.")),
            history=N_("A mathematician's joke, attributed to the game designer Richard Garfield (Japanese "
                    "Wikipedia): the scores leave the number line for the plane."),
            sources=(f"{JA_WIKIPEDIA} (複素数ハーツ)", OTHER_SOURCES["rdieter page"]),
            options=(
                Option(N_("moon"), (
                    Choice(N_("shooter chooses: −(13+13i) or others +(13+13i)"), source=OTHER_SOURCES["rdieter"]),
                    Choice(N_("shooter picks a sign for everyone else"), _replace(moon=Moon.SIGN_TO_OTHERS),
                           OTHER_SOURCES["reading japanese wikipedia"]),
                )),
                Option(N_("game end"), (Choice(N_("|total| exceeds 100"), source=JA_WIKIPEDIA),
                                    Choice(N_("|total| reaches 100"), _replace(game_end=GameEnd.REACH_TARGET),
                                           N_("a house option")))),
            ),
        ),
    )
}  # fmt: skip
"""Every variant by key, standard Hearts first."""

_NAMED: frozenset[str] = frozenset({
    STANDARD.name, BASIC.name, OMNIBUS.name, PINK_LADY.name, BLACK_MARIA.name, SPOT.name, KITTY.name,
    HI_LO_JOKER.name, CANCELLATION().name, COMPLEX.name, OMNIBUS_JACK.name, SPOT_ALT.name,
    EXACT_TARGET, TEN_OF_CLUBS_DOUBLES, SHOOT_THE_SUN, *(p.name for p in PRESETS.values()),
})
"""The names :func:`rules_name` translates (marked for translation where they are defined)."""


# -- tables and words for the lessons ----------------------------------------------------------------------------


def point_table(rules: Rules) -> list[tuple[str, str]]:
    """The cards that score under ``rules`` and their values, runs of hearts with equal values grouped.

    >>> point_table(PINK_LADY)
    [('2♥ … J♥', '1 each'), ('Q♥', '13'), ('K♥ … A♥', '1 each'), ('Q♠', '13'), ('10♦', '−10')]
    >>> point_table(SPOT_ALT)[:3]
    [('2♥ … 10♥', 'its rank (2 … 10)'), ('J♥ … K♥', '10 each'), ('A♥', '15')]
    >>> point_table(HI_LO_JOKER)[-2:]
    [('Joker 1, Joker 2', '1 each'), ('Q♠', '15')]
    """
    hearts = [(c, v) for c, v in rules.card_points if c.suit == Suit.HEARTS and not c.is_joker]
    hearts.sort(key=lambda entry: entry[0].rank)
    groups: list[list[tuple[Card, Points]]] = []
    keys: list[object] = []
    for card, value in hearts:
        key: object = "own" if isinstance(value, int) and value == int(card.rank) else ("value", value)
        if groups and keys[-1] == key and groups[-1][-1][0].rank + 1 == card.rank:
            groups[-1].append((card, value))
        else:
            groups.append([(card, value)])
            keys.append(key)
    rows: list[tuple[str, str]] = []
    for key, group in zip(keys, groups, strict=True):
        first, value = group[0]
        if len(group) == 1:
            rows.append((first.symbol, _value_words(value)))
        elif key == "own":
            rows.append((f"{first.symbol} … {group[-1][0].symbol}",
                         tr("its rank ({low} … {high})", low=value, high=group[-1][1])))
        else:
            rows.append((f"{first.symbol} … {group[-1][0].symbol}", tr("{value} each", value=_value_words(value))))
    jokers = [(c, v) for c, v in rules.card_points if c.is_joker]
    if jokers:
        same = len({v for _, v in jokers}) == 1
        if same:
            label = ", ".join(j.symbol for j, _ in jokers)
            value_ = _value_words(jokers[0][1])
            rows.append((label, tr("{value} each", value=value_) if len(jokers) > 1 else value_))
        else:
            rows.extend((j.symbol, _value_words(v)) for j, v in jokers)
    for card, value in rules.card_points:
        if card.suit != Suit.HEARTS:
            rows.append((card.symbol, _value_words(value)))
    if rules.ten_of_clubs_multiplier != 1:
        rows.append(("10♣", tr("× {factor} (its taker's card points)",
                               factor=_value_words(rules.ten_of_clubs_multiplier))))
    return rows


def _value_words(value: Points) -> str:
    text = format_points(value)
    return text.replace("-", "−")


def changes_from_standard(rules: Rules) -> list[str]:
    """Every rule in which ``rules`` differ from standard Hearts, in words (computed from the data; the
    presets' hand-written :attr:`Preset.changes` say the same more briefly).

    >>> for line in changes_from_standard(KITTY):
    ...     print(line)
    3 players (standard: 4)
    all 52 cards are used (3 players usually remove 2♦)
    the left-over card goes to the winner of the first trick
    the player left of the dealer leads any card the rules allow
    """
    std = STANDARD
    out: list[str] = []
    if rules.players != std.players:
        out.append(tr("{n} players (standard: {standard})", n=rules.players, standard=std.players))
    if rules.decks != 1:
        out.append(tr("{n} decks: identical cards in a trick cancel", n=rules.decks))
    if rules.jokers:
        out.append(tr("{n} jokers, played as hearts (the first played high, the second low)", n=rules.jokers))
    usual = () if rules.decks > 1 or rules.jokers else tuple(parse_cards(DEFAULT_REMOVALS.get(rules.players, "")))
    if set(rules.removed) != set(usual):
        removed = " ".join(c.symbol for c in rules.removed)
        usual_words = " ".join(c.symbol for c in usual)
        if not rules.removed:
            out.append(tr("all {n} cards are used ({players} players usually remove {usual})", n=len(rules.deck),
                          players=rules.players, usual=usual_words))  # fmt: skip
        elif usual:
            out.append(tr("removed before the deal: {removed} (usually {usual})", removed=removed, usual=usual_words))
        else:
            out.append(tr("removed before the deal: {removed}", removed=removed))
    if rules.hole_cards is not HoleCards.SET_ASIDE:
        one = rules.leftover == 1
        out.append({
            (HoleCards.FIRST_TRICK, True): tr("the left-over card goes to the winner of the first trick"),
            (HoleCards.FIRST_TRICK, False): tr("the left-over cards go to the winner of the first trick"),
            (HoleCards.FIRST_HEART_TRICK, True): tr("the left-over card goes to the winner of the first trick with "
                                                    "a heart"),
            (HoleCards.FIRST_HEART_TRICK, False): tr("the left-over cards go to the winner of the first trick with "
                                                     "a heart"),
            (HoleCards.FIRST_PENALTY_TRICK, True): tr("the left-over card goes to the winner of the first trick "
                                                      "with a penalty card"),
            (HoleCards.FIRST_PENALTY_TRICK, False): tr("the left-over cards go to the winner of the first trick "
                                                       "with a penalty card"),
        }[(rules.hole_cards, one)])  # fmt: skip
    if rules.pass_cycle is not None and rules.cycle != Rules(players=min(rules.players, 7)).cycle:
        directions = tr(", ", context="list separator").join(pass_words(d) for d in rules.cycle)
        out.append(tr("pass: {directions} every hand", directions=directions) if len(rules.cycle) == 1
                   else tr("pass: {directions}, repeating", directions=directions))  # fmt: skip
    if rules.opening_lead is not std.opening_lead:
        out.append({
            OpeningLead.LEFT_OF_DEALER: tr("the player left of the dealer leads any card the rules allow"),
            OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB: tr("the holder of the lowest club leads any club"),
        }.get(rules.opening_lead, rules.opening_lead.value))  # fmt: skip
    if not rules.must_break_hearts:
        out.append(tr("hearts may be led from the second trick on (no need to break them)"))
    if dict(_keyed(rules.card_points)) != dict(_keyed(std.card_points)):
        table = "; ".join(f"{card} {value}" for card, value in point_table(rules))
        out.append(tr("points: {table} (M = {m})", table=table, m=format_points(layout_for(rules).moon_value)))
    if rules.ten_of_clubs_multiplier != 1:
        factor = format_points(rules.ten_of_clubs_multiplier)
        out.append(tr("taking the 10♣ multiplies its taker's card points by {factor}", factor=factor))
    if rules.moon is not std.moon or rules.moon_value is not None:
        out.append(_moon_words(rules))
    if rules.shoot_the_sun:
        out.append(tr("shoot the sun: taking every trick scores as a moon worth 2M"))
    if rules.exact_target_reset:
        out.append(tr("a total of exactly 50 drops to 0, exactly 100 to 50"))
    if rules.magnitude_scores:
        out.append(tr("totals are compared by their size |total|"))
    if rules.game_end is not std.game_end or rules.target != std.target:
        ends = {
            (GameEnd.REACH_TARGET, False): tr("the game ends when a total reaches {target}", target=rules.target),
            (GameEnd.EXCEED_TARGET, False): tr("the game ends when a total exceeds {target}", target=rules.target),
            (GameEnd.REACH_TARGET, True): tr("the game ends when |total| reaches {target}", target=rules.target),
            (GameEnd.EXCEED_TARGET, True): tr("the game ends when |total| exceeds {target}", target=rules.target),
        }  # fmt: skip
        out.append(ends.get((rules.game_end, rules.magnitude_scores))
                   or tr("the game is {n} hands", n=rules.fixed_hands))  # fmt: skip
    out.extend(_other_fields(rules))
    return out


_COVERED = {
    "name", "players", "decks", "jokers", "removed_cards", "hole_cards", "pass_cycle", "opening_lead",
    "must_break_hearts", "card_points", "ten_of_clubs_multiplier", "moon", "moon_value", "shoot_the_sun",
    "exact_target_reset", "magnitude_scores", "game_end", "target", "fixed_hands",
}  # fmt: skip


def _other_fields(rules: Rules) -> list[str]:
    out = []
    for f in dataclasses.fields(rules):
        if f.name in _COVERED:
            continue
        mine, std = getattr(rules, f.name), getattr(STANDARD, f.name)
        if mine != std:
            out.append(f"{f.name.replace('_', ' ')}: {mine} (standard: {std})")
    return out


def _keyed(points: Iterable[tuple[Card, Points]]) -> list[tuple[int, Points]]:
    return [(c.id, v) for c, v in points]


def _moon_words(rules: Rules) -> str:
    m = format_points(layout_for(rules).moon_value)
    return {
        Moon.NONE: lambda: tr("no moon rule: penalty cards always score"),
        Moon.OTHERS_ADD: lambda: tr("moon: every other player scores M = {m}", m=m),
        Moon.SHOOTER_SUBTRACTS: lambda: tr("moon: the shooter scores −{m}", m=m),
        Moon.SHOOTER_CHOOSES: lambda: tr("moon: the shooter either subtracts {m} or adds it to every other player",
                                         m=m),
        Moon.RESET_TO_ZERO: lambda: tr("moon: others score {m} and the shooter's total goes back to 0", m=m),
        Moon.SIGN_TO_OTHERS: lambda: tr("moon: the shooter picks a sign s and every other player adds s·({m})", m=m),
    }[rules.moon]()


# -- the scoring calculator ------------------------------------------------------------------------------------


def score_captured(
    rules: Rules,
    captured: str | Iterable[Card | str],
    *,
    every_trick: bool = False,
    moon_choice: str | None = None,
) -> HandScore:
    """Score one hand in which Player 1 (seat 0) captured ``captured`` and the other players the rest.

    The other players share the rest card by card, so none of them took every penalty card: only Player 1 can
    shoot the moon. ``every_trick=True`` means Player 1 took every trick (and so every card). A moon rule that lets
    the shooter choose uses ``moon_choice`` (default: its first choice).

    >>> score_captured(OMNIBUS, "2H 3H TD").points[0]
    -8
    >>> format_points(score_captured(COMPLEX, "QS TC").points[0])
    '-26'
    >>> score_captured(BASIC, [c for c in BASIC.deck if c.suit == Suit.HEARTS]).points
    (0, 13, 13, 13)
    """
    k = layout_for(rules)
    mask = k.deck if every_trick else 0
    items = captured.split() if isinstance(captured, str) else captured
    for item in items:
        card = item if isinstance(item, Card) else _parse_card(item)
        if not card.bit & k.deck:
            raise RulesError(tr("{card} is not in the deck of {name}", card=card.symbol, name=rules_name(rules)))
        mask |= card.bit
    n = rules.players
    taken = [mask] + [0] * (n - 1)
    rest = sorted(c.id for c in rules.deck if not c.bit & mask)
    for index, card_id in enumerate(rest):
        taken[1 + index % (n - 1)] |= 1 << card_id
    choices = MOON_CHOICES.get(rules.moon)
    choice = None
    if choices:
        choice = moon_choice if moon_choice is not None else choices[0]
        if choice not in choices:
            raise RulesError(tr("choose one of: {choices}", choices=tr(", ", context="list separator").join(choices)))
    return score_taken(rules, [cards_of_mask(t) for t in taken], moon_choice=choice)


def _parse_card(text: str) -> Card:
    code, _, copy = text.partition("#")
    card = parse_cards(code)[0]
    return Card(card.rank, card.suit, int(copy)) if copy.isdigit() else card


def scoring_cards(rules: Rules) -> list[Card]:
    """Every card of the deck that changes a score under ``rules`` (the 10♣ when it multiplies), sorted."""
    k = layout_for(rules)
    return sorted((c for c in rules.deck if c.bit & (k.scoring | k.ten_of_clubs)),
                  key=lambda c: (c.suit, c.rank, c.copy))  # fmt: skip



# -- tables for the lessons -------------------------------------------------------------------------------------


def overview_rows() -> list[dict[str, str]]:
    """One row per preset: players, cards each, M, the end of the game, the moon rule, the sources."""
    rows = []
    for preset in PRESETS.values():
        rules = preset.rules
        k = layout_for(rules)
        cards = (tr("{n} + {left} left over", n=rules.hand_size, left=rules.leftover) if rules.leftover
                 else str(rules.hand_size))  # fmt: skip
        exceeds = rules.game_end is GameEnd.EXCEED_TARGET
        ends = {
            (True, True): tr("|total| exceeds {target}", target=rules.target),
            (True, False): tr("|total| reaches {target}", target=rules.target),
            (False, True): tr("total exceeds {target}", target=rules.target),
            (False, False): tr("total reaches {target}", target=rules.target),
        }[(rules.magnitude_scores, exceeds)]  # fmt: skip
        rows.append({
            "variant": tr_text(preset.name),
            "players": _counts(preset.players),
            "cards each": cards,
            "M": format_points(k.moon_value),
            "game ends when a": ends,
            "moon": _moon_name(rules.moon),
            "sources": tr("; ", context="sources").join(source_words(source) for source in preset.sources),
        })  # fmt: skip
    return rows


def _moon_name(moon: Moon) -> str:
    """A moon rule's short name, for a table's cell."""
    return {
        Moon.NONE: tr("none", context="moon"),
        Moon.OTHERS_ADD: tr("others add", context="moon"),
        Moon.SHOOTER_SUBTRACTS: tr("shooter subtracts", context="moon"),
        Moon.SHOOTER_CHOOSES: tr("shooter chooses", context="moon"),
        Moon.RESET_TO_ZERO: tr("reset to zero", context="moon"),
        Moon.SIGN_TO_OTHERS: tr("sign to others", context="moon"),
    }[moon]


def addon_verdict(rules: Rules, key: str) -> str:
    """``"yes"`` if the add-on combines with ``rules``, else the reason it is refused."""
    try:
        ADDONS[key].apply(rules)
    except RulesError as exc:
        return tr("no: {reason}", reason=exc)
    return tr("yes", context="verdict")


def addon_rows() -> list[dict[str, str]]:
    """For every preset, whether each add-on of RULES.md 3.1 combines with it (and why not)."""
    return [
        {"variant": tr_text(p.name), **{tr_text(ADDONS[key].name): addon_verdict(p.rules, key) for key in ADDONS}}
        for p in PRESETS.values()
    ]


_NOTES = frozenset({N_("a house option"), N_("this book's default"), N_("this book's default (the sources disagree)")})
"""The notes that stand for a source in :attr:`Choice.source` (the book's own choices)."""


def _source_words(source: str) -> str:
    """A choice's source as a table shows it: a book's note translated; a citation as written."""
    if not source:
        return tr("project choice")
    return tr_text(source) if source in _NOTES else source_words(source)


def options_rows() -> list[dict[str, str]]:
    """Every point where the sources disagree, as the presets offer it: the default first."""
    rows = []
    for preset in PRESETS.values():
        for option in preset.options:
            for index, choice in enumerate(option.choices):
                rows.append({
                    "variant": tr_text(preset.name),
                    "option": tr_text(option.name),
                    "choice": tr("{choice} (default)", choice=tr_text(choice.label)) if index == 0
                    else tr_text(choice.label),
                    "source": _source_words(choice.source),
                })  # fmt: skip
    return rows
