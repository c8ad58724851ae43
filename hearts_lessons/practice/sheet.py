"""A printable puzzle sheet for teachers: 12 ladder puzzles chosen by theme, the answers on the last page.

:func:`choose_sheet` picks the puzzles, deterministically from the puzzle file: the themes present are taken in
the ladder's order (:data:`~hearts_lessons.practice.ladder.THEMES`) round after round — the first round takes
each theme's easiest puzzle, the second its hardest, the third the one nearest the middle of its ratings, and so
on — until 12 are chosen (with 6 themes or more: two per theme, one easy and one hard). A puzzle is used once;
when the themes run out, puzzles without a theme fill the sheet. The sheet lists them by theme, easiest first.

:func:`sheet_html` draws them as the page shows and prints them: each puzzle is a diagram a reader can solve
on paper — the seat's hand suit by suit, the trick so far, the cards already played (suit by suit), the points
taken and the voids shown, what the seat passed and received — six to a printed page, then the answers with
their explanations on a page of their own, the last. The print rules (``@media print``) come with the HTML,
so the sheet prints from the browser like the rules sheet (A4 or Letter). Nothing here imports ipywidgets.

>>> import json
>>> from hearts_lessons.practice.positions import positions_of
>>> s = positions_of(7)[6]
>>> a, b = s.legal_plays()[:2]
>>> from hearts_lessons.practice.puzzle_words import choice_facts
>>> from hearts_lessons.practice.recheck import Settings
>>> settings = Settings(1000, ("1/p/1", "1/p/2"))
>>> facts = tuple(choice_facts(s, s.to_play, [a]))
>>> costs = ({"cards": [b.code], "extra": 3.0, "half_width": 0.2, "worlds": 2000},)
>>> puzzles = [Puzzle(f"p{i:02d}", "play", json.loads(s.to_json()), s.to_play, (a,), (b,), 3.0, (3.0, 3.1),
...                   (THEMES[i % len(THEMES)],), 1000 + 70 * i, "why", 80, (), settings, facts, costs)
...            for i in range(16)]
>>> chosen = choose_sheet(puzzles)
>>> len(chosen), len({p.id for p, _ in chosen})
(12, 12)
>>> page = sheet_html(chosen)
>>> page.count('class="hl-sheet-puzzle"'), page.count('class="hl-sheet-page"'), page.count("hl-sheet-answer-item")
(12, 2, 12)
>>> page.index('class="hl-sheet-answers"') > page.rindex('class="hl-sheet-puzzle"')
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from ..cards import Card, Suit
from ..facts import join_cards
from ..i18n import N_, tr, tr_n, tr_text
from ..render import card_html, suit_colour
from ..scoring import format_points
from ..seats import seat_name
from ..state import HandState
from .ladder import THEME_WORDS, THEMES, Puzzle, best_meaning
from .puzzle_words import facts_text, with_interval

__all__ = ["PER_PAGE", "SHEET_SIZE", "answer_text", "choose_sheet", "puzzle_html", "rating_band", "sheet_html",
           "short_explanation"]

SHEET_SIZE = 12
PER_PAGE = 6
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
BANDS = ((1400, N_("easy", context="puzzle band")), (1800, N_("medium", context="puzzle band")),
         (10_000, N_("hard", context="puzzle band")))


def rating_band(rating: int) -> str:
    """The words for a puzzle's rating (earned from bot solvers' attempts): easy below 1400, medium below 1800,
    hard from 1800.

    >>> rating_band(1080), rating_band(1400), rating_band(2150)
    ('easy', 'medium', 'hard')
    """
    return tr_text(next(word for top, word in BANDS if rating < top), context="puzzle band")


def _round_pick(pool: list[Puzzle], round_: int) -> Puzzle:
    """Round 0 the easiest, round 1 the hardest, later rounds the puzzle nearest the middle rating."""
    if round_ == 0:
        return min(pool, key=lambda p: (p.rating, p.id))
    if round_ == 1:
        return max(pool, key=lambda p: (p.rating, p.id))
    ratings = sorted(p.rating for p in pool)
    middle = ratings[len(ratings) // 2]
    return min(pool, key=lambda p: (abs(p.rating - middle), p.rating, p.id))


def choose_sheet(puzzles: Iterable[Puzzle], count: int = SHEET_SIZE) -> list[tuple[Puzzle, str]]:
    """``count`` puzzles by theme, spread over the ratings, each with the theme it was chosen for (``""`` for a
    puzzle without a theme), in sheet order: by theme, easiest first. Deterministic: the same file gives the
    same sheet. Fewer puzzles than ``count`` give them all."""
    items = sorted(puzzles, key=lambda p: p.id)
    used: set[str] = set()
    chosen: list[tuple[Puzzle, str]] = []
    round_ = 0
    while len(chosen) < count:
        progress = False
        for theme in THEMES:
            if len(chosen) >= count:
                break
            pool = [p for p in items if theme in p.themes and p.id not in used]
            if not pool:
                continue
            pick = _round_pick(pool, round_)
            used.add(pick.id)
            chosen.append((pick, theme))
            progress = True
        if not progress:
            break
        round_ += 1
    rest = [p for p in items if p.id not in used]
    while len(chosen) < count and rest:
        pick = _round_pick(rest, len(chosen) % 2)
        rest.remove(pick)
        chosen.append((pick, ""))
    order = {t: i for i, t in enumerate(THEMES)}
    return sorted(chosen, key=lambda pt: (order.get(pt[1], len(THEMES)), pt[0].rating, pt[0].id))


def answer_text(puzzle: Puzzle) -> str:
    """The answer in words: ``A♠``, or ``pass A♥ Q♥ J♥``."""
    cards = " ".join(c.symbol for c in puzzle.answer)
    return cards if puzzle.kind == "play" else tr("pass {cards}", cards=cards)


def _suit_cell(suit: Suit) -> str:
    return f'<span class="hl-sheet-suit" style="color:{suit_colour(suit)}">{suit.symbol}</span>'


def _ranks(cards: Iterable[Card], suit: Suit) -> str:
    ranks = sorted((c for c in cards if c.suit == suit and not c.is_joker), key=lambda c: -c.rank)
    return " ".join(c.rank.label for c in ranks) or "—"


def _by_suit(cards: Sequence[Card], cls: str) -> str:
    """Cards as suit lines (♠ A K 5 · ♥ 9 4 …), the way a card diagram on paper shows a hand."""
    rows = "".join(
        f'<div class="{cls}-row">{_suit_cell(s)} <span>{html.escape(_ranks(cards, s))}</span></div>' for s in SUIT_ORDER
    )
    jokers = [c for c in cards if c.is_joker]
    if jokers:
        rows += f'<div class="{cls}-row">{html.escape(" ".join(c.symbol for c in jokers))}</div>'
    return f'<div class="{cls}">{rows}</div>'


def _inline_cards(cards: Sequence[Card]) -> str:
    """Cards grouped by suit on one line: ``♠ Q 9 3 · ♥ 8 5``; ``none`` when empty."""
    parts = [f"{_suit_cell(s)}&#8239;{html.escape(_ranks(cards, s))}" for s in SUIT_ORDER
             if any(c.suit == s for c in cards)]  # fmt: skip
    return " · ".join(parts) if parts else tr("none", context="no cards")


def _trick_html(state: HandState, seat: int) -> str:
    n = state.players
    cells = []
    for who, card in state.current_trick:
        cells.append(
            f'<span class="hl-sheet-play">{card_html(card, scale=0.42)}'
            f"<span>{html.escape(seat_name(who, n))}</span></span>"
        )
    cells.append(f'<span class="hl-sheet-play hl-sheet-you"><span class="hl-sheet-blank">?</span>'
                 f"<span>{tr('{who} (you)', who=html.escape(seat_name(seat, n)))}</span></span>")  # fmt: skip
    lead = tr("You lead.") if not state.current_trick else ""
    return f'<div class="hl-sheet-trick">{"".join(cells)}<span class="hl-sheet-lead">{lead}</span></div>'


def _deck(state: HandState) -> list[Card]:
    """Every card of this hand's deck: those dealt and those left over."""
    cards = {c for s in range(state.players) for c in state.hand(s)} | set(state.hole_cards)
    cards |= {c for t in state.tricks for _, c in t.plays} | {c for _, c in state.current_trick}
    return sorted(cards)


