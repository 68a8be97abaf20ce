export { detectCrisis, type CrisisDecision } from './detect.js';
export { normalizeForCrisis } from './normalize.js';
export { CRISIS_RULES, RULES_VERSION, type CrisisRule } from './rules.js';
export { crisisLanguage, type CrisisLanguage } from './language.js';
