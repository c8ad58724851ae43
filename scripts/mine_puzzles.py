"""Mine the practice puzzle ladder from games between the bots: positions where one choice is clearly best.

Every hand is dealt from :func:`hearts_lessons.simulate.deal_seed` ``(seed, i)`` (dealer ``i mod 4``, hand
number ``i``, so the pass cycles left, right, across, hold) and played out by a lineup chosen by ``i mod 4``:
four rule-based bots (``i mod 4`` = 0 or 2), or three rule-based bots and a moon shooter (1: the ordinary
``shooter``; 3: ``shooter`` with ``always=True``, which tries for the moon with every hand and so gives the
others moons to stop), the shooter at seat ``(i // 4) mod 4``. Every decision of every seat is a candidate
position: its four passes (before anyone has passed) and each card played where the seat had a choice.

A position becomes a puzzle in four steps, each seeded by a string (``random.Random(f"{seed}/{id}/{step}")``):

1. *pre-screen*: the coach's candidate cards (equivalent cards merged; passes: the coach's candidate passes)
   in ``--prescreen`` (``--pass-prescreen``) uniform sampled deals; the best must beat the next by
   ``--prescreen-margin`` points, and a card must have no equivalent card (a puzzle has one answer);
2. *screen*: the same candidates in ``--screen`` (``--pass-screen``) deals, for card play
   sampled as the coach does (``infer=True``: deals in which the others' earlier cards look like a rule-based
   player's); the best must beat the next by ``--screen-margin``;
3. and 4. *confirm* twice, with two independent seeds (steps ``1`` and ``2``): ``CoachBot(worlds=W,
   pass_worlds=W, caution=0, lookahead=0).advise(view, rng)`` with ``W = --worlds`` (1,000) tries every legal
   card (for a pass: each of the coach's candidate passes) in the same ``W`` sampled deals, the rule-based bot
   playing out the rest of the hand for every seat; the same choice must be best both times, by at least
   ``--margin`` (2) expected points over the second best each time. Every setting of these two runs is recorded
   with the puzzle (``confirmed``: :class:`hearts_lessons.practice.recheck.Settings`, with the coach's version
   and the engine build), with what every other choice cost against the answer (``costs``).

**Re-confirming** (``--check N`` or ``--check all``): each puzzle is measured again with its recorded settings
(a sample of ``N`` drawn by ``random.Random(--check-seed)``, today's date by default), and the script reports
which no longer hold; with ``--record`` (and ``all``) the file is rewritten from these runs: the puzzles that
hold with the new margins, second best, costs and the coach's version; the others dropped.

**Words**: the explanation and the feedback on every other choice are made of facts checked on the position
(:mod:`hearts_lessons.practice.puzzle_words`; the facts are stored with the puzzle) and the confirmation's
numbers with their 95% intervals.

The puzzle's ``margin`` is the answer's saving over the second best averaged over both confirmations (the
``second`` is the best other choice by that average); ``margins`` are each confirmation's own margin.

**Themes** (rules of the position and the answer; a puzzle may have several; every puzzle has at least one):

* ``ducking``: the answer tries to lose the trick: it follows suit under the card winning the trick while the
  seat holds a card of the suit that would win it; or, when every card the seat holds of the suit goes over
  the winning card and others still play after it, it plays its lowest, which an unseen card can still beat
  ("playing low"); or it leads its lowest card of a suit it holds two or more of, which an unseen card can beat
  ("leading low");
* ``unloading``: the answer gets rid of a higher card than it had to (a lower card of its suit was legal; not
  the Q♠, and not while shooting) when that costs little: a discard (the seat is void in the suit led); a card
  that stays under the winning card, as the lower one would; the last card of a trick the lower card would win
  too; a card that goes over on a trick that holds no point card yet; or a card an unseen card of its suit can
  still beat (led or followed);
* ``dumping-queen``: the answer is the Q♠ played onto a trick another seat is winning; or, playing last while
  holding the Q♠, it takes the trick with another spade where the Q♠ would have taken it too (it keeps the Q♠
  to give away rather than take it itself); a pass: it passes the Q♠;
* ``making-void``: the answer is the seat's last card of its suit, led or discarded (not the last card of
  the hand); a pass: it passes every card of a suit;
* ``counting``: the answer is the highest card of its suit still unseen while a higher one was played in an
  earlier trick, and it leads or takes the lead of a trick others still play to; or it leads the lowest of its
  suit while a lower one was played earlier (in both cases unseen cards of the suit remain);
* ``stopping-moon``: another seat is a moon threat (:func:`moon_seat`: it has taken every point card taken so
  far, and either 40% of the points or more, the coach's ``moon_threat``, or the Q♠, or every unseen heart
  above the seat's own hearts is one the seat passed to it), and the answer works against its moon: it takes
  the trick as far as the seat can tell (it beats the cards on the table, or it leads and no unseen card of its
  suit is higher); or the threat has already played to the trick, another seat is winning it, and the trick
  holds a point card (the points go to someone else); or the seat keeps a heart stopper (its highest heart is
  above every unseen heart and could have been played now, and the answer is another card);
* ``shooting``: the seat has taken every point card taken so far (4 points or more), and the answer takes the
  trick (as above), keeping control; a pass: the seat keeps the two top hearts (A♥ and K♥) and passes no card
  above the 10 (it keeps its high hearts for a moon and gives away low cards);
* ``endgame``: trick 10 or later (of 13);
* ``passing``: a pass.

**Ratings** (``--rate``): every puzzle is tried by solvers of known strength (the coach at 1, 2, 3 and 5 sampled
deals with three seeds each, the rule-based bot, the beginner bot) and rated on the Glicko-2 scale from who solved
it (:mod:`hearts_lessons.practice.puzzle_ratings`); a held-out solver, not used for the ratings, checks them by
band.

The run is incremental: each finished task (one hand's card play, or its passes) is appended to a checkpoint
under ``_build/mine_puzzles/``, so an interrupted run resumes where it stopped, and the output is rewritten
after every task. Tasks run in hand order; the output holds, for each kind, the puzzles of the shortest run of
hands from 0 that reaches that kind's target (or of every finished hand from 0), so it does not depend on
timing. A puzzle that repeats an earlier one of the same hand (the same seat and answer, a later decision: its
bot had played another card) is left out. Themes, ratings and explanations are computed again from each
puzzle's record whenever the output is written (``--write-only`` just rewrites it from the checkpoint;
``--words`` rewrites them in the file itself, from each puzzle's record and recorded costs, without running the
coach), so their rules can change without mining again.

Usage::

    python scripts/mine_puzzles.py --target 320 --pass-target 50      # the book's set (seed 15)
    python scripts/mine_puzzles.py --target 5 --out /tmp/p.json       # a quick try
    python scripts/mine_puzzles.py --target 320 --pass-target 50 --write-only
    python scripts/mine_puzzles.py --check 20                          # today's sample, recorded settings
    python scripts/mine_puzzles.py --check all --record                # every puzzle; rewrite, drop failures
    python scripts/mine_puzzles.py --words                             # explanations again, no coach run
    python scripts/mine_puzzles.py --print-words                       # every explanation and feedback, to read
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hearts_lessons.bots import make_bot  # noqa: E402
from hearts_lessons.bots.coach import Candidate, evaluate_passes, evaluate_plays, pass_candidates, play_candidates  # noqa: E402
from hearts_lessons.bots.features import bits, moon_threat, tables_for, trick_state  # noqa: E402
from hearts_lessons.cards import Rank, Suit, card_from_id, parse_cards  # noqa: E402
from hearts_lessons.practice.ladder import FORMAT, load_puzzles  # noqa: E402
from hearts_lessons.practice.puzzle_ratings import HELD_OUT, SOLVERS, Solver, band_rates, fit, solves  # noqa: E402
from hearts_lessons.practice.puzzle_words import choice_facts, explanation, fact_json  # noqa: E402
from hearts_lessons.practice.recheck import TOLERANCE, Settings, coach_version, cost_table  # noqa: E402
from hearts_lessons.practice.recheck import confirm as reconfirm  # noqa: E402
from hearts_lessons.rules import STANDARD, Moon  # noqa: E402
from hearts_lessons.runtime import engine_build  # noqa: E402
from hearts_lessons.simulate import deal_seed  # noqa: E402
from hearts_lessons.state import HandState, Phase  # noqa: E402
from hearts_lessons.views import SeatView  # noqa: E402

THEMES = (
    "ducking",
    "unloading",
    "dumping-queen",
    "making-void",
    "counting",
    "stopping-moon",
    "shooting",
    "endgame",
    "passing",
)
OUT = ROOT / "hearts_lessons" / "practice" / "data" / "puzzles.json"
CACHE = ROOT / "_build" / "mine_puzzles"
VERSION = 1
"""Bump when the mining changes, so old checkpoints are not reused."""
SAMPLING = ("each puzzle's 'confirmed' settings: CoachBot(worlds=W, pass_worlds=W, caution=0, lookahead=0)"
            ".advise(view, random.Random(seed)) for each of its seeds; card play infers the others' hands "
            "(infer=True), passes sample uniformly")
BANDS = ((0, 1200), (1200, 1400), (1400, 1600), (1600, 1800), (1800, 2000), (2000, 3000))


# -- the hands ---------------------------------------------------------------------------------------------------
def lineup(index: int) -> list[Any]:
    """The bots of hand ``index`` (see the module docstring)."""
    bots: list[Any] = [make_bot("rules") for _ in range(4)]
    kind = index % 4
    if kind in (1, 3):
        bots[(index // 4) % 4] = make_bot("shooter", always=kind == 3)
    return bots


def deal(seed: int, index: int) -> HandState:
    return HandState.deal(STANDARD, seed=deal_seed(seed, index), dealer=index % 4, hand_number=index)


def positions(seed: int, index: int, kind: str) -> list[tuple[str, int, HandState]]:
    """The hand's decisions of this kind, in order: (puzzle id, seat, the state before the decision)."""
    state = deal(seed, index)
    bots = lineup(index)
    rng = random.Random(deal_seed(seed, index) * 31)
    out: list[tuple[str, int, HandState]] = []
    if state.phase is Phase.PASSING:
        if kind == "pass":
            out = [(f"pass-{index:05d}-{seat}", seat, state.copy()) for seat in range(4)]
        for seat in range(4):
            state.pass_cards(seat, bots[seat].choose_pass(state.view(seat), rng))
    if kind == "pass":
        return out
    while state.phase is Phase.PLAYING:
        seat = state.to_play
        view = state.view(seat)
        if view.legal_mask & (view.legal_mask - 1):
            out.append((f"play-{index:05d}-{len(state.actions):02d}", seat, state.copy()))
        state.play(bots[seat].choose_play(view, rng), seat)
    return out


