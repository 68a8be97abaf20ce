# shellcheck shell=bash disable=SC2154 # $root, $tools and the functions come from scripts/bootstrap.sh
# Sourced by scripts/bootstrap.sh (group ops): the linters of the `ops` layer of `npm test` (scripts/check-ops.mjs),
# pinned. Stamps (the version built, the requirements installed) make a second run a few comparisons.
#   .tools/bin/kube-score: the Kubernetes manifests (Go module proxy).
#   .tools/bin/pint: the Prometheus rules, offline (Go module proxy, built from the module's source: the proxy
#     refuses pint's version list, which `go install …@version` reads for deprecation notices).
#   ShellCheck (Debian package shellcheck): the shell scripts.
#   .tools/ops-venv: gixy-ng, the nginx configuration (PyPI, pinned in scripts/ops-requirements.txt).
#   .tools/ops-npm: Spectral, the OpenAPI document (npm, @stoplight/spectral-cli pinned with its lockfile in
#     scripts/ops-npm; not in the project's node_modules, which `npm start` installs).
# kube-linter is not here: no version of golang.stackrox.io/kube-linter is served by the Go module proxy here.
KUBE_SCORE_VERSION=v1.20.0
PINT_VERSION=v0.87.0

if ! stamped "$tools/kube-score" "${KUBE_SCORE_VERSION}"; then
  need_go kube-score
  beside "building kube-score ${KUBE_SCORE_VERSION}" "about 2 min" \
    go_install kube-score "github.com/zegl/kube-score/cmd/kube-score@${KUBE_SCORE_VERSION}"
fi

build_pint() {
  (cd "$(go_module_dir "github.com/cloudflare/pint@${PINT_VERSION}")" &&
    CGO_ENABLED=0 go build -ldflags "$go_ldflags -X main.version=${PINT_VERSION}" -o "$tools/pint" ./cmd/pint)
  echo "${PINT_VERSION}" >"$tools/pint.version"
}
if ! stamped "$tools/pint" "${PINT_VERSION}"; then
  need_go pint
  beside "building pint ${PINT_VERSION}" "about 2 min" build_pint
fi

if ! command -v shellcheck >/dev/null; then
  step "installing Debian packages: shellcheck" "under a minute" apt_install shellcheck
fi

if ! venv_current "$root/.tools/ops-venv" "$root/scripts/ops-requirements.txt" ||
  ! [ -x "$root/.tools/ops-venv/bin/gixy" ]; then
  need_python_venv
  step "installing gixy-ng into .tools/ops-venv" "under a minute" \
    install_venv "$root/.tools/ops-venv" "$root/scripts/ops-requirements.txt"
fi

install_ops_npm() {
  local dir="$root/.tools/ops-npm"
  mkdir -p "$dir"
  cp "$root/scripts/ops-npm/package.json" "$root/scripts/ops-npm/package-lock.json" "$dir/"
  (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
}
if ! [ -x "$root/.tools/ops-npm/node_modules/.bin/spectral" ] ||
  ! cmp -s "$root/scripts/ops-npm/package-lock.json" "$root/.tools/ops-npm/package-lock.json"; then
  step "installing Spectral into .tools/ops-npm" "under a minute" install_ops_npm
fi
