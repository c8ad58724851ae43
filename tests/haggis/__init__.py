"""Tests of the Haggis engine, its widgets and bench (a package, so module names do not clash with Hearts' tests)."""
