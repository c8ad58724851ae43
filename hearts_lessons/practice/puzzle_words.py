"""What a puzzle says: its explanation and the feedback on each wrong answer, made of checked facts and measured
numbers.

Each sentence about the position is a :class:`~hearts_lessons.facts.Fact` made by :func:`choice_facts` (every
candidate fact is built with :func:`~hearts_lessons.facts.make`, which refuses one that is false of the
position, and only those that hold are kept). The numbers come from the confirmation that checked the puzzle
(:mod:`hearts_lessons.practice.recheck`): what each other choice costs against the answer, paired over the same
sampled deals, with its 95% interval. The facts are stored in the puzzle file (:func:`fact_json`), so a test can
check every one again on its position (:func:`fact_from_json`, :func:`~hearts_lessons.facts.check`).

A wrong answer is told what differs from the answer (:func:`compare_facts`, :func:`compare_pass`), not the
answer's facts again: what it does as the answer does ("as with the 3♦: …"), what tells it apart (the cards still
out above each, the players still to play, a winner it keeps, the points on the trick), what the answer does
instead, and what it cost in the confirmation's deals (:func:`wrong_text`).

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4H 9C KH; QH 2S 3H; KD 3S 4D; 6D 5S 8D", hold=True, leader=1, trick_number=10,
...                          hearts_broken=True)
>>> for card in ("QH", "KD", "6D"):
...     _ = s.play(card)
>>> [f.words(you=0) for f in choice_facts(s, 0, ["4H"])]
['the trick already holds 1 point', "West's Q♥ is winning the trick so far", 'you play last to this trick', \
'the 4♥ stays under the Q♥: West keeps the trick', 'the trick would hold 2 points', \
'the A♥ went in an earlier trick: no card of its suit above the 4♥ is still out']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, Suit, card_from_id, cards_of_mask
from ..facts import Fact, FactError, check, clauses, make
from ..i18n import join_words, tr
from ..state import HandState, Phase

__all__ = ["choice_facts", "compare_facts", "compare_pass", "explanation", "fact_from_json", "fact_json", "facts_text",
           "share_text", "standing_facts", "with_interval", "wrong_text"]

QUEEN = Card.from_str("QS")


def _try(found: list[Fact], kind: str, pos: Any, **args: Any) -> bool:
    try:
        found.append(make(kind, pos, **args))
    except FactError:
        return False
    return True


def choice_facts(state: HandState, seat: int, cards: Sequence[Card | str]) -> list[Fact]:
    """The checked facts about playing (or passing) ``cards`` at this position: what the trick holds and who is
    winning it, what the card does there (ducks, overtakes, takes the trick, is a discard, lands the Q♠ on another
    seat's trick), what is still out above it, the void it leaves, who has taken every point so far; for a pass,
    the voids it makes, the Q♠ and the high spades and hearts it gives, to whom."""
    chosen = [c if isinstance(c, Card) else Card.from_str(c) for c in cards]
    if state.phase is Phase.PASSING:
        return _pass_facts(state, seat, chosen)
    return _play_facts(state, seat, chosen[0])


def _play_facts(pos: HandState, seat: int, card: Card) -> list[Fact]:
    from ..facts import _higher_unseen, _lower_unseen, _trick_value, _winning_now

    found: list[Fact] = []
    trick = list(pos._trick)
    suit = card.suit
    leading = False
    if trick:
        held = _trick_value(pos, [cid for _, cid, _ in trick])
        if held:
            _try(found, "trick_holds", pos, points=held)
        best = _winning_now(pos)
        if best is not None:
            winning = card_from_id(best[1])
            _try(found, "winning", pos, winner=best[0], winning=winning)
            _try(found, "plays_last", pos, seat=seat)
            if int(suit) == pos.lead_suit:
                under = _try(found, "ducks", pos, seat=seat, card=card, winning=winning, winner=best[0]) or _try(
                    found, "stays_under", pos, seat=seat, card=card, winning=winning, winner=best[0])
                if not under and not _try(found, "takes_trick", pos, seat=seat, card=card):
                    after_it = pos.players - len(trick) - 1
                    if _try(found, "leads_for_now", pos, seat=seat, card=card, winning=winning, count=after_it):
                        # not the trick's last card: what is still out above it says whether it may be overtaken
                        leading = True
                    else:
                        _try(found, "overtakes", pos, seat=seat, card=card, winning=winning)
            else:
                _try(found, "discards", pos, seat=seat, card=card, suit=Suit(pos.lead_suit))
                if card == QUEEN:
                    _try(found, "queen_goes", pos, seat=seat, winner=best[0])
        total = _trick_value(pos, [cid for _, cid, _ in trick] + [card.id])
        if total != held or (total and not held):
            _try(found, "trick_points", pos, seat=seat, card=card, points=total)
    counted = False
    gone = pos._seen & ~pos._hands[seat] & pos.k.suit_masks[int(suit)]
    for played in sorted(cards_of_mask(gone), key=lambda c: -c.rank):
        if played.rank > card.rank and (not trick or int(suit) == pos.lead_suit):  # led or followed, not discarded
            counted = _try(found, "played_higher", pos, seat=seat, card=card, played=played, suit=suit)
            break
    if leading and not counted:
        found[found.index(next(f for f in found if f.kind == "leads_for_now")) + 1:0] = _above(pos, seat, card)
    if not trick:
        higher = _higher_unseen(pos, seat, card)
        if higher == 0:
            if not counted:
                _try(found, "none_higher_out", pos, seat=seat, card=card, suit=suit)
        else:
            _try(found, "higher_out", pos, seat=seat, card=card, suit=suit, count=higher)
        lower = _lower_unseen(pos, seat, card)
        if lower == 0 and higher:
            _try(found, "no_lower_out", pos, seat=seat, card=card)
        elif lower >= 2:
            _try(found, "lower_out", pos, seat=seat, card=card, suit=suit, count=lower)
        if suit == Suit.SPADES and card.rank < QUEEN.rank:
            _try(found, "out", pos, seat=seat, card=QUEEN)
    if not trick or int(suit) != pos.lead_suit:
        _try(found, "void_after", pos, seat=seat, cards=(card,), suit=suit)
    if not _try(found, "you_took_all_points", pos, seat=seat):
        for shooter in range(pos.players):
            if shooter != seat:
                _try(found, "all_points_to", pos, shooter=shooter)
    return found


def _pass_facts(pos: HandState, seat: int, cards: list[Card]) -> list[Fact]:
    found: list[Fact] = []
    for suit in Suit:
        of_suit = tuple(c for c in cards if c.suit == suit)
        if not (len(of_suit) >= 2 and _try(found, "all_of_suit", pos, seat=seat, cards=of_suit, suit=suit)):
            _try(found, "void_after", pos, seat=seat, cards=of_suit, suit=suit)
    if QUEEN in cards:
        lower = sum(1 for c in pos.hand(seat) if c.suit == Suit.SPADES and c.rank < QUEEN.rank)
        if not _try(found, "queen_few_guards", pos, seat=seat, count=lower):
            _try(found, "queen_unguarded", pos, seat=seat)  # 3 or more lower spades guard it: no guard fact
    high = tuple(c for c in cards if c.suit == Suit.SPADES and c.rank > QUEEN.rank)
    if high:
        _try(found, "spades_above_queen", pos, seat=seat, cards=high)
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        of_suit = tuple(c for c in cards if c.suit == suit)
        if len(of_suit) >= 2:
            _try(found, "highest_of_suit", pos, seat=seat, cards=of_suit, suit=suit)
    hearts = sorted((c for c in pos.hand(seat) if c.suit == Suit.HEARTS), key=lambda c: -c.rank)[:2]
    kept = {"seat": seat, "cards": tuple(hearts), "passed": tuple(cards)}
    if len(hearts) == 2 and all(c.rank <= 10 for c in cards) and not _try(found, "keeps_top_hearts", pos, **kept):
        _try(found, "keeps_all_hearts", pos, **kept)  # the 2 hearts kept are every heart held: not "highest"
    for other in range(pos.players):
        _try(found, "pass_goes_to", pos, seat=seat, cards=tuple(cards), other=other)
    return found


def _above(pos: HandState, seat: int, card: Card) -> list[Fact]:
    """What is still out above ``card`` in its suit, as the seat sees it: ``higher_out`` with the count, or
    ``none_higher_out`` (when some card of the suit is still out), or nothing (none of the suit is out)."""
    from ..facts import _higher_unseen

    found: list[Fact] = []
    higher = _higher_unseen(pos, seat, card)
    if higher:
        _try(found, "higher_out", pos, seat=seat, card=card, suit=card.suit, count=higher)
    else:
        _try(found, "none_higher_out", pos, seat=seat, card=card, suit=card.suit)
    return found


def standing_facts(state: HandState, seat: int, card: Card, other: Card) -> list[Fact]:
    """Facts that tell ``card`` apart from ``other`` from the seat's view, whatever happens on this trick: what
    is still out above ``card`` in its suit, the points it puts on a trick it leads, and (when they are of one
    suit) whether playing it keeps ``other``, a card no card still out of the suit can beat."""
    from ..facts import _trick_value

    found = _above(state, seat, card)
    if not state._trick and _trick_value(state, [card.id]):  # a lead that puts points on the trick
        _try(found, "trick_points", state, seat=seat, card=card, points=_trick_value(state, [card.id]))
    if card.suit == other.suit:
        _try(found, "keeps_winner", state, seat=seat, card=card, kept=other, suit=card.suit)
    return found


def _swap(fact: Fact, card: Card, other: Card) -> Fact:
    """``fact`` with ``card`` put in place of ``other`` wherever it is an argument."""
    return Fact(fact.kind, tuple((key, card if value == other else value) for key, value in fact.args))


def compare_facts(state: HandState, seat: int, card: Card, answer: Card) -> tuple[list[Fact], list[Fact], list[Fact]]:
    """How a wrong card differs from the answer, in checked facts: ``(alike, apart, answer_apart)``.

    ``alike``: the wrong card's facts that say of it what the answer's facts say of the answer (it does the same
    thing on this trick). Facts true of both choices alike (the trick so far, who is winning it) are left out:
    the answer's explanation says them. ``apart``: the wrong card's other facts, and when it has none or does
    the same on this trick, its :func:`standing_facts` that differ from the answer's (what is still out above
    it, the winner it keeps);
    ``answer_apart``: the answer's facts that differ (what it does, what is still out above it …);
    when only the answer's facts differ (it drops the Q♠ where this card does not), ``apart`` is empty and
    ``answer_apart`` holds them. Both are empty only when nothing checked here tells the two cards apart from the
    seat's view."""
    from ..facts import _trick_value

    mine = choice_facts(state, seat, [card])
    theirs = choice_facts(state, seat, [answer])
    if state._trick and any(f.kind == "trick_points" for f in theirs) and not any(f.kind == "trick_points"
                                                                                  for f in mine):  # fmt: skip
        points = _trick_value(state, [cid for _, cid, _ in state._trick] + [card.id])  # "no points", set beside it
        _try(mine, "trick_points", state, seat=seat, card=card, points=points)
    alike = [f for f in mine if f not in theirs and _swap(f, answer, card) in theirs]
    apart = [f for f in mine if f not in theirs and f not in alike]
    others = [f for f in theirs if f not in mine and _swap(f, card, answer) not in mine]
    if not apart or any(f.kind in _DOES for f in alike):  # the same on this trick: what tells them apart later
        standing = standing_facts(state, seat, card, answer)
        answer_standing = standing_facts(state, seat, answer, card)
        apart += [f for f in standing if _swap(f, answer, card) not in answer_standing and f not in apart]
        others += [f for f in answer_standing if _swap(f, card, answer) not in standing and f not in others
                   and f not in mine]  # fmt: skip
    kept = {f["kept"] for f in apart if f.kind == "keeps_winner"}
    others = [f for f in others if not (f.kind == "none_higher_out" and f["card"] in kept)]  # said by keeps_winner
    return alike, apart, others


