"""Keep the translations in step with the English source, and check them.

    python scripts/i18n.py update [--lang ja]   # write/refresh every catalogue from the English source
    python scripts/i18n.py check  [--lang ja]   # fail on an untranslated, out-of-date (fuzzy) or obsolete entry,
                                                # a placeholder that differs, or a tr() whose words are not a literal
    python scripts/i18n.py status [--lang ja]   # how many entries each catalogue has, and how many are done
    python scripts/i18n.py todo FILE.po > todo.yml    # the entries still to translate, as YAML to fill in
    python scripts/i18n.py fill FILE.po done.yml      # put the YAML's translations into the catalogue
    python scripts/i18n.py english                # English words left in the translated prose (pages, lessons)
    python scripts/i18n.py prune FILE.po ...      # delete the obsolete entries, once a translator has looked at them

Three kinds of English source, three kinds of catalogue (gettext ``.po`` files, read and written with Babel):

* **What the code says** — every ``tr("…")`` / ``tr_n("…", "…", n)`` call in ``hearts_lessons/`` and in the
  lessons' code cells: ``hearts_lessons/locale/<lang>/<module>.po`` (one file per module, e.g.
  ``hearts_lessons.legality.po``; a lesson's code strings in ``notebooks.<name>.po``). The package reads these at
  run time (:mod:`hearts_lessons.i18n`).
* **A lesson's prose** — each markdown cell of ``notebooks/*.ipynb`` and ``app/*.ipynb``:
  ``i18n/<lang>/notebooks/<name>.po``, one entry per cell, the cell id as the entry's context.
* **A prose page** — each block (paragraph, list, table, heading, directive) of ``book/*.md``:
  ``i18n/<lang>/pages/<name>.po``; the book's own words (``_toc.yml`` captions and titles, ``_config.yml`` title
  and footer) in ``i18n/<lang>/site.po``.

``update`` keeps every translation: a changed English cell or sentence keeps its old translation marked
``fuzzy`` (with the English it was made from, ``#| msgid``), so that the translator sees what changed; a source
that is gone becomes an obsolete ``#~`` entry. ``check`` fails on all three, so CI fails until a translator has
looked.
"""
from __future__ import annotations

import argparse
import ast
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts_lessons"
NOTEBOOK_DIRS = (ROOT / "notebooks", ROOT / "app")
PAGES = ROOT / "book"
LANGS = ("ja",)
CALLS = {"tr": 1, "tr_n": 2, "N_": 1}


def locale_dir(lang: str) -> Path:
    return PACKAGE / "locale" / lang


def i18n_dir(lang: str) -> Path:
    return ROOT / "i18n" / lang


# --------------------------------------------------------------------------------------------- extraction


@dataclass(frozen=True)
class Source:
    """One English string to translate, where it comes from."""

    msgid: str
    context: str
    where: str
    plural: str = ""


class ExtractError(ValueError):
    pass


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _called(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name) and func.id in CALLS:
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in CALLS:
        return func.attr
    return None


