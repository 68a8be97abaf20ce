// The condition pages' slugs, names and paths, apart from their texts (conditions.ts): the navigation of
// every page lists them, and the frontend's first download should not carry the eight pages' content.
export const CONDITION_SLUGS = [
  'insomnia',
  'constipation-anxiety',
  'acid-reflux',
  'rashes',
  'irritability',
  'nervous-overeating',
  'weight-gain',
  'lethargy-depression',
] as const;
export type ConditionSlug = (typeof CONDITION_SLUGS)[number];

/** As the navigation lists them. */
export const CONDITION_NAMES: Record<ConditionSlug, string> = {
  insomnia: 'Insomnia',
  'constipation-anxiety': 'Constipation & Anxiety',
  'acid-reflux': 'Acid Reflux',
  rashes: 'Rashes',
  irritability: 'Irritability',
  'nervous-overeating': 'Nervous Overeating',
  'weight-gain': 'Weight Gain',
  'lethargy-depression': 'Lethargy & Depression',
};

export const conditionPath = (slug: ConditionSlug) => `/conditions/${slug}`;
