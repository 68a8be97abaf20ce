// Crisis first: every question is checked before anything else happens. The crisis service (over NATS)
// may know more than the rules (the moderation model); the in-process rules answer at once and decide
// alone when the service is slow or away. Either can raise the alarm: this never fails open.
import { detectCrisis } from '@hhp/crisis-rules';
import { DetectCrisisResponse, RpcSubjects } from '@hhp/proto';
import type { EventBus, Logger } from '@hhp/kit';

export interface CrisisVerdict {
  isCrisis: boolean;
  /** Who decided: the crisis service, or the local rules because the service did not answer in time. */
  source: 'service' | 'rules';
}

export class CrisisCheck {
  constructor(
    private readonly bus: EventBus,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {
    detectCrisis('warm up'); // compiles the rules now, not on the first visitor's question
  }

  async check(query: string, requestId?: string): Promise<CrisisVerdict> {
    const local = detectCrisis(query).isCrisis;
    if (local) return { isCrisis: true, source: 'rules' };
    try {
      const remote = await this.bus.request(
        RpcSubjects.detectCrisis,
        { query },
        { response: DetectCrisisResponse, timeoutMs: this.timeoutMs, ...(requestId ? { requestId } : {}) },
      );
      return { isCrisis: remote.isCrisis, source: 'service' };
    } catch (err) {
      this.logger.warn({ err: String(err), requestId }, 'crisis service did not answer; the local rules decided');
      return { isCrisis: false, source: 'rules' };
    }
  }
}
