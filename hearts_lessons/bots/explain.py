"""Sentences a learner understands, explaining a move from the position and the coach's numbers.

The reasons are read off the position (what is still out, who is void, who is winning the trick); the numbers
are the coach's averages over its sampled worlds. Both are facts of the position the seat can see: nothing
here looks at hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card, Suit, card_from_id
from ..table import seat_name
from .features import DEFEND_SHARE, Knowledge, bits, moon_threat, tables_for, trick_state

if TYPE_CHECKING:
    from .coach import Candidate

__all__ = ["moon_reason", "pass_reasons", "pass_sentence", "play_reasons", "play_sentence", "stakes_reason"]


def _suit_name(suit: int) -> str:
    return Suit(suit).english


def _names(cards: Sequence[Card]) -> str:
    symbols = [c.symbol for c in cards]
    if len(symbols) <= 1:
        return "".join(symbols)
    return ", ".join(symbols[:-1]) + " and " + symbols[-1]


def play_reasons(view: Knowledge, cid: int) -> list[str]:
    """Why playing the card ``cid`` makes sense here, as short clauses (may be empty)."""
    k = view.k
    t = tables_for(k)
    card = card_from_id(cid)
    suit = t.suit[cid]
    bit = 1 << cid
    unseen = view.unseen_mask
    big_out = t.big & unseen
    trick = trick_state(view, t)
    reasons: list[str] = []
    # every point so far to one seat: noticed at the rule-based player's share; the coach's rollouts expect that
    # seat to play for the moon (and the advice is to take a trick from it) only past THREAT_SHARE
    watched = moon_threat(view, t, share=DEFEND_SHARE)
    threat = moon_threat(view, t)
    if watched >= 0:
        shooter = seat_name(watched, view.players)
        if threat == watched and trick.winner == threat and suit == trick.lead_suit and (
            (cid & 15) + 2 > trick.winning_rank
        ):
            what = "this heart" if bit & t.points else "this trick"
            reasons.append(f"{shooter} may be shooting the moon: take {what} from {shooter} now")
        else:
            reasons.append(f"{shooter} has taken every point so far and may shoot the moon")
    if trick.lead_suit < 0:
        mine = view.hand_mask & k.suit_masks[suit]
        if big_out and bit & ~t.big and t.suit[big_out.bit_length() - 1] == suit and not mine & (t.big | t.catchers):
            queen = card_from_id(t.bottom(big_out))
            reasons.append(
                f"the {queen.symbol} is still out and you hold no {_suit_name(suit)[:-1]} above it, "
                f"so leading {_suit_name(suit)} can force it out (bleeding {_suit_name(suit)})"
            )
            return reasons
        out = unseen & k.suit_masks[suit]
        higher = (out & ~t.under[suit][(cid & 15) + 3]).bit_count()
        if higher and (out & t.under[suit][(cid & 15) + 2]).bit_count() == 0:
            reasons.append(
                f"{higher} higher {_suit_name(suit)} are still out and none lower, so your "
                f"{card.symbol} will not win the trick"
            )
        elif higher:
            reasons.append(
                f"{higher} higher {_suit_name(suit)} are still out, so a low {_suit_name(suit)[:-1]} "
                "is likely to lose the trick"
            )
        elif out:
            reasons.append(
                f"no {_suit_name(suit)[:-1]} still out can beat the {card.symbol}: you will win this "
                "trick, so make sure it holds no points"
            )
        if mine.bit_count() == 1:
            reasons.append(f"it leaves you void in {_suit_name(suit)}")
        elif mine.bit_count() == 2:
            reasons.append(f"it brings you closer to a void in {_suit_name(suit)}")
        return reasons
    winning = None
    for who, played, rank in view.current_trick:
        if who == trick.winner and t.suit[played] == trick.lead_suit and rank == trick.winning_rank:
            winning = card_from_id(played)
    winner_name = seat_name(trick.winner, view.players)
    if suit != trick.lead_suit:
        lead = _suit_name(trick.lead_suit)
        if bit & t.big:
            reasons.append(f"you are void in {lead}, so you can drop the {card.symbol} on {winner_name}'s trick")
        elif bit & t.catchers and big_out:
            queen = card_from_id(t.bottom(big_out))
            reasons.append(
                f"you are void in {lead}: get rid of the {card.symbol} while the {queen.symbol} is still "
                f"out, before it can catch the {queen.symbol}"
            )
        elif bit & t.points:
            reasons.append(f"you are void in {lead}, so you can give {winner_name} a point card")
        else:
            reasons.append(
                f"you are void in {lead}, so you can throw away the {card.symbol}, a card that could win a trick later"
            )
        return reasons
    if winning is not None and (cid & 15) + 2 < trick.winning_rank:
        if bit & t.big:
            reasons.append(f"the {winning.symbol} already wins the trick, so the {card.symbol} goes to {winner_name}")
        else:
            reasons.append(f"it stays under the {winning.symbol}: you duck and {winner_name} keeps the trick")
    elif trick.last:
        what = f"{trick.points:g} point{'' if trick.points == 1 else 's'}" if trick.points else "no points"
        below = t.under[suit][trick.winning_rank] if winning is not None else 0
        if view.hand_mask & k.suit_masks[suit] & below:
            reasons.append(f"you play last and take the trick ({what}) instead of ducking: you lead the next trick")
        else:
            reasons.append(
                f"you play last and must win the trick ({what}): use a high {_suit_name(suit)[:-1]} to get rid of it"
            )
    else:
        over = winning.symbol if winning else "winning card"
        below = t.under[suit][trick.winning_rank] if winning is not None else 0
        mine = view.hand_mask & k.suit_masks[suit]
        beaters = (unseen & k.suit_masks[suit] & ~t.under[suit][(cid & 15) + 3]).bit_count()
        if not mine & below:
            head = f"you hold no {_suit_name(suit)[:-1]} under the {over}, so you cannot duck"
        else:
            head = f"you go over the {over} instead of ducking"
        if beaters:
            reasons.append(f"{head}; {beaters} higher {_suit_name(suit)} still out may beat your {card.symbol}")
        else:
            reasons.append(
                f"{head}; no {_suit_name(suit)[:-1]} still out can beat your {card.symbol}: you win the trick"
            )
    if suit == Suit.SPADES and big_out and bit & t.catchers:
        queen = card_from_id(t.bottom(big_out))
        reasons.append(f"the {queen.symbol} is still out")
    return reasons


def stakes_reason(view: Knowledge) -> str:
    """Why the score changes the coach's choice near the end of a game (empty when it does not: see
    :func:`~hearts_lessons.bots.coach.game_stakes`)."""
    from .coach import game_stakes

    stakes = game_stakes(view)
    if stakes is None:
        return ""
    mine = stakes.totals[view.seat]
    end = f"the game ends at {stakes.target}"
    if mine > min(stakes.totals) and mine + stakes.loss >= stakes.target:
        return (f"with {mine:g} points, avoid any point: {end}, and a point that takes you there while you are "
                f"not in the lead loses it (the coach counts a lost game as {stakes.loss:g} more points)")  # fmt: skip
    if mine == min(stakes.totals):
        return (f"you lead with {mine:g} points and {end}: a hand that ends the game now wins it for you (the "
                f"coach counts a lost game as {stakes.loss:g} more points)")  # fmt: skip
    return f"{end}: the coach counts a lost game as {stakes.loss:g} more points"


def moon_reason(candidate: Candidate) -> str:
    """Why the coach goes for the moon (its moon line, ``plan="moon"``)."""
    return (
        f"you can take every point: keep the high hearts and win every trick (going for the moon from here "
        f"shot it in {candidate.moon_for:.0%} of the sampled deals)"
    )


def _tie(found: Sequence[Candidate]) -> Candidate | None:
    """The next best candidate, when it is equal to the first within the coach's uncertainty."""
    from .coach import within_noise

    if len(found) < 2:
        return None
    best = found[0]
    others = [c for c in found[1:] if set(c.cards) != set(best.cards)]
    if not others:
        return None
    second = min(others, key=lambda c: c.mean)
    return second if within_noise(second, best) else None


