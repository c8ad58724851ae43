"""The Hearts rules stages of the practice path (stages 1–4): following suit and who wins, the first trick and the
2♣, breaking hearts, counting points and the moon.

Every answer comes from the engine: :meth:`~hearts_lessons.state.HandState.legal_plays` and ``why_not`` (the
cascade of named rules, word for word), the trick's winner, the points taken and the hand's score.

>>> from hearts_lessons.practice.drills import stage
>>> d = stage("tricks").drill(0)
>>> "Tick every card" in d.goal and set(d.answer) == {c.code for c in d.picture.state.legal_plays()}
True
"""

from __future__ import annotations

import random

from ..cards import QUEEN_OF_SPADES, Card, Rank, Suit
from ..explain import explain_trick
from ..state import HandState, Phase
from .drills import Drill, Picture, Stage
from .positions import (
    HEARTS,
    NO_PASS,
    find,
    illegal_reasons,
    is_penalty,
    labels_of,
    last_trick,
    named,
    symbols,
    tick_drill,
    top_of_trick,
    wins,
)

__all__ = ["RULES_STAGES"]

# -- 1. following suit and who wins a trick ------------------------------------------------------------------


def _tricks(index: int) -> Drill:
    key, kind = "tricks", index % 3
    if kind == 0:
        def test(p: HandState) -> bool:
            return p.trick_number >= 1 and p.lead_suit >= 0 and 0 < len(p.legal_plays()) < len(p.hand(p.to_play))

        s = find(1, index, test)
        who, suit = named(s.to_play), Suit(s.lead_suit)
        led = s.current_trick[0][1].symbol
        return tick_drill(key, index, s, f"The {led} was led. Tick every card {who} may play.",
                           f"{who} holds {suit.english}, so {who} must follow suit: "
                           f"{symbols(s.legal_plays())}", "Which suit was led? Does the player hold that suit?")
    if kind == 1:
        def test(p: HandState) -> bool:
            return len(p.current_trick) == 3 and 0 < sum(wins(p, c) for c in p.legal_plays()) < len(p.legal_plays())

        s = find(1, index, test)
        seat, hand = s.to_play, s.hand(s.to_play)
        winners = [c for c in s.legal_plays() if wins(s, c)]
        top_seat, top = top_of_trick(s)
        lead = Suit(s.lead_suit)
        why = illegal_reasons(s)
        for c in s.legal_plays():
            if c not in winners:
                why[c.code] = (f"the {c.symbol} is a discard, and only {lead.english} can win" if c.suit is not lead
                               else f"the {c.symbol} is lower than {named(top_seat)}'s {top.symbol}")  # fmt: skip
        return Drill(f"{key}-{index + 1}", key, f"You are {named(seat)}, last to play. Win this trick.", "play",
                     tuple(c.code for c in hand), tuple(c.code for c in winners),
                     f"the highest {lead.english[:-1]} wins, and your {symbols(winners)} "
                     f"{'beats' if len(winners) == 1 else 'beat'} {named(top_seat)}'s {top.symbol}",
                     why, "Only the suit led can win: compare your cards of that suit with the highest one played.",
                     Picture(s, seat), labels_of(hand))  # fmt: skip

    def done(p: HandState) -> bool:
        if not p.tricks or p.current_trick or p.trick_number < 2:
            return False
        trick = last_trick(p)
        return any(c.suit is not trick.lead_suit for c in trick.cards)

    s = find(1, index, done)
    trick = last_trick(s)
    assert trick.winner is not None and trick.lead_suit is not None
    win_card = dict(trick.plays)[trick.winner]
    why = {}
    for seat, card in trick.plays:
        if seat != trick.winner:
            why[named(seat)] = (f"{named(seat)}'s {card.symbol} is a discard: only {trick.lead_suit.english} can win"
                                if card.suit is not trick.lead_suit else
                                f"{named(seat)}'s {card.symbol} is lower than {named(trick.winner)}'s "
                                f"{win_card.symbol}")  # fmt: skip
    return Drill(f"{key}-{index + 1}", key, "Who wins this trick?", "choice", tuple(named(s) for s in range(4)),
                 (named(trick.winner),), explain_trick(trick, 4), why,
                 "The first card sets the suit; a card of another suit never wins.",
                 Picture(s, None, "trick"))  # fmt: skip


# -- 2. the first trick and the 2♣ ---------------------------------------------------------------------------


