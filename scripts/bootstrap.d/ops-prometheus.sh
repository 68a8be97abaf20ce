# shellcheck shell=bash disable=SC2154 # $root, $tools and the functions come from scripts/bootstrap.sh
# Prometheus, promtool and nginx-prometheus-exporter (sourced by scripts/bootstrap.sh, group ops; uses $root,
# $tools, $go_ldflags, step, beside, stamped, need_go, go_install, go_module_dir). `npm run observe` runs Prometheus against
# the local stack; `npm test -- rules` checks the rules with promtool. All three come from the Go module proxy,
# pinned; stamp files record the versions built, so a second run is three comparisons.
#
# Prometheus's web UI is not in the Go module as built assets, only as sources (web/ui, a pnpm workspace): like
# Mailpit's, it is built from a copy of the module's source with pnpm (pinned, from the npm registry, against
# the module's own pnpm-lock.yaml, but for one package: below), gzipped into web/ui/static by the module's
# scripts/compress_assets.sh, and embedded by `go build -tags builtinassets` (web/ui/assets_embed.go). `remove_all_sd` leaves out the cloud
# service discoveries (plugins/*.go): the local stack's targets are static, and the binary builds in a third of
# the time. promtool is built whole, so it can check any configuration (Kubernetes service discovery too).
PROMETHEUS_VERSION=v0.316.0
PROMETHEUS_PNPM_VERSION=12.4.2
PROMETHEUS_CODE_HIGHLIGHT_VERSION=9.6.2
NGINX_EXPORTER_VERSION=v1.5.1

if ! stamped "$tools/promtool" "${PROMETHEUS_VERSION}"; then
  need_go promtool
  beside "building promtool ${PROMETHEUS_VERSION}" "2–3 min" \
    go_install promtool "github.com/prometheus/prometheus/cmd/promtool@${PROMETHEUS_VERSION}"
fi

# Not `go install …@version`: the proxy refuses the module's version list, which go install reads for deprecation
# notices (as for FerretDB). The pinned version itself is served: build from its source.
build_nginx_exporter() {
  (cd "$(go_module_dir "github.com/nginx/nginx-prometheus-exporter@${NGINX_EXPORTER_VERSION}")" &&
    CGO_ENABLED=0 go build -ldflags "$go_ldflags" -o "$tools/nginx-prometheus-exporter" .)
  echo "${NGINX_EXPORTER_VERSION}" >"$tools/nginx-prometheus-exporter.version"
}
if ! stamped "$tools/nginx-prometheus-exporter" "${NGINX_EXPORTER_VERSION}"; then
  need_go nginx-prometheus-exporter
  beside "building nginx-prometheus-exporter ${NGINX_EXPORTER_VERSION}" "about 1 min" build_nginx_exporter
fi

build_prometheus() {
  prometheus_dir="$(go_module_dir "github.com/prometheus/prometheus@${PROMETHEUS_VERSION}")"
  prometheus_src="$(mktemp -d)"
  cp -r "$prometheus_dir/." "$prometheus_src/"
  chmod -R u+w "$prometheus_src"
  # The UI's output goes to a file, shown (its end) only when a step fails. The old React UI (react-app) is
  # left out: Prometheus 3 serves it only behind --enable-feature=old-ui.
  ui_log="$prometheus_src/ui-build.log"
  # Two changes to the copy, both about what the registry served here has. The workspace asks pnpm to refuse
  # packages younger than three days, checked against publication times this registry does not list for
  # every version: the lockfile's exact versions and integrity hashes are what pin them. And the lockfile's
  # @mantine/code-highlight 9.7.2 is not served (9.6.2 is, the last before it; the UI's code blocks only):
  # pinned to 9.6.2, pnpm resolves that one entry again and keeps every other as locked.
  ui="$prometheus_src/web/ui"
  sed -i '/^minimumReleaseAge:/d; /^minimumReleaseAgeStrict:/d' "$ui/pnpm-workspace.yaml"
  echo 'minimumReleaseAge: 0' >>"$ui/pnpm-workspace.yaml"
  sed -i "s|\"@mantine/code-highlight\": \"^9.7.2\"|\"@mantine/code-highlight\": \"${PROMETHEUS_CODE_HIGHLIGHT_VERSION}\"|" \
    "$ui/mantine-ui/package.json"
  # pnpm from the npm registry, run by the project's Node 24 (first on PATH).
  pnpm=(env "PATH=$root/node_modules/.bin:$PATH" npx --yes "pnpm@${PROMETHEUS_PNPM_VERSION}")
  if ! (cd "$prometheus_src/web/ui" &&
    "${pnpm[@]}" install --no-frozen-lockfile --ignore-scripts &&
    "${pnpm[@]}" --filter @prometheus-io/lezer-promql run build &&
    "${pnpm[@]}" --filter @prometheus-io/codemirror-promql run build &&
    "${pnpm[@]}" --filter @prometheus-io/mantine-ui run build &&
    mkdir -p static && rm -rf static/mantine-ui && mv mantine-ui/dist static/mantine-ui) >"$ui_log" 2>&1 ||
    ! [ -s "$prometheus_src/web/ui/static/mantine-ui/index.html" ]; then
    tail -n 40 "$ui_log" >&2
    rm -rf "$prometheus_src"
    echo "bootstrap: building Prometheus's web UI failed (above); not installing a Prometheus without its UI" >&2
    return 1
  fi
  (cd "$prometheus_src" && bash scripts/compress_assets.sh) >>"$ui_log" 2>&1
  # GOWORK=off: the module carries its repository's go.work, which names folders the module leaves out.
  (cd "$prometheus_src" && GOWORK=off CGO_ENABLED=0 go build -tags builtinassets,remove_all_sd \
    -ldflags "$go_ldflags -X github.com/prometheus/common/version.Version=${PROMETHEUS_VERSION#v}" \
    -o "$tools/prometheus" ./cmd/prometheus)
  rm -rf "$prometheus_src"
  echo "${PROMETHEUS_VERSION}" >"$tools/prometheus.version"
}

if ! stamped "$tools/prometheus" "${PROMETHEUS_VERSION}"; then
  need_go prometheus
  # Not beside the others: the UI's pnpm install and build and the Go build each take both cores.
  step "building Prometheus ${PROMETHEUS_VERSION} (its web UI with pnpm, then Go)" "4–6 min" build_prometheus
fi
