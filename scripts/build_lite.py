#!/usr/bin/env python3
"""Build the live site: every lesson of ``_toc.yml`` in JupyterLite, running Python (Pyodide) in the browser.

The live site is a static folder, served beside the book as ``_build/html/live/``: no server runs any Python
and no page asks any other site for anything. It holds

* JupyterLite (``jupyterlite-core``) with the Pyodide kernel (``jupyterlite-pyodide-kernel``), the ipywidgets
  front end (the ``jupyterlab_widgets`` extension) and anywidget's (the card table is an anywidget), all from
  the Python packages installed in ``.venv``;
* the Pyodide runtime (``pyodide.asm.wasm``, the standard library, the lock file), from the npm package
  ``pyodide`` at the version the kernel expects (``npm pack``, checked against the sha512 pinned below);
* the pure-Python wheels the kernel and the lessons import (micropip, IPython, jedi and their dependencies at
  the versions Pyodide's lock file names; ipywidgets, comm, anywidget and psygnal at the versions in ``.venv``),
  from PyPI with ``pip download``, and the engine's own wheel, built from this checkout (``pip wheel``), with
  the widgets' front-end files;
* ``pyodide-lock.json`` rewritten to list exactly those wheels (with their real sha256 and top-level import
  names), so that ``import hearts_lessons`` in a lesson loads the engine and ipywidgets with no ``%pip``;
* every lesson notebook listed in ``_toc.yml``, unchanged, and ``lessons.json``: for each lesson, the modules it
  imports that the live site does not have (Pyodide's npm package ships no compiled packages such as numpy or
  pandas, and PyPI has no build of them for this Pyodide; see README.md);
* every app notebook of ``app/`` (``app/NAME.ipynb``: the practice app, and any other), beside the lessons (so
  that they share the lessons' working folder and progress file), listed under ``apps`` in ``lessons.json``;
  each opens **as an app** at ``notebooks/index.html?path=NAME.ipynb&app=1`` (and ``app/NAME.html``, a page
  that forwards there): the notebook view with its menus, toolbar, code and prompts hidden, its cells run once
  Python is ready (``hl-kernel-status.js``, below);
* ``hl-kernel-status.js`` (from ``lite/``), added after the build to the ``notebooks/`` and ``lab/`` pages with a
  ``<script>`` before ``</head>``: a bar that says Python is starting in the browser while the kernel starts, and
  that it is ready once the kernel is idle (JupyterLite itself only says "No Kernel" for those seconds); with
  ``app=1`` in the address, it also turns the notebook page into the app screen described above.

Nothing downloaded is kept in git: npm tarballs and wheels are cached in ``.cache/`` (which ignores itself), and
every build starts clean (an incremental JupyterLite build was seen to fall back to a CDN). JupyterLite's build
can exit 0 after a failed step, so its log is checked for ``FAIL``, ``Error`` and tracebacks too.

Usage::

    python scripts/build_lite.py                # build into _build/lite/site, then copy to _build/html/live
    python scripts/build_lite.py --build-only   # only build _build/lite/site
    python scripts/build_lite.py --install-only # only copy a previous build to _build/html/live

The Japanese edition's live site (``scripts/build.sh``) is built from the Japanese notebooks that
``scripts/i18n_build.py`` writes, in a folder of its own, and installed inside the Japanese book::

    python scripts/build_lite.py --source _build/ja-src --work _build/lite-ja --install-to _build/html/ja/live

Run through ``bash scripts/build.sh`` (which builds the book too) or ``bash scripts/test.sh``.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version
from vendor_assets import Asset, fetch

ROOT = Path(__file__).resolve().parent.parent
LITE_CONFIG = ROOT / "lite"  # jupyter-lite.json and overrides.json (small, committed)
CACHE = ROOT / ".cache" / "lite"  # pip's downloads (the npm tarball goes to .cache/npm with the others)
WORK = ROOT / "_build" / "lite"
STAGE = WORK / "src"  # the JupyterLite "lite dir" assembled for one build
SITE = WORK / "site"  # the built live site
LOG = WORK / "build.log"
INSTALLED = ROOT / "_build" / "html" / "live"
MANIFEST = "lessons.json"
APP_NOTEBOOKS = ROOT / "app"  # app/NAME.ipynb: notebooks the live site opens as apps
APP_PAGES = "app"  # the live site's app/NAME.html, forwarding to the app's address

# The Pyodide runtime, from npm. Its version must be the one the kernel was built for
# (jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION); the build stops if they differ.
PYODIDE = Asset(
    name="pyodide",
    version="314.0.6",
    integrity="sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ==",
    keep=("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"),
    strip="",
)
# Packages of Pyodide's lock file to ship, with everything they depend on: what the kernel loads at start
# (micropip, IPython, jedi) and what the engine may import (tqdm, for progress bars of long simulations;
# typing_extensions, which anywidget needs).
LOCK_ROOTS = ("micropip", "ipython", "jedi", "traitlets", "tqdm", "typing-extensions")
# Pure-Python packages that Pyodide's lock file lacks: (distribution, top-level imports, lock dependencies).
# Versions are the ones installed in .venv, so the kernel's ipywidgets matches the front end's
# jupyterlab_widgets. ipywidgets also requires widgetsnbextension and jupyterlab_widgets, but those only
# carry front-end files (the front end comes from the JupyterLab extension) and are never imported: left out.
# anywidget (the card table is one) and psygnal, which it imports, have pure wheels on PyPI; anywidget's
# front end is its JupyterLab extension (LAB_EXTENSIONS).
EXTRA_WHEELS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("comm", ("comm",), ()),
    ("ipywidgets", ("ipywidgets",), ("comm", "ipython", "traitlets")),
    ("psygnal", ("psygnal",), ()),
    ("anywidget", ("anywidget",), ("ipywidgets", "psygnal", "typing-extensions")),
)
# The engine's widgets import ipywidgets and anywidget; tqdm: progress bars of the lab.
ENGINE = ("hearts-lessons", ("hearts_lessons",), ("ipywidgets", "anywidget", "tqdm"))
# Files of the engine's package that its wheel must carry besides Python: the custom widgets' front ends
# (ES modules and stylesheets that an anywidget reads when it is created).
ENGINE_ASSETS = ("*.js", "*.css")
# JupyterLab extensions the live site needs (everything else in .venv, e.g. Voila's, is left out).
LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
# Apps of the live site: "notebooks" opens one lesson (the book's links), "lab" and "tree" browse them all.
APPS = ("notebooks", "lab", "tree")
# The note shown while the kernel starts (lite/hl-kernel-status.js), and the apps whose pages load it.
KERNEL_NOTE = "hl-kernel-status.js"
KERNEL_NOTE_APPS = ("notebooks", "lab")
# Modules the kernel itself provides in the browser (besides the standard library and the lock's packages).
KERNEL_MODULES = {"pyodide", "pyodide_js", "js", "micropip", "piplite", "pyodide_kernel", "ipykernel"}
LOG_FAILURE = re.compile(r"\bFAIL|\bError\b|Traceback \(most recent call last\)")


def log(message: str) -> None:
    print(f"build_lite: {message}", flush=True)


class BuildError(Exception):
    """A step of the live build failed (the message says which and why)."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(cmd: list[str], *, cwd: Path | None = None, log_to: Path | None = None) -> str:
    """Run ``cmd``; return its output (also written to ``log_to``). Raise BuildError if it fails."""
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)
    output = proc.stdout + proc.stderr
    if log_to is not None:
        log_to.write_text(output, encoding="utf-8")
    if proc.returncode != 0:
        raise BuildError(f"{' '.join(cmd[:4])} ... failed (exit {proc.returncode}):\n{output[-4000:]}")
    return output


