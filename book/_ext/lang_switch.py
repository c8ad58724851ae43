"""Sphinx extension: "English | 日本語" in the header of every page, linking to the same page in the other edition.

The English book is the site's root (``_build/html/``) and the Japanese one is ``ja/`` inside it
(``scripts/build.sh``; ``scripts/i18n_build.py`` writes its sources with ``hl_edition: ja``), so the same page of
the other edition is ``ja/<page>.html`` from the English root and ``../<page>.html`` from the Japanese one. Links
are relative: the site works from any folder or host. Each link names its language in that language, with
``lang`` and ``hreflang``; the edition shown is marked ``aria-current`` and is not a link. The switch is a
component of the theme's article header (``lang-switch.html`` in ``book/_templates``), beside its buttons, so it
shows on a phone and on a laptop alike.
"""

from __future__ import annotations

import html
from pathlib import PurePosixPath
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

# (language code, its name in itself), in the order shown.
EDITIONS = (("en", "English"), ("ja", "日本語"))
# Where each edition's root is, from the site's root (the English book).
ROOTS = {"en": "", "ja": "ja/"}
TEMPLATE = "lang-switch.html"
NAV_LABEL = {"en": "Language", "ja": "言語"}


def page_href(pagename: str, edition: str, target: str) -> str:
    """The address of page ``pagename`` of edition ``target`` from the same page of ``edition``.

    >>> page_href("notebooks/01_tricks", "en", "ja")
    '../ja/notebooks/01_tricks.html'
    >>> page_href("notebooks/01_tricks", "ja", "en")
    '../../notebooks/01_tricks.html'
    >>> page_href("search", "en", "ja")
    'ja/search.html'
    """
    up = "../" * (len(PurePosixPath(pagename).parts) - 1)
    to_site_root = "../" * ROOTS[edition].count("/")
    return f"{up}{to_site_root}{ROOTS[target]}{pagename}.html"


def switch_html(pagename: str, edition: str) -> str:
    """The switch for page ``pagename`` of ``edition``.

    >>> print(switch_html("book/welcome", "en"))
    <nav class="hl-lang-switch" aria-label="Language"><span lang="en" aria-current="page">English</span>
    <span class="hl-lang-sep" aria-hidden="true">|</span>
    <a lang="ja" hreflang="ja" href="../ja/book/welcome.html">日本語</a></nav>
    """
    items = []
    for code, name in EDITIONS:
        if code == edition:
            items.append(f'<span lang="{code}" aria-current="page">{html.escape(name)}</span>')
        else:
            href = html.escape(page_href(pagename, edition, code))
            items.append(f'<a lang="{code}" hreflang="{code}" href="{href}">{html.escape(name)}</a>')
    sep = '\n<span class="hl-lang-sep" aria-hidden="true">|</span>\n'
    label = html.escape(NAV_LABEL.get(edition, NAV_LABEL["en"]))
    return f'<nav class="hl-lang-switch" aria-label="{label}">{sep.join(items)}</nav>'


def add_component(app: Sphinx, config: Config) -> None:
    """Put the switch first among the article header's end items (the theme's buttons follow)."""
    if config.hl_edition not in ROOTS:
        raise ValueError(f"hl_edition is {config.hl_edition!r}: the book's editions are {', '.join(ROOTS)}")
    options = dict(config.html_theme_options or {})
    end = list(options.get("article_header_end") or ["article-header-buttons.html"])
    if TEMPLATE not in end:
        end.insert(0, TEMPLATE)
    options["article_header_end"] = end
    config.html_theme_options = options


def add_switch(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    context["hl_lang_switch"] = switch_html(pagename, app.config.hl_edition)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("hl_edition", "en", "html")
    app.connect("config-inited", add_component)
    app.connect("html-page-context", add_switch)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
