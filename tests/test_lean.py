"""The lean hot path gives exactly the results of the engine before it: every seeded random playout, rule-based
hand and benchmark hand ends in the same state, with the same random draws, for every preset of
``variants.PRESETS`` with each of its player counts from 3 to 7 and for the option grid of ``test_playout``.

``PINNED`` and ``GRID`` are digests of the complete state of seeded hands (every field of the hand, the score
and the next random number of the generator), recorded with the engine as it was before the lean path (at commit
13d6c9b, 2026-11-23). A different digest means a seeded result changed: a lesson's numbers would change with it."""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_playout import grid

from hearts_lessons import runtime
from hearts_lessons.bots import make_bot
from hearts_lessons.bots.driver import run_hand
from hearts_lessons.bots.features import KNOWLEDGE_FIELDS
from hearts_lessons.layout import layout_for
from hearts_lessons.lean import BY_TABLE, Lean, LeanView, Phase, _trick_points, deal_masks
from hearts_lessons.legality import PLAY_RULES, cascade_mask, follows_only, leads_free_once_broken
from hearts_lessons.playout import finish_with, nth_bit, random_hand, random_pass, random_playout
from hearts_lessons.rules import Points, Rules
from hearts_lessons.state import HandState
from hearts_lessons.variants import PRESETS

FIELDS = (
    "_hands", "_hole", "_hole_owner", "_in_play", "_jokers_played", "_passes", "_pending", "_received", "_score",
    "_seen", "_taken", "_trick", "_tricks", "_tricks_won", "_voids", "actions", "deal_cards", "dealer", "direction",
    "hand_number", "hearts_broken", "lead_suit", "leader", "opening_card", "phase", "seed", "start", "targets",
    "totals_before", "trick_number",
)  # fmt: skip
"""Every field of a hand's state as it was before the lean path (``k`` and ``rules`` aside)."""

PINNED = {
    "standard/4": "0b8713eb1832210e",
    "standard/3": "53b5e6d45ca9a704",
    "standard/5": "5d85fc3f8f606c36",
    "standard/6": "a9e84a83eb32735c",
    "standard/7": "0a4234f76f048b3b",
    "basic/4": "1263a5570627762f",
    "basic/3": "9f35b3230f40dc84",
    "basic/5": "4f4c8b46436ec985",
    "basic/6": "0a02c1739c1efbb4",
    "basic/7": "baead329ef24c979",
    "omnibus/4": "0e2677e3e40a5578",
    "omnibus/3": "4d2660406509fd71",
    "omnibus/5": "85673f916d525309",
    "omnibus/6": "240ccbe87e937836",
    "omnibus/7": "8791209d6f50fb5d",
    "pink_lady/4": "b3a0f4621a5de022",
    "pink_lady/3": "3a3e488266afd279",
    "pink_lady/5": "b596a1636e820ce9",
    "pink_lady/6": "102de846b29c2428",
    "pink_lady/7": "4cd2bb84dfe0d969",
    "black_maria/3": "5cd38654d26a6dd4",
    "black_maria/4": "f6467156fa88efde",
    "black_maria/5": "c220cfd1c599ed8f",
    "black_maria/6": "80fd6af08426ba0c",
    "spot/4": "a871e20a59e8ffa4",
    "spot/3": "72ae6f41ccd60890",
    "spot/5": "e55461edad628571",
    "spot/6": "79b75f9cddd6ae32",
    "spot/7": "2b37ed696bdc50b8",
    "kitty/3": "a58d5b8ecc24f179",
    "hi_lo_joker/3": "5b87ee3e2bc998d9",
    "cancellation/6": "36b6b8de7336d02a",
    "cancellation/7": "dc3cd272506d62a6",
    "complex/4": "f35369434f1845aa",
}
"""Digests of 25 seeded deals of each preset and player count (see :func:`digest`), before the lean path."""

GRID = {
    3: "ab1dfc320228f568",
    4: "f36230d47f7f0205",
    5: "e4cf0eaf8210066a",
    6: "629c5d37c75dfe2b",
    7: "4d121226497c9143",
}
"""The same for the option grid of ``test_playout`` (three deals of each of its rules), by player count."""


