"""Exercises for the Haggis lessons, with answers computed by the engine (never typed in by hand).

:func:`bomb_answers` lays out the wild-card timing fight of seed 003 (``003_f6267983a4d4ba7d.txt``): which bombs
an opponent can answer yours with, whether you can bomb back, and which wilds each side keeps.
:func:`climbing_quiz` builds the closing questions of the climbing lesson; the shared quiz widget checks the
reader's choices against them.

>>> for row in bomb_answers(mine="3R 5O 7G 9B Q0 K0", theirs="J1 Q1 K1", opening="3R 5O 7G 9B"):
...     print(row.text)
J-Q: you bomb back with Q-K; they keep K
J-K: you bomb back with Q-K; they keep Q
Q-K: you cannot bomb back; they keep J
J-Q-K: you cannot bomb back; they keep nothing
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..sources import HAGGIS_BLOG
from .cards import HaggisCard, card_points, cards_text, parse_cards
from .combos import BOMB_LADDER, Bomb, Combo, beats, classify
from .plays import bombs_in
from .rules import LITTLE_BET, TWO_PLAYERS
from .scoring import bet_points, capture_points, go_out_bonus
from .state import HaggisHand

__all__ = [
    "BombAnswer",
    "NumberExercise",
    "Question",
    "bomb_answers",
    "climbing_quiz",
    "scoring_quiz",
    "trick_taker_example",
]


@dataclass(frozen=True, slots=True)
class BombAnswer:
    """One way the opponent can beat your opening bomb, and what follows."""

    answer: Combo
    comebacks: tuple[Combo, ...]
    they_keep: tuple[HaggisCard, ...]

    @property
    def text(self) -> str:
        back = f"you bomb back with {self.comebacks[0].ranks_text}" if self.comebacks else "you cannot bomb back"
        kept = " ".join(c.code[0] for c in self.they_keep if c.is_wild) or "nothing"
        return f"{self.answer.ranks_text}: {back}; they keep {kept}"


def _cards(cards: str | Sequence[HaggisCard]) -> list[HaggisCard]:
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


def bomb_answers(
    *,
    mine: str | Sequence[HaggisCard],
    theirs: str | Sequence[HaggisCard],
    opening: str | Sequence[HaggisCard],
) -> list[BombAnswer]:
    """For an opening bomb taken from ``mine``: every bomb in ``theirs`` that beats it, lowest first, with the
    bombs you could answer it with from your remaining cards and the cards they keep."""
    my_cards, their_cards = _cards(mine), _cards(theirs)
    opened = classify(_cards(opening))
    if not opened or not opened[0].is_bomb:
        raise ValueError("the opening must be a bomb")
    first = opened[0]
    left = [c for c in my_cards if c not in first.cards]
    rows = []
    for answer in sorted(bombs_in(their_cards), key=lambda c: c.value):
        if not beats(answer, first):
            continue
        comebacks = tuple(sorted((b for b in bombs_in(left) if beats(b, answer)), key=lambda c: c.value))
        kept = tuple(c for c in their_cards if c not in answer.cards)
        rows.append(BombAnswer(answer, comebacks, kept))
    return rows


def trick_taker_example() -> tuple[HaggisHand, int]:
    """A two-player trick won by a bomb: seat 0 leads a pair of 9s, seat 1 bombs with J-Q, seat 0 passes.
    Returns the hand after the trick and the seat that captured it (RULES 4.6: seat 0, who played before the bomb).

    >>> trick_taker_example()[1]
    0
    """
    hand = HaggisHand.from_cards(
        TWO_PLAYERS,
        hands=["9R 9O 2G 3G 4G 5G 6G 7G 8G 10G 2B 3B 4B 5B", "2R 3R 4R 5R 6R 7R 8R 10R 2O 3O 4O 5O 6O 7O"],
        leader=0,
    )
    hand.play("9R 9O")
    hand.play("J1 Q1")
    hand.pass_turn()
    return hand, hand.tricks[-1].taker


@dataclass(frozen=True, slots=True)
class Question:
    """A multiple-choice question whose ``answer`` (one of ``options``) was computed by the engine; ``why`` gives
    each wrong option the reason it is wrong, ``hint`` a nudge after the first miss.

    >>> Question("Which is higher?", ("J-K", "Q-K"), "Q-K", "", why={"Q-K": "?"})
    Traceback (most recent call last):
    ValueError: 'why' must explain wrong options only, not the answer Q-K
    """

    prompt: str
    options: tuple[str, ...]
    answer: str
    explanation: str
    why: Mapping[str, str] = field(default_factory=dict)
    hint: str = ""

    def __post_init__(self) -> None:
        if self.answer not in self.options:
            raise ValueError("the answer must be one of the options")
        unknown = set(self.why) - set(self.options)
        if unknown:
            raise ValueError(f"'why' names options that are not offered: {', '.join(sorted(unknown))}")
        if self.answer in self.why:
            raise ValueError(f"'why' must explain wrong options only, not the answer {self.answer}")

    @property
    def wrong_options(self) -> tuple[str, ...]:
        """The options that are not the answer."""
        return tuple(o for o in self.options if o != self.answer)


@dataclass(frozen=True, slots=True)
class NumberExercise:
    """A question whose answer is a number computed by the engine (e.g. a score); ``why`` says how to get it when
    the reader's number is wrong, ``hint`` gives a nudge."""

    prompt: str
    answer: int
    explanation: str
    why: str = ""
    hint: str = ""


