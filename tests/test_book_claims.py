"""The prose pages say only what is true: each test reads a claim from the markdown and checks it.

The rules sheet's pass cycles and options against ``Rules``; the teachers' exercises and their answers against the
engine (``HandState`` and ``scoring``); the lessons the pages name against the notebooks; the glossary's Japanese
against the seed documents; the references against what the lessons cite.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from test_book import SEED_FILES, glossary_terms, seeds_dir

from hearts_lessons.bots.puzzles import PUZZLES
from hearts_lessons.bots.rulebased import rules_pass
from hearts_lessons.cards import Card, card_from_id
from hearts_lessons.rules import STANDARD, Moon, OpeningLead, PassDirection, Rules
from hearts_lessons.scoring import score_taken
from hearts_lessons.state import HandState

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
NOTEBOOKS = ROOT / "notebooks"
SUIT_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARD = re.compile(r"([♣♦♥♠])(10|[2-9JQKA])|(10|[2-9JQKA])([♣♦♥♠])")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+(?:[・ー][\u3040-\u30ff\u3400-\u9fff]+)*")
NOTEBOOK_LINK = re.compile(r"\(\.\./notebooks/([0-9a-z_]+)\.ipynb\)")
CYCLE = r"((?:left|right|across|hold)(?:, (?:left|right|across|hold))*)"


def page(name: str) -> str:
    return (BOOK / name).read_text(encoding="utf-8")


def plain(text: str) -> str:
    """Markdown without emphasis and with single spaces."""
    return re.sub(r"\s+", " ", re.sub(r"\*+", "", text))


def codes(text: str) -> list[str]:
    """The cards written in ``text`` (♠8, Q♠, 10♦ …) as engine codes, in order."""
    out = []
    for suit1, rank1, rank2, suit2 in CARD.findall(text):
        rank, suit = (rank1, suit1) if suit1 else (rank2, suit2)
        out.append(("T" if rank == "10" else rank) + SUIT_LETTER[suit])
    return out


def section(text: str, start: str, end: str | None = None) -> str:
    begin = text.index(start)
    stop = text.index(end, begin + len(start)) if end else len(text)
    return text[begin:stop]


def table_rows(text: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not set(line) <= {"|", "-", " "}:
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def directions(words: str) -> tuple[PassDirection, ...]:
    return tuple(PassDirection(word.strip()) for word in words.split(","))


def notebook_text(name: str) -> str:
    cells = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def toc_lessons(caption: str | None = None) -> list[str]:
    """The notebooks of the table of contents (of one part, when ``caption`` names it)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [chapter["file"] for part in toc["parts"] for chapter in part["chapters"]
             if caption is None or part["caption"] == caption]  # fmt: skip
    return [f.removeprefix("notebooks/") for f in files if f.startswith("notebooks/")]


# The rules sheet --------------------------------------------------------------------------------------------


def test_rules_sheet_pass_cycles_are_the_engines() -> None:
    text = plain(page("rules_sheet.md"))
    four = re.search(r"direction changes every hand: " + CYCLE, text)
    assert four, "the rules sheet no longer states the four-player pass cycle"
    assert directions(four.group(1)) == Rules(players=4).cycle
    listed: dict[int, tuple[PassDirection, ...]] = {}
    for row in table_rows(page("rules_sheet.md")):
        count = re.fullmatch(r"(\d) players", row[0])
        found = re.search(r"pass " + CYCLE, row[1]) if count else None
        if count and found:
            listed[int(count.group(1))] = directions(found.group(1))
    assert set(listed) >= {3, 5}, f"the sheet gives pass cycles only for {sorted(listed)}"
    for players, stated in listed.items():
        assert stated == Rules(players=players).cycle, players


def test_rules_sheet_removed_cards_are_the_engines() -> None:
    for row in table_rows(page("rules_sheet.md")):
        count = re.fullmatch(r"(\d) players", row[0])
        if count:
            removed = re.search(r"remove ([^;(]+)", row[1])
            assert removed, row
            assert sorted(codes(removed.group(1))) == sorted(c.code for c in Rules(players=int(count.group(1))).removed)


