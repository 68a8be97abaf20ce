// ai.v1.answered for analytics, published in batches: the events of the last FLUSH_EVERY_MS go out
// together, so the NATS client sends them in one write and their acknowledgements come back together,
// instead of one socket write per answer (socket writes were the largest single item of ai-query's CPU
// profile under load: `writeBuffer`, scripts/bench/ai-query-profile.mjs --cpu-prof). The kit's
// DurablePublisher keeps each event until JetStream acknowledges it, re-publishing with the same message id
// while NATS is away (so every answer is counted once, however long the outage), within a bounded buffer.
// Analytics never hold up or fail an answer: `publish` only queues.
import { DurablePublisher, type EventBus, type EventEnvelope, type Logger } from '@hhp/kit';
import type { Registry } from 'prom-client';

const FLUSH_EVERY_MS = 50;
/** Past this many waiting events (NATS away for long), the oldest are dropped, with an error log. */
const MAX_WAITING = 20_000;
/** How long shutdown waits for the last events to be acknowledged. */
const FLUSH_ON_SHUTDOWN_MS = 3000;

export class AnalyticsPublisher {
  private readonly events: DurablePublisher;

  constructor(bus: Pick<EventBus, 'publish' | 'isConnected'>, logger: Logger, registry?: Registry) {
    this.events = new DurablePublisher({
      bus,
      logger,
      name: 'ai.v1.answered',
      batchMs: FLUSH_EVERY_MS,
      maxPending: MAX_WAITING,
      ...(registry && { registry }),
    });
  }

  publish(event: EventEnvelope, requestId?: string): void {
    this.events.publish(event, { requestId });
  }

  /** Events not yet acknowledged. */
  get pending(): number {
    return this.events.pending;
  }

  /** On shutdown: publishes what is waiting, for at most `timeoutMs`; what is left is logged as dropped. */
  flush(timeoutMs = FLUSH_ON_SHUTDOWN_MS): Promise<void> {
    return this.events.close(timeoutMs);
  }
}