# -- themes, rating, explanation ---------------------------------------------------------------------------------
def _takes_trick(view: SeatView, cid: int) -> bool:
    """Whether the card takes the trick as far as the seat can tell: it beats the cards on the table, or it leads
    and no unseen card of its suit is higher."""
    if view.current_trick:
        return _winning_after(view, cid)
    return not _beaten_by_unseen(view, cid)


def _winning_after(view: SeatView, cid: int) -> bool:
    """Whether the card leads, or would be winning the trick as far as it has been played."""
    t = tables_for(view.k)
    ts = trick_state(view, t)
    return ts.lead_suit < 0 or (t.suit[cid] == ts.lead_suit and (cid & 15) + 2 > ts.winning_rank)


def _beaten_by_unseen(view: SeatView, cid: int) -> bool:
    """Whether a card the seat has not seen (held by another seat) ranks above ``cid`` in its suit."""
    t = tables_for(view.k)
    suit = t.suit[cid]
    return bool(view.unseen_mask & view.k.suit_masks[suit] & ~t.under[suit][(cid & 15) + 3])


def moon_seat(view: SeatView) -> int:
    """The seat a teacher would call a moon threat, or -1: one other seat has taken every point card taken so
    far, and either enough of them (the coach's ``moon_threat``: 40% of the points), or the Q♠ among them, or
    every unseen heart above this seat's hearts is one this seat passed to it (so it knows who holds them)."""
    t = tables_for(view.k)
    if view.rules.moon is Moon.NONE:
        return -1
    takers = [s for s, taken in enumerate(view.taken_masks) if taken & t.points]
    if len(takers) != 1 or takers[0] == view.seat:
        return -1
    seat = takers[0]
    if moon_threat(view, t) == seat or view.taken_masks[seat] & t.big:
        return seat
    hearts = view.k.suit_masks[Suit.HEARTS]
    mine = view.hand_mask & hearts
    above = view.unseen_mask & hearts & ~(t.under[Suit.HEARTS][(t.top(mine) & 15) + 3] if mine else 0)
    passed = sum(mask for target, mask in view.pass_recipients if target == seat)
    if above and not above & ~passed:
        return seat
    return -1


