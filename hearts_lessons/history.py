"""Facts for the history lesson, as data: a timeline of Hearts and its names across languages.

Each event names its sources (the seed documents, and public references) and, where it changed the rules, the rules
preset that plays it in this engine. A seed document is shown by the name a reader knows it by, with its file name
for the references (:func:`source_label`).

>>> [e.year for e in TIMELINE][:2]
[1550, 1650]
>>> len(NAMES) >= 8
True
>>> source_label(SEED_WIKIPEDIA)
'Japanese Wikipedia, “Hearts” (seed 000_054fa0c559059fe4.txt)'
>>> short_source(SEED_HOWTO), short_source("pagat.com, Hearts")
('the how-to page', 'pagat.com, Hearts')
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_, get_language, tr, tr_text
from .sources import SEED_FILES, SHORT_NAMES

__all__ = ["DRIFT", "NAMES", "SEED_NAMES", "TIMELINE", "Drift", "Event", "Name", "event_html", "short_source",
           "source_label"]

SEED_WIKIPEDIA = "seeds/000_054fa0c559059fe4.txt"
SEED_BLOG = "seeds/001_d4e5111b3122471a.txt"
SEED_HOWTO = "seeds/002_01de176b917b05ba.txt"
SEED_HAGGIS = "seeds/003_f6267983a4d4ba7d.txt"

SEED_NAMES: dict[str, tuple[str, str]] = {
    f"seeds/{file}": (SHORT_NAMES[name], name) for name, file in SEED_FILES.items()
}
"""Each seed document's short and full name, as a reader knows it."""


def short_source(source: str) -> str:
    """A source's short name for tables: a seed document by what it is, any other source as written."""
    return tr_text(SEED_NAMES[source][0]) if source in SEED_NAMES else source


