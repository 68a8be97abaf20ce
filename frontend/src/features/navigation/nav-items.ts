import { CONDITIONS } from '@hhp/proto/catalogue/conditions';
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

export const CONDITION_LINKS: NavItem[] = CONDITIONS.map((condition) => ({
  to: condition.path,
  label: condition.name,
}));

export const ACTION_LINKS = {
  book: { to: '/book', label: texts.bookSession },
  subscribe: { to: '/subscribe', label: texts.subscribe },
} satisfies Record<string, NavItem>;
