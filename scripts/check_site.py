#!/usr/bin/env python3
"""Check that the built book loads nothing from outside the site.

Scans every HTML page of the built site (default ``_build/html``) and every CSS file in it:

* no page asset (``<script src>``, stylesheet/preload/icon ``<link href>``, ``<img>``, ``<iframe>``, media,
  ``@import``/``url()`` in CSS) points to ``http://``, ``https://`` or ``//``;
* no known CDN host appears anywhere in a page (inline scripts and config included);
* every local script and stylesheet a page references exists in the site;
* a page with saved widget state loads the site's own require.js and ipywidgets HTML manager, and a page with
  a custom widget (anywidget) also the script that maps the module "anywidget" to the site's own copy
  (book/_static/hl-amd/anywidget.js), which must be in the site.

Plain links to other websites (``<a href>``, e.g. the references page) are fine. Exit status 1 and one
line per problem if anything is wrong. Run by scripts/build.sh after every build, and by the tests.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

CDN_HOSTS = (
    "cdn.jsdelivr.net",
    "unpkg.com",
    "cdnjs.cloudflare.com",
    "code.jquery.com",
    "fonts.googleapis.com",
    "fonts.gstatic.com",
    "use.fontawesome.com",
    "kit.fontawesome.com",
    "maxcdn.bootstrapcdn.com",
    "stackpath.bootstrapcdn.com",
    "polyfill.io",
    "cdn.plot.ly",
    "mybinder.org",
    "colab.research.google.com",
    "deepnote.com",
    "plausible.io",
    "googletagmanager.com",
    "hypothes.is",
    "utteranc.es",
    # Where anywidget examples import ES modules from (a widget's _esm is saved in the page's widget state).
    "esm.sh",
    "esm.run",
    "cdn.skypack.dev",
)
# <link rel> values that only name another document and make the browser fetch nothing.
NAVIGATION_RELS = {"canonical", "alternate", "next", "prev", "index", "search", "author", "license", "help"}
ASSET_ATTRS = {
    "script": ("src",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "track": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}
CSS_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])\s*((?:https?:)?//[^'")\s]+)""", re.IGNORECASE)
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
ANYWIDGET_STATE = re.compile(r'"model_module":\s*"anywidget"')
# The static pages' AMD module "anywidget" and the script that maps the name to it (nb_ipywidgets_js).
ANYWIDGET_MODULE = "_static/hl-amd/anywidget.js"
WIDGET_PATHS_SCRIPT = "_static/hearts-widgets.js"


def is_external(url: str) -> bool:
    url = url.strip()
    return url.startswith("//") or urlsplit(url).scheme in {"http", "https", "ftp", "ws", "wss"}


class PageScan(HTMLParser):
    """Collects a page's asset URLs (external and local) and its inline style text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.external: list[str] = []
        self.local_assets: list[str] = []
        self.scripts: list[str] = []
        self.inline_css: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        urls: list[str] = []
        if tag == "link":
            rels = set(values.get("rel", "").lower().split())
            if "href" in values and not rels <= NAVIGATION_RELS:
                urls.append(values["href"])
        for attr in ASSET_ATTRS.get(tag, ()):
            if attr in values:
                if attr == "srcset":
                    urls.extend(part.split()[0] for part in values[attr].split(",") if part.strip())
                else:
                    urls.append(values[attr])
        for url in urls:
            if is_external(url):
                self.external.append(f"<{tag}> {url}")
            elif tag in {"script", "link"} and url and not url.startswith(("data:", "#")):
                self.local_assets.append(url)
        if tag == "script" and "src" in values:
            self.scripts.append(values["src"])
        if "style" in values:
            self.inline_css.append(values["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.inline_css.append(data)


def check_css(text: str, where: str) -> Iterator[str]:
    for match in CSS_URL.finditer(text):
        yield f"{where}: CSS loads {match.group(1)}"


def check_page(site: Path, page: Path) -> Iterator[str]:
    where = str(page.relative_to(site))
    text = page.read_text(encoding="utf-8")
    scan = PageScan()
    scan.feed(text)
    for item in scan.external:
        yield f"{where}: external asset {item}"
    for css in scan.inline_css:
        yield from check_css(css, where)
    lowered = text.lower()
    for host in CDN_HOSTS:
        if host in lowered:
            yield f"{where}: mentions {host}"
    for url in scan.local_assets:
        path = unquote(urlsplit(url).path)
        if path and not (page.parent / path).resolve().exists():
            yield f"{where}: missing local asset {url}"
    if WIDGET_STATE in text:
        for needed in ("hl-vendor/requirejs-", "hl-vendor/html-manager-"):
            if not any(needed in src for src in scan.scripts):
                yield f"{where}: has widget state but does not load {needed}*"
        if ANYWIDGET_STATE.search(text):
            if not any(src.split("?")[0].endswith(WIDGET_PATHS_SCRIPT) for src in scan.scripts):
                yield f"{where}: has an anywidget but does not load {WIDGET_PATHS_SCRIPT} (the module's path)"
            if not (site / ANYWIDGET_MODULE).is_file():
                yield f"{where}: has an anywidget but the site has no {ANYWIDGET_MODULE}"


# Editions of the book inside the site's root, each a book of its own (the Japanese one: scripts/build.sh).
EDITIONS = ("ja",)
NOT_PAGES = {"_static", "_sources"}


def is_page(site: Path, path: Path) -> bool:
    """A page of the site: not a file of an edition's _static/ (theme template fragments, vendored files) or
    _sources/.

    >>> [is_page(Path("s"), Path(p)) for p in ("s/index.html", "s/_static/a.html", "s/ja/_static/a.html",
    ...                                        "s/ja/book/welcome.html")]
    [True, False, False, True]
    """
    parts = path.relative_to(site).parts
    if len(parts) > 1 and parts[0] in EDITIONS:
        parts = parts[1:]
    return parts[0] not in NOT_PAGES


def check_site(site: Path) -> tuple[int, list[str]]:
    pages = sorted(p for p in site.rglob("*.html") if is_page(site, p))
    problems: list[str] = []
    for page in pages:
        problems.extend(check_page(site, page))
    for css in sorted(site.rglob("*.css")):
        problems.extend(check_css(css.read_text(encoding="utf-8", errors="replace"), str(css.relative_to(site))))
    return len(pages), problems


def main(argv: list[str]) -> int:
    site = Path(argv[1] if len(argv) > 1 else "_build/html")
    if not (site / "index.html").exists():
        print(f"check_site: no built site at {site}", file=sys.stderr)
        return 1
    count, problems = check_site(site)
    for problem in problems:
        print(f"check_site: {problem}", file=sys.stderr)
    if problems:
        print(f"check_site: FAILED: {len(problems)} problem(s) in {count} pages", file=sys.stderr)
        return 1
    print(f"check_site: ok: {count} pages load only the site's own scripts, styles and fonts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
