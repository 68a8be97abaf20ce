// The verdict on one message: the shared rules at once; when they see nothing, the in-process crisis model
// (@hhp/crisis-model: meaning, not words) and, when configured, the moderation model, side by side. Any of them
// can raise the alarm, and a model that fails or is slow leaves the others' verdict (never fails open). A message
// the crisis model puts in its middle band, and no layer calls a crisis, is no crisis with the lines offered.
import { detectCrisis } from '@hhp/crisis-rules';
import type { DetectCrisisResponse } from '@hhp/proto';
import type { Moderation } from './moderation.js';

export interface Verdict extends DetectCrisisResponse {
  source?: 'rules' | 'model' | 'moderation';
  ruleId?: string;
}

/**
 * The crisis model's opinion: its tier (`crisis`, or `possible`: the middle band), none (undefined: neither), or
 * undefined when it has no opinion (not loaded, failed, too slow).
 */
export type CrisisModel = (query: string) => Promise<{ tier: 'crisis' | 'possible' | undefined } | undefined>;

export async function judge(
  query: string,
  layers: { model?: CrisisModel | undefined; moderation?: Moderation | undefined },
): Promise<Verdict> {
  const rules = detectCrisis(query);
  if (rules.isCrisis) return { isCrisis: true, source: 'rules', ...(rules.ruleId ? { ruleId: rules.ruleId } : {}) };
  if (!query.trim()) return { isCrisis: false };
  const [model, moderation] = await Promise.all([layers.model?.(query), layers.moderation?.(query)]);
  if (model?.tier === 'crisis') return { isCrisis: true, source: 'model' };
  if (moderation) return { isCrisis: true, source: 'moderation' };
  return model?.tier === 'possible' ? { isCrisis: false, crisisLines: true } : { isCrisis: false };
}
