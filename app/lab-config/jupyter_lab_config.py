"""JupyterLab's configuration for this book (scripts/lab.sh puts this folder on JUPYTER_CONFIG_PATH).

JupyterLite's in-browser kernel extension (@jupyterlite/...) is installed in .venv only to build the live site. In
JupyterLab it cannot work: it fails to load and logs an error on every page. Switching it off in the page
configuration is not enough (JupyterLab still loads its code), so JupyterLab is given a folder of its own that
lists every installed JupyterLab extension except JupyterLite's, as links to where they are installed.
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

from jupyter_core.paths import jupyter_path

LEFT_OUT = "@jupyterlite"


def lab_extensions() -> str:
    """A fresh folder linking every installed JupyterLab extension but JupyterLite's (the first found wins, in the
    order JupyterLab itself searches)."""
    folder = Path(tempfile.mkdtemp(prefix="hearts-lab-extensions-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # only links: nothing installed is touched
    for root in map(Path, jupyter_path("labextensions")):
        if not root.is_dir():
            continue
        for entry in sorted(root.iterdir()):
            scoped = entry.name.startswith("@") and entry.is_dir()
            for extension in sorted(entry.iterdir()) if scoped else [entry]:
                if not (extension / "package.json").exists():
                    continue
                relative = extension.relative_to(root)
                if relative.parts[0] == LEFT_OUT or (folder / relative).exists():
                    continue
                (folder / relative).parent.mkdir(parents=True, exist_ok=True)
                os.symlink(extension, folder / relative, target_is_directory=True)
    return str(folder)


c = get_config()  # type: ignore[name-defined]  # noqa: F821
c.LabApp.labextensions_path = [lab_extensions()]

# Lab's own defaults for this book (settings/overrides.json): no "Would you like to get notified about Jupyter news?"
# toast over the reader's cards, and no update check (the book works offline).
c.LabApp.app_settings_dir = str(Path(__file__).parent / "settings")

# Running a lesson leaves the tracked notebooks unchanged: outputs, run counts and widget state are not saved
# (clean_save.py beside this file; the reader's own edits are).
sys.path.insert(0, str(Path(__file__).parent))
from clean_save import strip_for_save  # noqa: E402

c.FileContentsManager.pre_save_hook = strip_for_save
