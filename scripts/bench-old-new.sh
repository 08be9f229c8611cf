#!/usr/bin/env bash
# Old against new in the same run: builds the big-board benchmark (crates/puzzle-core/benches/
# bigboard.rs) at git revision REV (in a worktree under target/bench-old/) and at the working
# tree, then runs both at once, one core each, with the same arguments, so that the machine's
# load falls on both alike; prints each one's table rows, the old one's marked OLD.
#
#   bash scripts/bench-old-new.sh REV [bench arguments...]
#   bash scripts/bench-old-new.sh HEAD~1 --deepcubea --sizes 6 --boards 6 --limits 60000 --cache /tmp/tables
#
# Per-board lines and the full output of each go to target/bench-old-new/{old,new}.log.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: bench-old-new.sh REV [bench arguments...]}
shift
root=$PWD
out=$root/target/bench-old-new
mkdir -p "$out"

build() { # dir target-dir -> path of the bench binary
  (cd "$1" && CARGO_TARGET_DIR="$2" cargo bench -p puzzle-core --bench bigboard --no-run \
    --message-format=json 2>/dev/null) |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "bigboard" and m.get("executable"):
        print(m["executable"])'
}

old_tree=$root/target/bench-old/tree
rm -rf "$old_tree"
git worktree prune
git worktree add --detach --force "$old_tree" "$rev" >/dev/null
old_bin=$(build "$old_tree" "$root/target/bench-old/target")
new_bin=$(build "$root" "$root/target")
[ -n "$old_bin" ] && [ -n "$new_bin" ] || { echo "bench-old-new: a build failed" >&2; exit 1; }

# Each reads the fixtures of its own tree (the old one's until both end).
(cd "$old_tree/crates/puzzle-core" && "$old_bin" "$@" >"$out/old.log" 2>&1) &
(cd crates/puzzle-core && "$new_bin" "$@" >"$out/new.log" 2>&1) &
wait
git worktree remove --force "$old_tree"
# The method column of the old rows says OLD (whatever the bench called it then).
grep '^| [0-9]' "$out/old.log" | sed -E 's/^(\|[^|]*\|[^|]*\|) [^|]*\|/\1 OLD |/'
grep '^| [0-9]' "$out/new.log"
