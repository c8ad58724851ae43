"""The card table fits the window (``CardTable.fit``), on a phone, a laptop and a projector.

One page with the widget's own ES module and CSS and no kernel (test_cardtable's stand-in), a slim bar above the
table as the app has, resized to each size: 1280×800 and 1920×1080 with normal and large cards, 390×844 and
375×740 (phones). The views come from the engine: seeded mid-hand positions for 3 to 7 players with a trick in the
middle, a pass with cards chosen, a counting view of the cards each seat took, the trick playground (every hand
open), a Haggis hand. For each: the table's box lies inside the viewport and the page does not scroll; no text of
the table is clipped or leaves it (test_cardtable's LAYOUT check); no card hides another's corner rank and suit;
the hand is one row; a seat plate's words take at most five lines (its name; the hand's facts, one line or one
each; a line of voids; the running total); nothing reads "undefined", "NaN", "null" or "[object". Without ``fit``
(a lesson page) the hand is one row and plates five lines at most too.

Screenshots go to ``_build/e2e-app/fit/`` (CI keeps ``_build/e2e-app``), as JPEG (PNG took ten times as long).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from hearts_lessons.haggis.widgets import PlayHandWidget
from hearts_lessons.rules import STANDARD, Rules
from hearts_lessons.state import HandState, Phase
from hearts_lessons.tableview import hand_view, table_view, trick_view
from hearts_lessons.widgets.cardtable import CardTable
from hearts_lessons.widgets.play import PlayTable
from hearts_lessons.widgets.trick import TrickPlayground

from .app_support import ARTIFACTS
from .test_cardtable import LAYOUT
from .words import broken_words

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "fit"
BAR = 44  # px: the app's bar of buttons above the table

# (name, width, height, large)
SIZES = [
    ("1280x800", 1280, 800, False),
    ("1280x800-large", 1280, 800, True),
    ("1280x900-large", 1280, 900, True),
    ("1920x1080-large", 1920, 1080, True),
    ("390x844", 390, 844, False),
    ("375x740", 375, 740, False),
    ("375x740-large", 375, 740, True),
]
PHONE = 480  # px: at most this wide, the hand is one row and a plate's words PLATE_LINES lines at most
PLATE_LINES = 5  # name, tricks, points (or score), voids, total: every fact shown, none dropped to save a line

PAGE = """async ([esm, css, bar, traits]) => {
    document.body.style.margin = '0';
    const top = document.createElement('div');
    top.className = 'app-bar';
    top.style.cssText = `height:${bar}px;background:#16241b;color:#fff;font:14px sans-serif;padding:12px`;
    top.style.boxSizing = 'border-box';
    top.textContent = 'New game · Rules · Opponents · Coach · Settings';
    document.body.append(top);
    const url = URL.createObjectURL(new Blob([esm], {type: 'text/javascript'}));
    const widget = (await import(url)).default;
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    const state = {...traits, view: {}};
    const handlers = {};
    const fire = (name, ...args) => (handlers[name] || []).forEach(f => f(...args));
    const model = {
        get: key => state[key],
        set: (key, value) => { state[key] = value; fire('change:' + key); },
        save_changes() {},
        on: (name, f) => { (handlers[name] = handlers[name] || []).push(f); },
        send: () => {},
    };
    const el = document.createElement('div');
    el.className = 'hl-cardtable-widget';
    document.body.append(el);
    widget.render({model, el});
    window.fake = {set: (traits) => { for (const [k, v] of Object.entries(traits)) model.set(k, v); }};
}"""

SETTLE = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 30))))"

# What a fitted table must be, measured: its box in the viewport, the page not scrolling, the hand's rows, the
# lines of words of each plate (name line and facts line), the taken piles' font size.
FIT = """() => {
    const root = document.querySelector('.hl-ct');
    const r = root.getBoundingClientRect();
    const problems = [];
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
        problems.push(`the table (${Math.round(r.left)}, ${Math.round(r.top)})–(${Math.round(r.right)}, `
            + `${Math.round(r.bottom)}) leaves the ${innerWidth}×${innerHeight} window`);
    const page = document.scrollingElement;
    if (page.scrollHeight > innerHeight + 1 || page.scrollWidth > innerWidth + 1)
        problems.push(`the page scrolls: ${page.scrollWidth}×${page.scrollHeight}`);
    const cards = [...root.querySelectorAll('.hl-ct-hand .hl-ct-card')];
    const rows = new Set(cards.map(c => c.style.top)).size;
    const lines = [...root.querySelectorAll('.hl-ct-seat')].map(plate => {
        let n = 0;
        for (const el of plate.querySelectorAll('.hl-ct-seat-name, .hl-ct-seat-facts, .hl-ct-seat-total, '
                                                + '.hl-ct-seat-note')) {
            const lh = parseFloat(getComputedStyle(el).lineHeight);
            n += Math.round(el.getBoundingClientRect().height / lh);
        }
        return n;
    });
    const piles = [...root.querySelectorAll('.hl-ct-pile')];
    const small = piles.filter(p => parseFloat(getComputedStyle(p).fontSize) < 11).length;
    if (small) problems.push(`${small} taken piles in type under 11 px`);
    const hand = cards[0] ? cards[0].getBoundingClientRect().width : 0;
    return {problems, rows, lines, small, height: Math.round(r.height), top: Math.round(r.top),
            scale: root.dataset.scale || null, hand: Math.round(hand), piles: piles.length,
            plates: root.querySelectorAll('.hl-ct-seat').length};
}"""


# -- the views: seeded positions from the engine ---------------------------------------------------------------
def rules_for(players: int) -> Rules:
    return STANDARD if players == 4 else Rules(players=players)


def played(players: int, *, seed: int, tricks: int) -> HandState:
    """A seeded hand, passed (the lowest cards), played by random legal cards until ``tricks`` tricks are done
    and then on to a trick that waits for seat 0, with cards already in it."""
    state = HandState.deal(rules_for(players), seed=seed)
    rng = random.Random(seed)
    while state.phase is Phase.PASSING:
        seat = state.to_pass[0]
        offered = [c for c in state.hand(seat) if state.why_not_pass(seat, c) is None]
        state.pass_cards(seat, offered[: state.cards_to_pass])
    for _ in range(400):
        if len(state.tricks) >= tricks and state.to_play == 0 and state.current_trick:
            return state
        state.play(rng.choice(state.legal_plays()))
    raise AssertionError("the seeded hand never came to seat 0 in the middle of a trick")


def mid_hand(players: int) -> dict[str, Any]:
    state = played(players, seed=30 + players, tricks=2)
    totals = [(7 * s + 3) % 27 for s in range(players)]
    return table_view(state, seat=0, totals=totals, title=f"{state.rules.name} · hand 3")


def full_trick_state(players: int) -> HandState:
    """A hand just after a trick was completed."""
    state = played(players, seed=40 + players, tricks=3)
    done = len(state.tricks)
    rng = random.Random(players)
    while len(state.tricks) == done:
        state.play(rng.choice(state.legal_plays()))
    assert not state.current_trick
    return state


def full_trick(players: int) -> dict[str, Any]:
    """A trick just completed, every seat's card still in the middle (the most the ring ever holds)."""
    state = full_trick_state(players)
    view = table_view(state, seat=0, totals=[0] * players)
    assert view["trick"] is not None and len(view["trick"]["plays"]) == players
    return view


