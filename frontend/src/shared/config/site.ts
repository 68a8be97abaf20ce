export const SITE_NAME = 'Holistic Health Portal';
