// Who may ask, and at what cost: subscribers and holders of an AI Avatar Session's pass without counting; a guest with one of 3 free questions a day
// (by guestId, or by address when the browser sent none); a guestId's first question of the day also
// counted among its address's new guestIds this hour (a guard against rotation, not a second quota). The
// store is NATS (quota.ts): while it is away, or too many questions already wait for it, a question is
// refused at once with 503 and Retry-After, before it touches a counter; one that waits longer than
// DB_TIMEOUT_MS is refused and what it took is given back when the store answers.
import { FREE_QUESTIONS_PER_DAY, type Quota } from '@hhp/proto';
import { clientKey, HttpError, TIMED_OUT, within, type Logger } from '@hhp/kit';
import type { AiQueryConfig } from '../config.js';
import type { AiMetrics } from '../metrics.js';
import type { QuotaCounters, SlotTaken, Take } from './quota-counters.js';
import type { Subscribers } from '../subscribers/subscribers.js';
import type { SessionPasses } from './session-pass.js';

export const ALLOWED = FREE_QUESTIONS_PER_DAY;
/** What subscribers see: never counted. */
export const SUBSCRIBED: Quota = { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: true };
/** A crisis or emergency answer waits this long for the counters at most; then it goes without them. */
const COUNTERS_WAIT_MS = 300;
/** The counters of such an answer when the store is too slow to say (nothing is refused meanwhile). */
const COUNTERS_UNKNOWN: Quota = { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: false };

/** The 429 body: the message to show and the counters for the upgrade panel. */
export class QuotaExceeded extends HttpError {
  constructor(
    message: string,
    readonly quota: Quota,
  ) {
    super(429, message);
  }
}

/**
 * The quota store is away or did not answer in time: the question is not counted (what it took goes
 * back), and the visitor may try again in a moment.
 */
export class QuotaUnavailable extends HttpError {
  readonly retryAfterSeconds: number = 2;
  constructor() {
    super(503, 'The AI assistant is busy right now. Your question was not counted; please try again in a moment.');
  }
}

/**
 * More questions wait for the quota store than it can take in time: refused at once, before anything is
 * counted (so nothing has to be given back).
 */
class Overloaded extends QuotaUnavailable {
  override readonly retryAfterSeconds = 1;
}

/** A guest's admitted question: the count after it, and what to give back if it goes unanswered. */
export interface Reserved {
  used: number;
  takes: Take[];
  /** The guest's counter (guestKey): whose counters a later give-back reports. */
  key: string;
}

/** What a process needs to give a guest's question back later, without anything kept here (refund-token.ts). */
export interface Refundable {
  key: string;
  slot: SlotTaken;
}

export interface AdmissionDeps {
  config: AiQueryConfig;
  quota: QuotaCounters;
  /** Whether the quota store (NATS) is reachable now: while it is not, questions are refused at once. */
  storeConnected: () => boolean;
  subscribers: Subscribers;
  sessionPasses: SessionPasses;
  logger: Logger;
  metrics: Pick<AiMetrics, 'refusals'>;
}

/** The guest's counter: by guestId, or by address when the browser sent none. The visitor's identity. */
export const guestKey = (guestId: string | null | undefined, ip: string) =>
  guestId ? `guest:${guestId}` : `ip-guest:${ip}`;

export class Admission {
  /** Questions and quota reads waiting for the quota store now (see Overloaded). */
  waiting = 0;

  constructor(private readonly deps: AdmissionDeps) {}

  /** The counters a visitor sees: none for subscribers and pass holders, else the guest's (by guestId, or by address). */
  quotaFor(guestId: string | undefined, ip: string, cookie: string | undefined): Promise<Quota> {
    const pass = this.deps.sessionPasses.quotaOf(cookie);
    if (pass) return Promise.resolve(pass);
    return this.withStore(() =>
      this.deps.subscribers
        .isSubscriber(cookie)
        .then((subscribed) => (subscribed ? SUBSCRIBED : this.guestQuota(guestId, ip))),
    );
  }

  /**
   * The uncounted counters of a session pass holder or a subscriber; false for a guest; undefined when the
   * database did not say in time or failed (the question is then refused with 503, unless it is a crisis or
   * an emergency). A pass is checked by its signature alone, so it never waits for the database.
   */
  async unlimitedOrUnknown(cookie: string | undefined): Promise<Quota | false | undefined> {
    if (!cookie) return false;
    const pass = this.deps.sessionPasses.quotaOf(cookie);
    if (pass) return pass;
    try {
      const subscribed = await within(this.deps.config.DB_TIMEOUT_MS, this.deps.subscribers.isSubscriber(cookie));
      return subscribed === TIMED_OUT ? undefined : subscribed && SUBSCRIBED;
    } catch (err) {
      this.deps.logger.warn({ err }, 'could not check the subscription');
      return undefined;
    }
  }

  /** The counters for a crisis or emergency answer, which never waits long for them: see COUNTERS_WAIT_MS. */
  async countersSoon(
    guestId: string | null | undefined,
    ip: string,
    unlimited: Promise<Quota | false | undefined>,
  ): Promise<Quota> {
    const quota = await within(
      COUNTERS_WAIT_MS,
      unlimited.then((counters) => counters || this.guestQuota(guestId, ip)),
    ).catch((): typeof TIMED_OUT => TIMED_OUT);
    return quota === TIMED_OUT ? COUNTERS_UNKNOWN : quota;
  }

