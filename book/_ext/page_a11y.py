"""Sphinx extension: accessibility repairs to HTML that other extensions write, measured by tests/e2e/test_axe.py.

* A notebook cell whose source is hidden (tag ``hide-input``) gets myst-nb's ``<summary aria-label="Toggle
  hidden content">`` around the visible words "Show code cell source". The label replaces those words for
  screen readers and speech input alike, so a reader who says what they see cannot reach it (WCAG 2.5.3 "label
  in name"; axe: label-content-name-mismatch). Without the label the summary is named by its own text.

The theme's own parts are repaired with template overrides in ``book/_templates`` (``templates_path``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

MISLABELLED = ('<summary aria-label="Toggle hidden content">', "<summary>")


def unlabel_summaries(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    body = context.get("body")
    if isinstance(body, str) and MISLABELLED[0] in body:
        context["body"] = body.replace(*MISLABELLED)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", unlabel_summaries)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
