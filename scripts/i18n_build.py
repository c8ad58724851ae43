#!/usr/bin/env python3
"""Write the source tree of a translated edition of the book (``_build/ja-src/``) from the English sources and the
catalogues that ``scripts/i18n.py`` keeps.

    python scripts/i18n_build.py                   # _build/ja-src: every entry must be translated and up to date
    python scripts/i18n_build.py --allow-missing   # keep the English where a translation is missing (local only)
    python scripts/i18n_build.py --out DIR         # somewhere else

English is the source: nothing here is edited by hand, and the tree is written anew every time. It holds

* ``_config.yml``: the English configuration with Sphinx's ``language`` set (pages carry ``<html lang="ja">`` and
  the search index uses Sphinx's Japanese word splitter), the title and footer from ``i18n/<lang>/site.po``, the
  edition for ``book/_ext/lang_switch.py``, the Japanese live site's ``lessons.json`` for ``live_link.py``, and the
  words of myst-nb's cell toggle and of the search field (``TOOL_WORDS``);
* ``_toc.yml``: the English table of contents with its captions and titles translated (``site.po``);
* ``book/*.md``: every page of the table of contents rebuilt block by block (``scripts/i18n.py``'s
  ``page_blocks``) from ``i18n/<lang>/pages/<page>.po``; blocks with nothing to translate (code, labels, front
  matter) are copied; the rest of ``book/`` (``_ext``, ``_static``, ``_templates``) as it is;
* ``notebooks/*.ipynb`` and ``app/*.ipynb``: each markdown cell replaced by its translation
  (``i18n/<lang>/notebooks/<name>.po``, the cell id as context), code cells copied unchanged, and one hidden
  first code cell (tag ``remove-cell``) that makes the engine speak the language (``set_language``) wherever the
  notebook runs: the book's build, JupyterLab, Voilà, the live site;
* ``_vendor/`` (the self-hosted JavaScript, when ``scripts/vendor_assets.py`` has fetched it), hard-linked.

An untranslated or out-of-date (fuzzy) entry is an error that names it, so a Japanese page never shows an English
paragraph. ``--allow-missing`` keeps the English for those, says how many there are, and lists them in the tree's
``MISSING_TRANSLATIONS.txt``: for building while the translation is in progress, never for a published build
(``scripts/build.sh`` passes it only with ``HL_I18N_ALLOW_MISSING=1``, which CI never sets).
"""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import yaml

from i18n import ROOT, i18n_dir, load, notebooks, page_blocks, pages

LANG = "ja"
OUT = ROOT / "_build" / f"{LANG}-src"
# The hidden first cell of every translated notebook (its id is fixed, so that the tree is the same every time).
LANGUAGE_CELL_ID = "hl-set-language"
LANGUAGE_CELL_TAGS = ["remove-cell"]
# Where the translated edition's live site keeps its lessons.json, relative to the tree (for live_link.py): the
# folder scripts/_setup.sh builds it in (hl_build_live_ja: _build/lite-ja).
LIVE_MANIFEST = "../lite-{lang}/site/lessons.json"
# The entries an --allow-missing tree shows in English, one a line (tests/test_ja_book.py reads it).
MISSING_LIST = "MISSING_TRANSLATIONS.txt"
# What the tree needs besides the pages and notebooks (copied as they are).
BOOK_FILES = ("_ext", "_static", "_templates")
# The words that the book's tools (not its sources) put on its pages, in the edition's language: myst-nb's toggle of
# a hidden cell (its English "Show code cell {type}") and the theme's search field. Sphinx and the theme translate
# their own words (「検索」…) once ``language`` is set.
TOOL_WORDS = {
    "ja": {
        "nb_code_prompt_show": "コードを表示",
        "nb_code_prompt_hide": "コードを隠す",
        "search_bar_text": "この本を検索…",
    },
}


def language_cell_source(lang: str) -> str:
    """The code of the hidden first cell.

    >>> print(language_cell_source("ja"))
    from hearts_lessons.i18n import set_language
    set_language("ja")
    """
    return f'from hearts_lessons.i18n import set_language\nset_language("{lang}")'


