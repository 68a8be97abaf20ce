// Crisis first: every question is checked before anything else happens. The crisis service (over NATS)
// may know more than the rules (the moderation model); the in-process rules answer at once and decide
// alone when the service is slow or away. Either can raise the alarm: this never fails open.
import { RULES_VERSION, detectCrisis } from '@hhp/crisis-rules';
import { CrisisInfo, DetectCrisisResponse, RpcSubjects } from '@hhp/proto';
import type { EventBus, Logger } from '@hhp/kit';

export interface CrisisVerdict {
  isCrisis: boolean;
  /** Who decided: the crisis service, or the local rules because the service did not answer in time. */
  source: 'service' | 'rules';
}

const INFO_EVERY_MS = 30_000;

export class CrisisCheck {
  /** True while the crisis service runs the same rules as this process and no moderation model. */
  private sameAsLocal = false;

  constructor(
    private readonly bus: EventBus,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {
    detectCrisis('warm up'); // compiles the rules now, not on the first visitor's question
  }

  /** Asks again every INFO_EVERY_MS, from start-up (a periodic task of the service: it stops with it). */
  readonly refreshTask = { name: 'crisis info', everyMs: INFO_EVERY_MS, runAtStart: true, run: () => this.refresh() };

  /** Asks the crisis service what it judges with; when it cannot say, every question is asked of it. */
  async refresh(): Promise<void> {
    try {
      const info = await this.bus.request(RpcSubjects.crisisInfo, {}, { response: CrisisInfo, timeoutMs: 1000 });
      this.sameAsLocal = !info.moderation && info.rulesVersion === RULES_VERSION;
    } catch {
      this.sameAsLocal = false;
    }
  }

  async check(query: string, requestId?: string): Promise<CrisisVerdict> {
    const local = detectCrisis(query).isCrisis;
    if (local) return { isCrisis: true, source: 'rules' };
    // The service would run these very rules and nothing else: its answer is already known.
    if (this.sameAsLocal) return { isCrisis: false, source: 'rules' };
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
