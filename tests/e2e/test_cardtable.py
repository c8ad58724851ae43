"""The card table in a real browser (the Voilà app): readable at 375 px, 1280 px and with large cards, played
by keyboard, refusals said at the table, and still when the reader asks for reduced motion.

The app's table draws a click at once (``CardTable.optimistic``): if the lesson's ``PlayTable`` does not switch
that on, the copy served here does, so every test below also runs with the guesses drawn. The front end's
guessing itself (drawn at once, confirmed by Python's view, undone when Python refuses, never without a kernel)
is tested on a page of its own with a stand-in for the kernel, which a test can make wait.

Screenshots go to ``_build/e2e-app/`` (CI keeps them). The layout check is automatic: no text element of the
table is clipped (its scroll size exceeds its box) or leaves the table, no two seat plates overlap nor cover the
words in the middle, and the corner index of every card (its top-left rank and suit) is covered by no card drawn
above it nor by a seat.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from hearts_lessons.state import Phase
from hearts_lessons.widgets.cardtable import CardTable
from hearts_lessons.widgets.play import PlayTable

from .app_support import ARTIFACTS, open_watched, require_servers, screenshot, serve_app
from .conftest import ROOT

pytestmark = pytest.mark.e2e

APP_NOTEBOOK = "04_play_a_game.ipynb"
KERNEL_TIMEOUT = 120_000
TURN_TIMEOUT = 60_000

LAYOUT = """() => {
    const root = document.querySelector('.hl-ct');
    const problems = [];
    const table = root.getBoundingClientRect();
    const shown = el => el.offsetParent !== null && !el.closest('[hidden]');
    const texts = '.hl-ct-title, .hl-ct-status, .hl-ct-chip, .hl-ct-button, .hl-ct-seat, .hl-ct-seat-name, '
        + '.hl-ct-seat-info, .hl-ct-turn, .hl-ct-message, .hl-ct-centre-words, .hl-ct-count, .hl-ct-lastpanel, '
        + '.hl-ct-pile, .hl-ct-combo-caption, .hl-ct-combo-line, .hl-ct-hole-label';
    for (const el of root.querySelectorAll(texts)) {
        if (!shown(el)) continue;
        const name = `${el.className}: "${el.innerText.slice(0, 40)}"`;
        const clipped = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        if (clipped) problems.push('clipped ' + name);
        const r = el.getBoundingClientRect();
        if (r.left < table.left - 1 || r.right > table.right + 1) problems.push('outside the table ' + name);
    }
    const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const first = el => el.innerText.split('\\n')[0];
    const plates = [...root.querySelectorAll('.hl-ct-seat')].filter(shown);
    for (let i = 0; i < plates.length; i++) for (let j = i + 1; j < plates.length; j++)
        if (overlap(plates[i].getBoundingClientRect(), plates[j].getBoundingClientRect()))
            problems.push(`seats overlap: ${first(plates[i])} / ${first(plates[j])}`);
    for (const el of root.querySelectorAll('.hl-ct-centre-words, .hl-ct-arrow')) {  // the words in the middle
        if (!shown(el)) continue;
        for (const plate of plates) if (overlap(el.getBoundingClientRect(), plate.getBoundingClientRect()))
            problems.push(`"${el.innerText.slice(0, 30)}" covered by ${first(plate)}`);
    }
    const corner = r => ({left: r.left + 2, top: r.top + 2, right: r.left + 0.38 * r.width,
                          bottom: r.top + 0.36 * r.height});
    for (const group of ['.hl-ct-hand .hl-ct-card', '.hl-ct-trick .hl-ct-tcard', '.hl-ct-seat .hl-ct-mini']) {
        const cards = [...root.querySelectorAll(group)].filter(shown);
        cards.forEach((card, i) => {
            const c = corner(card.getBoundingClientRect());
            const above = [...cards.slice(i + 1), ...(group.includes('tcard') ? plates : [])];
            for (const other of above) if (overlap(c, other.getBoundingClientRect()))
                problems.push(`corner of ${card.dataset.code || card.getAttribute('aria-label')} covered`);
            const r = card.getBoundingClientRect();
            if (r.left < table.left - 1 || r.right > table.right + 1) problems.push('card outside the table');
        });
    }
    return problems;
}"""

TRANSITIONS = """() => [...document.querySelectorAll('.hl-ct-card, .hl-ct-tcard, .hl-ct-seat')]
    .map(el => getComputedStyle(el).transitionDuration).filter(d => d.split(',').some(x => parseFloat(x) > 0))"""


def optimistic_copy(folder: Path) -> Path:
    """The play-a-game lesson in ``folder``, its table drawing clicks at once (a line after the table's cell,
    only if ``PlayTable`` does not switch that on itself)."""
    nb = json.loads((ROOT / "notebooks" / APP_NOTEBOOK).read_text(encoding="utf-8"))
    if not PlayTable(seed=1, pace=0).cards.optimistic:
        cell = next(i for i, c in enumerate(nb["cells"]) if "PlayTable(" in "".join(c["source"]))
        nb["cells"].insert(cell + 1, {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                      "source": ["table.cards.optimistic = True"]})  # fmt: skip
    (folder / APP_NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    return folder / APP_NOTEBOOK


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_servers()
    folder = tmp_path_factory.mktemp("cardtable-notebooks")
    optimistic_copy(folder)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with serve_app(folder / APP_NOTEBOOK, ARTIFACTS / "voila-cardtable.log") as url:
        yield url


def open_table(page: Page, url: str) -> None:
    page.goto(url, wait_until="commit", timeout=KERNEL_TIMEOUT)
    expect(page.locator(".hl-ct-hand .hl-ct-card").first).to_be_visible(timeout=KERNEL_TIMEOUT)
    expect(page.locator(".hl-ct-message")).to_contain_text("you are South", timeout=TURN_TIMEOUT)


def hand(page: Page) -> list[dict[str, Any]]:
    return list(page.locator(".hl-ct-hand .hl-ct-card").evaluate_all(
        "cs => cs.map(c => ({code: c.dataset.code, label: c.getAttribute('aria-label'),"
        " playable: c.classList.contains('is-playable'),"
        " selected: c.classList.contains('is-selected')}))"))  # fmt: skip


def face(page: Page, code: str) -> Any:
    return page.locator(f'.hl-ct-hand .hl-ct-card[data-code="{code}"]')


def tap(page: Page, code: str) -> None:
    """Click a card of the hand where a reader sees it: near its left edge (a phone's hand is one row, each card
    under its right-hand neighbour but for the strip with its corner index)."""
    card = face(page, code)
    box = card.bounding_box()
    assert box is not None
    card.click(position={"x": min(8.0, box["width"] / 4), "y": box["height"] * 0.7})


def my_turn(page: Page, count: int) -> None:
    page.wait_for_function(
        """([n]) => document.querySelectorAll('.hl-ct-hand .hl-ct-card').length === n
            && (n === 0 || (document.querySelector('.hl-ct-seat.is-you.is-turn') !== null
                && !document.querySelector('input[placeholder^="type a card"]').disabled))""",
        arg=[count], timeout=TURN_TIMEOUT)  # fmt: skip


def pass_three(page: Page) -> None:
    for card in [c for c in hand(page) if c["playable"]][:3]:
        tap(page, card["code"])
        expect(face(page, card["code"])).to_have_class(re.compile("is-selected"), timeout=TURN_TIMEOUT)
    page.locator('.hl-ct-action[data-action="pass"]:not([disabled])').click()
    expect(page.locator(".hl-ct-message")).to_contain_text("You received", timeout=TURN_TIMEOUT)


def assert_readable(page: Page, name: str) -> None:
    page.wait_for_timeout(400)  # transitions settle
    screenshot(page, name)
    problems = page.evaluate(LAYOUT)
    assert problems == [], f"{name}: {problems}"


def test_the_table_is_readable_at_every_size(browser: Browser, app_url: str) -> None:
    """One game (one kernel), looked at on a phone, on a laptop and with large cards: while passing, then after a
    few tricks with the last trick open."""
    sizes = [(375, False), (1280, False), (1280, True)]
    with open_watched(browser, viewport={"width": 375, "height": 900}) as watch:
        page = watch.page
        open_table(page, app_url)
        for width, large in sizes:
            page.set_viewport_size({"width": width, "height": 900})
            if large:
                page.get_by_role("checkbox", name="large cards").check()
                expect(page.locator(".hl-ct.hl-ct--large")).to_be_visible(timeout=TURN_TIMEOUT)
            page.wait_for_timeout(300)
            assert_readable(page, f"cardtable-{width}{'-large' if large else ''}-pass")
        pass_three(page)
        my_turn(page, 13)
        for _ in range(3):  # a few tricks: cards in the middle, counts and points at the seats
            count = len(hand(page))
            tap(page, next(c for c in hand(page) if c["playable"])["code"])
            my_turn(page, count - 1)
        page.locator(".hl-ct-last-button").click()
        expect(page.locator(".hl-ct-lastpanel")).to_be_visible()
        for width, large in reversed(sizes):
            if not large:
                page.get_by_role("checkbox", name="large cards").uncheck()
                expect(page.locator(".hl-ct.hl-ct--large")).to_have_count(0, timeout=TURN_TIMEOUT)
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(300)
            assert_readable(page, f"cardtable-{width}{'-large' if large else ''}-play")
        page.locator(".hl-ct-last-button").click()
        assert watch.external == [], watch.external


def test_keyboard_play_and_a_refusal_said_at_the_table(browser: Browser, app_url: str) -> None:
    with open_watched(browser, viewport={"width": 1280, "height": 900}) as watch:
        page = watch.page
        open_table(page, app_url)
        cards = page.locator(".hl-ct-hand .hl-ct-card")
        assert cards.evaluate_all("cs => cs.filter(c => c.tabIndex === 0).length") == 1  # one tab stop: roving
        cards.first.focus()
        page.keyboard.press("ArrowRight")
        second = hand(page)[1]["code"]
        assert page.evaluate("() => document.activeElement.dataset.code") == second
        page.keyboard.press("Enter")  # Enter chooses a card to pass
        expect(face(page, second)).to_have_class(re.compile("is-selected"), timeout=TURN_TIMEOUT)
        page.keyboard.press("Escape")  # Escape clears the choice
        expect(face(page, second)).not_to_have_class(re.compile("is-selected"), timeout=TURN_TIMEOUT)
        for _ in range(3):
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.activeElement.classList.contains('is-selected')",
                                   timeout=TURN_TIMEOUT)  # fmt: skip
            page.keyboard.press("ArrowRight")
        page.locator('.hl-ct-action[data-action="pass"]:not([disabled])').click()
        my_turn(page, 13)
        refused = None
        for _ in range(12):
            count = len(hand(page))
            dimmed = [c for c in hand(page) if not c["playable"]]
            if dimmed and refused is None:
                refused = dimmed[0]
                tap(page, refused["code"])
                reason = refused["label"].split(" — not playable: ", 1)[1]
                message = page.locator(".hl-ct-message")
                expect(message).to_have_text(reason, timeout=TURN_TIMEOUT)
                expect(message).to_have_class(re.compile("is-error"))
                assert len(hand(page)) == count
                screenshot(page, "cardtable-refused")
            # play by keyboard: Home, arrows to the first playable card, Enter
            target = next(i for i, c in enumerate(hand(page)) if c["playable"])
            cards.first.focus()
            page.keyboard.press("Home")
            for _ in range(target):
                page.keyboard.press("ArrowRight")
            code = page.evaluate("() => document.activeElement.dataset.code")
            assert code == hand(page)[target]["code"]
            page.keyboard.press("Enter")
            my_turn(page, count - 1)
            assert code not in [c["code"] for c in hand(page)]
            if refused is not None:
                break
        assert refused is not None, "no card was dimmed in twelve tricks of this seeded hand"
        assert watch.external == [], watch.external


def test_reduced_motion_has_no_transition(browser: Browser, app_url: str) -> None:
    with open_watched(browser, viewport={"width": 1280, "height": 900}, reduced_motion="reduce") as watch:
        page = watch.page
        open_table(page, app_url)
        pass_three(page)
        my_turn(page, 13)
        tap(page, next(c for c in hand(page) if c["playable"])["code"])
        my_turn(page, 12)
        assert page.locator(".hl-ct-tcard").count() > 0
        assert page.evaluate(TRANSITIONS) == []
    with open_watched(browser, viewport={"width": 1280, "height": 900}) as watch:  # and motion without the wish
        page = watch.page
        open_table(page, app_url)
        assert page.evaluate(TRANSITIONS) != []


# -- the front end's guesses, against a stand-in for the kernel ------------------------------------------------
# The widget's own ES module and CSS, drawn with a model that keeps its state in the page (as anywidget's is):
# `fake.python(content)` is a custom message from Python, `fake.setView(view)` a new view from Python, and
# `fake.sent` what the front end sent. Views come from the engine (PlayTable), so the cards are the real ones.
STAND_IN = """async ([esm, css, view, traits]) => {
    const url = URL.createObjectURL(new Blob([esm], {type: 'text/javascript'}));
    const widget = (await import(url)).default;
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    const state = {view, message: '', message_kind: 'info', large: false, show_last: false, pace: 0.6,
                   label: 'Card table', optimistic: false, ...traits};
    const handlers = {};
    const fire = (name, ...args) => (handlers[name] || []).forEach(f => f(...args));
    const model = {
        get: key => state[key],
        set: (key, value) => { state[key] = value; fire('change:' + key); },
        save_changes() {},
        on: (name, f) => { (handlers[name] = handlers[name] || []).push(f); },
        send: content => sent.push(content),
    };
    const sent = [];
    const el = document.createElement('div');
    el.style.width = '900px';
    document.body.append(el);
    widget.render({model, el});
    window.fake = {sent, python: content => fire('msg:custom', content, []), setView: v => model.set('view', v),
                   say: (text, kind) => { state.message_kind = kind; model.set('message', text); }};
}"""
SHOWN = """() => {
    const root = document.querySelector('.hl-ct');
    const cards = [...root.querySelectorAll('.hl-ct-hand .hl-ct-card')];
    return {hand: cards.map(c => c.dataset.code), selected: cards.filter(c => c.classList.contains('is-selected'))
                .map(c => c.dataset.code),
            trick: [...root.querySelectorAll('.hl-ct-tcard')].map(c => c.getAttribute('aria-label')),
            guess: root.dataset.guess || null, centre: root.querySelector('.hl-ct-centre').innerText,
            focus: document.activeElement.dataset.code || null,
            message: root.querySelector('.hl-ct-message').innerText};
}"""


def stand_in(page: Page, view: dict[str, Any], **traits: Any) -> None:
    table = CardTable()
    page.set_content("<!doctype html><html><body></body></html>")
    page.evaluate(STAND_IN, [table._esm, table._css, view, {"words": table.words, **traits}])
    expect(page.locator(".hl-ct-hand .hl-ct-card").first).to_be_visible()


def last_sent(page: Page) -> dict[str, Any]:
    sent: list[dict[str, Any]] = page.evaluate("() => fake.sent")
    return sent[-1]


def views_of_a_hand() -> tuple[PlayTable, dict[str, Any]]:
    """A seeded game at its pass, and the view of it."""
    game = PlayTable(seed=2026, pace=0)
    assert game.hand.phase is Phase.PASSING
    return game, copy.deepcopy(game.cards.view)


@pytest.fixture
def page_alone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def test_without_a_kernel_or_unasked_the_table_never_guesses(page_alone: Page) -> None:
    page = page_alone
    _, view = views_of_a_hand()
    code = view["hand"]["cards"][0]["code"]
    stand_in(page, view, optimistic=True)  # optimistic, but no kernel said "ready" (the static book)
    assert page.evaluate("() => fake.sent") == [{"event": "hello"}]
    tap(page, code)
    sent = last_sent(page)
    assert sent["event"] == "card" and sent["code"] == code and sent["seq"]
    shown = page.evaluate(SHOWN)
    assert shown["selected"] == [] and shown["guess"] is None
    stand_in(page, view)  # a kernel, but a table that did not ask for guesses
    page.evaluate("() => fake.python({event: 'ready'})")
    tap(page, code)
    assert page.evaluate(SHOWN)["selected"] == []


def test_a_pass_card_is_lifted_at_once_and_python_confirms_or_refuses(page_alone: Page) -> None:
    page = page_alone
    game, view = views_of_a_hand()
    first, second = (c["code"] for c in view["hand"]["cards"][:2])
    stand_in(page, view, optimistic=True)
    page.evaluate("() => fake.python({event: 'ready'})")
    tap(page, first)
    shown = page.evaluate(SHOWN)
    assert shown["selected"] == [first] and shown["guess"] == "1"  # drawn before Python answered
    assert view["pass"]["chosen"] == 0 and "1 chosen" in shown["centre"]
    seq = last_sent(page)["seq"]
    game.cards.click(first)  # what Python does with the click: its view has the card chosen
    page.evaluate("([v, seq]) => { fake.setView(v); fake.python({event: 'done', seq}); }", [game.cards.view, seq])
    shown = page.evaluate(SHOWN)
    assert shown["selected"] == [first] and shown["guess"] is None
    # Python refuses the next click (its view unchanged, a message says why): the guess is undone
    tap(page, second)
    assert page.evaluate(SHOWN)["selected"] == [first, second]
    seq = last_sent(page)["seq"]
    page.evaluate("([seq]) => { fake.say('not now', 'error'); fake.python({event: 'done', seq}); }", [seq])
    shown = page.evaluate(SHOWN)
    assert shown["selected"] == [first] and shown["guess"] is None and shown["message"] == "not now"


def test_a_played_card_goes_to_the_trick_at_once_by_keyboard_too(page_alone: Page) -> None:
    page = page_alone
    game, _ = views_of_a_hand()
    for card in game.hand.hand(0)[:3]:
        game.cards.click(card.code)
    game.cards.press("pass")
    assert game.hand.phase is Phase.PLAYING and game.hand.to_play == 0, "the seeded game stops at your turn"
    view = copy.deepcopy(game.cards.view)
    playable = [c["code"] for c in view["hand"]["cards"] if c["playable"]]
    assert view["hand"]["mode"] == "play" and playable
    before = len(view["trick"]["plays"]) if view["trick"] else 0
    stand_in(page, view, optimistic=True)
    page.evaluate("() => fake.python({event: 'ready'})")
    # keyboard: Home, arrows to the first playable card, Enter (as a reader does)
    target = [c["code"] for c in view["hand"]["cards"]].index(playable[0])
    page.locator(".hl-ct-hand .hl-ct-card").first.focus()
    page.keyboard.press("Home")
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    shown = page.evaluate(SHOWN)
    assert playable[0] not in shown["hand"] and len(shown["hand"]) == len(view["hand"]["cards"]) - 1
    assert len(shown["trick"]) == before + 1 and shown["trick"][-1].startswith("You: ")
    assert shown["guess"] == "1" and shown["focus"] in shown["hand"]  # focus stays in the hand, on a neighbour
    assert page.locator(".hl-ct-hand .hl-ct-card.is-playable").count() == 0  # not the reader's turn any more
    seq = last_sent(page)["seq"]
    # Python refuses it (its view unchanged): the card is back, the trick as it was
    page.evaluate("([seq]) => fake.python({event: 'done', seq})", [seq])
    shown = page.evaluate(SHOWN)
    assert shown["hand"] == [c["code"] for c in view["hand"]["cards"]] and len(shown["trick"]) == before
    assert shown["guess"] is None
    # played again, and this time Python's view comes: the guess gives way to it
    tap(page, playable[0])
    seq = last_sent(page)["seq"]
    game.cards.click(playable[0])
    truth = game.cards.view
    page.evaluate("([v]) => fake.setView(v)", [truth])  # Python's view arrives before its "done"
    shown = page.evaluate(SHOWN)
    assert shown["guess"] is None and shown["hand"] == [c["code"] for c in truth["hand"]["cards"]]
    page.evaluate("([seq]) => fake.python({event: 'done', seq})", [seq])
    assert page.evaluate(SHOWN)["hand"] == [c["code"] for c in truth["hand"]["cards"]]
