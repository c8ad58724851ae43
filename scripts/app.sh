#!/usr/bin/env bash
# The game as an app: set up .venv (first run only), then serve the game screen (app/game.ipynb: a bar of buttons
# and the card table; every Hearts variant and Haggis) with Voilà on 127.0.0.1, with no code cells, and print its
# address.
#   bash scripts/app.sh                         # http://127.0.0.1:8866/voila/render/app/game.ipynb (PORT=...)
#   bash scripts/app.sh notebooks/01_tricks.ipynb   # any lesson as an app
#   bash scripts/app.sh practice                # an app notebook of app/ by its name: app/practice.ipynb,
#                                               # the practice stages and the puzzle ladder
# Voilà serves the folder above the notebook's (the project's folder for app/ and notebooks/), so the links
# between pages open ("Learn the rules" opens lesson 1 as an app) and none answers 403.
# Extra arguments go to `voila`, e.g. bash scripts/app.sh --no-browser
# HL_LANG=ja bash scripts/app.sh [practice | notebooks/NAME.ipynb]: the same apps in Japanese: the app and lesson
# notebooks written from the catalogues of i18n/ja/ into _build/ja-app (anew at every start), the engine speaking
# Japanese (the kernels inherit HL_LANG); the reader's progress is the same file as in English.
# Voilà uses the template in app/voila/templates/hearts: Voilà's own `lab` template without the Font Awesome
# stylesheets it links from a CDN (Voilà's bundle already serves Font Awesome), so the app loads nothing from
# outside 127.0.0.1.
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

notebook="$HL_ROOT/app/game.ipynb"
if [ "$#" -gt 0 ] && [[ "$1" == *.ipynb ]]; then
  notebook="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
  shift
elif [ "$#" -gt 0 ] && [[ "$1" =~ ^[a-z][a-z0-9_-]*$ ]]; then
  [ -f "$HL_ROOT/app/$1.ipynb" ] || hl_die "no app named $1 (the apps: $(cd "$HL_ROOT/app" && ls -- *.ipynb | sed 's/\.ipynb$//' | tr '\n' ' '))"
  notebook="$HL_ROOT/app/$1.ipynb"
  shift
fi
[ -f "$notebook" ] || hl_die "no notebook at $notebook"
# An app of app/ keeps the reader's progress in the lessons' file (notebooks/hearts_lessons_progress.json), so
# stars and ratings earned in the app show in the practice notebooks and back.
if [[ "$notebook" == "$HL_ROOT/app/"* ]]; then
  export HEARTS_LESSONS_PROGRESS="${HEARTS_LESSONS_PROGRESS:-$HL_ROOT/notebooks/hearts_lessons_progress.json}"
fi

case "${HL_LANG:-en}" in en | ja) ;; *) hl_die "HL_LANG=$HL_LANG: the apps speak en or ja" ;; esac
hl_setup
hl_compile_engine

case "${HL_LANG:-en}" in
en) ;;
ja)
  # English where a translation is still missing (i18n_build.py says how many, loudly): a preview while translating.
  python "$HL_ROOT/scripts/i18n_build.py" --allow-missing --out "$HL_ROOT/_build/ja-app"
  case "$notebook" in
  "$HL_ROOT"/notebooks/* | "$HL_ROOT"/app/*) notebook="$HL_ROOT/_build/ja-app/${notebook#"$HL_ROOT"/}" ;;
  *) hl_warn "HL_LANG=ja: ${notebook} is not a lesson or an app of this book: served as it is" ;;
  esac
  export HEARTS_LESSONS_PROGRESS="${HEARTS_LESSONS_PROGRESS:-$HL_ROOT/notebooks/hearts_lessons_progress.json}"
  ;;
esac
export HL_LANG="${HL_LANG:-en}"

port="${PORT:-8866}"
hl_require_free_port "$port" "is the app already running?; try: PORT=8867 bash scripts/app.sh"
command -v voila >/dev/null 2>&1 || hl_die "voila is not installed in .venv (it is in requirements.txt): HL_FORCE_INSTALL=1 bash scripts/app.sh"

# Voilà finds templates under $JUPYTER_PATH/voila/templates.
export JUPYTER_PATH="$HL_ROOT/app${JUPYTER_PATH:+:$JUPYTER_PATH}"
args=(
  --Voila.ip=127.0.0.1
  --Voila.port="$port"
  --Voila.port_retries=0
  --template=hearts
  --theme=light
  --strip_sources=True
  # JupyterLite's kernel extension (in .venv for the Lite build) fails to load in Voilà: leave it out.
  --VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension
)
root="$(dirname "$(dirname "$notebook")")"
page="${notebook#"$root"/}"
url="http://127.0.0.1:$port/voila/render/$page"
hl_log "serving ${notebook#"$HL_ROOT"/} as an app with Voilà (Ctrl-C to stop)"
hl_log "open: $url"
# Voilà would open a browser on the folder's list: this script opens the page itself (not with --no-browser).
voila "$root" "${args[@]}" --Voila.open_browser=False "$@" &
voila_pid=$!
if [[ " $* " != *" --no-browser "* ]]; then
  (sleep 3 && python -m webbrowser -t "$url" >/dev/null 2>&1 || true) &
fi
wait "$voila_pid"
