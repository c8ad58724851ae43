#!/usr/bin/env bash
# Everything CI checks, in one command (CI runs exactly this: .ci/run calls it):
#   bash scripts/test.sh
#
# 1. ruff         lint the engine, tests, benchmarks, these scripts and the book's Sphinx extension
# 2. mypy         mypy --strict on the engine (configured in pyproject.toml)
# 3. live         build the live site (scripts/build_lite.py: JupyterLite, Pyodide from npm, wheels from PyPI,
#                 the engine's wheel, every lesson) into _build/lite/site
# 4. book         fetch the self-hosted JS from npm, build the book clean with -W (every lesson runs), copy
#                 the live site into it (_build/html/live), and check that nothing loads from outside the site;
#                 the Japanese edition the same way, built meanwhile in a second process (scripts/i18n_build.py
#                 writes its sources, failing on any untranslated entry; its live site, its book with HL_LANG=ja:
#                 _build/html/ja, _build/html/ja/live): the two books run their lessons at once, one on each core
# 5. i18n         python scripts/i18n.py check (every catalogue translated, up to date, true to its placeholders
#                 and markup) and the tests of the locale layer and the Japanese build's sources
# 6. unit tests   pytest tests/ and the engine's doctests (tests/e2e and step 5's tests excluded)
# 7. notebooks    pytest --nbval-lax on the notebooks the book step did not run: step 4 executes every lesson of
#                 the table of contents with raise_on_error (a cell that raises fails the build), in English and in
#                 Japanese, which is what nbval-lax checks; so this step runs only notebooks/*.ipynb missing from
#                 the book's table of contents, or all of them if the book step failed
# 8. compiled     the engine's hot path compiled with mypyc (scripts/compile_engine.sh), its tests run again
#                 against the compiled modules, which are then removed (every step before runs pure Python); when
#                 the browser step runs, after it (its app and JupyterLab tests run the compiled engine, which
#                 scripts/app.sh and lab.sh would otherwise compile again)
# 9. browser      pytest tests/e2e: the built book in Chromium, offline, and lessons run live in it (skipped
#                 without /usr/bin/chromium, except in CI, where it must run)
#
# Every step runs even if an earlier one failed (the browser tests need the book, though); the script
# ends with a summary and exits non-zero if any step failed.
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

total_start=$SECONDS
hl_setup
# scripts/lab.sh and scripts/app.sh compile the engine in place: every step but `compiled` tests the pure-Python
# source (the live site's), so a compiled build is removed first (the next lab.sh compiles it again).
if [ "$(python -c 'from hearts_lessons.runtime import engine_build; print(engine_build())')" != "pure Python" ]; then
  hl_log "removing the compiled engine (scripts/compile_engine.sh --clean): the tests start from the pure-Python source"
  bash "$HL_ROOT/scripts/compile_engine.sh" --clean
fi

REPORTS="$HL_ROOT/_build/test-reports"
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
CHROMIUM="${HL_CHROMIUM:-/usr/bin/chromium}"
export HL_CHROMIUM="$CHROMIUM"
is_ci=false
case "${CI:-}" in 1 | true | TRUE | True | yes) is_ci=true ;; esac

step_names=()
step_states=()
step_times=()

# step NAME FUNCTION...: run a step, record ok/FAILED/skipped and its duration.
step() {
  local name="$1"
  shift
  printf '\n==> [%s] %s\n' "$name" "$*"
  local start=$SECONDS rc=0
  set +e
  "$@"
  rc=$?
  set -e
  local state=ok
  if [ "$rc" = 75 ]; then
    state=skipped # a step's own "nothing to do" (see run_pytest)
  elif [ "$rc" != 0 ]; then
    state=FAILED
  fi
  step_names+=("$name")
  step_states+=("$state")
  step_times+=("$((SECONDS - start))")
  printf '==> [%s] %s (%d s)\n' "$name" "$state" "$((SECONDS - start))"
}

skip_step() {
  step_names+=("$1")
  step_states+=("skipped")
  step_times+=(0)
  printf '\n==> [%s] skipped: %s\n' "$1" "$2"
}

existing() { # the arguments that exist as paths
  local path
  for path in "$@"; do
    if [ -e "$HL_ROOT/$path" ]; then printf '%s\n' "$path"; fi
  done
}

run_ruff() {
  local paths
  mapfile -t paths < <(existing hearts_lessons tests bench scripts book/_ext)
  ruff check "${paths[@]}"
}