def code_strings(text: str, where: str) -> Iterator[Source]:
    """The ``tr``/``tr_n`` calls of a piece of Python code; a call whose words are not a literal is an error."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node.func)
        if name is None:
            continue
        line = f"{where}:{node.lineno}"
        need = CALLS[name]
        words = [_literal(arg) for arg in node.args[:need]]
        if len(node.args) < need or any(w is None for w in words):
            raise ExtractError(f"{line}: {name}() needs its English words as a string literal (not a variable "
                               "or an f-string), so that they can be extracted and translated")
        context = ""
        for kw in node.keywords:
            if kw.arg == "context":
                found = _literal(kw.value)
                if found is None:
                    raise ExtractError(f"{line}: {name}(context=...) must be a string literal")
                context = found
        msgid = words[0]
        assert msgid is not None
        yield Source(msgid, context, line, words[1] or "" if name == "tr_n" else "")


def notebooks() -> list[Path]:
    return sorted(p for d in NOTEBOOK_DIRS for p in d.glob("*.ipynb"))


def code_catalogues() -> dict[str, list[Source]]:
    """Module name -> the strings its code says (modules with none are left out)."""
    found: dict[str, list[Source]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        strings = list(code_strings(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))))
        if strings:
            found[module] = strings
    for path in notebooks():
        nb = nbformat.read(path, as_version=4)
        strings = []
        for cell in nb.cells:
            if cell.cell_type == "code":
                source = "\n".join(line for line in cell.source.splitlines()
                                    if not line.lstrip().startswith(("%", "!")))
                strings.extend(code_strings(source, f"{path.relative_to(ROOT)}#{cell.get('id', '?')}"))
        if strings:
            found[f"{path.parent.name}.{path.stem}"] = strings
    return found


def notebook_cells(path: Path) -> list[Source]:
    nb = nbformat.read(path, as_version=4)
    out = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.strip():
            if "id" not in cell:
                raise ExtractError(f"{path.relative_to(ROOT)}: a markdown cell has no id")
            out.append(Source(cell.source, cell.id, str(path.relative_to(ROOT))))
    return out


_FENCE = re.compile(r"^(\s*)(`{3,}|:{3,})")


def page_blocks(text: str) -> list[tuple[str, bool]]:
    """A MyST page cut into blocks: ``(text, translatable)``, blank-line separated; a fenced block (code or a
    directive, with everything nested in it) is one block; a front matter, a label ``(name)=`` and a code fence
    are not translated.

    >>> [b for b, t in page_blocks("# Title\\n\\nOne.\\nTwo.\\n\\n```bash\\nls\\n```\\n\\n(x)=\\n") if t]
    ['# Title', 'One.\\nTwo.']
    """
    lines = text.splitlines()
    blocks: list[tuple[str, bool]] = []
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        if i == 0 and lines[0].strip() == "---":
            end = next(j for j in range(1, len(lines)) if lines[j].strip() == "---")
            blocks.append(("\n".join(lines[: end + 1]), False))
            i = end + 1
            continue
        fence = _FENCE.match(lines[i])
        if fence:
            mark = fence.group(2)
            j = i + 1
            while j < len(lines) and lines[j].strip() != mark:
                j += 1
            j = min(j + 1, len(lines))
            block = "\n".join(lines[i:j])
            code = mark.startswith("`") and not re.match(r"\s*`{3,}\{", lines[i])
            blocks.append((block, not code and _has_words(block)))
            i = j
            continue
        j = i
        while j < len(lines) and lines[j].strip() and not (j > i and _FENCE.match(lines[j])):
            j += 1
        block = "\n".join(lines[i:j])
        label = re.fullmatch(r"\(\s*[\w:-]+\s*\)=", block.strip())
        blocks.append((block, not label and _has_words(block)))
        i = j
    return blocks


def _has_words(block: str) -> bool:
    r"""Whether a block has words to translate (not only markup, code spans and link targets).

    >>> _has_words("```{admonition} Answer\nWest wins.\n```"), _has_words("`code` (target)")
    (True, False)
    """
    text = "\n".join(line for line in block.splitlines() if not _FENCE.match(line))
    return bool(re.search(r"[A-Za-z]{2,}", re.sub(r"\{[a-z-]+\}|`[^`\n]*`|\(.*?\)", "", text)))


def page_strings(path: Path) -> list[Source]:
    return [Source(block, "", str(path.relative_to(ROOT)))
            for block, words in page_blocks(path.read_text(encoding="utf-8")) if words]


def pages() -> list[Path]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = {toc["root"]}
    for part in toc.get("parts", []):
        for chapter in part.get("chapters", []):
            files.add(chapter["file"])
    return sorted(ROOT / f"{name}.md" for name in files if name.startswith("book/"))


def site_strings() -> list[Source]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    out = []
    for part in toc.get("parts", []):
        out.append(Source(part["caption"], "toc caption", "_toc.yml"))
        for chapter in part.get("chapters", []):
            if "title" in chapter:
                out.append(Source(chapter["title"], "toc title", "_toc.yml"))
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    out.append(Source(config["title"], "config title", "_config.yml"))
    out.append(Source(config["html"]["extra_footer"].strip(), "config footer", "_config.yml"))
    return out


def templates(lang: str) -> dict[Path, list[Source]]:
    """Every catalogue of ``lang`` and the English strings it must hold."""
    out: dict[Path, list[Source]] = {}
    for module, strings in code_catalogues().items():
        out[locale_dir(lang) / f"{module}.po"] = strings
    for path in notebooks():
        cells = notebook_cells(path)
        if cells:
            out[i18n_dir(lang) / "notebooks" / f"{path.stem}.po"] = cells
    for path in pages():
        out[i18n_dir(lang) / "pages" / f"{path.stem}.po"] = page_strings(path)
    out[i18n_dir(lang) / "site.po"] = site_strings()
    return out


# --------------------------------------------------------------------------------------------- catalogues


def load(path: Path, lang: str) -> Catalog:
    if path.exists():
        with path.open("rb") as handle:
            return read_po(handle, locale=lang)
    return _new_catalog(lang)


def _new_catalog(lang: str) -> Catalog:
    catalog = Catalog(locale=lang, project="hearts-lessons", version="1", fuzzy=False,
                      copyright_holder="The Hearts Lessons authors",
                      msgid_bugs_address="the project's issues", last_translator="The Hearts Lessons authors",
                      language_team="The Hearts Lessons authors")
    catalog.header_comment = ("# The hearts-lessons book in Japanese: one catalogue of translations.\n"
                              "# Written and checked by scripts/i18n.py; the English source is the original.")
    return catalog


def save(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, include_previous=True, sort_output=False,
             sort_by_file=False, ignore_obsolete=False)
    text = buffer.getvalue().decode("utf-8")
    text = re.sub(r'^"POT-Creation-Date: .*\\n"\n', "", text, flags=re.M)
    text = re.sub(r'^"PO-Revision-Date: .*\\n"\n', "", text, flags=re.M)
    text = re.sub(r'^"Generated-By: .*\\n"\n', "", text, flags=re.M)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _key(msgid: str, context: str) -> tuple[str, str | None]:
    return msgid, (context or None)


def merge(old: Catalog, sources: list[Source], lang: str, by_context: bool) -> Catalog:
    """A catalogue holding ``sources`` in order, keeping what ``old`` translated.

    ``by_context``: an entry is one cell (its id is the context), so a cell whose English changed keeps its old
    translation as fuzzy. Otherwise a changed string is a new entry, and an old one whose English is close
    (difflib, as msgmerge does) lends it its translation as fuzzy.
    """
    import difflib

    new = _new_catalog(lang)
    old_entries = {(m.id if isinstance(m.id, str) else m.id[0], m.context or ""): m for m in old if m.id}
    used: set[tuple[str, str]] = set()
    by_ctx = {ctx: m for (mid, ctx), m in old_entries.items()}
    seen: set[tuple[str, str]] = set()
    for source in sources:
        key = (source.msgid, source.context)
        if key in seen:
            existing = new.get(*_key(source.msgid, source.context))
            if existing is not None and source.where not in [f"{a}:{b}" for a, b in existing.locations]:
                existing.locations.append(_location(source.where))
            continue
        seen.add(key)
        msg_id: str | tuple[str, str] = (source.msgid, source.plural) if source.plural else source.msgid
        message = Message(msg_id, "", context=source.context or None, locations=[_location(source.where)])
        previous = old_entries.get(key)
        if previous is None and by_context:
            previous = by_ctx.get(source.context)
            if previous is not None:
                message.flags.add("fuzzy")
                message.previous_id = [previous.id if isinstance(previous.id, str) else previous.id[0]]
        elif previous is None:
            candidates = [k for k in old_entries if k[1] == source.context and k not in used and k not in seen]
            close = difflib.get_close_matches(source.msgid, [k[0] for k in candidates], n=1, cutoff=0.6)
            if close:
                previous = old_entries[(close[0], source.context)]
                message.flags.add("fuzzy")
                message.previous_id = [close[0]]
        elif "fuzzy" in previous.flags:
            message.flags.add("fuzzy")
            message.previous_id = list(previous.previous_id)
        if previous is not None:
            used.add((previous.id if isinstance(previous.id, str) else previous.id[0], previous.context or ""))
            message.string = _as_plural(previous.string, bool(source.plural))
            message.auto_comments = list(previous.auto_comments)
            message.user_comments = list(previous.user_comments)
        new[msg_id] = message
    for (mid, ctx), message in old_entries.items():
        if (mid, ctx) not in used and (mid, ctx) not in seen and message.string:
            new.obsolete[(mid, ctx)] = message
    for key, message in old.obsolete.items():
        if key not in new.obsolete and message.string:
            new.obsolete[key] = message
    return new


def _as_plural(text: str | tuple[str, ...], plural: bool) -> str | tuple[str, ...]:
    if plural:
        return text if isinstance(text, tuple) else (text,)
    return text[0] if isinstance(text, tuple) else text


def _location(where: str) -> tuple[str, int | None]:
    name, _, line = where.rpartition(":")
    if name and line.isdigit():
        return name, int(line)
    return where, None


def update(lang: str) -> list[Path]:
    written = []
    wanted = templates(lang)
    for path, sources in wanted.items():
        old = load(path, lang)
        by_context = path.parent.name == "notebooks" and path.parent.parent == i18n_dir(lang)
        new = merge(old, sources, lang, by_context)
        save(new, path)
        written.append(path)
    for folder in (locale_dir(lang), i18n_dir(lang) / "notebooks", i18n_dir(lang) / "pages"):
        for path in folder.glob("*.po"):
            if path not in wanted:
                old = load(path, lang)
                gone = merge(old, [], lang, False)
                if len(gone.obsolete):
                    save(gone, path)
                else:
                    path.unlink()
    return written


# --------------------------------------------------------------------------------------------- checks


_MARKUP = (
    ("a link target", re.compile(r"\]\(([^)\s]+)")),
    ("a role's target", re.compile(r"\{(?:doc|ref|download|numref|term)\}`[^`<]*?(?:<([^>]+)>|([^`]+))`")),
    ("a directive", re.compile(r"^\s*(?:`{3,}|:{3,})\{([\w:-]+)\}", re.M)),
    ("a label", re.compile(r"^\((\S+)\)=", re.M)),
    ("an image or figure file", re.compile(r"!\[[^\]]*\]\(([^)]+)\)")),
)


def problems(lang: str) -> Iterator[str]:
    """Everything that keeps ``lang`` from being complete and true to its English."""
    try:
        wanted = templates(lang)
    except ExtractError as error:
        yield str(error)
        return
    for path, sources in wanted.items():
        name = path.relative_to(ROOT)
        if not path.exists():
            yield f"{name}: missing (run python scripts/i18n.py update)"
            continue
        catalog = load(path, lang)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context or ""): m for m in catalog if m.id}
        for source in sources:
            message = have.get((source.msgid, source.context))
            short = source.msgid.strip().splitlines()[0][:70]
            if message is None:
                yield f"{name}: not in the catalogue (run update): {short!r} ({source.where})"
                continue
            text = message.string if isinstance(message.string, str) else (message.string[0] if message.string else "")
            if not text:
                yield f"{name}: untranslated: {short!r} ({source.where})"
            elif "fuzzy" in message.flags:
                yield f"{name}: out of date (the English changed; fuzzy): {short!r} ({source.where})"
            else:
                yield from (f"{name}: {p}: {short!r}" for p in entry_problems(source.msgid, text, path))
        for key in catalog.obsolete:
            mid = key[0] if isinstance(key, tuple) else key
            yield f"{name}: obsolete entry (its English is gone; delete it): {str(mid)[:70]!r}"
    for folder in (locale_dir(lang), i18n_dir(lang) / "notebooks", i18n_dir(lang) / "pages"):
        for path in sorted(folder.glob("*.po")):
            if path not in wanted:
                yield f"{path.relative_to(ROOT)}: a catalogue for a source that is gone"


def entry_problems(english: str, text: str, path: Path) -> Iterator[str]:
    from hearts_lessons.i18n import placeholders

    is_code = path.parent.name != "notebooks" and path.parent.name != "pages" and path.name != "site.po"
    if is_code and placeholders(english) != placeholders(text):
        yield (f"placeholders differ: English {sorted(placeholders(english))}, "
               f"translation {sorted(placeholders(text))}")
    if not is_code:
        for what, pattern in _MARKUP:
            ours = sorted(_flat(pattern.findall(english)))
            theirs = sorted(_flat(pattern.findall(text)))
            if ours != theirs:
                yield f"{what} differs: English {ours}, translation {theirs}"
    for tag in ("<b>", "<i>", "<code>", "<br>"):
        if english.count(tag) != text.count(tag):
            yield f"{tag} appears {english.count(tag)} times in the English, {text.count(tag)} in the translation"


def _flat(found: Iterable[object]) -> list[str]:
    out = []
    for item in found:
        if isinstance(item, tuple):
            out.append(next((x for x in item if x), ""))
        else:
            out.append(str(item))
    return out


def status(lang: str) -> list[tuple[str, int, int]]:
    rows = []
    for path, sources in templates(lang).items():
        catalog = load(path, lang)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context or ""): m for m in catalog if m.id}
        keys = {(s.msgid, s.context) for s in sources}
        done = sum(1 for key in keys if (m := have.get(key)) is not None and m.string and "fuzzy" not in m.flags)
        rows.append((str(path.relative_to(ROOT)), done, len(keys)))
    return rows


def todo(path: Path, lang: str) -> str:
    """The untranslated and out-of-date entries of one catalogue, as YAML: fill in ``translation`` and pass the
    file to ``fill``. An out-of-date entry shows the English its old translation was made from."""
    rows = []
    for message in load(path, lang):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        text = message.string if isinstance(message.string, str) else (message.string[0] if message.string else "")
        if text and "fuzzy" not in message.flags:
            continue
        row: dict[str, object] = {"context": message.context or "", "english": english}
        if isinstance(message.id, tuple):
            row["english_plural"] = message.id[1]
        if text:
            row["old_english"] = message.previous_id[0] if message.previous_id else ""
            row["old_translation"] = text
        row["translation"] = ""
        rows.append(row)
    return yaml.dump(rows, Dumper=_BlockDumper, allow_unicode=True, sort_keys=False, width=1000)


class _BlockDumper(yaml.SafeDumper):
    """YAML with multi-line strings as ``|`` blocks, which read (and translate) as the text they are."""


def _str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_BlockDumper.add_representer(str, _str)


def fill(path: Path, done: Path, lang: str) -> int:
    """Put the translations of a ``todo`` YAML file into the catalogue (an empty one is skipped)."""
    catalog = load(path, lang)
    rows = yaml.safe_load(done.read_text(encoding="utf-8")) or []
    count = 0
    for row in rows:
        text = str(row.get("translation") or "")
        if not str(row.get("english", "")).endswith("\n"):
            text = text.rstrip("\n")
        if not text:
            continue
        english = str(row["english"])
        context = str(row.get("context") or "") or None
        message = catalog.get(english, context)
        if message is None and row.get("english_plural"):
            message = catalog.get((english, str(row["english_plural"])), context)
        if message is None:
            raise SystemExit(f"{path.name}: no entry for {english[:60]!r} (context {context!r}): run update first")
        message.string = (text,) if isinstance(message.id, tuple) else text
        message.flags.discard("fuzzy")
        message.previous_id = []
        count += 1
    save(catalog, path)
    return count


_NOT_PROSE = re.compile(
    r'<span lang="en">.*?</span>|<code>.*?</code>'  # English kept on purpose, marked; code
    r"|<var>.*?</var>"                 # a variable of a formula: <var>M</var>
    r"|^(?:`{3,}|:{3,})(?!\{).*?^(?:`{3,}|:{3,})\s*$"  # a code block
    r"|\]\([^)]*\)|`[^`\n]*`"          # link targets, code spans
    r"|^\s*(?:`{3,}|:{3,})\{[\w:-]+\}|^:[\w-]+:[^\n]*$"  # directive names and options (one line each)
    r"|\{[\w:-]+\}", re.S | re.M)
#: An autolink, ``<https://…>``: the page shows the address as text (unless it is marked).
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^<>\s]*)>")


def english_words(text: str) -> list[str]:
    """The English words a reader sees in one translated markdown text (what the built site's check finds on the
    page), with ``<span lang="en">`` parts, code, ``<var>`` variables, link targets, markup and :data:`LATIN_NAMES`
    left out."""
    from hearts_lessons.i18n import LATIN_NAMES, latin_words

    return latin_words(_NOT_PROSE.sub(" ", _AUTOLINK.sub(r" \1 ", text)), allow=LATIN_NAMES)


def english_left(lang: str) -> dict[str, list[str]]:
    """Catalogue -> the English words left in its translated prose (:func:`english_words` of each entry)."""
    out: dict[str, list[str]] = {}
    for path in sorted(i18n_dir(lang).rglob("*.po")):
        words: list[str] = []
        for message in load(path, lang):
            text = message.string if isinstance(message.string, str) else ""
            if message.id and text:
                words += english_words(text)
        if words:
            out[str(path.relative_to(ROOT))] = words
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("update", "check", "status", "todo", "fill", "english", "prune"))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--lang", default="ja", choices=LANGS)
    args = parser.parse_args(argv)
    if args.command == "prune":
        for path in args.files:
            catalog = load(path, args.lang)
            gone = len(catalog.obsolete)
            catalog.obsolete.clear()
            save(catalog, path)
            print(f"{path}: {gone} obsolete entries deleted")
        return 0
    if args.command == "english":
        for name, words in english_left(args.lang).items():
            print(f"{len(words):4d} {name}: {' '.join(sorted(set(words)))}")
        return 0
    if args.command == "todo":
        for path in args.files:
            sys.stdout.write(todo(path, args.lang))
        return 0
    if args.command == "fill":
        if len(args.files) != 2:
            parser.error("fill takes a catalogue and a YAML file of translations")
        print(f"{fill(args.files[0], args.files[1], args.lang)} translations put into {args.files[0]}")
        return 0
    if args.command == "update":
        written = update(args.lang)
        print(f"i18n: {len(written)} catalogues of {args.lang} up to date with the English")
        return 0
    if args.command == "status":
        total_done = total = 0
        for name, done, count in status(args.lang):
            total_done += done
            total += count
            print(f"{done:5d} / {count:<5d} {name}")
        print(f"{total_done} of {total} entries translated")
        return 0
    found = list(problems(args.lang))
    for line in found:
        print(line)
    if found:
        print(f"i18n check: {len(found)} problems in the {args.lang} catalogues", file=sys.stderr)
        return 1
    print(f"i18n check: every {args.lang} entry translated, up to date and true to its placeholders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
