#!/usr/bin/env bash
# Installs what the web app and its tests need on a fresh machine of this kind, skipping what is
# already present at the right version (a second run takes seconds):
#   the wasm32 target, Trunk 0.21.14, wasm-bindgen-cli at the exact version of the wasm-bindgen
#   crate in Cargo.lock, Chromium + chromedriver (Debian), the e2e tests' npm packages
#   (playwright-core, and binaryen for wasm-opt), and the crates (cargo fetch; Trunk runs offline).
# No binary downloads: everything comes from crates.io, Debian and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
log() { printf 'setup: %s\n' "$*"; }

# 1. The wasm32 target.
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "wasm32-unknown-unknown target present"
else
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The two tools are built for build speed, not run speed: they only drive the build (Trunk) and
# rewrite a ~1 MB wasm file (wasm-bindgen), so fat LTO and opt-level 3 cost minutes on a bare
# machine and save a second at most. Both share one target folder, so the crates they have in
# common with the same features are compiled once.
fast_install() {
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
    CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_INCREMENTAL=false \
    CARGO_PROFILE_RELEASE_OPT_LEVEL="$1" CARGO_TARGET_DIR="${TOOLS_TARGET:-/tmp/npuzzle-tools-target}" \
    cargo install "${@:2}"
}

# 2. Trunk.
if trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  log "trunk $TRUNK_VERSION present"
else
  log "installing trunk $TRUNK_VERSION (a few minutes)"
  fast_install 0 trunk --version "$TRUNK_VERSION" --locked
fi

# 3. wasm-bindgen-cli at exactly the crate's version (no --locked: its lock file pins a crate
#    version the registry lacks).
WB_VERSION=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$WB_VERSION" ]; then
  echo "setup: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if wasm-bindgen --version 2>/dev/null | grep -q "^wasm-bindgen $WB_VERSION\b"; then
  log "wasm-bindgen $WB_VERSION present"
else
  log "installing wasm-bindgen-cli $WB_VERSION (a few minutes)"
  fast_install 1 wasm-bindgen-cli --version "$WB_VERSION"
fi

# 4. Chromium and chromedriver for the browser tests, and Node, npm and Python for the runners.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y "${missing[@]}"
else
  log "chromium, chromedriver, node, npm and python3 present"
fi

# 5. npm packages of the e2e tests (playwright-core, binaryen's wasm-opt), reinstalled when the
#    lock file changes.
(
  cd tests/e2e
  stamp=node_modules/.setup-stamp
  want=$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x node_modules/.bin/wasm-opt ]; then
    log "tests/e2e/node_modules up to date"
  else
    log "installing tests/e2e npm packages"
    npm ci --no-audit --no-fund
    echo "$want" > "$stamp"
  fi
)

# 6. Crates, so that Trunk's offline cargo builds find everything.
cargo fetch --quiet
log "crates fetched"
log "done"