def passing() -> dict[str, Any]:
    game = PlayTable(seed=2026, pace=0)
    assert game.hand.phase is Phase.PASSING
    for card in game.hand.hand(0)[:3]:
        game.cards.click(card.code)
    game.cards.show("Pass these three? Press Pass.", "info")
    return copy.deepcopy(game.cards.view)


def counting() -> dict[str, Any]:
    """Late in a hand, every seat's taken cards shown as piles (the counting drill's question)."""
    state = played(4, seed=7, tricks=9)
    assert max(len(state.taken(s)) for s in range(4)) >= 12
    return table_view(state, seat=0, names=["South", "West", "North", "East"], dealer=False, taken=True)


def playground() -> dict[str, Any]:
    return copy.deepcopy(TrickPlayground(seed=3).view)


def haggis() -> dict[str, Any]:
    widget = PlayHandWidget(seed=5, players=3)
    widget.cards.click(widget.cards.cards()[0]["code"])
    widget.cards.press("play")  # a single: the bots answer, a combination lies in the middle
    return copy.deepcopy(widget.cards.view)


VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    **{f"hearts-{n}": (lambda n=n: mid_hand(n)) for n in (3, 4, 5, 6, 7)},  # type: ignore[misc]
    **{f"full-{n}": (lambda n=n: full_trick(n)) for n in (5, 7)},  # type: ignore[misc]
    "pass": passing,
    "counting": counting,
    "playground": playground,
    "haggis": haggis,
}


def defaults(table: CardTable) -> dict[str, Any]:
    """The widget's synced traits as Python starts them (the stand-in model starts from the same values)."""
    return {name: getattr(table, name) for name in table.traits(sync=True) if not name.startswith("_")
            and name not in ("view", "layout", "tabbable", "tooltip", "comm")}  # fmt: skip


