import { CONDITION_NAMES, CONDITION_SLUGS, conditionPath } from '@hhp/proto/catalogue/condition-names';
import { texts } from './texts';

export interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (Home would otherwise be active everywhere). */
  end?: boolean;
}

export const MAIN_LINKS: NavItem[] = [
  { to: '/', label: texts.home, end: true },
  { to: '/symptoms', label: texts.symptoms },
  { to: '/treatments', label: texts.treatments },
  { to: '/videos', label: texts.videos },
];

// The names alone, not the pages' texts: the navigation is part of every first download.
export const CONDITION_LINKS: NavItem[] = CONDITION_SLUGS.map((slug) => ({
  to: conditionPath(slug),
  label: CONDITION_NAMES[slug],
}));

export const ACTION_LINKS = {
  book: { to: '/book', label: texts.bookSession },
  subscribe: { to: '/subscribe', label: texts.subscribe },
} satisfies Record<string, NavItem>;