def cases() -> list[tuple[str, Rules]]:
    return [(f"{key}/{n}", preset.rules_for(n)) for key, preset in PRESETS.items() for n in preset.players if n <= 7]


MASK_FIELDS = {"_hands", "_hole", "_in_play", "_pending", "_received", "_seen", "_taken", "deal_cards"}
"""The fields that hold masks of cards (``_voids`` holds masks of suits)."""


def former_ids(name: str, value: Any) -> Any:
    """A field with its cards as the ids of the layout the digests were recorded with, ``copy * 64 + suit * 16 +
    rank``: each id 2 more than now, each mask shifted left by 2 (the ids moved down by 2 so that a deck's masks fit
    a compiled build's fast integers; nothing else changed, and the digests check that)."""
    if name in MASK_FIELDS:
        return type(value)(m << 2 for m in value) if isinstance(value, list | tuple) else value << 2
    if name == "opening_card":
        return value + 2 if value >= 0 else value
    if name == "_passes":
        return [None if ids is None else tuple(c + 2 for c in ids) for ids in value]
    if name == "_trick":
        return [(seat, cid + 2, rank) for seat, cid, rank in value]
    if name == "_tricks":
        return [(number, leader, tuple((seat, cid + 2, rank) for seat, cid, rank in plays), winner, points)
                for number, leader, plays, winner, points in value]  # fmt: skip
    return value


def state_print(state: HandState) -> str:
    parts = []
    for name in FIELDS:
        value = former_ids(name, getattr(state, name))
        if name == "actions":
            value = [a.to_json() for a in value]
        parts.append(f"{name}={value!r}")
    return ";".join(parts)


def digest(rules: Rules, seeds: range) -> str:
    """Each seed: a random playout without and with the record, four rule-based bots (the lab's driver), and a
    random playout of a hand dealt from a shared generator (the benchmark's way)."""
    h = hashlib.sha256()
    n = rules.players
    for seed in seeds:
        for mode in ("fast", "record", "rules"):
            state = HandState.deal(rules, seed=seed, dealer=seed % n, hand_number=seed)
            rng = random.Random(seed)
            if mode == "rules":
                run_hand(state, [make_bot("rules") for _ in range(n)], rng)
            else:
                random_playout(state, rng, record=mode == "record")
            h.update(f"{seed}/{mode}/{state_print(state)}/{rng.random()!r}".encode())
        rng = random.Random(seed)
        state = HandState.deal(rules, dealer=seed % n, hand_number=seed, rng=rng)
        random_playout(state, rng, record=False)
        h.update(f"{seed}/rng/{state_print(state)}/{rng.random()!r}".encode())
    return h.hexdigest()[:16]


def test_every_preset_and_player_count_is_pinned() -> None:
    assert [name for name, _ in cases()] == list(PINNED)


@pytest.mark.parametrize(("name", "rules"), cases(), ids=[name for name, _ in cases()])
def test_seeded_hands_end_as_they_did_before_the_lean_path(name: str, rules: Rules) -> None:
    assert digest(rules, range(25)) == PINNED[name]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_option_grid_ends_as_it_did_before_the_lean_path(players: int) -> None:
    parts = [
        digest(rules, range(players * 100 + i, players * 100 + i + 3)) for i, (rules, _) in enumerate(grid(players))
    ]
    assert hashlib.sha256("".join(parts).encode()).hexdigest()[:16] == GRID[players]


