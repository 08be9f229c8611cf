#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), then serves the web app at http://127.0.0.1:8080
# with `trunk serve` (release build: the solver runs at full speed). PORT=8081 picks another
# port; extra arguments go to trunk serve.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Trunk finds wasm-opt (npm binaryen) and wasm-bindgen on PATH.
export PATH="$PWD/tests/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# Served from its own folder, so dist/ stays the plain release bundle (no live-reload script).
exec trunk serve --release --dist target/trunk-serve --address 127.0.0.1 --port "${PORT:-8080}" "$@"
