"""Shared pytest setup: registers the markers used across tests/ (fixtures for the browser tests live
in tests/e2e/conftest.py)."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "e2e: runs a real browser (system Chromium) against the built book in _build/html"
    )
    config.addinivalue_line("markers", "built_book: needs the built book in _build/html")
