"""The benchmark script runs and prints its table (its figures are never asserted)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "haggis.py"


def test_bench_prints_a_line_per_bot_and_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    namespace = runpy.run_path(str(BENCH), run_name="bench")
    namespace["main"](["--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Haggis playouts")
    assert [line.split()[:2] for line in lines[2:]] == [
        ["random", "2"],
        ["random", "3"],
        ["greedy", "2"],
        ["greedy", "3"],
    ]
