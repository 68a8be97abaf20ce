// Free questions, counted exactly under any concurrency, at a cost that does not grow with the day's
// traffic. Each question taken is a "slot": the key `<period>.<counter>.<n>` of a NATS JetStream key-value
// bucket, n from 1 to the limit. Taking a question is creating the first free slot; JetStream refuses a
// create of a key that holds a value, so only the server decides who gets slot n, and a burst of any size
// gets exactly `limit` answers. A refund deletes the slot, on condition that it is still the revision this
// request wrote.
//
// Why a KV bucket and not the database: every read and write here is a point operation on one key, and
// JetStream answers those in the same time at 1k or 100k keys (BENCHMARKS.md, "The quota store"), while
// the embedded FerretDB counted slots by scanning the collection (1.2 s at 21k slots). The bucket's
// age limit drops a day's slots after it, so nothing has to sweep them.
//
// Every slot names the request that created it (its value), so a write whose outcome is unknown (the
// acknowledgement was lost) can be undone exactly: the request deletes the slot only if it carries its name.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Histogram } from 'prom-client';
import type { Logger } from '@hhp/kit';

export const QUOTA_BUCKET = 'ai_quota';

/** Slots outlive the longest calendar day (25 h with a daylight-saving change) and then go by themselves. */
const KEEP_SLOTS_MS = 26 * 60 * 60 * 1000;

/** How long a counter found full is believed without asking (a refund elsewhere shows after that). */
const FULL_FOR_MS = 10_000;

/** When giving a slot back fails (NATS is away), the later tries, in ms after the first. */
const GIVE_BACK_RETRIES_MS = [1_000, 5_000, 30_000];

export interface Take {
  ok: boolean;
  /** The slot taken, 1-based: the questions used after this one (a refund's hole aside); the limit when refused. */
  used: number;
  /** Gives this question back; only meaningful when ok. */
  refund(): Promise<void>;
  /** The slot taken (when ok): what any process needs to give it back later (see giveBackSlot). */
  slot?: SlotTaken;
}

/** A slot as one take wrote it: the key, the take's name in it, and the revision of that write. */
export interface SlotTaken {
  slot: string;
  owner: string;
  revision: number;
}

export type Period = 'day' | 'hour';

export interface TakeRequest {
  /** e.g. `guest:<guestId>` or `ip:<address>`. */
  key: string;
  limit: number;
  /** The calendar day in the quota's time zone (default), or the clock hour. */
  period?: Period;
  /**
   * Start at a random slot instead of where this process last found room. For a counter that many
   * requests share at once, ordered probing makes them all collide on the same slot; random starts spread
   * them out. The count it reports is then not meaningful.
   */
  spread?: boolean;
  /**
   * The name of the request this take is for, the same on every attempt at it: nginx passes a question
   * whose replica died before answering to another replica, and a slot the first attempt created under
   * this name is then this attempt's own, not a second question. Without it, each take has a name of its own.
   */
  attempt?: string;
}

export interface QuotaOptions {
  logger?: Logger;
  /** See GIVE_BACK_RETRIES_MS (tests shorten them). */
  giveBackRetriesMs?: readonly number[];
  /** The bucket's name (default QUOTA_BUCKET; tests use their own). */
  bucket?: string;
  /** The bucket's replicas (1 on one server; 3 in a JetStream cluster). */
  replicas?: number;
  /** Observes how long each request to the bucket takes, by operation (create, get, delete). */
  latency?: Pick<Histogram<'operation'>, 'startTimer'>;
}

const noRefund = async () => {};

/** A KV key token: letters, digits, `_` and `-` as they are; anything else (`:` of an IPv6 address) as `=xx`. */
export function keyToken(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, (c) => `=${c.codePointAt(0)!.toString(16)}`);
}

