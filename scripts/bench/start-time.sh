#!/usr/bin/env bash
# Seconds from `npm start` until the portal says it is running, then stops it with SIGTERM.
#   bash scripts/bench/start-time.sh [checkout] [port]          a start of that checkout (default: this one);
#                                                              run twice for the warm figure
#   bash scripts/bench/start-time.sh --fresh [checkout] [port]  a fresh clone of it (in a temporary folder under
#                                                              a mode-700 one, as in root's home), removed after
#   bash scripts/bench/start-time.sh --fresh --empty-caches …   the same with Go's module and build caches, npm's
#                                                              and pip's pointed at empty temporary folders: what
#                                                              a newcomer waits (Debian packages stay installed)
# Prints the time of each bootstrap step that had work to do, and the machine's load before and after.
set -euo pipefail
fresh=0
empty_caches=0
while [ "$#" -gt 0 ]; do
  case "$1" in
    --fresh) fresh=1 ;;
    --empty-caches) empty_caches=1 ;;
    *) break ;;
  esac
  shift
done
dir="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
port="${2:-8090}"
out="$(mktemp)"
scratch=""
cleanup() {
  rm -f "$out"
  [ -n "$scratch" ] || return 0
  # A clone under a mode-700 folder keeps its PostgreSQL cluster elsewhere, and says where.
  local note="$scratch/portal/.data/postgres/WHERE-IS-POSTGRES.txt"
  [ -f "$note" ] && rm -rf "$(sed -n 's/.* is in \([^:]*\):.*/\1/p' "$note")"
  chmod -R u+w "$scratch" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

if [ "$fresh" -eq 1 ]; then
  scratch="$(mktemp -d)" # mode 700
  git clone --quiet "$dir" "$scratch/portal"
  dir="$scratch/portal"
  echo "fresh clone of $(git -C "$dir" rev-parse --short HEAD) in $dir"
fi
if [ "$empty_caches" -eq 1 ]; then
  [ -n "$scratch" ] || { echo "--empty-caches goes with --fresh" >&2; exit 2; }
  export GOMODCACHE="$scratch/cache/go-mod" GOCACHE="$scratch/cache/go-build"
  export npm_config_cache="$scratch/cache/npm" PIP_CACHE_DIR="$scratch/cache/pip"
  echo "empty caches: GOMODCACHE, GOCACHE, npm_config_cache, PIP_CACHE_DIR under $scratch/cache"
fi
# A launcher of this checkout that is still stopping (the previous run) holds its lock: wait for it, 30 s at most.
lock="$dir/.data/launcher.pid"
for _ in $(seq 1 150); do
  pid="$(sed -n 's/.*"pid":\([0-9][0-9]*\).*/\1/p' "$lock" 2>/dev/null || true)"
  { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break
  sleep 0.2
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

# The CPU time of a process and everything under it: utime + stime of each live one, and cutime + cstime (its
# children that ended and were waited for: the bootstrap, tsc, vite) of each, from /proc; then the eight largest.
cpu_of_tree() {
  local tick
  tick="$(getconf CLK_TCK)"
  ps -e -o pid=,ppid=,args= | awk -v root="$1" -v tick="$tick" '
    {
      parent[$1] = $2; name[$1] = $3; sub(/^.*\//, "", name[$1])
      if (match($0, /services\/[a-z-]+\//)) name[$1] = substr($0, RSTART + 9, RLENGTH - 10)
    }
    END {
      for (p in parent) {
        q = p
        while (q != "" && q != root && q != 1 && q != 0) q = parent[q]
        if (q != root) continue
        if ((getline line < ("/proc/" p "/stat")) <= 0) continue
        close("/proc/" p "/stat")
        sub(/^.*\) /, "", line); split(line, f, " ")
        own = (f[12] + f[13] + f[14] + f[15]) / tick
        total += own; cpu[p] = own
      }
      n = 0
      for (p in cpu) order[++n] = p
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (cpu[order[j]] > cpu[order[i]]) { t = order[i]; order[i] = order[j]; order[j] = t }
      printf "%.1f (", total
      for (i = 1; i <= n && i <= 8; i++) printf "%s%s %.1f", (i > 1 ? ", " : ""), name[order[i]], cpu[order[i]]
      printf ")"
    }'
}

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
cpu="$(cpu_of_tree "$pid")"
grep -E '^\[bootstrap\] .*(done in|failed after) ' "$out" || true
grep -E '^\[start\] installed and built in' "$out" || true
grep "is running at" "$out"
echo "seconds until ready: $(((ended - started) / 1000000))e-3" | sed 's/\([0-9]*\)\([0-9]\{3\}\)e-3/\1.\2/'
echo "CPU seconds until ready (user + system, every process npm start ran, finished ones included): ${cpu}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$empty_caches" -eq 1 ]; then
  echo "disk: $(du -sh "$dir" | cut -f1) the clone (.tools $(du -sh "$dir/.tools" | cut -f1), node_modules $(du -sh "$dir/node_modules" | cut -f1)), caches $(du -sh "$scratch/cache" | cut -f1) (Go modules $(du -sh "$GOMODCACHE" | cut -f1), Go builds $(du -sh "$GOCACHE" | cut -f1), npm $(du -sh "$npm_config_cache" | cut -f1))"
fi
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true
# npm may return before the launcher has stopped everything: wait until the portal's port is closed.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do sleep 0.2; done
