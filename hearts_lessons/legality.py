"""Which cards may be played or passed, and why not: one ordered cascade of small named rules.

Each play rule looks at the spot, the hand in play (a :class:`~hearts_lessons.lean.Lean`, which a
:class:`~hearts_lessons.state.HandState` is: which suit was led, ``lead_suit``, -1 when the player leads; the
``trick_number``, 0 for the first; ``hearts_broken``; the ``opening_card`` that must open the hand, or -1),
and the player's hand, and names the cards it forbids; its ``reason`` says why in words a learner understands.
:func:`legal_mask` (the engine's hot path) and :func:`play_reason` (the "why not?" answer) run the *same*
cascade, so the two can never disagree. A rule that would forbid every card still allowed is skipped: a
player always has a legal card.

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3H", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...                           "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "AC 2H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"],
...                          hold=True)
>>> s.legal_plays()
[2C]
>>> s.why_not("3H")
'the first trick is opened with the 2♣'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final

from .cards import Suit, card_from_id
from .i18n import N_, tr
from .layout import Layout
from .rules import OpeningLead

if TYPE_CHECKING:  # the spot is a hand in play; lean imports this module
    from .lean import Lean

__all__ = [
    "PLAY_RULES",
    "PlayRule",
    "cascade_mask",
    "cascade_of",
    "follows_only",
    "leads_free_once_broken",
    "legal_mask",
    "play_reason",
    "shortcut_flags",
]


Forbid = Callable[[Layout, "Lean", int, int], int]
Reason = Callable[[Layout, "Lean", int], str]


@dataclass(frozen=True, slots=True)
class PlayRule:
    """One rule of the cascade: ``forbid(layout, spot, hand, allowed)`` returns the mask it forbids."""

    name: str
    summary: str
    forbid: Forbid
    reason: Reason
    when: str = "always"
    """When the rule can bite: ``always``, ``leading`` (the player leads) or ``following`` (a suit was led); the
    cascade skips a rule outside its moment, which is only a shortcut: the rule itself also checks."""
    first_trick_only: bool = False
    lapses_once_broken: bool = False
    """The rule forbids nothing once hearts are broken (a test checks it on every kind of hand)."""


def _only_penalty(k: Layout, hand: int) -> bool:
    return hand & ~k.penalty == 0


def _must_follow(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    lead = s.lead_suit
    if lead < 0:
        return 0
    same = hand & k.suit_masks[lead]
    return allowed & ~same if same else 0


def _must_follow_reason(k: Layout, s: Lean, card: int) -> str:
    suit = Suit(s.lead_suit)
    return tr("you must follow {symbol}: you still hold {suit}", symbol=suit.symbol, suit=suit.word)


def _opening_lead(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    if s.trick_number or s.lead_suit >= 0:
        return 0
    mode = k.rules.opening_lead
    if mode is OpeningLead.LOWEST_CLUB and s.opening_card >= 0:
        return allowed & ~(1 << s.opening_card)
    if mode is OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB:
        return allowed & ~k.suit_masks[Suit.CLUBS]
    return 0


def _opening_lead_reason(k: Layout, s: Lean, card: int) -> str:
    if k.rules.opening_lead is OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB:
        return tr("the first trick must be opened with a club")
    return tr("the first trick is opened with the {card}", card=card_from_id(s.opening_card).symbol)


def _first_trick_points(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    forbidden = allowed & k.penalty
    if not forbidden or s.trick_number or k.rules.points_on_first_trick or _only_penalty(k, hand):
        return 0
    return forbidden


def _first_trick_points_reason(k: Layout, s: Lean, card: int) -> str:
    return tr("no penalty cards on the first trick (unless you hold nothing else)")


def _first_trick_hearts_lead(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    if s.trick_number or s.lead_suit >= 0 or _only_penalty(k, hand):
        return 0
    return allowed & k.hearts


def _first_trick_hearts_lead_reason(k: Layout, s: Lean, card: int) -> str:
    return tr("hearts may not be led to the first trick")


def _hearts_not_broken(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    forbidden = allowed & k.hearts
    if not forbidden or s.lead_suit >= 0 or s.hearts_broken or _only_penalty(k, hand):
        return 0
    return forbidden


def _hearts_not_broken_reason(k: Layout, s: Lean, card: int) -> str:
    if k.rules.penalty_cards_break_hearts:
        return tr("hearts are not broken yet: lead another suit (a penalty card must be played first)")
    return tr("hearts are not broken yet: lead another suit (a heart must be discarded first)")


def _queen_lead_restricted(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    if s.lead_suit >= 0 or s.hearts_broken or _only_penalty(k, hand):
        return 0
    return allowed & k.queen


def _queen_lead_restricted_reason(k: Layout, s: Lean, card: int) -> str:
    return tr("the Q♠ may not be led before hearts are broken")


def _queen_first(k: Layout, s: Lean, hand: int, allowed: int) -> int:
    if s.lead_suit >= 0 or s.hearts_broken or not _only_penalty(k, hand) or not hand & k.queen:
        return 0
    return allowed & ~k.queen


def _queen_first_reason(k: Layout, s: Lean, card: int) -> str:
    return tr("you hold only penalty cards and hearts are not broken: lead the Q♠ first")


PLAY_RULES: dict[str, PlayRule] = {
    rule.name: rule
    for rule in (
        PlayRule("must_follow", N_("Follow the suit led if you can."), _must_follow, _must_follow_reason, "following"),
        PlayRule(
            "opening_lead",
            N_("The lowest club opens the first trick."),
            _opening_lead,
            _opening_lead_reason,
            "leading",
            True,
        ),
        PlayRule(
            "first_trick_points",
            N_("No penalty card on the first trick, unless you hold only penalty cards."),
            _first_trick_points,
            _first_trick_points_reason,
            "always",
            True,
        ),
        PlayRule(
            "first_trick_hearts_lead",
            N_("Hearts may not be led to the first trick."),
            _first_trick_hearts_lead,
            _first_trick_hearts_lead_reason,
            "leading",
            True,
        ),
        PlayRule(
            "hearts_not_broken",
            N_("Hearts may not be led until hearts are broken, unless you hold only penalty cards."),
            _hearts_not_broken,
            _hearts_not_broken_reason,
            "leading",
            lapses_once_broken=True,
        ),
        PlayRule(
            "queen_lead_restricted",
            N_("Q♠ may not be led until hearts are broken."),
            _queen_lead_restricted,
            _queen_lead_restricted_reason,
            "leading",
            lapses_once_broken=True,
        ),
        PlayRule(
            "queen_first_when_only_penalty",
            N_("Holding only penalty cards with hearts unbroken, lead Q♠ first."),
            _queen_first,
            _queen_first_reason,
            "leading",
            lapses_once_broken=True,
        ),
    )
}


def cascade_of(k: Layout) -> tuple[PlayRule, ...]:
    """The rules in force under ``k``'s rules, in cascade order."""
    return tuple(PLAY_RULES[n] for n in k.play_rules)


