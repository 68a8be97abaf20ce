// One question, start to finish: crisis first, then who is asking (subscriber or guest), the free-question
// quota, then the answer from the model or the offline library. Used by both the JSON and the SSE route.
import { randomBytes } from 'node:crypto';
import { Counter, Histogram } from 'prom-client';
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
import type { CrisisCheck, CrisisVerdict } from './crisis-check.js';
import { isMedicalEmergency } from './emergency.js';
import { ModelCall, type LanguageModel, type Usage } from './llm.js';
import {
  EMERGENCY_NOTICE,
  EMERGENCY_PROMPT,
  contextMessage,
  crisisAnswer,
  emergencyAnswer,
  offlineAnswer,
  systemPrompt,
} from './persona.js';
import { QuotaUnavailable, type QuotaCounters, type Take } from './quota.js';
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

export interface AssistantDeps {
  config: AiQueryConfig;
  quota: QuotaCounters;
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
/** The counters of such an answer when the database is too slow to say (nothing is refused meanwhile). */
const COUNTERS_UNKNOWN: Quota = { queriesUsed: 0, queriesAllowed: ALLOWED, isSubscriber: false };

/** Gives back what a reservation took, once it has (nothing when it was refused or failed). */
const giveBackAll = (reservation: Promise<{ takes: Take[] }> | undefined) =>
  reservation?.then(
    ({ takes }) => Promise.all(takes.map((take) => take.refund())),
    () => undefined,
  );

/** The guest's counter: by guestId, or by address when the browser sent none. */
const guestKey = (guestId: string | null | undefined, ip: string) => (guestId ? `guest:${guestId}` : `ip-guest:${ip}`);

export class Assistant {
  private readonly visitorKey: string;
  private readonly answers: Counter<'mode'>;
  private readonly refusals: Counter<'reason'>;
  /** How long each step of a question takes, from its arrival: where the time of a slow answer went. */
  private readonly stages: Histogram<'stage'>;

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
      help: 'Questions refused by a quota',
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
  }

  /** Observes the time from `started` to when `promise` settles, under `stage`. */
  private timed<T>(stage: 'crisis' | 'quota', started: number, promise: Promise<T>): Promise<T> {
    const observe = () => this.stages.observe({ stage }, (performance.now() - started) / 1000);
    promise.then(observe, observe);
    return promise;
  }

  /** The counters a visitor sees: none for subscribers, else the guest's (by guestId, or by address). */
  async quotaFor(guestId: string | undefined, ip: string, cookie: string | undefined): Promise<Quota> {
    const quota = await within(
      this.deps.config.DB_TIMEOUT_MS,
      this.deps.subscribers
        .isSubscriber(cookie)
        .then((subscribed) => (subscribed ? SUBSCRIBED : this.guestQuota(guestId, ip))),
    );
    if (quota === TIMED_OUT) throw new QuotaUnavailable();
    return quota;
  }

  /**
   * Whether the cookie names a subscriber; undefined when the database did not say in time or failed
   * (the question is then refused with 503, unless it is a crisis or an emergency).
   */
  private async subscriberOrUnknown(cookie: string | undefined): Promise<boolean | undefined> {
    try {
      const subscribed = await within(this.deps.config.DB_TIMEOUT_MS, this.deps.subscribers.isSubscriber(cookie));
      return subscribed === TIMED_OUT ? undefined : subscribed;
    } catch (err) {
      this.deps.logger.warn({ err }, 'could not check the subscription');
      return undefined;
    }
  }

  /** The counters for a crisis or emergency answer, which never waits long for them: see COUNTERS_WAIT_MS. */
  private async countersSoon(asker: Asker, after: Promise<unknown> = Promise.resolve()): Promise<Quota> {
    const quota = await within(
      COUNTERS_WAIT_MS,
      after.then(() => this.guestQuota(asker.body.guestId, asker.ip)),
    ).catch((): typeof TIMED_OUT => TIMED_OUT);
    return quota === TIMED_OUT ? COUNTERS_UNKNOWN : quota;
  }

  private async guestQuota(guestId: string | null | undefined, ip: string): Promise<Quota> {
    const used = await this.deps.quota.used(guestKey(guestId, ip));
    return { queriesUsed: Math.min(used, ALLOWED), queriesAllowed: ALLOWED, isSubscriber: false };
  }

  /** Takes one of the guest's questions and one of the address's; both or neither. */
  private async reserve(asker: Asker): Promise<{ used: number; takes: Take[] }> {
    const [guest, ceiling] = (await this.deps.quota.takeEach([
      { key: guestKey(asker.body.guestId, asker.ip), limit: ALLOWED },
      { key: `ip:${asker.ip}`, limit: this.deps.config.IP_DAILY_LIMIT, spread: true },
    ])) as [Take, Take];
    if (guest.ok && ceiling.ok) return { used: guest.used, takes: [guest, ceiling] };
    await Promise.all([guest, ceiling].filter((t) => t.ok).map((t) => t.refund()));
    const refused = { queriesUsed: ALLOWED, queriesAllowed: ALLOWED, isSubscriber: false };
    if (!guest.ok) {
      this.refusals.inc({ reason: 'guest' });
      throw new QuotaExceeded(
        `You have used your ${ALLOWED} free questions for today. Subscribe for unlimited access.`,
        refused,
      );
    }
    this.refusals.inc({ reason: 'ip' });
    throw new QuotaExceeded(
      'Too many free questions from your network today. Subscribe for unlimited access.',
      refused,
    );
  }

