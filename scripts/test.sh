#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, the core built for wasm32, the Python checks
# (no import cycle, every file the docs name exists, no long function), all native tests
# (unit, integration, property and doc tests), a small Korf subset with pattern databases,
# and the web app's release build with its browser tests. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/steps.sh
. scripts/steps.sh

step "set-up (skips what is installed)"
bash scripts/setup.sh

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "puzzle-core builds for wasm32 without web dependencies"
cargo check -p puzzle-core --target wasm32-unknown-unknown
if cargo tree -p puzzle-core --target wasm32-unknown-unknown -e normal | grep -E 'wasm-bindgen|web-sys|js-sys|yew'; then
  echo "puzzle-core must not depend on web crates" >&2
  exit 1
fi

step "no module imports a module that imports it (web, core, CLI)"
python3 scripts/check-modules.py
# The check itself: a fixture of two files importing each other's types must fail it.
if python3 scripts/check-modules.py scripts/fixtures/import-circle 2>/dev/null; then
  echo "check-modules.py missed the import circle of scripts/fixtures/import-circle" >&2
  exit 1
fi

step "docs name only files that exist"
python3 scripts/check-doc-paths.py

step "no function over 120 lines in web/src, 150 in crates/*/src; no web/src file over 400 lines of code"
python3 scripts/check-lengths.py

step "cargo doc (warnings are errors: every doc link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace

step "native tests (unit, integration, property, doc)"
cargo test --workspace

step "web app: release build and browser tests"
bash scripts/test-web.sh
