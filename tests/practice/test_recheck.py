"""Re-confirming a puzzle with recorded settings (practice.recheck), the puzzle facts and theme predicates
(facts.puzzles), and the words made of them (practice.puzzle_words), on hand-built positions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearts_lessons.cards import Card
from hearts_lessons.facts import FactError, check, make
from hearts_lessons.facts.puzzles import THEME_RULES, theme_holds
from hearts_lessons.practice.positions import positions_of
from hearts_lessons.practice.puzzle_words import choice_facts, explanation, fact_from_json, fact_json, wrong_text
from hearts_lessons.practice.recheck import Settings, coach_version, confirm
from hearts_lessons.state import HandState

from .helpers import mine_puzzles

SEAT = 3


def last_tricks() -> HandState:
    """Trick 9 of a seeded game: West led a diamond, North's A♦ wins so far; East, third to play and void in
    diamonds, holds the 4♣ 5♣ 6♣, the Q♠ and the Q♥."""
    s = positions_of(6)[34]
    assert s.to_play == SEAT and [c.code for c in s.hand(SEAT)] == ["4C", "5C", "6C", "QS", "QH"]
    return s


def settings(worlds: int = 20, runs: int = 2, margin: float = 2.0) -> Settings:
    return Settings(worlds, tuple(f"test/{i}" for i in range(runs)), margin=margin)


def test_settings_round_trip_and_refuse_what_is_missing() -> None:
    s = settings().current("2026-11-28")
    assert Settings.from_dict(s.as_dict()) == s and s.coach == coach_version() and s.date == "2026-11-28"
    assert re.fullmatch(r"[0-9a-f]{12}", coach_version())
    data = s.as_dict()
    del data["seeds"]
    with pytest.raises(ValueError, match="lack seeds"):
        Settings.from_dict(data)


def test_confirm_finds_the_dump_and_refuses_the_other_card() -> None:
    """Dropping the Q♠ on North's A♦ is clearly best; the other cards keep it, to be taken later."""
    s = last_tricks()
    good = confirm(s, SEAT, [Card.from_str("QS")], settings())
    assert good.holds and len(good.margins) == 2 and min(good.margins) >= 2
    assert [c.code for c in good.second] == ["QH"] and good.costs[0].worlds == 40
    assert all(c.queen > 0.3 and c.queen_answer == 0.0 for c in good.costs)
    bad = confirm(s, SEAT, [Card.from_str("4C")], settings())
    assert not bad.holds and max(bad.margins) < 0
    once = confirm(s, SEAT, [Card.from_str("QS")], settings(), runs=1)
    assert len(once.margins) == 1 and once.margins[0] == good.margins[0]


def test_a_settings_margin_above_the_saving_fails() -> None:
    s = last_tricks()
    saving = confirm(s, SEAT, [Card.from_str("QS")], settings()).margin
    assert not confirm(s, SEAT, [Card.from_str("QS")], settings(margin=saving + 1)).holds


def test_themes_on_a_hand_built_position() -> None:
    s = last_tricks()
    assert theme_holds("dumping-queen", s, SEAT, ["QS"]) and not theme_holds("dumping-queen", s, SEAT, ["QH"])
    assert theme_holds("making-void", s, SEAT, ["QS"]) and theme_holds("making-void", s, SEAT, ["QH"])
    assert not theme_holds("making-void", s, SEAT, ["4C"])  # two clubs stay
    assert theme_holds("unloading", s, SEAT, ["6C"]) and not theme_holds("unloading", s, SEAT, ["4C"])
    assert not theme_holds("endgame", s, SEAT, ["QS"]) and not theme_holds("passing", s, SEAT, ["QS"])
    assert not theme_holds("ducking", s, SEAT, ["QS"])  # a discard, not a card of the suit led
    with pytest.raises(KeyError):
        theme_holds("luck", s, SEAT, ["QS"])
    assert set(THEME_RULES) == {"ducking", "unloading", "dumping-queen", "making-void", "counting", "stopping-moon",
                                "shooting", "endgame", "passing"}  # fmt: skip


