"""The engine does not load ipywidgets: only the widget modules may (STYLE.md, "Engine first")."""

from __future__ import annotations

import subprocess
import sys

ENGINE_MODULES = [
    "hearts_lessons",
    "hearts_lessons.cards",
    "hearts_lessons.rules",
    "hearts_lessons.layout",
    "hearts_lessons.legality",
    "hearts_lessons.state",
    "hearts_lessons.scoring",
    "hearts_lessons.views",
    "hearts_lessons.game",
    "hearts_lessons.playout",
    "hearts_lessons.records",
    "hearts_lessons.errors",
    "hearts_lessons.table",
    "hearts_lessons.render",
]


def loaded_after(imports: list[str]) -> set[str]:
    code = "import sys\n" + "".join(f"import {m}\n" for m in imports) + "print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    return set(out.stdout.split())


def test_importing_the_engine_does_not_load_ipywidgets() -> None:
    assert "ipywidgets" not in loaded_after(["hearts_lessons"])
    modules = loaded_after(ENGINE_MODULES)
    assert set(ENGINE_MODULES) <= modules
    assert not {m for m in modules if m == "ipywidgets" or m.startswith(("ipywidgets.", "IPython", "traitlets"))}


def test_the_check_itself_can_see_a_loaded_module() -> None:
    assert "json" in loaded_after(["json"])
