#!/usr/bin/env bash
# A busy run: the suite as CI runs it (.ci/run) on a fresh clone of the commit checked out
# here, while a second fresh clone runs `npm ci` and `npm test` beside it from start to end.
# A test that passes only on a quiet machine fails here; docs/testing.md says why it matters.
#   bash scripts/dev/busy-run.sh            # clones into a new temporary directory
#   bash scripts/dev/busy-run.sh /some/dir  # or into this (empty or missing) one
# Takes about 20 minutes on 2 cores. Prints each clone's closing line and exits non-zero if
# either failed; the full logs stay in the directory.
set -uo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:-$(mktemp -d "${TMPDIR:-/tmp}/wallachen-busy-XXXXXX")}"
mkdir -p "$dir"
# The project reads ../shared beside it (RULES.md, API.md): the clones get the same one.
if [[ -d "$repo/../shared" && ! -e "$dir/shared" ]]; then ln -s "$(cd "$repo/../shared" && pwd)" "$dir/shared"; fi
commit="$(git -C "$repo" rev-parse HEAD)"
for clone in ci beside; do
  git clone -q "$repo" "$dir/$clone" && git -C "$dir/$clone" checkout -q "$commit" || exit 1
done
echo "busy run of $commit in $dir"

(cd "$dir/beside" && npm ci --no-audit --no-fund > "$dir/beside.log" 2>&1 && CI=true npm test >> "$dir/beside.log" 2>&1) < /dev/null &
beside=$!
(cd "$dir/ci" && CI=true bash .ci/run > "$dir/ci.log" 2>&1) < /dev/null
ci=$?
wait "$beside"
other=$?

# vitest colours its closing lines: the colours go before the line is looked for.
summary() { sed -E 's/\x1b\[[0-9;]*m//g' "$1" | grep -a -E '^ *Tests ' | tail -1 | sed -E 's/^ +//'; }
echo ".ci/run:        exit $ci, $(summary "$dir/ci.log")"
echo "npm test beside: exit $other, $(summary "$dir/beside.log")"
[[ $ci -eq 0 && $other -eq 0 ]]
