"""Drills: tiny exercises with one goal, instant feedback that teaches, and 1–3 stars by tries.

A :class:`Drill` is a position and one goal ("Win this trick.", "Tick every card West may lead.", "How many
points did North take?"). Its answer was computed by the engine when the drill was made — legal plays, trick
winners, scores, the coach's measurements — never typed in (see :mod:`~hearts_lessons.practice.rules_drills`,
:mod:`~hearts_lessons.practice.strategy_drills` and :mod:`~hearts_lessons.practice.haggis_drills`). An
:class:`Attempt` checks a reader's answers one after another: a right answer says why it is right; a wrong one
says what goes wrong with that answer (the engine's reason for a rule, the coach's measurement for a danger; a
tick names every card wrongly ticked and every card left out); after one miss a hint is added; after two the
answer is shown. Every sentence about the position is made of facts (:mod:`hearts_lessons.facts`) checked true of
it when the drill is made; :attr:`Drill.said` keeps them, and :func:`false_facts` checks them again. Stars: 3 at
the first try, 2 at the second, 1 after that.

The answer kinds:

- ``play``: pick one card; any card of ``answer`` is right (e.g. every card that wins the trick);
- ``tick``: pick a set of cards; right when it is exactly ``answer`` (e.g. the legal plays);
- ``pass``: pick cards to pass; the coach grades the pass (``grader``), ``answer`` is the coach's own pass;
- ``choice``: pick one option; ``answer`` is the right option;
- ``number``: type a number; ``answer`` is the number, as text.

>>> d = Drill(id="demo-1", stage="demo", goal="Which suit is red?", kind="choice", options=("♠", "♥"),
...           answer=("♥",), right="hearts and diamonds are red", why={"♠": "spades are black"}, hint="look")
>>> a = Attempt(d)
>>> a.submit("♠").text
'Not yet: spades are black.'
>>> f = a.submit("♥"); f.right, f.stars, f.text
(True, 2, 'Right: hearts and diamonds are red.')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..facts import Fact, check, join_cards, make
from ..i18n import N_, get_language, language, tr, tr_text

if TYPE_CHECKING:
    from ..haggis.cards import HaggisCard
    from ..state import HandState

__all__ = ["KINDS", "PARTS", "Attempt", "Drill", "Feedback", "Picture", "Said", "Stage", "Words", "false_facts",
           "stage", "stages", "stars_for_tries"]

KINDS = ("play", "tick", "pass", "choice", "number")

Response = str | float | int | Collection[str]
Grader = Callable[[Sequence[str]], tuple[bool, str]]


@dataclass(frozen=True, slots=True, eq=False)
class Picture:
    """What a drill shows: a Hearts position from one seat's view (``show``: the ``table``, the last complete
    ``trick``, the cards each seat has ``taken``, or just the ``hand`` to pass from), or rows of Haggis cards.
    :func:`~hearts_lessons.practice.pictures.draw` turns it into HTML."""

    state: HandState | None = None
    seat: int | None = None
    show: str = "table"
    haggis: tuple[tuple[str, tuple[HaggisCard, ...]], ...] = ()
    caption: str = ""


@dataclass(frozen=True, slots=True, eq=False)
class Said:
    """What one sentence of a drill is made of: where the drill says it (``goal``, ``right``, ``hint``,
    ``why:<option>``, ``grade``), the facts it words and the position they are true of (a Hearts position, a
    table the coach measured, a Haggis position)."""

    where: str
    facts: tuple[Fact, ...]
    on: Any
    you: int | None = None
    lang: str = "en"
    """The language the sentence was worded in (its facts are checked against its words in that language)."""


class Words:
    """Sentences made of facts checked on one position (:func:`hearts_lessons.facts.make`); each sentence is
    recorded as a :class:`Said` for the tests that walk every drill."""

    def __init__(self, on: Any, you: int | None = None) -> None:
        self.on = on
        self.you = you
        self.said: list[Said] = []

    def fact(self, kind_name: str, on: Any = None, **args: Any) -> Fact:
        return make(kind_name, self.on if on is None else on, **args)

    def say(self, where: str, *facts: Fact, sep: str = "; ", on: Any = None) -> str:
        """The facts worded and joined (``sep``: "; " or ": ", in the book's language), recorded as said at
        ``where``."""
        self.said.append(Said(where, tuple(facts), self.on if on is None else on, self.you, get_language()))
        return tr_text(sep, context="between facts").join(f.words(you=self.you) for f in facts)


_SEPARATORS = (N_("; ", context="between facts"), N_(": ", context="between facts"),
               N_(" and ", context="between facts"))
"""The ways :meth:`Words.say` joins facts."""


def false_facts(drill: Drill) -> list[tuple[str, Fact]]:
    """Every fact a drill says that is not true of its position, or whose words its sentence lacks (empty when
    every sentence holds)."""
    out = []
    for said in drill.said:
        text = drill.text_at(said.where)
        for fact in said.facts:
            with language(said.lang):
                words = fact.words(you=said.you)
            if not check(fact, said.on) or words.lower() not in text.lower():
                out.append((said.where, fact))
    return out


@dataclass(frozen=True, slots=True, eq=False)
class Drill:
    """One exercise: a position, a goal, and the engine's answer with the reasons."""

    id: str
    stage: str
    goal: str
    kind: str
    options: tuple[str, ...]
    """Card codes the reader picks from (``play``/``tick``/``pass``) or the options (``choice``)."""
    answer: tuple[str, ...]
    right: str
    """Why the answer is right (a clause, without the leading "Right:")."""
    why: Mapping[str, str] = field(default_factory=dict)
    """For each wrong option or card: why it is wrong (the rule or the danger)."""
    hint: str = ""
    picture: Picture = field(default_factory=Picture)
    labels: Mapping[str, str] = field(default_factory=dict)
    """How to show an option (``QS`` → ``Q♠``); defaults to the option itself."""
    pick: int = 1
    """How many cards a ``pass`` drill picks."""
    grader: Grader | None = None
    """For ``pass`` drills: the coach's verdict on a pass (right or not, and the words)."""
    wrong: str = ""
    """For ``number`` drills: what to say about a wrong number (how to count)."""
    said: tuple[Said, ...] = ()
    """The facts each sentence is made of (:class:`Said`), checked true of the drill's position."""
    lesson: str = ""
    """The rule of the lesson this drill practises, when the drill applies it (for the tests)."""
    rights: Mapping[str, str] = field(default_factory=dict)
    """For a ``play`` drill with several right cards: why the card the reader chose is right (said at
    ``right:<card>``); a right card not listed gets :attr:`right`."""

    def text_at(self, where: str) -> str:
        """The sentence said at ``where`` (``goal``, ``right``, ``hint``, ``wrong`` or ``why:<option>``)."""
        if where.startswith("why:"):
            return self.why.get(where[4:], "")
        if where.startswith("right:"):
            return self.rights.get(where[6:], "")
        return str(getattr(self, where))

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown drill kind {self.kind!r}")
        if self.kind in ("play", "choice") and not set(self.answer) <= set(self.options):
            raise ValueError(f"drill {self.id}: the answer must be among the options")
        if self.kind in ("play", "choice", "number") and not self.answer:
            raise ValueError(f"drill {self.id}: a drill needs an answer")
        if self.kind in ("play", "tick", "choice"):
            silent = [o for o in self.options if o not in self.answer and o not in self.why]
            if silent:
                raise ValueError(f"drill {self.id}: no reason given for the wrong options {', '.join(silent)}")

    def label(self, option: str) -> str:
        return self.labels.get(option, option)

    @property
    def answer_text(self) -> str:
        """The answer as the reader should see it."""
        shown = tr(", ", context="answers").join(self.label(a) for a in self.answer)
        if self.kind == "play" and len(self.answer) > 1:
            return tr("any of {cards}", cards=shown)
        if self.kind == "tick" and not self.answer:
            return tr("none of them")
        return shown

    def verdict(self, response: Response) -> tuple[bool, str]:
        """Whether ``response`` is right, and why (without the "Right:"/"Not yet:" lead)."""
        if self.kind == "number":
            try:
                value = float(response)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                return False, tr("type a number")
            target = float(self.answer[0])
            if abs(value - target) < 1e-9:
                return True, self.right
            shown = f"{value:g}"
            if value > target:
                if self.wrong:
                    return False, tr("{number} is too high: {how}", number=shown, how=self.wrong)
                return False, tr("{number} is too high: count again", number=shown)
            if self.wrong:
                return False, tr("{number} is too low: {how}", number=shown, how=self.wrong)
            return False, tr("{number} is too low: count again", number=shown)
        if self.kind in ("play", "choice"):
            chosen = str(response)
            if chosen in self.answer:
                return True, self.rights.get(chosen, self.right)
            return False, self.why.get(chosen, tr("{option} is not the answer", option=self.label(chosen)))
        picked = [response] if isinstance(response, str) else [str(c) for c in response]  # type: ignore[union-attr]
        unknown = [c for c in picked if c not in self.options]
        if unknown:
            names = tr(", ", context="answers").join(unknown)
            if len(unknown) == 1:
                return False, tr("{cards} is not among the cards shown", cards=names)
            return False, tr("{cards} are not among the cards shown", cards=names)
        if self.kind == "pass":
            if len(set(picked)) != self.pick:
                return False, tr("choose exactly {n} cards (you chose {chosen})", n=self.pick, chosen=len(set(picked)))
            for code in picked:
                if code in self.why:  # a card the rules do not let you pass: the engine's reason names it
                    return False, self.why[code]
            if self.grader is None:
                return set(picked) == set(self.answer), self.right
            return self.grader(picked)
        wanted, chosen_set = set(self.answer), set(picked)
        if chosen_set == wanted:
            return True, self.right
        return False, self.tick_feedback(chosen_set)

    def tick_feedback(self, chosen: Collection[str]) -> str:
        """What is wrong with a ticked set: every card wrongly ticked (each with its reason) and every card left
        out."""
        wanted, chosen_set = set(self.answer), set(chosen)
        extra = [c for c in self.options if c in chosen_set - wanted]
        missing = [c for c in self.options if c in wanted - chosen_set]
        parts = []
        between = tr_text("; ", context="between facts")
        listed = tr(", ", context="answers")
        if extra:
            names = join_cards(_cards(extra)) if _all_cards(extra) else listed.join(self.label(c) for c in extra)
            reasons = between.join(self.why[c] for c in extra)
            if len(extra) > 1:
                parts.append(tr("you ticked the {cards}, which do not fit: {reasons}", cards=names, reasons=reasons))
            else:
                parts.append(tr("you ticked the {cards}, which does not fit: {reasons}", cards=names, reasons=reasons))
        if missing:
            names = join_cards(_cards(missing)) if _all_cards(missing) else listed.join(self.label(c) for c in missing)
            if len(missing) > 1:
                parts.append(tr("you left out the {cards}, which fit the goal too", cards=names))
            else:
                parts.append(tr("you left out the {cards}, which fits the goal too", cards=names))
        return between.join(parts)


def _all_cards(codes: Sequence[str]) -> bool:
    from ..cards import Card

    try:
        for code in codes:
            Card.from_str(code)
    except ValueError:
        return False
    return True


def _cards(codes: Sequence[str]) -> list[Any]:
    from ..cards import Card

    return [Card.from_str(c) for c in codes]


def stars_for_tries(tries: int) -> int:
    """Stars for solving a drill at try number ``tries``: 3, 2, then 1.

    >>> [stars_for_tries(n) for n in (1, 2, 3, 7)]
    [3, 2, 1, 1]
    """
    if tries < 1:
        raise ValueError("a drill is solved at try 1 or later")
    return max(1, 4 - tries)


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the reader is told after one try."""

    right: bool
    text: str
    hint: str = ""
    """A hint, after the first miss."""
    answer: str = ""
    """The answer, shown after the second miss."""
    stars: int = 0
    """Stars earned (when right)."""


class Attempt:
    """A reader working on one drill: counts tries, gives hints and the answer, awards stars."""

    def __init__(self, drill: Drill) -> None:
        self.drill = drill
        self.tries = 0
        self.misses = 0
        self.solved = False
        self.stars = 0

    def submit(self, response: Response) -> Feedback:
        """Check one answer. After the drill is solved, further answers are checked but earn nothing new."""
        right, why = self.drill.verdict(response)
        why = why.strip().rstrip(".。")
        self.tries += 1
        if right:
            if not self.solved:
                self.solved = True
                self.stars = stars_for_tries(self.tries)
            return Feedback(True, tr("Right: {why}.", why=why), stars=self.stars)
        self.misses += 1
        hint = self.drill.hint if self.misses >= 1 and not self.solved else ""
        right_text = _capital(self.drill.right.strip().rstrip(".。"))
        answer = ""
        if self.misses >= 2:
            answer = tr("The answer: {answer}. {why}.", answer=self.drill.answer_text, why=right_text)
        return Feedback(False, tr("Not yet: {why}.", why=why), hint=hint, answer=answer)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, eq=False)
class Stage:
    """A run of drills on one idea, made on demand (``make(index)``) and kept once made, in each language (its
    words are made with it). ``title`` and ``teaches`` are English marked with :func:`~hearts_lessons.i18n.N_`:
    shown with :func:`~hearts_lessons.i18n.tr_text`."""

    key: str
    title: str
    teaches: str
    count: int
    make: Callable[[int], Drill] = field(repr=False)
    game: str = "hearts"
    lesson: tuple[str, str] = ("", "")
    """The lesson this stage practises: its notebook and its title."""
    _cache: dict[tuple[str, int], Drill] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 15:
            raise ValueError("a stage has 1 to 15 drills")

    def drill(self, index: int) -> Drill:
        """Drill ``index`` (0-based) of this stage."""
        if not 0 <= index < self.count:
            raise IndexError(f"stage {self.key!r} has {self.count} drills")
        cache = self._cache
        key = (get_language(), index)
        if key not in cache:
            cache[key] = self.make(index)
        return cache[key]

    def drills(self) -> list[Drill]:
        return [self.drill(i) for i in range(self.count)]


@functools.cache
def stages() -> dict[str, Stage]:
    """Every stage, in the order a beginner needs them (Hearts, then Haggis)."""
    from .haggis_drills import HAGGIS_STAGES
    from .rules_drills import RULES_STAGES
    from .strategy_drills import STRATEGY_STAGES

    return {s.key: s for s in (*RULES_STAGES, *STRATEGY_STAGES, *HAGGIS_STAGES)}


PARTS: dict[str, tuple[str, ...]] = {
    "basics": ("tricks", "first_trick", "breaking", "points"),
    "strategy": ("passing", "ducking", "discarding", "counting", "stopping_moon", "shooting"),
    "haggis": ("haggis_combos", "haggis_bombs"),
}
"""The stages of each practice page."""


def stage(key: str) -> Stage:
    """One stage by key."""
    try:
        return stages()[key]
    except KeyError:
        raise KeyError(f"no stage {key!r}; the stages are {', '.join(stages())}") from None


