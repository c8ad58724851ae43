#!/usr/bin/env bash
# Serve the built book (_build/html) at http://127.0.0.1:8000/ (PORT=... to change). Ctrl-C stops it.
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
exec "$python" -m http.server --bind 127.0.0.1 --directory "$site" "$port"
