# shellcheck shell=bash disable=SC2154 # $root, $tools and the functions come from scripts/bootstrap.sh
# Sourced by scripts/bootstrap.sh (group ops): a throw-away Kubernetes API server for the `k8s` layer of `npm test`,
# which asks it for a server-side dry run of the rendered overlays (scripts/check-k8s.mjs): what only a real
# apiserver knows (defaulting, admission, field validation of every kind, immutable fields) beyond the schemas.
#   .tools/bin/kube-apiserver and .tools/bin/kubectl: Kubernetes (K8S_VERSION below), built from the Go module proxy's
#     k8s.io/kubernetes (no binary download reaches this machine). That module points its k8s.io/* dependencies at
#     ./staging with `replace` lines; the build drops each for the published module of the same release
#     (k8s.io/api@v0.37.x for v1.37.x), which is what the staging folders are published as.
#   .tools/bin/etcdmin: etcd's server (go.etcd.io/etcd/server/v3, embedded; scripts/etcdmin), its store.
# First run: about 8 min of compiling on 2 cores (kube-apiserver is most of it); stamped, so a second run is two
# comparisons.
K8S_VERSION=v1.37.2
K8S_STAGING_VERSION=v0.37.2
ETCD_VERSION=v3.7.3

build_kubernetes() {
  local source work module
  source="$(go_module_dir "k8s.io/kubernetes@${K8S_VERSION}")"
  work="$(mktemp -d)"
  # The module without what the two commands do not compile (its staging copies, tests, docs).
  tar -C "$source" --exclude=./staging --exclude=./test --exclude=./docs -cf - . | tar -C "$work" -xf -
  chmod -R u+w "$work"
  rm -f "$work/go.work" "$work/go.work.sum"
  (
    cd "$work" || exit 1
    sed -n 's|^[[:space:]]*\(k8s\.io/[^ ]*\) => \./staging/.*|\1|p' go.mod | while read -r module; do
      go mod edit -dropreplace="$module" -require="$module@${K8S_STAGING_VERSION}"
    done
    export GOFLAGS=-mod=mod CGO_ENABLED=0
    go build -trimpath -ldflags "$go_ldflags" -o "$tools/kube-apiserver" ./cmd/kube-apiserver
    go build -trimpath -ldflags "$go_ldflags" -o "$tools/kubectl" ./cmd/kubectl
  )
  rm -rf "$work"
  echo "${K8S_VERSION}" >"$tools/kubectl.version"
  echo "${K8S_VERSION}" >"$tools/kube-apiserver.version"
}
if ! stamped "$tools/kube-apiserver" "${K8S_VERSION}" || ! stamped "$tools/kubectl" "${K8S_VERSION}"; then
  need_go kube-apiserver
  beside "building kube-apiserver and kubectl ${K8S_VERSION}" "about 8 min" build_kubernetes
fi

build_etcdmin() {
  local work
  work="$(mktemp -d)"
  cp "$root/scripts/etcdmin/go.mod" "$root/scripts/etcdmin/go.sum" "$root/scripts/etcdmin/main.go" "$work"
  (cd "$work" && CGO_ENABLED=0 go build -trimpath -ldflags "$go_ldflags" -o "$tools/etcdmin" .)
  rm -rf "$work"
  echo "${ETCD_VERSION}-$(cat "$root/scripts/etcdmin/go.sum" "$root/scripts/etcdmin/main.go" | sha256sum | cut -c1-12)" >"$tools/etcdmin.version"
}
etcdmin_stamp="${ETCD_VERSION}-$(cat "$root/scripts/etcdmin/go.sum" "$root/scripts/etcdmin/main.go" | sha256sum | cut -c1-12)"
if ! stamped "$tools/etcdmin" "$etcdmin_stamp"; then
  need_go etcdmin
  beside "building etcd ${ETCD_VERSION} (embedded, scripts/etcdmin)" "about 1 min" build_etcdmin
fi
