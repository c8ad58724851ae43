"""The Haggis stages of the practice path: combinations, beating them, and bombs (RULES 4.3–4.6).

Cards come from seeded two-player deals; every answer comes from the Haggis engine: :func:`~.combos.classify`
names what cards form, :func:`~.combos.why_not` says why they form nothing, :func:`~.combos.why_cannot_follow`
decides (with its reason) whether one combination may follow another, and a played-out trick says who captures it.

>>> from hearts_lessons.practice.drills import stage
>>> d = stage("haggis_bombs").drill(0)
>>> d.goal, d.answer
('Which bomb is higher?', ('J-Q-K',))
"""

from __future__ import annotations

import random

from ..haggis.cards import HaggisCard, card_points, number_deck, sort_cards, wilds_of
from ..haggis.combos import BOMB_LADDER, Combo, ComboKind, beats, classify, why_cannot_follow
from ..haggis.plays import bombs_in, candidate_plays
from ..haggis.rules import TWO_PLAYERS
from ..haggis.state import HaggisHand
from ..i18n import N_, tr
from .drills import Drill, Picture, Stage, Words

__all__ = ["HAGGIS_STAGES"]

SEARCH = 200


def _text(cards: tuple[HaggisCard, ...] | list[HaggisCard]) -> str:
    return " ".join(c.code for c in sort_cards(cards))


def _hands(seed: int) -> tuple[list[HaggisCard], list[HaggisCard]]:
    """Two seeded hands of 14 number cards each, with each player's own J, Q and K."""
    deck = number_deck(2)
    random.Random(seed).shuffle(deck)
    return sort_cards(deck[:14]) + list(wilds_of(0)), sort_cards(deck[14:28]) + list(wilds_of(1))


def _key(combo: Combo) -> str:
    return tr("{cards} ({combo})", cards=_text(list(combo.cards)), combo=combo.name)


def _plain(combos: list[Combo]) -> list[Combo]:
    """Combinations of two or more cards that are not bombs and read one way only."""
    return [c for c in combos if c.size >= 2 and not c.is_bomb and len(classify(c.cards)) == 1]


# -- 11. combinations and beating them ------------------------------------------------------------------------