_DOES = ("ducks", "stays_under", "takes_trick", "overtakes", "leads_for_now")
"""Kinds that say what a card of the suit led does on the trick: two cards that do the same are told apart by
their standing facts too (two discards, by those only when nothing else tells them apart)."""


def compare_pass(state: HandState, seat: int, cards: Sequence[Card], answer: Sequence[Card]) -> tuple[list[Fact],
                                                                                                   list[Fact]]:
    """A wrong pass's checked facts that the answer's do not say (the facts of both, such as how many spades
    guard the Q♠, are in the explanation), and the answer's facts it does not share (what the answer does that
    this pass does not: the void it makes, the hearts it keeps …), for :func:`wrong_text`."""
    mine = choice_facts(state, seat, cards)
    theirs = choice_facts(state, seat, answer)
    return [f for f in mine if f not in theirs], [f for f in theirs if f not in mine and f.kind != "pass_goes_to"]


# -- storing facts --------------------------------------------------------------------------------------------
def fact_json(fact: Fact) -> dict[str, Any]:
    """A fact as JSON: ``{"kind": …, "args": {…}}`` (cards as codes, suits as their names)."""
    args: dict[str, Any] = {}
    for key, value in fact.args:
        if isinstance(value, Card):
            args[key] = value.code
        elif isinstance(value, tuple):
            args[key] = [c.code for c in value]
        elif isinstance(value, Suit):
            args[key] = {"suit": value.name}
        else:
            args[key] = value
    return {"kind": fact.kind, "args": args}


