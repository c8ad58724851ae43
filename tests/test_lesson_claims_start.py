"""The claims of the "Start here" lessons (01, 02, 04 and the house-rules page 05), checked against the engine.

The notebooks keep their own claims true with hidden assert cells; these tests check the same rules without
running a notebook, and check what a notebook cannot check about itself: that every Japanese quotation is
verbatim in the source it cites, that helper code is hidden, that no internal code name reaches the learner's
text, and that every page ends with exercises.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from hearts_lessons.cards import Suit, parse_cards
from hearts_lessons.errors import IllegalPassError, RulesError
from hearts_lessons.playout import random_playout
from hearts_lessons.rules import STANDARD, HoleCards, OpeningLead, PassDirection, Rules
from hearts_lessons.state import HandState

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PAGES = ("01_tricks", "02_a_hand", "04_play_a_game", "05_house_rules")
SEED_FILES = ("000_054fa0c559059fe4.txt", "001_d4e5111b3122471a.txt", "002_01de176b917b05ba.txt")
# Words a learner must never have to read: code names of options, modules and classes.
INTERNAL_NAMES = (
    "others_add", "shooter_subtracts", "reset_to_zero", "keep_queen", "duck_high", "RULES.md", "hearts_lessons",
    "HandState", "GameState", "with_options", "queen_lead_restricted", "penalty_cards_break_hearts",
    "points_on_first_trick", "must_break_hearts", "opening_lead", "pass_cycle", "hole_cards",
)  # fmt: skip


def cells(page: str) -> list[dict[str, Any]]:
    notebook = json.loads((NOTEBOOKS / f"{page}.ipynb").read_text(encoding="utf-8"))
    result: list[dict[str, Any]] = notebook["cells"]
    return result


def source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def markdown(page: str) -> str:
    return "\n".join(source(c) for c in cells(page) if c["cell_type"] == "markdown")


def seeds_dir() -> Path | None:
    for candidate in (os.environ.get("HL_SEEDS"), ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds"):
        if candidate and (Path(candidate) / SEED_FILES[0]).is_file():
            return Path(candidate)
    return None


# The pages themselves --------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
def test_page_is_stored_without_outputs(page: str) -> None:
    for cell in cells(page):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, f"{page}: {source(cell)[:60]!r}"


@pytest.mark.parametrize("page", PAGES)
def test_imports_and_helpers_are_hidden(page: str) -> None:
    for cell in cells(page):
        text = source(cell)
        if cell["cell_type"] == "code" and re.search(r"^(import |from |def )", text, re.MULTILINE):
            assert "remove-input" in cell["metadata"].get("tags", []), f"{page}: visible helper code {text[:60]!r}"


@pytest.mark.parametrize("page", PAGES)
def test_no_internal_names_in_the_learners_text(page: str) -> None:
    text = markdown(page)
    found = [name for name in INTERNAL_NAMES if name in text]
    assert not found, f"{page} shows code names to the learner: {found}"


@pytest.mark.parametrize("page", PAGES)
def test_page_ends_with_exercises_checked_by_a_widget(page: str) -> None:
    all_cells = cells(page)
    heading = max(i for i, c in enumerate(all_cells) if c["cell_type"] == "markdown" and "## Exercises" in source(c))
    after = [source(c) for c in all_cells[heading + 1 :] if c["cell_type"] == "code"]
    assert any("Quiz(" in text for text in after), f"{page}: no quiz after its exercises heading"
    assert any(text.lstrip().startswith("assert") for text in after), f"{page}: the quiz answers are not asserted"


@pytest.mark.parametrize("page", ("02_a_hand", "05_house_rules"))
def test_japanese_quotations_are_verbatim_in_the_seeds(page: str) -> None:
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seed documents (../shared/seeds) are not beside the repository")
    texts = [(seeds / name).read_text(encoding="utf-8") for name in SEED_FILES]
    quotes = re.findall(r"「([^「」]+)」", markdown(page))
    missing = [q for q in quotes if not any(q in text for text in texts)]
    assert not missing, f"{page} quotes words no seed contains: {missing}"


def test_house_rules_page_teaches_the_seed_topics() -> None:
    text = markdown("05_house_rules")
    for needed in (
        "特定のカード(通常はクラブの2かスペードのQ)を交換できないことにしているグループもある",  # unpassable cards
        "ほかの3人のプレイヤーに1枚ずつカードを渡す",  # the split pass
        "ディーラーは自分の手札を見る前に交換方法を決めなければならない",  # dealer's choice
        "2♣を持っているプレイヤーに戦略の自由度がないため",  # why the left-of-dealer lead exists
        "(ペナルティ・カード以外)",  # ... and that it is not a penalty card
        "プレイヤーにランダムにカードを引いてもらい、一番低い人から配る",  # drawing for the first dealer
        "最初のハートを取ったプレイヤーに(裏向きに)渡される",  # hole cards to the first heart's taker
        "代わりにハートを出したときである",  # seed 002: only a heart breaks hearts
        "マイナス点のカードを出すことはできません",  # seed 001: the Q♠ lead restriction
        "2♣と3♣と2♦と3♦",  # six players
    ):
        assert needed in text, f"the house-rules page no longer quotes {needed!r}"
    for seed in SEED_FILES:
        assert f"seed `{seed}`" in text
    assert "(05_house_rules.ipynb)" in markdown("02_a_hand")


def test_toc_places_the_house_rules_after_the_standard_game_and_the_bots_in_the_appendix() -> None:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    parts = {part["caption"]: [c["file"] for c in part["chapters"]] for part in toc["parts"]}
    start = parts["Start here"]
    # one standard hand, then a whole game of it, then the options groups choose between
    assert start.index("notebooks/02_a_hand") < start.index("notebooks/04_play_a_game")
    assert start[start.index("notebooks/04_play_a_game") + 1] == "notebooks/05_house_rules"
    assert toc["parts"][-1]["caption"] == "Appendix" and parts["Appendix"] == ["notebooks/13_how_bots_think"]
    assert "notebooks/13_how_bots_think" not in parts["Strategy"]
    first_heading = source(cells("05_house_rules")[0]).splitlines()[0]
    assert first_heading == "# House rules and player counts"


# Lesson 02: the hand it follows ---------------------------------------------------------------------------

PASSES_02 = ["AH KC QC", "QH AC AD", "AS KH JH", "9C 2C QD"]


def lesson_two_hand() -> tuple[HandState, list[str]]:
    """The hand lesson 02 follows, replayed from the notebook's own record (the engine checks every card)."""
    code = next(source(c) for c in cells("02_a_hand") if "PLAYS = (" in source(c))
    namespace: dict[str, Any] = {}
    record = "PASSES = " + code.split("PASSES = ", 1)[1].split("SEATS =", 1)[0]
    exec(record, namespace)  # the two assignments of the record only
    assert namespace["PASSES"] == PASSES_02
    state = HandState.deal(STANDARD, seed=1)
    for seat, cards in enumerate(namespace["PASSES"]):
        state.pass_cards(seat, cards.split())
    plays: list[str] = namespace["PLAYS"]
    for card in plays:
        state.play(card)
    return state, plays


