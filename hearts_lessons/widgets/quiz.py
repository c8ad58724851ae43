"""Exercises whose answers a widget checks: multiple choice, cards to pick, or a number.

>>> q = ChoiceQuestion("Who wins ♦4 ♥Q ♦10 ♦6?", ["♦4", "♥Q", "♦10", "♦6"], answer="♦10",
...                    explanation="Only diamonds can win; the ♦10 is the highest diamond.")
>>> q.choices.value = "♥Q"; q.check.click(); q.correct
False
>>> q.choices.value = "♦10"; q.check.click(); q.correct
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from ..cards import Card
from .common import CardPicker, MessageLine

__all__ = ["CardsQuestion", "ChoiceQuestion", "NumberQuestion", "Quiz"]


class _Question(W.VBox):
    def __init__(self, prompt: str, explanation: str) -> None:
        super().__init__()
        self.prompt = W.HTML(f"<b>{prompt}</b>")
        self.check = W.Button(description="Check", button_style="info", tooltip="Check your answer")
        self.feedback = MessageLine()
        self.explanation = explanation
        self.correct: bool | None = None
        self.check.on_click(lambda _: self._check())

    def _is_right(self) -> bool | None:
        raise NotImplementedError

    def _check(self) -> None:
        verdict = self._is_right()
        if verdict is None:
            self.feedback.show("Choose an answer first.", "info")
            return
        self.correct = verdict
        if verdict:
            self.feedback.show(f"Right. {self.explanation}", "ok")
        else:
            self.feedback.show("Not quite — look again and try once more.", "error")


class ChoiceQuestion(_Question):
    """Pick one answer from a list."""

    def __init__(self, prompt: str, options: Sequence[str], *, answer: str, explanation: str = "") -> None:
        super().__init__(prompt, explanation)
        if answer not in options:
            raise ValueError("the answer must be one of the options")
        self.answer = answer
        self.choices = W.RadioButtons(options=list(options), value=None, layout=W.Layout(width="auto"))
        self.children = (self.prompt, self.choices, self.check, self.feedback)

    def _is_right(self) -> bool | None:
        return None if self.choices.value is None else self.choices.value == self.answer


class CardsQuestion(_Question):
    """Pick exactly the right cards (e.g. "which cards may South play?")."""

    def __init__(self, prompt: str, cards: Sequence[Card], *, answer: Sequence[Card], explanation: str = "") -> None:
        super().__init__(prompt, explanation)
        self.answer = frozenset(answer)
        self.picker = CardPicker(cards)
        self.children = (self.prompt, self.picker, self.check, self.feedback)

    def _is_right(self) -> bool | None:
        return frozenset(self.picker.selected) == self.answer


class NumberQuestion(_Question):
    """Type a number (e.g. a score)."""

    def __init__(self, prompt: str, *, answer: float, explanation: str = "", tolerance: float = 0.0) -> None:
        super().__init__(prompt, explanation)
        self.answer = answer
        self.tolerance = tolerance
        self.entry = W.FloatText(value=None, description="Answer:", layout=W.Layout(width="220px"))
        self.children = (self.prompt, self.entry, self.check, self.feedback)

    def _is_right(self) -> bool | None:
        value: Any = self.entry.value
        if value is None:
            return None
        return abs(float(value) - self.answer) <= self.tolerance


class Quiz(W.VBox):
    """A numbered list of questions with a running tally."""

    def __init__(self, questions: Sequence[_Question], title: str = "Exercises") -> None:
        self.questions = list(questions)
        self.tally = W.HTML()
        boxes = []
        for number, question in enumerate(self.questions, 1):
            question.prompt.value = question.prompt.value.replace("<b>", f"<b>{number}. ", 1)
            question.check.on_click(lambda _: self._update())
            boxes.append(question)
        super().__init__([W.HTML(f"<h4>{title}</h4>"), *boxes, self.tally])
        self._update()

    @property
    def score(self) -> int:
        return sum(1 for q in self.questions if q.correct)

    def _update(self) -> None:
        self.tally.value = f"<i>{self.score} of {len(self.questions)} answered correctly.</i>"



