// Free questions, counted exactly under any concurrency. Each question taken is a "slot" document with
// a unique _id `<day>|<key>|<n>`, n from 1 to the limit: taking a question is inserting the first free
// slot, and only the storage engine's unique _id decides who gets it. A refund deletes the slot taken.
//
// Every slot names the request that inserted it (`owner`), so a write whose outcome is unknown (an error
// other than a taken slot: the connection dropped, the server failed part-way) can be undone exactly: the
// request deletes the slots it tried that carry its own name, and never one that another request won.
//
// Why not a conditional `$inc` with upsert on one counter document: FerretDB (the embedded default)
// runs that as a read followed by a write, and 50 concurrent requests got 4 answers in our test. Inserts
// against a unique key are atomic on FerretDB and MongoDB alike.
import { randomBytes } from 'node:crypto';
import type { Collection, Connection } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, TIMED_OUT, isDuplicateKeyError, within, type Logger } from '@hhp/kit';

interface Slot {
  _id: string;
  /** `<day>|<key>`: what `used` counts. */
  counter: string;
  day: string;
  takenAt: Date;
  /** The request that inserted it: see the file's comment. */
  owner: string;
}

export interface Take {
  ok: boolean;
  /** Questions used after this request (the limit when refused). */
  used: number;
  /** Gives this question back; only meaningful when ok. */
  refund(): Promise<void>;
}

export interface TakeRequest {
  /** e.g. `guest:<guestId>` or `ip:<address>`. */
  key: string;
  limit: number;
  spread?: boolean;
}

const noRefund = async () => {};

/** The indexes of an unordered insertMany's documents refused as duplicates; undefined for any other error. */
function duplicateKeyIndexes(err: unknown): number[] | undefined {
  const writeErrors = typeof err === 'object' && err !== null && 'writeErrors' in err ? err.writeErrors : undefined;
  const list = (Array.isArray(writeErrors) ? writeErrors : [writeErrors]) as { index?: unknown; code?: unknown }[];
  if (list.length === 0 || list.some((e) => e?.code !== 11000 || typeof e.index !== 'number')) return undefined;
  return list.map((e) => e.index as number);
}
const FULL_FOR_MS = 10_000;

/** When giving slots back fails (the database is away), the later tries, in ms after the first. */
const GIVE_BACK_RETRIES_MS = [1_000, 5_000, 30_000];

export interface QuotaOptions {
  logger?: Logger;
  /** See GIVE_BACK_RETRIES_MS (tests shorten them). */
  giveBackRetriesMs?: readonly number[];
  /** takeEach waits this long for the database at most, then throws QuotaUnavailable (DB_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The database did not answer in time: the question is not counted (what it took goes back). */
export class QuotaUnavailable extends HttpError {
  constructor() {
    super(503, 'The AI assistant is busy right now. Your question was not counted; please try again in a moment.');
  }
}

/** Slots per insertMany at most (a burst's first slots go out in batches of this size). */
const MAX_BATCH = 500;

interface Pending {
  docs: Slot[];
  resolve: (collided: Set<number>) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of first slots: the questions that arrive while an insert is on its way go out together in
 * the next one, one round trip and one database transaction for all of them, so a burst costs the database
 * less per question instead of queueing one transaction per question behind its single writer. A question
 * that finds nothing on its way waits only for the rest of the current event-loop turn.
 */
class SlotInserter {
  private readonly queue: Pending[] = [];
  private busy = false;

  constructor(private readonly slots: Collection<Slot>) {}

  /** Inserts the slots; resolves with the indexes of those already taken (by anyone), rejects on any other error. */
  insert(docs: Slot[]): Promise<Set<number>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ docs, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        let size = this.queue[0]!.docs.length;
        let taken = 1;
        while (taken < this.queue.length && size + this.queue[taken]!.docs.length <= MAX_BATCH) {
          size += this.queue[taken]!.docs.length;
          taken++;
        }
        await this.write(this.queue.splice(0, taken));
      }
    } finally {
      this.busy = false;
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    let collisions: number[] = [];
    try {
      await this.slots.insertMany(
        batch.flatMap(({ docs }) => docs),
        { ordered: false },
      );
    } catch (err) {
      const indexes = duplicateKeyIndexes(err);
      if (!indexes) {
        for (const pending of batch) pending.reject(err);
        return;
      }
      collisions = indexes;
    }
    let offset = 0;
    for (const { docs, resolve } of batch) {
      const mine = new Set<number>();
      for (const index of collisions) if (index >= offset && index < offset + docs.length) mine.add(index - offset);
      offset += docs.length;
      resolve(mine);
    }
  }
}

