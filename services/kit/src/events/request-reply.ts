import { headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { SpanKind, type Span, type Tracer } from '@opentelemetry/api';
import { z } from 'zod';
import type { Logger } from 'pino';
import { HttpError, formatZodError, friendlyErrors, isZodError } from '../errors.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { traceLogFields } from '../tracing/log.js';
import { extractFromNats, injectIntoNats } from '../tracing/propagation.js';
import { ATTR_MESSAGING_CONSUMER_GROUP_NAME, inSpan, messagingAttributes, recordError } from '../tracing/spans.js';

/** What travels back on a reply subject. */
const ReplyEnvelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), status: z.number().int(), message: z.string() }),
]);

export type ReplyHandler<Q> = (
  request: Q,
  context: { requestId: string | undefined; logger: Logger },
) => Promise<unknown>;

const encode = (value: unknown) => JSON.stringify(value);

/** Ask on `subject` in a CLIENT span (`<subject> request`) whose context travels in the headers. */

/** Carries the request id of what a message was sent for (the logs of every service it reaches say it). */
export function withRequestId(h: MsgHdrs, requestId: string | undefined): MsgHdrs {
  if (requestId) h.set(REQUEST_ID_HEADER, requestId);
  return h;
}

export function requestFrom<R extends z.ZodType>(
  nc: NatsConnection,
  tracer: Tracer,
  subject: string,
  payload: unknown,
  { response, timeoutMs = 2000, requestId }: { response: R; timeoutMs?: number; requestId?: string },
): Promise<z.output<R>> {
  const attributes = messagingAttributes(subject, 'send', 'request');
  return inSpan(tracer, `${subject} request`, { kind: SpanKind.CLIENT, attributes }, async (_span, ctx) => {
    const h = injectIntoNats(withRequestId(headers(), requestId), ctx);
    let msg: Msg;
    try {
      msg = await nc.request(subject, encode(payload), { timeout: timeoutMs, headers: h });
    } catch (err) {
      throw new HttpError(503, `No answer from ${subject}`, { cause: err });
    }
    const reply = ReplyEnvelope.parse(msg.json());
    if (!reply.ok) throw new HttpError(reply.status, reply.message);
    return response.parse(reply.data) as z.output<R>;
  });
}

export function replyTo<Q extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  {
    request,
    handler,
    queue,
    logger,
    tracer,
  }: { request: Q; handler: ReplyHandler<z.output<Q>>; queue: string; logger: Logger; tracer: Tracer },
) {
  const attributes = {
    ...messagingAttributes(subject, 'process', 'reply'),
    [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: queue,
  };
  // A SERVER span (`<subject> reply`) under the asker's CLIENT span, active while the handler runs.
  const answer = (msg: Msg) =>
    inSpan(
      tracer,
      `${subject} reply`,
      { kind: SpanKind.SERVER, attributes },
      async (span) => {
        const failure = await respond(msg, span);
        if (failure) recordError(span, failure);
      },
      extractFromNats(msg.headers),
    );
  /** Answers the message; returns the error of a failure the answerer owns (a 5xx), for the span. */
  const respond = async (msg: Msg, span: Span): Promise<unknown> => {
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const log = logger.child({ requestId, subject, ...traceLogFields(span) });
    try {
      const parsed = request.parse(msg.json(), { error: friendlyErrors });
      const data = await handler(parsed, { requestId, logger: log });
      msg.respond(encode({ ok: true, data }));
      return undefined;
    } catch (err) {
      const status = err instanceof HttpError ? err.status : isZodError(err) || err instanceof SyntaxError ? 400 : 500;
      const message = err instanceof HttpError ? err.message : isZodError(err) ? formatZodError(err) : 'Internal error';
      if (status >= 500) log.error({ err }, 'request handler failed');
      msg.respond(encode({ ok: false, status, message }));
      return status >= 500 ? err : undefined;
    }
  };
  return nc.subscribe(subject, {
    queue,
    callback: (err, msg) => {
      if (err) logger.error({ err, subject }, 'reply subscription failed');
      else void answer(msg);
    },
  });
}
