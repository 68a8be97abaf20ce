// One question, start to finish: crisis first, then who is asking (subscriber or guest), the free-question
// quota, then the answer from the model or the offline library. Used by both the JSON and the SSE route.
import { randomBytes } from 'node:crypto';
import { Counter, Gauge, Histogram } from 'prom-client';
import { crisisLanguage, detectCrisis } from '@hhp/crisis-rules';
import {
  AiAnsweredEvent,
  FREE_QUESTIONS_PER_DAY,
  Subjects,
  type AiAnsweredEvent as AiAnswered,
  type QueryAiRequest,
  type Quota,
  type Source,
} from '@hhp/proto';
import { HttpError, TIMED_OUT, createEnvelope, hashVisitor, within, type Logger, type Metrics } from '@hhp/kit';
import type { AnalyticsPublisher } from './analytics.js';
import type { AiQueryConfig } from './config.js';
import type { CrisisCheck } from './crisis-check.js';
import { cautionFor, type Caution } from './caution.js';
import { isMedicalEmergency } from './emergency.js';
import { ModelCall, type LanguageModel, type Usage } from './llm.js';
import {
  EMERGENCY_NOTICE,
  EMERGENCY_PROMPT,
  cautionPrompt,
  contextMessage,
  crisisAnswer,
  emergencyAnswer,
  offlineAnswer,
  systemPrompt,
} from './persona.js';
import type { QuotaCounters, Take } from './quota.js';
import type { Hit, Library } from './retrieval.js';
import type { Subscribers } from './subscribers.js';

export interface Asker {
  body: QueryAiRequest;
  ip: string;
  cookie: string | undefined;
  requestId: string | undefined;
  streamed: boolean;
}

/** Where the answer's text goes: all at once (JSON) or piece by piece (SSE). */
export interface AnswerSink {
  /** Called once, before any text: the counters and the crisis and emergency flags. */
  start(meta: Quota & { isCrisis: boolean; isEmergency: boolean }): void;
  delta(text: string): void;
}

export interface Answered extends Quota {
  response: string;
  isCrisis: boolean;
  isEmergency: boolean;
  sources: Source[];
}

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
export class Overloaded extends QuotaUnavailable {
  override readonly retryAfterSeconds = 1;
}

export interface AssistantDeps {
  config: AiQueryConfig;
  quota: QuotaCounters;
  /** Whether the quota store (NATS) is reachable now: while it is not, questions are refused at once. */
  storeConnected: () => boolean;
  crisis: CrisisCheck;
  subscribers: Subscribers;
  library: Library;
  model: LanguageModel | undefined;
  analytics: AnalyticsPublisher;
  logger: Logger;
  metrics: Metrics;
}

const ALLOWED = FREE_QUESTIONS_PER_DAY;
/** What subscribers see: never counted. */
const SUBSCRIBED: Quota = { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: true };
/** A crisis or emergency answer waits this long for the counters at most; then it goes without them. */
const COUNTERS_WAIT_MS = 300;
/** The counters of such an answer when the store is too slow to say (nothing is refused meanwhile). */
const COUNTERS_UNKNOWN: Quota = { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: false };

/** The guest's counter: by guestId, or by address when the browser sent none. */
const guestKey = (guestId: string | null | undefined, ip: string) => (guestId ? `guest:${guestId}` : `ip-guest:${ip}`);

interface Reserved {
  used: number;
  takes: Take[];
}

export class Assistant {
  private readonly visitorKey: string;
  private readonly answers: Counter<'mode'>;
  private readonly refusals: Counter<'reason'>;
  /** How long each step of a question takes, from its arrival: where the time of a slow answer went. */
  private readonly stages: Histogram<'stage'>;
  /** Questions and quota reads waiting for the quota store now (see Overloaded). */
  private waiting = 0;