@pytest.mark.parametrize(("name", "rules"), cases(), ids=[name for name, _ in cases()])
def test_the_lean_path_and_the_readable_path_agree(name: str, rules: Rules) -> None:
    """The same seeded random hand played card by card through the verified API (``play_id``, recorded) and on
    a bare ``Lean`` copy (``random_play``): the same cards, the same end, the same random draws."""
    n = rules.players
    for seed in range(20):
        readable = HandState.deal(rules, seed=seed, dealer=seed % n, hand_number=seed)
        if readable.phase is Phase.DEALERS_CHOICE:
            readable.choose_passes({"left": seed % (rules.cards_passed + 1)})
        if readable.phase is Phase.PASSING:
            random_pass(readable, random.Random(seed))
        lean = readable.lean_copy()
        start = readable.copy()
        slow, fast = random.Random(seed), random.Random(seed)
        random_playout(readable, slow, record=True)
        lean.random_play(fast)
        lean.settle(fast)
        assert slow.random() == fast.random()
        assert lean._tricks == readable._tricks and lean._taken == readable._taken
        assert lean._score == readable.score and lean.phase is Phase.DONE
        assert start.trick_number == 0 and start._tricks == []  # the copy played, not the hand it came from
        for name_ in ("_hands", "_tricks_won", "_voids", "_seen", "_hole_owner", "_in_play", "leader", "hearts_broken"):
            assert getattr(lean, name_) == getattr(readable, name_), name_


@pytest.mark.parametrize(("name", "rules"), cases()[::3], ids=[name for name, _ in cases()[::3]])
def test_a_lean_view_shows_what_a_seat_view_shows(name: str, rules: Rules) -> None:
    rng = random.Random(5)
    for deal in range(2):
        state = HandState.deal(rules, seed=deal, hand_number=deal)
        if state.phase is Phase.DEALERS_CHOICE:
            state.choose_passes({"left": 1})
        for seat in range(rules.players):
            _same(state, seat)
        if state.phase is Phase.PASSING:
            random_pass(state, rng)
        lean = state.lean_copy()
        while state.phase is Phase.PLAYING:
            for seat in range(rules.players):
                _same(state, seat)
                view, bare = state.view(seat), LeanView(lean, seat)
                assert all(getattr(bare, f) == getattr(view, f) for f in KNOWLEDGE_FIELDS)
            card = rng.choice(state.legal_plays())
            state.play(card)
            lean._apply_play(card.id)


def _same(state: HandState, seat: int) -> None:
    view, lean = state.view(seat), LeanView(state, seat)
    for name in KNOWLEDGE_FIELDS:
        assert getattr(lean, name) == getattr(view, name), name


def test_a_hand_state_is_a_lean_hand() -> None:
    state = HandState.deal(seed=3, hand_number=3)
    assert isinstance(state, Lean) and isinstance(state.lean_copy(), Lean)
    assert not isinstance(state.lean_copy(), HandState)
    copy = state.lean_copy()
    copy.finish(lambda lean, seat, mask: (mask & -mask).bit_length() - 1)
    assert copy.phase is Phase.DONE and state.phase is Phase.PLAYING and state.trick_number == 0


def test_a_policy_must_choose_a_legal_card() -> None:
    lean = HandState.deal(seed=3, hand_number=3).lean_copy()
    with pytest.raises(ValueError, match="which is not legal now"):
        lean.finish(lambda _, seat, mask: 61)  # a joker: no such card in anyone's hand
    state = HandState.deal(seed=4, hand_number=3)
    asked: list[int] = []

    def lowest(s: HandState, seat: int, mask: int) -> int:
        asked.append(mask)
        return (mask & -mask).bit_length() - 1

    finish_with(state, lowest, random.Random(0))
    assert state.is_over and all(m & (m - 1) for m in asked)  # a single legal card is played without asking


def moments(rules: Rules, seeds: range) -> Iterator[HandState]:
    """Every moment of play of seeded random hands (passes made): the hand just before each card is played."""
    n = rules.players
    for seed in seeds:
        state = HandState.deal(rules, seed=seed, dealer=seed % n, hand_number=seed)
        rng = random.Random(seed)
        if state.phase is Phase.DEALERS_CHOICE:
            state.choose_passes({"left": seed % (rules.cards_passed + 1)})
        if state.phase is Phase.PASSING:
            random_pass(state, rng)
        while state.phase is Phase.PLAYING:
            yield state
            mask = state.legal_mask()
            state.play_id(nth_bit(mask, int(rng.random() * mask.bit_count())))


