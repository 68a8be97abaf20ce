# shellcheck shell=bash disable=SC2154 # $root, $tools and the functions come from scripts/bootstrap.sh
# Sourced by scripts/bootstrap.sh (group ops): the tools of the `k8s` layer of `npm test` (scripts/check-k8s.mjs).
#   .tools/bin/kustomize: renders deploy/k8s's overlays (Go module proxy; v5.8 needs a newer Go than ours).
#   .tools/k8s-venv: kubernetes-validate from PyPI, with the Kubernetes schemas, pinned in
#     scripts/k8s-requirements.txt.
# Stamps (the version built, the requirements installed) make a second run two comparisons.
KUSTOMIZE_VERSION=v5.7.1

if ! stamped "$tools/kustomize" "${KUSTOMIZE_VERSION}"; then
  need_go kustomize
  beside "building kustomize ${KUSTOMIZE_VERSION}" "about 1 min" \
    go_install kustomize "sigs.k8s.io/kustomize/kustomize/v5@${KUSTOMIZE_VERSION}"
fi

if ! venv_current "$root/.tools/k8s-venv" "$root/scripts/k8s-requirements.txt" ||
  ! [ -x "$root/.tools/k8s-venv/bin/kubernetes-validate" ]; then
  need_python_venv
  step "installing kubernetes-validate into .tools/k8s-venv" "under a minute" \
    install_venv "$root/.tools/k8s-venv" "$root/scripts/k8s-requirements.txt"
fi