def source_label(source: str) -> str:
    """A source's full name for references: a seed document by what it is, with its file name."""
    if source in SEED_NAMES:
        return tr("{name} (seed {file})", name=tr_text(SEED_NAMES[source][1]), file=source.split("/")[-1])
    return source


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the story. ``year`` orders the timeline; ``when`` is what the sources actually say."""

    year: int
    when: str
    title: str
    text: str
    sources: tuple[str, ...]
    preset: str | None = None
    disputed: str | None = None


TIMELINE: tuple[Event, ...] = (
    Event(1550, N_("from about the 16th century"), N_("Reversis"),
          N_("A trick-avoidance game played in Europe: players try not to take certain cards. Taking every trick — "
          "'the Reversis' — earned a bonus, which lives on in Hearts as the local rule 'shoot the sun'."),
          (SEED_WIKIPEDIA, "English Wikipedia, 'Reversis'"),
          disputed=N_("Japanese Wikipedia dates Reversis to the 16th century; other sources put its popularity around "
                   "1750 in Spain. The book shows both dates rather than choosing.")),
    Event(1650, N_("17th–18th centuries"), N_("Fashionable in France"),
          N_("Reversis is in fashion among the French nobility. (It is not the board game Reversi, which once shared "
          "its name.)"), (SEED_WIKIPEDIA,)),
    Event(1880, N_("1880s"), N_("Hearts takes shape"),
          N_("Hearts, a modern form of Reversis, becomes popular in the USA: every heart is a penalty point and "
          "nothing else scores. This is 'Basic Hearts' in this book."),
          (SEED_WIKIPEDIA, "Edmond Hoyle, The Standard Hoyle (1887)", "pagat.com, Hearts",
           "David Parlett, The Penguin Book of Card Games; A History of Card Games"), preset="Basic Hearts",
          disputed=N_("Japanese Wikipedia says the rules were worked out in Germany in the 1880s (citing Hoyle, 1887); "
                   "pagat.com and David Parlett place the game's beginnings in the USA of the 1880s. Of this "
                   "book's sources, only Japanese Wikipedia names Germany.")),
    Event(1910, N_("early 20th century"), N_("Black Lady"),
          N_("Adding the queen of spades at 13 points makes 26 points per hand. Black Lady overshadows plain Hearts "
          "and is what most people now simply call Hearts."), (SEED_WIKIPEDIA, "pagat.com, Hearts"),
          preset="Standard Hearts"),
    Event(1939, N_("1939"), N_("Black Maria in print"),
          N_("The British three-player relative, with the K♠ (10) and A♠ (7) as extra penalty cards, is first "
             "printed."),
          ("English Wikipedia, 'Black Maria (card game)'", "pagat.com, Black Maria"), preset="Black Maria",
          disputed=N_("Japanese Wikipedia and the how-to page use 'Black Maria' as another name for standard "
                   "Hearts; this book keeps the name for the British game.")),
    Event(1992, N_("1992"), N_("Microsoft Hearts"),
          N_("Hearts ships with Windows for Workgroups 3.1 and then with Windows 95 to 7; millions learn the game "
          "from it. Its rule that only a heart (not the Q♠) breaks hearts is an option here."),
          (SEED_WIKIPEDIA, "English Wikipedia, 'Microsoft Hearts'"),
          disputed=N_("Japanese Wikipedia says 'Windows 95 and later'; Windows for Workgroups 3.1 came first.")),
    Event(2001, N_("2001 (Windows XP)"), N_("Internet Hearts"),
          N_("Windows XP adds Internet Hearts, played against strangers online; Vista and later drop it, and its "
          "service ended in 2019."), (SEED_WIKIPEDIA, "English Wikipedia, 'Microsoft Hearts'")),
    Event(2006, N_("2006"), N_("Hardwood Hearts on Xbox 360"),
          N_("Hardwood Hearts comes to Xbox Live Arcade on the Xbox 360."), (SEED_WIKIPEDIA,)),
    Event(2010, N_("2010"), N_("Haggis"),
          N_("Sean Ross publishes Haggis, a two-to-three player climbing game with bombs: a cousin from another "
          "family of card games, taught at the end of this book."), (SEED_HAGGIS,)),
)


@dataclass(frozen=True, slots=True)
class Name:
    english: str
    japanese: str
    meaning: str
    sources: tuple[str, ...]


NAMES: tuple[Name, ...] = (
    Name("Hearts", N_("ハーツ (some books: ハート)"), N_("the game, after the suit you avoid"), (SEED_WIKIPEDIA,)),
    Name("Black Lady", "ブラック・レディ", N_("the Q♠ version, today's standard game"), (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("Black Maria", "ブラック・マリア", N_("another name for Black Lady — or the British 3-player game"),
         (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("Dirty", "ダーティー", N_("a nickname of the game"), (SEED_HOWTO,)),
    Name("Crubs", "クラッブス", N_("a nickname of the game"), (SEED_HOWTO,)),
    Name("Reversis", "リバーシス", N_("the ancestor game"), (SEED_WIKIPEDIA,)),
    Name("shooting the moon", "シュート・ザ・ムーン", N_("taking every penalty card"), (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("slam", "スラム", N_("Japanese Wikipedia's name for the moon scored against the shooter's own total"),
         (SEED_WIKIPEDIA,)),
    Name("going for control", "ゴーイング・フォー・コントロール", N_("another name for the moon"), (SEED_WIKIPEDIA,)),
    Name("running hearts / running", "ランニング・ハーツ / ランニング", N_("other names for the moon"),
         (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("shooting the sun", "シュート・ザ・サン", N_("taking every trick (from Reversis)"), (SEED_WIKIPEDIA,)),
    Name("breaking hearts", "ハートをブレークする", N_("playing the first penalty card"), (SEED_WIKIPEDIA,)),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Drift:
    """A rule on which the sources still disagree, and the engine option that switches it. ``sources`` names the
    sources as a reader knows them; :data:`SEED_NAMES` gives their file names."""

    rule: str
    option: str
    choices: str
    sources: str


DRIFT: tuple[Drift, ...] = (
    Drift(N_("Does the Q♠ break hearts?"), "penalty_cards_break_hearts", N_("yes (this book's default) / no"),
          N_("Japanese Wikipedia and a Japanese player's blog: any penalty card; the how-to page and Windows "
          "Hearts: only a heart")),
    Drift(N_("Points on the first trick?"), "points_on_first_trick", N_("no (default) / yes"),
          N_("Japanese Wikipedia and the how-to page forbid them; a Japanese player's blog and pagat.com allow them")),
    Drift(N_("Must hearts be broken before a heart is led?"), "must_break_hearts", N_("yes (default) / no"),
          N_("Japanese Wikipedia calls it an optional rule")),
    Drift(N_("Scoring the moon"), "moon",
          N_("the others score 26 (default) / the shooter subtracts 26 / the shooter chooses / the shooter's total "
          "goes back to 0 / no moon rule"),
          N_("a Japanese player's blog and the how-to page: the others score 26; Japanese Wikipedia: the slam; "
          "the how-to page: the shooter may subtract 26 instead")),
    Drift(N_("When does the game end?"), "game_end",
          N_("on reaching 100 (default) / on passing 100 / after a fixed number of hands"),
          N_("Japanese Wikipedia and the how-to page: reaching 100; Japanese Wikipedia and a Japanese player's "
          "blog: passing 100")),
    Drift(N_("Which card goes for three players?"), "removed_cards", N_("2♦ (default) / 2♣ / 2♠ / a hole card"),
          N_("Japanese Wikipedia: 2♣ or 2♦; a Japanese player's blog: 2♠; the how-to page: a hole card")),
    Drift(N_("Passing"), "pass_cycle",
          N_("left, right, across, hold (default) / always left / split / dealer's choice"),
          N_("the how-to page and Windows: the cycle; Japanese Wikipedia's basic rule: always left")),
    Drift(N_("May the Q♠ be led before hearts break?"), "queen_lead_restricted", N_("yes (default) / no"),
          N_("a Japanese player's blog: no")),
)  # fmt: skip


def _source_html(source: str) -> str:
    """A source as a timeline card shows it: a seed document by what it is, in the book's language; another source
    by its own (English) title, which a page in another language marks as English (``lang="en"``)."""
    import html

    text = html.escape(source_label(source))
    if source in SEED_NAMES or get_language() == "en":
        return text
    return f'<span lang="en">{text}</span>'


def event_html(event: Event) -> str:
    """One timeline event as an HTML card."""
    import html

    sources = "; ".join(_source_html(s) for s in event.sources)
    parts = [
        '<div class="hl-event" style="border-left:4px solid #c8102e;padding:4px 10px;font:14px sans-serif">',
        f"<div style='color:#666'>{html.escape(tr_text(event.when))}</div><b>{html.escape(tr_text(event.title))}</b>",
        f"<p>{html.escape(tr_text(event.text))}</p>",
    ]
    if event.disputed:
        parts.append(f"<p>{tr('<i>Sources disagree:</i> {text}', text=html.escape(tr_text(event.disputed)))}</p>")
    if event.preset:
        preset = html.escape(tr_text(event.preset))
        parts.append(f"<p>{tr('Play it here with the preset <code>{preset}</code>.', preset=preset)}</p>")
    parts.append(f"<div style='font-size:12px;color:#555'>{tr('Sources: {sources}', sources=sources)}</div></div>")
    return "".join(parts)
