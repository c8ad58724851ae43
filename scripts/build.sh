#!/usr/bin/env bash
# Build the static book into _build/html (offline, no CDN), failing on any warning or notebook error.
#   bash scripts/build.sh            # then: bash scripts/serve.sh
# HL_TOC=other_toc.yml bash scripts/build.sh builds with another table of contents.
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

hl_setup
start=$SECONDS
hl_build_book
hl_log "book built in $((SECONDS - start)) s: $HL_ROOT/_build/html/index.html (serve it with: bash scripts/serve.sh)"