def scoring_quiz() -> list[NumberExercise]:
    """The closing exercises of the play lesson: scoring a hand (RULES 4.7–4.8), answers from the engine.

    >>> [q.answer for q in scoring_quiz()]
    [15, 30, 8]
    """
    bets = bet_points((LITTLE_BET, 0, 0), first_out=2, failed_bet_loses=False)
    leftover, haggis = parse_cards("3R 8G 9B Q1"), parse_cards("5O 6O 7B 10G 2R 4B 8B 9G")
    return [
        NumberExercise(
            "Three players. Seat 0 bets little (15), seat 1 does not bet, and seat 2 goes out first. "
            "How many points does seat 1 get from the bets?",
            bets[1],
            "a failed bet goes to the first player out and to every player who did not bet.",
            why=f"seat 0's bet failed, since seat 2 went out first; the {LITTLE_BET} of a failed bet goes to the "
            "first player out and also to each player who did not bet, and seat 1 did not bet",
            hint="Did seat 0's bet win? If not, who collects it?",
        ),
        NumberExercise(
            "Two players. You go out while your opponent still holds 6 cards, two of them their J and K. "
            "How many points is going out worth to you?",
            go_out_bonus(6),
            "5 for each card the opponent holds, wilds included.",
            why=f"going out scores {go_out_bonus(1)} for each card your opponent still holds, and their J and K "
            "count like any other card",
            hint="Count every card the opponent holds, wilds included.",
        ),
        NumberExercise(
            f"You went out first. Your opponent is left with {cards_text(leftover)}, and the Haggis is "
            f"{cards_text(haggis)}. How many card points do these cards add to your pile?",
            capture_points([*leftover, *haggis]),
            "3R, 9B, 5O, 7B and 9G score 1 each and the queen 3; the other cards score nothing.",
            why=f"{_points_rule()}; add up all {len(leftover) + len(haggis)} cards, the opponent's and the Haggis",
            hint="Only odd number cards from 3 to 9 and the J, Q and K score.",
        ),
    ]


def _points_rule() -> str:
    """How captured cards score, with the engine's numbers (RULES 4.8)."""
    three, two, jack, queen, king = parse_cards("3R 2R J0 Q0 K0")
    return (
        f"3, 5, 7 and 9 score {card_points(three)} each, 2, 4, 6, 8 and 10 score {card_points(two)}, and "
        f"the J {card_points(jack)}, the Q {card_points(queen)} and the K {card_points(king)}"
    )


def _name_of(cards: str) -> str:
    readings = classify(parse_cards(cards))
    return readings[0].name if readings else "nothing"


def _why_not_follow(cards: str, top: Combo) -> str:
    """Why ``cards`` may not follow ``top`` (RULES 4.6), in the reader's words; refuses cards that may."""
    readings = classify(parse_cards(cards))
    if any(beats(r, top) for r in readings):
        raise ValueError(f"{cards} may follow the {top.name}")
    if not readings:
        return f"{cards} form no combination at all"
    reading = readings[0]
    if reading.shape == top.shape:
        return f"{cards} form a {reading.name}, lower than the {top.name}"
    return (
        f"{cards} form a {reading.name}, not a {top.shape_name}: after a {top.name} only a higher "
        f"{top.shape_name} (or a bomb) may follow"
    )


def _without(answer: str, why: Mapping[str, str]) -> dict[str, str]:
    return {option: reason for option, reason in why.items() if option != answer}


