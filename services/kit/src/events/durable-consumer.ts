// One durable consumer of the events stream (EventBus.subscribe): its JetStream consumer ensured with the
// redelivery policy's ack wait and deliveries, then its messages processed one at a time until stopped, each
// in a CONSUMER span under the publisher's. A handler that succeeds acks; one that fails naks with the
// policy's delay; the last failed delivery, a message that cannot be read, or one whose consumer died on every
// delivery goes to the dead-letter subject.
import { setTimeout as sleep } from 'node:timers/promises';
import { headers, nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { SpanKind, type Span, type Tracer } from '@opentelemetry/api';
import type { Counter } from 'prom-client';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { DEAD_LETTER_SUBJECT, EVENTS_STREAM } from '@hhp/proto';
import { decodeEnvelope } from './envelope.js';
import {
  DEFAULT_BACKOFF_MS,
  afterFailure,
  keepWorking,
  type RedeliveryOptions,
  type RedeliveryPolicy,
} from './redelivery.js';
import { withRequestId } from './request-reply.js';
import { InboxBusyError, type ClaimOptions } from '../data/inbox.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { extractFromNats, injectIntoNats } from '../tracing/propagation.js';
import {
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  ATTR_MESSAGING_DELIVERY_COUNT,
  ATTR_MESSAGING_MESSAGE_ID,
  inSpan,
  messagingAttributes,
  recordError,
} from '../tracing/spans.js';
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

/** What a consumer uses of its bus. */
export interface ConsumerBus {
  js: JetStreamClient;
  jsm: JetStreamManager;
  logger: Logger;
  tracer: Tracer;
  /** The dead letters' counter, once the bus is instrumented. */
  deadLettered(): Counter<'consumer'> | undefined;
}

export class DurableConsumer<S extends z.ZodType> {
  private stopped = false;
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: ConsumerBus,
    private readonly subject: string,
    private readonly durableName: string,
    private readonly handler: EventHandler<z.output<S>>,
    private readonly schema: S | undefined,
    private readonly policy: RedeliveryPolicy,
  ) {}

  /** Creates the JetStream consumer, or updates what may change of an existing one. */
  async ensure(): Promise<void> {
    const { jsm } = this.bus;
    const config = {
      durable_name: this.durableName,
      filter_subject: this.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      // One more than the bus's own limit: a message whose consumer died on every delivery arrives once more,
      // to be dead-lettered (`process`), where JetStream alone would stop delivering it without a trace.
      max_deliver: this.policy.maxDeliver + 1,
      ack_wait: nanos(this.policy.ackWaitMs),
    };
    try {
      await jsm.consumers.add(EVENTS_STREAM, config);
    } catch (err) {
      if (!(err instanceof JetStreamApiError)) throw err;
      // Exists with other settings: update what may change.
      await jsm.consumers.update(EVENTS_STREAM, this.durableName, {
        filter_subject: this.subject,
        max_deliver: config.max_deliver,
        ack_wait: config.ack_wait,
      });
    }
  }

  /** Processes the consumer's messages one at a time until stopped, resuming after an interruption. */
  start(): void {
    const { durableName } = this;
    this.loop = (async () => {
      while (!this.stopped) {
        try {
          const consumer = await this.bus.js.consumers.get(EVENTS_STREAM, durableName);
          this.messages = await consumer.consume({ max_messages: 10 });
          // Stopped while it was being set up, when `stop` had nothing to close: end the iteration below.
          if (this.stopped) void this.messages.close();
          for await (const msg of this.messages) await this.deliver(msg);
        } catch (err) {
          if (!this.stopped) this.bus.logger.warn({ err, durableName }, 'consumer interrupted; resuming');
        }
        if (!this.stopped) await sleep(1000);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.loop;
  }

  /** Process one message in a CONSUMER span whose parent is the publisher's span (from the headers). */
  private deliver(msg: JsMsg): Promise<void> {
    const messageId = msg.headers?.get('Nats-Msg-Id');
    const attributes = {
      ...messagingAttributes(msg.subject, 'process', 'process'),
      [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: this.durableName,
      [ATTR_MESSAGING_DELIVERY_COUNT]: msg.info.deliveryCount,
      ...(messageId ? { [ATTR_MESSAGING_MESSAGE_ID]: messageId } : {}),
    };
    return inSpan(
      this.bus.tracer,
      `${msg.subject} process`,
      { kind: SpanKind.CONSUMER, attributes },
      (span) => this.process(msg, span),
      extractFromNats(msg.headers),
    );
  }

  private async process(msg: JsMsg, span: Span): Promise<void> {
    const { durableName, policy } = this;
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const deliveryCount = msg.info.deliveryCount;
    const logger = this.bus.logger.child({
      requestId,
      subject: msg.subject,
      durableName,
      seq: msg.seq,
      deliveryCount,
      ...traceLogFields(span),
    });
    let event: z.output<S>;
    try {
      event = decodeEnvelope(msg.data, this.schema) as z.output<S>;
    } catch (err) {
      // A message that cannot be read will not get better by retrying.
      recordError(span, err);
      await this.deadLetter(msg, err, logger);
      return;
    }
    if (deliveryCount > policy.maxDeliver) {
      // Each of its deliveries ended without an answer: its consumer stopped while handling it (or froze).
      const err = new Error(`its consumer stopped during each of its ${policy.maxDeliver} deliveries`);
      recordError(span, err);
      await this.deadLetter(msg, err, logger);
      return;
    }
    const lease = { leaseMs: policy.leaseMs, waitMs: policy.waitMs };
    const stopHeartbeat = keepWorking(msg, policy);
    try {
      await this.handler(event, { requestId, logger, deliveryCount, subject: msg.subject, lease });
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
        await this.deadLetter(msg, err, logger);
      }
    }
  }

  /** Republish to the dead-letter subject, then terminate; if that fails, nak so nothing is lost. */
  private async deadLetter(msg: JsMsg, err: unknown, logger: Logger): Promise<void> {
    const { durableName } = this;
    const h = injectIntoNats(withRequestId(headers(), msg.headers?.get(REQUEST_ID_HEADER) || undefined));
    h.set('x-original-subject', msg.subject);
    h.set('x-original-seq', String(msg.seq));
    h.set('x-consumer', durableName);
    h.set('x-error', String(err instanceof Error ? err.message : err).slice(0, 500));
    try {
      await this.bus.js.publish(DEAD_LETTER_SUBJECT, msg.data, {
        msgID: `dead-letter:${durableName}:${msg.seq}`,
        headers: h,
      });
      msg.term(`dead-lettered: ${h.get('x-error')}`);
      this.bus.deadLettered()?.inc({ consumer: durableName });
      logger.error({ err }, 'event dead-lettered');
    } catch (publishErr) {
      logger.error({ err, publishErr }, 'could not dead-letter the event; will retry');
      msg.nak(DEFAULT_BACKOFF_MS.at(-1));
    }
  }
}
