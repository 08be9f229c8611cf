#!/bin/sh
# Trunk post-build step: fills index.html's first-screen placeholder with the page's first
# screen, drawn natively by the app's own Yew components (web/src/prerender.rs), so the board
# shows before the wasm has arrived. A new board each build (its seed goes into the page, and
# the app draws the same board from it). Built in the test profile, whose native dependencies
# `cargo test -p web` shares.
set -eu
dir="${TRUNK_STAGING_DIR:-dist}"
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
cargo run --quiet --offline --profile test -p web --bin prerender -- "$seed" "$dir/index.html"
