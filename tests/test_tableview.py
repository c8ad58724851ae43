"""The card table's view model (``hearts_lessons.tableview``): what one seat sees, straight from the engine.

For 3 to 7 players and every preset: the names make sense for the count, the counts and flags are the state's,
the playable flags are exactly ``legal_plays`` and every reason is the engine's own, the hand is sorted as
players sort, each trick card sits in front of its player and the winner is marked. The model is JSON.
"""

from __future__ import annotations

import json
import random

import pytest
from play_helpers import MOON_DEAL

from hearts_lessons.cards import Card, parse_cards, sort_hand
from hearts_lessons.rules import STANDARD
from hearts_lessons.seats import seat_name
from hearts_lessons.state import HandState, Phase
from hearts_lessons.tableview import card_code, hand_view, open_view, positions, table_view, trick_view
from hearts_lessons.variants import PRESETS

CASES = [(key, n) for key, preset in PRESETS.items() for n in preset.players]


def advance(state: HandState, rng: random.Random, plays: int) -> HandState:
    """Pass the lowest cards everywhere, then play ``plays`` random legal cards."""
    while state.phase is Phase.PASSING:
        seat = state.to_pass[0]
        offered = [c for c in state.hand(seat) if state.why_not_pass(seat, c) is None]
        state.pass_cards(seat, offered[: state.cards_to_pass])
    for _ in range(plays):
        if state.phase is not Phase.PLAYING:
            break
        state.play(rng.choice(state.legal_plays()))
    return state


@pytest.mark.parametrize(("key", "players"), CASES)
def test_the_model_is_the_engines_state(key: str, players: int) -> None:
    rules = PRESETS[key].build(players)
    rng = random.Random(players)
    state = HandState.deal(rules, seed=11)
    for plays in (0, 7, 2 * players + 1):
        advance(state, rng, plays - len(state.actions) if plays else 0)
        seat = state.to_play if state.phase is Phase.PLAYING else 0
        view = table_view(state, seat=seat, totals=[0] * players)
        json.dumps(view)  # JSON-able, as a synced trait must be
        seats = view["seats"]
        assert [s["seat"] for s in seats] == list(range(players))
        assert seats[seat]["name"] == "You" and seats[seat]["y"] == 1.0 and seats[seat]["x"] == 0.5
        others = [s["name"] for s in seats if s["seat"] != seat]
        assert others == [seat_name(s, players) for s in range(players) if s != seat]
        if players != 4:
            assert not {"South", "West", "North", "East"} & set(others)
        for s in seats:
            assert s["count"] == state.hand_mask(s["seat"]).bit_count()
            assert s["tricks"] == state.tricks_won(s["seat"])
            assert s["dealer"] == (s["seat"] == state.dealer)
            assert s["voids"] == [v.symbol for v in state.voids(s["seat"])]
        hand = state.hand(seat)
        cards = view["hand"]["cards"]
        assert [c["code"] for c in cards] == [card_code(c) for c in sort_hand(hand)]
        assert len({c["code"] for c in cards}) == len(cards)  # codes are unique, even with two decks
        if state.phase is Phase.PLAYING:
            assert view["hand"]["mode"] == "play"
            assert [c["code"] for c in cards if c["playable"]] == [card_code(c) for c in state.legal_plays(seat)]
            for entry, card in zip(cards, sort_hand(hand), strict=True):
                assert entry["reason"] == state.why_not(card, seat)
                if entry["reason"]:
                    assert entry["label"] == f"{card.name} — not playable: {entry['reason']}"
            trick = view["trick"]
            if state.current_trick:
                assert [p["seat"] for p in trick["plays"]] == [s for s, _ in state.current_trick]
                assert not trick["complete"] and not any(p["winner"] for p in trick["plays"])
            assert view["turn"] == state.to_play and seats[state.to_play]["turn"]
        assert view["hearts_broken"] == state.hearts_broken


def test_passing_shows_the_choice_the_reasons_and_the_arrow() -> None:
    state = HandState.deal(seed=3)
    chosen = state.hand(0)[:2]
    view = table_view(state, selected=chosen)
    assert view["hand"]["mode"] == "pass"
    assert view["pass"] == {"count": 3, "to": 1, "arrow": "←", "words": "to the left (West)", "chosen": 2}
    assert "pass 3 cards to the left (West)" in view["status"]
    assert [c["selected"] for c in view["hand"]["cards"]][:3] == [True, True, False]
    assert view["hand"]["cards"][0]["label"] == f"{chosen[0].name} — chosen to pass (click to put it back)"
    # a card that may not be passed (Black Maria with a rule against it is not needed: build one)
    rules = STANDARD.with_options(unpassable=frozenset({Card.from_str("QS")}))
    state = HandState.deal(rules, seed=3)
    view = table_view(state)
    for entry, card in zip(view["hand"]["cards"], state.hand(0), strict=True):
        reason = state.why_not_pass(0, card)
        assert entry["reason"] == reason and entry["playable"] == (reason is None)


