"""Charts as SVG, with no dependency: they draw the same on a desktop, in a static page and in the browser's
Python (where matplotlib is not available).

A chart is a :class:`Chart`; a notebook shows it by leaving it as a cell's last value (a widget shows its ``svg``
in an HTML widget). Every chart carries a text description (``<title>`` and ``aria-label``) that screen readers
read out. The kinds: :func:`bars` (horizontal bars, with error whiskers), :func:`boxes` (box plots),
:func:`points` (a value against a count), :func:`plane` (complex numbers as points and arrows of the plane) and
:func:`stack` (panels one above the other).

>>> chart = bars(["rules", "random"], [5.1, 9.8], errors=[0.2, 0.3], xlabel="points per hand", title="Bots")
>>> chart.svg.startswith("<svg") and "random" in chart.svg and "<title>" in chart.svg
True
>>> "9.8" in chart.description
True
>>> ticks(0, 9.8)
[0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
>>> box_summary([1, 2, 3, 4, 100])  # whisker, quartile, median, quartile, whisker
(1.0, 2.0, 3.0, 4.0, 4.0)
>>> "median 3" in boxes(["a"], [[1, 2, 3, 4, 100]]).description
True
>>> "5 → 10i" in plane(arrows=[(5, 10j)]).description
True
"""

from __future__ import annotations

import html
import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .i18n import full_stop, get_language, join_sentences, labelled, tr

__all__ = ["PALETTE", "Chart", "bars", "box_summary", "boxes", "complex_text", "plane", "points", "stack", "ticks"]

PALETTE = ("#28527a", "#c8102e", "#1d7a2e", "#d4a017", "#6a1b9a", "#444444")
"""Series colours (dark enough on white, told apart by colour-blind readers by position and label too)."""

FONT = "font-family='sans-serif'"


@dataclass(frozen=True)
class Chart:
    """An SVG picture and a sentence that says what it shows."""

    svg: str
    description: str
    width: int
    height: int

    def _repr_html_(self) -> str:
        return f"<div class='hl-chart' style='max-width:100%;overflow-x:auto'>{self.svg}</div>"

    def __repr__(self) -> str:
        return f"<Chart {self.width}×{self.height}: {self.description}>"


def _num(value: float) -> str:
    """A number for an axis label or description: few digits, no trailing zeros."""
    if value == 0:
        return "0"
    text = f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return text.replace("-", "−")


def ticks(low: float, high: float, *, count: int = 5) -> list[float]:
    """Round tick values covering ``low`` to ``high`` (about ``count`` of them)."""
    if not math.isfinite(low) or not math.isfinite(high):
        raise ValueError("ticks of an infinite range")
    if high < low:
        low, high = high, low
    if high == low:
        high = low + 1.0
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9) * step
    out = []
    value = first
    while value < high + step * 0.999:
        out.append(round(value, 10) + 0.0)
        value += step
    return out


class _Scale:
    def __init__(self, low: float, high: float, start: float, stop: float) -> None:
        self.low, self.high, self.start, self.stop = low, high, start, stop

    def __call__(self, value: float) -> float:
        span = self.high - self.low or 1.0
        return self.start + (value - self.low) / span * (self.stop - self.start)


def _clauses(parts: Iterable[str]) -> str:
    """Parts of a description one after another: "a; b" in English, 「a；b」 in Japanese."""
    return ("；" if get_language() == "ja" else "; ").join(parts)


def _describe(title: str | None, parts: Sequence[str]) -> str:
    """A chart's description for screen readers: its title, then its parts (:func:`_clauses`).

    >>> _describe("Points", ["points by hand", "South 3"])
    'Points: points by hand; South 3'
    """
    return labelled(title, _clauses(parts)) if title else _clauses(parts)


