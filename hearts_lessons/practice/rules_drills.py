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
from ..i18n import N_, tr
from ..state import HandState, Phase
from .drills import Drill, Picture, Stage, Words, _capital
from .positions import (
    HEARTS,
    NO_PASS,
    find,
    illegal_reasons,
    is_penalty,
    labels_of,
    last_trick,
    named,
    tick_drill,
    top_of_trick,
    wins,
)

__all__ = ["RULES_STAGES"]

# -- 1. following suit and who wins a trick ------------------------------------------------------------------


def _no_points(p: HandState, cards: list[Card]) -> bool:
    """No point card on the trick, and none among ``cards`` (a "win this trick" drill never rewards taking
    points: the rules stage practises who wins, not what to take)."""
    return not any(is_penalty(c) for _, c in p.current_trick) and not any(is_penalty(c) for c in cards)


def _tricks(index: int) -> Drill:
    key, kind = "tricks", index % 3
    if kind == 0:
        def test(p: HandState) -> bool:
            return p.trick_number >= 1 and p.lead_suit >= 0 and 0 < len(p.legal_plays()) < len(p.hand(p.to_play))

        s = find(1, index, test)
        w = Words(s, you=s.to_play)  # the engine's reasons speak to the seat to play: so does the whole drill
        who, suit = named(s.to_play), Suit(s.lead_suit)
        led = w.say("goal", w.fact("led", card=s.current_trick[0][1]))
        goal = tr("You are {who}: {facts}. Tick every card you may play.", who=who, facts=led)
        return tick_drill(key, index, s, goal, w.say("right", w.fact("must_follow", seat=s.to_play, suit=suit)),
                          tr("Which suit was led? Do you hold that suit?"), w)  # fmt: skip
    if kind == 1:
        def test(p: HandState) -> bool:
            if len(p.current_trick) != 3:
                return False
            winners = [c for c in p.legal_plays() if wins(p, c)]
            return 0 < len(winners) < len(p.legal_plays()) and _no_points(p, winners)

        s = find(1, index, test)
        seat, hand = s.to_play, s.hand(s.to_play)
        w = Words(s, you=seat)
        winners = [c for c in s.legal_plays() if wins(s, c)]
        top_seat, top = top_of_trick(s)
        lead = Suit(s.lead_suit)
        why = illegal_reasons(s, w)
        for c in s.legal_plays():
            if c not in winners:
                fact = (w.fact("discards", seat=seat, card=c, suit=lead) if c.suit is not lead else
                        w.fact("ducks", seat=seat, card=c, winning=top, winner=top_seat))  # fmt: skip
                why[c.code] = w.say(f"why:{c.code}", fact)
        right = w.say("right", *(w.fact("takes_trick", seat=seat, card=c) for c in winners), sep="; ")
        last = w.say("goal", w.fact("plays_last", seat=seat))
        goal = tr("You are {who}: {facts}. Win this trick.", who=named(seat), facts=last)
        return Drill(f"{key}-{index + 1}", key, goal, "play", tuple(c.code for c in hand),
                     tuple(c.code for c in winners), right, why,
                     tr("Only the suit led can win: compare your cards of that suit with the highest one played."),
                     Picture(s, seat), labels_of(hand), said=tuple(w.said))  # fmt: skip

    def done(p: HandState) -> bool:
        if not p.tricks or p.current_trick or p.trick_number < 2:
            return False
        trick = last_trick(p)
        return any(c.suit is not trick.lead_suit for c in trick.cards)

    s = find(1, index, done)
    w = Words(s)
    trick = last_trick(s)
    assert trick.winner is not None and trick.lead_suit is not None
    win_card = dict(trick.plays)[trick.winner]
    why = {}
    for seat, card in trick.plays:
        if seat != trick.winner:
            fact = (w.fact("discarded_last", seat=seat, card=card, suit=trick.lead_suit)
                    if card.suit is not trick.lead_suit else
                    w.fact("lower_last", seat=seat, card=card, winner=trick.winner, winning=win_card))  # fmt: skip
            why[named(seat)] = w.say(f"why:{named(seat)}", fact)
    right = w.say("right", w.fact("won_last", winner=trick.winner, card=win_card, suit=trick.lead_suit))
    return Drill(f"{key}-{index + 1}", key, tr("Who wins this trick?"), "choice", tuple(named(s) for s in range(4)),
                 (named(trick.winner),), right, why,
                 tr("The first card sets the suit; a card of another suit never wins."),
                 Picture(s, None, "trick"), said=tuple(w.said))  # fmt: skip


