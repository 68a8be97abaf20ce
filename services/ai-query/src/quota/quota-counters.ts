// Free questions, counted by the kit's slot counters (`services/kit/src/limits`): exact under any concurrency,
// a burst of any size gets exactly `limit` answers, at a cost that does not grow with the day's traffic. Each
// question taken is the key `<period>.<counter>.<n>` of a NATS JetStream key-value bucket, n from 1 to the
// limit. A refund deletes the slot on condition that it is still the revision this request wrote.
//
// Why a KV bucket and not the database: every read and write here is a point operation on one key, and
// JetStream answers those in the same time at 1k or 100k keys (BENCHMARKS.md, "The quota store"), while
// the embedded FerretDB counted slots by scanning the collection (1.2 s at 21k slots). The bucket's
// age limit drops a day's slots after it, so nothing has to sweep them.
import type { NatsConnection } from '@nats-io/transport-node';
import type { Histogram } from 'prom-client';
import { keyToken, KvSlotStore, SlotCounters, type Logger, type SlotTaken, type Take } from '@hhp/kit';

export { keyToken, type SlotTaken, type Take };

export const QUOTA_BUCKET = 'ai_quota';

/** Slots outlive the longest calendar day (25 h with a daylight-saving change) and then go by themselves. */
const KEEP_SLOTS_MS = 26 * 60 * 60 * 1000;

export type Period = 'day' | 'hour';

export interface QuotaRequest {
  /** e.g. `guest:<guestId>` or `ip:<address>`. */
  key: string;
  limit: number;
  /** The calendar day in the quota's time zone (default), or the clock hour. */
  period?: Period;
  /** A counter many requests share at once (the new-guest guard): see the kit's TakeRequest. */
  spread?: boolean;
  /**
   * The name of the request this take is for, the same on every attempt at it: nginx passes a question
   * whose replica died before answering to another replica, and a slot the first attempt created under
   * this name is then this attempt's own, not a second question.
   */
  attempt?: string;
}

export interface QuotaOptions {
  logger?: Logger;
  /** When giving a slot back fails (NATS is away), the later tries in ms (tests shorten them). */
  giveBackRetriesMs?: readonly number[];
  /** The bucket's name (default QUOTA_BUCKET; tests use their own). */
  bucket?: string;
  /** The bucket's replicas (1 on one server; 3 in a JetStream cluster). */
  replicas?: number;
  /** Observes how long each request to the bucket takes, by operation (create, get, delete). */
  latency?: Pick<Histogram<'operation'>, 'startTimer'>;
}

export class QuotaCounters {
  /** Building an Intl formatter is costly: one, made once. */
  private readonly dayFormat: Intl.DateTimeFormat;

  private constructor(
    private readonly counters: SlotCounters,
    timeZone: string,
  ) {
    this.dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone });
  }

  /** Opens the bucket, creating it (or updating its limits) first. */
  static async open(nc: NatsConnection, timeZone: string, options: QuotaOptions = {}): Promise<QuotaCounters> {
    const { logger, giveBackRetriesMs, bucket = QUOTA_BUCKET, replicas, latency } = options;
    const store = await KvSlotStore.open(nc, { bucket, keepMs: KEEP_SLOTS_MS, replicas, latency });
    return new QuotaCounters(new SlotCounters(store, { logger, giveBackRetriesMs }), timeZone);
  }

  /** The calendar day in the quota's time zone, e.g. 2026-11-23. */
  day(now = new Date()): string {
    return this.dayFormat.format(now);
  }

  private counterOf(key: string, period: Period, now: Date): string {
    // The hour is the clock's (UTC): a guard's window, not a calendar.
    const window = period === 'day' ? this.day(now) : `h${Math.floor(now.getTime() / 3_600_000)}`;
    return `${window}.${keyToken(key)}`;
  }

  /** Takes one question from the key's counter of the period `now` is in (the kit's SlotCounters.take). */
  take({ key, period = 'day', ...request }: QuotaRequest, now = new Date()): Promise<Take> {
    return this.counters.take({ counter: this.counterOf(key, period, now), ...request }, now);
  }

  /** Questions used on the key's counter today: `limit` point lookups, whatever the number of keys stored. */
  used(key: string, limit: number, now = new Date()): Promise<number> {
    return this.counters.used(this.counterOf(key, 'day', now), limit);
  }

  /** Gives back a slot a take wrote, from any process, once (the kit's SlotCounters.giveBackSlot). */
  giveBackSlot(taken: SlotTaken): Promise<boolean> {
    return this.counters.giveBackSlot(taken);
  }

  /** Waits for the give-backs still being retried (tests; shutdown, bounded). */
  settled(): Promise<void> {
    return this.counters.settled();
  }
}
