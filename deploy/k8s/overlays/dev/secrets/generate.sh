#!/usr/bin/env bash
# Writes the dev overlay's untracked secret files (one env file per Secret, and MongoDB's replica-set key
# file) with fresh random values, consistent with each other: the NATS and MongoDB password of each service
# is the one its server is given. Keeps files that exist (--force writes them anew). Optional settings
# (OPENAI_API_KEY, the Stripe keys, SMTP_URL) are left out; add them to the service's file to turn them on.
#   deploy/k8s/overlays/dev/secrets/generate.sh [--force]
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
force=0
[ "${1:-}" = "--force" ] && force=1

random() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
upper() { echo "$1" | tr 'a-z-' 'A-Z_'; }

if [ "$force" -eq 0 ] && [ -e "$dir/ai-query.env" ]; then
  echo "secrets: $dir already has its files (--force writes them anew)"
  exit 0
fi

# >>> generated: services (npm run generate (infra/src/generate) from proto/src/services.ts and proto/src/service-deploy.ts; do not edit)
services=(ai-query crisis booking payments content voice practice)
# <<< generated: services
cookie="$(random)" session_pass="$(random)"
: >"$dir/nats.env"
{
  echo "MONGO_INITDB_ROOT_USERNAME=root"
  echo "MONGO_INITDB_ROOT_PASSWORD=$(random)"
} >"$dir/mongo.env"
for service in "${services[@]}"; do
  nats="$(random)" mongo="$(random)"
  echo "NATS_PASSWORD_$(upper "$service")=$nats" >>"$dir/nats.env"
  echo "MONGO_PASSWORD_$(upper "$service")=$mongo" >>"$dir/mongo.env"
  {
    echo "MONGODB_URI=mongodb://$service:$mongo@mongo-0.mongo:27017/hhp-$service?authSource=hhp-$service&replicaSet=rs0"
    echo "NATS_PASSWORD=$nats"
    case "$service" in
      ai-query) echo "SUBSCRIBER_COOKIE_SECRET=$cookie"; echo "SESSION_PASS_SECRET=$session_pass" ;;
      booking) echo "SESSION_PASS_SECRET=$session_pass"; echo "BOOKING_LINK_SECRET=$(random)" ;;
      payments) echo "SUBSCRIBER_COOKIE_SECRET=$cookie" ;;
      content) echo "CONTENT_INGEST_SECRET=$(random)"; echo "LIST_TOKEN_SECRET=$(random)" ;;
      voice) echo "VOICE_ICE_SERVERS=[]" ;;
    esac
  } >"$dir/$service.env"
done
head -c 756 /dev/urandom | base64 -w0 >"$dir/mongo-keyfile"
chmod 600 "$dir"/*.env "$dir/mongo-keyfile"
echo "secrets: wrote $dir/{$(IFS=,; echo "${services[*]}"),nats,mongo}.env and mongo-keyfile"
