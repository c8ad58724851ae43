#!/usr/bin/env bash
# Build the whole site into _build/html (offline, no CDN), failing on any warning or notebook error:
#   - the live site (_build/html/live/): every lesson in JupyterLite, running Python in the reader's browser
#     (scripts/build_lite.py: Pyodide from npm, wheels from PyPI, the engine's own wheel);
#   - the static book (_build/html/), whose lesson pages link to their live versions;
#   - the Japanese edition (_build/html/ja/, its live site _build/html/ja/live/), built the same way from the
#     sources scripts/i18n_build.py writes from the English and the catalogues of i18n/ja/ (with HL_LANG=ja);
#     every page of each edition links to the same page of the other ("English | 日本語").
#   bash scripts/build.sh            # then: bash scripts/serve.sh
# HL_I18N_ALLOW_MISSING=1 bash scripts/build.sh builds the Japanese edition with English where a translation is
# missing or out of date (a local preview while translating; without it such an entry fails the build).
# HL_TOC=other_toc.yml bash scripts/build.sh builds the English book with another table of contents (the Japanese
# edition always follows _toc.yml);
# HL_LIVE=0 bash scripts/build.sh builds the book only (its "run it live" links then lead nowhere).
# The lessons run with an empty progress record (hl_with_empty_progress in _setup.sh): the static practice pages
# show nobody's stars or rating, whatever hearts_lessons_progress.json sits beside the notebooks (left untouched).
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

hl_setup
start=$SECONDS
hl_build_site
size="$(du -sh "$HL_ROOT/_build/html" | cut -f1)"
hl_log "site built in $((SECONDS - start)) s ($size): $HL_ROOT/_build/html/index.html (serve it with: bash scripts/serve.sh)"
