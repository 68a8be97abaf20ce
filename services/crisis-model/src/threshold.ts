// Written by scripts/choose-threshold.mjs from the validation split; do not edit by hand.
export const THRESHOLD = 0;
