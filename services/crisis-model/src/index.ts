export {
  CrisisClassifier,
  K,
  MIN_WORDS,
  SPANISH_MAX_BACKLOG,
  type Judgement,
  type ReaderModel,
  type Thresholds,
  type Tier,
  type TieredThresholds,
} from './classifier.js';
export { CRISIS_MODEL_VERSION, CrisisModelJudge, crisisModelSettings, loadCrisisModel } from './judge.js';
export { readLabelled, trainingExamples, type Labelled, type Split } from './labelled.js';
export { segments } from './segments.js';
export { POSSIBLE_THRESHOLDS, THRESHOLDS } from './threshold.js';
