// One visitor's question is one trace: the HTTP server span of POST /api/query-ai (under the traceparent
// the caller sent, with nginx's request id), the crisis RPC's client span and the crisis service's server
// span across NATS, and the ai.v1.answered event's publish span and its processing by a consumer (analytics
// is consumed outside the system: a consumer on the kit's bus stands in for it). Each process exports to its
// own in-memory exporter; the test joins them by trace id and checks every parent link.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { AiAnsweredEvent, RpcSubjects, Subjects } from '@hhp/proto';
import {
  ATTR_REQUEST_ID,
  EventBus,
  createLogger,
  createTracing,
  startService,
  type Subscription,
  type Tracing,
} from '@hhp/kit';
import { CrisisConfig } from '../../../crisis/src/config.js';
import { crisisService } from '../../../crisis/src/service.js';
import { AiQueryConfig } from '../../src/config.js';
import { aiQueryService } from '../../src/service.js';
import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import { ask, newGuestId, type AiQuery } from './harness.js';

interface Traced {
  tracing: Tracing;
  exporter: InMemorySpanExporter;
}

function inMemoryTracing(name: string): Traced {
  const exporter = new InMemorySpanExporter();
  const tracing = createTracing({ name, version: 'test', spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  return { tracing, exporter };
}

/** Log lines as objects (the kit's logger, written to memory). */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const spanNamed = (exporter: InMemorySpanExporter, traceId: string, name: string) => () =>
  exporter.getFinishedSpans().find((span) => span.name === name && span.spanContext().traceId === traceId);

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe('tracing one question across ai-query, the crisis service and the answered event', () => {
  // A nats-server of this suite's own: other suites' crisis services would answer the crisis subject.
  let nats: NatsServer;
  let natsDir: string;
  let stub: OpenAiStub;
  const ai = inMemoryTracing('ai-query');
  const crisis = inMemoryTracing('crisis');
  const analytics = inMemoryTracing('analytics');
  const aiLog = memoryLog();
  const analyticsLog = memoryLog();
  let stopAll: () => Promise<void>;
  let aiQuery: AiQuery;

  beforeAll(async () => {
    natsDir = mkdtempSync(path.join(os.tmpdir(), 'ai-tracing-nats-'));
    nats = await startNats({ storeDir: natsDir });
    stub = await startOpenAiStub();
    // With a moderation model the crisis service may know more than the local rules, so ai-query asks it.
    const crisisService_ = await startService({
      name: 'crisis',
      config: CrisisConfig.parse({
        PORT: '0',
        MONGODB_URI: process.env.MONGODB_URI,
        NATS_URL: nats.url,
        MONGODB_DB: `crisis-trace-${randomUUID().slice(0, 8)}`,
        LOG_LEVEL: 'silent',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: stub.baseUrl,
      }),
      setup: crisisService(),
      tracing: crisis.tracing,
    });
    aiQuery = await startService({
      name: 'ai-query',
      config: AiQueryConfig.parse({
        PORT: '0',
        MONGODB_URI: process.env.MONGODB_URI,
        NATS_URL: nats.url,
        MONGODB_DB: `ai-trace-${randomUUID().slice(0, 8)}`,
        QUOTA_BUCKET: `quota_trace_${randomUUID().slice(0, 8)}`,
        LOG_LEVEL: 'info',
        CRISIS_TIMEOUT_MS: '2000',
      }),
      setup: aiQueryService(),
      logger: createLogger('ai-query', 'info', aiLog.stream),
      tracing: ai.tracing,
    });
    const bus = await EventBus.connect({
      url: nats.url,
      name: 'analytics-stand-in',
      logger: createLogger('analytics', 'info', analyticsLog.stream),
      tracing: analytics.tracing,
    });
    const consumer: Subscription = await bus.subscribe(
      Subjects.aiAnswered,
      `analytics-trace-${randomUUID().slice(0, 8)}`,
      async (event, { logger }) => logger.info({ eventId: event.id }, 'answer counted'),
      { schema: AiAnsweredEvent },
    );
    stopAll = async () => {
      await consumer.stop();
      await bus.close();
      await aiQuery.close();
      await crisisService_.close();
    };
  });

  afterAll(async () => {
    await stopAll?.();
    await Promise.all([ai.tracing.shutdown(), crisis.tracing.shutdown(), analytics.tracing.shutdown()]);
    await stub?.close();
    await nats?.stop();
    rmSync(natsDir, { recursive: true, force: true });
  });

  test('when a question comes with a traceparent and a request id, then every hop is one trace with the right parents', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const requestId = `trace-test-${randomUUID().slice(0, 8)}`;
    // The crisis info asked at start-up tells ai-query whether the crisis service knows more than its rules.
    const res = await ask(
      aiQuery,
      { query: 'Is ginger tea good for an upset stomach?', guestId: newGuestId() },
      { traceparent: `00-${traceId}-${callerSpanId}-01`, 'x-request-id': requestId },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    const server = await until('the HTTP server span', spanNamed(ai.exporter, traceId, 'POST /api/query-ai'));
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(parentOf(server)).toBe(callerSpanId);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    expect(server.attributes[ATTR_REQUEST_ID]).toEqual([requestId]);
    expect(server.attributes['http.route']).toBe('/api/query-ai');
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(server.resource.attributes['service.name']).toBe('ai-query');

    const rpcClient = await until(
      'the crisis RPC client span',
      spanNamed(ai.exporter, traceId, `${RpcSubjects.detectCrisis} request`),
    );
    expect(rpcClient.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(rpcClient)).toBe(idOf(server));
    expect(rpcClient.status.code).not.toBe(SpanStatusCode.ERROR);

    const rpcServer = await until(
      "the crisis service's server span",
      spanNamed(crisis.exporter, traceId, `${RpcSubjects.detectCrisis} reply`),
    );
    expect(rpcServer.kind).toBe(SpanKind.SERVER);
    expect(parentOf(rpcServer)).toBe(idOf(rpcClient));
    expect(rpcServer.parentSpanContext?.isRemote).toBe(true);
    expect(rpcServer.resource.attributes['service.name']).toBe('crisis');

    const publish = await until(
      'the answered event publish span',
      spanNamed(ai.exporter, traceId, `${Subjects.aiAnswered} publish`),
    );
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(publish)).toBe(idOf(server));
    expect(publish.attributes['messaging.system']).toBe('nats');
    expect(publish.attributes['messaging.destination.name']).toBe(Subjects.aiAnswered);

    const processed = await until(
      'the answered event consumer span',
      spanNamed(analytics.exporter, traceId, `${Subjects.aiAnswered} process`),
    );
    expect(processed.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(processed)).toBe(idOf(publish));
    expect(processed.parentSpanContext?.isRemote).toBe(true);
    expect(processed.attributes['messaging.message.id']).toBe(publish.attributes['messaging.message.id']);
    // The consumer's logger carries the trace and the request id the event came with.
    const counted = analyticsLog.lines.find(
      (line) => line.msg === 'answer counted' && line.eventId === processed.attributes['messaging.message.id'],
    );
    expect(counted).toMatchObject({ trace_id: traceId, span_id: idOf(processed), requestId });

    // The request's log line carries the trace: logs and traces join on trace_id.
    const logged = await until('the request log line', () =>
      aiLog.lines.find((line) => line.requestId === requestId && line.msg === 'request completed'),
    );
    expect(logged).toMatchObject({ trace_id: traceId, span_id: idOf(server) });
  });

  test('when a question comes without a traceparent, then ai-query starts the trace and the crisis service joins it', async () => {
    const requestId = `trace-test-${randomUUID().slice(0, 8)}`;
    const res = await ask(
      aiQuery,
      {
        query: 'What helps with seasonal allergies?',
        guestId: newGuestId(),
      },
      { 'x-request-id': requestId },
    );
    expect(res.status).toBe(200);
    const server = await until('the HTTP server span', () =>
      ai.exporter
        .getFinishedSpans()
        .find((span) => span.name === 'POST /api/query-ai' && String(span.attributes[ATTR_REQUEST_ID]) === requestId),
    );
    expect(server.parentSpanContext).toBeUndefined();
    const traceId = server.spanContext().traceId;
    const rpcServer = await until(
      "the crisis service's server span",
      spanNamed(crisis.exporter, traceId, `${RpcSubjects.detectCrisis} reply`),
    );
    const rpcClient = spanNamed(ai.exporter, traceId, `${RpcSubjects.detectCrisis} request`)();
    expect(rpcClient && parentOf(rpcClient)).toBe(idOf(server));
    expect(parentOf(rpcServer)).toBe(rpcClient && idOf(rpcClient));
  });
});