# Lessons -----------------------------------------------------------------------------------------------------


def lessons(toc_path: Path, source: Path = ROOT) -> list[Path]:
    """Every notebook of the table of contents, in reading order (``source``: the tree its files are in)."""
    toc = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    found: list[Path] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("root", "file"):
                value = node.get(key)
                if isinstance(value, str) and value.startswith("notebooks/"):
                    found.append(source / Path(value).with_suffix(".ipynb"))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(toc)
    missing = [str(p.relative_to(source)) for p in found if not p.exists()]
    if missing:
        raise BuildError(f"{toc_path.name} lists notebooks that do not exist: {missing}")
    if not found:
        raise BuildError(f"{toc_path.name} lists no notebook")
    return found


def app_notebooks(folder: Path = APP_NOTEBOOKS) -> list[Path]:
    """The app notebooks (``app/*.ipynb``), by name."""
    return sorted(folder.glob("*.ipynb"))


def app_url(notebook: Path) -> str:
    """Where the live site opens an app notebook as an app, from the site's root folder.

    >>> app_url(Path("app/practice.ipynb"))
    'notebooks/index.html?path=practice.ipynb&app=1'
    """
    return f"notebooks/index.html?path={notebook.name}&app=1"


# The forwarding page's one link, in each edition's language.
OPEN_THE_APP = {"en": "Open the app", "ja": "アプリを開く"}


