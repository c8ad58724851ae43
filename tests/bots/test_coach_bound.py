"""The coach's bound on its search (issue #30, "a coach on time"): the worlds and lookahead it uses per player count,
checked on the parameters (not on wall time, which is flaky); ``bench/coach_time.py`` measures the seconds."""

from __future__ import annotations

import math
import random

import pytest

from hearts_lessons.bots.coach import (
    EVERY_DECISION,
    MIN_WORLDS,
    CoachBot,
    Search,
    bound_search,
    default_budget,
    default_lookahead,
    default_pass_worlds,
    default_worlds,
    pass_candidates,
    rollout_work,
)
from hearts_lessons.bots.features import bits
from hearts_lessons.bots.rulebased import RuleBasedBot
from hearts_lessons.rules import STANDARD, PassDirection
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import PRESETS
from hearts_lessons.views import SeatView


def first_decisions(key: str, players: int, seed: int = 0) -> tuple[SeatView | None, SeatView]:
    """Seat 0's pass (``None`` when the hand holds) and its first card decision with a choice, in a hand of
    rule-based players."""
    rules = PRESETS[key].build(players)
    state = HandState.deal(rules, seed=seed, dealer=seed % players, hand_number=seed)
    bot = RuleBasedBot()
    rng = random.Random(seed)
    passing = None
    while True:
        if state.phase is Phase.PASSING:
            if state.direction is not PassDirection.HOLD and 0 in state.to_pass:
                passing = state.copy().view(0)
            for seat in list(state.to_pass):
                state.pass_cards(seat, bot.choose_pass(state.view(seat), rng))
        elif state.phase is Phase.PLAYING:
            view = state.view(state.to_play)
            if state.to_play == 0 and view.legal_mask & (view.legal_mask - 1):
                return passing, state.copy().view(0)
            state.play(bot.choose_play(view, rng), state.to_play)
        else:
            raise AssertionError(f"unexpected phase {state.phase}")


TABLES = [(key, n) for key, preset in PRESETS.items() for n in preset.players if 3 <= n <= 7]


def test_four_players_never_cut_for_the_coach_s_own_moves() -> None:
    """The four-player coach plays as before the bound: its costliest moves (13 candidate cards with 13 in hand,
    24 candidate passes) fit its budget, so the strength measured on the bench's deals is unchanged."""
    coach = CoachBot()
    state = HandState.deal(STANDARD, seed=11)
    view = state.view(0)
    search = coach.search(view, "pass", 24, choosing=True)
    assert (search.worlds, search.lookahead, search.cut) == (default_pass_worlds(), default_lookahead(), False)
    state.pass_cards(0, state.hand(0)[:3])
    for seat in (1, 2, 3):
        state.pass_cards(seat, state.hand(seat)[:3])
    for key, n in TABLES:
        if n != 4:
            continue
        passing, playing = first_decisions(key, 4)
        for candidates in (2, 4, 8, 13):
            found = coach.search(playing, "play", candidates, choosing=True)
            assert not found.cut and found.worlds == default_worlds(), (key, candidates)
        if passing is not None:
            assert not coach.search(passing, "pass", len(pass_candidates(passing)), choosing=True).cut, key


@pytest.mark.parametrize("players", [5, 6, 7])
def test_one_deck_big_tables_never_cut_for_the_coach_s_own_moves(players: int) -> None:
    """With one deck, 5 to 7 players hold at most 10 cards each: the coach's own moves cost no more than at four
    players and are never cut, so its strength there is what it was before the bound (the same moves)."""
    coach = CoachBot()
    passing, playing = first_decisions("standard", players)
    assert passing is not None
    for candidates in (2, 4, 10):
        assert not coach.search(playing, "play", candidates, choosing=True).cut
    assert not coach.search(passing, "pass", 24, choosing=True).cut


