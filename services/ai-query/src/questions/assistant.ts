// One question, start to finish: crisis first, then who is asking and at what cost (admission.ts), then
// the answer from the model or the offline library. Used by both the JSON and the SSE route.
import { crisisLanguage, detectCrisis } from '@hhp/crisis-rules';
import type { QueryAiRequest, Quota, Source } from '@hhp/proto';
import { HttpError, type Logger } from '@hhp/kit';
import { ALLOWED, QuotaUnavailable, type Admission, type Reserved } from '../quota/admission.js';
import { signRefundToken, verifyRefundToken } from './refund-token.js';
import type { AnsweredEvents } from '../analytics/answered-event.js';
import type { AiQueryConfig } from '../config.js';
import type { CrisisCheck } from '../crisis/crisis-check.js';
import { cautionFor, type Caution } from '../answers/caution.js';
import { isMedicalEmergency } from '../answers/emergency.js';
import { ModelCall, type LanguageModel, type Usage } from '../model/llm.js';
import type { AiMetrics } from '../metrics.js';
import {
  EMERGENCY_NOTICE,
  EMERGENCY_PROMPT,
  cautionPrompt,
  contextMessage,
  crisisAnswer,
  emergencyAnswer,
  offlineAnswer,
  systemPrompt,
} from '../answers/persona.js';
import type { Hit, Library } from '../answers/retrieval.js';

export interface Asker {
  body: QueryAiRequest;
  ip: string;
  cookie: string | undefined;
  requestId: string | undefined;
  streamed: boolean;
  /** The same on every attempt nginx makes at this request (questions.router.ts): see QuotaCounters.take. */
  attempt?: string | undefined;
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

/** A question let in: whose counters, what it took, and what the model must know about it. */
interface Turn {
  /** The counters of a subscriber or a session pass holder; undefined for a guest (`reserved`). */
  unlimited: Quota | undefined;
  reserved: Reserved | undefined;
  /** The question describes a medical emergency (emergency.ts). */
  emergency: boolean;
  /** The question needs a doctor or pharmacist first (caution.ts). */
  caution: Caution | undefined;
  /** The question's vector from the crisis check, for the library (which embeds it itself without one). */
  embedded: { text: string; vector: Float32Array } | undefined;
}

/** An admitted question (admit()): the counters after it, and what the caller's model is to be told. */
export interface Admitted extends Quota {
  isEmergency: boolean;
  instructions: string;
  /** Said word for word before the model's answer (the emergency notice). */
  notice?: string;
  sources: Source[];
  /** A guest's counted question: what gives it back if the caller's model does not answer (refund-token.ts). */
  refundToken?: string;
}

/** A refund token that is forged, altered, expired, or signed under a secret this service does not have. */
export class RefundRefused extends HttpError {
  constructor() {
    super(403, 'This question cannot be given back: its token is not valid.');
  }
}

export interface AssistantDeps {
  config: AiQueryConfig;
  admission: Admission;
  crisis: CrisisCheck;
  library: Library;
  model: LanguageModel | undefined;
  answered: AnsweredEvents;
  logger: Logger;
  metrics: AiMetrics;
}

export class Assistant {
  constructor(private readonly deps: AssistantDeps) {}

  /** Observes the time from `started` to when `promise` settles, under `stage`. */
  private timed<T>(stage: 'crisis' | 'quota', started: number, promise: Promise<T>): Promise<T> {
    const observe = () => this.deps.metrics.stages.observe({ stage }, (performance.now() - started) / 1000);
    promise.then(observe, observe);
    return promise;
  }

  /**
   * Counts `work` in the questions in flight (ai_questions_in_flight) while it runs, whatever its end: an
   * answer, a crisis, a refusal, a failure or an aborted stream all leave the gauge as they found it.
   */
  private async inFlight<T>(work: () => Promise<T>): Promise<T> {
    const { inFlight } = this.deps.metrics;
    inFlight.inc();
    try {
      return await work();
    } finally {
      inFlight.dec();
    }
  }

  ask(asker: Asker, sink: AnswerSink, signal: AbortSignal): Promise<Answered> {
    return this.inFlight(() => this.askNow(asker, sink, signal));
  }

  private async askNow(asker: Asker, sink: AnswerSink, signal: AbortSignal): Promise<Answered> {
    const started = performance.now();
    const { model } = this.deps;
    const gate = await this.gate(asker, sink, started, model !== undefined);
    if ('answered' in gate) return gate.answered;
    return this.respond(asker, sink, signal, started, gate);
  }

  /**
   * An answer that costs nothing and touches no counter: a perspective on a Symptom Explorer analysis already
   * given (analyses/perspectives.ts), whose symptoms had the analysis's crisis check. `quota` is the visitor's
   * counters as they are, reported with the answer.
   */
  uncounted(asker: Asker, quota: Quota, signal: AbortSignal): Promise<Answered> {
    return this.inFlight(() => {
      const { query } = asker.body;
      return this.respond(asker, { start() {}, delta() {} }, signal, performance.now(), {
        unlimited: quota,
        reserved: undefined,
        emergency: isMedicalEmergency(query),
        caution: cautionFor(query),
        embedded: undefined,
      });
    });
  }

