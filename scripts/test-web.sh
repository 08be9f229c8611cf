#!/usr/bin/env bash
# Every test of the web app (run scripts/setup.sh first):
#   1. the release bundle (trunk build --release into dist/), with the wasm sizes;
#   2. the web crate's wasm-bindgen tests in headless Chromium (web/tests/browser.rs; its native
#      tests run with the workspace's, in test.sh);
#   3. the end-to-end tests (tests/e2e, node --test + playwright-core) against dist/ served by a
#      static file server on a free loopback port. Screenshots go to tests/e2e/artifacts/.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$ROOT/tests/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# shellcheck source=scripts/steps.sh
. scripts/steps.sh

for tool in trunk wasm-bindgen wasm-opt chromedriver node python3; do
  command -v "$tool" >/dev/null || { echo "test-web: $tool is missing: run scripts/setup.sh" >&2; exit 1; }
done

step "trunk build --release"
trunk build --release

step "wasm sizes (raw / gzip -9)"
for wasm in dist/*.wasm; do
  printf '%-40s %8d bytes raw %8d bytes gzipped\n' "$(basename "$wasm")" "$(stat -c %s "$wasm")" "$(gzip -9c "$wasm" | wc -c)"
done

step "wasm-bindgen tests in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver cargo test -p web --target wasm32-unknown-unknown --test browser

step "end-to-end tests against dist/"
rm -rf tests/e2e/artifacts
mkdir -p tests/e2e/artifacts
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist >tests/e2e/artifacts/http-server.log 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; step_table' EXIT
for _ in $(seq 1 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
  sleep 0.1
done
BASE_URL="http://127.0.0.1:$PORT" node --test tests/e2e/
if [ -f tests/e2e/artifacts/metrics.json ]; then
  step "measurements"
  cat tests/e2e/artifacts/metrics.json
fi
