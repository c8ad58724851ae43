"""Benchmark: the bot ladder's strength on duplicate deals, the rule-based bot's speed, the coach's thinking time.

Prints figures; asserts nothing. Standard Hearts, four players, pass directions cycling left, right, across, hold.

1. A mixed table (random, beginner, rules, shooter) on duplicate deals: every bot plays every seat of every deal;
   points per hand with 95% confidence intervals (over deals).
2. Each bot against three rule-based bots, compared with a rule-based bot in the same seat of the same deals
   (the baseline table is four rule-based bots): points per hand saved, with 95% confidence intervals, over all
   hands and over the hold hands only (no pass: the play alone); and for the shooter and the coach, how often
   they shoot the moon and how often they stop a moon that another seat shot against the rule-based bot in the
   same seat of the same deal (Wilson 95% intervals; a higher stop rate is better).
3. The rule-based bot's self-play speed on one core (hands per CPU second, and per wall second), on the hot path
   (a bare hand, ``rules_hand``) and on the lab's readable path.
4. The coach's time per decision at its full default strength (the compiled engine's: 150 worlds, 60 a pass,
   looking ahead at every one of its own decisions; CPU seconds, in this process, whichever build runs), at 128
   worlds, and at 128 worlds with plain Python's defaults (looking ahead at its next decision only, 40 worlds a
   pass: the browser's coach, and the ladder's) and with the plain rollout (``lookahead=0``, the search measured
   before 2026-11-27). The strength table's coach plays at this build's defaults (a line says which).

The first line says which build of the engine ran (pure Python, or compiled: ``scripts/compile_engine.sh``); the
coach makes the same choices in both, only faster compiled.
5. With ``--lab-hands N``: the lab's throughput, N rule-based hands through ``simulate_hands`` on every core (or on
   a Dask cluster with ``--scheduler ADDRESS``), hands per wall second.

6. With ``--threat-hands N``: how well "another seat alone on points with a share of them" foretells a moon, on N
   seeded hands of four rule-based bots, for shares from 40% to 80%: the hands in which some seat was seen so,
   and how many of them that seat shot (Wilson 95% intervals). It sets
   :data:`~hearts_lessons.bots.features.THREAT_SHARE`, the share at which the coach expects a seat to shoot.

The last line is ``coach_margin_points_per_hand: M +- H``: the coach's saving over the rule-based bot over all
hands (goal: M ≥ 2.5 and M − H ≥ 2.3 over at least 1,000 duplicate deals).

    python bench/bots.py [--deals 2000] [--coach-deals 100] [--seconds 3] [--processes N] [--lab-hands N]
                         [--scheduler tcp://host:8786] [--only-speed] [--coach-worlds 100] [--coach-only]
                         [--coach-options '{"thin": 10}'] [--threat-hands 2000]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import Executor

from hearts_lessons.bots import CoachBot, RuleBasedBot
from hearts_lessons.bots.base import Policy, bot_step
from hearts_lessons.bots.coach import (
    DEFAULT_LOOKAHEAD,
    DEFAULT_PASS_WORLDS,
    DEFAULT_WORLDS,
    PURE_LOOKAHEAD,
    PURE_PASS_WORLDS,
    compiled_strength,
    default_lookahead,
    default_pass_worlds,
    default_worlds,
    lookahead_words,
)
from hearts_lessons.bots.driver import run_hand
from hearts_lessons.bots.features import tables_for, threat_in
from hearts_lessons.bots.rulebased import rules_hand
from hearts_lessons.cards import Card
from hearts_lessons.playout import dealt_hand
from hearts_lessons.rules import STANDARD
from hearts_lessons.runtime import engine_build
from hearts_lessons.simulate import BotSpec, margin, margins, simulate_hands, summary, wilson
from hearts_lessons.state import HandState, Phase
from hearts_lessons.tables import Table
from hearts_lessons.views import SeatView

SEED = 2026


def mixed_table(deals: int, processes: int | None, executor: Executor | None = None) -> None:
    df = simulate_hands(STANDARD, ["random", "beginner", "rules", "shooter"], hands=deals, seed=SEED,
                        duplicate=True, processes=processes, executor=executor)  # fmt: skip
    print(f"## mixed table, {deals} duplicate deals ({len(df) // 4} hands): points per hand (lower is better)")
    for row in summary(df):
        print(f"{row['bot']:10s} {row['mean']:6.2f} +- {row['ci95']:.2f}")
    moons = {bot: len(df.where(bot=bot, moon=True)) for bot in dict.fromkeys(df["bot"])}
    print("moons shot per 100 hands: " + ", ".join(f"{b} {100 * n / (len(df) / 4):.1f}" for b, n in moons.items()))


def field_margins(deals: int, coach_deals: int, processes: int | None, executor: Executor | None = None,
                  coach_worlds: int | None = None, coach_only: bool = False,
                  coach_options: dict[str, object] | None = None) -> tuple[float, float]:  # fmt: skip
    print(f"## against three rule-based bots: points per hand saved versus a rule-based bot in the same seat "
          f"(positive is better); {deals} duplicate deals, coach {coach_deals}")  # fmt: skip
    print(f"the coach's defaults in this build ({'compiled' if compiled_strength() else 'plain Python'}): "
          f"{default_worlds()} worlds a card, looking ahead {lookahead_words(default_lookahead())}, "
          f"{default_pass_worlds()} worlds a pass")  # fmt: skip
    base = simulate_hands(STANDARD, ["rules"] * 4, hands=max(deals, coach_deals), seed=SEED, processes=processes,
                          executor=executor)  # fmt: skip
    coach = (0.0, 0.0)
    options = dict(coach_options or {})
    if coach_worlds is not None:
        options["worlds"] = coach_worlds
    coach_spec: BotSpec = ("coach", options) if options else "coach"
    entries: list[tuple[str, BotSpec, int]] = [("coach", coach_spec, coach_deals)]
    if not coach_only:
        entries = [("random", "random", deals), ("beginner", "beginner", deals), ("shooter", "shooter", deals),
                   *entries]  # fmt: skip
    for label, spec, count in entries:
        start = time.perf_counter()
        df = simulate_hands(STANDARD, [spec, "rules", "rules", "rules"], hands=count, seed=SEED, duplicate=True,
                            processes=processes, executor=executor)  # fmt: skip
        # the bot's name in the table: its label, or with its options ("coach (worlds=400)")
        name = label if isinstance(spec, str) else next(row["bot"] for row in df.rows if row["bot"] != "rules")
        m = margin(df, base, bot=name, baseline="rules")
        rel = margin(df, base, bot=name, baseline="rules", value="relative")
        mine = df.where(bot=name)
        print(f"{name:10s} saves {m['mean']:+6.2f} +- {m['ci95']:.2f} points/hand "
              f"(relative to the table {rel['mean']:+6.2f} +- {rel['ci95']:.2f}); its points/hand "
              f"{mine.mean('points'):.2f}; {count} deals in {time.perf_counter() - start:.0f} s")  # fmt: skip
        hold = margins(df, base, bot=name, baseline="rules", by="direction").rows
        for row in hold:
            if row["direction"] == "hold":
                print(f"{'':10s} hold hands only: saves {row['mean']:+6.2f} +- {row['ci95']:.2f} points/hand "
                      f"({row['deals']} deals)")  # fmt: skip
        if label in ("shooter", "coach"):
            print(f"{'':10s} {moon_figures(df, base, name)}")
        if label == "coach":
            coach = (m["mean"], m["ci95"])
    return coach


def moon_figures(df: Table, base: Table, bot: str) -> str:
    """How often ``bot`` shoots the moon, and how often it stops a moon that another seat shot against the
    rule-based bot in the same seat of the same deal (rows of ``base``, four rule-based bots)."""
    mine = [row for row in df.rows if row["bot"] == bot]
    shot = sum(bool(row["moon"]) for row in mine)
    low, high = wilson(shot, len(mine))
    against_rules = {(row["deal"], row["seat"]) for row in base.rows if row["moon_hand"] and not row["moon"]}
    chances = [row for row in mine if (row["deal"], row["seat"]) in against_rules]
    stopped = sum(not (row["moon_hand"] and not row["moon"]) for row in chances)
    text = f"moon rate {shot / max(len(mine), 1):.3f} [{low:.3f}, {high:.3f}] ({shot} of {len(mine)} hands)"
    if chances:
        s_low, s_high = wilson(stopped, len(chances))
        text += (f"; moon-stop rate {stopped / len(chances):.2f} [{s_low:.2f}, {s_high:.2f}] ({stopped} of the "
                 f"{len(chances)} moons shot against a rule-based bot in its seat; higher is better)")  # fmt: skip
    return text


def rules_speed(seconds: float) -> None:
    """Four rule-based bots play hands on the hot path (:func:`~hearts_lessons.bots.rulebased.rules_hand` on a
    bare hand dealt from one seeded generator: the same cards, passes and plays as ``run_hand`` with four
    ``RuleBasedBot`` s); then, for comparison, the readable path the lab's tables take (``HandState.deal`` with a
    seed per hand, ``run_hand``)."""
    rng = random.Random(SEED)
    hands = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        for _ in range(200):
            rules_hand(dealt_hand(STANDARD, rng, dealer=hands % 4, hand_number=hands), rng)
            hands += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"## rule-based self-play: {hands} hands in {cpu:.2f} CPU s ({wall:.2f} wall s)")
    print(f"rules_hands_per_cpu_s: {hands / cpu:.0f}")
    print(f"rules_hands_per_wall_s: {hands / wall:.0f}")
    bots: list[Policy] = [RuleBasedBot() for _ in range(4)]
    slow = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds / 2:
        for _ in range(100):
            run_hand(HandState.deal(STANDARD, seed=slow, dealer=slow % 4, hand_number=slow), bots, rng)
            slow += 1
    cpu = time.process_time() - cpu0
    print(f"rules_hands_per_cpu_s_readable_path: {slow / cpu:.0f} (HandState.deal with a seed per hand, run_hand)")


def lab_speed(hands: int, processes: int | None, executor: Executor | None) -> None:
    """Rule-based hands through the lab (``simulate_hands``): every core, or the executor's workers."""
    where = "the executor" if executor is not None else f"{processes or 'every'} local process(es)"
    start = time.perf_counter()
    df = simulate_hands(STANDARD, ["rules"] * 4, hands=hands, seed=SEED, processes=processes, executor=executor)
    wall = time.perf_counter() - start
    assert len(df) == 4 * hands
    print(f"## the lab: {hands} rule-based hands on {where} in {wall:.1f} wall s")
    print(f"lab_rules_hands_per_wall_s: {hands / wall:.0f}")