export class QuotaCounters {
  private readonly slots: Collection<Slot>;
  private readonly inserter: SlotInserter;
  /** The slot number to try first, per counter (this process's last success + 1). */
  private readonly hints = new Map<string, number>();
  /** Counters this process found full, and until when to believe it without asking. */
  private readonly fullUntil = new Map<string, number>();

  /** Building an Intl formatter is costly (it was 8% of the service's CPU when made per call). */
  private readonly dayFormat: Intl.DateTimeFormat;
  /** Owner names: this process's random prefix and a sequence number per request (unique, and cheap). */
  private readonly ownerPrefix = randomBytes(9).toString('base64url');
  private requests = 0;
  private readonly logger: Logger | undefined;
  private readonly retriesMs: readonly number[];
  private readonly timeoutMs: number | undefined;
  /** Give-backs waiting for a later try (see settled()). */
  private readonly retrying = new Set<Promise<void>>();

  constructor(connection: Connection, timeZone: string, options: QuotaOptions = {}) {
    this.slots = connection.collection<Slot>('quota_slots');
    this.inserter = new SlotInserter(this.slots);
    this.dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone });
    this.logger = options.logger;
    this.retriesMs = options.giveBackRetriesMs ?? GIVE_BACK_RETRIES_MS;
    this.timeoutMs = options.timeoutMs;
  }

  async createIndexes(): Promise<void> {
    // Every insert keeps each index up to date: only `counter` (for `used`) is worth that. The sweep goes
    // by _id, which starts with the day.
    await this.slots.createIndex({ counter: 1 });
  }

  /** The calendar day in the quota's time zone, e.g. 2026-11-23. */
  day(now = new Date()): string {
    return this.dayFormat.format(now);
  }

  /**
   * Takes one question from each counter (each answer says whether it got one). The first slot of every
   * counter is tried in one round trip (an unordered insertMany, shared with the other questions of the
   * moment: see SlotInserter); only counters whose first slot was taken by someone else probe further,
   * one insert at a time.
   *
   * Slots are tried in order from where this process last found room (1 for a counter it has not seen):
   * slots below the one won are taken, so its number is the count (a refund's hole aside). A counter
   * found full is remembered for a few seconds so refusals cost no writes (a refund elsewhere shows after
   * that). `spread`: start at a random slot instead. For a counter that many requests share at once (the
   * per-address ceiling), ordered probing makes them all collide on the same slot; random starts spread
   * them out. The count it reports is then not meaningful.
   */
  async takeEach(requests: TakeRequest[], now = new Date()): Promise<Take[]> {
    const attempt = this.tryTakeEach(requests, now);
    if (this.timeoutMs === undefined) return attempt;
    const takes = await within(this.timeoutMs, attempt);
    if (takes !== TIMED_OUT) return takes;
    // Too late to answer with: what it takes goes back once the database answers (an error on the way
    // gives back by itself).
    void attempt.then(
      (late) => Promise.all(late.filter((take) => take.ok).map((take) => take.refund())),
      () => undefined,
    );
    throw new QuotaUnavailable();
  }

  private async tryTakeEach(requests: TakeRequest[], now: Date): Promise<Take[]> {
    const day = this.day(now);
    const owner = `${this.ownerPrefix}.${++this.requests}`;
    const plans = requests.map(({ key, limit, spread = false }) => {
      const counter = `${day}|${key}`;
      const full = (this.fullUntil.get(counter) ?? 0) > now.getTime();
      const start = spread ? 1 + Math.floor(Math.random() * limit) : Math.min(this.hints.get(counter) ?? 1, limit);
      return { counter, limit, spread, full, start, collided: false };
    });
    const open = plans.filter((plan) => !plan.full);
    if (open.length > 0) {
      const first = open.map(({ counter, start }) => ({
        _id: `${counter}|${start}`,
        counter,
        day,
        takenAt: now,
        owner,
      }));
      let collided: Set<number>;
      try {
        collided = await this.inserter.insert(first);
      } catch (err) {
        // Which of them were stored is unknown: those that carry this request's name go back.
        await this.giveBack(
          first.map(({ _id }) => _id),
          owner,
        );
        throw err;
      }
      for (const index of collided) open[index]!.collided = true;
    }
    const takes = plans.map((plan) =>
      plan.full
        ? this.refused(plan.limit)
        : plan.collided
          ? undefined
          : this.won(plan.counter, plan.start, plan.spread, owner),
    );
    try {
      for (const [index, plan] of plans.entries()) takes[index] ??= await this.probe(plan, day, now, owner);
    } catch (err) {
      // A database error part-way: what was already taken goes back before the error is passed on.
      await Promise.all(takes.filter((take) => take?.ok).map((take) => take!.refund()));
      throw err;
    }
    return takes as Take[];
  }

  /** One counter's further slots, after its first one was taken by someone else. */
  private async probe(
    plan: { counter: string; limit: number; spread: boolean; start: number },
    day: string,
    now: Date,
    owner: string,
  ): Promise<Take> {
    const { counter, limit, spread, start } = plan;
    for (let i = 1; i < limit; i++) {
      const n = ((start - 1 + i) % limit) + 1;
      const _id = `${counter}|${n}`;
      try {
        await this.slots.insertOne({ _id, counter, day, takenAt: now, owner });
      } catch (err) {
        if (isDuplicateKeyError(err)) continue;
        await this.giveBack([_id], owner);
        throw err;
      }
      return this.won(counter, n, spread, owner);
    }
    this.fullUntil.set(counter, now.getTime() + FULL_FOR_MS);
    return this.refused(limit);
  }

  private won(counter: string, n: number, spread: boolean, owner: string): Take {
    if (!spread) this.remember(counter, n + 1);
    const _id = `${counter}|${n}`;
    return {
      ok: true,
      used: n,
      refund: async () => {
        await this.giveBack([_id], owner);
        this.fullUntil.delete(counter);
        this.hints.set(counter, 1);
      },
    };
  }

  /**
   * Deletes those of the slots `ids` that `owner` inserted. Never rejects: when the database does not
   * answer, it tries again later (GIVE_BACK_RETRIES_MS) in the background, and logs if it never could.
   */
  private async giveBack(ids: string[], owner: string): Promise<void> {
    const attempt = async () => {
      await this.slots.deleteMany({ _id: { $in: ids }, owner });
    };
    try {
      await attempt();
      return;
    } catch (err) {
      this.logger?.warn({ err, slots: ids.length }, 'could not give back free questions yet; trying again later');
    }
    const later = (async () => {
      for (const [i, delay] of this.retriesMs.entries()) {
        await sleep(delay, undefined, { ref: false });
        try {
          await attempt();
          return;
        } catch (err) {
          if (i === this.retriesMs.length - 1)
            this.logger?.error({ err, slots: ids.length }, 'gave up giving back free questions');
        }
      }
    })();
    this.retrying.add(later);
    void later.finally(() => this.retrying.delete(later));
  }

  /** Waits for the give-backs still being retried (tests; shutdown, bounded). */
  async settled(): Promise<void> {
    while (this.retrying.size > 0) await Promise.all(this.retrying);
  }

  private refused(limit: number): Take {
    return { ok: false, used: limit, refund: noRefund };
  }

  /** One counter: see takeEach. */
  async take(key: string, limit: number, { now = new Date(), spread = false } = {}): Promise<Take> {
    const [take] = await this.takeEach([{ key, limit, spread }], now);
    return take!;
  }

  private remember(counter: string, next: number): void {
    // Bounded: hints are an optimisation, never needed for correctness.
    if (this.hints.size > 100_000) this.hints.clear();
    if (this.fullUntil.size > 100_000) this.fullUntil.clear();
    this.hints.set(counter, next);
  }

  async used(key: string, now = new Date()): Promise<number> {
    return this.slots.countDocuments({ counter: `${this.day(now)}|${key}` });
  }

  /** FerretDB has no TTL indexes: drop the slots of days before yesterday. */
  async sweep(now = new Date()): Promise<number> {
    const yesterday = this.day(new Date(now.getTime() - 24 * 60 * 60 * 1000));
    const { deletedCount } = await this.slots.deleteMany({ _id: { $lt: yesterday } });
    return deletedCount;
  }
}
