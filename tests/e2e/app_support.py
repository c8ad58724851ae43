"""Live lessons for the browser tests: notebooks served on 127.0.0.1 by Voilà and by JupyterLab.

The app is the README's one command, ``bash scripts/app.sh NOTEBOOK --no-browser``; JupyterLab is started with
the options ``scripts/lab.sh`` gives it, but on another root folder (lab.sh always serves notebooks/, and Lab
autosaves). Each server gets a free port of 127.0.0.1 and copies of the notebooks in a temporary folder, runs
in its own process group and is stopped with it. A page opened with :func:`open_watched` aborts and records
every request that does not go to 127.0.0.1, and collects console errors and uncaught page errors (conftest's
:func:`watch_page`, as the ``watch`` fixture does for the built book).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute

from .conftest import LOCAL_HOST, ROOT, Watch, free_port, required, watch_page

APP_SCRIPT = ROOT / "scripts" / "app.sh"
LAB_CONFIG = ROOT / "app" / "lab-config"  # what scripts/lab.sh adds to JUPYTER_CONFIG_PATH
ARTIFACTS = ROOT / "_build" / "e2e-app"  # logs and screenshots of these tests (conftest clears _build/e2e)
NOT_LOCAL_WEBSOCKET = re.compile(r"^wss?://(?!127\.0\.0\.1[:/])")
LAB_TOKEN = "hearts-lessons-e2e"
# Seconds for Voilà to listen: app.sh first checks that .venv is up to date, and the first time it compiles the
# engine (scripts/compile_engine.sh: about half a minute on a quiet machine, more under load).
START_TIMEOUT = 240.0


def require_servers() -> None:
    """Skip without Voilà or JupyterLab, except where the browser tests must run (CI, scripts/test.sh):
    there, fail."""
    missing = [name for name in ("voila", "jupyterlab", "ipykernel") if importlib.util.find_spec(name) is None]
    if missing:
        message = f"not installed in this environment: {', '.join(missing)} (all are in requirements.txt)"
        if required():
            pytest.fail(message)
        pytest.skip(message)


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@contextlib.contextmanager
def serve_app(notebook: Path, log_path: Path) -> Iterator[str]:
    """Run ``bash scripts/app.sh NOTEBOOK --no-browser`` on a free port; yield the notebook's page; stop it."""
    port = free_port()
    command = ["bash", str(APP_SCRIPT), str(notebook), "--no-browser"]
    page = notebook.relative_to(notebook.parent.parent).as_posix()  # app.sh serves the folder above the notebook's
    with _server(command, notebook.parent, {**os.environ, "PORT": str(port)}, log_path, port, "scripts/app.sh"):
        yield f"http://{LOCAL_HOST}:{port}/voila/render/{page}"


@contextlib.contextmanager
def _server(command: list[str], cwd: Path, env: dict[str, str], log_path: Path, port: int, name: str) -> Iterator[None]:
    """Start ``command`` in its own process group, wait until it listens on ``port``, stop the group after."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                if server.poll() is not None:
                    pytest.fail(f"{name} exited with {server.returncode}:\n{_tail(log_path)}")
                try:
                    with socket.create_connection((LOCAL_HOST, port), timeout=0.5):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        pytest.fail(f"{name} did not listen on {LOCAL_HOST}:{port} in {START_TIMEOUT:.0f} s:\n"
                                    f"{_tail(log_path)}")  # fmt: skip
                    time.sleep(0.2)
            yield
        finally:
            stop_group(server)


@contextlib.contextmanager
def serve_lab(root: Path, log_path: Path) -> Iterator[str]:
    """JupyterLab on ``root`` (a copy: Lab autosaves) as ``scripts/lab.sh`` starts it, on a free port of
    127.0.0.1, with its runtime files, settings and workspaces in a temporary folder; yields the URL of
    ``/lab`` (log in with ``?token=LAB_TOKEN``)."""
    port = free_port()
    state = root.parent / f"{root.name}-lab-state"
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(state / "runtime"), "JUPYTER_CONFIG_DIR": str(state / "config"),
           "JUPYTER_CONFIG_PATH": str(LAB_CONFIG)}  # fmt: skip
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        f"--ServerApp.ip={LOCAL_HOST}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}", f"--IdentityProvider.token={LAB_TOKEN}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.workspaces_dir={state / 'workspaces'}", f"--LabApp.user_settings_dir={state / 'settings'}",
    ]  # fmt: skip
    if os.geteuid() == 0:
        command.append("--allow-root")
    with _server(command, root, env, log_path, port, "JupyterLab"):
        yield f"http://{LOCAL_HOST}:{port}/lab"


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group (Voilà then shuts its kernels down); SIGKILL it if it lingers."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextlib.contextmanager
def open_watched(browser: Browser, **context_args: object) -> Iterator[Watch]:
    """A fresh browser context and page; non-local requests are aborted and recorded, errors collected."""
    context = browser.new_context(**context_args)  # type: ignore[arg-type]
    page = context.new_page()
    seen = watch_page(page, context)

    def websocket(ws: WebSocketRoute) -> None:
        seen.external.append(ws.url)
        ws.close()

    context.route_web_socket(NOT_LOCAL_WEBSOCKET, websocket)  # Voilà's own kernel socket is left alone
    try:
        yield seen
    finally:
        context.close()


def forgive_voila_shutdown_on_unload(watch: Watch) -> None:
    """Drop the one failure Voilà 0.5 itself causes on every reload or closed tab: its frontend asks
    ``/voila/api/shutdown/<kernel>`` without the ``_xsrf`` token and gets 403 (voila-dashboards/voila#1458;
    the old kernel then lives until Voilà stops). Anything else stays a problem."""
    known = [f for f in watch.failed if re.search(r"/voila/api/shutdown/[0-9a-f-]+ \(HTTP 403\)$", f)]
    watch.failed = [f for f in watch.failed if f not in known]
    for _ in known:
        forbidden = "Failed to load resource: the server responded with a status of 403 (Forbidden)"
        if forbidden in watch.console_errors:
            watch.console_errors.remove(forbidden)


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(Exception):  # a picture for a human; never the reason a test fails
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
