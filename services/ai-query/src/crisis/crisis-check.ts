// Crisis first: every question is checked before anything else happens. The in-process rules answer at once; when
// they see nothing, the in-process crisis model (@hhp/crisis-model: the same one the crisis service runs) judges
// the meaning. The crisis service (over NATS) is asked only when it may know more: a moderation model, other rules
// or another crisis model; the local layers decide alone when it is slow or away. Any of them can raise the alarm:
// this never fails open.
import { RULES_VERSION, detectCrisis } from '@hhp/crisis-rules';
import { CRISIS_MODEL_VERSION, type CrisisModelJudge } from '@hhp/crisis-model';
import { CrisisInfo, DetectCrisisResponse, RpcSubjects } from '@hhp/proto';
import type { EventBus, Logger } from '@hhp/kit';

export interface CrisisVerdict {
  isCrisis: boolean;
  /**
   * Who decided: the crisis service, the local rules (also when the service did not answer in time), or the local
   * crisis model.
   */
  source: 'service' | 'rules' | 'model';
  /**
   * Not a crisis, but the local crisis model put the message in its middle band ("possibly at risk"): the ordinary
   * answer, with the crisis lines shown beside it.
   */
  possible?: true | undefined;
  /** The crisis model's nearest crisis example's category, when it decided ("violence" adds the hotline). */
  category?: string | undefined;
  /** The message's vector, when the crisis model read it: the library need not embed it again. */
  embedded?: { text: string; vector: Float32Array } | undefined;
}

const INFO_EVERY_MS = 30_000;

export class CrisisCheck {
  /** What the crisis service judges with, when it said. */
  private info: CrisisInfo | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
    private readonly model?: Pick<CrisisModelJudge, 'judge' | 'available' | 'readsSpanish'>,
  ) {
    detectCrisis('warm up'); // compiles the rules now, not on the first visitor's question
  }

  /** Asks again every INFO_EVERY_MS, from start-up (a periodic task of the service: it stops with it). */
  readonly refreshTask = { name: 'crisis info', everyMs: INFO_EVERY_MS, runAtStart: true, run: () => this.refresh() };

  /** Asks the crisis service what it judges with; when it cannot say, every question is asked of it. */
  async refresh(): Promise<void> {
    try {
      this.info = await this.bus.request(RpcSubjects.crisisInfo, {}, { response: CrisisInfo, timeoutMs: 1000 });
    } catch {
      this.info = undefined;
    }
  }

  /**
   * The service would learn nothing this process does not: the same rules, no moderation model, and either no
   * crisis model (still loading, or failed) or this very one running here.
   */
  private sameAsLocal(): boolean {
    const info = this.info;
    if (!info || info.moderation || info.rulesVersion !== RULES_VERSION) return false;
    return info.model === undefined || (this.model?.available === true && info.model === CRISIS_MODEL_VERSION);
  }

  async check(query: string, requestId?: string): Promise<CrisisVerdict> {
    if (detectCrisis(query).isCrisis) return { isCrisis: true, source: 'rules' };
    const local = await this.model?.judge(query);
    if (local?.isCrisis) return { isCrisis: true, source: 'model', category: local.category };
    const embedded = local?.embedded;
    // The middle band: the local model's, or the service's (its `crisisLines`, when it asked a model this one lacks).
    const possible = local?.tier === 'possible' ? { possible: true as const } : {};
    // The service's answer is already known.
    if (this.sameAsLocal()) return { isCrisis: false, source: local ? 'model' : 'rules', embedded, ...possible };
    // The model read it here as the service's would (Spanish by the multilingual model, when the language is
    // Spanish): the service need not run it again, only what this process lacks (its moderation model).
    const read = local !== undefined && (local.language !== 'es' || this.model?.readsSpanish === true);
    try {
      const remote = await this.bus.request(
        RpcSubjects.detectCrisis,
        { query, ...(read ? { modelRead: CRISIS_MODEL_VERSION } : {}) },
        { response: DetectCrisisResponse, timeoutMs: this.timeoutMs, ...(requestId ? { requestId } : {}) },
      );
      if (remote.isCrisis) return { isCrisis: true, source: 'service', embedded };
      return { isCrisis: false, source: 'service', embedded, ...(remote.crisisLines ? { possible: true } : possible) };
    } catch (err) {
      this.logger.warn({ err: String(err), requestId }, 'crisis service did not answer; the local layers decided');
      return { isCrisis: false, source: local ? 'model' : 'rules', embedded, ...possible };
    }
  }
}
