// `node infra/dist/write-nats-auth.js`: writes docker-compose's NATS users (infra/nats/auth.conf) from the
// permissions in nats-auth.ts, for the buckets QUOTA_BUCKET and SIGNUP_LIMIT_BUCKET name (default: ai_quota,
// content_signups); `--check` only says whether the file is current (a unit test does too, for the defaults).
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './dev-servers.js';
import { bucketsFrom, composeAuthConfig } from './nats-auth.js';

export const COMPOSE_AUTH_FILE = path.join(repoRoot, 'infra', 'nats', 'auth.conf');

const wanted = composeAuthConfig(bucketsFrom(process.env));
if (process.argv.includes('--check')) {
  const current = existsSync(COMPOSE_AUTH_FILE) ? readFileSync(COMPOSE_AUTH_FILE, 'utf8') : '';
  if (current !== wanted) {
    console.error(`${COMPOSE_AUTH_FILE} is out of date: run \`node infra/dist/write-nats-auth.js\``);
    process.exit(1);
  }
} else {
  mkdirSync(path.dirname(COMPOSE_AUTH_FILE), { recursive: true });
  writeFileSync(COMPOSE_AUTH_FILE, wanted);
  console.log(`wrote ${path.relative(repoRoot, COMPOSE_AUTH_FILE)}`);
}
