"""The written sources of the rules, named as a reader knows them.

What a learner reads (a widget's choices, a variant's sources) names a source the way a reader would look it up
("Japanese Wikipedia, “Hearts”"); the book's references page and the rules specification give each one's file
name among the project's source documents. :data:`SEED_FILES` ties the two together, so a test can check that every
name a reader sees leads to a file.

>>> SEED_FILES[JA_WIKIPEDIA]
'000_054fa0c559059fe4.txt'
>>> reader_name("002_01de176b917b05ba.txt") == HOWTO_WIKI
True
"""

from __future__ import annotations

import re

from .i18n import N_, tr, tr_text

__all__ = ["HAGGIS_BLOG", "HOWTO_WIKI", "JA_WIKIPEDIA", "KIZU_BLOG", "OTHER_SOURCES", "PAGAT_HEARTS", "SEED_FILES",
           "SHORT_NAMES", "reader_name", "source_words"]

JA_WIKIPEDIA = N_("Japanese Wikipedia, “Hearts”")
"""The Japanese Wikipedia article ハーツ: history, the standard rules, optional rules and many variants."""
KIZU_BLOG = N_("Ayumu Kizu's blog post on Hearts")
"""A player's blog post on the rules of Hearts and why the game is fun (the Q♠ lead rule, reading each other)."""
HOWTO_WIKI = N_("the Japanese “How to Play Hearts” (ハートの遊び方)")
"""A Japanese adaptation of an English how-to article: the deal, passing, play, scoring, beginners' advice."""
HAGGIS_BLOG = N_("a Japanese blog review of Haggis")
"""A player's blog post teaching Haggis, with its bombs and its link to Daifugo."""

SEED_FILES: dict[str, str] = {
    JA_WIKIPEDIA: "000_054fa0c559059fe4.txt",
    KIZU_BLOG: "001_d4e5111b3122471a.txt",
    HOWTO_WIKI: "002_01de176b917b05ba.txt",
    HAGGIS_BLOG: "003_f6267983a4d4ba7d.txt",
}
"""Each source's file among the project's source documents (``shared/seeds/``)."""

SHORT_NAMES: dict[str, str] = {
    JA_WIKIPEDIA: N_("Japanese Wikipedia"),
    KIZU_BLOG: N_("a Japanese player's blog"),
    HOWTO_WIKI: N_("the how-to page"),
    HAGGIS_BLOG: N_("a Japanese Haggis review"),
}
"""A shorter name of each source, for the cells of a table."""

PAGAT_HEARTS = N_("pagat.com (Hearts pages)")
"""John McLeod's pages on Hearts and its relatives at pagat.com."""

OTHER_SOURCES: dict[str, str] = {
    "pagat": PAGAT_HEARTS,
    "wikipedia hearts": N_("Wikipedia: Hearts (card game)"),
    "wikipedia black maria": N_("Wikipedia: Black Maria (card game)"),
    "wikipedia cancellation": N_("Wikipedia: Cancellation Hearts"),
    "rdieter page": N_("rdieter's Complex Hearts page"),
    "rdieter": N_("rdieter"),
    "pagat, japanese wikipedia": N_("pagat.com; Japanese Wikipedia, “Hearts” mentions it"),
    "reading japanese wikipedia": N_("a reading of Japanese Wikipedia, “Hearts”"),
}
"""The sources that are not among the source documents (English web pages, and a source's note), by a short key:
a table shows them in the book's language (:func:`source_words`); the English stays what a reader would look up."""


def reader_name(file_name: str) -> str:
    """The name a reader knows a source document by, from its file name."""
    for name, file in SEED_FILES.items():
        if file == file_name:
            return name
    raise KeyError(f"{file_name!r} is not one of the source documents ({', '.join(SEED_FILES.values())})")


def source_words(source: str) -> str:
    """A source as a learner reads it, in the book's language: a source document's name (or short name)
    translated, also where a note follows it (``Japanese Wikipedia, “Hearts” (基本ハーツ)``); any other source
    (pagat.com, a book) as written. The names themselves stay English: they are keys (:data:`SEED_FILES`).

    >>> source_words(JA_WIKIPEDIA + " (スポット・ハーツ)"), source_words("pagat.com (Hearts pages)")
    ('Japanese Wikipedia, “Hearts” (スポット・ハーツ)', 'pagat.com (Hearts pages)')
    >>> source_words(JA_WIKIPEDIA + " (基本ハーツ, after 松田道弘『トランプゲーム事典』1988)")
    'Japanese Wikipedia, “Hearts” (基本ハーツ, after 松田道弘『トランプゲーム事典』1988)'
    """
    if source in OTHER_SOURCES.values():
        return tr_text(source)
    for name in (*SEED_FILES, *SHORT_NAMES.values()):
        if source == name:
            return tr_text(name)
        if source.startswith(name + " ("):
            note = source[len(name):]
            after = re.fullmatch(r" \((.+), after (.+)\)", note)
            if after:  # a section of the source, and the book it follows
                return tr("{source} ({section}, after {book})", source=tr_text(name), section=after.group(1),
                          book=after.group(2))
            section = re.fullmatch(r" \((.+)\)", note)
            if section:  # a section of the source, by its own (Japanese) heading
                return tr("{source} ({section})", source=tr_text(name), section=section.group(1))
            return tr_text(name) + note
    return source
