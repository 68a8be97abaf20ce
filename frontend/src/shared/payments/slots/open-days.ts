// The day grid's knowledge of a plan's open days: the booking service's answer for the month shown (GET
// /api/availability/days), which follows the practice's rules (a day off, an extra day, a changed week). Until it
// is here, and when it cannot be had, the grid shows the catalogue's weekdays: the same cells, so nothing moves
// when the answer lands, and booking is never blocked by this call (the day's own answer has the last word).
import type { OpenDaysQuery, OpenDaysResponse } from '@hhp/proto';
import type { SessionType } from '@hhp/proto/catalogue/plans';
import { useOpenDaysQuery } from '../api';
import { addDays, addMonths, catalogueWeekdays, startOfMonth, type IsoDay, type OpenDays } from './calendar';

/** What the grid asks for a month: its first day to its last. */
export function monthQuery(type: SessionType, month: IsoDay): OpenDaysQuery {
  const from = startOfMonth(month);
  return { type, from, to: addDays(addMonths(from, 1), -1) };
}

export interface GridDays {
  /** The practice's open days of the month; undefined: the catalogue's weekdays stand in (loading, or failed). */
  days: OpenDays | undefined;
  /** The plan's week in force: the practice's when known, else the catalogue's. */
  weekdays: readonly number[];
  /** The answer is being waited for (the catalogue's week is shown meanwhile). */
  loading: boolean;
  /** The practice's time zone, when the answer gave it. */
  timeZone: string | undefined;
}

/**
 * The grid's state from RTK Query's result for `query`: only an answer to that very query counts (never another
 * month's or plan's, as `currentData` may briefly be); an error leaves the catalogue's week, and is not loading.
 */
export function gridDays(
  query: OpenDaysQuery,
  result: { currentData?: OpenDaysResponse | undefined; isError: boolean },
): GridDays {
  const answer = result.currentData;
  if (!answer || answer.type !== query.type || answer.from !== query.from || answer.to !== query.to) {
    return { days: undefined, weekdays: catalogueWeekdays(query.type), loading: !result.isError, timeZone: undefined };
  }
  return {
    days: { from: answer.from, to: answer.to, weekdays: answer.weekdays, open: new Set(answer.open) },
    weekdays: answer.weekdays,
    loading: false,
    timeZone: answer.timeZone,
  };
}

/** The plan's open days of `month`'s month, asked afresh whenever a screen shows it (a change shows at once). */
export function useOpenDays(type: SessionType, month: IsoDay): GridDays {
  const query = monthQuery(type, month);
  const result = useOpenDaysQuery(query, { refetchOnMountOrArgChange: true });
  return gridDays(query, result);
}
