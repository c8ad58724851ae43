"""The locale layer (hearts_lessons.i18n), the catalogues (scripts/i18n.py) and the Japanese words (terms.yml)."""
from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

import pytest
import yaml

from hearts_lessons import i18n
from hearts_lessons.i18n import join_words, language, read_po, set_language, tr, tr_n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import i18n as catalogues  # noqa: E402  (scripts/i18n.py)

TERMS = yaml.safe_load((ROOT / "i18n" / "ja" / "terms.yml").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _english() -> object:
    set_language("en")
    yield
    set_language("en")


def every_po() -> list[Path]:
    return sorted((ROOT / "hearts_lessons" / "locale" / "ja").glob("*.po")) + sorted(
        (ROOT / "i18n" / "ja").rglob("*.po"))


def japanese_entries() -> list[tuple[Path, str, str, list[str]]]:
    """(catalogue, English, Japanese, translator comments) of every translated, up-to-date entry."""
    out = []
    for path in every_po():
        catalog = catalogues.load(path, "ja")
        for message in catalog:
            if not message.id or "fuzzy" in message.flags:
                continue
            english = message.id if isinstance(message.id, str) else message.id[0]
            text = message.string if isinstance(message.string, str) else (message.string[0] if message.string else "")
            if text:
                out.append((path, english, text, list(message.auto_comments) + list(message.user_comments)))
    return out


def test_english_is_the_source_and_placeholders_are_named() -> None:
    assert tr("{who} leads {card}.", who="North", card="2♣") == "North leads 2♣."
    assert tr_n("{n} point", "{n} points", 1) == "1 point"
    assert tr_n("{n} point", "{n} points", 26) == "26 points"
    assert join_words([]) == "" and join_words(["A"]) == "A"


def test_an_unknown_language_is_refused_with_the_languages_there_are() -> None:
    with pytest.raises(ValueError, match="en, ja, pseudo"):
        set_language("de")
    assert i18n.get_language() == "en"


def test_pseudo_wraps_every_sentence_and_language_restores() -> None:
    with language("pseudo"):
        assert tr("Pass three cards {direction}.", direction="left") == "⟦Pass three cards left.⟧"
        assert tr_n("{n} trick", "{n} tricks", 2) == "⟦2 tricks⟧"
    assert i18n.get_language() == "en"


def test_japanese_lists_read_as_japanese() -> None:
    with language("ja"):
        assert join_words(["A♥", "K♥", "Q♥"]) == "A♥、K♥、Q♥"
        assert join_words(["北", "東"], "or") == "北または東"


def test_read_po_reads_what_babel_writes(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="ja")
    catalog.add("Pass {direction}.", "{direction}へパスします。")
    catalog.add("Lead", "リード", context="button")
    catalog.add(("{n} trick", "{n} tricks"), ("{n}トリック",))
    catalog.add("Old words", "古い訳", flags=["fuzzy"])
    catalog.add("Two\nlines \"quoted\"", "二行\n「引用」")
    path = tmp_path / "x.po"
    catalogues.save(catalog, path)
    found = read_po(path)
    assert found[("", "Pass {direction}.")] == ("{direction}へパスします。", False)
    assert found[("button", "Lead")] == ("リード", False)
    assert found[("", "{n} trick")] == ("{n}トリック", False)
    assert found[("", "Old words")] == ("古い訳", True)
    assert found[("", "Two\nlines \"quoted\"")] == ("二行\n「引用」", False)


def test_a_damaged_catalogue_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.po"
    path.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "c\nmsgstr "d"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.po:4"):
        read_po(path)


def test_a_changed_cell_keeps_its_translation_as_out_of_date(tmp_path: Path) -> None:
    old = catalogues._new_catalog("ja")
    old.add("# Tricks\n\nA trick is four cards.", "# トリック\n\nトリックは4枚です。", context="cell-1")
    old.add("Gone cell", "消えたセル", context="cell-9")
    new = catalogues.merge(old, [catalogues.Source("# Tricks\n\nA trick is one card from each player.", "cell-1",
                                                   "nb")], "ja", by_context=True)
    message = new.get("# Tricks\n\nA trick is one card from each player.", "cell-1")
    assert message is not None and "fuzzy" in message.flags and message.string.startswith("# トリック")
    assert message.previous_id == ["# Tricks\n\nA trick is four cards."]
    assert len(new.obsolete) == 1


def test_tr_needs_literal_words() -> None:
    with pytest.raises(catalogues.ExtractError, match="string literal"):
        list(catalogues.code_strings("tr(f'{x} wins')", "m.py"))
    found = list(catalogues.code_strings("tr_n('{n} card', '{n} cards', k, context='hand')", "m.py"))
    assert found == [catalogues.Source("{n} card", "hand", "m.py:1", "{n} cards")]


def test_a_placeholder_dropped_by_a_translation_is_found() -> None:
    code = ROOT / "hearts_lessons" / "locale" / "ja" / "hearts_lessons.legality.po"
    assert list(catalogues.entry_problems("{who} leads {card}.", "{who}がリードします。", code))
    assert not list(catalogues.entry_problems("{who} leads {card}.", "{who}が{card}をリードします。", code))
    page = ROOT / "i18n" / "ja" / "pages" / "welcome.po"
    assert list(catalogues.entry_problems("See [the rules](rules_sheet.md).", "ルールをご覧ください。", page))


def test_every_catalogue_reads() -> None:
    for path in every_po():
        read_po(path)


def _opted(comment: str) -> str:
    """The term a ``terms-ok: <term> — <why>`` comment opts out of ("" matches nothing)."""
    name = comment.split(":", 1)[1].split("—")[0].strip()
    return name or "\0"


