// ai.v1.answered for analytics, published in batches: the events of the last FLUSH_EVERY_MS go out
// together, so the NATS client sends them in one write and their acknowledgements come back together,
// instead of one socket write per answer (socket writes were the largest single item of ai-query's CPU
// profile under load: `writeBuffer`, scripts/bench/ai-query-profile.mjs --cpu-prof). Still JetStream publishes with their message ids, so
// at-least-once and de-duplicated; analytics never hold up or fail an answer.
import type { EventBus, EventEnvelope, Logger } from '@hhp/kit';

const FLUSH_EVERY_MS = 50;
/** Past this many waiting events (NATS away for long), the oldest are dropped, with a warning. */
const MAX_WAITING = 10_000;

export class AnalyticsPublisher {
  private waiting: { event: EventEnvelope; requestId: string | undefined }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private dropped = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  publish(event: EventEnvelope, requestId?: string): void {
    if (this.waiting.length >= MAX_WAITING) {
      this.waiting.shift();
      if (this.dropped++ === 0) this.logger.warn('analytics events are piling up; dropping the oldest');
    }
    this.waiting.push({ event, requestId });
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  /** Publishes everything waiting (all in the same tick, hence one write); resolves when acknowledged. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    this.dropped = 0;
    await Promise.all(
      batch.map(({ event, requestId }) =>
        this.bus
          .publish(event, { requestId })
          .catch((err: unknown) => this.logger.warn({ err, type: event.type }, 'could not publish an analytics event')),
      ),
    );
  }
}
