"""The locale layer: every sentence a learner sees goes through :func:`tr` (or :func:`tr_n`).

English is the source. A sentence is written once, in English, with *named* placeholders, and the engine passes
the facts (which rule, which cards) as values::

    tr("You hold {suit}, so you must play {suit}.", suit=suit_word(card.suit))

Another language words the same facts in its own order; its catalogue is a gettext ``.po`` file per module under
``hearts_lessons/locale/<lang>/`` (written and checked by ``scripts/i18n.py``). Card codes (``Q♠``) stay as they
are in every language.

The language is chosen by :func:`set_language` or, at import, by the ``HL_LANG`` environment variable
(``scripts/lab.sh`` and ``scripts/app.sh`` pass it on). ``"pseudo"`` wraps every translated sentence in ⟦…⟧: a
page rendered in it shows, by what is *not* wrapped, every string that bypasses this layer.

>>> set_language("en")
>>> tr("{name} takes the trick.", name="North")
'North takes the trick.'
>>> tr_n("{n} trick", "{n} tricks", 3)
'3 tricks'
>>> set_language("pseudo")
>>> tr("{name} takes the trick.", name="North")
'⟦North takes the trick.⟧'
>>> set_language("en")
>>> join_words(["A", "B", "C"])
'A, B and C'
>>> join_words(["A", "B"], "or")
'A or B'
"""
from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "LATIN_NAMES",
    "LOCALE_DIR",
    "N_",
    "PLACEHOLDER",
    "full_stop",
    "get_language",
    "join_sentences",
    "join_words",
    "language",
    "latin_words",
    "missing",
    "placeholders",
    "read_po",
    "set_language",
    "tr",
    "tr_n",
    "tr_text",
]

#: The languages the book speaks. ``pseudo`` is for tests: English wrapped in ⟦…⟧.
LANGUAGES = ("en", "ja", "pseudo")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: A named placeholder: ``{suit}``, ``{n}``, ``{card}`` (format specs such as ``{n:+d}`` allowed).
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")
OPEN, CLOSE = "⟦", "⟧"

_Key = tuple[str, str]  # (context, msgid)


def _from_env() -> str:
    lang = os.environ.get("HL_LANG", "en").strip() or "en"
    if lang not in LANGUAGES:
        raise ValueError(f"HL_LANG={lang!r}: the book speaks {', '.join(LANGUAGES)}")
    return lang


_language = _from_env()
_catalogues: dict[str, dict[_Key, str]] = {}
_missing: set[_Key] = set()


def set_language(lang: str) -> None:
    """Speak ``lang`` ("en", "ja" or "pseudo") from now on: tables, coach, drills and checks all follow.

    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    ValueError: the book speaks en, ja, pseudo, not 'fr'
    """
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"the book speaks {', '.join(LANGUAGES)}, not {lang!r}")
    _language = lang