def _shooting_position(view: SeatView) -> bool:
    """Whether the seat has taken every point card taken so far, 4 points or more."""
    t = tables_for(view.k)
    takers = [s for s, taken in enumerate(view.taken_masks) if taken & t.points]
    return takers == [view.seat] and t.points_in(view.taken_masks[view.seat] & t.points) >= 4


def _stops_moon(view: SeatView, cid: int, threat: int) -> bool:
    """Whether the card works against the ``threat`` seat's moon (see ``stopping-moon`` in the docstring)."""
    t = tables_for(view.k)
    if _takes_trick(view, cid):
        return True
    ts = trick_state(view, t)
    played = {seat for seat, _, _ in view.current_trick}
    if threat in played and ts.winner != threat and (ts.points > 0 or (1 << cid) & t.points):
        return True  # the threat has played and another seat takes the trick's points
    hearts = view.k.suit_masks[Suit.HEARTS]
    mine, out = view.hand_mask & hearts, view.unseen_mask & hearts
    if not mine or not out:
        return False
    stopper = t.top(mine)
    return ((stopper & 15) + 2) > ((t.top(out) & 15) + 2) and bool(view.legal_mask >> stopper & 1) and cid != stopper


def play_themes(view: SeatView, cid: int) -> list[str]:
    """The themes of playing the card ``cid`` in this position (see the module docstring)."""
    t = tables_for(view.k)
    k = view.k
    ts = trick_state(view, t)
    suit = t.suit[cid]
    rank = (cid & 15) + 2
    bit = 1 << cid
    suit_mask = k.suit_masks[suit]
    leading = ts.lead_suit < 0
    following = not leading and suit == ts.lead_suit
    found: set[str] = set()
    same_suit = [c for c in bits(view.legal_mask) if t.suit[c] == suit]
    lowest = min(same_suit, key=lambda c: (c & 15) + 2)
    lower = [c for c in same_suit if (c & 15) + 2 < rank]
    shooting = _shooting_position(view) and _takes_trick(view, cid)
    # ducking: stay under the winner holding a winner; play low when every card of the suit goes over; lead low
    higher_legal = any(((c & 15) + 2) > ts.winning_rank for c in same_suit)
    if following and rank < ts.winning_rank and higher_legal:
        found.add("ducking")
    if (following and not ts.last and cid == lowest and (lowest & 15) + 2 > ts.winning_rank and len(same_suit) > 1
            and _beaten_by_unseen(view, cid)):  # fmt: skip
        found.add("ducking")
    if leading and cid == lowest and (view.hand_mask & suit_mask).bit_count() > 1 and _beaten_by_unseen(view, cid):
        found.add("ducking")
    # unloading: a higher card than needed, when it costs little
    if lower and not bit & t.big and not shooting:
        low_rank = min((c & 15) + 2 for c in lower)
        if not leading and not following:
            found.add("unloading")  # a discard
        elif following and rank < ts.winning_rank:
            found.add("unloading")  # ducks with a high card; the lower one would duck too
        elif following and ts.last and low_rank > ts.winning_rank:
            found.add("unloading")  # the seat takes the trick whichever it plays
        elif following and ts.points == 0:
            found.add("unloading")  # goes over on a trick that holds no point card yet
        elif _beaten_by_unseen(view, cid):
            found.add("unloading")  # a card another seat can still beat
    # dumping-queen: the Q♠ onto another seat's trick; or a trick won with another card the Q♠ would win too
    if bit & t.big and not leading and ts.winner != view.seat and not _winning_after(view, cid):
        found.add("dumping-queen")
    queen = view.legal_mask & t.big
    if (queen and not bit & t.big and following and ts.last and rank > ts.winning_rank
            and (t.top(queen) & 15) + 2 > ts.winning_rank):  # fmt: skip
        found.add("dumping-queen")
    if view.hand_mask & suit_mask == bit and view.hand_mask.bit_count() >= 2 and not following:
        found.add("making-void")
    on_table = 0
    for _, played, _ in view.current_trick:
        on_table |= 1 << played
    earlier = view.played_mask & ~on_table & suit_mask
    unseen = view.unseen_mask & suit_mask
    higher_played = earlier & ~t.under[suit][rank + 1]
    lower_played = earlier & t.under[suit][rank]
    if unseen:
        not_last = len(view.current_trick) < view.players - 1
        if higher_played and not unseen & ~t.under[suit][rank + 1] and not_last and _winning_after(view, cid):
            found.add("counting")
        if leading and lower_played and not unseen & t.under[suit][rank]:
            found.add("counting")
    threat = moon_seat(view)
    if threat >= 0 and _stops_moon(view, cid, threat):
        found.add("stopping-moon")
    if shooting:
        found.add("shooting")
    if view.trick_number >= 9:
        found.add("endgame")
    return [theme for theme in THEMES if theme in found]


