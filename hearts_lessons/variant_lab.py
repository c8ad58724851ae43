"""The variant lab: play many seeded games of a variant with bots and measure how the variant behaves.

For each variant the lab reports how often a moon (or sun) is shot, the spread of one player's hand score, how
many hands a game lasts, how often the leader changes during a game, and how the variance of a hand's score splits
between the luck of the deal, the skill gap between two bots and the rest of the play, measured with duplicate
deals (every deal is played once per seat rotation, so each set of cards is played from every seat by every bot of
the table). Every measure comes with its 95% interval.

Everything is seeded: the same call gives the same numbers. The results come as a :class:`~.tables.Table`
(:func:`stats_table`) and the plots as SVG charts (:mod:`~hearts_lessons.charts`), with no dependency, so the lab
runs the same on a desktop Python and in the browser's Python, where pandas and matplotlib are not available.

>>> from hearts_lessons.variants import BASIC
>>> stats = simulate(BASIC, games=3, seed=1, deal_rounds=2)
>>> stats.games, stats.hands == sum(stats.hands_per_game), 0 <= stats.moon_rate <= 1
(3, True, True)
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from .bots.base import BOTS, Policy, make_bot, play_hand
from .bots.driver import run_hand
from .charts import PALETTE, Chart, bars, boxes, plane, stack
from .game import GameState
from .i18n import N_, labelled, tr, tr_text
from .rules import Moon, Points, Rules
from .scoring import format_points
from .simulate import map_jobs
from .state import HandState
from .stats import Z95, mean_half, wilson
from .tables import Table
from .variants import rules_name, variant_name

__all__ = [
    "LuckSplit",
    "VariantStats",
    "compare",
    "deal_share",
    "default_bots",
    "leader_changes",
    "play_game_fast",
    "plot_complex_game",
    "plot_lab",
    "plot_ten_of_clubs",
    "sample_hand",
    "sd_interval",
    "simulate",
    "split_luck",
    "stats_rows",
    "stats_table",
    "story_html",
]

PREFERRED_BOTS = ("rules", "beginner")
"""The bot the lab seats at every place: the first of these that is registered in :data:`~.bots.base.BOTS`."""


def default_bots() -> tuple[str, str]:
    """The lab's bots: a good bot (the first registered of :data:`PREFERRED_BOTS`), which plays every seat of the
    games, and a weaker one with another style, which plays the odd seats of the duplicate deals that measure how
    much the deal decides."""
    importlib.import_module("hearts_lessons.bots")  # registers the bots that ship with the package
    good = next(name for name in PREFERRED_BOTS if name in BOTS)
    return good, ("beginner" if good != "beginner" else "random")


def _size(value: Points, magnitude: bool) -> float:
    return abs(value) if magnitude else float(value.real)


def leader_changes(totals: Iterable[Sequence[Points]], *, magnitude: bool = False) -> int:
    """How many times the leader (the one player with the lowest total) changes during a game, given the totals
    after each hand. A tie for the lowest total keeps the previous leader.

    >>> leader_changes([(5, 0, 9), (5, 7, 9), (15, 7, 9), (16, 17, 18)])
    3
    """
    leader: int | None = None
    changes = 0
    for row in totals:
        sizes = [_size(t, magnitude) for t in row]
        best = min(sizes)
        lowest = [s for s, v in enumerate(sizes) if v == best]
        if len(lowest) != 1:
            continue
        if leader is not None and lowest[0] != leader:
            changes += 1
        leader = lowest[0]
    return changes


def play_game_fast(rules: Rules, bots: Sequence[Policy], *, seed: int = 0, max_hands: int = 500) -> GameState:
    """A whole seeded game between bots, without recording actions (for simulations)."""
    game = GameState(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_hands):
        run_hand(game.current, bots, rng)
        if game.next_hand() is None:
            return game
    raise RuntimeError("the game did not end within max_hands")


def sample_hand(rules: Rules, *, seed: int = 0, bot: str | None = None) -> HandState:
    """One seeded hand of ``rules`` played out by bots, every action recorded (to show trick by trick)."""
    name = bot or default_bots()[0]
    bots = [make_bot(name) for _ in range(rules.players)]
    state = HandState.deal(rules, seed=seed)
    return play_hand(state, bots, random.Random(seed))


def deal_share(rules: Rules, *, deals: int = 100, seed: int = 0, bots: Sequence[str] | None = None) -> float:
    """How much the deal decides: the share of the variance of a hand's score explained by the cards dealt
    (:attr:`LuckSplit.deal` of :func:`split_luck`, which also says how much of the rest is the skill gap between
    the bots)."""
    return split_luck(rules, deals=deals, seed=seed, bots=bots).deal


def _between_share(groups: Sequence[Sequence[complex]], *, clip: bool = True) -> float:
    """One-way analysis of variance: the share of the total variance that lies between the groups (corrected
    for the noise of the group means; |x − mean|² makes it work for complex scores too). The correction can make
    the share negative or above 1; ``clip`` keeps it within [0, 1]."""
    values = [x for g in groups for x in g]
    if len(values) < 2:
        return 0.0
    grand = sum(values) / len(values)
    total = sum(abs(x - grand) ** 2 for x in values) / len(values)
    if total == 0:
        return 0.0
    size = len(groups[0])
    means = [sum(g) / len(g) for g in groups]
    between = sum(abs(m - grand) ** 2 for m in means) / len(means)
    within = sum(sum(abs(x - m) ** 2 for x in g) / max(len(g) - 1, 1) for g, m in zip(groups, means, strict=True))
    within /= len(groups)
    corrected = between - within / size
    return max(0.0, min(1.0, corrected / total)) if clip else corrected / total


@dataclass(frozen=True, slots=True)
class LuckSplit:
    """How the variance of one player's hand score splits, over duplicate deals (see :func:`split_luck`): the
    shares add up to 1, each with a 95% interval (a jackknife over the deals)."""

    deal: float
    """The share fixed by the cards dealt: the luck of the deal."""
    skill: float
    """The share explained by which of the two bots played the cards: their skill gap (0 with one bot)."""
    play: float
    """The rest: where the cards sat at the table, and how the plays fell around them."""
    deal_interval: tuple[float, float]
    skill_interval: tuple[float, float]
    gap: float
    """Points per hand the second bot scores above the first with the same cards: the skill gap (0 with one bot;
    with complex scores, the gap between the sizes |score|)."""
    gap_interval: tuple[float, float]
    deals: int


def split_luck(rules: Rules, *, deals: int = 100, seed: int = 0, bots: Sequence[str] | None = None) -> LuckSplit:
    """Duplicate deals: each deal is played once for every rotation of the hands around a table of alternating bots
    (the two bots of :func:`default_bots` unless ``bots`` names them), so every set of cards is played from every
    seat, by both bots. The variance of a set of cards' score splits into the part between sets of cards (the
    deal, corrected for the noise of its own estimate), the part explained by which bot played them (the skill
    gap) and the rest (the seat and the play around it). With one bot at every seat the skill share is 0 and the
    deal's share is all the variance the seats do not explain.

    >>> from hearts_lessons.variants import BASIC
    >>> split = split_luck(BASIC, deals=3, seed=1)
    >>> round(split.deal + split.skill + split.play, 9), split.deals
    (1.0, 3)
    """
    names = tuple(bots) if bots else default_bots()
    n = rules.players
    labels = [names[s % len(names)] for s in range(n)]
    table = [make_bot(name) for name in labels]
    rng = random.Random(seed)
    per_deal: list[list[list[tuple[complex, int]]]] = []  # deal → set of cards → (score, bot index) per rotation
    sizes: list[float] = []  # per deal: the second bot's mean size of score minus the first's
    for d in range(deals):
        first = HandState.deal(rules, seed=seed * 7919 + d, hand_number=d)
        hands = first.deal_cards
        hole = sum(c.bit for c in first.hole_cards)
        results: list[list[tuple[complex, int]]] = [[] for _ in range(n)]
        for r in range(n):
            rotated = [hands[(s + r) % n] for s in range(n)]
            state = HandState(rules, rotated, hole, hand_number=d, seed=None)
            run_hand(state, table, rng)
            assert state.score is not None
            for s in range(n):
                results[(s + r) % n].append((complex(state.score.points[s]), names.index(labels[s])))
        per_deal.append(results)
        sizes.append(_deal_gap(results, rules.magnitude_scores))
    raw_deal, raw_skill = _split(per_deal)
    deal = max(0.0, min(1.0, raw_deal))
    skill = max(0.0, min(1.0 - deal, raw_skill))
    gap, gap_half = mean_half(sizes)
    if deals < 2:
        return LuckSplit(deal, skill, 1.0 - deal - skill, (deal, deal), (skill, skill), gap, (gap, gap), deals)
    leave_one = [_split(per_deal[:i] + per_deal[i + 1 :]) for i in range(deals)]
    return LuckSplit(deal=deal, skill=skill, play=1.0 - deal - skill,
                     deal_interval=_jackknife(raw_deal, [x[0] for x in leave_one], 0.0, 1.0),
                     skill_interval=_jackknife(raw_skill, [x[1] for x in leave_one], 0.0, 1.0),
                     gap=gap, gap_interval=(gap - gap_half, gap + gap_half), deals=deals)  # fmt: skip


def _jackknife(estimate: float, leave_one: Sequence[float], low: float, high: float) -> tuple[float, float]:
    """A 95% interval from delete-one estimates (the jackknife standard error), kept within [low, high]."""
    k = len(leave_one)
    centre = sum(leave_one) / k
    half = Z95 * math.sqrt((k - 1) / k * sum((x - centre) ** 2 for x in leave_one))
    return max(low, estimate - half), min(high, estimate + half)


def _deal_gap(groups: Sequence[Sequence[tuple[complex, int]]], magnitude: bool) -> float:
    """One deal's skill gap: the second bot's mean score minus the first's with the same sets of cards (sizes
    |score| when ``magnitude``; 0 when only one bot played)."""
    gaps = []
    for group in groups:
        first = [_size(x, magnitude) for x, b in group if b == 0]
        second = [_size(x, magnitude) for x, b in group if b == 1]
        if first and second:
            gaps.append(sum(second) / len(second) - sum(first) / len(first))
    return sum(gaps) / len(gaps) if gaps else 0.0


def _split(per_deal: Sequence[Sequence[Sequence[tuple[complex, int]]]]) -> tuple[float, float]:
    """(deal share, skill share) of some duplicate deals, not clipped to [0, 1]; the skill share is the variance
    between the two bots' mean scores with the same cards, p (1 − p) |gap|², as a share of the total."""
    groups = [[x for x, _ in group] for deal in per_deal for group in deal]
    deal = _between_share(groups, clip=False)
    values = [x for g in groups for x in g]
    grand = sum(values) / len(values)
    total = sum(abs(x - grand) ** 2 for x in values) / len(values)
    diffs: list[complex] = []
    for deal_groups in per_deal:
        for group in deal_groups:
            first = [x for x, b in group if b == 0]
            second = [x for x, b in group if b == 1]
            if first and second:
                diffs.append(sum(second) / len(second) - sum(first) / len(first))
    if not diffs or total == 0:
        return deal, 0.0
    gap = sum(diffs) / len(diffs)
    p = sum(b == 0 for deal_groups in per_deal for group in deal_groups for _, b in group) / len(values)
    return deal, p * (1 - p) * abs(gap) ** 2 / total


