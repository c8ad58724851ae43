#!/usr/bin/env bash
# Run the lessons live: set up .venv (first run only), then open JupyterLab on notebooks/.
#   bash scripts/lab.sh            # http://127.0.0.1:8888/lab?token=... (PORT=... to change)
#   HL_LANG=ja bash scripts/lab.sh # the Japanese lessons: written from the catalogues of i18n/ja/ into _build/ja-lab
#                                  # (anew at every start: save your own notebooks elsewhere), the engine speaking
#                                  # Japanese (HL_LANG is passed on to the kernels); progress in the same file
# Extra arguments go to `jupyter lab`, e.g. bash scripts/lab.sh --no-browser
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

case "${HL_LANG:-en}" in en | ja) ;; *) hl_die "HL_LANG=$HL_LANG: the lessons speak en or ja" ;; esac
hl_setup
hl_compile_engine

# JupyterLite's in-browser kernel extension is in .venv for the live site's build; in JupyterLab it only fails to
# load (an error on every page), so app/lab-config/jupyter_lab_config.py leaves it out, as scripts/app.sh does for
# Voilà.
export JUPYTER_CONFIG_PATH="$HL_ROOT/app/lab-config${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"

folder="$HL_ROOT/notebooks"
case "${HL_LANG:-en}" in
en) ;;
ja)
  # English where a translation is still missing (i18n_build.py says how many, loudly): a preview while translating.
  python "$HL_ROOT/scripts/i18n_build.py" --allow-missing --out "$HL_ROOT/_build/ja-lab"
  folder="$HL_ROOT/_build/ja-lab/notebooks"
  # A reader's progress is the same file in both languages: the one beside the English lessons.
  export HEARTS_LESSONS_PROGRESS="${HEARTS_LESSONS_PROGRESS:-$HL_ROOT/notebooks/hearts_lessons_progress.json}"
  ;;
esac
export HL_LANG="${HL_LANG:-en}"

port="${PORT:-8888}"
hl_require_free_port "$port" "is JupyterLab already running?; try: PORT=8899 bash scripts/lab.sh"
token="${HL_LAB_TOKEN:-$(python -c 'import secrets; print(secrets.token_hex(24))')}"
args=(
  --ServerApp.ip=127.0.0.1
  --ServerApp.port="$port"
  --ServerApp.port_retries=0
  --ServerApp.root_dir="$folder"
  --IdentityProvider.token="$token"
)
if [ "$(id -u)" = 0 ]; then
  args+=(--allow-root)
fi
url="http://127.0.0.1:$port/lab?token=$token"
hl_log "starting JupyterLab on ${folder#"$HL_ROOT"/}/ (HL_LANG=$HL_LANG; Ctrl-C twice to stop)"
hl_log "open: $url"
exec jupyter lab "${args[@]}" "$@"
