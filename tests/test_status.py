"""HandState.status(): whether a position could have happened, and why not.

Golden positions for each check (each impossible one breaks that check alone), a property test over every
variant's deals played at random, and walks over every position the book ships: the drills of every stage, the
puzzles of the ladder and of the puzzle page, and each position its lessons build with ``HandState.from_cards``.
"""

from __future__ import annotations

import ast
import builtins
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.bots.puzzles import PUZZLES
from hearts_lessons.cards import QUEEN_OF_SPADES, Card, Rank, Suit, parse_cards
from hearts_lessons.layout import layout_for
from hearts_lessons.practice.drills import stages
from hearts_lessons.practice.ladder import ladder_puzzles
from hearts_lessons.rules import STANDARD, HoleCards, OpeningLead, PassDirection, Rules
from hearts_lessons.state import CHECKS, HandState, ImpossiblePositionError, Phase, Status
from hearts_lessons.variants import PRESETS

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
HEARTS = [Card(Rank(r), Suit.HEARTS) for r in range(2, 15)]
PLAIN = [c for c in STANDARD.deck if c.suit is not Suit.HEARTS and c != QUEEN_OF_SPADES]
"""The 38 cards that score nothing and break nothing under the standard rules."""


def codes(cards: list[Card]) -> str:
    return " ".join(c.code for c in cards)


def deal_of(*hands: list[Card]) -> list[str]:
    return [codes(h) for h in hands]


def only(status: Status, check: str) -> None:
    """The position fails exactly this check, with a sentence for it."""
    assert not status.ok and status.checks == (check,), str(status)
    assert status.problems[0].text.endswith(".") and str(status) == status.problems[0].text


# -- possible positions -----------------------------------------------------------------------------------------


def test_a_deal_and_every_position_played_from_it_could_have_happened() -> None:
    state = HandState.deal(seed=11)
    assert state.status().ok and str(state.status()) == "this position could have happened"
    rng = random.Random(11)
    for seat in range(4):
        state.pass_cards(seat, rng.sample(state.hand(seat), 3))
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
        assert state.status().ok
    assert state.status().checks == ()


def test_last_tricks_with_hearts_broken_could_have_happened() -> None:
    s = HandState.from_cards("QS 7C; 3C 4D; 4C 5D; 5C 6D", hold=True, trick_number=11, leader=0, hearts_broken=True)
    assert s.status().ok


def test_hearts_unbroken_late_when_every_point_card_is_still_held() -> None:
    # 8 tricks played without a point card: the 20 cards left hold all 13 hearts and the Q♠
    south, rest = HEARTS[:5], [*HEARTS[5:], QUEEN_OF_SPADES, *PLAIN[-6:]]
    s = HandState.from_cards(deal_of(south, rest[:5], rest[5:10], rest[10:]), hold=True, leader=0, trick_number=8)
    assert s.status().ok and s.legal_plays() == south


def test_the_queen_gone_breaks_hearts_only_where_penalty_cards_break_them() -> None:
    # 9 tricks played; every heart is held, the Q♠ is gone
    hands = deal_of(HEARTS[:4], HEARTS[4:8], HEARTS[8:12], [HEARTS[12], *PLAIN[-3:]])
    only(HandState.from_cards(hands, hold=True, leader=0, trick_number=9, check=False).status(), "hearts_unbroken")
    windows = STANDARD.with_options(penalty_cards_break_hearts=False)
    assert HandState.from_cards(hands, windows, hold=True, leader=0, trick_number=9).status().ok


# -- one golden impossible position for each check --------------------------------------------------------------


def test_every_check_is_named_and_tested_below() -> None:
    tested = {"not_in_deck", "twice", "gone", "hand_sizes", "hole", "hearts_unbroken", "hearts_broken", "void",
              "opening_lead", "earlier_tricks"}  # fmt: skip
    assert set(CHECKS) == tested