def pass_themes(view: SeatView, ids: list[int]) -> list[str]:
    """The themes of passing the cards ``ids`` (see the module docstring)."""
    t = tables_for(view.k)
    chosen = 0
    for cid in ids:
        chosen |= 1 << cid
    found = {"passing"}
    if chosen & t.big:
        found.add("dumping-queen")
    for mask in view.k.suit_masks:
        if view.hand_mask & mask and not view.hand_mask & mask & ~chosen:
            found.add("making-void")
    hearts = view.k.suit_masks[Suit.HEARTS]
    top_two = [t.top(hearts), t.top(hearts & ~(1 << t.top(hearts)))]
    kept = view.hand_mask & ~chosen
    if all(kept >> c & 1 for c in top_two) and all(((c & 15) + 2) <= Rank.TEN for c in ids):
        found.add("shooting")
    return [theme for theme in THEMES if theme in found]


def words(puzzle: dict[str, Any], state: HandState) -> dict[str, Any]:
    """The puzzle's checked facts and its explanation (:mod:`hearts_lessons.practice.puzzle_words`), with the
    confirmation's numbers (``costs``: the second best's saving and its interval). What a wrong answer is told is
    made when it is given (:meth:`hearts_lessons.practice.ladder.Puzzle.feedback`), from the same costs."""
    seat, kind = puzzle["seat"], puzzle["kind"]
    answer = parse_cards(" ".join(puzzle["answer"]))
    facts = choice_facts(state, seat, answer)
    second = next(c for c in puzzle["costs"] if sorted(c["cards"]) == sorted(puzzle["second"]))
    return {"facts": [fact_json(f) for f in facts],
            "explanation": explanation(kind, answer, facts, second, seat=seat, players=state.players)}  # fmt: skip


# -- the mining --------------------------------------------------------------------------------------------------
def _margin(found: list[Candidate]) -> tuple[Candidate, Candidate, float]:
    ranked = sorted(found, key=lambda c: c.mean)
    return ranked[0], ranked[1], ranked[1].mean - ranked[0].mean


def _has_equivalent(view: SeatView, best: int, ids: list[int]) -> bool:
    """Whether a legal card not tried (merged by :func:`play_candidates`) is equivalent to ``best``."""
    t = tables_for(view.k)
    lower = [c for c in bits(view.legal_mask) if t.suit[c] == t.suit[best] and (c & 15) + 2 < ((best & 15) + 2)]
    return bool(lower) and max(lower, key=lambda c: (c & 15) + 2) not in ids


def _rng(seed: int, pid: str, step: str) -> random.Random:
    return random.Random(f"{seed}/{pid}/{step}")


def confirm(kind: str, view: SeatView, seed: int, pid: str, worlds: int, expected: frozenset[int],
            need: float) -> list[tuple[list[Candidate], float]] | None:  # fmt: skip
    """The two confirmations (candidates, margin), or ``None`` when one fails."""
    coach = MINING_SETTINGS(kind, pid, seed, worlds).coach_bot()
    runs = []
    for step in ("1", "2"):
        advice = coach.advise(view, _rng(seed, pid, step))
        best, _, margin = _margin(list(advice.candidates))
        if frozenset(c.id for c in best.cards) != expected or margin < need:
            return None
        runs.append((list(advice.candidates), margin))
    return runs


def mine(task: tuple[str, int, dict[str, Any]]) -> dict[str, Any]:
    """One task: the passes or the card play of one hand. Returns its puzzles and counts."""
    kind, index, cfg = task
    seed = cfg["seed"]
    start = time.time()
    stats: Counter[str] = Counter()
    puzzles: list[dict[str, Any]] = []
    for pid, seat, state in positions(seed, index, kind):
        if len(puzzles) >= cfg["cap"]:
            break
        view = state.view(seat)
        stats["positions"] += 1
        if kind == "play":
            ids = play_candidates(view)
            if len(ids) < 2:
                continue
            stats["prescreened"] += 1
            found = evaluate_plays(view, worlds=cfg["prescreen"], rng=_rng(seed, pid, "p"), cards=ids)
            best, _, margin = _margin(found)
            if margin < cfg["prescreen_margin"] or _has_equivalent(view, best.cards[0].id, ids):
                continue
            stats["screened"] += 1
            found = evaluate_plays(view, worlds=cfg["screen"], rng=_rng(seed, pid, "s"), cards=ids, infer=True)
        else:
            combos = pass_candidates(view)
            if len(combos) < 2:
                continue
            stats["prescreened"] += 1
            found = evaluate_passes(view, combos, worlds=cfg["pass_prescreen"], rng=_rng(seed, pid, "p"))
            if _margin(found)[2] < cfg["prescreen_margin"]:
                continue
            stats["screened"] += 1
            found = evaluate_passes(view, combos, worlds=cfg["screen"], rng=_rng(seed, pid, "s"))
        best, _, margin = _margin(found)
        if margin < cfg["screen_margin"]:
            continue
        stats["confirmed"] += 1
        answer_ids = frozenset(c.id for c in best.cards)
        runs = confirm(kind, view, seed, pid, cfg["worlds"], answer_ids, cfg["margin"])
        if runs is None:
            continue
        stats["puzzles"] += 1
        puzzles.append(build(kind, pid, seat, state, view, runs, seed, cfg["worlds"]))
    return {"kind": kind, "deal": index, "puzzles": puzzles, "stats": dict(stats), "seconds": time.time() - start}


