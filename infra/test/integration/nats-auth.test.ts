// nats-server as every stack runs it (infra/src/nats-auth.ts): each service connects as its own user and
// may publish and read only its own subjects; nobody connects anonymously. Its own server, so that its
// log shows every permission violation of this suite and no other suite answers the crisis requests.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nanoid } from 'nanoid';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { createEnvelope, ensureStream, natsConnectOptions, startService, type RunningService } from '@hhp/kit';
import { EVENTS_STREAM, RpcSubjects, Subjects } from '@hhp/proto';
import { startNats, type NatsServer } from '../../src/dev-servers.js';
import { testNatsUsers } from '../../src/testing/nats-users.js';
import { AiQueryConfig } from '../../../services/ai-query/src/config.js';
import { aiQueryService } from '../../../services/ai-query/src/service.js';
import { CrisisConfig } from '../../../services/crisis/src/config.js';
import { crisisService } from '../../../services/crisis/src/service.js';

let dir: string;
let nats: NatsServer;
let passwords: Record<string, string>;
const logFile = () => path.join(dir, 'nats.log');

// As the services connect (the kit's natsConnectOptions: their own inbox prefix).
const connectAs = (user: string) => connect(natsConnectOptions(nats.url, { user, password: passwords[user]! }));

/** The permission violations of `user` that nats-server logged after the log's first `from` characters. */
const violations = (user: string, from = 0) =>
  readFileSync(logFile(), 'utf8')
    .slice(from)
    .split('\n')
    .filter((line) => /Violation/i.test(line) && line.includes(`/user:${user}"`));

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-nats-auth-'));
  const test = testNatsUsers();
  passwords = test.passwords;
  nats = await startNats({ storeDir: path.join(dir, 'store'), logFile: logFile(), users: test.users });
  const admin = await connectAs('hhp-test');
  await ensureStream(await jetstreamManager(admin));
  await admin.close();
});