def test_lesson_two_hand_is_legal_and_scores_as_the_lesson_says() -> None:
    state, plays = lesson_two_hand()
    assert len(plays) == 52 and state.is_over
    assert state.score is not None and state.score.points == (2, 2, 20, 2) and state.score.shooter is None
    # East was dealt the 2♣ and passed it to South, who opens; East then has no club and may not play points.
    assert "2C" in [c.code for c in HandState.deal(STANDARD, seed=1).hand(3)]
    assert state.tricks[0].leader == 0 and state.tricks[0].winner == 1
    queen_trick = next(t for t in state.tricks if any(c.code == "QS" for c in t.cards))
    assert queen_trick.number == 7 and queen_trick.winner == 2 and queen_trick.plays[1] == (3, parse_cards("QS")[0])


# Lesson 02 and page 05: the rules they state ----------------------------------------------------------------


def test_queen_of_spades_may_be_led_any_time_under_the_standard_rules() -> None:
    position = "5H 8H KC QS; 2D 3D 4D 5D; 6D 7D 8D 9D; TD JD QD KD"
    standard = HandState.from_cards(position, hold=True, leader=0, trick_number=1, check=False)
    assert not standard.hearts_broken and standard.can_play("QS") and not standard.can_play("5H")
    restricted = HandState.from_cards(
        position, STANDARD.with_options(queen_lead_restricted=True), hold=True, leader=0, trick_number=1, check=False
    )
    assert [c.code for c in restricted.legal_plays()] == ["KC"]
    assert restricted.why_not("QS") == "the Q♠ may not be led before hearts are broken"


