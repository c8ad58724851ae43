"""Benchmark: the engine's speed inside the live site (Pyodide in headless Chromium), beside desktop CPython.

Two measurements, each made twice in the same run, in this Python (the desktop: pure Python or compiled, the
``engine:`` line says which) and in the live site's Pyodide kernel in Chromium, one after the other so that both
meet the same load of the machine:

1. Complete random hands of standard Hearts per CPU second, with ``bench/engine.py``'s ``measure`` (every pass
   and play uniformly random, :func:`~hearts_lessons.playout.random_hand`), in rounds after one round to warm up
   (not counted: the browser's first seconds were seen to run slower, as its WebAssembly engine optimises the hot
   code); the median round is the figure (higher is better).
2. The coach's thinking time per card decision, with ``bench/bots.py``'s ``coach_time`` (the same hands, the
   coach in seat 0 against three rule-based bots, forced cards not counted), the same coach in both places: as
   the live site plays it (plain Python's defaults: ``PURE_WORLDS``, looking ahead one decision,
   ``PURE_LOOKAHEAD``, ``PURE_PASS_WORLDS`` a pass), at 128 worlds, and at its full strength (the compiled
   engine's defaults: ``DEFAULT_WORLDS``, looking ahead at every decision, ``DEFAULT_LOOKAHEAD``,
   ``DEFAULT_PASS_WORLDS`` a pass, which the live site does not use because of this figure): mean, 90th
   percentile and max CPU seconds (lower is better).

Both benchmark files are run as they are inside Pyodide: their source is sent to the kernel and executed there
as modules. Pyodide has no process clock of its own (its CPU time is the browser's wall time: one thread, nothing
else runs in the kernel), so the browser's figures are wall time there; the desktop's are CPU time.

The live site is ``_build/lite/site`` (``python scripts/build_lite.py --build-only``, which packs the engine's
wheel from this checkout); it is built first when it is missing, or with ``--build``: use it after changing the
engine (the ``browser:`` line says whether the site's wheel holds the engine's current source). It is served with
``python -m http.server`` on a free port of 127.0.0.1, opened in the system Chromium (``/usr/bin/chromium`` or
``$HL_CHROMIUM``, with the e2e tests' flags; never a downloaded browser) with every request not to 127.0.0.1
aborted, on the first lesson's page (``notebooks/index.html?path=...``: a fresh kernel; none of the lesson's
cells runs). The code runs through the kernel's own API (``window.jupyterapp``), and each measurement prints
one JSON line that this script reads. Prints figures; asserts nothing. The last lines are ``name: value``:
``desktop_...``, ``browser_...`` and ``ratio_browser_to_desktop_...`` (for hands per second, below 1 means the
browser is slower; for seconds per decision, above 1 means the browser is slower).

    python bench/browser.py [--seconds 5] [--hands 3] [--build] [--site _build/lite/site]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hearts_lessons.bots.coach import (  # noqa: E402
    DEFAULT_LOOKAHEAD,
    DEFAULT_PASS_WORLDS,
    DEFAULT_WORLDS,
    PURE_LOOKAHEAD,
    PURE_PASS_WORLDS,
    PURE_WORLDS,
    lookahead_words,
)

COACHES = ((PURE_WORLDS, PURE_LOOKAHEAD, PURE_PASS_WORLDS, ""),
           (128, PURE_LOOKAHEAD, PURE_PASS_WORLDS, "_at_128_worlds"),
           (DEFAULT_WORLDS, DEFAULT_LOOKAHEAD, DEFAULT_PASS_WORLDS, "_every_decision"))  # fmt: skip
"""The coaches timed in both places: (worlds, lookahead, pass worlds, the figures' suffix)."""
from hearts_lessons.runtime import engine_build  # noqa: E402

SITE = ROOT / "_build" / "lite" / "site"
BENCH = Path(__file__).resolve().parent
KERNEL_READY_MS = 300_000  # the first start compiles 10 MB of WebAssembly, on a shared machine
MARK = "HL-BENCH-JSON "

# The same code runs here and in the kernel: bench/engine.py and bench/bots.py loaded as modules from their
# source, then the measurements, each returning a dict. ``import hearts_lessons`` is in the submitted code itself
# because Pyodide loads a package's wheel for the imports it sees in that code, not for those inside exec().
PRELUDE = r"""
import contextlib as _contextlib, io as _io, json as _json, sys as _sys, time as _time, types as _types
import hearts_lessons, hearts_lessons.runtime


def _bench_module(name, path, source):
    module = _types.ModuleType(name)
    module.__file__ = path
    _sys.modules[name] = module
    exec(compile(source, path, "exec"), module.__dict__)
    return module


def bench_setup(sources):
    global bench_engine, bench_bots
    bench_engine = _bench_module("bench_engine", "bench/engine.py", sources["engine"])
    bench_bots = _bench_module("bench_bots", "bench/bots.py", sources["bots"])
    return {"engine": hearts_lessons.runtime.engine_build(), "python": _sys.version.split()[0],
            "platform": _sys.platform}


def bench_random(seconds, rounds):
    hands, elapsed = bench_engine.measure(seconds / rounds)  # warm-up, not counted
    warmup, rates = hands / elapsed, []
    for _ in range(rounds):
        hands, elapsed = bench_engine.measure(seconds / rounds)
        rates.append(hands / elapsed)
    return {"warmup": warmup, "rates": sorted(rates)}


def bench_coach(hands, worlds, lookahead, pass_worlds):
    made = []

    class Kept(bench_bots._Timed):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    timed, bench_bots._Timed = bench_bots._Timed, Kept
    printed = _io.StringIO()
    wall, cpu = _time.perf_counter(), _time.process_time()
    try:
        with _contextlib.redirect_stdout(printed):
            bench_bots.coach_time(hands, worlds=worlds, lookahead=lookahead, pass_worlds=pass_worlds)
    finally:
        bench_bots._Timed = timed
    return {"plays": made[-1].plays, "passes": made[-1].passes, "wall": _time.perf_counter() - wall,
            "cpu": _time.process_time() - cpu, "printed": printed.getvalue()}
"""

# Run code in the kernel of the notebook in view; resolve with its status, its stdout, and its errors.
EXECUTE = r"""async ([code, timeoutMs]) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code, stop_on_error: true, store_history: false});
    const problems = [];
    let stdout = '';
    future.onIOPub = msg => {
        const type = msg.header.msg_type;
        if (type === 'error') problems.push(`${msg.content.ename}: ${msg.content.evalue}\n`
                                            + msg.content.traceback.join('\n'));
        if (type === 'stream' && msg.content.name === 'stdout') stdout += msg.content.text;
        if (type === 'stream' && msg.content.name === 'stderr') problems.push('stderr: ' + msg.content.text);
    };
    const timeout = new Promise(resolve => setTimeout(() => resolve({content: {status: 'timeout'}}), timeoutMs));
    const reply = await Promise.race([future.done, timeout]);
    return {status: reply.content.status, stdout, problems};
}"""


def note(message: str) -> None:
    """Progress, on stderr (the figures go to stdout)."""
    print(f"browser.py: {message}", file=sys.stderr, flush=True)


def sources() -> dict[str, str]:
    return {name: (BENCH / f"{name}.py").read_text(encoding="utf-8") for name in ("engine", "bots")}


class Desktop:
    """The measurements in this Python."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {"__name__": "bench_browser_desktop"}
        exec(compile(PRELUDE, "bench/browser.py PRELUDE", "exec"), self.namespace)
        self.info: dict[str, Any] = self.call("bench_setup", sources())

    def call(self, name: str, *args: Any) -> Any:
        return json.loads(json.dumps(self.namespace[name](*args)))  # the same plain data as from the browser


class Browser:
    """The measurements in the live site's Pyodide kernel, in Chromium (opened by :meth:`open`)."""

    def __init__(self, page: Any, timeout_s: float) -> None:
        self.page = page
        self.timeout_ms = int(timeout_s * 1000)
        self.info: dict[str, Any] = {}

    def run(self, code: str) -> str:
        reply = self.page.evaluate(EXECUTE, [code, self.timeout_ms])
        if reply["status"] != "ok" or reply["problems"]:
            raise RuntimeError(f"the kernel answered {reply['status']}: " + "\n".join(reply["problems"]))
        return str(reply["stdout"])

    def call(self, name: str, *args: Any) -> Any:
        arguments = ", ".join(f"_json.loads({json.dumps(a)!r})" for a in args)
        stdout = self.run(f"import hearts_lessons\nprint({MARK!r} + _json.dumps({name}({arguments})))")
        line = next(line for line in stdout.splitlines() if line.startswith(MARK))
        return json.loads(line[len(MARK) :])

    def setup(self) -> None:
        self.run(PRELUDE)
        self.info.update(self.call("bench_setup", sources()))


def wheel_state(site: Path) -> str:
    """Whether the live site's engine wheel holds this checkout's engine source (else the browser runs another)."""
    wheels = sorted((site / "static" / "pyodide").glob("hearts_lessons-*.whl"))
    if not wheels:
        return "no engine wheel found"
    with zipfile.ZipFile(wheels[-1]) as wheel:
        packed = {name: wheel.read(name) for name in wheel.namelist() if name.endswith(".py")}
    source = {str(path.relative_to(ROOT)): path.read_bytes() for path in (ROOT / "hearts_lessons").rglob("*.py")}
    differ = sorted(name for name in packed.keys() | source.keys() if packed.get(name) != source.get(name))
    if not differ:
        return "the site's engine wheel is the current source"
    return (f"the site's engine wheel is NOT the current source ({len(differ)} files differ, e.g. {differ[0]}): "
            f"run with --build")  # fmt: skip


def build_site(site: Path, force: bool) -> None:
    if (site / "index.html").exists() and not force:
        return
    if site != SITE:
        raise SystemExit(f"no live site in {site} (only the default {SITE} is built by this script)")
    note("building the live site: python scripts/build_lite.py --build-only")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--build-only"], check=True, cwd=ROOT,
                   stdout=sys.stderr)  # fmt: skip