def _noise(found: Sequence[Candidate]) -> str:
    """When the chosen move is not the lowest average: why the coach keeps it."""
    pick = found[0]
    cheaper = min(found, key=lambda c: c.mean)
    if cheaper is pick or not pick.reference:
        return ""
    return (
        f" The {cheaper.label} averaged {cheaper.mean:.1f}, but its saving of {cheaper.saving:.1f} ± "
        f"{cheaper.saving_half_width:.1f} points is within the noise of {pick.worlds} deals, so the coach keeps "
        "the rule of thumb."
    )


def _equal(best: Candidate, second: Candidate) -> str:
    """``Either the 9♦ or the 7♦: about 14.2 points both …``: two candidates the coach cannot tell apart."""
    from .coach import paired

    diff, half = paired(second, best)
    both = (best.mean + second.mean) / 2
    return (
        f"Either the {best.label} or the {second.label}: about {_points(both)} both over {best.worlds} sampled "
        f"deals of the hidden cards (they differ by {_points(abs(diff))} ± {half:.1f}, within the coach's "
        "uncertainty)"
    )


def _points(value: float) -> str:
    """``1 point``, ``14.2 points``: an average in words."""
    return "1 point" if round(value, 1) == 1 else f"{value:.1f} points"


def _numbers(found: Sequence[Candidate]) -> str:
    best = found[0]
    if len(found) == 1:
        return f"It is your only sensible card: {best.mean:.1f} points expected."
    others = sorted((c for c in found[1:] if set(c.cards) != set(best.cards)), key=lambda c: c.mean)
    if not others:
        return f"It is your only sensible card: {best.mean:.1f} points expected."
    second, worst = others[0], others[-1]
    tie = _tie(found)
    if tie is not None:
        text = _equal(best, tie)
        if worst is not tie:
            text += f"; the worst, {worst.label}, costs {worst.mean:.1f}"
        return text + "."
    text = (f"Over {best.worlds} sampled deals of the hidden cards it costs you {best.mean:.1f} points on average; "
            f"the next best, {second.label}, costs {second.mean:.1f}")  # fmt: skip
    if worst is not second:
        text += f", and the worst, {worst.label}, {worst.mean:.1f}"
    return text + "." + _noise(found)


