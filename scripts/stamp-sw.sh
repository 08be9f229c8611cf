#!/bin/sh
# Trunk post_build hook (see Trunk.toml): writes into the staged sw.js the list of files this
# build made and an id from their names and contents, so that the service worker precaches
# exactly this build under a cache of its own, and a new build is a changed sw.js that the
# browser installs (deleting the old cache). POSIX sh and coreutils only.
set -eu
cd "${TRUNK_STAGING_DIR:?stamp-sw.sh runs as a Trunk post_build hook}"
[ -f sw.js ] || { echo "stamp-sw.sh: no sw.js in $PWD" >&2; exit 1; }
# Trunk's file names have no spaces or quotes; index.html is precached as the scope (`./`).
# The shipped tables (tables/) are fetched when a solve needs them, never precached.
files=$(find . -type f ! -name sw.js ! -name index.html ! -path './tables/*' | sed 's|^\./||' | LC_ALL=C sort)
id=$( { printf '%s\n' $files; cat index.html $files; } | sha256sum | cut -c1-16)
list=$(printf "'./%s', " $files)
sed -e "s|^const BUILD = .*|const BUILD = '$id';|" \
    -e "s|^const ASSETS = .*|const ASSETS = [$list];|" sw.js >sw.js.stamped
mv sw.js.stamped sw.js
echo "stamp-sw.sh: build $id, $(printf '%s\n' $files | wc -l) files precached"
