export { CrisisClassifier, K, type Judgement } from './classifier.js';
export { readLabelled, type Labelled, type Split } from './labelled.js';
export { segments } from './segments.js';
export { THRESHOLD } from './threshold.js';
