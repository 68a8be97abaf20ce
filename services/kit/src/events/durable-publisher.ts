// Events that no stored document carries (a crisis detected, an answer given) cannot use the outbox, and
// a request must neither wait for NATS nor fail because of it. This publisher keeps each event in memory
// until JetStream has acknowledged it: a publish that fails (NATS away, JetStream not ready after a
// restart, no acknowledgement in time) is tried again with backoff, with the same msgID (the event id), so
// an attempt that did reach the stream before its acknowledgement was lost is dropped by the server as a
// duplicate. The server remembers ids for the stream's duplicate window (24 h, stream.ts); the retry comes
// when the connection is back (or at most `maxRetryMs` later), so any outage shorter than that is covered.
//
// The memory is bounded (`maxPending`): beyond it the oldest events are dropped, with an error log and a
// counter, rather than the process growing without end. On shutdown, `close()` tries for a bounded time
// and logs what it could not deliver. A crash loses what is waiting: events whose loss matters more than
// that belong in the outbox of the document that changed (outbox.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { context } from '@opentelemetry/api';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { EventBus, PublishOptions } from './bus.js';
import type { EventEnvelope } from './envelope.js';

export interface DurablePublisherOptions {
  /** With `onReconnect`, what waits goes out as soon as NATS is back, not at the next retry. */
  bus: Pick<EventBus, 'publish' | 'isConnected'> & Partial<Pick<EventBus, 'onReconnect'>>;
  logger: Logger;
  /** Names the publisher in logs and metrics (the event type, say). */
  name: string;
  /**
   * Events published within this window go out together, in one socket write, and their acknowledgements
   * come back together; 0 (the default) sends each at once, as a direct publish would.
   */
  batchMs?: number;
  /** Events kept at most; past this the oldest are dropped (with an error log). */
  maxPending?: number;
  /** Publishes in flight at most, per pass. */
  maxBatch?: number;
  /** After a failed pass, the next waits `firstRetryMs`, doubling up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Where to register `events_waiting` and `events_dropped_total` (labelled by `name`). */
  registry?: Registry;
}

interface Waiting {
  envelope: EventEnvelope;
  options: PublishOptions;
}

function metric<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