def build(kind: str, pid: str, seat: int, state: HandState, view: SeatView,
          runs: list[tuple[list[Candidate], float]], seed: int, worlds: int) -> dict[str, Any]:  # fmt: skip
    """The puzzle's JSON object."""
    means: dict[frozenset[int], list[float]] = {}
    order: dict[frozenset[int], list[int]] = {}
    for found, _ in runs:
        for c in found:
            key = frozenset(card.id for card in c.cards)
            means.setdefault(key, []).append(c.mean)
            order.setdefault(key, [card.id for card in c.cards])
    average = {key: sum(v) / len(v) for key, v in means.items() if len(v) == len(runs)}
    ranked = sorted(average, key=lambda key: (average[key], sorted(key)))
    answer, second = order[ranked[0]], order[ranked[1]]
    margin = average[ranked[1]] - average[ranked[0]]
    puzzle = {
        "id": pid,
        "kind": kind,
        "record": json.loads(state.to_json()),
        "seat": seat,
        "answer": [card_from_id(c).code for c in answer],
        "second": [card_from_id(c).code for c in second],
        "margin": round(margin, 3),
        "margins": [round(m, 3) for _, m in runs],
        "confirmed": MINING_SETTINGS(kind, pid, seed, worlds).current(time.strftime("%Y-%m-%d", time.gmtime()))
        .as_dict(),
        "costs": [c.as_dict() for c in cost_table([found for found, _ in runs], frozenset(answer))],
    }
    return annotate(puzzle, view)


def annotate(puzzle: dict[str, Any], view: SeatView | None = None) -> dict[str, Any]:
    """The puzzle with its themes, facts and explanation (re)computed from its position, answer and costs (so
    these rules can change without mining again). Its rating is earned separately (``--rate``)."""
    state = HandState.from_json(json.dumps(puzzle["record"]))
    if view is None:
        view = state.view(puzzle["seat"])
    answer = [card.id for card in parse_cards(" ".join(puzzle["answer"]))]
    themes = play_themes(view, answer[0]) if puzzle["kind"] == "play" else pass_themes(view, answer)
    return {**puzzle, "themes": themes,
            **words(puzzle, state)}  # fmt: skip


# -- the run -----------------------------------------------------------------------------------------------------
def _config(args: argparse.Namespace) -> dict[str, Any]:
    return {"version": VERSION, "seed": args.seed, "worlds": args.worlds, "margin": args.margin,
            "prescreen": args.prescreen, "prescreen_margin": args.prescreen_margin, "screen": args.screen,
            "pass_prescreen": args.pass_prescreen, "pass_screen": args.pass_screen,
            "screen_margin": args.screen_margin, "play_cap": args.play_cap, "pass_cap": args.pass_cap}  # fmt: skip


def _task_cfg(cfg: dict[str, Any], kind: str) -> dict[str, Any]:
    out = dict(cfg)
    if kind == "pass":
        out["screen"] = cfg["pass_screen"]
    out["cap"] = cfg["play_cap"] if kind == "play" else cfg["pass_cap"]
    return out


def _prefix(done: dict[int, dict[str, Any]], target: int) -> tuple[list[dict[str, Any]], int]:
    """The puzzles of the shortest run of hands from 0 that reaches ``target`` (or of all finished hands from 0),
    and how many hands that is."""
    out: list[dict[str, Any]] = []
    index = 0
    while index in done and len(out) < target:
        out.extend(done[index]["puzzles"])
        index += 1
    return out, index


def write(path: Path, cfg: dict[str, Any], puzzles: list[dict[str, Any]]) -> None:
    data = {"format": FORMAT, "generator": "scripts/mine_puzzles.py", "seed": cfg["seed"], "worlds": cfg["worlds"],
            "screen_worlds": {"prescreen": {"play": cfg["prescreen"], "pass": cfg["pass_prescreen"]},
                              "screen": {"play": cfg["screen"], "pass": cfg["pass_screen"]}},
            "sampling": SAMPLING,
            "puzzles": puzzles}  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    text = json.dumps(data, ensure_ascii=False, indent=1)
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, path)


def summary(puzzles: list[dict[str, Any]]) -> str:
    kinds = Counter(p["kind"] for p in puzzles)
    themes = Counter(theme for p in puzzles for theme in p["themes"])
    bands = Counter(next((f"{a}-{b - 1}" for a, b in BANDS if a <= p["rating"] < b), "other") for p in puzzles)
    lines = [f"puzzles: {len(puzzles)} ({kinds['play']} play, {kinds['pass']} pass); "
             f"no theme: {sum(not p['themes'] for p in puzzles)}"]  # fmt: skip
    lines.append("themes: " + ", ".join(f"{t} {themes[t]}" for t in THEMES))
    lines.append("rating bands: " + ", ".join(f"{band} {n}" for band, n in sorted(bands.items())))
    return "\n".join(lines)


