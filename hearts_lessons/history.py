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
    return SEED_NAMES[source][0] if source in SEED_NAMES else source


def source_label(source: str) -> str:
    """A source's full name for references: a seed document by what it is, with its file name."""
    if source in SEED_NAMES:
        return f"{SEED_NAMES[source][1]} (seed {source.split('/')[-1]})"
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
    Event(1550, "from about the 16th century", "Reversis",
          "A trick-avoidance game played in Europe: players try not to take certain cards. Taking every trick — "
          "'the Reversis' — earned a bonus, which lives on in Hearts as the local rule 'shoot the sun'.",
          (SEED_WIKIPEDIA, "English Wikipedia, 'Reversis'"),
          disputed="Japanese Wikipedia dates Reversis to the 16th century; other sources put its popularity around "
                   "1750 in Spain. The book shows both dates rather than choosing."),
    Event(1650, "17th–18th centuries", "Fashionable in France",
          "Reversis is in fashion among the French nobility. (It is not the board game Reversi, which once shared "
          "its name.)", (SEED_WIKIPEDIA,)),
    Event(1880, "1880s", "Hearts takes shape",
          "Hearts, a modern form of Reversis, becomes popular in the USA: every heart is a penalty point and "
          "nothing else scores. This is 'Basic Hearts' in this book.",
          (SEED_WIKIPEDIA, "Edmond Hoyle, The Standard Hoyle (1887)", "pagat.com, Hearts",
           "David Parlett, The Penguin Book of Card Games; A History of Card Games"), preset="Basic Hearts",
          disputed="Japanese Wikipedia says the rules were worked out in Germany in the 1880s (citing Hoyle, 1887); "
                   "pagat.com and David Parlett place the game's beginnings in the USA of the 1880s. Of this "
                   "book's sources, only Japanese Wikipedia names Germany."),
    Event(1910, "early 20th century", "Black Lady",
          "Adding the queen of spades at 13 points makes 26 points per hand. Black Lady overshadows plain Hearts "
          "and is what most people now simply call Hearts.", (SEED_WIKIPEDIA, "pagat.com, Hearts"),
          preset="Standard Hearts"),
    Event(1939, "1939", "Black Maria in print",
          "The British three-player relative, with the K♠ (10) and A♠ (7) as extra penalty cards, is first printed.",
          ("English Wikipedia, 'Black Maria (card game)'", "pagat.com, Black Maria"), preset="Black Maria",
          disputed="Japanese Wikipedia and the how-to page use 'Black Maria' as another name for standard "
                   "Hearts; this book keeps the name for the British game."),
    Event(1992, "1992", "Microsoft Hearts",
          "Hearts ships with Windows for Workgroups 3.1 and then with Windows 95 to 7; millions learn the game "
          "from it. Its rule that only a heart (not the Q♠) breaks hearts is an option here.",
          (SEED_WIKIPEDIA, "English Wikipedia, 'Microsoft Hearts'"),
          disputed="Japanese Wikipedia says 'Windows 95 and later'; Windows for Workgroups 3.1 came first."),
    Event(2001, "2001 (Windows XP)", "Internet Hearts",
          "Windows XP adds Internet Hearts, played against strangers online; Vista and later drop it, and its "
          "service ended in 2019.", (SEED_WIKIPEDIA, "English Wikipedia, 'Microsoft Hearts'")),
    Event(2006, "2006", "Hardwood Hearts on Xbox 360",
          "Hardwood Hearts comes to Xbox Live Arcade on the Xbox 360.", (SEED_WIKIPEDIA,)),
    Event(2010, "2010", "Haggis",
          "Sean Ross publishes Haggis, a two-to-three player climbing game with bombs: a cousin from another "
          "family of card games, taught at the end of this book.", (SEED_HAGGIS,)),
)


@dataclass(frozen=True, slots=True)
class Name:
    english: str
    japanese: str
    meaning: str
    sources: tuple[str, ...]