@pytest.mark.parametrize("term", TERMS["terms"], ids=lambda t: t["en"])
def test_japanese_strings_use_the_terms_japanese_players_use(term: dict[str, object]) -> None:
    pattern = re.compile(rf"\b(?:{term['en']})\b", re.I)
    wrong = []
    for path, english, text, comments in japanese_entries():
        plain = re.sub(r"\{[^{}]*\}|`[^`]*`|\]\([^)]*\)|<[^>]+>", " ", english)
        if not pattern.search(plain):
            continue
        if any(c.startswith("terms-ok:") and _opted(c) in str(term["en"]) for c in comments):
            continue
        if not any(str(word) in text for word in term["ja"]):  # type: ignore[attr-defined]
            wrong.append(f"{path.name}: {english[:60]!r} -> {text[:60]!r}")
    assert not wrong, f"{term['en']} should read as one of {term['ja']}:\n" + "\n".join(wrong[:20])


def test_no_japanese_string_uses_a_banned_form() -> None:
    wrong = []
    for path, english, text, _comments in japanese_entries():
        for banned in TERMS["banned"]:
            if banned["ja"] in text and banned["ja"] not in english:
                wrong.append(f"{path.name}: {banned['ja']} ({banned['why']}) in {text[:60]!r}")
    assert not wrong, "\n".join(wrong)


def test_card_codes_survive_translation() -> None:
    """Card notation stays as it is: every card code of the English is in its Japanese."""
    code = re.compile(r"(?:10|[2-9AKQJ])[♠♥♦♣]")
    wrong = [f"{path.name}: {english[:50]!r}" for path, english, text, _c in japanese_entries()
             if sorted(code.findall(english)) != sorted(code.findall(text))]
    assert not wrong, "\n".join(wrong[:20])


def test_one_english_string_has_one_japanese() -> None:
    """The run-time catalogue is one table: the same English (in the same context) in two catalogues must read the
    same in both, or one would silently replace the other."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    clashes = []
    for path in sorted((ROOT / "hearts_lessons" / "locale" / "ja").glob("*.po")):
        for (context, msgid), (text, fuzzy) in read_po(path).items():
            if not text or fuzzy:
                continue
            before = seen.setdefault((context, msgid), (text, path.name))
            if before[0] != text:
                where = context or "no context"
                clashes.append(f"{msgid!r} ({where}): {before[1]} {before[0]!r}, {path.name} {text!r}")
    assert not clashes, "\n".join(clashes)


def test_english_words_are_what_a_reader_sees() -> None:
    """`scripts/i18n.py english` counts what the page shows: marked English, code and link targets are left out;
    a directive's option hides its own line only, and an autolink shows its address."""
    marked = '<span lang="en">David Parlett</span>の本、`set_language`、[一覧](lessons.md)、Python、Q♠。'
    assert catalogues.english_words(marked) == []
    admonition = "```{admonition} 答え\n:class: dropdown\n(a) ♣4だけです。\n```"
    assert catalogues.english_words(admonition) == ["a"]
    assert catalogues.english_words("出典：<https://www.pagat.com/>。") == ["https", "www", "pagat", "com"]
    assert catalogues.english_words('出典：<span lang="en"><https://www.pagat.com/></span>。') == []


def test_english_words_leave_a_formulas_variables_and_picture_runs_out() -> None:
    assert catalogues.english_words("<var>M</var> = 129、|<var>z</var>|、**<var>X</var> = 26 得をし**") == []
    assert catalogues.english_words("ボムはJQ、JK、QKです。M = 129") == ["M"]


_CJK = r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]"
_BLOCK = re.compile(r"^\s*([-*+] |\d+[.)] |#|\||>|:::|```|\(|\{|<|\$\$|$)")


def soft_breaks(text: str) -> list[str]:
    """Line breaks inside a Japanese paragraph of Markdown: a browser shows each as a space between two Japanese
    words (a line ending in emphasis markup is left alone: joined, the emphasis could stop closing).

    >>> soft_breaks("一つ目の文は\\n続きます。\\n\\n- 項目\\n")
    ['一つ目の文は⏎続きます。']
    """
    found = []
    fence = False
    lines = text.split("\n")
    for a, b in itertools.pairwise(lines):
        if a.strip().startswith("```"):
            fence = not fence
        if fence or b.strip().startswith("```") or not a.strip() or _BLOCK.match(b):
            continue
        if a.lstrip().startswith(("#", "|", ":::", "<")) or a.rstrip().endswith((">", "*", "_", "  ", "\\")):
            continue
        if re.search(_CJK + "$", a) or re.match(r"^\s*" + _CJK, b):
            found.append(f"{a[-12:]}⏎{b.strip()[:12]}")
    return found


def test_soft_breaks_are_found() -> None:
    assert soft_breaks("一つ目の文は\n続きます。\n\n- 項目\n") == ["一つ目の文は⏎続きます。"]
    assert soft_breaks("**太字の文。**\n次の文。") == [] and soft_breaks("English\nwraps") == []


def test_japanese_paragraphs_have_no_line_break_inside() -> None:
    """A Japanese sentence broken over two lines of Markdown shows a stray space where it breaks."""
    bad = []
    for path in sorted((ROOT / "i18n" / "ja").rglob("*.po")):
        for (context, _msgid), (text, _fuzzy) in read_po(path).items():
            bad += [f"{path.name} {context}: {b}" for b in soft_breaks(text)]
    assert not bad, "\n".join(bad)
