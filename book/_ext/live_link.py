"""Sphinx extension: a "run it live" box under the title of every lesson page.

The live site (``scripts/build_lite.py``: JupyterLite with Pyodide, the engine and ipywidgets) is served beside
the book in ``live/``, where the lesson ``notebooks/NAME.ipynb`` opens at
``live/notebooks/index.html?path=NAME.ipynb``. Links are relative, so the site works from any folder or host.

When the live build ran before the book (``bash scripts/build.sh`` does that), its ``lessons.json`` lists, for
each lesson, the modules the lesson imports that the live site does not have; the box then says which cells will
not run there.
"""

from __future__ import annotations

import html
import json
from pathlib import Path, PurePosixPath
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

LESSON_FOLDER = "notebooks"
LIVE_FOLDER = "live"
MANIFEST = "_build/lite/site/lessons.json"


def live_url(docname: str) -> str:
    """The live notebook's URL relative to the page of ``docname`` (e.g. ``notebooks/01_tricks``)."""
    depth = len(PurePosixPath(docname).parts) - 1
    name = PurePosixPath(docname).name
    return f"{'../' * depth}{LIVE_FOLDER}/notebooks/index.html?path={name}.ipynb"


def missing_modules(app: Sphinx, docname: str) -> list[str]:
    path = Path(app.srcdir) / app.config.hl_live_manifest
    if not path.exists():
        return []
    lessons: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")).get("lessons", {})
    lesson = lessons.get(PurePosixPath(docname).name, {})
    return [str(name) for name in lesson.get("missing", [])]


# The box's words in each edition's language (``language`` in the book's Sphinx configuration; the Japanese
# edition is written by scripts/i18n_build.py). {url}: the live lesson; {how_to}: the "How to use" page; {names}:
# the modules the live site lacks. JupyterLite's menus speak each edition's language (the Japanese live site has
# JupyterLab's Japanese language pack: 実行 → すべてのセルを実行).
WORDS = {
    "en": {
        "title": "Run this lesson live",
        "body": "<p>The widgets on this page are pictures: they do not compute. "
        '<a class="hl-live-link-button" href="{url}" target="_blank" rel="noopener"><b>▶ Run it live</b></a> '
        "opens this lesson in your browser with Python running inside the page (nothing to install; the first "
        "start downloads about 26 MB and takes 10 to 25 seconds). Then choose <b>Run → Run All Cells</b>, and "
        "every button answers for real. Or run it in JupyterLab on your computer: <code>bash scripts/lab.sh</code> "
        '(see <a href="{how_to}">How to use this book</a>).</p>',
        "file": "<b>This page was opened from a file</b>, and the live lessons cannot start "
        "from a file: serve the site first with <code>bash scripts/serve.sh</code> and open "
        "<code>http://127.0.0.1:8000/</code>, or run the lessons in JupyterLab with "
        "<code>bash scripts/lab.sh</code>.",
        "missing": "<p><b>Not live yet:</b> this lesson imports {names}, which the in-browser Python of this site "
        "does not include, so in the live site it stops with an error at the cell that imports it. Read "
        "it on this page, or run it in JupyterLab.</p>",
    },
    "ja": {
        "title": "このレッスンをライブで動かす",
        "body": "<p>このページのウィジェットは画像なので、計算はしません。"
        '<a class="hl-live-link-button" href="{url}" target="_blank" rel="noopener"><b>▶ ライブで実行</b></a>'
        "を押すと、このレッスンがブラウザーの中で開き、ページの中でPythonが動きます（インストールは不要です。"
        "初回は約26 MBをダウンロードし、起動まで10〜25秒かかります）。開いたらメニューの"
        "<b>実行 → すべてのセルを実行</b>を選ぶと、どのボタンも本当に応答します。"
        "自分のコンピューターのJupyterLabで動かすこともできます：<code>bash scripts/lab.sh</code>"
        '（<a href="{how_to}">この本の使い方</a>を参照）。</p>',
        "file": "<b>このページはファイルとして開かれています。</b>ライブのレッスンはファイルからは起動できません。"
        "先に<code>bash scripts/serve.sh</code>でサイトを配信して<code>http://127.0.0.1:8000/</code>を開くか、"
        "<code>bash scripts/lab.sh</code>でJupyterLabを使ってください。",
        "missing": "<p><b>まだライブでは動きません：</b>このレッスンは{names}をインポートしますが、"
        "このサイトのブラウザー内Pythonにはそれがないため、ライブサイトではそれをインポートするセルでエラーに"
        "なって止まります。このページで読むか、JupyterLabで動かしてください。</p>",
    },
}


def box_html(docname: str, missing: list[str], language: str = "en") -> str:
    words = WORDS.get(language, WORDS["en"])
    url = html.escape(live_url(docname))
    how_to = "../" * (len(PurePosixPath(docname).parts) - 1) + "book/how_to_use.html"
    parts = [
        '<div class="admonition tip hl-live-link">',
        f'<p class="admonition-title">{words["title"]}</p>',
        words["body"].format(url=url, how_to=how_to),
    ]
    # A page opened from disk (file://) cannot start the live site (the browser refuses its workers and fetches):
    # say how to serve the site instead of opening a blank page.
    parts.append(
        f'<p class="hl-file-note" hidden>{words["file"]}</p>'
        "<script>(function () {"
        "  if (window.location.protocol !== 'file:') { return; }"
        "  var box = document.currentScript.parentNode;"
        "  box.querySelector('.hl-file-note').hidden = false;"
        "  var link = box.querySelector('.hl-live-link-button');"
        "  link.removeAttribute('href'); link.setAttribute('aria-disabled', 'true');"
        "  link.style.opacity = '0.6';"
        "})();</script>"
    )
    if missing:
        names = ", ".join(f"<code>{html.escape(m)}</code>" for m in missing)
        parts.append(words["missing"].format(names=names))
    parts.append("</div>")
    return "\n".join(parts)


def add_live_link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if PurePosixPath(docname).parts[0] != LESSON_FOLDER or app.builder.format != "html":
        return
    raw = nodes.raw("", box_html(docname, missing_modules(app, docname), app.config.language or "en"),
                    format="html")
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        doctree.insert(0, raw)
        return
    title = next((i for i, child in enumerate(section.children) if isinstance(child, nodes.title)), -1)
    section.insert(title + 1, raw)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("hl_live_manifest", MANIFEST, "html")
    app.connect("doctree-resolved", add_live_link)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
