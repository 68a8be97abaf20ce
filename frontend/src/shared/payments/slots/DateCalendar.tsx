import { LeftOutlined } from '../../ui/icons/LeftOutlined';
import { RightOutlined } from '../../ui/icons/RightOutlined';
import { lastBookableDay, type SessionType } from '@hhp/proto/catalogue/plans';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { texts } from '../texts';
import { dateTimeFormat, formatIsoDay } from '../ui/time';
import {
  addMonths,
  addMonthsClamped,
  closedReason,
  firstOpenDay,
  monthWeeks,
  moveFocus,
  startOfMonth,
  type ClosedReason,
  type IsoDay,
} from './calendar';
import styles from './calendar.module.css';
import { useOpenDays } from './open-days';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Props {
  type: SessionType;
  /** Today in the practice's calendar: earlier days are closed, and so are those after the booking horizon. */
  today: IsoDay;
  value: IsoDay | null;
  onChange: (day: IsoDay) => void;
  /** The heading that names the calendar. */
  labelledBy: string;
  /** Only to look at the free times (payments off): the note says so rather than "You can book". */
  browseOnly?: boolean;
}

function monthTitle(day: IsoDay): string {
  return dateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * The booking calendar: a grid of one month's days (the WAI-ARIA date grid). One day is the tab stop; the arrow
 * keys move by a day or a week, Home and End to the week's ends, Page Up and Page Down by a month; Enter or
 * Space chooses the day. Closed days stay reachable, so a keyboard user hears why they are closed. The months shown
 * run from today's to the booking horizon's (the catalogue's), whose last day is said under the grid. The days open
 * are the practice's (asked for the month shown, open-days.ts), the catalogue's weekdays while they load or when
 * they cannot be had.
 */
export function DateCalendar({ type, today, value, onChange, labelledBy, browseOnly = false }: Props) {
  const [focused, setFocused] = useState<IsoDay>(() => value ?? firstOpenDay(type, today));
  const gridRef = useRef<HTMLTableElement>(null);
  // Set when the keyboard moved the tab stop, so the new day takes focus once it is on screen.
  const moveFocusToDay = useRef(false);
  const monthId = useId();
  const helpId = useId();
  const horizonId = useId();
  const lastDay = lastBookableDay(today);
  const earliest = startOfMonth(today);
  const latest = startOfMonth(lastDay);
  // The tab stop stays within the months shown: today's month to the horizon's.
  const within = (day: IsoDay) => (day < earliest ? earliest : day >= addMonths(latest, 1) ? lastDay : day);
  const tabStop = within(focused);
  const shownMonth = startOfMonth(tabStop);
  const open = useOpenDays(type, shownMonth);
  const reasonOf = (day: IsoDay) => closedReason(day, type, today, open.days);

  useEffect(() => {
    if (!moveFocusToDay.current) return;
    moveFocusToDay.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const choose = (day: IsoDay) => {
    setFocused(day);
    if (reasonOf(day) === null) onChange(day);
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
    if (within(next) !== next) return;
    moveFocusToDay.current = true;
    setFocused(next);
  };

  const showMonth = (months: number) => {
    const day = addMonthsClamped(tabStop, months);
    setFocused(day < today ? today : day > lastDay ? lastDay : day);
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
          disabled={shownMonth >= latest}
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
        aria-describedby={`${horizonId} ${helpId}`}
        aria-busy={open.loading}
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
                    closed={closedText(reasonOf(day), type, open.weekdays)}
                    selected={day === value}
                    isToday={day === today}
                    tabStop={day === tabStop}
                    onChoose={choose}
                    onKeyDown={onKeyDown}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={horizonId} className={styles.help}>
        {(browseOnly ? texts.booking.horizonNoteBrowse : texts.booking.horizonNote)(formatIsoDay(lastDay))}
      </p>
      <p id={helpId} className={styles.help}>
        {texts.booking.calendarHelp}
      </p>
    </div>
  );
}

interface DayProps {
  day: IsoDay;
  /** Why the day is closed, or null when it is open. */
  closed: string | null;
  selected: boolean;
  isToday: boolean;
  tabStop: boolean;
  onChoose: (day: IsoDay) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, day: IsoDay) => void;
}

function closedText(reason: ClosedReason | null, type: SessionType, weekdays: readonly number[]): string | null {
  if (reason === null) return null;
  return reason === 'weekday' ? texts.booking.closed.weekday(type, weekdays) : texts.booking.closed[reason];
}

function DayCell({ day, closed, selected, isToday, tabStop, onChoose, onKeyDown }: DayProps) {
  const label = closed ? `${formatIsoDay(day)} (${closed})` : formatIsoDay(day);
  return (
    <td
      role="gridcell"
      data-day={day}
      tabIndex={tabStop ? 0 : -1}
      aria-selected={selected}
      aria-disabled={closed !== null || undefined}
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
