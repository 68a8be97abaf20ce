import { normalizeForCrisis } from './normalize.js';
import { CRISIS_RULES, DENIALS } from './rules.js';
import { languageOfNormalised, type CrisisLanguage } from './language.js';
// The browser's own keyword check (specification, section 5), used only if matching itself fails, so an
// unexpected error can never turn a crisis message into an ordinary one.
import { matchesLocalCrisisKeyword } from '@hhp/proto/catalogue/crisis';

export interface CrisisDecision {
  isCrisis: boolean;
  /** The first rule that matched; absent when the message is not a crisis. */
  ruleId?: string;
  /** The language of a crisis message ('en' unless its words are mostly Spanish): the answer's language. */
  language?: CrisisLanguage;
}

/**
 * Decides whether a message reads as a suicide or self-harm crisis. Pure, synchronous, never throws.
 * Only the first 10,000 characters are read.
 */
export function detectCrisis(text: string): CrisisDecision {
  if (typeof text !== 'string' || text.length === 0) return { isCrisis: false };
  try {
    const read = normalizeForCrisis(text);
    let normalised = read;
    for (const denial of DENIALS) normalised = normalised.replace(denial, ' ');
    normalised = normalised.replace(/ {2,}/g, ' ');
    for (const rule of CRISIS_RULES) {
      if (rule.gate && !rule.gate.test(normalised)) continue;
      if (rule.parts.some((part) => part.test(normalised))) {
        return { isCrisis: true, ruleId: rule.id, language: languageOfNormalised(read, text) };
      }
    }
    return { isCrisis: false };
  } catch {
    const visible = String(text)
      .slice(0, 10_000)
      .replace(/(?![\t\n\v\f\r])[\p{Cc}\p{Cf}]/gu, '');
    const hit = matchesLocalCrisisKeyword(visible);
    return hit ? { isCrisis: true, ruleId: 'fallback-keyword', language: 'en' } : { isCrisis: false };
  }
}
