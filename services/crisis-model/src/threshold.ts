// Written by scripts/choose-threshold.mjs from the validation split; do not edit by hand.
export const THRESHOLDS = { en: 0.0335, es: 0.0061 };
