# shellcheck shell=bash
# Sourced by scripts/bootstrap.sh: the tools of the `k8s` layer of `npm test` (scripts/check-k8s.mjs).
#   .tools/bin/kustomize: renders deploy/k8s's overlays (Go module proxy; v5.8 needs a newer Go than ours).
#   .tools/k8s-venv: kubernetes-validate from PyPI, with the Kubernetes schemas, pinned in
#     scripts/k8s-requirements.txt.
# Stamps (the version built, the requirements installed) make a second run two comparisons.
KUSTOMIZE_VERSION=v5.7.1

if [ "$(cat "$tools/kustomize.version" 2>/dev/null)" != "${KUSTOMIZE_VERSION}" ] || ! [ -x "$tools/kustomize" ]; then
  need_go kustomize
  log "building kustomize ${KUSTOMIZE_VERSION}"
  GOBIN="$tools" go install "sigs.k8s.io/kustomize/kustomize/v5@${KUSTOMIZE_VERSION}"
  echo "${KUSTOMIZE_VERSION}" >"$tools/kustomize.version"
fi

k8s_venv="$root/.tools/k8s-venv"
k8s_requirements="$root/scripts/k8s-requirements.txt"
if ! [ -x "$k8s_venv/bin/kubernetes-validate" ] || ! cmp -s "$k8s_requirements" "$k8s_venv/requirements.installed"; then
  command -v python3 >/dev/null || apt_install python3 python3-venv
  python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
  log "installing kubernetes-validate into .tools/k8s-venv"
  [ -x "$k8s_venv/bin/pip" ] || python3 -m venv "$k8s_venv"
  "$k8s_venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$k8s_requirements"
  cp "$k8s_requirements" "$k8s_venv/requirements.installed"
fi
