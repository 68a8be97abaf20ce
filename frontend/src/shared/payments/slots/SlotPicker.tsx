import type { Ref } from 'react';
import { errorSentence } from '../../api/error-message';
import { Button } from '../../ui/Button';
import { texts } from '../texts';
import { formatTime, zoneLabel } from '../ui/time';
import styles from './booking.module.css';
import type { DaySlots } from './use-day-slots';

interface Props {
  date: string | null;
  /** The chosen day's answer, or that it is being read or could not be (useDaySlots). */
  day: DaySlots;
  /** The chosen slot's `startsAt`. */
  value: string | null;
  onChange: (startsAt: string) => void;
  /** The visitor's own time zone: each slot also shows its time there when it differs from the practice's. */
  visitorZone: string | undefined;
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The day's slots as radio buttons; taken ones are shown and cannot be chosen. */
export function SlotPicker({ headingId, headingRef, ...content }: Props) {
  return (
    <fieldset className={styles.fieldset} aria-labelledby={headingId} aria-busy={content.day.loading}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {texts.booking.timeTitle}
      </h3>
      <SlotContent {...content} />
    </fieldset>
  );
}

function SlotContent({ date, day, value, onChange, visitorZone }: Omit<Props, 'headingId' | 'headingRef'>) {
  const { answer: availability, loading, error } = day;
  if (!date) return <p className={styles.status}>{texts.booking.pickDate}</p>;
  if (error !== undefined && !loading) {
    return (
      <div role="alert">
        <p className={styles.status}>
          {texts.booking.timesError} {errorSentence(error)}
        </p>
        <Button onClick={day.retry}>{texts.booking.retry}</Button>
      </div>
    );
  }
  if (!availability) {
    return (
      <p className={styles.status} role="status">
        {texts.booking.loadingTimes}
      </p>
    );
  }
  const zone = availability.timeZone;
  const zoneNote = (
    <p className={styles.note}>{texts.booking.timeZone(zoneLabel(zone, `${availability.date}T12:00:00Z`))}</p>
  );
  if (!availability.open || availability.slots.length === 0) {
    return (
      <>
        {zoneNote}
        <p className={styles.status} role="status">
          {texts.booking.dayClosed}
        </p>
      </>
    );
  }
  const showVisitorTime = visitorZone !== undefined && visitorZone !== zone;
  const allTaken = availability.slots.every((slot) => !slot.available);
  return (
    <>
      {zoneNote}
      <ul className={styles.slotGrid}>
        {availability.slots.map((slot) => {
          const chosen = slot.startsAt === value && slot.available;
          const className = [styles.slot, chosen && styles.slotChosen, !slot.available && styles.slotTaken]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={slot.startsAt}>
              <label className={className}>
                <input
                  type="radio"
                  name="slot"
                  value={slot.startsAt}
                  checked={chosen}
                  disabled={!slot.available}
                  onChange={() => onChange(slot.startsAt)}
                />
                <span className={styles.slotText}>
                  <span className={styles.slotTime}>
                    {slot.time} – {slot.endTime}
                  </span>
                  {!slot.available && <span className={styles.slotExtra}>{texts.booking.booked}</span>}
                  {slot.available && showVisitorTime && (
                    <span className={styles.slotExtra}>
                      {texts.booking.yourTime(formatTime(slot.startsAt, visitorZone))}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {allTaken && (
        <p className={styles.status} role="status">
          {texts.booking.dayFull}
        </p>
      )}
    </>
  );
}
