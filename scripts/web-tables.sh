#!/bin/sh
# Trunk post_build hook (see Trunk.toml), before stamp-sw.sh: ships the standard goal's tables
# in dist/tables/, gzipped, so that a first visit downloads them when a solve needs them
# (17 MB for the 4x4 pattern databases, 0.4 MB for the small 4x4 ones searched first, 4.5 MB for the big-board tables of every size from
# 5x5 up, 1.5 and 3.2 MB for the whole-board tables of 6x6 and 7x7) instead of building them
# in the tab for 20 to 80 s. `npuzzle tables` writes them (built once natively, about 90 s in
# all, or copied from its cache folder); the gzipped files
# are kept in target/web-tables/ and made again only when the tables' bytes change.
# POSIX sh, cargo, cmp and gzip only.
set -eu
staging="${TRUNK_STAGING_DIR:?web-tables.sh runs as a Trunk post_build hook}"
cd "${TRUNK_SOURCE_DIR:-.}"
keep=target/web-tables
mkdir -p "$keep" "$staging/tables"
# The test profile (opt-level 3, no LTO): the CLI `cargo test` already built, so CI compiles it
# once, and a fat-LTO release build of it would add minutes for tables that come out the same.
cargo build --profile test --offline --quiet -p puzzle-cli
for spec in 4x4:pdb-4x4-standard 4x4:pdb-4x4-quick-standard:--quick 5x5:big-5x5-standard 6x6:whole-6x6-standard:--whole \
  7x7:whole-7x7-standard:--whole; do
  size=${spec%%:*}
  rest=${spec#*:}
  name=${rest%%:*}
  kind=${rest#"$name"}
  kind=${kind#:}
  # $kind is empty or one flag: left unquoted so that an empty one is no argument.
  # shellcheck disable=SC2086
  target/debug/npuzzle tables --size "$size" --goal standard $kind --out "$keep/$name.new" >/dev/null
  if [ -f "$keep/$name.bin.gz" ] && [ -f "$keep/$name.bin" ] && cmp -s "$keep/$name.new" "$keep/$name.bin"; then
    rm "$keep/$name.new"
  else
    mv "$keep/$name.new" "$keep/$name.bin"
    gzip -6 -n -c "$keep/$name.bin" >"$keep/$name.bin.gz"
  fi
  cp "$keep/$name.bin.gz" "$staging/tables/"
  echo "web-tables.sh: tables/$name.bin.gz ($(wc -c <"$keep/$name.bin.gz") bytes)"
done