def _first_trick(index: int) -> Drill:
    key, kind = "first_trick", index % 4
    if kind in (0, 1):
        s = find(2, index, lambda p: p.trick_number == 0 and not p.current_trick, passing=True)
        leader = s.to_play
        if kind == 0:
            why = {named(x): f"{named(x)} does not hold the 2♣" for x in range(4) if x != leader}
            return Drill(f"{key}-{index + 1}", key, "The cards have been passed. Who leads the first trick?", "choice",
                         tuple(named(x) for x in range(4)), (named(leader),),
                         f"{named(leader)} holds the 2♣, and whoever holds the 2♣ leads it to the first trick", why,
                         "Find the 2♣.", Picture(s, None))  # fmt: skip
        return tick_drill(key, index, s, f"{named(leader)} opens the hand. Tick every card {named(leader)} may lead.",
                           "the first trick is always opened with the 2♣, whatever else you hold",
                           "Which card opens every hand?")  # fmt: skip

    def void(p: HandState) -> bool:
        hand = p.hand(p.to_play)
        return (p.trick_number == 0 and p.lead_suit == Suit.CLUBS and not any(c.suit is Suit.CLUBS for c in hand)
                and any(is_penalty(c) for c in hand))  # fmt: skip

    def follow(p: HandState) -> bool:
        return p.trick_number == 0 and len(p.current_trick) >= 1 and 0 < len(p.legal_plays()) < len(p.hand(p.to_play))

    if kind == 2:
        s = find(2, index, void, passing=True)
        who = named(s.to_play)
        return tick_drill(key, index, s, f"{who} has no club. Tick every card {who} may play to the first trick.",
                           f"{who} cannot follow, so any card may be discarded — except hearts and the Q♠: no penalty "
                           "card may be played to the first trick (unless you hold nothing else)",
                           "What may not be played to the first trick?")  # fmt: skip
    s = find(2, index, follow, passing=True)
    who = named(s.to_play)
    return tick_drill(key, index, s, f"The 2♣ was led. Tick every card {who} may play.",
                       f"{who} holds clubs, so {who} must follow suit with a club", "Which suit was led?")


# -- 3. breaking hearts and what may be led ------------------------------------------------------------------


def _broken_by(s: HandState) -> tuple[int, Card] | None:
    for trick in s.tricks:
        for _, card in trick.plays:
            if is_penalty(card):
                return trick.number + 1, card
    return None


def _breaking(index: int) -> Drill:
    key, kind = "breaking", index % 4

    def leading(p: HandState) -> bool:
        return p.phase is Phase.PLAYING and p.lead_suit < 0 and p.trick_number >= 2

    def hearts_and_more(p: HandState) -> bool:
        hand = p.hand(p.to_play)
        return any(c.suit is HEARTS for c in hand) and not all(c.suit is HEARTS for c in hand)

    if kind == 0:
        s = find(3, index, lambda p: leading(p) and not p.hearts_broken and hearts_and_more(p))
        who = named(s.to_play)
        return tick_drill(key, index, s, f"{who} leads. Tick every card {who} may lead.",
                           "hearts are not broken yet (no heart and no Q♠ has been played), so a heart may not be "
                           "led while you hold another suit", "Has a heart or the Q♠ been played yet?")  # fmt: skip
    if kind == 2:
        s = find(3, index, lambda p: leading(p) and p.hearts_broken and hearts_and_more(p))
        who = named(s.to_play)
        found = _broken_by(s)
        assert found is not None
        return tick_drill(key, index, s, f"{who} leads. Tick every card {who} may lead.",
                           f"the {found[1].symbol} was played on trick {found[0]}, so hearts are broken and any card "
                           "may be led", "Has a heart or the Q♠ been played yet?")  # fmt: skip
    if kind == 3:
        # hearts unbroken after 8 tricks: the 32 cards gone hold no point card, so every heart and the Q♠ (14
        # cards) are among the 20 in the hands: South holds 5 hearts, the others the rest and 6 other cards
        rng = random.Random(300 + index)
        all_hearts = [Card(r, HEARTS) for r in list(Rank)[:13]]
        hearts = rng.sample(all_hearts, 5)
        rest = [c for c in (Card(r, s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) for r in list(Rank)[:13])
                if c != QUEEN_OF_SPADES]  # fmt: skip
        others = [c for c in all_hearts if c not in hearts] + [QUEEN_OF_SPADES] + rng.sample(rest, 6)
        rng.shuffle(others)
        s = HandState.from_cards([hearts, others[:5], others[5:10], others[10:]], NO_PASS, hold=True, leader=0,
                                 trick_number=8)  # fmt: skip
        return tick_drill(key, index, s, "Eight tricks without a point card: every heart and the Q♠ are still in "
                           "the hands. South leads. Tick every card South may lead.",
                           "South holds nothing but hearts, so South may lead a heart even though hearts "
                           "are not broken", "What if you hold nothing else?")  # fmt: skip
    want = index % 8 < 4
    s = find(3, index, lambda p: leading(p) and p.hearts_broken == want)
    found = _broken_by(s)
    right = (f"the {found[1].symbol} was played on trick {found[0]}: once a heart (or the Q♠) has been played, "
             "hearts are broken" if found else "no heart and no Q♠ has been played yet, so hearts are not broken")
    options = ("Yes", "No")
    answer = "Yes" if s.hearts_broken else "No"
    why = {o: right for o in options if o != answer}
    return Drill(f"{key}-{index + 1}", key, f"Trick {s.trick_number + 1} is about to be led. Are hearts broken?",
                 "choice", options, (answer,), right, why, "Look for a heart or the Q♠ among the tricks played.",
                 Picture(s, s.to_play, "played"))  # fmt: skip