@pytest.mark.parametrize(("players", "direction", "arrow"), [(4, 1, "←"), (4, 3, "→"), (4, 2, "↑"), (6, 3, "↑")])
def test_the_arrow_points_at_the_receiving_seat(players: int, direction: int, arrow: str) -> None:
    x = positions(players)[direction][0]
    assert (x < 0.4, x > 0.6) == (arrow == "←", arrow == "→")


def test_a_finished_trick_stays_marked_until_the_next_lead() -> None:
    state = HandState.from_cards(MOON_DEAL, STANDARD, hold=True)
    while len(state.tricks) < 1:
        state.play(state.legal_plays()[0])
    last = state.tricks[-1]
    view = table_view(state)
    trick = view["trick"]
    assert trick["complete"] and trick["winner"] == last.winner
    assert [p["winner"] for p in trick["plays"]] == [s == last.winner for s, _ in last.plays]
    assert view["last_trick"]["plays"] == trick["plays"]
    assert table_view(state, show_completed=False)["trick"] is None
    state.play(state.legal_plays()[0])
    assert not table_view(state)["trick"]["complete"]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_seats_sit_around_the_oval(players: int) -> None:
    spots = positions(players)
    assert spots[0][:2] == (0.5, 1.0)
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y, _ in spots)
    assert spots[1][0] < 0.5  # play goes clockwise: the next seat is on the viewer's left
    assert len({(x, y) for x, y, _ in spots}) == players
    assert positions(players, viewer=2)[2][:2] == (0.5, 1.0)


def test_open_deal_shows_every_hand_with_the_movers_reasons() -> None:
    state = HandState.from_cards(MOON_DEAL, STANDARD, hold=True)
    view = open_view(state, seat=0)
    mover = state.to_play
    for seat in view["seats"]:
        if seat["seat"] == 0:
            assert seat["cards"] is None  # the bottom seat's hand is the hand row
            continue
        assert [c["code"] for c in seat["cards"]] == [c.code for c in state.hand(seat["seat"])]
        playable = [c["code"] for c in seat["cards"] if c["playable"]]
        assert playable == ([c.code for c in state.legal_plays()] if seat["seat"] == mover else [])
    assert view["hand"]["mode"] == "play"


def test_a_hand_and_a_trick_on_their_own() -> None:
    view = hand_view(parse_cards("AH 2C QS 10D"), selected=parse_cards("QS"), mode="choose")
    assert view["kind"] == "hand" and [c["short"] for c in view["hand"]["cards"]] == ["2♣", "10♦", "Q♠", "A♥"]
    assert [c["selected"] for c in view["hand"]["cards"]] == [False, False, True, False]
    assert view["hand"]["label"] == "Your hand: 4 cards"
    plays = list(zip(range(4), parse_cards("2C AC 3C KC"), strict=True))
    view = trick_view(plays, 4, winner=1, caption="Trick 1")
    assert view["kind"] == "trick" and [p["winner"] for p in view["trick"]["plays"]] == [False, True, False, False]
    assert view["trick"]["label"] == "Trick 1: South: 2♣, West: A♣, North: 3♣, East: K♣; West takes it"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_position_nobody_dealt_marks_no_dealer(players: int) -> None:
    state = advance(HandState.deal(STANDARD.with_options(players=players), seed=5, dealer=players - 1),
                    random.Random(5), 3)  # fmt: skip
    dealt, seat = table_view(state), state.to_play
    assert dealt["dealer"] == players - 1 and dealt["seats"][players - 1]["dealer"]
    assert "dealer" in dealt["seats"][players - 1]["label"] and "dealer" in dealt["status"]
    for view in (table_view(state, seat=seat, dealer=False), open_view(state, seat=seat, dealer=False)):
        assert view["dealer"] is None and not any(s["dealer"] for s in view["seats"])
        assert not any("dealer" in s["label"] for s in view["seats"]) and "deal" not in view["status"]
        # everything else is the dealt view's
        assert [s["count"] for s in view["seats"]] == [s["count"] for s in table_view(state, seat=seat)["seats"]]
    assert table_view(state, seat=seat, dealer=False)["status"] == "your turn"
    assert open_view(state, seat=seat, dealer=False)["status"] == f"{seat_name(seat, players)} to play"


@pytest.mark.parametrize(("key", "players"), [("standard", 4), ("standard", 3), ("black_maria", 3), ("omnibus", 4),
                                              ("cancellation", 6), ("hi_lo_joker", 3)])  # fmt: skip
