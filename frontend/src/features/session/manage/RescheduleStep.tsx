import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Surface } from '../../../shared/ui/Surface';
import { closedReason, todayIn, type IsoDay } from '../../../shared/payments/slots/calendar';
import { DateCalendar } from '../../../shared/payments/slots/DateCalendar';
import { SlotPicker } from '../../../shared/payments/slots/SlotPicker';
import { useDaySlots } from '../../../shared/payments/slots/use-day-slots';
import { texts } from '../../../shared/payments/texts';
import { formatSession, visitorTimeZone } from '../../../shared/payments/ui/time';
import bookingStyles from '../../../shared/payments/slots/booking.module.css';
import styles from '../../../shared/payments/ui/payments.module.css';
import { useRescheduleSessionMutation } from './api';
import type { ManageStepProps } from './manage-step';
import { isConflict, refusal } from './manage-view';
import { manageTexts as t } from './texts';

interface Props extends ManageStepProps {
  onMoved: () => void;
}

/**
 * Another free slot of the same plan: /book's calendar and slot list, then one confirmation. A slot lost to
 * another visitor in the meantime is said so, and the list is read again (the mutation invalidates it).
 */
export function RescheduleStep({ session, link, headingRef, onMoved, onRefused, onBack }: Props) {
  const zone = session.timeZone;
  const today = todayIn(zone);
  // The booked day first: a visitor usually moves a session by hours, not weeks. It was open when it was booked
  // (an extra day the practice opened, too), so only a day past or beyond the horizon is not offered; the day's
  // slots say whether it still has any.
  const [date, setDate] = useState<IsoDay | null>(() => {
    const booked = todayIn(zone, new Date(session.scheduledAt));
    const reason = closedReason(booked, session.type, today);
    return reason === 'past' || reason === 'beyond' ? null : booked;
  });
  const [slotStart, setSlotStart] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [visitorZone] = useState(visitorTimeZone);
  const ids = { title: useId(), date: useId(), time: useId() };
  const timeHeadingRef = useRef<HTMLHeadingElement>(null);

  const day = useDaySlots(session.type, date, slotStart);
  const slot = day.slot;
  const [reschedule, { isLoading }] = useRescheduleSessionMutation();

  const chooseDate = (day: IsoDay) => {
    if (day !== date) setSlotStart(null);
    setDate(day);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!slot || isLoading) return;
    setProblem(null);
    try {
      await reschedule({ ...link, scheduledAt: slot.startsAt }).unwrap();
      onMoved();
    } catch (error) {
      setProblem(refusal(error));
      if (isConflict(error)) {
        setSlotStart(null);
        onRefused();
      }
      timeHeadingRef.current?.focus();
    }
  };

  const newWhen = slot && formatSession(slot.startsAt, Number(session.duration), zone);
  return (
    <Surface className={styles.card}>
      <form noValidate onSubmit={onSubmit} aria-labelledby={ids.title} className={styles.column}>
        <h2 id={ids.title} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t.rescheduleTitle}
        </h2>
        <p className={styles.muted}>{t.rescheduleNote}</p>
        <section aria-labelledby={ids.date}>
          <h3 id={ids.date} className={bookingStyles.sectionTitle}>
            {texts.booking.dateTitle}
          </h3>
          <DateCalendar type={session.type} today={today} value={date} onChange={chooseDate} labelledBy={ids.date} />
        </section>
        <SlotPicker
          date={date}
          day={day}
          value={slot?.startsAt ?? null}
          onChange={(startsAt) => {
            setProblem(null);
            setSlotStart(startsAt);
          }}
          visitorZone={visitorZone}
          headingId={ids.time}
          headingRef={timeHeadingRef}
        />
        <p className={bookingStyles.fieldError} role="alert">
          {problem}
        </p>
        <p className={styles.text} aria-live="polite">
          {newWhen ? (
            <>
              <strong>{t.newTime}:</strong> {newWhen}
            </>
          ) : (
            t.chooseSlot
          )}
        </p>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={!slot} loading={isLoading}>
            {isLoading ? t.moving : t.confirmMove}
          </Button>
          <Button onClick={onBack}>{t.back}</Button>
        </div>
      </form>
    </Surface>
  );
}
