"""What a rendered widget must never show: a JavaScript value printed as text."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page

BROKEN = re.compile(r"\b(?:undefined|NaN|null)\b|\[object")
"""``undefined``, ``NaN``, ``null`` or ``[object …]``: a missing or unprinted value, never words for a reader."""

WIDGETS = ".hl-ct, .hl-cardtable-widget, .hl-trick-playground, .jupyter-widgets, .widget-html"


def broken_words(where: Page | Locator) -> list[str]:
    """The text of every rendered widget under ``where`` that shows a broken value (empty when none does).

    >>> BROKEN.findall("total undefined · NaN points · [object Object] · nullable")
    ['undefined', 'NaN', '[object']
    """
    found = []
    for widget in where.locator(WIDGETS).all():
        text = widget.inner_text()
        if BROKEN.search(text):
            found.append(" ".join(text.split())[:200])
    return found