run_mypy() {
  if ! compgen -G "$HL_ROOT/hearts_lessons/*.py" >/dev/null; then
    echo "hearts_lessons/ has no modules yet: nothing to type-check"
    return 75
  fi
  mypy
}

# run_pytest REPORT_NAME ARGS...: pytest with a JUnit report; "no tests collected" (exit 5) is a skip.
run_pytest() {
  local report="$1" rc=0
  shift
  pytest -q -rfEs --junitxml="$REPORTS/$report.xml" "$@" || rc=$?
  if [ "$rc" = 5 ]; then
    echo "(no tests collected)"
    return 75
  fi
  return "$rc"
}

# Both editions (hl_build_books in _setup.sh: the English and the Japanese book side by side), each with its live
# site copied into it when the live step built the English one (the Japanese live site is built here).
# Its output is also kept in _build/book-step.log: if the step fails, the summary ends with the lines that say why.
BOOK_LOG="$HL_ROOT/_build/book-step.log"
build_book() {
  local live=0 rc=0
  if [ "$live_state" = ok ]; then
    live=1
  fi
  mkdir -p "$HL_ROOT/_build"
  hl_build_books "$live" > >(tee "$BOOK_LOG") 2>&1 || rc=$?
  wait # for tee
  return "$rc"
}

# Why the book step failed, at the end of the run (where a CI log's tail shows it): the log's error lines and the
# last lines of the Japanese edition's own log.
book_failure_digest() {
  printf '\n==> why the book step failed (from _build/book-step.log; whole log there)\n'
  grep -n -E 'Error|error:|Exception|Traceback|FAILED|WARNING|warning:|Killed|died|exit [1-9]' "$BOOK_LOG" \
    | grep -v -E '^[0-9]+:\s*$' | tail -n 40 || true
  if [ -f "$HL_ROOT/_build/ja-build.log" ]; then
    printf -- '--- the last lines of _build/ja-build.log:\n'
    tail -n 15 "$HL_ROOT/_build/ja-build.log"
  fi
}

# The catalogues' check, the locale layer's and the Japanese build's tests, and the doctests of the scripts and the
# extension that make the Japanese edition (the unit step leaves these tests out: each runs once).
I18N_TESTS=(tests/test_i18n.py tests/test_i18n_build.py)
run_i18n() {
  local rc=0
  python "$HL_ROOT/scripts/i18n.py" check || rc=$?
  run_pytest i18n "${I18N_TESTS[@]}" scripts/i18n.py scripts/i18n_build.py book/_ext/lang_switch.py || rc=$?
  return "$rc"
}

step ruff run_ruff
step mypy run_mypy
step live hl_build_live
live_state="${step_states[-1]}"
step book build_book
book_state="${step_states[-1]}"

# The book tests read _build/html; make them fail rather than skip if it is missing.
export HL_REQUIRE_BUILD=1
step i18n run_i18n
step "unit tests" run_pytest unit tests $(existing hearts_lessons) --ignore=tests/e2e \
  "${I18N_TESTS[@]/#/--ignore=}"

# The notebooks the book step did not execute (see 7. above).
unbuilt_notebooks() {
  python - "${HL_TOC:-$HL_ROOT/_toc.yml}" <<'PY'
import sys
from pathlib import Path

import yaml

toc = yaml.safe_load(Path(sys.argv[1]).read_text(encoding="utf-8"))
files = {toc["root"]} | {c["file"] for part in toc.get("parts", []) for c in part.get("chapters", [])}
for path in sorted(Path("notebooks").glob("*.ipynb")):
    if str(path.with_suffix("")) not in files:
        print(path)
PY
}
if ! compgen -G "$HL_ROOT/notebooks/*.ipynb" >/dev/null; then
  skip_step notebooks "no notebooks in notebooks/"
elif [ "$book_state" != ok ]; then
  step notebooks run_pytest notebooks --nbval-lax notebooks/
else
  mapfile -t UNBUILT < <(unbuilt_notebooks)
  if [ "${#UNBUILT[@]}" -gt 0 ]; then
    step notebooks run_pytest notebooks --nbval-lax "${UNBUILT[@]}"
  else
    skip_step notebooks "every notebook ran without error in the book step (English and Japanese, raise_on_error)"
  fi
fi

browser_runs=true
if { [ ! -x "$CHROMIUM" ] && [ "$is_ci" = false ]; } || [ "$book_state" != ok ]; then
  browser_runs=false
