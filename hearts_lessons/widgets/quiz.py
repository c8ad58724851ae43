"""Exercises whose answers a widget checks: multiple choice, cards to pick, or a number.

Feedback teaches: a right answer says why it is right (``explanation``); a wrong one says why it is wrong —
each wrong option may have its own reason (``why``), e.g. the engine's rule — and adds the ``hint`` after the
first miss; after two misses the answer is shown. Every question also carries its answer in a collapsed
"Show answer" block, so a static or printed page is complete.

>>> q = ChoiceQuestion("Who wins ♦4 ♥Q ♦10 ♦6?", ["♦4", "♥Q", "♦10", "♦6"], answer="♦10",
...                    explanation="Only diamonds can win; the ♦10 is the highest diamond.",
...                    why={"♥Q": "the ♥Q is a discard: only diamonds can win"}, hint="Which suit was led?")
>>> q.choices.value = "♥Q"; q.check.click(); q.correct, q.feedback.text
(False, 'Not quite: the ♥Q is a discard: only diamonds can win. Hint: Which suit was led?')
>>> q.choices.value = "♦4"; q.check.click(); q.feedback.text.split("The answer: ")[1]
'♦10. Only diamonds can win; the ♦10 is the highest diamond.'
>>> q.choices.value = "♦10"; q.check.click(); q.correct, q.tries, q.stars
(True, 3, 1)
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as W

from ..cards import Card
from ..i18n import N_, full_stop, join_sentences, tr, tr_text
from .common import CardPicker, MessageLine, number_box, number_refusal, read_number

__all__ = ["CardsQuestion", "ChoiceQuestion", "NumberQuestion", "Quiz", "answer_block"]

TRY_AGAIN = N_("look again and try once more")


def answer_block(answer: str, explanation: str = "") -> str:
    """A collapsed "Show answer" block (HTML ``<details>``): closed until the reader opens it, complete in print."""
    body = html.escape(answer) + (f" — {html.escape(explanation)}" if explanation else "")
    return (
        '<details class="hl-show-answer" style="font:13px sans-serif;color:#333;margin:2px 0 6px">'
        f'<summary style="cursor:pointer">{tr("Show answer")}</summary><div style="padding:2px 0 0 14px">{body}</div>'
        "</details>"
    )


def _sentence(text: str) -> str:
    return full_stop(text)


class _Question(W.VBox):
    def __init__(self, prompt: str, explanation: str, hint: str = "") -> None:
        super().__init__()
        self.prompt = W.HTML(f"<b>{prompt}</b>")
        self.check = W.Button(description=tr("Check", context="button"), button_style="info",
                              tooltip=tr("Check your answer"))
        self.feedback = MessageLine()
        self.explanation = explanation
        self.hint = hint
        self.correct: bool | None = None
        self.tries = 0
        """Answers checked so far (an empty answer does not count)."""
        self.misses = 0
        self.stars = 0
        """3 if solved at the first try, 2 at the second, 1 later; 0 until solved."""
        self.reveal = W.HTML(answer_block(self.answer_text, explanation))
        self.check.on_click(lambda _: self._check())

    @property
    def answer_text(self) -> str:
        """The answer as the reader should read it."""
        raise NotImplementedError

    def _is_right(self) -> bool | None:
        raise NotImplementedError

    def _why_wrong(self) -> str:
        """Why the current (wrong) answer is wrong, or ``""`` when the question has no reason for it."""
        return ""

    def _refusal(self) -> str:
        """Why the answer given cannot be checked (``""`` when it can), beyond nothing chosen yet: a number box
        says what it needs."""
        return ""

    def _check(self) -> None:
        refusal = self._refusal()
        if refusal:  # not a try: nothing is counted
            self.feedback.show(refusal, "info")
            return
        verdict = self._is_right()
        if verdict is None:
            self.feedback.show(tr("Choose an answer first."), "info")
            return
        self.tries += 1
        if verdict:
            if not self.correct:
                self.stars = max(1, 4 - self.tries)
            self.correct = True
            self.feedback.show(tr("Right. {explanation}", explanation=self.explanation).strip(), "ok")
            return
        self.correct = False
        self.misses += 1
        why = self._why_wrong()
        parts = [tr("Not quite: {why}", why=_sentence(why)) if why else
                 tr("Not quite — {try_again}.", try_again=tr_text(TRY_AGAIN))]  # fmt: skip
        if self.hint:
            hint = _sentence(self.hint) if self.hint[-1:] not in "?!？！" else self.hint
            parts.append(tr("Hint: {hint}", hint=hint))
        if self.misses >= 2:
            parts.append(tr("The answer: {answer} {explanation}", answer=_sentence(self.answer_text),
                            explanation=self.explanation).strip())
        self.feedback.show(join_sentences(parts), "error")


class ChoiceQuestion(_Question):
    """Pick one answer from a list; ``why`` maps wrong options to the reason they are wrong."""

    def __init__(self, prompt: str, options: Sequence[str], *, answer: str, explanation: str = "",
                 why: Mapping[str, str] | None = None, hint: str = "") -> None:  # fmt: skip
        if answer not in options:
            raise ValueError("the answer must be one of the options")
        unknown = set(why or {}) - set(options)
        if unknown:
            raise ValueError(f"'why' names options that are not offered: {', '.join(sorted(unknown))}")
        self.answer = answer
        self.why = dict(why or {})
        super().__init__(prompt, explanation, hint)
        self.choices = W.RadioButtons(options=list(options), value=None, layout=W.Layout(width="auto"))
        self.children = (self.prompt, self.choices, self.check, self.feedback, self.reveal)

    @property
    def answer_text(self) -> str:
        return self.answer

    def _is_right(self) -> bool | None:
        return None if self.choices.value is None else self.choices.value == self.answer

    def _why_wrong(self) -> str:
        return self.why.get(self.choices.value, "")


class CardsQuestion(_Question):
    """Pick exactly the right cards (e.g. "which cards may South play?"); ``why`` maps cards that must not be
    picked to the reason (e.g. the engine's ``why_not``)."""

    def __init__(self, prompt: str, cards: Sequence[Card], *, answer: Sequence[Card], explanation: str = "",
                 why: Mapping[Card | str, str] | None = None, hint: str = "") -> None:  # fmt: skip
        self.answer = frozenset(answer)
        self.cards = list(cards)
        self.why = {(c if isinstance(c, Card) else Card.from_str(c)): text for c, text in (why or {}).items()}
        super().__init__(prompt, explanation, hint)
        self.picker = CardPicker(cards)
        self.children = (self.prompt, self.picker, self.check, self.feedback, self.reveal)

    @property
    def answer_text(self) -> str:
        chosen = [c.symbol for c in self.cards if c in self.answer]
        return " ".join(chosen) if chosen else tr("none of them")

    def _is_right(self) -> bool | None:
        return frozenset(self.picker.selected) == self.answer

    def _why_wrong(self) -> str:
        picked = set(self.picker.selected)
        extra = [c for c in self.cards if c in picked and c not in self.answer]
        if extra:
            reason = self.why.get(extra[0])
            if reason:
                return tr("the {card} does not belong: {reason}", card=extra[0].symbol, reason=reason)
            return tr("the {card} does not belong", card=extra[0].symbol)
        missing = [c for c in self.cards if c in self.answer and c not in picked]
        if missing:
            return tr("you left out the {card}", card=missing[0].symbol)
        return ""


class NumberQuestion(_Question):
    """Type a number (e.g. a score); ``why`` says how to get it when the number is wrong."""

    def __init__(self, prompt: str, *, answer: float, explanation: str = "", tolerance: float = 0.0,
                 why: str = "", hint: str = "") -> None:  # fmt: skip
        self.answer = answer
        self.tolerance = tolerance
        self.why = why
        super().__init__(prompt, explanation, hint)
        self.entry = number_box()
        """Empty until the reader types (no number looks given); an empty box or words are refused, not counted."""
        self.children = (self.prompt, self.entry, self.check, self.feedback, self.reveal)

    @property
    def answer_text(self) -> str:
        return f"{self.answer:g}"

    def _refusal(self) -> str:
        return number_refusal(self.entry.value)

    def _is_right(self) -> bool | None:
        value = read_number(self.entry.value)
        if value is None:
            return None
        return abs(value - self.answer) <= self.tolerance

    def _why_wrong(self) -> str:
        return self.why


class Quiz(W.VBox):
    """A numbered list of questions with a running tally."""

    def __init__(self, questions: Sequence[_Question], title: str | None = None) -> None:
        self.questions = list(questions)
        self.tally = W.HTML()
        boxes = []
        for number, question in enumerate(self.questions, 1):
            question.prompt.value = question.prompt.value.replace("<b>", f"<b>{number}. ", 1)
            question.check.on_click(lambda _: self._update())
            boxes.append(question)
        heading = title if title is not None else tr("Exercises")  # the default said in the book's language
        super().__init__([W.HTML(f"<h4>{heading}</h4>"), *boxes, self.tally])
        self._update()

    @property
    def score(self) -> int:
        return sum(1 for q in self.questions if q.correct)

    @property
    def stars(self) -> int:
        """Stars over every question (3 each at most)."""
        return sum(q.stars for q in self.questions)

    def _update(self) -> None:
        said = tr("{score} of {total} answered correctly.", score=self.score, total=len(self.questions))
        self.tally.value = f"<i>{said}</i>"
