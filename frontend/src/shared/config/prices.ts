// Prices and durations are proto's catalogue (PLANS), never restated: the server charges what it says.
import { PLANS, type SessionType } from '@hhp/proto/catalogue/plans';

/** "$9", "$19", "$400": a plan's price as the pages' prose writes it (whole dollars without cents). */
export function priceLabel(type: SessionType): string {
  return `$${PLANS[type].price.replace(/\.00$/, '')}`;
}

/** A plan's length in minutes. */
export function durationMinutes(type: SessionType): number {
  return PLANS[type].durationMinutes;
}
