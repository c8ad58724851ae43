#!/usr/bin/env bash
# Compile the engine's hot path with mypyc, in place: optional, for speed on a desktop.
#
#   scripts/compile_engine.sh           build hearts_lessons/{layout,legality,lean,playout,scoring} and
#                                       hearts_lessons/bots/{features,rulebased,sampling,rollout} as C extensions
#   scripts/compile_engine.sh --clean   remove them again (back to pure Python)
#
# The compiled modules sit next to their .py sources, so Python imports them instead; the same sources still run
# as Python wherever nothing was compiled (a fresh `pip install -e .`, the live site on Pyodide). mypyc ships
# with mypy (a development tool of this project) and needs a C compiler; without either this script says so in
# one line and leaves the engine in pure Python. hearts_lessons.runtime.engine_build() says which build runs,
# and whether a compiled module is older than its source (then compile again, or --clean).
set -euo pipefail
cd "$(dirname "$0")/.."

MODULES=(layout legality lean playout scoring bots/features bots/rulebased bots/sampling bots/rollout)
PY=python3
[ -x .venv/bin/python ] && PY=.venv/bin/python

clean() {
    for m in "${MODULES[@]}"; do
        rm -f hearts_lessons/"$m".*.so hearts_lessons/"$m".*.pyd
    done
    rm -f hearts_lessons/engine__mypyc.*.so hearts_lessons/engine__mypyc.*.pyd hearts_lessons/compiled_engine.json
}

if [ "${1:-}" = "--clean" ]; then
    clean
    echo "compile_engine: compiled modules removed; the engine runs as pure Python"
    exit 0
fi

if ! "$PY" -c "import mypyc.build" 2>/dev/null; then
    clean
    echo "compile_engine: mypyc is not installed (pip install mypy); nothing compiled, the engine runs as pure Python"
    exit 0
fi
CC_BIN="${CC:-cc}"
if ! command -v "$CC_BIN" >/dev/null 2>&1; then
    clean
    echo "compile_engine: no C compiler ($CC_BIN) found; nothing compiled, the engine runs as pure Python"
    exit 0
fi

BUILD="$(mktemp -d)"
trap 'rm -rf "$BUILD"' EXIT
clean
SOURCES=()
for m in "${MODULES[@]}"; do SOURCES+=("hearts_lessons/$m.py"); done

if ! "$PY" - "$BUILD" "${SOURCES[@]}" >"$BUILD/log" 2>&1 <<'EOF'
import hashlib
import json
import sys

from mypyc.build import mypycify
from setuptools import setup

build, sources = sys.argv[1], sys.argv[2:]
setup(
    name="hearts-lessons-engine",
    packages=[],
    ext_modules=mypycify(sources, target_dir=f"{build}/c", group_name="hearts_lessons.engine"),
    script_args=["build_ext", "--inplace", "--build-temp", f"{build}/temp", "--build-lib", f"{build}/lib"],
)
stamp = {p.removesuffix(".py").replace("/", "."): hashlib.sha256(open(p, "rb").read()).hexdigest() for p in sources}
with open("hearts_lessons/compiled_engine.json", "w") as f:
    json.dump(stamp, f, indent=1, sort_keys=True)
EOF
then
    clean
    echo "compile_engine: mypyc could not build the engine (log: $(tail -n 1 "$BUILD/log")); it stays pure Python"
    exit 0
fi
"$PY" -c "from hearts_lessons.runtime import engine_build; print('compile_engine:', engine_build())"
