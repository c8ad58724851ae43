# shellcheck shell=bash
# Sourced by the other scripts in scripts/: finds the repository, makes .venv and installs into it
# everything the book needs (requirements.txt, then the engine with `pip install -e .`).
#
# The install runs only when requirements.txt, pyproject.toml or the Python version changed since the
# last successful install (a stamp in .venv records their hash), so a second run takes a second.
# Environment: PYTHON=python3.12 picks the interpreter for a new .venv; HL_FORCE_INSTALL=1 reinstalls.

set -euo pipefail

HL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HL_VENV="$HL_ROOT/.venv"
HL_STAMP="$HL_VENV/.hearts-lessons-installed"

hl_log() { printf '==> %s\n' "$*"; }
hl_warn() { printf 'warning: %s\n' "$*" >&2; }
hl_die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# The first Python 3.11+ found (or $PYTHON).
# Fail with a hint unless PORT (first argument) is free on 127.0.0.1; the second argument is the hint.
hl_require_free_port() {
  if ! python - "$1" <<'PY'; then
import socket, sys
with socket.socket() as s:
    try:
        s.bind(("127.0.0.1", int(sys.argv[1])))
    except OSError:
        sys.exit(1)
PY
    hl_die "port $1 on 127.0.0.1 is busy ($2)"
  fi
}

hl_find_python() {
  local candidate
  for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

hl_make_venv() {
  local python
  python="$(hl_find_python)" || hl_die "Python 3.11 or newer is needed (set PYTHON=/path/to/python3)"
  hl_log "creating .venv with $python ($("$python" --version 2>&1))"
  if "$python" -m venv "$HL_VENV"; then
    return 0
  fi
  rm -rf "$HL_VENV"
  # Debian and Ubuntu ship venv/ensurepip separately.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    local minor
    minor="$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
    hl_log "python -m venv failed; installing python${minor}-venv with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "python${minor}-venv" || apt-get install -y -qq python3-venv
    "$python" -m venv "$HL_VENV" || hl_die "could not create .venv"
  else
    hl_die "python -m venv failed: install your system's python3-venv package and run again"
  fi
}

hl_install_key() {
  {
    cat "$HL_ROOT/requirements.txt" "$HL_ROOT/pyproject.toml"
    "$HL_VENV/bin/python" -c 'import sys; print(sys.version)'
  } | sha256sum | cut -d' ' -f1
}

# Make .venv current and put it first on PATH (so `python`, `jupyter`, the kernel are the venv's).
hl_setup() {
  cd "$HL_ROOT"
  [ -x "$HL_VENV/bin/python" ] || hl_make_venv
  export VIRTUAL_ENV="$HL_VENV"
  export PATH="$HL_VENV/bin:$PATH"
  unset PYTHONHOME
  local key
  key="$(hl_install_key)"
  if [ "${HL_FORCE_INSTALL:-0}" != 1 ] && [ -f "$HL_STAMP" ] && [ "$(cat "$HL_STAMP")" = "$key" ] &&
    python -c 'import importlib.metadata as m; m.version("hearts-lessons")' 2>/dev/null; then
    hl_log "environment up to date (.venv)"
    return 0
  fi
  hl_log "installing requirements.txt and the engine into .venv (first run takes a few minutes)"
  rm -f "$HL_STAMP"
  python -m pip install --disable-pip-version-check --quiet -r requirements.txt
  python -m pip install --disable-pip-version-check --quiet -e .
  printf '%s\n' "$key" >"$HL_STAMP"
  hl_log "environment ready"
}

# The engine's build for the lessons on this machine (scripts/lab.sh, scripts/app.sh): its hot path compiled with
# mypyc (scripts/compile_engine.sh, about a minute, only when it is not compiled yet or its source changed), which
# makes the bots and the coach three to four times as fast as the pure-Python source. Without mypyc or a C
# compiler compile_engine.sh says so in one line and the engine stays pure Python. HL_PURE=1 removes a compiled
# build and runs the pure-Python source, as the live site does.
hl_compile_engine() {
  if [ "${HL_PURE:-0}" = 1 ]; then
    bash "$HL_ROOT/scripts/compile_engine.sh" --clean >/dev/null
    hl_log "engine: pure Python (HL_PURE=1)"
    return 0
  fi
  local build
  build="$(python -c 'from hearts_lessons.runtime import engine_build; print(engine_build())')"
  case "$build" in
  "compiled (mypyc)"*STALE* | "partly compiled"* | "pure Python")
    hl_log "compiling the engine's hot path with mypyc for speed (about a minute; HL_PURE=1 skips it)"
    bash "$HL_ROOT/scripts/compile_engine.sh" || hl_warn "compile_engine.sh failed; the engine runs as pure Python"
    ;;
  *) hl_log "engine: $build" ;;
  esac
}

# Fetch require.js, the ipywidgets HTML manager and MathJax from npm into _vendor/ (cached).
hl_vendor_assets() {
  python "$HL_ROOT/scripts/vendor_assets.py"
}