def test_left_of_dealer_opening_lead_is_never_a_penalty_card_unless_the_hand_has_nothing_else() -> None:
    rules = STANDARD.with_options(opening_lead=OpeningLead.LEFT_OF_DEALER)
    for seed in range(30):
        state = HandState.deal(rules, seed=seed, dealer=seed % 4, hand_number=3)  # a hold hand: no passing
        assert state.to_play == (seed % 4 + 1) % 4
        hand = state.hand(state.to_play)
        assert state.legal_plays() == [c for c in hand if not rules.is_penalty(c)]
    only_points = HandState.from_cards("2C 3C 4C; QS 5H 9H; 5C 6C 7C; 8C 9C TC", rules, hold=True, check=False)
    assert only_points.to_play == 1 and len(only_points.legal_plays()) == 3


def test_only_a_heart_breaks_hearts_under_that_option() -> None:
    for breaks, heart_lead in ((True, True), (False, False)):
        state = HandState.from_cards(
            "AD 5H 6C; QS 3C 8C; KD 2S 7C; 4D 4S 9C",
            STANDARD.with_options(penalty_cards_break_hearts=breaks), hold=True, leader=2, trick_number=3, check=False,
        )  # fmt: skip
        for card in ("KD", "4D", "AD", "QS"):
            state.play(card)
        assert state.to_play == 0 and state.can_play("5H") is heart_lead


def test_player_counts_removals_and_pass_cycles() -> None:
    assert [Rules(players=n).hand_size for n in range(3, 8)] == [17, 13, 10, 8, 7]
    assert [" ".join(c.code for c in Rules(players=n).removed) for n in range(3, 8)] == [
        "2D", "", "2C 2D", "2C 2D 2S 2H", ""
    ]  # fmt: skip
    assert Rules(players=7).leftover == 3
    for n in (3, 5, 7):
        assert Rules(players=n).cycle == (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
    for n in (4, 6):
        assert [d.value for d in Rules(players=n).cycle] == ["left", "right", "across", "hold"]
    six = Rules(players=6, removed_cards=tuple(parse_cards("2C 3C 2D 3D")))
    assert six.hand_size == 8 and [c.code for c in HandState.deal(six, seed=5, hand_number=3).legal_plays()] == ["4C"]


def test_unpassable_split_and_dealers_choice_passes() -> None:
    kept = HandState.deal(STANDARD.with_options(unpassable=tuple(parse_cards("2C QS"))), seed=1)
    with pytest.raises(IllegalPassError, match="the 2♣ may not be passed"):
        kept.verify_pass(3, ["2C", "9C", "QD"])
    split_rules = Rules(pass_cycle=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS,
                                    PassDirection.SPLIT, PassDirection.HOLD))  # fmt: skip
    split = HandState.deal(split_rules, seed=2, hand_number=3)
    for seat in range(4):
        split.pass_cards(seat, split.hand(seat)[-3:])
    for seat in range(4):
        for offset, card in zip((1, 2, 3), split.passed(seat), strict=True):
            assert card in split.received((seat + offset) % 4)
    choice = HandState.deal(Rules(pass_cycle=(PassDirection.DEALERS_CHOICE,)), seed=3)
    with pytest.raises(IllegalPassError, match="at most 3 cards"):
        choice.choose_passes({"left": 2, "right": 2})
    choice.choose_passes({"left": 2, "right": 1})
    assert choice.targets == ((1, 2), (3, 1))


def test_hole_cards_go_to_the_taker_of_the_first_heart() -> None:
    rules = Rules(players=7, hole_cards=HoleCards.FIRST_HEART_TRICK)
    for seed in range(20):
        state = HandState.deal(rules, seed=seed)
        random_playout(state, random.Random(seed))
        first = next((t for t in state.tricks if any(c.suit is Suit.HEARTS for c in t.cards)), None)
        assert first is not None
        assert state.hole_owner == first.winner
        assert set(state.hole_cards) <= set(state.taken(first.winner))


def test_queen_first_needs_hearts_to_be_broken() -> None:
    with pytest.raises(RulesError):
        STANDARD.with_options(queen_first_when_only_penalty=True, must_break_hearts=False)