def test_not_in_deck_a_removed_card_held() -> None:
    five = Rules(players=5)  # the 2♣ and 2♦ are out
    state = HandState.deal(five, seed=4)
    two_clubs = Card(Rank.TWO, Suit.CLUBS)
    given = state.hand(0)[0]
    state._hands[0] = state._hands[0] & ~given.bit | two_clubs.bit
    status = state.status()
    only(status, "not_in_deck")
    assert status.problems[0].cards == (two_clubs,) and "2♣ is not in the deck" in str(status)


def test_twice_a_card_in_two_hands() -> None:
    state = HandState.deal(seed=5)
    theirs, mine = state.hand(1)[0], state.hand(0)[0]
    state._hands[0] = state._hands[0] & ~mine.bit | theirs.bit
    status = state.status()
    only(status, "twice")
    assert status.problems[0].cards == (theirs,) and status.problems[0].seats == (0, 1)
    assert "South's hand, West's hand" in str(status)


def test_twice_a_played_card_back_in_a_hand() -> None:
    state = HandState.deal(STANDARD.with_options(pass_cycle=(PassDirection.HOLD,)), seed=6)
    state.play(state.legal_plays()[0])
    led = state.current_trick[0][1]
    seat = state.to_play
    kept = state.hand(seat)[-1]
    state._hands[seat] = state._hands[seat] & ~kept.bit | led.bit
    only(state.status(), "twice")


def test_gone_short_hands_at_the_first_trick() -> None:
    status = HandState.from_cards("QS 2C; 3C 4D; 4C 5D; 5C 6D", check=False).status()
    only(status, "gone")
    assert status.problems[0].count("gone") == 44 and status.problems[0].count("expected") == 0
    assert str(status) == "At the first trick every hand is full (13 cards), but 44 cards of the deck are in no hand."


def test_gone_more_cards_than_the_tricks_before_took() -> None:
    # 2 cards each after 5 tricks: 44 cards gone where 5 tricks take 20
    status = HandState.from_cards("QS 2H; 3C 4D; 4C 5D; 5C 6D", hold=True, leader=0, trick_number=5,
                                  hearts_broken=True, check=False).status()  # fmt: skip
    only(status, "gone")
    assert (status.problems[0].count("expected"), status.problems[0].count("gone")) == (20, 44)


def test_gone_too_few_cards_for_the_tricks_said_played() -> None:
    state = HandState.deal(STANDARD.with_options(pass_cycle=(PassDirection.HOLD,)), seed=8)
    state._set_start(state.leader, 1, False)  # full hands, yet one trick said played
    only(state.status(), "gone")


def test_hand_sizes_a_card_moved_from_one_hand_to_another() -> None:
    state = HandState.deal(seed=9)
    moved = state.hand(1)[0]
    state._hands[1] ^= moved.bit
    state._hands[0] |= moved.bit
    status = state.status()
    only(status, "hand_sizes")
    assert "South 14, West 12, North 13, East 13" in str(status)


def test_hand_sizes_fit_the_cards_played_to_the_trick() -> None:
    state = HandState.deal(STANDARD.with_options(pass_cycle=(PassDirection.HOLD,)), seed=10)
    state.play(state.legal_plays()[0])
    assert state.status().ok  # the leader holds one card fewer: that fits
    seat = state.to_play
    state._hands[(seat + 1) % 4] &= ~(1 << (state._hands[(seat + 1) % 4].bit_length() - 1))
    assert "hand_sizes" in state.status().checks


def test_hole_cards_left_out_of_a_seven_player_deal() -> None:
    seven = Rules(players=7)  # 52 cards: 7 each and 3 hole cards
    dealt = HandState.deal(seven, seed=3)
    assert dealt.status().ok and len(dealt.hole_cards) == 3
    hands = [dealt.hand(s) for s in range(7)]
    status = HandState.from_cards(hands, seven, hold=True, check=False).status()
    only(status, "hole")
    assert status.problems[0].count("left_over") == 3 and status.problems[0].count("hole") == 0