def climbing_quiz() -> list[Question]:
    """The closing exercises of the climbing lesson; every answer, and every reason a wrong option is wrong, comes
    from the engine.

    >>> [q.answer for q in climbing_quiz()]
    ['sequence 4-5-6 in green', '8B J0', 'Q-K', 'seat 0', '7', 'Q-K']
    >>> climbing_quiz()[1].why["9R 9G 9B"]
    '9R 9G 9B form a triple of 9s, not a pair: after a pair of 7s only a higher pair (or a bomb) may follow'
    """
    questions = []
    forms = "4G 5G J0"
    readings = classify(parse_cards(forms))
    questions.append(
        Question(
            f"What do {forms} form?",
            ("triple of 4s", _name_of(forms), "nothing: a wild cannot join two different ranks"),
            _name_of(forms),
            f"the jack fills the place above 5, so the cards are a {_name_of(forms)} (a wild may also end a sequence).",
            why={
                "triple of 4s": "a triple needs three cards of one rank: the jack could be a second 4, but the 5 "
                f"stays a 5, and the engine reads {forms} only as {' or '.join(r.name for r in readings)}",
                "nothing: a wild cannot join two different ranks": "a wild stands for whatever number card is "
                f"missing: here {readings[0].fills[0]}, which makes a {readings[0].name}",
            },
            hint="Which card could the jack stand for?",
        )
    )
    pair = classify(parse_cards("7R 7G"))[0]
    candidates = ("6B 6O", "9R 9G 9B", "8B J0", "10R 10G 10B 10O")
    legal = [c for c in candidates if any(beats(r, pair) for r in classify(parse_cards(c)))]
    questions.append(
        Question(
            "A pair of 7s is on the table. Which of these may follow it?",
            candidates,
            legal[0],
            f"only {legal[0]} is a higher pair: a follower plays the same kind with the same number of cards "
            "(or a bomb).",
            why={c: _why_not_follow(c, pair) for c in candidates if c not in legal},
            hint="A follower plays the same kind of combination with the same number of cards, only higher.",
        )
    )
    jk, qk = Bomb.JK, Bomb.QK
    higher = max(jk, qk)
    ladder = ", ".join(b.label for b in BOMB_LADDER)
    questions.append(
        Question(
            "Which bomb is higher?",
            (jk.label, qk.label),
            higher.label,
            f"the ladder runs {ladder}.",
            why={b.label: f"{b.label} is lower: the bomb ladder runs {ladder}" for b in (jk, qk) if b != higher},
            hint="Recall the bomb ladder, from the lowest bomb to the highest.",
        )
    )
    hand, taker = trick_taker_example()
    bomber = hand.tricks[-1].winner
    questions.append(
        Question(
            "Two players. Seat 0 leads a pair of 9s, seat 1 beats it with the J-Q bomb, seat 0 passes. "
            "Who captures the trick?",
            ("seat 0", "seat 1", "nobody: the cards go to the Haggis"),
            f"seat {taker}",
            "a trick won by a bomb goes to the player who played just before the bomb, so the bomber gets the "
            "lead but gives away the cards (and the 5 points of J and Q).",
            why=_without(
                f"seat {taker}",
                {
                    f"seat {bomber}": f"seat {bomber} wins the trick with the bomb and leads next, but a trick won "
                    f"by a bomb goes to the player who played just before it: seat {taker}",
                    "nobody: the cards go to the Haggis": "every trick is captured by a player; the Haggis is only "
                    "the cards left over at the deal, and it goes to the first player out when the hand ends",
                },
            ),
            hint="Winning the trick and capturing its cards are not the same when a bomb wins.",
        )
    )
    pile = parse_cards("3R 5G 8B 10O K1")
    points = sum(card_points(c) for c in pile)
    numbers_only = sum(card_points(c) for c in pile if not c.is_wild)
    scoring = " ".join(c.code for c in pile if card_points(c))

    def wrong_total(option: str) -> str:
        if int(option) == numbers_only:
            return f"that counts only the number cards, but the king scores {card_points(pile[-1])} too"
        if option == "26":
            return f"26 is what one hand of Hearts is worth; in Haggis {_points_rule()}"
        return f"too {'many' if int(option) > points else 'few'}: only {scoring} score here, as {_points_rule()}"

    options = ("2", str(points), "12", "26")
    questions.append(
        Question(
            f"How many points does a player score for capturing {cards_text(pile)}?",
            options,
            str(points),
            "3 and 5 score 1 each, 8 and 10 nothing, the king 5.",
            why={o: wrong_total(o) for o in options if o != str(points)},
            hint="Only 3, 5, 7, 9 and the J, Q and K score.",
        )
    )
    rows = bomb_answers(mine="3R 5O 7G 9B Q0 K0", theirs="J1 Q1 K1", opening="3R 5O 7G 9B")
    unanswerable = [r for r in rows if not r.comebacks]
    cheapest = min(unanswerable, key=lambda r: r.answer.value)

    def wrong_bomb(row: BombAnswer) -> str:
        label = row.answer.ranks_text
        if row.comebacks:
            return f"you can bomb back {label} with your {row.comebacks[0].ranks_text}, so you keep the last word"
        kept = " ".join(c.code[0] for c in row.they_keep if c.is_wild) or "no wild"
        return (
            f"you cannot bomb back {label} either, but {cheapest.answer.ranks_text} is lower, and {label} would "
            f"leave them {kept}"
        )

    questions.append(
        Question(
            "You hold the 3-5-7-9 bomb in four suits and your Q and K; your opponent holds J, Q and K. You open "
            "with the 3-5-7-9 bomb. What is the lowest bomb they can answer with that you cannot beat back?",
            tuple(r.answer.ranks_text for r in rows),
            cheapest.answer.ranks_text,
            f"J-Q and J-K lose to your Q-K, so they must spend {cheapest.answer.ranks_text}; they keep only "
            f"{' '.join(c.code[0] for c in cheapest.they_keep)}, while you still hold Q-K (the timing "
            f"{HAGGIS_BLOG} teaches).",
            why={r.answer.ranks_text: wrong_bomb(r) for r in rows if r is not cheapest},
            hint="For each of their bombs, ask whether your Q and K could bomb back.",
        )
    )
    return questions
