// The verdict on one message: the shared rules at once; when they see nothing and a moderation model is
// configured, the model too. Either can raise the alarm, and a model that fails leaves the rules' verdict
// (never fails open).
import { detectCrisis } from '@hhp/crisis-rules';
import type { DetectCrisisResponse } from '@hhp/proto';
import type { Moderation } from './moderation.js';

export interface Verdict extends DetectCrisisResponse {
  source?: 'rules' | 'moderation';
  ruleId?: string;
}

export async function judge(query: string, moderation: Moderation | undefined): Promise<Verdict> {
  const rules = detectCrisis(query);
  if (rules.isCrisis) return { isCrisis: true, source: 'rules', ...(rules.ruleId ? { ruleId: rules.ruleId } : {}) };
  if (moderation && query.trim() && (await moderation(query))) return { isCrisis: true, source: 'moderation' };
  return { isCrisis: false };
}