_ORDER: tuple[Forbid, ...] = tuple(rule.forbid for rule in PLAY_RULES.values())
"""The rules' ``forbid`` functions in the order of :data:`PLAY_RULES`: :func:`_forbid`'s numbering."""


_BY_NAME: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Whether the cascade calls its rules through :func:`_forbid` (compiled: direct calls of compiled functions) or as
the functions of :data:`_ORDER` (interpreted: :func:`_forbid` would be one Python call more for each rule)."""


def _forbid(index: int, k: Layout, s: Lean, hand: int, allowed: int) -> int:
    """``_ORDER[index](k, s, hand, allowed)``, called by name: in the compiled build a direct call of a compiled
    function instead of a call through a Python function object (a test checks it against ``_ORDER``)."""
    if index == 0:  # (the most frequent first: following on the first trick, then leading before hearts break)
        return _must_follow(k, s, hand, allowed)
    if index == 4:
        return _hearts_not_broken(k, s, hand, allowed)
    if index == 2:
        return _first_trick_points(k, s, hand, allowed)
    if index == 1:
        return _opening_lead(k, s, hand, allowed)
    if index == 3:
        return _first_trick_hearts_lead(k, s, hand, allowed)
    if index == 5:
        return _queen_lead_restricted(k, s, hand, allowed)
    if index == 6:
        return _queen_first(k, s, hand, allowed)
    return _ORDER[index](k, s, hand, allowed)


def _forbids(k: Layout, key: int) -> tuple[int, ...]:
    """The numbers (:func:`_forbid`) of the rules of ``k``'s cascade that can bite at a moment ``key`` (bit 1:
    leading, bit 0: the first trick), in cascade order; kept in ``k.cascades``."""
    leading, first = bool(key & 2), bool(key & 1)
    entry: tuple[int, ...] = tuple(
        _ORDER.index(r.forbid)
        for r in cascade_of(k)
        if (first or not r.first_trick_only) and r.when != ("following" if leading else "leading")
    )
    k.cascades[key] = entry
    return entry


def follows_only(k: Layout) -> bool:
    """Whether, under ``k``'s rules, the only rule that can bite when following suit after the first trick is
    ``must_follow``. Then the legal cards there are the hand's cards of the suit led, or the whole hand when it
    has none: ``hand & k.suit_masks[lead] or hand``.

    >>> from hearts_lessons.layout import layout_for
    >>> from hearts_lessons.rules import STANDARD
    >>> follows_only(layout_for(STANDARD))
    True
    """
    return bool(shortcut_flags(k) & 1)


def leads_free_once_broken(k: Layout) -> bool:
    """Whether, under ``k``'s rules, every rule that can bite when leading after the first trick lapses once
    hearts are broken (:attr:`PlayRule.lapses_once_broken`). Then, with hearts broken, any card of the hand may be
    led there.

    >>> from hearts_lessons.layout import layout_for
    >>> from hearts_lessons.rules import STANDARD
    >>> leads_free_once_broken(layout_for(STANDARD))
    True
    """
    return bool(shortcut_flags(k) & 2)


def shortcut_flags(k: Layout) -> int:
    """Bit 0: :func:`follows_only`; bit 1: :func:`leads_free_once_broken` (worked out from the cascade once per
    layout and kept in ``k.shortcuts``)."""
    flags = k.shortcuts[0]
    if flags < 0:
        following = k.cascades[0]
        if following is None:
            following = _forbids(k, 0)
        free = all(r.lapses_once_broken for r in cascade_of(k) if not r.first_trick_only and r.when != "following")
        flags = (1 if following == (_ORDER.index(_must_follow),) else 0) | (2 if free else 0)
        k.shortcuts[0] = flags
    return flags


def legal_mask(k: Layout, s: Lean, hand: int) -> int:
    """The mask of the cards of ``hand`` that may be played now: :func:`cascade_mask`, which it skips where the
    cascade itself says what it would give. After the first trick, when following under a cascade of "follow
    suit" alone (:func:`follows_only`), that is the hand's cards of the suit led, or the whole hand when it has
    none; when leading with hearts broken under a cascade whose leading rules all lapse then
    (:func:`leads_free_once_broken`), the whole hand. Tests check it against :func:`cascade_mask`."""
    if s.trick_number:
        flags = k.shortcuts[0]
        if flags < 0:
            flags = shortcut_flags(k)
        lead = s.lead_suit
        if lead >= 0:
            if flags & 1:
                return hand & k.suit_masks[lead] or hand
        elif flags & 2 and s.hearts_broken:
            return hand
    return cascade_mask(k, s, hand)


def cascade_mask(k: Layout, s: Lean, hand: int) -> int:
    """The mask of the cards of ``hand`` that the whole cascade allows now (what :func:`legal_mask` gives)."""
    key = (2 if s.lead_suit < 0 else 0) + (s.trick_number == 0)
    forbids: tuple[int, ...] | None = k.cascades[key]
    if forbids is None:
        forbids = _forbids(k, key)
    allowed = hand
    for index in forbids:
        f = (_forbid(index, k, s, hand, allowed) if _BY_NAME else _ORDER[index](k, s, hand, allowed)) & allowed
        if f and f != allowed:
            allowed ^= f
    return allowed


def play_reason(k: Layout, s: Lean, hand: int, card: int) -> str | None:
    """Why ``card`` (in ``hand``) may not be played now, or ``None`` if it may."""
    bit = 1 << card
    allowed = hand
    for rule in cascade_of(k):
        f = rule.forbid(k, s, hand, allowed) & allowed
        if f and f != allowed:
            if f & bit:
                return rule.reason(k, s, card)
            allowed ^= f
    return None