def test_rules_sheet_opening_lead_left_of_dealer_is_never_a_penalty_card() -> None:
    text = plain(page("rules_sheet.md"))
    assert "left of the dealer, no penalty card (rule 6)" in text
    assert "First trick: no penalty card (a heart or Q♠) may be played, unless your hand holds nothing else" in text
    rules = STANDARD.with_options(opening_lead=OpeningLead.LEFT_OF_DEALER)
    hand = HandState.from_cards("2C 3D 2S 3S; QS 5H 4D 9S; 5C 6D 7C 8C; 9C TD JC QC", rules, hold=True, dealer=0,
                                check=False)
    assert hand.to_play == 1
    assert {c.code for c in hand.legal_plays()} == {"4D", "9S"}
    # With nothing but penalty cards, rule 6's exception applies to the opening lead too.
    only = HandState.from_cards("2C 3D 2S 3S; QS 5H AH KH; 5C 6D 7C 8C; 9C TD JC QC", rules, hold=True, dealer=0,
                                check=False)
    assert len(only.legal_plays()) == 4


def test_rules_sheet_queen_may_be_led_after_the_first_trick() -> None:
    text = plain(page("rules_sheet.md"))
    assert "The Q♠ may be led to any trick after the first" in text
    assert "| Leading Q♠ | any trick after the first | not until hearts are broken |" in page("rules_sheet.md")
    deal = "QS 2H 3C; 4C 5C 6C; 7C 8C 9C; TC JC QC"
    standard = HandState.from_cards(deal, hold=True, leader=0, trick_number=1, check=False)
    assert standard.can_play("QS") and not standard.can_play("2H")
    restricted = HandState.from_cards(deal, STANDARD.with_options(queen_lead_restricted=True), hold=True, leader=0,
                                      trick_number=1, check=False)  # fmt: skip
    assert not restricted.can_play("QS")


# The teachers' page: exercises and their answers ------------------------------------------------------------


def exercise(number: int) -> str:
    text = page("teachers.md")
    start = text.index(f"**{number}. ")
    nxt = text.find(f"**{number + 1}. ", start)
    return plain(text[start : nxt if nxt > 0 else text.index("## Notes for the classroom")])


def test_exercise_1_who_wins() -> None:
    text = exercise(1)
    assert codes(text.split("Who wins the trick")[0]) == ["8S", "JS", "KH", "TS"]
    hand = HandState.from_cards("8S; JS; KH; TS", hold=True, leader=0, trick_number=12, hearts_broken=True)
    for card in ("8S", "JS", "KH", "TS"):
        trick = hand.play(card)
    assert trick is not None
    answer = re.search(r"Answer :class: dropdown (\w+):", text)
    assert answer and answer.group(1) == "West" and trick.winner == 1
    points = re.search(r"West takes (\d+) point", text)
    assert points and int(points.group(1)) == trick.points == 1


def test_exercise_2_the_first_trick() -> None:
    text = exercise(2)
    west = codes(re.search(r"holds (.+?)\. Which", text).group(1))  # type: ignore[union-attr]
    assert west[-3:] == ["QS", "9D", "3S"] and len(west) == 13 and all(c.endswith("H") for c in west[:10])
    rest = [c.code for c in STANDARD.deck if c.code not in west]  # South gets the 13 clubs, 2♣ among them
    hand = HandState.from_cards([" ".join(rest[:13]), " ".join(west), " ".join(rest[13:26]), " ".join(rest[26:])],
                                hold=True)  # fmt: skip
    assert hand.status().ok and hand.to_play == 0
    hand.play("2C")
    allowed = codes(re.search(r"Only (.+?)\.", text.split("Answer")[1]).group(1))  # type: ignore[union-attr]
    assert sorted(allowed) == sorted(c.code for c in hand.legal_plays())


