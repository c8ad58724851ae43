"""Saving a lesson in JupyterLab keeps the tracked notebook clean: no outputs, no run counts, no widget state.

JupyterLab saves a notebook every two minutes while it is open, outputs and all, so simply running a lesson would
change the notebooks that the repository tracks (``git status`` would show every lesson run as modified). The hook
below runs before every save from ``scripts/lab.sh`` (``jupyter_lab_config.py`` installs it): it empties the code
cells' outputs and run counts, drops the saved widget state and the metadata a run adds (``execution``, the
kernel's version in ``language_info``), and keeps the rest. A lesson that was only run saves exactly the file it
was; a reader's own edits (a changed cell, a new cell) are saved as usual.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RUN_METADATA = ("kernelspec", "language_info")
"""Notebook metadata a running kernel rewrites: kept as they are in the file on disk."""


def _on_disk(contents_manager: Any, path: str) -> dict[str, Any] | None:
    """The notebook as it is saved now (None for a new file or one that cannot be read as JSON)."""
    root = getattr(contents_manager, "root_dir", None)  # a FileContentsManager has it; other managers do not
    if not root:
        return None
    file = Path(root) / path.lstrip("/")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def strip_for_save(model: dict[str, Any], path: str, contents_manager: Any = None, **_kwargs: Any) -> None:
    """``FileContentsManager.pre_save_hook``: clean a notebook model in place before it is written."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    disk = _on_disk(contents_manager, path) if contents_manager is not None else None
    disk_cells = {cell.get("id"): cell for cell in (disk or {}).get("cells", []) if isinstance(cell, dict)}
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        before = disk_cells.get(cell.get("id"), {}).get("metadata", {})
        for key in list(metadata):
            if key != "tags" and key not in before:
                del metadata[key]
    metadata = notebook.setdefault("metadata", {})
    metadata.pop("widgets", None)
    if disk is not None:
        for key in RUN_METADATA:
            if key in disk.get("metadata", {}):
                metadata[key] = disk["metadata"][key]