def get_language() -> str:
    """The language the book speaks now."""
    return _language


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside a ``with`` block, then the language before it."""
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in ``text``.

    >>> sorted(placeholders("{who} plays {card} ({n:+d}); {{literal}}"))
    ['card', 'n', 'who']
    """
    return set(PLACEHOLDER.findall(text))


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(line: str, where: str) -> str:
    line = line.strip()
    if len(line) < 2 or line[0] != '"' or line[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, found {line[:40]!r}")
    body, out, i = line[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt not in _ESCAPES:
                raise ValueError(f"{where}: unknown escape \\{nxt}")
            out.append(_ESCAPES[nxt])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def read_po(path: Path) -> dict[_Key, tuple[str, bool]]:
    """The entries of one ``.po`` file: ``(context, msgid) -> (msgstr, fuzzy)`` (obsolete ``#~`` entries skipped).

    A plural entry is keyed by its singular and gives its first form (Japanese has one). A file that is not a
    catalogue is refused with the line that is wrong.
    """
    entries: dict[_Key, tuple[str, bool]] = {}
    fields: dict[str, str] = {}
    fuzzy = False
    current: str | None = None

    def flush() -> None:
        nonlocal fields, fuzzy, current
        if fields.get("msgid"):
            text = fields.get("msgstr", fields.get("msgstr[0]", ""))
            entries[(fields.get("msgctxt", ""), fields["msgid"])] = (text, fuzzy)
        fields, fuzzy, current = {}, False, None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{number}"
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("#~"):
            continue
        elif line.startswith("#,"):
            if any(k.startswith("msgstr") for k in fields):
                flush()
            fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if current is None:
                raise ValueError(f"{where}: a continued string with no field before it")
            fields[current] += _unquote(line, where)
        else:
            name, _, rest = line.partition(" ")
            if name not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not re.fullmatch(r"msgstr\[\d+\]", name):
                raise ValueError(f"{where}: unknown field {name!r}")
            if name in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
                flush()
            current = name
            fields[name] = _unquote(rest, where)
    flush()
    return entries


def _catalogue(lang: str) -> Mapping[_Key, str]:
    found = _catalogues.get(lang)
    if found is None:
        found = {}
        folder = LOCALE_DIR / lang
        for path in sorted(folder.glob("*.po")):
            for key, (text, fuzzy) in read_po(path).items():
                if text and not fuzzy:
                    found[key] = text
        _catalogues[lang] = found
    return found


def _lookup(msgid: str, context: str) -> str:
    if _language == "en":
        return msgid
    if _language == "pseudo":
        return msgid
    text = _catalogue(_language).get((context, msgid))
    if text is None:
        key = (context, msgid)
        if key not in _missing:
            _missing.add(key)
            warnings.warn(f"no {_language} translation for {msgid!r}", stacklevel=3)
        return msgid
    return text


def _fill(text: str, values: Mapping[str, object]) -> str:
    out = text.format_map(values) if values else text.replace("{{", "{").replace("}}", "}")
    return f"{OPEN}{out}{CLOSE}" if _language == "pseudo" else out


def tr(msgid: str, /, context: str = "", **values: object) -> str:
    """``msgid`` in the book's language, its ``{placeholders}`` filled from ``values``.

    ``context`` tells apart two uses of the same English words that another language words differently.
    """
    return _fill(_lookup(msgid, context), values)


def tr_n(singular: str, plural: str, n: int, /, context: str = "", **values: object) -> str:
    """The singular or plural sentence for ``n`` (given as ``{n}``), in the book's language."""
    values = {"n": n, **values}
    if _language in ("en", "pseudo"):
        return _fill(singular if n == 1 else plural, values)
    return _fill(_lookup(singular, context), values)


def N_(msgid: str, /, context: str = "") -> str:
    """Mark English words for translation where they are *defined* (a module-level table, a rule's description)
    without translating them there: a table built at import would freeze the language of that moment. Where the
    words are *shown*, :func:`tr_text` translates them. ``scripts/i18n.py`` extracts ``N_`` like ``tr``.

    >>> RULE = N_("Follow the suit led if you can.")
    >>> tr_text(RULE)
    'Follow the suit led if you can.'
    """
    return msgid


def tr_text(text: str, /, context: str = "", **values: object) -> str:
    """Words marked with :func:`N_` (or another ``tr`` literal), in the book's language, placeholders filled.
    Unlike :func:`tr` its argument may be a variable; words never marked are reported by :func:`missing`."""
    return _fill(_lookup(text, context), values)


def join_words(items: Iterable[str], conjunction: str = "and") -> str:
    """A list read as a phrase: "A, B and C" in English, 「A、B、C」 in Japanese (and/or as words)."""
    words = list(items)
    if not words:
        return ""
    if _language == "ja":
        if len(words) == 1:
            return words[0]
        joiner = "または" if conjunction == "or" else "、"
        if conjunction == "or":
            return "、".join(words[:-1]) + joiner + words[-1]
        return "、".join(words)
    if len(words) == 1:
        return words[0]
    word = tr("or") if conjunction == "or" else tr("and")
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


def full_stop(text: str) -> str:
    """``text`` ending as a sentence does in the book's language: a "." in English, a 「。」 in Japanese (nothing
    added after a sentence's own end, whatever the language).

    >>> full_stop("North wins"), full_stop("Why?")
    ('North wins.', 'Why?')
    """
    text = text.strip()
    if not text or text[-1] in ".!?。！？":
        return text
    return text + ("。" if _language == "ja" else ".")


def labelled(label: str, value: object) -> str:
    """``value`` after its label, as the book's language writes it: "South: 3" in English, 「南：3」 in Japanese (a
    full-width colon, no space).

    >>> labelled("South", 3)
    'South: 3'
    """
    return f"{label}：{value}" if _language == "ja" else f"{label}: {value}"


def join_sentences(parts: Iterable[str]) -> str:
    """Sentences one after another: a space between them in English, none in Japanese."""
    return ("" if _language == "ja" else " ").join(p for p in parts if p)


def missing() -> set[tuple[str, str]]:
    """The ``(context, msgid)`` pairs asked for in a language whose catalogue lacks them, since the start."""
    return set(_missing)


#: Words in Latin letters that a Japanese page may show as names, not English prose: the tools a reader is told to
#: use, units and abbreviations. Other English a Japanese page keeps on purpose (a glossary's English column, an
#: English title, a menu item of an English-only program, a key on the keyboard: ``Ctrl + C``) is marked
#: ``<span lang="en">…</span>``.
LATIN_NAMES = frozenset({
    # the book's own tools
    "Python", "JupyterLab", "JupyterLite", "Jupyter", "Pyodide", "Voilà", "Voila", "ipykernel", "ipywidgets",
    "matplotlib", "pandas", "MathJax", "JavaScript", "WebAssembly", "npm", "PyPI",
    # browsers, systems and other products a reader is told about
    "Chrome", "Chromium", "Edge", "Firefox", "Safari", "Windows", "Linux", "macOS", "WSL", "Debian", "Ubuntu",
    "Xbox", "Wikipedia",
    # units and abbreviations
    "MB", "GB", "KB", "URL", "HTTP", "PDF", "HTML", "CSV", "JSON", "ID", "vs", "e", "g", "i", "x"})

_NOT_WORDS = re.compile(
    r"⟦[^⟦⟧]*⟧"                      # a sentence that went through tr() (pseudo-locale)
    r"|<[^>]*>"                       # markup
    r"|&[a-z]+;|&#\d+;"               # entities
    r"|(?<![A-Za-z0-9])(?:10|[2-9AKQJ])[♠♥♦♣]"      # card codes: Q♠, 10♦
    r"|[♠♥♦♣](?:10|[2-9AKQJ])(?![A-Za-z0-9])"      # and the suit-first way lesson 1 writes them: ♠K
    r"|(?<![A-Za-z])[AKQJ](?![A-Za-z])"              # a rank alone (A-K-Q)
    r"|(?<![A-Za-z])[JQK]{2,3}(?![A-Za-z])"          # a run of picture ranks: Haggis's bombs JQ, QK, JQK
    r"|(?<=\d)i(?![A-Za-z])"                          # the imaginary unit of a complex score: 13i
)


def latin_words(text: str, allow: Iterable[str] = ()) -> list[str]:
    """The English (Latin-letter) words left in ``text`` once card codes, markup, numbers and ⟦wrapped⟧
    sentences are taken out: in a Japanese page or a pseudo-locale rendering these are strings that bypassed
    the locale layer. ``allow`` names words that are not English prose (``Python``, ``Voilà``…).

    >>> latin_words("⟦North leads⟧ Q♠ <b>10♦</b> and 3 tricks in Voilà")
    ['and', 'tricks', 'in', 'Voilà']
    >>> latin_words("⟦Pass ⟦three⟧ cards⟧ left")
    ['left']
    >>> latin_words("北がQ♠をリードします。")
    []
    >>> latin_words("ボムのJQ、JK、QK、JQKは絵札の組です。JQKA")
    ['JQKA']
    """
    allowed = set(allow)
    rest, before = text, None
    while rest != before:  # a sentence filled with another: ⟦A ⟦B⟧ C⟧, innermost first
        before, rest = rest, _NOT_WORDS.sub(" ", rest)
    return [w for w in re.findall(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’-]*", rest) if w not in allowed]