  constructor(private readonly deps: AssistantDeps) {
    const { config, metrics } = deps;
    this.visitorKey = config.VISITOR_HASH_KEY ?? config.SUBSCRIBER_COOKIE_SECRET ?? randomBytes(32).toString('hex');
    this.answers = new Counter({
      name: 'ai_answers_total',
      help: 'Questions answered, by how',
      labelNames: ['mode'] as const,
      registers: [metrics.registry],
    });
    this.refusals = new Counter({
      name: 'ai_quota_refusals_total',
      help: 'Questions refused by a quota, or shed because too many were waiting',
      labelNames: ['reason'] as const,
      registers: [metrics.registry],
    });
    this.stages = new Histogram({
      name: 'ai_query_stage_seconds',
      help: 'Time from the question to: the crisis verdict, the quota decision, the first words of the answer',
      labelNames: ['stage'] as const,
      buckets: [0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [metrics.registry],
    });
    const waiting = () => this.waiting;
    new Gauge({
      name: 'ai_quota_waiting',
      help: 'Questions and quota reads waiting for the quota store',
      registers: [metrics.registry],
      collect() {
        this.set(waiting());
      },
    });
  }

  /** Observes the time from `started` to when `promise` settles, under `stage`. */
  private timed<T>(stage: 'crisis' | 'quota', started: number, promise: Promise<T>): Promise<T> {
    const observe = () => this.stages.observe({ stage }, (performance.now() - started) / 1000);
    promise.then(observe, observe);
    return promise;
  }

  /**
   * Runs `work` against the quota store within DB_TIMEOUT_MS, unless the store is away or
   * MAX_WAITING_QUESTIONS are waiting already: then it is refused at once, before it touches anything. On a timeout, what the
   * late work took is given back with `undo` once it arrives.
   */
  private async withStore<T>(work: () => Promise<T>, undo?: (late: T) => unknown): Promise<T> {
    // NATS away: no waiting DB_TIMEOUT_MS for an answer that cannot come.
    if (!this.deps.storeConnected()) throw new QuotaUnavailable();
    if (this.waiting >= this.deps.config.MAX_WAITING_QUESTIONS) {
      this.refusals.inc({ reason: 'overloaded' });
      throw new Overloaded();
    }
    this.waiting++;
    const attempt = work().finally(() => this.waiting--);
    const result = await within(this.deps.config.DB_TIMEOUT_MS, attempt);
    if (result !== TIMED_OUT) return result;
    if (undo) void attempt.then(undo, () => undefined);
    throw new QuotaUnavailable();
  }

  /** The counters a visitor sees: none for subscribers, else the guest's (by guestId, or by address). */
  async quotaFor(guestId: string | undefined, ip: string, cookie: string | undefined): Promise<Quota> {
    return this.withStore(() =>
      this.deps.subscribers
        .isSubscriber(cookie)
        .then((subscribed) => (subscribed ? SUBSCRIBED : this.guestQuota(guestId, ip))),
    );
  }

  /**
   * Whether the cookie names a subscriber; undefined when the database did not say in time or failed
   * (the question is then refused with 503, unless it is a crisis or an emergency).
   */
  private async subscriberOrUnknown(cookie: string | undefined): Promise<boolean | undefined> {
    if (!cookie) return false;
    try {
      const subscribed = await within(this.deps.config.DB_TIMEOUT_MS, this.deps.subscribers.isSubscriber(cookie));
      return subscribed === TIMED_OUT ? undefined : subscribed;
    } catch (err) {
      this.deps.logger.warn({ err }, 'could not check the subscription');
      return undefined;
    }
  }

  /** The counters for a crisis or emergency answer, which never waits long for them: see COUNTERS_WAIT_MS. */
  private async countersSoon(asker: Asker, subscriber: Promise<boolean | undefined>): Promise<Quota> {
    const quota = await within(
      COUNTERS_WAIT_MS,
      subscriber.then((subscribed) => (subscribed ? SUBSCRIBED : this.guestQuota(asker.body.guestId, asker.ip))),
    ).catch((): typeof TIMED_OUT => TIMED_OUT);
    return quota === TIMED_OUT ? COUNTERS_UNKNOWN : quota;
  }

  private async guestQuota(guestId: string | null | undefined, ip: string): Promise<Quota> {
    const used = await this.deps.quota.used(guestKey(guestId, ip), ALLOWED);
    return { queriesUsed: Math.min(used, ALLOWED), queriesAllowed: ALLOWED, isSubscriber: false };
  }

  /**
   * Takes one of the guest's questions. A guestId's first question of the day also counts it among the
   * new guestIds of its address this hour: a guard against one client rotating guestIds, high enough that
   * a household, an office or a carrier's NAT behind one address never shares a quota.
   */
  private async reserve(asker: Asker): Promise<Reserved> {
    const { quota, config } = this.deps;
    const guest = await quota.take({ key: guestKey(asker.body.guestId, asker.ip), limit: ALLOWED });
    if (!guest.ok) {
      this.refusals.inc({ reason: 'guest' });
      throw new QuotaExceeded(
        `You have used your ${ALLOWED} free questions for today. Subscribe for unlimited access.`,
        { queriesUsed: ALLOWED, queriesAllowed: ALLOWED, isSubscriber: false },
      );
    }
    if (guest.used > 1 || !asker.body.guestId) return { used: guest.used, takes: [guest] };
    let guard: Take;
    try {
      guard = await quota.take({
        key: `ip:${asker.ip}`,
        limit: config.IP_NEW_GUESTS_PER_HOUR,
        period: 'hour',
        spread: true,
      });
    } catch (err) {
      await guest.refund();
      throw err;
    }
    if (guard.ok) return { used: guest.used, takes: [guest] }; // the guard's slot is never given back
    await guest.refund();
    this.refusals.inc({ reason: 'ip' });
    throw new QuotaExceeded(
      'Too many new visitors from your network this hour. Please try again later, or subscribe for unlimited access.',
      { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: false },
    );
  }

  async ask(asker: Asker, sink: AnswerSink, signal: AbortSignal): Promise<Answered> {
    const started = performance.now();
    const { query } = asker.body;
    // Crisis first, before the counters are touched: a crisis message is never counted, and never holds a
    // free question for a moment (which could refuse an ordinary question sent alongside). The in-process
    // rules decide at once; the crisis service is asked only when it may know more (crisis-check.ts).
    const subscriber = this.subscriberOrUnknown(asker.cookie);
    const verdict = await this.timed('crisis', started, this.deps.crisis.check(query, asker.requestId));
    if (verdict.isCrisis) return this.crisis(asker, sink, started, subscriber);

    const isSubscriber = (await subscriber) === true;
    const emergency = isMedicalEmergency(query);
    const caution = cautionFor(query);
    const { model } = this.deps;
    // Without the model, the library has nothing for an emergency: the answer is where to get help, and
    // it costs nothing.
    if (emergency && !model) return this.emergencyOnly(asker, sink, started, subscriber);

    let reserved: Reserved | undefined;
    if (!isSubscriber) {
      try {
        if ((await subscriber) === undefined) throw new QuotaUnavailable();
        reserved = await this.timed(
          'quota',
          started,
          this.withStore(
            () => this.reserve(asker),
            (late) => Promise.all(late.takes.map((take) => take.refund())),
          ),
        );
      } catch (err) {
        // An emergency is never refused: with no free question left, or no store, the answer is where to
        // get help.
        if (emergency) return this.emergencyOnly(asker, sink, started, subscriber);
        throw err;
      }
    }

    const hits = this.deps.library.search(query);
    const call =
      model &&
      new ModelCall(
        model,
        [
          { role: 'system', content: systemPrompt(this.deps.config.PRACTITIONER_NAME) },
          { role: 'system', content: `Portal passages:\n\n${contextMessage(hits)}` },
          ...(emergency ? [{ role: 'system' as const, content: EMERGENCY_PROMPT }] : []),
          ...(caution ? [{ role: 'system' as const, content: cautionPrompt(caution) }] : []),
          { role: 'user', content: query },
        ],
        signal,
        asker.streamed,
      );
    call?.start();
    try {
      return await this.answer(asker, sink, signal, {
        started,
        isSubscriber,
        reserved,
        hits,
        call,
        emergency,
        caution,
      });
    } finally {
      call?.dispose();
    }
  }

  private async answer(
    asker: Asker,
    sink: AnswerSink,
    signal: AbortSignal,
    run: {
      started: number;
      isSubscriber: boolean;
      reserved: Reserved | undefined;
      hits: Hit[];
      call: ModelCall | undefined;
      /** The question describes a medical emergency (emergency.ts). */
      emergency: boolean;
      /** The question needs a doctor or pharmacist first (caution.ts). */
      caution: Caution | undefined;
    },
  ): Promise<Answered> {
    const { started, isSubscriber, reserved, hits, call, emergency, caution } = run;
    const quota: Quota = reserved
      ? { queriesUsed: reserved.used, queriesAllowed: ALLOWED, isSubscriber: false }
      : SUBSCRIBED;
    const sources = hits.map(({ passage }) => ({ title: passage.title, path: passage.path }));
    sink.start({ ...quota, isCrisis: false, isEmergency: emergency });
    /** Some of the answer's own text has gone to the visitor: from then on the question is spent. */
    let delivered = false;
    try {
      let response = '';
      const say = (text: string, ofTheAnswer = true) => {
        response += text;
        sink.delta(text);
        delivered ||= ofTheAnswer;
      };
      // Where to get emergency care comes first, whatever the rest of the answer says.
      if (emergency) say(`${EMERGENCY_NOTICE}\n\n`, false);
      let usage: Usage = {};
      if (call) {
        const text = call.text();
        let next = await text.next();
        this.stages.observe({ stage: 'first_words' }, (performance.now() - started) / 1000);
        for (; ; next = await text.next()) {
          if (next.done) {
            usage = next.value;
            break;
          }
          // The SDK may end a stream quietly when aborted: a cut-off answer is not an answer.
          signal.throwIfAborted();
          say(next.value);
        }
        signal.throwIfAborted();
      } else {
        say(offlineAnswer(this.deps.config.PRACTITIONER_NAME, hits, caution));
      }
      this.record(asker, {
        mode: call ? 'openai' : 'offline',
        isSubscriber,
        started,
        sources: sources.length,
        usage,
      });
      return { ...quota, response, isCrisis: false, isEmergency: emergency, sources };
    } catch (err) {
      // No answer, no cost; but an answer read in part was an answer (else a visitor could read 90% of
      // answer after answer and drop the connection each time, for free).
      if (!delivered && reserved) {
        // The give-back goes on if the store is slower than DB_TIMEOUT_MS.
        await within(this.deps.config.DB_TIMEOUT_MS, Promise.all(reserved.takes.map((take) => take.refund())));
      }
      if (signal.aborted) throw err;
      this.deps.logger.warn({ err, requestId: asker.requestId }, 'the model did not answer');
      throw new HttpError(
        502,
        delivered
          ? "The AI assistant couldn't finish this answer."
          : "The AI assistant couldn't answer just now. Your question was not counted; please try again.",
        { cause: err },
      );
    }
  }

  /** A crisis: the 988 Lifeline and the Crisis Text Line, never counted, never refused, never kept waiting. */
  private async crisis(
    asker: Asker,
    sink: AnswerSink,
    started: number,
    subscriber: Promise<boolean | undefined>,
  ): Promise<Answered> {
    const quota = await this.countersSoon(asker, subscriber);
    // In Spanish when the message is: 988 and the Crisis Text Line both answer in Spanish. Violence at home
    // also gets the Domestic Violence Hotline.
    const { query } = asker.body;
    const response = crisisAnswer(crisisLanguage(query), {
      domesticViolence: detectCrisis(query).ruleId === 'domestic-violence',
    });
    sink.start({ ...quota, isCrisis: true, isEmergency: false });
    sink.delta(response);
    this.record(asker, { mode: 'crisis', isSubscriber: quota.isSubscriber, started, sources: 0 });
    return { ...quota, response, isCrisis: true, isEmergency: false, sources: [] };
  }

  /** The answer to an emergency that gets no other: where to get help, uncounted. */
  private async emergencyOnly(
    asker: Asker,
    sink: AnswerSink,
    started: number,
    subscriber: Promise<boolean | undefined>,
  ): Promise<Answered> {
    const quota = await this.countersSoon(asker, subscriber);
    const response = emergencyAnswer(this.deps.config.PRACTITIONER_NAME);
    sink.start({ ...quota, isCrisis: false, isEmergency: true });
    sink.delta(response);
    this.record(asker, { mode: 'emergency', isSubscriber: quota.isSubscriber, started, sources: 0 });
    return { ...quota, response, isCrisis: false, isEmergency: true, sources: [] };
  }

  private record(
    asker: Asker,
    a: { mode: AiAnswered['data']['mode']; isSubscriber: boolean; started: number; sources: number; usage?: Usage },
  ): void {
    this.answers.inc({ mode: a.mode });
    const data: AiAnswered['data'] = {
      visitor: hashVisitor(asker.body.guestId ?? `ip:${asker.ip}`, this.visitorKey),
      mode: a.mode,
      streamed: asker.streamed,
      isSubscriber: a.isSubscriber,
      latencyMs: Math.round(performance.now() - a.started),
      sources: a.sources,
      ...(a.usage?.promptTokens !== undefined ? { promptTokens: a.usage.promptTokens } : {}),
      ...(a.usage?.completionTokens !== undefined ? { completionTokens: a.usage.completionTokens } : {}),
    };
    const event = createEnvelope(Subjects.aiAnswered, AiAnsweredEvent.shape.data.parse(data));
    this.deps.analytics.publish(event, asker.requestId);
  }
}
