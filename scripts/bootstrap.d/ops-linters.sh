# shellcheck shell=bash
# Sourced by scripts/bootstrap.sh (uses $root, $tools, log, need_go, apt_install): the linters of the `ops` layer
# of `npm test` (scripts/check-ops.mjs), pinned. Stamps (the version built, the requirements installed) make a
# second run a few comparisons.
#   .tools/bin/kube-score: the Kubernetes manifests (Go module proxy).
#   .tools/bin/pint: the Prometheus rules, offline (Go module proxy, built from the module's source: the proxy
#     refuses pint's version list, which `go install …@version` reads for deprecation notices).
#   ShellCheck (Debian package shellcheck): the shell scripts.
#   .tools/ops-venv: gixy-ng, the nginx configuration (PyPI, pinned in scripts/ops-requirements.txt).
#   Spectral, the OpenAPI document, is an npm devDependency (@stoplight/spectral-cli), installed with the rest.
# kube-linter is not here: no version of golang.stackrox.io/kube-linter is served by the Go module proxy here.
# shellcheck disable=SC2154 # $root and $tools are set by scripts/bootstrap.sh, which sources this file.
KUBE_SCORE_VERSION=v1.20.0
PINT_VERSION=v0.87.0

if [ "$(cat "$tools/kube-score.version" 2>/dev/null)" != "${KUBE_SCORE_VERSION}" ] || ! [ -x "$tools/kube-score" ]; then
  need_go kube-score
  log "building kube-score ${KUBE_SCORE_VERSION}"
  GOBIN="$tools" go install -trimpath -ldflags='-s -w' "github.com/zegl/kube-score/cmd/kube-score@${KUBE_SCORE_VERSION}"
  echo "${KUBE_SCORE_VERSION}" >"$tools/kube-score.version"
fi

if [ "$(cat "$tools/pint.version" 2>/dev/null)" != "${PINT_VERSION}" ] || ! [ -x "$tools/pint" ]; then
  need_go pint
  log "building pint ${PINT_VERSION}"
  pint_dir="$(go mod download -json "github.com/cloudflare/pint@${PINT_VERSION}" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  (cd "$pint_dir" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${PINT_VERSION}" \
    -o "$tools/pint" ./cmd/pint)
  echo "${PINT_VERSION}" >"$tools/pint.version"
fi

command -v shellcheck >/dev/null || apt_install shellcheck

ops_venv="$root/.tools/ops-venv"
ops_requirements="$root/scripts/ops-requirements.txt"
if ! [ -x "$ops_venv/bin/gixy" ] || ! cmp -s "$ops_requirements" "$ops_venv/requirements.installed"; then
  command -v python3 >/dev/null || apt_install python3 python3-venv
  python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
  log "installing gixy-ng into .tools/ops-venv"
  [ -x "$ops_venv/bin/pip" ] || python3 -m venv "$ops_venv"
  "$ops_venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$ops_requirements"
  cp "$ops_requirements" "$ops_venv/requirements.installed"
fi