fi

# The engine's hot path compiled with mypyc (scripts/compile_engine.sh, in place), the engine's tests run against
# it. Every step before this one ran the pure-Python sources. The browser tests start the app and JupyterLab with
# scripts/app.sh and lab.sh, which compile the engine in place themselves (their first test did, about 30 s): so
# when they run, the build is left for them, and removed after them; otherwise it is removed here.
compiled_kept=false
run_compiled() {
  local rc=0 build
  bash "$HL_ROOT/scripts/compile_engine.sh" || rc=$?
  build="$(python -c 'from hearts_lessons.runtime import engine_build; print(engine_build())')" || rc=$?
  echo "engine: $build"
  if [ "$rc" = 0 ] && [ "${build#compiled}" = "$build" ]; then
    if [ "$is_ci" = true ]; then
      echo "the engine did not compile (CI needs gcc and the Python headers, which the CI image has)"
      rc=1
    else
      rc=75 # no compiler here: compile_engine.sh said so; the pure engine was tested above
    fi
  fi
  if [ "$rc" = 0 ]; then
    run_pytest compiled "${COMPILED_TESTS[@]}" || rc=$?
  fi
  if [ "$rc" = 0 ] && [ "$browser_runs" = true ]; then
    compiled_kept=true
    echo "the compiled build stays for the browser step (scripts/app.sh and lab.sh would compile it again)"
  else
    bash "$HL_ROOT/scripts/compile_engine.sh" --clean
  fi
  return "$rc"
}
mapfile -t COMPILED_TESTS < <(existing tests/test_lean.py tests/test_lean_coach.py tests/test_playout.py \
  tests/bots/test_rulebased.py tests/bots/test_features.py tests/bots/test_review.py tests/bots/test_sampling.py \
  tests/test_state.py tests/test_legality.py tests/test_scoring.py tests/test_records.py tests/test_game.py \
  tests/test_simulate.py tests/variants/test_lab.py tests/bots/test_fast_paths.py tests/bots/test_coach.py \
  tests/bots/test_coach_ideas.py tests/test_cards.py)
step compiled run_compiled

if [ ! -x "$CHROMIUM" ] && [ "$is_ci" = false ]; then
  skip_step browser "no Chromium at $CHROMIUM (apt-get install chromium); CI runs these"
elif [ "$book_state" != ok ]; then
  step_names+=("browser")
  step_states+=("FAILED")
  step_times+=(0)
  printf '\n==> [browser] FAILED: not run, the book did not build\n'
else
  export HL_REQUIRE_E2E=1 # missing pieces fail instead of skipping
  step browser run_pytest browser tests/e2e
fi
if [ "$compiled_kept" = true ]; then
  bash "$HL_ROOT/scripts/compile_engine.sh" --clean
fi

# Summary -----------------------------------------------------------------------------------------------
if [ "$book_state" = FAILED ] && [ -f "$BOOK_LOG" ]; then
  book_failure_digest | cut -c1-400
fi
failed_steps=()
printf '\n==================================== summary ====================================\n'
for i in "${!step_names[@]}"; do
  printf '  %-8s %-12s %5d s\n' "${step_states[$i]}" "${step_names[$i]}" "${step_times[$i]}"
  if [ "${step_states[$i]}" = FAILED ]; then failed_steps+=("${step_names[$i]}"); fi
done
counts="$(python - "$REPORTS" <<'PY'
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

passed = failed = skipped = 0
for report in sorted(Path(sys.argv[1]).glob("*.xml")):
    root = ET.parse(report).getroot()
    for suite in [root] if root.tag == "testsuite" else root.iter("testsuite"):
        tests, skips = int(suite.get("tests", 0)), int(suite.get("skipped", 0))
        bad = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        passed += tests - bad - skips
        failed += bad
        skipped += skips
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
)"
elapsed=$((SECONDS - total_start))
printf '=================================================================================\n'
if [ "${#failed_steps[@]}" -eq 0 ]; then
  printf 'test.sh: OK: every step passed in %d s (%d min)\n' "$elapsed" "$((elapsed / 60))"
else
  printf 'test.sh: FAILED: %s (%d of %d steps) in %d s\n' "${failed_steps[*]}" "${#failed_steps[@]}" \
    "${#step_names[@]}" "$elapsed"
fi
printf 'tests: %s\n' "$counts"
[ "${#failed_steps[@]}" -eq 0 ]