def a_hand() -> dict[str, Any]:
    """A hand on its own (lesson 2's, a variant's sample hand): 17 cards, the most a Hearts hand holds."""
    state = HandState.deal(rules_for(3), seed=2)
    return hand_view(state.hand(0), mode="choose", selected=state.hand(0)[4:6])


def a_trick(players: int) -> dict[str, Any]:
    """One trick drawn on its own (the coach's review): every seat's card, the winner marked."""
    state = full_trick_state(players)
    trick = state.tricks[-1]
    return trick_view(trick, players, winner=trick.winner, caption=f"Trick {trick.number + 1}")


LESSON_VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    "hearts-4": VIEWS["hearts-4"], "hearts-7": VIEWS["hearts-7"], "counting": counting, "pass": passing,
    "hand": a_hand, "trick-6": lambda: a_trick(6),
}  # fmt: skip


@pytest.fixture(scope="module")
def fit_page(browser: Browser) -> Iterator[Page]:
    # still (reduced motion): the cards are measured where they lie, not on their way from a seat
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = context.new_page()
        table = CardTable()
        page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
        page.evaluate(PAGE, [table._esm, table._css, BAR, defaults(table)])
        yield page
    finally:
        context.close()


def show(page: Page, view: dict[str, Any], width: int, height: int, **traits: Any) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("([v, t]) => fake.set({...t, view: v})", [view, traits])
    page.evaluate(SETTLE)


def problems_at(page: Page, name: str) -> tuple[list[str], dict[str, Any]]:
    found = page.evaluate(FIT)
    problems = [f"{name}: {p}" for p in found["problems"] + page.evaluate(LAYOUT)]
    problems += [f"{name}: shows {w!r}" for w in broken_words(page)]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.jpg"), type="jpeg", quality=80)  # JPEG: a tenth of PNG's time
    return problems, found


@pytest.mark.parametrize("key", list(VIEWS))
def test_the_table_fits_the_window_at_every_size(fit_page: Page, key: str) -> None:
    page = fit_page
    view = VIEWS[key]()
    problems: list[str] = []
    for size, width, height, large in SIZES:
        show(page, view, width, height, large=large, fit=True)
        found, measured = problems_at(page, f"{key}-{size}")
        problems += found
        assert measured["top"] == BAR, "the table starts under the bar"
        assert measured["plates"] == len(view["seats"]) or view["kind"] != "table"
        if width <= PHONE:
            if measured["rows"] > 1:
                problems.append(f"{key}-{size}: the hand is {measured['rows']} rows")
            if max(measured["lines"], default=0) > PLATE_LINES:
                problems.append(f"{key}-{size}: a plate takes {max(measured['lines'])} lines: {measured['lines']}")
        if key == "counting":
            assert measured["piles"] >= 4, "the taken cards are drawn as piles"
    assert not problems, "\n".join(problems)


def test_the_table_fills_the_room_and_keeps_the_reserve_free(fit_page: Page) -> None:
    page = fit_page
    view = mid_hand(4)
    show(page, view, 1280, 800, large=True, fit=True)
    full = page.evaluate(FIT)
    assert full["height"] == 800 - BAR  # the felt takes what the window leaves: no gap, no scrolling
    page.evaluate("() => document.body.style.setProperty('--hl-fit-reserve', '60px')")
    page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    page.evaluate(SETTLE)
    kept = page.evaluate(FIT)
    assert kept["height"] == 800 - BAR - 60
    page.evaluate("() => document.body.style.removeProperty('--hl-fit-reserve')")
    # the bar above grows (its buttons wrap, say): the table moves down and fits again, with no resize of the window
    page.evaluate("() => { document.querySelector('.app-bar').style.height = '90px'; }")
    page.evaluate(SETTLE)
    moved = page.evaluate(FIT)
    assert (moved["top"], moved["height"], moved["problems"]) == (90, 800 - 90, [])
    page.evaluate(f"() => {{ document.querySelector('.app-bar').style.height = '{BAR}px'; }}")
    page.evaluate(SETTLE)
    # large cards on a projector grow past their natural size; a phone's hand shrinks to fit one row
    show(page, view, 1920, 1080, large=True, fit=True)
    assert float(page.evaluate(FIT)["scale"]) > 1
    show(page, view, 375, 740, large=False, fit=True)
    assert page.evaluate(FIT)["rows"] == 1


def test_without_fit_a_lesson_table_is_one_row_with_short_plates(fit_page: Page) -> None:
    page = fit_page
    problems: list[str] = []
    for key, make in LESSON_VIEWS.items():
        view = make()
        for width, large in ((375, False), (375, True), (1280, False)):
            show(page, view, width, 900, large=large, fit=False)
            name = f"lesson-{key}-{width}{'-large' if large else ''}"
            found, measured = problems_at(page, name)
            problems += [p for p in found if "leaves the" not in p and "page scrolls" not in p]
            if measured["rows"] > 1:
                problems.append(f"{name}: the hand is {measured['rows']} rows")
            if width <= PHONE and max(measured["lines"], default=0) > PLATE_LINES:
                problems.append(f"{name}: a plate takes {max(measured['lines'])} lines")
    assert not problems, "\n".join(problems)


