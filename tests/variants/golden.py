"""Helpers shared by the variant tests: build a preset's rules and replay a golden hand written as tricks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hearts_lessons.rules import Rules
from hearts_lessons.scoring import format_points
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import PRESETS, combine

DATA = Path(__file__).resolve().parent.parent / "data" / "variants"


def golden_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((DATA / "golden_hands.json").read_text(encoding="utf-8"))
    return cases


def rules_of(case: dict[str, Any]) -> Rules:
    preset = PRESETS[case["preset"]]
    return combine(preset.rules_for(case["players"], case.get("options") or {}), case.get("addons") or [])


def replay(case: dict[str, Any]) -> HandState:
    """Deal the case's cards (no passing) and play its tricks card by card through the verified API."""
    rules = rules_of(case)
    state = HandState.from_cards(case["hands"], rules, hole=case.get("hole") or (), dealer=case.get("dealer", 0),
                                 hold=True, check=False)  # fmt: skip
    winners = case["expected"].get("winners")
    for number, trick in enumerate(case["tricks"]):
        for code in trick.split():
            state.play(code)
        if winners is not None:
            assert state.tricks[number].winner == winners[number], f"trick {number + 1} of {case['name']}"
    if state.phase is Phase.MOON_CHOICE:
        state.choose_moon(case["moon_choice"])
    return state


def points_text(state: HandState) -> list[str]:
    assert state.score is not None
    return [format_points(p) for p in state.score.points]
