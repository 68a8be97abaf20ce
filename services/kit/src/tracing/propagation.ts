// W3C trace context (`traceparent`, `tracestate`) in and out of the places a trace crosses: HTTP request
// headers, NATS message headers, and an outbox entry stored now and published later. One propagator object,
// not the global one: several services may share a process (the integration tests) and none should depend
// on what another registered.
import { ROOT_CONTEXT, context, type Context, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { MsgHdrs } from '@nats-io/transport-node';

export const propagator = new W3CTraceContextPropagator();

/** NATS headers as a carrier: keys are matched exactly, and the propagator writes them in lower case. */
export const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => carrier?.keys() ?? [],
  get: (carrier, key) => (carrier?.has(key) ? carrier.get(key) : undefined),
};

export const natsHeaderSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

const httpHeaderGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key.toLowerCase()],
};

/** Writes the span of `ctx` (default: the active one) into NATS headers; nothing when there is none. */
export function injectIntoNats(headers: MsgHdrs, ctx: Context = context.active()): MsgHdrs {
  propagator.inject(ctx, headers, natsHeaderSetter);
  return headers;
}

/** The remote parent a NATS message carries, as a context to start a span in (ROOT when it has none). */
export function extractFromNats(headers: MsgHdrs | undefined): Context {
  return propagator.extract(ROOT_CONTEXT, headers, natsHeaderGetter);
}

/** The remote parent an HTTP request carries (nginx passes a client's `traceparent` on as it came). */
export function extractFromHttp(headers: IncomingHttpHeaders): Context {
  return propagator.extract(ROOT_CONTEXT, headers, httpHeaderGetter);
}

/** A stored form of a context: `{ traceparent, tracestate? }`, or undefined when no span is active. */
export type TraceCarrier = Record<string, string>;

/** The active span as a plain object to store with something published later (an outbox entry). */
export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagator.inject(ctx, carrier, { set: (c, key, value) => (c[key] = value) });
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/** The context a stored carrier describes (ROOT when there is none). */
export function contextFromCarrier(carrier: TraceCarrier | undefined): Context {
  if (!carrier) return ROOT_CONTEXT;
  return propagator.extract(ROOT_CONTEXT, carrier, {
    keys: (c) => Object.keys(c),
    get: (c, key) => (typeof c[key] === 'string' ? c[key] : undefined),
  });
}
