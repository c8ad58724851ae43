"""The predicates of the coach's fact kinds (:mod:`hearts_lessons.facts.coach`): each true where the cards say so
and false where they do not, on built positions and on seeded ones."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_lessons.bots.explain import play_facts
from hearts_lessons.bots.features import bits
from hearts_lessons.cards import Card, Suit, parse_cards
from hearts_lessons.facts import FactError, check, make
from hearts_lessons.state import HandState

from .coach_positions import decisions
from .coach_positions import first_trick as _first_trick

C = Card.from_str
DEAL = ["2C 5C 9C QS 3S AH 4H 6H 8D TD JD KD AD", "3C 4C 6C 7C 8C TC JC QC KC AC 2D 3D 4D",
        "5D 6D 7D 9D QD 2S 4S 5S 6S 7S 8S 9S TS", "JS KS AS 2H 3H 5H 7H 8H 9H TH JH QH KH"]  # fmt: skip


def _holds(kind: str, pos: object, **args: object) -> bool:
    try:
        make(kind, pos, **args)
    except FactError:
        return False
    return True


def _moon() -> HandState:
    """West has taken three hearts and the Q♠ (16 points); South, last, holds the K♥ over West's 4♥ lead."""
    s = HandState.from_cards("KH 5H 2D 3D; AC AS 4H 4D; QS 2H 5D 6D; 2S 3H 7D 8D", hold=True, trick_number=9,
                             hearts_broken=True, leader=1)  # fmt: skip
    for card in ["AC", "2H", "3H", "5H", "AS", "QS", "2S", "2D", "4H", "5D", "7D"]:
        s.play(card)
    return s


def test_moon_facts() -> None:
    s = _moon()
    assert _holds("moon_watch", s, seat=0, shooter=1, points=16)
    assert not _holds("moon_watch", s, seat=0, shooter=1, points=15)
    assert not _holds("moon_watch", s, seat=0, shooter=2, points=16)
    assert not _holds("moon_watch", s, seat=1, shooter=1, points=16)  # not a watch on oneself
    assert _holds("stops_moon", s, seat=0, card="KH", shooter=1)
    assert not _holds("stops_moon", s, seat=0, card="KH", shooter=2)
    assert not _holds("moon_open", s, seat=0) and _holds("moon_open", s, seat=1)
    assert _holds("moon_open", HandState.deal(seed=1), seat=0)


def test_trick_facts() -> None:
    s = _first_trick()
    assert _holds("stays_under", s, seat=0, card="TC", winning="QC", winner=2)
    assert not _holds("stays_under", s, seat=0, card="KC", winning="QC", winner=2)
    assert not _holds("stays_under", s, seat=0, card="TC", winning="QC", winner=1)
    assert _holds("overtakes", s, seat=0, card="KC", winning="QC") and _holds("takes_trick", s, seat=0, card="KC")
    assert not _holds("none_below", s, seat=0, suit=Suit.CLUBS, winning="QC")  # the 10♣ is below
    assert _holds("none_below", s, seat=0, suit=Suit.CLUBS, winning="9C")
    assert _holds("out_above", s, seat=0, card="KC", cards=["AC"])
    assert not _holds("out_above", s, seat=0, card="KC", cards=["AC", "JC"])
    assert not _holds("out_above", s, seat=0, card="TC", cards=["AC"])  # the J♣ is out too
    assert not _holds("all_out_above", s, seat=0, card="TC", suit=Suit.CLUBS)  # not a lead
    assert not _holds("cancels", s, seat=0, card="TC")  # one deck


def test_lead_facts() -> None:
    b = HandState.from_cards("3S 7S 5D 2C; QS 3C 4C 5C; AS 6C 7C 8C; KS 9C TC JC", hold=True, trick_number=2,
                             leader=0, hearts_broken=True, check=False)  # fmt: skip
    assert _holds("bleeds", b, seat=0, card="3S", big="QS", suit=Suit.SPADES)
    assert not _holds("bleeds", b, seat=0, card="5D", big="QS", suit=Suit.SPADES)
    h = HandState.from_cards("AS 3S 5D 2C; QS 3C 4C 5C; 2S 6C 7C 8C; KS 9C TC JC", hold=True, trick_number=2,
                             leader=0, hearts_broken=True, check=False)  # fmt: skip
    assert not _holds("bleeds", h, seat=0, card="3S", big="QS", suit=Suit.SPADES)  # the A♠ could take it
    s = HandState.from_cards(DEAL, hold=True)
    s.play("2C")
    s.play("3C")
    s.play("5D")
    s.play("JS")  # West's 3♣ won: West leads, and every club still out ranks above its 4♣
    assert _holds("all_out_above", s, seat=1, card="4C", suit=Suit.CLUBS)
    assert not _holds("all_out_above", s, seat=1, card="TC", suit=Suit.CLUBS)
    assert not _holds("all_out_above", s, seat=0, card="5C", suit=Suit.CLUBS)  # not South's turn


