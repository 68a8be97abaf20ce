#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs every layer (scripts/test.mjs) on Node 24.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/bootstrap.sh"
export PATH="$root/node_modules/.bin:$PATH"
exec node "$root/scripts/test.mjs" "$@"
