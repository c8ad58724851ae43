"""Golden hands of every variant: designed deals played trick by trick, with the scores worked out by hand
(tests/data/variants/golden_hands.json says why each score is what it is)."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_lessons.state import HandState, Phase

from .golden import golden_cases, points_text, replay

CASES = golden_cases()


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_hand_scores(case: dict[str, Any]) -> None:
    state = replay(case)
    assert state.phase is Phase.DONE
    expected = case["expected"]
    assert points_text(state) == expected["points"], case["why"]
    assert state.score is not None
    if "shooter" in expected:
        assert state.score.shooter == expected["shooter"]
        assert state.score.sun == expected["sun"]
    if "hole_owner" in expected:
        assert state.hole_owner == expected["hole_owner"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_hand_records_round_trip(case: dict[str, Any]) -> None:
    state = replay(case)
    again = HandState.from_json(state.to_json())
    assert again.score == state.score
    assert [t.cards for t in again.tricks] == [t.cards for t in state.tricks]
    assert again.hole_owner == state.hole_owner


def test_every_variant_has_a_golden_hand() -> None:
    from hearts_lessons.variants import PRESETS

    assert {c["preset"] for c in CASES} == set(PRESETS)
