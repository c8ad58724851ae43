"""Running a lesson in JupyterLab leaves the tracked notebook unchanged (app/lab-config/clean_save.py)."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_server.services.contents.filemanager import FileContentsManager

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "01_tricks.ipynb"


def _hook() -> Any:
    spec = importlib.util.spec_from_file_location("clean_save", ROOT / "app" / "lab-config" / "clean_save.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.strip_for_save


def _as_run(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook as JupyterLab holds it after Run All: outputs, counts, widget state, the kernel's version."""
    ran = json.loads(json.dumps(notebook))
    count = 0
    for cell in ran["cells"]:
        if cell["cell_type"] == "code":
            count += 1
            cell["execution_count"] = count
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["ran\n"]}]
            cell["metadata"]["execution"] = {"iopub.status.busy": "2026-11-28T05:00:00.000Z"}
    ran["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2}}
    ran["metadata"]["language_info"] = {**ran["metadata"].get("language_info", {}), "version": "3.99.0"}
    return ran


@pytest.fixture
def manager(tmp_path: Path) -> FileContentsManager:
    shutil.copy(LESSON, tmp_path / LESSON.name)
    contents = FileContentsManager(root_dir=str(tmp_path))
    contents.register_pre_save_hook(_hook())
    return contents


def test_a_lesson_that_was_only_run_saves_the_file_it_was(manager: FileContentsManager, tmp_path: Path) -> None:
    before = LESSON.read_bytes()
    notebook = json.loads(before)
    manager.save({"type": "notebook", "format": "json", "content": _as_run(notebook)}, LESSON.name)
    assert (tmp_path / LESSON.name).read_bytes() == before


def test_a_readers_edit_is_saved(manager: FileContentsManager, tmp_path: Path) -> None:
    notebook = _as_run(json.loads(LESSON.read_bytes()))
    code = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    code["source"] = "print('my own try')"
    manager.save({"type": "notebook", "format": "json", "content": notebook}, LESSON.name)
    saved = nbformat.read(tmp_path / LESSON.name, as_version=4)
    edited = next(cell for cell in saved.cells if cell.cell_type == "code")
    assert edited.source == "print('my own try')"
    assert edited.outputs == [] and edited.execution_count is None
    assert "widgets" not in saved.metadata


def test_lab_sh_installs_the_hook() -> None:
    config = (ROOT / "app" / "lab-config" / "jupyter_lab_config.py").read_text()
    assert "c.FileContentsManager.pre_save_hook = strip_for_save" in config
    assert "app/lab-config" in (ROOT / "scripts" / "lab.sh").read_text()


def test_every_lesson_is_stored_as_a_save_would_write_it() -> None:
    """A save writes nbformat's own layout: a lesson stored in another layout would change on its first save."""
    for lesson in sorted((ROOT / "notebooks").glob("*.ipynb")):
        text = lesson.read_text(encoding="utf-8")
        assert nbformat.writes(nbformat.reads(text, as_version=4)) in (text, text.rstrip("\n")), lesson.name
