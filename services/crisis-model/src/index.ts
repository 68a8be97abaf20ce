export { CrisisClassifier, K, MIN_WORDS, type Judgement, type Thresholds } from './classifier.js';
export { CRISIS_MODEL_VERSION, CrisisModelJudge } from './judge.js';
export { readLabelled, trainingExamples, type Labelled, type Split } from './labelled.js';
export { segments } from './segments.js';
export { THRESHOLDS } from './threshold.js';
