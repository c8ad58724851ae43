"""Fixtures for the browser tests: the built book served on 127.0.0.1, opened in the system Chromium.

The tests run against ``_build/html`` (``bash scripts/build.sh`` makes it) with ``python -m http.server``,
and drive Debian's Chromium (``/usr/bin/chromium``, or ``$HL_CHROMIUM``) through pytest-playwright; they
never download a browser. Every request that does not go to 127.0.0.1 is aborted and recorded, so a page
that reaches for a CDN fails its test instead of quietly working online.

Without Chromium or a build the tests skip, except under CI (``CI=true``) or ``HL_REQUIRE_E2E=1`` (set by
``scripts/test.sh`` when it runs them), where they fail instead.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Response, Route

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
ARTIFACTS = ROOT / "_build" / "e2e"  # screenshots and printed PDFs, for a human to look at
CHROMIUM = Path(os.environ.get("HL_CHROMIUM", "/usr/bin/chromium"))
# Flags measured to work for headless Debian Chromium as root, with nothing phoning home.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOST = "127.0.0.1"


def required() -> bool:
    """True when the browser tests must run (CI, or scripts/test.sh): then missing pieces fail, not skip."""
    flags = (os.environ.get("CI", ""), os.environ.get("HL_REQUIRE_E2E", ""))
    return any(flag.lower() in {"1", "true", "yes"} for flag in flags)


def toc_docs() -> list[str]:
    """Every document of the table of contents in reading order (``$HL_TOC`` overrides ``_toc.yml``)."""
    toc_path = Path(os.environ.get("HL_TOC", ROOT / "_toc.yml"))
    toc = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    docs: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("root", "file"):
                if isinstance(node.get(key), str):
                    docs.append(str(Path(node[key]).with_suffix("")))
            for value in node.values():
                if isinstance(value, list):
                    for child in value:
                        walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(toc)
    return docs


def lesson_docs() -> list[str]:
    return [doc for doc in toc_docs() if doc.startswith("notebooks/")]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.exists() or required():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists():
        message = "no built book in _build/html: run `bash scripts/build.sh` first"
        if required():
            pytest.fail(message)
        pytest.skip(message)
    shutil.rmtree(ARTIFACTS, ignore_errors=True)  # screenshots and PDFs of this run only
    ARTIFACTS.mkdir(parents=True)
    return SITE


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOCAL_HOST, 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def served(site: Path, log: Path) -> Iterator[str]:
    """``python -m http.server`` on a free port of 127.0.0.1, serving ``site`` (its output in ``log``); yields the
    site's address and stops the server on exit (the e2e tests' ``site_url``, and ``bench/browser.py``)."""
    port = free_port()
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", LOCAL_HOST, "--directory", str(site), str(port)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 20
            while True:
                if server.poll() is not None:
                    raise RuntimeError(f"http.server exited with {server.returncode}: {log.read_text()[-2000:]}")
                try:
                    with socket.create_connection((LOCAL_HOST, port), timeout=0.5):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"http.server did not listen on {LOCAL_HOST}:{port} within 20 s") from None
                    time.sleep(0.1)
            yield f"http://{LOCAL_HOST}:{port}/"
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve the built book with ``python -m http.server`` on a free port of 127.0.0.1."""
    with served(site_dir, ARTIFACTS / "http-server.log") as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright resolves ``page.goto("book/welcome.html")`` against this."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install -y chromium chromium-driver")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_FLAGS}


@dataclass
class Watch:
    """What a page did on the network and the console while a test looked at it."""

    page: Page
    external: list[str] = field(default_factory=list)  # blocked requests to anywhere but 127.0.0.1
    failed: list[str] = field(default_factory=list)  # local requests that failed or answered >= 400
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"external request (blocked): {url}" for url in self.external]
            + [f"failed local request: {what}" for what in self.failed]
            + [f"console error: {text}" for text in self.console_errors]
            + [f"uncaught page error: {text}" for text in self.page_errors]
        )

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "the page was not self-contained and quiet:\n  " + "\n  ".join(problems)


def is_local(url: str) -> bool:
    """A URL of this machine (127.0.0.1), or one that goes to no network at all (data:, blob:, about:)."""
    parts = urlsplit(url)
    return parts.scheme not in {"http", "https", "ws", "wss"} or parts.hostname == LOCAL_HOST


def watch_page(page: Page, requests_of: Page | BrowserContext) -> Watch:
    """Watch ``page``: every non-local request of ``requests_of`` (the page, or its whole browser context) is
    aborted and recorded, and failed local requests, console errors and uncaught page errors are collected."""
    seen = Watch(page)

    def route(route: Route) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            seen.external.append(url)
            route.abort("blockedbyclient")

    def on_failed(request: Request) -> None:
        if is_local(request.url):
            seen.failed.append(f"{request.url} ({request.failure})")

    def on_response(response: Response) -> None:
        if response.status >= 400 and is_local(response.url):
            seen.failed.append(f"{response.url} (HTTP {response.status})")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            seen.console_errors.append(message.text)

    requests_of.route("**/*", route)
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", lambda error: seen.page_errors.append(str(error)))
    return seen


@pytest.fixture
def watch(page: Page, site_url: str) -> Watch:
    """The Playwright page, with every non-local request aborted and recorded, and errors collected."""
    return watch_page(page, page)


# A minimal anywidget (anywidget 0.11: ES module and CSS in the model's state) that every place the book runs
# must draw from its own files: the static pages (book/_static/hl-amd/anywidget.js), the live site (anywidget's
# JupyterLab extension in JupyterLite). A click counts up in the browser; with a kernel, Python answers with
# ``echo`` (ten times the count), which proves the round trip.
ANYWIDGET_COUNTER = '''
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "hl-test-counter";
        const show = () => { button.textContent = `count ${model.get("value")} python ${model.get("echo")}`; };
        button.addEventListener("click", () => { model.set("value", model.get("value") + 1); model.save_changes(); });
        model.on("change:value", show);
        model.on("change:echo", show);
        show();
        el.appendChild(button);
        return () => button.remove();
      }
    };
    """
    _css = ".hl-test-counter { background: #1b5e20; color: #ffffff; padding: 4px 12px; }"
    value = traitlets.Int(0).tag(sync=True)
    echo = traitlets.Int(0).tag(sync=True)

    @traitlets.observe("value")
    def _answer(self, change):
        self.echo = change["new"] * 10


counter = Counter(value=3, echo=30)
'''
ANYWIDGET_COUNTER_GREEN = "rgb(27, 94, 32)"  # its _css reached the page
