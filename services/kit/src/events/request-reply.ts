import { headers, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import type { Logger } from 'pino';
import { HttpError, formatZodError, friendlyErrors, isZodError } from '../errors.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';

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

export async function requestFrom<R extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  { response, timeoutMs = 2000, requestId }: { response: R; timeoutMs?: number; requestId?: string },
): Promise<z.output<R>> {
  const h = headers();
  if (requestId) h.set(REQUEST_ID_HEADER, requestId);
  let msg: Msg;
  try {
    msg = await nc.request(subject, encode(payload), { timeout: timeoutMs, headers: h });
  } catch (err) {
    throw new HttpError(503, `No answer from ${subject}`, { cause: err });
  }
  const reply = ReplyEnvelope.parse(msg.json());
  if (!reply.ok) throw new HttpError(reply.status, reply.message);
  return response.parse(reply.data);
}

export function replyTo<Q extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  {
    request,
    handler,
    queue,
    logger,
  }: { request: Q; handler: ReplyHandler<z.output<Q>>; queue: string; logger: Logger },
) {
  const answer = async (msg: Msg) => {
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const log = logger.child({ requestId, subject });
    try {
      const parsed = request.parse(msg.json(), { error: friendlyErrors });
      const data = await handler(parsed, { requestId, logger: log });
      msg.respond(encode({ ok: true, data }));
    } catch (err) {
      const status = err instanceof HttpError ? err.status : isZodError(err) || err instanceof SyntaxError ? 400 : 500;
      const message = err instanceof HttpError ? err.message : isZodError(err) ? formatZodError(err) : 'Internal error';
      if (status >= 500) log.error({ err }, 'request handler failed');
      msg.respond(encode({ ok: false, status, message }));
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