# -- 2. the first trick and the 2♣ ---------------------------------------------------------------------------


def _first_trick(index: int) -> Drill:
    key, kind = "first_trick", index % 4
    if kind in (0, 1):
        s = find(2, index, lambda p: p.trick_number == 0 and not p.current_trick, passing=True)
        leader = s.to_play
        w = Words(s) if kind == 0 else Words(s, you=leader)
        if kind == 0:
            two = Card.from_str("2C")
            why = {named(x): w.say(f"why:{named(x)}", w.fact("lacks", seat=x, card=two)) for x in range(4)
                   if x != leader}  # fmt: skip
            passed = w.say("goal", w.fact("passed_done"))
            return Drill(f"{key}-{index + 1}", key, tr("{facts}. Who leads the first trick?", facts=_capital(passed)),
                         "choice",
                         tuple(named(x) for x in range(4)), (named(leader),),
                         w.say("right", w.fact("leads_first", seat=leader)), why,
                         tr("Find the 2♣."), Picture(s, None), said=tuple(w.said))  # fmt: skip
        opens = w.say("goal", w.fact("you_lead", seat=leader), w.fact("first_trick"), sep=": ")
        return tick_drill(key, index, s, tr("You are {who}: {facts}. Tick every card you may lead.", who=named(leader),
                                            facts=opens),
                          w.say("right", w.fact("leads_first", seat=leader)), tr("Which card opens every hand?"),
                          w)  # fmt: skip

    def void(p: HandState) -> bool:
        hand = p.hand(p.to_play)
        return (p.trick_number == 0 and p.lead_suit == Suit.CLUBS and not any(c.suit is Suit.CLUBS for c in hand)
                and any(is_penalty(c) for c in hand) and not all(is_penalty(c) for c in hand))  # fmt: skip

    def follow(p: HandState) -> bool:
        return p.trick_number == 0 and len(p.current_trick) >= 1 and 0 < len(p.legal_plays()) < len(p.hand(p.to_play))

    if kind == 2:
        s = find(2, index, void, passing=True)
        w = Words(s, you=s.to_play)
        who = named(s.to_play)
        void_fact = w.say("right", w.fact("cannot_follow", seat=s.to_play, suit=Suit.CLUBS),
                          w.fact("first_trick"), sep=" and ")
        no_club = w.say("goal", w.fact("cannot_follow", seat=s.to_play, suit=Suit.CLUBS))
        return tick_drill(key, index, s, tr("You are {who}: {facts}. Tick every card you may play to the first trick.",
                                            who=who, facts=no_club),
                          tr("{facts}: any card may be discarded except hearts and the Q♠ (no penalty card on the "
                             "first trick while you hold another card)", facts=void_fact),
                          tr("What may not be played to the first trick?"), w)  # fmt: skip
    s = find(2, index, follow, passing=True)
    w = Words(s, you=s.to_play)
    who = named(s.to_play)
    led = w.say("goal", w.fact("led", card=Card.from_str("2C")))
    return tick_drill(key, index, s, tr("You are {who}: {facts}. Tick every card you may play.", who=who, facts=led),
                      w.say("right", w.fact("must_follow", seat=s.to_play, suit=Suit.CLUBS)), tr("Which suit was led?"),
                      w)  # fmt: skip


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
        w = Words(s, you=s.to_play)
        who = named(s.to_play)
        to_lead = w.say("goal", w.fact("you_lead", seat=s.to_play))
        return tick_drill(key, index, s, tr("You are {who}: {facts}. Tick every card you may lead.", who=who,
                                            facts=to_lead),
                          tr("{facts}: a heart may not be led while you hold another suit",
                             facts=w.say("right", w.fact("hearts_unbroken"))),
                          tr("Has a heart or the Q♠ been played yet?"), w)  # fmt: skip
    if kind == 2:
        s = find(3, index, lambda p: leading(p) and p.hearts_broken and hearts_and_more(p))
        w = Words(s, you=s.to_play)
        who = named(s.to_play)
        found = _broken_by(s)
        assert found is not None
        to_lead = w.say("goal", w.fact("you_lead", seat=s.to_play))
        return tick_drill(key, index, s, tr("You are {who}: {facts}. Tick every card you may lead.", who=who,
                                            facts=to_lead),
                          tr("{facts}, and any card may be led",
                             facts=w.say("right", w.fact("hearts_broken_by", card=found[1], trick=found[0]))),
                          tr("Has a heart or the Q♠ been played yet?"), w)  # fmt: skip
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
        w = Words(s, you=0)
        only = w.say("right", w.fact("only_hearts", seat=0), w.fact("hearts_unbroken"), sep="; ")
        to_lead = w.say("goal", w.fact("you_lead", seat=0))
        return tick_drill(key, index, s, tr("Eight tricks without a point card: every heart and the Q♠ are still in "
                                            "the hands. You are {who}: {facts}. Tick every card you may lead.",
                                            who=named(0), facts=to_lead),
                          tr("{facts}: with nothing else to lead, you may lead a heart", facts=only),
                          tr("What if you hold nothing else?"), w)  # fmt: skip
    want = index % 8 < 4
    s = find(3, index, lambda p: leading(p) and p.hearts_broken == want)
    w = Words(s)
    found = _broken_by(s)
    fact = (w.fact("hearts_broken_by", card=found[1], trick=found[0]) if found else w.fact("hearts_unbroken"))
    right = w.say("right", fact)
    options = ("Yes", "No")
    answer = "Yes" if s.hearts_broken else "No"
    why = {o: w.say(f"why:{o}", fact) for o in options if o != answer}
    goal = w.say("goal", w.fact("next_trick", trick=s.trick_number + 1))
    return Drill(f"{key}-{index + 1}", key, tr("{facts}. Are hearts broken?", facts=_capital(goal)),
                 "choice", options, (answer,), right, why, tr("Look for a heart or the Q♠ among the tricks played."),
                 Picture(s, s.to_play, "played"), {"Yes": tr("Yes"), "No": tr("No")}, said=tuple(w.said))  # fmt: skip


