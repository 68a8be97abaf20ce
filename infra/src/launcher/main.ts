// `npm start`: runs the whole portal on this machine until Ctrl-C (see stack.ts). scripts/start.sh
// installs and builds first, then runs this file with Node 24.
import path from 'node:path';
import { repoRoot } from '../dev-servers.js';
import { AlreadyRunningError } from './lock.js';
import { startStack } from './stack.js';
import { paymentsBanner } from './payments.js';
import { mailBanner } from './mail.js';
import { databaseBanner } from './dependencies.js';

const env = process.env;
const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not ${JSON.stringify(env.PORT)}`);
  process.exit(2);
}
const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));

console.log('Starting the Holistic Health Portal…');
let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({
    dataDir,
    port,
    ports: 'default',
    host: env.LISTEN_HOST ?? '127.0.0.1',
    // The launcher's own PORT is nginx's; each service gets its own.
    env: { ...env, PORT: undefined, DATA_DIR: undefined, HHP_STARTED_AT_MS: undefined },
  });
} catch (error) {
  if (error instanceof AlreadyRunningError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(`The portal could not start: ${(error as Error).message}`);
  process.exit(1);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sinceStart = Number(env.HHP_STARTED_AT_MS);
const total =
  Number.isFinite(sinceStart) && sinceStart > 0 ? `; ${seconds(Date.now() - sinceStart)} since npm start` : '';
console.log(`Holistic Health Portal is running at ${stack.url} (ready in ${seconds(stack.readyInMs)}${total})`);
const shown = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
};
// The local servers' passwords (generated, mode 600): the developer's way into Mailpit and the database.
const secretsFile = `${shown(stack.secretsFile)} (mode 600)`;
console.log(paymentsBanner(env, stack.url));
console.log(mailBanner(stack.mailUrl, env, secretsFile));
// The practice's console (services/practice): who is invited first, while it has no staff.
console.log(
  env.PRACTICE_FIRST_ADMIN_EMAIL
    ? `  practice console: while it has no staff, ${env.PRACTICE_FIRST_ADMIN_EMAIL} is e-mailed an invite (once; again when it expired unused) to register a passkey`
    : '  practice console: no staff invited; start with PRACTICE_FIRST_ADMIN_EMAIL=you@example.com npm start to e-mail the first admin an invite',
);
const database = databaseBanner(stack.mongodbUri, env, secretsFile);
if (database) console.log(database);
console.log(`  data and logs: ${shown(stack.dataDir)}  ·  press Ctrl-C to stop`);

let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) {
    console.log(`${signal} again: stopping at once`);
    process.exit(130);
  }
  stopping = true;
  console.log('\nStopping…');
  stack.stop().then(
    () => {
      console.log('Stopped.');
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`Stopping failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);

// `npm start` runs this under `sh -c`: a SIGTERM sent to npm reaches that shell, which dies without
// passing it on. The launcher then has a new parent, and stops as if it had been told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) {
    console.log('The process that started the portal is gone.');
    shutdown('SIGTERM');
  }
}, 500).unref();
