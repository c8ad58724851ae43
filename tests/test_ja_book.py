"""The built Japanese edition (``_build/html/ja``, made by ``bash scripts/build.sh``) and the edition switch.

Like the English book's checks (tests/test_book.py), these skip when no build exists, except in CI or under
``scripts/test.sh`` (``HL_REQUIRE_BUILD=1``), which build first. Browser checks are in ``tests/e2e/test_ja.py``.
"""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from hearts_lessons.i18n import LATIN_NAMES, latin_words

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
JA = SITE / "ja"
# Words in Latin letters that are names, not English prose: the tools a reader is told to use, and the units.
NAMES = LATIN_NAMES
# Pages whose cell outputs (what the engine and the widgets print) are all Japanese: their English words are asserted
# to be none. Every page of the book is here since its outputs reached 0 English words (before: 370 words on 18 pages,
# 254 of them English since translated, the rest names, codes and variables the check now tells apart: NOT_READ,
# OUTPUT_NAMES, VARIABLE); a new page joins it, or OUTPUTS_CEILING says how many English words it may still show.
OUTPUTS_COMPLETE: set[str] = {
    "book/glossary", "book/haggis_rules", "book/how_to_use", "book/references", "book/rules_sheet", "book/teachers",
    "book/welcome",
    "notebooks/01_tricks", "notebooks/02_a_hand", "notebooks/03_history", "notebooks/04_play_a_game",
    "notebooks/05_house_rules", "notebooks/10_passing", "notebooks/11_playing_tricks", "notebooks/12_the_moon",
    "notebooks/13_how_bots_think", "notebooks/20_haggis_climbing", "notebooks/21_haggis_play",
    "notebooks/30_variants", "notebooks/31_variant_lab", "notebooks/32_complex_hearts",
    "notebooks/40_practice_basics", "notebooks/41_practice_strategy", "notebooks/42_practice_haggis",
    "notebooks/43_puzzle_ladder", "notebooks/44_your_progress", "notebooks/45_puzzle_sheet",
}
# A page not yet complete: the most English words its outputs may show (the count may only go down). None now.
OUTPUTS_CEILING: dict[str, int] = {}


