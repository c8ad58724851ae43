"""The widgets' words through the locale layer (hearts_lessons.widgets.*, the practice app): in the
pseudo-locale every word the play table and the game app show went through ``tr`` (``latin_words`` finds none
left); in Japanese none of their words is left in English; the app's language choice says everything again in the
other language, both ways, and the game in play goes on."""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as W
import pytest
from play_helpers import finish_hand

from hearts_lessons.bots.base import BOTS, make_bot
from hearts_lessons.bots.puzzles import PUZZLES
from hearts_lessons.bots.ratings import LEVELS
from hearts_lessons.cards import parse_cards
from hearts_lessons.charts import bars, boxes, plane, points
from hearts_lessons.explain import explain_trick
from hearts_lessons.history import TIMELINE
from hearts_lessons.i18n import get_language, language, latin_words, missing, set_language, tr_text
from hearts_lessons.practice.app import PracticeApp
from hearts_lessons.practice.drills import PARTS, stage
from hearts_lessons.practice.ladder import ladder_puzzles
from hearts_lessons.sources import HOWTO_WIKI, JA_WIKIPEDIA, KIZU_BLOG, source_words
from hearts_lessons.state import Phase
from hearts_lessons.variant_lab import (
    play_game_fast,
    plot_complex_game,
    plot_lab,
    sample_hand,
    simulate,
    stats_table,
    story_html,
)
from hearts_lessons.variants import PRESETS
from hearts_lessons.widgets import cardtable
from hearts_lessons.widgets.cardtable import CardTable, table_words
from hearts_lessons.widgets.common import MessageLine, safe
from hearts_lessons.widgets.files import FileButtons
from hearts_lessons.widgets.game_app import GAMES, JA_LEARN_URL, LEARN_URL, GameApp, game_name
from hearts_lessons.widgets.history import Timeline
from hearts_lessons.widgets.play import _SOURCE_WORDS, SWITCH_SOURCES, PlayTable, switch_sources
from hearts_lessons.widgets.quiz import CardsQuestion, ChoiceQuestion, Quiz
from hearts_lessons.widgets.strategy import BotExplainer, PassTrainer, ShootTrainer, TrickPuzzle, played_html
from hearts_lessons.widgets.trick import TrickPlayground
from hearts_lessons.widgets.variants import LabControls, VariantExplorer, sample_hand_view

ALLOWED = (
    "Windows", "pagat", "com",  # names in the sources' line: Windows Hearts, pagat.com
    "rdieter",  # the author of the Complex Hearts page, by the name he writes under
    "Enter", "QS", "D",  # keys and typed card codes in the keyboard box's placeholder (QS, 10D)
    "English",  # the language choice names English in English
    "M",  # the moon's value as the variants lesson names it (M = 26)
)  # fmt: skip
MY_CATALOGUES = tuple(f"hearts_lessons.widgets.{m}" for m in ("play", "game_app", "files", "cardtable", "common",
                                                                 "trick", "quiz", "strategy", "variants",
                                                                 "history"))


@pytest.fixture(autouse=True)
def _back_to_english() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


def shown(widget: W.Widget) -> list[str]:
    """What a reader sees or hears of ``widget`` and everything inside it: HTML values, labels, tooltips,
    placeholders, a dropdown's choices, the card table's label, message and buttons, the file buttons."""
    out: list[str] = []
    if isinstance(widget, W.HTML):
        out.append(widget.value)
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            out.append(value)
    if isinstance(widget, W.Dropdown | W.ToggleButtons):
        out += [str(label) for label in widget._options_labels]  # ipywidgets' own attribute
    if isinstance(widget, W.Accordion):
        out += [t for t in widget.titles if t]
    if isinstance(widget, CardTable):
        out += [widget.label, widget.message, str(widget.view.get("title", "")), *widget.words.values()]
        out += [str(a["label"]) for a in widget.view.get("actions") or []]
    if isinstance(widget, FileButtons):
        out += [widget.save_label, widget.open_label]
    for child in getattr(widget, "children", ()):
        out += shown(child)
    return out