# hl_with_empty_progress COMMAND...: run COMMAND with the practice pages' progress record
# (hearts_lessons/practice/progress.py: $HEARTS_LESSONS_PROGRESS, else hearts_lessons_progress.json in the
# working folder) pointing to a fresh empty record in a new temporary folder, removed afterwards. The static
# pages are built this way: they show the progress of nobody in particular, whatever progress file the builder
# has beside the notebooks or names in $HEARTS_LESSONS_PROGRESS (that file is neither read nor written).
hl_with_empty_progress() {
  local empty rc=0
  empty="$(mktemp -d "${TMPDIR:-/tmp}/hl-empty-progress.XXXXXX")" || return
  HEARTS_LESSONS_PROGRESS="$empty/hearts_lessons_progress.json" "$@" || rc=$?
  rm -rf "$empty"
  return "$rc"
}

# The check that a builder's progress stays out of the static pages (tests/e2e/test_no_progress.py) needs a
# builder with progress. In CI (CI=true), or with HL_PROGRESS_CHECK=1, hl_build_book gives it one: a record
# with stars and a puzzle rating (tests/data/builder_progress.json), put beside the notebooks for the build and
# copied to _build/progress-check.json, which tells the browser test what must not show. A progress file
# already beside the notebooks (a reader's own) is left as it is and nothing is put in its place.
hl_progress_check_wanted() {
  case "${HL_PROGRESS_CHECK:-}" in 1) return 0 ;; 0) return 1 ;; esac
  case "${CI:-}" in 1 | true | TRUE | True | yes) return 0 ;; esac
  return 1
}

# Prints the path of the stand-in it put beside the notebooks (nothing if it put none).
hl_progress_check_begin() {
  local fixture="$HL_ROOT/tests/data/builder_progress.json" mark="$HL_ROOT/_build/progress-check.json"
  local beside="$HL_ROOT/notebooks/hearts_lessons_progress.json"
  rm -f "$mark"
  hl_progress_check_wanted || return 0
  if [ -e "$beside" ]; then
    hl_log "a progress file is beside the notebooks: the build leaves it out (and does not change it)" >&2
    return 0
  fi
  mkdir -p "$HL_ROOT/_build" || return
  cp "$fixture" "$mark" || return
  cp "$fixture" "$beside" || return
  printf '%s\n' "$beside"
}

# Clean static build of the book into _build/html; fails on any warning or notebook error, or if a
# page loads anything from outside the site. HL_TOC=path/to/toc.yml builds another table of contents.
# Every lesson runs with an empty progress record (hl_with_empty_progress).
# (Each command ends in `|| return`: callers may run this where `set -e` is not in force.)
hl_build_book() {
  hl_vendor_assets || return
  # A clean build every time: Sphinx 7.4 does not refresh changed static files in place, and pages
  # of removed notebooks would linger. Notebooks are rerun anyway (execute_notebooks: force).
  rm -rf "$HL_ROOT/_build/html" "$HL_ROOT/_build/.doctrees" "$HL_ROOT/_build/jupyter_execute" || return
  local toc_args=() stand_in rc=0
  if [ -n "${HL_TOC:-}" ]; then
    toc_args=(--toc "$HL_TOC")
  fi
  stand_in="$(hl_progress_check_begin)" || return
  # In a subshell whose exit (an error or Ctrl-C included) removes the stand-in again.
  (
    if [ -n "$stand_in" ]; then trap 'rm -f "$stand_in"' EXIT; fi
    hl_with_empty_progress jupyter-book build "$HL_ROOT" -W -n --keep-going "${toc_args[@]}"
  ) || rc=$?
  [ "$rc" = 0 ] || return "$rc"
  python "$HL_ROOT/scripts/check_site.py" "$HL_ROOT/_build/html" || return
}

# Build the live site (JupyterLite with Pyodide, the engine's wheel, ipywidgets and every lesson of _toc.yml)
# into _build/lite/site, from the npm registry and PyPI (cached in .cache/). Run it before hl_build_book: the
# book's "run it live" boxes read its lessons.json. HL_LIVE=0 skips it (and hl_install_live).
hl_build_live() {
  if [ "${HL_LIVE:-1}" = 0 ]; then
    hl_log "HL_LIVE=0: not building the live site"
    return 0
  fi
  python "$HL_ROOT/scripts/build_lite.py" --build-only || return
}

# Copy the live site into the built book as _build/html/live (the book's clean build removes it) and check the
# whole site again: nothing may load from outside it.
hl_install_live() {
  if [ "${HL_LIVE:-1}" = 0 ]; then
    return 0
  fi
  python "$HL_ROOT/scripts/build_lite.py" --install-only || return
  python "$HL_ROOT/scripts/check_site.py" "$HL_ROOT/_build/html" || return
}