def test_hole_cards_taken_by_a_heart_trick_need_a_heart_played() -> None:
    rules = Rules(players=7, hole_cards=HoleCards.FIRST_HEART_TRICK)
    dealt = HandState.deal(rules, seed=3)
    hole = dealt.hole_cards
    pool = [c for c in rules.deck if c not in hole]
    plain = [c for c in pool if c.suit is not Suit.HEARTS and c != QUEEN_OF_SPADES]
    points = [c for c in pool if c not in plain]
    # 2 tricks played (14 cards, none a heart), the hole cards said taken: nobody can have taken them
    held = points + plain[-(35 - len(points)) :]
    hands = [held[i * 5 : i * 5 + 5] for i in range(7)]
    status = HandState.from_cards(hands, rules, hold=True, leader=0, trick_number=2, check=False).status()
    only(status, "hole")
    assert "no heart has been played" in str(status)
    kept = HandState.from_cards(hands, rules, hole=hole, hold=True, leader=0, trick_number=2)
    assert kept.status().ok  # the hole cards still wait for a heart


def test_hearts_unbroken_after_ten_tricks_without_a_point_card() -> None:
    # the old breaking-hearts drill: 40 cards gone, only 38 of them could be no point card
    rng = random.Random(1)
    others = rng.sample(PLAIN, 9)
    hands = deal_of(HEARTS[:3], others[:3], others[3:6], others[6:])
    with pytest.raises(ImpossiblePositionError) as refused:
        HandState.from_cards(hands, hold=True, leader=0, trick_number=10)
    status = refused.value.status
    only(status, "hearts_unbroken")
    assert set(status.problems[0].cards) == {*HEARTS[3:], QUEEN_OF_SPADES}
    assert str(status) == "Hearts are not broken, yet the Q♠ and 10 hearts have been played (a heart or the Q♠ " \
        "breaks hearts)."  # fmt: skip
    assert HandState.from_cards(hands, hold=True, leader=0, trick_number=10, hearts_broken=True).status().ok


def test_hearts_unbroken_after_a_heart_was_played() -> None:
    state = HandState.deal(STANDARD.with_options(pass_cycle=(PassDirection.HOLD,)), seed=12)
    rng = random.Random(12)
    while not state.hearts_broken:
        state.play(rng.choice(state.legal_plays()))
    state.hearts_broken = False
    only(state.status(), "hearts_unbroken")


def test_hearts_broken_with_every_point_card_still_held() -> None:
    # one trick played (the 2♣ and three plain cards), hearts said broken
    plain = [c for c in PLAIN if c.code not in ("2C", "3C", "4C", "5C")]
    held = [*HEARTS, QUEEN_OF_SPADES, *plain]
    hands = [held[i * 12 : i * 12 + 12] for i in range(4)]
    status = HandState.from_cards(deal_of(*hands), hold=True, leader=0, trick_number=1, hearts_broken=True,
                                  check=False).status()  # fmt: skip
    only(status, "hearts_broken")
    assert HandState.from_cards(deal_of(*hands), hold=True, leader=0, trick_number=1).status().ok


def test_void_a_seat_holding_the_suit_it_showed_void_in() -> None:
    state = HandState.deal(seed=13)
    suit = state.hand(2)[0].suit
    state._voids[2] |= 1 << suit
    status = state.status()
    only(status, "void")
    assert status.problems[0].seats == (2,) and f"North has shown a void in {suit.english}" in str(status)


def test_opening_lead_by_the_wrong_player() -> None:
    dealt = HandState.deal(STANDARD.with_options(pass_cycle=(PassDirection.HOLD,)), seed=14)
    hands = [dealt.hand(s) for s in range(4)]
    holder = dealt.to_play
    status = HandState.from_cards(hands, hold=True, leader=(holder + 1) % 4, check=False).status()
    only(status, "opening_lead")
    assert set(status.problems[0].seats) == {holder, (holder + 1) % 4}
    names = ("South", "West", "North", "East")
    assert str(status) == (f"{names[(holder + 1) % 4]} leads the first trick, but the holder of the lowest club, "
                           f"{names[holder]}, leads it.")  # fmt: skip
    left = STANDARD.with_options(opening_lead=OpeningLead.LEFT_OF_DEALER)
    assert HandState.from_cards(hands, left, hold=True, dealer=3, leader=0).status().ok
    only(HandState.from_cards(hands, left, hold=True, dealer=3, leader=1, check=False).status(), "opening_lead")