def _known_html(state: HandState, seat: int, kind: str) -> str:
    n = state.players
    lines = []
    if kind == "play":
        played = [c for t in state.tricks for _, c in t.plays]
        mine = set(state.hand(seat)) | {c for _, c in state.current_trick} | set(played)
        out = [c for c in _deck(state) if c not in mine]
        if len(played) <= len(out):
            count = len(state.tricks)
            lines.append(tr_n("<b>Played in {n} earlier trick:</b> {cards}",
                              "<b>Played in {n} earlier tricks:</b> {cards}", count, cards=_inline_cards(played)))
        else:
            lines.append(tr("<b>Still out</b> (not played, not yours): {cards}", cards=_inline_cards(out)))
        points = ", ".join(f"{html.escape(seat_name(s, n))} {format_points(state.points_taken(s))}" for s in range(n))
        lines.append(tr("<b>Points taken:</b> {points}", points=points))
        voids = [f"{html.escape(seat_name(s, n))} {' '.join(v.symbol for v in state.voids(s))}"
                 for s in range(n) if s != seat and state.voids(s)]  # fmt: skip
        if voids:
            lines.append(tr("<b>Shown void:</b> {voids}", voids=", ".join(voids)))
        lines.append(tr("Hearts are broken.") if state.hearts_broken else tr("Hearts are not broken yet."))
    passed, received = state.passed(seat), state.received(seat)
    if passed:
        lines.append(tr("<b>You passed</b> {passed}; <b>received</b> {received}.", passed=_inline_cards(passed),
                        received=_inline_cards(received)))
    return "".join(f"<div>{line}</div>" for line in lines)