# -- re-confirming ---------------------------------------------------------------------------------------------
def MINING_SETTINGS(kind: str, pid: str, seed: int, worlds: int = 1000) -> Settings:
    """The settings of a puzzle's two confirmations: ``worlds`` deals each, seeds ``{seed}/{id}/1`` and ``/2``, no
    lookahead (the rule-based player finishes the hand for every seat); card play infers the others' hands
    from their play and the pass and tries the moon line, passes sample uniformly."""
    play = kind == "play"
    return Settings(worlds, (f"{seed}/{pid}/1", f"{seed}/{pid}/2"), lookahead=0, infer=play, read_pass=play, moon=play)


def settings_of(puzzle: dict[str, Any], seed: int, worlds: int) -> Settings:
    """The settings that confirmed the puzzle: its ``confirmed`` object; for a puzzle written before they were
    recorded, the mining's own (``worlds`` deals, seeds ``{seed}/{id}/1`` and ``/2``, no lookahead: the
    rule-based player finishes the hand; card play infers the others' hands, passes sample uniformly)."""
    if "confirmed" in puzzle:
        return Settings.from_dict(puzzle["confirmed"])
    return MINING_SETTINGS(puzzle["kind"], puzzle["id"], seed, worlds)


def check_sample(ids: list[str], count: int, seed: str) -> list[str]:
    """``count`` of the ids (all when there are fewer), drawn by ``random.Random(seed)``, in file order; passes and
    card play in proportion to their numbers (a pass costs about three card-play puzzles to re-confirm, so a day's
    sample takes about as long as any other's)."""
    if count >= len(ids):
        return list(ids)
    rng = random.Random(seed)
    passes = [i for i in ids if i.startswith("pass-")]
    plays = [i for i in ids if not i.startswith("pass-")]
    share = round(count * len(passes) / len(ids))
    chosen = set(rng.sample(passes, share)) | set(rng.sample(plays, count - share))
    return [i for i in ids if i in chosen]


def _check_one(task: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    puzzle, settings_dict = task
    settings = Settings.from_dict(settings_dict)
    state = HandState.from_json(json.dumps(puzzle["record"]))
    start = time.time()
    answer = parse_cards(" ".join(puzzle["answer"]))
    done = reconfirm(state, puzzle["seat"], answer, settings)
    return {"id": puzzle["id"], "settings": settings_dict, "coach": coach_version(), "holds": done.holds,
            "margins": [round(m, 3) for m in done.margins],
            "best": [[c.code for c in cards] for cards in done.best],
            "costs": [c.as_dict() for c in done.costs], "seconds": round(time.time() - start, 2)}  # fmt: skip


def check_main(args: argparse.Namespace) -> int:
    """``--check``: re-confirm puzzles with their recorded settings (see :func:`settings_of`)."""
    data = json.loads(args.out.read_text(encoding="utf-8"))
    puzzles = data["puzzles"]
    ids = [p["id"] for p in puzzles]
    seed = args.check_seed or time.strftime("%Y-%m-%d", time.gmtime())
    chosen = ids if args.check == "all" else check_sample(ids, int(args.check), seed)
    by_id = {p["id"]: p for p in puzzles}
    version = coach_version()
    CACHE.mkdir(parents=True, exist_ok=True)
    cache = CACHE / f"check-{version}.jsonl"
    results: dict[str, dict[str, Any]] = {}
    if cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            results[row["id"]] = row
    tasks = []
    for pid in chosen:
        settings = settings_of(by_id[pid], data["seed"], data["worlds"]).as_dict()
        row = results.get(pid)
        if row is None or row["settings"]["seeds"] != settings["seeds"] or row["settings"]["worlds"] != settings[
                "worlds"] or row["settings"]["lookahead"] != settings["lookahead"]:  # fmt: skip
            tasks.append((by_id[pid], settings))
    print(f"re-confirming {len(chosen)} of {len(ids)} puzzles (sample seed {seed!r}; coach {version}, "
          f"{engine_build()}); {len(chosen) - len(tasks)} already measured by this coach", flush=True)  # fmt: skip
    began = time.time()
    context = multiprocessing.get_context("fork")
    with context.Pool(args.processes) as pool, cache.open("a", encoding="utf-8") as log:
        for n, row in enumerate(pool.imap_unordered(_check_one, tasks), 1):
            results[row["id"]] = row
            log.write(json.dumps(row, ensure_ascii=False) + "\n")
            log.flush()
            mark = "holds" if row["holds"] else "NO LONGER HOLDS"
            print(f"[{time.time() - began:6.0f}s] {n}/{len(tasks)} {row['id']}: margins {row['margins']} "
                  f"({row['seconds']:.1f}s) {mark}", flush=True)  # fmt: skip
    for row in results.values():  # the verdict from the margins (a run of an older script may have judged it)
        row["holds"] = min(row["margins"]) >= Settings.from_dict(row["settings"]).margin - TOLERANCE
    failed = [pid for pid in chosen if not results[pid]["holds"]]
    seconds = sum(results[pid]["seconds"] for pid in chosen)
    print(f"{len(chosen) - len(failed)} of {len(chosen)} hold; {len(failed)} no longer hold"
          + (f": {', '.join(failed)}" if failed else "") + f" ({seconds / 60:.1f} CPU minutes)")  # fmt: skip
    if args.record:
        if args.check != "all":
            raise SystemExit("--record needs --check all (every puzzle re-confirmed)")
        today = time.strftime("%Y-%m-%d", time.gmtime())
        kept = []
        for puzzle in puzzles:
            row = results[puzzle["id"]]
            if not row["holds"]:
                continue
            now = Settings.from_dict(row["settings"]).current(today)
            margins = row["margins"]
            kept.append({**puzzle, "second": row["costs"][0]["cards"], "margin": round(sum(margins) / len(margins), 3),
                         "margins": margins, "confirmed": now.as_dict(), "costs": row["costs"]})  # fmt: skip
        data["puzzles"] = [annotate(p) for p in kept]
        rate(data)
        data["format"] = FORMAT
        data["sampling"] = SAMPLING
        args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}: {len(kept)} puzzles ({len(puzzles) - len(kept)} dropped)")
    return 1 if failed and not args.record else 0