def test_opening_lead_the_two_of_clubs_still_held_after_the_first_trick() -> None:
    status = HandState.from_cards("2C 3C; 4C 5C; 6C 7C; 8C 9C", hold=True, trick_number=11, hearts_broken=True,
                                  check=False).status()  # fmt: skip
    only(status, "opening_lead")
    assert status.problems[0].cards == (Card(Rank.TWO, Suit.CLUBS),)


ALL_CARDS = [f"{rank}{suit}" for suit in "CDSH" for rank in "23456789TJQKA"]


def _after_one_trick(gone: set[str], *, leader: int = 0, hearts_broken: bool = False) -> HandState:
    """The other 48 cards dealt round the table (every hand keeps clubs), one trick said played before."""
    rest = [c for c in ALL_CARDS if c not in gone]
    hands = [" ".join(rest[i::4]) for i in range(4)]
    return HandState.from_cards(hands, hold=True, trick_number=1, leader=leader, hearts_broken=hearts_broken,
                                check=False)  # fmt: skip


@pytest.mark.parametrize("gone", [{"2C", "3D", "4D", "5D"}, {"2C", "3C", "4C", "QS"}, {"2C", "3C", "4C", "2H"}])
def test_earlier_tricks_every_player_still_holding_clubs_followed_the_first_lead(gone: set[str]) -> None:
    status = _after_one_trick(gone, hearts_broken=bool(gone & {"QS", "2H"})).status()
    assert status.checks == ("earlier_tricks",)
    problem = status.problems[0]
    assert problem.count("clubs_needed") == 4 and problem.count("clubs_gone") == len({c for c in gone if c[1] == "C"})
    assert "still hold clubs, so each of them followed it: that takes 4 clubs" in problem.text


def test_earlier_tricks_four_clubs_gone_fit() -> None:
    assert _after_one_trick({"2C", "3C", "4C", "5C"}, leader=1).status().ok


def test_earlier_tricks_the_first_trick_must_be_won_by_the_player_who_leads_now() -> None:
    """South holds no club: it discarded on the 2♣ and cannot have won the first trick, nor dropped the Q♠ on it
    while it held cards that are not penalty cards."""
    south = "5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S"

    def position(gone: set[str], leader: int, hearts_broken: bool) -> HandState:
        rest = [c for c in ALL_CARDS if c not in gone and c not in south.split()]
        others = [" ".join(rest[i::3]) for i in range(3)]
        return HandState.from_cards([south, *others], hold=True, trick_number=1, leader=leader,
                                    hearts_broken=hearts_broken, check=False)  # fmt: skip

    assert position({"2C", "3C", "4C", "5S"}, leader=1, hearts_broken=False).status().ok
    assert position({"2C", "3C", "4C", "5S"}, leader=0, hearts_broken=False).status().checks == ("earlier_tricks",)
    queen = position({"2C", "3C", "4C", "QS"}, leader=1, hearts_broken=True).status()
    assert queen.checks == ("earlier_tricks",) and "won by West, who leads now" in queen.problems[0].text