def puzzle_html(puzzle: Puzzle, number: int, theme: str = "") -> str:
    """One puzzle as a diagram: who you are, the goal, your hand by suit, the trick so far and what is known."""
    state = puzzle.state()
    seat, n = puzzle.seat, state.players
    you = html.escape(seat_name(seat, n))
    topic = tr_text(THEME_WORDS[theme]) if theme in THEME_WORDS else tr("mixed", context="theme")
    head = (f'<div class="hl-sheet-head">{tr("<b>Puzzle {n}</b>", n=number)} · {html.escape(topic)} · '
            f"{rating_band(puzzle.rating)} ({puzzle.rating})</div>")  # fmt: skip
    if puzzle.kind == "pass":
        where = tr_text(state.pass_direction.value, context="pass direction")
        goal = tr("You are {who}. Pass {n} cards {direction}: which?", who=you, n=len(puzzle.answer),
                  direction=html.escape(where))
        middle = ""
    else:
        goal = tr("You are {who}, trick {n}. Which card do you play?", who=you, n=state.trick_number + 1)
        middle = _trick_html(state, seat)
    body = (
        f'<div class="hl-sheet-goal">{goal}</div>'
        f'<div class="hl-sheet-body">{_by_suit(state.hand(seat), "hl-sheet-hand")}'
        f'<div class="hl-sheet-side">{middle}<div class="hl-sheet-known">{_known_html(state, seat, puzzle.kind)}</div>'
        "</div></div>"
        f'<div class="hl-sheet-write">{tr("Your answer: ____________")}</div>'
    )
    return f'<div class="hl-sheet-puzzle">{head}{body}</div>'


