// The confirmation e-mail outlives its consumer being killed in the middle of it, twice (issue 25: after one
// crash it came on JetStream's last allowed delivery, three deliveries having been refused by a 60 s inbox
// lease behind a 30 s ack wait). The service runs as its own processes, as `npm start` runs it (dist/main.js:
// `tsc -b` first); the one holding the message and its inbox claim is killed with SIGKILL while the next replica
// waits. They have their own nats-server (the durable `content-optin` is no other suite's) and a short ack
// wait, EVENT_ACK_WAIT_MS, so the test takes seconds, not minutes; the lease and the heartbeat derive from it
// as in production.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectMongo, natsConnectOptions, type Mongo } from '@hhp/kit';
import { DEAD_LETTER_SUBJECT, EVENTS_STREAM, Subjects } from '@hhp/proto';
import {
  freePort,
  repoRoot,
  spawnManaged,
  startNats,
  waitFor,
  type ManagedProcess,
  type NatsServer,
} from '@hhp/infra/dev-servers';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { TEST_SUPERUSER, testNatsUsers } from '../../../../infra/src/testing/nats-users.js';
import { SECRET, eventsOn, postJson, sleep, uniqueDb } from './harness.js';

const ACK_WAIT_MS = 1500;
const MAIN = path.join(repoRoot, 'services', 'content', 'dist', 'main.js');
const SUBJECT = 'Please confirm your subscription';

let dir: string;
let nats: NatsServer;
let passwords: Record<string, string>;
let mailpit: Mailpit;
let mongo: Mongo;
let db: string;

/** An SMTP server that takes connections and never greets: the mailer waits, the message stays in hand. */
async function silentSmtp() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    get connections() {
      return connections;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The content service as a process of its own; `stop()` kills it with SIGKILL (nothing runs on the way out). */
async function startProcess(smtpUrl: string): Promise<{ url: string; process: ManagedProcess }> {
  const port = await freePort();
  const proc = spawnManaged('content', process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: db,
      NATS_URL: nats.url,
      NATS_USER: 'content',
      NATS_PASSWORD: passwords.content,
      CONTENT_INGEST_SECRET: SECRET,
      LIST_TOKEN_SECRET: 'test-list-token-secret-0123456789abcdef01234567',
      PUBLIC_URL: 'https://portal.example',
      SMTP_URL: smtpUrl,
      SIGNUPS_PER_ADDRESS: '0',
      SIGNUPS_PER_EMAIL: '0',
      EVENT_ACK_WAIT_MS: String(ACK_WAIT_MS),
      LOG_LEVEL: 'info',
    },
    logFile: path.join(dir, 'content.log'),
    stopSignal: 'SIGKILL',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the content service', async () => (await fetch(`${url}/readyz`)).ok, {
    child: proc,
    timeoutMs: 30_000,
  });
  return { url, process: proc };
}

const inboxEntry = (eventId: string) =>
  mongo.connection.collection<{ _id: string; state: string }>('inbox').findOne({ _id: `content-optin:${eventId}` });

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`tsc -b\` first`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-content-crash-'));
  const users = testNatsUsers();
  passwords = users.passwords;
  nats = await startNats({ storeDir: path.join(dir, 'nats'), logFile: path.join(dir, 'nats.log'), users: users.users });
  mailpit = await startMailpit();
  db = uniqueDb('crash');
  mongo = await connectMongo(process.env.MONGODB_URI!, db);
}, 30_000);

afterAll(async () => {
  await mongo?.connection.dropDatabase();
  await mongo?.close();
  await mailpit?.stop();
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('when the opt-in consumer is killed twice while it sends the confirmation, then the next replica sends it once, on the third delivery, and nothing is dead-lettered', async () => {
  const silent = await silentSmtp();
  const running: ManagedProcess[] = [];
  const start = async (smtpUrl: string) => {
    const started = await startProcess(smtpUrl);
    running.push(started.process);
    return started;
  };
  try {
    const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
    let holder = await start(silent.url);
    expect((await postJson(`${holder.url}/api/subscribe-email`, { email, source: 'footer' })).status).toBe(200);
    const superuser = new URL(nats.url);
    superuser.username = TEST_SUPERUSER;
    superuser.password = passwords[TEST_SUPERUSER]!;
    const eventId = (await eventsOn(Subjects.emailSubscribed, superuser.toString())).find(
      (event) => event.data.email === email,
    )!.id;

    for (const crash of [1, 2]) {
      // It has the message and its inbox claim, and is talking to the mail server.
      await waitFor(`delivery ${crash} reaching the mail server`, async () => silent.connections >= crash, {
        timeoutMs: 20_000,
      });
      expect((await inboxEntry(eventId))?.state).toBe('applying');
      // The next replica is up and waiting (seconds: the holder keeps its message meanwhile) when the holder is
      // killed, so the redelivery comes as early as JetStream allows, and must find the holder's claim run out.
      const next = await start(crash === 1 ? silent.url : mailpit.smtpUrl);
      expect(silent.connections).toBe(crash);
      await holder.process.stop();
      holder = next;
    }

    const mail = await mailpit.client.waitForMessage({ to: email, subject: SUBJECT }, 20_000);
    expect(mail.Text).toContain('https://portal.example/email-confirmed?token=');
    await sleep(2 * ACK_WAIT_MS); // a further delivery, if there were one, would have come by now
    const toIt = (await mailpit.client.messages()).filter((m) => m.To.some((a) => a.Address === email));
    expect(toIt).toHaveLength(1);
    expect((await inboxEntry(eventId))?.state).toBe('done');
    expect(silent.connections).toBe(2);
    // Three deliveries in all: none refused, none spent waiting.
    const consumer = await consumerInfo(superuser.toString());
    expect(consumer.delivered.consumer_seq).toBe(3);
    expect(consumer.num_ack_pending).toBe(0);
    const deadLetters = await eventsOn(DEAD_LETTER_SUBJECT, superuser.toString());
    expect(deadLetters.filter((event) => event.id === eventId)).toEqual([]);
  } finally {
    for (const proc of running) await proc.stop();
    await silent.close();
  }
}, 120_000);

async function consumerInfo(natsUrl: string) {
  const nc = await connect(natsConnectOptions(natsUrl));
  try {
    return await (await jetstreamManager(nc)).consumers.info(EVENTS_STREAM, 'content-optin');
  } finally {
    await nc.close();
  }
}
