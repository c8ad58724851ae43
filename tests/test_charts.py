"""hearts_lessons.charts: SVG charts with no dependency (valid XML, described in words, drawn from the numbers)."""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET

import pytest

from hearts_lessons.charts import (
    Chart,
    bars,
    box_summary,
    boxes,
    complex_text,
    plane,
    points,
    stack,
    ticks,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: Chart) -> ET.Element:
    """The chart's SVG as XML, after checking what every chart has: its size, a title and an aria-label that
    both say the description, and nothing loaded from outside the page."""
    root = ET.fromstring(chart.svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.get("width") == str(chart.width) and root.get("height") == str(chart.height)
    assert root.get("aria-label") == chart.description
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == chart.description
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", chart.svg)
    assert "url(" not in chart.svg and "@import" not in chart.svg and "href" not in chart.svg
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


# -- ticks ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "high"),
    [(0, 9.8), (0, 1), (-0.27, 1.66), (0, 25.4), (-121, 121), (0.004, 0.0071), (3, 3), (10, -5), (0, 12_345)],
)
def test_ticks_cover_the_range_in_even_round_steps(low: float, high: float) -> None:
    marks = ticks(low, high)
    assert marks[0] <= min(low, high) and marks[-1] >= max(low, high)
    assert 3 <= len(marks) <= 12
    steps = {round(b - a, 9) for a, b in itertools.pairwise(marks)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in {1, 2, 2.5, 5}


def test_ticks_refuse_an_infinite_range() -> None:
    with pytest.raises(ValueError):
        ticks(0, math.inf)
    with pytest.raises(ValueError):
        ticks(math.nan, 1)


# -- bars, points, stack --------------------------------------------------------------------------------------


def test_bars_label_and_describe_every_bar() -> None:
    chart = bars(["rules", "random & co"], [5.1, -2.5], errors=[0.2, 0.3], notes=["", "weak"], title="Bots",
                 xlabel="points per hand")  # fmt: skip
    root = parse(chart)
    shown = texts(root)
    assert {"rules", "random & co", "weak", "Bots", "points per hand"} <= set(shown)
    assert "rules 5.1 ± 0.2" in chart.description and "random & co −2.5 ± 0.3" in chart.description
    assert len([r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]) == 2


def test_bars_refuse_bad_input() -> None:
    with pytest.raises(ValueError):
        bars(["a", "b"], [1.0])
    with pytest.raises(ValueError):
        bars(["a"], [1.0], notes=["x", "y"])
    with pytest.raises(ValueError):
        bars([], [])


def test_points_and_stack() -> None:
    line = points([0, 1, 2], [1.0, 2.0, 1.5], low=[0.5, 1.5, 1.0], high=[1.5, 2.5, 2.0], xlabel="hearts",
                  ylabel="rate", title="Rate")  # fmt: skip
    parse(line)
    assert "2: 1.5 (1 to 2)" in line.description
    with pytest.raises(ValueError):
        points([0, 1], [1.0])
    with pytest.raises(ValueError):
        points([], [])
    both = stack([line, bars(["a"], [3.0])], title="Two")
    root = parse(both)
    assert len(root.findall(f"{SVG}svg")) == 2 and both.height == line.height + bars(["a"], [3.0]).height + 30
    assert both.description.startswith("Two. Rate:")
    with pytest.raises(ValueError):
        stack([])


# -- box plots ------------------------------------------------------------------------------------------------


def test_box_summary_of_a_known_sample() -> None:
    # 1..10: quartiles at positions 2.25, 4.5 and 6.75 of the sorted values (linear interpolation)
    assert box_summary(range(1, 11)) == (1.0, 3.25, 5.5, 7.75, 10.0)
    # an outlier moves no quartile and lies beyond the whisker (7.75 + 1.5 × 4.5 = 14.5)
    assert box_summary([*range(1, 10), 100]) == (1.0, 3.25, 5.5, 7.75, 9.0)
    assert box_summary([-50, 0, 1, 2, 3]) == (0.0, 0.0, 1.0, 2.0, 3.0)
    assert box_summary([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0, 2.0, 2.0)


def test_box_summary_agrees_with_numpy() -> None:
    np = pytest.importorskip("numpy")
    rng = random.Random(4)
    for size in (2, 5, 17, 100):
        sample = [rng.gauss(0, 1) ** 3 for _ in range(size)]
        low, q1, median, q3, high = box_summary(sample)
        assert [q1, median, q3] == pytest.approx(list(np.percentile(sample, [25, 50, 75])))
        inside = [v for v in sample if q1 - 1.5 * (q3 - q1) <= v <= q3 + 1.5 * (q3 - q1)]
        assert low == min(inside) and high == max(inside)


def test_box_summary_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        box_summary([])
    with pytest.raises(ValueError):
        box_summary([1.0, math.nan])


def test_boxes_draw_the_summary() -> None:
    chart = boxes(["tight", "wide"], [range(1, 11), [*range(1, 10), 100]], title="Spread", xlabel="points")
    root = parse(chart)
    assert {"tight", "wide", "Spread", "points"} <= set(texts(root))
    assert "tight median 5.5 (middle half 3.25 to 7.75, whiskers 1 to 10)" in chart.description
    assert "wide median 5.5 (middle half 3.25 to 7.75, whiskers 1 to 9)" in chart.description
    boxes_drawn = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(boxes_drawn) == 2
    # the outlier is not drawn: the value axis stops at the whiskers' reach
    assert "100" not in texts(root) and max(float(t) for t in texts(root) if re.fullmatch(r"[\d.]+", t)) <= 10
    # the box spans the quartiles on the value axis, the same for both rows
    a, b = boxes_drawn
    assert a.get("x") == b.get("x") and a.get("width") == b.get("width")
    with pytest.raises(ValueError):
        boxes(["a", "b"], [[1.0]])
    with pytest.raises(ValueError):
        boxes(["a"], [[]])
    with pytest.raises(ValueError):
        boxes([], [])


# -- the complex plane ----------------------------------------------------------------------------------------


def test_complex_text() -> None:
    assert [complex_text(z) for z in (0, 5, -26, 13j, -20j, 3 + 13j, 3 - 13j, -1j, 1 + 1j, 2.5)] == [
        "0", "5", "−26", "13i", "−20i", "3+13i", "3−13i", "−i", "1+i", "2.5"]  # fmt: skip


def test_plane_with_series_circle_and_notes() -> None:
    chart = plane({"Ann <1>": [0, 3 + 13j, 2 + 14j], "Bob": [0, 10, 20 - 5j]}, radius=30,
                  radius_label="|total| = 30", end_notes=["2", "2"], title="Game")  # fmt: skip
    root = parse(chart)
    shown = texts(root)
    assert {"Ann <1>", "Bob", "|total| = 30", "Game", "real part", "imaginary part"} <= set(shown)
    assert shown.count("2") >= 2  # the notes beside the last points
    assert "Ann <1>: 3 points from 0 to 2+14i" in chart.description
    assert "Bob: 3 points from 0 to 20−5i" in chart.description
    assert "dashed circle |total| = 30" in chart.description
    circles = [c for c in root.iter(f"{SVG}circle") if c.get("stroke-dasharray")]
    assert len(circles) == 1
    # equal aspect: the plot is a square and the circle's radius is the same share of it either way
    frame = next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "none")
    assert frame.get("width") == frame.get("height")
    markers = [c for c in root.iter(f"{SVG}circle") if c.find(f"{SVG}title") is not None]
    assert len(markers) == 6
    # both axes pass through 0: the markers of 0 sit on the middle of the square
    centre = float(frame.get("x", 0)) + float(frame.get("width", 0)) / 2
    first = markers[0]
    assert float(first.get("cx", 0)) == pytest.approx(centre, abs=0.1)
    assert float(first.get("cy", 0)) == pytest.approx(float(frame.get("y", 0)) + float(frame.get("height", 0)) / 2,
                                                      abs=0.1)  # fmt: skip
    assert float(circles[0].get("cx", 0)) == pytest.approx(centre, abs=0.1)


def test_plane_arrows_and_their_labels() -> None:
    chart = plane(arrows=[(5, 10j), (13j, -26), (-10, -20j), (0, 0)], number=lambda z: f"<{complex_text(z)}>")
    root = parse(chart)
    shown = texts(root)
    assert {"<5>", "<10i>", "<13i>", "<−26>", "<−10>", "<−20i>", "<0>"} <= set(shown)
    assert len(list(root.iter(f"{SVG}polygon"))) == 3  # no arrowhead from 0 to 0
    assert "arrows <5> → <10i>; <13i> → <−26>; <−10> → <−20i>; <0> → <0>" in chart.description
    for text in root.iter(f"{SVG}text"):
        assert 0 <= float(text.get("x", 0)) <= chart.width and 0 <= float(text.get("y", 0)) <= chart.height


def test_plane_places_labels_off_the_lines() -> None:
    # the label of 10i would sit on the arrow from 4+8i if it were always put at the same side of its point
    chart = plane(arrows=[(5, 10j), (13j, -26), (-10, -20j), (4 + 8j, -16 + 8j)])
    root = parse(chart)
    label = next(t for t in root.iter(f"{SVG}text") if t.text == "10i")
    leftward = [line for line in root.iter(f"{SVG}line") if line.get("y1") == line.get("y2")
                and float(line.get("x1", 0)) > float(line.get("x2", 0))]  # fmt: skip
    assert len(leftward) == 1  # the arrow from 4+8i to −16+8i (grid lines and axes are drawn left to right)
    arrow = leftward[0]
    assert abs(float(label.get("y", 0)) - float(arrow.get("y1", 0))) >= 6


def test_plane_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        plane()
    with pytest.raises(ValueError):
        plane({"empty": []})
    with pytest.raises(ValueError):
        plane({"a": [1]}, end_notes=["x", "y"])
    with pytest.raises(ValueError):
        plane({"a": [complex(math.nan, 0)]})
    with pytest.raises(ValueError):
        plane(radius=0)
    assert plane(radius=100).description.endswith("dashed circle |z| = 100")
