"""scripts/build_lite.py and book/_ext/live_link.py without a network: the pieces of the live site's build.

The build itself (npm, PyPI, JupyterLite) runs in scripts/test.sh's "live" step; tests/e2e/test_lite.py runs
the lessons it built in a browser.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load(path: Path, name: str) -> ModuleType:
    sys.path.insert(0, str(path.parent))  # build_lite imports its sibling vendor_assets
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(path.parent))


build_lite = load(ROOT / "scripts" / "build_lite.py", "hl_build_lite")
live_link = load(ROOT / "book" / "_ext" / "live_link.py", "hl_live_link")


def notebook(tmp_path: Path, *sources: str) -> Path:
    cells = [{"cell_type": "code", "source": s, "metadata": {}, "outputs": []} for s in sources]
    cells.append({"cell_type": "markdown", "source": "import nothing_here", "metadata": {}})
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def test_imported_modules_reads_code_cells_and_skips_magics(tmp_path: Path) -> None:
    path = notebook(
        tmp_path,
        "%matplotlib inline\nimport pandas as pd\nfrom hearts_lessons.state import HandState",
        "!pip install nothing\nimport os.path, json\nfrom . import local\nfrom IPython.display import HTML",
        "this is not python (",
    )
    assert build_lite.imported_modules(path) == {"pandas", "hearts_lessons", "os", "json", "IPython"}


def test_lock_closure_follows_dependencies_by_canonical_name() -> None:
    packages = {
        "ipython": {"depends": ["prompt_toolkit", "traitlets"]},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "traitlets": {"depends": []},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    assert build_lite.lock_closure(packages, ("IPython",)) == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]
    with pytest.raises(build_lite.BuildError, match="no package 'pandas'"):
        build_lite.lock_closure(packages, ("pandas",))


def test_lock_entry_names_the_wheel_and_checks_its_modules(tmp_path: Path) -> None:
    wheel = tmp_path / "hearts_lessons-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("hearts_lessons/__init__.py", "")
        zf.writestr("hearts_lessons-0.1.0.dist-info/METADATA", "Name: hearts-lessons\n")
    entry = build_lite.lock_entry(wheel, ("hearts_lessons",), ("ipywidgets",))
    assert entry["name"] == "hearts-lessons" and entry["version"] == "0.1.0"
    assert entry["file_name"] == wheel.name and entry["imports"] == ["hearts_lessons"]
    assert entry["depends"] == ["ipywidgets"] and len(entry["sha256"]) == 64
    with pytest.raises(build_lite.BuildError, match="does not contain"):
        build_lite.lock_entry(wheel, ("ipywidgets",), ())


def test_the_pinned_pyodide_is_the_one_the_kernel_expects() -> None:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    assert build_lite.PYODIDE.version == PYODIDE_VERSION
    assert build_lite.PYODIDE.integrity.startswith("sha512-")
    build_lite.check_versions()


def test_the_live_config_never_reaches_another_site() -> None:
    config = json.loads((ROOT / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    overrides = json.loads((ROOT / "lite" / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    for path in (ROOT / "lite").iterdir():
        assert "http" not in path.read_text(encoding="utf-8"), f"{path.name} names a URL"


@pytest.mark.parametrize(
    ("docname", "url"),
    [
        ("notebooks/01_tricks", "../live/notebooks/index.html?path=01_tricks.ipynb"),
        ("notebooks/deep/x", "../../live/notebooks/index.html?path=x.ipynb"),
    ],
)
def test_live_links_are_relative(docname: str, url: str) -> None:
    assert live_link.live_url(docname) == url


def test_the_live_box_says_what_a_lesson_lacks() -> None:
    plain = live_link.box_html("notebooks/01_tricks", [])
    assert 'href="../live/notebooks/index.html?path=01_tricks.ipynb"' in plain
    assert "Not live yet" not in plain and "bash scripts/lab.sh" in plain
    lacking = live_link.box_html("notebooks/02_a_hand", ["pandas"])
    assert "Not live yet" in lacking and "<code>pandas</code>" in lacking
    assert 'class="hl-file-note" hidden' in plain and "bash scripts/serve.sh" in plain


def test_the_live_site_ships_anywidget_with_its_front_end() -> None:
    """The card table is an anywidget: its wheel, psygnal's and typing_extensions' go into Pyodide's lock, and
    its JupyterLab extension into the site (from .venv, where pip put it)."""
    extra = {name: depends for name, _, depends in build_lite.EXTRA_WHEELS}
    assert set(extra["anywidget"]) >= {"ipywidgets", "psygnal", "typing-extensions"}
    assert "psygnal" in extra
    assert "typing-extensions" in build_lite.LOCK_ROOTS  # Pyodide's lock has it: its version, PyPI's wheel
    assert "anywidget" in build_lite.ENGINE[2]
    assert "anywidget" in build_lite.LAB_EXTENSIONS
    assert any(d.name == "anywidget" for d in build_lite.lab_extension_dirs())
    # The versions shipped are the ones pinned for the desktop, so the kernel's anywidget matches the front end.
    pins = dict(
        line.split("==") for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
        if "==" in line and not line.startswith("#")
    )  # fmt: skip
    assert pins["anywidget"] == importlib.metadata.version("anywidget") == "0.11.0"


def test_the_engine_wheel_must_carry_the_widgets_front_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    (root / "hearts_lessons" / "widgets").mkdir(parents=True)
    (root / "hearts_lessons" / "widgets" / "table.js").write_text("export default {}")
    (root / "hearts_lessons" / "widgets" / "table.css").write_text(".t {}")
    monkeypatch.setattr(build_lite, "ROOT", root)
    wheel = tmp_path / "hearts_lessons-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("hearts_lessons/widgets/table.js", "export default {}")
    with pytest.raises(build_lite.BuildError, match=r"hearts_lessons/widgets/table\.css"):
        build_lite.check_engine_assets(wheel)
    with zipfile.ZipFile(wheel, "a") as zf:
        zf.writestr("hearts_lessons/widgets/table.css", ".t {}")
    build_lite.check_engine_assets(wheel)


def test_every_app_notebook_is_in_the_live_site_and_opens_as_an_app(tmp_path: Path) -> None:
    """``app/NAME.ipynb`` goes beside the lessons and opens at ``notebooks/index.html?path=NAME.ipynb&app=1``, to
    which ``app/NAME.html`` forwards; the package's link to the practice app is that address."""
    from hearts_lessons.practice.app import LIVE_APP_URL

    apps = build_lite.app_notebooks()
    assert ROOT / "app" / "practice.ipynb" in apps
    assert all(nb.parent == ROOT / "app" for nb in apps)
    assert "live/" + build_lite.app_url(ROOT / "app" / "practice.ipynb") == LIVE_APP_URL
    build_lite.add_app_pages(tmp_path, apps)
    page = (tmp_path / "app" / "practice.html").read_text(encoding="utf-8")
    assert 'content="0; url=../notebooks/index.html?path=practice.ipynb&amp;app=1"' in page
    assert 'location.replace("../notebooks/index.html?path=practice.ipynb&app=1"' in page
    assert "://" not in page  # relative: the site works from any folder or host
    lock = {"packages": {"x": {"imports": ["hearts_lessons", "ipywidgets"]}}}
    info = build_lite.manifest([], lock, set(), apps)
    assert info["apps"]["practice"] == {"notebook": "practice.ipynb", "missing": [],
                                        "url": "notebooks/index.html?path=practice.ipynb&app=1"}  # fmt: skip


