// Labels quoted by the specification's "Navigation bar" section, used verbatim.
export const texts = {
  home: 'Home',
  symptoms: 'Symptoms',
  treatments: 'Treatments',
  videos: 'Videos',
  conditions: 'Conditions',
  healthConditions: 'Health Conditions',
  bookSession: 'Book Session',
  subscribe: 'Subscribe $19/mo',
  openMenu: 'Open menu',
  menu: 'Menu',
  primaryNav: 'Main',
} as const;