  /** Takes one of the guest's free questions (see reserve), within the store's limits (see withStore). */
  admit(guestId: string | null | undefined, ip: string, attempt?: string): Promise<Reserved> {
    return this.withStore(
      () => this.reserve(guestId, ip, attempt),
      (late) => Promise.all(late.takes.map((take) => take.refund())),
    );
  }

  /** Gives an unanswered question back (the give-back goes on if the store is slower than DB_TIMEOUT_MS). */
  async giveBack(reserved: Reserved): Promise<void> {
    await within(this.deps.config.DB_TIMEOUT_MS, Promise.all(reserved.takes.map((take) => take.refund())));
  }

  /**
   * What gives `reserved` back from any process later (giveBackLater): the guest's own slot (the address's
   * guard slot is never given back). Undefined when the take did not say which slot it was.
   */
  refundable(reserved: Reserved): Refundable | undefined {
    const slot = reserved.takes[0]?.slot;
    return slot && { key: reserved.key, slot };
  }

  /**
   * Gives back a question admitted earlier, perhaps by another process (refundable): once; true when this
   * call gave it back. Then the guest's counters. Within the store's limits (withStore).
   */
  giveBackLater(refundable: Refundable): Promise<{ givenBack: boolean; quota: Quota }> {
    return this.withStore(async () => {
      const givenBack = await this.deps.quota.giveBackSlot(refundable.slot);
      const used = await this.deps.quota.used(refundable.key, ALLOWED);
      return {
        givenBack,
        quota: { queriesUsed: Math.min(used, ALLOWED), queriesAllowed: ALLOWED, isSubscriber: false },
      };
    });
  }

  private async guestQuota(guestId: string | null | undefined, ip: string): Promise<Quota> {
    const used = await this.deps.quota.used(guestKey(guestId, ip), ALLOWED);
    return { queriesUsed: Math.min(used, ALLOWED), queriesAllowed: ALLOWED, isSubscriber: false };
  }

  /**
   * Runs `work` against the quota store within DB_TIMEOUT_MS, unless the store is away or
   * MAX_WAITING_QUESTIONS are waiting already: then it is refused at once, before it touches anything. On
   * a timeout, what the late work took is given back with `undo` once it arrives.
   */
  private async withStore<T>(work: () => Promise<T>, undo?: (late: T) => unknown): Promise<T> {
    // NATS away: no waiting DB_TIMEOUT_MS for an answer that cannot come.
    if (!this.deps.storeConnected()) throw new QuotaUnavailable();
    if (this.waiting >= this.deps.config.MAX_WAITING_QUESTIONS) {
      this.deps.metrics.refusals.inc({ reason: 'overloaded' });
      throw new Overloaded();
    }
    this.waiting++;
    const attempt = work().finally(() => this.waiting--);
    const result = await within(this.deps.config.DB_TIMEOUT_MS, attempt);
    if (result !== TIMED_OUT) return result;
    if (undo) void attempt.then(undo, () => undefined);
    throw new QuotaUnavailable();
  }

  /**
   * Takes one of the guest's questions. A guestId's first question of the day also counts it among the
   * new guestIds of its address this hour: a guard against one client rotating guestIds, high enough that
   * a household, an office or a carrier's NAT behind one address never shares a quota.
   */
  private async reserve(guestId: string | null | undefined, ip: string, attempt?: string): Promise<Reserved> {
    const { quota, config, metrics } = this.deps;
    // `attempt`: the same on nginx's retry of this question on another replica (see QuotaCounters.take).
    const key = guestKey(guestId, ip);
    const guest = await quota.take({ key, limit: ALLOWED, ...(attempt && { attempt }) });
    if (!guest.ok) {
      metrics.refusals.inc({ reason: 'guest' });
      throw new QuotaExceeded(
        `You have used your ${ALLOWED} free questions for today. Subscribe for unlimited access.`,
        { queriesUsed: ALLOWED, queriesAllowed: ALLOWED, isSubscriber: false },
      );
    }
    if (guest.used > 1 || !guestId) return { used: guest.used, takes: [guest], key };
    // A load generator on LOAD_TEST_ALLOWLIST brings thousands of guestIds from one address: the guard does
    // not count it (the guest's own 3 questions above were counted as anyone's).
    if (config.LOAD_TEST_ALLOWLIST.exempt(ip)) return { used: guest.used, takes: [guest], key };
    let guard: Take;
    try {
      // By the kit's clientKey: an IPv6 visitor's whole /64 is one address here, as for every other guard.
      const guardKey = `ip:${clientKey(ip)}`;
      guard = await quota.take({ key: guardKey, limit: config.IP_NEW_GUESTS_PER_HOUR, period: 'hour', spread: true });
    } catch (err) {
      await guest.refund();
      throw err;
    }
    if (guard.ok) return { used: guest.used, takes: [guest], key }; // the guard's slot is never given back
    await guest.refund();
    metrics.refusals.inc({ reason: 'ip' });
    throw new QuotaExceeded(
      'Too many new visitors from your network this hour. Please try again later, or subscribe for unlimited access.',
      { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: false },
    );
  }
}
