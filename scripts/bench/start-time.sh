#!/usr/bin/env bash
# Seconds from `npm start` until the portal says it is running, in the checkout given (default: this
# one); then stops it with SIGTERM. Run it on a fresh clone for the cold figure, again for the warm one.
#   bash scripts/bench/start-time.sh [checkout] [port]
set -euo pipefail
dir="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
port="${2:-8090}"
out="$(mktemp)"
cd "$dir"
started=$(date +%s%N)
PORT="$port" npm start >"$out" 2>&1 &
pid=$!
until grep -q "is running at" "$out"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "npm start exited before it was ready:" >&2
    tail -20 "$out" >&2
    exit 1
  fi
  sleep 0.1
done
ended=$(date +%s%N)
grep "is running at" "$out"
echo "seconds until ready: $(((ended - started) / 1000000))e-3" | sed 's/\([0-9]*\)\([0-9]\{3\}\)e-3/\1.\2/'
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true
# npm may return before the launcher has stopped everything: wait until the portal's port is closed.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do sleep 0.2; done
rm -f "$out"