@dataclass
class Translator:
    """Translations of one catalogue; what it lacks is recorded (``missing``), and given in English."""

    path: Path
    lang: str = LANG
    missing: list[str] = field(default_factory=list)
    table: dict[tuple[str, str], tuple[str, bool]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.path.exists():
            return
        for message in load(self.path, self.lang):
            if not message.id:
                continue
            english = message.id if isinstance(message.id, str) else message.id[0]
            text = message.string if isinstance(message.string, str) else (message.string[0] if message.string else "")
            self.table[(message.context or "", english)] = (text, "fuzzy" in message.flags)

    def __call__(self, english: str, context: str = "") -> str:
        """``english`` translated; the English itself (recorded as missing) if it is untranslated or fuzzy."""
        text, fuzzy = self.table.get((context, english), ("", False))
        if text and not fuzzy:
            return text
        why = "out of date (fuzzy)" if text else "untranslated"
        where = f" [{context}]" if context else ""
        short = english.strip().splitlines()[0][:70] if english.strip() else english
        name = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        self.missing.append(f"{name}{where}: {why}: {short!r}")
        return english


def translate_page(text: str, tr: Translator) -> str:
    """A MyST page rebuilt block by block: translatable blocks from the catalogue, the others copied.

    >>> tr = Translator(Path("none.po"))
    >>> tr.table[("", "# Title")] = ("# 題名", False)
    >>> print(translate_page("# Title\\n\\n```bash\\nls\\n```\\n\\nOne.", tr))
    # 題名
    <BLANKLINE>
    ```bash
    ls
    ```
    <BLANKLINE>
    One.
    <BLANKLINE>
    >>> tr.missing
    ["none.po: untranslated: 'One.'"]
    """
    out = [tr(block) if words else block for block, words in page_blocks(text)]
    return "\n\n".join(out) + "\n"


def translate_notebook(nb: Any, tr: Translator, lang: str = LANG) -> Any:
    """The notebook with each markdown cell translated (the cell id is the context), code cells unchanged, and the
    hidden cell that sets the language first.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Hello", id="m1"),
    ...                                      nbformat.v4.new_code_cell("print(1)", id="c1")])
    >>> tr = Translator(Path("none.po"))
    >>> tr.table[("m1", "Hello")] = ("こんにちは", False)
    >>> out = translate_notebook(nb, tr)
    >>> [(c.cell_type, c.source) for c in out.cells][1:]
    [('markdown', 'こんにちは'), ('code', 'print(1)')]
    >>> out.cells[0].metadata.tags, out.cells[0].id
    (['remove-cell'], 'hl-set-language')
    """
    out = nbformat.from_dict(nb)  # a deep copy
    for cell in out.cells:
        if cell.cell_type == "markdown" and cell.source.strip():
            cell.source = tr(cell.source, cell.get("id", ""))
    if any(cell.get("id") == LANGUAGE_CELL_ID for cell in out.cells):
        raise ValueError(f"a notebook already has a cell with the id {LANGUAGE_CELL_ID!r}")
    first = nbformat.v4.new_code_cell(language_cell_source(lang), id=LANGUAGE_CELL_ID)
    first.metadata["tags"] = list(LANGUAGE_CELL_TAGS)
    out.cells.insert(0, first)
    return out


def translate_toc(toc: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """The table of contents with its captions (context ``toc caption``) and titles (``toc title``) translated."""
    out: dict[str, Any] = {**toc, "parts": []}
    for part in toc.get("parts", []):
        new_part = {**part, "caption": tr(part["caption"], "toc caption"), "chapters": []}
        for chapter in part.get("chapters", []):
            new = dict(chapter)
            if "title" in chapter:
                new["title"] = tr(chapter["title"], "toc title")
            new_part["chapters"].append(new)
        out["parts"].append(new_part)
    return out


def translate_config(config: dict[str, Any], tr: Translator, lang: str = LANG) -> dict[str, Any]:
    """The book's configuration for the edition in ``lang`` (a copy: the English one is not changed)."""
    out: dict[str, Any] = copy.deepcopy(config)
    out["title"] = tr(config["title"], "config title")
    footer = config["html"]["extra_footer"]
    out["html"]["extra_footer"] = tr(footer.strip(), "config footer") + "\n"
    sphinx = out["sphinx"]["config"]
    sphinx["language"] = lang
    words = TOOL_WORDS[lang]
    sphinx["nb_code_prompt_show"] = words["nb_code_prompt_show"]
    sphinx["nb_code_prompt_hide"] = words["nb_code_prompt_hide"]
    sphinx.setdefault("html_theme_options", {})["search_bar_text"] = words["search_bar_text"]
    sphinx["hl_edition"] = lang
    sphinx["hl_live_manifest"] = LIVE_MANIFEST.format(lang=lang)
    return out


def link_tree(src: Path, dst: Path) -> None:
    """Copy a folder, hard-linking its files where the file system allows (they are never edited)."""

    def link(a: str, b: str) -> None:
        try:
            os.link(a, b)
        except OSError:
            shutil.copy2(a, b)

    shutil.copytree(src, dst, copy_function=link, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))


def write_tree(out: Path, lang: str = LANG) -> list[str]:
    """Write the edition's source tree into ``out`` (emptied first); return what was missing from the catalogues."""
    folder = i18n_dir(lang)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    missing: list[str] = []

    site = Translator(folder / "site.po", lang)
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    header = f"# Written by scripts/i18n_build.py from the English {{}} and i18n/{lang}/site.po: do not edit.\n"
    for name, data in (("_config.yml", translate_config(config, site, lang)), ("_toc.yml", translate_toc(toc, site))):
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
        (out / name).write_text(header.format(name) + text, encoding="utf-8")
    missing += site.missing

    (out / "book").mkdir()
    for name in BOOK_FILES:
        if (ROOT / "book" / name).is_dir():
            link_tree(ROOT / "book" / name, out / "book" / name)
    for page in pages():
        tr = Translator(folder / "pages" / f"{page.stem}.po", lang)
        (out / "book" / page.name).write_text(translate_page(page.read_text(encoding="utf-8"), tr), encoding="utf-8")
        missing += tr.missing

    for path in notebooks():
        tr = Translator(folder / "notebooks" / f"{path.stem}.po", lang)
        nb = translate_notebook(nbformat.read(path, as_version=4), tr, lang)
        dest = out / path.parent.relative_to(ROOT) / path.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
        missing += tr.missing

    if (ROOT / "_vendor").is_dir():
        link_tree(ROOT / "_vendor", out / "_vendor")
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write the tree (default {OUT})")
    parser.add_argument("--lang", default=LANG, choices=(LANG,))
    parser.add_argument("--allow-missing", action="store_true",
                        help="keep the English of untranslated or out-of-date entries (local builds only)")
    args = parser.parse_args(argv)
    missing = write_tree(args.out, args.lang)
    where = args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out
    if missing and not args.allow_missing:
        for line in missing:
            print(f"i18n_build: {line}", file=sys.stderr)
        print(f"i18n_build: FAILED: {len(missing)} entries of the {args.lang} catalogues are untranslated or out of "
              "date (python scripts/i18n.py todo FILE.po; --allow-missing builds with the English in their place)",
              file=sys.stderr)
        return 1
    if missing:
        # Beside the tree, for tests/test_ja_book.py: a book built from it shows English where these are.
        (args.out / MISSING_LIST).write_text("".join(f"{line}\n" for line in missing), encoding="utf-8")
        bar = "!" * 100
        print(f"{bar}\ni18n_build: WARNING: {len(missing)} entries of the {args.lang} catalogues are untranslated or "
              f"out of date: {where} shows them IN ENGLISH (--allow-missing).\ni18n_build: a build for local use "
              f"only, never to publish (python scripts/i18n.py status).\n{bar}", file=sys.stderr)
    print(f"i18n_build: wrote the {args.lang} edition's sources into {where}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
