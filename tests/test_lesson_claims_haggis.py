"""The claims of the Haggis lessons (notebooks 20 and 21) and of the Haggis rules page, checked against the cards.

The notebooks keep their own claims true with hidden asserts; these tests check what is too slow for a lesson (the
exact odds of a hidden bomb), cross-check the engine's lists by brute force, and tie the rules page and the
Japanese quotations to the engine and to the review they quote (seed ``003_f6267983a4d4ba7d.txt``).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from hearts_lessons.haggis import (
    BOMB_LADDER,
    LONG_GAME,
    TWO_PLAYERS,
    GreedyBot,
    HaggisGame,
    HaggisHand,
    HaggisRules,
    beats,
    card_points,
    classify,
    play_hand,
)
from hearts_lessons.haggis.cards import HaggisCard, HaggisSuit, cards_text, number_deck, parse_cards, wilds_of
from hearts_lessons.haggis.combos import Bomb, Combo, ComboKind, read_as_bomb
from hearts_lessons.haggis.game import leader_for
from hearts_lessons.haggis.plays import bombs_in, candidate_plays
from hearts_lessons.haggis.rules import BET_SIZES, GO_OUT_POINTS_PER_CARD, HAND_SIZE
from hearts_lessons.haggis.scoring import capture_points, go_out_bonus
from hearts_lessons.stats import wilson

ROOT = Path(__file__).resolve().parent.parent
RULES_PAGE = ROOT / "book" / "haggis_rules.md"
LESSONS = (ROOT / "notebooks" / "20_haggis_climbing.ipynb", ROOT / "notebooks" / "21_haggis_play.ipynb")
SEED_003 = "003_f6267983a4d4ba7d.txt"
ODD = (3, 5, 7, 9)


# --- lesson 21, advice 1: check your hand for hidden bombs ---------------------------------------------------


def test_the_deal_of_lesson_20_hides_one_bomb_in_seat_1_only() -> None:
    deal = HaggisHand.deal(HaggisRules(players=2), seed=2024)
    assert deal.dealt == HaggisHand.deal(TWO_PLAYERS, seed=2024).dealt
    assert bombs_in(deal.dealt[0]) == [] and 9 not in {c.rank for c in deal.dealt[0]}
    [bomb] = bombs_in(deal.dealt[1])
    assert bomb.bomb is Bomb.RAINBOW_3579 and cards_text(bomb.cards) == "3R 5G 7O 9B"
    # "only one choice puts the four ranks in four different suits": every choice of one 3, 5, 7 and 9
    choices = itertools.product(*([c for c in deal.dealt[1] if c.rank == rank] for rank in ODD))
    bombs = [cards_text(chosen) for chosen in choices if read_as_bomb(chosen, ()) is not None]
    assert bombs == ["3R 5G 7O 9B"]
    # every player's wild bombs are on the table for everyone to see
    for seat in range(2):
        wild_bombs = {b.bomb for b in bombs_in(deal.held[seat]) if b.bomb not in (Bomb.RAINBOW_3579, None)}
        assert wild_bombs == {Bomb.JQ, Bomb.JK, Bomb.QK, Bomb.JQK}


def has_rainbow(suits: Sequence[frozenset[HaggisSuit]]) -> bool:
    """One 3, 5, 7 and 9 in four different suits can be chosen."""
    return any(len(set(chosen)) == 4 for chosen in itertools.product(*suits))


def exact_bomb_odds() -> tuple[float, float, float]:
    """The exact chance that 14 of the 36 two-player number cards hold a 3-5-7-9 bomb in four suits, in one suit,
    and at least one of them: every choice of odd cards, weighted by the ways to fill the hand with other cards."""
    suits = list(HaggisSuit)[:4]
    others = len(number_deck(2)) - 4 * len(suits)
    subsets = [frozenset(s) for n in range(5) for s in itertools.combinations(suits, n)]
    total = math.comb(len(number_deck(2)), HAND_SIZE)
    rainbow = suited = either = 0
    for held in itertools.product(subsets, repeat=4):
        odd = sum(len(s) for s in held)
        if odd > HAND_SIZE:
            continue
        ways = math.comb(others, HAND_SIZE - odd)
        r = has_rainbow(held)
        s = bool(frozenset.intersection(*held))
        rainbow += ways * r
        suited += ways * s
        either += ways * (r or s)
    return rainbow / total, suited / total, either / total


def test_the_fast_bomb_check_agrees_with_the_engine() -> None:
    rng = random.Random(3)
    odd_cards = [c for c in number_deck(2) if c.rank in ODD]
    for _ in range(600):
        cards = rng.sample(odd_cards, rng.randint(4, 12))
        held = [frozenset(c.suit for c in cards if c.rank == rank and c.suit is not None) for rank in ODD]
        kinds = {b.bomb for b in bombs_in(cards)}
        assert (Bomb.RAINBOW_3579 in kinds) == has_rainbow(held)
        assert (Bomb.SUITED_3579 in kinds) == bool(frozenset.intersection(*held))


def test_the_lesson_s_bomb_shares_contain_the_exact_odds_and_its_words_fit_them() -> None:
    rainbow, suited, either = exact_bomb_odds()
    assert 0.30 < either < 0.36  # "about one hand in three"
    assert 0.05 < suited < 0.08  # "about one hand in fifteen"
    assert rainbow > 3 * suited  # "nearly always the small one in four suits"
    hits = [0, 0, 0]
    hands = 0
    for seed in range(2000):  # the lesson's seeded experiment at full size
        for cards in HaggisHand.deal(TWO_PLAYERS, seed=seed).dealt:
            kinds = {b.bomb for b in bombs_in(cards)}
            hands += 1
            hits[0] += Bomb.RAINBOW_3579 in kinds
            hits[1] += Bomb.SUITED_3579 in kinds
            hits[2] += bool(kinds)
    for count, exact in zip(hits, (rainbow, suited, either), strict=True):
        low, high = wilson(count, hands)
        assert low < exact < high


# --- lesson 21, advice 2: break up four of a kind, or hold it? ----------------------------------------------


def four_eights_position() -> HaggisHand:
    position = HaggisHand.from_cards(
        TWO_PLAYERS,
        hands=["8R 8O 8G 8B 2R 3R 4R 5R 2G 3G 4G 7B 10O 6B", "6O 6G 9R 9G 10R 10B 2O 3O 4O 5O 7R 7O 5G 2B"],
        leader=1,
    )
    position.play("6O 6G")
    return position


def plain_answers(hand: Iterable[HaggisCard], previous: Combo) -> set[str]:
    """By brute force: every group of number cards of the same size that may follow ``previous``, no bomb."""
    numbers = [c for c in hand if not c.is_wild]
    found = set()
    for group in itertools.combinations(numbers, previous.size):
        for reading in classify(group):
            if not reading.is_bomb and beats(reading, previous):
                found.add(cards_text(group))
    return found


def test_the_four_eights_position() -> None:
    position = four_eights_position()
    assert position.to_act == 0 and position.top is not None
    mine, theirs = position.held
    led = position.top.combo
    assert led.name == "pair of 6s"
    # "the only pairs above 6-6 you can make without a wild or a bomb come from your four 8s"
    eights = {cards_text(pair) for pair in itertools.combinations(parse_cards("8R 8O 8G 8B"), 2)}
    assert plain_answers(mine, led) == eights
    listed = candidate_plays(mine, led)
    assert {cards_text(a.cards) for a in listed if not a.is_bomb and not a.uses_wilds} == eights
    assert {b.bomb for b in listed if b.is_bomb} == {Bomb.JQ, Bomb.JK, Bomb.QK, Bomb.JQK}
    # a pair with a wild: your only other ranks above 6 are one 7 and one 10
    assert sorted(c.code for c in mine if not c.is_wild and c.rank > 6 and c.rank != 8) == ["10O", "7B"]
    assert all(any(c.is_wild for c in a.cards) for a in listed if not a.is_bomb and "8" not in cards_text(a.cards))
    # "when you lead the four 8s later, they can answer only by spending two wilds or a bomb"
    four = classify(parse_cards("8R 8O 8G 8B"))
    assert [(r.kind, r.size) for r in four] == [(ComboKind.SET, 4)]
    assert plain_answers(theirs, four[0]) == set()
    assert all(sum(c.is_wild for c in a.cards) >= 2 or a.is_bomb for a in candidate_plays(theirs, four[0]))
    # "the two 8s you keep are an easy pair to beat: your opponent holds 9-9 and 10-10"
    assert plain_answers(theirs, classify(parse_cards("8G 8B"))[0]) == {"9R 9G", "10R 10B"}
    # neither hand hides a 3-5-7-9 bomb, so the position is about the four 8s only
    assert bombs_in([c for c in mine if not c.is_wild]) == [] and bombs_in([c for c in theirs if not c.is_wild]) == []
    # the hands are a legal deal: 14 number cards each, the Haggis is the other 8
    assert [len(h) for h in position.dealt] == [14, 14] and len(position.haggis) == 8


# --- lesson 21, advice 3 and the scoring section: the sample hand --------------------------------------------


def test_the_sample_hand_of_lesson_21() -> None:
    sample = play_hand(HaggisHand.deal(seed=37), [GreedyBot(), GreedyBot()], random.Random(37))
    result = sample.result
    assert result is not None
    assert result.first_out == 0 and result.last_player == 1 and result.bets == (0, 15)
    assert cards_text(result.leftover) == "2G 5B 8B 10G K1" and wilds_of(1)[2] in result.leftover
    assert go_out_bonus(len(result.leftover)) == result.go_out_points[0] == 25
    assert capture_points(result.leftover) == 6 and capture_points(result.haggis) == 6
    [bombed] = [t for t in sample.tricks if t.won_by_bomb]
    assert (bombed.winner, bombed.taker, bombed.points, bombed.plays[-1].combo.name) == (0, 1, 8, "Q-K bomb")
    assert result.card_points == (28, 8) and result.totals == (68, 8)


def test_every_card_point_ends_up_with_somebody() -> None:
    """Lesson 20: "in a two-player hand the players share 36" (and 50 with three players)."""
    for seed in range(6):
        for rules, total in ((TWO_PLAYERS, 36), (HaggisRules(players=3), 50)):
            hand = play_hand(HaggisHand.deal(rules, seed=seed), [GreedyBot()] * rules.players, random.Random(seed))
            assert hand.result is not None and sum(hand.result.card_points) == total


def test_the_card_notation_of_lesson_20() -> None:
    suits = {s.letter: (s.english, s.symbol) for s in HaggisSuit}
    assert suits == {"R": ("red", "●"), "O": ("orange", "◆"), "G": ("green", "▲"), "B": ("blue", "■"),
                     "V": ("violet", "✦")}  # fmt: skip
    assert HaggisSuit.VIOLET not in {c.suit for c in number_deck(2)}
    assert HaggisSuit.VIOLET in {c.suit for c in number_deck(3)}
    assert parse_cards("J0")[0] == wilds_of(0)[0] and parse_cards("10G")[0].rank == 10


def test_the_review_s_corrected_example_makes_75() -> None:
    assert GO_OUT_POINTS_PER_CARD == 5 and 30 + go_out_bonus(5) + 20 == 75
    assert 30 + 10 * 5 + 20 == 100  # the review's first figure, with 10 points a card


# --- lesson 20: the history section and the rules page -------------------------------------------------------


def test_four_of_a_kind_is_a_set_in_haggis_not_a_bomb() -> None:
    for rank in range(2, 11):
        cards = [c for c in number_deck(2) if c.rank == rank]
        assert [(r.kind, r.size, r.value, r.is_bomb) for r in classify(cards)] == [(ComboKind.SET, 4, rank, False)]


def test_the_rules_page_states_the_engine_s_numbers() -> None:
    text = " ".join(RULES_PAGE.read_text(encoding="utf-8").split())
    ladder = "; ".join(
        {Bomb.RAINBOW_3579: "3-5-7-9 in four different suits", Bomb.SUITED_3579: "3-5-7-9 all in one suit"}.get(
            b, b.label
        )
        for b in BOMB_LADDER
    )
    assert f"from lowest to highest: {ladder}." in text
    assert len(number_deck(2)) == 36 and len(number_deck(3)) == 45
    assert "(36 cards)" in text and "(45 cards)" in text
    assert HAND_SIZE == 14 and "**14 number cards**" in text
    assert (HaggisRules().haggis_size, HaggisRules(players=3).haggis_size) == (8, 3)
    assert "(8 cards with two players, 3 with three)" in text
    points = {c.rank: card_points(c) for c in [*number_deck(2), *wilds_of(0)]}
    assert points == {2: 0, 3: 1, 4: 0, 5: 1, 6: 0, 7: 1, 8: 0, 9: 1, 10: 0, 11: 2, 12: 3, 13: 5}
    assert "3, 5, 7 and 9 score 1 each; J 2, Q 3, K 5; other cards 0" in text
    assert BET_SIZES == (15, 30) and "*little* (15) or *big* (30)" in text
    assert go_out_bonus(1) == 5 and "**5 points for each card**" in text
    assert (HaggisRules().target, LONG_GAME.target) == (250, 350) and "**250** (option: 350)" in text
    assert "Four of a kind is not a bomb in Haggis" in text
    assert "hearts_lessons" not in text  # no internal names on a page learners read


def test_the_next_dealer_is_the_last_player_of_the_last_trick_and_the_fewest_points_lead() -> None:
    game = HaggisGame(seed=5, first_dealer=0)
    assert game.current.leader == 1  # the player left of the dealer leads the first hand
    play_hand(game.current, [GreedyBot(), GreedyBot()], random.Random(5))
    result = game.current.result
    assert result is not None
    dealer, leader = game.next_dealer_and_leader()
    assert dealer == game.current.tricks[-1].plays[-1].seat
    assert leader == min(range(2), key=lambda s: (game.totals[s], (s - dealer - 1) % 2))
    # ties for fewest: the first of them in turn order from the dealer's left
    assert leader_for((10, 20, 10), dealer=0) == 2 and leader_for((10, 20, 10), dealer=2) == 0
    assert leader_for((10, 20, 10), dealer=1) == 2


# --- the Japanese quotations ----------------------------------------------------------------------------------


def seed_003() -> str | None:
    for candidate in (os.environ.get("HL_SEEDS"), ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds"):
        if candidate and (Path(candidate) / SEED_003).is_file():
            return (Path(candidate) / SEED_003).read_text(encoding="utf-8")
    return None


def quotations(text: str) -> list[str]:
    """Every outermost 「…」 quotation, with the line breaks (and the indentation after them) taken out."""
    found, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "「":
            if depth == 0:
                start = i + 1
            depth += 1
        elif char == "」" and depth:
            depth -= 1
            if depth == 0:
                found.append(re.sub(r"\s*\n\s*", "", text[start:i]))
    return found


def page_texts() -> dict[str, str]:
    texts = {RULES_PAGE.name: RULES_PAGE.read_text(encoding="utf-8")}
    for path in LESSONS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[path.name] = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return texts


def test_every_japanese_quotation_is_verbatim_in_the_review() -> None:
    seed = seed_003()
    if seed is None:
        pytest.skip("the seed documents (../shared/seeds) are not beside the repository")
    flat = re.sub(r"\s*\n\s*", "", seed)
    counts = {}
    for name, text in page_texts().items():
        quotes = quotations(text)
        counts[name] = len(quotes)
        missing = [q for q in quotes if q not in flat]
        assert not missing, f"{name} quotes words the review does not contain: {missing}"
    assert counts["20_haggis_climbing.ipynb"] >= 10 and counts["21_haggis_play.ipynb"] >= 10


def test_the_lessons_name_the_review_by_its_seed_file_and_hide_their_code() -> None:
    for path in LESSONS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        prose = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert f"seed `{SEED_003}`" in prose and "Japanese blog review of Haggis" in prose
        assert "RULES 4" not in prose and "seed 003" not in prose.replace(f"seed `{SEED_003}`", "")
        for cell in nb["cells"]:
            if cell["cell_type"] == "code" and "import " in "".join(cell["source"]):
                assert "remove-input" in cell["metadata"].get("tags", []), "".join(cell["source"])[:80]
        assert "## Exercises" in prose and "Quiz(" in "".join(
            "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"
        )