  async ask(asker: Asker, sink: AnswerSink, signal: AbortSignal): Promise<Answered> {
    const started = performance.now();
    const { query } = asker.body;
    // The crisis verdict and the quota are asked for at once (latency); a crisis gives back what was taken.
    const verdict = this.timed('crisis', started, this.deps.crisis.check(query, asker.requestId));
    const subscriber = asker.cookie ? await this.subscriberOrUnknown(asker.cookie) : false;
    const isSubscriber = subscriber === true;
    const reservation = isSubscriber
      ? undefined
      : this.timed(
          'quota',
          started,
          subscriber === undefined ? Promise.reject(new QuotaUnavailable()) : this.reserve(asker),
        );
    reservation?.catch(() => {}); // a refusal is read below, after the verdict

    // The model's first words take longest, so it is asked as soon as the quota admits the question,
    // while the crisis verdict may still be on its way. Its answer is held back until the verdict; a
    // crisis aborts the call. A refused question never reaches the model.
    const hits = this.deps.library.search(query);
    const emergency = isMedicalEmergency(query);
    const { model } = this.deps;
    const call =
      model &&
      new ModelCall(
        model,
        [
          { role: 'system', content: systemPrompt(this.deps.config.PRACTITIONER_NAME) },
          { role: 'system', content: `Portal passages:\n\n${contextMessage(hits)}` },
          ...(emergency ? [{ role: 'system' as const, content: EMERGENCY_PROMPT }] : []),
          { role: 'user', content: query },
        ],
        signal,
        asker.streamed,
      );
    if (call) {
      if (reservation)
        reservation.then(
          () => call.start(),
          () => {},
        );
      else call.start();
    }

    try {
      return await this.answer(asker, sink, signal, {
        verdict,
        started,
        isSubscriber,
        reservation,
        hits,
        call,
        emergency,
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
      verdict: Promise<CrisisVerdict>;
      started: number;
      isSubscriber: boolean;
      reservation: Promise<{ used: number; takes: Take[] }> | undefined;
      hits: Hit[];
      call: ModelCall | undefined;
      /** The question describes a medical emergency (emergency.ts). */
      emergency: boolean;
    },
  ): Promise<Answered> {
    const { started, isSubscriber, reservation, hits, call, emergency } = run;
    const verdict = await run.verdict;

    if (verdict.isCrisis) {
      // Never counted, never refused, never kept waiting by the database; the model's answer is not wanted.
      call?.abort();
      const quota = isSubscriber ? SUBSCRIBED : await this.countersSoon(asker, giveBackAll(reservation));
      const response = crisisAnswer();
      sink.start({ ...quota, isCrisis: true, isEmergency: false });
      sink.delta(response);
      this.record(asker, { mode: 'crisis', isSubscriber, started, sources: 0 });
      return { ...quota, response, isCrisis: true, isEmergency: false, sources: [] };
    }

    if (emergency && !call) {
      // Without the model, the library has nothing for an emergency: the answer is where to get help,
      // and it costs nothing.
      return this.emergencyOnly(asker, sink, isSubscriber, started, giveBackAll(reservation));
    }

    let quota: Quota = SUBSCRIBED;
    let taken: Take[] = [];
    if (reservation) {
      let reserved: { used: number; takes: Take[] };
      try {
        reserved = await reservation;
      } catch (err) {
        // An emergency is never refused: with no free question left, or no database, the answer is where
        // to get help.
        if (emergency) return this.emergencyOnly(asker, sink, isSubscriber, started);
        throw err;
      }
      taken = reserved.takes;
      quota = { queriesUsed: reserved.used, queriesAllowed: ALLOWED, isSubscriber: false };
    }

    const sources = hits.map(({ passage }) => ({ title: passage.title, path: passage.path }));
    sink.start({ ...quota, isCrisis: false, isEmergency: emergency });
    try {
      let response = '';
      const say = (text: string) => {
        response += text;
        sink.delta(text);
      };
      // Where to get emergency care comes first, whatever the rest of the answer says.
      if (emergency) say(`${EMERGENCY_NOTICE}\n\n`);
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
        say(offlineAnswer(this.deps.config.PRACTITIONER_NAME, hits));
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
      // No answer, no cost. (The give-back goes on if the database is slower than DB_TIMEOUT_MS.)
      await within(this.deps.config.DB_TIMEOUT_MS, Promise.all(taken.map((take) => take.refund())));
      if (signal.aborted) throw err;
      this.deps.logger.warn({ err, requestId: asker.requestId }, 'the model did not answer');
      throw new HttpError(
        502,
        "The AI assistant couldn't answer just now. Your question was not counted; please try again.",
        {
          cause: err,
        },
      );
    }
  }

  /** The answer to an emergency that gets no other: where to get help, uncounted. */
  private async emergencyOnly(
    asker: Asker,
    sink: AnswerSink,
    isSubscriber: boolean,
    started: number,
    givenBack?: Promise<unknown>,
  ): Promise<Answered> {
    const quota = isSubscriber ? SUBSCRIBED : await this.countersSoon(asker, givenBack);
    const response = emergencyAnswer(this.deps.config.PRACTITIONER_NAME);
    sink.start({ ...quota, isCrisis: false, isEmergency: true });
    sink.delta(response);
    this.record(asker, { mode: 'emergency', isSubscriber, started, sources: 0 });
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
