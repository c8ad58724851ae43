#!/usr/bin/env bash
# Serve the built site (_build/html: the book, the live lessons in live/, the Japanese edition in ja/) at
# http://127.0.0.1:8000/
# (PORT=... to change). Ctrl-C stops it.
# Build it first with: bash scripts/build.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
site="$root/_build/html"
port="${PORT:-8000}"
if [ ! -f "$site/index.html" ]; then
  echo "error: no built book in $site; run: bash scripts/build.sh" >&2
  exit 1
fi
python="$root/.venv/bin/python"
[ -x "$python" ] || python="$(command -v python3)"
echo "Serving $site at http://127.0.0.1:$port/ (Ctrl-C to stop)"
if [ -f "$site/ja/index.html" ]; then
  echo "The Japanese edition (日本語版) is at http://127.0.0.1:$port/ja/"
fi
if [ -f "$site/live/index.html" ]; then
  echo "The live lessons (Python in the browser) are at http://127.0.0.1:$port/live/notebooks/index.html?path=01_tricks.ipynb"
else
  echo "No live site in $site/live: the lessons' 'Run it live' links need a full build (bash scripts/build.sh)"
fi
exec "$python" -m http.server --bind 127.0.0.1 --directory "$site" "$port"
