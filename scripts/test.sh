#!/usr/bin/env bash
# `npm test`: installs what the layers asked for need (all of them: everything), then runs them (scripts/test.mjs)
# on Node 24. `npm test -- unit lint` needs only the portal's tools; the layers that start servers also the test
# tools; k8s, rules and ops the operations tools (scripts/bootstrap.sh says which are which).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
groups=(portal)
browser=--no-browser
[ "$#" -eq 0 ] && groups=(portal test ops) browser=""
for layer in "$@"; do
  case "$layer" in
    e2e) groups+=(test) browser="" ;;
    compose | integration | api | probe | load) groups+=(test) ;;
    k8s | rules | ops) groups+=(ops) ;;
  esac
done
mapfile -t groups < <(printf '%s\n' "${groups[@]}" | sort -u)
bash "$root/scripts/bootstrap.sh" "${groups[@]}" ${browser:+"$browser"}
export PATH="$root/node_modules/.bin:$PATH"
exec node "$root/scripts/test.mjs" "$@"
