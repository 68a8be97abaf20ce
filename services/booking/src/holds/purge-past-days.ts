// The seat claims of past days are forgotten: they can no longer be booked or held, and on FerretDB every
// read of a day's claims scans the whole collection, so keeping them would make availability and booking
// slower with every month of the practice's history (BENCHMARKS.md, "Booking and payments"). The booking
// documents themselves are kept; only the claims go.
import type { PeriodicTask } from '@hhp/kit';
import { practiceDate } from '../calendar/calendar.js';
import type { BookingDeps } from '../rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days kept behind today: a payment or refund of a booking of the last days still finds its seat. */
const PAST_DAYS_KEPT = 2;

export async function purgePastDays(deps: Pick<BookingDeps, 'claims' | 'rules' | 'logger'>, now = new Date()) {
  const before = practiceDate(new Date(now.getTime() - PAST_DAYS_KEPT * DAY_MS), deps.rules.timeZone);
  const purged = await deps.claims.purgeBefore(before);
  if (purged > 0) deps.logger.info({ purged, before }, 'seat claims of past days purged');
  return purged;
}

export function pastDaysPurge(deps: Pick<BookingDeps, 'claims' | 'rules' | 'logger'>, everyMs: number): PeriodicTask {
  return { name: 'purge past days', everyMs, runAtStart: true, run: () => purgePastDays(deps) };
}