NAMES: tuple[Name, ...] = (
    Name("Hearts", "ハーツ (some books: ハート)", "the game, after the suit you avoid", (SEED_WIKIPEDIA,)),
    Name("Black Lady", "ブラック・レディ", "the Q♠ version, today's standard game", (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("Black Maria", "ブラック・マリア", "another name for Black Lady — or the British 3-player game",
         (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("Dirty", "ダーティー", "a nickname of the game", (SEED_HOWTO,)),
    Name("Crubs", "クラッブス", "a nickname of the game", (SEED_HOWTO,)),
    Name("Reversis", "リバーシス", "the ancestor game", (SEED_WIKIPEDIA,)),
    Name("shooting the moon", "シュート・ザ・ムーン", "taking every penalty card", (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("slam", "スラム", "Japanese Wikipedia's name for the moon scored against the shooter's own total",
         (SEED_WIKIPEDIA,)),
    Name("going for control", "ゴーイング・フォー・コントロール", "another name for the moon", (SEED_WIKIPEDIA,)),
    Name("running hearts / running", "ランニング・ハーツ / ランニング", "other names for the moon",
         (SEED_WIKIPEDIA, SEED_HOWTO)),
    Name("shooting the sun", "シュート・ザ・サン", "taking every trick (from Reversis)", (SEED_WIKIPEDIA,)),
    Name("breaking hearts", "ハートをブレークする", "playing the first penalty card", (SEED_WIKIPEDIA,)),
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
    Drift("Does the Q♠ break hearts?", "penalty_cards_break_hearts", "yes (this book's default) / no",
          "Japanese Wikipedia and a Japanese player's blog: any penalty card; the how-to page and Windows "
          "Hearts: only a heart"),
    Drift("Points on the first trick?", "points_on_first_trick", "no (default) / yes",
          "Japanese Wikipedia and the how-to page forbid them; a Japanese player's blog and pagat.com allow them"),
    Drift("Must hearts be broken before a heart is led?", "must_break_hearts", "yes (default) / no",
          "Japanese Wikipedia calls it an optional rule"),
    Drift("Scoring the moon", "moon",
          "the others score 26 (default) / the shooter subtracts 26 / the shooter chooses / the shooter's total "
          "goes back to 0 / no moon rule",
          "a Japanese player's blog and the how-to page: the others score 26; Japanese Wikipedia: the slam; "
          "the how-to page: the shooter may subtract 26 instead"),
    Drift("When does the game end?", "game_end",
          "on reaching 100 (default) / on passing 100 / after a fixed number of hands",
          "Japanese Wikipedia and the how-to page: reaching 100; Japanese Wikipedia and a Japanese player's "
          "blog: passing 100"),
    Drift("Which card goes for three players?", "removed_cards", "2♦ (default) / 2♣ / 2♠ / a hole card",
          "Japanese Wikipedia: 2♣ or 2♦; a Japanese player's blog: 2♠; the how-to page: a hole card"),
    Drift("Passing", "pass_cycle", "left, right, across, hold (default) / always left / split / dealer's choice",
          "the how-to page and Windows: the cycle; Japanese Wikipedia's basic rule: always left"),
    Drift("May the Q♠ be led before hearts break?", "queen_lead_restricted", "yes (default) / no",
          "a Japanese player's blog: no"),
)  # fmt: skip


def event_html(event: Event) -> str:
    """One timeline event as an HTML card."""
    import html

    sources = "; ".join(html.escape(source_label(s)) for s in event.sources)
    parts = [
        '<div class="hl-event" style="border-left:4px solid #c8102e;padding:4px 10px;font:14px sans-serif">',
        f"<div style='color:#666'>{html.escape(event.when)}</div><b>{html.escape(event.title)}</b>",
        f"<p>{html.escape(event.text)}</p>",
    ]
    if event.disputed:
        parts.append(f"<p><i>Sources disagree:</i> {html.escape(event.disputed)}</p>")
    if event.preset:
        parts.append(f"<p>Play it here with the preset <code>{html.escape(event.preset)}</code>.</p>")
    parts.append(f"<div style='font-size:12px;color:#555'>Sources: {sources}</div></div>")
    return "".join(parts)
