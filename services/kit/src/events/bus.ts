// The portal's JetStream connection (EventBus): publishing, durable consumers (durable-consumer.ts),
// request-reply (request-reply.ts), and the connection's state for /readyz.
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { SpanKind, type Context, type Tracer } from '@opentelemetry/api';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Counter, Registry } from 'prom-client';
import { encodeEnvelope, type EventEnvelope } from './envelope.js';
import { ensureStream } from './stream.js';
import { DEFAULT_ACK_WAIT_MS, redeliveryPolicy } from './redelivery.js';
import { replyTo, requestFrom, withRequestId, type ReplyHandler } from './request-reply.js';
import { natsConnectOptions, type NatsCredentials } from './connection.js';
import { consumerLagGauges, deadLetteredCounter } from './event-metrics.js';
import { DurableConsumer, type EventHandler, type SubscribeOptions, type Subscription } from './durable-consumer.js';
import { injectIntoNats } from '../tracing/propagation.js';
import { ATTR_MESSAGING_MESSAGE_ID, inSpan, messagingAttributes } from '../tracing/spans.js';
import { disabledTracing, type Tracing } from '../tracing/tracing.js';

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
   * Ensure the durable consumer, then process its messages one at a time until stopped (durable-consumer.ts).
   * Throws at once when the redelivery options could not leave the margin `redeliveryPolicy` checks.
   */
  async subscribe<S extends z.ZodType>(
    subject: string,
    durableName: string,
    handler: EventHandler<z.output<S>>,
    options: SubscribeOptions<S> = {},
  ): Promise<Subscription> {
    const policy = redeliveryPolicy({ ackWaitMs: this.ackWaitMs, ...options });
    const bus = {
      js: this.js,
      jsm: this.jsm,
      logger: this.logger,
      tracer: this.tracer,
      deadLettered: () => this.deadLettered,
    };
    const consumer = new DurableConsumer(bus, subject, durableName, handler, options.schema, policy);
    await consumer.ensure();
    this.durables.add(durableName);
    consumer.start();
    const subscription: Subscription = {
      stop: async () => {
        await consumer.stop();
        this.subscriptions.delete(subscription);
        this.durables.delete(durableName);
      },
    };
    this.subscriptions.add(subscription);
    this.logger.info({ subject, durableName }, 'consuming');
    return subscription;
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
