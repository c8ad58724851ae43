"""Lesson 1's trick playground on the card table: every hand open, the engine's flags and reasons, clicks."""

from __future__ import annotations

import html
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.cards import Card
from hearts_lessons.explain import explain_trick
from hearts_lessons.rules import STANDARD, PassDirection
from hearts_lessons.seats import seat_name
from hearts_lessons.state import HandState, Phase, Trick
from hearts_lessons.tableview import table_view
from hearts_lessons.widgets.trick import TrickPlayground


def _agrees(pg: TrickPlayground) -> None:
    """The table's model says what the engine says: every hand face up, the player to move's cards lifted
    exactly when legal, each other card with the engine's reason."""
    state: HandState = pg.state
    view = pg.cards.view
    turn = state.to_play
    legal = {c.code for c in state.legal_plays()}
    assert view["kind"] == "table" and view["turn"] == turn
    hands = {0: pg.cards.cards()} | {s["seat"]: s["cards"] for s in view["seats"] if s["seat"] != 0}
    for seat, cards in hands.items():
        assert sorted(c["code"] for c in cards) == sorted(c.code for c in state.hand(seat))
        for entry in cards:
            card = Card.from_str(entry["code"])
            assert entry["reason"] == state.why_not(card, seat)
            assert entry["playable"] == (seat == turn and entry["code"] in legal)


def test_the_playground_shows_every_hand_open_and_agrees_with_the_engine() -> None:
    pg = TrickPlayground(seed=2024, cards_each=5)
    assert pg.message.text == "Click a card of the player to move."
    assert all(s["cards"] is not None for s in pg.cards.view["seats"] if s["seat"] != 0)
    _agrees(pg)
    for _ in range(4):  # a whole trick, clicked at the table
        seat = pg.state.to_play
        pg.cards.click(pg.state.legal_plays()[0].code, seat)
        _agrees(pg)
    assert "wins the trick" in pg.message.text and pg.message.kind == "ok"
    trick = pg.cards.view["trick"]
    assert trick["complete"] and len(trick["plays"]) == 4 and "The trick:" in trick["label"]
    assert pg.story.value and pg.cards.action("next")["enabled"]  # type: ignore[index]
    pg.cards.press("next")
    assert pg.cards.view["trick"] is None and not pg.cards.action("next")["enabled"]  # type: ignore[index]


def test_refusals_are_said_at_the_table_with_the_engines_reason() -> None:
    pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
    pg.cards.click("3S", 2)  # North's card while South is to lead
    assert pg.message.text == "It is South's turn, not North's." and pg.message.kind == "error"
    pg.cards.click("4D", 0)
    assert pg.message.text == "South played the 4♦." and pg.state.to_play == 1
    pg.cards.click("QH", 1)
    pg.cards.click("3S", 2)
    assert pg.message.text == pg.state.why_not(Card.from_str("3S"), 2) == "you must follow ♦: you still hold diamonds"
    assert pg.message.kind == "error" and len(pg.state.current_trick) == 2
    north = next(s for s in pg.cards.view["seats"] if s["seat"] == 2)
    assert [c["playable"] for c in north["cards"]] == [c.code == "TD" for c in pg.state.hand(2)]


def test_undo_next_and_new_deal_are_table_buttons() -> None:
    pg = TrickPlayground(seed=3, cards_each=4)
    pg.cards.press("undo")
    assert "nothing to undo" in pg.message.text
    first = pg.state.legal_plays()[0]
    pg.click(pg.state.to_play, first)
    assert pg.cards.action("undo")["enabled"]  # type: ignore[index]
    pg.cards.press("undo")
    assert pg.message.text == f"Took back the {first.symbol}." and not pg.state.actions
    before = [pg.state.hand(s) for s in range(4)]
    pg.cards.press("deal")
    assert pg.seed == 4 and [pg.state.hand(s) for s in range(4)] != before
    pg.broken.value = True
    assert pg.state.hearts_broken and "hearts are broken" in pg.cards.view["status"]


