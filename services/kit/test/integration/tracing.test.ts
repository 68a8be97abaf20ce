// The kit's tracing against real servers: spans exported over OTLP to a collector on loopback when the
// endpoint is set, nothing recorded or sent along when it is not, an outbox event published later in the
// trace of the request that stored it, and the HTTP span's name, route and status.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import { Schema } from 'mongoose';
import { z } from 'zod';
import { context, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import {
  ATTR_REQUEST_ID,
  OutboxRelay,
  createEnvelope,
  createLogger,
  createTracing,
  outboxEntry,
  outboxPath,
  requestContext,
  startService,
  type RunningService,
  type ServiceParts,
} from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

const config = (env: Record<string, string> = {}) => testConfig('kit-trace-test', 'kit-trace', env);

interface Received {
  path: string;
  contentType: string | undefined;
  body: Buffer;
}

/** An OTLP/HTTP collector on loopback that keeps what it receives and answers 200. */
async function startCollector() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const traceparentFor = () => {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
};

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pingRouter = () => {
  const router = Router();
  router.get('/api/ping/:id', (_req, res) => {
    // What a handler sees as the active span (none when tracing is off).
    res.json({ traceId: trace.getSpan(context.active())?.spanContext().traceId ?? null });
  });
  router.post('/api/late-body', (req, res) => {
    res.json({ traceId: trace.getSpan(context.active())?.spanContext().traceId ?? null, body: req.body as unknown });
  });
  router.get('/api/boom', () => {
    throw new Error('broken');
  });
  return router;
};

describe('spans exported over OTLP', () => {
  test('when OTEL_EXPORTER_OTLP_ENDPOINT is set, then the spans reach the collector as OTLP protobuf by the time the service has stopped', async () => {
    const collector = await startCollector();
    const service = await startService({
      name: 'kit-trace-test',
      version: '9.8.7',
      config: config({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'kit-otlp-renamed' }),
      setup: () => ({ routers: [pingRouter()] }),
    });
    try {
      expect(service.tracing.enabled).toBe(true);
      const caller = traceparentFor();
      const res = await fetch(`${service.url}/api/ping/7`, { headers: { traceparent: caller.traceparent } });
      expect(await res.json()).toEqual({ traceId: caller.traceId });
      // Batched: nothing is sent before the batch is due or the service stops.
      await service.close();
      const exported = collector.received.filter((r) => r.path === '/v1/traces');
      expect(exported.length).toBeGreaterThanOrEqual(1);
      expect(exported[0]!.contentType).toBe('application/x-protobuf');
      const body = Buffer.concat(exported.map((r) => r.body));
      for (const expected of ['kit-otlp-renamed', '9.8.7', 'GET /api/ping/:id', '@hhp/kit']) {
        expect(body.includes(Buffer.from(expected))).toBe(true);
      }
      expect(body.includes(Buffer.from(caller.traceId, 'hex'))).toBe(true);
      expect(body.includes(Buffer.from(caller.spanId, 'hex'))).toBe(true);
    } finally {
      await service.close();
      await collector.close();
    }
  });

  test('when no endpoint is set, then nothing is recorded, and neither requests nor messages carry a trace on', async () => {
    const service = await startService({
      name: 'kit-trace-test',
      config: config(),
      setup: () => ({ routers: [pingRouter()] }),
    });
    const subject = `rpc.kit.v1.trace-off-${randomUUID().slice(0, 8)}`;
    const seen: (string[] | undefined)[] = [];
    const responder = service.bus.nc.subscribe(subject, {
      callback: (_err, msg) => {
        seen.push(msg.headers?.keys());
        msg.respond(JSON.stringify({ ok: true, data: {} }));
      },
    });
    try {
      expect(service.tracing.enabled).toBe(false);
      const caller = traceparentFor();
      const res = await fetch(`${service.url}/api/ping/1`, { headers: { traceparent: caller.traceparent } });
      expect(await res.json()).toEqual({ traceId: null });
      await service.bus.request(subject, {}, { response: z.object({}), requestId: 'off-1' });
      expect(seen).toEqual([['x-request-id']]);
    } finally {
      responder.unsubscribe();
      await service.close();
    }
  });
});

describe('spans recorded in memory', () => {
  const exporter = new InMemorySpanExporter();
  const tracing = createTracing({
    name: 'kit-trace-test',
    version: 'test',
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const collection = `outbox_trace_${randomUUID().slice(0, 8)}`;
  const subject = `email.v1.kit-traced-${randomUUID().slice(0, 8)}`;
  let service: RunningService<Config>;
  let relay: OutboxRelay;
  const lines: Record<string, unknown>[] = [];
  const logTo = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });

  beforeAll(async () => {
    service = await startService({
      name: 'kit-trace-test',
      config: config(),
      tracing,
      logger: createLogger('kit-trace-test', 'info', logTo),
      setup: ({ mongo, bus, logger }): ServiceParts => {
        const model = mongo.connection.model(collection, new Schema({ outbox: outboxPath }), collection);
        relay = new OutboxRelay({ model, bus, logger });
        const router = pingRouter();
        router.post('/api/things', async (req, res) => {
          requestContext(req).logger.info('storing a thing');
          // Stored with the change; published later by the relay, outside this request.
          await model.collection.insertOne({ outbox: [outboxEntry(createEnvelope(subject, { n: 1 }))] });
          res.status(202).json({ stored: true });
        });
        return { routers: [router] };
      },
    });
  });
  afterAll(async () => {
    await relay.stop();
    await service.close();
    await tracing.shutdown();
  });

  const finished = () => exporter.getFinishedSpans();
  const named = (name: string, traceId?: string) => () =>
    finished().find((s) => s.name === name && (!traceId || s.spanContext().traceId === traceId));
  const idOf = (span: ReadableSpan) => span.spanContext().spanId;

  test('when an outbox event is published after its request ended, then its publish and its processing join that request`s trace', async () => {
    const processed: string[] = [];
    const consumer = await service.bus.subscribe(subject, `trace-${randomUUID().slice(0, 8)}`, async (event) => {
      processed.push((event as { id: string }).id);
    });
    try {
      const caller = traceparentFor();
      const res = await fetch(`${service.url}/api/things`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: caller.traceparent, 'x-request-id': 'outbox-1' },
        body: '{}',
      });
      expect(res.status).toBe(202);
      const server = await until('the request span', named('POST /api/things', caller.traceId));
      // The route's own line and the request's line carry the trace: logs and traces join on trace_id.
      const ids = { requestId: 'outbox-1', trace_id: caller.traceId, span_id: idOf(server), trace_flags: '01' };
      expect(lines.find((line) => line.msg === 'storing a thing')).toMatchObject(ids);
      expect(lines.find((line) => line.msg === 'request completed' && line.requestId === 'outbox-1')).toMatchObject(
        ids,
      );
      // The relay runs from the test, in no request's context: only the stored traceparent links it.
      expect(trace.getSpan(context.active())).toBeUndefined();
      expect(await relay.runOnce()).toBe(1);
      // The entry, trace and all, was removed as it was read: nothing is published twice.
      expect(await relay.runOnce()).toBe(0);
      const publish = await until('the publish span', named(`${subject} publish`, caller.traceId));
      expect(publish.kind).toBe(SpanKind.PRODUCER);
      expect(publish.parentSpanContext?.spanId).toBe(idOf(server));
      const processing = await until('the processing span', named(`${subject} process`, caller.traceId));
      expect(processing.kind).toBe(SpanKind.CONSUMER);
      expect(processing.parentSpanContext?.spanId).toBe(idOf(publish));
      expect(processed).toHaveLength(1);
    } finally {
      await consumer.stop();
    }
  });

  test('when a body arrives after the headers, then the route still runs in the request`s span', async () => {
    const caller = traceparentFor();
    // The body parser goes on from the body's last 'data' event, in the connection's context (raw-body binds
    // its callback back to the request's: tracing/http.ts).
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${service.url}/api/late-body`,
        { method: 'POST', headers: { 'content-type': 'application/json', traceparent: caller.traceparent } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      req.write('{"word":');
      setTimeout(() => req.end('"late"}'), 100);
    });
    expect(JSON.parse(answer)).toEqual({ traceId: caller.traceId, body: { word: 'late' } });
  });

  test('when a route fails, then its span is an error; an unknown path is named by its method alone; probes have none', async () => {
    const caller = traceparentFor();
    expect((await fetch(`${service.url}/api/boom`, { headers: { traceparent: caller.traceparent } })).status).toBe(500);
    const failed = await until('the failed span', named('GET /api/boom', caller.traceId));
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes['http.response.status_code']).toBe(500);

    const lost = traceparentFor();
    const res = await fetch(`${service.url}/api/nowhere`, { headers: { traceparent: lost.traceparent } });
    expect(res.status).toBe(404);
    const unmatched = await until('the 404 span', named('GET', lost.traceId));
    expect(unmatched.attributes['http.route']).toBeUndefined();
    expect(unmatched.attributes['url.path']).toBe('/api/nowhere');
    expect(unmatched.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(unmatched.attributes[ATTR_REQUEST_ID]).toEqual([res.headers.get('x-request-id')]);

    exporter.reset();
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished().filter((s) => s.kind === SpanKind.SERVER)).toEqual([]);
  });

  test('when a consumer fails, then its processing span is an error and the message is retried in the same trace', async () => {
    const failSubject = `${subject}-fails`;
    let calls = 0;
    const consumer = await service.bus.subscribe(
      failSubject,
      `trace-fail-${randomUUID().slice(0, 8)}`,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('not yet');
      },
      { backoffMs: [50] },
    );
    try {
      const root = tracing.tracer.startSpan('test root');
      await context.with(trace.setSpan(context.active(), root), () =>
        service.bus.publish(createEnvelope(failSubject, { n: 2 })),
      );
      root.end();
      const traceId = root.spanContext().traceId;
      const attempts = await until('two processing attempts', () => {
        const spans = finished().filter(
          (s) => s.name === `${failSubject} process` && s.spanContext().traceId === traceId,
        );
        return spans.length >= 2 ? spans : undefined;
      });
      expect(attempts.map((s) => s.status.code)).toEqual([SpanStatusCode.ERROR, SpanStatusCode.UNSET]);
      expect(attempts.map((s) => s.attributes['messaging.nats.delivery_count'])).toEqual([1, 2]);
    } finally {
      await consumer.stop();
    }
  });
});
