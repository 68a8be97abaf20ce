// A transactional outbox without transactions (FerretDB has none): the document that changed carries its
// pending events in an `outbox` array, written by the same single-document update. The relay publishes
// them with msgID = event id (a re-publish after a crash is dropped by JetStream), then removes them.
import type { Model, Types, mongo } from 'mongoose';
import type { Logger } from 'pino';
import { within } from '../deadline.js';
import type { EventBus } from './bus.js';
import type { EventEnvelope } from './envelope.js';
import type { Registry } from 'prom-client';
import { outboxMetrics } from './event-metrics.js';
import { contextFromCarrier, currentTraceCarrier, type TraceCarrier } from '../tracing/propagation.js';

export const OUTBOX_FIELD = 'outbox';

/**
 * One pending event, as stored on the document: the envelope plus the request that caused it, and the trace
 * context (`traceparent`) of the span that stored it, so the publish, however late, joins that trace.
 */
export interface OutboxEntry extends EventEnvelope {
  requestId?: string;
  trace?: TraceCarrier;
}

/**
 * The entry to embed in a document's `outbox` array (generate the envelope, and so its id, once). Made
 * inside a traced request or message, it keeps that trace's context for the relay.
 */
export function outboxEntry(envelope: EventEnvelope, requestId?: string): OutboxEntry {
  const { id, type, occurredAt, data } = envelope;
  const trace = currentTraceCarrier();
  return { id, type, occurredAt, data, ...(requestId ? { requestId } : {}), ...(trace ? { trace } : {}) };
}

/** Schema path for the `outbox` array; `Mixed` so the stored entry is exactly what `outboxEntry` made. */
export const outboxPath = { type: [{}], default: undefined } as const;

export interface OutboxRelayOptions {
  /** The model whose documents carry an `outbox` array (only its driver collection is used). */
  model: Pick<Model<unknown>, 'collection'>;
  bus: EventBus;
  logger: Logger;
  /** How often to look for events left behind (NATS down, a crash between write and publish). */
  intervalMs?: number;
  /** Documents per pass. */
  batchSize?: number;
  /** The service's metrics (`events_outbox_published_total`, `events_outbox_lag_seconds`), by collection. */
  registry?: Registry;
}

interface PendingDocument {
  _id: Types.ObjectId;
  outbox?: OutboxEntry[];
}

/**
 * Publishes pending outbox events: right after a write (`kick()`) and on an interval. Passes never
 * overlap within a process; across replicas they may, which msgID de-duplication makes harmless.
 */
const SWEEP_EVERY_MS = 30_000;

export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Something may be waiting: set by writes and failed passes, cleared by a pass that emptied the outbox. */
  private pending = true;
  private lastPass = 0;
  private writes: Promise<unknown> = Promise.resolve();
  /** When the oldest event known to wait was written (ms since the epoch); undefined when none waits. */
  private waitingSince: number | undefined;
  private readonly metrics: ReturnType<typeof outboxMetrics> | undefined;

  constructor(private readonly options: OutboxRelayOptions) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 100;
    this.logger = options.logger.child({ outbox: options.model.collection.collectionName });
    this.metrics =
      options.registry &&
      outboxMetrics(options.registry, options.model.collection.collectionName, () =>
        this.waitingSince === undefined ? 0 : Math.max(0, Date.now() - this.waitingSince) / 1000,
      );
  }

  /** Start the interval (and a first pass for anything left from before a restart). */
  start(): this {
    // Each tick costs a query, so it runs only while something may be waiting, and at least every
    // SWEEP_EVERY_MS for entries another replica wrote and could not publish (it stopped, say).
    this.timer ??= setInterval(() => {
      if (this.pending || Date.now() - this.lastPass >= SWEEP_EVERY_MS) this.kick();
    }, this.intervalMs);
    this.timer.unref();
    this.kick();
    return this;
  }

  /** Run a pass soon; a pass already running is followed by one more. */
  kick(): void {
    if (this.stopped) return;
    this.pending = true;
    // Until a pass has read the documents, a write's event is known to wait since now.
    this.waitingSince ??= Date.now();
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.runOnce().catch((err: unknown) => this.logger.error({ err }, 'outbox pass failed'));
      } while (this.again && !this.stopped);
      this.running = undefined;
    })();
  }

  /** One pass; resolves with the number of events published. Stops at the first publish that fails. */
  async runOnce(): Promise<number> {
    const { bus } = this.options;
    this.lastPass = Date.now();
    if (!bus.isConnected()) return 0;
    // The driver's collection: an operator filter is meant here (the kit's connection sanitizes query filters).
    const collection = this.options.model.collection as unknown as mongo.Collection<PendingDocument>;
    const docs = await collection
      .find({ [`${OUTBOX_FIELD}.0`]: { $exists: true } }, { projection: { [OUTBOX_FIELD]: 1 } })
      .limit(this.batchSize)
      .toArray();
    const written = docs.flatMap((doc) => (doc.outbox ?? []).map((entry) => Date.parse(entry.occurredAt)));
    const oldest = Math.min(...written.filter(Number.isFinite));
    if (Number.isFinite(oldest)) this.waitingSince = Math.min(oldest, this.waitingSince ?? oldest);
    let published = 0;
    for (const doc of docs) {
      for (const entry of doc.outbox ?? []) {
        const { requestId, trace, ...envelope } = entry;
        try {
          const result = await bus.publish(envelope, { requestId, parent: contextFromCarrier(trace) });
          this.logger.info(
            { eventId: entry.id, type: entry.type, seq: result.seq, duplicate: result.duplicate, requestId },
            'outbox event published',
          );
        } catch (err) {
          this.logger.warn({ err, eventId: entry.id, type: entry.type }, 'outbox event not published yet; will retry');
          this.pending = true;
          return published;
        }
        // $pullAll of the entry exactly as read: FerretDB 1.x has no $pull by condition.
        await this.exclusive(() => collection.updateOne({ _id: doc._id }, { $pullAll: { outbox: [entry] } }));
        published += 1;
        this.metrics?.published.inc({ outbox: this.options.model.collection.collectionName });
      }
    }
    // A full batch may have more behind it; a short one emptied the outbox (writes since then kicked again).
    if (docs.length < this.batchSize && !this.again) {
      this.pending = false;
      this.waitingSince = undefined;
    }
    return published;
  }

  /**
   * Run a write to this collection's documents so that it never overlaps the relay's own removal of a
   * published entry. FerretDB 1.x applies an update as read-modify-write without isolation, so two
   * concurrent updates of one document can lose one of them (MongoDB does not need this; it is harmless).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writes.then(work);
    this.writes = result.catch(() => undefined);
    return result;
  }

  /**
   * Stop the interval and wait for a running pass, at most `timeoutMs` (a stalled database must not hold
   * up shutdown; what the pass did not publish stays in the documents for the next start).
   */
  async stop(timeoutMs = 2000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.metrics?.forget();
    if (this.running) await within(timeoutMs, this.running);
  }
}