class _Timed:
    """The coach, timing each decision it makes (CPU seconds)."""

    name = "coach"

    def __init__(self, worlds: int = DEFAULT_WORLDS, lookahead: int = DEFAULT_LOOKAHEAD,
                 pass_worlds: int = DEFAULT_PASS_WORLDS) -> None:  # fmt: skip
        self.coach = CoachBot(worlds=worlds, lookahead=lookahead, pass_worlds=pass_worlds)
        self.plays: list[float] = []
        self.passes: list[float] = []

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        start = time.process_time()
        cards = self.coach.choose_pass(view, rng)
        self.passes.append(time.process_time() - start)
        return cards

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        start = time.process_time()
        card = self.coach.choose_play(view, rng)
        self.plays.append(time.process_time() - start)
        return card


def coach_time(hands: int, worlds: int = DEFAULT_WORLDS, lookahead: int = DEFAULT_LOOKAHEAD,
               pass_worlds: int = DEFAULT_PASS_WORLDS) -> None:  # fmt: skip
    """The coach's CPU seconds per decision in ``hands`` seeded hands against three rule-based bots, by default at
    its full strength (the compiled engine's defaults, whichever build runs); with a ``lookahead`` other than that,
    the figures' names say which (``lookahead=0``: the plain rollout)."""
    timed = _Timed(worlds, lookahead, pass_worlds)
    for n in range(hands):
        state = HandState.deal(STANDARD, seed=SEED + n, dealer=n % 4, hand_number=n)
        run_hand(state, [timed, RuleBasedBot(), RuleBasedBot(), RuleBasedBot()], random.Random(n))
    plays, passes = sorted(timed.plays), sorted(timed.passes)
    print(f"## coach thinking time (worlds={worlds}, pass_worlds={pass_worlds}, lookahead="
          f"{lookahead_words(lookahead)}; CPU s; {hands} hands, forced cards not counted)")  # fmt: skip
    print(f"card decisions: {len(plays)}, mean {statistics.mean(plays):.3f}, 90th percentile "
          f"{plays[int(0.9 * len(plays))]:.3f}, max {plays[-1]:.3f}")  # fmt: skip
    if passes:
        print(f"pass decisions: {len(passes)}, mean {statistics.mean(passes):.3f}, max {passes[-1]:.3f}")
    every = plays + passes
    print(
        f"coach_seconds_per_decision{'' if worlds == DEFAULT_WORLDS else f'_at_{worlds}_worlds'}"
        f"{'' if lookahead == DEFAULT_LOOKAHEAD else f'_lookahead_{lookahead}'}: "
        f"{statistics.mean(every):.3f} (max {max(every):.3f}); per card decision {statistics.mean(plays):.3f}"
    )


