// The trace context in NATS headers and in a stored outbox entry, the log fields, and tracing left off.
import { randomBytes } from 'node:crypto';
import { headers } from '@nats-io/transport-node';
import { ROOT_CONTEXT, SpanKind, context, trace, type Context } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { createEnvelope, outboxEntry } from '../../src/index.js';
import {
  contextFromCarrier,
  currentTraceCarrier,
  extractFromHttp,
  extractFromNats,
  injectIntoNats,
} from '../../src/tracing/propagation.js';
import { traceLogFields } from '../../src/tracing/log.js';
import { createTracing, disabledTracing, entryPackageVersion } from '../../src/tracing/tracing.js';

const exporter = new InMemorySpanExporter();
const tracing = createTracing({
  name: 'unit',
  version: '1.2.3',
  spanProcessors: [new SimpleSpanProcessor({ exporter })],
});
afterAll(() => tracing.shutdown());

const remoteParent = () => {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
};

const spanContextOf = (ctx: Context) => trace.getSpanContext(ctx);

describe('the trace context in NATS headers', () => {
  test('when a span is active, then its traceparent and tracestate go into the headers and come back out as a remote parent', () => {
    const span = tracing.tracer.startSpan('send', { kind: SpanKind.PRODUCER });
    const h = injectIntoNats(headers(), trace.setSpan(ROOT_CONTEXT, span));
    span.end();
    const { traceId, spanId } = span.spanContext();
    expect(h.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);
    const extracted = spanContextOf(extractFromNats(h));
    expect(extracted).toMatchObject({ traceId, spanId, isRemote: true, traceFlags: 1 });
  });

  test('when a message carries a vendor tracestate, then it travels on with the parent', () => {
    const parent = remoteParent();
    const incoming = headers();
    incoming.set('traceparent', parent.traceparent);
    incoming.set('tracestate', 'vendor=abc');
    const outgoing = injectIntoNats(headers(), extractFromNats(incoming));
    expect(outgoing.get('traceparent')).toBe(parent.traceparent);
    expect(outgoing.get('tracestate')).toBe('vendor=abc');
  });

  test('when no span is active, then no header is written', () => {
    const h = injectIntoNats(headers(), ROOT_CONTEXT);
    expect(h.keys()).toEqual([]);
  });

  test('when a message has no headers, a broken traceparent or an all-zero trace id, then it has no parent', () => {
    expect(spanContextOf(extractFromNats(undefined))).toBeUndefined();
    for (const value of [
      'not-a-traceparent',
      `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01`,
      `00-${'a'.repeat(32)}-${'0'.repeat(16)}-01`,
      `00-${'a'.repeat(31)}-${'1'.repeat(16)}-01`,
    ]) {
      const h = headers();
      h.set('traceparent', value);
      expect(spanContextOf(extractFromNats(h))).toBeUndefined();
    }
  });

  test('when an HTTP request carries a traceparent in any letter case, then it is the parent', () => {
    const parent = remoteParent();
    expect(spanContextOf(extractFromHttp({ traceparent: parent.traceparent }))).toMatchObject({
      traceId: parent.traceId,
      spanId: parent.spanId,
      isRemote: true,
    });
    expect(spanContextOf(extractFromHttp({}))).toBeUndefined();
  });
});

describe('the trace context of an outbox entry', () => {
  test('when an entry is made inside a span, then it keeps that span as the parent of its later publish', () => {
    const span = tracing.tracer.startSpan('request', { kind: SpanKind.SERVER });
    const entry = context.with(trace.setSpan(ROOT_CONTEXT, span), () =>
      outboxEntry(createEnvelope('test.v1.happened', { n: 1 }), 'req-1'),
    );
    span.end();
    const { traceId, spanId } = span.spanContext();
    expect(entry.trace).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    expect(entry.requestId).toBe('req-1');
    // Stored as JSON and read back, as the relay reads it.
    const stored = JSON.parse(JSON.stringify(entry)) as typeof entry;
    expect(spanContextOf(contextFromCarrier(stored.trace))).toMatchObject({ traceId, spanId, isRemote: true });
  });

  test('when an entry is made outside any span, then it stores no trace and its publish starts one', () => {
    const entry = outboxEntry(createEnvelope('test.v1.happened', { n: 2 }));
    expect(entry).not.toHaveProperty('trace');
    expect(currentTraceCarrier(ROOT_CONTEXT)).toBeUndefined();
    expect(spanContextOf(contextFromCarrier(undefined))).toBeUndefined();
  });
});

describe('the trace ids on log lines', () => {
  test('when a span is given, then its trace_id, span_id and flags are the logger bindings; with none, nothing', () => {
    const span = tracing.tracer.startSpan('work');
    span.end();
    const { traceId, spanId } = span.spanContext();
    expect(traceLogFields(span)).toEqual({ trace_id: traceId, span_id: spanId, trace_flags: '01' });
    expect(traceLogFields(undefined)).toBeUndefined();
    expect(traceLogFields(disabledTracing.tracer.startSpan('off'))).toBeUndefined();
  });
});

describe('tracing left off', () => {
  test('when no endpoint and no processor are given, then tracing is off and its spans record nothing', () => {
    const off = createTracing({ name: 'quiet', version: '1' });
    expect(off).toBe(disabledTracing);
    expect(off.enabled).toBe(false);
    const span = off.tracer.startSpan('ignored');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe('0'.repeat(32));
    span.end();
    // Nothing to write into a message either.
    expect(injectIntoNats(headers(), trace.setSpan(ROOT_CONTEXT, span)).keys()).toEqual([]);
  });

  test('when tracing is off and a message arrives with a traceparent, then the context passes through unrecorded', () => {
    const parent = remoteParent();
    const h = headers();
    h.set('traceparent', parent.traceparent);
    const span = disabledTracing.tracer.startSpan('pass', {}, extractFromNats(h));
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe(parent.traceId);
  });

  test('when spans end on an enabled tracer, then the exporter has them with the service name and version', () => {
    exporter.reset();
    tracing.tracer.startSpan('seen').end();
    const [span] = exporter.getFinishedSpans();
    expect(span?.resource.attributes).toMatchObject({ 'service.name': 'unit', 'service.version': '1.2.3' });
  });
});

describe("a service's version", () => {
  test("when the entry file is a service's dist/main.js, then the version is its package.json's", () => {
    expect(entryPackageVersion(new URL('../../dist/main.js', import.meta.url).pathname)).toBe('0.1.0');
    expect(entryPackageVersion('/nowhere/dist/main.js')).toBeUndefined();
    expect(entryPackageVersion('')).toBeUndefined();
  });
});