def app_page(notebook: Path, lang: str = "en") -> str:
    """``app/NAME.html``: a page that forwards to the app's address (a short link to give a class)."""
    target = html.escape(f"../{app_url(notebook)}")
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(notebook.stem)}'
            f'</title>\n<meta http-equiv="refresh" content="0; url={target}">\n'
            f'<script>location.replace("../{app_url(notebook)}" + location.hash);</script></head>\n'
            f'<body><p><a href="{target}">{OPEN_THE_APP[lang]}</a></p></body></html>\n')  # fmt: skip


def imported_modules(notebook: Path) -> set[str]:
    """Top-level names of the modules a notebook's code cells import (IPython magics and shell lines skipped)."""
    names: set[str] = set()
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        source = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    return names


# Pyodide runtime and wheels ----------------------------------------------------------------------------------


def check_versions() -> None:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    if PYODIDE.version != PYODIDE_VERSION:
        raise BuildError(
            f"jupyterlite-pyodide-kernel expects Pyodide {PYODIDE_VERSION}, but scripts/build_lite.py pins "
            f"{PYODIDE.version}: update PYODIDE (version and integrity: npm view pyodide@{PYODIDE_VERSION} dist)"
        )


def unpack_runtime(dest: Path) -> dict[str, Any]:
    """Put Pyodide's runtime files into ``dest``; return its (original) lock file."""
    tarball = fetch(PYODIDE)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in PYODIDE.keep:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{PYODIDE.spec} has no {name}")
            (dest / name).write_bytes(member.read())
    lock: dict[str, Any] = json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock


def lock_closure(packages: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """The lock's packages needed by ``roots`` (lock names are canonical), sorted."""
    needed: set[str] = set()
    todo = [canonicalize_name(r) for r in roots]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in needed:
            continue
        if name not in packages:
            raise BuildError(f"Pyodide's lock file has no package {name!r}")
        needed.add(name)
        todo.extend(packages[name]["depends"])
    return sorted(needed)


def pip_download(specs: list[str], python_version: str) -> dict[str, Path]:
    """Download pure-Python wheels (``name==version``) into the cache; return them by canonical name."""
    wheels = CACHE / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    ignore = ROOT / ".cache" / ".gitignore"
    ignore.parent.mkdir(parents=True, exist_ok=True)
    if not ignore.exists():
        ignore.write_text("# generated by scripts/vendor_assets.py and scripts/build_lite.py\n*\n")
    wanted = {canonicalize_name(s.split("==")[0]): s.split("==")[1] for s in specs}

    def cached() -> dict[str, Path]:
        found: dict[str, Path] = {}
        for wheel in wheels.glob("*.whl"):
            name, version, _, _ = parse_wheel_filename(wheel.name)
            if wanted.get(name) == str(version):
                found[name] = wheel
        return found

    found = cached()
    # pip download asks the index even for wheels already in --dest: with every wheel cached (the Japanese live
    # site's build, after the English one's), the registry is not asked again, so a second build needs no network.
    if set(found) != set(wanted):
        run(
            [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--implementation", "py", "--platform", "any",
             "--python-version", python_version, "--dest", str(wheels), *specs],
        )  # fmt: skip
        found = cached()
    missing = sorted(set(wanted) - set(found))
    if missing:
        raise BuildError(f"pip download did not give wheels for {missing}")
    return found


def build_isolation() -> list[str]:
    """pip's flag for building the engine's wheel with this environment's setuptools (no download) when it has
    one that pyproject.toml's build-system accepts; otherwise none (pip fetches setuptools into a build
    environment of its own)."""
    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    try:
        have = Version(importlib.metadata.version("setuptools"))
        if have < Version("70.1"):  # before 70.1, setuptools builds wheels with the wheel package
            importlib.metadata.version("wheel")
    except importlib.metadata.PackageNotFoundError:
        return []
    needs = [Requirement(r) for r in build["requires"]]
    if all(r.name == "setuptools" and r.specifier.contains(have) for r in needs):
        return ["--no-build-isolation"]
    return []


def build_engine_wheel(dest: Path) -> Path:
    """Build the engine's wheel from a copy of the checkout (so no build/ folder is left in the repository),
    without a compiled build of this machine (``scripts/compile_engine.sh``): the live site runs the pure source."""
    with tempfile.TemporaryDirectory(prefix="hl-engine-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "hearts_lessons", src / "hearts_lessons",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd",
                                                      "compiled_engine.json"))  # fmt: skip
        out = Path(tmp) / "wheel"
        run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--no-deps", "--quiet",
             *build_isolation(), "--wheel-dir", str(out), str(src)])  # fmt: skip
        built = sorted(out.glob("hearts_lessons-*.whl"))
        if len(built) != 1:
            raise BuildError(f"pip wheel built {built}, expected one hearts_lessons wheel")
        check_engine_assets(built[0])
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / built[0].name
        shutil.copy2(built[0], target)
        return target


