import { setTimeout as sleep } from 'node:timers/promises';
import { connect, headers, nanos, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type ConsumerMessages,
} from '@nats-io/jetstream';
import { SpanKind, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { DEAD_LETTER_SUBJECT, EVENTS_STREAM } from '@hhp/proto';
import { decodeEnvelope, encodeEnvelope, type EventEnvelope } from './envelope.js';
import { ensureStream } from './stream.js';
import {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_BACKOFF_MS,
  afterFailure,
  keepWorking,
  redeliveryPolicy,
  type RedeliveryOptions,
  type RedeliveryPolicy,
} from './redelivery.js';
import { InboxBusyError, type ClaimOptions } from '../data/inbox.js';
import { replyTo, requestFrom, type ReplyHandler } from './request-reply.js';
import { natsConnectOptions, type NatsCredentials } from './connection.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import type { Counter, Registry } from 'prom-client';
import { consumerLagGauges, deadLetteredCounter } from './event-metrics.js';
import { extractFromNats, injectIntoNats } from '../tracing/propagation.js';
import {
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  ATTR_MESSAGING_DELIVERY_COUNT,
  ATTR_MESSAGING_MESSAGE_ID,
  inSpan,
  messagingAttributes,
  recordError,
} from '../tracing/spans.js';
import { disabledTracing, type Tracing } from '../tracing/tracing.js';
import { traceLogFields } from '../tracing/log.js';

export interface EventContext {
  requestId: string | undefined;
  logger: Logger;
  deliveryCount: number;
  subject: string;
  /**
   * The inbox claim for this delivery (`inbox.once(key, work, context.lease)`): a lease that has always run out
   * by the time JetStream redelivers after a crash, and a wait for another delivery of the same key.
   */
  lease: Required<ClaimOptions>;
}

export type EventHandler<T> = (event: T, context: EventContext) => Promise<void>;

/** `ackWaitMs` defaults to the bus's (EVENT_ACK_WAIT_MS); the rest of the policy derives from it (redelivery.ts). */
export interface SubscribeOptions<S extends z.ZodType> extends RedeliveryOptions {
  /** The event's proto schema; a message that does not match goes straight to the dead-letter subject. */
  schema?: S;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface PublishResult {
  seq: number;
  duplicate: boolean;
}

/**
 * The portal's JetStream connection: reconnects forever, publishes events with `msgID = id`, runs
 * durable consumers with explicit acks, backoff and a dead-letter subject, and answers requests.
 * Every message carries the W3C trace context of what sent it in its headers (`traceparent`): a publish is
 * a PRODUCER span, its processing a CONSUMER span under it, a request a CLIENT span and its answer a
 * SERVER span under that (no-op spans when the service does not trace).
 */
export class EventBus {
  private connected = true;
  private readonly subscriptions = new Set<Subscription>();
  private readonly reconnectListeners = new Set<() => void>();
  /** The durable consumers this bus runs (their lag is reported by `instrument`). */
  private readonly durables = new Set<string>();
  private deadLettered: Counter<'consumer'> | undefined;

  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    private readonly name: string,
    private readonly logger: Logger,
    private readonly tracer: Tracer,
    private readonly ackWaitMs: number,
  ) {
    void this.watchStatus();
  }

  static async connect({
    url,
    name,
    logger,
    tracing = disabledTracing,
    ackWaitMs = DEFAULT_ACK_WAIT_MS,
    ...credentials
  }: {
    url: string;
    name: string;
    logger: Logger;
    tracing?: Tracing;
    /** The durable consumers' ack wait unless `subscribe` says otherwise. */
    ackWaitMs?: number;
  } & NatsCredentials): Promise<EventBus> {
    const nc = await connect({
      ...natsConnectOptions(url, credentials),
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      waitOnFirstConnect: true,
      // Otherwise every request builds an Error up front for a stack trace it rarely needs (3% of
      // ai-query's CPU under load, scripts/bench/ai-query-profile.mjs).
      noAsyncTraces: true,
    });
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm);
    logger.info({ server: nc.getServer() }, 'connected to NATS');
    return new EventBus(nc, jetstream(nc), jsm, name, logger, tracing.tracer, ackWaitMs);
  }

  private async watchStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn({ server: status.server }, 'NATS disconnected');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.info({ server: status.server }, 'NATS reconnected');
        for (const listener of this.reconnectListeners) listener();
      }
    }
  }

  /** Calls `listener` whenever the connection is back after a disconnect; returns what stops that. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** For /readyz: false while the client is disconnected or closed. */
  isConnected(): boolean {
    return this.connected && !this.nc.isClosed() && !this.nc.isDraining();
  }

  /** Counts dead letters and reports the lag of this bus's durable consumers in `registry` (the service's /metrics). */
  instrument(registry: Registry): void {
    this.deadLettered = deadLetteredCounter(registry);
    consumerLagGauges(registry, this.jsm, () => this.durables);
  }

  /** Publish to the stream; the PRODUCER span is a child of `parent` (default: the active context). */
  publish(envelope: EventEnvelope, { subject = envelope.type, requestId, parent }: PublishOptions = {}) {
    const attributes = {
      ...messagingAttributes(subject, 'send', 'publish'),
      [ATTR_MESSAGING_MESSAGE_ID]: envelope.id,
    };
    return inSpan(
      this.tracer,
      `${subject} publish`,
      { kind: SpanKind.PRODUCER, attributes },
      async (span, ctx) => {
        const ack = await this.js.publish(subject, encodeEnvelope(envelope), {
          msgID: envelope.id,
          headers: injectIntoNats(withRequestId(headers(), requestId), ctx),
          timeout: 5000,
        });
        if (ack.duplicate) span.setAttribute('messaging.nats.duplicate', true);
        return { seq: ack.seq, duplicate: ack.duplicate } satisfies PublishResult;
      },
      parent,
    );
  }

  /**
   * Ensure the durable consumer, then process its messages one at a time until stopped. Throws at once when
   * the redelivery options could not leave the margin `redeliveryPolicy` checks.
   */
  async subscribe<S extends z.ZodType>(
    subject: string,
    durableName: string,
    handler: EventHandler<z.output<S>>,
    options: SubscribeOptions<S> = {},
  ): Promise<Subscription> {
    const policy = redeliveryPolicy({ ackWaitMs: this.ackWaitMs, ...options });
    await this.ensureConsumer(subject, durableName, policy);
    this.durables.add(durableName);
    let stopped = false;
    let messages: ConsumerMessages | undefined;
    const loop = (async () => {
      while (!stopped) {
        try {
          const consumer = await this.js.consumers.get(EVENTS_STREAM, durableName);
          messages = await consumer.consume({ max_messages: 10 });
          // Stopped while it was being set up, when `stop` had nothing to close: end the iteration below.
          if (stopped) void messages.close();
          for await (const msg of messages) {
            await this.deliver(msg, durableName, handler, options.schema, policy);
          }
        } catch (err) {
          if (!stopped) this.logger.warn({ err, durableName }, 'consumer interrupted; resuming');
        }
        if (!stopped) await sleep(1000);
      }
    })();
    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        await messages?.close();
        await loop;
        this.subscriptions.delete(subscription);
        this.durables.delete(durableName);
      },
    };
    this.subscriptions.add(subscription);
    this.logger.info({ subject, durableName }, 'consuming');
    return subscription;
  }

  private async ensureConsumer(subject: string, durableName: string, policy: RedeliveryPolicy) {
    const config = {
      durable_name: durableName,
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      // One more than the bus's own limit: a message whose consumer died on every delivery arrives once more,
      // to be dead-lettered (`process`), where JetStream alone would stop delivering it without a trace.
      max_deliver: policy.maxDeliver + 1,
      ack_wait: nanos(policy.ackWaitMs),
    };
    try {
      await this.jsm.consumers.add(EVENTS_STREAM, config);
    } catch (err) {
      if (!(err instanceof JetStreamApiError)) throw err;
      // Exists with other settings: update what may change.
      await this.jsm.consumers.update(EVENTS_STREAM, durableName, {
        filter_subject: subject,
        max_deliver: config.max_deliver,
        ack_wait: config.ack_wait,
      });
    }
  }

  /** Process one message in a CONSUMER span whose parent is the publisher's span (from the headers). */
  private deliver<S extends z.ZodType>(
    msg: JsMsg,
    durableName: string,
    handler: EventHandler<z.output<S>>,
    schema: S | undefined,
    policy: RedeliveryPolicy,
  ): Promise<void> {
    const messageId = msg.headers?.get('Nats-Msg-Id');
    const attributes = {
      ...messagingAttributes(msg.subject, 'process', 'process'),
      [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: durableName,
      [ATTR_MESSAGING_DELIVERY_COUNT]: msg.info.deliveryCount,
      ...(messageId ? { [ATTR_MESSAGING_MESSAGE_ID]: messageId } : {}),
    };
    return inSpan(
      this.tracer,
      `${msg.subject} process`,
      { kind: SpanKind.CONSUMER, attributes },
      (span) => this.process(msg, durableName, handler, schema, policy, span),
      extractFromNats(msg.headers),
    );
  }

  private async process<S extends z.ZodType>(
    msg: JsMsg,
    durableName: string,
    handler: EventHandler<z.output<S>>,
    schema: S | undefined,
    policy: RedeliveryPolicy,
    span: Span,
  ): Promise<void> {
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const deliveryCount = msg.info.deliveryCount;
    const logger = this.logger.child({
      requestId,
      subject: msg.subject,
      durableName,
      seq: msg.seq,
      deliveryCount,
      ...traceLogFields(span),
    });
    let event: z.output<S>;
    try {
      event = decodeEnvelope(msg.data, schema) as z.output<S>;
    } catch (err) {
      // A message that cannot be read will not get better by retrying.
      recordError(span, err);
      await this.deadLetter(msg, durableName, err, logger);
      return;
    }
    if (deliveryCount > policy.maxDeliver) {
      // Each of its deliveries ended without an answer: its consumer stopped while handling it (or froze).
      const err = new Error(`its consumer stopped during each of its ${policy.maxDeliver} deliveries`);
      recordError(span, err);
      await this.deadLetter(msg, durableName, err, logger);
      return;
    }
    const lease = { leaseMs: policy.leaseMs, waitMs: policy.waitMs };
    const stopHeartbeat = keepWorking(msg, policy);
    try {
      await handler(event, { requestId, logger, deliveryCount, subject: msg.subject, lease });
      stopHeartbeat();
      msg.ack();
    } catch (err) {
      stopHeartbeat();
      recordError(span, err);
      const step = afterFailure(deliveryCount, policy.maxDeliver, policy.backoffMs);
      if (step.action === 'retry') {
        // Still held by another delivery after a whole wait: not before its lease could have run out.
        const delayMs = err instanceof InboxBusyError ? Math.max(step.delayMs, err.retryAfterMs) : step.delayMs;
        logger.warn({ err, retryInMs: delayMs }, 'event handler failed; will retry');
        msg.nak(delayMs);
      } else {
        await this.deadLetter(msg, durableName, err, logger);
      }
    }
  }

  /** Republish to the dead-letter subject, then terminate; if that fails, nak so nothing is lost. */
  private async deadLetter(msg: JsMsg, durableName: string, err: unknown, logger: Logger): Promise<void> {
    const h = injectIntoNats(withRequestId(headers(), msg.headers?.get(REQUEST_ID_HEADER) || undefined));
    h.set('x-original-subject', msg.subject);
    h.set('x-original-seq', String(msg.seq));
    h.set('x-consumer', durableName);
    h.set('x-error', String(err instanceof Error ? err.message : err).slice(0, 500));
    try {
      await this.js.publish(DEAD_LETTER_SUBJECT, msg.data, {
        msgID: `dead-letter:${durableName}:${msg.seq}`,
        headers: h,
      });
      msg.term(`dead-lettered: ${h.get('x-error')}`);
      this.deadLettered?.inc({ consumer: durableName });
      logger.error({ err }, 'event dead-lettered');
    } catch (publishErr) {
      logger.error({ err, publishErr }, 'could not dead-letter the event; will retry');
      msg.nak(DEFAULT_BACKOFF_MS.at(-1));
    }
  }

  /** Ask another service; resolves with its validated answer or throws an HttpError (503 when silent). */
  request<R extends z.ZodType>(
    subject: string,
    payload: unknown,
    options: { response: R; timeoutMs?: number; requestId?: string },
  ): Promise<z.output<R>> {
    return requestFrom(this.nc, this.tracer, subject, payload, options);
  }

  /** Answer requests on `subject` (one member of the service's queue group answers each). */
  reply<Q extends z.ZodType>(subject: string, options: { request: Q; handler: ReplyHandler<z.output<Q>> }) {
    return replyTo(this.nc, subject, { ...options, queue: this.name, logger: this.logger, tracer: this.tracer });
  }

  /** Stop consumers, then drain: in-flight publishes and replies finish before the connection closes. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}

export interface PublishOptions {
  subject?: string;
  requestId?: string | undefined;
  /**
   * The trace the event belongs to, when it is published later than it was made (a batch, a relay of
   * stored events); default: the active context.
   */
  parent?: Context | undefined;
}

export function withRequestId(h: MsgHdrs, requestId: string | undefined): MsgHdrs {
  if (requestId) h.set(REQUEST_ID_HEADER, requestId);
  return h;
}
