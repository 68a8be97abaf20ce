export * from './practitioner.js';
export * from './plans.js';
export * from './quota.js';
export * from './crisis.js';
export * from './modalities.js';
export * from './symptom-categories.js';
export * from './conditions.js';