def _svg(width: int, height: int, description: str, body: Sequence[str]) -> str:
    label = html.escape(description, quote=True)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='hl-chart-svg' role='img' aria-label='{label}' "
            f"width='{width}' height='{height}' viewBox='0 0 {width} {height}' style='max-width:100%;height:auto'>"
            f"<title>{html.escape(description)}</title>"
            f"<rect width='{width}' height='{height}' fill='white'/>{''.join(body)}</svg>")  # fmt: skip


def _text(x: float, y: float, text: str, *, anchor: str = "start", size: int = 12, colour: str = "#222",
          weight: str = "normal", baseline: str = "middle") -> str:  # fmt: skip
    return (f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' dominant-baseline='{baseline}' font-size='{size}' "
            f"{FONT} fill='{colour}' font-weight='{weight}'>{html.escape(text)}</text>")  # fmt: skip


def _line(x1: float, y1: float, x2: float, y2: float, *, colour: str = "#222", width: float = 1.0,
          dash: str = "") -> str:  # fmt: skip
    extra = f" stroke-dasharray='{dash}'" if dash else ""
    return (f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{colour}' "
            f"stroke-width='{width}'{extra}/>")  # fmt: skip


def _range(values: Sequence[float], *, include_zero: bool) -> tuple[float, float]:
    finite = [v for v in values if math.isfinite(v)]
    low = min(finite, default=0.0)
    high = max(finite, default=1.0)
    if include_zero:
        low, high = min(low, 0.0), max(high, 0.0)
    return low, high