  /** The answer to a question let in (`turn`): the library's pages, then the model's words or the offline answer. */
  private async respond(
    asker: Asker,
    sink: AnswerSink,
    signal: AbortSignal,
    started: number,
    turn: Turn,
  ): Promise<Answered> {
    const { model } = this.deps;
    const { unlimited, reserved, emergency, caution, embedded } = turn;
    const hits = await this.deps.library.search(asker.body.query, { embedded });
    const call =
      model &&
      new ModelCall(
        model,
        [...this.instructions(hits, emergency, caution), { role: 'user', content: asker.body.query }],
        signal,
        asker.streamed,
      );
    call?.start();
    try {
      return await this.answer(asker, sink, signal, {
        started,
        unlimited,
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

  /**
   * A question the caller's own model answers (the voice call's Realtime model, which hears the visitor
   * itself): decided exactly as ask() decides it (the crisis and emergency answers are the same words, the
   * question counted the same way), but instead of an answer, the instructions this question's model call
   * would have had. The question is counted here: the caller answers it at once.
   * In flight while it is decided: the crisis check and the quota store are this process's work, and what a
   * spoken question waits behind (a stalled quota store piles them up here as it does ask()'s); the answer
   * itself, the caller's model's, is not.
   */
  admit(asker: Asker): Promise<({ outcome: 'answered' } & Answered) | ({ outcome: 'admitted' } & Admitted)> {
    return this.inFlight(() => this.admitNow(asker));
  }

  private async admitNow(
    asker: Asker,
  ): Promise<({ outcome: 'answered' } & Answered) | ({ outcome: 'admitted' } & Admitted)> {
    const started = performance.now();
    const gate = await this.gate(asker, { start() {}, delta() {} }, started, true);
    if ('answered' in gate) return { outcome: 'answered', ...gate.answered };
    const { unlimited, reserved, emergency, caution, embedded } = gate;
    const quota: Quota = reserved
      ? { queriesUsed: reserved.used, queriesAllowed: ALLOWED, isSubscriber: false }
      : unlimited!;
    const hits = await this.deps.library.search(asker.body.query, { embedded });
    const sources = hits.map(({ passage }) => ({ title: passage.title, path: passage.path }));
    this.deps.answered.record(
      { ...asker, guestId: asker.body.guestId },
      { mode: 'openai', isSubscriber: quota.isSubscriber, started, sources: sources.length },
    );
    // No answer, no cost, as in answer(): the caller gives the question back with this if its model fails.
    const secret = this.deps.config.SUBSCRIBER_COOKIE_SECRET;
    const refundable = reserved && this.deps.admission.refundable(reserved);
    const refundToken = refundable && secret ? signRefundToken(refundable, secret) : undefined;
    return {
      outcome: 'admitted',
      ...quota,
      isEmergency: emergency,
      instructions: this.instructions(hits, emergency, caution)
        .map((message) => message.content)
        .join('\n\n'),
      ...(emergency ? { notice: EMERGENCY_NOTICE } : {}),
      sources,
      ...(refundToken ? { refundToken } : {}),
    };
  }

  /**
   * Gives back an admitted question its caller's model did not answer (admit's refundToken): once, from any
   * replica (the token holds all it needs). A token that is not genuine or has expired changes nothing.
   */
  async giveBack(refundToken: string, now = Date.now()): Promise<{ givenBack: boolean; quota: Quota }> {
    const secret = this.deps.config.SUBSCRIBER_COOKIE_SECRET;
    const refundable = secret ? verifyRefundToken(refundToken, secret, now) : undefined;
    if (!refundable) throw new RefundRefused();
    return this.deps.admission.giveBackLater(refundable);
  }

  /**
   * Who may ask, and whether the service answers by itself: crisis first, before the counters are touched (a
   * crisis message is never counted, and never holds a free question for a moment, which could refuse an
   * ordinary question sent alongside). The in-process rules decide at once; the crisis service is asked only
   * when it may know more (crisis-check.ts). Subscribers and session pass holders are not counted
   * (`unlimited`: their counters). `modelAnswers`: without a model the library has nothing for an emergency.
   */
  private async gate(
    asker: Asker,
    sink: AnswerSink,
    started: number,
    modelAnswers: boolean,
  ): Promise<{ answered: Answered } | Turn> {
    const { query } = asker.body;
    const subscriber = this.deps.admission.unlimitedOrUnknown(asker.cookie);
    const verdict = await this.timed('crisis', started, this.deps.crisis.check(query, asker.requestId));
    const emergency = isMedicalEmergency(query);
    // A medical emergency that only the crisis model took for a crisis ("on warfarin and can't stop the bleeding"
    // lies near a self-harm example) gets the emergency answer: call 911 now, also uncounted.
    const crisisAnswer = verdict.isCrisis && !(verdict.source === 'model' && emergency);
    if (crisisAnswer) return { answered: await this.crisis(asker, sink, started, subscriber, verdict.category) };

    const unlimited = (await subscriber) || undefined;
    const caution = cautionFor(query);
    // Without the model, the library has nothing for an emergency: the answer is where to get help, and
    // it costs nothing.
    if (emergency && !modelAnswers) return { answered: await this.emergencyOnly(asker, sink, started, subscriber) };

    let reserved: Reserved | undefined;
    if (!unlimited) {
      try {
        if ((await subscriber) === undefined) throw new QuotaUnavailable();
        reserved = await this.timed(
          'quota',
          started,
          this.deps.admission.admit(asker.body.guestId, asker.ip, asker.attempt),
        );
      } catch (err) {
        // An emergency is never refused: with no free question left, or no store, the answer is where to
        // get help.
        if (emergency) return { answered: await this.emergencyOnly(asker, sink, started, subscriber) };
        throw err;
      }
    }
    return { unlimited, reserved, emergency, caution, embedded: verdict.embedded };
  }

  /** The model's system messages for a question: the persona, the portal passages, the emergency and caution prompts. */
  private instructions(hits: Hit[], emergency: boolean, caution: Caution | undefined) {
    return [
      { role: 'system' as const, content: systemPrompt(this.deps.config.PRACTITIONER_NAME) },
      { role: 'system' as const, content: `Portal passages:\n\n${contextMessage(hits)}` },
      ...(emergency ? [{ role: 'system' as const, content: EMERGENCY_PROMPT }] : []),
      ...(caution ? [{ role: 'system' as const, content: cautionPrompt(caution) }] : []),
    ];
  }

  private async answer(
    asker: Asker,
    sink: AnswerSink,
    signal: AbortSignal,
    run: {
      started: number;
      /** The counters of a subscriber or a session pass holder; undefined for a guest (`reserved`). */
      unlimited: Quota | undefined;
      reserved: Reserved | undefined;
      hits: Hit[];
      call: ModelCall | undefined;
      /** The question describes a medical emergency (emergency.ts). */
      emergency: boolean;
      /** The question needs a doctor or pharmacist first (caution.ts). */
      caution: Caution | undefined;
    },
  ): Promise<Answered> {
    const { started, unlimited, reserved, hits, call, emergency, caution } = run;
    const quota: Quota = reserved
      ? { queriesUsed: reserved.used, queriesAllowed: ALLOWED, isSubscriber: false }
      : unlimited!;
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
        this.deps.metrics.stages.observe({ stage: 'first_words' }, (performance.now() - started) / 1000);
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
      this.deps.answered.record(
        { ...asker, guestId: asker.body.guestId },
        {
          mode: call ? 'openai' : 'offline',
          isSubscriber: quota.isSubscriber,
          started,
          sources: sources.length,
          usage,
        },
      );
      return { ...quota, response, isCrisis: false, isEmergency: emergency, sources };
    } catch (err) {
      // No answer, no cost; but an answer read in part was an answer (else a visitor could read 90% of
      // answer after answer and drop the connection each time, for free).
      if (!delivered && reserved) {
        await this.deps.admission.giveBack(reserved);
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
  private crisis(
    asker: Asker,
    sink: AnswerSink,
    started: number,
    subscriber: Promise<Quota | false | undefined>,
    /** The crisis model's nearest example's category, when the model decided. */
    category?: string,
  ) {
    // In Spanish when the message is: 988 and the Crisis Text Line both answer in Spanish. Violence at home
    // (a rule, or the crisis model's nearest example) also gets the Domestic Violence Hotline.
    const { query } = asker.body;
    const response = crisisAnswer(crisisLanguage(query), {
      domesticViolence: detectCrisis(query).ruleId === 'domestic-violence' || category === 'violence',
    });
    return this.fixedAnswer(asker, sink, { started, subscriber, response, mode: 'crisis' });
  }

  /** The answer to an emergency that gets no other: where to get help, uncounted. */
  private emergencyOnly(
    asker: Asker,
    sink: AnswerSink,
    started: number,
    subscriber: Promise<Quota | false | undefined>,
  ) {
    const response = emergencyAnswer(this.deps.config.PRACTITIONER_NAME);
    return this.fixedAnswer(asker, sink, { started, subscriber, response, mode: 'emergency' });
  }

  /** An answer of the service's own (crisis or emergency): whole at once, with the counters if they come soon. */
  private async fixedAnswer(
    asker: Asker,
    sink: AnswerSink,
    a: {
      started: number;
      subscriber: Promise<Quota | false | undefined>;
      response: string;
      mode: 'crisis' | 'emergency';
    },
  ): Promise<Answered> {
    const quota = await this.deps.admission.countersSoon(asker.body.guestId, asker.ip, a.subscriber);
    const flags = { isCrisis: a.mode === 'crisis', isEmergency: a.mode === 'emergency' };
    sink.start({ ...quota, ...flags });
    sink.delta(a.response);
    this.deps.answered.record(
      { ...asker, guestId: asker.body.guestId },
      { mode: a.mode, isSubscriber: quota.isSubscriber, started: a.started, sources: 0 },
    );
    return { ...quota, response: a.response, ...flags, sources: [] };
  }
}