def test_earlier_tricks_a_thirteen_heart_hand_may_discard_a_heart_on_the_first_trick() -> None:
    hearts = " ".join(c for c in ALL_CARDS if c.endswith("H") and c != "2H")
    rest = [c for c in ALL_CARDS if not c.endswith("H") and c not in ("2C", "3C", "4C")]
    state = HandState.from_cards([hearts, *(" ".join(rest[i::3]) for i in range(3))], hold=True, trick_number=1,
                                 leader=1, hearts_broken=True)  # fmt: skip
    assert state.status().ok


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), tricks=st.integers(1, 12), players=st.sampled_from([3, 4, 5, 6]))
def test_earlier_tricks_never_refuses_a_position_real_play_reached(seed: int, tricks: int, players: int) -> None:
    """Any hand played to some trick, then set up afresh from there with from_cards, passes every check."""
    rules = Rules(players=players)
    full = layout_for(rules).deck.bit_count() // players
    if tricks >= full:
        return
    state = HandState.deal(rules, seed=seed)
    if state.phase.name == "PASSING":
        for seat in range(players):
            state.pass_cards(seat, state.hand(seat)[:state.cards_to_pass])
    rng = random.Random(seed)
    while state.trick_number < tricks:
        state.play(rng.choice(state.legal_plays()))
    again = HandState.from_cards([state.hand(s) for s in range(players)], rules, hole=state.hole_cards
                                 if state.hole_owner is None else (), hold=True, trick_number=tricks,
                                 leader=state.leader, hearts_broken=state.hearts_broken, dealer=state.dealer,
                                 check=False)  # fmt: skip
    assert again.status().ok, (str(again.status()), seed, tricks, players)


def test_from_cards_refuses_with_every_reason_and_check_false_builds_it() -> None:
    with pytest.raises(ImpossiblePositionError, match="44 cards of the deck are in no hand") as refused:
        HandState.from_cards("QS 2C; 3C 4D; 4C 5D; 5C 6D")
    assert isinstance(refused.value, ValueError) and refused.value.status.checks == ("gone",)
    toy = HandState.from_cards("QS 2C; 3C 4D; 4C 5D; 5C 6D", hold=True, check=False)
    assert toy.legal_plays() == parse_cards("2C")


# -- property: legal play never reaches an impossible position ---------------------------------------------------

VARIANTS = [(key, players) for key, preset in PRESETS.items() for players in preset.players]


def _played(key: str, players: int, seed: int, plays: int) -> HandState:
    """A seeded deal of the preset, passed and played at random for ``plays`` cards (or to the end)."""
    state = HandState.deal(PRESETS[key].build(players), seed=seed)
    rng = random.Random(seed)
    if state.phase is Phase.DEALERS_CHOICE:
        state.choose_passes({})
    for seat in state.to_pass:
        state.pass_cards(seat, rng.sample([c for c in state.hand(seat) if state.why_not_pass(seat, c) is None],
                                          state.cards_to_pass))  # fmt: skip
    for _ in range(plays):
        if state.phase is not Phase.PLAYING:
            break
        state.play(rng.choice(state.legal_plays()))
    return state


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000), plays=st.integers(0, 80),
       pick=st.randoms(use_true_random=False))  # fmt: skip
def test_every_position_of_legal_play_could_have_happened_and_tampering_is_caught(
    variant: tuple[str, int], seed: int, plays: int, pick: random.Random
) -> None:
    state = _played(*variant, seed, plays)
    assert state.status().ok, (variant, seed, plays, str(state.status()))
    held = [s for s in range(state.players) if state.hand_mask(s)]
    if held:
        # a card taken out of a hand
        seat = pick.choice(held)
        card = pick.choice(state.hand(seat))
        gone = state.copy()
        gone._hands[seat] ^= card.bit
        assert not gone.status().ok
        # a card put into a second place
        other = pick.choice([s for s in range(state.players) if s != seat])
        twice = state.copy()
        twice._hands[other] |= card.bit
        assert "twice" in twice.status().checks
    if state.hearts_broken:
        unbroken = state.copy()
        unbroken.hearts_broken = False
        assert "hearts_unbroken" in unbroken.status().checks


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000), cards_each=st.integers(1, 13),
       broken=st.sampled_from([None, True, False]))  # fmt: skip
