"""Claims found wrong or unchecked in a whole-book re-read (issue 13), checked against the engine and the seeds.

Each test names the sentence it keeps true. The pages' own hidden assert cells check their measured numbers; these
tests check the deals, the quotations and the wording a notebook cannot check about itself.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from pathlib import Path

import pytest

from hearts_lessons.bots.features import DEFEND_SHARE, moon_threat, sight_of, tables_for
from hearts_lessons.bots.puzzles import PUZZLES
from hearts_lessons.cards import Suit, parse_cards
from hearts_lessons.variants import COMPLEX, score_captured

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# The book's lessons (the toc); 40-44 are being written elsewhere.
LESSONS = ("01_tricks", "02_a_hand", "04_play_a_game", "05_house_rules", "10_passing", "11_playing_tricks",
           "12_the_moon", "03_history", "30_variants", "31_variant_lab", "32_complex_hearts", "20_haggis_climbing",
           "21_haggis_play", "13_how_bots_think")  # fmt: skip
PAGES = ("welcome", "how_to_use", "glossary", "references", "rules_sheet", "teachers", "haggis_rules")


def markdown(lesson: str) -> str:
    notebook = json.loads((NOTEBOOKS / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")


def learner_text() -> dict[str, str]:
    texts = {lesson: markdown(lesson) for lesson in LESSONS}
    texts.update({page: (ROOT / "book" / f"{page}.md").read_text(encoding="utf-8") for page in PAGES})
    return texts


def seeds_text() -> str | None:
    for candidate in (os.environ.get("HL_SEEDS"), ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds"):
        if candidate and Path(candidate).is_dir() and list(Path(candidate).glob("00*.txt")):
            return "".join(p.read_text(encoding="utf-8") for p in sorted(Path(candidate).glob("00*.txt")))
    return None


# -- quotations and names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [*LESSONS, *PAGES])
def test_every_japanese_quotation_is_verbatim_in_a_seed(name: str) -> None:
    """Every 「…」 quotation of a page is in a seed word for word (line breaks of the page aside)."""
    seeds = seeds_text()
    if seeds is None:
        pytest.skip("the seed documents are not available")
    flat = re.sub(r"\s+", "", seeds)
    for quote in re.findall(r"「([^」]*)」", learner_text()[name]):
        for part in filter(None, re.split(r"[「」]", quote)):
            assert re.sub(r"\s+", "", part) in flat, (name, part)


def test_learner_text_names_seeds_by_file_not_by_number() -> None:
    """Sources are named as a reader knows them; a seed appears only as its file name ("seed `000_….txt`")."""
    for name, text in learner_text().items():
        if name == "glossary":  # its table introduces the seed numbers as column labels
            continue
        assert not re.search(r"\b[Ss]eeds? 00\d\b(?!_)", text), name


def test_lessons_are_referred_to_by_title_not_by_file_number() -> None:
    """Readers see lesson titles; only lessons 1 and 2 carry numbers (the welcome page numbers them)."""
    for name, text in learner_text().items():
        assert not re.search(r"\b[Ll]essons? (?:[3-9]|[1-4]\d)\b", text), name


def test_links_to_the_house_rules_point_to_its_page() -> None:
    for name, text in learner_text().items():
        for target in re.findall(r"\[House rules and player counts\]\(([^)]+)\)", text):
            assert target.endswith("05_house_rules.ipynb"), (name, target)


# -- lesson 11 -----------------------------------------------------------------------------------------------------


def test_queen_puzzle_west_leads_and_the_dropped_queen_goes_to_north() -> None:
    """Lesson 11: "West leads a club, North and East follow, and South, last to play, has none"; the Q♠ "goes to
    North, whose 9♣ wins the trick"."""
    s = PUZZLES["queen"].state()
    assert [(seat, c.code) for seat, c in s.current_trick] == [(1, "3C"), (2, "9C"), (3, "7C")]
    assert not any(c.suit == Suit.CLUBS for c in s.hand(0))
    trick = s.copy().play("QS")
    assert trick is not None and trick.winner == 2 and trick.points == 13
    text = markdown("11_playing_tricks")
    assert "West leads\na club, North and East follow" in text and "North leads\na club" not in text


def test_first_trick_quiz_names_the_position_where_west_holds_clubs() -> None:
    """Lesson 11, quiz 3: "West, after you, still holds clubs"."""
    s = PUZZLES["early"].state()
    assert [(seat, c.code) for seat, c in s.current_trick] == [(2, "2C"), (3, "JC")]
    assert any(c.suit == Suit.CLUBS for c in s.hand(1))


# -- lesson 12 -----------------------------------------------------------------------------------------------------


def test_moon_puzzle_west_took_the_queen_on_the_ninth_trick() -> None:
    """Lesson 12: "West took the Q♠ on the ninth trick and has every point so far"."""
    s = PUZZLES["moon"].state()
    queen = [t for t in s.tricks if any(c.code == "QS" for c in t.cards)]
    assert len(queen) == 1 and queen[0].number == 8 and queen[0].winner == 1
    assert all(t.points == 0 for t in s.tricks if t.number != 8)
    assert "West took the Q♠ on the ninth trick" in markdown("12_the_moon")


# -- lesson 32 -----------------------------------------------------------------------------------------------------


def test_only_the_jack_of_diamonds_with_the_ten_of_clubs_gives_a_negative_imaginary_part() -> None:
    """Lesson 32, quiz 3: "A moon aside, a hand's imaginary part goes below 0 only when the J♦ and the 10♣ are taken
    together"."""
    hearts = [f"{r}H" for r in "23456789TJQKA"]
    for queen, jack, ten in itertools.product((False, True), repeat=3):
        for count in range(13 if queen else 14):  # all 13 hearts and the Q♠ would be a moon
            cards = hearts[:count] + ["QS"] * queen + ["JD"] * jack + ["TC"] * ten + ["2C"]
            points = complex(score_captured(COMPLEX, " ".join(cards)).points[0])
            if points.imag < 0:
                assert jack and ten and count < 10, cards
    assert complex(score_captured(COMPLEX, "JD TC").points[0]) == -20j
    assert parse_cards("JD TC")  # the notation the quiz uses


def test_defenders_see_a_shooter_at_forty_percent_of_the_points() -> None:
    """Lesson 12: the rule-based bot defends "as soon as one player has taken every point so far, and those points
    are at least 40% of the hand's 26 (the Q♠ alone is enough)"."""
    assert DEFEND_SHARE == 0.4 and 13 >= DEFEND_SHARE * 26 > 10  # the Q♠ alone is enough, ten hearts are not
    view = PUZZLES["moon"].state().view(0)  # West has taken the Q♠ and nothing else: a threat
    assert moon_threat(view, tables_for(view.k), share=DEFEND_SHARE) == 1
    assert sight_of(view).threat() == 1  # what the rule-based player's defence looks at