def check_engine_assets(wheel: Path) -> None:
    """The engine's wheel carries every widget front end of the checkout (pyproject's package-data)."""
    package = ROOT / "hearts_lessons"
    wanted = {
        path.relative_to(ROOT).as_posix()
        for pattern in ENGINE_ASSETS
        for path in package.rglob(pattern)
        if "__pycache__" not in path.parts
    }
    with zipfile.ZipFile(wheel) as zf:
        missing = sorted(wanted - set(zf.namelist()))
    if missing:
        raise BuildError(
            f"the engine's wheel lacks {missing}: list them in [tool.setuptools.package-data] of pyproject.toml"
        )


def wheel_top_level(wheel: Path) -> set[str]:
    """Top-level importable names in a wheel (packages and modules)."""
    names: set[str] = set()
    with zipfile.ZipFile(wheel) as zf:
        for member in zf.namelist():
            first = member.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            names.add(first.removesuffix(".py"))
    return names


def lock_entry(wheel: Path, imports: tuple[str, ...], depends: tuple[str, ...]) -> dict[str, Any]:
    name, version, _, _ = parse_wheel_filename(wheel.name)
    missing = set(imports) - wheel_top_level(wheel)
    if missing:
        raise BuildError(f"{wheel.name} does not contain the modules {sorted(missing)}")
    return {
        "name": str(name),
        "version": str(version),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": list(imports),
        "depends": [canonicalize_name(d) for d in depends],
        "unvendored_tests": False,
        "shared_library": False,
    }


