import { matchesLocalCrisisKeyword } from '@hhp/proto/catalogue/crisis';
import { normalizeQuery } from '@hhp/proto/query-text';

/**
 * The browser's own check (specification, section 5: the keyword list, case-insensitive), on the text as
 * it is sent: a keyword split by an invisible character ("want to d\u200Bie") still matches.
 */
export function looksLikeCrisis(text: string): boolean {
  return matchesLocalCrisisKeyword(normalizeQuery(text));
}

/**
 * How long a message that reads as a crisis waits for its answer to begin before the crisis lines show
 * anyway. The service answers a crisis at once, without the model; only a failing call takes this long.
 */
export const CRISIS_ANSWER_WAIT_MS = 8000;