function isTaken(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
      err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

export class QuotaCounters {
  /** The slot number to try first, per counter (this process's last success + 1). */
  private readonly hints = new Map<string, number>();
  /** Counters this process found full, and until when to believe it without asking. */
  private readonly fullUntil = new Map<string, number>();
  /** Building an Intl formatter is costly: one, made once. */
  private readonly dayFormat: Intl.DateTimeFormat;
  /** Owner names: this process's random prefix and a sequence number per take (unique, and cheap). */
  private readonly ownerPrefix = randomBytes(9).toString('base64url');
  private takes = 0;
  private readonly logger: Logger | undefined;
  private readonly retriesMs: readonly number[];
  /** Give-backs waiting for a later try (see settled()). */
  private readonly retrying = new Set<Promise<void>>();
  private readonly latency: QuotaOptions['latency'];

  private constructor(
    private readonly kv: KV,
    timeZone: string,
    options: QuotaOptions,
  ) {
    this.dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone });
    this.logger = options.logger;
    this.retriesMs = options.giveBackRetriesMs ?? GIVE_BACK_RETRIES_MS;
    this.latency = options.latency;
  }

  /** One request to the bucket, timed (refused ones too: a taken slot's answer is the store's work as well). */
  private timed<T>(operation: 'create' | 'get' | 'delete', request: () => Promise<T>): Promise<T> {
    if (!this.latency) return request();
    const done = this.latency.startTimer({ operation });
    return request().finally(() => done());
  }

  /** Opens the bucket, creating it (or updating its limits) first. */
  static async open(nc: NatsConnection, timeZone: string, options: QuotaOptions = {}): Promise<QuotaCounters> {
    const kv = await new Kvm(nc).create(options.bucket ?? QUOTA_BUCKET, {
      history: 1,
      ttl: KEEP_SLOTS_MS,
      replicas: options.replicas ?? 1,
    });
    return new QuotaCounters(kv, timeZone, options);
  }

  /** The calendar day in the quota's time zone, e.g. 2026-11-23. */
  day(now = new Date()): string {
    return this.dayFormat.format(now);
  }

  private periodOf(period: Period, now: Date): string {
    // The hour is the clock's (UTC): a guard's window, not a calendar.
    return period === 'day' ? this.day(now) : `h${Math.floor(now.getTime() / 3_600_000)}`;
  }

  private counterOf(key: string, period: Period, now: Date): string {
    return `${this.periodOf(period, now)}.${keyToken(key)}`;
  }

  /**
   * Takes one question from the counter. Slots are tried in order from where this process last found
   * room (1 for a counter it has not seen): slots below the one won are taken, so its number is the count.
   * A counter found full is remembered for a few seconds, so refusals cost nothing.
   */
  async take({ key, limit, period = 'day', spread = false, attempt }: TakeRequest, now = new Date()): Promise<Take> {
    const counter = this.counterOf(key, period, now);
    // A request's later attempt looks at the slots even when this process believes the counter full: the
    // one it is looking for may be among them.
    if (attempt === undefined && (this.fullUntil.get(counter) ?? 0) > now.getTime()) return this.refused(limit);
    const start = spread ? 1 + Math.floor(Math.random() * limit) : Math.min(this.hints.get(counter) ?? 1, limit);
    const owner = attempt === undefined ? `${this.ownerPrefix}.${++this.takes}` : `attempt.${attempt}`;
    for (let i = 0; i < limit; i++) {
      const n = ((start - 1 + i) % limit) + 1;
      const slot = `${counter}.${n}`;
      let revision: number;
      try {
        revision = await this.timed('create', () => this.kv.create(slot, owner));
      } catch (err) {
        if (!isTaken(err)) {
          // Whether it was stored is unknown: if it carries this take's name, it goes back.
          void this.giveBack(slot, owner);
          throw err;
        }
        // Taken: by an earlier attempt at this very request, it is this one's; else the next slot.
        const mine = attempt === undefined ? undefined : await this.revisionOf(slot, owner);
        if (mine === undefined) continue;
        revision = mine;
      }
      if (!spread) this.remember(counter, n + 1);
      return {
        ok: true,
        used: n,
        slot: { slot, owner, revision },
        refund: async () => {
          await this.giveBack(slot, owner, revision);
          this.fullUntil.delete(counter);
          this.hints.set(counter, 1);
        },
      };
    }
    this.fullUntil.set(counter, now.getTime() + FULL_FOR_MS);
    return this.refused(limit);
  }

  /** The slot's revision when it holds `owner`'s take, else undefined. */
  private async revisionOf(slot: string, owner: string): Promise<number | undefined> {
    const entry = await this.kv.get(slot);
    return entry?.operation === 'PUT' && entry.string() === owner ? entry.revision : undefined;
  }

  /** Questions used on the counter: `limit` point lookups, whatever the number of keys stored. */
  async used(key: string, limit: number, now = new Date()): Promise<number> {
    const counter = this.counterOf(key, 'day', now);
    const entries = await Promise.all(
      Array.from({ length: limit }, (_, i) => this.timed('get', () => this.kv.get(`${counter}.${i + 1}`))),
    );
    return entries.filter((entry) => entry?.operation === 'PUT').length;
  }

  /**
   * Deletes the slot if it is still `owner`'s (at `revision`, when known). Never rejects: when NATS does
   * not answer, it tries again later (GIVE_BACK_RETRIES_MS) in the background, and logs if it never could.
   */
  private async giveBack(slot: string, owner: string, revision?: number): Promise<void> {
    const attempt = async () => {
      let previousSeq = revision;
      if (previousSeq === undefined) {
        const entry = await this.timed('get', () => this.kv.get(slot));
        if (entry?.operation !== 'PUT' || entry.string() !== owner) return;
        previousSeq = entry.revision;
      }
      try {
        await this.timed('delete', () => this.kv.delete(slot, { previousSeq }));
      } catch (err) {
        if (!isTaken(err)) throw err; // changed since: not this take's any more
      }
    };
    try {
      await attempt();
      return;
    } catch (err) {
      this.logger?.warn({ err, slot }, 'could not give back a free question yet; trying again later');
    }
    const later = (async () => {
      for (const [i, delay] of this.retriesMs.entries()) {
        await sleep(delay, undefined, { ref: false });
        try {
          await attempt();
          return;
        } catch (err) {
          if (i === this.retriesMs.length - 1) this.logger?.error({ err, slot }, 'gave up giving back a free question');
        }
      }
    })();
    this.retrying.add(later);
    void later.finally(() => this.retrying.delete(later));
  }

  /**
   * Gives back a slot a take wrote (any process may: all it needs is in `taken`), once: deleted only while
   * it is still at that take's revision. True when this call deleted it; false when it was no longer that
   * take's (given back before, or gone). Rejects when the store did not answer (nothing retried here).
   */
  async giveBackSlot({ slot, owner, revision }: SlotTaken): Promise<boolean> {
    if (!slot.includes('.') || !owner) return false;
    try {
      await this.timed('delete', () => this.kv.delete(slot, { previousSeq: revision }));
    } catch (err) {
      if (isTaken(err)) return false;
      throw err;
    }
    const counter = slot.slice(0, slot.lastIndexOf('.'));
    this.fullUntil.delete(counter);
    this.hints.set(counter, 1);
    return true;
  }

  /** Waits for the give-backs still being retried (tests; shutdown, bounded). */
  async settled(): Promise<void> {
    while (this.retrying.size > 0) await Promise.all(this.retrying);
  }

  private refused(limit: number): Take {
    return { ok: false, used: limit, refund: noRefund };
  }

  private remember(counter: string, next: number): void {
    // Bounded: hints are an optimisation, never needed for correctness.
    if (this.hints.size > 100_000) this.hints.clear();
    if (this.fullUntil.size > 100_000) this.fullUntil.clear();
    this.hints.set(counter, next);
  }
}
