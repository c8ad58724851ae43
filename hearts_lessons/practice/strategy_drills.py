"""The Hearts strategy stages of the practice path (stages 5–10): passing, ducking and leading low, discarding,
bleeding spades and counting, stopping a moon, shooting or not. Each stage names the lesson it practises
(:attr:`~hearts_lessons.practice.drills.Stage.lesson`), and its answers follow that lesson's rule where the rule
applies (lesson 11: duck with the highest losing card; lesson 12: when another player already beats the trick,
duck; when the shooter is winning it, take it with the cheapest winning card, the points counted with your own).

Some answers are facts the engine computes (cards lower than the card on top cannot win; the cards still out).
The others come from the coach (:class:`~hearts_lessons.bots.coach.CoachBot`), which plays every legal card in
the same sampled deals of the hidden cards: a position is kept only where the right cards save at least ``GAP``
points on average over every other card and every other card is measurably worse than the best (its paired 95%
interval above 0); each wrong card is told what the coach measured for it (how many points more, with the
interval, and how often it took the Q♠). A reader's pass is played against the coach's in common deals
(:class:`PassGrader`): good only when the deals show it within half a point. The shoot-or-not hands follow the moon
model of the moon lesson (kept only where one plan is clearly better). Every sentence is made of facts checked on
its position or on the table the coach measured (:mod:`hearts_lessons.facts.drills`).

>>> from hearts_lessons.practice.drills import stage
>>> d = stage("ducking").drill(1)
>>> d.goal, len(d.answer)
('Duck: play your highest card that still cannot win.', 1)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from ..bots.coach import Advice, Candidate, CoachBot
from ..bots.pass_compare import PASS_BATCH, PASS_DEALS, PASS_MARGIN, compare_passes
from ..bots.shooter import moon_verdict, shooting_deals
from ..cards import QUEEN_OF_SPADES, Card, Rank, Suit, cards_of_mask
from ..facts import Fact, clauses
from ..facts import make as make_fact
from ..facts.drills import Measured, one_decimal
from ..i18n import N_, get_language, tr, tr_text
from ..rules import STANDARD, PassDirection
from ..state import HandState, Phase
from .drills import Drill, Picture, Said, Stage, Words, _capital
from .positions import (
    AFRESH,
    FOUND,
    HEARTS,
    LOCATOR_FILE,
    NO_PASS,
    SEARCH,
    find,
    first_drill,
    hint_for,
    illegal_reasons,
    is_penalty,
    labels_of,
    locators,
    named,
    top_of_trick,
    wins,
)

__all__ = ["COACH_WORLDS", "GAP", "PASS_BATCH", "PASS_DEALS", "PASS_MARGIN", "PASS_WORLDS", "STRATEGY_STAGES",
           "TOLERANCE", "PassGrader", "passes_unguarded_queen", "write_locators"]

COACH_WORLDS = 40
"""Sampled deals per coach measurement in a strategy drill (the same on every machine, so the answer is too)."""
PASS_WORLDS = 60
"""Sampled deals per candidate pass when the coach chooses the pass of a passing drill."""
GAP = 1.5
"""A coach drill is kept only if its right cards save at least this many expected points over every other card."""
TOLERANCE = 0.3
"""Cards within this many expected points of the best are all right answers."""


PASSING = ("10_passing.ipynb", N_("Passing and short-suiting"))
TRICKS = ("11_playing_tricks.ipynb", N_("Playing tricks well"))
MOON = ("12_the_moon.ipynb", N_("Shooting the moon — and stopping it"))
"""The lessons the strategy stages practise (notebook, title)."""

# -- coach helpers -------------------------------------------------------------------------------------------


def measured(candidates: Sequence[Candidate]) -> Measured:
    """The coach's table as the facts read it: each move's value in each sampled deal, and its Q♠ share."""
    return Measured({frozenset(c.cards): c.values for c in candidates},
                    {frozenset(c.cards): c.queen for c in candidates})  # fmt: skip


def _coach_split(state: HandState, seed: int) -> tuple[Advice, list[Candidate], list[Candidate]] | None:
    """The coach's measurement of every legal card, split into right cards (within ``TOLERANCE`` of the best)
    and the rest; ``None`` unless the right cards save ``GAP`` points over every other card on average and every
    other card is measurably worse than the best (its paired 95% interval above 0)."""
    seat = state.to_play
    advice = CoachBot(worlds=COACH_WORLDS, infer=False, caution=0).advise(state.view(seat), random.Random(seed))
    ranked = sorted((c for c in advice.candidates if not c.plan), key=lambda c: c.mean)
    best = ranked[0].mean
    good = [c for c in ranked if c.mean <= best + TOLERANCE]
    rest = [c for c in ranked if c.mean > best + TOLERANCE]
    if not rest or rest[0].mean - good[-1].mean < GAP:
        return None
    table = measured(ranked)
    for c in rest:
        diff, half, _ = table.diff(c.cards, ranked[0].cards)
        if diff - half <= 0.05:  # not measurably worse (with room for the one-decimal rounding of the words)
            return None
    return advice, good, rest


def _cost_facts(w: Words, table: Measured, card: Candidate, best: Candidate) -> list[Fact]:
    """What the coach measured for ``card`` against ``best``: how much more it costs, and how often it takes the
    Q♠ (when it ever does)."""
    diff, half, deals = table.diff(card.cards, best.cards)
    facts = [w.fact("costs_more", on=table, cards=card.cards, best=best.cards, diff=one_decimal(diff),
                    half=one_decimal(half), deals=deals)]  # fmt: skip
    if card.queen:
        facts.append(w.fact("queen_share", on=table, cards=card.cards, share=f"{card.queen:.0%}"))
    return facts


def _coach_drill(key: str, index: int, state: HandState, goal: str, hint: str, seed: int,
                 goal_facts: Sequence[Fact] = (), lesson: str = "") -> Drill | None:  # fmt: skip
    split = _coach_split(state, seed)
    if split is None:
        return None
    advice, good, rest = split
    seat = state.to_play
    hand = state.hand(seat)
    best = good[0]
    table = measured([*good, *rest])
    w = Words(state, you=seat)
    w.say("goal", *goal_facts)
    why = illegal_reasons(state, w)
    for c in rest:
        why[c.cards[0].code] = w.say(f"why:{c.cards[0].code}", *_cost_facts(w, table, c, best), on=table)
    legal = state.legal_plays()
    tried = w.fact("tried_all", on=table, cards=legal, count=len(legal), deals=advice.worlds)
    right = w.say("right", tried, *_cost_facts(w, table, rest[0], best), on=table)
    rights = {c.cards[0].code: w.say(f"right:{c.cards[0].code}", tried, *_right_facts(w, table, c, good, rest[0]),
                                     on=table) for c in good} if len(good) > 1 else {}  # fmt: skip
    return Drill(f"{key}-{index + 1}", key, goal, "play", tuple(c.code for c in hand),
                 tuple(c.cards[0].code for c in good), right, why, hint, Picture(state, seat), labels_of(hand),
                 said=tuple(w.said), lesson=lesson, rights=rights)  # fmt: skip


def _right_facts(w: Words, table: Measured, card: Candidate, good: Sequence[Candidate],
                 cheapest: Candidate) -> list[Fact]:  # fmt: skip
    """Why ``card``, one of several right cards, is right: what it cost (the fewest, or within ``TOLERANCE`` of
    the fewest) and how much more the cheapest wrong card cost."""
    deals = len(card.values)

    def mean(c: Candidate) -> float:
        values = table.values[frozenset(c.cards)]
        return sum(values) / len(values)

    if mean(card) <= min(mean(c) for c in good):
        cost = w.fact("cost_least", on=table, cards=card.cards, mean=one_decimal(mean(card)), deals=deals)
    else:
        low = min(good, key=mean)
        cost = w.fact("cost_near_least", on=table, cards=card.cards, best=low.cards, mean=one_decimal(mean(card)),
                      least=one_decimal(mean(low)), gap=f"{TOLERANCE:g}", deals=deals)  # fmt: skip
    right = tuple(c.cards[0] for c in good)
    more = w.fact("cheapest_wrong", on=table, cards=card.cards, right=right, other=cheapest.cards[0],
                  more=one_decimal(mean(cheapest) - mean(card)))  # fmt: skip
    return [cost, more]


# -- 5. choosing a pass ----------------------------------------------------------------------------------------

_DIRECTION_WORDS = {PassDirection.LEFT: "left", PassDirection.RIGHT: "right", PassDirection.ACROSS: "across",
                    PassDirection.HOLD: "hold (no passing)"}  # fmt: skip


def passes_unguarded_queen(hand: Sequence[Card], chosen: Sequence[Card]) -> bool:
    """Lesson 10's rule, where it applies: with the Q♠ and two or fewer lower spades, the Q♠ is passed (a hand
    without the Q♠, or with three or more guards, is not covered by the rule: True)."""
    if QUEEN_OF_SPADES not in hand:
        return True
    guards = sum(c.suit is Suit.SPADES and c.rank < Rank.QUEEN for c in hand)
    return guards > 2 or QUEEN_OF_SPADES in chosen


class PassGrader:
    """Grades a reader's pass against the coach's on common deals (a paired comparison): the two passes are
    played in the same sampled deals, ``PASS_BATCH`` at a time, up to ``PASS_DEALS``. A pass is good only when
    the upper end of the 95% interval of the paired difference (its points minus the coach's) is at most
    ``PASS_MARGIN``; the comparison stops early once that is shown, or once the lower end is above
    ``PASS_MARGIN`` (measurably worse by more than half a point). So no pass measurably a point or more worse is
    ever good, nor one the deals cannot show within half a point."""

    def __init__(self, state: HandState, seed: int, coach: Sequence[Card], why: Said | None = None) -> None:
        self.state = state
        self.seed = seed
        self.coach = tuple(coach)
        self.why = why
        """Why the coach chose its pass (facts on the coach's own table), said when a reader's pass is the same."""

    def measure(self, chosen: Sequence[Card]) -> Measured:
        """Both passes in the same deals (the reader's pass and the coach's), batch by batch until decided
        (:func:`~hearts_lessons.bots.pass_compare.compare_passes`)."""
        return compare_passes(self.state, self.seed, self.coach, chosen)

    def judge(self, chosen: Sequence[str]) -> tuple[bool, str, Said]:
        """Right or not, the words, and the facts they are made of (checked on the measured table)."""
        cards = tuple(sorted(Card.from_str(c) for c in chosen))
        coach = tuple(sorted(self.coach))
        w = Words(None, you=0)
        if cards == coach:
            why = self.why or Said("grade", (), None, 0)
            words = clauses(f.words(you=0) for f in why.facts)
            text = tr("that is the coach's own pass: {facts}", facts=words) if words else tr(
                "that is the coach's own pass")
            return True, text, Said("grade", why.facts, why.on, 0, get_language())
        table = self.measure(cards)
        diff, half, deals = table.diff(cards, coach)
        args = {"cards": cards, "best": coach, "diff": one_decimal(diff), "half": one_decimal(half), "deals": deals}
        good = diff + half <= PASS_MARGIN
        fact = w.fact("within_half" if good else "not_within_half", on=table, **args)
        facts = [fact]
        if table.queen[frozenset(cards)] > table.queen[frozenset(coach)]:
            facts.append(w.fact("queen_share", on=table, cards=cards, share=f"{table.queen[frozenset(cards)]:.0%}"))
        return good, w.say("grade", *facts, on=table), w.said[-1]

    def __call__(self, chosen: Sequence[str]) -> tuple[bool, str]:
        right, text, _ = self.judge(chosen)
        return right, text


def _passing(index: int) -> Drill:
    key = "passing"
    if index % 3 == 0:
        number = (index // 3) * 2 + 3
        direction = STANDARD.cycle[(number - 1) % len(STANDARD.cycle)]
        options = tuple(_DIRECTION_WORDS[d] for d in STANDARD.cycle)
        labels = {o: tr_text(o, context="pass direction") for o in options}
        answer = _DIRECTION_WORDS[direction]
        w = Words(STANDARD)
        facts = (w.fact("pass_cycle", cycle=", ".join(d.value for d in STANDARD.cycle)),
                 w.fact("passes_to", hand=number, direction=answer))  # fmt: skip
        right = w.say("right", *facts, sep=": ")
        why = {o: w.say(f"why:{o}", *facts, sep=": ") for o in options if o != answer}
        return Drill(f"{key}-{index + 1}", key, tr("Hand {n} of a game: which way are the cards passed?", n=number),
                     "choice", options, (answer,), right, why, tr("Four hands make one round of passing."),
                     labels=labels, said=tuple(w.said), lesson="10_passing.ipynb")  # fmt: skip
    coach = CoachBot(pass_worlds=PASS_WORLDS, caution=0)
    for seed in range(500_000 + index, 500_000 + index + 100 * SEARCH, 100):
        state = HandState.deal(STANDARD, seed=seed, hand_number=index % 3)
        advice = coach.advise(state.view(0), random.Random(seed))
        if passes_unguarded_queen(state.hand(0), advice.choice):
            break
    else:  # pragma: no cover - the tests make every drill
        raise RuntimeError(f"no pass drill found for drill {index}")
    hand = state.hand(0)
    w = Words(state, you=0)
    why = {}
    for c in hand:
        reason = state.why_not_pass(0, c)
        if reason:
            why[c.code] = w.say(f"why:{c.code}", w.fact("pass_refused", seat=0, card=c, reason=reason))
    tried = [c for c in advice.candidates if c.values]
    table = measured(tried)
    chosen = tuple(sorted(advice.choice))
    least = w.fact("least_cost", on=table, cards=chosen, count=len(tried), deals=advice.worlds,
                   mean=one_decimal(sum(table.values[frozenset(chosen)]) / advice.worlds))  # fmt: skip
    right = w.say("right", least, on=table)
    grader = PassGrader(state, seed, advice.choice, w.said[-1])
    pass_now = w.say("goal", w.fact("pass_now", seat=0, count=state.cards_to_pass, direction=state.direction.value))
    return Drill(f"{key}-{index + 1}", key, tr("You are {who}: {facts}.", who=named(0), facts=pass_now), "pass",
                 tuple(c.code for c in hand), tuple(c.code for c in advice.choice), right, why,
                 _pass_hint(w, hand), Picture(state, 0, "hand"), labels_of(hand),
                 pick=state.cards_to_pass, grader=grader, said=tuple(w.said), lesson="10_passing.ipynb")  # fmt: skip


def _pass_hint(w: Words, hand: Sequence[Card]) -> str:
    """A question about the reader's own hand: the high spades and hearts it holds (a ``holds`` fact), and its
    shortest suit (counted on the hand), with no claim about which pass is best."""
    high = [c for c in hand if (c.suit is Suit.SPADES and c.rank >= Rank.QUEEN)
            or (c.suit is HEARTS and c.rank >= Rank.JACK)]  # fmt: skip
    counts = {suit: sum(c.suit is suit for c in hand) for suit in Suit}
    short = min((n, suit) for suit, n in counts.items() if n)[1]
    n = counts[short]
    if n == 1:
        empty = tr("could you empty your {suit} (1 card)?", suit=short.word)
    else:
        empty = tr("could you empty your {suit} ({n} cards)?", suit=short.word, n=n)
    if not high:
        return tr("Which of your cards could win tricks you do not want? Or {question}", question=empty)
    held = w.say("hint", w.fact("holds", seat=0, cards=high))
    if len(high) == 1:
        return tr("{facts}: could it win tricks you do not want? Or {question}", facts=_capital(held), question=empty)
    return tr("{facts}: which of them could win tricks you do not want? Or {question}", facts=_capital(held),
              question=empty)


# -- 6. ducking and leading low --------------------------------------------------------------------------------


def _safe_cards(p: HandState) -> list[Card]:
    """The legal cards that cannot win the current trick, whoever plays after (lower than the card on top)."""
    if not p.current_trick:
        return []
    _, top = top_of_trick(p)
    return [c for c in p.legal_plays() if c.suit is not top.suit or c.rank < top.rank]


def _ducking(index: int) -> Drill:
    key, kind = "ducking", index % 3

    def south_follows(p: HandState) -> bool:
        return (p.phase is Phase.PLAYING and p.to_play == 0 and p.trick_number >= 1 and p.lead_suit >= 0
                and any(c.suit == p.lead_suit for c in p.hand(0)))  # fmt: skip

    if kind == 2:
        def lead(p: HandState) -> Drill | None:
            if p.phase is not Phase.PLAYING or p.to_play != 0 or p.lead_suit >= 0 or p.trick_number < 2:
                return None
            if len(p.legal_plays()) < 3:
                return None
            lead_fact = make_fact("you_lead", p, seat=0)
            return _coach_drill(key, index, p, tr("You are {who}: {facts}. Choose the safest lead.", who=named(0),
                                                  facts=lead_fact.words(you=0)),
                                tr("Which lead is least likely to give you a trick with the Q♠ or hearts in it, now or "
                                   "later in the hand?"), 60_000 + index, (lead_fact,), TRICKS[0])  # fmt: skip

        return first_drill(6, index, lead)
    s = find(6, index, lambda p: south_follows(p) and 1 + (kind == 1) <= len(_safe_cards(p)) < len(p.legal_plays()))
    safe, legal = _safe_cards(s), s.legal_plays()
    _, top = top_of_trick(s)
    w = Words(s, you=0)
    why = illegal_reasons(s, w)
    for c in legal:
        if c not in safe:
            why[c.code] = tr("{facts}: it could win the trick and its points",
                             facts=w.say(f"why:{c.code}", w.fact("overtakes", seat=0, card=c, winning=top)))
    lesson = "11_playing_tricks.ipynb"
    if kind == 0:
        right = w.say("right", *(w.fact("cannot_win", seat=0, card=c, winning=top) for c in safe))
        return Drill(f"{key}-{index + 1}", key, tr("You are {who}: play a card that cannot win this trick.",
                                                   who=named(0)), "play",
                     tuple(c.code for c in s.hand(0)), tuple(c.code for c in safe),
                     right, why,
                     tr("Compare your cards with the highest card of the suit led on the trick."), Picture(s, 0),
                     labels_of(s.hand(0)), said=tuple(w.said), lesson=lesson)  # fmt: skip
    best = max(safe, key=lambda c: c.rank)
    highest = w.fact("below_winning", seat=0, card=best, winning=top)
    for c in safe:
        if c != best:
            stays = w.say(f"why:{c.code}", w.fact("cannot_win", seat=0, card=c, winning=top), highest)
            why[c.code] = tr("{facts}: duck with the {best} and keep the {card} to duck again later", facts=stays,
                             best=best.symbol, card=c.symbol)
    right = w.say("right", highest, w.fact("cannot_win", seat=0, card=best, winning=top))
    return Drill(f"{key}-{index + 1}", key, tr("Duck: play your highest card that still cannot win."), "play",
                 tuple(c.code for c in s.hand(0)), (best.code,),
                 tr("{facts}, and your lower cards stay for later", facts=right), why,
                 tr("Which cards lose for sure? Of those, which is the highest?"), Picture(s, 0), labels_of(s.hand(0)),
                 said=tuple(w.said), lesson=lesson)  # fmt: skip


# -- 7. getting rid of the Q♠ and high hearts ---------------------------------------------------------------


def _discarding(index: int) -> Drill:
    key = "discarding"

    def make(p: HandState) -> Drill | None:
        if p.phase is not Phase.PLAYING or p.to_play != 0 or p.lead_suit < 0 or p.trick_number < 1:
            return None
        hand = p.hand(0)
        if any(c.suit == p.lead_suit for c in hand) or len(p.legal_plays()) < 3:
            return None
        queen_out = bool(p.view(0).unseen_mask & QUEEN_OF_SPADES.bit)
        danger = any(c == QUEEN_OF_SPADES or (c.suit is HEARTS and c.rank >= Rank.TEN)
                     or (queen_out and c.suit is Suit.SPADES and c.rank > Rank.QUEEN) for c in hand)  # fmt: skip
        if not danger:
            return None
        void = make_fact("you_cannot_follow", p, seat=0, suit=Suit(p.lead_suit))
        return _coach_drill(key, index, p, tr("{facts}. Which card do you throw away?",
                                              facts=_capital(void.words(you=0))),
                            tr("Which of your cards could cost you the most points if you kept it?"), 70_000 + index,
                            (void,), TRICKS[0])

    return first_drill(7, index, make)


# -- 8. bleeding spades and counting cards ------------------------------------------------------------------


def _unseen(p: HandState, seat: int = 0) -> list[Card]:
    return cards_of_mask(p.view(seat).unseen_mask)


def _counting(index: int) -> Drill:
    key, kind = "counting", index % 3

    def south(p: HandState) -> bool:
        return p.phase is Phase.PLAYING and p.to_play == 0 and p.trick_number >= 3

    if kind == 0:
        suit = [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS][index % 4]

        def some_out(p: HandState) -> bool:
            return south(p) and any(c.suit is suit for c in _unseen(p)) and any(
                c.suit is suit for c in cards_of_mask(p.played_mask))

        s = find(8, index, some_out)
        w = Words(s, you=0)
        held = sum(c.suit is suit for c in s.hand(0))
        played = sum(c.suit is suit for c in cards_of_mask(s.played_mask))
        out = sum(c.suit is suit for c in _unseen(s))
        count = w.say("right", w.fact("suit_count", seat=0, suit=suit, held=held, played=played,
                                      out=out))  # fmt: skip
        return Drill(f"{key}-{index + 1}", key, tr("You are {who}. How many {suit} are still out (in the other "
                     "players' hands)?", who=named(0), suit=suit.word), "number", (), (str(out),),
                     tr("{facts} ({sum})", facts=count, sum=f"13 − {held} − {played} = {out}"), {},
                     tr("Count the ones you can see: yours and those played."),
                     Picture(s, 0, "played"), wrong=tr("there are 13 {suit}: take away yours and those played",
                                                        suit=suit.word),
                     said=tuple(w.said))  # fmt: skip
    if kind == 1:
        def masters(p: HandState) -> list[Card]:
            unseen = _unseen(p)
            return [c for c in p.hand(0) if not any(u.suit is c.suit and u.rank > c.rank for u in unseen)]

        # South leads: no trick is in progress, so a card on the table cannot beat a "master" in this trick
        s = find(8, index, lambda p: south(p) and p.lead_suit < 0 and 0 < len(masters(p)) < len(p.hand(0))
                 and len(p.hand(0)) <= 9)  # fmt: skip
        tops = masters(s)
        unseen = _unseen(s)
        w = Words(s, you=0)
        why = {}
        for c in s.hand(0):
            if c not in tops:
                higher = min((u for u in unseen if u.suit is c.suit and u.rank > c.rank), key=lambda u: u.rank)
                why[c.code] = w.say(f"why:{c.code}", w.fact("beaten_by_out", seat=0, card=c, higher=higher))
        right = w.say("right", *(w.fact("master", seat=0, card=c) for c in tops))
        return Drill(f"{key}-{index + 1}", key, tr("Tick every card in your hand that no card still out can beat."),
                     "tick", tuple(c.code for c in s.hand(0)), tuple(c.code for c in tops),
                     tr("every higher card of their suits has been played or is yours: {facts}", facts=right), why,
                     tr("For each card, ask: has every higher card of its suit been played?"), Picture(s, 0, "played"),
                     labels_of(s.hand(0)), said=tuple(w.said))  # fmt: skip

    def bleed(p: HandState) -> bool:
        hand = p.hand(0)
        return (south(p) and p.lead_suit < 0 and bool(p.view(0).unseen_mask & QUEEN_OF_SPADES.bit)
                and any(c.suit is Suit.SPADES and c.rank < Rank.QUEEN for c in hand)
                and not all(c.suit is Suit.SPADES for c in hand))  # fmt: skip

    s = find(8, index, bleed)
    hand = s.hand(0)
    w = Words(s, you=0)
    low = [c for c in s.legal_plays() if c.suit is Suit.SPADES and c.rank < Rank.QUEEN]
    why = illegal_reasons(s, w)
    for c in hand:
        if c not in low and c.code not in why:
            why[c.code] = (w.say(f"why:{c.code}", w.fact("spade_above_queen", seat=0, card=c))
                           if c.suit is Suit.SPADES else
                           tr("{facts}: bleeding means leading spades until the Q♠'s holder must play it",
                              facts=w.say(f"why:{c.code}", w.fact("not_a_spade", seat=0, card=c))))  # fmt: skip
    queen = w.say("goal", w.fact("out", seat=0, card=QUEEN_OF_SPADES), w.fact("you_lead", seat=0), sep=" and ")
    below = w.say("right", *(w.fact("spade_below_queen", seat=0, card=c) for c in low))
    if len(low) == 1:
        right = tr("{facts}: whoever still holds spades must follow to it, and it can never win a trick the queen "
                   "falls on", facts=below)
    else:
        right = tr("{facts}: whoever still holds spades must follow to each of them, and none of them can ever win a "
                   "trick the queen falls on", facts=below)
    return Drill(f"{key}-{index + 1}", key, tr("{facts}. Bleed spades: lead a spade that cannot take the queen.",
                                               facts=_capital(queen)),
                 "play", tuple(c.code for c in hand), tuple(c.code for c in low), right, why,
                 tr("Which of your spades are lower than the Q♠?"), Picture(s, 0, "played"),
                 labels_of(hand), said=tuple(w.said), lesson="11_playing_tricks.ipynb")  # fmt: skip


# -- 9. stopping a moon ------------------------------------------------------------------------------------


def _moon_threat(p: HandState) -> int | None:
    """The seat that has taken every point so far (at least 4), if any."""
    scorers = [x for x in range(4) if p.points_taken(x)]
    if len(scorers) == 1 and p.points_taken(scorers[0]) >= 4:  # type: ignore[operator]
        return scorers[0]
    return None


def _trick_cost(p: HandState, card: Card) -> tuple[int, int]:
    """What winning the trick with ``card`` costs: the points of the trick with it (the reader's own card counts),
    then its rank (a lower winning card keeps the higher ones as stoppers)."""
    cards = [c for _, c in p.current_trick] + [card]
    return sum(13 if c == QUEEN_OF_SPADES else 1 for c in cards if is_penalty(c)), int(card.rank)


def stopping_answer(p: HandState, threat: int) -> tuple[list[Card], str]:
    """Lesson 12's rule for the last card of a trick holding a point card while ``threat`` has every point: if
    another player already beats the trick, duck (any card that leaves them winning); if ``threat`` is winning,
    take the trick with the cheapest winning card (fewest points, then lowest). Returns the right cards and which
    case (``duck`` or ``win``)."""
    top_seat, _ = top_of_trick(p)
    legal = p.legal_plays()
    if top_seat != threat:
        return [c for c in legal if not wins(p, c)], "duck"
    winners = [c for c in legal if wins(p, c)]
    if not winners:
        return [], "win"
    cheapest = min(_trick_cost(p, c) for c in winners)
    return [c for c in winners if _trick_cost(p, c) == cheapest], "win"


def _stopping_moon(index: int) -> Drill:
    key = "stopping_moon"
    shooter = lambda seed: 1 + seed % 3  # noqa: E731
    lesson = "12_the_moon.ipynb"

    def base(p: HandState) -> bool:
        threat = _moon_threat(p)
        return p.phase is Phase.PLAYING and p.to_play == 0 and threat not in (None, 0) and p.trick_number >= 3

    if index % 3 != 0:
        want = "win" if index % 3 == 1 else "duck"

        def stop(p: HandState) -> bool:
            if not base(p) or len(p.current_trick) != 3 or not any(is_penalty(c) for _, c in p.current_trick):
                return False
            threat = _moon_threat(p)
            assert threat is not None
            right, case = stopping_answer(p, threat)
            return case == want and 0 < len(right) < len(p.legal_plays())

        s = find(9, index, stop, shooter=shooter)
        threat = _moon_threat(s)
        assert threat is not None
        w = Words(s, you=0)
        right_cards, case = stopping_answer(s, threat)
        top_seat, top = top_of_trick(s)
        why = illegal_reasons(s, w)
        rights: dict[str, str] = {}
        lead = Suit(s.lead_suit)

        def points_fact(c: Card) -> Fact:
            return w.fact("trick_points", seat=0, card=c, points=_trick_cost(s, c)[0])

        for c in s.legal_plays():
            if c in right_cards:
                continue
            if case == "win":
                if wins(s, c):
                    cheaper = right_cards[0]
                    dear, cheap = _trick_cost(s, c)[0], _trick_cost(s, cheaper)[0]
                    fact = (w.fact("wins_dearer", seat=0, card=c, cheaper=cheaper, points=dear, fewer=cheap)
                            if cheap < dear else w.fact("also_wins", seat=0, card=c, cheaper=cheaper))  # fmt: skip
                    why[c.code] = w.say(f"why:{c.code}", fact)
                else:
                    stays = (w.fact("ducks", seat=0, card=c, winning=top, winner=top_seat) if c.suit is lead else
                             w.fact("discards", seat=0, card=c, suit=lead))  # fmt: skip
                    why[c.code] = w.say(f"why:{c.code}", stays, w.fact("moon_goes_on", card=c, shooter=threat,
                                                                         points=_trick_cost(s, c)[0]))
            else:
                took = w.say(f"why:{c.code}", w.fact("takes_trick", seat=0, card=c), points_fact(c))
                stops = w.say(f"why:{c.code}", w.fact("other_stops", other=top_seat, shooter=threat))
                why[c.code] = tr("{facts}, and you would take them for nothing: {stops}", facts=took, stops=stops)
        if case == "win":
            right = w.say("right", *(f for c in right_cards for f in (w.fact("takes_trick", seat=0, card=c),
                                                                      points_fact(c))))  # fmt: skip
            right = tr("{facts}: a few points now instead of 26 at the end, and {shooter} can no longer take all 26",
                       facts=right, shooter=named(threat))
        else:
            right = w.say("right", w.fact("other_stops", other=top_seat, shooter=threat))
            right = tr("{facts}: duck and keep your high cards as stoppers", facts=right)
            for c in right_cards:  # why the card the reader chose is right: it leaves the trick to the other player
                stays = (w.fact("ducks", seat=0, card=c, winning=top, winner=top_seat) if c.suit is lead else
                         w.fact("discards", seat=0, card=c, suit=lead))  # fmt: skip
                stopped = w.fact("other_stops", other=top_seat, shooter=threat)
                rights[c.code] = tr("{facts}: you take none of its points",
                                    facts=w.say(f"right:{c.code}", stays, stopped))
        goal = w.say("goal", w.fact("all_points_to", shooter=threat))
        return Drill(f"{key}-{index + 1}", key,
                     tr("{facts}. Stop the moon as cheaply as you can.", facts=_capital(goal)),
                     "play", tuple(c.code for c in s.hand(0)), tuple(c.code for c in right_cards), right, why,
                     tr("Who is winning the trick now? If it is not the shooter, the moon is already stopped."),
                     Picture(s, 0), labels_of(s.hand(0)), said=tuple(w.said), lesson=lesson,
                     rights=rights)  # fmt: skip
    s = find(9, index, base, shooter=shooter)
    threat = _moon_threat(s)
    assert threat is not None
    w = Words(s)  # the options are the seats' names: the feedback names them too
    why = {named(x): w.say(f"why:{named(x)}", w.fact("took_none", seat=x)) for x in range(4) if x != threat}
    taken = w.say("right", w.fact("only_taker", shooter=threat, points=s.points_taken(threat)))
    return Drill(f"{key}-{index + 1}", key, tr("Who could be going for the moon?"), "choice",
                 tuple(named(x) for x in range(4)), (named(threat),),
                 tr("{facts}: if nobody else takes one, {shooter} scores 0 and everyone else 26", facts=taken,
                    shooter=named(threat)), why,
                 tr("Look at who has taken points."), Picture(s, 0, "taken"), said=tuple(w.said),
                 lesson=lesson)  # fmt: skip


# -- 10. shooting or not ---------------------------------------------------------------------------------------


def _shooting(index: int) -> Drill:
    key = "shooting"
    want = index % 2 == 0  # every other drill is a hand worth shooting with
    start = 90_000 + 2_000 * index
    hint = hint_for(f"10:{index}")
    found = None
    for first in ([hint[0]] if hint else []) + [start]:
        deals = shooting_deals(NO_PASS, start=first, minimum=0.55 if want else 0.25)
        for _ in range(1 if first != start else 60):
            s = next(deals)
            verdict = moon_verdict(s.view(0), worlds=60, rng=random.Random(s.seed))
            if verdict.shoot == want and abs(verdict.shoot_relative - verdict.safe_relative) > verdict.half_width:
                found = s, verdict
                break
        if found:
            break
    if found is None:  # pragma: no cover - the tests check every drill is found
        raise RuntimeError("no clear shooting deal found")
    s, verdict = found
    FOUND[f"10:{index}"] = [s.seed or 0, 0]
    options = ("Shoot the moon", "Play it safe")
    labels = {"Shoot the moon": tr("Shoot the moon"), "Play it safe": tr("Play it safe")}
    answer = options[0] if verdict.shoot else options[1]
    w = Words(verdict)
    facts = (w.fact("moon_plans", deals=verdict.worlds, success=f"{verdict.success:.0%}",
                    shoot=f"{verdict.shoot_relative:+.1f}", safe=f"{verdict.safe_relative:+.1f}"),
             w.fact("moon_better", plan="shooting" if verdict.shoot else "playing safe",
                    half=one_decimal(verdict.half_width)))  # fmt: skip
    text = w.say("right", *facts)
    why = {o: w.say(f"why:{o}", *facts) for o in options if o != answer}
    return Drill(f"{key}-{index + 1}", key, tr("No passing this hand. Would you go for the moon with these cards?"),
                 "choice", options, (answer,), text, why,
                 tr("Can another player win a trick with a heart? Count your top hearts and your stoppers in the "
                    "other suits."), Picture(s, 0, "hand"), labels, said=tuple(w.said),
                 lesson="12_the_moon.ipynb")  # fmt: skip


STRATEGY_STAGES: tuple[Stage, ...] = (
    Stage("passing", N_("Choosing a pass"), N_("Which way the cards go, and which three cards to give away."), 6,
          _passing, lesson=PASSING),
    Stage("ducking", N_("Ducking and leading low"),
          N_("Play a card that cannot win; duck with your highest losing card; lead low."), 9, _ducking,
          lesson=TRICKS),
    Stage("discarding", N_("Getting rid of the Q♠ and high hearts"),
          N_("When you cannot follow, throw away what hurts you most: the Q♠ first, then high spades and hearts."), 6,
          _discarding, lesson=TRICKS),
    Stage("counting", N_("Bleeding spades and counting cards"),
          N_("Count what is still out; lead spades below the Q♠ to force it out."), 9, _counting, lesson=TRICKS),
    Stage("stopping_moon", N_("Stopping a moon"),
          N_("Notice who takes every point; if another player already beats the trick, duck; else take it with your "
             "cheapest winning card."), 6, _stopping_moon, lesson=MOON),
    Stage("shooting", N_("Shooting or not"), N_("When a hand is strong enough to go for all 26 points."), 6, _shooting,
          lesson=MOON),
)


def write_locators() -> dict[str, list[int]]:
    """Search every coach and shooting drill afresh and write where each search ended to the locator file."""
    FOUND.clear()
    AFRESH[0] = True
    try:
        for stage_ in STRATEGY_STAGES:
            if stage_.key in ("ducking", "discarding", "shooting"):
                for index in range(stage_.count):
                    stage_.make(index)
    finally:
        AFRESH[0] = False
    found = {k: v for k, v in sorted(FOUND.items()) if k.split(":")[0] in ("6", "7", "10")}
    LOCATOR_FILE.write_text(json.dumps(found, indent=0) + "\n", encoding="utf-8")
    locators.cache_clear()
    return found


if __name__ == "__main__":  # pragma: no cover
    print(f"{len(write_locators())} drill positions written to {LOCATOR_FILE}")