def test_none_out_on_seeded_leads() -> None:
    """A lead of a suit of which no other card is out (every one held or played): none_out holds exactly then."""
    seen = {True: 0, False: 0}
    for d in decisions(12):
        s = d.state
        if d.kind != "play" or s._trick:
            continue
        view = s.view(d.seat)
        for card in view.legal:
            nobody = not view.unseen_mask & s.k.suit_masks[card.suit]
            assert _holds("none_out", s, seat=d.seat, card=card, suit=card.suit) == nobody
            seen[nobody] += 1
    assert seen[True] and seen[False]


def test_pass_facts() -> None:
    s = HandState.from_cards(DEAL)
    clubs = parse_cards("2C 5C 9C")
    assert _holds("pass_empties", s, seat=0, cards=clubs, suit=Suit.CLUBS)
    assert not _holds("pass_empties", s, seat=0, cards=clubs[:2], suit=Suit.CLUBS)
    assert _holds("drop_when_void", s, seat=0, passed=clubs, suit=Suit.CLUBS, big="QS")
    assert not _holds("drop_when_void", s, seat=0, passed=parse_cards("QS 2C 5C"), suit=Suit.CLUBS, big="QS")
    queen = parse_cards("QS AH AD")
    assert _holds("passes_with_below", s, seat=0, passed=queen, card="QS", cards=["3S"])
    assert not _holds("passes_with_below", s, seat=0, passed=clubs, card="QS", cards=["3S"])
    assert _holds("passes_unguarded", s, seat=0, passed=parse_cards("3S AH AD"), card="3S", suit=Suit.SPADES)
    assert not _holds("passes_unguarded", s, seat=0, passed=queen, card="QS", suit=Suit.SPADES)
    hearts = parse_cards("AH 4H 6H")
    assert _holds("keeps_with_below", s, seat=0, passed=hearts, card="QS", cards=["3S"])
    assert not _holds("keeps_with_below", s, seat=0, passed=parse_cards("3S AH AD"), card="QS", cards=["3S"])
    assert _holds("keeps_unguarded", s, seat=0, passed=parse_cards("3S AH AD"), card="QS", suit=Suit.SPADES)
    assert not _holds("keeps_unguarded", s, seat=0, passed=hearts, card="QS", suit=Suit.SPADES)
    assert _holds("passes_above_big", s, seat=3, cards=["KS", "AS"], big="QS")
    assert not _holds("passes_above_big", s, seat=3, cards=["JS"], big="QS")
    assert not _holds("passes_above_big", s, seat=0, cards=["AH"], big="QS")
    assert _holds("passes_high_points", s, seat=0, cards=["AH"], count=1)
    assert not _holds("passes_high_points", s, seat=0, cards=["4H"], count=1)
    assert not _holds("passes_high_points", s, seat=0, cards=["AD"], count=1)


def test_score_facts() -> None:
    s = HandState.deal(seed=2, totals_before=[99, 50, 60, 70])
    assert _holds("total_before", s, seat=0, points=99, target=100)
    assert not _holds("total_before", s, seat=0, points=98, target=100)
    assert _holds("points_end_game", s, seat=0, points=1) and not _holds("points_end_game", s, seat=0, points=2)
    assert _holds("points_end_game", s, seat=1, points=50)
    assert _holds("lowest_total", s, seat=1) and not _holds("lowest_total", s, seat=0)
    assert _holds("not_lowest_total", s, seat=0) and not _holds("not_lowest_total", s, seat=1)
    fresh = HandState.deal(seed=2)  # every total 0: all are the lowest
    assert _holds("lowest_total", fresh, seat=0) and not _holds("not_lowest_total", fresh, seat=0)


