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

from ..i18n import tr, tr_text
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
        kept = " ".join(c.code[0] for c in self.they_keep if c.is_wild)
        if self.comebacks:
            back = tr("you bomb back with {bomb}", bomb=self.comebacks[0].ranks_text)
        else:
            back = tr("you cannot bomb back")
        if kept:
            return tr("{bomb}: {back}; they keep {kept}", bomb=self.answer.ranks_text, back=back, kept=kept)
        return tr("{bomb}: {back}; they keep nothing", bomb=self.answer.ranks_text, back=back)


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
            tr("Three players. Seat 0 bets little (15), seat 1 does not bet, and seat 2 goes out first. "
               "How many points does seat 1 get from the bets?"),
            bets[1],
            tr("a failed bet goes to the first player out and to every player who did not bet."),
            why=tr("seat 0's bet failed, since seat 2 went out first; the {amount} of a failed bet goes to the "
                   "first player out and also to each player who did not bet, and seat 1 did not bet",
                   amount=LITTLE_BET),
            hint=tr("Did seat 0's bet win? If not, who collects it?"),
        ),
        NumberExercise(
            tr("Two players. You go out while your opponent still holds 6 cards, two of them their J and K. "
               "How many points is going out worth to you?"),
            go_out_bonus(6),
            tr("5 for each card the opponent holds, wilds included."),
            why=tr("going out scores {points} for each card your opponent still holds, and their J and K "
                   "count like any other card", points=go_out_bonus(1)),
            hint=tr("Count every card the opponent holds, wilds included."),
        ),
        NumberExercise(
            tr("You went out first. Your opponent is left with {leftover}, and the Haggis is "
               "{haggis}. How many card points do these cards add to your pile?", leftover=cards_text(leftover),
               haggis=cards_text(haggis)),
            capture_points([*leftover, *haggis]),
            tr("3R, 9B, 5O, 7B and 9G score 1 each and the queen 3; the other cards score nothing."),
            why=tr("{rule}; add up all {n} cards, the opponent's and the Haggis", rule=_points_rule(),
                   n=len(leftover) + len(haggis)),
            hint=tr("Only odd number cards from 3 to 9 and the J, Q and K score."),
        ),
    ]


def _points_rule() -> str:
    """How captured cards score, with the engine's numbers (RULES 4.8)."""
    three, two, jack, queen, king = parse_cards("3R 2R J0 Q0 K0")
    return tr(
        "3, 5, 7 and 9 score {odd} each, 2, 4, 6, 8 and 10 score {even}, and the J {jack}, the Q {queen} and the K "
        "{king}", odd=card_points(three), even=card_points(two), jack=card_points(jack), queen=card_points(queen),
        king=card_points(king),
    )


def _name_of(cards: str) -> str:
    readings = classify(parse_cards(cards))
    return readings[0].name if readings else tr("nothing", context="combination")