def fact_from_json(data: dict[str, Any]) -> Fact:
    """The fact of :func:`fact_json` (not checked: :func:`~hearts_lessons.facts.check` it on its position)."""
    args: list[tuple[str, Any]] = []
    for key, value in data["args"].items():
        if isinstance(value, dict) and set(value) == {"suit"}:
            args.append((key, Suit[value["suit"]]))
        elif isinstance(value, list):
            args.append((key, tuple(Card.from_str(c) for c in value)))
        elif isinstance(value, str) and 2 <= len(value) <= 3 and value[-1] in "CDSH":
            args.append((key, Card.from_str(value)))
        else:
            args.append((key, value))
    return Fact(data["kind"], tuple(args))


def facts_hold(facts: Sequence[Fact], state: HandState) -> list[Fact]:
    """The facts that are *not* true of ``state`` (empty when every one holds)."""
    return [f for f in facts if not check(f, state)]


# -- words ----------------------------------------------------------------------------------------------------
def _cards(cards: Sequence[Card]) -> str:
    return join_words(c.symbol for c in cards)


def facts_text(facts: Sequence[Fact], *, seat: int, players: int = 4) -> str:
    """The facts as one clause list ("a; b; c"; :func:`~hearts_lessons.facts.clauses`)."""
    return clauses(f.words(players=players, you=seat) for f in facts)


