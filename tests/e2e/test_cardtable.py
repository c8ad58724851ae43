"""The card table in a real browser (the Voilà app): readable at 375 px, 1280 px and with large cards, played
by keyboard, refusals said at the table, and still when the reader asks for reduced motion.

Screenshots go to ``_build/e2e-app/`` (CI keeps them). The layout check is automatic: no text element of the
table is clipped (its scroll size exceeds its box) or leaves the table, no two seat plates overlap, and the
corner index of every card (its top-left rank and suit) is covered by no card drawn above it nor by a seat.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

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
        + '.hl-ct-seat-info, .hl-ct-turn, .hl-ct-message, .hl-ct-centre-words, .hl-ct-count, .hl-ct-lastpanel';
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
    const corner = r => ({left: r.left + 2, top: r.top + 2, right: r.left + 0.38 * r.width,
                          bottom: r.top + 0.36 * r.height});
    for (const group of ['.hl-ct-hand .hl-ct-card', '.hl-ct-trick .hl-ct-tcard']) {
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


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_servers()
    folder = tmp_path_factory.mktemp("cardtable-notebooks")
    shutil.copy2(ROOT / "notebooks" / APP_NOTEBOOK, folder / APP_NOTEBOOK)
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


def my_turn(page: Page, count: int) -> None:
    page.wait_for_function(
        """([n]) => document.querySelectorAll('.hl-ct-hand .hl-ct-card').length === n
            && (n === 0 || (document.querySelector('.hl-ct-seat.is-you.is-turn') !== null
                && !document.querySelector('input[placeholder^="type a card"]').disabled))""",
        arg=[count], timeout=TURN_TIMEOUT)  # fmt: skip


def pass_three(page: Page) -> None:
    for card in [c for c in hand(page) if c["playable"]][:3]:
        face(page, card["code"]).click()
        expect(face(page, card["code"])).to_have_class(re.compile("is-selected"), timeout=TURN_TIMEOUT)
    page.locator('.hl-ct-action[data-action="pass"]:not([disabled])').click()
    expect(page.locator(".hl-ct-message")).to_contain_text("You received", timeout=TURN_TIMEOUT)


def assert_readable(page: Page, name: str) -> None:
    page.wait_for_timeout(400)  # transitions settle
    screenshot(page, name)
    problems = page.evaluate(LAYOUT)
    assert problems == [], f"{name}: {problems}"


@pytest.mark.parametrize(("width", "large"), [(375, False), (1280, False), (1280, True)], ids=["375", "1280", "large"])
def test_the_table_is_readable_at_every_size(browser: Browser, app_url: str, width: int, large: bool) -> None:
    name = f"cardtable-{width}{'-large' if large else ''}"
    with open_watched(browser, viewport={"width": width, "height": 900}) as watch:
        page = watch.page
        open_table(page, app_url)
        if large:
            page.get_by_role("checkbox", name="large cards").check()
            expect(page.locator(".hl-ct.hl-ct--large")).to_be_visible(timeout=TURN_TIMEOUT)
        assert_readable(page, f"{name}-pass")
        pass_three(page)
        my_turn(page, 13)
        for _ in range(3):  # a few tricks: cards in the middle, counts and points at the seats
            count = len(hand(page))
            face(page, next(c for c in hand(page) if c["playable"])["code"]).click()
            my_turn(page, count - 1)
        page.locator(".hl-ct-last-button").click()
        expect(page.locator(".hl-ct-lastpanel")).to_be_visible()
        assert_readable(page, f"{name}-play")
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
                face(page, refused["code"]).click()
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
        face(page, next(c for c in hand(page) if c["playable"])["code"]).click()
        my_turn(page, 12)
        assert page.locator(".hl-ct-tcard").count() > 0
        assert page.evaluate(TRANSITIONS) == []
    with open_watched(browser, viewport={"width": 1280, "height": 900}) as watch:  # and motion without the wish
        page = watch.page
        open_table(page, app_url)
        assert page.evaluate(TRANSITIONS) != []