# -- 4. counting points and the moon ---------------------------------------------------------------------------


def _taken_text(s: HandState, seat: int) -> str:
    cards = [c for c in s.taken(seat) if is_penalty(c)]
    if not cards:
        return f"{named(seat)} took no heart and not the Q♠: 0"
    parts = ["13" if c == QUEEN_OF_SPADES else "1" for c in cards]
    return f"{named(seat)} took {symbols(cards)}: {' + '.join(parts)} = {s.points_taken(seat)}"


def _points(index: int) -> Drill:
    key, kind = "points", index % 3
    if kind == 0:
        s = find(4, index, lambda p: p.phase is Phase.DONE and p.score is not None and p.score.shooter is None)
        scorers = [x for x in range(4) if s.points_taken(x)]
        seat = scorers[index % len(scorers)]
        return Drill(f"{key}-{index + 1}", key, f"The hand is over. How many points did {named(seat)} take?", "number",
                     (), (str(s.points_taken(seat)),), _taken_text(s, seat), {},
                     "Each heart is 1 point and the Q♠ 13; other cards are worth nothing.",
                     Picture(s, None, "taken"), wrong=f"count the hearts (1 each) and the Q♠ (13) among the cards "
                     f"{named(seat)} took")  # fmt: skip
    if kind == 1:
        s = find(4, index, lambda p: bool(p.tricks) and not p.current_trick and bool(last_trick(p).points)
                  and p.phase is Phase.PLAYING)  # fmt: skip
        trick = last_trick(s)
        cards = [c for c in trick.cards if is_penalty(c)]
        parts = ["13" if c == QUEEN_OF_SPADES else "1" for c in cards]
        total = f"{' + '.join(parts)} = {trick.points}" if len(parts) > 1 else str(trick.points)
        return Drill(f"{key}-{index + 1}", key, "How many points does the winner of this trick take?", "number", (),
                     (str(trick.points),), f"the trick holds {symbols(cards)}: {total}", {},
                     "Each heart is 1 point and the Q♠ 13.", Picture(s, None, "trick"),
                     wrong="add 1 for each heart and 13 for the Q♠")  # fmt: skip

    def moon(p: HandState) -> bool:
        return p.phase is Phase.DONE and p.score is not None and p.score.shooter is not None

    s = find(4, index, moon, shooter=lambda seed: seed % 4)
    assert s.score is not None and s.score.shooter is not None
    shooter = s.score.shooter
    seat = shooter if index % 2 else (shooter + 1 + index % 3) % 4
    answer = s.score.points[seat]
    return Drill(f"{key}-{index + 1}", key, f"{named(shooter)} took every heart and the Q♠. How many points does "
                 f"{named(seat)} score for this hand?", "number", (), (str(answer),),
                 f"{named(shooter)} shot the moon: the shooter scores 0 and every other player 26, so "
                 f"{named(seat)} scores {answer}", {}, "Taking every point card is called shooting the moon.",
                 Picture(s, None, "taken"),
                 wrong="when one player takes all 26 points, the scores are turned around")  # fmt: skip


RULES_STAGES: tuple[Stage, ...] = (
    Stage("tricks", "Following suit and who wins a trick",
          "Follow the suit led if you can; the highest card of the suit led wins; a discard never wins.", 9, _tricks),
    Stage("first_trick", "The first trick and the 2♣",
          "The 2♣ opens the hand; no heart and no Q♠ on the first trick.", 8, _first_trick),
    Stage("breaking", "Breaking hearts and what may be led",
          "Hearts may not be led until a heart or the Q♠ has been played, unless you hold nothing else.", 8,
          _breaking),
    Stage("points", "Counting points and the moon",
          "Hearts 1 each, the Q♠ 13; whoever takes all 26 shoots the moon.", 9, _points),
)