# -- ratings earned from attempts --------------------------------------------------------------------------------
def attempts_of(puzzle: dict[str, Any], solvers: tuple[Solver, ...]) -> list[bool]:
    """Whether each solver finds the puzzle's answer."""
    state = HandState.from_json(json.dumps(puzzle["record"]))
    answer = parse_cards(" ".join(puzzle["answer"]))
    return [solves(solver, state, puzzle["seat"], answer, puzzle["id"]) for solver in solvers]


def rate(data: dict[str, Any]) -> dict[str, Any]:
    """Every puzzle tried by every solver of :data:`~hearts_lessons.practice.puzzle_ratings.SOLVERS` (and the
    held-out one), the ratings fitted, written into ``data``: each puzzle's ``rating``, ``rating_deviation`` and
    ``solved_by``; the file's ``ratings`` (the solvers' ratings and the held-out check by band)."""
    puzzles = data["puzzles"]
    rows = [attempts_of(p, (*SOLVERS, HELD_OUT)) for p in puzzles]
    attempts = {solver.name: [row[k] for row in rows] for k, solver in enumerate(SOLVERS)}
    held = [row[-1] for row in rows]
    found = fit(attempts)
    for p, row, value, deviation in zip(puzzles, rows, found.puzzles, found.deviations, strict=True):
        p["rating"] = round(value)
        p["rating_deviation"] = round(deviation)
        p["solved_by"] = [solver.name for solver, won in zip(SOLVERS, row, strict=False) if won]
    data["ratings"] = {
        "model": "P(solve) = 1 / (1 + 10 ** ((puzzle - solver) / 400)); each puzzle's prior 1500 +- 350",
        "solvers": [{"name": s.name, "solver": s.describe(), "rating": round(found.solvers[s.name])}
                    for s in SOLVERS],
        "held_out": {"name": HELD_OUT.name, "solver": HELD_OUT.describe(),
                     "solved": [p["id"] for p, won in zip(puzzles, held, strict=True) if won],
                     "bands": [{"from": a, "to": b, "puzzles": n, "solved": k}
                               for a, b, n, k in band_rates([p["rating"] for p in puzzles], held)]},
        "coach": coach_version(), "engine": engine_build(), "date": time.strftime("%Y-%m-%d", time.gmtime()),
    }  # fmt: skip
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--target", type=int, default=300, help="puzzles in all")
    parser.add_argument("--pass-target", type=int, default=60, help="passing puzzles (the rest are card play)")
    parser.add_argument("--worlds", type=int, default=1000, help="sampled deals of each confirmation")
    parser.add_argument("--margin", type=float, default=2.0, help="expected points the answer must save")
    parser.add_argument("--prescreen", type=int, default=30)
    parser.add_argument("--prescreen-margin", type=float, default=1.2)
    parser.add_argument("--screen", type=int, default=150)
    parser.add_argument("--pass-prescreen", type=int, default=24)
    parser.add_argument("--pass-screen", type=int, default=80)
    parser.add_argument("--screen-margin", type=float, default=1.7)
    parser.add_argument("--play-cap", type=int, default=3, help="card-play puzzles per hand at most")
    parser.add_argument("--pass-cap", type=int, default=2, help="passing puzzles per hand at most")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=0, help="stop starting tasks after this long (0: never)")
    parser.add_argument("--max-hands", type=int, default=5000)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--write-only", action="store_true", help="only rewrite the output from the checkpoint")
    parser.add_argument("--check", nargs="?", const="all", metavar="N|all",
                        help="re-confirm N puzzles of --out (a sample seeded by --check-seed) or all of them, each "
                             "with its recorded settings, and report which no longer hold")  # fmt: skip
    parser.add_argument("--check-seed", default=None, help="seed of the --check sample (default: today, UTC)")
    parser.add_argument("--words", action="store_true",
                        help="rewrite the themes, facts and explanation of every puzzle of --out from its position, "
                             "answer and recorded costs (no coach is run; nothing else changes)")  # fmt: skip
    parser.add_argument("--print-words", action="store_true",
                        help="print every puzzle's explanation and the feedback on each other choice of --out (to "
                             "read them all)")  # fmt: skip
    parser.add_argument("--rate", action="store_true",
                        help="rate every puzzle of --out from attempts by the solvers of known strength, and check "
                             "the ratings with a held-out solver")  # fmt: skip
    parser.add_argument("--record", action="store_true",
                        help="with --check: rewrite --out, each puzzle that holds with today's confirmation (its "
                             "margins, second best, every other choice's cost, the coach's version), dropping "
                             "those that no longer hold")  # fmt: skip
    args = parser.parse_args(argv)
    if args.check is not None:
        return check_main(args)
    if args.print_words:
        for puzzle in load_puzzles(args.out).puzzles:
            print(f"{puzzle.id}  {puzzle.explanation}")
            for cost in puzzle.costs:
                print(f"{puzzle.id}  - {puzzle.feedback(cost['cards'])}")
        return 0
    if args.words:
        data = json.loads(args.out.read_text(encoding="utf-8"))
        rewritten = [annotate(puzzle) for puzzle in data["puzzles"]]
        changed = sum(1 for old, new in zip(data["puzzles"], rewritten, strict=True) if old != new)
        data["puzzles"] = rewritten
        args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"words rewritten: {changed} of {len(rewritten)} puzzles changed")
        return 0
    if args.rate:
        data = rate(json.loads(args.out.read_text(encoding="utf-8")))
        args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print("solvers: " + ", ".join(f"{s['name']} {s['rating']}" for s in data["ratings"]["solvers"]))
        for band in data["ratings"]["held_out"]["bands"]:
            print(f"held-out solver, ratings {band['from']}-{band['to']}: {band['solved']}/{band['puzzles']}")
        return 0

    cfg = _config(args)
    key = hashlib.sha256(json.dumps(cfg, sort_keys=True).encode()).hexdigest()[:10]
    CACHE.mkdir(parents=True, exist_ok=True)
    checkpoint = CACHE / f"seed{args.seed}-{key}.jsonl"
    targets = {"play": max(0, args.target - args.pass_target), "pass": args.pass_target}
    done: dict[str, dict[int, dict[str, Any]]] = {"play": {}, "pass": {}}
    if checkpoint.exists():
        for line in checkpoint.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:  # a line cut short when a run was stopped
                continue
            done[row["kind"]][row["deal"]] = row
    for index in range(3, args.max_hands, 4):  # hands without passing: nothing to mine
        done["pass"].setdefault(index, {"kind": "pass", "deal": index, "puzzles": [], "stats": {}, "seconds": 0.0})
    print(f"checkpoint {checkpoint} ({sum(len(d) for d in done.values())} tasks done); targets {targets}", flush=True)

    began = time.time()

    annotated: dict[str, dict[str, Any]] = {}

    def collect() -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        seen: set[tuple[str, int, str]] = set()
        for kind in ("play", "pass"):
            for puzzle in _prefix(done[kind], targets[kind])[0]:
                # the same seat, the same answer, later in the same hand (its bot played another card): one is enough
                twin = (puzzle["id"][:10], puzzle["seat"], " ".join(sorted(puzzle["answer"])))
                if twin in seen:
                    continue
                seen.add(twin)
                if puzzle["id"] not in annotated:
                    annotated[puzzle["id"]] = annotate(puzzle)
                out.append(annotated[puzzle["id"]])
        return out

    def needs(kind: str) -> bool:
        have, _ = _prefix(done[kind], targets[kind])
        return len(have) < targets[kind]

    def pending_for(kind: str, running: set[tuple[str, int]]) -> int | None:
        index = 0
        while index < args.max_hands:
            if index not in done[kind] and (kind, index) not in running:
                if kind == "pass" and index % 4 == 3:  # a hand without passing: nothing to mine
                    done[kind][index] = {"kind": kind, "deal": index, "puzzles": [], "stats": {}, "seconds": 0.0}
                else:
                    return index
            index += 1
        return None

    running: dict[tuple[str, int], Any] = {}
    stop = args.write_only
    context = multiprocessing.get_context("fork")
    with context.Pool(args.processes) as pool, checkpoint.open("a", encoding="utf-8") as log:
        while True:
            if args.minutes and time.time() - began > args.minutes * 60:
                stop = True
            while not stop and len(running) < 2 * args.processes:
                # the kind furthest from its target (as a share) gets the next task
                wanted = []
                for kind in ("play", "pass"):
                    if targets[kind] and needs(kind):
                        have = len(_prefix(done[kind], targets[kind])[0])
                        ahead = sum(1 for k, _ in running if k == kind)
                        wanted.append(((have + 1.5 * ahead) / targets[kind], kind))
                if not wanted:
                    break
                kind = min(wanted)[1]
                index = pending_for(kind, set(running))
                if index is None:
                    break
                running[(kind, index)] = pool.apply_async(mine, ((kind, index, _task_cfg(cfg, kind)),))
            if not running:
                break
            finished = [key_ for key_, result in running.items() if result.ready()]
            if not finished:
                time.sleep(0.2)
                continue
            for key_ in finished:
                row = running.pop(key_).get()
                done[row["kind"]][row["deal"]] = row
                log.write(json.dumps(row, ensure_ascii=False) + "\n")
                log.flush()
                puzzles = collect()
                write(args.out, cfg, puzzles)
                counts = Counter(p["kind"] for p in puzzles)
                s = row["stats"]
                print(f"[{time.time() - began:7.0f}s] {row['kind']} hand {row['deal']:4d}: "
                      f"{len(row['puzzles'])} puzzles from {s.get('positions', 0)} positions "
                      f"({s.get('screened', 0)} screened, {s.get('confirmed', 0)} confirmed) in "
                      f"{row['seconds']:.0f}s; total {counts['play']} play + {counts['pass']} pass",
                      flush=True)  # fmt: skip
    puzzles = collect()
    write(args.out, cfg, puzzles)
    rated = rate(json.loads(args.out.read_text(encoding="utf-8")))  # the ratings, once every puzzle is in
    args.out.write_text(json.dumps(rated, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    puzzles = rated["puzzles"]
    spent = time.time() - began
    cpu = sum(row["seconds"] for d in done.values() for row in d.values())
    hands = {kind: _prefix(done[kind], targets[kind])[1] for kind in done}
    print(f"done in {spent / 60:.1f} min this run ({cpu / 60:.1f} task-minutes in all, over every run); "
          f"hands used: {hands['play']} for card play, {hands['pass']} for passing")  # fmt: skip
    print(summary(puzzles))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
