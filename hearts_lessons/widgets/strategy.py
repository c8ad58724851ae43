"""Widgets of the strategy lessons: a pass trainer, trick puzzles, a shoot-or-not trainer and a bot explainer.

Each is a thin controller: the coach (:mod:`hearts_lessons.bots.coach`) measures the moves in sampled deals of
the hidden cards, the shooter module measures a moon attempt, and the widgets show the numbers and the words.

>>> trainer = PassTrainer(seed=2, worlds=3)
>>> trainer.picker.select(trainer.hand[:3])
>>> trainer.check_button.click()
>>> trainer.grade is not None and trainer.grade.verdict in ("best", "good", "costly")
True
>>> trainer.grade.verdict == "best" or trainer.grade.deals >= 250
True
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as W

from ..bots.base import play_hand
from ..bots.coach import Advice, CoachBot
from ..bots.features import hand_features
from ..bots.pass_compare import PASS_MARGIN, compare_passes, shown_within
from ..bots.puzzles import PUZZLES, Puzzle
from ..bots.rulebased import RuleBasedBot
from ..bots.sampling import Worlds, surprises
from ..bots.shooter import MoonVerdict, moon_verdict, shooting_deals
from ..cards import Card, cards_of_mask
from ..facts import Fact, make
from ..facts.drills import Measured, one_decimal
from ..i18n import N_, tr, tr_text
from ..pass_words import pass_words
from ..render import cards_row_html, suit_colour
from ..rules import STANDARD, PassDirection, Rules
from ..scoring import format_points, points_words
from ..state import HandState, Phase
from ..table import seat_name, table_html
from ..tableview import table_view
from .cardtable import CardTable
from .common import CardPicker, MessageLine, safe

__all__ = ["BotExplainer", "Graded", "PassTrainer", "ShootTrainer", "TrickPuzzle", "grade_card", "grade_pass"]

DIRECTION_WORDS = {
    PassDirection.LEFT: N_("to the left (West)"),
    PassDirection.RIGHT: N_("to the right (East)"),
    PassDirection.ACROSS: N_("across (North)"),
    PassDirection.SPLIT: N_("one card to each other player"),
}
"""Where the pass goes, in English (``tr_text`` words it)."""

KIND = {"best": "ok", "good": "ok", "costly": "error"}


def _pass_deal(rules: Rules, seed: int, direction: PassDirection | None) -> HandState:
    """A seeded deal whose hand passes (in ``direction`` if given)."""
    cycle = rules.cycle
    for hand_number in range(len(cycle)):
        if cycle[hand_number] is not PassDirection.HOLD and (direction is None or cycle[hand_number] is direction):
            if direction is None:
                hand_number = (seed + hand_number) % len(cycle)
                while cycle[hand_number] is PassDirection.HOLD:
                    hand_number = (hand_number + 1) % len(cycle)
            return HandState.deal(rules, seed=seed, hand_number=hand_number)
    raise ValueError("these rules never pass (or never in that direction)")


@dataclass(frozen=True)
class Graded:
    """A reader's pass or card against the coach's, measured in the same sampled deals: ``best`` (the coach's own
    move, or no worse on average), ``good`` (the deals show it within half a point: the upper end of the paired
    difference's 95% interval is at most ``PASS_MARGIN``) or ``costly`` (not shown within half a point; the words
    say "Costly" when it is measurably more than half a point worse)."""

    verdict: str
    text: str
    diff: float = 0.0
    """The reader's points minus the coach's, on average over the common deals (0 for the coach's own pass)."""
    half: float = 0.0
    """Half the width of the 95% interval of ``diff``."""
    deals: int = 0
    """The common deals the two passes were played in."""


def grade_pass(state: HandState, seed: int, advice: Advice, chosen: Sequence[Card]) -> Graded:
    """Grade South's pass ``chosen`` against the coach's (``advice.choice``): the same pass is ``best``; any other
    is played against it in common deals, and is ``good`` only when the deals show it within half a point (so no
    pass measurably a point or more worse is ever good). The words are a fact checked on the measured table."""
    coach = tuple(sorted(advice.choice))
    cards = tuple(sorted(chosen))
    if cards == coach:
        return Graded("best", tr("Well played: that is the coach's own pass. {advice}", advice=advice.sentence))
    table = compare_passes(state, seed, coach, cards)
    diff, half, deals = table.diff(cards, coach)
    good = shown_within(table, cards, coach, PASS_MARGIN)
    fact = make("within_half" if good else "not_within_half", table, cards=cards, best=coach,
                diff=one_decimal(diff), half=one_decimal(half), deals=deals)  # fmt: skip
    return _graded(fact, good, diff, half, deals, advice)


def _graded(fact: Fact, good: bool, diff: float, half: float, deals: int, advice: Advice) -> Graded:
    words, said = fact.words(you=0), advice.sentence
    if good:
        text = tr("Good: {fact}. {advice}", fact=words, advice=said)
    elif diff - half > PASS_MARGIN:
        text = tr("Costly: {fact}. {advice}", fact=words, advice=said)
    else:
        text = tr("Not clearly good in these deals: {fact}. {advice}", fact=words, advice=said)
    return Graded("good" if good else "costly", text, diff, half, deals)


def grade_card(advice: Advice, card: Card) -> Graded:
    """Grade South's card against the coach's (which must have tried it), on the coach's own table: ``best`` when
    it is the coach's card or no worse on average; else ``good`` only when the paired difference is shown within
    half a point (the upper end of its 95% interval at most ``PASS_MARGIN``), never merely "within the coach's
    uncertainty" however large. The words are a fact checked on the table."""
    yours = advice.candidate([card])
    if yours is None:
        raise ValueError("the coach did not try that card")
    best = advice.candidates[0]
    if set(yours.cards) == set(best.cards) or yours.mean <= best.mean:
        return Graded("best", tr("Well played: the {card} is as good as the coach's card on average. {advice}",
                                 card=card.symbol, advice=advice.sentence))  # fmt: skip
    table = Measured({frozenset(c.cards): c.values for c in (yours, best)},
                     {frozenset(c.cards): c.queen for c in (yours, best)})  # fmt: skip
    diff, half, deals = table.diff(yours.cards, best.cards)
    good = shown_within(table, yours.cards, best.cards, PASS_MARGIN)
    fact = make("within_half" if good else "not_within_half", table, cards=yours.cards, best=best.cards,
                diff=one_decimal(diff), half=one_decimal(half), deals=deals)  # fmt: skip
    return _graded(fact, good, diff, half, deals, advice)


class PassTrainer(W.VBox):
    """Choose the cards to pass; the coach measures your pass against its own and says why."""

    def __init__(self, *, seed: int = 1, rules: Rules = STANDARD, worlds: int = 40,
                 direction: PassDirection | None = None) -> None:  # fmt: skip
        super().__init__()
        self.rules = rules
        self.seed = seed
        self.direction = direction
        self.coach = CoachBot(pass_worlds=worlds)
        self.header = W.HTML()
        self.picker = CardPicker(limit=0)
        self.check_button = W.Button(description=tr("Check my pass"), button_style="primary",
                                     tooltip=tr("Measure your pass against the coach's"))  # fmt: skip
        self.coach_button = W.Button(description=tr("Show the coach's pass"), tooltip=tr("Select the coach's pass"))
        self.new_button = W.Button(description=tr("New hand"), tooltip=tr("Deal another hand"))
        self.message = MessageLine(tr("Choose the cards to pass, then click “Check my pass”."))
        self.result = W.HTML()
        self.check_button.on_click(lambda _: self._check())
        self.coach_button.on_click(lambda _: self._show_coach())
        self.new_button.on_click(lambda _: self._new())
        self.grade: Graded | None = None
        self.advice: Advice | None = None
        self.children = (self.header, self.picker, W.HBox([self.check_button, self.coach_button, self.new_button]),
                         self.message, self.result)  # fmt: skip
        self.add_class("hl-pass-trainer")
        self._deal()

    @property
    def hand(self) -> list[Card]:
        return self.state.hand(0)

    @property
    def need(self) -> int:
        return self.state.cards_to_pass

    def _deal(self) -> None:
        self.state = _pass_deal(self.rules, self.seed, self.direction)
        self.grade = None
        self.advice = None
        self.picker.limit = self.need
        self.picker.set_cards(self.hand)
        direction = self.state.direction
        where = tr_text(DIRECTION_WORDS[direction]) if direction in DIRECTION_WORDS else pass_words(direction, "where")
        said = tr("<b>Deal {seed}</b>: you are South. Pass {n} cards {where}.", seed=self.seed, n=self.need,
                  where=html.escape(where))
        self.header.value = f"{said}{cards_row_html(self.hand, caption=tr('Your hand'))}"
        self.result.value = ""

    @safe(lambda self: self.message)
    def _check(self) -> None:
        chosen = self.picker.selected
        if len(chosen) != self.need:
            self.message.show(tr("Choose exactly {n} cards (you chose {chosen}).", n=self.need, chosen=len(chosen)),
                              "info")
            return
        self.state.verify_pass(0, chosen)
        self.message.show(tr("The coach is playing your pass and its own in sampled deals…"), "info")
        self.advice = self.coach.advise(self.state.view(0), random.Random(self.seed), extra=chosen)
        self.grade = grade_pass(self.state, self.seed, self.advice, chosen)
        self.message.show(self.grade.text, KIND[self.grade.verdict])
        self.result.value = self.advice.table_html(yours=chosen)

    @safe(lambda self: self.message)
    def _show_coach(self) -> None:
        if self.advice is None:
            self.advice = self.coach.advise(self.state.view(0), random.Random(self.seed))
        self.picker.select([])  # clear first: the picker refuses more than ``limit`` cards at any moment
        self.picker.select(self.advice.choice)
        self.message.show(self.advice.sentence, "info")
        self.result.value = self.advice.table_html()

    @safe(lambda self: self.message)
    def _new(self) -> None:
        self.seed += 1
        self._deal()
        self.message.show(tr("A new hand. Choose the cards to pass."), "info")


class TrickPuzzle(W.VBox):
    """Puzzles from given deals: pick South's card at the card table; the coach grades it and explains.

    The position is drawn as South sees it (:func:`hearts_lessons.tableview.table_view`): South's hand at the
    bottom with the cards that may not be played dimmed (clicking one says why), the others' card backs, the
    trick in the middle; the cards played so far are listed by suit below the table."""

    def __init__(self, puzzles: Sequence[Puzzle | str] | None = None, *, worlds: int = 60, start: int = 0) -> None:
        super().__init__()
        chosen = list(puzzles) if puzzles is not None else list(PUZZLES.values())
        self.puzzles = [PUZZLES[p] if isinstance(p, str) else p for p in chosen]
        if not self.puzzles:
            raise ValueError("give at least one puzzle")
        # a puzzle's earlier cards were chosen by its author, not by a rule-based player: every deal that agrees
        # with what South has seen is as likely
        self.coach = CoachBot(worlds=worlds, infer=False)
        self.index = start % len(self.puzzles)
        self.header = W.HTML(layout=W.Layout(width="100%"))
        self.cards = CardTable(label=tr("Card table: the puzzle's position, your hand at the bottom"), pace=0.6)
        self.message = self.cards  # refusals and the coach's grade, at the table
        self.played = W.HTML(layout=W.Layout(width="100%"))
        self.result = W.HTML(layout=W.Layout(width="100%", overflow="auto"))
        self.cards.on_card(lambda code, _seat: self._pick(code))
        self.cards.on_action(self._action)
        self.hint_button = W.Button(description=tr("Hint"), tooltip=tr("A hint"))
        self.previous_button = W.Button(description=tr("Previous puzzle"), layout=W.Layout(width="auto"))
        self.next_button = W.Button(description=tr("Next puzzle"), layout=W.Layout(width="auto"))
        self.hint_button.on_click(lambda _: self.message.show(tr_text(self.puzzle.hint), "info"))
        self.previous_button.on_click(lambda _: self._go(-1))
        self.next_button.on_click(lambda _: self._go(1))
        self.grade: Graded | None = None
        self._advice: Advice | None = None
        self.children = (self.header, self.cards, self.played, self.result,
                         W.HBox([self.hint_button, self.previous_button, self.next_button],
                                layout=W.Layout(flex_flow="row wrap")))  # fmt: skip
        self.add_class("hl-trick-puzzle")
        self._show()

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def advice(self) -> Advice:
        """The coach's measurements for the current puzzle (computed once)."""
        if self._advice is None:
            self._advice = self.coach.advise(self.state.view(0), random.Random(self.index))
        return self._advice

    def pick(self, card: Card | str) -> None:
        """Answer with a card of South's hand, as clicking it at the table does."""
        self.cards.click(card.code if isinstance(card, Card) else Card.from_str(card).code, 0)

    def _action(self, action: str) -> None:
        if action == "hint":
            self.message.show(tr_text(self.puzzle.hint), "info")

    def _show(self) -> None:
        self.state = self.puzzle.state()
        self._advice = None
        self.grade = None
        p = self.puzzle
        self.header.value = (
            "<div style='overflow-wrap:anywhere'><b>"
            + tr("Puzzle {number} of {total}: {title}", number=self.index + 1, total=len(self.puzzles),
                 title=html.escape(tr_text(p.title)))
            + f"</b><br>{html.escape(tr_text(p.question))}</div>"
        )
        self._draw()
        self.message.show(tr("Click the card you would play."), "info")
        self.result.value = ""

    def _draw(self, answered: Card | None = None) -> None:
        state = self.state
        n = state.players
        # a puzzle's position was set up from given cards, not dealt: no seat is marked as the dealer
        view = table_view(state, seat=0, title=tr("Puzzle {number}: {title}", number=self.index + 1,
                                                  title=tr_text(self.puzzle.title)),
                          names=[tr("You", context="player")] + [seat_name(s, n) for s in range(1, n)],
                          selected=[answered] if answered else (), show_completed=False,
                          dealer=False)  # fmt: skip
        taken = tr(", ", context="list separator").join(
            tr("{who} {points}", who=seat_name(s, n) if s else tr("you", context="player"),
               points=format_points(state.points_taken(s))) for s in range(n))  # fmt: skip
        view["status"] = tr("Trick {number} · your turn · points taken: {taken}", number=state.trick_number + 1,
                            taken=taken)
        if answered is not None:
            for entry in view["hand"]["cards"]:
                if entry["code"] == answered.code:
                    entry["selected"] = True
                    entry["label"] = tr("{card} — your answer", card=entry["name"])
        self.cards.view = view
        self.played.value = played_html(state)

    @safe(lambda self: self.message)
    def _pick(self, card: Card | str) -> None:
        card = card if isinstance(card, Card) else Card.from_str(card.partition("#")[0])
        reason = self.state.why_not(card, 0)
        if reason:
            self.message.show(f"{card.symbol}: {reason}", "error")
            return
        self.grade = grade_card(self.advice, card)
        self.message.show(self.grade.text, KIND[self.grade.verdict])
        self.result.value = self.advice.table_html(yours=[card])
        self._draw(answered=card)

    @safe(lambda self: self.message)
    def _go(self, step: int) -> None:
        self.index = (self.index + step) % len(self.puzzles)
        self._show()


def played_html(state: HandState, *, four_colour: bool = False) -> str:
    """The cards played so far, readable at a glance: one line per suit (ranks high to low, in the suit's
    colour, with how many of the suit are gone), then the tricks one by one, who led and who took each.

    >>> from hearts_lessons.bots.puzzles import PUZZLES
    >>> text = played_html(PUZZLES["queen"].state())
    >>> "♣" in text and "7 of 13 gone" in text and "Trick 1" in text
    True
    """
    n = state.players
    played = cards_of_mask(state.played_mask)
    if not played:
        return ("<div class='hl-played' style='font:14px sans-serif;margin:4px 0'>"
                f"{tr('No card has been played yet in this hand.')}</div>")  # fmt: skip
    rows = []
    for suit in sorted({c.suit for c in state.rules.deck if not c.is_joker}, key=int):
        gone = sorted((c for c in played if c.suit is suit), key=lambda c: (-int(c.rank), c.copy))
        total = sum(1 for c in state.rules.deck if c.suit is suit)
        colour = suit_colour(suit, four_colour=four_colour)
        ranks = " ".join(html.escape(c.rank.label) for c in gone) or "—"
        rows.append(
            f"<div style='display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;margin:2px 0'>"
            f"<span style='font-weight:700;color:{colour};min-width:1.2em'>{suit.symbol}</span>"
            f"<span style='font-family:ui-monospace,monospace;letter-spacing:0.04em;color:{colour}'>{ranks}</span>"
            f"<span style='color:#444'>{tr('{gone} of {total} gone', gone=len(gone), total=total)}</span></div>"
        )
    tricks = []
    for trick in state.tricks:
        cards = " ".join(
            f"<span style='color:{suit_colour(c.suit, four_colour=four_colour)}'>{html.escape(c.symbol)}</span>"
            for c in trick.cards
        )
        who = seat_name(trick.winner, n) if trick.winner is not None else tr("nobody")
        who = tr("you", context="player") if trick.winner == 0 else who
        leader = seat_name(trick.leader, n)
        if trick.points:
            line = tr("Trick {number} (led by {leader}): {cards} → {who}, {points}", number=trick.number + 1,
                      leader=leader, cards=cards, who=who, points=points_words(trick.points))
        else:
            line = tr("Trick {number} (led by {leader}): {cards} → {who}", number=trick.number + 1, leader=leader,
                      cards=cards, who=who)
        tricks.append(f"<li>{line}</li>")
    return (
        "<div class='hl-played' style='font:14px sans-serif;margin:6px 0;background:#fbf8f1;border-radius:8px;"
        "padding:6px 10px;color:#1d1d1d;overflow-wrap:anywhere'>"
        + tr("<b>Cards played so far</b> ({n}): by suit", n=len(played)) + "".join(rows)
        + f"<details><summary>{tr('Trick by trick')}</summary>"
        "<ol style='margin:2px 0;padding-left:1.4em;list-style:none'>"
        f"{''.join(tricks)}</ol></details></div>"
    )


class ShootTrainer(W.VBox):
    """Shoot the moon or play it safe? The same deals of the other hands are played both ways."""

    def __init__(self, *, seed: int = 0, worlds: int = 60, rules: Rules | None = None, minimum: float = 0.5) -> None:
        super().__init__()
        self.rules = rules or STANDARD.with_options(pass_cycle=(PassDirection.HOLD,))
        self.worlds = worlds
        self._deals = shooting_deals(self.rules, start=seed, minimum=minimum)
        self.header = W.HTML()
        self.shoot_button = W.Button(description=tr("Shoot the moon"), button_style="danger")
        self.safe_button = W.Button(description=tr("Play it safe"), button_style="success")
        self.next_button = W.Button(description=tr("Next hand"))
        self.message = MessageLine()
        self.result = W.HTML()
        self.shoot_button.on_click(lambda _: self._answer(True))
        self.safe_button.on_click(lambda _: self._answer(False))
        self.next_button.on_click(lambda _: self._next())
        self.verdict: MoonVerdict | None = None
        self.correct: bool | None = None
        self.score = [0, 0]
        """Right answers and answers so far."""
        for box in (self.header, self.message, self.result):  # long advice wraps instead of being cut off
            box.layout = W.Layout(width="100%", max_width="100%")
        self.children = (self.header, W.HBox([self.shoot_button, self.safe_button, self.next_button],
                                             layout=W.Layout(flex_flow="row wrap")),
                         self.message, self.result)  # fmt: skip
        self.add_class("hl-shoot-trainer")
        self._next()

    @safe(lambda self: self.message)
    def _next(self) -> None:
        self.state = next(self._deals)
        self.verdict = None
        self.correct = None
        f = hand_features(self.state.hand_mask(0), self.state.k)
        said = tr("<b>Deal {seed}</b> (no passing this hand). You are South: {hearts} hearts ({top} from the top), "
                  "{high} cards jack or higher, {low} cards 2–6.", seed=self.state.seed, hearts=f.hearts,
                  top=f.top_hearts, high=f.high_cards, low=f.low_cards)
        self.header.value = f"{said}{cards_row_html(self.state.hand(0), caption=tr('Your hand'))}"
        self.message.show(tr("Would you go for the moon with this hand?"), "info")
        self.result.value = ""

    @safe(lambda self: self.message)
    def _answer(self, shoot: bool) -> None:
        if self.verdict is None:
            self.verdict = moon_verdict(self.state.view(0), worlds=self.worlds, rng=random.Random(self.state.seed))
        first = self.correct is None
        self.correct = shoot == self.verdict.shoot
        if first:
            self.score = [self.score[0] + self.correct, self.score[1] + 1]
        kind = "ok" if self.correct else "error"
        if self.correct:
            self.message.show(tr("Right. {verdict}", verdict=self.verdict.text), kind)
        else:
            self.message.show(tr("Not this time. {verdict}", verdict=self.verdict.text), kind)
        said = tr("The moon model of the lesson gives this hand a {chance} chance. Your score: {right} of {total}.",
                  chance=f"{self.verdict.chance:.0%}", right=self.score[0], total=self.score[1])
        self.result.value = f"<div style='font:13px sans-serif'>{said}</div>"


class BotExplainer(W.VBox):
    """Watch the coach play South, decision by decision, with its numbers; peek at one sampled deal of the
    hidden cards. The other seats are rule-based bots."""

    def __init__(self, *, seed: int = 1, rules: Rules = STANDARD, worlds: int = 40, hand_number: int = 0) -> None:
        super().__init__()
        self.rules = rules
        self.seed = seed
        self.hand_number = hand_number
        self.others = {s: RuleBasedBot() for s in range(1, rules.players)}
        self.worlds = W.IntSlider(value=worlds, min=5, max=200, step=5, description=tr("worlds"),
                                  tooltip=tr("Sampled deals per decision: more is slower and surer"))  # fmt: skip
        self.table = W.HTML()
        self.advice_box = W.HTML()
        self.world_box = W.HTML()
        self.message = MessageLine()
        self.think_button = W.Button(description=tr("What would the coach do?"), button_style="info")
        self.play_button = W.Button(description=tr("Play the coach's move"), button_style="primary")
        self.sample_button = W.Button(description=tr("Show a sampled deal"),
                                      tooltip=tr("One guess at the hidden cards"))
        self.new_button = W.Button(description=tr("New hand"))
        self.think_button.on_click(lambda _: self._think())
        self.play_button.on_click(lambda _: self._play())
        self.sample_button.on_click(lambda _: self._sample())
        self.new_button.on_click(lambda _: self._new())
        self.advice: Advice | None = None
        self._samples = 0
        self.children = (
            self.table, W.HBox([self.think_button, self.play_button, self.sample_button, self.new_button]),
            self.worlds, self.message, self.advice_box, self.world_box,
        )  # fmt: skip
        self.add_class("hl-bot-explainer")
        self._start()

    def _start(self) -> None:
        self.state = HandState.deal(self.rules, seed=self.seed, hand_number=self.hand_number)
        self._advance()

    def _advance(self) -> None:
        play_hand(self.state, self.others, random.Random(self.seed), until_seat=0)
        self.advice = None
        self.advice_box.value = ""
        self.world_box.value = ""
        self.table.value = table_html(self.state, seat=0 if not self.state.is_over else None)
        if self.state.is_over:
            self.message.show(tr("The hand is over. Deal a new hand to watch again."), "info")
        elif self.state.phase is Phase.PASSING:
            self.message.show(tr("South (the coach) to pass."))
        else:
            self.message.show(tr("South (the coach) to play."))

    def _coach(self) -> CoachBot:
        """The coach at the strength the slider sets."""
        return CoachBot(worlds=self.worlds.value, pass_worlds=max(5, self.worlds.value // 2))

    @safe(lambda self: self.message)
    def _think(self) -> None:
        if self.state.is_over:
            self.message.show(tr("The hand is over."), "info")
            return
        self.advice = self._coach().advise(self.state.view(0), random.Random(self.seed * 7 + len(self.state.actions)))
        self.message.show(self.advice.sentence, "ok")
        self.advice_box.value = self.advice.table_html()

    @safe(lambda self: self.message)
    def _play(self) -> None:
        if self.state.is_over:
            self.message.show(tr("The hand is over."), "info")
            return
        if self.advice is None:
            self._think()
        advice = self.advice
        assert advice is not None
        if advice.kind == "pass":
            self.state.pass_cards(0, advice.choice)
        else:
            self.state.play(advice.choice[0], 0)
        self._advance()

    @safe(lambda self: self.message)
    def _sample(self) -> None:
        if self.state.phase is not Phase.PLAYING:
            self.message.show(tr("Deals are sampled once the play has begun (after passing)."), "info")
            return
        self._samples += 1
        view = self.state.view(0)
        coach = self._coach()
        hands = Worlds(view, random.Random(self._samples), burn=coach.burn, thin=coach.thin).take(1)[0]
        odd = surprises(view, hands)
        n = self.state.players
        rows = [
            cards_row_html(cards_of_mask(hands[s]), scale=0.55, overlap=True,
                           caption=tr("{seat} (a guess)", seat=seat_name(s, n)))
            for s in range(1, n)
        ]
        voids = [
            tr("{seat} void in {suits}", seat=seat_name(s, n),
               suits=tr(", ", context="list separator").join(x.word for x in view.void_suits(s)))
            for s in range(1, n)
            if view.voids[s]
        ]
        note = tr("Known voids respected: {voids}.", voids="; ".join(voids)) if voids else \
            tr("Nobody has shown a void yet.")
        if view.tricks:
            note += (tr(" With these hands, every card the others chose is the card a rule-based player would choose.")
                     if not odd else tr(" With these hands, {odd} of the others' cards would surprise a rule-based "
                                        "player (the coach finds such deals less likely).", odd=odd))  # fmt: skip
        said = tr("<b>Sampled deal {number}</b>: one of the coach's guesses at the hidden cards, consistent with all "
                  "South knows. {note}", number=self._samples, note=html.escape(note))
        self.world_box.value = f"<div style='font:13px sans-serif'>{said}</div>{''.join(rows)}"

    @safe(lambda self: self.message)
    def _new(self) -> None:
        self.seed += 1
        self._start()
