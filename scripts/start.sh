#!/usr/bin/env bash
# `npm start`: installs what is missing, builds what changed, then runs the whole stack behind nginx
# (infra/src/launcher/main.ts) at http://localhost:${PORT:-8080} until Ctrl-C.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
started=$(date +%s%N)
log() { printf '[start] %s\n' "$*"; }
# step: a line for what it does, its first-run time, and one every 15 s while it runs
# shellcheck source=scripts/lib/steps.sh
source "$root/scripts/lib/steps.sh"


# A second `npm start` stops here, before it builds anything under the feet of the running one. (The
# launcher takes the same lock for real; this is only the early answer.)
lock="${DATA_DIR:-$root/.data}/launcher.pid"
if [ -f "$lock" ]; then
  pid="$(sed -n 's/.*"pid":\([0-9][0-9]*\).*/\1/p' "$lock")"
  url="$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' "$lock")"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    echo "The portal is already running at $url (pid $pid)" >&2
    exit 1
  fi
fi

bash scripts/bootstrap.sh portal
# Node 24 and the project's tools come first (npm puts them there too; this also covers `bash scripts/start.sh`).
export PATH="$root/node_modules/.bin:$PATH"
# Node keeps what it compiled (tsc, the launcher, each service's modules) here, so a second start compiles
# nothing again (the launcher gives the services the same folder when it is started otherwise).
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-${DATA_DIR:-$root/.data}/cache/node-compile}"

# tsc -b is incremental: it compares sources with its build info and does nothing when they agree.
# The first build is long (a line every 15 s); later ones are incremental and quiet.
if ! [ -f proto/tsconfig.tsbuildinfo ]; then
  step "building TypeScript (tsc -b)" "1–2 min" tsc -b
else
  tsc -b
fi

# The frontend build is slower; it runs only when its inputs (or the settings baked into it: VITE_*,
# PRACTITIONER_NAME, SUPPORT_EMAIL) changed since the last build.
stamp="$root/.run/frontend.stamp"
vite_env="$(env | grep -E '^(VITE_|PRACTITIONER_NAME=|SUPPORT_EMAIL=)' | sort || true)"
needs_build=0
if [ ! -f "$root/frontend/dist/index.html" ] || [ ! -f "$stamp" ]; then
  needs_build=1
elif [ "$(cat "$stamp")" != "$vite_env" ]; then
  needs_build=1
elif [ -n "$(find frontend proto/src package-lock.json \
  -path frontend/node_modules -prune -o -path frontend/dist -prune -o \
  -type f -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  needs_build=1
fi
if [ "$needs_build" -eq 1 ]; then
  step "building the frontend (vite build)" "about 1 min" npm run build -w @hhp/frontend --silent
  mkdir -p "$(dirname "$stamp")"
  printf '%s' "$vite_env" >"$stamp"
fi

log "installed and built in $((($(date +%s%N) - started) / 1000000)) ms"
# The launcher reports the whole time since `npm start`, builds included.
export HHP_STARTED_AT_MS=$((started / 1000000))
exec node "$root/infra/dist/launcher/main.js"
