"""Claims of lessons 03, 30, 31 and 32 about the cards, the rules and the sources, checked against the engine."""

from __future__ import annotations

from pathlib import Path

from hearts_lessons.cards import parse_cards
from hearts_lessons.history import DRIFT, NAMES, SEED_NAMES, TIMELINE, event_html, short_source, source_label
from hearts_lessons.rules import DEFAULT_REMOVALS, STANDARD, HoleCards, Moon, OpeningLead, PassDirection
from hearts_lessons.state import HandState
from hearts_lessons.variant_lab import sd_interval, simulate, split_luck, stats_rows
from hearts_lessons.variants import BASIC, PRESETS, black_maria, cancellation

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def _seed(name: str) -> str:
    path = SEEDS / name
    return path.read_text(encoding="utf-8") if path.exists() else ""


# -- lesson 03 and the history data -------------------------------------------------------------------------


def test_sources_are_named_as_readers_know_them() -> None:
    for drift in DRIFT:
        assert "seed" not in drift.sources.lower(), drift.sources
        assert "_" not in drift.choices, drift.choices  # plain words, no engine names
    for name in NAMES:
        assert all("seeds/" not in short_source(s) for s in name.sources)
    for path, (short, full) in SEED_NAMES.items():
        assert path.split("/")[-1] in source_label(path)  # the file name stays available for references
        assert short and full in source_label(path)
    assert "seed 000_054fa0c559059fe4.txt" in event_html(TIMELINE[0])


def test_drift_heart_breaking_credits_the_howto() -> None:
    row = next(d for d in DRIFT if d.option == "penalty_cards_break_hearts")
    assert "the how-to page" in row.sources and "Windows" in row.sources
    text = _seed("002_01de176b917b05ba.txt")
    if text:
        assert (
            "ハートがブレイクされるのは、プレイヤーがリードカードのスートに従えず、代わりにハートを出したとき" in text
        )


def test_origin_gives_both_accounts() -> None:
    event = next(e for e in TIMELINE if e.year == 1880)
    assert event.disputed and "Germany" in event.disputed and "pagat.com" in event.disputed
    assert "Germany" not in event.text
    text = _seed("000_054fa0c559059fe4.txt")
    if text:
        assert "1880年代にドイツでルールが整備され、アメリカでブームになった" in text


def test_spread_interval_treats_hands_as_units() -> None:
    sd, low, high = sd_interval([0, 13, 0, 13] * 50, 4)
    assert low <= sd <= high and round(sd, 2) == 6.52
    assert sd_interval([1.0, 2.0], 2) == (sd_interval([1.0, 2.0], 2)[0],) * 3  # too few hands: no interval


# -- lesson 30: six players, three decks, Black Maria and the others ------------------------------------------


def test_six_players_removals() -> None:
    assert tuple(parse_cards(DEFAULT_REMOVALS[6])) == STANDARD.with_options(players=6).removed
    assert {c.code for c in STANDARD.with_options(players=6).removed} == {"2C", "2D", "2S", "2H"}
    seed_rule = STANDARD.with_options(players=6, removed_cards=tuple(parse_cards("2C 3C 2D 3D")))
    assert seed_rule.hand_size == 8 and len(seed_rule.deck) == 48
    for hand_number in range(4):
        state = HandState.deal(seed_rule, seed=hand_number, hand_number=3)
        assert state.opening_card == parse_cards("4C")[0].id  # the 4♣ opens when 2♣ and 3♣ are gone
    text = _seed("000_054fa0c559059fe4.txt")
    if text:
        assert "6人の場合 : 2札の4枚全て、もしくは2♣と3♣と2♦と3♦の4枚を抜く。" in text


def test_three_decks_only_first_two_cancel() -> None:
    rules = cancellation(11)
    assert rules.decks == 3 and cancellation(10).decks == 2 and cancellation(6).decks == 2
    cards = ["9C", "9C#1", "9C#2", "KC", "KC#1", "2C", "3C", "4C", "5C", "6C", "7C"]
    state = HandState.from_cards(cards, rules, dealer=10, hold=True, check=False)
    for card in cards:
        state.play(card)
    assert state.tricks[0].winner == 2
    # the same trick with only two 9♣: both pairs cancel, and the 7♣ wins
    two = ["9C", "9C#1", "8C", "KC", "KC#1", "2C", "3C", "4C", "5C", "6C", "7C"]
    state = HandState.from_cards(two, rules, dealer=10, hold=True, check=False)
    for card in two:
        state.play(card)
    assert state.tricks[0].winner == 2  # the 8♣ (Player 3) is now the highest card not cancelled
    text = _seed("000_054fa0c559059fe4.txt")
    if text:
        assert "最初の2枚だけがキャンセルされ、3枚目は有効となる" in text


def test_lesson_30_rule_claims() -> None:
    # Black Maria: 2♣ goes for three players, 2♣ 2♠ for five, all four 2s for six; right every hand; no moon
    assert {c.code for c in black_maria(3).removed} == {"2C"} and black_maria(3).hand_size == 17
    assert {c.code for c in black_maria(5).removed} == {"2C", "2S"}
    assert {c.code for c in black_maria(6).removed} == {"2C", "2D", "2S", "2H"}
    bm = black_maria(3)
    assert bm.cycle == (PassDirection.RIGHT,) and bm.opening_lead == OpeningLead.LEFT_OF_DEALER
    assert bm.moon == Moon.NONE
    # Kitty: 17 each and one card left over; the player left of the dealer leads
    kitty = PRESETS["kitty"].rules
    assert kitty.hand_size == 17 and kitty.leftover == 1 and kitty.opening_lead == OpeningLead.LEFT_OF_DEALER
    # Hi-Lo Joker: 54 cards, 18 each, Q♠ 15
    joker = PRESETS["hi_lo_joker"].rules
    assert len(joker.deck) == 54 and joker.hand_size == 18
    assert joker.points_of(parse_cards("QS")[0]) == 15
    # Cancellation: cards left after the deal go to the first trick's winner; the player left of the dealer leads
    assert cancellation(7).leftover == 6 and cancellation(7).hole_cards == HoleCards.FIRST_TRICK
    assert cancellation(6).opening_lead == OpeningLead.LEFT_OF_DEALER


# -- lesson 31: the lab's intervals and the luck/skill split -----------------------------------------------------


def test_lab_rows_show_intervals() -> None:
    stats = simulate(BASIC, games=3, seed=1, deal_rounds=2)
    row = stats_rows([stats])[0]
    for column in (
        "moons per 100 hands",
        "score sd",
        "sd / M",
        "hands per game",
        "leader changes per game",
        "deal decides",
        "skill gap decides",
    ):
        assert "(" in str(row[column]) and "–" in str(row[column]), column
    low, high = stats.moon_interval
    assert low <= stats.moon_rate <= high
    assert stats.hands_interval[0] <= stats.mean_hands <= stats.hands_interval[1]


def test_one_bot_everywhere_leaves_only_the_deal() -> None:
    same = split_luck(STANDARD, deals=4, seed=3, bots=("beginner",))
    assert same.skill == 0 and same.gap == 0 and same.deal > 0.99
    mixed = split_luck(STANDARD, deals=4, seed=3)
    assert abs(mixed.deal + mixed.skill + mixed.play - 1) < 1e-9
    assert mixed.deal_interval[0] <= mixed.deal <= mixed.deal_interval[1]