@dataclass(frozen=True, slots=True)
class VariantStats:
    """What the lab measured for one variant (see :func:`simulate`)."""

    name: str
    players: int
    games: int
    hands: int
    moon_value: Points
    """M: the penalty total of a hand (the size of a moon)."""
    moon_rate: float
    """The share of hands in which someone shot the moon (or the sun)."""
    hand_scores: tuple[float, ...]
    """Every player's score in every hand (|score| with complex scores)."""
    hands_per_game: tuple[int, ...]
    leader_changes: tuple[int, ...]
    """Per game, how many times the leader changed."""
    deal_share: float | None
    """The share of a hand's score variance explained by the deal (None if not measured)."""
    bots: tuple[str, ...]
    has_moon: bool = True
    """False when the variant has no moon rule (its moon rate is 0 by definition)."""
    luck: LuckSplit | None = None
    """How a hand's score splits between the deal, the skill gap and the rest (None if not measured)."""

    @property
    def moons(self) -> int:
        """How many hands ended in a moon (or a sun)."""
        return round(self.moon_rate * self.hands)

    @property
    def moon_interval(self) -> tuple[float, float]:
        """The 95% (Wilson) interval of the moon rate per hand."""
        return wilson(self.moons, self.hands) if self.hands else (0.0, 0.0)

    @property
    def score_sd(self) -> float:
        """The standard deviation of one player's hand score."""
        return _sd(self.hand_scores)

    @property
    def score_sd_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`score_sd` (see :func:`sd_interval`)."""
        return sd_interval(self.hand_scores, self.players)[1:]

    @property
    def relative_sd(self) -> float:
        """The standard deviation as a share of M, so that variants with bigger numbers compare fairly."""
        return self.score_sd / abs(self.moon_value) if self.moon_value else 0.0

    @property
    def relative_sd_interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`relative_sd`."""
        m = abs(self.moon_value) or 1.0
        low, high = self.score_sd_interval
        return low / m, high / m

    @property
    def mean_hands(self) -> float:
        return sum(self.hands_per_game) / len(self.hands_per_game)

    @property
    def hands_interval(self) -> tuple[float, float]:
        """The 95% interval of the mean number of hands per game (games are independent)."""
        return _mean_interval(self.hands_per_game)

    @property
    def mean_leader_changes(self) -> float:
        return sum(self.leader_changes) / len(self.leader_changes)

    @property
    def leader_changes_interval(self) -> tuple[float, float]:
        """The 95% interval of the mean number of leader changes per game."""
        return _mean_interval(self.leader_changes)