def test_cancels_on_a_seeded_cancellation_hand() -> None:
    """Cancellation Hearts (two decks): a card identical to the one card on the table cancels it; any other does
    not. Found in the seeded hands the coach's words are checked on."""
    found = 0
    for d in decisions(44):
        s = d.state
        if d.kind != "play" or not s.k.multi_deck or not s._trick:
            continue
        for cid in bits(s.view(d.seat).legal_mask):
            twins = [c for _, c, _ in s._trick if c & 63 == cid & 63]
            card = next(c for c in s.hand(d.seat) if c.id == cid)
            assert _holds("cancels", s, seat=d.seat, card=card) == (len(twins) == 1)
            found += len(twins) == 1
    assert found >= 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 400))
def test_a_followed_card_either_stays_under_or_beats(seed: int, pick: int) -> None:
    """On a seeded position (one deck), a card of the suit led stays under the winning card or takes the lead of
    the trick from it, never both; the facts the coach says of it say the same."""
    plays = [d for d in decisions(1, first_seed=seed) if d.kind == "play" and d.state._trick]
    if not plays or plays[0].state.k.multi_deck:
        return
    d = plays[pick % len(plays)]
    s, seat = d.state, d.seat
    from hearts_lessons.facts import _winning_now

    best = _winning_now(s)
    assert best is not None
    for cid in bits(s.view(seat).legal_mask):
        card = next(c for c in s.hand(seat) if c.id == cid)
        if s.k.suit_of[cid] != s.lead_suit:
            continue
        win = C(_code(best[1]))
        under = _holds("stays_under", s, seat=seat, card=card, winning=win, winner=best[0])
        over = _holds("overtakes", s, seat=seat, card=card, winning=win) or _holds("takes_trick", s, seat=seat,
                                                                                    card=card)  # fmt: skip
        assert under != over
        kinds = {f.kind for f in play_facts(s.view(seat), card)}
        assert ("stays_under" in kinds) == under and bool(kinds & {"overtakes", "takes_trick"}) == over
        assert all(check(f, s) for f in play_facts(s.view(seat), card))


def _code(cid: int) -> str:
    from hearts_lessons.cards import card_from_id

    return card_from_id(cid).code


@pytest.mark.parametrize("kind", ["stays_under", "overtakes"])
def test_an_unknown_card_is_not_a_fact(kind: str) -> None:
    s = _first_trick()
    args = {"winner": 2} if kind == "stays_under" else {}
    assert not _holds(kind, s, seat=0, card="AS", winning="QC", **args)  # South does not hold the A♠


def test_core_play_facts_the_coach_uses() -> None:
    """The core kinds the coach says (:mod:`hearts_lessons.facts`): true and false cases."""
    s = HandState.from_cards("KH 4D; 2H 5D; 3H 6D; 9S 7D", hold=True, trick_number=11, leader=1, hearts_broken=True)
    for code in ("2H", "3H", "9S"):
        s.play(code)
    assert _holds("trick_points", s, seat=0, card="KH", points=3)  # the seat's own heart counts
    assert not _holds("trick_points", s, seat=0, card="KH", points=2)
    assert _holds("winning", s, winner=2, winning="3H") and not _holds("winning", s, winner=1, winning="2H")
    assert _holds("takes_trick", s, seat=0, card="KH") and _holds("plays_last", s, seat=0)
    assert _holds("void_after", s, seat=0, cards=["KH"], suit=Suit.HEARTS)
    assert not _holds("void_after", s, seat=0, cards=["KH"], suit=Suit.DIAMONDS)
    t = _first_trick()
    assert not _holds("discards", t, seat=0, card="3D", suit=Suit.CLUBS)  # South holds clubs
    assert _holds("out", t, seat=0, card="AC") and not _holds("out", t, seat=0, card="KC")  # in its own hand
    assert _holds("out", t, seat=0, card="QS") and not _holds("out", t, seat=0, card="QC")  # the Q♣ is played
    d = HandState.from_cards(DEAL, hold=True)
    d.play("2C")
    d.play("3C")
    assert _holds("discards", d, seat=2, card="QD", suit=Suit.CLUBS)  # North has no club
    assert not _holds("discards", d, seat=2, card="QD", suit=Suit.DIAMONDS)
    lead = HandState.from_cards(DEAL, hold=True, leader=1, check=False)
    assert _holds("none_higher_out", lead, seat=1, card="AC", suit=Suit.CLUBS)
    assert _holds("none_higher_out", lead, seat=1, card="KC", suit=Suit.CLUBS)  # West holds the A♣ itself
    assert not _holds("none_higher_out", lead, seat=1, card="8C", suit=Suit.CLUBS)  # South's 9♣ is out for West
