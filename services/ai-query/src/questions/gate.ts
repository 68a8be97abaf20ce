// Who may ask, and whether the service answers by itself: crisis first, before the counters are touched (a
// crisis message is never counted, and never holds a free question for a moment, which could refuse an
// ordinary question sent alongside). The in-process rules decide at once; the crisis service is asked only
// when it may know more (crisis-check.ts). Subscribers and session pass holders are not counted
// (`unlimited`: their counters). The crisis and emergency answers are the service's own words, whole at once.
import { crisisLanguage, detectCrisis } from '@hhp/crisis-rules';
import type { Quota } from '@hhp/proto';
import { QuotaUnavailable, type Reserved } from '../quota/admission.js';
import { cautionFor } from '../answers/caution.js';
import { isMedicalEmergency } from '../answers/emergency.js';
import { crisisAnswer, emergencyAnswer } from '../answers/persona.js';
import type { AnswerSink, Answered, Asker, AssistantDeps, Turn } from './question.js';

type Subscriber = Promise<Quota | false | undefined>;

/**
 * The gate a question passes before anything answers it: either the service's own answer (`answered`) or the
 * question let in (a Turn). `modelAnswers`: without a model the library has nothing for an emergency.
 */
export async function gate(
  deps: AssistantDeps,
  asker: Asker,
  sink: AnswerSink,
  started: number,
  modelAnswers: boolean,
): Promise<{ answered: Answered } | Turn> {
  const { query } = asker.body;
  const subscriber = deps.admission.unlimitedOrUnknown(asker.cookie);
  const verdict = await timed(deps, 'crisis', started, deps.crisis.check(query, asker.requestId));
  const emergency = isMedicalEmergency(query);
  // A medical emergency that only the crisis model took for a crisis ("on warfarin and can't stop the bleeding"
  // lies near a self-harm example) gets the emergency answer: call 911 now, also uncounted.
  const crisisAnswered = verdict.isCrisis && !(verdict.source === 'model' && emergency);
  if (crisisAnswered) {
    return { answered: await crisis(deps, asker, sink, started, subscriber, verdict.category) };
  }

  const unlimited = (await subscriber) || undefined;
  const caution = cautionFor(query);
  // Without the model, the library has nothing for an emergency: the answer is where to get help, and
  // it costs nothing.
  if (emergency && !modelAnswers) {
    return { answered: await emergencyOnly(deps, asker, sink, started, subscriber) };
  }

  let reserved: Reserved | undefined;
  if (!unlimited) {
    try {
      if ((await subscriber) === undefined) throw new QuotaUnavailable();
      reserved = await timed(deps, 'quota', started, deps.admission.admit(asker.body.guestId, asker.ip, asker.attempt));
    } catch (err) {
      // An emergency is never refused: with no free question left, or no store, the answer is where to
      // get help.
      if (emergency) return { answered: await emergencyOnly(deps, asker, sink, started, subscriber) };
      throw err;
    }
  }
  return {
    unlimited,
    reserved,
    emergency,
    caution,
    crisisLines: verdict.possible === true,
    embedded: verdict.embedded,
  };
}

/** Observes the time from `started` to when `promise` settles, under `stage`. */
function timed<T>(deps: AssistantDeps, stage: 'crisis' | 'quota', started: number, promise: Promise<T>): Promise<T> {
  const observe = () => deps.metrics.stages.observe({ stage }, (performance.now() - started) / 1000);
  promise.then(observe, observe);
  return promise;
}

/** A crisis: the 988 Lifeline and the Crisis Text Line, never counted, never refused, never kept waiting. */
function crisis(
  deps: AssistantDeps,
  asker: Asker,
  sink: AnswerSink,
  started: number,
  subscriber: Subscriber,
  /** The crisis model's nearest example's category, when the model decided. */
  category?: string,
) {
  // In Spanish when the message is: 988 and the Crisis Text Line both answer in Spanish. Violence at home
  // (a rule, or the crisis model's nearest example) also gets the Domestic Violence Hotline.
  const { query } = asker.body;
  const response = crisisAnswer(crisisLanguage(query), {
    domesticViolence: detectCrisis(query).ruleId === 'domestic-violence' || category === 'violence',
  });
  return fixedAnswer(deps, asker, sink, { started, subscriber, response, mode: 'crisis' });
}

/** The answer to an emergency that gets no other: where to get help, uncounted. */
function emergencyOnly(deps: AssistantDeps, asker: Asker, sink: AnswerSink, started: number, subscriber: Subscriber) {
  const response = emergencyAnswer(deps.config.PRACTITIONER_NAME);
  return fixedAnswer(deps, asker, sink, { started, subscriber, response, mode: 'emergency' });
}

/** An answer of the service's own (crisis or emergency): whole at once, with the counters if they come soon. */
async function fixedAnswer(
  deps: AssistantDeps,
  asker: Asker,
  sink: AnswerSink,
  a: { started: number; subscriber: Subscriber; response: string; mode: 'crisis' | 'emergency' },
): Promise<Answered> {
  const quota = await deps.admission.countersSoon(asker.body.guestId, asker.ip, a.subscriber);
  const flags = { isCrisis: a.mode === 'crisis', isEmergency: a.mode === 'emergency' };
  sink.start({ ...quota, ...flags });
  sink.delta(a.response);
  deps.answered.record(
    { ...asker, guestId: asker.body.guestId },
    { mode: a.mode, isSubscriber: quota.isSubscriber, started: a.started, sources: 0 },
  );
  return { ...quota, response: a.response, ...flags, sources: [] };
}