@pytest.mark.parametrize(("name", "rules"), cases()[::2], ids=[name for name, _ in cases()[::2]])
def test_the_random_playouts_shortcut_for_following_is_the_cascade(name: str, rules: Rules) -> None:
    """Where :func:`~hearts_lessons.legality.follows_only` holds, the random playout takes the legal cards of a
    player following suit after the first trick as ``hand & suit_masks[lead] or hand``: the cascade's mask at
    every such moment of seeded hands (and every hand, suit led and trick number of the play in between)."""
    assert follows_only(layout_for(rules))  # no rule of any preset but "follow suit" can bite there
    checked = 0
    for state in moments(rules, range(12)):
        k = state.k
        if state.lead_suit >= 0 and state.trick_number:
            for seat_hand in state._hands:
                shortcut = seat_hand & k.suit_masks[state.lead_suit] or seat_hand
                assert shortcut == cascade_mask(k, state, seat_hand)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize(("name", "rules"), cases(), ids=[name for name, _ in cases()])
def test_a_random_hand_on_the_hot_path_is_the_benchmarks_hand(name: str, rules: Rules) -> None:
    """:func:`~hearts_lessons.playout.random_hand` (a bare ``Lean`` dealt, passed and played) ends every seeded
    hand as ``HandState.deal(rng=...)`` with :func:`random_playout` does, with the same random draws, dealer's
    choice and moon choices included."""
    n = rules.players
    for seed in range(15):
        slow, fast = random.Random(seed), random.Random(seed)
        readable = HandState.deal(rules, dealer=seed % n, hand_number=seed, rng=slow, totals_before=(seed,) * n)
        random_playout(readable, slow, record=False)
        lean = random_hand(rules, fast, dealer=seed % n, hand_number=seed, totals_before=(seed,) * n)
        assert slow.random() == fast.random()
        for field in ("_hands", "_taken", "_tricks", "_tricks_won", "_voids", "_passes", "_received", "_hole_owner",
                      "_in_play", "targets", "direction", "dealer", "leader", "trick_number", "phase"):  # fmt: skip
            assert getattr(lean, field) == getattr(readable, field), field
        assert lean.score == readable.score and lean.phase is Phase.DONE


@pytest.mark.parametrize(("name", "rules"), cases()[1::2], ids=[name for name, _ in cases()[1::2]])
def test_the_random_playouts_shortcut_for_leading_is_the_cascade(name: str, rules: Rules) -> None:
    """Where :func:`~hearts_lessons.legality.leads_free_once_broken` holds, the random playout lets a player who
    leads after the first trick with hearts broken lead any card: the cascade's mask at every such moment."""
    assert leads_free_once_broken(layout_for(rules))
    checked = 0
    for state in moments(rules, range(12)):
        if state.lead_suit < 0 and state.trick_number and state.hearts_broken:
            for seat_hand in state._hands:
                assert cascade_mask(state.k, state, seat_hand) == seat_hand
                checked += 1
    assert checked > 50


def test_rules_marked_as_lapsing_forbid_nothing_once_hearts_are_broken() -> None:
    """Every rule with ``lapses_once_broken`` forbids no card of any hand, led or followed, in or after the first
    trick, once hearts are broken (hands drawn from every preset's deck); the others are not marked."""
    lapsing = {name for name, rule in PLAY_RULES.items() if rule.lapses_once_broken}
    assert lapsing == {"hearts_not_broken", "queen_lead_restricted", "queen_first_when_only_penalty"}
    rng = random.Random(5)
    for _, rules in cases():
        k = layout_for(rules)
        deck = [c for c in range(k.deck.bit_length()) if (k.deck >> c) & 1]
        for _ in range(60):
            hand = sum(1 << c for c in rng.sample(deck, rng.randint(1, 13)))
            if rng.random() < 0.3:
                hand = hand & (k.penalty | k.queen) or hand  # often only penalty cards
            for lead in (-1, 0, 1, 2, 3):
                for trick_number in (0, 3):
                    spot = Lean()  # the play rules read these four fields of the hand in play
                    spot.lead_suit, spot.trick_number = lead, trick_number
                    spot.hearts_broken, spot.opening_card = True, -1
                    for name in lapsing:
                        assert PLAY_RULES[name].forbid(k, spot, hand, hand) == 0, name