SHEET_CSS = """
.hl-puzzle-sheet { font: 13px/1.3 sans-serif; color: #111; }
.hl-sheet-page { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin-bottom: 14px; }
.hl-sheet-puzzle { border: 1px solid #999; border-radius: 6px; padding: 6px 8px; break-inside: avoid; }
.hl-sheet-head { font-size: 12px; color: #333; border-bottom: 1px solid #ccc; margin-bottom: 3px; }
.hl-sheet-goal { font-weight: bold; margin-bottom: 4px; }
.hl-sheet-body { display: flex; gap: 10px; align-items: flex-start; }
.hl-sheet-hand { font-size: 15px; line-height: 1.35; min-width: 7.5em; font-weight: 600; }
.hl-sheet-suit { display: inline-block; width: 1.1em; }
.hl-sheet-side { flex: 1; font-size: 11.5px; }
.hl-sheet-trick { display: flex; gap: 4px; align-items: flex-end; margin-bottom: 3px; }
.hl-sheet-play { display: inline-flex; flex-direction: column; align-items: center; font-size: 10px; }
.hl-sheet-blank { display: inline-block; width: 25px; height: 35px; border: 1.5px dashed #666; border-radius: 3px;
  text-align: center; line-height: 35px; font-weight: bold; }
.hl-sheet-lead { font-size: 11px; margin-left: 4px; }
.hl-sheet-write { margin-top: 4px; color: #333; }
.hl-sheet-answers ol { padding-left: 1.6em; }
.hl-sheet-answers li { margin-bottom: 4px; }
@media print {
  @page { margin: 12mm; }
  body:has(.hl-puzzle-sheet) .bd-main .bd-content #jb-print-docs-body h1 {
    font-size: 16pt; text-align: left; margin: 0 0 4pt; }
  body:has(.hl-puzzle-sheet) #jb-print-toc { display: none; }
  body:has(.hl-puzzle-sheet) .hl-screen-only,
  body:has(.hl-puzzle-sheet) .hl-live-link { display: none !important; }
  /* The page's introduction (markdown paragraphs, direct children of the article's sections) stays on screen. */
  body:has(.hl-puzzle-sheet) .bd-article section > p { display: none; }
  .hl-puzzle-sheet { font-size: 10pt; }
  .hl-sheet-page { gap: 3mm; margin: 0; break-after: page; page-break-after: always; }
  /* Three rows of two fill a Letter page (the shorter paper) under the title: 3 × 77 mm + gaps. */
  .hl-sheet-puzzle { height: 77mm; overflow: hidden; box-sizing: border-box; padding: 2mm 3mm; }
  .hl-sheet-hand { font-size: 11.5pt; line-height: 1.3; }
  .hl-sheet-side { font-size: 8pt; }
  .hl-sheet-answers { break-before: page; page-break-before: always; font-size: 10pt; }
  .hl-sheet-answers h2 { font-size: 13pt; margin: 0 0 4pt; }
}
"""


FACTS_ON_SHEET = 4
"""At most this many of a puzzle's facts on the answer page (the first: the trick and what the card does there)."""


def short_explanation(puzzle: Puzzle) -> str:
    """The answer page's explanation: the puzzle's first checked facts and its measured saving over the second
    best (what "best" means is said once, above the answers)."""
    second = puzzle.costs[0]
    cards = join_cards(Card.from_str(c) for c in second["cards"])
    facts = facts_text(puzzle.facts[:FACTS_ON_SHEET], seat=puzzle.seat, players=int(puzzle.record["rules"]["players"]))
    values = {"facts": facts[:1].upper() + facts[1:], "saving": with_interval(second["extra"], second["half_width"]),
              "cards": cards}
    if puzzle.kind == "play":
        return tr("{facts}. Saves {saving} points on average over the {cards}.", **values)
    return tr("{facts}. Saves {saving} points on average over passing the {cards}.", **values)


def sheet_html(chosen: Sequence[tuple[Puzzle, str]], *, per_page: int = PER_PAGE, css: bool = True) -> str:
    """The whole sheet: the puzzles ``per_page`` to a printed page, then the answers on a last page of their own.
    With ``css`` the sheet brings its own screen and print styles (a ``<style>`` element)."""
    boxes = [puzzle_html(p, i, theme) for i, (p, theme) in enumerate(chosen, 1)]
    pages = "".join(f'<div class="hl-sheet-page">{"".join(boxes[k:k + per_page])}</div>'
                    for k in range(0, len(boxes), per_page))  # fmt: skip
    answers = "".join(
        f'<li class="hl-sheet-answer-item"><b>{html.escape(answer_text(p))}</b> — {html.escape(short_explanation(p))}'
        "</li>"
        for p, _ in chosen
    )
    best = html.escape(best_meaning(p for p, _ in chosen)) if chosen else ""
    last = f'<div class="hl-sheet-answers"><h2>{tr("Answers")}</h2><p>{best}</p><ol>{answers}</ol></div>'
    style = f"<style>{SHEET_CSS}</style>" if css else ""
    return f'{style}<div class="hl-puzzle-sheet">{pages}{last}</div>'