def test_played_to_gives_a_late_position_that_could_have_happened(
    variant: tuple[str, int], seed: int, cards_each: int, broken: bool | None
) -> None:
    rules = PRESETS[variant[0]].build(variant[1])
    cards_each = min(cards_each, rules.hand_size)
    try:
        state = HandState.played_to(rules, cards_each=cards_each, seed=seed, hearts_broken=broken)
    except ValueError as refused:
        # hearts unbroken with too few cards left to hold every heart, or broken before a trick could break them
        assert broken is not None and f"leaves hearts {'' if broken else 'un'}broken" in str(refused)
        return
    assert state.status().ok and all(len(state.hand(s)) == cards_each for s in range(state.players))
    assert broken is None or state.hearts_broken == broken
    assert state.trick_number == rules.hand_size - cards_each


# -- every shipped position ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_the_trick_playgrounds_deals_could_have_happened(seed: int) -> None:
    from hearts_lessons.widgets.trick import TrickPlayground

    pg = TrickPlayground(seed=seed, cards_each=5)
    assert pg.state.status().ok and not pg.state.hearts_broken and pg.state.trick_number == 8
    pg.broken.value = True  # a new deal with hearts broken
    assert pg.state.status().ok and pg.state.hearts_broken
    pg.cards.press("deal")
    assert pg.state.status().ok and pg.seed == seed + 1
    given = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
    assert given.state.status().ok and given.state.trick_number == 11



def test_every_drill_position_could_have_happened() -> None:
    drills = [drill for stage in stages().values() if stage.game == "hearts" for drill in stage.drills()]
    assert len(drills) == sum(s.count for s in stages().values() if s.game == "hearts") > 70
    found = {d.id: d.picture.state.status() for d in drills if d.picture is not None and d.picture.state is not None}
    assert len(found) >= len(drills) - 2  # two drills ask about the rules alone, with no position
    bad = {key: str(status) for key, status in found.items() if not status.ok}
    assert not bad, bad


def test_every_puzzle_position_could_have_happened() -> None:
    ladder = ladder_puzzles()
    assert len(ladder) >= 250  # every puzzle of the file (309 when this test was written)
    bad = {p.id: str(p.state().status()) for p in ladder.puzzles if not p.state().status().ok}
    assert not bad, bad
    for key, puzzle in PUZZLES.items():
        assert puzzle.state().status().ok, key


# The lessons' positions: each ``HandState.from_cards(...)`` call of a code cell is evaluated on its own, its names
# taken from the notebook's imports and from the last top-level assignment (or loop) that binds them before it.