def test_the_old_button_interface_still_clicks_through_the_table() -> None:
    pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
    pg.button_for(0, "4D").click()
    assert pg.state.current_trick == [(0, Card.from_str("4D"))]


def _tricks(state: HandState, rng: random.Random) -> list[Trick]:
    """Play ``state`` out with random legal cards; every finished trick."""
    while state.phase is Phase.PLAYING:
        state.play(rng.choice(state.legal_plays()))
    return list(state.tricks)


def _named(text: str, names: set[str]) -> set[str]:
    """Which seat names of every kind (compass points, ``Player n``, ``You``) the text uses."""
    every = {seat_name(s, n) for n in range(3, 8) for s in range(n)} | {"You", "you", "your"}
    return {word for word in every | names if re.search(rf"\b{re.escape(word)}\b", text)}


def test_the_playgrounds_explanation_names_the_seats_as_its_table_does() -> None:
    pg = TrickPlayground(seed=7, cards_each=5)
    for _ in range(3):  # three whole tricks, clicked at the table
        for _ in range(4):
            pg.cards.click(pg.state.legal_plays()[0].code, pg.state.to_play)
        view = pg.cards.view
        names = {seat["name"] for seat in view["seats"]}
        story = html.unescape(re.sub(r"<[^>]+>", "", pg.story.value))
        trick = pg.state.tricks[-1]
        assert story == explain_trick(trick, 4) and story.startswith(f"{seat_name(trick.leader, 4)} led the ")
        assert _named(story, names) <= names and "You" not in names  # an open table has no "You"
        # the cards were set out, not dealt: no seat of the playground is the dealer
        assert view["dealer"] is None and not any(seat["dealer"] for seat in view["seats"])
        pg.cards.press("next")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5, 6]), viewer=st.integers(0, 5))
def test_beside_a_table_that_says_you_the_explanation_says_you_too(seed: int, players: int, viewer: int) -> None:
    """What a table drawn for its reader (``table_view``: the reader is "You") and ``explain_trick(you=...)``
    say together: the same names, the reader never by a seat name, and the grammar of "you"."""
    viewer %= players
    state = HandState.deal(STANDARD.with_options(players=players, pass_cycle=(PassDirection.HOLD,)), seed=seed)
    view = table_view(state, seat=viewer)
    names = [seat["name"] for seat in view["seats"]]
    assert names[viewer] == "You"
    reader = seat_name(viewer, players)
    for trick in _tricks(state, random.Random(seed)):
        text = explain_trick(trick, players, name=lambda s, _n: names[s], you=viewer)
        mentioned = _named(text, set(names))
        assert reader not in mentioned and mentioned <= {*names, "you", "your"}, text
        assert not re.search(r"\b[Yy]ou('s| takes| leads)\b", text), text
        plays = dict(trick.plays)
        if trick.leader == viewer:
            assert text.startswith(f"You led the {plays[viewer].symbol}")
        if trick.winner == viewer:
            assert f", your {plays[viewer].symbol}, wins: you take" in text and text.endswith("lead the next trick.")
        elif trick.winner is not None:
            assert f", {names[trick.winner]}'s " in text and f"wins: {names[trick.winner]} takes" in text
        # the table's own words for the seat agree: the seat plate says "You" where the text says "you"
        assert all(n in view["seats"][s]["label"] for s, n in enumerate(names))


def test_the_header_and_the_middle_say_who_is_to_play_in_the_same_words() -> None:
    pg = TrickPlayground(seed=3, cards_each=5)
    for _ in range(9):
        view = pg.view
        turn = pg.state.to_play
        name = view["seats"][turn]["name"]
        if pg.state.current_trick:
            assert view["lead"] is None and view["title"] == f"{name} plays"
        else:
            assert view["lead"] == view["title"] == f"{name} leads"
        pg.click(turn, pg.state.legal_plays()[0])
        if pg.view["actions"][0]["enabled"]:  # a trick is complete: on to the next one
            pg.cards.press("next")


