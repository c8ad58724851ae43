"""The static pages are built with an empty progress record (scripts/_setup.sh: ``hl_with_empty_progress`` and
``hl_build_book``), whatever progress file the builder has beside the notebooks or in ``$HEARTS_LESSONS_PROGRESS``.

The shell functions run for real, in a scratch copy of the repository's layout: ``jupyter-book`` is replaced by a
script that loads the progress as a lesson's kernel would (from ``notebooks/``, with the environment it was given)
and writes what it found; ``scripts/check_site.py`` and the vendored assets are stubbed. The browser test
``tests/e2e/test_no_progress.py`` checks the real built pages.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts_lessons.practice.progress import ENV_VAR, FILE_NAME, Progress

ROOT = Path(__file__).resolve().parents[1]
SETUP = ROOT / "scripts" / "_setup.sh"
FIXTURE = ROOT / "tests" / "data" / "builder_progress.json"

# What a lesson's kernel finds: it starts in notebooks/ and loads the default progress file.
LOAD = """
import json, os, sys
from pathlib import Path
from hearts_lessons.practice.progress import Progress, default_path
progress, note = Progress.load()
beside = Path("hearts_lessons_progress.json")
json.dump({"path": str(default_path().resolve()), "note": note, "stars": progress.stars,
           "rating": progress.rating.rating, "attempts": progress.attempts,
           "beside": beside.read_text(encoding="utf-8") if beside.exists() else None},
          open(sys.argv[1], "w", encoding="utf-8"))
"""


def run_bash(script: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", f"source {SETUP}\n{script}"], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=60, check=False)  # fmt: skip


def base_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in {"CI", "HL_PROGRESS_CHECK", ENV_VAR}}
    env["PATH"] = f"{tmp_path / 'bin'}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(ROOT)
    env["TMPDIR"] = str(tmp_path / "tmp")
    env.update(extra)
    return env


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A repository layout with a stub ``jupyter-book`` (on PATH via ``base_env``) and a stub check_site.py."""
    root = tmp_path / "repo"
    (root / "notebooks").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "tests" / "data").mkdir(parents=True)
    shutil.copy(FIXTURE, root / "tests" / "data" / FIXTURE.name)
    (root / "scripts" / "check_site.py").write_text("", encoding="utf-8")
    (root / "load.py").write_text(LOAD, encoding="utf-8")
    (tmp_path / "tmp").mkdir()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stub = bin_dir / "jupyter-book"
    stub.write_text('#!/usr/bin/env bash\nset -e\ncd "$2/notebooks"\npython "$2/load.py" "$2/seen.json"\n'
                    'exit "${STUB_EXIT:-0}"\n', encoding="utf-8")  # fmt: skip
    stub.chmod(0o755)
    return root


def build(root: Path, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    done = run_bash(f'HL_ROOT={root}\nhl_vendor_assets() {{ :; }}\nhl_build_book', env, root)
    seen = root / "seen.json"
    return done, json.loads(seen.read_text(encoding="utf-8")) if seen.exists() else {}


def assert_empty(seen: dict[str, Any], *not_paths: Path) -> None:
    assert seen["stars"] == {} and seen["rating"] == 1500 and seen["attempts"] == {"drills": 0, "puzzles": 0}, seen
    assert seen["note"] == "No saved progress yet: a fresh start."
    assert all(Path(seen["path"]) != path.resolve() for path in not_paths), seen["path"]


def test_a_command_run_with_an_empty_progress_record_ignores_the_builders_files(tmp_path: Path) -> None:
    """The builder's file beside the notebooks and the one named in $HEARTS_LESSONS_PROGRESS are neither read
    nor written; the empty record's temporary folder is gone afterwards; the command's exit code comes through."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    (tmp_path / "tmp").mkdir()
    beside, named = folder / FILE_NAME, tmp_path / "mine.json"
    for path in (beside, named):
        shutil.copy(FIXTURE, path)
    assert Progress.load(named)[0].stars  # the stand-in has stars
    env = base_env(tmp_path, **{ENV_VAR: str(named)})
    out = tmp_path / "seen.json"
    (tmp_path / "load.py").write_text(LOAD, encoding="utf-8")
    done = run_bash(f"hl_with_empty_progress python {tmp_path / 'load.py'} {out}", env, folder)
    assert done.returncode == 0, done.stderr
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert_empty(seen, beside, named)
    assert Path(seen["path"]).parent.name.startswith("hl-empty-progress.")
    assert not Path(seen["path"]).parent.exists()  # removed afterwards
    assert list((tmp_path / "tmp").iterdir()) == []
    assert beside.read_bytes() == named.read_bytes() == FIXTURE.read_bytes()
    assert run_bash("hl_with_empty_progress false", env, folder).returncode == 1


@pytest.mark.parametrize("ci", ["true", ""])
def test_the_book_build_runs_its_lessons_with_an_empty_progress_record(scratch: Path, tmp_path: Path, ci: str) -> None:
    """In CI the build puts a builder's progress (with stars) beside the notebooks, records it in
    _build/progress-check.json for the browser test, runs every lesson with an empty record, and removes the
    stand-in afterwards; elsewhere it puts nothing there."""
    done, seen = build(scratch, base_env(tmp_path, CI=ci))
    assert done.returncode == 0, done.stderr
    assert_empty(seen, scratch / "notebooks" / FILE_NAME)
    mark = scratch / "_build" / "progress-check.json"
    if ci:
        assert seen["beside"] == FIXTURE.read_text(encoding="utf-8")  # a builder's stars sat beside the lessons
        assert mark.read_bytes() == FIXTURE.read_bytes()
    else:
        assert seen["beside"] is None and not mark.exists()
    assert not (scratch / "notebooks" / FILE_NAME).exists()


def test_a_readers_file_beside_the_notebooks_is_left_out_and_untouched(scratch: Path, tmp_path: Path) -> None:
    reader = scratch / "notebooks" / FILE_NAME
    reader.write_text(FIXTURE.read_text(encoding="utf-8").replace("1325.0", "1410.0"), encoding="utf-8")
    before = (reader.read_bytes(), reader.stat().st_mtime_ns)
    done, seen = build(scratch, base_env(tmp_path, CI="true"))
    assert done.returncode == 0, done.stderr
    assert_empty(seen, reader)
    assert (reader.read_bytes(), reader.stat().st_mtime_ns) == before
    assert not (scratch / "_build" / "progress-check.json").exists()  # no stand-in was put: nothing to check


def test_a_failed_build_still_removes_the_stand_in(scratch: Path, tmp_path: Path) -> None:
    done, seen = build(scratch, base_env(tmp_path, HL_PROGRESS_CHECK="1", STUB_EXIT="3"))
    assert done.returncode == 3
    assert seen["beside"] is not None  # it was there during the build
    assert not (scratch / "notebooks" / FILE_NAME).exists()


def test_the_stand_in_is_a_record_with_stars_and_a_rating() -> None:
    """The browser test looks for these on the built pages: they must differ from an empty record's."""
    progress, note = Progress.load(FIXTURE)
    assert note == "Progress loaded."
    assert sum(progress.stage_stars(stage) for stage in progress.stars) > 0
    assert round(progress.rating.rating) != 1500 and progress.attempts["puzzles"] > 0