def _combos(index: int) -> Drill:
    key, kind = "haggis_combos", index % 3
    for seed in range(110_000 + 1_000 * index, 110_000 + 1_000 * index + SEARCH):
        rng = random.Random(seed)
        mine, theirs = _hands(seed)
        plays = _plain(candidate_plays(mine))
        if kind == 0:
            shapes = {c.kind for c in plays}
            if len(shapes) < 2:
                continue
            simple = [c for c in plays if sum(x.is_wild for x in c.cards) <= 1 and c.size <= 5]
            combo = rng.choice([c for c in simple if c.kind is not ComboKind.SET] or simple or plays)
            others = [c for c in plays if c.kind is not combo.kind]
            distract = rng.sample(others, min(2, len(others)))
            answer = combo.name
            names: list[str] = [answer, *dict.fromkeys(c.name for c in distract if c.name != answer)]
            options = [*names, tr("nothing: they form no combination")]
            rng.shuffle(options)
            reading = combo.explain()
            w = Words(tuple(combo.cards))
            reads = w.say("right", w.fact("reads_as", cards=_text(list(combo.cards)), name=answer),
                          w.fact("engine_reading", cards=_text(list(combo.cards)), reading=reading), sep=": ")
            why = {}
            for o in options:
                if o != answer:
                    is_not = [w.fact("not_reading", cards=_text(list(combo.cards)), name=o)] if o in names else []
                    why[o] = w.say(f"why:{o}", *is_not, w.fact("reads_as", cards=_text(list(combo.cards)),
                                                                name=answer), sep=": ")  # fmt: skip
            return Drill(f"{key}-{index + 1}", key, tr("What do {cards} form?", cards=_text(list(combo.cards))),
                         "choice", tuple(options), (answer,), reads, why,
                         tr("A set is cards of one rank; a sequence is 3 or more ranks in a row of one suit; wilds "
                            "(J, Q, K) fill a gap."), Picture(haggis=((tr("The cards"), combo.cards),)),
                         said=tuple(w.said))  # fmt: skip
        if kind == 1:
            group = rng.sample(mine[:14], 3)
            if classify(group) or len(plays) < 2 or len({c.rank for c in group}) < 3:
                continue
            shown = tuple(sort_cards(group))
            w = Words(shown)
            codes = _text(group)
            ranks = sorted(c.rank for c in group)
            facts = [w.fact("not_one_rank", cards=codes)]
            if len({c.suit for c in group}) > 1:
                facts.append(w.fact("not_one_suit", cards=codes))
            if ranks[-1] - ranks[0] + 1 > len(group):
                facts.append(w.fact("not_in_a_row", cards=codes, low=ranks[0], high=ranks[-1],
                                    span=ranks[-1] - ranks[0] + 1, count=len(group)))  # fmt: skip
            facts.append(w.fact("no_rank_twice", cards=codes))
            answer = tr("nothing: they form no combination")
            names_of = [c.name for c in rng.sample(plays, 2)]
            listed = tuple(sorted({answer, *names_of}))
            why = {o: w.say(f"why:{o}", *facts) for o in listed if o != answer}
            return Drill(f"{key}-{index + 1}", key, tr("What do {cards} form?", cards=codes), "choice", listed,
                         (answer,), w.say("right", *facts), why, tr("Do the ranks match, or run in a row in one suit?"),
                         Picture(haggis=((tr("The cards"), shown),)), said=tuple(w.said))  # fmt: skip
        tables = _plain(candidate_plays(theirs))
        if not tables:
            continue
        table = rng.choice(tables)
        mine_plays = [c for c in candidate_plays(mine) if not c.is_bomb]
        good = [c for c in mine_plays if beats(c, table)]
        bad = [c for c in mine_plays if not beats(c, table) and c.size == table.size]
        bad += [c for c in mine_plays if not beats(c, table) and c.size != table.size and c.size >= 2]
        if not good or len(bad) < 2:
            continue
        right = min(good, key=lambda c: (c.value, c.size))
        wrong = rng.sample(bad[:6], 2) if len(bad) > 2 else bad
        choices = [right, *wrong]
        rng.shuffle(choices)
        keys = tuple(_key(c) for c in choices)
        shown = (*table.cards, *mine)
        w = Words(shown)
        table_args = {"table": table.name, "table_cards": _text(list(table.cards))}
        why = {_key(c): w.say(f"why:{_key(c)}", w.fact("may_not_follow", cards=_text(list(c.cards)), name=c.name,
                                                        reason=why_cannot_follow(c, table) or "", **table_args))
               for c in wrong}  # fmt: skip
        follows = w.say("right", w.fact("may_follow", cards=_text(list(right.cards)), name=right.name, **table_args))
        played = w.say("goal", w.fact("played_as", cards=_text(list(table.cards)), name=table.name))
        return Drill(f"{key}-{index + 1}", key,
                     tr("Your opponent played {played}. Which of these may follow it?", played=played),
                     "choice", keys, (_key(right),),
                     tr("{follows}: a follower plays the same kind with the same number of cards, higher (or a bomb)",
                        follows=follows),
                     why, tr("Same kind, same number of cards, higher value — or a bomb."),
                     Picture(haggis=((tr("On the table"), table.cards), (tr("Your cards"), tuple(mine)))),
                     said=tuple(w.said))  # fmt: skip
    raise RuntimeError(f"no Haggis drill found for {key} {index}")


# -- 12. bombs and when to keep them -----------------------------------------------------------------------