def share_text(share: float, worlds: int) -> str:
    """A share of deals with its 95% interval (normal approximation, rounded up to at least 1%): ``32% (± 2%)``.

    >>> share_text(0.32, 2000), share_text(1.0, 2000)
    ('32% (± 2%)', '100% (± 1%)')
    """
    half = 1.96 * (share * (1 - share) / worlds) ** 0.5 if worlds else 0.0
    return f"{100 * share:.0f}% (± {max(1, round(100 * half))}%)"


def with_interval(mean: float, half: float) -> str:
    """A measured number of points with its 95% interval, to one decimal; to two when the interval is under 0.05
    but not zero (so that "± 0.0" is said only of a difference that was the same in every sampled deal).

    >>> with_interval(4.52, 0.286), with_interval(3.7, 0.031), with_interval(2.0, 0.0)
    ('4.5 ± 0.3', '3.70 ± 0.03', '2.0 ± 0.0')
    """
    if 0 < half < 0.05:
        return f"{mean:.2f} ± {max(half, 0.005):.2f}"
    return f"{mean:.1f} ± {half:.1f}"


def explanation(kind: str, answer: Sequence[Card], facts: Sequence[Fact], second: dict[str, Any], *, seat: int,
                players: int = 4) -> str:  # fmt: skip
    """``Play the A♠: <facts>. Against …, it saves 4.5 ± 0.3 points on average over the 8♠ (2,000 sampled
    deals).`` ``second`` is the second best choice's measured cost (:class:`~.recheck.Cost` as JSON)."""
    if not facts:
        raise ValueError("a puzzle needs at least one checked fact for its explanation")
    other = [Card.from_str(c) for c in second["cards"]]
    values = {"answer": _cards(answer), "facts": facts_text(facts, seat=seat, players=players), "other": _cards(other),
              "saving": with_interval(second["extra"], second["half_width"]), "worlds": f"{second['worlds']:,}"}
    if kind == "play":
        return tr("Play the {answer}: {facts}. Against players who play like the book's rule-based bot, it saves "
                  "{saving} points on average over the {other} ({worlds} sampled deals).", **values)
    return tr("Pass the {answer}: {facts}. Against players who play like the book's rule-based bot, it saves "
              "{saving} points on average over passing the {other} ({worlds} sampled deals).", **values)