def threat_figures(hands: int) -> None:
    """For shares of the points from 40% to 80%: in how many of ``hands`` seeded rule-based hands some seat was
    seen alone on points with that share of them (at any moment of the play), and how many of those hands it shot."""
    shares = (0.4, 0.5, 0.6, 0.7, 0.8)
    flagged = dict.fromkeys(shares, 0)
    shot = dict.fromkeys(shares, 0)
    moons = 0
    for n in range(hands):
        state = HandState.deal(STANDARD, seed=n, hand_number=n)
        bots: dict[int, Policy] = {seat: RuleBasedBot() for seat in range(4)}
        rng = random.Random(n)
        t = tables_for(state.k)
        seen: dict[float, set[int]] = {share: set() for share in shares}
        while state.phase is not Phase.DONE:
            if state.phase is Phase.PLAYING:
                for share in shares:
                    seat = threat_in(list(state._taken), -1, t, share)
                    if seat >= 0:
                        seen[share].add(seat)
            bot_step(state, bots, rng)
        assert state.score is not None
        moons += state.score.shooter is not None
        for share in shares:
            if seen[share]:
                flagged[share] += 1
                shot[share] += state.score.shooter in seen[share]
    print(f"## moon threats: {hands} hands of four rule-based bots (seeds 0-{hands - 1}), {moons} moons")
    for share in shares:
        low, high = wilson(shot[share], flagged[share])
        print(f"alone on points with {share:.0%} of them: {flagged[share]} hands, that seat shot in {shot[share]} "
              f"({shot[share] / max(flagged[share], 1):.0%}, {low:.0%}-{high:.0%})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals for the cheap bots")
    parser.add_argument("--coach-deals", type=int, default=100, help="duplicate deals for the coach")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds for the speed test")
    parser.add_argument("--timing-hands", type=int, default=8, help="hands for the coach's thinking time")
    parser.add_argument("--processes", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--lab-hands", type=int, default=0, help="rule-based hands for the lab's throughput")
    parser.add_argument("--scheduler", default=None, help="run the lab on this Dask scheduler (needs distributed)")
    parser.add_argument("--only-speed", action="store_true", help="speed figures only (no strength tables)")
    parser.add_argument("--coach-worlds", type=int, default=None,
                        help="the coach's worlds per card decision in the strength table (default: this build's, "
                             f"{default_worlds()})")  # fmt: skip
    parser.add_argument("--coach-only", action="store_true", help="of the strength tables, the coach's margin only")
    parser.add_argument("--coach-options", type=json.loads, default=None,
                        help="the coach's options in the strength table, as JSON (e.g. '{\"thin\": 10}')")
    parser.add_argument("--threat-hands", type=int, default=0, help="rule-based hands for the moon-threat figures")
    args = parser.parse_args()
    executor: Executor | None = None
    if args.scheduler:
        from distributed import Client

        executor = Client(args.scheduler).get_executor()
    print(f"engine: {engine_build()}")
    rules_speed(args.seconds)
    coach_time(args.timing_hands)
    coach_time(args.timing_hands, worlds=128)
    # plain Python's defaults (the browser's, and the ladder's coach), and the plain rollout (as before 2026-11-27)
    coach_time(args.timing_hands, worlds=128, lookahead=PURE_LOOKAHEAD, pass_worlds=PURE_PASS_WORLDS)
    coach_time(args.timing_hands, worlds=128, lookahead=0, pass_worlds=PURE_PASS_WORLDS)
    if args.lab_hands:
        lab_speed(args.lab_hands, args.processes, executor)
    if args.threat_hands:
        threat_figures(args.threat_hands)
    if args.only_speed:
        return
    if not args.coach_only:
        mixed_table(args.deals, args.processes, executor)
    m, h = field_margins(args.deals, args.coach_deals, args.processes, executor, args.coach_worlds, args.coach_only,
                         args.coach_options)
    print(f"coach_margin_points_per_hand: {m:.2f} +- {h:.2f}")


if __name__ == "__main__":
    main()