def test_the_playgrounds_last_trick_ends_the_deal_instead_of_naming_a_next_leader() -> None:
    pg = TrickPlayground(seed=5, cards_each=5)
    stories = []
    while pg.state.phase is Phase.PLAYING:
        for _ in range(4):
            pg.cards.click(pg.state.legal_plays()[0].code, pg.state.to_play)
        stories.append(html.unescape(re.sub(r"<[^>]+>", "", pg.story.value)))
        pg.cards.press("next")
    assert len(stories) == 5 and all("leads the next trick." in s for s in stories[:4]), stories
    assert stories[-1].endswith("and the play of the hand is over.") and "next trick" not in stories[-1], stories[-1]


def test_a_last_trick_whose_cards_all_cancel_goes_to_its_leader_in_words() -> None:
    """Cancellation Hearts: when every card of the suit led cancels in the last trick, the engine gives it to its
    leader; the sentence says so instead of naming a cancelled card as the winner."""
    from hearts_lessons.variants import cancellation

    rules = cancellation(6, passing=False)
    found = 0
    for seed in range(300):
        state = HandState.deal(rules, seed=seed)
        rng = random.Random(seed)
        while state.phase is Phase.PLAYING:
            state.play(rng.choice(state.legal_plays()))
        last = state.tricks[-1]
        lead = last.lead_suit
        keys = [(c.rank, c.suit) for _, c in last.plays]  # the two decks' copies of a card are equal in play
        if any(c.suit == lead and keys.count((c.rank, c.suit)) == 1 for _, c in last.plays):
            continue
        found += 1
        text = explain_trick(last, rules.players, last=True)
        leader = seat_name(last.leader, rules.players)
        assert last.winner == last.leader and "wins" not in text, text
        assert f"the last trick goes to its leader, {leader}, who takes" in text, text
        assert text.endswith("the play of the hand is over."), text
        if found == 3:
            break
    assert found, "no deal ended with a cancelled last trick"


@pytest.mark.parametrize("players", [6, 11])
def test_every_cancellation_trick_names_the_winner_the_engine_chose(players: int) -> None:
    """Cancellation Hearts with two decks and with three: in every trick of random hands the explanation names the
    engine's winner with its card, or says that nothing of the suit led stands (the trick carries over, or, the
    last trick, goes to its leader); a third identical card is said to stand (only the first two cancel)."""
    from hearts_lessons.variants import cancellation

    rules = cancellation(players, passing=False)
    thirds = 0
    for seed in range(25):
        state = HandState.deal(rules, seed=seed)
        rng = random.Random(seed)
        while state.phase is Phase.PLAYING:
            state.play(rng.choice(state.legal_plays()))
        for number, trick in enumerate(state.tricks):
            last = number == len(state.tricks) - 1
            text = explain_trick(trick, players, last=last)
            copies: dict[tuple[int, int], list[int]] = {}
            for index, (_, card) in enumerate(trick.plays):
                copies.setdefault((card.rank, card.suit), []).append(index)
            cancelled = {i for members in copies.values() if len(members) > 1 for i in members[:2]}
            standing = [(seat, card) for i, (seat, card) in enumerate(trick.plays)
                        if card.suit == trick.lead_suit and i not in cancelled]  # fmt: skip
            third = [m for m in copies.values() if len(m) > 2 and trick.plays[m[0]][1].suit == trick.lead_suit]
            thirds += len(third)
            assert ("is a third identical card: only the first two cancel" in text) == bool(third), text
            if trick.winner is None:
                assert not standing and "the cards stay on the table for the next trick" in text, text
            elif not standing:
                assert last and trick.winner == trick.leader and "wins" not in text, text
                assert f"the last trick goes to its leader, {seat_name(trick.leader, players)}, who takes" in text
            else:
                seat, card = max(standing, key=lambda play: play[1].rank)
                assert seat == trick.winner, (trick, standing)
                assert f"{seat_name(seat, players)}'s {card.symbol}, wins" in text, text
                assert "left standing" not in text, text
    assert players == 6 or thirds, "no trick with three identical cards in these deals"