def assemble_pyodide(stage: Path) -> tuple[dict[str, Any], set[str]]:
    """Runtime, wheels and rewritten lock into ``stage/static/pyodide``; return the lock and Pyodide's packages."""
    dest = stage / "static" / "pyodide"
    original = unpack_runtime(dest)
    packages: dict[str, Any] = original["packages"]
    python_version = ".".join(str(original["info"]["python"]).split(".")[:2])

    from_lock = lock_closure(packages, LOCK_ROOTS)
    impure = [n for n in from_lock if not packages[n]["file_name"].endswith("-none-any.whl")]
    if impure:
        raise BuildError(f"these packages are compiled in Pyodide and cannot come from PyPI: {impure}")
    specs = [f"{packages[n]['name']}=={packages[n]['version']}" for n in from_lock]
    specs += [f"{name}=={importlib.metadata.version(name)}" for name, _, _ in EXTRA_WHEELS]
    wheels = pip_download(specs, python_version)

    new: dict[str, Any] = {}
    for name in from_lock:
        entry = dict(packages[name])
        wheel = wheels[name]
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256(wheel)  # PyPI's wheels are not byte-identical to Pyodide's rebuilt ones
        new[name] = entry
    for dist, imports, depends in EXTRA_WHEELS:
        new[canonicalize_name(dist)] = lock_entry(wheels[canonicalize_name(dist)], imports, depends)
    engine = build_engine_wheel(CACHE / "engine")
    new[canonicalize_name(ENGINE[0])] = lock_entry(engine, ENGINE[1], ENGINE[2])
    for entry in new.values():
        for dep in entry["depends"]:
            if canonicalize_name(dep) not in new:
                raise BuildError(f"{entry['name']} depends on {dep}, which the live site does not ship")
        source = engine if entry["name"] == ENGINE[0] else wheels[canonicalize_name(entry["name"])]
        shutil.copy2(source, dest / entry["file_name"])
    lock = {"info": original["info"], "packages": dict(sorted(new.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    engine.unlink()
    log(f"Pyodide {PYODIDE.version} (Python {original['info']['python']}): {len(new)} wheels in the lock file: "
        + ", ".join(f"{e['name']} {e['version']}" for e in lock["packages"].values()))  # fmt: skip
    return lock, {i for e in packages.values() for i in e["imports"]}


# The JupyterLite build ---------------------------------------------------------------------------------------


def lab_extension_dirs() -> list[Path]:
    base = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    dirs = [base / name for name in LAB_EXTENSIONS]
    missing = [str(d) for d in dirs if not (d / "package.json").exists()]
    if missing:
        raise BuildError(f"JupyterLab extensions missing from .venv: {missing} (pip install -r requirements.txt)")
    return dirs


def manifest(notebooks: list[Path], lock: dict[str, Any], pyodide_modules: set[str],
             apps: Sequence[Path] = ()) -> dict[str, Any]:  # fmt: skip
    """What each lesson imports that the live site lacks (``missing``), for the book's "run it live" notes; and
    each app notebook's address and what it lacks (``apps``)."""
    available = set(sys.stdlib_module_names) | KERNEL_MODULES
    available |= {i for e in lock["packages"].values() for i in e["imports"]}
    result: dict[str, Any] = {"pyodide": PYODIDE.version, "lessons": {}, "apps": {}}
    for nb in apps:
        result["apps"][nb.stem] = {"notebook": nb.name, "url": app_url(nb),
                                   "missing": sorted(imported_modules(nb) - available)}  # fmt: skip
    for nb in notebooks:
        missing = sorted(imported_modules(nb) - available)
        result["lessons"][nb.stem] = {
            "notebook": nb.name,
            "missing": missing,
            "missing_but_in_pyodide": sorted(set(missing) & pyodide_modules),
        }
    return result


def jupyter_lite_build(stage: Path, out: Path, log_to: Path = LOG) -> None:
    config = {
        "LiteBuildConfig": {
            "lite_dir": str(stage),
            "output_dir": str(out),
            "cache_dir": str(stage / ".cache"),
            "contents": [str(stage / "files")],
            "apps": list(APPS),
            "federated_extensions": [str(d) for d in lab_extension_dirs()],
            # nothing from this environment but JupyterLab's language packs (the translation addon): its other
            # extensions (Voilà's, JupyterLab's own) are not the live site's
            "ignore_sys_prefix": ["federated_extensions", "icons"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
        }
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage)]
    output = run(cmd, cwd=stage, log_to=log_to)
    bad = [line for line in output.splitlines() if LOG_FAILURE.search(line)]
    if bad:
        raise BuildError(f"jupyter lite build reported failures (see {log_to}):\n  " + "\n  ".join(bad))


def kernel_note_tag(app: str, lang: str = "en") -> str:
    """The ``<script>`` that loads the kernel note in the page of ``app`` (versioned by the file's hash); the
    Japanese live site's says ``data-lang="ja"``, and the note speaks Japanese."""
    version = sha256(LITE_CONFIG / KERNEL_NOTE)[:12]
    lang_attr = "" if lang == "en" else f' data-lang="{lang}"'
    return f'<script src="../{KERNEL_NOTE}?v={version}" data-app="{app}"{lang_attr}></script>'


def add_kernel_note(site: Path, lang: str = "en") -> None:
    """Copy the kernel note into the site and load it from the pages of the apps that open notebooks."""
    shutil.copy2(LITE_CONFIG / KERNEL_NOTE, site / KERNEL_NOTE)
    for app in KERNEL_NOTE_APPS:
        page = site / app / "index.html"
        text = page.read_text(encoding="utf-8")
        if text.count("</head>") != 1:
            raise BuildError(f"{page.relative_to(site)} has no single </head>: cannot add {KERNEL_NOTE}")
        if KERNEL_NOTE in text:
            raise BuildError(f"{page.relative_to(site)} already loads {KERNEL_NOTE}: the build was not clean")
        page.write_text(text.replace("</head>", f"  {kernel_note_tag(app, lang)}\n  </head>"), encoding="utf-8")


def add_app_pages(site: Path, apps: list[Path], lang: str = "en") -> None:
    """``app/NAME.html`` for each app notebook: a page that forwards to the app's address."""
    folder = site / APP_PAGES
    if apps:
        folder.mkdir(exist_ok=True)
    for nb in apps:
        (folder / f"{nb.stem}.html").write_text(app_page(nb, lang), encoding="utf-8")


def check_site(site: Path, notebooks: list[Path], lock: dict[str, Any], apps: Sequence[Path] = (),
               lang: str = "en") -> None:
    """The built live site has every lesson and app, the local Pyodide with every wheel, and every extension it
    needs."""
    problems: list[str] = []
    for nb in notebooks:
        if not (site / "files" / nb.name).exists():
            problems.append(f"lesson {nb.name} is missing from files/")
    for nb in apps:
        if not (site / "files" / nb.name).exists():
            problems.append(f"app {nb.name} is missing from files/")
        if not (site / APP_PAGES / f"{nb.stem}.html").exists():
            problems.append(f"{APP_PAGES}/{nb.stem}.html is missing")
    pyodide = site / "static" / "pyodide"
    for name in (*PYODIDE.keep, *(e["file_name"] for e in lock["packages"].values())):
        if not (pyodide / name).exists():
            problems.append(f"static/pyodide/{name} is missing")
    for app in ("", *APPS):
        config_path = site / app / "jupyter-lite.json"
        if not config_path.exists():
            problems.append(f"{config_path.relative_to(site)} is missing")
            continue
        text = config_path.read_text(encoding="utf-8")
        if re.search(r"https?://", text):
            problems.append(f"{config_path.relative_to(site)} points at another site")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get("@jupyterlite/pyodide-kernel-extension:kernel", {})
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"the kernel's pyodideUrl is {kernel.get('pyodideUrl')!r}, not the site's own copy")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not set: the kernel would fetch packages from PyPI")
    extensions = {e["name"] for e in config.get("federated_extensions", [])}
    problems.extend(f"extension {n} is missing" for n in LAB_EXTENSIONS if n not in extensions)
    problems.extend(f"stray extension {n} (not in LAB_EXTENSIONS)" for n in sorted(extensions - set(LAB_EXTENSIONS)))
    if not (site / KERNEL_NOTE).exists():
        problems.append(f"{KERNEL_NOTE} is missing")
    for app in KERNEL_NOTE_APPS:
        page = site / app / "index.html"
        if page.exists() and kernel_note_tag(app, lang) not in page.read_text(encoding="utf-8"):
            problems.append(f"{app}/index.html does not load {KERNEL_NOTE}")
    locale = LOCALES[lang]
    if locale != "en" and not (site / "api" / "translations" / f"{locale}.json").exists():
        problems.append(f"api/translations/{locale}.json is missing: JupyterLite's menus would be English "
                        "(pip install the requirements: jupyterlab-language-pack-ja-JP)")  # fmt: skip
    if problems:
        raise BuildError("the live site is incomplete:\n  " + "\n  ".join(problems))


def site_size(site: Path) -> tuple[int, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def notebook_language(notebook: Path) -> str:
    """The language a notebook speaks: ``ja`` for one that ``scripts/i18n_build.py`` wrote (its hidden first cell
    calls ``set_language``), else ``en``."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    first = "".join(cells[0]["source"]) if cells else ""
    found = re.search(r'^set_language\("(\w+)"\)$', first, re.M)
    return found.group(1) if found else "en"


# JupyterLab's locale for a site's language: the Japanese live site opens with JupyterLite's own menus and messages in
# Japanese (the language pack jupyterlab-language-pack-ja-JP, a requirement, gives the site its api/translations).
LOCALES = {"en": "en", "ja": "ja_JP"}


def lite_overrides(lang: str) -> dict[str, Any]:
    """The site's default settings (``lite/overrides.json``), with JupyterLab's locale set to the site's language.

    >>> lite_overrides("ja")["@jupyterlab/translation-extension:plugin"]
    {'locale': 'ja_JP'}
    >>> lite_overrides("en")["@jupyterlab/translation-extension:plugin"]
    {'locale': 'en'}
    """
    settings: dict[str, Any] = json.loads((LITE_CONFIG / "overrides.json").read_text(encoding="utf-8"))
    settings["@jupyterlab/translation-extension:plugin"] = {"locale": LOCALES[lang]}
    return settings


def build(toc_path: Path, source: Path = ROOT, work: Path = WORK) -> None:
    start = time.monotonic()
    check_versions()
    notebooks = lessons(toc_path, source)
    apps = app_notebooks(source / "app")
    stage, site = work / "src", work / "site"
    where = work.relative_to(ROOT) if work.is_relative_to(ROOT) else work
    clash = sorted({nb.name for nb in apps} & {nb.name for nb in notebooks})
    if clash:
        raise BuildError(f"app notebooks named like lessons: {clash} (both go to the live site's files/)")
    shutil.rmtree(work, ignore_errors=True)  # always clean: an incremental build once went back to the CDN
    (stage / "files").mkdir(parents=True)
    lang = notebook_language(notebooks[0])
    shutil.copy2(LITE_CONFIG / "jupyter-lite.json", stage / "jupyter-lite.json")
    (stage / "overrides.json").write_text(json.dumps(lite_overrides(lang), indent=2) + "\n", encoding="utf-8")
    for nb in [*notebooks, *apps]:
        shutil.copy2(nb, stage / "files" / nb.name)  # unchanged: the lessons and apps run as they are
    lock, pyodide_modules = assemble_pyodide(stage)
    log(f"jupyter lite build (log: {where}/build.log)")
    jupyter_lite_build(stage, site, work / "build.log")
    add_kernel_note(site, lang)
    add_app_pages(site, apps, lang)
    check_site(site, notebooks, lock, apps, lang)
    info = manifest(notebooks, lock, pyodide_modules, apps)
    (site / MANIFEST).write_text(json.dumps(info, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for stem, lesson in [*info["lessons"].items(), *info["apps"].items()]:
        if lesson["missing"]:
            log(f"warning: {stem} imports {', '.join(lesson['missing'])}, which the live site does not have")
    size, count = site_size(site)
    names = ", ".join(nb.stem for nb in apps)
    log(f"built {len(notebooks)} lessons and {len(apps)} apps ({names}) into {where}/site: "
        f"{size / 1e6:.1f} MB in {count} files, {time.monotonic() - start:.0f} s")  # fmt: skip


def install(target: Path, work: Path = WORK) -> None:
    """Copy the built live site to ``target`` (hard links where possible: the files are never edited)."""
    site = work / "site"
    if not (site / "index.html").exists():
        raise BuildError(f"no live site in {site}: run python scripts/build_lite.py")
    if not (target.parent / "index.html").exists():
        raise BuildError(f"no book in {target.parent}: build the book first (bash scripts/build.sh)")
    shutil.rmtree(target, ignore_errors=True)

    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(site, target, copy_function=link)
    log(f"installed the live site at {target.relative_to(ROOT)}/")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--build-only", action="store_true", help="build _build/lite/site, do not install it")
    mode.add_argument("--install-only", action="store_true", help="copy the last build to _build/html/live")
    parser.add_argument("--toc", type=Path, help="the table of contents (default: $HL_TOC, else SOURCE/_toc.yml)")
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the tree of notebooks/ and app/ (default: this checkout; _build/ja-src for Japanese)")
    parser.add_argument("--work", type=Path, default=WORK, help="where to build (default _build/lite)")
    parser.add_argument("--install-to", type=Path, default=INSTALLED,
                        help="where to install (default _build/html/live)")
    args = parser.parse_args(argv)
    source = args.source.resolve()
    if args.toc is not None:
        toc = args.toc
    elif source == ROOT:
        toc = Path(os.environ.get("HL_TOC") or ROOT / "_toc.yml")
    else:
        toc = source / "_toc.yml"  # another tree's own (the Japanese edition's is written from _toc.yml)
    try:
        if not args.install_only:
            build(toc, source, args.work.resolve())
        if not args.build_only:
            install(args.install_to.resolve(), args.work.resolve())
    except BuildError as exc:
        print(f"build_lite: FAILED: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
