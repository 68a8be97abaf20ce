// Written by scripts/choose-threshold.mjs from the validation split; do not edit by hand.
export const THRESHOLDS = { en: 0.0335, es: 0.0061 };
/** The middle band's lower edge ("possibly at risk": the answer, and the crisis lines with it). */
export const POSSIBLE_THRESHOLDS = { en: -0.0951, es: -0.0143 };
