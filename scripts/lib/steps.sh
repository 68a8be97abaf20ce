# shellcheck shell=bash
# Sourced by scripts/bootstrap.sh and scripts/start.sh: steps that say what they do, how long they take on a first
# run and, every 15 s, that they are still at it. The caller defines log (a line with its own prefix).

# step NAME FIRST-RUN COMMAND...: runs COMMAND, saying what it does and how long it takes on a first run;
# every 15 s it says it is still at it. COMMAND's own output (Go's "downloading" lines, pip's, npm's) goes to a
# file, shown (its end) only when it fails; its `log` lines are kept. Fails when COMMAND fails.
step() {
  local name="$1" estimate="$2" started=$SECONDS ticks=0 pid status=0 output
  shift 2
  log "$name (first run: $estimate)"
  output="$(mktemp)"
  "$@" >"$output" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 0.2
    ticks=$((ticks + 1))
    if [ $((ticks % 75)) -eq 0 ] && kill -0 "$pid" 2>/dev/null; then
      log "  … $name: $((SECONDS - started)) s so far"
    fi
  done
  wait "$pid" || status=$?
  grep '^\[[a-z]*\] ' "$output" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$output" >&2
    rm -f "$output"
    log "$name failed after $((SECONDS - started)) s"
    return "$status"
  fi
  rm -f "$output"
  log "$name: done in $((SECONDS - started)) s"
}

# Steps run beside the foreground ones (the Go builds): started with `beside`, awaited by `await_beside`.
beside_pids=()
beside() {
  step "$@" &
  beside_pids+=($!)
}
await_beside() {
  local pid failed=0
  for pid in "${beside_pids[@]}"; do wait "$pid" || failed=1; done
  beside_pids=()
  [ "$failed" -eq 0 ] || { echo "bootstrap: a step above failed" >&2; exit 1; }
}