export class DurablePublisher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  /** Failed passes in a row; 0 while publishing works. */
  private failures = 0;
  /** Dropped since publishing last worked. */
  private dropped = 0;
  private closing = false;
  private readonly batchMs: number;
  private readonly maxPending: number;
  private readonly maxBatch: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly logger: Logger;
  private readonly droppedTotal: Counter<'publisher'> | undefined;
  private readonly waitingGauge: Gauge<'publisher'> | undefined;
  private inFlight = 0;
  private readonly stopListening: (() => unknown) | undefined;

  constructor(private readonly options: DurablePublisherOptions) {
    this.batchMs = options.batchMs ?? 0;
    this.maxPending = options.maxPending ?? 10_000;
    this.maxBatch = options.maxBatch ?? 1000;
    this.firstRetryMs = options.firstRetryMs ?? 250;
    this.maxRetryMs = options.maxRetryMs ?? 2000;
    this.logger = options.logger.child({ publisher: options.name });
    this.stopListening = options.bus.onReconnect?.(() => this.reconnected());
    const { registry } = options;
    if (registry) {
      this.droppedTotal = metric(
        registry,
        'events_dropped_total',
        () =>
          new Counter({
            name: 'events_dropped_total',
            help: 'Events dropped unpublished: too many were waiting for NATS, or shutdown came first',
            labelNames: ['publisher'] as const,
            registers: [registry],
          }),
      );
      this.waitingGauge = metric(
        registry,
        'events_waiting',
        () =>
          new Gauge({
            name: 'events_waiting',
            help: 'Events waiting to be published, as of the last publishing pass',
            labelNames: ['publisher'] as const,
            registers: [registry],
          }),
      );
    }
  }

  /** Events not yet acknowledged by JetStream: waiting, or being published right now. */
  get pending(): number {
    return this.waiting.length + this.inFlight;
  }

  /**
   * Queue an event; it goes out within `batchMs`, and again until JetStream has acknowledged it. Its publish
   * span belongs to the trace that queued it (the active context now), not to whatever runs the batch.
   */
  publish(envelope: EventEnvelope, { parent = context.active(), ...rest }: PublishOptions = {}): void {
    const options: PublishOptions = { ...rest, parent };
    if (this.closing) {
      this.drop([{ envelope, options }], 'after shutdown began');
      return;
    }
    this.waiting.push({ envelope, options });
    this.trim();
    // Unbatched and healthy: on its way before the caller answers (as a direct publish would be).
    if (this.batchMs === 0 && this.failures === 0 && !this.timer && !this.sending && !this.closing) void this.run();
    else this.schedule(this.failures > 0 ? this.retryDelay() : this.batchMs);
  }

  /**
   * Deliver what is waiting, trying for at most `timeoutMs`; whatever is left is logged and dropped. Later
   * `publish` calls are dropped too (the connection is about to close).
   */
  async close(timeoutMs = 3000): Promise<void> {
    this.closing = true;
    this.stopListening?.();
    clearTimeout(this.timer);
    this.timer = undefined;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (this.waiting.length > 0 || this.sending)) {
      if (this.sending) {
        await Promise.race([this.sending, sleep(deadline - Date.now())]);
        continue;
      }
      await this.pass();
      if (this.failures > 0) await sleep(Math.min(this.retryDelay(), Math.max(0, deadline - Date.now())));
    }
    clearTimeout(this.timer);
    const left = this.waiting;
    this.waiting = [];
    this.drop(left, `not published within ${timeoutMs} ms of shutdown (${this.inFlight} more not acknowledged yet)`);
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.sending || this.closing) return; // the pass that is due (or running) takes it
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delayMs);
    this.timer.unref();
  }

  /** A pass, then the next one if anything is left (at once, or after the backoff). */
  private async run(): Promise<void> {
    await this.pass();
    if (this.waiting.length > 0) this.schedule(this.failures > 0 ? this.retryDelay() : 0);
  }

  /** NATS is back: publish now, and retry soon if JetStream is not ready yet. */
  private reconnected(): void {
    if (this.closing || this.sending || this.waiting.length === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.failures = Math.min(this.failures, 1);
    void this.run();
  }

  private retryDelay(): number {
    return Math.min(this.firstRetryMs * 2 ** Math.max(0, this.failures - 1), this.maxRetryMs);
  }

  /** One round of publishes, all started in the same tick (one socket write); failures go back in front. */
  private async pass(): Promise<void> {
    if (this.sending) return this.sending;
    if (!this.options.bus.isConnected()) {
      this.failed(undefined);
      return;
    }
    const batch = this.waiting.splice(0, this.maxBatch);
    this.waitingGauge?.set({ publisher: this.options.name }, this.waiting.length);
    if (batch.length === 0) return;
    this.inFlight = batch.length;
    this.sending = (async () => {
      const results = await Promise.allSettled(
        batch.map(({ envelope, options }) => this.options.bus.publish(envelope, options)),
      );
      const again = batch.filter((_, i) => results[i]!.status === 'rejected');
      if (again.length === 0) {
        this.recovered();
        return;
      }
      this.waiting.unshift(...again);
      this.trim();
      const reason = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      this.failed(reason.reason);
    })();
    try {
      await this.sending;
    } finally {
      this.sending = undefined;
      this.inFlight = 0;
      this.waitingGauge?.set({ publisher: this.options.name }, this.waiting.length);
    }
  }

  private failed(err: unknown): void {
    this.failures += 1;
    if (this.failures === 1) {
      this.logger.warn(
        { err, waiting: this.waiting.length },
        'could not publish events; keeping them to publish again when NATS answers',
      );
    }
  }

  private recovered(): void {
    if (this.failures === 0) return;
    this.logger.info(
      { failedAttempts: this.failures, waiting: this.waiting.length, dropped: this.dropped },
      'publishing events again',
    );
    this.failures = 0;
    this.dropped = 0;
  }

  /** Keep at most `maxPending`, dropping the oldest. */
  private trim(): void {
    const over = this.waiting.length - this.maxPending;
    if (over > 0) this.drop(this.waiting.splice(0, over), `more than ${this.maxPending} events waiting for NATS`);
  }

  private drop(events: Waiting[], why: string): void {
    if (events.length === 0) return;
    this.droppedTotal?.inc({ publisher: this.options.name }, events.length);
    const first = this.dropped === 0;
    this.dropped += events.length;
    // One line when dropping starts (and at shutdown), not one per event.
    if (first || this.closing) {
      this.logger.error(
        { dropped: events.length, eventIds: events.slice(0, 20).map(({ envelope }) => envelope.id), why },
        'events dropped unpublished',
      );
    }
  }
}