def test_exercise_3_leading_hearts() -> None:
    text = exercise(3)
    said = re.search(r"It is the (\w+) trick, so each player holds (\w+) cards; no penalty card has been", text)
    assert said, text
    ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
    numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    trick, held = ordinals.index(said.group(1)), numbers.index(said.group(2)) + 1
    assert held == 13 - trick
    hand_a = codes(re.search(r"\(a\) You hold (.+?):", text).group(1))  # type: ignore[union-attr]
    hand_b = codes(re.search(r"\(b\) You hold (.+?)\?", text).group(1))  # type: ignore[union-attr]

    def position(south: list[str], rules: Rules = STANDARD) -> HandState:
        # the page's position, the other hands made of the point cards South lacks (none has been played) and
        # enough clubs and diamonds: from_cards refuses it unless it could have happened
        points = [c for c in (*HEARTS, "QS") if c not in south]
        plain_cards = [c.code for c in STANDARD.deck if c.code not in south and c.code not in points]
        others = (points + plain_cards[::-1])[: 3 * held]  # the low clubs, 2♣ first, went to the first tricks
        return HandState.from_cards([" ".join(south)] + [" ".join(others[i * held : (i + 1) * held]) for i in range(3)],
                                    rules, hold=True, leader=0, trick_number=trick)  # fmt: skip

    a = position(hand_a)
    assert [c.code for c in a.legal_plays()] == codes(re.search(r"\(a\) Only (\S+):", text).group(1))  # type: ignore[union-attr]
    b = position(hand_b)
    assert f"(b) Any of the {numbers[held - 1]}" in text and len(b.legal_plays()) == held
    assert "One house rule makes you lead the Q♠ in case (b)" in text
    forced = position(hand_b, STANDARD.with_options(queen_first_when_only_penalty=True))
    assert [c.code for c in forced.legal_plays()] == ["QS"]


HEARTS = [f"{rank}H" for rank in "23456789TJQKA"]


def test_exercise_4_scores_add_up_to_26_without_a_moon_and_78_with_one() -> None:
    text = exercise(4)
    taken = [HEARTS[:4], ["QS", *HEARTS[4:6]], HEARTS[6:13], []]
    score = score_taken(STANDARD, [[Card.from_str(c) for c in cards] for cards in taken])
    stated = re.search(r"South (\d+), West (\d+) \(13 \+ 2\), North (\d+), East (\d+): (\d+) in all", text)
    assert stated, text
    assert tuple(int(x) for x in stated.groups()[:4]) == score.points
    assert int(stated.group(5)) == sum(score.points) == 26
    assert "When nobody shoots the moon, the four scores always add up to 26" in text
    moon = score_taken(STANDARD, [[], [], [Card.from_str(c) for c in ["QS", *HEARTS]], []])
    added = re.search(r"so the hand adds (\d+) points", text)
    assert added and int(added.group(1)) == sum(moon.points) == 78


def test_exercise_5_the_moon_both_ways() -> None:
    text = exercise(5)
    north = [Card.from_str(c) for c in ["QS", *HEARTS]]
    standard = score_taken(STANDARD, [[], [], north, []]).points
    subtracts = score_taken(STANDARD.with_options(moon=Moon.SHOOTER_SUBTRACTS), [[], [], north, []]).points
    stated = re.search(r"Standard rule: North (\d+), South, West and East (\d+) each", text)
    assert stated and (int(stated.group(1)), int(stated.group(2))) == (standard[2], standard[0])
    assert standard == (26, 26, 0, 26)
    option = re.search(r"With the option: North −(\d+), the others (\d+)", text)
    assert option and (-int(option.group(1)), int(option.group(2))) == (subtracts[2], subtracts[0])
    assert subtracts == (0, 0, -26, 0)
    gap = int(re.search(r"North gains (\d+) points on every other player", text).group(1))  # type: ignore[union-attr]
    assert all(standard[s] - standard[2] == gap == subtracts[s] - subtracts[2] for s in (0, 1, 3))


def test_exercise_6_the_hand_and_the_danger_pass() -> None:
    text = exercise(6)
    hand = codes(re.search(r"You hold (.+?), and you pass", text).group(1))  # type: ignore[union-attr]
    assert len(set(hand)) == 13
    rest = [c for c in (Card.from_str(x) for x in (*HEARTS, "QS")) if c.code not in hand]
    deck = [c.code for c in STANDARD.deck if c.code not in hand and c not in rest]
    others = [c.code for c in rest] + deck
    state = HandState.from_cards([" ".join(hand), *(" ".join(others[i * 13 : i * 13 + 13]) for i in range(3))],
                                 direction=PassDirection.LEFT)  # fmt: skip
    chosen = [card_from_id(c).code for c in rules_pass(state.view(0))]
    stated = codes(text.split("danger pass")[1].split("chooses")[1].split(".")[0])
    assert stated == chosen
    assert "with only one low spade" in text and [c for c in hand if c.endswith("S")] == ["AS", "KS", "5S"]


# The teachers' page: lessons, sessions and drills -----------------------------------------------------------