def test_a_trick_says_what_went_with_it_and_hides_a_face_down_kitty() -> None:
    """With the hand given, the trick that took the hole cards says so: a face-down kitty or hole cards another
    seat took are named, neither shown nor counted in the points said (only their taker sees them); the reader's
    own, and Cancellation's face-up left-overs, are shown and counted; cards carried from tricks nobody won are
    said to go with the trick."""
    import dataclasses

    from hearts_lessons.playout import random_pass
    from hearts_lessons.rules import HoleCards
    from hearts_lessons.scoring import format_points
    from hearts_lessons.variants import PRESETS

    seen = {"hidden": 0, "yours": 0, "face up": 0, "carried": 0}
    for rules in (PRESETS["kitty"].rules, PRESETS["cancellation"].rules_for(6),
                  dataclasses.replace(PRESETS["standard"].rules_for(7), hole_cards=HoleCards.FIRST_HEART_TRICK)):
        for seed in range(60 if rules.leftover_face_up else 30):  # tricks nobody wins are rare: more deals
            s = HandState.deal(rules, seed=seed)
            rng = random.Random(seed)
            random_pass(s, rng)
            while s.phase is Phase.PLAYING:
                trick = s.play(rng.choice(s.legal_plays()))
                if trick is None or trick.winner is None:
                    continue
                text = explain_trick(trick, rules.players, you=0, state=s, last=s.phase is not Phase.PLAYING)
                if s.phase is not Phase.PLAYING:  # the last trick: its sentence ends the play, after the rest
                    assert text.endswith("the play of the hand is over."), text
                if "nobody won, go with it" in text:
                    seen["carried"] += 1
                if s.hole_trick != trick.number:
                    assert "kitty" not in text and "hole cards" not in text and "left-over" not in text
                    continue
                hole = " ".join(c.symbol for c in s.hole_cards)
                hole_points = sum((rules.points_of(c) for c in s.hole_cards), start=0)
                if rules.leftover_face_up:
                    seen["face up"] += 1
                    assert f"The left-over cards, face up since the deal, go with it: {hole}." in text, text
                elif trick.winner == 0:
                    seen["yours"] += 1
                    assert f"The kitty goes with it: the {hole}." in text or f"go with it: {hole}." in text, text
                    assert (f"take {format_points(trick.points)} point" if trick.points else "take no points") in text
                else:
                    seen["hidden"] += 1
                    assert "also takes the face-down" in text and f" {hole}" not in text.split("wins")[-1], text
                    shown = trick.points - hole_points
                    if shown:
                        assert f"takes {format_points(shown)} point" in text, text
                    else:
                        assert "takes no points" in text, text
    assert all(seen.values()), seen


def test_the_two_jokers_are_two_cards_and_are_named_as_jokers() -> None:
    """Hi-Lo Joker Hearts (one deck): the two jokers never cancel each other, and a joker led or discarded is named
    "a joker" (its number is not its rank: the first joker played ranks high)."""
    from hearts_lessons.variants import PRESETS

    rules = PRESETS["hi_lo_joker"].rules
    both = 0
    for seed in range(200):
        state = HandState.deal(rules, seed=seed)
        rng = random.Random(seed)
        if state.phase is Phase.PASSING:
            from hearts_lessons.playout import random_pass

            random_pass(state, rng)
        while state.phase is Phase.PLAYING:
            trick = state.play(rng.choice(state.legal_plays()))
            if trick is None or not any(c.is_joker for c in trick.cards):
                continue
            text = explain_trick(trick, 3, you=0, state=state)
            assert "identical" not in text and "Joker" not in text and "left standing" not in text, text
            both += sum(c.is_joker for c in trick.cards) == 2
            if trick.plays[0][1].is_joker:
                assert "led a joker, so hearts decide this trick." in text, text
        if both >= 2:
            break
    assert both >= 2, "no trick with both jokers in these deals"
