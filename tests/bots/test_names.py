"""The bots' names as a reader sees them: keys stay English, the words follow the book's language."""

from __future__ import annotations

from hearts_lessons.bots.base import BOTS
from hearts_lessons.bots.names import BOT_WORDS, bot_name
from hearts_lessons.bots.ratings import ENTRANTS, load_ladder
from hearts_lessons.i18n import language, latin_words
from hearts_lessons.simulate import plot_summary, simulate_hands, summary


def test_every_bot_and_entrant_has_its_name_in_english_and_japanese() -> None:
    assert set(BOT_WORDS) == set(BOTS) | {"coach (full strength)"}  # the ladder's entrant not named by its worlds
    for name in [*BOTS, *(e.name for e in ENTRANTS)]:
        assert bot_name(name) == name  # English: the key itself
        with language("ja"):
            assert latin_words(bot_name(name)) == [], name
    with language("ja"):
        assert bot_name("coach (100 worlds)") == "コーチ（100ワールド）"
        assert bot_name("coach (full strength)") == "コーチ（フルの強さ）"
        assert bot_name("coach (worlds=20)") == "coach (worlds=20)"  # a name it does not know, as it is


def test_tables_and_charts_show_the_names_and_keep_the_keys() -> None:
    table = summary(simulate_hands(bots=["random", "beginner", "rules", "shooter"], hands=2, seed=1, duplicate=True))
    ladder = load_ladder()
    with language("ja"):
        page = table._repr_html_() + ladder.table()._repr_html_() + str(plot_summary(table).svg)
        words = [ladder.level_words(name) for name in ("Easy", "Hard")]
    assert ">ルールベース<" in page and ">コーチ（100ワールド）<" in page and "シューター" in page
    assert ">rules<" not in page and "worlds" not in page
    assert "初心者" in words[0] and "コーチ（10ワールド）" in words[1]
    assert set(table.keys()) == {"random", "beginner", "rules", "shooter"}
    assert ladder.table().value("coach (100 worlds)", "hands") > 0