def required() -> bool:
    """True in CI and under scripts/test.sh, which build first: a missing build fails instead of skipping."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"} or os.environ.get("HL_REQUIRE_BUILD") == "1"


def require_ja(page: str = "index.html") -> Path:
    path = JA / page
    if path.exists():
        return path
    message = f"no built Japanese book ({path} is missing): run `bash scripts/build.sh`"
    if required():
        pytest.fail(message)
    pytest.skip(message)


def toc_docs() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [toc["root"], *(c["file"] for part in toc.get("parts", []) for c in part.get("chapters", []))]


def pages(edition: Path) -> list[Path]:
    """The built pages of an edition (not its live site, static files, the other edition inside it, or the
    redirect that Jupyter Book writes as index.html)."""
    skip = {"_static", "_sources", "live", "ja", "_images", "reports"}
    return sorted(p for p in edition.rglob("*.html") if p.relative_to(edition).parts[0] not in skip
                  and not p.read_text(encoding="utf-8").startswith('<meta http-equiv="Refresh"'))


class _Switch(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html_lang: str | None = None
        self.links: list[dict[str, str]] = []
        self.current: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.html_lang = a.get("lang")
        if tag == "nav" and "hl-lang-switch" in a.get("class", "").split():
            self._depth = 1
        elif self._depth and tag == "a":
            self.links.append(a)
        elif self._depth and "aria-current" in a:
            self.current.append(a.get("lang", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._depth = 0


def switch(page: Path) -> _Switch:
    parser = _Switch()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def resolve(page: Path, href: str) -> Path:
    return (page.parent / urlsplit(href).path).resolve()


class Reading(HTMLParser):
    """The reading text of a page's article: ``prose`` (what the markdown says) and ``outputs`` (what the cells
    printed, and, through :func:`reading`, what their widgets show). Code, cell inputs, scripts, a formula's
    variables (``<var>``) and text marked ``lang="en"`` (a name, an English label quoted) are left out."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})
    SKIP = frozenset({"script", "style", "pre", "code", "kbd", "samp", "var", "svg", "math"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.prose: list[str] = []
        self.outputs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        kind = ""
        if tag == "article" and "bd-article" in classes:
            kind = "article"
        elif "cell_output" in classes:
            kind = "output"
        elif "cell" in classes and tag == "div":
            kind = "cell"
        elif tag in self.SKIP or "math" in classes or a.get("lang", "").startswith("en"):
            kind = "skip"
        self.stack.append((tag, kind))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        kinds = {kind for _, kind in self.stack}
        if "article" not in kinds or "skip" in kinds:
            return
        if "output" in kinds:
            self.outputs.append(data)
        elif "cell" not in kinds:
            self.prose.append(data)


def reading(page: Path) -> Reading:
    parser = Reading()
    text = page.read_text(encoding="utf-8")
    parser.feed(text)
    parser.outputs.extend(widget_texts(text))
    return parser


WIDGET_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)
# What a widget shows as words (its saved state, drawn by the page's widget manager): ipywidgets' labels, buttons,
# tooltips, choices; the card table's (an anywidget) label and message.
WIDGET_WORDS = ("value", "description", "tooltip", "placeholder", "label", "message", "title")
WIDGET_VALUE_MODELS = {"HTMLModel", "HTMLMathModel", "LabelModel", "TextareaModel"}


def widget_texts(html: str) -> list[str]:
    """The words of the widgets saved in a page, as a reader sees them.

    >>> state = {"state": {"a": {"model_name": "ButtonModel", "state": {"description": "Check", "icon": "check"}},
    ...                    "b": {"model_name": "HTMLModel", "state": {"value": "<b>南</b>がリード"}},
    ...                    "c": {"model_name": "DropdownModel", "state": {"_options_labels": ["左", "right"]}}}}
    >>> widget_texts(f'<script type="application/vnd.jupyter.widget-state+json">{json.dumps(state)}</script>')
    ['Check', '<b>南</b>がリード', '左', 'right']
    """
    found: list[str] = []
    for block in WIDGET_STATE.findall(html):
        for model in json.loads(block)["state"].values():
            state = model["state"]
            for key in WIDGET_WORDS:
                if key == "value" and model["model_name"] not in WIDGET_VALUE_MODELS:
                    continue
                if isinstance(state.get(key), str) and state[key]:
                    found.append(state[key])
            found.extend(str(label) for label in state.get("_options_labels", []))
    return found


# What a widget's saved HTML holds that a reader does not read as words: its style sheets and scripts, code (a
# command to type), text marked English on purpose (``lang="en"``: an English title quoted), card codes written in
# letters (a data attribute's "QS", Haggis's "8R" and "J0", also where Japanese follows: 「8Bのうち」), a source
# document's file name and a practice puzzle's id.
_CODE_END = r"(?![A-Za-z0-9])"
NOT_READ = re.compile(r"<(style|script)\b.*?</\1>|<code>.*?</code>"
                      r"""|<(\w+)\b[^>]*\blang=["']en[^"']*["'][^>]*>.*?</\2>"""
                      rf"|(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS]{_CODE_END}|(?<![A-Za-z0-9])(?:10|[2-9])[ROGBV]{_CODE_END}"
                      rf"|(?<![A-Za-z0-9])[JQK][0-2]{_CODE_END}|\b\d{{3}}_[0-9a-f]{{16}}\.txt\b"
                      rf"|(?<![A-Za-z])(?:pass|play)-\d{{5}}-\d+{_CODE_END}"
                      r"|(?<=[A-Za-z0-9])\.(?:com|org|net)(?![A-Za-z])", re.S)  # pagat.com is one name
# Names that a cell's output shows in Latin letters, as Japanese players write them (an output cannot mark them
# lang="en" as the prose does): people, sites and programs, a file everyone calls README, Windows XP, and the key
# a typing box's placeholder names (Enter).
OUTPUT_NAMES = NAMES | {"pagat", "rdieter", "OpenSpiel", "openskill", "BradleyTerryFull", "ISMCTS", "README", "XP",
                        "Enter"}
# A capital letter alone in an output is a formula's variable (M, X, Y: the prose marks them <var>, which a table's
# cell or a chart's label cannot) or a label (hand "B", a wild card's "W"), not an English word.
VARIABLE = re.compile(r"[A-Z]")


def output_words(text: str) -> list[str]:
    """The English words of a page's cell outputs (see :data:`NOT_READ`, :data:`OUTPUT_NAMES`, :data:`VARIABLE`).

    >>> output_words("pagat.comによれば、ISMCTS-1000が3人。8Bのうち（M = 13）<span lang='en'>Black Lady</span> the end")
    ['the', 'end']
    """
    words = (w.rstrip("-") for w in latin_words(NOT_READ.sub(" ", text)))  # ISMCTS-1000: the name ISMCTS
    return [w for w in words if w not in OUTPUT_NAMES and not VARIABLE.fullmatch(w)]


# The tools ---------------------------------------------------------------------------------------------------


def test_reading_splits_prose_from_outputs_and_leaves_code_out() -> None:
    parser = Reading()
    parser.feed('<html><p>outside</p><article class="bd-article"><p>南がリードします。<code>tr()</code></p>'
                '<div class="cell docutils container"><div class="cell_input"><pre>x = 1</pre></div>'
                '<div class="cell_output docutils container"><div>North leads</div></div></div>'
                '<p>続き<b lang="en">Run All Cells</b>です。<br>終わり</p></article></html>')
    assert "".join(parser.prose) == "南がリードします。続きです。終わり"
    assert "".join(parser.outputs) == "North leads"
    assert latin_words(" ".join(parser.outputs)) == ["North", "leads"]


def test_reading_leaves_a_formulas_variables_out() -> None:
    parser = Reading()
    parser.feed('<article class="bd-article"><p>確率が<var>Y</var> / (<var>X</var> + <var>Y</var>)を上回るとき'
                'です。<em>a</em></p></article>')
    assert "".join(parser.prose) == "確率が / ( + )を上回るときです。a"
    assert latin_words("".join(parser.prose)) == ["a"]


# The built Japanese edition -----------------------------------------------------------------------------------


@pytest.mark.built_book
def test_every_page_of_the_toc_is_in_japanese() -> None:
    require_ja()
    missing = [doc for doc in toc_docs() if not (JA / f"{doc}.html").exists()]
    assert not missing, f"pages of _toc.yml missing from the Japanese book: {missing}"
    for page in pages(JA):
        assert switch(page).html_lang == "ja", f"{page.relative_to(SITE)} is not <html lang=\"ja\">"


@pytest.mark.built_book
def test_the_switch_links_each_page_to_itself_in_the_other_language() -> None:
    require_ja()
    checked = 0
    for edition, here, there in ((SITE, "en", "ja"), (JA, "ja", "en")):
        for page in pages(edition):
            found = switch(page)
            assert found.current == [here], f"{page.relative_to(SITE)}: the switch does not mark {here} as current"
            assert len(found.links) == 1, f"{page.relative_to(SITE)}: {found.links}"
            link = found.links[0]
            assert link["lang"] == there and link["hreflang"] == there
            target = resolve(page, link["href"])
            assert target.exists(), f"{page.relative_to(SITE)} links to a missing {link['href']}"
            expected = (JA if there == "ja" else SITE) / page.relative_to(edition)
            assert target == expected.resolve(), f"{page.relative_to(SITE)} -> {target}"
            back = switch(target).links[0]
            assert resolve(target, back["href"]) == page.resolve(), f"{target} does not link back to {page}"
            checked += 1
    assert checked >= 2 * len(toc_docs())


@pytest.mark.built_book
def test_the_search_index_is_japanese() -> None:
    require_ja()
    options = (JA / "_static" / "documentation_options.js").read_text(encoding="utf-8")
    assert re.search(r"LANGUAGE:\s*'ja'", options), "the Japanese book's search does not use Sphinx's ja splitter"
    text = (JA / "searchindex.js").read_text(encoding="utf-8")
    index: dict[str, Any] = json.loads(text[text.index("(") + 1: text.rindex(")")])
    japanese = [term for term in index["terms"] if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", term)]
    assert len(japanese) >= 20, f"the search index holds few Japanese words: {japanese}"
    titles = " ".join(index["titles"])
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", titles), "no Japanese page title in the search index"
    docnames = set(index["docnames"])
    assert {doc for doc in toc_docs()} <= docnames


@pytest.mark.built_book
def test_japanese_lesson_pages_run_live_in_the_japanese_live_site() -> None:
    require_ja()
    for doc in toc_docs():
        if not doc.startswith("notebooks/"):
            continue
        page = JA / f"{doc}.html"
        html = page.read_text(encoding="utf-8")
        hrefs = re.findall(r'class="hl-live-link-button" href="([^"]+)"', html)
        assert hrefs, f"{doc}: no 'run it live' link"
        target = resolve(page, hrefs[0].replace("&amp;", "&"))
        assert target == (JA / "live" / "notebooks" / "index.html").resolve(), hrefs[0]
        if (JA / "live").exists():
            assert (JA / "live" / "files" / f"{PurePosixPath(doc).name}.ipynb").exists()
    if (JA / "live").exists():
        assert (JA / "live" / "app" / "practice.html").exists()
        assert 'lang="ja"' in (JA / "live" / "app" / "practice.html").read_text(encoding="utf-8")
        notebook = json.loads((JA / "live" / "files" / "01_tricks.ipynb").read_text(encoding="utf-8"))
        assert 'set_language("ja")' in "".join(notebook["cells"][0]["source"])


@pytest.mark.built_book
def test_japanese_pages_read_in_japanese() -> None:
    """The prose of every Japanese page has no English beyond card codes and names; the English words in the
    cells' outputs are counted per page, printed and written to _build/ja-english-in-outputs.json (and must be none
    on the pages of OUTPUTS_COMPLETE).

    English that a Japanese page keeps on purpose (the glossary's English column, the title of an English source, a
    name in Latin letters) is marked ``<span lang="en">…</span>`` in the translation: the check leaves it out, and a
    screen reader then reads it in English (WCAG 3.1.2, language of parts)."""
    require_ja()
    missing = ROOT / "_build" / "ja-src" / "MISSING_TRANSLATIONS.txt"  # scripts/i18n_build.py --allow-missing
    if missing.exists() and not required():
        count = len(missing.read_text(encoding="utf-8").splitlines())
        pytest.skip(f"the Japanese book was built with --allow-missing: {count} entries are in English ({missing})")
    prose_problems: dict[str, list[str]] = {}
    output_counts: dict[str, int] = {}
    for doc in toc_docs():
        found = reading(JA / f"{doc}.html")
        words = latin_words(" ".join(found.prose), allow=NAMES)
        if words:
            prose_problems[doc] = words
        outputs = output_words(" ".join(found.outputs))
        output_counts[doc] = len(outputs)
        print(f"{doc}: {len(outputs)} English words in cell outputs {sorted(set(outputs))[:12]}")
    # The counts, for whoever converts the widgets next (pytest shows prints only with -s or on a failure).
    report = ROOT / "_build" / "ja-english-in-outputs.json"
    report.write_text(json.dumps(output_counts, indent=1) + "\n", encoding="utf-8")
    assert not prose_problems, "English in the prose of Japanese pages:\n" + "\n".join(
        f"  {doc}: {len(words)} words: {' '.join(words[:30])}" for doc, words in prose_problems.items())
    unfinished = {doc: n for doc, n in output_counts.items() if doc in OUTPUTS_COMPLETE and n}
    assert not unfinished, f"English came back in the outputs of pages marked complete: {unfinished}"
    unlisted = [doc for doc in output_counts if doc not in OUTPUTS_COMPLETE and doc not in OUTPUTS_CEILING]
    assert not unlisted, f"pages in neither OUTPUTS_COMPLETE nor OUTPUTS_CEILING: {unlisted}"
    over = {doc: (n, OUTPUTS_CEILING[doc]) for doc, n in output_counts.items() if n > OUTPUTS_CEILING.get(doc, n)}
    assert not over, f"more English in the outputs than the page's ceiling (found, ceiling): {over}"