def wrong_text(kind: str, cards: Sequence[Card], facts: Sequence[Fact], cost: dict[str, Any] | None,
               answer: Sequence[Card], *, seat: int, players: int = 4, alike: Sequence[Fact] = (),
               answer_facts: Sequence[Fact] = ()) -> str:  # fmt: skip
    """What happens after a wrong choice: its checked facts, then what it costs against the answer in the
    confirmation's deals (and how often it gives the seat the Q♠, or another seat the moon, when that share
    differs clearly from the answer's). ``cost`` is ``None`` for a pass the coach did not measure.

    For a card (:func:`compare_facts`): ``alike`` are the facts that say of it what the answer's say of the
    answer ("as with the 3♦: …"), ``facts`` those that tell it apart, ``answer_facts`` the answer's facts they
    are set beside ("…, while …")."""
    if kind == "play":
        what = tr("the {cards}", context="a card played", cards=_cards(cards))
        best = tr("the {cards}", context="a card played", cards=_cards(answer))
    else:
        what = tr("passing the {cards}", cards=_cards(cards))
        best = tr("passing the {cards}", cards=_cards(answer))
    words = facts_text(facts, seat=seat, players=players)
    theirs = facts_text(answer_facts, seat=seat, players=players)
    if words and theirs:
        if kind == "play":
            words = tr("{facts}, while with {best}: {theirs}", facts=words, best=best, theirs=theirs)
        else:
            words = tr("{facts}; {best} instead: {theirs}", facts=words, best=best, theirs=theirs)
    elif theirs:
        if kind == "play":
            words = tr("with {best}: {theirs}", best=best, theirs=theirs)
        else:
            words = tr("{best} instead: {theirs}", best=best, theirs=theirs)
    if alike:
        same = facts_text(alike, seat=seat, players=players)
        if words:
            head = tr("{what}, as with {best}: {alike}; but {facts}", what=what, best=best, alike=same, facts=words)
        else:
            head = tr("{what}, as with {best}: {alike}; nothing checked from your seat tells it apart from {best} "
                      "here", what=what, best=best, alike=same)
    else:
        head = tr("{what}: {facts}", what=what, facts=words) if words else what
    head = head[0].upper() + head[1:]
    if cost is None:
        return tr("{head}. The coach did not measure this pass (it tries only its candidate passes); its best is "
                  "{best}.", head=head, best=best)
    n = cost["worlds"]
    extras = []
    if _clearly_more(cost["queen"], cost["queen_answer"], n):
        extras.append(tr("; you take the Q♠ in {share} of them ({answer_share} after {best})",
                         share=share_text(cost["queen"], n), answer_share=share_text(cost["queen_answer"], n),
                         best=best))  # fmt: skip
    if _clearly_more(cost["moon_against"], cost["moon_answer"], n):
        extras.append(tr("; another player shoots the moon in {share} of them ({answer_share} after {best})",
                         share=share_text(cost["moon_against"], n), answer_share=share_text(cost["moon_answer"], n),
                         best=best))  # fmt: skip
    return tr("{head}. Over {worlds} sampled deals it costs {cost} points more on average than {best}{extras}.",
              head=head, worlds=f"{n:,}", cost=with_interval(cost["extra"], cost["half_width"]), best=best,
              extras="".join(extras))


def _clearly_more(share: float, other: float, worlds: int) -> bool:
    """Whether ``share`` is above ``other`` by more than both 95% intervals together (and 5 points or more)."""
    half = 1.96 * ((share * (1 - share) + other * (1 - other)) / worlds) ** 0.5 if worlds else 1.0
    return share - other > max(half, 0.05)