def test_the_engine_build_is_reported_and_not_stale(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``runtime.engine_build`` names the build in use; a compiled module older than its source is reported (and
    this checkout has none: compile again after editing, or ``scripts/compile_engine.sh --clean``)."""
    flags = runtime.compiled_modules()
    assert list(flags) == list(runtime.COMPILED_MODULES)
    line = runtime.engine_build()
    assert (line == "pure Python") == (not any(flags.values()))
    assert runtime.stale_modules() == [] and "STALE" not in line
    pretend = dict.fromkeys(runtime.COMPILED_MODULES, True)
    monkeypatch.setattr(runtime, "compiled_modules", lambda: pretend)
    stamp = tmp_path / "compiled_engine.json"
    sources = Path(runtime.__file__).parent
    recorded = {m: hashlib.sha256(sources.joinpath(*m.split(".")[1:]).with_suffix(".py").read_bytes()).hexdigest()
                for m in pretend}  # fmt: skip
    recorded["hearts_lessons.lean"] = "0" * 64  # as if lean.py changed after compiling
    stamp.write_text(json.dumps(recorded))
    monkeypatch.setattr(runtime, "STAMP", stamp)
    assert runtime.stale_modules() == ["hearts_lessons.lean"]
    assert runtime.engine_build() == (
        "compiled (mypyc): layout, legality, lean, playout, scoring, bots.features, bots.rulebased, bots.sampling, "
        "bots.rollout; "
        "STALE, older than their source: lean"
    )


def test_a_rules_value_carries_its_layout_through_pickling() -> None:
    """A process pool or a cluster receives rules values whose layout is built: the copy's layout is equal and
    belongs to the copy (compiled with mypyc, a frozen dataclass could not be restored field by field)."""
    rules = PRESETS["omnibus"].rules_for(5)
    k = layout_for(rules)
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and layout_for(copy) == k and layout_for(copy).rules is copy


def _dealt_by_sort_keys(rules: Rules, dealer: int, rng: random.Random) -> tuple[list[int], int]:
    """The deal of simulations as it was written before ``deal_masks``: the ids sorted by a random key each."""
    ids = list(layout_for(rules).deck_ids)
    rand = rng.random
    ids.sort(key=lambda _: rand())
    n = rules.players
    size = len(ids) // n
    hands = [0] * n
    for index, card_id in enumerate(ids[: size * n]):
        hands[(dealer + 1 + index) % n] |= 1 << card_id
    hole = 0
    for card_id in ids[size * n :]:
        hole |= 1 << card_id
    return hands, hole


@pytest.mark.parametrize(("name", "rules"), cases(), ids=[name for name, _ in cases()])
def test_dealing_into_masks_is_the_deal_by_sort_keys(name: str, rules: Rules) -> None:
    k = layout_for(rules)
    ours, theirs = random.Random(11), random.Random(11)
    for dealer in range(2 * rules.players):
        hands, hole = deal_masks(k, dealer % rules.players, 0, ours)
        assert (hands, hole) == _dealt_by_sort_keys(rules, dealer % rules.players, theirs)
        assert sum(h.bit_count() for h in hands) + hole.bit_count() == len(k.deck_ids)
    assert ours.random() == theirs.random()  # the same number of draws


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([name for name, _ in cases()]), st.data())
def test_a_tricks_points_are_its_cards_values_added_up(name: str, data: st.DataObject) -> None:
    """The points of a trick (:func:`~hearts_lessons.lean._trick_points`, kept and looked up when interpreted:
    :data:`~hearts_lessons.lean.BY_TABLE`) are its scoring cards' values added from the lowest id up, the first
    time and when looked up."""
    k = layout_for(dict(cases())[name])
    scoring = [cid for cid in k.deck_ids if (k.scoring >> cid) & 1]
    chosen = sorted(data.draw(st.lists(st.sampled_from(scoring), max_size=8, unique=True)))
    expected: Points = 0
    for cid in chosen:
        expected += k.values[cid]
    mask = sum(1 << cid for cid in chosen)
    assert _trick_points(k, mask) == expected and _trick_points(k, mask) == expected


def test_the_interpreted_engine_looks_up_tables() -> None:
    assert BY_TABLE is not runtime.compiled_modules()["hearts_lessons.lean"]
