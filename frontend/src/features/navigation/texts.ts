// Labels quoted by the specification's "Navigation bar" section, used verbatim (prices from proto's PLANS).
import { priceLabel } from '../../shared/config/prices';

export const texts = {
  home: 'Home',
  symptoms: 'Symptoms',
  treatments: 'Treatments',
  videos: 'Videos',
  conditions: 'Conditions',
  healthConditions: 'Health Conditions',
  bookSession: 'Book Session',
  subscribe: `Subscribe ${priceLabel('subscription')}/mo`,
  openMenu: 'Open menu',
  menu: 'Menu',
  primaryNav: 'Main',
} as const;
