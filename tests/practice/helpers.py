"""Puzzle files for the ladder's tests, built from seeded positions with the engine (no coach: the loader checks
format, replay and legality, not the measurement)."""

from __future__ import annotations

import importlib.util
import json
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from hearts_lessons.practice.ladder import THEMES
from hearts_lessons.practice.positions import positions_of
from hearts_lessons.practice.puzzle_words import choice_facts, fact_json
from hearts_lessons.state import HandState


def puzzle_positions(count: int) -> list[HandState]:
    """Positions with at least two legal cards for the seat to play, from seeded hands."""
    out: list[HandState] = []
    seed = 7
    while len(out) < count:
        for p in positions_of(seed)[5:-1]:
            if len(p.legal_plays()) >= 2:
                out.append(p.copy())
                break
        seed += 1
    return out


def puzzle_data(count: int = 12) -> dict[str, Any]:
    puzzles = []
    for index, state in enumerate(puzzle_positions(count)):
        legal = state.legal_plays()
        puzzles.append({
            "id": f"p{index:03d}", "kind": "play", "record": json.loads(state.to_json()), "seat": state.to_play,
            "answer": [legal[0].code], "second": [legal[1].code], "margin": 2.0 + index / 10,
            "margins": [2.1, 2.3], "themes": [THEMES[index % len(THEMES)], "endgame"],
            "rating": 1000 + 100 * index, "rating_deviation": 80, "solved_by": ["rules"],
            "explanation": f"the {legal[0].symbol} is best (test puzzle {index})",
            "confirmed": {"worlds": 1000, "seeds": [f"5/p{index:03d}/1", f"5/p{index:03d}/2"], "lookahead": 0,
                          "infer": True, "read_pass": True, "moon": True, "thin": 4, "margin": 2.0},
            "facts": [fact_json(f) for f in choice_facts(state, state.to_play, [legal[0]])],
            "costs": [{"cards": [c.code], "extra": 2.0 + k, "half_width": 0.3, "worlds": 2000, "queen": 0.1,
                       "queen_answer": 0.1, "moon_against": 0.0, "moon_answer": 0.0}
                      for k, c in enumerate(legal[1:])],
        })  # fmt: skip
    return {"format": 2, "generator": "scripts/mine_puzzles.py", "seed": 5, "worlds": 1000, "puzzles": puzzles}


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@cache
def mine_puzzles() -> ModuleType:
    """``scripts/mine_puzzles.py``, imported (the scripts folder is not a package): its theme rules."""
    path = Path(__file__).resolve().parents[2] / "scripts" / "mine_puzzles.py"
    spec = importlib.util.spec_from_file_location("hl_script_mine_puzzles", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
