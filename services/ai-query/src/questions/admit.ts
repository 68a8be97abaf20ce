// A question the caller's own model answers (the voice call's Realtime model, which hears the visitor itself):
// decided exactly as the chat's (gate.ts: the crisis and emergency answers are the same words, the question
// counted the same way), but instead of an answer, the instructions this question's model call would have
// had. The question is counted here: the caller answers it at once, and gives it back with the refund token
// if its model does not answer.
import type { Quota } from '@hhp/proto';
import { HttpError } from '@hhp/kit';
import { EMERGENCY_NOTICE } from '../answers/persona.js';
import { signRefundToken, verifyRefundToken } from './refund-token.js';
import { gate } from './gate.js';
import { instructions } from './instructions.js';
import { NO_SINK, quotaOf, sourcesOf, type Answered, type Asker, type AssistantDeps } from './question.js';

/** An admitted question (admit()): the counters after it, and what the caller's model is to be told. */
export interface Admitted extends Quota {
  isEmergency: boolean;
  instructions: string;
  /** Said word for word before the model's answer (the emergency notice). */
  notice?: string;
  sources: Answered['sources'];
  /** The crisis model's middle band: the crisis lines are offered with the caller's model's answer. */
  crisisLines?: true;
  /** A guest's counted question: what gives it back if the caller's model does not answer (refund-token.ts). */
  refundToken?: string;
}

export type AdmitOutcome = ({ outcome: 'answered' } & Answered) | ({ outcome: 'admitted' } & Admitted);

/** A refund token that is forged, altered, expired, or signed under a secret this service does not have. */
class RefundRefused extends HttpError {
  constructor() {
    super(403, 'This question cannot be given back: its token is not valid.');
  }
}

export async function admit(deps: AssistantDeps, asker: Asker): Promise<AdmitOutcome> {
  const started = performance.now();
  const passed = await gate(deps, asker, NO_SINK, started, true);
  if ('answered' in passed) return { outcome: 'answered', ...passed.answered };
  const { reserved, emergency, caution, crisisLines, embedded } = passed;
  const quota = quotaOf(passed);
  const hits = await deps.library.search(asker.body.query, { embedded });
  const sources = sourcesOf(hits);
  deps.answered.record(
    { ...asker, guestId: asker.body.guestId },
    { mode: 'openai', isSubscriber: quota.isSubscriber, started, sources: sources.length },
  );
  // No answer, no cost, as in the chat's answer: the caller gives the question back with this if its model fails.
  const secret = deps.config.SUBSCRIBER_COOKIE_SECRET;
  const refundable = reserved && deps.admission.refundable(reserved);
  const refundToken = refundable && secret ? signRefundToken(refundable, secret) : undefined;
  return {
    outcome: 'admitted',
    ...quota,
    isEmergency: emergency,
    instructions: instructions(deps.config, hits, emergency, caution)
      .map((message) => message.content)
      .join('\n\n'),
    ...(emergency ? { notice: EMERGENCY_NOTICE } : {}),
    sources,
    ...(crisisLines ? { crisisLines: true as const } : {}),
    ...(refundToken ? { refundToken } : {}),
  };
}

/**
 * Gives back an admitted question its caller's model did not answer (admit's refundToken): once, from any
 * replica (the token holds all it needs). A token that is not genuine or has expired changes nothing.
 */
export async function giveBack(
  deps: AssistantDeps,
  refundToken: string,
  now = Date.now(),
): Promise<{ givenBack: boolean; quota: Quota }> {
  const secret = deps.config.SUBSCRIBER_COOKIE_SECRET;
  const refundable = secret ? verifyRefundToken(refundToken, secret, now) : undefined;
  if (!refundable) throw new RefundRefused();
  return deps.admission.giveBackLater(refundable);
}