def test_moon_themes_need_one_taker_of_every_point() -> None:
    """A seat that took every point card so far: stopping-moon for the others, shooting for itself."""
    s = HandState.from_cards("QD 3C 4H; 5C 6C 5H; 7C 8C 6H; 9C TC 7H", hold=True, leader=3, trick_number=10,
                             hearts_broken=True)  # fmt: skip
    for card in ("7H", "4H", "5H", "6H"):  # East leads the 7♥ and takes four hearts
        s.play(card)
    assert s.to_play == 3
    assert theme_holds("shooting", s, 3, ["TC"])  # East took every point so far, and a lead takes the lead
    s.play("TC")
    assert theme_holds("stopping-moon", s, 0, ["3C"]) and not theme_holds("shooting", s, 0, ["3C"])


def test_facts_of_a_discard_and_their_words() -> None:
    s = last_tricks()
    facts = choice_facts(s, SEAT, ["QS"])
    words = [f.words(you=SEAT) for f in facts]
    assert words == ["North's A♦ is winning the trick so far", "you hold no diamonds, so the Q♠ is a discard",
                     "the Q♠ falls on a trick North is winning",
                     "the trick would hold 13 points", "it leaves you void in spades"]  # fmt: skip
    for f in facts:
        assert check(f, s) and fact_from_json(fact_json(f)) == f
    with pytest.raises(FactError):
        make("queen_goes", s, seat=SEAT, winner=1)  # West is not winning the trick
    second = {"cards": ["QH"], "extra": 8.0, "half_width": 1.5, "worlds": 40}
    text = explanation("play", [Card.from_str("QS")], facts, second, seat=SEAT)
    assert text.startswith("Play the Q♠: North's A♦") and text.endswith(
        "saves 8.0 ± 1.5 points on average over the Q♥ (40 sampled deals).")
    cost = {**second, "queen": 0.6, "queen_answer": 0.0, "moon_against": 0.0, "moon_answer": 0.0}
    wrong = wrong_text("play", [Card.from_str("QH")], choice_facts(s, SEAT, ["QH"]), cost, [Card.from_str("QS")],
                       seat=SEAT)  # fmt: skip
    assert wrong.startswith("The Q♥: North's A♦ is winning")
    assert "it costs 8.0 ± 1.5 points more on average than the Q♠; you take the Q♠ in 60% (± 15%) of them" in wrong


def test_pass_facts() -> None:
    s = HandState.deal(seed=3)
    seat = 0
    hand = s.hand(seat)
    spades = [c for c in hand if c.suit.name == "SPADES"]
    chosen = (spades + [c for c in hand if c not in spades])[:3]
    facts = choice_facts(s, seat, chosen)
    assert facts and all(check(f, s) for f in facts)
    assert any(f.kind == "pass_goes_to" for f in facts)


def test_the_scripts_check_reports_a_puzzle_that_no_longer_holds(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """``scripts/mine_puzzles.py --check all`` re-measures each puzzle with its recorded settings and exits 1
    naming the one whose answer is not best (here: a file whose answer was swapped for a worse card)."""
    mine = mine_puzzles()
    monkeypatch.setattr(mine, "CACHE", tmp_path / "cache")
    s = last_tricks()
    good = {"id": "good", "kind": "play", "record": json.loads(s.to_json()), "seat": SEAT, "answer": ["QS"],
            "second": ["QH"], "margin": 5.0, "margins": [5.0, 5.0], "confirmed": settings().as_dict()}  # fmt: skip
    bad = {**good, "id": "bad", "answer": ["4C"], "second": ["QS"]}
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps({"format": 2, "seed": 1, "worlds": 20, "puzzles": [good, bad]}), encoding="utf-8")
    assert mine.main(["--check", "all", "--out", str(path), "--processes", "1"]) == 1
    rows = [json.loads(line) for line in next((tmp_path / "cache").glob("check-*.jsonl")).read_text().splitlines()]
    assert {r["id"]: r["holds"] for r in rows} == {"good": True, "bad": False}