class _Notebook:
    """The code cells of one notebook, parsed, and the top-level bindings of its names in order."""

    def __init__(self, path: Path) -> None:
        cells = json.loads(path.read_text())["cells"]
        self.name = path.stem
        self.cells = [ast.parse("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
        self.imports: dict[str, Any] = {"__builtins__": builtins}
        self.bindings: dict[str, list[tuple[tuple[int, int], ast.stmt]]] = {}
        for index, tree in enumerate(self.cells):
            for statement in tree.body:
                where = (index, statement.lineno)
                if isinstance(statement, (ast.Import, ast.ImportFrom)):
                    exec(compile(ast.Module([statement], []), path.name, "exec"), self.imports)
                for name in _bound(statement):
                    self.bindings.setdefault(name, []).append((where, statement))

    def calls(self) -> Iterator[tuple[tuple[int, int], ast.Call, list[ast.For]]]:
        """Every ``HandState.from_cards`` call, where it is, and the loops around it (outermost first)."""

        def find(statements: list[ast.stmt], loops: list[ast.For]) -> Iterator[tuple[ast.Call, list[ast.For]]]:
            for statement in statements:
                if isinstance(statement, ast.For):
                    yield from find(statement.body, [*loops, statement])
                    continue
                for node in ast.walk(statement):
                    if _is_from_cards(node):
                        assert isinstance(node, ast.Call)
                        yield node, loops

        for index, tree in enumerate(self.cells):
            for call, loops in find(tree.body, []):
                yield (index, call.lineno), call, loops

    def evaluate(self, where: tuple[int, int], call: ast.Call, loops: list[ast.For]) -> list[HandState]:
        """The positions the call builds (one for each pass of the loops around it)."""
        names = dict(self.imports)
        results: list[HandState] = []

        def run(depth: int, scope: dict[str, Any]) -> None:
            if depth == len(loops):
                self._resolve(call, where, scope)
                results.append(eval(compile(ast.Expression(call), self.name, "eval"), scope))
                return
            loop = loops[depth]
            self._resolve(loop.iter, where, scope)
            for value in eval(compile(ast.Expression(loop.iter), self.name, "eval"), scope):
                inner = dict(scope)
                _assign(loop.target, value, inner)
                run(depth + 1, inner)

        run(0, names)
        return results

    def _resolve(self, node: ast.AST, where: tuple[int, int], scope: dict[str, Any]) -> None:
        """Bind in ``scope`` every free name of ``node`` from its last binding before ``where``."""
        for name in sorted(_free(node)):
            if name in scope or hasattr(builtins, name):
                continue
            before = [(w, s) for w, s in self.bindings.get(name, []) if w < where]
            if not before:
                raise LookupError(f"{self.name}: {name!r} is bound nowhere before cell {where[0]}")
            at, statement = before[-1]
            if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
                self._resolve(statement, at, scope)
                exec(compile(ast.Module([statement], []), self.name, "exec"), scope)
            elif isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is not None:
                self._resolve(statement.value, at, scope)
                value = eval(compile(ast.Expression(statement.value), self.name, "eval"), scope)
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                for target in targets:
                    _assign(target, value, scope)
            else:
                raise LookupError(f"{self.name}: {name!r} is bound by a statement the walk cannot replay")


def _is_from_cards(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "from_cards"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "HandState")  # fmt: skip


def _bound(statement: ast.stmt) -> list[str]:
    if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
        return [statement.name]
    if isinstance(statement, ast.Assign):
        return [n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [statement.target.id]
    return []


def _free(node: ast.AST) -> set[str]:
    """Names a node reads that it does not bind itself (comprehension variables, arguments, local names)."""
    read = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    bound = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    bound |= {a.arg for a in ast.walk(node) if isinstance(a, ast.arg)}
    return read - bound


def _assign(target: ast.expr, value: Any, scope: dict[str, Any]) -> None:
    if isinstance(target, ast.Name):
        scope[target.id] = value
    elif isinstance(target, ast.Tuple):
        for part, item in zip(target.elts, value, strict=True):
            _assign(part, item, scope)
    else:
        raise LookupError(f"cannot bind {ast.unparse(target)}")


LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if "HandState.from_cards" in p.read_text())

TOYS: dict[tuple[str, str], str] = {}
"""Positions a lesson builds with ``check=False`` on purpose, by notebook and the name they are bound to, with
the check they fail (none now: every lesson position could have happened)."""


def _bound_to(notebook: _Notebook, call: ast.Call) -> str:
    for tree in notebook.cells:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and node.value is call and isinstance(node.targets[0], ast.Name):
                return node.targets[0].id
    return ""


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_position_a_lesson_builds_could_have_happened(path: Path) -> None:
    notebook = _Notebook(path)
    calls = list(notebook.calls())
    assert calls
    for where, call, loops in calls:
        states = notebook.evaluate(where, call, loops)
        assert states, ast.unparse(call)
        toy = any(k.arg == "check" for k in call.keywords)
        for state in states:
            status = state.status()
            if toy:  # built on purpose without the check: listed, and still impossible (else drop check=False)
                assert TOYS.get((path.stem, _bound_to(notebook, call))) in status.checks, ast.unparse(call)
            else:
                assert status.ok, f"{path.stem}, code cell {where[0]}: {ast.unparse(call)}: {status}"


def test_the_lesson_walk_finds_every_call() -> None:
    text_calls = sum(p.read_text().count("HandState.from_cards(") for p in LESSONS)
    walked = sum(len(list(_Notebook(p).calls())) for p in LESSONS)
    assert walked == text_calls > 10
