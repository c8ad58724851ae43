"""hearts_lessons.runtime: lessons pick smaller simulations when the engine runs in a browser (the live site)."""

from __future__ import annotations

import sys

import pytest

from hearts_lessons import runtime
from hearts_lessons.runtime import ENV_VAR, in_browser, scale_note, scaled, where


@pytest.fixture(autouse=True)
def no_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)


def test_a_desktop_python_is_not_a_browser() -> None:
    assert sys.platform != "emscripten"
    assert in_browser() is False
    assert where() == "desktop"
    assert scaled(2000, browser=200) == 2000


def test_pyodide_is_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pyodide (and every Emscripten build of CPython) reports sys.platform == "emscripten".
    monkeypatch.setattr(runtime.sys, "platform", "emscripten")
    assert in_browser() is True
    assert where() == "browser"
    assert scaled(2000, browser=200) == 200


@pytest.mark.parametrize(("value", "expected"), [("browser", True), ("BROWSER ", True), ("desktop", False)])
def test_the_environment_variable_overrides_detection(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: bool
) -> None:
    monkeypatch.setenv(ENV_VAR, value)
    assert in_browser() is expected
    monkeypatch.setattr(runtime.sys, "platform", "emscripten")
    assert in_browser() is expected


def test_an_unknown_override_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "phone")
    assert in_browser() is False


def test_scaled_keeps_any_type(monkeypatch: pytest.MonkeyPatch) -> None:
    assert scaled(None, browser=1) is None
    assert scaled("slow", browser="fast") == "slow"
    monkeypatch.setenv(ENV_VAR, "browser")
    assert scaled(None, browser=1) == 1
    assert scaled(0.5, browser=0.1) == 0.1


def test_scale_note_speaks_only_when_the_browser_does_less() -> None:
    assert scale_note(1000, 1000, "hands") == ""
    note = scale_note(12000, 1500, "games")
    assert "1,500 games" in note and "12,000" in note and "browser" in note