def test_the_cards_each_seat_took_are_piles_by_suit_that_add_up(key: str, players: int) -> None:
    rules = PRESETS[key].build(players)
    state = advance(HandState.deal(rules, seed=3), random.Random(3), 6 * players)
    assert all(s["taken"] is None for s in table_view(state)["seats"])  # only asked for
    for view in (table_view(state, taken=True), open_view(state, taken=True)):
        for seat in view["seats"]:
            taken = state.taken(seat["seat"])
            piles = seat["taken"]["piles"]
            assert sum(p["count"] for p in piles) == len(taken) == seat["taken"]["count"]
            for pile in piles:
                if pile["suit"] == "*":
                    continue
                mine = sort_hand(c for c in taken if c.suit.letter == pile["suit"] and not c.is_joker)
                assert pile["count"] == len(mine) and pile["ranks"] == " ".join(c.rank.label for c in mine)
                assert pile["red"] == (pile["suit"] in "DH")
            named = [c.symbol for c in sort_hand(taken) if c.is_joker or abs(rules.points_of(c)) > 1
                     or (rules.ten_of_clubs_multiplier != 1 and c.code == "TC")]  # fmt: skip
            assert seat["taken"]["named"] == named
            assert seat["taken"]["label"] in seat["label"]  # a screen reader hears them too
    json.dumps(view)


def test_the_middle_names_who_leads_and_nothing_while_a_trick_is_on() -> None:
    state = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=1, trick_number=11,
                                 hearts_broken=True)  # fmt: skip
    assert table_view(state, seat=1)["lead"] == "Your lead"
    assert table_view(state, seat=0)["lead"] == "West leads"
    assert table_view(state, seat=0, names=["Ann", "Bo", "Cy", "Di"])["lead"] == "Bo leads"
    assert open_view(state, seat=1)["lead"] == "West leads"  # nobody is "you" at an open table
    state.play("QH")
    assert table_view(state, seat=0)["lead"] is None  # the trick is on: its cards are in the middle
    passing = HandState.deal(STANDARD, seed=1)
    assert passing.phase is Phase.PASSING and table_view(passing)["lead"] is None


def test_once_the_hand_is_scored_the_plates_say_what_each_seat_scored() -> None:
    """During play a plate says the points a seat has taken; after a moon those would contradict the score (the
    shooter took 26 and scores 0), so a finished hand's plates say the score, as the result does."""
    state = HandState.from_cards(MOON_DEAL, STANDARD, hold=True)
    while state.phase is Phase.PLAYING:
        state.play(max(state.legal_plays(), key=lambda c: c.id) if state.to_play == 0 else state.legal_plays()[0])
    score = state.score
    assert score is not None and score.shooter == 0
    seats = table_view(state, totals=score.points)["seats"]
    assert [s["points"] for s in seats] == ["26 points", "0 points", "0 points", "0 points"]  # what each took
    assert [s["scored"] for s in seats] == ["scored 0", "scored 26", "scored 26", "scored 26"]
    assert "scores 0 this hand" in seats[0]["label"] and "26 points" not in seats[0]["label"]
    playing = HandState.from_cards(MOON_DEAL, STANDARD, hold=True)  # a hand in play has no score yet
    assert all(s["scored"] is None for s in table_view(playing)["seats"])


def test_the_plates_do_not_show_a_kitty_another_seat_took_face_down() -> None:
    """Kitty Hearts: while the hand is played, the plate of a seat that took the kitty counts only what the viewer
    may see (only the taker looks at the kitty); the taker's own view, and every view once the play is over, count
    it too."""
    from hearts_lessons.playout import random_pass
    from hearts_lessons.scoring import points_words
    from hearts_lessons.variants import PRESETS

    rules = PRESETS["kitty"].rules
    found = 0
    for seed in range(40):
        s = HandState.deal(rules, seed=seed)
        rng = random.Random(seed)
        random_pass(s, rng)
        while s.phase is Phase.PLAYING and s.hole_owner is None:
            s.play(rng.choice(s.legal_plays()))
        owner = s.hole_owner
        kitty = sum((rules.points_of(c) for c in s.hole_cards), start=0)
        if owner in (None, 0) or not kitty or s.phase is not Phase.PLAYING:
            continue
        found += 1
        plates = {e["seat"]: e for e in table_view(s, seat=0)["seats"]}
        assert plates[owner]["points"] == points_words(s.points_taken(owner) - kitty)
        assert table_view(s, seat=0)["hole"]["label"] == f"Kitty: taken by {plates[owner]['name']}"
        mine = {e["seat"]: e for e in table_view(s, seat=owner)["seats"]}
        assert mine[owner]["points"] == points_words(s.points_taken(owner))
        assert table_view(s, seat=owner)["hole"]["label"] == "Kitty: you took it"  # beside the plate "You"
        while s.phase is Phase.PLAYING:
            s.play(rng.choice(s.legal_plays()))
        final = {e["seat"]: e for e in table_view(s, seat=0)["seats"]}
        assert final[owner]["points"] == points_words(s.points_taken(owner))  # the play is over: seen by all
    assert found >= 3