def words_left(texts: list[str], foreign: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    """The English words in ``texts`` once the style sheet, the sentences that went through ``tr`` (nested ones
    too: a placeholder filled with a translated phrase) and ``foreign`` (other modules' words) are taken out."""
    text = html.unescape(re.sub(r"<style>.*?</style>", " ", " ".join(texts), flags=re.S))
    for words in sorted({html.unescape(w) for w in foreign}, key=len, reverse=True):
        if words:
            text = text.replace(words, " ")
    text = re.sub(r"\{[a-z_]+\}", " ", text)  # the table's words leave placeholders for its front end to fill
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return sorted(set(latin_words(text, allow=ALLOWED)))


def foreign_words() -> list[str]:
    """Names that stay as they are in every language: the bots' names (the set-up's box chooses one by name, and a
    level names the bot it plays as: hearts_lessons.bots.base, .ratings)."""
    found = list(BOTS) + [lv.entrant for lv in LEVELS]
    return found


def cited() -> list[str]:
    """The citations of English sources that :func:`hearts_lessons.sources.source_words` keeps as written (a page's
    title: "rdieter's Complex Hearts page", "Wikipedia: Black Maria (card game)"; the variants' data,
    hearts_lessons.variants)."""
    found = {s for p in PRESETS.values() for s in p.sources}
    found |= {c.source for p in PRESETS.values() for o in p.options for c in o.choices if c.source}
    return [s for s in found if source_words(s) == s]


def play_table_moments(lang: str) -> list[tuple[str, list[str], PlayTable]]:
    """The play table (with its set-up) in ``lang`` at a hand in progress, after refusals, at the end of a hand."""
    set_language(lang)
    table = PlayTable(seed=3, pace=0, counting=True)
    moments = [("start", shown(table), table)]
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    moments.append(("three chosen", shown(table), table))
    table.cards.click(table.hand.hand(0)[5].code)  # a fourth card: refused
    assert table.cards.kind == "error"
    moments.append(("too many refused", shown(table), table))
    table._next_hand()  # the hand is not over: refused
    assert table.cards.kind == "error"
    moments.append(("next refused", shown(table), table))
    table.cards.press("pass")
    assert table.hand.phase is Phase.PLAYING
    moments.append(("passed", shown(table), table))
    finish_hand(table)
    table.message.show("")  # the last trick's words are the engine's (hearts_lessons.explain)
    moments.append(("hand over", shown(table), table))
    return moments


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_play_table_says_every_word_through_the_locale_layer(lang: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # other modules' words not yet translated warn once each
        moments = play_table_moments(lang)
    for name, texts, _table in moments:
        assert words_left(texts, foreign_words()) == [], name
    assert "Trick 1" in " ".join(moments[-1][1]) if lang == "pseudo" else "トリック1" in " ".join(moments[-1][1])


def app_moments(lang: str) -> Iterator[tuple[str, list[str], GameApp]]:
    """The game app in ``lang``: the bar, each panel, the end of a hand, the end of the game."""
    set_language(lang)
    app = GameApp(seed=4, pace=0)
    yield "bar", shown(app), app
    for panel in ("new", "rules", "opponents", "settings", "coach"):
        if panel == "coach":
            app.ask_coach()
        else:
            app.toggle(panel)
        yield panel, shown(app), app
        app.close()
    app.start("hearts:black_maria", players=3)
    app.toggle("rules")
    yield "rules of a variant", shown(app), app
    app.close()
    app.start("haggis", players=2)
    for panel in ("rules", "opponents"):
        app.toggle(panel)
        yield f"haggis {panel}", shown(app), app
        app.close()
    app.start("hearts:standard", players=4)
    table = app.table
    assert isinstance(table, PlayTable)
    finish_hand(table)
    table.message.show("")
    yield "end of a hand", shown(app), app
    app.toggle("review")
    yield "review", shown(app), app
    app.close()
    for _ in range(40):
        if table.game.is_over:
            break
        app._next()
        finish_hand(table)
    assert table.game.is_over
    table.message.show("")
    yield "end of the game", shown(app), app


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_game_app_says_every_word_through_the_locale_layer(lang: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, texts, app in app_moments(lang):
            table = app.table
            foreign = foreign_words()
            if not isinstance(table, PlayTable):  # Haggis's own table is not yet worded (hearts_lessons.haggis.widgets)
                texts = [t for w in (app.bar, app.drawer, app.overlay) for t in shown(w)]
            if name == "coach" and isinstance(table, PlayTable):  # the coach's advice (bots.coach), worded too
                said = table.coach_box.value
                assert ("⟦<b>Coach:</b>" if lang == "pseudo" else "<b>コーチ：</b>") in said
            assert words_left(texts, foreign) == [], name


def test_in_japanese_no_word_of_the_widgets_is_missing_from_their_catalogues() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        list(app_moments("ja"))
        play_table_moments("ja")
    mine = {key for key in missing() if key[1] in _my_msgids()}
    assert mine == set()


def _my_msgids() -> set[str]:
    from hearts_lessons.i18n import LOCALE_DIR, read_po

    return {msgid for module in MY_CATALOGUES for (_, msgid) in read_po(LOCALE_DIR / "ja" / f"{module}.po")}


def test_the_language_choice_switches_the_words_both_ways_and_keeps_the_game() -> None:
    set_language("en")
    app = GameApp(seed=6, pace=0)
    table = app.table
    assert isinstance(table, PlayTable)
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    table.cards.press("pass")
    played = len(table.hand.actions)
    app.toggle("settings")
    assert app.language_box in app.drawer.children
    assert next(b.description for b in app.bar.children if isinstance(b, W.Button)) == "New game"
    app.language_box.value = "ja"  # what the reader's click does
    assert get_language() == "ja"
    assert [b.description for b in app.bar.children if isinstance(b, W.Button)] == [
        "新しいゲーム", "ルール", "対戦相手", "コーチ", "元に戻す", "設定"]  # fmt: skip
    assert "ルールを学ぶ" in app.learn.value and "設定" in " ".join(shown(app.drawer))
    assert table.keyboard.description == "出すカード：" and table.files.save_label == "ゲームを保存"
    assert table.cards.words["last_trick"] == "直前のトリック" and table.cards.words["your_turn"] == "あなたの番"
    assert app.table is table and len(table.hand.actions) == played  # the game goes on
    app.toggle("new")
    assert "ゲーム" in " ".join(shown(app.drawer)) and game_name("haggis") == "ハギス"
    app.close()
    app.set_language("en")
    assert app.language_box.value == "en" and get_language() == "en"
    assert [b.description for b in app.bar.children if isinstance(b, W.Button)][:2] == ["New game", "Rules"]
    assert table.cards.words["last_trick"] == "Last trick"
    assert table.keyboard.description == "Play:" and app.table is table and len(table.hand.actions) == played


def test_the_language_choice_rewords_the_message_showing() -> None:
    """The last trick's words beside the table are said again in the new language (a reviewer saw "You led the 5♦,
    …" stay English next to 次のハンド); a message that cannot be said again (a refusal) is cleared."""
    set_language("en")
    app = GameApp(seed=6, pace=0)
    table = app.table
    assert isinstance(table, PlayTable)
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    table.cards.press("pass")
    before = len(table.hand.tricks)
    table.play(table.hand.legal_plays(0)[0])
    trick = table.hand.tricks[before]
    english = explain_trick(trick, table.hand.players)
    assert table.message.text == explain_trick(trick, table.hand.players, you=0) and "led the" in table.message.text
    app.language_box.value = "ja"
    with language("ja"):
        japanese = explain_trick(trick, table.hand.players, you=0)
    assert table.message.text == japanese and latin_words(japanese) == [] and japanese != english
    app.set_language("en")
    assert table.message.text == explain_trick(trick, table.hand.players, you=0)
    illegal = next(c for c in table.hand.hand(0) if c not in table.hand.legal_plays(0)) if table.hand.to_play == 0 \
        else table.hand.hand(0)[0]  # fmt: skip
    table.play(illegal)  # refused: said once, in English
    assert table.message.kind == "error" and table.message.text
    app.set_language("ja")
    assert table.message.text == ""  # not left in English beside the Japanese table
    app.set_language("en")


def test_a_japanese_label_is_followed_by_a_full_width_colon() -> None:
    """Where the table writes "name: value" itself (the score sheet, the voids of the card-counting aid, the lab's
    legend), Japanese gets 「あなた：0」, never an English colon and space after Japanese words."""
    set_language("ja")
    table = PlayTable(seed=3, pace=0)
    table.counting.value = True
    finish_hand(table)
    texts = [table._score_html(), table._counting_html()]
    game = play_game_fast(PRESETS["complex"].rules, [make_bot("rules") for _ in range(4)], seed=2)
    texts.append(plot_complex_game(game).svg)
    assert "<li>あなた：" in texts[0] and "判明したボイド" in texts[1] and "南：" in texts[2]
    for text in texts:
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]: ", text), text
    set_language("en")
    assert "<li>You: " in table._score_html()


def test_the_haggis_table_says_its_words_again_in_the_apps_new_language() -> None:
    """The app's language switch re-words a Haggis game in play too: its seats' names, its title, its table's own
    words, its typing box and its prompt (the bot's last play is not said again: the table shows it); the game goes
    on untouched, and back in English every word is English again."""
    set_language("en")
    app = GameApp(seed=6, pace=0)
    app.start("haggis", players=3)
    table = app.table
    assert not isinstance(table, PlayTable)
    hand, english_prompt = table.hand, table._prompt()
    actions = len(hand.actions)
    english = (table.cards.view["title"], table.cards.label, table.keyboard.description, list(table.names))
    assert table.message.text.endswith(english_prompt) and table.names == ["you", "bot 1", "bot 2"]
    app.set_language("ja")
    assert table.hand is hand and len(hand.actions) == actions  # the game goes on
    japanese = (table.cards.view["title"], table.cards.label, table.keyboard.description, list(table.names))
    for text in (*japanese[:3], *japanese[3], table.message.text, table.large.description):
        assert latin_words(text) == [], text
    assert table.cards.words == table_words() and table.message.text == table._prompt() != english_prompt
    assert [plate["name"] for plate in table.cards.view["seats"]] == ["あなた", "ボット1", "ボット2"]
    app.set_language("en")
    assert (table.cards.view["title"], table.cards.label, table.keyboard.description, table.names) == \
        (english[0], english[1], english[2], english[3])  # fmt: skip
    assert table.message.text == english_prompt


def test_learn_the_rules_opens_the_lesson_in_the_apps_language_or_says_which(tmp_path: Path) -> None:
    """*Learn the rules* opens lesson 1 in the app's language where it can be reached (the Japanese lessons that
    ``HL_LANG=ja bash scripts/app.sh`` writes), else says in which language the lesson opens."""
    here = tmp_path / "app"
    here.mkdir()
    set_language("en")
    app = GameApp(seed=6, pace=0, here=here)
    assert f'href="{LEARN_URL}"' in app.learn.value and 'hreflang="en"' in app.learn.value
    app.set_language("ja")  # no Japanese lessons written yet: the English lesson, said so
    assert f'href="{LEARN_URL}"' in app.learn.value and "ルールを学ぶ（英語）" in app.learn.value
    assert "英語の本を新しいタブで開きます" in app.learn.value and 'hreflang="en"' in app.learn.value
    lesson = here / JA_LEARN_URL
    lesson.parent.mkdir(parents=True)
    lesson.write_text("{}", encoding="utf-8")
    app.set_language("en")
    app.set_language("ja")  # now written: the Japanese lesson
    assert f'href="{JA_LEARN_URL}"' in app.learn.value and 'hreflang="ja"' in app.learn.value
    assert "> ルールを学ぶ</span>" in app.learn.value
    set_language("ja")
    japanese = GameApp(seed=6, pace=0, here=here)  # the app served in Japanese (_build/ja-app)
    japanese.set_language("en")  # its lessons are the Japanese ones: said so
    assert f'href="{LEARN_URL}"' in japanese.learn.value and "Learn the rules (in Japanese)" in japanese.learn.value
    set_language("en")
    given = GameApp(seed=6, pace=0, learn_url="https://example.org/rules", here=here)
    given.set_language("ja")
    assert 'href="https://example.org/rules"' in given.learn.value
    set_language("en")
    # the folder the Japanese app is written to, as scripts/app.sh writes it
    assert JA_LEARN_URL.startswith("../_build/ja-app/") and '--out "$HL_ROOT/_build/ja-app"' in (
        Path(__file__).resolve().parents[2] / "scripts" / "app.sh").read_text(encoding="utf-8")


def test_the_bots_cards_are_said_in_the_books_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a visible pace each bot's card is said at the table: in Japanese, in Japanese (not "西 played the 5♦.")."""
    set_language("ja")
    table = PlayTable(seed=6, pace=0.001)
    said: list[str] = []
    show = table.cards.show
    monkeypatch.setattr(table.cards, "show", lambda text, kind="info": (said.append(text), show(text, kind)))
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    table.cards.press("pass")
    bots = [text for text in said if "を出しました" in text and not text.startswith(tuple("0123456789AJQK"))]
    assert bots and all(latin_words(text) == [] for text in said), said


def test_the_japanese_welcome_names_your_seat_naturally() -> None:
    """「あなたはテーブルの下側、南の席です。」 (not the stiff 「テーブルの下側の南です」)."""
    set_language("ja")
    table = GameApp(seed=6, pace=0).table
    assert isinstance(table, PlayTable)
    welcome = "標準ハーツの新しいゲームです。あなたはテーブルの下側、南の席です。がんばってください！"
    assert table.message.text == welcome


def test_hl_lang_sets_the_first_language_of_the_choice() -> None:
    set_language("ja")
    app = GameApp(seed=2, pace=0)
    assert app.language_box.value == "ja" and app.new_button.description == "新しいゲーム"
    set_language("pseudo")
    assert GameApp(seed=2, pace=0).language_box.value == "en"  # the tests' pseudo-locale shows English


def test_words_defined_at_import_are_translated_where_shown() -> None:
    assert _SOURCE_WORDS == (JA_WIKIPEDIA, KIZU_BLOG, HOWTO_WIKI)  # the sources' names, marked for translation
    assert switch_sources() == list(SWITCH_SOURCES)  # English: the same lines
    set_language("ja")
    lines = switch_sources()
    assert "日本語版ウィキペディア「ハーツ」" in lines[0] and not any("Wikipedia" in line for line in lines)
    assert [game_name(key) for key in GAMES][-1] == "ハギス"


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_trick_playground_and_the_quizzes_say_their_words_through_the_locale_layer(lang: str) -> None:
    set_language(lang)
    pg = TrickPlayground.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S")
    texts: list[str] = []

    def snap() -> None:
        view = pg.cards.view
        texts.extend([*shown(pg), str(view.get("status", ""))])
        if view.get("trick"):
            texts.append(str(view["trick"]["label"]))
        texts.append(str(view.get("lead") or ""))  # who leads: the table's model says it (tableview)

    snap()
    pg.click(0, "4D")
    pg.click(2, "3S")  # not North's turn: refused
    assert pg.cards.kind == "error"
    snap()
    pg._undo()
    snap()
    assert words_left(texts) == []
    # a quiz: its own words (the caller's question, options and reasons are the caller's: written here in cards)
    q = ChoiceQuestion("♦4 ♥Q ♦10 ♦6", ["♦4", "♥Q", "♦10", "♦6"], answer="♦10", why={"♥Q": "♥Q ≠ ♦"}, hint="♦")
    quiz = Quiz([q])
    q.check.click()  # nothing chosen
    texts = shown(quiz)
    for _ in range(2):
        q.choices.value = "♥Q"
        q.check.click()
        texts += shown(quiz)
    q.choices.value = "♦10"
    q.check.click()
    texts += shown(quiz)
    cq = CardsQuestion("?", parse_cards("2C QS"), answer=parse_cards("2C"))
    cq.picker.select(parse_cards("QS"))
    cq.check.click()
    texts += shown(cq)
    assert words_left(texts) == []  # the card buttons' tooltips too (hearts_lessons.render.card_words)


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_an_unexpected_error_is_said_in_the_books_language(lang: str) -> None:
    set_language(lang)
    line = MessageLine()

    class Widget:
        message = line

        @safe(lambda self: self.message)
        def act(self) -> None:
            raise RuntimeError("12")

    Widget().act()
    assert words_left([line.value], ["RuntimeError"]) == []


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_strategy_widgets_say_their_words_through_the_locale_layer(lang: str) -> None:
    set_language(lang)
    trainer = PassTrainer(worlds=5)
    puzzle = TrickPuzzle(["queen"], worlds=5)
    view = puzzle.cards.view
    texts = [*shown(trainer), *shown(puzzle), str(view.get("status", "")), played_html(PUZZLES["queen"].state())]
    texts.append(str(view.get("lead") or ""))
    shoot, explainer = ShootTrainer(worlds=5), BotExplainer(worlds=5)
    explainer.play_button.click()
    explainer.sample_button.click()
    texts += [*shown(shoot), *shown(explainer)]
    assert words_left(texts, []) == []


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_variant_widgets_say_their_words_through_the_locale_layer(lang: str) -> None:
    set_language(lang)
    explorer = VariantExplorer("complex")
    explorer.calculator.picker.select(parse_cards("QS TC"))
    lab = LabControls()
    texts = [*shown(explorer), *shown(lab), explorer.calculator.result_text(),
             str(sample_hand_view(sample_hand(PRESETS["standard"].rules, seed=1)).get("status"))]  # fmt: skip
    assert words_left(texts, cited()) == []


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_charts_own_words_are_said_in_the_books_language(lang: str) -> None:
    set_language(lang)
    texts = [plane({"Σ": [0, 3 + 13j]}, arrows=[(5, 10j)], radius=20).svg, boxes(["♠"], [[1, 2, 3, 4, 100]]).svg,
             bars(["♠"], [1.0], errors=[0.5]).svg, points([1, 2], [3, 4], low=[2, 3], high=[4, 5]).svg]  # fmt: skip
    assert set(words_left(texts)) <= {"i", "x", "z"}  # 13i, |z| and an unnamed axis x are mathematics
    assert ("実部" in texts[0]) == (lang == "ja")


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_variant_labs_words_are_said_in_the_books_language(lang: str) -> None:
    set_language(lang)
    state = sample_hand(PRESETS["standard"].rules, seed=1)
    stats = [simulate(PRESETS["basic"].rules, games=2, seed=1, name="Σ")]
    table = stats_table(stats)
    texts = [story_html(state), table._repr_html_(), plot_lab(stats).svg]
    assert set(words_left(texts)) <= {"M", "x"}  # the moon's value M; an unnamed axis
    assert table.columns[0] == "variant" and table.value("Σ", "players") == 4  # the data keep their keys
    assert table.header("variant") == tr_text("variant", context="lab column")  # the reader sees its words
    assert lang != "ja" or "text-align:left'>バリエーション</th>" in table._repr_html_()


def test_a_lessons_play_table_says_its_words_again_after_a_change_of_language() -> None:
    set_language("en")
    table = PlayTable(seed=5, pace=0)
    game, hand = table.game, list(table.hand.hand(0))
    assert isinstance(table.setup, W.Accordion) and table.setup.titles[0].startswith("Game set-up")
    set_language("ja")
    table.relabel()
    assert isinstance(table.setup, W.Accordion) and table.setup.titles[0].startswith("ゲームの設定")
    assert table.children[0] is table.setup and table.new_button.description == "新しいゲーム"
    assert table.cards.action("pass")["label"].startswith("パス")  # type: ignore[index]
    assert table.game is game and list(table.hand.hand(0)) == hand  # the game is not changed


HAGGIS_STAGES = PARTS["haggis"]
"""The practice stages of Haggis: their titles and drills are not worded yet (hearts_lessons.practice.haggis_drills,
with the Haggis package's words: another change converts them)."""


def practice_moments(lang: str, folder: str) -> Iterator[tuple[str, list[str]]]:
    """The practice app in ``lang``: home, each Hearts stage at its first drill and after a first answer, the
    puzzle ladder, the progress page."""
    set_language(lang)
    app = PracticeApp(path=f"{folder}/progress-{lang}.json")
    yield "home", shown(app)
    for key in (k for keys in PARTS.values() for k in keys if k not in HAGGIS_STAGES):
        app.open_stage(key)
        yield key, shown(app)
        drills = app.drills
        assert drills is not None
        if drills.drill.kind in ("choice", "play"):  # a first answer: its feedback (a pass asks the coach: slow)
            drills._submit(drills.drill.options[0] if drills.drill.kind == "choice" else drills.drill.answer[0])
            yield f"{key} answered", shown(app)
    app.open_ladder()
    yield "ladder", shown(app)
    app.open_progress()
    yield "progress", shown(app)


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_practice_app_says_every_word_through_the_locale_layer(lang: str, tmp_path: Path) -> None:
    with language("en"):
        haggis = [stage(k).title for k in HAGGIS_STAGES]  # hearts_lessons.practice.haggis_drills: not yet worded
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Haggis stages' titles have no Japanese yet: they warn
        moments = list(practice_moments(lang, str(tmp_path)))
    for name, texts in moments:
        foreign = list(haggis)
        if name == "ladder":
            foreign += [p.id for p in ladder_puzzles().puzzles]  # a puzzle's id ("pass-00862-2") names it
        assert words_left(texts, foreign) == [], name


def test_the_card_tables_front_end_writes_no_words_of_its_own() -> None:
    """cardtable.js writes only the words Python gives it (``CardTable.words``): every key it asks for is one of
    :func:`table_words`, and no text it writes is an English literal of its own (the ♥ chip once was)."""
    js = (Path(cardtable.__file__).parent / "cardtable.js").read_text(encoding="utf-8")
    asked = set(re.findall(r'say\(\s*"([a-z_]+)"', js))
    asked |= {k for pair in re.findall(r'say\([^;]*?\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"', js) for k in pair}
    assert asked and asked <= set(table_words()), asked - set(table_words())
    written = re.findall(r'(?:textContent|innerText)\s*=\s*([^;]*);', js)
    literals = [s for line in written for s in re.findall(r'"([^"]*)"', line) if not re.fullmatch(r"[a-z_]+", s)]
    assert [s for s in literals if latin_words(s)] == []
    set_language("ja")
    assert table_words()["hearts_not_broken"] == "♥ 未ブレイク"


@pytest.mark.parametrize("lang", ["pseudo", "ja"])
def test_the_history_timeline_says_its_words_through_the_locale_layer(lang: str) -> None:
    set_language(lang)
    timeline = Timeline()
    texts = shown(timeline)
    timeline.next_button.click()
    texts += shown(timeline)
    # the citations as hearts_lessons.history writes them: a seed's file name, an English page's title ("English
    # Wikipedia, 'Reversis'"), joined by "; " (hearts_lessons.history.event_html: not this module's)
    cited_here = [s.split("/")[-1] for e in TIMELINE for s in e.sources] + [s for e in TIMELINE for s in e.sources]
    assert words_left(texts, cited_here) == []