def play_sentence(view: Knowledge, found: Sequence[Candidate]) -> str:
    """``Play the K♠: <reasons>. <numbers>.`` The reason that drove the choice comes first: the moon line, a
    shooter to stop, the score near the end of the game; then what the position shows. When the next best card
    is equal within the coach's uncertainty, the sentence says so instead of ranking them."""
    best = found[0]
    card = best.cards[0]
    # the moon line wants every point: the reasons for avoiding points ("make sure it holds no points") do not
    # apply to it
    reasons = [moon_reason(best)] if best.plan == "moon" else play_reasons(view, card.id)
    stakes = stakes_reason(view)
    if stakes:
        reasons.insert(0, stakes)
    tie = _tie(found)
    name = f"the {card.symbol}"
    if tie is not None and tie.cards != best.cards:
        name += f" or the {tie.label}"
    head = f"Play {name}" + (": " + "; ".join(reasons) if reasons else "")
    return f"{head}. {_numbers(found)}"


def pass_reasons(view: Knowledge, ids: Sequence[int]) -> list[str]:
    """Why passing these cards (ids) makes sense, as short clauses."""
    k = view.k
    t = tables_for(k)
    hand = view.hand_mask
    chosen = 0
    for cid in ids:
        chosen |= 1 << cid
    keep = hand & ~chosen
    reasons: list[str] = []
    for suit in range(4):
        mine = hand & k.suit_masks[suit]
        if mine and not keep & k.suit_masks[suit]:
            cards = _names([card_from_id(c) for c in bits(mine)])
            if keep & t.big:
                dump = f"drop the {card_from_id(t.bottom(keep & t.big)).symbol}"
            else:
                dump = "discard hearts and high cards"
            reasons.append(
                f"passing {cards} leaves you void in {_suit_name(suit)}, so you can {dump} when "
                f"{_suit_name(suit)} are led"
            )
    for cid in bits(chosen & t.big):
        guards = (hand & t.under[t.suit[cid]][(cid & 15) + 2]).bit_count()
        reasons.append(f"the {card_from_id(cid).symbol} has only {guards} lower {_suit_name(t.suit[cid])} to guard it")
    for cid in bits(keep & t.big):
        guards = (hand & t.under[t.suit[cid]][(cid & 15) + 2]).bit_count()
        reasons.append(f"keep the {card_from_id(cid).symbol}: {guards} lower {_suit_name(t.suit[cid])} guard it")
    catchers = [card_from_id(c) for c in bits(chosen & t.catchers)]
    if catchers and not chosen & t.big:
        queen = card_from_id(t.bottom(t.big)) if t.big else None
        target = f"the {queen.symbol}" if queen else "a big penalty card"
        reasons.append(f"the {_names(catchers)} could be forced to win {target}")
    high_hearts = [card_from_id(c) for c in bits(chosen & t.points) if (c & 15) + 2 >= 11]
    if high_hearts:
        reasons.append(f"high point cards like the {_names(high_hearts)} win tricks full of points")
    return reasons


def pass_sentence(view: Knowledge, found: Sequence[Candidate], reference: Sequence[Card] = ()) -> str:
    """``Pass the …: <reasons>. <numbers>.``"""
    best = found[0]
    reasons = pass_reasons(view, [c.id for c in best.cards])
    stakes = stakes_reason(view)
    if stakes:
        reasons.insert(0, stakes)
    tie = _tie(found)
    head = f"Pass the {_names(list(best.cards))}"
    if tie is not None:
        head += f" or the {_names(list(tie.cards))}"
    text = head + (": " + "; ".join(reasons) + ". " if reasons else ". ")
    if tie is not None:
        return text + _equal(best, tie) + "."
    text += f"Over {best.worlds} sampled deals this pass costs you {best.mean:.1f} points on average"
    ref = next((c for c in found if set(c.cards) == set(reference)), None) if reference else None
    if ref is not None and ref is not best:
        text += f"; the rule-of-thumb pass ({ref.label}) costs {ref.mean:.1f}"
    elif len(found) > 1:
        second = min(found[1:], key=lambda c: c.mean)
        text += f"; the next best ({second.label}) costs {second.mean:.1f}"
    return text + "." + _noise(found)
