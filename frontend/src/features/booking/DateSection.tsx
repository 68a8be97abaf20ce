import type { SessionType } from '@hhp/proto/catalogue/plans';
import { texts } from '../../shared/payments/texts';
import type { IsoDay } from '../../shared/payments/slots/calendar';
import { DateCalendar } from '../../shared/payments/slots/DateCalendar';
import styles from '../../shared/payments/slots/booking.module.css';

const t = texts.booking;

interface Props {
  id: string;
  type: SessionType;
  today: IsoDay;
  value: IsoDay | null;
  onChange: (day: IsoDay) => void;
  /** The plan's weekdays, for the note above the grid. */
  weekdays: readonly number[];
  /** With payments off the days can be looked at, not chosen. */
  browseOnly: boolean;
}

/** "Select Date": the note on which days and how far ahead, and the month grid. */
export function DateSection({ id, type, today, value, onChange, weekdays, browseOnly }: Props) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {t.dateTitle}
      </h3>
      <p className={styles.note}>{t.calendarNote(type, weekdays)}</p>
      <DateCalendar
        type={type}
        today={today}
        value={value}
        onChange={onChange}
        labelledBy={id}
        browseOnly={browseOnly}
      />
    </section>
  );
}
