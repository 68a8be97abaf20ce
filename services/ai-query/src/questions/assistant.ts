// One question, start to finish: crisis first, then who is asking and at what cost (gate.ts, over
// admission.ts), then the answer from the model or the offline library (answer.ts). Used by both the JSON and
// the SSE route; the voice call's own model asks through admit() and giveBack() (admit.ts).
import type { Quota } from '@hhp/proto';
import { cautionFor } from '../answers/caution.js';
import { isMedicalEmergency } from '../answers/emergency.js';
import { admit, giveBack, type AdmitOutcome } from './admit.js';
import { respond } from './answer.js';
import { gate } from './gate.js';
import { NO_SINK, type AnswerSink, type Answered, type Asker, type AssistantDeps } from './question.js';

export class Assistant {
  constructor(private readonly deps: AssistantDeps) {}

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
    return this.inFlight(async () => {
      const started = performance.now();
      const passed = await gate(this.deps, asker, sink, started, this.deps.model !== undefined);
      if ('answered' in passed) return passed.answered;
      return respond(this.deps, asker, sink, signal, started, passed);
    });
  }

  /**
   * An answer that costs nothing and touches no counter: a perspective on a Symptom Explorer analysis already
   * given (analyses/perspectives.ts), whose symptoms had the analysis's crisis check. `quota` is the visitor's
   * counters as they are, reported with the answer.
   */
  uncounted(asker: Asker, quota: Quota, signal: AbortSignal): Promise<Answered> {
    return this.inFlight(() => {
      const { query } = asker.body;
      return respond(this.deps, asker, NO_SINK, signal, performance.now(), {
        unlimited: quota,
        reserved: undefined,
        emergency: isMedicalEmergency(query),
        caution: cautionFor(query),
        crisisLines: false,
        embedded: undefined,
      });
    });
  }

  /**
   * A question the caller's own model answers (admit.ts). In flight while it is decided: the crisis check and
   * the quota store are this process's work, and what a spoken question waits behind (a stalled quota store
   * piles them up here as it does ask()'s); the answer itself, the caller's model's, is not.
   */
  admit(asker: Asker): Promise<AdmitOutcome> {
    return this.inFlight(() => admit(this.deps, asker));
  }

  /** Gives back an admitted question its caller's model did not answer (admit.ts). */
  giveBack(refundToken: string, now = Date.now()): Promise<{ givenBack: boolean; quota: Quota }> {
    return giveBack(this.deps, refundToken, now);
  }
}