def _why_not_follow(cards: str, top: Combo) -> str:
    """Why ``cards`` may not follow ``top`` (RULES 4.6), in the reader's words; refuses cards that may."""
    readings = classify(parse_cards(cards))
    if any(beats(r, top) for r in readings):
        raise ValueError(f"{cards} may follow the {top.name}")
    if not readings:
        return tr("{cards} form no combination at all", cards=cards)
    reading = readings[0]
    if reading.shape == top.shape:
        return tr("{cards} form a {reading}, lower than the {top}", cards=cards, reading=reading.name, top=top.name)
    return tr("{cards} form a {reading}, not a {shape}: after a {top} only a higher {shape} (or a bomb) may follow",
              cards=cards, reading=reading.name, shape=top.shape_name, top=top.name)  # fmt: skip


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
    triple = tr("triple of {rank}s", rank=4)
    nothing = tr("nothing: a wild cannot join two different ranks")
    questions.append(
        Question(
            tr("What do {cards} form?", cards=forms),
            (triple, _name_of(forms), nothing),
            _name_of(forms),
            tr("the jack fills the place above 5, so the cards are a {name} (a wild may also end a sequence).",
               name=_name_of(forms)),
            why={
                triple: tr("a triple needs three cards of one rank: the jack could be a second 4, but the 5 stays a "
                           "5, and the engine reads {cards} only as {readings}", cards=forms,
                           readings=tr(" or ", context="list").join(r.name for r in readings)),
                nothing: tr("a wild stands for whatever number card is missing: here {fill}, which makes a {name}",
                            fill=readings[0].fills[0], name=readings[0].name),
            },
            hint=tr("Which card could the jack stand for?"),
        )
    )
    pair = classify(parse_cards("7R 7G"))[0]
    candidates = ("6B 6O", "9R 9G 9B", "8B J0", "10R 10G 10B 10O")
    legal = [c for c in candidates if any(beats(r, pair) for r in classify(parse_cards(c)))]
    questions.append(
        Question(
            tr("A pair of 7s is on the table. Which of these may follow it?"),
            candidates,
            legal[0],
            tr("only {cards} is a higher pair: a follower plays the same kind with the same number of cards "
               "(or a bomb).", cards=legal[0]),
            why={c: _why_not_follow(c, pair) for c in candidates if c not in legal},
            hint=tr("A follower plays the same kind of combination with the same number of cards, only higher."),
        )
    )
    jk, qk = Bomb.JK, Bomb.QK
    higher = max(jk, qk)
    ladder = tr(", ", context="list").join(b.label for b in BOMB_LADDER)
    questions.append(
        Question(
            tr("Which bomb is higher?"),
            (jk.label, qk.label),
            higher.label,
            tr("the ladder runs {ladder}.", ladder=ladder),
            why={b.label: tr("{bomb} is lower: the bomb ladder runs {ladder}", bomb=b.label, ladder=ladder)
                 for b in (jk, qk) if b != higher},
            hint=tr("Recall the bomb ladder, from the lowest bomb to the highest."),
        )
    )
    hand, taker = trick_taker_example()
    bomber = hand.tricks[-1].winner
    nobody = tr("nobody: the cards go to the Haggis")
    questions.append(
        Question(
            tr("Two players. Seat 0 leads a pair of 9s, seat 1 beats it with the J-Q bomb, seat 0 passes. "
               "Who captures the trick?"),
            (tr("seat {n}", n=0), tr("seat {n}", n=1), nobody),
            tr("seat {n}", n=taker),
            tr("a trick won by a bomb goes to the player who played just before the bomb, so the bomber gets the "
               "lead but gives away the cards (and the 5 points of J and Q)."),
            why=_without(
                tr("seat {n}", n=taker),
                {
                    tr("seat {n}", n=bomber): tr("seat {bomber} wins the trick with the bomb and leads next, but a "
                                                 "trick won by a bomb goes to the player who played just before it: "
                                                 "seat {taker}", bomber=bomber, taker=taker),
                    nobody: tr("every trick is captured by a player; the Haggis is only the cards left over at the "
                               "deal, and it goes to the first player out when the hand ends"),
                },
            ),
            hint=tr("Winning the trick and capturing its cards are not the same when a bomb wins."),
        )
    )
    pile = parse_cards("3R 5G 8B 10O K1")
    points = sum(card_points(c) for c in pile)
    numbers_only = sum(card_points(c) for c in pile if not c.is_wild)
    scoring = " ".join(c.code for c in pile if card_points(c))

    def wrong_total(option: str) -> str:
        if int(option) == numbers_only:
            return tr("that counts only the number cards, but the king scores {points} too",
                      points=card_points(pile[-1]))  # fmt: skip
        if option == "26":
            return tr("26 is what one hand of Hearts is worth; in Haggis {rule}", rule=_points_rule())
        if int(option) > points:
            return tr("too many: only {cards} score here, as {rule}", cards=scoring, rule=_points_rule())
        return tr("too few: only {cards} score here, as {rule}", cards=scoring, rule=_points_rule())

    options = ("2", str(points), "12", "26")
    questions.append(
        Question(
            tr("How many points does a player score for capturing {cards}?", cards=cards_text(pile)),
            options,
            str(points),
            tr("3 and 5 score 1 each, 8 and 10 nothing, the king 5."),
            why={o: wrong_total(o) for o in options if o != str(points)},
            hint=tr("Only 3, 5, 7, 9 and the J, Q and K score."),
        )
    )
    rows = bomb_answers(mine="3R 5O 7G 9B Q0 K0", theirs="J1 Q1 K1", opening="3R 5O 7G 9B")
    unanswerable = [r for r in rows if not r.comebacks]
    cheapest = min(unanswerable, key=lambda r: r.answer.value)

    def wrong_bomb(row: BombAnswer) -> str:
        label = row.answer.ranks_text
        if row.comebacks:
            return tr("you can bomb back {bomb} with your {yours}, so you keep the last word", bomb=label,
                      yours=row.comebacks[0].ranks_text)  # fmt: skip
        kept = " ".join(c.code[0] for c in row.they_keep if c.is_wild)
        if not kept:
            return tr("you cannot bomb back {bomb} either, but {cheapest} is lower, and {bomb} would leave them no "
                      "wild", bomb=label, cheapest=cheapest.answer.ranks_text)  # fmt: skip
        return tr("you cannot bomb back {bomb} either, but {cheapest} is lower, and {bomb} would leave them {kept}",
                  bomb=label, cheapest=cheapest.answer.ranks_text, kept=kept)  # fmt: skip

    questions.append(
        Question(
            tr("You hold the 3-5-7-9 bomb in four suits and your Q and K; your opponent holds J, Q and K. You open "
               "with the 3-5-7-9 bomb. What is the lowest bomb they can answer with that you cannot beat back?"),
            tuple(r.answer.ranks_text for r in rows),
            cheapest.answer.ranks_text,
            tr("J-Q and J-K lose to your Q-K, so they must spend {bomb}; they keep only {kept}, while you still hold "
               "Q-K (the timing {source} teaches).", bomb=cheapest.answer.ranks_text,
               kept=" ".join(c.code[0] for c in cheapest.they_keep), source=tr_text(HAGGIS_BLOG)),
            why={r.answer.ranks_text: wrong_bomb(r) for r in rows if r is not cheapest},
            hint=tr("For each of their bombs, ask whether your Q and K could bomb back."),
        )
    )
    return questions
