#!/bin/sh
# Trunk post_build hook (see Trunk.toml), before stamp-sw.sh: Trunk 0.21's worker loader shim
# calls `wasm_bindgen("./worker_bg.wasm")`, the form wasm-bindgen 0.2.130 deprecates (each
# worker logged "using deprecated parameters for the initialization function"); this writes
# the object form it asks for. POSIX sh and sed only.
set -eu
cd "${TRUNK_STAGING_DIR:?loader-init.sh runs as a Trunk post_build hook}"
for loader in *_loader.js; do
  [ -f "$loader" ] || continue
  sed -e 's|wasm_bindgen("\([^"]*\)")|wasm_bindgen({ module_or_path: "\1" })|' "$loader" >"$loader.new"
  mv "$loader.new" "$loader"
  echo "loader-init.sh: $loader calls wasm_bindgen with { module_or_path }"
done