def test_a_view_that_leaves_fields_out_draws_no_broken_words(fit_page: Page) -> None:
    page = fit_page
    view = mid_hand(4)
    bare = {"kind": "table", "seats": [{k: v for k, v in s.items() if k in ("seat", "name", "you")}
                                       for s in view["seats"]],
            "hand": {"cards": [{k: v for k, v in c.items() if k in ("code", "svg")} for c in view["hand"]["cards"]]},
            "trick": {"plays": [{"seat": p["seat"], "card": {"svg": p["card"]["svg"]}}
                                for p in view["trick"]["plays"]]},
            "pass": {}, "last_trick": {}, "actions": [{"id": "go"}], "chips": [{}], "hole": {}}  # fmt: skip
    for size, width, height, large in SIZES[::3]:
        show(page, bare, width, height, large=large, fit=True)
        assert broken_words(page) == [], size
        assert page.locator(".hl-ct-hand .hl-ct-card").count() == len(view["hand"]["cards"])
    show(page, {"seats": None, "hand": {"cards": None}, "title": None, "status": 3.5}, 375, 740, fit=True)
    assert broken_words(page) == []


def test_the_last_trick_opens_over_the_felt_and_the_table_still_fits(fit_page: Page) -> None:
    page = fit_page
    problems: list[str] = []
    for key in ("full-7", "hearts-4"):
        view = VIEWS[key]()
        assert view["last_trick"] is not None
        for size, width, height, large in (SIZES[1], SIZES[5], SIZES[6]):
            show(page, view, width, height, large=large, fit=True, show_last=True)
            assert page.locator(".hl-ct-lastpanel").is_visible()
            found, _ = problems_at(page, f"last-{key}-{size}")
            problems += found
            panel = page.locator(".hl-ct-lastpanel").bounding_box()
            felt = page.locator(".hl-ct-felt").bounding_box()
            assert panel is not None and felt is not None
            if panel["y"] + panel["height"] > felt["y"] + felt["height"] + 1:
                problems.append(f"last-{key}-{size}: the last trick's panel hangs below the felt")
    page.evaluate("() => fake.set({show_last: false})")
    assert not problems, "\n".join(problems)


def test_a_plate_shows_every_fact_in_the_same_place_whatever_the_numbers(fit_page: Page) -> None:
    """No fact is dropped to keep a line short (the trick count came and went as the numbers changed, and a
    phone lost the running total): the hand's facts share a line only where they would with the largest numbers,
    the total has a line of its own, the voids and another game's facts follow the hand's facts."""
    page = fit_page
    where = """(i) => { const plate = document.querySelectorAll('.hl-ct-seat')[i];
        const top = el => Math.round(el.getBoundingClientRect().top - plate.getBoundingClientRect().top);
        return {facts: [...plate.querySelectorAll('.hl-ct-fact')].map(f => [f.textContent, top(f)]),
                total: [plate.querySelector('.hl-ct-seat-total').textContent,
                        top(plate.querySelector('.hl-ct-seat-total'))]}; }"""
    for width, large, stacked in ((375, False, True), (375, True, True), (1280, False, False)):
        layouts = []
        for tricks, points, total in ((1, "0 points", "10"), (2, "1 point", "10"), (13, "26 points", "100")):
            view = mid_hand(4)
            west = view["seats"][1]
            west.update(tricks=tricks, points=points, total=total, voids=["♣", "♦"])
            west["facts"] = [{"text": "bet little (15)", "keep": 1}, {"text": "captured 4 cards", "keep": 5}]
            show(page, view, width, 740, large=large, fit=True)
            found = page.evaluate(where, 1)
            words = [w for w, _ in found["facts"]]
            trick_words = f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"
            assert words == [trick_words, points, "void ♣♦", "bet little (15)", "captured 4 cards"], (width, words)
            assert found["total"][0] == f"total {total}"  # the game's total, always shown
            tops = [t for _, t in found["facts"]]
            assert (tops[1] > tops[0]) is stacked, (width, found)  # the same layout for small and large numbers
            assert found["total"][1] > max(tops)  # the total below every other fact
            layouts.append([tops[:2], found["total"][1] - max(tops)])
            assert page.evaluate(LAYOUT) == [], (width, tricks)
        assert all(layout[0] == layouts[0][0] for layout in layouts), (width, layouts)  # the hand's facts stay put
