import type { SessionType } from '@hhp/proto/catalogue/plans';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAvailabilityQuery } from '../api';
import type { IsoDay } from './calendar';

/**
 * A plan's slots on the chosen day (GET /api/availability), read again each time the day is chosen: never
 * another day's answer (RTK Query's currentData), nothing before a day is chosen, and the chosen slot only while
 * it is still free.
 */
export function useDaySlots(type: SessionType, date: IsoDay | null, chosen: string | null) {
  const query = useAvailabilityQuery(date ? { type, date } : skipToken, { refetchOnMountOrArgChange: true });
  const answer = date ? query.currentData : undefined;
  return {
    answer,
    slot: answer?.slots.find((candidate) => candidate.startsAt === chosen && candidate.available) ?? null,
    loading: query.isFetching && !answer,
    error: query.error,
    retry: () => void query.refetch(),
  };
}

export type DaySlots = ReturnType<typeof useDaySlots>;