@pytest.mark.parametrize(("key", "players"), TABLES)
def test_every_hint_fits_its_budget(key: str, players: int) -> None:
    """At every preset and player count, the first pass and card hints' estimated work fits the hint budget, or
    the search is already at its least (a tenth of the worlds, one decision ahead); the 5- to 7-player tables that
    need it are cut, and say so."""
    coach = CoachBot()
    passing, playing = first_decisions(key, players)
    checks: list[tuple[str, SeatView, int]] = [("play", playing, len(bits(playing.legal_mask)))]
    if passing is not None:
        checks.append(("pass", passing, len(pass_candidates(passing))))
    for kind, view, candidates in checks:
        search = coach.search(view, kind, candidates)
        cards = view.hand_mask.bit_count() - (kind == "play")
        usual = default_worlds() if kind == "play" else default_pass_worlds()
        assert search.usual_worlds == usual and search.usual_lookahead == default_lookahead()
        assert MIN_WORLDS <= search.worlds <= usual and 0 < search.lookahead <= default_lookahead()
        assert search.players == players
        from hearts_lessons.bots.coach import sampling_work, wide_factor

        wide = wide_factor(view)
        per_world = overhead = 0.0
        if kind == "play":
            played = view.played_mask.bit_count()
            per_world = sampling_work(coach.thin, played, wide=wide)
            overhead = sampling_work(4 * coach.burn, played, wide=wide)
        work = candidates * search.worlds * rollout_work(players, cards, search.lookahead, wide=wide)
        work += per_world * search.worlds + overhead
        budget = default_budget(kind)
        assert work <= budget or (search.worlds <= usual // 3 and search.lookahead == 1), (kind, work, budget)
        assert search.noted == bool(search.note()) and (search.cut or not search.noted)
        if search.noted:
            assert f"{players} players" in search.note()
            assert (f"looked at {search.worlds} sampled deals" in search.note()) == search.fewer_worlds


def test_cancellation_is_cut_and_says_so() -> None:
    """6-player Cancellation Hearts (two decks, 17 cards each): the search a play hint took 10.7 s with is cut."""
    coach = CoachBot()
    _, view = first_decisions("cancellation", 6)
    search = coach.search(view, "play", len(bits(view.legal_mask)))
    assert search.cut
    assert search.worlds < default_worlds() or search.lookahead < default_lookahead()
    note = search.note()
    assert note.startswith("To answer quickly at this big table (6 players, 17 cards each) the coach ")
    assert note.endswith("so close calls are less sure.")


def test_explicit_settings_are_kept() -> None:
    """Settings a caller gives are measurements' settings (the puzzles': 1,000 worlds, no lookahead): the default
    budget never cuts them; an explicit budget does; ``budget=inf`` never cuts."""
    _, view = first_decisions("cancellation", 6)
    given = CoachBot(worlds=1000, pass_worlds=1000, lookahead=0)
    search = given.search(view, "play", 17)
    assert (search.worlds, search.lookahead, search.cut) == (1000, 0, False)
    assert not CoachBot(worlds=40, pass_worlds=60).search(view, "play", 17).cut  # the lookahead too: a drill's
    assert CoachBot(worlds=1000, lookahead=0, budget=1e5).search(view, "play", 17).cut
    free = CoachBot(budget=math.inf).search(view, "play", 17)
    assert (free.worlds, free.lookahead) == (default_worlds(), default_lookahead())


def test_bound_search_cuts_worlds_then_lookahead() -> None:
    """Worlds first (down to a third), then the lookahead, then worlds again; more budget never gives less."""

    def bound(budget: float, *, free_worlds: bool = True, free_lookahead: bool = True) -> tuple[int, int]:
        return bound_search(players=6, cards=16, slope=5.0, worlds=150, lookahead=EVERY_DECISION, budget=budget,
                            free_worlds=free_worlds, free_lookahead=free_lookahead)  # fmt: skip

    last = (0, 0)
    for budget in (1e4, 1e5, 3e5, 1e6, 3e6, 1e7, 1e8):
        worlds, lookahead = bound(budget)
        assert worlds >= MIN_WORLDS
        assert (min(lookahead, 16), worlds) >= last
        last = (min(lookahead, 16), worlds)
        if lookahead < 16:
            assert worlds >= 50 or lookahead == 1
    assert bound(1e9) == (150, EVERY_DECISION)
    assert bound(10.0) == (MIN_WORLDS, 1)
    # only the lookahead free: the worlds stay as given
    assert bound(3e5, free_worlds=False)[0] == 150
    # nothing free: nothing cut
    assert bound(10.0, free_worlds=False, free_lookahead=False) == (150, EVERY_DECISION)


def test_advice_says_how_much_it_looked() -> None:
    """The advice's caption says how many deals it looked at, and, when the bound cut the search clearly, the
    sentence says so (once: not again in the caption)."""
    state = HandState.from_cards("5D QS 4H 3D; 7C KS 4D 6D; AC 2D 8D 9D; 9C 3S 5S 6H", STANDARD, hold=True,
                                 trick_number=9, hearts_broken=True, leader=2)  # fmt: skip
    state.play("AC")
    state.play("9C")
    view = state.view(0)
    plain = CoachBot(worlds=12, lookahead=2).advise(view, random.Random(1))
    assert plain.search is not None and not plain.search.cut
    assert "over 12 sampled deals" in plain.table_html() and "less sure" not in plain.table_html()
    cut = CoachBot(worlds=20, lookahead=2, budget=1.0).advise(view, random.Random(1))
    assert cut.search == Search(10, 1, 20, 2, 4, 4)
    assert cut.worlds == 10
    note = cut.search.note()
    assert note == ("To answer quickly at this table (4 players, 4 cards each) the coach looked at 10 sampled deals "
                    "instead of its usual 20, and looked ahead 1 of its own next plays instead of 2, so close calls "
                    "are less sure.")  # fmt: skip
    assert cut.sentence.endswith(note) and "less sure" not in cut.table_html()  # said once, in the sentence
    assert "over 10 sampled deals" in cut.table_html()


def test_a_few_deals_fewer_is_no_caveat() -> None:
    """96 deals instead of 100 widen the intervals by 2%: the advice says nothing of it (its caption still says how
    many deals); clearly fewer deals (intervals at least 10% wider) or a shorter lookahead are said, once."""
    state = HandState.from_cards("5D QS 4H 3D; 7C KS 4D 6D; AC 2D 8D 9D; 9C 3S 5S 6H", STANDARD, hold=True,
                                 trick_number=9, hearts_broken=True, leader=2)  # fmt: skip
    state.play("AC")
    state.play("9C")
    view = state.view(0)
    slight = Search(96, 2, 100, 2, 4, 4)
    assert slight.cut and not slight.noted and slight.note() == ""
    for worlds, said in ((83, False), (82, True), (50, True)):
        search = Search(worlds, 2, 100, 2, 4, 4)
        assert search.noted == said == bool(search.note()), worlds
        assert math.sqrt(100 / worlds) >= 1.1 if said else math.sqrt(100 / worlds) < 1.1
    budget = next(b for b in range(85_000, 100_000, 2_500)
                  if CoachBot(worlds=100, lookahead=2, budget=b).search(view, "play", 4).worlds in range(84, 100))
    advice = CoachBot(worlds=100, lookahead=2, budget=budget).advise(view, random.Random(1))
    assert advice.search is not None and advice.search.cut and not advice.search.noted
    assert "less sure" not in advice.sentence and "instead of its usual" not in advice.table_html()
    assert f"over {advice.worlds} sampled deals" in advice.table_html()
    cut = CoachBot(worlds=100, lookahead=2, budget=1.0).advise(view, random.Random(1))
    shown = cut.sentence + cut.table_html()
    assert cut.search is not None and cut.search.noted and shown.count("less sure") == 1