# -- 4. counting points and the moon ---------------------------------------------------------------------------


def _sum_text(cards: list[Card]) -> str:
    """How the points of ``cards`` add up: ``1 + 1 + 13 = 15``, nothing for one card (arithmetic on the cards
    themselves)."""
    parts = ["13" if c == QUEEN_OF_SPADES else "1" for c in cards]
    total = sum(13 if c == QUEEN_OF_SPADES else 1 for c in cards)
    return f"{' + '.join(parts)} = {total}" if len(parts) > 1 else ""


def _with_sum(text: str, cards: list[Card]) -> str:
    """``text`` followed by how the points of ``cards`` add up, in brackets (:func:`_sum_text`)."""
    added = _sum_text(cards)
    return tr("{facts} ({sum})", facts=text, sum=added) if added else text


def _points(index: int) -> Drill:
    key, kind = "points", index % 3
    if kind == 0:
        s = find(4, index, lambda p: p.phase is Phase.DONE and p.score is not None and p.score.shooter is None)
        w = Words(s)
        scorers = [x for x in range(4) if s.points_taken(x)]
        seat = scorers[index % len(scorers)]
        cards = sorted(c for c in s.taken(seat) if is_penalty(c))
        took = w.say("right", w.fact("took", seat=seat, cards=cards, points=s.points_taken(seat)))
        over = w.say("goal", w.fact("hand_over"))
        return Drill(f"{key}-{index + 1}", key,
                     tr("{facts}. How many points did {who} take?", facts=_capital(over), who=named(seat)), "number",
                     (), (str(s.points_taken(seat)),), _with_sum(took, cards), {},
                     tr("Each heart is 1 point and the Q♠ 13; other cards are worth nothing."),
                     Picture(s, None, "taken"), wrong=tr("count the hearts (1 each) and the Q♠ (13) among the cards "
                     "{who} took", who=named(seat)), said=tuple(w.said))  # fmt: skip
    if kind == 1:
        s = find(4, index, lambda p: bool(p.tricks) and not p.current_trick and bool(last_trick(p).points)
                  and p.phase is Phase.PLAYING)  # fmt: skip
        w = Words(s)
        trick = last_trick(s)
        cards = sorted(c for c in trick.cards if is_penalty(c))
        held = w.say("right", w.fact("last_trick_points", cards=cards, points=trick.points))
        return Drill(f"{key}-{index + 1}", key, tr("How many points does the winner of this trick take?"), "number",
                     (), (str(trick.points),), _with_sum(held, cards), {},
                     tr("Each heart is 1 point and the Q♠ 13."), Picture(s, None, "trick"),
                     wrong=tr("add 1 for each heart and 13 for the Q♠"), said=tuple(w.said))  # fmt: skip

    def moon(p: HandState) -> bool:
        return p.phase is Phase.DONE and p.score is not None and p.score.shooter is not None

    s = find(4, index, moon, shooter=lambda seed: seed % 4)
    assert s.score is not None and s.score.shooter is not None
    w = Words(s)
    shooter = s.score.shooter
    seat = shooter if index % 2 else (shooter + 1 + index % 3) % 4
    answer = s.score.points[seat]
    goal = w.say("goal", w.fact("shot_moon", shooter=shooter))
    scores = w.say("right", w.fact("scores", seat=seat, points=answer))
    return Drill(f"{key}-{index + 1}", key,
                 tr("{facts}. How many points does {who} score for this hand?", facts=goal, who=named(seat)),
                 "number", (), (str(answer),),
                 tr("{facts}: that is shooting the moon, and the shooter scores 0 and every other player 26, so "
                    "{score}", facts=w.say("right", w.fact("shot_moon", shooter=shooter)), score=scores), {},
                 tr("Taking every point card is called shooting the moon."), Picture(s, None, "taken"),
                 wrong=tr("when one player takes all 26 points, the scores are turned around"),
                 said=tuple(w.said))  # fmt: skip


TRICK_LESSON = ("01_tricks.ipynb", N_("How a trick works"))
HAND_LESSON = ("02_a_hand.ipynb", N_("A hand of Hearts from deal to score"))
"""The lessons the rules stages practise (notebook, title)."""

RULES_STAGES: tuple[Stage, ...] = (
    Stage("tricks", N_("Following suit and who wins a trick"),
          N_("Follow the suit led if you can; the highest card of the suit led wins; a discard never wins."), 9,
          _tricks, lesson=TRICK_LESSON),
    Stage("first_trick", N_("The first trick and the 2♣"),
          N_("The 2♣ opens the hand; no heart and no Q♠ on the first trick."), 8, _first_trick, lesson=HAND_LESSON),
    Stage("breaking", N_("Breaking hearts and what may be led"),
          N_("Hearts may not be led until a heart or the Q♠ has been played, unless you hold nothing else."), 8,
          _breaking, lesson=HAND_LESSON),
    Stage("points", N_("Counting points and the moon"),
          N_("Hearts 1 each, the Q♠ 13; whoever takes all 26 shoots the moon."), 9, _points, lesson=HAND_LESSON),
)