def _mean_interval(values: Sequence[float]) -> tuple[float, float]:
    mean, half = mean_half(values)
    return mean - half, mean + half


def sd_interval(scores: Sequence[float], players: int) -> tuple[float, float, float]:
    """The standard deviation of one player's hand score and its 95% interval, from every player's score in
    every hand (``players`` scores per hand, hand after hand). The scores of one hand depend on each other (they
    share the hand's points), so the interval treats each hand's sum of squared deviations as one observation
    (the delta method on the variance).

    >>> sd, low, high = sd_interval([0, 13, 0, 13] * 50 + [1, 1, 12, 12] * 50, 4)
    >>> round(sd, 2), low < sd < high
    (6.03, True)
    """
    if len(scores) < 2 * players:
        sd = _sd(scores)
        return sd, sd, sd
    n = len(scores)
    mean = math.fsum(scores) / n
    per_hand = [math.fsum((x - mean) ** 2 for x in scores[i : i + players]) for i in range(0, n - players + 1, players)]
    hands = len(per_hand)
    scale = hands / (n - 1)
    _, half = mean_half(per_hand)
    var = scale * math.fsum(per_hand) / hands
    return math.sqrt(var), math.sqrt(max(0.0, var - scale * half)), math.sqrt(var + scale * half)


def _sd(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


GameSummary = tuple[int, int, int, tuple[float, ...], Points]
"""What :func:`simulate` keeps of one game: hands, leader changes, moons, every player's hand scores, M."""


def _games(job: tuple[Rules, tuple[str, ...], Sequence[int], bool]) -> list[GameSummary]:
    """Play the seeded games of one job (module level, so that a process pool or a cluster can run it)."""
    rules, names, seeds, magnitude = job
    table = [make_bot(names[s % len(names)]) for s in range(rules.players)]
    summaries: list[GameSummary] = []
    for game_seed in seeds:
        game = play_game_fast(rules, table, seed=game_seed)
        scores = tuple(_size(p, magnitude) for result in game.results for p in result.score.points)
        moons = sum(result.score.shooter is not None for result in game.results)
        changes = leader_changes((r.totals for r in game.results), magnitude=magnitude)
        summaries.append((len(game.results), changes, moons, scores, game.current.k.moon_value))
    return summaries


def simulate(
    rules: Rules,
    *,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    deal_rounds: int = 0,
    name: str | None = None,
    min_hands: int = 0,
    processes: int | None = None,
    executor: Executor | None = None,
) -> VariantStats:
    """Play ``games`` seeded games of ``rules`` with bots at every seat (the good bot of :func:`default_bots`
    unless ``bots`` names them per seat, repeating) and measure them; more games are played while fewer than
    ``min_hands`` hands have been played. ``deal_rounds`` > 0 also measures how much the deal decides with that
    many duplicate deals (see :func:`deal_share`).

    The games run on every core by default (``processes=None``; ``1`` runs them here, as a browser always does)
    and ``executor`` (any :class:`concurrent.futures.Executor`, e.g. a Dask cluster's ``client.get_executor()``) runs
    them there (see :func:`~hearts_lessons.simulate.map_jobs`). Game ``g`` is seeded by ``seed`` and ``g`` alone,
    so the numbers are the same wherever the games run. The duplicate deals always run here: they share one
    generator from deal to deal."""
    names = tuple(bots) if bots else (default_bots()[0],)
    for label in names:
        make_bot(label)  # an unknown name fails here, before any game is sent away
    magnitude = rules.magnitude_scores
    scores: list[float] = []
    per_game: list[int] = []
    changes: list[int] = []
    moons = hands = 0
    moon_value: Points = 0
    g = 0
    batch = max(games, 1)
    while g < games or hands < min_hands:
        seeds = [seed * 100_003 + i for i in range(g, g + batch)]
        size = max(1, math.ceil(len(seeds) / 32))
        jobs = [(rules, names, seeds[a : a + size], magnitude) for a in range(0, len(seeds), size)]
        for chunk in map_jobs(_games, jobs, processes=processes, executor=executor):
            for n_hands, n_changes, n_moons, game_scores, value in chunk:
                if not (g < games or hands < min_hands):
                    break  # games played beyond the need (a batch runs whole) are not counted
                g += 1
                moon_value = value
                per_game.append(n_hands)
                changes.append(n_changes)
                hands += n_hands
                moons += n_moons
                scores.extend(game_scores)
        if hands < min_hands:  # enough more games for the hands still wanted, at the mean length so far
            batch = max(1, math.ceil((min_hands - hands) / max(1.0, hands / max(g, 1))))
    luck = split_luck(rules, deals=deal_rounds, seed=seed) if deal_rounds else None
    return VariantStats(
        name=name or rules.name,
        players=rules.players,
        games=g,
        hands=hands,
        moon_value=moon_value,
        moon_rate=moons / hands if hands else 0.0,
        hand_scores=tuple(scores),
        hands_per_game=tuple(per_game),
        leader_changes=tuple(changes),
        deal_share=luck.deal if luck else None,
        bots=names,
        has_moon=rules.moon is not Moon.NONE,
        luck=luck,
    )


def compare(variants: Mapping[str, Rules], *, games: int = 100, seed: int = 0, deal_rounds: int = 0,
            bots: Sequence[str] | None = None, min_hands: int = 0, processes: int | None = None,
            executor: Executor | None = None) -> list[VariantStats]:  # fmt: skip
    """:func:`simulate` every variant of ``variants`` (label → rules) with the same seeds (``processes`` and
    ``executor`` as there)."""
    return [
        simulate(
            rules,
            games=games,
            seed=seed,
            deal_rounds=deal_rounds,
            bots=bots,
            name=label,
            min_hands=min_hands,
            processes=processes,
            executor=executor,
        )
        for label, rules in variants.items()
    ]


def _between(value: float, interval: tuple[float, float], digits: int) -> str:
    """A number and its 95% interval, as "1.2 (0.8–1.6)"."""
    low, high = interval
    return f"{value:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"


LAB_CAPTION = N_(
    "95% intervals in brackets. None of these measures is better or worse: each describes the game. "
    "Moons: higher, more moons. Spread (sd, and sd ÷ M): higher, one hand's scores are more uneven. "
    "Hands and leader changes per game: higher, longer games and more changes of the lead. Deal and "
    "skill gap: higher, the cards (or which bot plays them) explain more of a hand's score."
)
"""What the columns of :func:`stats_table` mean, and which way each goes (in English: ``tr_text`` words it)."""

_COLUMNS = (
    N_("variant", context="lab column"), N_("players", context="lab column"), N_("M", context="lab column"),
    N_("hands", context="lab column"), N_("moons per 100 hands", context="lab column"),
    N_("score sd", context="lab column"), N_("sd / M", context="lab column"),
    N_("hands per game", context="lab column"), N_("leader changes per game", context="lab column"),
    N_("deal decides", context="lab column"), N_("skill gap decides", context="lab column"),
)
"""The columns of :func:`stats_rows` (its keys stay English: :func:`stats_table` shows them translated)."""


def stats_rows(stats: Iterable[VariantStats]) -> list[dict[str, Any]]:
    """One row per variant, as a dict of the column names of :func:`stats_table`: each measure with its 95%
    interval in brackets, rounded for reading."""
    rows = []
    for s in stats:
        moon_low, moon_high = s.moon_interval
        row: dict[str, Any] = {
            "variant": s.name,
            "players": s.players,
            "M": format_points(s.moon_value),
            "hands": s.hands,
            "moons per 100 hands": _between(100 * s.moon_rate, (100 * moon_low, 100 * moon_high), 1),
            "score sd": _between(s.score_sd, s.score_sd_interval, 1),
            "sd / M": _between(s.relative_sd, s.relative_sd_interval, 2),
            "hands per game": _between(s.mean_hands, s.hands_interval, 1),
            "leader changes per game": _between(s.mean_leader_changes, s.leader_changes_interval, 2),
        }
        if s.luck is not None:
            row["deal decides"] = _between(s.luck.deal, s.luck.deal_interval, 2)
            row["skill gap decides"] = _between(s.luck.skill, s.luck.skill_interval, 2)
        elif s.deal_share is not None:
            row["deal decides"] = f"{s.deal_share:.2f}"
        rows.append(row)
    return rows


def stats_table(stats: Iterable[VariantStats]) -> Table:
    """The lab's results as a :class:`~.tables.Table` indexed by "variant", one row per variant (see
    :func:`stats_rows`; the columns "deal decides" and "skill gap decides" only when they were measured), with a
    caption that says what each column means (:data:`LAB_CAPTION`).

    >>> from hearts_lessons.variants import BASIC
    >>> table = stats_table([simulate(BASIC, games=2, seed=1, name="Basic")])
    >>> table.value("Basic", "players"), table.columns[:3]
    (4, ['variant', 'players', 'M'])
    """
    rows = stats_rows(stats)
    headers = {key: tr_text(key, context="lab column") for row in rows for key in row}
    return Table(rows, index="variant", caption=tr_text(LAB_CAPTION), headers=headers, shown={"variant": variant_name})


# -- plots -----------------------------------------------------------------------------------------------------


def plot_ten_of_clubs(scores: Sequence[Points], *, factor: Points = 2j) -> Chart:
    """Arrows from some hand scores z to factor·z: taking the 10♣ in Complex Hearts doubles a score and turns it
    a quarter turn counter-clockwise.

    >>> plot_ten_of_clubs([5, 13j]).description.endswith("arrows 5 → 10i; 13i → -26")
    True
    """
    arrows = [(complex(z), complex(z) * factor) for z in scores]
    title = tr("A hand score z (red) and z × {factor} (blue)", factor=format_points(factor))
    return plane(arrows=arrows, number=format_points, title=title, margin=1.2)


def plot_lab(stats: Sequence[VariantStats], *, title: str | None = None) -> Chart:
    """Five panels: moons per 100 hands, the spread of hand scores (relative to M), hands per game, leader
    changes per game and, when measured, how much the deal decides (four panels if it was not measured)."""
    if not stats:
        raise ValueError("no variant to plot")
    labels = [variant_name(s.name) for s in stats]
    width = 760
    panels = [
        bars(labels, [100 * s.moon_rate for s in stats], colour=PALETTE[1], width=width,
             notes=["" if s.has_moon else tr("no moon rule") for s in stats],
             title=tr("Moons (and suns) per 100 hands"), xlabel=tr("moons per 100 hands")),
        boxes(labels, [[v / abs(s.moon_value) for v in s.hand_scores] for s in stats], width=width,
              title=tr("One player's hand score as a share of M (box: the middle half; whiskers: the usual range)"),
              xlabel=tr("hand score ÷ M")),
        bars(labels, [s.mean_hands for s in stats], colour=PALETTE[0], width=width,
             title=tr("Hands per game (mean)"), xlabel=tr("hands per game")),
        bars(labels, [s.mean_leader_changes for s in stats], colour=PALETTE[3], width=width,
             title=tr("How often the leader changes in a game (mean)"), xlabel=tr("leader changes per game")),
    ]  # fmt: skip
    if any(s.deal_share is not None for s in stats):
        panels.append(bars(labels, [s.deal_share or 0.0 for s in stats], colour=PALETTE[2], width=width,
                           limits=(0.0, 1.0),
                           notes=[tr("not measured") if s.deal_share is None else "" for s in stats],
                           title=tr("How much the deal decides (share of a hand's score variance)"),
                           xlabel=tr("share of the variance explained by the deal")))  # fmt: skip
    return stack(panels, title=title if title is not None else tr("The variant lab"))


def plot_complex_game(game: GameState, *, radius: float | None = None, title: str | None = None) -> Chart:
    """Each player's running total in the complex plane, hand by hand (the number of hands beside the last
    point), with the circle |total| = target where the game ends."""
    from .table import seat_name

    r = float(radius if radius is not None else game.rules.target)
    series: dict[str, list[complex]] = {}
    for seat in range(game.players):
        totals = [complex(0)] + [complex(res.totals[seat]) for res in game.results]
        series[labelled(seat_name(seat, game.players), format_points(totals[-1]))] = totals
    return plane(series, radius=r, radius_label=f"|total| = {r:g}", end_notes=[str(len(game.results))] * len(series),
                 number=format_points, title=title or tr("{name}: totals after each hand", name=rules_name(game.rules)),
                 xlabel=tr("real part (hearts, J♦)"), ylabel=tr("imaginary part (Q♠, and 10♣ turns)"),
                 margin=1.1)  # fmt: skip


# -- a hand told trick by trick ------------------------------------------------------------------------------


def story_html(state: HandState, *, scale: float = 0.6) -> str:
    """A finished (or partly played) hand as HTML: the left-over cards, every trick with its winner and points,
    and the score. Cancelled cards and winnerless tricks are named in the captions."""
    import html

    from .layout import layout_for
    from .render import cards_row_html
    from .table import seat_name, trick_html

    n = state.players
    k = layout_for(state.rules)
    parts = ['<div class="hl-story" style="font:13px sans-serif">']
    if state.hole_cards:
        owner = state.hole_owner
        kitty = len(state.hole_cards) == 1 and not state.rules.leftover_face_up
        if owner is not None:
            caption = tr("Kitty: taken by {seat}", seat=seat_name(owner, n)) if kitty else \
                tr("Left-over cards: taken by {seat}", seat=seat_name(owner, n))
        else:
            caption = tr("Kitty: set aside") if kitty else tr("Left-over cards: set aside")
        parts.append(cards_row_html(state.hole_cards, scale=scale, caption=caption))
    for trick in state.tricks:
        codes = [c.id & 63 if not c.is_joker else c.id for c in trick.cards]
        cancelled = sorted({c.symbol for c in trick.cards if codes.count(c.id & 63) > 1 and not c.is_joker})
        if trick.winner is None:
            caption = tr("Trick {number}: every card of the suit led is cancelled; nobody wins it yet",
                         number=trick.number + 1)
        elif trick.points:
            caption = tr("Trick {number}: {seat} takes it ({points} points)", number=trick.number + 1,
                         seat=seat_name(trick.winner, n), points=format_points(trick.points))
        else:
            caption = tr("Trick {number}: {seat} takes it", number=trick.number + 1, seat=seat_name(trick.winner, n))
        if cancelled and k.multi_deck:
            caption += tr(" · cancelled: {cards}", cards=tr(", ", context="list separator").join(cancelled))
        parts.append(trick_html(list(trick.plays), n, winner=trick.winner, caption=caption, scale=scale))
    if state.score is not None:
        score = state.score
        line = " · ".join(f"{seat_name(s, n)} {format_points(p)}" for s, p in enumerate(score.points))
        parts.append(f"<p>{tr('<b>Score of the hand:</b> {scores}', scores=html.escape(line))}</p>")
        if score.notes:
            parts.append("<ul>" + "".join(f"<li>{html.escape(note)}</li>" for note in score.notes) + "</ul>")
    parts.append("</div>")
    return "".join(parts)
