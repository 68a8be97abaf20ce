// The chat's answer to a question let in (a Turn from gate.ts): the library's pages, then the model's words
// streamed to the sink, or the offline answer without a model. An answer that fails before any of its text
// reached the visitor gives the question back.
import type { Quota } from '@hhp/proto';
import { HttpError } from '@hhp/kit';
import type { Reserved } from '../quota/admission.js';
import type { Caution } from '../answers/caution.js';
import { ModelCall, type Usage } from '../model/llm.js';
import { EMERGENCY_NOTICE, offlineAnswer } from '../answers/persona.js';
import type { Hit } from '../answers/retrieval.js';
import { instructions } from './instructions.js';
import {
  quotaOf,
  sourcesOf,
  type AnswerSink,
  type Answered,
  type Asker,
  type AssistantDeps,
  type Turn,
} from './question.js';

/** The answer to a question let in (`turn`): the library's pages, then the model's words or the offline answer. */
export async function respond(
  deps: AssistantDeps,
  asker: Asker,
  sink: AnswerSink,
  signal: AbortSignal,
  started: number,
  turn: Turn,
): Promise<Answered> {
  const { model } = deps;
  const { unlimited, reserved, emergency, caution, crisisLines, embedded } = turn;
  const hits = await deps.library.search(asker.body.query, { embedded });
  const call =
    model &&
    new ModelCall(
      model,
      [...instructions(deps.config, hits, emergency, caution), { role: 'user', content: asker.body.query }],
      signal,
      asker.streamed,
    );
  call?.start();
  try {
    return await answer(deps, asker, sink, signal, {
      started,
      unlimited,
      reserved,
      hits,
      call,
      emergency,
      caution,
      crisisLines,
    });
  } finally {
    call?.dispose();
  }
}

async function answer(
  deps: AssistantDeps,
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
    /** The crisis model's middle band: the crisis lines show with the answer. */
    crisisLines: boolean;
  },
): Promise<Answered> {
  const { started, reserved, hits, call, emergency, caution } = run;
  const quota = quotaOf(run);
  const sources = sourcesOf(hits);
  const lines = run.crisisLines ? { crisisLines: true as const } : {};
  sink.start({ ...quota, isCrisis: false, isEmergency: emergency, ...lines });
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
      deps.metrics.stages.observe({ stage: 'first_words' }, (performance.now() - started) / 1000);
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
      say(offlineAnswer(deps.config.PRACTITIONER_NAME, hits, caution));
    }
    deps.answered.record(
      { ...asker, guestId: asker.body.guestId },
      {
        mode: call ? 'openai' : 'offline',
        isSubscriber: quota.isSubscriber,
        started,
        sources: sources.length,
        usage,
      },
    );
    return { ...quota, response, isCrisis: false, isEmergency: emergency, ...lines, sources };
  } catch (err) {
    // No answer, no cost; but an answer read in part was an answer (else a visitor could read 90% of
    // answer after answer and drop the connection each time, for free).
    if (!delivered && reserved) {
      await deps.admission.giveBack(reserved);
    }
    if (signal.aborted) throw err;
    deps.logger.warn({ err, requestId: asker.requestId }, 'the model did not answer');
    throw new HttpError(
      502,
      delivered
        ? "The AI assistant couldn't finish this answer."
        : "The AI assistant couldn't answer just now. Your question was not counted; please try again.",
      { cause: err },
    );
  }
}
