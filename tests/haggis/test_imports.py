"""Importing the engine does not load ipywidgets (only widgets.py imports it)."""

from __future__ import annotations

import subprocess
import sys


def test_engine_import_does_not_load_ipywidgets() -> None:
    code = "import sys, hearts_lessons.haggis; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
