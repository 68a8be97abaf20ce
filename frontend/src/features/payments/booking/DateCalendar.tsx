import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { SessionType } from '@hhp/proto/catalogue/plans';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { texts } from '../texts';
import { formatIsoDay } from '../ui/time';
import {
  addMonthsClamped,
  closedReason,
  firstOpenDay,
  monthWeeks,
  moveFocus,
  startOfMonth,
  type IsoDay,
} from './calendar';
import styles from './calendar.module.css';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Props {
  type: SessionType;
  /** Today in the practice's calendar: earlier days are closed. */
  today: IsoDay;
  value: IsoDay | null;
  onChange: (day: IsoDay) => void;
  /** The heading that names the calendar. */
  labelledBy: string;
}

function monthTitle(day: IsoDay): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * The booking calendar: a grid of one month's days (the WAI-ARIA date grid). One day is the tab stop; the arrow
 * keys move by a day or a week, Home and End to the week's ends, Page Up and Page Down by a month; Enter or
 * Space chooses the day. Closed days stay reachable, so a keyboard user hears why they are closed.
 */
export function DateCalendar({ type, today, value, onChange, labelledBy }: Props) {
  const [focused, setFocused] = useState<IsoDay>(() => value ?? firstOpenDay(type, today));
  const gridRef = useRef<HTMLTableElement>(null);
  // Set when the keyboard moved the tab stop, so the new day takes focus once it is on screen.
  const moveFocusToDay = useRef(false);
  const monthId = useId();
  const helpId = useId();
  const earliest = startOfMonth(today);
  const shownMonth = startOfMonth(focused < earliest ? earliest : focused);

  useEffect(() => {
    if (!moveFocusToDay.current) return;
    moveFocusToDay.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const choose = (day: IsoDay) => {
    setFocused(day);
    if (closedReason(day, type, today) === null) onChange(day);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, day: IsoDay) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(day);
      return;
    }
    const next = moveFocus(day, event.key);
    if (!next) return;
    event.preventDefault();
    if (next < earliest) return;
    moveFocusToDay.current = true;
    setFocused(next);
  };

  const showMonth = (months: number) => {
    const day = addMonthsClamped(focused, months);
    setFocused(day < today ? today : day);
  };

  return (
    <div className={styles.calendar}>
      <div className={styles.head}>
        <button
          type="button"
          className={styles.navButton}
          aria-label={texts.booking.previousMonth}
          disabled={shownMonth <= earliest}
          onClick={() => showMonth(-1)}
        >
          <LeftOutlined aria-hidden />
        </button>
        <h4 id={monthId} className={styles.month} aria-live="polite">
          {monthTitle(shownMonth)}
        </h4>
        <button
          type="button"
          className={styles.navButton}
          aria-label={texts.booking.nextMonth}
          onClick={() => showMonth(1)}
        >
          <RightOutlined aria-hidden />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        className={styles.grid}
        aria-labelledby={`${labelledBy} ${monthId}`}
        aria-describedby={helpId}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" abbr={name}>
                <span aria-hidden>{name.slice(0, 2)}</span>
                <span className={styles.visuallyHidden}>{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(shownMonth).map((week, row) => (
            <tr key={`${shownMonth}-${row}`}>
              {week.map((day, column) =>
                day === null ? (
                  <td key={`empty-${column}`} role="gridcell" className={styles.empty} />
                ) : (
                  <DayCell
                    key={day}
                    day={day}
                    reason={closedReason(day, type, today)}
                    selected={day === value}
                    isToday={day === today}
                    tabStop={day === (focused < earliest ? earliest : focused)}
                    onChoose={choose}
                    onKeyDown={onKeyDown}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={helpId} className={styles.help}>
        {texts.booking.calendarHelp}
      </p>
    </div>
  );
}

interface DayProps {
  day: IsoDay;
  reason: ReturnType<typeof closedReason>;
  selected: boolean;
  isToday: boolean;
  tabStop: boolean;
  onChoose: (day: IsoDay) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, day: IsoDay) => void;
}

function DayCell({ day, reason, selected, isToday, tabStop, onChoose, onKeyDown }: DayProps) {
  const label = reason ? `${formatIsoDay(day)} (${texts.booking.closed[reason]})` : formatIsoDay(day);
  return (
    <td
      role="gridcell"
      data-day={day}
      tabIndex={tabStop ? 0 : -1}
      aria-selected={selected}
      aria-disabled={reason !== null || undefined}
      aria-current={isToday ? 'date' : undefined}
      className={isToday ? `${styles.day} ${styles.today}` : styles.day}
      onClick={() => onChoose(day)}
      onKeyDown={(event) => onKeyDown(event, day)}
    >
      <span aria-hidden>{Number(day.slice(8))}</span>
      <span className={styles.visuallyHidden}>{label}</span>
    </td>
  );
}