afterAll(async () => {
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('NATS users', () => {
  test('when a process connects without a user, then nats-server refuses it', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/authorization/i);
  });

  test('when a process connects with a wrong password, then nats-server refuses it', async () => {
    await expect(connect({ servers: nats.url, user: 'content', pass: 'guess', reconnect: false })).rejects.toThrow(
      /authorization/i,
    );
  });

  test('when a process connected as the content service publishes subscription.v1.changed, then it is a permission violation and the stream does not get it', async () => {
    const nc = await connectAs('content');
    const errors: string[] = [];
    void (async () => {
      for await (const status of nc.status()) if (status.type === 'error') errors.push(String(status.error));
    })();
    try {
      const event = createEnvelope(Subjects.subscriptionChanged, {
        customerId: 'cus_attacker',
        subscriptionId: 'sub_attacker',
        status: 'active',
      });
      await expect(
        jetstream(nc).publish(Subjects.subscriptionChanged, JSON.stringify(event), { msgID: event.id, timeout: 1000 }),
      ).rejects.toThrow(/permission|timeout|no responders/i);
      // A core publish is refused by the server too: it says so on the connection.
      nc.publish(Subjects.subscriptionChanged, JSON.stringify(event));
      await nc.flush();
      await waitUntil(() =>
        errors.some((e) => /Permissions Violation for Publish to "subscription\.v1\.changed"/.test(e)),
      );
    } finally {
      await nc.close();
    }
    const admin = await connectAs('hhp-test');
    try {
      const info = await (
        await jetstreamManager(admin)
      ).streams.info(EVENTS_STREAM, {
        subjects_filter: Subjects.subscriptionChanged,
      });
      expect(info.state.subjects ?? {}).toEqual({});
    } finally {
      await admin.close();
    }
    // nats-server writes its log on its own time: the line may land after the client has heard of the violation.
    await waitUntil(() => violations('content').some((line) => line.includes('subscription.v1.changed')));
  });

  test("when the content service reads another consumer, every event or another service's replies, then it is refused", async () => {
    const nc = await connectAs('content');
    const errors: string[] = [];
    void (async () => {
      for await (const status of nc.status()) if (status.type === 'error') errors.push(String(status.error));
    })();
    try {
      for (const subject of ['>', 'rpc.crisis.v1.detect', '_INBOX.>', '_INBOX.ai-query.>']) nc.subscribe(subject);
      await nc.flush();
      await waitUntil(() =>
        ['">"', '"rpc.crisis.v1.detect"', '"_INBOX.>"', '"_INBOX.ai-query.>"'].every((subject) =>
          errors.some((e) => e.includes(`Permissions Violation for Subscription to ${subject}`)),
        ),
      );
      await expect(jetstream(nc).consumers.get(EVENTS_STREAM, 'ai-query-subscribers')).rejects.toThrow();
    } finally {
      await nc.close();
    }
  });

  test('when ai-query widens its own consumer to every event, then it is refused', async () => {
    const nc = await connectAs('ai-query');
    try {
      const jsm = await jetstreamManager(nc);
      await expect(
        jsm.consumers.add(EVENTS_STREAM, { durable_name: 'ai-query-subscribers', filter_subject: 'email.v1.>' }),
      ).rejects.toThrow(/permission/i);
      await expect(jsm.consumers.add(EVENTS_STREAM, { durable_name: 'ai-query-subscribers' })).rejects.toThrow(
        /permission/i,
      );
      // Both refusals are in the server's log (written a moment later) before the next test reads it.
      await waitUntil(() => violations('ai-query').filter((line) => line.includes('CONSUMER.CREATE')).length === 2);
    } finally {
      await nc.close();
    }
  });

  test('when ai-query and crisis run as their own users, then questions are counted in the KV bucket, crisis is asked over request-reply, subscription events are consumed, and nothing they do is refused', async () => {
    const logFrom = readFileSync(logFile(), 'utf8').length;
    const db = randomUUID().slice(0, 8);
    const crisis = await startService({
      name: 'crisis',
      config: CrisisConfig.parse({
        PORT: '0',
        MONGODB_URI: process.env.MONGODB_URI,
        MONGODB_DB: `nats-auth-crisis-${db}`,
        NATS_URL: nats.url,
        NATS_USER: 'crisis',
        NATS_PASSWORD: passwords.crisis,
        LOG_LEVEL: 'silent',
        // A moderation model makes ai-query ask crisis about every question (the address refuses at once).
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        MODERATION_TIMEOUT_MS: '200',
      }),
      setup: crisisService(),
    });
    let ai: RunningService<AiQueryConfig> | undefined;
    const payments = await connectAs('payments');
    try {
      ai = await startService({
        name: 'ai-query',
        config: AiQueryConfig.parse({
          PORT: '0',
          MONGODB_URI: process.env.MONGODB_URI,
          MONGODB_DB: `nats-auth-ai-${db}`,
          NATS_URL: nats.url,
          NATS_USER: 'ai-query',
          NATS_PASSWORD: passwords['ai-query'],
          LOG_LEVEL: 'silent',
          SUBSCRIBER_COOKIE_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
          CRISIS_TIMEOUT_MS: '3000',
        }),
        setup: aiQueryService(),
      });
      const guestId = nanoid();
      const ask = (query: string) =>
        fetch(`${ai!.url}/api/query-ai`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, guestId }),
        });
      const answer = await ask('Is turmeric good for joints?');
      expect(answer.status).toBe(200);
      const quota = await fetch(`${ai.url}/api/quota?guestId=${guestId}`);
      expect(await quota.json()).toMatchObject({ queriesUsed: 1 });

      // ai-query's user asks, crisis's user answers (its reply goes to ai-query's inbox).
      const reply = await ai.bus.nc.request(RpcSubjects.crisisInfo, '{}', { timeout: 2000 });
      expect(reply.json()).toMatchObject({ ok: true, data: { moderation: true } });

      const event = createEnvelope(Subjects.subscriptionChanged, {
        customerId: `cus_${db}`,
        subscriptionId: `sub_${db}`,
        status: 'active',
      });
      await jetstream(payments).publish(Subjects.subscriptionChanged, JSON.stringify(event), { msgID: event.id });

      const admin = await connectAs('hhp-test');
      try {
        const jsm = await jetstreamManager(admin);
        await waitUntil(async () => {
          const info = await jsm.consumers.info(EVENTS_STREAM, 'ai-query-subscribers');
          return info.ack_floor.stream_seq >= info.delivered.stream_seq && info.delivered.stream_seq > 0;
        });
      } finally {
        await admin.close();
      }
    } finally {
      await payments.close();
      await ai?.close();
      await crisis.close();
    }
    expect(violations('ai-query', logFrom)).toEqual([]);
    expect(violations('crisis', logFrom)).toEqual([]);
    expect(violations('payments', logFrom)).toEqual([]);
  });
});

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