def _bombs(index: int) -> Drill:
    key, kind = "haggis_bombs", index % 4
    rng = random.Random(120_000 + index)
    ladder = " < ".join(b.label for b in BOMB_LADDER)
    if kind == 0:
        low, high = sorted(rng.sample(list(BOMB_LADDER), 2))
        if index == 0:
            low, high = BOMB_LADDER[2], BOMB_LADDER[4]
        pair = (low.label, high.label) if rng.random() < 0.5 else (high.label, low.label)
        w = Words(BOMB_LADDER)
        facts = (w.fact("bomb_above", high=high.label, low=low.label), w.fact("bomb_ladder", ladder=ladder))
        return Drill(f"{key}-{index + 1}", key, tr("Which bomb is higher?"), "choice", pair, (high.label,),
                     w.say("right", *facts), {low.label: w.say(f"why:{low.label}", *facts)},
                     tr("The 3-5-7-9 in one suit is the highest; in four suits the lowest."), said=tuple(w.said))
    for seed in range(120_000 + 1_000 * index, 120_000 + 1_000 * index + SEARCH):
        rng = random.Random(seed)
        mine, theirs = _hands(seed)
        if kind == 1:
            their_bombs = bombs_in(theirs)
            my_bombs = sorted(bombs_in(mine), key=lambda b: b.value)
            if not their_bombs or len(my_bombs) < 2:
                continue
            theirs_bomb = rng.choice(their_bombs)
            beating = [b for b in my_bombs if beats(b, theirs_bomb)]
            none = tr("none: you must pass")
            options = tuple(dict.fromkeys([*(b.ranks_text for b in my_bombs), none]))
            answer = beating[0].ranks_text if beating else none
            w = Words((*theirs_bomb.cards, *mine))
            table = {"table": theirs_bomb.name, "table_cards": _text(list(theirs_bomb.cards))}
            why = {}
            for b in my_bombs:
                if b.ranks_text == answer or b.ranks_text in why:
                    continue
                reason = why_cannot_follow(b, theirs_bomb)
                fact = (w.fact("may_not_follow", cards=_text(list(b.cards)), name=b.name, reason=reason, **table)
                        if reason else
                        w.fact("spends_more", cards=_text(list(b.cards)), name=b.name, lowest=beating[0].name,
                               lowest_cards=_text(list(beating[0].cards)), **table))  # fmt: skip
                why[b.ranks_text] = w.say(f"why:{b.ranks_text}", fact)
            if beating:
                lowest = w.fact("lowest_beating", cards=_text(list(beating[0].cards)), name=beating[0].name,
                                mine=_text(mine), **table)  # fmt: skip
                why[none] = w.say(f"why:{none}", lowest)
                right = w.say("right", lowest)
            else:
                right = w.say("right", w.fact("no_bomb_beats", mine=_text(mine), **table))
            return Drill(f"{key}-{index + 1}", key, tr("Your opponent bombs with {bomb}. Which is your lowest bomb "
                                                       "that beats it?", bomb=theirs_bomb.ranks_text),
                         "choice", options, (answer,), right, why,
                         tr("After a bomb only a higher bomb may follow: {ladder}.", ladder=ladder),
                         Picture(haggis=((tr("Their bomb"), theirs_bomb.cards), (tr("Your cards"), tuple(mine)))),
                         said=tuple(w.said))  # fmt: skip
        lead = [c for c in _plain(candidate_plays(mine[:14])) if c.size >= 2]
        their_bombs = [b for b in bombs_in(theirs) if b.uses_wilds]
        if not lead or not their_bombs:
            continue
        opening, bomb = rng.choice(lead), rng.choice(their_bombs)
        hand = HaggisHand.from_cards(TWO_PLAYERS, hands=[mine[:14], theirs[:14]], leader=0)
        hand.play(opening)
        hand.play(bomb)
        hand.pass_turn()
        trick = hand.tricks[-1]
        picture = Picture(haggis=((tr("You led"), opening.cards), (tr("They bombed"), bomb.cards)))
        w = Words(hand)
        told = w.say("goal", w.fact("bombed_trick", lead=_text(list(opening.cards)), lead_name=opening.name,
                                    bomb=bomb.ranks_text))  # fmt: skip
        story = tr("{told}.", told=f"{told[:1].upper()}{told[1:]}")
        if kind == 2:
            names = (tr("You", context="seat"), tr("Your opponent"))
            answer = names[trick.taker]
            captured = w.fact("captured_after_bomb", taker=answer.lower())
            rule = tr("{fact}: the bomber gets the lead but gives the cards away", fact=w.say("right", captured))
            return Drill(f"{key}-{index + 1}", key, tr("{story} Who captures the trick?", story=story), "choice",
                         names, (answer,), rule, {n: w.say(f"why:{n}", captured) for n in names if n != answer},
                         tr("Bombs give the trick away."), picture, said=tuple(w.said))  # fmt: skip
        points = sum(card_points(c) for c in trick.cards)
        counted = tr(", ", context="list").join(tr("{card} {n}", context="card points", card=c.code, n=card_points(c))
                                       for c in sort_cards(trick.cards) if card_points(c))  # fmt: skip
        right = w.say("right", w.fact("trick_card_points", counted=counted or tr("nothing", context="points"),
                                      points=points))  # fmt: skip
        return Drill(f"{key}-{index + 1}", key, tr("{story} How many card points does the trick give to whoever "
                                                   "captures it?", story=story), "number", (), (str(points),), right,
                     {}, tr("3, 5, 7 and 9 score 1 each; J 2, Q 3, K 5; the rest nothing."), picture,
                     wrong=tr("3, 5, 7, 9 score 1 each, J 2, Q 3, K 5 (the bomb's wilds are in the trick too)"),
                     said=tuple(w.said))  # fmt: skip
    raise RuntimeError(f"no Haggis drill found for {key} {index}")


HAGGIS_STAGES: tuple[Stage, ...] = (
    Stage("haggis_combos", N_("Haggis: combinations and beating them"),
          N_("Sets, sequences and sequences of sets; wilds fill gaps; a follower plays the same shape, higher."), 9,
          _combos, "haggis", ("20_haggis_climbing.ipynb", "From trick-taking to climbing: Haggis")),
    Stage("haggis_bombs", N_("Haggis: bombs and when to keep them"),
          N_("The bomb ladder; only a higher bomb follows a bomb; a bomb wins the lead but gives the trick away."), 8,
          _bombs, "haggis", ("21_haggis_play.ipynb", "Play a hand of Haggis")),
)
