"""The card-table widget (``CardTable``) from Python: its front end ships beside it, its messages reach the
handlers, and the play table answers them (a click, Enter on a card, Escape) as the engine says."""

from __future__ import annotations

import json
import math
import re
import tomllib
from pathlib import Path

import pytest

import hearts_lessons.widgets.cardtable as module
from hearts_lessons.cards import parse_cards
from hearts_lessons.state import Phase
from hearts_lessons.tableview import hand_view
from hearts_lessons.widgets.cardtable import CardTable
from hearts_lessons.widgets.play import PlayTable

ROOT = Path(__file__).resolve().parents[2]


def test_the_front_end_is_package_data_read_from_beside_the_module() -> None:
    here = Path(module.__file__).parent
    table = CardTable()
    assert table._esm == (here / "cardtable.js").read_text(encoding="utf-8")
    assert table._css == (here / "cardtable.css").read_text(encoding="utf-8")
    assert "export default" in table._esm and "http" not in table._esm  # no CDN, no request
    assert "@media (prefers-reduced-motion: reduce)" in table._css
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]["hearts_lessons"]
    assert "widgets/*.js" in shipped and "widgets/*.css" in shipped
    assert any(dep.startswith("anywidget") for dep in data["project"]["optional-dependencies"]["widgets"])


def test_messages_from_the_front_end_reach_the_handlers() -> None:
    table = CardTable(hand_view(parse_cards("2C QS")))
    seen: list[object] = []
    table.on_card(lambda code, seat: seen.append(("card", code, seat)))
    table.on_action(lambda action: seen.append(("action", action)))
    table.on_clear(lambda: seen.append("clear"))
    table._on_front_end(table, {"event": "card", "code": "QS", "seat": 2}, [])  # what the browser sends
    table.click("2C")
    table.press("pass")
    table.escape()
    table._on_front_end(table, {"event": "card"}, [])  # malformed messages are ignored
    table._on_front_end(table, "nonsense", [])
    assert seen == [("card", "QS", 2), ("card", "2C", None), ("action", "pass"), "clear"]
    assert [c["code"] for c in table.cards()] == ["2C", "QS"] and table.card("QS")["name"] == "queen of spades"


def test_the_message_line_is_at_the_table() -> None:
    table = CardTable()
    table.show("hearts are not broken yet: lead another suit", "error")
    assert (table.message, table.message_kind) == ("hearts are not broken yet: lead another suit", "error")
    assert table.text == table.message and table.kind == "error"


def test_enter_on_a_refused_card_says_why_and_enter_on_a_legal_card_plays_it() -> None:
    table = PlayTable(seed=2026, pace=0)
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)  # Enter on a focused card sends the same message as a click
    table.cards.press("pass")
    for _ in range(13):
        state = table.hand
        refused = next((c for c in table.cards.cards() if not c["playable"]), None)
        if refused is not None:
            break
        table.cards.click(state.legal_plays(0)[0].code)
    assert refused is not None and table.hand.phase is Phase.PLAYING
    record = table.game.to_json()
    table.cards.click(refused["code"])
    assert table.cards.message == refused["reason"] and table.cards.message_kind == "error"
    assert table.game.to_json() == record
    legal = table.hand.legal_plays(0)[0]
    table.cards.click(legal.code)
    assert legal not in table.hand.hand(0)


def test_python_says_ready_and_when_a_numbered_click_is_done() -> None:
    """The front end guesses a click only when a kernel said "ready", and drops the guess at "done" (sent after
    the handlers, whether they changed the view, refused, or failed)."""
    table = CardTable(hand_view(parse_cards("2C QS")))
    sent: list[dict[str, object]] = []
    table.send = sent.append  # type: ignore[method-assign]
    assert table.optimistic is False  # a table asks for guesses; the default never guesses
    table._on_front_end(table, {"event": "hello"}, [])
    assert sent == [{"event": "ready"}]
    order: list[object] = []
    table.on_card(lambda code, seat: order.append((code, len(sent))))
    table._on_front_end(table, {"event": "card", "code": "QS", "seat": 0, "seq": "ab:1"}, [])
    assert order == [("QS", 1)] and sent[-1] == {"event": "done", "seq": "ab:1"}  # after the handler ran
    table.click("2C")  # no seq (a test, or an older front end): nothing to answer
    assert len(sent) == 2

    def broken(code: str, seat: int | None) -> None:
        raise RuntimeError("a handler failed")

    table.on_card(broken)
    with pytest.raises(RuntimeError, match="a handler failed"):  # the failure is not hidden
        table._on_front_end(table, {"event": "card", "code": "2C", "seq": 7}, [])
    assert sent[-1] == {"event": "done", "seq": 7}  # the guess is undone even so


def test_the_play_table_refuses_without_changing_its_view_so_a_guess_is_undone() -> None:
    """What the front end relies on: a refused card leaves Python's view as it was (the guess then snaps back at
    "done") and an accepted one changes it before "done" is sent."""
    table = PlayTable(seed=2026, pace=0)
    sent: list[dict[str, object]] = []
    table.cards.send = sent.append  # type: ignore[method-assign]
    views: list[object] = []
    table.cards.observe(lambda change: views.append((change["new"], len(sent))), names="view")
    for card in table.hand.hand(0)[:3]:
        table.cards._on_front_end(table.cards, {"event": "card", "code": card.code, "seq": card.code}, [])
    assert len(views) == 3 and [v[1] for v in views] == [0, 1, 2]  # each new view before its click's "done"
    assert [s["seq"] for s in sent] == [c.code for c in table.hand.hand(0)[:3]]
    fourth = table.hand.hand(0)[3]
    table.cards._on_front_end(table.cards, {"event": "card", "code": fourth.code, "seq": "x"}, [])
    assert len(views) == 3 and table.cards.message_kind == "error" and sent[-1] == {"event": "done", "seq": "x"}


def test_fit_is_a_synced_trait_the_front_end_reads() -> None:
    table = CardTable()
    assert table.fit is False and "fit" in table.traits(sync=True)
    table.fit = True
    assert table.get_state()["fit"] is True
    assert 'model.get("fit")' in table._esm and "--hl-fit-reserve" in table._esm + table._css


def test_the_tricks_ring_leaves_every_corner_index_visible_whatever_the_order_of_play() -> None:
    """The front end's ring for n seats (``RINGS`` in cardtable.js, at its natural width and its narrowest): no
    card of a full trick covers the corner index (0.38 of the width by 0.36 of the height, as the art draws it)
    of any other card, whichever of the two lies on top."""
    source = CardTable()._esm
    body = re.search(r"const RINGS = \{(.*?)\};", source, re.S)
    assert body is not None
    rings = {int(n): json.loads(pair) for n, pair in re.findall(r"(\d+): (\[\[.*?\]\])", body.group(1))}
    assert sorted(rings) == list(range(2, 11))
    width, height = 100.0, 140.0  # RATIO 84 / 60
    for n, shapes in rings.items():
        for ax, ay in shapes:
            spots = [(-ax * width * math.sin(2 * math.pi * i / n), ay * height * math.cos(2 * math.pi * i / n))
                     for i in range(n)]  # fmt: skip
            for i, (x, y) in enumerate(spots):
                left, top = x - width / 2, y - height / 2
                for j, (u, v) in enumerate(spots):
                    across = left + 2 < u + width / 2 and u - width / 2 < left + 0.38 * width
                    down = top + 2 < v + height / 2 and v - height / 2 < top + 0.36 * height
                    assert i == j or not (across and down), (n, ax, ay, i, j)
