import type { SessionType } from '@hhp/proto/catalogue/plans';
import { useState } from 'react';
import { closedReason, todayIn, type IsoDay } from '../../shared/payments/slots/calendar';
import { useOpenDays, type GridDays } from '../../shared/payments/slots/open-days';
import { useDaySlots } from '../../shared/payments/slots/use-day-slots';
import { visitorTimeZone } from '../../shared/payments/ui/time';

/**
 * Whether a chosen day is no longer chosen: the plan is closed on it (another plan chosen, a draft's day gone by),
 * once the practice's days are known or cannot be had; not while they load, so an extra day is not dropped meanwhile.
 */
export function dropsChosenDay(
  date: IsoDay | null,
  type: SessionType,
  today: IsoDay,
  openDays: Pick<GridDays, 'days' | 'loading'>,
): boolean {
  return !!date && !openDays.loading && closedReason(date, type, today, openDays.days) !== null;
}

/**
 * The plan, the day and the slot a visitor has chosen on /book, kept true to the practice's answers: "today" is
 * the practice's (its time zone, from its answers), a chosen day the plan is closed on is dropped, and a chosen
 * slot that the latest answer shows as taken is no longer chosen. The slot list is asked for again whenever the
 * plan or the day changes.
 */
export function useSlotChoice(start: { type: SessionType; date: IsoDay | null; slot: string | null }) {
  const [type, setType] = useState<SessionType>(start.type);
  const [date, setDate] = useState<IsoDay | null>(start.date);
  const [slotStart, setSlotStart] = useState<string | null>(start.slot);
  const [practiceZone, setPracticeZone] = useState<string | undefined>(undefined);
  const [visitorZone] = useState(visitorTimeZone);
  const today = todayIn(practiceZone ?? visitorZone);

  // The plan's open days of the chosen day's month (the grid asks the same while it shows that month: one call).
  const openDays = useOpenDays(type, date ?? today);
  const day = useDaySlots(type, date, slotStart);
  const answerZone = day.answer?.timeZone ?? openDays.timeZone;
  if (answerZone && answerZone !== practiceZone) setPracticeZone(answerZone);
  if (dropsChosenDay(date, type, today, openDays)) {
    setDate(null);
    setSlotStart(null);
  }

  return {
    type,
    date,
    slot: day.slot,
    /** The slot as chosen (kept in the trip to checkout, even while the list is read again). */
    slotStart,
    today,
    visitorZone,
    openDays,
    day,
    choosePlan: (next: SessionType) => {
      setType(next);
      // Slots differ between plans; a day the new plan is closed on is dropped once its days are known (above).
      setSlotStart(null);
    },
    chooseDate: (day: IsoDay) => {
      if (day !== date) setSlotStart(null);
      setDate(day);
    },
    chooseSlot: setSlotStart,
    /** The chosen slot went to another visitor: none is chosen (the list read again shows it booked). */
    dropSlot: () => setSlotStart(null),
  };
}