def test_every_lesson_the_pages_name_exists() -> None:
    known = set(toc_lessons()) | {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    for name in ("teachers.md", "welcome.md", "references.md", "how_to_use.md", "glossary.md"):
        missing = sorted(set(NOTEBOOK_LINK.findall(page(name))) - known)
        assert not missing, f"book/{name} links to lessons that do not exist: {missing}"


def test_teachers_and_welcome_pages_list_every_lesson() -> None:
    whole_book = section(page("teachers.md"), "### The whole book", "## Ways to run a session")
    welcome = section(page("welcome.md"), "## The lessons", "## Three ways to use the book")
    for lesson in {*toc_lessons(), "05_house_rules"}:
        assert f"../notebooks/{lesson}.ipynb" in whole_book, lesson
        assert f"../notebooks/{lesson}.ipynb" in welcome, lesson
    assert "Appendix: [How the bots think](../notebooks/13_how_bots_think.ipynb)" in whole_book
    assert "**Appendix: [How the bots think](../notebooks/13_how_bots_think.ipynb).**" in welcome


def sessions() -> dict[str, str]:
    plans = section(page("teachers.md"), "## A plan for every session", "## Exercises with answers")
    parts = re.split(r"^### (.+)$", plans, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_session_names_its_lessons_drills_and_print() -> None:
    plans = sessions()
    assert len(plans) >= 12
    used: set[str] = set()
    for title, text in plans.items():
        lessons = NOTEBOOK_LINK.findall(text)
        assert lessons, f"session {title!r} names no lesson"
        used.update(lessons)
        assert "Drills:" in text and "Print:" in text, title
        for number in re.findall(r"exercises? (\d)(?:–(\d))? below", text):
            assert all(not n or 1 <= int(n) <= 6 for n in number), title
    assert used >= {*toc_lessons(), "05_house_rules"}, "some lesson has no session"


def test_teachers_page_names_the_real_puzzles() -> None:
    titles = {puzzle.title for puzzle in PUZZLES.values()}
    plans = plain("".join(sessions().values()))
    six = re.search(r"the six trick puzzles \(([^)]*)\)", plans)
    assert six, "session 6 no longer lists the puzzles"
    named = [t.strip() for t in six.group(1).split(",")]
    assert len(named) == 6 and set(named) <= titles
    lesson_11 = notebook_text("11_playing_tricks")
    keys = re.search(r"TrickPuzzle\(\[([^\]]*)\]", lesson_11)
    assert keys and {PUZZLES[k.strip(' "')].title for k in keys.group(1).split(",")} == set(named)
    assert "the puzzle A shooter at the table" in plans and "A shooter at the table" in titles


def test_every_lesson_has_exercises() -> None:
    """The teachers' page: "Every lesson has a section of exercises near its end" (the Practice part's pages are
    drills from start to end, so they are not lessons with an exercises section)."""
    assert "Every lesson has a section of exercises near its end" in plain(page("teachers.md"))
    practice = set(toc_lessons("Practice"))
    assert practice, "the Practice part is missing"
    practice |= set(toc_lessons("For teachers"))  # the printable puzzle sheet is exercises from start to end
    lessons = sorted({*toc_lessons(), *NOTEBOOK_LINK.findall(page("teachers.md"))} - practice)
    missing = [n for n in lessons if not (NOTEBOOKS / f"{n}.ipynb").exists()]
    assert not missing, f"the teachers' page names lessons that do not exist yet: {missing}"
    without = [n for n in lessons if not re.search(r"^#+ Exercises", notebook_text(n), flags=re.M)]
    assert not without, f"lessons without an Exercises section: {without}"


def test_static_page_answers_are_where_how_to_use_says() -> None:
    text = plain(page("how_to_use.md"))
    assert "the solutions of the trick puzzles" in text
    assert re.search(r"^## Solutions to the puzzles", notebook_text("11_playing_tricks"), flags=re.M)
    assert "the coach's advice for the pass trainer's first hand" in text
    assert "For the static page, here is the coach's advice" in notebook_text("10_passing")
    assert "the verdicts of the shoot-or-not trainer" in text
    assert "For the static page, the verdicts" in notebook_text("12_the_moon")


# The glossary ---------------------------------------------------------------------------------------------


def seed_texts() -> dict[str, str]:
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seed documents (../shared/seeds) are not beside the repository")
    return {sid: (seeds / name).read_text(encoding="utf-8") for sid, name in SEED_FILES.items()}


def test_glossary_has_the_natural_words() -> None:
    terms = {(english, japanese): sids for english, japanese, sids in glossary_terms()}
    by_english: dict[str, list[str]] = {}
    for english, japanese in terms:
        by_english.setdefault(english, []).append(japanese)
    assert {"ボイド", "スートが切れている"} <= set(by_english["void (in a suit)"])
    assert {"対面", "向かい"} <= set(by_english["pass left, right, across"])
    assert "横" not in by_english["pass left, right, across"]
    assert by_english["climbing game"] == ["大貧民系"]
    assert "トリックを取る" in by_english["take a trick, win a trick"]
    for english in ("duck", "guard (of the Q♠)", "bleed spades", "stopper"):
        assert by_english[english], english


def test_glossary_loan_words_are_katakana() -> None:
    for row in table_rows(page("glossary.md")):
        if len(row) == 3 and "loan word" in row[2]:
            common = re.findall(r"([^;]+?) \(common\)", row[1])
            assert any(re.fullmatch(r"[\u30a0-\u30ff]+(する)?", t.strip()) for t in common), row[0]


def test_glossary_japanese_in_the_text_is_in_the_seed_it_names() -> None:
    """Japanese quoted in the glossary's meanings and notes appears in a seed the same row or paragraph names."""
    texts = seed_texts()
    text = page("glossary.md")
    common = {japanese for _e, japanese, sids in glossary_terms() if sids == ["common"]}
    blocks = [" | ".join(row) for row in table_rows(text)]
    blocks += [b for b in re.split(r"\n\s*\n|\n- ", text) if not b.lstrip().startswith("|")]
    wrong = []
    for block in blocks:
        named = set(re.findall(r"\b(00[0-3])\b", block))
        if not named:
            continue
        for word in JAPANESE.findall(block):
            if word in common or any(word in c for c in common) or word == "外来語":
                continue
            if not any(word in texts[sid] for sid in named):
                wrong.append(f"{word} (seeds {sorted(named)})")
    assert not wrong, "Japanese not found in the seed it is attributed to:\n" + "\n".join(wrong)


# Sources ----------------------------------------------------------------------------------------------------


MY_PAGES = ("glossary.md", "teachers.md", "rules_sheet.md", "references.md", "welcome.md", "how_to_use.md")


def test_german_origin_is_never_told_alone() -> None:
    for name in MY_PAGES:
        for block in re.split(r"\n\s*\n|\n\|", page(name)):
            if "German" in block:
                assert "pagat" in block and "United States" in block, f"book/{name}: {block[:80]!r}"


def test_only_a_heart_breaking_hearts_is_credited_to_seed_002_too() -> None:
    texts = seed_texts()
    # Seed 002: hearts are broken when a player who cannot follow plays a heart instead.
    assert "プレイヤーがリードカードのスートに従えず、代わりにハートを出したとき" in texts["002"]
    for name in MY_PAGES:
        for block in re.split(r"\n\s*\n|\n\|", page(name)):
            if "Windows" in block and "only a heart" in block:
                assert "002" in block, f"book/{name} credits the only-a-heart rule to Windows alone: {block[:80]!r}"


def test_references_name_each_seed_as_a_reader_knows_it() -> None:
    rows = {row[1].strip("`"): row[0] for row in table_rows(page("references.md")) if len(row) == 3}
    assert rows[f"seeds/{SEED_FILES['000']}"].startswith("Japanese Wikipedia")
    assert "blog" in rows[f"seeds/{SEED_FILES['001']}"]
    assert "How to Play Hearts" in rows[f"seeds/{SEED_FILES['002']}"]
    assert "Haggis" in rows[f"seeds/{SEED_FILES['003']}"]
    texts = seed_texts()
    assert "ハートの遊び方" in texts["002"] and "How to Play Hearts" in texts["002"]
    assert "ハギス" in texts["003"] and "木津" in texts["001"]


def test_references_list_what_the_lessons_cite() -> None:
    text = page("references.md")
    for needed in ("pagat.com", "The Penguin Book of Card Games", "A History of Card Games"):
        assert needed in text
    lessons = "\n".join(notebook_text(p.stem) for p in NOTEBOOKS.glob("*.ipynb"))
    for author in ("Metropolis", "Ginsberg", "Glickman", "Spruce", "Dummies"):
        assert (author in lessons) == (author in text), f"{author}: cited by a lesson and listed, or neither"