def test_the_kernel_note_opens_app_notebooks_as_apps() -> None:
    """lite/hl-kernel-status.js: ``app=1`` hides the notebook's chrome and code, and runs every cell once Python
    is ready (the browser tests watch it do so)."""
    script = (ROOT / "lite" / "hl-kernel-status.js").read_text(encoding="utf-8")
    assert 'get("app") === "1"' in script and 'app === "notebooks"' in script
    for hidden in (".jp-InputArea", ".jp-NotebookPanel-toolbar", "#menu-panel-wrapper", ".jp-InputPrompt"):
        assert f"html.hl-app-mode {hidden}" in script
    assert '"notebook:run-all-cells"' in script and '"notebook:clear-all-cell-outputs"' in script


def test_the_japanese_live_site_takes_the_japanese_sources(tmp_path: Path) -> None:
    """The Japanese edition's live site is built from the tree scripts/i18n_build.py writes: its lessons are that
    tree's, its app pages say lang="ja", and the book's live box speaks the edition's language."""
    source = tmp_path / "ja-src"
    (source / "notebooks").mkdir(parents=True)
    (source / "_toc.yml").write_text("format: jb-book\nroot: book/welcome\nparts:\n- caption: x\n  chapters:\n"
                                     "  - file: notebooks/01_tricks\n", encoding="utf-8")
    cells = [{"cell_type": "code", "id": "hl-set-language", "metadata": {"tags": ["remove-cell"]}, "outputs": [],
              "execution_count": None, "source": 'from hearts_lessons.i18n import set_language\nset_language("ja")'}]
    lesson = source / "notebooks" / "01_tricks.ipynb"
    lesson.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
                      encoding="utf-8")
    assert build_lite.lessons(source / "_toc.yml", source) == [lesson]
    assert build_lite.notebook_language(lesson) == "ja"
    assert build_lite.notebook_language(ROOT / "notebooks" / "01_tricks.ipynb") == "en"
    with pytest.raises(build_lite.BuildError, match="do not exist"):
        build_lite.lessons(ROOT / "_toc.yml", source)
    build_lite.add_app_pages(tmp_path, [ROOT / "app" / "practice.ipynb"], "ja")
    page = (tmp_path / "app" / "practice.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in page and "アプリを開く" in page
    box = live_link.box_html("notebooks/01_tricks", ["pandas"], "ja")
    assert "ライブで実行" in box and 'href="../live/notebooks/index.html?path=01_tricks.ipynb"' in box
    assert "<code>pandas</code>" in box and "Run this lesson live" not in box
    assert 'data-lang="ja"' in build_lite.kernel_note_tag("notebooks", "ja")
    assert "data-lang" not in build_lite.kernel_note_tag("notebooks")
    note = (ROOT / "lite" / build_lite.KERNEL_NOTE).read_text(encoding="utf-8")
    assert 'dataset.lang === "ja"' in note and "Pythonの準備ができました。" in note


def test_cached_wheels_are_not_fetched_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second build (the Japanese live site's, after the English one's) asks no registry: with every wheel in the
    cache, pip is not run; with one missing, it is."""
    monkeypatch.setattr(build_lite, "CACHE", tmp_path)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    for name in ("six-1.17.0-py2.py3-none-any.whl", "tqdm-4.67.3-py3-none-any.whl"):
        (wheels / name).write_bytes(b"")
    calls: list[list[str]] = []
    monkeypatch.setattr(build_lite, "run", lambda cmd, **_: calls.append(cmd) or "")
    found = build_lite.pip_download(["six==1.17.0", "tqdm==4.67.3"], "3.14")
    assert calls == [] and sorted(found) == ["six", "tqdm"]
    with pytest.raises(build_lite.BuildError, match="wcwidth"):
        build_lite.pip_download(["six==1.17.0", "wcwidth==0.6.0"], "3.14")
    assert len(calls) == 1 and "download" in calls[0] and "wcwidth==0.6.0" in calls[0]


@pytest.mark.parametrize(("setuptools", "wheel", "flag"), [
    ("65.5.0", "0.48.0", True),  # Python 3.11's venv: setuptools with the wheel package
    ("65.5.0", None, False),  # before 70.1 setuptools builds wheels with the wheel package: without it, isolate
    ("75.0.0", None, True),  # from 70.1 setuptools builds wheels itself
    ("60.0.0", "0.48.0", False),  # older than pyproject's setuptools>=64
    (None, None, False),  # no setuptools (a Python 3.12 venv): pip fetches it into an isolated build
])  # fmt: skip
def test_the_engine_wheel_builds_without_a_download_when_setuptools_is_here(
    monkeypatch: pytest.MonkeyPatch, setuptools: str | None, wheel: str | None, flag: bool
) -> None:
    """pip builds the engine's wheel with the environment's setuptools (no download) when it satisfies pyproject's
    build requirement, and in an isolated build environment otherwise."""
    installed = {"setuptools": setuptools, "wheel": wheel}

    def version(name: str) -> str:
        found = installed.get(name)
        if found is None:
            raise importlib.metadata.PackageNotFoundError(name)
        return found

    monkeypatch.setattr(build_lite.importlib.metadata, "version", version)
    assert build_lite.build_isolation() == (["--no-build-isolation"] if flag else [])


def test_the_japanese_live_site_opens_with_jupyterlabs_japanese(tmp_path: Path) -> None:
    """JupyterLite's own menus and messages speak the edition's language: the Japanese site's settings set JupyterLab's
    locale to ja_JP, the build reads the installed language packs (and nothing else of this environment), the
    language pack is installed, and a Japanese site without its translations is refused; the book's live box and the
    kernel note name the menus as the reader sees them."""
    assert build_lite.lite_overrides("ja")["@jupyterlab/translation-extension:plugin"] == {"locale": "ja_JP"}
    english = build_lite.lite_overrides("en")
    assert english["@jupyterlab/translation-extension:plugin"] == {"locale": "en"}
    assert english["@jupyterlab/notebook-extension:tracker"] == {"autoStartDefaultKernel": True}  # lite/overrides.json
    stage = tmp_path / "stage"
    stage.mkdir()
    calls: list[list[str]] = []
    original = build_lite.run
    try:
        build_lite.run = lambda cmd, **_: calls.append(cmd) or ""  # type: ignore[assignment]
        build_lite.jupyter_lite_build(stage, tmp_path / "out", tmp_path / "log")
    finally:
        build_lite.run = original  # type: ignore[assignment]
    config = json.loads((stage / "jupyter_lite_config.json").read_text(encoding="utf-8"))["LiteBuildConfig"]
    assert config["ignore_sys_prefix"] == ["federated_extensions", "icons"]  # the translation addon reads the packs
    assert importlib.metadata.version("jupyterlab-language-pack-ja-JP")
    from jupyterlab_server.translation_utils import get_language_packs

    assert "ja_JP" in get_language_packs()[0]
    site = tmp_path / "site"
    (site / "api" / "translations").mkdir(parents=True)
    (site / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}', encoding="utf-8")
    with pytest.raises(build_lite.BuildError, match=r"ja_JP\.json is missing"):
        build_lite.check_site(site, [], {"packages": {}}, (), "ja")
    box = live_link.box_html("notebooks/01_tricks", [], "ja")
    assert "<b>実行 → すべてのセルを実行</b>" in box and "Run All Cells" not in box
    note = (ROOT / "lite" / build_lite.KERNEL_NOTE).read_text(encoding="utf-8")
    assert "メニューの「実行」" in note and "Runは" not in note