class _Rows:
    """The frame of a chart with one horizontal row per label (bars, boxes): the value axis with its round
    ticks and grid, the title, the labels' margin and, when finished, the axis label."""

    def __init__(self, names: Sequence[str], low: float, high: float, *, width: int, title: str, xlabel: str,
                 row: int) -> None:  # fmt: skip
        marks = ticks(low, high)
        self.low, self.high = min(low, marks[0]), max(high, marks[-1])
        self.width, self.xlabel, self.row = width, xlabel, row
        self.left = min(max(14 + 7 * max(len(n) for n in names), 60), width // 2)
        self.right = 24
        self.top = 34 if title else 12
        self.plot_h = row * len(names)
        self.height = self.top + self.plot_h + (46 if xlabel else 30)
        self.x = _Scale(self.low, self.high, self.left, width - self.right)
        self.body: list[str] = []
        if title:
            self.body.append(_text(width / 2, 16, title, anchor="middle", size=14, weight="bold"))
        for mark in marks:
            px = self.x(mark)
            self.body.append(_line(px, self.top, px, self.top + self.plot_h, colour="#e3e3e3"))
            self.body.append(_text(px, self.top + self.plot_h + 12, _num(mark), anchor="middle", size=11,
                                   colour="#444"))  # fmt: skip

    def centre(self, index: int) -> float:
        """The vertical middle of row ``index``."""
        return self.top + self.row * index + self.row / 2

    def label(self, index: int, name: str) -> None:
        self.body.append(_text(self.left - 8, self.centre(index), name, anchor="end"))

    def chart(self, description: str) -> Chart:
        if self.xlabel:
            self.body.append(_text((self.left + self.width - self.right) / 2, self.height - 12, self.xlabel,
                                   anchor="middle", size=12))  # fmt: skip
        return Chart(_svg(self.width, self.height, description, self.body), description, self.width, self.height)


def bars(labels: Sequence[object], values: Sequence[float], *, errors: Sequence[float] | None = None,
         title: str = "", xlabel: str = "", colour: str = PALETTE[0], width: int = 640,
         notes: Sequence[str] | None = None, limits: tuple[float, float] | None = None) -> Chart:  # fmt: skip
    """Horizontal bars, one per label, drawn from zero (so negative values go left), each with its ±error
    whisker when ``errors`` is given (e.g. half a 95% confidence interval). ``notes`` writes a short text beside
    a bar (e.g. "no moon rule"); ``limits`` fixes the value axis."""
    names = [str(label) for label in labels]
    vals = [float(v) for v in values]
    errs = [float(e) for e in errors] if errors is not None else [0.0] * len(vals)
    if not (len(names) == len(vals) == len(errs)) or (notes is not None and len(notes) != len(vals)):
        raise ValueError("labels, values, errors and notes must have the same length")
    if not names:
        raise ValueError("nothing to draw")
    if limits is not None:
        low, high = limits
    else:
        low, high = _range([v - e for v, e in zip(vals, errs, strict=True)]
                           + [v + e for v, e in zip(vals, errs, strict=True)], include_zero=True)  # fmt: skip
    frame = _Rows(names, low, high, width=width, title=title, xlabel=xlabel, row=26)
    x, body = frame.x, frame.body
    zero = x(0.0) if frame.low <= 0.0 <= frame.high else x(frame.low)
    described = []
    for i, (name, v, e) in enumerate(zip(names, vals, errs, strict=True)):
        cy = frame.centre(i)
        a, b = sorted((zero, x(v)))
        tip = labelled(name, _num(v)) + (f" ± {_num(e)}" if e else "")
        body.append(f"<rect x='{a:.1f}' y='{cy - 8:.1f}' width='{max(b - a, 0.5):.1f}' height='16' fill='{colour}'>"
                    f"<title>{html.escape(tip)}</title></rect>")  # fmt: skip
        if e:
            lo, hi = x(v - e), x(v + e)
            body.append(_line(lo, cy, hi, cy, width=1.4))
            body.append(_line(lo, cy - 5, lo, cy + 5, width=1.4))
            body.append(_line(hi, cy - 5, hi, cy + 5, width=1.4))
        frame.label(i, name)
        if notes is not None and notes[i]:
            body.append(_text(zero + 4, cy, notes[i], size=10, colour="#555"))
        described.append(f"{name} {_num(v)}" + (f" ± {_num(e)}" if e else ""))
    body.append(_line(zero, frame.top - 4, zero, frame.top + frame.plot_h + 2, colour="#555"))
    what = tr("bar chart of {what}", what=xlabel) if xlabel else tr("bar chart of values")
    return frame.chart(_describe(title, [what, *described]))


def points(xs: Sequence[float], ys: Sequence[float], *, low: Sequence[float] | None = None,
           high: Sequence[float] | None = None, title: str = "", xlabel: str = "", ylabel: str = "",
           colour: str = PALETTE[1], width: int = 560, height: int = 300,
           limits: tuple[float, float] | None = None) -> Chart:  # fmt: skip
    """Points joined by a line, each with an interval from ``low`` to ``high`` when given (e.g. a 95% interval of
    a rate): a value against a count such as the top hearts held."""
    px_ = [float(v) for v in xs]
    py_ = [float(v) for v in ys]
    lo = [float(v) for v in low] if low is not None else py_
    hi = [float(v) for v in high] if high is not None else py_
    if not (len(px_) == len(py_) == len(lo) == len(hi)):
        raise ValueError("xs, ys, low and high must have the same length")
    if not px_:
        raise ValueError("nothing to draw")
    ylow, yhigh = limits if limits is not None else _range(lo + hi, include_zero=True)
    ymarks = ticks(ylow, yhigh)
    ylow, yhigh = min(ylow, ymarks[0]), max(yhigh, ymarks[-1])
    xmarks = sorted(set(px_)) if len(set(px_)) <= 12 and all(v == int(v) for v in px_) else ticks(min(px_), max(px_))
    xlow, xhigh = min(px_ + xmarks), max(px_ + xmarks)
    pad = (xhigh - xlow or 1.0) * 0.05
    left, right, top = 58, 20, (34 if title else 14)
    bottom = 50 if xlabel else 30
    x = _Scale(xlow - pad, xhigh + pad, left, width - right)
    y = _Scale(ylow, yhigh, height - bottom, top)
    body: list[str] = []
    if title:
        body.append(_text(width / 2, 16, title, anchor="middle", size=14, weight="bold"))
    for mark in ymarks:
        body.append(_line(left, y(mark), width - right, y(mark), colour="#e3e3e3"))
        body.append(_text(left - 6, y(mark), _num(mark), anchor="end", size=11, colour="#444"))
    for mark in xmarks:
        body.append(_text(x(mark), height - bottom + 14, _num(mark), anchor="middle", size=11, colour="#444"))
    body.append(_line(left, height - bottom, width - right, height - bottom, colour="#555"))
    body.append(_line(left, top, left, height - bottom, colour="#555"))
    path = " ".join(
        f"{'M' if i == 0 else 'L'}{x(a):.1f},{y(b):.1f}" for i, (a, b) in enumerate(zip(px_, py_, strict=True))
    )
    body.append(f"<path d='{path}' fill='none' stroke='{colour}' stroke-width='1.5'/>")
    described = []
    for a, b, l_, h_ in zip(px_, py_, lo, hi, strict=True):
        cx = x(a)
        if h_ > l_:
            body.append(_line(cx, y(l_), cx, y(h_), colour=colour, width=1.2))
            body.append(_line(cx - 4, y(l_), cx + 4, y(l_), colour=colour, width=1.2))
            body.append(_line(cx - 4, y(h_), cx + 4, y(h_), colour=colour, width=1.2))
        body.append(f"<circle cx='{cx:.1f}' cy='{y(b):.1f}' r='3.5' fill='{colour}'>"
                    f"<title>{tr('{x}: {y} ({low} to {high})', x=_num(a), y=_num(b), low=_num(l_), high=_num(h_))}"
                    "</title></circle>")  # fmt: skip
        described.append(tr("{x}: {y} ({low} to {high})", x=_num(a), y=_num(b), low=_num(l_), high=_num(h_))
                         if h_ > l_ else labelled(_num(a), _num(b)))
    if xlabel:
        body.append(_text((left + width - right) / 2, height - 12, xlabel, anchor="middle"))
    if ylabel:
        body.append(f"<text transform='translate(14,{(top + height - bottom) / 2:.1f}) rotate(-90)' "
                    f"text-anchor='middle' font-size='12' {FONT} fill='#222'>{html.escape(ylabel)}</text>")  # fmt: skip
    what = tr("{y} by {x}", y=ylabel or tr("value"), x=xlabel or "x")
    description = _describe(title, [what, *described])
    return Chart(_svg(width, height, description, body), description, width, height)


def stack(charts: Sequence[Chart], *, title: str = "") -> Chart:
    """Several charts one above the other, as one picture (e.g. the panels of the variant lab)."""
    if not charts:
        raise ValueError("nothing to stack")
    width = max(c.width for c in charts)
    top = 30 if title else 0
    parts: list[str] = []
    if title:
        parts.append(_text(width / 2, 16, title, anchor="middle", size=15, weight="bold"))
    y = top
    for chart in charts:
        inner = chart.svg.replace("<svg ", f"<svg x='0' y='{y}' ", 1)
        parts.append(inner)
        y += chart.height
    description = join_sentences([full_stop(title), *(c.description for c in charts)])
    return Chart(_svg(width, y, description, parts), description, width, y)


def box_summary(values: Sequence[float]) -> tuple[float, float, float, float, float]:
    """The five numbers a box plot draws: the low whisker, the first quartile, the median, the third quartile
    and the high whisker. Quartiles interpolate linearly between the sorted values (numpy's and matplotlib's
    default); a whisker reaches the furthest value within 1.5 × the interquartile range of its side of the box
    (values beyond are outliers, which :func:`boxes` leaves out).

    >>> box_summary([4, 1, 3, 2])
    (1.0, 1.75, 2.5, 3.25, 4.0)
    >>> box_summary([7])
    (7.0, 7.0, 7.0, 7.0, 7.0)
    """
    data = sorted(float(v) for v in values)
    if not data:
        raise ValueError("a box plot of no values")
    if not all(math.isfinite(v) for v in data):
        raise ValueError("a box plot of values that are not finite")

    def quantile(share: float) -> float:
        position = share * (len(data) - 1)
        i = math.floor(position)
        j = min(i + 1, len(data) - 1)
        return data[i] + (data[j] - data[i]) * (position - i)

    q1, median, q3 = quantile(0.25), quantile(0.5), quantile(0.75)
    reach = 1.5 * (q3 - q1)
    low = min(min(v for v in data if v >= q1 - reach), q1)
    high = max(max(v for v in data if v <= q3 + reach), q3)
    return low, q1, median, q3, high


def boxes(labels: Sequence[object], samples: Sequence[Sequence[float]], *, title: str = "", xlabel: str = "",
          colour: str = PALETTE[0], width: int = 640, limits: tuple[float, float] | None = None) -> Chart:  # fmt: skip
    """Horizontal box plots, one per label, of the values in ``samples`` (one sequence per label): the box spans
    the middle half (first to third quartile), a thick line marks the median and the whiskers reach the usual
    range, 1.5 × the box's width beyond it (see :func:`box_summary`); outliers are not drawn. ``limits`` fixes
    the value axis.

    >>> chart = boxes(["even", "spread"], [[1, 2, 3, 4, 5], [0, 2, 4, 8, 16]], xlabel="points")
    >>> chart.description
    'box plot of points; even median 3 (middle half 2 to 4, whiskers 1 to 5); spread median 4 (middle half 2 to 8, whiskers 0 to 16)'
    """  # noqa: E501
    names = [str(label) for label in labels]
    if len(names) != len(samples):
        raise ValueError("labels and samples must have the same length")
    if not names:
        raise ValueError("nothing to draw")
    summaries = [box_summary(sample) for sample in samples]
    if limits is not None:
        low, high = limits
    else:
        low, high = min(s[0] for s in summaries), max(s[4] for s in summaries)
    frame = _Rows(names, low, high, width=width, title=title, xlabel=xlabel, row=30)
    x, body = frame.x, frame.body
    described = []
    for i, (name, (lo, q1, median, q3, hi)) in enumerate(zip(names, summaries, strict=True)):
        cy = frame.centre(i)
        summary = tr("median {median} (middle half {q1} to {q3}, whiskers {lo} to {hi})", median=_num(median),
                     q1=_num(q1), q3=_num(q3), lo=_num(lo), hi=_num(hi))
        body.append(_line(x(lo), cy, x(q1), cy, colour="#333", width=1.2))
        body.append(_line(x(q3), cy, x(hi), cy, colour="#333", width=1.2))
        body.append(_line(x(lo), cy - 5, x(lo), cy + 5, colour="#333", width=1.2))
        body.append(_line(x(hi), cy - 5, x(hi), cy + 5, colour="#333", width=1.2))
        body.append(f"<rect x='{x(q1):.1f}' y='{cy - 9:.1f}' width='{max(x(q3) - x(q1), 0.5):.1f}' height='18' "
                    f"fill='{colour}' fill-opacity='0.25' stroke='{colour}' stroke-width='1.2'>"
                    f"<title>{html.escape(labelled(name, summary))}</title></rect>")  # fmt: skip
        body.append(_line(x(median), cy - 9, x(median), cy + 9, colour=colour, width=2.5))
        frame.label(i, name)
        described.append(f"{name} {summary}")
    what = tr("box plot of {what}", what=xlabel) if xlabel else tr("box plot of values")
    return frame.chart(_describe(title, [what, *described]))


def complex_text(value: complex) -> str:
    """A complex number as the lessons write it (the default labels of :func:`plane`).

    >>> complex_text(3 + 13j), complex_text(-26), complex_text(-20j), complex_text(1j), complex_text(2.5 - 1j)
    ('3+13i', '−26', '−20i', 'i', '2.5−i')
    """
    z = complex(value)
    if z.imag == 0:
        return _num(z.real)
    imag = "i" if z.imag == 1 else "−i" if z.imag == -1 else f"{_num(z.imag)}i"
    if z.real == 0:
        return imag
    return f"{_num(z.real)}{'' if imag.startswith('−') else '+'}{imag}"


def plane(series: Mapping[str, Sequence[complex]] | None = None, *, arrows: Sequence[tuple[complex, complex]] = (),
          radius: float | None = None, radius_label: str = "", end_notes: Sequence[str] | None = None,
          number: Callable[[complex], str] = complex_text, title: str = "", xlabel: str | None = None,
          ylabel: str | None = None, size: int = 420, margin: float = 1.15) -> Chart:  # fmt: skip
    """Complex numbers as points of the plane: equal scales on both axes, both axes drawn through 0.

    ``series`` (legend label → points) draws each series as a path with a marker at every point, in its own
    colour (:data:`PALETTE`, in order), with ``end_notes`` (one short text per series, e.g. a count) beside its
    last point; a legend under the plane names the series. ``arrows`` draws an arrow (blue) from each ``start``
    (a red dot) to its ``end``, with both numbers written beside them (formatted by ``number``). Texts are
    placed where they cover no line if they can. ``radius`` adds the dashed circle |z| = radius
    (``radius_label`` names it in the legend). The axes reach ``margin`` times the largest |z| drawn (or the
    radius).

    >>> chart = plane({"Ann": [0, 3 + 13j, 2 + 14j]}, radius=20, radius_label="|total| = 20", end_notes=["2"])
    >>> chart.description
    'complex plane (real part across, imaginary part up); dashed circle |total| = 20; Ann: 3 points from 0 to 2+14i'
    >>> plane(arrows=[(5, 10j), (13j, -26)], title="Times 2i").description
    'Times 2i: complex plane (real part across, imaginary part up); arrows 5 → 10i; 13i → −26'
    """
    xlabel = xlabel if xlabel is not None else tr("real part")
    ylabel = ylabel if ylabel is not None else tr("imaginary part")
    paths = {str(name): [complex(z) for z in points] for name, points in (series or {}).items()}
    pairs = [(complex(a), complex(b)) for a, b in arrows]
    if any(not points for points in paths.values()):
        raise ValueError("a series with no points")
    if end_notes is not None and len(end_notes) != len(paths):
        raise ValueError("end_notes must have one text per series")
    if not paths and not pairs and radius is None:
        raise ValueError("nothing to draw")
    every = [z for points in paths.values() for z in points] + [z for pair in pairs for z in pair]
    if not all(math.isfinite(z.real) and math.isfinite(z.imag) for z in every):
        raise ValueError("points that are not finite")
    if radius is not None and not (math.isfinite(radius) and radius > 0):
        raise ValueError("the radius must be a positive number")
    reach = max([abs(z) for z in every] + [radius or 0.0]) or 1.0
    lim = reach * margin
    marks = [m for m in ticks(-lim, lim, count=8) if -lim <= m <= lim]
    left, right, top = 64, 20, (34 if title else 14)
    legend = len(paths) + (radius is not None)
    width = left + size + right
    height = top + size + 50 + (18 * legend + 6 if legend else 0)
    x = _Scale(-lim, lim, left, left + size)
    y = _Scale(-lim, lim, top + size, top)
    body: list[str] = []
    if title:
        body.append(_text(width / 2, 16, title, anchor="middle", size=14, weight="bold"))
    for mark in marks:
        body.append(_line(x(mark), top, x(mark), top + size, colour="#eeeeee"))
        body.append(_line(left, y(mark), left + size, y(mark), colour="#eeeeee"))
        body.append(_text(x(mark), top + size + 12, _num(mark), anchor="middle", size=11, colour="#444"))
        body.append(_text(left - 6, y(mark), _num(mark), anchor="end", size=11, colour="#444"))
    body.append(_line(x(0), top, x(0), top + size, colour="#999999"))
    body.append(_line(left, y(0), left + size, y(0), colour="#999999"))
    body.append(f"<rect x='{left}' y='{top}' width='{size}' height='{size}' fill='none' stroke='#555'/>")
    body.append(_text(left + size / 2, top + size + 34, xlabel, anchor="middle"))
    body.append(f"<text transform='translate(14,{top + size / 2:.1f}) rotate(-90)' text-anchor='middle' "
                f"dominant-baseline='middle' font-size='12' {FONT} fill='#222'>"
                f"{html.escape(ylabel)}</text>")  # fmt: skip
    scale = size / (2 * lim)
    described = [tr("complex plane ({x} across, {y} up)", x=xlabel, y=ylabel)]
    if radius is not None:
        body.append(f"<circle cx='{x(0):.1f}' cy='{y(0):.1f}' r='{radius * scale:.1f}' fill='none' stroke='#888' "
                    f"stroke-width='1.2' stroke-dasharray='6 4'/>")  # fmt: skip
        described.append(tr("dashed circle {label}", label=radius_label or f"|z| = {_num(radius)}"))
    labels = _Labels((left, top, left + size, top + size))
    notes: list[tuple[float, float, str, str, tuple[float, float]]] = []  # x, y, text, colour, preferred direction
    for i, (name, points) in enumerate(paths.items()):
        colour = PALETTE[i % len(PALETTE)]
        xy = [(x(z.real), y(z.imag)) for z in points]
        path = " ".join(f"{'M' if j == 0 else 'L'}{a:.1f},{b:.1f}" for j, (a, b) in enumerate(xy))
        body.append(f"<path d='{path}' fill='none' stroke='{colour}' stroke-width='1.5' stroke-linejoin='round'/>")
        for j, (z, (a, b)) in enumerate(zip(points, xy, strict=True)):
            tip = tr("{name}, point {j}: {z}", name=html.escape(name), j=j, z=html.escape(number(z)))
            body.append(f"<circle cx='{a:.1f}' cy='{b:.1f}' r='2.6' fill='{colour}'><title>{tip}</title></circle>")
        labels.add(xy)
        if end_notes is not None and end_notes[i]:
            (a0, b0), (a1, b1) = xy[-2] if len(xy) > 1 else (xy[-1][0] - 1, xy[-1][1] + 1), xy[-1]
            notes.append((a1, b1, end_notes[i], colour, (a1 - a0, b1 - b0)))
        described.append(tr("{name}: {n} points from {first} to {last}", name=name, n=len(points),
                            first=number(points[0]), last=number(points[-1])))
    for start, end in pairs:
        sx, sy, ex, ey = x(start.real), y(start.imag), x(end.real), y(end.imag)
        length = math.hypot(ex - sx, ey - sy)
        if length >= 1:
            ux, uy = (ex - sx) / length, (ey - sy) / length
            head = min(10.0, length / 2)
            bx, by = ex - ux * head, ey - uy * head
            body.append(_line(sx, sy, bx, by, colour=PALETTE[0], width=1.5))
            body.append(f"<polygon points='{ex:.1f},{ey:.1f} {bx - uy * 4:.1f},{by + ux * 4:.1f} "
                        f"{bx + uy * 4:.1f},{by - ux * 4:.1f}' fill='{PALETTE[0]}'/>")  # fmt: skip
        body.append(f"<circle cx='{sx:.1f}' cy='{sy:.1f}' r='3.5' fill='{PALETTE[1]}'/>")
        labels.add([(sx, sy), (ex, ey)])
    for start, end in pairs:
        sx, sy, ex, ey = x(start.real), y(start.imag), x(end.real), y(end.imag)
        away = (sx - ex, sy - ey) if (sx, sy) != (ex, ey) else (1.0, -1.0)
        body.append(labels.text(sx, sy, number(start), away, colour="#222"))
        if (sx, sy) != (ex, ey):
            body.append(labels.text(ex, ey, number(end), (-away[0], -away[1]), colour=PALETTE[0]))
    for a, b, text, colour, direction in notes:
        body.append(labels.text(a, b, text, direction, colour=colour, size=10, weight="bold"))
    if pairs:
        described.append(tr("arrows {arrows}", arrows=_clauses(f"{number(a)} → {number(b)}" for a, b in pairs)))
    ly = top + size + 56
    entries = [(name, PALETTE[i % len(PALETTE)], "") for i, name in enumerate(paths)]
    if radius is not None:
        entries.append((radius_label or f"|z| = {_num(radius)}", "#888", "6 4"))
    for name, colour, dash in entries:
        body.append(_line(left, ly, left + 26, ly, colour=colour, width=1.5, dash=dash))
        if not dash:
            body.append(f"<circle cx='{left + 13}' cy='{ly:.1f}' r='2.6' fill='{colour}'/>")
        body.append(_text(left + 34, ly, name, size=12))
        ly += 18
    description = _describe(title, described)
    return Chart(_svg(width, height, description, body), description, width, height)


class _Labels:
    """Places short texts beside points of a chart, each where it covers as few lines, markers and other texts
    as it can: first in the preferred direction, else in the nearest direction that is free."""

    def __init__(self, frame: tuple[float, float, float, float]) -> None:
        self.frame = frame
        self.segments: list[tuple[float, float, float, float]] = []
        self.dots: list[tuple[float, float]] = []
        self.boxes: list[tuple[float, float, float, float]] = []

    def add(self, polyline: Sequence[tuple[float, float]]) -> None:
        """A path (or a single point) that texts should not cover."""
        self.dots.extend(polyline)
        self.segments.extend((a, b, c, d) for (a, b), (c, d) in itertools.pairwise(polyline))

    def _cost(self, box: tuple[float, float, float, float]) -> float:
        x0, y0, x1, y1 = box
        f0, g0, f1, g1 = self.frame
        cost = 3.0 * (x0 < f0 or y0 < g0 or x1 > f1 or y1 > g1)
        cost += 2.0 * sum(x0 < b1 and b0 < x1 and y0 < c1 and c0 < y1 for b0, c0, b1, c1 in self.boxes)
        cost += sum(x0 - 3 <= a <= x1 + 3 and y0 - 3 <= b <= y1 + 3 for a, b in self.dots)
        return cost + sum(_crosses(segment, box) for segment in self.segments)

    def text(self, px: float, py: float, text: str, prefer: tuple[float, float], *, colour: str, size: int = 11,
             weight: str = "normal") -> str:  # fmt: skip
        """The ``<text>`` of a label of the point (px, py), placed and remembered."""
        width, half, gap = 0.6 * size * len(text), 0.6 * size, 6.0
        angle = math.atan2(prefer[1], prefer[0]) if prefer != (0.0, 0.0) else -math.pi / 4
        turns = sorted(range(8), key=lambda k: abs(math.remainder(k * math.pi / 4 - angle, 2 * math.pi)))
        options = [angle] + [k * math.pi / 4 for k in turns]
        best: tuple[float, float, float, str, tuple[float, float, float, float]] | None = None
        for option in options:
            dx, dy = math.cos(option), math.sin(option)
            anchor = "start" if dx > 0.3 else "end" if dx < -0.3 else "middle"
            ax, cy = px + gap * dx, py + (gap + half) * dy
            x0 = ax if anchor == "start" else ax - width if anchor == "end" else ax - width / 2
            box = (x0, cy - half, x0 + width, cy + half)
            cost = self._cost(box)
            if best is None or cost < best[0]:
                best = (cost, ax, cy, anchor, box)
            if cost == 0:
                break
        assert best is not None
        _, ax, cy, anchor, box = best
        self.boxes.append(box)
        return _text(ax, cy, text, anchor=anchor, size=size, colour=colour, weight=weight)


def _crosses(segment: tuple[float, float, float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether a line segment passes through a rectangle (Liang–Barsky clipping)."""
    x1, y1, x2, y2 = segment
    x0, y0, x3, y3 = box
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - x0), (dx, x3 - x1), (-dy, y1 - y0), (dy, y3 - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True