@contextlib.contextmanager
def live_kernel(site: Path, timeout_s: float) -> Iterator[tuple[Browser, Any]]:
    """A Browser on a fresh Pyodide kernel of the live site (the first lesson opened), and the page's watch."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS, served, watch_page
    from tests.e2e.test_lite import KERNEL_INFO, KERNEL_READY

    if not CHROMIUM.exists():
        raise SystemExit(f"no Chromium at {CHROMIUM}: apt-get install -y chromium chromium-driver")
    lessons = json.loads((site / "lessons.json").read_text(encoding="utf-8"))["lessons"]
    lesson = sorted(lessons)[0]
    with (
        tempfile.TemporaryDirectory() as folder,
        served(site, Path(folder) / "http-server.log") as url,
        sync_playwright() as p,
    ):
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            context = chromium.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            watch = watch_page(page, context)
            note(f"opening {lesson}.ipynb in the live site at {url} ({chromium.version}); waiting for Pyodide")
            start = time.monotonic()
            page.goto(f"{url}notebooks/index.html?path={lesson}.ipynb")
            page.wait_for_function(KERNEL_READY, timeout=KERNEL_READY_MS, polling=100)
            browser = Browser(page, timeout_s)
            browser.info = {"ready_s": time.monotonic() - start, "chromium": chromium.version,
                            **page.evaluate(KERNEL_INFO)}  # fmt: skip
            yield browser, watch
        finally:
            chromium.close()


def coach_line(where: str, worlds: int, lookahead: int, pass_worlds: int, result: dict[str, Any]) -> str:
    plays, passes = sorted(result["plays"]), sorted(result["passes"])
    line = (f"{where:8s} worlds={worlds}, lookahead={lookahead_words(lookahead)}, pass_worlds={pass_worlds}: "
            f"card decisions {len(plays)}, "
            f"mean {statistics.mean(plays):.3f}, 90th percentile {plays[int(0.9 * len(plays))]:.3f}, "
            f"max {plays[-1]:.3f}")  # fmt: skip
    if passes:
        line += f"; pass decisions {len(passes)}, mean {statistics.mean(passes):.3f}, max {passes[-1]:.3f}"
    return line + f"; whole run {result['wall']:.1f} wall s, {result['cpu']:.1f} CPU s"


def figure(result: dict[str, Any]) -> str:
    plays = sorted(result["plays"])
    return f"{statistics.mean(plays):.3f} (90th percentile {plays[int(0.9 * len(plays))]:.3f}, max {plays[-1]:.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="CPU seconds of random hands in each place, in --rounds rounds (default 5)")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of random hands (default 5; the median round is the figure)")  # fmt: skip
    parser.add_argument("--hands", type=int, default=3,
                        help="hands for the coach's thinking time, at each strength (default 3)")  # fmt: skip
    parser.add_argument("--build", action="store_true", help="build the live site again first")
    parser.add_argument("--site", type=Path, default=SITE, help=f"the built live site (default {SITE})")
    parser.add_argument("--timeout", type=float, default=1800.0,
                        help="seconds one measurement may take in the browser (default 1800)")  # fmt: skip
    args = parser.parse_args()
    site = args.site.resolve()
    build_site(site, args.build)
    wheel = wheel_state(site)

    desktop = Desktop()
    with live_kernel(site, args.timeout) as (browser, watch):
        note(f"kernel ready in {browser.info['ready_s']:.1f} s; loading bench/engine.py and bench/bots.py into it")
        browser.setup()
        results: dict[str, dict[str, Any]] = {"desktop": {}, "browser": {}}
        steps: list[tuple[str, str, tuple[Any, ...]]] = [("random", "bench_random", (args.seconds, args.rounds))]
        steps += [(f"coach{suffix}", "bench_coach", (args.hands, w, la, pw)) for w, la, pw, suffix in COACHES]
        for key, function, arguments in steps:
            for where, place in (("desktop", desktop), ("browser", browser)):
                note(f"{where}: {key} {arguments}")
                results[where][key] = place.call(function, *arguments)
        blocked = list(watch.external)

    d, b = results["desktop"], results["browser"]
    print(f"engine: {engine_build()} (desktop: CPython {desktop.info['python']}, this process)")
    print(f"browser: {browser.info['implementation']} (Python {browser.info['python']}, {browser.info['platform']}) "
          f"in Chromium {browser.info['chromium']}, engine: {browser.info['engine']}; {wheel}; kernel ready in "
          f"{browser.info['ready_s']:.1f} s; requests outside 127.0.0.1 blocked: {len(blocked)}")  # fmt: skip
    print(f"## random hands of standard Hearts (bench/engine.py's measure), hands per CPU second, {args.rounds} "
          f"rounds of {args.seconds / args.rounds:.1f} s each; higher is better")  # fmt: skip
    for where, r in (("desktop", d), ("browser", b)):
        rates = ", ".join(f"{rate:.0f}" for rate in r["random"]["rates"])
        print(f"{where:8s} rounds: {rates} (a first round to warm up, not counted: {r['random']['warmup']:.0f})")
    print(f"## coach thinking time (bench/bots.py's coach_time: {args.hands} hands, forced cards not counted), "
          "seconds per decision; lower is better")  # fmt: skip
    for worlds, lookahead, pass_worlds, suffix in COACHES:
        for where, r in (("desktop", d), ("browser", b)):
            print(coach_line(where, worlds, lookahead, pass_worlds, r[f"coach{suffix}"]))
    random_d, random_b = (statistics.median(r["random"]["rates"]) for r in (d, b))
    print(f"desktop_random_hands_per_s: {random_d:.0f}")
    print(f"browser_random_hands_per_s: {random_b:.0f}")
    print(f"ratio_browser_to_desktop_random_hands_per_s: {random_b / random_d:.2f}")
    for _, _, _, suffix in COACHES:
        rd, rb = d[f"coach{suffix}"], b[f"coach{suffix}"]
        print(f"desktop_coach_seconds_per_decision{suffix}: {figure(rd)}")
        print(f"browser_coach_seconds_per_decision{suffix}: {figure(rb)}")
        ratio = statistics.mean(rb["plays"]) / statistics.mean(rd["plays"])
        print(f"ratio_browser_to_desktop_coach_seconds_per_decision{suffix}: {ratio:.2f}")


if __name__ == "__main__":
    main()