# The Japanese edition ----------------------------------------------------------------------------------------
# English is the source: scripts/i18n_build.py writes the Japanese book's sources into _build/ja-src (the pages and
# lessons from the catalogues of i18n/ja/, code cells unchanged, a hidden first cell that sets the language), failing
# on any untranslated or out-of-date entry. HL_I18N_ALLOW_MISSING=1 keeps the English where a translation is missing:
# for a local build while the translation is in progress only (it says so loudly; CI never sets it).
hl_write_ja_sources() {
  local allow=()
  if [ "${HL_I18N_ALLOW_MISSING:-0}" = 1 ]; then
    allow=(--allow-missing)
  fi
  python "$HL_ROOT/scripts/i18n_build.py" "${allow[@]}" || return
}

# The Japanese live site (_build/lite-ja/site) from the Japanese notebooks; before hl_build_book_ja, whose "run it
# live" boxes read its lessons.json. HL_LIVE=0 skips it.
hl_build_live_ja() {
  if [ "${HL_LIVE:-1}" = 0 ]; then
    return 0
  fi
  python "$HL_ROOT/scripts/build_lite.py" --build-only --source "$HL_ROOT/_build/ja-src" \
    --work "$HL_ROOT/_build/lite-ja" || return
}

# The Japanese book, built from _build/ja-src as the English one is (clean, -W, every lesson runs, with an empty
# progress record) with HL_LANG=ja for its kernels, into _build/ja-src/_build/html; hl_place_book_ja then moves it
# into the English site. The two steps are apart so that this one can run while the English book builds.
hl_build_book_ja() {
  local src="$HL_ROOT/_build/ja-src"
  [ -f "$src/_config.yml" ] || hl_die "no Japanese sources in $src: run scripts/i18n_build.py first"
  rm -rf "$src/_build" || return
  HL_LANG=ja hl_with_empty_progress jupyter-book build "$src" -W -n --keep-going || return
}

# The built Japanese book moved into the English site as _build/html/ja/ (after hl_build_book, which empties
# _build/html), and the whole site checked.
hl_place_book_ja() {
  local built="$HL_ROOT/_build/ja-src/_build/html"
  [ -f "$built/index.html" ] || hl_die "no Japanese book in $built: run hl_build_book_ja first"
  [ -f "$HL_ROOT/_build/html/index.html" ] || hl_die "no English book in _build/html: build it first"
  rm -rf "$HL_ROOT/_build/html/ja" || return
  mv "$built" "$HL_ROOT/_build/html/ja" || return
  python "$HL_ROOT/scripts/check_site.py" "$HL_ROOT/_build/html" || return
}

# The Japanese live site copied into the Japanese book (_build/html/ja/live), and the whole site checked again.
hl_install_live_ja() {
  if [ "${HL_LIVE:-1}" = 0 ]; then
    return 0
  fi
  python "$HL_ROOT/scripts/build_lite.py" --install-only --work "$HL_ROOT/_build/lite-ja" \
    --install-to "$HL_ROOT/_build/html/ja/live" || return
  python "$HL_ROOT/scripts/check_site.py" "$HL_ROOT/_build/html" || return
}

# Both editions side by side: the English book (then its live site copied into it, when LIVE is 1) in this shell,
# and meanwhile, in a second process, the Japanese sources, live site (when LIVE is 1) and book; the Japanese book is
# then moved into the English site (and its live site into it). The two books execute their lessons at once, one on
# each core: the same builds and checks as one after the other, in about the time of one. The Japanese side's output
# is kept in _build/ja-build.log and printed when it ends. Usage: hl_build_books LIVE
hl_build_books() {
  local live="$1" ja_log="$HL_ROOT/_build/ja-build.log" ja_pid rc=0 ja_rc=0 start=$SECONDS
  hl_vendor_assets || return # before the Japanese sources, which link _vendor
  mkdir -p "$HL_ROOT/_build" || return
  (
    hl_write_ja_sources || exit
    if [ "$live" = 1 ]; then hl_build_live_ja || exit; fi
    hl_build_book_ja || exit
  ) >"$ja_log" 2>&1 &
  ja_pid=$!
  hl_log "the Japanese edition builds beside the English book (its log: _build/ja-build.log)"
  hl_build_book || rc=$?
  if [ "$rc" = 0 ] && [ "$live" = 1 ]; then
    hl_install_live || rc=$?
  fi
  hl_log "English edition built in $((SECONDS - start)) s"
  wait "$ja_pid" || ja_rc=$?
  sed 's/^/[ja] /' "$ja_log"
  hl_log "Japanese edition built in $((SECONDS - start)) s (exit $ja_rc)"
  [ "$rc" = 0 ] || return "$rc"
  [ "$ja_rc" = 0 ] || return "$ja_rc"
  hl_place_book_ja || return
  if [ "$live" = 1 ]; then
    hl_install_live_ja || return
  fi
}

# The whole site: the live site, then both books (hl_build_books) with their live sites copied into them.
hl_build_site() {
  local live=1
  if [ "${HL_LIVE:-1}" = 0 ]; then
    live=0
  fi
  hl_build_live || return
  hl_build_books "$live" || return
}
